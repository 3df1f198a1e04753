//! Weighted A* and greedy best-first search: faster than A*, at the price of optimality.

use crate::engines::best_first::search::{AsIs, Order, search};
use crate::options::SearchOptions;
use crate::problem::SearchProblem;
use crate::solution::ResultOf;

/// Solves `problem` with weighted A* (Pohl, 1970), with default options: A* ordered by
/// `f = g + w·h` instead of `g + h`.
///
/// - **What it returns:** with an admissible heuristic and `weight >= 1`, a solution that
///   costs at most `weight` times the optimum, usually after far fewer expansions than A*:
///   the heuristic is trusted more than the cost so far. `weight = 1` is A*. A weight below
///   1, or not a number, is taken as 1; an infinite weight is greedy best-first search (the
///   order `g + w·h` tends to; `f64::INFINITY · h` itself would make every state but a goal
///   tie at infinity, and a goal's `0 · ∞` not a number). For integer costs `w·h` is rounded
///   down, which keeps the bound. Where `w·h` passes the cost type's `MAX` it is taken as
///   `MAX`, and the states beyond are queued as ties: for a weight that large, call
///   [`greedy_best_first`].
/// - **When to use it:** a good heuristic, a space where A* stores too much, and a solution
///   close to optimal is enough (grid pathfinding, planning).
/// - **Memory:** every state generated, as A*; states reached more cheaply are reopened.
/// - The debug path check does not check admissibility along the path: a weighted search
///   does not promise an optimal path.
///
/// Reference: I. Pohl, "Heuristic search viewed as path finding in a graph", *Artificial
/// Intelligence* 1 (1970) 193–204.
///
/// ```
/// use informed::{a_star, weighted_a_star};
/// use informed::puzzles::SlidingPuzzle;
///
/// // The hardest 8-puzzle: 31 moves.
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780")?;
/// let optimal = a_star(&puzzle);
/// let quick = weighted_a_star(&puzzle, 2.0);
/// let (best, found) = (optimal.solution().unwrap().cost, quick.solution().unwrap().cost);
/// assert!(best <= found && found <= 2 * best);
/// assert!(quick.stats.expanded < optimal.stats.expanded);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn weighted_a_star<P: SearchProblem>(problem: &P, weight: f64) -> ResultOf<P> {
    weighted_a_star_with(problem, weight, &SearchOptions::default())
}

/// [`weighted_a_star()`] with options.
pub fn weighted_a_star_with<P: SearchProblem>(
    problem: &P,
    weight: f64,
    options: &SearchOptions,
) -> ResultOf<P> {
    // Below 1, or NaN: A*; infinite: by the heuristic alone.
    let order = if weight == f64::INFINITY {
        Order::Greedy
    } else if weight > 1.0 {
        Order::Weighted(weight)
    } else {
        Order::AStar
    };
    search::<P, AsIs>(problem, options, order)
}

/// Solves `problem` with greedy best-first search, with default options: the state with the
/// least heuristic first, whatever it cost to reach.
///
/// - **What it returns:** a path to a goal, usually found after few expansions, with no
///   promise on its cost.
/// - **When to use it:** any path will do, and the heuristic is good at telling which way
///   the goal lies.
/// - **Memory:** every state generated, each stored once (reopened when reached more cheaply).
///
/// ```
/// use informed::greedy_best_first;
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780")?;
/// let solution = greedy_best_first(&puzzle).into_solution().expect("solvable");
/// assert!(solution.cost >= 31); // the optimum is 31 moves
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn greedy_best_first<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    greedy_best_first_with(problem, &SearchOptions::default())
}

/// [`greedy_best_first()`] with options.
pub fn greedy_best_first_with<P: SearchProblem>(
    problem: &P,
    options: &SearchOptions,
) -> ResultOf<P> {
    search::<P, AsIs>(problem, options, Order::Greedy)
}
