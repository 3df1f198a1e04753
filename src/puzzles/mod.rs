//! Puzzles shipped with the crate, one per file, each a [`SearchProblem`](crate::SearchProblem).
//!
//! # Reading boards from text
//!
//! Every puzzle here, and every example program, reads a board by one rule:
//!
//! - the cells come in order, row by row, separated by whitespace (spaces, tabs, line breaks);
//! - a cell is a decimal number, ASCII digits only;
//! - where every cell holds one digit (the 8-puzzle's tiles 0–8, the rotation game's 1–3),
//!   the whitespace is optional: `283104765`, `283 104 765` and `2 8 3 1 0 4 7 6 5` are the
//!   same board (as Luogu P1379 and POJ 2286 accept);
//! - on sliding-tile boards `x` (or `X`) may stand for the blank, as POJ 1077 writes it.
//!
//! Anything else is an error ([`PuzzleError`], [`RotationGameError`]) that names the cell's
//! position, counted from one, and quotes at most the first 16 characters of a bad token, so
//! that a huge line of garbage never floods a terminal.
//!
//! ```
//! use informed::puzzles::{PuzzleError, RotationGame, SlidingPuzzle};
//!
//! let eight = SlidingPuzzle::<9>::parse(3, 3, "283 104 765", "123 8x4 765")?;
//! let fifteen = SlidingPuzzle::<16>::parse(
//!     4,
//!     4,
//!     "1 2 3 4\n6 7 8 x\n5 10 11 12\n9 13 14 15",
//!     "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
//! )?;
//! let game: RotationGame = "111132323132231222312133".parse().expect("24 digits");
//! let long = "9".repeat(1 << 20);
//! let message = SlidingPuzzle::<16>::parse(4, 4, &format!("1 2 {long}"), "0 1 2")
//!     .unwrap_err()
//!     .to_string();
//! assert!(message.len() < 120, "{message}");
//! # Ok::<(), PuzzleError>(())
//! ```

mod arrangement;
pub mod grid;
pub mod hanoi;
pub mod pancake;
pub mod rotation_game;
pub mod rubiks_cube;
pub mod sliding_tile;
mod text;
pub mod topspin;

pub use arrangement::ArrangementError;
pub use hanoi::Hanoi;
pub use pancake::Pancake;
pub use rotation_game::{RotationGame, RotationGameError};
pub use sliding_tile::{Board, Layout, PuzzleError, Slide, SlidingPuzzle};
pub use topspin::TopSpin;
