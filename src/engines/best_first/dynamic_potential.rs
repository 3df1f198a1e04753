//! Dynamic potential search (DPS): bounded-suboptimal search that expands the state most
//! likely to lead to a solution within `w` times the least open `f`.

use std::collections::BinaryHeap;

use crate::cost::Cost;
use crate::engines::best_first::keyed::{
    Closed, Entry, Offered, States, at_least_one, least_fresh,
};
use crate::options::SearchOptions;
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{OutcomeOf, Promise, ResultOf};

/// Solves `problem` by dynamic potential search (DPS, Gilon, Felner and Stern, 2016), with
/// default options: a solution costing at most `weight` times the optimum.
///
/// DPS keeps a bound `B = weight · fmin`, `fmin` the least `f = g + h` open, and expands the
/// open state of greatest *potential* `(B − g) / h`: the state whose heuristic leaves the
/// most room, in proportion, for a path within the bound (a goal within the bound has
/// infinite potential, and is taken at once). The state of least `f` always has a potential
/// of at least 1, so every state expanded has `f` within `B`, and a goal is returned within
/// `weight` times the optimum. When `fmin` rises, the potentials are worked out anew.
///
/// - **What it returns:** with an admissible heuristic and `weight >= 1`, a solution costing
///   at most `weight` times the optimum (below 1, or not a number: 1, an optimal one).
/// - **When to use it:** a bounded-suboptimal search that needs no weight tuned into its
///   order, and no distance-to-go estimate beside the heuristic; it follows the heuristic
///   toward the goal as greedily as the bound allows. Compare it with
///   [`weighted_a_star`](crate::weighted_a_star()) and
///   [`focal_search`](crate::focal_search()) at the same weight (`BENCHMARKS.md`).
/// - **Memory:** every state generated, as A*; states reached more cheaply are reopened.
/// - **Time:** a rise of `fmin` re-sorts every open state (linear in the open list); on
///   problems where `fmin` rises at nearly every expansion, this dominates.
///
/// Reference: D. Gilon, A. Felner, R. Stern, "Dynamic potential search — a new bounded
/// suboptimal search", *SoCS* 2016, 36–44.
///
/// ```
/// use informed::{a_star, dynamic_potential_search};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780")?;
/// let found = dynamic_potential_search(&puzzle, 1.5).into_solution().expect("solvable");
/// assert!(found.cost <= 46); // the optimum is 31 moves: at most 1.5 times that
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn dynamic_potential_search<P: SearchProblem>(problem: &P, weight: f64) -> ResultOf<P> {
    dynamic_potential_search_with(problem, weight, &SearchOptions::default())
}

/// [`dynamic_potential_search()`] with options.
pub fn dynamic_potential_search_with<P: SearchProblem>(
    problem: &P,
    weight: f64,
    options: &SearchOptions,
) -> ResultOf<P> {
    let mut search = Potential {
        states: States::new(problem, options),
        lists: Lists {
            closed: Closed::default(),
            by_f: BinaryHeap::new(),
            by_potential: BinaryHeap::new(),
            weight: at_least_one(weight),
            bound: f64::NEG_INFINITY,
        },
    };
    let outcome = search.run(options);
    search.states.into_result(outcome)
}

struct Potential<'p, P: SearchProblem> {
    states: States<'p, P>,
    lists: Lists,
}

/// DPS's open states.
struct Lists {
    closed: Closed,
    /// Every open node by `f`, and by potential (its key the potential's negation).
    by_f: BinaryHeap<Entry>,
    by_potential: BinaryHeap<Entry>,
    weight: f64,
    /// `B`: `weight` times the greatest least open `f` so far.
    bound: f64,
}

impl<P: SearchProblem> Potential<'_, P> {
    fn run(&mut self, options: &SearchOptions) -> OutcomeOf<P> {
        let (states, lists) = (&mut self.states, &mut self.lists);
        if let Err(halt) = states.begin(options, |states, offered| lists.take(states, offered)) {
            return halt;
        }
        let mut moves = MoveBuffer::new();
        loop {
            let closed = &lists.closed;
            let fresh = |entry: &Entry| closed.is_fresh(states, entry);
            let Some(least) = least_fresh(&mut lists.by_f, fresh) else {
                return states.exhausted();
            };
            // Kept at its greatest: every least `f` is at most the optimum (an admissible
            // heuristic), so the bound stays within `weight` times it where a state reopened
            // lowers the least `f`.
            if least * lists.weight > lists.bound {
                lists.bound = least * lists.weight;
                lists.reorder(states);
            }
            let Some(entry) = lists.by_potential.pop() else {
                // Every fresh node is queued by potential as by `f`: not reached.
                return states.exhausted();
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
    /// The key of a node reached at `g` with heuristic `h` in the queue by potential: the
    /// negated potential `(bound − g) / h`, infinite where `h` is zero.
    fn key(&self, g: f64, h: f64) -> f64 {
        let room = self.bound - g;
        if h > 0.0 {
            -room / h
        } else if room >= 0.0 {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }
    }

    /// Works out every fresh node's potential anew, at the present bound.
    fn reorder<P: SearchProblem>(&mut self, states: &States<'_, P>) {
        let entries = core::mem::take(&mut self.by_potential).into_vec();
        let fresh = entries
            .into_iter()
            .filter(|entry| self.closed.is_fresh(states, entry));
        let entries: Vec<Entry> = fresh
            .map(|entry| {
                let h = states.h[entry.index as usize].value().as_f64();
                Entry {
                    key: self.key(entry.g, h),
                    ..entry
                }
            })
            .collect();
        self.by_potential = BinaryHeap::from(entries);
    }

    /// Takes a node the states stored or relinked: queued by `f` and by potential.
    fn take<P: SearchProblem>(&mut self, states: &States<'_, P>, offered: Offered) {
        let Some(index) = self.closed.open(offered) else {
            return;
        };
        let h = states.h[index].value().as_f64();
        let g = states.table.nodes[index].g.value().as_f64();
        let entry = states.entry(index, g + h);
        self.by_f.push(entry);
        self.by_potential.push(Entry {
            key: self.key(g, h),
            ..entry
        });
    }
}
