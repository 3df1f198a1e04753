//! Additive disjoint pattern databases for sliding-tile puzzles of any size, goal and partition
//! of the tiles (Korf and Felner, 2002), with reflection about the main diagonal, saved to and
//! loaded from a cache directory.

use core::fmt;
use std::path::Path;
use std::sync::Arc;

use super::memory::Bytes;
use super::table::{CachedTable, Packing, Table, create_cache_dir, fnv1a};
use super::{BuildOptions, BuildReport, PartitionError, PdbError, Tracker};
use crate::permutation::partial_count;

mod build;
mod lookup;
mod max;
mod partitions;
mod ranks;
mod regions;

use build::{pattern_table, rank_weights};
pub use lookup::{PdbKept, PdbPrediction};
pub use max::PdbMax;
pub use partitions::{
    CATALOGUE_6666, PARTITION_78, PARTITION_555, PARTITION_663, PARTITION_6666,
    PARTITION_6666_ACROSS,
};
use regions::{Grid, IN_POCKET};

/// The kind of a sliding-tile table in its file's header.
const KIND: &str = "sliding-tile";
/// The kind of a zero-aware sliding-tile table: its entries with the blank in the main
/// region, then the least entries.
const KIND_ZERO_AWARE: &str = "sliding-tile-zero-aware";

/// The most the tables of [`PatternDatabase`]'s default database (its
/// [`IncrementalHeuristic::new`](crate::heuristics::IncrementalHeuristic::new)) may take: 64 MiB.
pub const QUICK_BYTES: u128 = 64 << 20;

/// One pattern: its tiles and the fewest moves of those tiles that bring them home, from every
/// placement of them on the board.
#[derive(Clone)]
struct Pattern {
    tiles: Vec<u8>,
    /// Indexed by the rank of the tiles' cells (see [`rank_partial`](crate::permutation::rank_partial)).
    /// In a zero-aware database, the entries with the blank outside the small pockets,
    /// where [`IN_POCKET`] marks those a blank in one may undercut; then, from `least`
    /// on, the least entries, indexed the same way, for a blank in a small pocket. The
    /// memory the table was read into or built in, not a copy.
    table: Arc<Bytes>,
    /// In a zero-aware database, where the least entries start in `table`.
    least: Option<usize>,
}

impl Pattern {
    /// The index of the table entry with the pattern's tiles at the cells `cell_of` gives, on
    /// a board of `n` cells: the partial-permutation rank of those cells, computed on the fly.
    #[inline]
    fn rank(&self, n: usize, cell_of: impl Fn(u8) -> u8) -> usize {
        // A tile's digit is its cell less the tiles before it on lower cells. Those counts are
        // kept a nibble per cell (nibble `c`: the tiles so far below cell `c`), which spares a
        // population count (no instruction for it on baseline x86-64: a dozen instead).
        // Nibbles hold counts up to 15: patterns of at most 16 tiles.
        if n <= 16 && self.tiles.len() <= 16 {
            let mut below = 0u64;
            let mut rank = 0u64;
            for (i, &tile) in self.tiles.iter().enumerate() {
                let shift = 4 * u32::from(cell_of(tile));
                rank = rank * (n - i) as u64 + u64::from(shift / 4) - ((below >> shift) & 0xF);
                below += (NIBBLES << shift) << 4;
            }
            return rank as usize;
        }
        if n <= 32 && self.tiles.len() <= 16 {
            let mut below = 0u128;
            let mut rank = 0u64;
            for (i, &tile) in self.tiles.iter().enumerate() {
                let shift = 4 * u32::from(cell_of(tile));
                rank =
                    rank * (n - i) as u64 + u64::from(shift / 4) - ((below >> shift) as u64 & 0xF);
                below += (u128::from(NIBBLES) << 64 | u128::from(NIBBLES)) << shift << 4;
            }
            return rank as usize;
        }
        let mut used = 0u64;
        let mut rank = 0u64;
        for (i, &tile) in self.tiles.iter().enumerate() {
            let cell = cell_of(tile);
            let below = (used & ((1u64 << cell) - 1)).count_ones();
            rank = rank * (n - i) as u64 + u64::from(cell) - u64::from(below);
            used |= 1 << cell;
        }
        rank as usize
    }

    /// The entry at `rank`.
    #[inline]
    fn entry(&self, rank: usize) -> u8 {
        self.table.get(rank).copied().unwrap_or(0)
    }

