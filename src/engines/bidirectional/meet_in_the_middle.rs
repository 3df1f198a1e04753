//! MM: bidirectional heuristic search guaranteed to meet in the middle.

use crate::cost::{Cost, max, min};
use crate::engines::bidirectional::front_to_end::{self, Least, Rule, sum_at_most};
use crate::options::SearchOptions;
use crate::problem::Bidirectional;
use crate::solution::ResultOf;

/// Solves `problem` with MM, the bidirectional search of Holte, Felner, Sharon and Sturtevant
/// (2016) that meets in the middle, with default options.
///
/// Two best-first searches, forward from the starts guided by
/// [`heuristic`](crate::SearchProblem::heuristic) and backward from the
/// [`goals`](Bidirectional::goals) guided by
/// [`heuristic_from_start`](Bidirectional::heuristic_from_start), each ordered by
/// `max(g + h, 2g)`; each step expands the state of least priority of either side. No state
/// is expanded at more than half the optimal cost from its side's roots: the two searches
/// meet in the middle, whatever the heuristics. The search ends once the cheapest path met is
/// at most the greatest of four lower bounds on the optimum: the least priority, each side's
/// least `f`, and the sum of the sides' least `g`.
///
/// - **When to use it:** a problem with a goal state (or a few), predecessors, and heuristics
///   both ways, the heuristic weak: MM never expands a state beyond the middle, where A* with
///   a weak heuristic searches a ball as deep as the solution. With a strong heuristic, A* or
///   [`bidirectional_a_star`](crate::bidirectional_a_star()) (BAE*) expand less.
/// - **Heuristics:** both admissible (never above the true cost); the solution is then
///   optimal. A state reached again more cheaply is expanded again.
/// - **Memory:** every state either side generates, in three open lists per side (by
///   priority, by `f`, by `g`).
/// - **Zero-cost moves** are allowed: the sum of least `g` is not raised by the cheapest
///   move's cost, as the paper's `ε` would (the bound is then weaker by one move's cost).
///
/// Reference: R. C. Holte, A. Felner, G. Sharon, N. R. Sturtevant, "Bidirectional search that
/// is guaranteed to meet in the middle", *AAAI* 2016.
///
/// ```
/// use informed::{a_star, meet_in_the_middle};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<16>::parse(4, 4,
///     "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0")?;
/// let both_ways = meet_in_the_middle(&puzzle);
/// assert_eq!(both_ways.solution().map(|s| s.cost), a_star(&puzzle).solution().map(|s| s.cost));
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn meet_in_the_middle<P: Bidirectional>(problem: &P) -> ResultOf<P> {
    meet_in_the_middle_with(problem, &SearchOptions::default())
}

/// [`meet_in_the_middle()`] with options.
pub fn meet_in_the_middle_with<P: Bidirectional>(
    problem: &P,
    options: &SearchOptions,
) -> ResultOf<P> {
    front_to_end::search::<P, Mm>(problem, options)
}

/// MM's rule: a state reached at `g` is ordered by `max(g + h, 2g)`; a path is proven
/// cheapest once no open state on either side can lead to a cheaper one.
struct Mm;

impl Rule for Mm {
    const BOUNDS: bool = true;

    fn priority<C: Cost>(g: C, h: C, _: C) -> C {
        max(sum_at_most(g, h), sum_at_most(g, g))
    }

    fn settled<C: Cost>(best: C, [ahead, behind]: [Least<C>; 2]) -> bool {
        let least = min(ahead.priority, behind.priority);
        let across = sum_at_most(ahead.g, behind.g);
        best <= max(max(least, across), max(ahead.f, behind.f))
    }
}
