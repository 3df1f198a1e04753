//! Heuristics for the sliding-tile puzzles, kept apart from the puzzle so that one puzzle
//! can be searched with any of them.
//!
//! A [`TileHeuristic`] is built once for a puzzle's size and goal layout, evaluated once on the
//! start, and then updated incrementally as each move slides one tile into the blank: the
//! puzzle caches the value in its state, so the engines read it for free.

mod linear_conflict;
mod manhattan;
mod misplaced;
pub mod pattern_database;

pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use misplaced::MisplacedTiles;
pub use pattern_database::PatternDatabase;

/// An admissible heuristic for a sliding-tile puzzle of `N` cells, kept incrementally.
///
/// Cells are numbered row by row from zero; tile 0 is the blank. Implementations must never
/// overestimate the number of moves to the goal layout they were built for, and must be zero
/// on it.
pub trait TileHeuristic<const N: usize>: Clone {
    /// Builds the heuristic for a `width` × `height` board whose goal has tile `goal[cell]` at
    /// each cell. The puzzle has already checked that `goal` is a permutation of `0..N`.
    fn new(width: usize, height: usize, goal: &[u8; N]) -> Self;

    /// [`new`](Self::new), or why the heuristic cannot serve this board (its tables would
    /// not fit in memory, say). [`SlidingPuzzle::new`](crate::puzzles::SlidingPuzzle::new)
    /// builds its heuristic with this and reports a refusal as
    /// [`PuzzleError::Heuristic`](crate::puzzles::PuzzleError::Heuristic). Defaults to
    /// `Ok(new(…))`.
    fn try_new(width: usize, height: usize, goal: &[u8; N]) -> Result<Self, String> {
        Ok(Self::new(width, height, goal))
    }

    /// What the heuristic keeps in a board: its value, or whatever it needs to update it
    /// (see [`value`](Self::value)), computed on a whole board.
    fn evaluate(&self, tiles: &[u8; N]) -> u64;

    /// What is kept after `tile` slid from cell `from` into the blank at cell `to`, given what
    /// was kept `before` the move; `tiles` is the board after the move.
    fn update(&self, before: u64, tiles: &[u8; N], tile: u8, from: usize, to: usize) -> u64;

    /// The heuristic value of what is kept. Defaults to the kept number itself; a heuristic
    /// that keeps more (one value per pattern packed in one number, say) decodes it here.
    #[inline]
    fn value(&self, kept: u64) -> u32 {
        kept as u32
    }

    /// Whether this heuristic fits a `width` × `height` board with this goal. Defaults to
    /// `true`; a heuristic built for one size and goal (a pattern database) checks them.
    fn matches(&self, width: usize, height: usize, goal: &[u8; N]) -> bool {
        let _ = (width, height, goal);
        true
    }

    /// What would be kept after `tile` slid from `from` into the blank at `to`, computed
    /// before the move from what is kept `before` it and the board `tiles` before it, or
    /// `None` if the heuristic needs the board after the move. It must agree with
    /// [`update`](Self::update). Defaults to `None`.
    #[inline]
    fn predict(
        &self,
        before: u64,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<u64> {
        let _ = (before, tiles, tile, from, to);
        None
    }
}
