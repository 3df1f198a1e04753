//! The databases of [`PiecePattern`]s, built, combined, and saved and loaded as one.

use std::path::Path;

use hashbrown::HashSet;

use super::pieces::{Combine, PatternPieces, PiecePattern, Pieces, where_is};
use super::space::{AbstractSpace, build_tracked};
use super::table::{CachedTable, Table, create_cache_dir, fnv1a};
use super::{BuildOptions, BuildReport, PatternError, PdbError, Tracker};
use crate::MoveBuffer;
use crate::permutation::rank_partial_valid;

/// A pattern database of a [`Pieces`] puzzle: one table per pattern, built from the problem's
/// own moves by [`build_table`](super::build_table) over each [`PiecePattern`], combined by [`Combine`]. Tables
/// whose distances fit four bits take four bits an entry. Cheap to clone (the tables are
/// shared).
///
/// ```
/// use informed::heuristics::pattern_database::{Combine, PatternPieces, PieceDatabase};
/// use informed::puzzles::Pancake;
/// use informed::{ida_star, SearchProblem};
///
/// let puzzle = Pancake::new(&[3u8, 0, 6, 2, 7, 1, 5, 4])?;
/// let goal = puzzle.goal_state();
/// let patterns = [PatternPieces::counted(&[0, 1, 2, 3]), PatternPieces::counted(&[4, 5, 6, 7])];
/// let pdb = PieceDatabase::build(&puzzle, &[goal], &patterns, Combine::Max)?;
/// let value = pdb.value(puzzle.pancakes(&puzzle.start()));
/// assert!(value <= ida_star(&puzzle).solution().unwrap().cost);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PieceDatabase {
    positions: usize,
    patterns: Vec<Tabled>,
    combine: Combine,
}

/// The kind of a piece database's table in its file's header.
const KIND: &str = "pieces";

