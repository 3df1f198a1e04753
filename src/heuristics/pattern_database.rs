//! Additive disjoint pattern databases for sliding-tile puzzles of any size, goal and partition
//! of the tiles (Korf and Felner, 2002), with reflection about the main diagonal, saved to and
//! loaded from a cache directory.

use core::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::TileHeuristic;
use crate::permutation::{partial_count, rank_partial_valid, unrank_partial};

/// The partition of the 15-puzzle's tiles into three patterns of five (goal `0 1 … 15`).
pub const PARTITION_555: [&[u8]; 3] = [&[1, 4, 5, 8, 12], &[2, 3, 6, 7, 11], &[9, 10, 13, 14, 15]];
/// The partition of the 15-puzzle's tiles into patterns of six, six and three.
pub const PARTITION_663: [&[u8]; 3] = [&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];
/// The partition of the 15-puzzle's tiles into patterns of seven and eight. Its 8-tile table
/// has 518,918,400 entries: building it takes minutes and gigabytes.
pub const PARTITION_78: [&[u8]; 2] = [&[1, 4, 5, 8, 9, 12, 13], &[2, 3, 6, 7, 10, 11, 14, 15]];

const MAGIC: &[u8; 13] = b"informed-pdb\n";
/// Version 2: the checksum reads eight bytes at a time.
const VERSION: u32 = 2;
const UNSEEN: u8 = u8::MAX;

/// The most the tables of [`PatternDatabase`]'s default database (its
/// [`TileHeuristic::new`]) may take: 64 MiB.
pub const QUICK_BYTES: u128 = 64 << 20;

/// Why a pattern database could not be built, saved or loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum PdbError {
    /// The partition is not a set of disjoint, non-empty groups of tiles of the board (the
    /// blank, 0, is never part of a pattern).
    InvalidPartition(String),
    /// Reflection was asked for, but the board is not square or the goal is not symmetric
    /// about the main diagonal.
    NotReflectable,
    /// A pattern's table would not fit in memory (more than 2^32 abstract states).
    TooLarge {
        /// The tiles of the pattern.
        tiles: Vec<u8>,
    },
    /// A file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: io::Error,
    },
    /// A file is not a pattern database for this board, goal and pattern, or it is damaged.
    BadFile {
        /// The file.
        path: PathBuf,
        /// What does not match.
        reason: &'static str,
    },
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidPartition(reason) => write!(f, "invalid partition: {reason}"),
            Self::NotReflectable => f.write_str(
                "reflection needs a square board whose goal is symmetric about the main diagonal",
            ),
            Self::TooLarge { tiles } => {
                write!(
                    f,
                    "the pattern {tiles:?} has too many abstract states to tabulate"
                )
            }
            Self::Io { path, error } => write!(f, "{}: {error}", path.display()),
            Self::BadFile { path, reason } => write!(f, "{}: {reason}", path.display()),
        }
    }
}

impl std::error::Error for PdbError {}

/// One pattern: its tiles and the fewest moves of those tiles that bring them home, from every
/// placement of them on the board.
#[derive(Clone)]
struct Pattern {
    tiles: Vec<u8>,
    /// Indexed by the rank of the tiles' cells (see [`rank_partial`](crate::permutation::rank_partial)).
    table: Arc<[u8]>,
}

impl Pattern {
    /// The table entry with the pattern's tiles at the cells `cell_of` gives, on a board of
    /// `n` cells: the partial-permutation rank of those cells, computed on the fly.
    #[inline]
    fn value(&self, n: usize, cell_of: impl Fn(u8) -> u8) -> u32 {
        let mut used = 0u64;
        let mut rank = 0u64;
        for (i, &tile) in self.tiles.iter().enumerate() {
            let cell = cell_of(tile);
            let below = (used & ((1u64 << cell) - 1)).count_ones();
            rank = rank * (n - i) as u64 + u64::from(cell) - u64::from(below);
            used |= 1 << cell;
        }
        self.table
            .get(rank as usize)
            .map_or(0, |&moves| u32::from(moves))
    }
}

