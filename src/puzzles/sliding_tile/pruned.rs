//! A sliding puzzle whose depth-first searches prune the slide sequences that lead where a
//! shorter or earlier one leads, through a [`DuplicatePruning`].

use core::ops::ControlFlow;
use std::sync::Arc;

use super::duplicates::UNKNOWN;
use super::{Board, DuplicatePruning, PuzzleError, Slide, SlidingPuzzle};
use crate::heuristics::{IncrementalHeuristic, Manhattan};
use crate::problem::{ChildVisitor, MoveBuffer, PackedStates, SearchProblem};

/// A [`SlidingPuzzle`] whose depth-first searches prune every sequence of slides that leads
/// where a shorter one, or an equally long one tried first, leads:
/// [`SlidingPuzzle::with_duplicate_pruning`] makes one.
///
/// It is the same problem (the same boards, slides and heuristic) through fewer nodes: the
/// least sequence to each board is never pruned, so the searches find the same optimal
/// costs. The engines that walk the tree through
/// [`SearchProblem::visit_children`] prune ([`ida_star`](crate::ida_star), parallel IDA*,
/// [`rbfs`](crate::rbfs)): its `visit_children` visits fewer children than
/// [`moves`](SearchProblem::moves) lists, as the trait allows for such pruning. The other
/// engines search it as the puzzle itself (A\* keeps one path to each board, and pruning by
/// the path a board was first reached by would not be safe there). A puzzle without it pays
/// nothing for it: the pruning is this type's, not a test in the puzzle's loop.
#[derive(Clone, Debug)]
pub struct PrunedPuzzle<const N: usize, H = Manhattan<N>> {
    puzzle: SlidingPuzzle<N, H>,
    pruning: Arc<DuplicatePruning>,
}

impl<const N: usize, H: IncrementalHeuristic<N>> SlidingPuzzle<N, H> {
    /// The same puzzle, its depth-first searches pruning every sequence of slides that leads
    /// where a shorter one, or an equally long one tried first, leads: a finite-state machine
    /// (Taylor and Korf 1993) that knows every such sequence of at most `depth` slides
    /// ([`DuplicatePruning`]).
    ///
    /// A depth of 12 to 14 builds in a second or a few and prunes the 15- and 24-puzzle's
    /// trees about as much as deeper ones, whose machines grow faster than what they prune
    /// (BENCHMARKS.md has the figures). The machine is shared by the puzzles
    /// [`PrunedPuzzle::with_start`] makes from this one.
    ///
    /// Fails with [`PuzzleError::PruningDepth`] if `depth` is 0 or beyond
    /// [`DuplicatePruning::DEEPEST`], and with [`PuzzleError::PruningTooLarge`] if the board
    /// has too many sequences of `depth` slides to keep (the time and memory of the build grow
    /// steeply with the depth, and with the cells).
    ///
    /// ```
    /// use informed::ida_star;
    /// use informed::puzzles::{sliding_tile, SlidingPuzzle};
    ///
    /// let goal = sliding_tile::blank_first::<16>();
    /// let puzzle = SlidingPuzzle::<16>::new(
    ///     4,
    ///     4,
    ///     &[14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15],
    ///     &goal,
    /// )?;
    /// let pruned = puzzle.with_duplicate_pruning(12)?;
    /// let (all, fewer) = (ida_star(&puzzle), ida_star(&pruned));
    /// assert_eq!(all.solution().map(|s| s.cost), Some(45));
    /// assert_eq!(fewer.solution().map(|s| s.cost), Some(45));
    /// assert!(fewer.stats.generated < all.stats.generated);
    /// # Ok::<(), informed::puzzles::PuzzleError>(())
    /// ```
    pub fn with_duplicate_pruning(&self, depth: usize) -> Result<PrunedPuzzle<N, H>, PuzzleError> {
        let pruning = DuplicatePruning::new(&self.neighbour, depth)?;
        Ok(PrunedPuzzle {
            puzzle: self.clone(),
            pruning: Arc::new(pruning),
        })
    }
}

impl<const N: usize, H: IncrementalHeuristic<N>> PrunedPuzzle<N, H> {
    /// The same puzzle (size, goal, heuristic tables and pruning) from another start layout,
    /// checked as [`SlidingPuzzle::with_start`] checks it.
    pub fn with_start<T: Copy + TryInto<u64>>(&self, start: &[T]) -> Result<Self, PuzzleError> {
        Ok(PrunedPuzzle {
            puzzle: self.puzzle.with_start(start)?,
            pruning: Arc::clone(&self.pruning),
        })
    }

