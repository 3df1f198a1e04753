//! A sliding-tile puzzle's layouts: reading them from text, checking them, and what goes
//! wrong.

use core::fmt;

use crate::puzzles::text::{self, BadCell};

/// Which of a puzzle's two layouts an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The start layout.
    Start,
    /// The goal layout.
    Goal,
}

/// Why a sliding-tile puzzle could not be built.
///
/// Positions are counted from zero in the fields and from one in the messages.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PuzzleError {
    /// `width × height` is not the puzzle's number of cells `N`, or the board is smaller than
    /// two cells or larger than 256.
    UnsupportedSize {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
        /// The number of cells of the puzzle type, `N`.
        cells: usize,
    },
    /// A layout has the wrong number of cells.
    WrongCellCount {
        /// The layout.
        layout: Layout,
        /// `N`.
        expected: usize,
        /// How many values it has.
        found: usize,
    },
    /// A token is neither a number nor `x` (the blank).
    NotANumber {
        /// The layout.
        layout: Layout,
        /// Position of the token.
        position: usize,
        /// The token: its first 16 characters, then `…` if it is longer.
        token: String,
    },
    /// A number has more digits than any tile could (it does not fit a `u64`).
    NumberTooLong {
        /// The layout.
        layout: Layout,
        /// Position of the number.
        position: usize,
        /// How many digits it has.
        digits: usize,
        /// The largest tile, `N - 1`.
        largest: usize,
    },
    /// A value is not a tile of the puzzle (`0..N`, 0 for the blank).
    OutOfRange {
        /// The layout.
        layout: Layout,
        /// Position of the value.
        position: usize,
        /// The value.
        value: u64,
        /// The largest tile, `N - 1`.
        largest: usize,
    },
    /// A value given as a tile is negative, or too large for any board.
    NotATile {
        /// The layout.
        layout: Layout,
        /// Position of the value.
        position: usize,
        /// The largest tile, `N - 1`.
        largest: usize,
    },
    /// A tile appears twice, so another is missing.
    DuplicateTile {
        /// The layout.
        layout: Layout,
        /// The repeated tile (0 for the blank).
        tile: u8,
        /// Where it first appears.
        first: usize,
        /// Where it appears again.
        second: usize,
        /// The smallest tile missing from the layout.
        missing: u8,
    },
    /// The goal cannot be reached from the start: their permutation parity and blank
    /// distance disagree (or, on a one-row board, the tiles are in another order).
    Unsolvable,
    /// The heuristic given to
    /// [`SlidingPuzzle::with_heuristic`](super::SlidingPuzzle::with_heuristic) was built for
    /// another board size or goal layout.
    HeuristicMismatch,
    /// [`SlidingPuzzle::with_duplicate_pruning`](super::SlidingPuzzle::with_duplicate_pruning)
    /// was asked to compare sequences of no slides, or of more than
    /// [`DuplicatePruning::DEEPEST`](super::DuplicatePruning::DEEPEST).
    PruningDepth {
        /// The depth asked for.
        depth: usize,
    },
    /// [`SlidingPuzzle::with_duplicate_pruning`](super::SlidingPuzzle::with_duplicate_pruning)
    /// was asked for a depth whose sequences are too many to keep on this board (a 10 × 10
    /// board's at depth 14; the 24-puzzle's at 16 are kept): a smaller depth builds.
    PruningTooLarge {
        /// The depth asked for.
        depth: usize,
    },
    /// The heuristic cannot be built for this board
    /// ([`TileHeuristic::try_new`](crate::heuristics::TileHeuristic::try_new) says why: a
    /// pattern database too large for the board, say).
    Heuristic(crate::heuristics::HeuristicError),
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Start => "start",
            Self::Goal => "goal",
        })
    }
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnsupportedSize {
                width,
                height,
                cells,
            } if (2..=256).contains(cells) => write!(
                f,
                "a {width} x {height} board does not have the {cells} cells of this puzzle type \
                 (SlidingPuzzle<{cells}>)"
            ),
            Self::UnsupportedSize { cells, .. } => write!(
                f,
                "a puzzle of {cells} cells is not supported: boards have 2 to 256 cells"
            ),
            Self::WrongCellCount {
                layout,
                expected,
                found,
            } => write!(f, "{layout} layout has {found} cells, expected {expected}"),
            Self::NotANumber {
                layout,
                position,
                token,
            } => write!(
                f,
                "{layout} layout: '{token}' at position {} is not a number or 'x'",
                position + 1
            ),
            Self::NumberTooLong {
                layout,
                position,
                digits,
                largest,
            } => write!(
                f,
                "{layout} layout: the {digits}-digit number at position {} is too long for a tile \
                 (tiles are 0 to {largest})",
                position + 1
            ),
            Self::OutOfRange {
                layout,
                position,
                value,
                largest,
            } => write!(
                f,
                "{layout} layout: {value} at position {} is out of range (tiles are 0 to {largest})",
                position + 1
            ),
            Self::NotATile {
                layout,
                position,
                largest,
            } => write!(
                f,
                "{layout} layout: the value at position {} is not a tile (tiles are 0 to {largest})",
                position + 1
            ),
            Self::DuplicateTile {
                layout,
                tile,
                first,
                second,
                missing,
            } => write!(
                f,
                "{layout} layout: tile {tile} appears twice, at positions {} and {} (tile {missing} is missing)",
                first + 1,
                second + 1
            ),
            Self::Unsolvable => {
                f.write_str("unsolvable: the goal cannot be reached from the start")
            }
            Self::HeuristicMismatch => {
                f.write_str("the heuristic was built for another board size or goal layout")
            }
            Self::PruningDepth { depth } => write!(
                f,
                "duplicate pruning compares sequences of 1 to {} slides, not {depth}",
                super::DuplicatePruning::DEEPEST
            ),
            Self::PruningTooLarge { depth } => write!(
                f,
                "duplicate pruning to depth {depth} has too many sequences to keep on this board: \
                 ask for less depth"
            ),
            Self::Heuristic(reason) => write!(f, "the heuristic cannot be built: {reason}"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// Reads a layout of `cells` cells from text, by the rule every puzzle of the crate reads
/// boards by ([`puzzles`](crate::puzzles#reading-boards-from-text)): numbers separated by
/// whitespace, `x` (or `X`) for the blank, and on boards of at most 10 cells (where every
/// tile is one digit) the spaces optional.
///
/// The count is checked here, the values are not:
/// [`SlidingPuzzle::new`](super::SlidingPuzzle::new) checks them against the puzzle.
///
/// ```
/// use informed::puzzles::sliding_tile::{parse_layout, Layout};
///
/// let board = [2, 8, 3, 1, 0, 4, 7, 6, 5];
/// assert_eq!(parse_layout("283104765", 9, Layout::Start)?, board);
/// assert_eq!(parse_layout("283 104 765", 9, Layout::Start)?, board);
/// assert_eq!(parse_layout("2 8 3\n1 x 4\n7 6 5", 9, Layout::Start)?, board);
/// assert_eq!(parse_layout("1 2 3\n4 x 5", 6, Layout::Start)?, [1, 2, 3, 4, 0, 5]);
/// assert_eq!(parse_layout("12 0 x", 12, Layout::Goal).unwrap_err().to_string(),
///            "goal layout has 3 cells, expected 12");
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn parse_layout(text: &str, cells: usize, layout: Layout) -> Result<Vec<u64>, PuzzleError> {
    let read = text::read_cells(text, cells, cells <= 10, true).map_err(|bad| match bad {
        BadCell::NotANumber { position, token } => PuzzleError::NotANumber {
            layout,
            position,
            token,
        },
        BadCell::TooLong { position, digits } => PuzzleError::NumberTooLong {
            layout,
            position,
            digits,
            largest: cells.saturating_sub(1),
        },
    })?;
    if read.count != cells {
        return Err(PuzzleError::WrongCellCount {
            layout,
            expected: cells,
            found: read.count,
        });
    }
    Ok(read.values)
}

/// The values of `tiles`, of any integer type, widened to `u64`; a negative one (or one past
/// `u64::MAX`) is no tile.
pub(super) fn widen<const N: usize, T: Copy + TryInto<u64>>(
    tiles: &[T],
    layout: Layout,
) -> Result<Vec<u64>, PuzzleError> {
    tiles
        .iter()
        .enumerate()
        .map(|(position, &tile)| {
            tile.try_into().map_err(|_| PuzzleError::NotATile {
                layout,
                position,
                largest: N.saturating_sub(1),
            })
        })
        .collect()
}

/// Checks that `values` is a layout of `N` cells (a permutation of `0..N`).
pub(super) fn check_layout<const N: usize>(
    values: &[u64],
    layout: Layout,
) -> Result<[u8; N], PuzzleError> {
    if values.len() != N {
        return Err(PuzzleError::WrongCellCount {
            layout,
            expected: N,
            found: values.len(),
        });
    }
    let mut tiles = [0u8; N];
    let mut seen_at = [usize::MAX; N];
    for (position, &value) in values.iter().enumerate() {
        if value >= N as u64 {
            return Err(PuzzleError::OutOfRange {
                layout,
                position,
                value,
                largest: N - 1,
            });
        }
        let tile = value as usize;
        if seen_at[tile] != usize::MAX {
            // N values in 0..N with one repeated: some tile is absent.
            let missing = (0..N).find(|&m| !values.contains(&(m as u64))).unwrap_or(0) as u8;
            return Err(PuzzleError::DuplicateTile {
                layout,
                tile: tile as u8,
                first: seen_at[tile],
                second: position,
                missing,
            });
        }
        seen_at[tile] = position;
        tiles[position] = tile as u8;
    }
    Ok(tiles)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::SlidingPuzzle;

    #[test]
    fn parses_every_text_form() {
        let expected = [2, 8, 3, 1, 0, 4, 7, 6, 5];
        for text in [
            "283104765",
            "2 8 3 1 0 4 7 6 5",
            "2 8 3\n1 x 4\n7 6 5",
            "2831X4765",
        ] {
            assert_eq!(
                parse_layout(text, 9, Layout::Start).unwrap(),
                expected,
                "{text}"
            );
        }
    }

    #[test]
    fn rejects_bad_layouts_with_their_position() {
        let err = |start: &str| SlidingPuzzle::<9>::parse(3, 3, start, "123456780").unwrap_err();
        assert!(matches!(
            err("12345678"),
            PuzzleError::WrongCellCount { found: 8, .. }
        ));
        assert!(matches!(
            err("1 2 3 4 5 6 7 8 9"),
            PuzzleError::OutOfRange {
                position: 8,
                value: 9,
                ..
            }
        ));
        assert!(matches!(
            err("1 2 3 4 5 6 7 8 y"),
            PuzzleError::NotANumber { position: 8, .. }
        ));
        assert_eq!(
            err("123456781"),
            PuzzleError::DuplicateTile {
                layout: Layout::Start,
                tile: 1,
                first: 0,
                second: 8,
                missing: 0
            }
        );
        assert_eq!(err("213456780"), PuzzleError::Unsolvable);
        assert!(matches!(
            SlidingPuzzle::<9>::parse(3, 3, "123456780", "123456788").unwrap_err(),
            PuzzleError::DuplicateTile {
                layout: Layout::Goal,
                tile: 8,
                missing: 0,
                ..
            }
        ));
        assert!(matches!(
            SlidingPuzzle::<9>::parse(4, 2, "123456780", "123456780").unwrap_err(),
            PuzzleError::UnsupportedSize {
                width: 4,
                height: 2,
                cells: 9
            }
        ));
    }
}