/// How the board maps onto its mirror image about the main diagonal.
#[derive(Clone)]
struct Reflection<const N: usize> {
    /// The cell each cell mirrors to.
    cell: [u8; N],
    /// The tile each tile mirrors to: the tile whose goal cell mirrors its goal cell.
    tile: [u8; N],
}

/// An additive pattern database over a disjoint partition of the tiles, optionally with the
/// maximum of the direct lookup and the lookup of the board reflected about the main diagonal.
///
/// Each pattern's table holds, for every placement of its tiles, the fewest moves *of those
/// tiles* that bring them to their goal cells, found by a breadth-first search backwards from
/// the goal in which the blank moves freely among the other tiles. A move moves one tile,
/// counted by one pattern only, so the sum over the patterns is admissible. Entries take one
/// byte. The tables are shared between clones, so puzzles built from one database share its
/// memory.
///
/// ```no_run
/// use informed::heuristics::pattern_database::{PatternDatabase, PARTITION_663};
/// use informed::puzzles::{sliding_tile, SlidingPuzzle};
/// use informed::ida_star;
///
/// let goal = sliding_tile::blank_first::<16>();
/// let cache = std::env::temp_dir().join("informed-pdb");
/// let (pdb, report) = PatternDatabase::load_or_build(4, 4, &goal, &PARTITION_663, true, &cache)?;
/// eprintln!("{report}");
/// let puzzle = SlidingPuzzle::with_heuristic(4, 4,
///     &[14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3], &goal, pdb)?;
/// assert_eq!(ida_star(&puzzle).solution().map(|s| s.cost), Some(57));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Reference: R. E. Korf, A. Felner, "Disjoint pattern database heuristics", *Artificial
/// Intelligence* 134 (2002) 9–22.
#[derive(Clone)]
pub struct PatternDatabase<const N: usize> {
    width: usize,
    height: usize,
    goal: [u8; N],
    patterns: Vec<Pattern>,
    /// The pattern of each tile, or `usize::MAX` for the blank and tiles in no pattern.
    pattern_of: [usize; N],
    reflection: Option<Reflection<N>>,
}

impl<const N: usize> fmt::Debug for PatternDatabase<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles: Vec<&[u8]> = self.patterns.iter().map(|p| p.tiles.as_slice()).collect();
        f.debug_struct("PatternDatabase")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("patterns", &tiles)
            .field("reflection", &self.reflection.is_some())
            .field("bytes", &self.memory_bytes())
            .finish_non_exhaustive()
    }
}

/// What [`PatternDatabase::load_or_build`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildReport {
    /// Patterns read from the cache.
    pub loaded: usize,
    /// Patterns built (missing, damaged or mismatched in the cache).
    pub built: usize,
    /// Time spent building.
    pub build_time: Duration,
    /// Time spent reading and writing files.
    pub io_time: Duration,
    /// Bytes of the tables.
    pub bytes: usize,
    /// Cache files that were present but rejected, with the reason.
    pub rejected: Vec<String>,
}

impl fmt::Display for BuildReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pattern database: {} loaded, {} built in {:.2} s, {:.2} s of file I/O, {:.1} MB",
            self.loaded,
            self.built,
            self.build_time.as_secs_f64(),
            self.io_time.as_secs_f64(),
            self.bytes as f64 / 1e6
        )?;
        for rejected in &self.rejected {
            write!(f, "; rejected {rejected}")?;
        }
        Ok(())
    }
}

impl<const N: usize> PatternDatabase<N> {
    /// Builds the database of a `width` × `height` board with this goal (a permutation of
    /// `0..N`, 0 for the blank) for the given partition of tiles, in memory.
    pub fn build(
        width: usize,
        height: usize,
        goal: &[u8; N],
        partition: &[&[u8]],
        reflect: bool,
    ) -> Result<Self, PdbError> {
        let mut database = Self::empty(width, height, goal, partition, reflect)?;
        for pattern in &mut database.patterns {
            pattern.table = build_table(width, height, goal, &pattern.tiles)?.into();
        }
        Ok(database)
    }

