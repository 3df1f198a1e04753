//! Anytime repairing A* (ARA*): a first solution fast, then better ones, each with the bound
//! on its cost that the search has proven.

use core::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::cost::Cost;
use crate::engines::node_table::{clash, numbers_states, Node, NodeTable, FIRST_CAPACITY, ROOT};
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::{each_child, MoveBuffer, SearchProblem};
use crate::solution::{solved, Outcome, OutcomeOf, ProblemError, Promise, ResultOf, SolutionOf};
use crate::Stats;

/// A solution of an anytime search, with how far from the optimum it is proven to be.
#[derive(Clone, Debug, PartialEq)]
pub struct Improvement<T> {
    /// The best solution found so far.
    pub solution: T,
    /// With a consistent heuristic, the solution costs at most this many times the optimum:
    /// 1 once it is proven optimal.
    pub bound: f64,
}

/// Anytime repairing A* (Likhachev, Gordon and Thrun, 2003): weighted A* that finds a
/// solution fast with a large weight, then lowers the weight and repairs its search, reusing
/// what it expanded, to find better ones, down to the optimum.
///
/// The search is an iterator: each [`Improvement`] is a solution cheaper than the last (or
/// the same one with a tighter bound), with the bound on its cost the search has proven:
/// the lesser of the weight and the solution's cost over the least `g + h` still open. It
/// ends when the bound reaches 1 (the last solution is optimal), when no goal is reachable,
/// or when a limit of the options stops it; [`outcome`](Self::outcome) then says which, and a
/// limit's [`Outcome::Stopped`] keeps the best solution so far in `so_far`.
///
/// - **Weights:** the first is `weight` (below 1, or not a number: 1, which is A*); after
///   each solution the weight's excess over 1 is halved, and taken as 1 once below 1/1000.
/// - **Repairs:** a state whose cost falls after it was expanded in the current round waits
///   (in ARA*'s `INCONS` list) for the next, where it is queued again; the queue is re-keyed
///   by the new weight each round. Keys are `g + w·h` in `f64`, ties to the deeper state.
/// - **Heuristic:** the bounds hold for a consistent heuristic, as ARA*'s proof asks (an
///   admissible one that is not consistent may break them; the last answer is still
///   optimal).
/// - **When to use it:** an answer is needed within a time budget, and a better one is
///   welcome while time remains (games, robot planning); the bound tells when to stop.
/// - **Memory:** every state generated, as A*.
///
/// Reference: M. Likhachev, G. Gordon, S. Thrun, "ARA*: Anytime A* with provable bounds on
/// sub-optimality", *NIPS* 16 (2003).
///
/// ```
/// use informed::{a_star, AnytimeAStar, SearchOptions};
/// use informed::puzzles::SlidingPuzzle;
///
/// // The hardest 8-puzzle: 31 moves.
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780")?;
/// let options = SearchOptions::default();
/// let mut search = AnytimeAStar::new(&puzzle, 3.0, &options);
/// let first = search.next().expect("a first solution");
/// assert!(first.solution.cost as f64 <= first.bound * 31.0);
/// let last = search.last().unwrap_or(first);
/// assert_eq!((last.solution.cost, last.bound), (31, 1.0));
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub struct AnytimeAStar<'p, P: SearchProblem> {
    problem: &'p P,
    options: &'p SearchOptions<'p>,
    watch: Watch<'p, P::Cost>,
    table: NodeTable<P::State, P::Move, P::Cost>,
    /// Per node: its heuristic; the round it was expanded in (0: none); whether it waits in
    /// `waiting`; its version, raised when its cost falls, so that older queue entries are
    /// passed over.
    h: Vec<P::Cost>,
    closed_in: Vec<u32>,
    in_waiting: Vec<bool>,
    version: Vec<u32>,
    /// The nodes whose cost fell after they were expanded this round (ARA*'s `INCONS`).
    waiting: Vec<u32>,
    queue: BinaryHeap<Entry>,
    /// The current weight, and the round (from 1).
    weight: f64,
    round: u32,
    /// The goal node reached most cheaply, and its cost.
    best: Option<(usize, P::Cost)>,
    /// The cost and bound of the last improvement handed out.
    last: Option<(P::Cost, f64)>,
    best_solution: Option<SolutionOf<P>>,
    moves: MoveBuffer<P::Move, P::Cost>,
    stats: Stats<P::Cost>,
    /// Whether a child was left out for costing more than the cost bound, or for a cost
    /// past the cost type.
    beyond_bound: bool,
    overflowed: bool,
    outcome: Option<OutcomeOf<P>>,
}

/// A queued node: its key `g + w·h`, its cost (deeper first among equal keys), its version.
#[derive(Clone, Copy)]
struct Entry {
    key: f64,
    g: f64,
    index: u32,
    version: u32,
}