impl PieceDatabase {
    /// Builds a table per pattern, in memory. With [`Combine::Sum`], first checks on the
    /// states near the goals (up to 4,096, breadth-first) that no move moves counted pieces of
    /// two patterns.
    pub fn build<P: Pieces>(
        problem: &P,
        goals: &[P::State],
        patterns: &[PatternPieces<'_>],
        combine: Combine,
    ) -> Result<Self, PdbError> {
        let options = BuildOptions::new();
        Self::build_with(problem, goals, patterns, combine, "", &options).map(|(db, _)| db)
    }

    /// [`build`](Self::build), each table kept in `cache_dir` ([`BuildOptions::cache_dir`])
    /// under `name`, which must tell the puzzle's move sets apart (`"topspin-12-4"`): the file
    /// is trusted for any problem given the same name, goals and pattern.
    pub fn load_or_build<P: Pieces>(
        problem: &P,
        goals: &[P::State],
        patterns: &[PatternPieces<'_>],
        combine: Combine,
        name: &str,
        cache_dir: &Path,
    ) -> Result<(Self, BuildReport), PdbError> {
        let options = BuildOptions::new().cache_dir(cache_dir);
        Self::build_with(problem, goals, patterns, combine, name, &options)
    }

    /// [`build`](Self::build) with options: a cache directory, where the tables are kept under
    /// `name` as in [`load_or_build`](Self::load_or_build), and an observer of the build's
    /// progress.
    pub fn build_with<P: Pieces>(
        problem: &P,
        goals: &[P::State],
        patterns: &[PatternPieces<'_>],
        combine: Combine,
        name: &str,
        options: &BuildOptions<'_>,
    ) -> Result<(Self, BuildReport), PdbError> {
        if patterns.is_empty() {
            return Err(PdbError::InvalidPattern(PatternError::NoPattern));
        }
        let spaces = patterns
            .iter()
            .map(|&pattern| PiecePattern::new(problem, goals, pattern))
            .collect::<Result<Vec<_>, _>>()?;
        if combine == Combine::Sum {
            check_additive(problem, goals, patterns)?;
        }
        if let Some(dir) = options.cache_dir {
            create_cache_dir(dir)?;
        }
        let sizes = spaces
            .iter()
            .map(|space| (space.blocks() as u64).saturating_mul(space.slots() as u64))
            .collect();
        let tracker = Tracker::new(options.observer, sizes);
        let mut report = BuildReport::default();
        let mut tabled = Vec::with_capacity(spaces.len());
        for (index, space) in spaces.iter().enumerate() {
            let file = options.cache_dir.map(|dir| {
                let key = key(problem, goals, name, space);
                CachedTable {
                    path: dir.join(format!("pdb-{}-{:016x}.bin", sanitized(name), fnv1a(&key))),
                    kind: KIND,
                    key,
                }
            });
            let table =
                tracker.load_or_build(index, file.as_ref(), space.blocks, &mut report, || {
                    Table::new(build_tracked(space, &tracker, index)?, None)
                })?;
            tabled.push(Tabled {
                counted: space.counted.clone(),
                table,
            });
        }
        let database = PieceDatabase {
            positions: problem.positions(),
            patterns: tabled,
            combine,
        };
        report.bytes = database.memory_bytes();
        Ok((database, report))
    }

    /// The heuristic value of an arrangement (the piece at each position): the patterns'
    /// entries combined. 0 for an arrangement of another length or not a permutation.
    #[inline]
    pub fn value(&self, pieces: &[u8]) -> u32 {
        if pieces.len() != self.positions {
            return 0;
        }
        let Some(position) = where_is(pieces) else {
            return 0;
        };
        let mut at = [0u8; 64];
        let mut total = 0u32;
        for pattern in &self.patterns {
            for (slot, &piece) in at.iter_mut().zip(&pattern.counted) {
                *slot = position[usize::from(piece)];
            }
            let entry = pattern.entry(&at[..pattern.counted.len()], self.positions);
            total = match self.combine {
                Combine::Max => total.max(entry),
                Combine::Sum => total + entry,
            };
        }
        total
    }

    /// The entry of pattern number `pattern` (in the order given) whose counted pieces are at
    /// `positions` (in the pattern's order), or 0 if there is no such pattern or a position
    /// is out of range: for lookups a puzzle works out itself (under a symmetry, say). The
    /// positions must be distinct; repeated ones give some entry (this is not checked).
    #[inline]
    pub fn entry(&self, pattern: usize, positions: &[u8]) -> u32 {
        let Some(tabled) = self.patterns.get(pattern) else {
            return 0;
        };
        if positions.len() != tabled.counted.len()
            || positions
                .iter()
                .any(|&at| usize::from(at) >= self.positions)
        {
            return 0;
        }
        // Repeated positions rank past the table or onto another entry: a wrong value, never
        // a panic.
        tabled.entry(positions, self.positions)
    }

    /// The counted pieces of each pattern, in the order given.
    pub fn patterns(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.patterns.iter().map(|p| &p.counted[..])
    }

    /// The number of positions of the puzzle the database was built for.
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// Each pattern's table, in the order given.
    pub fn tables(&self) -> impl Iterator<Item = &Table> + '_ {
        self.patterns.iter().map(|p| &p.table)
    }

    /// How the patterns combine.
    pub fn combine(&self) -> Combine {
        self.combine
    }

    /// The bytes taken by the tables.
    pub fn memory_bytes(&self) -> usize {
        self.patterns.iter().map(|p| p.table.memory_bytes()).sum()
    }
}

/// What a table's file header names: the name, the positions, the goals' arrangements, the
/// pattern's counted and free pieces.
fn key<P: Pieces>(
    problem: &P,
    goals: &[P::State],
    name: &str,
    space: &PiecePattern<'_, P>,
) -> Vec<u8> {
    let mut key = Vec::new();
    key.extend_from_slice(&(name.len() as u32).to_le_bytes());
    key.extend_from_slice(name.as_bytes());
    key.extend_from_slice(&(space.positions as u32).to_le_bytes());
    let mut pieces = vec![0u8; space.positions];
    key.extend_from_slice(&(goals.len() as u32).to_le_bytes());
    for goal in goals {
        problem.read_pieces(goal, &mut pieces);
        key.extend_from_slice(&pieces);
    }
    for list in [&space.counted, &space.free] {
        key.extend_from_slice(&(list.len() as u32).to_le_bytes());
        key.extend_from_slice(list);
    }
    key
}

/// A name as it may stand in a file name: letters, digits, `-` and `_`, at most 40.
fn sanitized(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .take(40)
        .collect()
}

/// Checks, over the states nearest the goals (breadth-first, up to 4,096), that no move
/// moves counted pieces of two patterns: what makes their sum admissible.
fn check_additive<P: Pieces>(
    problem: &P,
    goals: &[P::State],
    patterns: &[PatternPieces<'_>],
) -> Result<(), PdbError> {
    const SAMPLE: usize = 4096;
    let n = problem.positions();
    let mut seen: HashSet<P::State> = HashSet::new();
    let mut queue: std::collections::VecDeque<P::State> = goals.iter().cloned().collect();
    let (mut before, mut after) = (vec![0u8; n], vec![0u8; n]);
    let mut moves = MoveBuffer::new();
    while let Some(state) = queue.pop_front() {
        if seen.len() >= SAMPLE {
            break;
        }
        if !seen.insert(state.clone()) {
            continue;
        }
        problem.read_pieces(&state, &mut before);
        let was_at = where_is(&before);
        moves.clear();
        problem.moves(&state, &mut moves);
        for &(mv, _) in &moves {
            let mut child = state.clone();
            problem.apply(&mut child, mv);
            problem.read_pieces(&child, &mut after);
            let is_at = where_is(&after);
            let moved: Vec<usize> = patterns
                .iter()
                .enumerate()
                .filter(|(_, pattern)| {
                    pattern.counted.iter().any(|&piece| {
                        let at = |position: &Option<[u8; 64]>| {
                            position.map(|p| p[usize::from(piece) % 64])
                        };
                        at(&was_at) != at(&is_at)
                    })
                })
                .map(|(index, _)| index)
                .collect();
            if let [first, second, ..] = moved[..] {
                return Err(PdbError::InvalidPattern(PatternError::NotAdditive {
                    first: first + 1,
                    second: second + 1,
                }));
            }
            if !seen.contains(&child) {
                queue.push_back(child);
            }
        }
    }
    Ok(())
}

/// One pattern of a [`PieceDatabase`]: its counted pieces and its table.
#[derive(Clone, Debug)]
struct Tabled {
    counted: Vec<u8>,
    table: Table,
}

impl Tabled {
    /// The entry with the counted pieces at these positions, on a puzzle of `n`.
    #[inline]
    fn entry(&self, positions: &[u8], n: usize) -> u32 {
        u32::from(self.table.get(rank_partial_valid(positions, n) as usize))
    }
}