    /// Like [`build`](Self::build), but reads each pattern's table from `cache_dir` when a
    /// valid file for this board, goal and pattern is there, and otherwise builds it and
    /// writes the file (creating the directory). A file that is damaged or made for something
    /// else is never trusted: it is rebuilt and replaced, and named in the report.
    pub fn load_or_build(
        width: usize,
        height: usize,
        goal: &[u8; N],
        partition: &[&[u8]],
        reflect: bool,
        cache_dir: &Path,
    ) -> Result<(Self, BuildReport), PdbError> {
        let mut database = Self::empty(width, height, goal, partition, reflect)?;
        let mut report = BuildReport::default();
        let io_error = |path: &Path| {
            let path = path.to_path_buf();
            move |error| PdbError::Io { path, error }
        };
        std::fs::create_dir_all(cache_dir).map_err(io_error(cache_dir))?;
        for pattern in &mut database.patterns {
            let path = cache_dir.join(file_name(width, height, goal, &pattern.tiles));
            let started = Instant::now();
            let expected = partial_count(N, pattern.tiles.len()).unwrap_or(0);
            match read_table(&path, width, height, goal, &pattern.tiles, expected) {
                Ok(table) => {
                    report.io_time += started.elapsed();
                    report.loaded += 1;
                    pattern.table = table.into();
                    continue;
                }
                Err(PdbError::Io { error, .. }) if error.kind() == io::ErrorKind::NotFound => {}
                Err(rejected) => report.rejected.push(rejected.to_string()),
            }
            let started = Instant::now();
            let table = build_table(width, height, goal, &pattern.tiles)?;
            report.build_time += started.elapsed();
            report.built += 1;
            let started = Instant::now();
            write_table(&path, width, height, goal, &pattern.tiles, &table)?;
            report.io_time += started.elapsed();
            pattern.table = table.into();
        }
        report.bytes = database.memory_bytes();
        Ok((database, report))
    }

    /// Checks the partition and sets up everything but the tables.
    fn empty(
        width: usize,
        height: usize,
        goal: &[u8; N],
        partition: &[&[u8]],
        reflect: bool,
    ) -> Result<Self, PdbError> {
        let invalid = |reason: String| Err(PdbError::InvalidPartition(reason));
        if width.checked_mul(height) != Some(N) || N > 64 || width == 0 {
            return invalid(format!(
                "a {width} x {height} board does not have {N} cells (at most 64)"
            ));
        }
        let mut goal_seen = [false; N];
        for &tile in goal {
            match goal_seen.get_mut(tile as usize) {
                Some(seen) if !*seen => *seen = true,
                _ => return invalid("the goal is not a permutation of the tiles".to_string()),
            }
        }
        let mut pattern_of = [usize::MAX; N];
        for (index, tiles) in partition.iter().enumerate() {
            if tiles.is_empty() {
                return invalid(format!("pattern {} is empty", index + 1));
            }
            for &tile in *tiles {
                if tile == 0 || tile as usize >= N {
                    return invalid(format!(
                        "tile {tile} is not a tile of the board (1 to {})",
                        N - 1
                    ));
                }
                if pattern_of[tile as usize] != usize::MAX {
                    return invalid(format!("tile {tile} is in two patterns"));
                }
                pattern_of[tile as usize] = index;
            }
            if partial_count(N, tiles.len()).is_none_or(|count| usize::try_from(count).is_err()) {
                return Err(PdbError::TooLarge {
                    tiles: tiles.to_vec(),
                });
            }
        }
        let reflection = if reflect {
            Some(reflection(width, height, goal).ok_or(PdbError::NotReflectable)?)
        } else {
            None
        };
        Ok(PatternDatabase {
            width,
            height,
            goal: *goal,
            patterns: partition
                .iter()
                .map(|tiles| Pattern {
                    tiles: tiles.to_vec(),
                    table: Arc::from(Vec::new()),
                })
                .collect(),
            pattern_of,
            reflection,
        })
    }

    /// The bytes taken by the tables.
    pub fn memory_bytes(&self) -> usize {
        self.patterns.iter().map(|p| p.table.len()).sum()
    }

    /// The table of each pattern, in the partition's order: one byte per placement of the
    /// pattern's tiles, indexed by the [`rank_partial`](crate::permutation::rank_partial) of
    /// their cells.
    pub fn tables(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.patterns.iter().map(|p| &p.table[..])
    }

