//! Focal search (A*ε): bounded-suboptimal search that expands, among the states whose `f` is
//! within `w` times the least open `f`, the one nearest the goal.

use std::collections::BinaryHeap;

use crate::cost::Cost;
use crate::engines::best_first::keyed::{
    Closed, Entry, Offered, States, at_least_one, least_fresh,
};
use crate::options::SearchOptions;
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{OutcomeOf, Promise, ResultOf};

/// Solves `problem` by focal search (A*ε, Pearl and Kim, 1982), with default options: a
/// solution costing at most `weight` times the optimum.
///
/// Like A*, it keeps the open states by `f = g + h`; unlike A*, it expands not the least `f`
/// but, among the open states whose `f` is at most `weight` times the least (the *focal*
/// list), the one of least heuristic (ties to the deeper): the state that looks nearest the
/// goal, so long as the bound allows it. A goal is returned when it is taken from the focal
/// list, and then costs at most `weight` times the least open `f`, which an admissible
/// heuristic keeps at most the optimum.
///
/// - **What it returns:** with an admissible heuristic and `weight >= 1`, a solution costing
///   at most `weight` times the optimum (below 1, or not a number: 1, which is A* with ties
///   to the least heuristic).
/// - **When to use it:** where the bound must hold on an unweighted `f`, or to compare with
///   the literature's bounded-suboptimal searches. Chasing the least heuristic lets the least
///   `f` lag, so the bound widens slowly: on the sliding-tile puzzle and on grids it expands
///   many times the states [`weighted_a_star`](crate::weighted_a_star()) does at the same
///   weight (`BENCHMARKS.md`), and weighted A* is the better default.
/// - **Memory:** every state generated, as A*; states reached more cheaply are reopened.
/// - The debug path check does not check admissibility along the path: the path is not
///   promised optimal.
///
/// Reference: J. Pearl, J. H. Kim, "Studies in semi-admissible heuristics", *IEEE
/// Transactions on Pattern Analysis and Machine Intelligence* 4(4) (1982) 392–399.
///
/// ```
/// use informed::{a_star, focal_search};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780")?;
/// let found = focal_search(&puzzle, 1.5).into_solution().expect("solvable");
/// assert!(found.cost <= 46); // the optimum is 31 moves: at most 1.5 times that
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn focal_search<P: SearchProblem>(problem: &P, weight: f64) -> ResultOf<P> {
    focal_search_with(problem, weight, &SearchOptions::default())
}

/// [`focal_search()`] with options.
pub fn focal_search_with<P: SearchProblem>(
    problem: &P,
    weight: f64,
    options: &SearchOptions,
) -> ResultOf<P> {
    let mut search = Bounded {
        states: States::new(problem, options),
        lists: Lists {
            closed: Closed::default(),
            by_f: BinaryHeap::new(),
            waiting: BinaryHeap::new(),
            focal: BinaryHeap::new(),
            weight: at_least_one(weight),
            bound: f64::NEG_INFINITY,
        },
    };
    let outcome = search.run(options);
    search.states.into_result(outcome)
}

struct Bounded<'p, P: SearchProblem> {
    states: States<'p, P>,
    lists: Lists,
}

/// Focal search's open states.
struct Lists {
    closed: Closed,
    /// Every open node by `f`; the open nodes not yet in the focal list, by `f`; the focal
    /// list, by heuristic.
    by_f: BinaryHeap<Entry>,
    waiting: BinaryHeap<Entry>,
    focal: BinaryHeap<Entry>,
    weight: f64,
    /// `weight` times the least open `f`: the focal list holds the open nodes within it.
    bound: f64,
}

impl<P: SearchProblem> Bounded<'_, P> {
    fn run(&mut self, options: &SearchOptions) -> OutcomeOf<P> {
        let (states, lists) = (&mut self.states, &mut self.lists);
        if let Err(halt) = states.begin(options, |states, offered| lists.take(states, offered)) {
            return halt;
        }
        let mut moves = MoveBuffer::new();
        loop {
            // The least open `f` sets the focal list's bound; the waiting nodes within it join.
            let closed = &lists.closed;
            let fresh = |entry: &Entry| closed.is_fresh(states, entry);
            let Some(least) = least_fresh(&mut lists.by_f, fresh) else {
                return states.exhausted();
            };
            // Kept at its greatest: every least `f` is at most the optimum (an admissible
            // heuristic), so the bound stays within `weight` times it even where a state
            // reopened lowers the least `f`.
            // (At least the least `f` itself: `0 * inf` is NaN, which `max` passes over.)
            lists.bound = lists.bound.max(least * lists.weight).max(least);
            while let Some(&entry) = lists.waiting.peek() {
                if entry.key > lists.bound {
                    break;
                }
                lists.waiting.pop();
                if lists.closed.is_fresh(states, &entry) {
                    let h = states.h[entry.index as usize].value().as_f64();
                    lists.focal.push(Entry { key: h, ..entry });
                }
            }
            let Some(entry) = lists.focal.pop() else {
                // Every fresh node within the bound is in the focal list, the least among
                // them: not reached while one is fresh.
                continue;
            };
            if !lists.closed.is_fresh(states, &entry) {
                continue;
            }
            let index = entry.index as usize;
            lists.closed.close(index);
            if states.problem.is_goal(&states.table.nodes[index].state) {
                return states.solution(index, None, options, Promise::AnyPath);
            }
            let open = lists.by_f.len();
            let expanded = states.expand(index, open, &mut moves, |states, offered, _| {
                lists.take(states, offered);
            });
            if let Err(halt) = expanded {
                return halt;
            }
        }
    }
}

impl Lists {
    /// Takes a node the states stored or relinked: queued by `f`, and in the focal list if
    /// within the bound.
    fn take<P: SearchProblem>(&mut self, states: &States<'_, P>, offered: Offered) {
        let Some(index) = self.closed.open(offered) else {
            return;
        };
        let h = states.h[index].value().as_f64();
        let entry = states.entry(index, states.table.nodes[index].g.value().as_f64() + h);
        self.by_f.push(entry);
        if entry.key <= self.bound {
            self.focal.push(Entry { key: h, ..entry });
        } else {
            self.waiting.push(entry);
        }
    }
}
