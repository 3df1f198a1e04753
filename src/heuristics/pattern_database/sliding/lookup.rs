//! The lookups of a sliding-tile [`PatternDatabase`]: what a board keeps of it ([`PdbKept`]), and
//! how a move changes that.
//!
//! A board keeps, for each pattern, the rank of its tiles' cells (the entry's index) and the
//! entry, direct and reflected. A move slides one tile, so it changes one direct rank and one
//! reflected rank (`ranks.rs` works the change out). A board's children are ranked and read
//! together, direct entries first, so that the reads, a miss each in tables larger than the
//! cache, are in flight at once, and a child whose direct entries already cut it off is
//! spared the reflected ones.

use super::ranks::{NO_INFO, NOT_WANTED, Wanted};
use super::{Grid, IN_POCKET, Pattern, PatternDatabase, QUICK_BYTES, partial_count};
use crate::heuristics::{ChildPredictions, IncrementalHeuristic, predict_each};

/// The most patterns whose ranks a board keeps; a database of more patterns keeps the two
/// sums alone and ranks the moved tile's pattern before and after each move.
pub(super) const KEPT_PATTERNS: usize = 4;

/// The pattern of a tile in none.
const NO_PATTERN: usize = usize::MAX;

/// What a board keeps of a [`PatternDatabase`]: the sums of the direct entries and of the
/// reflected ones, whose maximum is the heuristic, and, with at most four patterns of at most
/// 2^32 entries each, every pattern's rank and entry, so that a move updates them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PdbKept {
    /// The rank of each pattern's tiles, direct (the first four) then reflected.
    pub(super) ranks: [u32; 2 * KEPT_PATTERNS],
    /// The entry at each of those ranks, a byte each.
    entries: u64,
    /// The sum of the direct entries (the low 16 bits) and of the reflected ones (the high).
    sums: u32,
}

// Whole numbers and arrays replaced whole, never a field's byte by a store of its own: a
// board's kept is copied into and out of the board at every move, and a copy that reads
// what narrower stores just wrote waits for them (store forwarding fails).
/// The two sums a [`PdbKept`] packs in one word, direct (the low 16 bits) and reflected.
#[inline]
fn packed_sums(direct: u32, reflected: u32) -> u32 {
    (direct & 0xFFFF) | (reflected & 0xFFFF) << 16
}

/// The heuristic value of packed sums: the larger.
#[inline]
fn larger_sum(sums: u32) -> u32 {
    (sums & 0xFFFF).max(sums >> 16)
}

impl PdbKept {
    #[inline]
    fn sum(&self, half: usize) -> u32 {
        (self.sums >> (16 * half)) & 0xFFFF
    }

    #[inline]
    fn set_sum(&mut self, half: usize, sum: u32) {
        let shift = 16 * half;
        self.sums = (self.sums & !(0xFFFF << shift)) | (sum & 0xFFFF) << shift;
    }
}

/// What a [`PatternDatabase`] predicts of a child before the move
/// ([`IncrementalHeuristic::Prediction`]): the two entries the move changes, with their ranks,
/// read before the move. The child's [`PdbKept`] is made from them only if the search makes
/// the child: IDA* cuts about half the children off on their value alone, which the two
/// entries and the parent's sums give.
#[derive(Clone, Copy, Debug)]
pub struct PdbPrediction {
    pub(super) wanted: [Wanted; 2],
    pub(super) entries: [u8; 2],
    /// The sums after the move, as [`PdbKept`] keeps them: worked out from the two entries,
    /// or whole for a database of more than four patterns (which keeps the sums alone).
    pub(super) sums: u32,
}

impl PdbPrediction {
    /// A placeholder, overwritten before it is used.
    pub(super) const NONE: PdbPrediction = PdbPrediction {
        wanted: [NOT_WANTED; 2],
        entries: [0; 2],
        sums: 0,
    };
}

impl<const N: usize> PatternDatabase<N> {
    /// The cell of every tile.
    #[inline]
    fn cells_of(tiles: &[u8; N]) -> [u8; N] {
        let mut cell_of = [0u8; N];
        for (cell, &tile) in tiles.iter().enumerate() {
            cell_of[tile as usize] = cell as u8;
        }
        cell_of
    }

    /// The pattern of a slot of [`PdbKept`].
    #[inline]
    fn pattern(&self, slot: usize) -> Option<&Pattern> {
        self.patterns.get(slot % KEPT_PATTERNS)
    }