    /// Whether lookups take the maximum with the reflected board.
    pub fn reflects(&self) -> bool {
        self.reflection.is_some()
    }

    /// The cell of every tile.
    #[inline]
    fn cells_of(tiles: &[u8; N]) -> [u8; N] {
        let mut cell_of = [0u8; N];
        for (cell, &tile) in tiles.iter().enumerate() {
            cell_of[tile as usize] = cell as u8;
        }
        cell_of
    }

    /// Whether each pattern's value is kept in the board (one byte each, the direct values in
    /// the low four bytes and the reflected ones in the high four), which spares looking up
    /// the value before a move. With more than four patterns only the two sums are kept.
    #[inline]
    fn keeps_each(&self) -> bool {
        self.patterns.len() <= 4
    }

    /// What is kept after `tile` left cell `from`, given what was kept before; `cell_of` has
    /// every tile where it is after the move.
    #[inline]
    fn change(&self, kept: u64, cell_of: &[u8; N], tile: u8, from: usize) -> u64 {
        let mut kept = kept;
        let direct = self.pattern_of[tile as usize];
        if let Some(pattern) = self.patterns.get(direct) {
            let now = u64::from(pattern.value(N, |t| cell_of[t as usize]));
            kept = if self.keeps_each() {
                let shift = 8 * direct;
                (kept & !(0xFF << shift)) | now << shift
            } else {
                let then = pattern.value(N, |t| {
                    if t == tile {
                        from as u8
                    } else {
                        cell_of[t as usize]
                    }
                });
                kept + now - u64::from(then)
            };
        }
        if let Some(reflection) = &self.reflection {
            let mirrored = reflection.tile[tile as usize];
            let reflected = self.pattern_of[mirrored as usize];
            if let Some(pattern) = self.patterns.get(reflected) {
                // In the mirror image, tile t sits where its mirror tile sits, mirrored (the
                // mirror of the mirror is the tile itself).
                let mirror_cell =
                    |t: u8| reflection.cell[cell_of[reflection.tile[t as usize] as usize] as usize];
                let now = u64::from(pattern.value(N, mirror_cell));
                kept = if self.keeps_each() {
                    let shift = 32 + 8 * reflected;
                    (kept & !(0xFF << shift)) | now << shift
                } else {
                    let then = pattern.value(N, |t| {
                        if t == mirrored {
                            reflection.cell[from]
                        } else {
                            mirror_cell(t)
                        }
                    });
                    kept + (now << 32) - (u64::from(then) << 32)
                };
            }
        }
        kept
    }
}

impl<const N: usize> TileHeuristic<N> for PatternDatabase<N> {
    /// A quick database: patterns of consecutive tiles in goal order, as large (up to four
    /// tiles) as keeps all the tables within [`QUICK_BYTES`] (64 MiB), with reflection where
    /// the goal allows it. Stronger databases come from [`build`](PatternDatabase::build) or
    /// [`load_or_build`](PatternDatabase::load_or_build) and
    /// [`SlidingPuzzle::with_heuristic`](crate::puzzles::SlidingPuzzle::with_heuristic).
    ///
    /// On a board it cannot serve (more than 64 cells), a database with no patterns, whose
    /// value is zero; [`try_new`](TileHeuristic::try_new), which
    /// [`SlidingPuzzle::new`](crate::puzzles::SlidingPuzzle::new) uses, refuses it instead.
    fn new(width: usize, height: usize, goal: &[u8; N]) -> Self {
        Self::try_new(width, height, goal).unwrap_or_else(|_| PatternDatabase {
            width,
            height,
            goal: *goal,
            patterns: Vec::new(),
            pattern_of: [usize::MAX; N],
            reflection: None,
        })
    }