    /// `entry`, read at `rank`, for a blank in a small pocket or not: in a zero-aware
    /// database, an entry marked [`IN_POCKET`] asks `in_small_pocket` where the blank is.
    #[inline]
    fn settled(&self, entry: u8, rank: usize, in_small_pocket: impl FnOnce() -> bool) -> u8 {
        match self.least {
            Some(least) if entry & IN_POCKET != 0 => {
                if in_small_pocket() {
                    self.table.get(least + rank).copied().unwrap_or(0)
                } else {
                    entry & !IN_POCKET
                }
            }
            _ => entry,
        }
    }

    /// The rank and the entry with the pattern's tiles and the blank (tile 0) at the cells
    /// `cell_of` gives.
    #[inline]
    fn lookup(&self, n: usize, grid: &Grid, cell_of: impl Fn(u8) -> u8) -> (usize, u8) {
        let rank = self.rank(n, &cell_of);
        let in_small_pocket = || {
            let occupied = self
                .tiles
                .iter()
                .fold(0u64, |mask, &tile| mask | 1 << cell_of(tile));
            grid.in_small_pocket(usize::from(cell_of(0)), |cell| occupied >> cell & 1 != 0)
        };
        (rank, self.settled(self.entry(rank), rank, in_small_pocket))
    }

    /// The entry of [`lookup`](Self::lookup).
    #[inline]
    fn value(&self, n: usize, grid: &Grid, cell_of: impl Fn(u8) -> u8) -> u32 {
        u32::from(self.lookup(n, grid, cell_of).1)
    }
}

