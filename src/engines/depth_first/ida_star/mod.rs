//! Iterative-deepening A* (IDA*): the iterative deepening here, one iteration by recursion
//! through `visit_children` (`recursive`) or on an explicit stack (`explicit`), which the
//! recursion hands over to below a few hundred levels.

mod explicit;
mod recursive;

use hashbrown::HashSet;

use crate::cost::Cost;
use crate::engines::depth_first::sweep::Sweeps;
use crate::limits::Watch;
use crate::options::{ProgressEvent, SearchOptions, StopReason};
use crate::problem::{SearchProblem, undo};
use crate::solution::{Outcome, ProblemError, Promise, ResultOf, Stats, solved, solved_at_start};

pub(crate) use recursive::Recursive;

/// Solves `problem` with IDA*, the iterative-deepening A* of Korf (1985), with default options.
///
/// IDA* runs depth-first searches bounded by a cost *threshold* on `f = g + h`: the first
/// threshold is the heuristic of the start, and each next one is the smallest `f` that
/// exceeded the one before. It stores nothing but the current path, so its memory is linear
/// in the solution depth, and it is the engine of choice for puzzles with a good heuristic and
/// few distinct costs, such as the sliding-tile puzzles.
///
/// - **Heuristic:** with an admissible heuristic the solution is optimal. Among optimal
///   solutions, IDA* returns the one whose moves are lexicographically smallest in the order
///   [`SearchProblem::moves`] yields them.
/// - **Work in place:** states are changed by [`apply`](SearchProblem::apply) and restored by
///   applying the [`inverse`](SearchProblem::inverse), or by copying back a small state that
///   owns nothing (through [`SearchProblem::visit_children`], which a problem may override
///   with a tighter loop); nothing is allocated per node. The search recurses like a hand-written IDA*,
///   one small call frame per level, and below 400 levels continues on an explicit stack, so
///   depth is limited by memory only.
/// - **Time:** O(b^d) node generations for branching factor b and solution depth d, times the
///   number of iterations; **memory:** O(d), one move buffer per depth.
/// - **Termination:** on a finite space with no reachable goal, IDA* ends with
///   [`Outcome::NoSolution`]: at once if the space has no cycles, or if it skips the states on
///   the path ([`SearchOptions::detect_cycles`], on by default for a problem without inverse
///   moves); else through breadth-first sweeps of the states reachable from the start, made
///   between iterations once 2²⁰ nodes are generated, each storing four times as many states
///   as the last (from 256 up to 2²², or [`SearchOptions::max_stored`]: zero for no sweeps,
///   nothing stored but the path), and only while together they take at most a hundredth of
///   the search's time. On a larger space, proving by depth-first search that no path exists
///   takes time exponential in the space: [`a_star`](crate::a_star()) or
///   [`bfs`](crate::bfs()) end after visiting each state once. A heuristic may return
///   [`Cost::MAX`] to mark a state from which no goal can be reached: such a state is never
///   expanded.
/// - **Zero-cost cycles:** a cycle of moves that cost nothing keeps an iteration from ever
///   ending, even when a goal is reachable, unless [`SearchOptions::detect_cycles`] is set.
///   The path check (on in debug builds) finds such a cycle on a path over a thousand moves
///   deep and ends the search with [`ProblemError::ZeroCostCycle`].
/// - **Moves without an inverse:** such a move is applied to the state after a copy of it is
///   kept, and undone by restoring the copy: correct, and slower by the cost of the copy.
/// - **One start:** a problem with several [`starts`](SearchProblem::starts) ends with
///   [`ProblemError::SeveralStarts`]; so it does in every
///   depth-first engine.
/// - **Limits** are checked at every child generated, cut off or not.
///
/// Reference: R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
/// search", *Artificial Intelligence* 27 (1985) 97–109.
///
/// ```
/// use informed::ida_star;
/// use informed::puzzles::SlidingPuzzle;
///
/// // Luogu P1379: goal 1 2 3 / 8 0 4 / 7 6 5.
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
/// let result = ida_star(&puzzle);
/// assert_eq!(result.solution().map(|s| s.cost), Some(4));
/// assert_eq!(result.stats.thresholds, [4]);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn ida_star<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    ida_star_with(problem, &SearchOptions::default())
}

/// [`ida_star()`] with options.
pub fn ida_star_with<P: SearchProblem>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    if let Some(refused) = crate::engines::refused_starts(problem) {
        return refused;
    }
    if options.detects_cycles(problem) {
        return recurse::<P, true>(problem, options);
    }
    recurse::<P, false>(problem, options)
}

