//! Heuristics kept apart from the puzzles, so that one puzzle can be searched with any of them:
//! the sliding-tile puzzles' distances, and the pattern databases of any permutation puzzle.
//!
//! A [`TileHeuristic`] (the Manhattan distance, linear conflict, misplaced tiles, their
//! [`Max`], a [`PatternDatabase`]) is built once for a sliding puzzle's size and goal layout,
//! evaluated once on the start, and then updated incrementally as each move slides one tile
//! into the blank: the puzzle caches the value in its state, so the engines read it for free.
//!
//! [`pattern_database`] builds tables of exact distances in an abstraction of any puzzle whose
//! states are arrangements of pieces, from the puzzle's own moves. The heuristics that belong
//! to one domain alone (the pancakes' gap count, TopSpin's, Hanoi's and the cube's databases)
//! live with their puzzles in [`puzzles`](crate::puzzles).

mod linear_conflict;
mod manhattan;
mod max;
mod misplaced;
pub mod pattern_database;

pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use max::Max;
pub use misplaced::MisplacedTiles;
pub use pattern_database::PatternDatabase;

use core::fmt;
use std::sync::Arc;

use pattern_database::PdbError;

/// Why a [`TileHeuristic`] cannot serve a board ([`TileHeuristic::try_new`]), as
/// [`PuzzleError::Heuristic`](crate::puzzles::PuzzleError::Heuristic) reports it.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum HeuristicError {
    /// Its tables would take more memory than it may.
    TooLarge {
        /// The bytes they would take (`None`: too many to count).
        bytes: Option<u128>,
        /// The most they may take.
        limit: u128,
    },
    /// A pattern database could not be built for the board.
    Database(Arc<PdbError>),
}

/// Equal when the same kind of failure says the same (a database's error by what it says).
impl PartialEq for HeuristicError {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (
                Self::TooLarge { bytes, limit },
                Self::TooLarge {
                    bytes: other_bytes,
                    limit: other_limit,
                },
            ) => (bytes, limit) == (other_bytes, other_limit),
            (Self::Database(a), Self::Database(b)) => {
                Arc::ptr_eq(a, b) || a.to_string() == b.to_string()
            }
            _ => false,
        }
    }
}

impl Eq for HeuristicError {}

impl fmt::Display for HeuristicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooLarge { bytes, limit } => match bytes {
                Some(bytes) => write!(f, "its tables take {bytes} bytes, over the {limit} allowed"),
                None => write!(
                    f,
                    "its tables take too many bytes, over the {limit} allowed"
                ),
            },
            Self::Database(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for HeuristicError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Database(error) => Some(&**error),
            Self::TooLarge { .. } => None,
        }
    }
}

/// The [`IncrementalHeuristic`] items of a heuristic whose
/// [`Prediction`](IncrementalHeuristic::Prediction)
/// of a child is what the child keeps (`$kept`, its `Kept`): the children predicted one by one
/// ([`predict_each`]), and a prediction kept as it is. The crate's distances use it.
macro_rules! prediction_is_kept {
    ($kept:ty) => {
        type Prediction = $kept;

        #[inline]
        fn predict_children(
            &self,
            before: $kept,
            tiles: &[u8; N],
            to: usize,
            from: [usize; 4],
            open: u8,
            _cut: impl FnMut(usize, u32) -> bool,
        ) -> $crate::heuristics::ChildPredictions<$kept> {
            $crate::heuristics::predict_each(self, before, tiles, to, from, open)
        }

        #[inline]
        fn predicted(&self, _before: $kept, prediction: $kept) -> $kept {
            prediction
        }
    };
}
pub(crate) use prediction_is_kept;

/// What [`IncrementalHeuristic::predict_children`] gives: for each of a board's four slides, the
/// child's heuristic value and its prediction, or `None`.
pub type ChildPredictions<P> = [Option<(u32, P)>; 4];