    /// The puzzle, without the pruning.
    pub fn puzzle(&self) -> &SlidingPuzzle<N, H> {
        &self.puzzle
    }

    /// The pruning.
    pub fn pruning(&self) -> &DuplicatePruning {
        &self.pruning
    }

    /// `board` with the machine started afresh at its blank: the slides before are not
    /// known, which prunes less but never wrongly.
    #[inline]
    fn afresh(&self, mut board: Board<N, H::Kept>) -> Board<N, H::Kept> {
        board.after = self.pruning.root(board.blank as usize);
        board
    }
}

impl<const N: usize, H: IncrementalHeuristic<N>> SearchProblem for PrunedPuzzle<N, H> {
    type State = Board<N, H::Kept>;
    type Move = Slide;
    type Cost = u32;

    fn start(&self) -> Board<N, H::Kept> {
        self.afresh(self.puzzle.start())
    }

    #[inline]
    fn is_goal(&self, board: &Board<N, H::Kept>) -> bool {
        self.puzzle.is_goal(board)
    }

    #[inline]
    fn heuristic(&self, board: &Board<N, H::Kept>) -> u32 {
        self.puzzle.heuristic(board)
    }

    #[inline]
    fn moves(&self, board: &Board<N, H::Kept>, moves: &mut MoveBuffer<Slide, u32>) {
        self.puzzle.moves(board, moves);
    }

    /// The puzzle's slide, the machine following it. After a slide the machine prunes, it no
    /// longer knows the slides that made the board, nor after any slide from there: the
    /// depth-first engines undo a move by its inverse, which the machine always prunes, and
    /// the board must then be as it was, its children all searched. Such a board's children
    /// are searched as from a fresh start at the board, which prunes less, never wrongly
    /// (a history the machine guessed could prune wrongly).
    #[inline]
    fn apply(&self, board: &mut Board<N, H::Kept>, slide: Slide) {
        let blank = usize::from(board.blank);
        let after = if board.after == UNKNOWN {
            UNKNOWN
        } else {
            let row = self.pruning.row(board.after, blank);
            if row.open & 1 << slide as u8 != 0 {
                row.next[slide as usize]
            } else {
                UNKNOWN
            }
        };
        self.puzzle.apply(board, slide);
        board.after = if usize::from(board.blank) == blank {
            // Not a slide of this board: nothing moved.
            self.pruning.root(blank)
        } else {
            after
        };
    }

    #[inline]
    fn heuristic_after(&self, board: &Board<N, H::Kept>, slide: Slide) -> Option<u32> {
        self.puzzle.heuristic_after(board, slide)
    }

    #[inline]
    fn inverse(&self, slide: Slide) -> Option<Slide> {
        self.puzzle.inverse(slide)
    }

    /// The puzzle's children, less the slides the machine prunes after the board's, each
    /// child in the machine's state after its slide: fewer children than
    /// [`moves`](Self::moves) lists, which is the point (see [`PrunedPuzzle`]).
    #[inline]
    fn visit_children<V: ChildVisitor<Self>>(
        &self,
        board: &mut Board<N, H::Kept>,
        skip: Option<Slide>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        let Some(open) = self.puzzle.open_slides(board, skip) else {
            return ControlFlow::Continue(());
        };
        let row = self.pruning.row(board.after, usize::from(board.blank));
        self.puzzle.slides(board, visitor, open & row.open, row)
    }
}

/// Boards pack as the puzzle's; an unpacked board starts the machine afresh.
impl<const N: usize, H: IncrementalHeuristic<N>> PackedStates for PrunedPuzzle<N, H>
where
    SlidingPuzzle<N, H>: PackedStates<State = Board<N, H::Kept>>,
{
    type Packed = <SlidingPuzzle<N, H> as PackedStates>::Packed;

    #[inline]
    fn pack(&self, board: &Board<N, H::Kept>) -> Self::Packed {
        self.puzzle.pack(board)
    }

    #[inline]
    fn unpack(&self, packed: &Self::Packed) -> Board<N, H::Kept> {
        self.afresh(self.puzzle.unpack(packed))
    }
}