    fn try_new(width: usize, height: usize, goal: &[u8; N]) -> Result<Self, String> {
        let tiles: Vec<u8> = goal.iter().copied().filter(|&t| t != 0).collect();
        let reflect = reflection(width, height, goal).is_some();
        // The largest group size whose tables (a byte per placement and free cell) fit.
        let bytes = |size: usize| -> Option<u128> {
            let groups = tiles.len().div_ceil(size) as u128;
            let free = (N.saturating_sub(size)) as u128;
            Some(groups * u128::from(partial_count(N, size)?) * free)
        };
        let size = (1..=4.min(tiles.len().max(1)))
            .rev()
            .find(|&size| bytes(size).is_some_and(|b| b <= QUICK_BYTES))
            .ok_or_else(|| {
                format!(
                    "a pattern database of single tiles on {N} cells takes {} bytes, over the \
                     {QUICK_BYTES} the default database may take",
                    bytes(1).map_or_else(|| "too many".to_string(), |b| b.to_string())
                )
            })?;
        let groups: Vec<&[u8]> = tiles.chunks(size).collect();
        Self::build(width, height, goal, &groups, reflect).map_err(|error| error.to_string())
    }

    fn evaluate(&self, tiles: &[u8; N]) -> u64 {
        let cell_of = Self::cells_of(tiles);
        let mut kept = 0u64;
        for (index, pattern) in self.patterns.iter().enumerate() {
            let direct = u64::from(pattern.value(N, |t| cell_of[t as usize]));
            let reflected = self.reflection.as_ref().map_or(0, |reflection| {
                u64::from(pattern.value(N, |t| {
                    reflection.cell[cell_of[reflection.tile[t as usize] as usize] as usize]
                }))
            });
            kept += if self.keeps_each() {
                direct << (8 * index) | reflected << (32 + 8 * index)
            } else {
                direct | reflected << 32
            };
        }
        kept
    }

    #[inline]
    fn value(&self, kept: u64) -> u32 {
        let (direct, reflected) = if self.keeps_each() {
            let sum = |half: u64| (0..4).map(|byte| (half >> (8 * byte)) & 0xFF).sum::<u64>();
            (sum(kept & 0xFFFF_FFFF), sum(kept >> 32))
        } else {
            (kept & 0xFFFF_FFFF, kept >> 32)
        };
        direct.max(reflected) as u32
    }

    fn matches(&self, width: usize, height: usize, goal: &[u8; N]) -> bool {
        self.width == width && self.height == height && self.goal == *goal
    }

    #[inline]
    fn update(&self, before: u64, tiles: &[u8; N], tile: u8, from: usize, to: usize) -> u64 {
        let _ = to;
        self.change(before, &Self::cells_of(tiles), tile, from)
    }