/// An admissible heuristic for a sliding-tile puzzle of `N` cells, written by a user: build it
/// for a board and goal, and evaluate a board. [`SlidingPuzzle`](crate::puzzles::SlidingPuzzle)
/// keeps its value in the board and, by default, evaluates each child whole; an
/// [`update`](Self::update) from the parent's value and the one tile that moved makes that
/// cheaper, and a [`predict`](Self::predict) lets IDA\* cut a child off before making it.
/// (The crate's own heuristics implement [`IncrementalHeuristic`], which keeps more than the
/// value.)
///
/// Cells are numbered row by row from zero; tile 0 is the blank. The value must never
/// overestimate the number of moves to the goal layout the heuristic was built for, and must
/// be zero on it.
///
/// ```
/// use informed::heuristics::TileHeuristic;
/// use informed::puzzles::SlidingPuzzle;
/// use informed::ida_star;
///
/// /// Tiles out of place.
/// #[derive(Clone)]
/// struct OutOfPlace([u8; 9]);
///
/// impl TileHeuristic<9> for OutOfPlace {
///     fn new(_width: usize, _height: usize, goal: &[u8; 9]) -> Self {
///         OutOfPlace(*goal)
///     }
///     fn evaluate(&self, tiles: &[u8; 9]) -> u32 {
///         (0..9).filter(|&cell| tiles[cell] != 0 && tiles[cell] != self.0[cell]).count() as u32
///     }
/// }
///
/// let puzzle = SlidingPuzzle::<9, OutOfPlace>::parse(3, 3, "283104765", "123804765")?;
/// assert_eq!(ida_star(&puzzle).into_solution().map(|s| s.cost), Some(4));
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub trait TileHeuristic<const N: usize>: Clone {
    /// Builds the heuristic for a `width` × `height` board whose goal has tile `goal[cell]` at
    /// each cell. The puzzle has already checked that `goal` is a permutation of `0..N`.
    fn new(width: usize, height: usize, goal: &[u8; N]) -> Self;

    /// The heuristic value of the board whose cells hold `tiles`.
    fn evaluate(&self, tiles: &[u8; N]) -> u32;

    /// The value after `tile` slid from cell `from` into the blank at cell `to`, given the
    /// value `before` the move; `tiles` is the board after the move. Defaults to
    /// [`evaluate`](Self::evaluate) of the board.
    #[inline]
    fn update(&self, before: u32, tiles: &[u8; N], tile: u8, from: usize, to: usize) -> u32 {
        let _ = (before, tile, from, to);
        self.evaluate(tiles)
    }

    /// The value after `tile` would slide from `from` into the blank at `to`, worked out
    /// before the move from the value `before` it and the board `tiles` before it, or `None`
    /// (the default) if it needs the board after the move. It must agree with
    /// [`update`](Self::update).
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

    /// [`new`](Self::new), or why the heuristic cannot serve this board (its tables would
    /// not fit in memory, say), as [`PuzzleError::Heuristic`](crate::puzzles::PuzzleError::Heuristic)
    /// reports it. Defaults to `Ok(new(…))`.
    fn try_new(width: usize, height: usize, goal: &[u8; N]) -> Result<Self, HeuristicError> {
        Ok(Self::new(width, height, goal))
    }

    /// Whether this heuristic fits a `width` × `height` board with this goal. Defaults to
    /// `true`; a heuristic built for one size and goal checks them.
    fn matches(&self, width: usize, height: usize, goal: &[u8; N]) -> bool {
        let _ = (width, height, goal);
        true
    }
}

/// A [`TileHeuristic`] keeps its value, and predicts its children one by one.
impl<const N: usize, H: TileHeuristic<N>> IncrementalHeuristic<N> for H {
    type Kept = u32;
    type Prediction = u32;

    fn new(width: usize, height: usize, goal: &[u8; N]) -> Self {
        TileHeuristic::new(width, height, goal)
    }
    fn try_new(width: usize, height: usize, goal: &[u8; N]) -> Result<Self, HeuristicError> {
        TileHeuristic::try_new(width, height, goal)
    }
    #[inline]
    fn evaluate(&self, tiles: &[u8; N]) -> u32 {
        TileHeuristic::evaluate(self, tiles)
    }
    #[inline]
    fn update(&self, before: u32, tiles: &[u8; N], tile: u8, from: usize, to: usize) -> u32 {
        TileHeuristic::update(self, before, tiles, tile, from, to)
    }
    #[inline]
    fn value(&self, kept: u32) -> u32 {
        kept
    }
    fn matches(&self, width: usize, height: usize, goal: &[u8; N]) -> bool {
        TileHeuristic::matches(self, width, height, goal)
    }
    #[inline]
    fn predict(
        &self,
        before: u32,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<u32> {
        TileHeuristic::predict(self, before, tiles, tile, from, to)
    }
    #[inline]
    fn predict_children(
        &self,
        before: u32,
        tiles: &[u8; N],
        to: usize,
        from: [usize; 4],
        open: u8,
        _cut: impl FnMut(usize, u32) -> bool,
    ) -> ChildPredictions<u32> {
        predict_each(self, before, tiles, to, from, open)
    }
    #[inline]
    fn predicted(&self, _before: u32, prediction: u32) -> u32 {
        prediction
    }
}

/// A sliding-tile heuristic kept incrementally in the board, with what it needs beside its
/// value ([`Kept`](Self::Kept)) and the children's values predicted before they are made:
/// what [`SlidingPuzzle`](crate::puzzles::SlidingPuzzle) searches with. The crate's
/// heuristics implement it for their speed (a [`PatternDatabase`] keeps where each pattern's
/// entry is, and predicts a board's children together so that their reads overlap); every
/// [`TileHeuristic`] has it, its value as what it keeps.
///
/// Cells are numbered row by row from zero; tile 0 is the blank. Implementations must never
/// overestimate the number of moves to the goal layout they were built for, and must be zero
/// on it.
pub trait IncrementalHeuristic<const N: usize>: Clone {
    /// Builds the heuristic for a `width` × `height` board whose goal has tile `goal[cell]` at
    /// each cell. The puzzle has already checked that `goal` is a permutation of `0..N`.
    fn new(width: usize, height: usize, goal: &[u8; N]) -> Self;

