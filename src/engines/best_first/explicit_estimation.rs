//! Explicit estimation search (EES): bounded-suboptimal search that goes by estimates of the
//! cost and the distance still to go, learned as it searches, and falls back on the
//! admissible heuristic to keep its bound.

use std::collections::BinaryHeap;

use crate::cost::Cost;
use crate::engines::best_first::keyed::{
    Closed, Entry, Offered, States, at_least_one, least_fresh,
};
use crate::options::SearchOptions;
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{OutcomeOf, Promise, ResultOf};

/// Solves `problem` by explicit estimation search (EES, Thayer and Ruml, 2011), with default
/// options: a solution costing at most `weight` times the optimum. `distance` estimates the
/// number of moves from a state to the nearest goal (zero at a goal; it need not be a lower
/// bound).
///
/// EES keeps three orders of its open states: by `f = g + h`, the admissible heuristic's
/// lower bound; by `f̂ = g + ĥ`, an estimate of the cost of a solution through the state; and,
/// among the states whose `f̂` is within `weight` times the least, by `d̂`, the estimated
/// number of moves still to go. It expands the state nearest the goal by `d̂` if its `f̂` is
/// within `weight` times the least `f`; else the state of least `f̂`, if that is; else the
/// state of least `f`, which raises the lower bound. `ĥ` and `d̂` are `h` and `distance`
/// corrected by the mean one-step error along the state's path (Thayer, Dionne and Ruml,
/// 2011): at each expansion on it, how much `h` and `distance` fell short from the state
/// expanded to its best child.
///
/// - **What it returns:** with an admissible heuristic and `weight >= 1`, a solution costing
///   at most `weight` times the optimum (below 1, or not a number: 1, an optimal one).
/// - **When to use it:** where the moves' costs differ (so the fewest moves and the least
///   cost part ways) and a distance estimate is at hand: EES heads for the nearest solution
///   the bound allows. On unit-cost problems, `distance` is the heuristic itself.
/// - **Memory:** every state generated, as A\*; states reached more cheaply are reopened.
/// - The debug path check does not check admissibility along the path: the path is not
///   promised optimal.
///
/// References: J. T. Thayer, W. Ruml, "Bounded suboptimal search: a direct approach using
/// inadmissible estimates", *IJCAI* 2011, 674–679; J. T. Thayer, A. Dionne, W. Ruml,
/// "Learning inadmissible heuristics during search", *ICAPS* 2011, 250–257.
///
/// ```
/// use informed::explicit_estimation_search;
/// use informed::puzzles::SlidingPuzzle;
/// use informed::SearchProblem;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780")?;
/// // Every move costs 1: the distance to go is the heuristic.
/// let distance = |board: &_| f64::from(puzzle.heuristic(board));
/// let found = explicit_estimation_search(&puzzle, 1.5, distance).into_solution();
/// assert!(found.expect("solvable").cost <= 46); // the optimum is 31 moves
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn explicit_estimation_search<P, D>(problem: &P, weight: f64, distance: D) -> ResultOf<P>
where
    P: SearchProblem,
    D: Fn(&P::State) -> f64,
{
    explicit_estimation_search_with(problem, weight, distance, &SearchOptions::default())
}

/// [`explicit_estimation_search()`] with options.
pub fn explicit_estimation_search_with<P, D>(
    problem: &P,
    weight: f64,
    distance: D,
    options: &SearchOptions,
) -> ResultOf<P>
where
    P: SearchProblem,
    D: Fn(&P::State) -> f64,
{
    let mut search = Explicit {
        states: States::new(problem, options),
        lists: Lists {
            closed: Closed::default(),
            by_f: BinaryHeap::new(),
            by_estimate: BinaryHeap::new(),
            waiting: BinaryHeap::new(),
            focal: BinaryHeap::new(),
            weight: at_least_one(weight),
            distance: Vec::new(),
            estimate: Vec::new(),
            steps_left: Vec::new(),
            errors: Vec::new(),
            children: Vec::new(),
        },
        distance,
    };
    let outcome = search.run(options);
    search.states.into_result(outcome)
}

struct Explicit<'p, P: SearchProblem, D> {
    states: States<'p, P>,
    lists: Lists,
    distance: D,
}