impl Ord for Entry {
    /// Greater is sooner out: the smaller key, then the larger `g`.
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

/// How a round of the search ended early.
type Halt<P> = OutcomeOf<P>;

impl<'p, P: SearchProblem> AnytimeAStar<'p, P> {
    /// A search of `problem` from `weight` down, with `options`, before its first round.
    pub fn new(problem: &'p P, weight: f64, options: &'p SearchOptions<'p>) -> Self {
        let mut search = AnytimeAStar {
            problem,
            options,
            watch: Watch::new(options),
            table: NodeTable::for_states(FIRST_CAPACITY, numbers_states(problem)),
            h: Vec::new(),
            closed_in: Vec::new(),
            in_waiting: Vec::new(),
            version: Vec::new(),
            waiting: Vec::new(),
            queue: BinaryHeap::new(),
            weight: if weight > 1.0 { weight } else { 1.0 },
            round: 1,
            best: None,
            last: None,
            best_solution: None,
            moves: MoveBuffer::new(),
            stats: Stats::default(),
            beyond_bound: false,
            overflowed: false,
            outcome: None,
        };
        if options.bound_admits_nothing() {
            search.outcome = Some(Outcome::stopped_by(StopReason::CostBound));
            return search;
        }
        for start in problem.starts() {
            if let Err(halt) = search.offer(start, ROOT as usize, None, P::Cost::ZERO) {
                search.outcome = Some(halt);
                break;
            }
        }
        search
    }

    /// How the search ended; `None` while it goes on.
    pub fn outcome(&self) -> Option<&OutcomeOf<P>> {
        self.outcome.as_ref()
    }

    /// The counts so far: `stored` is the states stored.
    pub fn stats(&self) -> &Stats<P::Cost> {
        &self.stats
    }

    /// Runs the search to its end and returns its result: the optimal solution, unless a
    /// limit stopped it first.
    pub fn into_result(mut self) -> ResultOf<P> {
        while self.next().is_some() {}
        let outcome = self.outcome.take().unwrap_or(Outcome::NoSolution);
        ResultOf::<P> {
            outcome,
            stats: self.stats,
        }
    }

    /// The key of a node of cost `g` and heuristic `h` at the current weight.
    fn key(&self, g: P::Cost, h: P::Cost) -> f64 {
        g.value().as_f64() + self.weight * h.value().as_f64()
    }

    /// Queues the node at `index`.
    fn queue(&mut self, index: usize) {
        let (g, h) = (self.table.nodes[index].g, self.h[index]);
        self.queue.push(Entry {
            key: self.key(g, h),
            g: g.value().as_f64(),
            index: index as u32,
            version: self.version[index],
        });
    }

    /// Stores `state`, reached from the node at `parent` by `arrived_by` at cost `g`, and
    /// queues it (or sets it waiting, if it was expanded this round), unless it is stored at
    /// no greater cost, a dead end, or beyond the cost bound.
    fn offer(
        &mut self,
        state: P::State,
        parent: usize,
        arrived_by: Option<P::Move>,
        g: P::Cost,
    ) -> Result<(), Halt<P>> {
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
        let goal = problem.is_goal(&state);
        let index = match known {
            Some(known) if self.table.nodes[known].g <= g => return Ok(()),
            Some(known) => {
                self.table.nodes[known].relink(parent as u32, arrived_by, g);
                self.version[known] = self.version[known].wrapping_add(1);
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
                self.closed_in.push(0);
                self.in_waiting.push(false);
                self.version.push(0);
                index
            }
        };
        if goal && self.best.is_none_or(|(_, best)| g < best) {
            self.best = Some((index, g));
        }
        if self.closed_in[index] == self.round {
            if !self.in_waiting[index] {
                self.in_waiting[index] = true;
                self.waiting.push(index as u32);
            }
        } else {
            self.queue(index);
        }
        Ok(())
    }

    /// Expands states in key order while the best goal's cost exceeds the least key queued.
    fn improve(&mut self) -> Result<(), Halt<P>> {
        let problem = self.problem;
        loop {
            let Some(&top) = self.queue.peek() else {
                return Ok(());
            };
            let index = top.index as usize;
            if top.version != self.version[index] || self.closed_in[index] == self.round {
                self.queue.pop();
                continue;
            }
            if let Some((_, best)) = self.best {
                if best.value().as_f64() <= top.key {
                    return Ok(());
                }
            }
            self.queue.pop();
            self.closed_in[index] = self.round;
            self.stats.expanded += 1;
            let stored = self.table.len();
            if let Some(reason) = self.watch.check(&self.stats, self.queue.len(), stored) {
                return Err(Outcome::stopped_by(reason));
            }
            let node = &self.table.nodes[index];
            let (state, g) = (node.state.clone(), node.g);
            let skip = node.arrived_by.and_then(|mv| problem.inverse(mv));
            let mut halt = None;
            let mut moves = core::mem::replace(&mut self.moves, MoveBuffer::new());
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
            self.moves = moves;
            if let Some(halt) = halt {
                return Err(halt);
            }
        }
    }

