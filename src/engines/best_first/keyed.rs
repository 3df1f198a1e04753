//! What the best-first engines with a queue of their own share (anytime A*, focal search,
//! partial-expansion A*): the stored states with their heuristics and versions, the offer of a
//! child, and queue entries keyed by an `f64`.

use core::cmp::Ordering;
use core::ops::ControlFlow;
use std::collections::BinaryHeap;

use crate::cost::Cost;
use crate::engines::node_table::{FIRST_CAPACITY, Node, NodeTable, ROOT, clash, numbers_states};
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::{MoveBuffer, SearchProblem, each_child};
use crate::solution::{Outcome, OutcomeOf, ProblemError, Promise, Stats, solved};

/// A queued node: its key, its cost (the deeper first among equal keys), and the version of
/// the node it was queued at (an entry of an older version is passed over).
#[derive(Clone, Copy)]
pub(crate) struct Entry {
    pub key: f64,
    pub g: f64,
    pub index: u32,
    pub version: u32,
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

/// The least key among the entries of `heap` that are `fresh`, the stale ones above it
/// dropped; `None` once none is left.
pub(crate) fn least_fresh(
    heap: &mut BinaryHeap<Entry>,
    fresh: impl Fn(&Entry) -> bool,
) -> Option<f64> {
    while let Some(top) = heap.peek() {
        if fresh(top) {
            return Some(top.key);
        }
        heap.pop();
    }
    None
}

/// A bounded engine's weight: below 1, or not a number, taken as 1.
pub(crate) fn at_least_one(weight: f64) -> f64 {
    if weight > 1.0 { weight } else { 1.0 }
}

/// Which nodes are expanded at their present cost, for the engines that expand a node again
/// once it is reached more cheaply (focal search, dynamic potential search).
#[derive(Default)]
pub(crate) struct Closed(Vec<bool>);

impl Closed {
    /// The node an offer stored or relinked, now open; `None` if the offer skipped it.
    pub fn open(&mut self, offered: Offered) -> Option<usize> {
        match offered {
            Offered::Skipped | Offered::Kept(_) => None,
            Offered::New(index) => {
                self.0.push(false);
                Some(index)
            }
            Offered::Cheaper(index) => {
                self.0[index] = false;
                Some(index)
            }
        }
    }

    /// Marks the node at `index` expanded at its present cost.
    pub fn close(&mut self, index: usize) {
        self.0[index] = true;
    }

    /// Whether a queue entry is for its node's present cost, not yet expanded at it.
    pub fn is_fresh<P: SearchProblem>(&self, states: &States<'_, P>, entry: &Entry) -> bool {
        states.is_current(entry) && !self.0[entry.index as usize]
    }
}

/// What [`States::offer`] did with a state.
#[derive(Clone, Copy)]
pub(crate) enum Offered {
    /// Nothing: a dead end, past the cost type or the cost bound.
    Skipped,
    /// Nothing: stored before at this index, at no greater cost.
    Kept(usize),
    /// Stored anew at this index.
    New(usize),
    /// Stored before, now reached more cheaply and relinked.
    Cheaper(usize),
}

/// The states an engine stored, with their heuristics and versions, its counts and limits.
pub(crate) struct States<'p, P: SearchProblem> {
    pub problem: &'p P,
    pub watch: Watch<'p, P::Cost>,
    pub table: NodeTable<P::State, P::Move, P::Cost>,
    pub h: Vec<P::Cost>,
    pub version: Vec<u32>,
    pub stats: Stats<P::Cost>,
    /// Whether a state was left out for costing more than the cost bound, or for a cost past
    /// the cost type.
    beyond_bound: bool,
    overflowed: bool,
}

impl<'p, P: SearchProblem> States<'p, P> {
    pub fn new(problem: &'p P, options: &'p SearchOptions<'p>) -> Self {
        States {
            problem,
            watch: Watch::new(options),
            table: NodeTable::for_states(FIRST_CAPACITY, numbers_states(problem)),
            h: Vec::new(),
            version: Vec::new(),
            stats: Stats::default(),
            beyond_bound: false,
            overflowed: false,
        }
    }

    /// The engine's result: `outcome`, with the counts, `stored` the states stored.
    pub fn into_result(self, outcome: OutcomeOf<P>) -> crate::ResultOf<P> {
        let mut stats = self.stats;
        stats.stored = self.table.len();
        crate::ResultOf::<P> { outcome, stats }
    }

    /// Stores the problem's starts, handing what each offer did to `then`; or the outcome at
    /// once, where the cost bound admits nothing or a start cannot be stored.
    pub fn begin(
        &mut self,
        options: &SearchOptions,
        mut then: impl FnMut(&Self, Offered),
    ) -> Result<(), OutcomeOf<P>> {
        if options.bound_admits_nothing() {
            return Err(Outcome::stopped_by(StopReason::CostBound));
        }
        for start in self.problem.starts() {
            let offered = self.offer(start, ROOT as usize, None, P::Cost::ZERO, None)?;
            then(self, offered);
        }
        Ok(())
    }