/// The one-step errors of the heuristic and the distance estimate summed along a node's
/// path, and the path's length in moves.
#[derive(Clone, Copy, Default)]
struct Errors {
    heuristic: f64,
    distance: f64,
    moves: f64,
}

impl Errors {
    /// The errors of a child: its parent's, and one more step's.
    fn then(self, heuristic: f64, distance: f64) -> Errors {
        Errors {
            heuristic: self.heuristic + heuristic,
            distance: self.distance + distance,
            moves: self.moves + 1.0,
        }
    }

    /// `d̂` and `ĥ` of a node of heuristic `h` and distance estimate `d` on this path:
    /// `d / (1 - εd)` and `h + d̂ εh`, `εd` and `εh` the mean errors along the path, taken as
    /// at least zero, and `εd` below 1.
    fn corrected(self, h: f64, d: f64) -> (f64, f64) {
        let mean = |sum: f64| {
            if self.moves > 0.0 {
                sum / self.moves
            } else {
                0.0
            }
        };
        let per_step = mean(self.distance).clamp(0.0, 0.99);
        let steps = d.max(0.0) / (1.0 - per_step);
        (steps, h + steps * mean(self.heuristic).max(0.0))
    }
}

/// EES's open states, and what it learned.
struct Lists {
    closed: Closed,
    /// Every open node by `f`; by `f̂`; those not yet in the focal list by `f̂`; the focal
    /// list by `d̂`.
    by_f: BinaryHeap<Entry>,
    by_estimate: BinaryHeap<Entry>,
    waiting: BinaryHeap<Entry>,
    focal: BinaryHeap<Entry>,
    weight: f64,
    /// Per node: the distance estimate, `f̂`, `d̂` and the errors along its path (at its
    /// present cost).
    distance: Vec<f64>,
    estimate: Vec<f64>,
    steps_left: Vec<f64>,
    errors: Vec<Errors>,
    /// The nodes an expansion stored or relinked, queued once its best child is known.
    children: Vec<usize>,
}

/// The best child of an expansion so far: its `f`, and the one-step errors to it.
type BestChild = Option<(f64, f64, f64)>;

impl<P: SearchProblem, D: Fn(&P::State) -> f64> Explicit<'_, P, D> {
    fn run(&mut self, options: &SearchOptions) -> OutcomeOf<P> {
        let (states, lists, distance) = (&mut self.states, &mut self.lists, &self.distance);
        let started = states.begin(options, |states, offered| {
            if let Some(index) = lists.take(states, offered, distance) {
                lists.errors[index] = Errors::default();
                lists.queue(states, index);
            }
        });
        if let Err(halt) = started {
            return halt;
        }
        let mut moves = MoveBuffer::new();
        loop {
            let closed = &lists.closed;
            let fresh = |entry: &Entry| closed.is_fresh(states, entry);
            let Some(least_f) = least_fresh(&mut lists.by_f, fresh) else {
                return states.exhausted();
            };
            let least_estimate = least_fresh(&mut lists.by_estimate, fresh).unwrap_or(least_f);
            let index = lists.select(states, least_f, least_estimate);
            lists.closed.close(index);
            if states.problem.is_goal(&states.table.nodes[index].state) {
                return states.solution(index, None, options, Promise::AnyPath);
            }
            let open = lists.by_f.len();
            let parent = index;
            let mut best: BestChild = None;
            lists.children.clear();
            let expanded = states.expand(index, open, &mut moves, |states, offered, cost| {
                if let Some(child) = lists.take(states, offered, distance) {
                    lists.children.push(child);
                }
                lists.learn_from(states, parent, offered, cost, &mut best);
            });
            if let Err(halt) = expanded {
                return halt;
            }
            // Every child's path runs through this expansion: its errors are the parent's,
            // and the step to the best child's.
            let (heuristic, distance) = best.map_or((0.0, 0.0), |(_, h, d)| (h, d));
            let errors = lists.errors[parent].then(heuristic, distance);
            for i in 0..lists.children.len() {
                let child = lists.children[i];
                lists.errors[child] = errors;
                lists.queue(states, child);
            }
        }
    }
}

