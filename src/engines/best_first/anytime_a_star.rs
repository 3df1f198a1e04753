//! Anytime repairing A* (ARA*): a first solution fast, then better ones, each with the bound
//! on its cost that the search has proven.

use std::collections::BinaryHeap;

use crate::Stats;
use crate::cost::Cost;
use crate::engines::best_first::keyed::{Entry, Offered, States};
use crate::options::SearchOptions;
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{Outcome, OutcomeOf, Promise, ResultOf, SolutionOf};

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
/// - **Weights:** the first is `weight` (below 1, or not a number: 1, which is A*; above a
///   million, a million, so that the rounds come down to 1); after each solution the
///   weight's excess over 1 is halved, and taken as 1 once below 1/1000.
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
    options: &'p SearchOptions<'p>,
    states: States<'p, P>,
    open: Open<P>,
    /// The cost and bound of the last improvement handed out.
    last: Option<(P::Cost, f64)>,
    best_solution: Option<SolutionOf<P>>,
    moves: MoveBuffer<P::Move, P::Cost>,
    outcome: Option<OutcomeOf<P>>,
}

/// ARA*'s open states: the queue by `g + w·h`, the states waiting for the next round, the
/// round and its weight, and the best goal reached.
struct Open<P: SearchProblem> {
    /// Per node: the round it was expanded in (0: none); whether it waits in `waiting`.
    closed_in: Vec<u32>,
    in_waiting: Vec<bool>,
    /// The nodes whose cost fell after they were expanded this round (ARA*'s `INCONS`).
    waiting: Vec<u32>,
    queue: BinaryHeap<Entry>,
    /// The current weight, and the round (from 1).
    weight: f64,
    round: u32,
    /// The goal node reached most cheaply, and its cost.
    best: Option<(usize, P::Cost)>,
}

/// The first weight at most: greedy in effect, and halved to 1 in 30 rounds (an infinite
/// weight would never come down).
const MAX_WEIGHT: f64 = 1e6;

impl<'p, P: SearchProblem> AnytimeAStar<'p, P> {
    /// A search of `problem` from `weight` down, with `options`, before its first round.
    pub fn new(problem: &'p P, weight: f64, options: &'p SearchOptions<'p>) -> Self {
        let mut search = AnytimeAStar {
            options,
            states: States::new(problem, options),
            open: Open {
                closed_in: Vec::new(),
                in_waiting: Vec::new(),
                waiting: Vec::new(),
                queue: BinaryHeap::new(),
                weight: super::keyed::at_least_one(weight).min(MAX_WEIGHT),
                round: 1,
                best: None,
            },
            last: None,
            best_solution: None,
            moves: MoveBuffer::new(),
            outcome: None,
        };
        let open = &mut search.open;
        if let Err(halt) = search
            .states
            .begin(options, |states, offered| open.keep(states, offered))
        {
            search.outcome = Some(halt);
        }
        search
    }

    /// How the search ended; `None` while it goes on.
    pub fn outcome(&self) -> Option<&OutcomeOf<P>> {
        self.outcome.as_ref()
    }

    /// The counts so far: `stored` is the states stored.
    pub fn stats(&self) -> &Stats<P::Cost> {
        &self.states.stats
    }

    /// Runs the search to its end and returns its result: the optimal solution, unless a
    /// limit stopped it first.
    pub fn into_result(mut self) -> ResultOf<P> {
        while self.next().is_some() {}
        let outcome = self.outcome.take().unwrap_or(Outcome::NoSolution);
        ResultOf::<P> {
            outcome,
            stats: self.states.stats,
        }
    }

    /// Expands states in key order while the best goal's cost exceeds the least key queued.
    fn improve(&mut self) -> Result<(), OutcomeOf<P>> {
        let open = &mut self.open;
        loop {
            let Some(&top) = open.queue.peek() else {
                return Ok(());
            };
            let index = top.index as usize;
            if !open.is_fresh(&self.states, &top) {
                open.queue.pop();
                continue;
            }
            if let Some((_, best)) = open.best {
                if best.value().as_f64() <= top.key {
                    return Ok(());
                }
            }
            open.queue.pop();
            open.closed_in[index] = open.round;
            let queued = open.queue.len();
            self.states
                .expand(index, queued, &mut self.moves, |states, offered, _| {
                    open.keep(states, offered);
                })?;
        }
    }