    #[inline]
    fn predict(
        &self,
        before: u64,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<u64> {
        // The board after the move has `tile` at `to`, the blank at `from`.
        let mut cell_of = Self::cells_of(tiles);
        cell_of[tile as usize] = to as u8;
        cell_of[0] = from as u8;
        Some(self.change(before, &cell_of, tile, from))
    }
}

/// The mirror image about the main diagonal, if the board is square and the goal symmetric:
/// the mirror of a goal cell holds the mirror tile, and the blank mirrors to itself.
fn reflection<const N: usize>(
    width: usize,
    height: usize,
    goal: &[u8; N],
) -> Option<Reflection<N>> {
    if width != height {
        return None;
    }
    let cell: [u8; N] = core::array::from_fn(|c| ((c % width) * width + c / width) as u8);
    let mut tile = [0u8; N];
    for (c, &t) in goal.iter().enumerate() {
        tile[t as usize] = goal[cell[c] as usize];
    }
    (tile[0] == 0).then_some(Reflection { cell, tile })
}

/// The table of one pattern: a breadth-first search backwards from the goal over the pattern
/// tiles' cells and the blank's cell, where moving a pattern tile costs one and moving the
/// blank into any other cell costs nothing; then, for each placement of the tiles, the least
/// cost over the blank's cells.
///
/// The costs are kept per placement in a block of one byte per cell the blank can be on (the
/// cells the pattern leaves free, in order). Each layer of the search is one sweep, in order,
/// over the blocks holding states of the current cost (one bit per placement marks them): the
/// free blank moves are flood-filled within the block (they do not change the placement), and
/// each pattern-tile move marks the next cost in another block, and that block for the next
/// layer. Only the pattern-tile moves reach far in memory. Memory: one byte per placement and
/// free cell (4.2 GB for an 8-tile pattern of the 15-puzzle) and two bits per placement,
/// allocated fallibly.
fn build_table(
    width: usize,
    height: usize,
    goal: &[u8],
    tiles: &[u8],
) -> Result<Vec<u8>, PdbError> {
    let n = goal.len();
    let k = tiles.len();
    let too_large = || PdbError::TooLarge {
        tiles: tiles.to_vec(),
    };
    let placements =
        usize::try_from(partial_count(n, k).ok_or_else(too_large)?).map_err(|_| too_large())?;
    let free = n - k;
    let states = placements.checked_mul(free).ok_or_else(too_large)?;
    let mut goal_cell = vec![0u8; n];
    for (cell, &tile) in goal.iter().enumerate() {
        goal_cell[tile as usize] = cell as u8;
    }
    let neighbours = grid_neighbours(width, height);
    let mut cost = Vec::new();
    cost.try_reserve_exact(states).map_err(|_| too_large())?;
    cost.resize(states, UNSEEN);
    let occupied_by = |cells: &[u8]| cells.iter().fold(0u64, |mask, &c| mask | 1 << c);
    let start_cells: Vec<u8> = tiles.iter().map(|&t| goal_cell[t as usize]).collect();
    let start_rank = rank_partial_valid(&start_cells, n) as usize;
    let blank_slot = (!occupied_by(&start_cells) & ((1u64 << goal_cell[0]) - 1)).count_ones();
    cost[start_rank * free + blank_slot as usize] = 0;
    // The placements whose blocks hold states of the current cost, and those given states
    // of the next cost during this layer.
    let mut current = PlacementSet::new(placements).ok_or_else(too_large)?;
    let mut next_layer = PlacementSet::new(placements).ok_or_else(too_large)?;
    current.insert(start_rank);
    let mut cells = vec![0u8; k];
    // How many free cells lie below each cell: a free cell's slot in its block.
    let mut free_below = [0usize; 64];
    let mut reached = Vec::with_capacity(free);
    // Which of the pattern's tiles is at each cell, if any.
    let mut tile_at = [NO_TILE; 64];
    let weights = rank_weights(n, k);
    let mut depth = 0u8;
    loop {
        let mut deeper = false;
        for rank in current.iter() {
            let block = rank * free;
            let _ = unrank_partial(rank as u64, n, &mut cells);
            let occupied = occupied_by(&cells);
            reached.clear();
            let mut count = 0;
            for (cell, below) in free_below.iter_mut().enumerate().take(n) {
                *below = count;
                if occupied & 1 << cell == 0 {
                    if cost[block + count] == depth {
                        reached.push(cell);
                    }
                    count += 1;
                }
            }
            // Free blank moves: flood the blank's region from every cell at this cost.
            let mut i = 0;
            while let Some(&blank) = reached.get(i) {
                i += 1;
                for &target in &neighbours[blank] {
                    if occupied & 1 << target != 0 {
                        continue;
                    }
                    let state = block + free_below[target];
                    if cost[state] > depth {
                        cost[state] = depth;
                        reached.push(target);
                    }
                }
            }
            // Pattern-tile moves: a tile beside the blank slides into it, for one move.
            tile_at[..n].fill(NO_TILE);
            for (i, &cell) in cells.iter().enumerate() {
                tile_at[cell as usize] = i as u8;
            }
            for &blank in &reached {
                for &target in &neighbours[blank] {
                    let moved = tile_at[target];
                    if moved == NO_TILE {
                        continue;
                    }
                    let next_rank = moved_rank(rank, &tile_at, &weights, moved, target, blank);
                    // In the new placement `target` is free and `blank` is not.
                    let next = next_rank * free + free_below[target] - usize::from(blank < target);
                    if cost[next] == UNSEEN {
                        cost[next] = depth + 1;
                        next_layer.insert(next_rank);
                        deeper = true;
                    }
                }
            }
        }
        if !deeper {
            break;
        }
        core::mem::swap(&mut current, &mut next_layer);
        next_layer.clear();
        depth = depth
            .checked_add(1)
            .filter(|&d| d < UNSEEN)
            .ok_or_else(too_large)?;
    }
    Ok(cost
        .chunks(free.max(1))
        .map(|by_blank| by_blank.iter().copied().min().unwrap_or(0))
        .collect())
}

/// No pattern tile at a cell (in `build_table`'s `tile_at`).
const NO_TILE: u8 = u8::MAX;

/// What a unit of each of the `k` digits of a placement's rank on `n` cells weighs: the
/// product of the radices after it.
fn rank_weights(n: usize, k: usize) -> Vec<usize> {
    (0..k)
        .map(|i| (i + 1..k).map(|j| n - j).product())
        .collect()
}

/// The rank of the placement `rank` after its tile number `moved` goes from cell `from` to
/// the free cell `to`, without ranking the placement again.
///
/// A tile's digit in the rank is its cell less the number of the tiles before it on lower
/// cells. The moved tile's digit changes by the distance it moves less the earlier tiles it
/// passes, and each later tile it passes gains or loses one: only the tiles on the cells
/// strictly between `from` and `to` are passed (none on a move along a row).
fn moved_rank(
    rank: usize,
    tile_at: &[u8; 64],
    weights: &[usize],
    moved: u8,
    from: usize,
    to: usize,
) -> usize {
    let (low, high) = (from.min(to), from.max(to));
    let mut digit = high - low;
    let mut change = 0;
    for &tile in &tile_at[low + 1..high] {
        if tile == NO_TILE {
            continue;
        }
        if tile < moved {
            digit -= 1;
        } else {
            change += weights[usize::from(tile)];
        }
    }
    change += digit * weights[usize::from(moved)];
    if to > from {
        rank + change
    } else {
        rank - change
    }
}

/// A set of placements, one bit each.
struct PlacementSet {
    words: Vec<u64>,
}

impl PlacementSet {
    /// An empty set for ranks below `placements`; `None` if the memory is not there.
    fn new(placements: usize) -> Option<Self> {
        let mut words = Vec::new();
        words.try_reserve_exact(placements.div_ceil(64)).ok()?;
        words.resize(placements.div_ceil(64), 0);
        Some(PlacementSet { words })
    }