/// A one in every nibble of a `u64`.
const NIBBLES: u64 = 0x1111_1111_1111_1111;

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
/// memory. Built [zero-aware](BuildOptions::zero_aware), a table also knows where the blank
/// is: a stronger heuristic for twice the memory.
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
    /// What a move of each tile changes, in one word for one load: its pattern (the low
    /// byte, [`ranks::NO_INFO`] for none), its place in the pattern's list (the next byte)
    /// and what a unit of its digit weighs in the pattern's rank (the high 32 bits).
    /// 256 of them, one for every byte, so that a tile read off the board indexes it
    /// without a bounds check (the tiles past `N` have none).
    info: [u64; 256],
    /// The info of each tile's mirror tile (all [`ranks::NO_INFO`] without reflection).
    mirror_info: [u64; 256],
    /// What a tile passed by a slide adds to the change of the moved tile's pattern's rank
    /// ([`ranks::passing`]): a row for each moved tile, direct and then in the mirror image,
    /// indexed by the passed tile (256 of them, so that a tile read off the board indexes it
    /// without a bounds check). Shared between clones, as the tables are.
    passing: Arc<[[u64; 256]]>,
    reflection: Option<Reflection<N>>,
    /// Whether boards keep each pattern's rank ([`PdbKept`]): four patterns or fewer,
    /// each of at most 2^32 entries.
    ranked: bool,
    /// Whether the tables know the blank's region ([`BuildOptions::zero_aware`]).
    zero_aware: bool,
    /// The board's cells as bits, for the blank's region in a zero-aware database.
    grid: Grid,
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
        let options = BuildOptions::new();
        Self::build_with(width, height, goal, partition, reflect, &options).map(|(db, _)| db)
    }

    /// [`build`](Self::build), each pattern's table kept in `cache_dir`
    /// ([`BuildOptions::cache_dir`]).
    pub fn load_or_build(
        width: usize,
        height: usize,
        goal: &[u8; N],
        partition: &[&[u8]],
        reflect: bool,
        cache_dir: &Path,
    ) -> Result<(Self, BuildReport), PdbError> {
        let options = BuildOptions::new().cache_dir(cache_dir);
        Self::build_with(width, height, goal, partition, reflect, &options)
    }

    /// [`build`](Self::build) with options: a cache directory, an observer of the build's
    /// progress. With the `parallel` feature the patterns are read or built at once, one per
    /// thread of the rayon pool (and the memory of as many builds at a time: 2.9 GB each for
    /// the 24-puzzle's patterns of six).
    pub fn build_with(
        width: usize,
        height: usize,
        goal: &[u8; N],
        partition: &[&[u8]],
        reflect: bool,
        options: &BuildOptions<'_>,
    ) -> Result<(Self, BuildReport), PdbError> {
        Self::build_sharing(width, height, goal, partition, reflect, options, &[])
    }

    /// [`build_with`](Self::build_with), a pattern that one of `earlier` (built with the same
    /// options) has taking its tables instead of reading or building them again.
    pub(super) fn build_sharing(
        width: usize,
        height: usize,
        goal: &[u8; N],
        partition: &[&[u8]],
        reflect: bool,
        options: &BuildOptions<'_>,
        earlier: &[PatternDatabase<N>],
    ) -> Result<(Self, BuildReport), PdbError> {
        let mut database = Self::empty(width, height, goal, partition, reflect)?;
        database.zero_aware = options.zero_aware;
        if let Some(dir) = options.cache_dir {
            create_cache_dir(dir)?;
        }
        // The states of each pattern's search: its placements, times the blank's cells.
        let sizes = database
            .patterns
            .iter()
            .map(|pattern| {
                let k = pattern.tiles.len();
                partial_count(N, k).map_or(0, |placements| placements * (N - k) as u64)
            })
            .collect();
        let tracker = Tracker::new(options.observer, sizes);
        // One pattern: its table, read or built and saved, and what that took.
        let one = |(index, pattern): (usize, &mut Pattern)| -> Result<BuildReport, PdbError> {
            let mut report = BuildReport::default();
            let shared = (earlier.iter().flat_map(|database| &database.patterns))
                .find(|other| other.tiles == pattern.tiles);
            if let Some(shared) = shared {
                pattern.table = Arc::clone(&shared.table);
                pattern.least = shared.least;
                tracker.skip(index);
                return Ok(report);
            }
            let zero_aware = options.zero_aware;
            let (kind, suffix) = if zero_aware {
                (KIND_ZERO_AWARE, "-zero-aware")
            } else {
                (KIND, "")
            };
            let cache = options.cache_dir.map(|dir| CachedTable {
                path: dir.join(file_name(width, height, goal, &pattern.tiles, suffix)),
                kind,
                key: key(width, height, goal, &pattern.tiles),
            });
            let placements = partial_count(N, pattern.tiles.len()).unwrap_or(0) as usize;
            let entries = if zero_aware {
                2 * placements
            } else {
                placements
            };
            let table =
                tracker.load_or_build(index, cache.as_ref(), entries, &mut report, || {
                    let tiles = &pattern.tiles;
                    let distances =
                        pattern_table(width, height, goal, tiles, zero_aware, (&tracker, index))?;
                    Table::new(distances, Some(Packing::Bytes))
                })?;
            // Lookups read a byte an entry: the table's own memory, or a file packed four
            // bits an entry unpacked.
            pattern.table = match table.packing() {
                Packing::Bytes => table.shared_bytes(),
                Packing::Nibbles => Arc::new(Bytes::from_vec(
                    (0..entries).map(|i| table.get(i)).collect(),
                )),
            };
            pattern.least = zero_aware.then_some(placements);
            Ok(report)
        };
        let started = std::time::Instant::now();
        // With `parallel`, the patterns are read or built at once on the rayon pool's threads
        // (the memory of as many builds at a time); otherwise one after another.
        #[cfg(feature = "parallel")]
        let reports: Vec<Result<BuildReport, PdbError>> = {
            use rayon::prelude::*;
            database
                .patterns
                .par_iter_mut()
                .enumerate()
                .map(one)
                .collect()
        };
        #[cfg(not(feature = "parallel"))]
        let reports: Vec<Result<BuildReport, PdbError>> =
            database.patterns.iter_mut().enumerate().map(one).collect();
        let mut report =
            BuildReport::gather(reports.into_iter().collect::<Result<_, _>>()?, started);
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
        let invalid = |error: PartitionError| Err(PdbError::InvalidPartition(error));
        if width.checked_mul(height) != Some(N) || N > 64 || width == 0 {
            return invalid(PartitionError::BoardSize {
                width,
                height,
                cells: N,
            });
        }
        let mut goal_seen = [false; N];
        for &tile in goal {
            match goal_seen.get_mut(tile as usize) {
                Some(seen) if !*seen => *seen = true,
                _ => return invalid(PartitionError::GoalNotAPermutation),
            }
        }
        let mut pattern_of = [usize::MAX; N];
        let mut info = [ranks::NO_INFO; 256];
        let mut ranked = partition.len() <= lookup::KEPT_PATTERNS;
        for (index, tiles) in partition.iter().enumerate() {
            if tiles.is_empty() {
                return invalid(PartitionError::EmptyPattern { pattern: index + 1 });
            }
            for &tile in *tiles {
                if tile == 0 || tile as usize >= N {
                    return invalid(PartitionError::NotATile { tile, cells: N });
                }
                if pattern_of[tile as usize] != usize::MAX {
                    return invalid(PartitionError::TileTwice { tile });
                }
                pattern_of[tile as usize] = index;
            }
            let entries = partial_count(N, tiles.len());
            if entries.is_none_or(|count| usize::try_from(count).is_err()) {
                return Err(PdbError::TooLarge {
                    tiles: tiles.to_vec(),
                });
            }
            ranked &= entries.is_some_and(|count| count <= 1 << 32);
            for ((place, &tile), weight) in
                tiles.iter().enumerate().zip(rank_weights(N, tiles.len()))
            {
                let weight = u64::try_from(weight).map_or(0, |w| w.min(u64::from(u32::MAX)));
                info[tile as usize] = index as u64 | (place as u64) << 8 | weight << 32;
            }
        }
        let reflection = if reflect {
            Some(reflection(width, height, goal).ok_or(PdbError::NotReflectable)?)
        } else {
            None
        };
        let mirror_info = match &reflection {
            Some(reflection) => core::array::from_fn(|t| {
                reflection
                    .tile
                    .get(t)
                    .map_or(ranks::NO_INFO, |&mirror| info[usize::from(mirror)])
            }),
            None => [ranks::NO_INFO; 256],
        };
        let passing = [&info, &mirror_info]
            .into_iter()
            .flat_map(|info| {
                (0..N).map(|moved| {
                    core::array::from_fn(|passed| ranks::passing(info[moved], info[passed]))
                })
            })
            .collect();
        Ok(PatternDatabase {
            width,
            height,
            goal: *goal,
            patterns: partition
                .iter()
                .map(|tiles| Pattern {
                    tiles: tiles.to_vec(),
                    table: Arc::new(Bytes::from_vec(Vec::new())),
                    least: None,
                })
                .collect(),
            pattern_of,
            info,
            mirror_info,
            passing,
            reflection,
            ranked,
            zero_aware: false,
            grid: Grid::new(width, height).ok_or(PdbError::InvalidPartition(
                PartitionError::BoardSize {
                    width,
                    height,
                    cells: N,
                },
            ))?,
        })
    }

    /// The bytes taken by the tables.
    pub fn memory_bytes(&self) -> usize {
        self.patterns.iter().map(|p| p.table.len()).sum()
    }

    /// Whether the tables know the blank's region ([`BuildOptions::zero_aware`]).
    pub fn zero_aware(&self) -> bool {
        self.zero_aware
    }

    /// The table of each pattern, in the partition's order: one byte per placement of the
    /// pattern's tiles, indexed by the [`rank_partial`](crate::permutation::rank_partial) of
    /// their cells. In a [zero-aware](Self::zero_aware) database, the cost with the blank
    /// outside the pockets of one or two cells the tiles wall off, in the low seven bits, and
    /// the top bit set where a blank in such a pocket costs less.
    pub fn tables(&self) -> impl Iterator<Item = &[u8]> + '_ {
        (self.patterns.iter()).map(|p| &p.table[..p.least.unwrap_or(p.table.len())])
    }

    /// Whether lookups take the maximum with the reflected board.
    pub fn reflects(&self) -> bool {
        self.reflection.is_some()
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

/// The cache file name of a pattern: board size, a hash of the goal, the tiles, and what
/// kind of table (`suffix`).
fn file_name(width: usize, height: usize, goal: &[u8], tiles: &[u8], suffix: &str) -> String {
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    format!(
        "pdb-{width}x{height}-goal{:016x}-tiles{}{suffix}.bin",
        fnv1a(goal),
        tiles.join("-")
    )
}

/// What a table's file header names: board size, goal and pattern.
fn key(width: usize, height: usize, goal: &[u8], tiles: &[u8]) -> Vec<u8> {
    let mut key = Vec::new();
    for value in [width, height, goal.len(), tiles.len()] {
        key.extend_from_slice(&(value as u32).to_le_bytes());
    }
    key.extend_from_slice(goal);
    key.extend_from_slice(tiles);
    key
}