    /// The entry `wanted` names, or 0 if none.
    #[inline]
    pub(super) fn read(&self, wanted: Wanted) -> u8 {
        let Some(slot) = wanted.slot() else {
            return 0;
        };
        self.pattern(slot)
            .map_or(0, |pattern| pattern.entry(wanted.rank as usize))
    }

    /// `entries`, read for `wanted` after the slide of a tile from `from` into the blank at
    /// `to` on `tiles` (the board before or after it), with those marked [`IN_POCKET`] in a
    /// zero-aware database settled by where the blank is after it. The blank's neighbours
    /// are looked at on the board itself, for a reflected lookup with the mirrors of the
    /// pattern's tiles: the mirror image of a pocket is a pocket of the mirror image.
    #[inline]
    fn settle(
        &self,
        entries: &mut [u8; 2],
        wanted: [Wanted; 2],
        tiles: &[u8; N],
        from: usize,
        to: usize,
    ) {
        for (entry, &wanted) in entries.iter_mut().zip(&wanted) {
            if *entry & IN_POCKET == 0 {
                continue;
            }
            let Some(slot) = wanted.slot() else {
                continue;
            };
            let Some(pattern) = self.pattern(slot) else {
                continue;
            };
            let info = if slot < KEPT_PATTERNS {
                &self.info
            } else {
                &self.mirror_info
            };
            let own = (slot % KEPT_PATTERNS) as u64;
            // After the slide the moved tile, the pattern's, is at `to` and the blank at
            // `from`; every other cell as on `tiles`.
            let occupied = |cell: usize| {
                cell == to
                    || cell != from
                        && tiles
                            .get(cell)
                            .is_some_and(|&tile| info[usize::from(tile)] & 0xFF == own)
            };
            let in_small_pocket = || self.grid.in_small_pocket(from, occupied);
            let rank = wanted.rank as usize;
            // Read again rather than passed: 1% fewer instructions (callgrind, 6-6-3).
            *entry = pattern.settled(pattern.entry(rank), rank, in_small_pocket);
        }
    }

    /// [`settle`](Self::settle) for each child's entries. Out of line, and called only when
    /// an entry is marked ([`in_pocket`]): a database that is not zero-aware keeps its lookups
    /// as they were.
    #[inline(never)]
    pub(super) fn settle_children(
        &self,
        entries: &mut [[u8; 2]; 4],
        wanted: &[[Wanted; 2]; 4],
        tiles: &[u8; N],
        from: &[usize; 4],
        to: usize,
    ) {
        for ((entries, &wanted), &from) in entries.iter_mut().zip(wanted).zip(from) {
            self.settle(entries, wanted, tiles, from, to);
        }
    }

    /// `before` with the entries `wanted` read as `entries`, and `sums` (what
    /// [`sums_with`](Self::sums_with) gives for them).
    #[inline]
    fn with_entries(before: PdbKept, wanted: &[Wanted], entries: &[u8], sums: u32) -> PdbKept {
        let mut kept = before;
        kept.sums = sums;
        for (wanted, &entry) in wanted.iter().zip(entries) {
            let Some(slot) = wanted.slot() else {
                continue;
            };
            let shift = 8 * (slot % 8);
            kept.entries = (kept.entries & !(0xFF << shift)) | u64::from(entry) << shift;
            let ranks = kept.ranks;
            kept.ranks = core::array::from_fn(|k| if k == slot { wanted.rank } else { ranks[k] });
        }
        kept
    }

    /// The sums of the child whose entries `wanted` are read as `entries`, from its
    /// parent's (`before`), as [`PdbKept`] keeps them: the direct entry changes the direct
    /// sum, the reflected one the reflected sum.
    #[inline]
    pub(super) fn sums_with(before: &PdbKept, wanted: &[Wanted; 2], entries: [u8; 2]) -> u32 {
        let [mut direct, mut reflected] = [before.sum(0), before.sum(1)];
        let then = |slot: usize| ((before.entries >> (8 * (slot % 8))) & 0xFF) as u32;
        if let Some(slot) = wanted[0].slot() {
            direct = direct + u32::from(entries[0]) - then(slot);
        }
        if let Some(slot) = wanted[1].slot() {
            reflected = reflected + u32::from(entries[1]) - then(slot);
        }
        packed_sums(direct, reflected)
    }

