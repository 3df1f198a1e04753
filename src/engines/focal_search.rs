//! Focal search (A*ε): bounded-suboptimal search that expands, among the states whose `f` is
//! within `w` times the least open `f`, the one nearest the goal.

use core::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::cost::Cost;
use crate::engines::node_table::{clash, numbers_states, Node, NodeTable, FIRST_CAPACITY, ROOT};
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::{each_child, MoveBuffer, SearchProblem};
use crate::solution::{solved, Outcome, OutcomeOf, ProblemError, Promise, ResultOf, Stats};

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
        problem,
        watch: Watch::new(options),
        table: NodeTable::for_states(FIRST_CAPACITY, numbers_states(problem)),
        h: Vec::new(),
        version: Vec::new(),
        closed: Vec::new(),
        by_f: BinaryHeap::new(),
        waiting: BinaryHeap::new(),
        focal: BinaryHeap::new(),
        weight: if weight > 1.0 { weight } else { 1.0 },
        bound: f64::NEG_INFINITY,
        stats: Stats::default(),
        beyond_bound: false,
        overflowed: false,
    };
    let outcome = search.run(options);
    search.stats.stored = search.table.len();
    ResultOf::<P> {
        outcome,
        stats: search.stats,
    }
}

/// A queued node, by one key and then by depth: the least key first, then the larger `g`.
#[derive(Clone, Copy)]
struct Entry {
    key: f64,
    g: f64,
    index: u32,
    version: u32,
}

impl Ord for Entry {
    /// Greater is sooner out.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .key
            .total_cmp(&self.key)
            .then(self.g.total_cmp(&other.g))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Entry {}

struct Bounded<'p, P: SearchProblem> {
    problem: &'p P,
    watch: Watch<'p, P::Cost>,
    table: NodeTable<P::State, P::Move, P::Cost>,
    /// Per node: its heuristic; its version, raised when its cost falls (older entries are
    /// passed over); whether it is expanded at its present cost.
    h: Vec<P::Cost>,
    version: Vec<u32>,
    closed: Vec<bool>,
    /// Every open node by `f`; the open nodes not yet in the focal list, by `f`; the focal
    /// list, by heuristic.
    by_f: BinaryHeap<Entry>,
    waiting: BinaryHeap<Entry>,
    focal: BinaryHeap<Entry>,
    weight: f64,
    /// `weight` times the least open `f`: the focal list holds the open nodes within it.
    bound: f64,
    stats: Stats<P::Cost>,
    beyond_bound: bool,
    overflowed: bool,
}

