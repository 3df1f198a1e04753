//! Additive disjoint pattern databases for sliding-tile puzzles of any size, goal and partition
//! of the tiles (Korf and Felner, 2002), with reflection about the main diagonal, saved to and
//! loaded from a cache directory.

use core::fmt;
use std::path::Path;
use std::sync::Arc;

use super::space::{build_table, AbstractSpace, Neighbour};
use super::table::{create_cache_dir, fnv1a, CachedTable, Packing, Table};
use super::{BuildReport, PdbError};
use crate::heuristics::TileHeuristic;
use crate::permutation::{partial_count, rank_partial_valid, unrank_partial};

/// The kind of a sliding-tile table in its file's header.
const KIND: &str = "sliding-tile";

/// The partition of the 15-puzzle's tiles into three patterns of five (goal `0 1 … 15`).
pub const PARTITION_555: [&[u8]; 3] = [&[1, 4, 5, 8, 12], &[2, 3, 6, 7, 11], &[9, 10, 13, 14, 15]];
/// The partition of the 15-puzzle's tiles into patterns of six, six and three.
pub const PARTITION_663: [&[u8]; 3] = [&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];
/// The partition of the 15-puzzle's tiles into patterns of seven and eight. Its 8-tile table
/// has 518,918,400 entries: building it takes minutes and gigabytes.
pub const PARTITION_78: [&[u8]; 2] = [&[1, 4, 5, 8, 9, 12, 13], &[2, 3, 6, 7, 10, 11, 14, 15]];

/// The most the tables of [`PatternDatabase`]'s default database (its
/// [`TileHeuristic::new`]) may take: 64 MiB.
pub const QUICK_BYTES: u128 = 64 << 20;

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
            pattern.table = pattern_table(width, height, goal, &pattern.tiles)?.into();
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
        create_cache_dir(cache_dir)?;
        for pattern in &mut database.patterns {
            let cache = CachedTable {
                path: cache_dir.join(file_name(width, height, goal, &pattern.tiles)),
                kind: KIND,
                key: key(width, height, goal, &pattern.tiles),
            };
            let entries = partial_count(N, pattern.tiles.len()).unwrap_or(0) as usize;
            let table = Table::load_or_build(Some(&cache), entries, &mut report, || {
                let distances = pattern_table(width, height, goal, &pattern.tiles)?;
                Ok(Table::new(distances, Some(Packing::Bytes)))
            })?;
            // Lookups read a byte an entry; a file packed four bits an entry is unpacked.
            pattern.table = match table.packing() {
                Packing::Bytes => table.as_bytes().into(),
                Packing::Nibbles => (0..table.len()).map(|i| table.get(i)).collect(),
            };
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

/// The table of one pattern: a breadth-first search backwards from the goal over the
/// placements of the pattern's tiles and the blank's cell ([`SlidingSpace`]), where moving a
/// pattern tile costs one and moving the blank into any other cell costs nothing; then, for
/// each placement of the tiles, the least cost over the blank's cells.
fn pattern_table(
    width: usize,
    height: usize,
    goal: &[u8],
    tiles: &[u8],
) -> Result<Vec<u8>, PdbError> {
    let too_large = || PdbError::TooLarge {
        tiles: tiles.to_vec(),
    };
    let space = SlidingSpace::new(width, height, goal, tiles).ok_or_else(too_large)?;
    build_table(&space).map_err(|error| match error {
        PdbError::OutOfMemory { .. } | PdbError::TooDeep => too_large(),
        other => other,
    })
}

/// The abstract space of a sliding-tile pattern: a block per placement of the pattern's tiles
/// (ranked by [`rank_partial`](crate::permutation::rank_partial) of their cells), a slot per
/// cell the pattern leaves free for the blank (in order). The blank's moves among the free
/// cells are free; a pattern tile sliding into the blank is counted. Only the counted moves
/// reach far in memory: 4.2 GB for an 8-tile pattern of the 15-puzzle.
struct SlidingSpace {
    cells: usize,
    tiles: usize,
    placements: usize,
    goal: (usize, usize),
    neighbours: Vec<Vec<usize>>,
    weights: Vec<usize>,
}

/// A placement being expanded.
struct Placement {
    rank: usize,
    cells: Vec<u8>,
    /// How many free cells lie below each cell: a free cell's slot in its block.
    free_below: [usize; 64],
    /// The cell of each slot.
    slot_cell: [u8; 64],
    /// Which of the pattern's tiles is at each cell, if any.
    tile_at: [u8; 64],
}

impl SlidingSpace {
    fn new(width: usize, height: usize, goal: &[u8], tiles: &[u8]) -> Option<Self> {
        let n = goal.len();
        let k = tiles.len();
        let placements = usize::try_from(partial_count(n, k)?).ok()?;
        placements.checked_mul(n - k)?;
        let mut goal_cell = vec![0u8; n];
        for (cell, &tile) in goal.iter().enumerate() {
            goal_cell[tile as usize] = cell as u8;
        }
        let start_cells: Vec<u8> = tiles.iter().map(|&t| goal_cell[t as usize]).collect();
        let occupied = start_cells.iter().fold(0u64, |mask, &c| mask | 1 << c);
        let blank_slot = (!occupied & ((1u64 << goal_cell[0]) - 1)).count_ones() as usize;
        Some(SlidingSpace {
            cells: n,
            tiles: k,
            placements,
            goal: (rank_partial_valid(&start_cells, n) as usize, blank_slot),
            neighbours: grid_neighbours(width, height),
            weights: rank_weights(n, k),
        })
    }
}

impl AbstractSpace for SlidingSpace {
    type Scratch = Placement;

    fn blocks(&self) -> usize {
        self.placements
    }

    fn slots(&self) -> usize {
        self.cells - self.tiles
    }

    fn goals(&self) -> Vec<(usize, usize)> {
        vec![self.goal]
    }

    fn scratch(&self) -> Placement {
        Placement {
            rank: 0,
            cells: vec![0; self.tiles],
            free_below: [0; 64],
            slot_cell: [0; 64],
            tile_at: [NO_TILE; 64],
        }
    }

    #[inline]
    fn enter(&self, block: usize, placement: &mut Placement) {
        placement.rank = block;
        let _ = unrank_partial(block as u64, self.cells, &mut placement.cells);
        placement.tile_at[..self.cells].fill(NO_TILE);
        for (i, &cell) in placement.cells.iter().enumerate() {
            placement.tile_at[cell as usize] = i as u8;
        }
        let mut count = 0;
        for cell in 0..self.cells {
            placement.free_below[cell] = count;
            if placement.tile_at[cell] == NO_TILE {
                placement.slot_cell[count] = cell as u8;
                count += 1;
            }
        }
    }

    #[inline]
    fn expand(
        &self,
        placement: &mut Placement,
        slot: usize,
        mut visit: impl FnMut(Neighbour),
    ) -> Result<(), PdbError> {
        let blank = usize::from(placement.slot_cell[slot]);
        for &target in &self.neighbours[blank] {
            let moved = placement.tile_at[target];
            if moved == NO_TILE {
                visit(Neighbour::Free(placement.free_below[target]));
                continue;
            }
            // A pattern tile beside the blank slides into it, for one move. In the new
            // placement `target` is free and `blank` is not.
            let block = moved_rank(
                placement.rank,
                &placement.tile_at,
                &self.weights,
                moved,
                target,
                blank,
            );
            let slot = placement.free_below[target] - usize::from(blank < target);
            visit(Neighbour::Counted { block, slot });
        }
        Ok(())
    }
}

/// No pattern tile at a cell (in [`Placement::tile_at`]).
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