    /// A move's change to the sums alone, for a database of more than four patterns: the
    /// moved tile's patterns ranked again after the move and before it. `cell_of` has every
    /// tile where it is after the move.
    fn sums_after(&self, before: PdbKept, cell_of: &[u8; N], tile: u8, from: usize) -> PdbKept {
        let mut kept = before;
        if let Some(pattern) = self.patterns.get(self.pattern_of[tile as usize]) {
            let sum = changed::<N>(
                kept.sum(0),
                pattern,
                &self.grid,
                |t| cell_of[t as usize],
                tile,
                from as u8,
            );
            kept.set_sum(0, sum);
        }
        if let Some(reflection) = &self.reflection {
            let mirrored = reflection.tile[tile as usize];
            if let Some(pattern) = self.patterns.get(self.pattern_of[mirrored as usize]) {
                let mirror_cell =
                    |t: u8| reflection.cell[cell_of[reflection.tile[t as usize] as usize] as usize];
                // Before the move the mirror tile was at the mirror of `from`.
                let sum = changed::<N>(
                    kept.sum(1),
                    pattern,
                    &self.grid,
                    mirror_cell,
                    mirrored,
                    reflection.cell[from],
                );
                kept.set_sum(1, sum);
            }
        }
        kept
    }
}

/// The children of a board (the tile at `from[i]` slid into the blank at `to`, for each `i`
/// whose bit is set in `open`) predicted in `databases`, one or the several of a
/// [`PdbMax`](super::PdbMax), whose ranks the board keeps: for each database in turn, the
/// children's direct entries, then their reflected ones. Each round's reads are in flight
/// together, and what the rounds read so far (a sum, the larger of two, the largest of the
/// databases') is offered to `cut` as a bound: a child cut off reads nothing more. About
/// half the children go after the first round: 428 instructions a node against 501 when
/// every entry was read (one zero-aware partition, callgrind).
///
/// Each child's predictions are handed over in the shape the caller keeps, which `shape`
/// makes of the databases' array: one database's, unwrapped here rather than after, took
/// 4.7% fewer instructions (callgrind, #38 of the 24-puzzle without pruning).
// The arguments of `IncrementalHeuristic::predict_children` and the shape: an inlined kernel,
// whose arguments a struct would only wrap.
#[allow(clippy::inline_always, clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn predict_in_rounds<const N: usize, const K: usize, T>(
    databases: &[PatternDatabase<N>; K],
    before: &[PdbKept; K],
    tiles: &[u8; N],
    to: usize,
    from: [usize; 4],
    mut open: u8,
    mut cut: impl FnMut(usize, u32) -> bool,
    shape: impl Fn([PdbPrediction; K]) -> T,
) -> ChildPredictions<T> {
    let tile = |i: usize, open: u8| tiles.get(from[i]).copied().filter(|_| open & 1 << i != 0);
    let mut wanted = [[[NOT_WANTED; 2]; 4]; K];
    let mut entries = [[[0u8; 2]; 4]; K];
    // A bound offered for child `i` if it is larger than any before it; whether it cut the
    // child off.
    let mut offered = [0u32; 4];
    let mut offer = |i: usize, bound: u32| {
        bound > offered[i] && {
            offered[i] = bound;
            cut(i, bound)
        }
    };
    for (d, (database, before)) in databases.iter().zip(before).enumerate() {
        let (wanted, entries) = (&mut wanted[d], &mut entries[d]);
        for (i, (wanted, entries)) in wanted.iter_mut().zip(entries.iter_mut()).enumerate() {
            if let Some(tile) = tile(i, open) {
                wanted[0] = database.wanted_direct(before, tiles, tile, from[i], to);
                entries[0] = database.read(wanted[0]);
            }
        }
        for (i, (wanted, entries)) in wanted.iter().zip(entries.iter()).enumerate() {
            // An entry marked in a pocket is no bound until it is settled, with the others.
            if open & 1 << i != 0 && entries[0] & IN_POCKET == 0 {
                let direct = PatternDatabase::<N>::sums_with(before, wanted, *entries) & 0xFFFF;
                if offer(i, direct) {
                    open &= !(1 << i);
                }
            }
        }
        for (i, (wanted, entries)) in wanted.iter_mut().zip(entries.iter_mut()).enumerate() {
            if let Some(tile) = tile(i, open) {
                wanted[1] = database.wanted_reflected(before, tiles, tile, from[i], to);
                entries[1] = database.read(wanted[1]);
            }
        }
        if database.zero_aware && in_pocket(*entries) {
            database.settle_children(entries, wanted, tiles, &from, to);
        }
        if d + 1 == K {
            break; // the last database's values the caller offers
        }
        for (i, (wanted, entries)) in wanted.iter().zip(entries.iter()).enumerate() {
            if open & 1 << i != 0 {
                let value = larger_sum(PatternDatabase::<N>::sums_with(before, wanted, *entries));
                if offer(i, value) {
                    open &= !(1 << i);
                }
            }
        }
    }
    core::array::from_fn(|i| {
        tile(i, open)?;
        let mut value = 0;
        let predictions = core::array::from_fn(|d| {
            let (wanted, entries) = (wanted[d][i], entries[d][i]);
            let sums = PatternDatabase::<N>::sums_with(&before[d], &wanted, entries);
            value = value.max(larger_sum(sums));
            PdbPrediction {
                wanted,
                entries,
                sums,
            }
        });
        Some((value, shape(predictions)))
    })
}