/// [`ida_star_with`] by recursion, skipping the states on the path with `CYCLES`.
fn recurse<P: SearchProblem, const CYCLES: bool>(
    problem: &P,
    options: &SearchOptions,
) -> ResultOf<P> {
    let mut search = Recursive::<P, CYCLES>::new(problem, problem.start(), options);
    let outcome = solve(&mut search, problem, options);
    ResultOf::<P> {
        outcome,
        stats: search.into_stats(),
    }
}

/// How deep the recursive descent (`recursive::Descent`) goes through
/// [`SearchProblem::visit_children`] before it goes on on the explicit stack the depth-first
/// engines share (`DepthFirst`):
/// deeper than any optimal solution of the 15- or the 24-puzzle (at most 80 and 208 moves),
/// and a few hundred small frames of the call stack (about 110 bytes each for the sliding
/// puzzle), small for any thread's stack.
pub(super) const RECURSION_LIMIT: usize = 400;

/// How many moves of a path that cost nothing in a row make the path check look for a
/// zero-cost cycle among them.
pub(crate) const ZERO_RUN: usize = 1024;

/// Whether a path that ends at `state` passes one state twice, the states before it rebuilt
/// by undoing `back`'s moves on a copy, last first: each move with the state it was applied
/// to, when that was kept because the move cannot be undone. The zero-cost cycle check of the
/// depth-first engines' path check.
#[cold]
#[inline(never)]
pub(crate) fn repeats_a_state<'s, P: SearchProblem>(
    problem: &P,
    state: &P::State,
    back: impl Iterator<Item = (P::Move, Option<&'s P::State>)>,
) -> bool
where
    P::State: 's,
{
    let mut state = state.clone();
    let mut seen = HashSet::new();
    seen.insert(state.clone());
    for (mv, saved) in back {
        match saved {
            Some(saved) => state.clone_from(saved),
            None => undo(problem, &mut state, mv),
        }
        if !seen.insert(state.clone()) {
            return true;
        }
    }
    false
}

/// How one iteration of [`deepen`] ended.
pub(crate) enum Round<C, F> {
    /// It reached a goal: what the engine keeps of it.
    Found(F),
    /// Every path within the threshold was searched: the least next threshold that makes
    /// progress and the one to search next (IDA*'s are one), or `None` if nothing was cut off.
    Exhausted(Option<(C, C)>),
    /// A limit stopped it.
    Stopped(StopReason),
    /// The problem gave a negative or NaN cost or heuristic.
    Invalid(ProblemError),
}

impl<C, F> Round<C, F> {
    /// The same round, a goal's `F` made a `G` by `found`.
    pub(crate) fn map_found<G>(self, found: impl FnOnce(F) -> G) -> Round<C, G> {
        match self {
            Round::Found(goal) => Round::Found(found(goal)),
            Round::Exhausted(next) => Round::Exhausted(next),
            Round::Stopped(reason) => Round::Stopped(reason),
            Round::Invalid(error) => Round::Invalid(error),
        }
    }
}

/// A goal an iteration reached: its moves from the start and its cost.
pub(crate) type Goal<P> = (Vec<<P as SearchProblem>::Move>, <P as SearchProblem>::Cost);

/// One depth-first engine's iterations from the problem's start, for [`deepen`]: IDA*, IDA*_CR,
/// BTS, the count of optimal solutions, parallel IDA*.
pub(crate) trait Rounds<'p, P: SearchProblem> {
    /// What an iteration that reaches a goal gives.
    type Found;
    /// One depth-first search of the whole tree below the start, bounded by `threshold`.
    fn round(&mut self, threshold: P::Cost) -> Round<P::Cost, Self::Found>;
    /// The counts and the limits.
    fn parts(&mut self) -> (&mut Stats<P::Cost>, &Watch<'p, P::Cost>);
    /// Whether a path was passed over because its cost (or cost plus heuristic, or the next
    /// threshold) reached `MAX`: a search that ends with no solution then says
    /// [`StopReason::CostOverflow`].
    fn overflowed(&self) -> bool;
}

/// [`deepen`] for the engines whose goal is one solution ([`Goal`]).
pub(crate) fn solve<'p, P: SearchProblem, R: Rounds<'p, P, Found = Goal<P>>>(
    rounds: &mut R,
    problem: &P,
    options: &SearchOptions,
) -> crate::OutcomeOf<P> {
    let at_start = || solved_at_start(problem, problem.start(), options);
    deepen(rounds, problem, options, at_start, |(moves, cost)| {
        // The recursion works a cost out as threshold less budget: the sum itself for
        // integers, replayed for floats.
        let cost = P::Cost::EXACT.then_some(cost);
        let start = problem.start();
        solved(problem, start, moves, cost, options, Promise::Optimal)
    })
}

