//! Bidirectional heuristic search: BAE* (also published as DIBBS), two best-first searches
//! from the starts and from the goals, each ordered by a priority that counts what the other
//! direction's heuristic says.

use crate::cost::Cost;
use crate::engines::bidirectional::front_to_end::{self, Least, Rule, sum_at_most};
use crate::options::SearchOptions;
use crate::problem::Bidirectional;
use crate::solution::ResultOf;

/// Solves `problem` with bidirectional A* in the form of BAE* (Sadhukhan, 2013), also
/// published as DIBBS (Sewell and Jacobson, 2021), with default options.
///
/// Two best-first searches, forward from the starts guided by
/// [`heuristic`](crate::SearchProblem::heuristic), backward from the
/// [`goals`](Bidirectional::goals) guided by
/// [`heuristic_from_start`](Bidirectional::heuristic_from_start). A state reached at cost `g`
/// in one direction is ordered by `b = 2g + h − h'`, where `h` is its heuristic in that
/// direction and `h'` in the other: `g + h` as in A*, plus what the state's `g` exceeds the
/// other direction's estimate of it by. Each step expands the state of least `b` of either
/// side. Every time a state one side reaches is held by the other, the path through it bounds
/// the answer; the search ends once that bound is at most the mean of the two sides' least
/// `b`, which with consistent heuristics proves it optimal.
///
/// - **When to use it:** a problem with a goal state (or a few), predecessors, and heuristics
///   both ways; it tends to win where the heuristic is weak (A* wastes its effort near the
///   start) and to lose where it is strong (then A* expands little beyond the optimal path
///   anyway).
/// - **Heuristics:** both consistent (a heuristic that drops along a move by at most the
///   move's cost: Manhattan, octile, zero); then the solution is optimal.
/// - **Memory:** every state either side generates. Many goal states and a weak heuristic
///   back to the start swell the backward side: on the rotation game (38,610 goal boards)
///   it stores tens of millions of states where IDA* stores none.
///
/// References: S. K. Sadhukhan, "Bidirectional heuristic search based on error estimate",
/// *CSI Journal of Computing* 2 (2013); E. C. Sewell, S. H. Jacobson, "Dynamically improved
/// bounds bidirectional search", *Artificial Intelligence* 291 (2021) 103405.
///
/// ```
/// use informed::{a_star, bidirectional_a_star};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<16>::parse(4, 4,
///     "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0")?;
/// let both_ways = bidirectional_a_star(&puzzle);
/// assert_eq!(both_ways.solution().map(|s| s.cost), a_star(&puzzle).solution().map(|s| s.cost));
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn bidirectional_a_star<P: Bidirectional>(problem: &P) -> ResultOf<P> {
    bidirectional_a_star_with(problem, &SearchOptions::default())
}

/// [`bidirectional_a_star()`] with options.
pub fn bidirectional_a_star_with<P: Bidirectional>(
    problem: &P,
    options: &SearchOptions,
) -> ResultOf<P> {
    front_to_end::search::<P, Bae>(problem, options)
}

/// BAE*'s rule: a state reached at `g` is ordered by `2g + h − h'` (the difference taken as
/// zero if `h'` exceeds `g`, which a consistent heuristic never does), and a path is proven
/// cheapest once the two sides' least priorities add up to twice its cost.
struct Bae;

impl Rule for Bae {
    const BOUNDS: bool = false;

    fn priority<C: Cost>(g: C, h: C, other: C) -> C {
        let gap = if other < g { g - other } else { C::ZERO };
        sum_at_most(sum_at_most(g, h), gap)
    }

    /// Whether `2 · best <= ahead + behind`, worked out without overflow. A priority that
    /// saturated ([`sum_at_most`]) is a lower bound of its own, so the test errs only towards
    /// searching on.
    fn settled<C: Cost>(best: C, [ahead, behind]: [Least<C>; 2]) -> bool {
        let (ahead, behind) = (ahead.priority, behind.priority);
        match (ahead >= best, behind >= best) {
            (true, true) => true,
            (false, false) => false,
            (true, false) => ahead - best >= best - behind,
            (false, true) => behind - best >= best - ahead,
        }
    }
}