/// Whether any of a board's children's entries is marked [`IN_POCKET`], to be settled: few
/// are, and the test spares the others the call (a sixth of the zero-aware search's
/// instructions went to calls that changed nothing).
#[inline]
pub(super) fn in_pocket(entries: [[u8; 2]; 4]) -> bool {
    entries
        .as_flattened()
        .iter()
        .any(|&entry| entry & IN_POCKET != 0)
}

/// `sum` with `pattern`'s entry before a move (its tile `moved` back at cell `was`, the
/// blank where the tile is now) replaced by its entry with its tiles and the blank at the
/// cells `cell` gives.
#[inline]
fn changed<const N: usize>(
    sum: u32,
    pattern: &Pattern,
    grid: &Grid,
    cell: impl Fn(u8) -> u8,
    moved: u8,
    was: u8,
) -> u32 {
    let then = pattern.value(N, grid, |t| match t {
        _ if t == moved => was,
        0 => cell(moved),
        _ => cell(t),
    });
    sum + pattern.value(N, grid, cell) - then
}

impl<const N: usize> IncrementalHeuristic<N> for PatternDatabase<N> {
    type Kept = PdbKept;

    /// A quick database: patterns of consecutive tiles in goal order, as large (up to four
    /// tiles) as keeps all the tables within [`QUICK_BYTES`] (64 MiB), with reflection where
    /// the goal allows it. Stronger databases come from [`build`](PatternDatabase::build) or
    /// [`load_or_build`](PatternDatabase::load_or_build) and
    /// [`SlidingPuzzle::with_heuristic`](crate::puzzles::SlidingPuzzle::with_heuristic).
    ///
    /// On a board it cannot serve (more than 64 cells), a database with no patterns, whose
    /// value is zero; [`try_new`](IncrementalHeuristic::try_new), which
    /// [`SlidingPuzzle::new`](crate::puzzles::SlidingPuzzle::new) uses, refuses it instead.
    fn new(width: usize, height: usize, goal: &[u8; N]) -> Self {
        Self::try_new(width, height, goal).unwrap_or_else(|_| PatternDatabase {
            width,
            height,
            goal: *goal,
            patterns: Vec::new(),
            pattern_of: [NO_PATTERN; N],
            info: [NO_INFO; 256],
            mirror_info: [NO_INFO; 256],
            passing: std::sync::Arc::new([]),
            reflection: None,
            ranked: true,
            zero_aware: false,
            grid: Grid::new(width, height).unwrap_or_default(),
        })
    }

    fn try_new(
        width: usize,
        height: usize,
        goal: &[u8; N],
    ) -> Result<Self, crate::heuristics::HeuristicError> {
        use crate::heuristics::HeuristicError;
        let tiles: Vec<u8> = goal.iter().copied().filter(|&t| t != 0).collect();
        let reflect = super::reflection(width, height, goal).is_some();
        // The largest group size whose tables (a byte per placement and free cell) fit.
        let bytes = |size: usize| -> Option<u128> {
            let groups = tiles.len().div_ceil(size) as u128;
            let free = (N.saturating_sub(size)) as u128;
            Some(groups * u128::from(partial_count(N, size)?) * free)
        };
        let size = (1..=4.min(tiles.len().max(1)))
            .rev()
            .find(|&size| bytes(size).is_some_and(|b| b <= QUICK_BYTES))
            .ok_or_else(|| HeuristicError::TooLarge {
                bytes: bytes(1),
                limit: QUICK_BYTES,
            })?;
        let groups: Vec<&[u8]> = tiles.chunks(size).collect();
        Self::build(width, height, goal, &groups, reflect)
            .map_err(|error| HeuristicError::Database(std::sync::Arc::new(error)))
    }

