//! What can go wrong reading a map or setting up a path on it.

use core::fmt;

use crate::cost::CostValue;
use crate::puzzles::grid::Cell;

/// Why a map could not be read, or a path on it not be set up.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum GridError {
    /// The header lacks `height`, `width` or the `map` line.
    MissingField {
        /// Which.
        field: &'static str,
    },
    /// A header line is none of `type octile`, `height H`, `width W`, `map`.
    BadHeader {
        /// Its number, from one.
        line: usize,
        /// The line: its first 16 characters, then `…` if it is longer.
        text: String,
    },
    /// The map is of a type other than `octile`.
    UnsupportedType {
        /// The type named (cut to 16 characters).
        name: String,
    },
    /// A size is 0 or above 65,535.
    UnsupportedSize {
        /// The width.
        width: usize,
        /// The height.
        height: usize,
    },
    /// The text ends before the map has all its rows.
    MissingRows {
        /// The height.
        expected: usize,
        /// How many rows there were.
        found: usize,
    },
    /// A row is not `width` cells long.
    WrongRowLength {
        /// The row, from one.
        row: usize,
        /// The width.
        expected: usize,
        /// The row's length.
        found: usize,
    },
    /// A cell is not a terrain character.
    UnknownTerrain {
        /// Its row, from one.
        row: usize,
        /// Its column, from one.
        column: usize,
        /// The character.
        found: char,
    },
    /// Text follows the map's last row.
    TrailingText {
        /// The line, from one.
        line: usize,
    },
    /// A path's start or goal is not on the map.
    OutOfBounds {
        /// The cell.
        cell: Cell,
        /// The map's width.
        width: u16,
        /// The map's height.
        height: u16,
    },
    /// A path's start or goal is a blocked cell.
    Blocked {
        /// The cell.
        cell: Cell,
    },
    /// The step costs are negative or NaN, or (8-connected) the diagonal step costs less
    /// than the straight one or more than two of them: the octile distance would overestimate
    /// and jump point search's pruning would lose paths.
    InvalidCosts {
        /// The straight step's cost.
        straight: CostValue,
        /// The diagonal step's cost.
        diagonal: CostValue,
    },
    /// Jump point search works on 8-connected grids only.
    NotEightConnected,
    /// A [`JumpTable`](super::JumpTable) built for another map (or for this one before it
    /// changed).
    WrongJumpTable,
    /// [`GoalBounds`](super::GoalBounds) built for another map (or for this one before it
    /// changed), another connectivity, or other step costs.
    WrongGoalBounds,
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingField { field } => write!(f, "the map's header has no `{field}` line"),
            Self::BadHeader { line, text } => write!(
                f,
                "line {line} of the map, {text:?}, is not a header line (`type octile`, \
                 `height H`, `width W` or `map`)"
            ),
            Self::UnsupportedType { name } => {
                write!(f, "map type {name:?} is not supported: only `octile` is")
            }
            Self::UnsupportedSize { width, height } => write!(
                f,
                "a {width}x{height} map is not supported: both sizes must be 1 to 65535"
            ),
            Self::MissingRows { expected, found } => write!(
                f,
                "the map has {found} rows where its header says {expected}"
            ),
            Self::WrongRowLength {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {row} of the map is {found} cells long where the map is {expected} wide"
            ),
            Self::UnknownTerrain { row, column, found } => write!(
                f,
                "row {row}, column {column} of the map holds {found:?}, which is not a \
                 terrain character (. G S passable; @ O T W blocked)"
            ),
            Self::TrailingText { line } => {
                write!(f, "line {line} follows the map's last row")
            }
            Self::OutOfBounds {
                cell,
                width,
                height,
            } => write!(f, "cell {cell} is off the {width}x{height} map"),
            Self::Blocked { cell } => write!(f, "cell {cell} is blocked"),
            Self::InvalidCosts { straight, diagonal } => write!(
                f,
                "step costs {straight} (straight) and {diagonal} (diagonal) are not usable: \
                 they must be zero or more, not NaN, and (8-connected) straight <= diagonal \
                 <= 2 x straight"
            ),
            Self::NotEightConnected => {
                f.write_str("jump point search needs an 8-connected grid path")
            }
            Self::WrongJumpTable => f.write_str("the jump table was built for another map"),
            Self::WrongGoalBounds => f.write_str(
                "the goal bounds were built for another map, connectivity or step costs",
            ),
        }
    }
}

impl std::error::Error for GridError {}
