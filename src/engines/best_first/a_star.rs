//! A*, with one table of states and parent links (the best-first core it shares with
//! Dijkstra, weighted A* and greedy search is in `best_first`).

use crate::engines::best_first::search::{AsIs, Order, Packed, search};
use crate::options::SearchOptions;
use crate::problem::{PackedStates, SearchProblem};
use crate::solution::ResultOf;

/// Solves `problem` with A* (Hart, Nilsson and Raphael, 1968), with default options.
///
/// A* expands states in order of `f = g + h`, cheapest first, and stores every state it
/// generates: each once, in one hash table, with a link to the state it was best reached
/// from; the path is rebuilt from those links. Among equal `f` it prefers the deeper state
/// (larger `g`), then the one queued first. A floating-point `f` counts as equal to another
/// within its last 20 bits of mantissa (6 for `f32`): the same path cost summed in another
/// order must tie too (on a grid's diagonals, several times fewer states expanded); the
/// solution is then optimal to within a factor `1 + 2^-32` (`f32`:
/// `1 + 2^-17`).
///
/// - **When to use it:** when the space fits in memory and many paths lead to the same
///   states, or when costs vary a lot (where IDA* would need many iterations). For puzzles
///   whose space is too large to store, use [`ida_star`](crate::ida_star()).
/// - **Heuristic:** with an admissible heuristic the solution is optimal. A state reached
///   again by a cheaper path is reopened, so a consistent heuristic is not required; with a
///   consistent one, each state is expanded at most once. A state whose heuristic is
///   [`Cost::MAX`](crate::Cost::MAX) is treated as a dead end and never stored, and so is one whose `g + h`
///   reaches `MAX`.
/// - **Time and memory:** O(s log s) time and O(s) memory for the s states whose `f` is below
///   the optimal cost. A* makes each child a state of its own, through
///   [`SearchProblem::children_at_once`] or, by default, a clone and an apply (it needs no
///   inverse moves), and makes no other allocation per node beyond the growth of the table
///   and queue.
/// - **No solution:** in a finite space, the search ends with
///   [`Outcome::NoSolution`](crate::Outcome::NoSolution) once every reachable state is expanded.
///
/// Reference: P. E. Hart, N. J. Nilsson, B. Raphael, "A formal basis for the heuristic
/// determination of minimum cost paths", *IEEE Trans. SSC* 4(2) (1968) 100–107.
///
/// ```
/// use informed::a_star;
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
/// let result = a_star(&puzzle);
/// assert_eq!(result.solution().map(|s| s.cost), Some(4));
/// assert!(result.stats.stored >= 5);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn a_star<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    a_star_with(problem, &SearchOptions::default())
}

/// [`a_star()`] with options.
pub fn a_star_with<P: SearchProblem>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    search::<P, AsIs>(problem, options, Order::AStar)
}

/// [`a_star()`] storing each state in its compact form ([`PackedStates`]): the same search,
/// the same answer and the same counts, in a smaller table.
///
/// A state is packed when it is generated and unpacked when it is expanded. For the
/// 15-puzzle a stored state takes 8 bytes instead of the 32 of a [`Board`], so the table
/// holds four times as many states in the same memory and is hashed and compared faster.
///
/// [`Board`]: crate::puzzles::sliding_tile::Board
///
/// ```
/// use informed::{a_star, a_star_packed};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<16>::parse(4, 4,
///     "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0")?;
/// let packed = a_star_packed(&puzzle);
/// assert_eq!(packed.solution().map(|s| s.cost), Some(1));
/// assert_eq!(packed.stats, a_star(&puzzle).stats);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn a_star_packed<P: PackedStates>(problem: &P) -> ResultOf<P> {
    a_star_packed_with(problem, &SearchOptions::default())
}

/// [`a_star_packed()`] with options.
pub fn a_star_packed_with<P: PackedStates>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    search::<P, Packed>(problem, options, Order::AStar)
}