impl Lists {
    /// The node to expand, taken off its list: the focal list's first if its `f̂` is within
    /// `weight` times the least `f`, else the least `f̂` if that is, else the least `f`.
    fn select<P: SearchProblem>(
        &mut self,
        states: &States<'_, P>,
        least_f: f64,
        least_estimate: f64,
    ) -> usize {
        let bound = self.weight * least_estimate;
        while let Some(&entry) = self.waiting.peek() {
            if entry.key > bound {
                break;
            }
            self.waiting.pop();
            if self.closed.is_fresh(states, &entry) {
                let steps = self.steps_left[entry.index as usize];
                self.focal.push(Entry {
                    key: steps,
                    ..entry
                });
            }
        }
        // The focal list's first, once the stale ones and those past a fallen bound are off.
        let nearest = loop {
            let Some(&entry) = self.focal.peek() else {
                break None;
            };
            if !self.closed.is_fresh(states, &entry) {
                self.focal.pop();
                continue;
            }
            let estimate = self.estimate[entry.index as usize];
            if estimate > bound {
                self.focal.pop();
                self.waiting.push(Entry {
                    key: estimate,
                    ..entry
                });
                continue;
            }
            break Some((entry, estimate));
        };
        let limit = self.weight * least_f;
        let list = match nearest {
            Some((_, estimate)) if estimate <= limit => &mut self.focal,
            _ if least_estimate <= limit => &mut self.by_estimate,
            _ => &mut self.by_f,
        };
        // Each list holds a fresh entry at its head: `least_f` and `least_estimate` are
        // those of fresh entries.
        list.pop().map_or(0, |entry| entry.index as usize)
    }

    /// Weighs the child an offer was made of (taken already) as the expansion's best: the
    /// least `f`, and the heuristic's and the distance's errors from the parent to it.
    fn learn_from<P: SearchProblem>(
        &mut self,
        states: &States<'_, P>,
        parent: usize,
        offered: Offered,
        cost: P::Cost,
        best: &mut BestChild,
    ) {
        let child = match offered {
            Offered::New(index) | Offered::Cheaper(index) | Offered::Kept(index) => index,
            Offered::Skipped => return,
        };
        let parent_g = states.table.nodes[parent].g.value().as_f64();
        let (h, parent_h) = (
            states.h[child].value().as_f64(),
            states.h[parent].value().as_f64(),
        );
        let step = cost.value().as_f64();
        let f = parent_g + step + h;
        if best.is_some_and(|(least, ..)| least <= f) {
            return;
        }
        let errors = (
            step + h - parent_h,
            1.0 + self.distance[child] - self.distance[parent],
        );
        *best = Some((f, errors.0, errors.1));
    }

    /// Takes a node the states stored or relinked (its distance estimate worked out when it
    /// is new), open again; `None` if the offer skipped it.
    fn take<P: SearchProblem>(
        &mut self,
        states: &States<'_, P>,
        offered: Offered,
        distance: &impl Fn(&P::State) -> f64,
    ) -> Option<usize> {
        let index = self.closed.open(offered)?;
        if index == self.distance.len() {
            self.distance
                .push(distance(&states.table.nodes[index].state));
            self.estimate.push(0.0);
            self.steps_left.push(0.0);
            self.errors.push(Errors::default());
        }
        Some(index)
    }

    /// Queues an open node, its estimates worked out from its cost and its path's errors: by
    /// `f`, by `f̂`, and waiting for the focal list (the next selection moves it on if it is
    /// within the bound).
    fn queue<P: SearchProblem>(&mut self, states: &States<'_, P>, index: usize) {
        let h = states.h[index].value().as_f64();
        let g = states.table.nodes[index].g.value().as_f64();
        let (steps, cost_left) = self.errors[index].corrected(h, self.distance[index]);
        let estimate = g + cost_left;
        self.estimate[index] = estimate;
        self.steps_left[index] = steps;
        let entry = states.entry(index, g + h);
        self.by_f.push(entry);
        let by_estimate = Entry {
            key: estimate,
            ..entry
        };
        self.by_estimate.push(by_estimate);
        self.waiting.push(by_estimate);
    }
}