    /// [`new`](Self::new), or why the heuristic cannot serve this board (its tables would
    /// not fit in memory, say). [`SlidingPuzzle::new`](crate::puzzles::SlidingPuzzle::new)
    /// builds its heuristic with this and reports a refusal as
    /// [`PuzzleError::Heuristic`](crate::puzzles::PuzzleError::Heuristic). Defaults to
    /// `Ok(new(…))`.
    fn try_new(width: usize, height: usize, goal: &[u8; N]) -> Result<Self, HeuristicError> {
        Ok(Self::new(width, height, goal))
    }

    /// What the heuristic keeps in a board to update its value move by move: the value
    /// itself (`u64` for [`Manhattan`]), or more (a [`PatternDatabase`] keeps where each
    /// pattern's entry is in its table, so that a move changes the index instead of working
    /// it out again). Boards hold it, so it is copied with them: keep it small.
    type Kept: Copy + Eq + core::fmt::Debug + Send + Sync;

    /// What the heuristic keeps in a board, computed on a whole board.
    fn evaluate(&self, tiles: &[u8; N]) -> Self::Kept;

    /// What is kept after `tile` slid from cell `from` into the blank at cell `to`, given what
    /// was kept `before` the move; `tiles` is the board after the move.
    fn update(
        &self,
        before: Self::Kept,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::Kept;

    /// The heuristic value of what is kept.
    fn value(&self, kept: Self::Kept) -> u32;

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
        before: Self::Kept,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<Self::Kept> {
        let _ = (before, tiles, tile, from, to);
        None
    }

    /// Whether [`predict_children`](Self::predict_children) is worth calling instead of
    /// [`predict`](Self::predict) child by child: the puzzle then predicts every child of a
    /// board before it visits any. Defaults to `false`; a heuristic whose tables lie far in
    /// memory (a pattern database) sets it, so that the reads of all the children's entries
    /// are in flight together instead of one after another.
    const PREDICTS_CHILDREN: bool = false;

    /// What [`predict_children`](Self::predict_children) gives for a child: its heuristic
    /// value, and what the child will keep, made from it by
    /// [`predicted`](Self::predicted) only if the search makes the child. A heuristic
    /// whose `Kept` costs nothing to make names `Self::Kept` here, as the crate's distances
    /// do; a pattern database keeps the entries it read and the ranks it worked out, and
    /// makes its whole [`PdbKept`](crate::heuristics::pattern_database::PdbKept) only for the children IDA* does
    /// not cut off (about half of them).
    type Prediction: Copy;

    /// For each slide into the blank at `to` of the tile at `from[i]`, for each `i` whose bit
    /// is set in `open` (`None` elsewhere, and where [`predict`](Self::predict) would give
    /// `None`): the child's heuristic value and its [`Prediction`](Self::Prediction); `tiles`
    /// and `before` are the board before the moves and what it keeps. The value must be
    /// `predict`'s, and [`predicted`](Self::predicted) must give what `predict` gives.
    ///
    /// A heuristic that learns a lower bound on a child's value before the whole of it (one
    /// of two sums, one of several tables) may offer it to `cut`, with the child's `i`:
    /// `true` means the search has cut the child off and counted it: offer it nothing more
    /// and read nothing more for it; what is given for it is ignored. [`predict_each`]
    /// writes this method for a heuristic whose `Prediction` is its `Kept`, and offers
    /// nothing.
    fn predict_children(
        &self,
        before: Self::Kept,
        tiles: &[u8; N],
        to: usize,
        from: [usize; 4],
        open: u8,
        cut: impl FnMut(usize, u32) -> bool,
    ) -> ChildPredictions<Self::Prediction>;

    /// What the child a [`Prediction`](Self::Prediction) was made for keeps, given what its
    /// parent kept (`before`).
    fn predicted(&self, before: Self::Kept, prediction: Self::Prediction) -> Self::Kept;
}

/// [`IncrementalHeuristic::predict_children`] by
/// [`predict`](IncrementalHeuristic::predict) child by child, for a heuristic whose
/// [`Prediction`](IncrementalHeuristic::Prediction) is what it keeps (its
/// [`predicted`](IncrementalHeuristic::predicted) then gives the prediction back as it is).
#[inline]
pub fn predict_each<const N: usize, H: IncrementalHeuristic<N>>(
    heuristic: &H,
    before: H::Kept,
    tiles: &[u8; N],
    to: usize,
    from: [usize; 4],
    open: u8,
) -> ChildPredictions<H::Kept> {
    core::array::from_fn(|i| {
        let tile = *tiles.get(from[i]).filter(|_| open & 1 << i != 0)?;
        let kept = heuristic.predict(before, tiles, tile, from[i], to)?;
        Some((heuristic.value(kept), kept))
    })
}