/// The iterative deepening every depth-first engine runs its [`Rounds`] in: the cost bound,
/// a start that is a goal (`at_start`), the first threshold, the thresholds and progress
/// reports, and the outcome (of a goal: `found`). A threshold past the cost bound is searched
/// at the bound when the least next one is within it (IDA*_CR's may jump past it), and ends
/// the search otherwise.
pub(crate) fn deepen<'p, P: SearchProblem, R: Rounds<'p, P>, T>(
    rounds: &mut R,
    problem: &P,
    options: &SearchOptions,
    at_start: impl FnOnce() -> Outcome<T, P::Cost>,
    found: impl FnOnce(R::Found) -> Outcome<T, P::Cost>,
) -> Outcome<T, P::Cost> {
    if options.bound_admits_nothing() {
        return Outcome::stopped_by(StopReason::CostBound);
    }
    let start = problem.start();
    if problem.is_goal(&start) {
        return at_start();
    }
    let mut threshold = match start_heuristic(problem, &start) {
        Ok(heuristic) => heuristic,
        Err(outcome) => return outcome,
    };
    let (cost_bound, deadline) = (rounds.parts().1.cost_bound, rounds.parts().1.deadline);
    let mut sweeps = Sweeps::new(options, deadline);
    let mut completed_threshold = None;
    let stopped = |reason, completed_threshold| Outcome::Stopped {
        reason,
        completed_threshold,
        so_far: None,
    };
    // The least threshold that makes progress: the next one, but for IDA*_CR's.
    let mut floor = threshold;
    while threshold < P::Cost::MAX {
        if threshold > cost_bound {
            if floor > cost_bound {
                return stopped(StopReason::CostBound, completed_threshold);
            }
            threshold = cost_bound;
        }
        let (stats, watch) = rounds.parts();
        stats.thresholds.push(threshold);
        let event = ProgressEvent::IterationStarted {
            threshold: threshold.value(),
        };
        watch.report(event, stats, 0, 0);
        match rounds.round(threshold) {
            Round::Found(goal) => return found(goal),
            Round::Invalid(error) => return Outcome::invalid(error),
            Round::Stopped(reason) => return stopped(reason, completed_threshold),
            Round::Exhausted(next) => {
                completed_threshold = Some(threshold);
                let event = ProgressEvent::IterationFinished {
                    threshold: threshold.value(),
                };
                let (stats, watch) = rounds.parts();
                watch.report(event, stats, 0, 0);
                match next {
                    Some(next) => (floor, threshold) = next,
                    None => break,
                }
                if sweeps.prove_no_goal(problem, stats) {
                    return Outcome::NoSolution;
                }
            }
        }
    }
    if rounds.overflowed() {
        return stopped(StopReason::CostOverflow, completed_threshold);
    }
    Outcome::NoSolution
}

/// The heuristic of the start of a depth-first search, or what the engine answers at once: an
/// invalid one (negative or NaN) refused, a dead end (`MAX`, never expanded) with no solution.
pub(crate) fn start_heuristic<P: SearchProblem, T>(
    problem: &P,
    start: &P::State,
) -> Result<P::Cost, Outcome<T, P::Cost>> {
    let heuristic = problem.heuristic(start);
    if !heuristic.is_valid() {
        return Err(Outcome::invalid(invalid_heuristic(heuristic)));
    }
    if heuristic == P::Cost::MAX {
        return Err(Outcome::NoSolution);
    }
    Ok(heuristic)
}

/// The error for an invalid heuristic value.
#[cold]
pub(crate) fn invalid_heuristic<C: Cost>(heuristic: C) -> ProblemError {
    ProblemError::InvalidHeuristic {
        heuristic: heuristic.value(),
    }
}

/// The threshold after `threshold`, when the cheapest child cut off exceeded it by `excess`:
/// `None` if that is infinite. Always above `threshold` (float sums may round to it).
pub(crate) fn next_threshold<C: Cost>(threshold: C, excess: C) -> Option<C> {
    // (An `excess` of `MAX - threshold`, as from a least cut-off of `MAX`, gives `MAX`: none.)
    let next = threshold.saturating_add(excess);
    if next >= C::MAX {
        return None;
    }
    Some(if next > threshold {
        next
    } else {
        threshold.next_up()
    })
}

/// The threshold after `threshold` when the least `f` cut off above it was `least_cut` (`MAX`
/// when none was).
pub(crate) fn threshold_after<C: Cost>(threshold: C, least_cut: C) -> Option<C> {
    next_threshold(threshold, least_cut - threshold)
}