    /// Ends the search with `outcome`.
    fn finish(&mut self, outcome: OutcomeOf<P>) {
        self.states.stats.stored = self.states.table.len();
        self.outcome = Some(outcome);
    }
}

impl<P: SearchProblem> Open<P> {
    /// Takes a node the states stored or relinked: notes a cheaper goal, and queues it (or
    /// sets it waiting, if it was expanded this round).
    fn keep(&mut self, states: &States<'_, P>, offered: Offered) {
        let index = match offered {
            Offered::Skipped | Offered::Kept(_) => return,
            Offered::New(index) => {
                self.closed_in.push(0);
                self.in_waiting.push(false);
                index
            }
            Offered::Cheaper(index) => index,
        };
        let node = &states.table.nodes[index];
        if states.problem.is_goal(&node.state) && self.best.is_none_or(|(_, cost)| node.g < cost) {
            self.best = Some((index, node.g));
        }
        if self.closed_in[index] != self.round {
            self.queue(states, index);
        } else if !self.in_waiting[index] {
            self.in_waiting[index] = true;
            self.waiting.push(index as u32);
        }
    }

    /// Queues the node at `index` by `g + w·h` at the round's weight.
    fn queue(&mut self, states: &States<'_, P>, index: usize) {
        let g = states.table.nodes[index].g.value().as_f64();
        let key = g + self.weight * states.h[index].value().as_f64();
        self.queue.push(states.entry(index, key));
    }

    /// Whether a queue entry is for its node's present cost, not yet expanded this round.
    fn is_fresh(&self, states: &States<'_, P>, entry: &Entry) -> bool {
        states.is_current(entry) && self.closed_in[entry.index as usize] != self.round
    }

    /// The least `g + h` of the nodes still queued or waiting: a lower bound on the cost of
    /// any solution better than the best; `None` if there is none.
    fn least_f(&self, states: &States<'_, P>) -> Option<f64> {
        let queued = self
            .queue
            .iter()
            .filter(|entry| self.is_fresh(states, entry));
        queued
            .map(|entry| entry.index as usize)
            .chain(self.waiting.iter().map(|&index| index as usize))
            .map(|index| {
                let g = states.table.nodes[index].g;
                g.value().as_f64() + states.h[index].value().as_f64()
            })
            .min_by(f64::total_cmp)
    }

    /// The next round: a lower weight, the waiting nodes queued, every key worked out anew.
    fn next_round(&mut self, states: &States<'_, P>) {
        let excess = (self.weight - 1.0) / 2.0;
        self.weight = if excess < 1e-3 { 1.0 } else { 1.0 + excess };
        let mut open: Vec<usize> = core::mem::take(&mut self.queue)
            .into_iter()
            .filter(|entry| self.is_fresh(states, entry))
            .map(|entry| entry.index as usize)
            .collect();
        for index in core::mem::take(&mut self.waiting) {
            self.in_waiting[index as usize] = false;
            open.push(index as usize);
        }
        open.sort_unstable();
        open.dedup();
        self.round += 1;
        for index in open {
            self.queue(states, index);
        }
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
            let Some((index, _)) = self.open.best else {
                if !self.open.waiting.is_empty() {
                    // The round reached no goal, though states wait that were reached more
                    // cheaply after their expansion (an inconsistent heuristic): the paths
                    // through them, passed over for their cost, may fit the cost type.
                    self.open.next_round(&self.states);
                    continue;
                }
                let outcome = self.states.exhausted();
                self.finish(outcome);
                return None;
            };
            // The path through the best goal, its cost added up anew: ancestors reached more
            // cheaply since the goal was (in a round that did not expand them again) make it
            // cheaper than the goal's own cost says.
            let solution = match self
                .states
                .solution(index, None, self.options, Promise::AnyPath)
            {
                Outcome::Solved(solution) => solution,
                other => {
                    self.finish(other);
                    return None;
                }
            };
            let cost = solution.cost;
            let bound = match self.open.least_f(&self.states) {
                None => 1.0,
                Some(least) if least > 0.0 => {
                    (cost.value().as_f64() / least).clamp(1.0, self.open.weight)
                }
                Some(_) if cost == P::Cost::ZERO => 1.0,
                Some(_) => self.open.weight,
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
                self.open.next_round(&self.states);
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
