//! How a slide changes a pattern's rank in a sliding-tile [`PatternDatabase`]: the rank
//! changes by a few additions worked out from the cells the tile passes (none on a move along
//! a row), each read from a table of tile pairs, instead of ranking the pattern again.

use super::lookup::{KEPT_PATTERNS, PdbKept};
use super::{PatternDatabase, Reflection};

/// The [`PatternDatabase::info`] of a tile in no pattern: a pattern byte past every slot.
pub(super) const NO_INFO: u64 = 0xFF;

/// Where a [`passing`] value counts the moved tile's earlier tiles passed; below it, the sum of
/// the weights of its later ones (at most 63 tiles of weights below 2^32).
const EARLIER_SHIFT: u32 = 40;
const LATER_MASK: u64 = (1 << EARLIER_SHIFT) - 1;

/// What a tile of info `passed` that a slide of the tile of info `moved` passes adds to the
/// change of the moved tile's pattern's rank ([`PatternDatabase::moved_rank`]): one earlier
/// tile (at [`EARLIER_SHIFT`]), or a later tile's weight, or nothing for a tile of another
/// pattern. Tabled for every pair of tiles, a lookup per cell passed replaces comparing the
/// two tiles' patterns and places: 547 to 501 instructions a node, one zero-aware partition.
pub(super) fn passing(moved: u64, passed: u64) -> u64 {
    let pattern = moved & 0xFF;
    if pattern == NO_INFO || passed & 0xFF != pattern {
        0
    } else if (passed >> 8) & 0xFF < (moved >> 8) & 0xFF {
        1 << EARLIER_SHIFT
    } else {
        passed >> 32
    }
}

/// One entry a move needs: its slot in [`PdbKept`] (the pattern, plus four for the reflected
/// lookup) and its rank, or [`NO_SLOT`]. Eight bytes: a board's children's are copied
/// about, the more so for [`PdbMax`](super::PdbMax)'s several databases.
#[derive(Clone, Copy, Debug)]
pub(super) struct Wanted {
    pub(super) slot: u32,
    pub(super) rank: u32,
}

/// The slot of no entry.
const NO_SLOT: u32 = u32::MAX;

pub(super) const NOT_WANTED: Wanted = Wanted {
    slot: NO_SLOT,
    rank: 0,
};

impl Wanted {
    /// The slot, or `None` for an entry not wanted.
    #[inline]
    pub(super) fn slot(self) -> Option<usize> {
        (self.slot != NO_SLOT).then_some(self.slot as usize)
    }
}

impl<const N: usize> PatternDatabase<N> {
    /// The rank of a pattern after its tile `moved` ([`PatternDatabase::info`]) slides from
    /// cell `from` to cell `to`, given its `rank` before and the sum of what the tiles on the
    /// cells strictly between the two add ([`passing`]).
    ///
    /// A tile's digit in the rank is its cell less the pattern's earlier tiles on lower cells.
    /// The moved tile's digit changes by the distance it moves less the earlier tiles it
    /// passes, and each later tile it passes gains or loses one: only the tiles on the cells
    /// strictly between `from` and `to` are passed (none on a move along a row).
    // Inlined into each child's code: called, it spilled the ranks (measured).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn moved_rank(rank: u32, moved: u64, from: usize, to: usize, passed: u64) -> u32 {
        let digit = from.abs_diff(to) as u64 - (passed >> EARLIER_SHIFT);
        let change = (passed & LATER_MASK) + digit * (moved >> 32);
        if to > from {
            rank.wrapping_add(change as u32)
        } else {
            rank.wrapping_sub(change as u32)
        }
    }

    /// What each tile passed by a slide of `tile` adds to the change of its pattern's rank
    /// ([`passing`]), direct (`half` 0) or in the mirror image (`half` 1), indexed by the
    /// passed tile.
    #[inline]
    fn passing_row(&self, half: usize, tile: u8) -> &[u64; 256] {
        self.passing
            .get(half * N + usize::from(tile))
            .unwrap_or(&[0; 256])
    }

    /// The two entries the slide of `tile` from `from` into the blank at `to` changes, with
    /// their ranks after the move; `tiles` is the board before or after it (the cells between
    /// the two are the same).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn wanted(
        &self,
        before: &PdbKept,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> [Wanted; 2] {
        [
            self.wanted_direct(before, tiles, tile, from, to),
            self.wanted_reflected(before, tiles, tile, from, to),
        ]
    }

    /// The direct entry of [`wanted`](Self::wanted).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn wanted_direct(
        &self,
        before: &PdbKept,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Wanted {
        let moved = self.info[usize::from(tile)];
        let direct = (moved & 0xFF) as usize;
        let Some(&rank) = before.ranks.get(direct) else {
            return NOT_WANTED;
        };
        // One bounds check for the cells passed, not one a cell.
        let passed = tiles.get(from.min(to) + 1..from.max(to)).unwrap_or(&[]);
        let row = self.passing_row(0, tile);
        let passed = passed.iter().map(|&t| row[usize::from(t)]).sum();
        Wanted {
            slot: direct as u32,
            rank: Self::moved_rank(rank, moved, from, to, passed),
        }
    }

    /// The reflected entry of [`wanted`](Self::wanted).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn wanted_reflected(
        &self,
        before: &PdbKept,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Wanted {
        let Some(Reflection { cell, .. }) = &self.reflection else {
            return NOT_WANTED;
        };
        // In the mirror image the mirror tile moves between the mirror cells; the mirror
        // image holds at each cell the mirror of the tile at the cell's mirror, whose info
        // `mirror_info` gives by the tile.
        let moved = self.mirror_info[usize::from(tile)];
        let slot = KEPT_PATTERNS + (moved & 0xFF) as usize;
        let Some(&rank) = before.ranks.get(slot) else {
            return NOT_WANTED;
        };
        let (from, to) = (usize::from(cell[from]), usize::from(cell[to]));
        let row = self.passing_row(1, tile);
        let cells = cell.get(from.min(to) + 1..from.max(to)).unwrap_or(&[]);
        let passed = (cells.iter())
            .map(|&at| {
                tiles
                    .get(usize::from(at))
                    .map_or(0, |&t| row[usize::from(t)])
            })
            .sum();
        Wanted {
            slot: slot as u32,
            rank: Self::moved_rank(rank, moved, from, to, passed),
        }
    }
}
