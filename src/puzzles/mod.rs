//! Puzzles shipped with the crate, one per file, each a [`SearchProblem`](crate::SearchProblem).

pub mod rotation_game;
pub mod sliding_tile;

pub use rotation_game::{RotationGame, RotationGameError};
pub use sliding_tile::{Board, Layout, PuzzleError, Slide, SlidingPuzzle};
