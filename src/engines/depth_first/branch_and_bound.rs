//! Depth-first branch and bound: one depth-first search that keeps the best solution found and
//! cuts off every path that cannot beat it.

use crate::engines::depth_first::ida_star::start_heuristic;
use crate::engines::depth_first::stack::{DepthFirst, Ended, OnGoal, Policy};
use crate::options::{SearchOptions, StopReason};
use crate::problem::SearchProblem;
use crate::solution::{Outcome, Promise, ResultOf, solved, solved_at_start};

/// Solves `problem` by depth-first branch and bound, with default options, expanding no node
/// deeper than `max_depth` moves (`None`: no depth limit).
///
/// One depth-first search, in place like [`ida_star`](crate::ida_star()): the first solution
/// found becomes the incumbent, and from then on every child whose `f = g + h` is not below
/// the incumbent's cost is cut off; each cheaper solution found replaces it. When the search
/// ends, the incumbent is optimal (among paths of at most `max_depth` moves).
///
/// - **When to use it:** spaces whose solutions lie at a known, bounded depth (scheduling,
///   assignment, games of fixed length), where every path reaches the bound and IDA*'s
///   repeated iterations would be waste; or with a good initial bound,
///   [`SearchOptions::cost_bound`], from a heuristic solution: then nothing costlier is ever
///   explored.
/// - **Termination:** in a space with cycles, set `max_depth`, a cost bound with positive
///   costs, or [`SearchOptions::detect_cycles`]: otherwise the search can go down a cycle
///   forever before it finds its first solution.
/// - **What it returns:** [`Outcome::Solved`] with an optimal solution (admissible heuristic;
///   `heuristic` may be left at zero). With none found: `Stopped` with
///   [`StopReason::DepthLimit`] if the depth limit left some node unexpanded, or else with
///   [`StopReason::CostBound`] if the cost bound cut some path off; [`Outcome::NoSolution`]
///   only if neither did, every reachable state searched. A limit that stops the search
///   first gives `Stopped`: an incumbent not yet proven optimal is not returned.
/// - **Memory:** O(d) for depth d; nothing is stored per node.
///
/// Reference: E. L. Lawler, D. E. Wood, "Branch-and-bound methods: a survey", *Operations
/// Research* 14(4) (1966) 699–719; W. Zhang, R. E. Korf, "Performance of linear-space search
/// algorithms", *Artificial Intelligence* 79 (1995) 241–292.
///
/// ```
/// use informed::branch_and_bound;
/// use informed::puzzles::SlidingPuzzle;
///
/// // An 8-puzzle 4 moves from its goal: optimal within 6 moves.
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
/// let result = branch_and_bound(&puzzle, Some(6));
/// assert_eq!(result.solution().map(|s| s.cost), Some(4));
/// // Not within 3.
/// assert!(branch_and_bound(&puzzle, Some(3)).solution().is_none());
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn branch_and_bound<P: SearchProblem>(problem: &P, max_depth: Option<usize>) -> ResultOf<P> {
    branch_and_bound_with(problem, max_depth, &SearchOptions::default())
}

/// [`branch_and_bound()`] with options: [`SearchOptions::cost_bound`] is the initial bound
/// (solutions costing more are never looked for).
pub fn branch_and_bound_with<P: SearchProblem>(
    problem: &P,
    max_depth: Option<usize>,
    options: &SearchOptions,
) -> ResultOf<P> {
    if let Some(refused) = crate::engines::refused_starts(problem) {
        return refused;
    }
    let mut search = DepthFirst::new(problem, options, max_depth);
    let outcome = if options.bound_admits_nothing() {
        Outcome::stopped_by(StopReason::CostBound)
    } else if problem.is_goal(search.start()) {
        solved_at_start(problem, problem.start(), options)
    } else if let Err(outcome) = start_heuristic(problem, search.start()) {
        outcome
    } else {
        let mut best = Incumbent::<P> {
            best: None,
            cut_by_bound: false,
        };
        let bound = search.watch.cost_bound;
        match search.search(bound, &mut best) {
            Ended::Stopped(reason) => Outcome::stopped_by(reason),
            Ended::Invalid(error) => Outcome::invalid(error),
            Ended::Exhausted | Ended::AtGoal | Ended::OverBudget => match best.best {
                Some((moves, cost)) => solved(
                    problem,
                    problem.start(),
                    moves,
                    Some(cost),
                    options,
                    Promise::Optimal,
                ),
                None if search.cut_by_depth => Outcome::stopped_by(StopReason::DepthLimit),
                None if best.cut_by_bound => Outcome::stopped_by(StopReason::CostBound),
                None if search.overflowed => Outcome::stopped_by(StopReason::CostOverflow),
                None => Outcome::NoSolution,
            },
        }
    };
    ResultOf::<P> {
        outcome,
        stats: search.stats,
    }
}

/// The best solution so far, and whether the cost bound cut a path off before there was one.
struct Incumbent<P: SearchProblem> {
    best: Option<(Vec<P::Move>, P::Cost)>,
    cut_by_bound: bool,
}

impl<P: SearchProblem> Policy<P> for Incumbent<P> {
    fn cut_off(&mut self, _f: P::Cost) {
        // Until the first solution, the bound is the cost bound of the options.
        self.cut_by_bound |= self.best.is_none();
    }

    fn goal(&mut self, path: &[P::Move], cost: P::Cost) -> OnGoal<P::Cost> {
        // Only cheaper goals get here: the bound is below the incumbent's cost.
        self.best = Some((path.to_vec(), cost));
        OnGoal::Below(cost)
    }
}