    /// The least `g + h` of the nodes still queued or waiting: a lower bound on the cost of
    /// any solution better than the best; `None` if there is none.
    fn least_f(&self) -> Option<f64> {
        let queued = self.queue.iter().filter(|entry| {
            let index = entry.index as usize;
            entry.version == self.version[index] && self.closed_in[index] != self.round
        });
        queued
            .map(|entry| entry.index as usize)
            .chain(self.waiting.iter().map(|&index| index as usize))
            .map(|index| {
                let node = &self.table.nodes[index];
                node.g.value().as_f64() + self.h[index].value().as_f64()
            })
            .min_by(f64::total_cmp)
    }

    /// The next round: a lower weight, the waiting nodes queued, every key worked out anew.
    fn next_round(&mut self) {
        let excess = (self.weight - 1.0) / 2.0;
        self.weight = if excess < 1e-3 { 1.0 } else { 1.0 + excess };
        let mut open: Vec<usize> = self
            .queue
            .drain()
            .filter(|entry| entry.version == self.version[entry.index as usize])
            .map(|entry| entry.index as usize)
            .filter(|&index| self.closed_in[index] != self.round)
            .collect();
        for index in core::mem::take(&mut self.waiting) {
            self.in_waiting[index as usize] = false;
            open.push(index as usize);
        }
        open.sort_unstable();
        open.dedup();
        self.round += 1;
        for index in open {
            self.queue(index);
        }
    }

    /// Ends the search with `outcome`.
    fn finish(&mut self, outcome: OutcomeOf<P>) {
        self.stats.stored = self.table.len();
        self.outcome = Some(outcome);
    }

    /// The solution through the goal at `index`, checked as the options ask.
    fn solution(&self, index: usize) -> OutcomeOf<P> {
        let (root, moves) = self.table.path_to(index);
        let start = self.table.nodes[root].state.clone();
        solved(
            self.problem,
            start,
            moves,
            None,
            self.options,
            Promise::AnyPath,
        )
    }
}

impl<P: SearchProblem> Iterator for AnytimeAStar<'_, P> {
    type Item = Improvement<SolutionOf<P>>;

    /// Searches on to the next improvement: a cheaper solution, or a tighter bound on the
    /// last one. `None` once the search has ended ([`outcome`](AnytimeAStar::outcome)).
    fn next(&mut self) -> Option<Self::Item> {
        if self.outcome.is_some() {
            return None;
        }
        loop {
            if let Err(halt) = self.improve() {
                let outcome = match halt {
                    Outcome::Stopped { reason, .. } => Outcome::Stopped {
                        reason,
                        completed_threshold: None,
                        so_far: self.best_solution.clone(),
                    },
                    other => other,
                };
                self.finish(outcome);
                return None;
            }
            let Some((index, _)) = self.best else {
                let outcome = if self.beyond_bound {
                    Outcome::stopped_by(StopReason::CostBound)
                } else if self.overflowed {
                    Outcome::stopped_by(StopReason::CostOverflow)
                } else {
                    Outcome::NoSolution
                };
                self.finish(outcome);
                return None;
            };
            // The path through the best goal, its cost added up anew: ancestors reached more
            // cheaply since the goal was (in a round that did not expand them again) make it
            // cheaper than the goal's own cost says.
            let solution = match self.solution(index) {
                Outcome::Solved(solution) => solution,
                other => {
                    self.finish(other);
                    return None;
                }
            };
            let cost = solution.cost;
            let bound = match self.least_f() {
                None => 1.0,
                Some(least) if least > 0.0 => {
                    (cost.value().as_f64() / least).clamp(1.0, self.weight)
                }
                Some(_) if cost == P::Cost::ZERO => 1.0,
                Some(_) => self.weight,
            };
            let better = self
                .last
                .is_none_or(|(last, last_bound)| cost < last || bound < last_bound);
            let mut improvement = None;
            if better {
                self.last = Some((cost, bound));
                self.best_solution = Some(solution.clone());
                improvement = Some(Improvement { solution, bound });
            }
            if bound <= 1.0 {
                let solution = self.best_solution.clone();
                self.finish(solution.map_or(Outcome::NoSolution, Outcome::Solved));
            } else {
                self.next_round();
            }
            if improvement.is_some() {
                return improvement;
            }
            if self.outcome.is_some() {
                return None;
            }
        }
    }
}