impl<P: SearchProblem> Bounded<'_, P> {
    fn run(&mut self, options: &SearchOptions) -> OutcomeOf<P> {
        if options.bound_admits_nothing() {
            return Outcome::stopped_by(StopReason::CostBound);
        }
        for start in self.problem.starts() {
            if let Err(halt) = self.offer(start, ROOT as usize, None, P::Cost::ZERO) {
                return halt;
            }
        }
        let problem = self.problem;
        let mut moves = MoveBuffer::new();
        loop {
            // The least open `f` sets the focal list's bound; the waiting nodes within it join.
            let least = loop {
                let Some(&top) = self.by_f.peek() else {
                    return self.exhausted();
                };
                if self.is_fresh(&top) {
                    break top.key;
                }
                self.by_f.pop();
            };
            // Kept at its greatest: every least `f` is at most the optimum (an admissible
            // heuristic), so the bound stays within `weight` times it even where a state
            // reopened lowers the least `f`.
            self.bound = self.bound.max(least * self.weight);
            while let Some(&entry) = self.waiting.peek() {
                if entry.key > self.bound {
                    break;
                }
                self.waiting.pop();
                if self.is_fresh(&entry) {
                    let index = entry.index as usize;
                    self.focal.push(Entry {
                        key: self.h[index].value().as_f64(),
                        ..entry
                    });
                }
            }
            let Some(entry) = self.focal.pop() else {
                // Every fresh node within the bound is in the focal list, the least among
                // them: not reached while one is fresh.
                continue;
            };
            if !self.is_fresh(&entry) {
                continue;
            }
            let index = entry.index as usize;
            self.closed[index] = true;
            let node = &self.table.nodes[index];
            let (state, g) = (node.state.clone(), node.g);
            if problem.is_goal(&state) {
                // The cost is the path's, added up anew: a goal taken from the focal list may
                // have ancestors reached more cheaply since it was (and not yet expanded
                // again), whose cheaper links the path follows.
                let (root, path) = self.table.path_to(index);
                let start = self.table.nodes[root].state.clone();
                return solved(problem, start, path, None, options, Promise::AnyPath);
            }
            self.stats.expanded += 1;
            let stored = self.table.len();
            if let Some(reason) = self.watch.check(&self.stats, self.by_f.len(), stored) {
                return Outcome::stopped_by(reason);
            }
            let skip = node.arrived_by.and_then(|mv| problem.inverse(mv));
            let mut halt = None;
            let _ = each_child(problem, &state, skip, &mut moves, |child, mv, cost| {
                if !cost.is_valid() {
                    let cost = cost.value();
                    halt = Some(Outcome::invalid(ProblemError::InvalidCost { cost }));
                    return core::ops::ControlFlow::Break(());
                }
                self.stats.generated += 1;
                let child_g = g.saturating_add(cost);
                self.overflowed |= child_g >= P::Cost::MAX && cost < P::Cost::MAX;
                match self.offer(child, index, Some(mv), child_g) {
                    Ok(()) => core::ops::ControlFlow::Continue(()),
                    Err(stop) => {
                        halt = Some(stop);
                        core::ops::ControlFlow::Break(())
                    }
                }
            });
            if let Some(halt) = halt {
                return halt;
            }
        }
    }

    /// Whether a queue entry is for its node's present cost, not yet expanded at it.
    fn is_fresh(&self, entry: &Entry) -> bool {
        let index = entry.index as usize;
        entry.version == self.version[index] && !self.closed[index]
    }

    /// The outcome when nothing is left open.
    fn exhausted(&self) -> OutcomeOf<P> {
        if self.beyond_bound {
            Outcome::stopped_by(StopReason::CostBound)
        } else if self.overflowed {
            Outcome::stopped_by(StopReason::CostOverflow)
        } else {
            Outcome::NoSolution
        }
    }

    /// Stores `state`, reached from the node at `parent` by `arrived_by` at cost `g`, and
    /// queues it (again, if it was stored at a greater cost), unless it is a dead end or
    /// beyond the cost bound.
    fn offer(
        &mut self,
        state: P::State,
        parent: usize,
        arrived_by: Option<P::Move>,
        g: P::Cost,
    ) -> Result<(), OutcomeOf<P>> {
        if g >= P::Cost::MAX {
            return Ok(());
        }
        let problem = self.problem;
        let (hash, known) = self
            .table
            .locate(&state, P::state_hash(&state), || {
                problem.state_index(&state)
            })
            .map_err(|number| Outcome::invalid(clash(number)))?;
        let index = match known {
            Some(known) if self.table.nodes[known].g <= g => return Ok(()),
            Some(known) => {
                self.table.nodes[known].relink(parent as u32, arrived_by, g);
                self.version[known] = self.version[known].wrapping_add(1);
                self.closed[known] = false;
                known
            }
            None => {
                let h = problem.heuristic(&state);
                if !h.is_valid() {
                    let heuristic = h.value();
                    return Err(Outcome::invalid(ProblemError::InvalidHeuristic {
                        heuristic,
                    }));
                }
                let f = g.saturating_add(h);
                if f >= P::Cost::MAX {
                    self.overflowed |= h < P::Cost::MAX;
                    return Ok(());
                }
                if f > self.watch.cost_bound {
                    self.beyond_bound = true;
                    return Ok(());
                }
                if self.table.is_full(self.watch.max_stored) {
                    return Err(Outcome::stopped_by(StopReason::MemoryLimit));
                }
                let index = self
                    .table
                    .insert(hash, Node::new(state, parent as u32, arrived_by, g));
                self.h.push(h);
                self.version.push(0);
                self.closed.push(false);
                index
            }
        };
        let h = self.h[index].value().as_f64();
        let g = g.value().as_f64();
        let entry = Entry {
            key: g + h,
            g,
            index: index as u32,
            version: self.version[index],
        };
        self.by_f.push(entry);
        if entry.key <= self.bound {
            self.focal.push(Entry { key: h, ..entry });
        } else {
            self.waiting.push(entry);
        }
        Ok(())
    }
}
