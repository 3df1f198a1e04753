//! The regions a pattern's tiles cut the free cells of a board into, for zero-aware tables:
//! the blank moves freely within a region, never from one to another without moving a
//! pattern tile.

/// Set in a zero-aware table's entry where a blank in a small pocket (a region of at most
/// [`SMALL_POCKET`] free cells) costs less than the entry's value, the least cost with the
/// blank in a larger region.
pub(super) const IN_POCKET: u8 = 0x80;

/// The most cells of a region a zero-aware table tells apart from the others: a lookup finds
/// out whether the blank is in one from its neighbours alone. A corner behind two tiles is
/// the commonest pocket; larger ones take more tiles to wall off.
pub(super) const SMALL_POCKET: u32 = 2;

// [`Grid::in_small_pocket`] looks two cells deep.
const _: () = assert!(SMALL_POCKET == 2);

/// The cells of a board of at most 64 cells as the bits of a word, with the masks that move
/// a set of cells one step in each direction. The default grid has no cells.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Grid {
    width: u32,
    /// Every cell of the board.
    board: u64,
    /// The cells not in the first column: where a step to the right may land.
    not_first: u64,
    /// The cells not in the last column: where a step to the left may land.
    not_last: u64,
}

impl Grid {
    /// The grid of a `width` × `height` board, or `None` past 64 cells.
    pub(super) fn new(width: usize, height: usize) -> Option<Self> {
        let cells = width
            .checked_mul(height)
            .filter(|&n| n <= 64 && width > 0)?;
        let board = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let column = |c: usize| (0..height).fold(0u64, |mask, row| mask | 1 << (row * width + c));
        Some(Grid {
            width: width as u32,
            board,
            not_first: board & !column(0),
            not_last: board & !column(width - 1),
        })
    }

    /// Every cell of the board.
    pub(super) fn board(&self) -> u64 {
        self.board
    }

    /// The cells next to any of `cells`, and `cells`.
    #[inline]
    fn around(&self, cells: u64) -> u64 {
        (cells
            | (cells << 1) & self.not_first
            | (cells >> 1) & self.not_last
            | cells.checked_shl(self.width).unwrap_or(0)
            | cells.checked_shr(self.width).unwrap_or(0))
            & self.board
    }

    /// The free cells (not in `occupied`) connected to `start`, or none if `start` is not
    /// free.
    pub(super) fn region(&self, occupied: u64, start: u32) -> u64 {
        let free = self.board & !occupied;
        let mut region = (1u64 << (start & 63)) & free;
        loop {
            let grown = self.around(region) & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// Whether the blank at `blank` is in a region of at most [`SMALL_POCKET`] free cells,
    /// `occupied` telling which cells hold the pattern's tiles: its neighbours looked at, and
    /// those of its one free neighbour, if it has one.
    #[inline]
    pub(super) fn in_small_pocket(&self, blank: usize, occupied: impl Fn(usize) -> bool) -> bool {
        let free_next = |cell: usize, but: usize| {
            let mut next = self.around(1 << (cell & 63)) & !(1 << (cell & 63) | 1 << (but & 63));
            let mut found = None;
            while next != 0 {
                let at = next.trailing_zeros() as usize;
                next &= next - 1;
                if !occupied(at) {
                    if found.is_some() {
                        return Err(());
                    }
                    found = Some(at);
                }
            }
            Ok(found)
        };
        match free_next(blank, blank) {
            Ok(None) => true,
            Ok(Some(next)) => free_next(next, blank) == Ok(None),
            Err(()) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_and_small_pockets() {
        let grid = Grid::new(5, 5).unwrap();
        let on = |occupied: u64| move |cell: usize| occupied >> cell & 1 != 0;
        // Tiles on cells 1 and 5 wall off the corner 0.
        let occupied = 1 << 1 | 1 << 5;
        assert_eq!(grid.region(occupied, 0), 1);
        assert!(grid.in_small_pocket(0, on(occupied)));
        assert!(!grid.in_small_pocket(12, on(occupied)));
        // Cells 0 and 1 behind tiles on 2, 5 and 6; cells 0, 1 and 2 behind 3, 5, 6 and 7.
        let two = 1 << 2 | 1 << 5 | 1 << 6;
        assert!(grid.in_small_pocket(0, on(two)) && grid.in_small_pocket(1, on(two)));
        let three = 1 << 3 | 1 << 5 | 1 << 6 | 1 << 7;
        assert_eq!(grid.region(three, 1), 0b111);
        assert!(!grid.in_small_pocket(0, on(three)) && !grid.in_small_pocket(1, on(three)));
        // Cells of a row's end and the next row's start are not neighbours.
        let wall = (0..5).fold(0u64, |mask, row| mask | 1 << (row * 5 + 1));
        assert_eq!(
            grid.region(wall, 0),
            1 | 1 << 5 | 1 << 10 | 1 << 15 | 1 << 20
        );
        assert!(grid.in_small_pocket(4 * 5 + 4, on(1 << 23 | 1 << 19)));
        assert!(!grid.in_small_pocket(4, on(1 << 3 | 1 << 23)));
        // A full board of 64 cells: a step down from the last row leaves the board.
        let grid = Grid::new(8, 8).unwrap();
        assert_eq!(
            grid.region(1 << 62, 63),
            1 << 63 | 1 << 55 | grid.region(1 << 62 | 1 << 63, 55)
        );
        assert!(grid.in_small_pocket(63, on(1 << 62 | 1 << 55)));
        assert!(Grid::new(5, 13).is_none());
        assert!(Grid::new(64, 1).is_some());
    }
}