    /// Stores `state` (of heuristic `h`, if known), reached from the node at `parent` by
    /// `arrived_by` at cost `g`: relinked if stored at a greater cost (its version raised).
    pub fn offer(
        &mut self,
        state: P::State,
        parent: usize,
        arrived_by: Option<P::Move>,
        g: P::Cost,
        h: Option<P::Cost>,
    ) -> Result<Offered, OutcomeOf<P>> {
        if g >= P::Cost::MAX {
            return Ok(Offered::Skipped);
        }
        let problem = self.problem;
        let (hash, known) = self
            .table
            .locate(&state, P::state_hash(&state), || {
                problem.state_index(&state)
            })
            .map_err(|number| Outcome::invalid(clash(number)))?;
        if let Some(known) = known {
            if self.table.nodes[known].g <= g {
                return Ok(Offered::Kept(known));
            }
            self.table.nodes[known].relink(parent as u32, arrived_by, g);
            self.version[known] = self.version[known].wrapping_add(1);
            return Ok(Offered::Cheaper(known));
        }
        let h = h.unwrap_or_else(|| problem.heuristic(&state));
        if !h.is_valid() {
            let heuristic = h.value();
            return Err(Outcome::invalid(ProblemError::InvalidHeuristic {
                heuristic,
            }));
        }
        let f = g.saturating_add(h);
        if f >= P::Cost::MAX {
            self.overflowed |= h < P::Cost::MAX;
            return Ok(Offered::Skipped);
        }
        if f > self.watch.cost_bound {
            self.beyond_bound = true;
            return Ok(Offered::Skipped);
        }
        if self.table.is_full(self.watch.max_stored) {
            return Err(Outcome::stopped_by(StopReason::MemoryLimit));
        }
        let index = self
            .table
            .insert(hash, Node::new(state, parent as u32, arrived_by, g));
        self.h.push(h);
        self.version.push(0);
        Ok(Offered::New(index))
    }

    /// Offers every child of the node at `index` (but the inverse of the move that reached
    /// it), handing what each offer did, and the move's cost, to `then`; counts the node
    /// expanded and checks the limits first, with `open` nodes queued.
    pub fn expand(
        &mut self,
        index: usize,
        open: usize,
        moves: &mut MoveBuffer<P::Move, P::Cost>,
        mut then: impl FnMut(&Self, Offered, P::Cost),
    ) -> Result<(), OutcomeOf<P>> {
        let problem = self.problem;
        self.count_expansion(open)?;
        let node = &self.table.nodes[index];
        let (state, g) = (node.state.clone(), node.g);
        let skip = node.arrived_by.and_then(|mv| problem.inverse(mv));
        let mut halt = None;
        let _ = each_child(problem, &state, skip, moves, |child, mv, cost| {
            if !cost.is_valid() {
                let cost = cost.value();
                halt = Some(Outcome::invalid(ProblemError::InvalidCost { cost }));
                return ControlFlow::Break(());
            }
            self.stats.generated += 1;
            let child_g = g.saturating_add(cost);
            self.overflowed |= child_g >= P::Cost::MAX && cost < P::Cost::MAX;
            match self.offer(child, index, Some(mv), child_g, None) {
                Ok(offered) => {
                    then(self, offered, cost);
                    ControlFlow::Continue(())
                }
                Err(stop) => {
                    halt = Some(stop);
                    ControlFlow::Break(())
                }
            }
        });
        halt.map_or(Ok(()), Err)
    }

    /// Counts a node expanded and checks the limits, with `open` nodes queued.
    pub fn count_expansion(&mut self, open: usize) -> Result<(), OutcomeOf<P>> {
        self.stats.expanded += 1;
        let stored = self.table.len();
        match self.watch.check(&self.stats, open, stored) {
            Some(reason) => Err(Outcome::stopped_by(reason)),
            None => Ok(()),
        }
    }

    /// The queue entry of the node at `index` at `key`.
    pub fn entry(&self, index: usize, key: f64) -> Entry {
        Entry {
            key,
            g: self.table.nodes[index].g.value().as_f64(),
            index: index as u32,
            version: self.version[index],
        }
    }

    /// Whether `entry` is of its node's present version.
    pub fn is_current(&self, entry: &Entry) -> bool {
        entry.version == self.version[entry.index as usize]
    }

    /// Notes that a child's cost passed the cost type.
    pub fn overflowed(&mut self) {
        self.overflowed = true;
    }

    /// The outcome when nothing is left to search: the cost bound or the cost type cut
    /// something off, or no goal is reachable.
    pub fn exhausted(&self) -> OutcomeOf<P> {
        if self.beyond_bound {
            Outcome::stopped_by(StopReason::CostBound)
        } else if self.overflowed {
            Outcome::stopped_by(StopReason::CostOverflow)
        } else {
            Outcome::NoSolution
        }
    }

    /// The solution through the goal at `index`, checked as `options` ask; its cost added up
    /// anew unless `cost` is given (a goal may have ancestors reached more cheaply since it
    /// was, whose cheaper links the path follows).
    pub fn solution(
        &self,
        index: usize,
        cost: Option<P::Cost>,
        options: &SearchOptions,
        promise: Promise,
    ) -> OutcomeOf<P> {
        let (root, path) = self.table.path_to(index);
        let start = self.table.nodes[root].state.clone();
        solved(self.problem, start, path, cost, options, promise)
    }
}
