//! A cell of a map, and the eight directions of a step from it.

use core::fmt;

/// A cell of a map, column `x` and row `y` from the top-left corner (0, 0), as the Moving AI
/// formats count them. Packed in 32 bits, so that a search hashes and stores it cheaply.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u32);

impl Cell {
    /// The cell in column `x`, row `y`.
    pub const fn new(x: u16, y: u16) -> Cell {
        Cell((y as u32) << 16 | x as u32)
    }

    /// Its column.
    pub const fn x(self) -> u16 {
        self.0 as u16
    }

    /// Its row.
    pub const fn y(self) -> u16 {
        (self.0 >> 16) as u16
    }

    /// The packed bits: `y << 16 | x`.
    #[inline]
    pub(crate) const fn bits(self) -> u32 {
        self.0
    }

    /// The cell of packed bits.
    #[inline]
    pub(crate) const fn from_bits(bits: u32) -> Cell {
        Cell(bits)
    }

    /// The cell one step on in `direction`. The step must stay on the map's coordinates (not
    /// leave row or column 0 backwards); only the moves a map allows are taken this way.
    #[inline]
    pub(crate) fn step(self, direction: u8) -> Cell {
        Cell(self.0.wrapping_add(STEP[direction as usize]))
    }

    /// The cell `times` steps on in `direction` (within the map, as for [`step`](Self::step)).
    #[inline]
    pub(crate) fn steps(self, direction: u8, times: u32) -> Cell {
        Cell(
            self.0
                .wrapping_add(STEP[direction as usize].wrapping_mul(times)),
        )
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x(), self.y())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x(), self.y())
    }
}

/// The eight directions of a step, clockwise from north (`y` grows southwards, down the
/// map's rows). The opposite of each is four places on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Direction {
    /// `y - 1`.
    North,
    /// `x + 1, y - 1`.
    NorthEast,
    /// `x + 1`.
    East,
    /// `x + 1, y + 1`.
    SouthEast,
    /// `y + 1`.
    South,
    /// `x - 1, y + 1`.
    SouthWest,
    /// `x - 1`.
    West,
    /// `x - 1, y - 1`.
    NorthWest,
}

impl Direction {
    /// The eight, in the order of their numbers (north first, clockwise).
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The change of `x` and `y` of a step.
    pub const fn offset(self) -> (i32, i32) {
        OFFSET[self as usize]
    }

    /// Whether a step this way changes both coordinates.
    pub const fn is_diagonal(self) -> bool {
        self as u8 & 1 == 1
    }

    /// The direction back.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }
}

/// The `(dx, dy)` of each direction.
pub(crate) const OFFSET: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Each direction's step on a packed [`Cell`]: `dy << 16 + dx`, wrapping.
const STEP: [u32; 8] = {
    let mut step = [0; 8];
    let mut d = 0;
    while d < 8 {
        let (dx, dy) = OFFSET[d];
        step[d] = (dy * 65536 + dx) as u32;
        d += 1;
    }
    step
};

/// The straight directions' bits in a cell's step mask.
pub(crate) const STRAIGHT: u8 = 0b0101_0101;