    fn insert(&mut self, rank: usize) {
        self.words[rank / 64] |= 1 << (rank % 64);
    }

    fn clear(&mut self) {
        self.words.fill(0);
    }

    /// The ranks in the set, in increasing order.
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(word, &bits)| {
            let mut bits = bits;
            core::iter::from_fn(move || {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits.wrapping_sub(1);
                (bit < 64).then_some(word * 64 + bit)
            })
        })
    }
}

/// The cells next to each cell of a `width` × `height` grid.
fn grid_neighbours(width: usize, height: usize) -> Vec<Vec<usize>> {
    (0..width * height)
        .map(|cell| {
            let (row, column) = (cell / width, cell % width);
            let mut next = Vec::with_capacity(4);
            if row > 0 {
                next.push(cell - width);
            }
            if column > 0 {
                next.push(cell - 1);
            }
            if column + 1 < width {
                next.push(cell + 1);
            }
            if row + 1 < height {
                next.push(cell + width);
            }
            next
        })
        .collect()
}

/// The cache file name of a pattern: board size, a hash of the goal, and the tiles.
fn file_name(width: usize, height: usize, goal: &[u8], tiles: &[u8]) -> String {
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    format!(
        "pdb-{width}x{height}-goal{:016x}-tiles{}.bin",
        fnv1a(goal),
        tiles.join("-")
    )
}

/// The FNV-1a hash, as a checksum.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The checksum of a file: FNV-1a over 64-bit little-endian words (the last, short word
/// zero-padded), with the length mixed in; fast enough to check half a gigabyte in a fraction
/// of a second, and it changes with any flipped bit.
fn checksum(bytes: &[u8]) -> u64 {
    let mut words = bytes.chunks_exact(8);
    let mut hash = words.by_ref().fold(0xcbf2_9ce4_8422_2325u64, |hash, word| {
        let mut le = [0u8; 8];
        le.copy_from_slice(word);
        (hash ^ u64::from_le_bytes(le)).wrapping_mul(0x0100_0000_01b3)
    });
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    hash = (hash ^ u64::from_le_bytes(tail)).wrapping_mul(0x0100_0000_01b3);
    (hash ^ bytes.len() as u64).wrapping_mul(0x0100_0000_01b3)
}