    fn evaluate(&self, tiles: &[u8; N]) -> PdbKept {
        let cell_of = Self::cells_of(tiles);
        let mut kept = PdbKept::default();
        for (index, pattern) in self.patterns.iter().enumerate() {
            let mirror = |t: u8| {
                self.reflection.as_ref().map_or(0, |reflection| {
                    reflection.cell[cell_of[reflection.tile[t as usize] as usize] as usize]
                })
            };
            let direct = pattern.lookup(N, &self.grid, |t| cell_of[t as usize]);
            let reflected =
                (self.reflection.as_ref()).map(|_| pattern.lookup(N, &self.grid, mirror));
            for (half, lookup) in [Some(direct), reflected].into_iter().enumerate() {
                let Some((rank, entry)) = lookup else {
                    continue;
                };
                kept.set_sum(half, kept.sum(half) + u32::from(entry));
                if self.ranked {
                    let slot = half * KEPT_PATTERNS + index;
                    kept.ranks[slot] = rank as u32;
                    kept.entries |= u64::from(entry) << (8 * slot);
                }
            }
        }
        kept
    }

    #[inline]
    fn value(&self, kept: PdbKept) -> u32 {
        larger_sum(kept.sums)
    }

    fn matches(&self, width: usize, height: usize, goal: &[u8; N]) -> bool {
        self.width == width && self.height == height && self.goal == *goal
    }

    #[inline]
    fn update(
        &self,
        before: PdbKept,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> PdbKept {
        if !self.ranked {
            return self.sums_after(before, &Self::cells_of(tiles), tile, from);
        }
        let wanted = self.wanted(&before, tiles, tile, from, to);
        let mut entries = wanted.map(|wanted| self.read(wanted));
        if self.zero_aware {
            self.settle(&mut entries, wanted, tiles, from, to);
        }
        let sums = Self::sums_with(&before, &wanted, entries);
        Self::with_entries(before, &wanted, &entries, sums)
    }

    #[inline]
    fn predict(
        &self,
        before: PdbKept,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<PdbKept> {
        if !self.ranked {
            // The board after the move has `tile` at `to`, the blank at `from`.
            let mut cell_of = Self::cells_of(tiles);
            cell_of[tile as usize] = to as u8;
            cell_of[0] = from as u8;
            return Some(self.sums_after(before, &cell_of, tile, from));
        }
        Some(self.update(before, tiles, tile, from, to))
    }

    const PREDICTS_CHILDREN: bool = true;

    type Prediction = PdbPrediction;

    /// The children's direct entries read together, then the reflected entries of those the
    /// direct sums do not cut off; a child's [`PdbKept`] made later, if the search makes the
    /// child.
    #[inline]
    fn predict_children(
        &self,
        before: PdbKept,
        tiles: &[u8; N],
        to: usize,
        from: [usize; 4],
        open: u8,
        cut: impl FnMut(usize, u32) -> bool,
    ) -> ChildPredictions<PdbPrediction> {
        if !self.ranked {
            // Databases of more than four patterns keep the sums alone, worked out child by
            // child.
            return predict_each(self, before, tiles, to, from, open).map(|child| {
                child.map(|(value, kept)| {
                    let prediction = PdbPrediction {
                        wanted: [NOT_WANTED; 2],
                        entries: [0; 2],
                        sums: kept.sums,
                    };
                    (value, prediction)
                })
            });
        }
        predict_in_rounds(
            core::array::from_ref(self),
            &[before],
            tiles,
            to,
            from,
            open,
            cut,
            |[prediction]| prediction,
        )
    }

    /// `before` with the predicted sums, entries and ranks in it (the sums alone for a
    /// database that keeps no ranks: its predictions want no entry).
    #[inline]
    fn predicted(&self, before: PdbKept, prediction: PdbPrediction) -> PdbKept {
        let PdbPrediction {
            wanted,
            entries,
            sums,
        } = prediction;
        Self::with_entries(before, &wanted, &entries, sums)
    }
}
