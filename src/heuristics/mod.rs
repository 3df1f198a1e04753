//! Heuristics for the sliding-tile puzzles, kept apart from the puzzle so that one puzzle
//! can be searched with any of them.
//!
//! A [`TileHeuristic`] is built once for a puzzle's size and goal layout, evaluated once on the
//! start, and then updated incrementally as each move slides one tile into the blank: the
//! puzzle caches the value in its state, so the engines read it for free.

mod linear_conflict;
mod manhattan;
mod misplaced;

pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use misplaced::MisplacedTiles;

/// An admissible heuristic for a sliding-tile puzzle of `N` cells, kept incrementally.
///
/// Cells are numbered row by row from zero; tile 0 is the blank. Implementations must never
/// overestimate the number of moves to the goal layout they were built for, and must be zero
/// on it.
pub trait TileHeuristic<const N: usize>: Clone {
    /// Builds the heuristic for a `width` × `height` board whose goal has tile `goal[cell]` at
    /// each cell. The puzzle has already checked that `goal` is a permutation of `0..N`.
    fn new(width: usize, height: usize, goal: &[u8; N]) -> Self;

    /// The value on a whole board.
    fn evaluate(&self, tiles: &[u8; N]) -> u32;

    /// The value after `tile` slid from cell `from` into the blank at cell `to`, given the
    /// value `before` the move; `tiles` is the board after the move.
    fn update(&self, before: u32, tiles: &[u8; N], tile: u8, from: usize, to: usize) -> u32;

    /// The value `tile` sliding from `from` into the blank at `to` would give, computed before
    /// the move from the value `before` it and the board `tiles` before it, or `None` if the
    /// heuristic needs the board after the move. It must agree with
    /// [`update`](Self::update). Defaults to `None`.
    #[inline]
    fn predict(
        &self,
        before: u32,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<u32> {
        let _ = (before, tiles, tile, from, to);
        None
    }
}