/// The header that identifies a table: magic, version, size, goal and pattern.
fn header(width: usize, height: usize, goal: &[u8], tiles: &[u8], entries: usize) -> Vec<u8> {
    let mut header = MAGIC.to_vec();
    for value in [
        VERSION,
        width as u32,
        height as u32,
        goal.len() as u32,
        tiles.len() as u32,
    ] {
        header.extend_from_slice(&value.to_le_bytes());
    }
    header.extend_from_slice(goal);
    header.extend_from_slice(tiles);
    header.extend_from_slice(&(entries as u64).to_le_bytes());
    header
}

/// Writes a table: header, entries, then the checksum of both. Written to a temporary file
/// and renamed, so a reader never sees half a file.
fn write_table(
    path: &Path,
    width: usize,
    height: usize,
    goal: &[u8],
    tiles: &[u8],
    table: &[u8],
) -> Result<(), PdbError> {
    let mut bytes = header(width, height, goal, tiles, table.len());
    bytes.extend_from_slice(table);
    let sum = checksum(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    let io_error = |error| PdbError::Io {
        path: path.to_path_buf(),
        error,
    };
    std::fs::write(&temporary, &bytes).map_err(io_error)?;
    std::fs::rename(&temporary, path).map_err(io_error)
}

/// Reads a table written by [`write_table`], checking that it is for this board, goal and
/// pattern, has `entries` entries, and is intact.
fn read_table(
    path: &Path,
    width: usize,
    height: usize,
    goal: &[u8],
    tiles: &[u8],
    entries: u64,
) -> Result<Vec<u8>, PdbError> {
    let bytes = std::fs::read(path).map_err(|error| PdbError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    let bad = |reason| PdbError::BadFile {
        path: path.to_path_buf(),
        reason,
    };
    let expected = header(width, height, goal, tiles, entries as usize);
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(bad("not a pattern database file"));
    }
    if bytes.len() != expected.len() + entries as usize + 8 {
        return Err(bad("wrong length"));
    }
    if bytes[..expected.len()] != expected[..] {
        return Err(bad("made for another board, goal, pattern or version"));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if sum != checksum(body).to_le_bytes() {
        return Err(bad("checksum mismatch: the file is damaged"));
    }
    let mut table = bytes;
    table.truncate(table.len() - 8);
    table.drain(..expected.len());
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of `k` tiles on `n` cells, every tile moved to every free cell: the
    /// rank worked out from the move is the rank of the moved placement.
    fn moved_rank_is_the_rank_after_the_move(n: usize, k: usize) {
        let weights = rank_weights(n, k);
        let placements = partial_count(n, k).unwrap();
        let mut cells = vec![0u8; k];
        for rank in 0..placements {
            unrank_partial(rank, n, &mut cells).unwrap();
            let mut tile_at = [NO_TILE; 64];
            for (i, &cell) in cells.iter().enumerate() {
                tile_at[cell as usize] = i as u8;
            }
            for moved in 0..k {
                let from = usize::from(cells[moved]);
                for to in (0..n).filter(|&cell| tile_at[cell] == NO_TILE) {
                    let mut after = cells.clone();
                    after[moved] = to as u8;
                    let expected = rank_partial_valid(&after, n) as usize;
                    let got = moved_rank(rank as usize, &tile_at, &weights, moved as u8, from, to);
                    assert_eq!(got, expected, "{cells:?}: tile {moved} to cell {to}");
                }
            }
        }
    }

    #[test]
    fn moved_rank_matches_ranking_again() {
        moved_rank_is_the_rank_after_the_move(9, 3);
        moved_rank_is_the_rank_after_the_move(9, 8);
        moved_rank_is_the_rank_after_the_move(12, 4);
        moved_rank_is_the_rank_after_the_move(16, 2);
    }
}
