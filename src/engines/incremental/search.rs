//! The search LPA\* and D\* Lite keep: each state's `g` and `rhs`, the queue of the
//! inconsistent ones, and the repair that settles them.

use core::cmp::Ordering;
use core::marker::PhantomData;
use std::collections::BinaryHeap;

use super::Direction;
use crate::cost::Cost;
use crate::engines::node_table::{FIRST_CAPACITY, Node, NodeTable, ROOT, clash, numbers_states};
use crate::limits::Watch;
use crate::options::StopReason;
use crate::problem::Bidirectional;
use crate::problem::MoveBuffer;
use crate::solution::{ProblemError, Stats};

/// Why [`Incremental::compute`] stopped short of an answer.
pub(crate) enum Halt {
    Stopped(StopReason),
    Invalid(ProblemError),
}

impl From<ProblemError> for Halt {
    fn from(error: ProblemError) -> Self {
        Halt::Invalid(error)
    }
}

/// The length of a path: its cost, and its number of moves (saturated), compared in that
/// order. Every length of cost [`Cost::MAX`] is [`Length::INFINITE`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) struct Length<C> {
    pub(super) cost: C,
    moves: u32,
}

impl<C: Cost> Length<C> {
    pub(super) const INFINITE: Self = Length {
        cost: C::MAX,
        moves: u32::MAX,
    };
    pub(super) const ZERO: Self = Length {
        cost: C::ZERO,
        moves: 0,
    };

    pub(super) fn is_finite(self) -> bool {
        self.cost < C::MAX
    }

    /// The length one move of `cost` longer: infinite if the cost reaches the type's
    /// [`MAX`](Cost::MAX).
    pub(super) fn then(self, cost: C) -> Self {
        let sum = self.cost.saturating_add(cost);
        if sum >= C::MAX {
            return Self::INFINITE;
        }
        Length {
            cost: sum,
            moves: self.moves.saturating_add(1),
        }
    }

    /// The cost's total order, then the moves.
    pub(super) fn key(self) -> (C::Key, u32) {
        (self.cost.key(), self.moves)
    }

    fn min(self, other: Self) -> Self {
        if other.key() < self.key() {
            other
        } else {
            self
        }
    }
}

/// A key: `min(g, rhs) + h + km`, then `min(g, rhs)`, each a [`Length`]'s order.
type Key<C> = ((<C as Cost>::Key, u32), (<C as Cost>::Key, u32));

/// A queued state: its key, and the version of the state it was queued at (an entry of an
/// older version is passed over).
struct Queued<C: Cost> {
    key: Key<C>,
    index: u32,
    version: u32,
}

impl<C: Cost> Ord for Queued<C> {
    /// Greater is sooner out: the smaller key.
    fn cmp(&self, other: &Self) -> Ordering {
        other.key.cmp(&self.key)
    }
}

impl<C: Cost> PartialOrd for Queued<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Cost> PartialEq for Queued<C> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl<C: Cost> Eq for Queued<C> {}

/// The states a search keeps between calls, with their `g` (in the node), `rhs`, and place
/// in the queue of inconsistent states (those whose `g` is not their `rhs`).
pub(crate) struct Incremental<D, S, M, C: Cost> {
    /// The states (their nodes' own costs unused).
    pub(super) table: NodeTable<S, M, C>,
    pub(super) g: Vec<Length<C>>,
    rhs: Vec<Length<C>>,
    version: Vec<u32>,
    queued: Vec<bool>,
    /// The key a queued state's live entry holds (an update to the same key queues nothing).
    queued_key: Vec<Key<C>>,
    /// Whether a state is one the search runs from: its `rhs` is zero, whatever its moves.
    pub(super) origin: Vec<bool>,
    heap: BinaryHeap<Queued<C>>,
    /// D\* Lite's key modifier: what the start's moves added to every key queued before.
    pub km: C,
    /// During a repair, which states are its ends, and whether an end's costs moved since
    /// the nearest end was last looked for.
    is_end: Vec<bool>,
    ends_moved: bool,
    /// Whether a path's cost passed the cost type (and was taken as no path).
    pub(super) overflowed: bool,
    moves: MoveBuffer<M, C>,
    /// A state's neighbours, listed before they are looked at.
    pub(super) around: Vec<(S, M, C)>,
    /// Which states the last path passed: those marked with `walks`, its number.
    pub(super) mark: Vec<u32>,
    pub(super) walks: u32,
    direction: PhantomData<D>,
}

impl<D, S, M, C> Incremental<D, S, M, C>
where
    D: Direction,
    S: Clone + Eq + core::hash::Hash,
    M: Copy + Eq,
    C: Cost,
{
    /// A search from `origins`, which it keeps at cost zero.
    pub fn new<P>(problem: &P, origins: &[S]) -> Result<Self, ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        let mut search = Incremental {
            table: NodeTable::for_states(FIRST_CAPACITY, numbers_states(problem)),
            g: Vec::new(),
            rhs: Vec::new(),
            version: Vec::new(),
            queued: Vec::new(),
            queued_key: Vec::new(),
            origin: Vec::new(),
            heap: BinaryHeap::new(),
            km: C::ZERO,
            is_end: Vec::new(),
            ends_moved: false,
            overflowed: false,
            moves: MoveBuffer::new(),
            around: Vec::new(),
            mark: Vec::new(),
            walks: 0,
            direction: PhantomData,
        };
        for origin in origins {
            let index = search.store(problem, origin.clone())?;
            search.origin[index] = true;
            search.rhs[index] = Length::ZERO;
            search.update(problem, index)?;
        }
        Ok(search)
    }

    /// How many states are stored.
    pub fn stored(&self) -> usize {
        self.table.len()
    }

    /// The index of `state` if it is stored.
    pub(super) fn find<P>(&self, problem: &P, state: &S) -> Result<Option<usize>, ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        let (_, known) = self
            .table
            .locate(state, P::state_hash(state), || problem.state_index(state))
            .map_err(clash)?;
        Ok(known)
    }

    /// The index of `state`, stored anew (unreached, both costs infinite) if need be.
    fn store<P>(&mut self, problem: &P, state: S) -> Result<usize, ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        let (hash, known) = self
            .table
            .locate(&state, P::state_hash(&state), || {
                problem.state_index(&state)
            })
            .map_err(clash)?;
        if let Some(index) = known {
            return Ok(index);
        }
        let index = self
            .table
            .insert(hash, Node::new(state, ROOT, None, C::MAX));
        self.g.push(Length::INFINITE);
        self.rhs.push(Length::INFINITE);
        self.version.push(0);
        self.queued.push(false);
        let none = Length::<C>::INFINITE.key();
        self.queued_key.push((none, none));
        self.origin.push(false);
        Ok(index)
    }

    /// `g` a move of `cost` longer; a sum of finite costs that reaches infinity is noted.
    fn sum(&mut self, g: Length<C>, cost: C) -> Length<C> {
        let sum = g.then(cost);
        self.overflowed |= !sum.is_finite() && g.is_finite() && cost < C::MAX;
        sum
    }

    /// The key of the state at `index`, at the present start and `km`.
    pub(super) fn key<P>(&self, problem: &P, index: usize) -> Result<Key<C>, ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        self.key_and_overflow(problem, index).map(|(key, _)| key)
    }

    /// [`key`](Self::key), and whether the state's `g + h` passed the cost type: reached at
    /// a finite cost, no dead end, yet queued at an infinite key.
    fn key_and_overflow<P>(&self, problem: &P, index: usize) -> Result<(Key<C>, bool), ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        let least = self.g[index].min(self.rhs[index]);
        let h = D::heuristic(problem, &self.table.nodes[index].state);
        if !h.is_valid() {
            let heuristic = h.value();
            return Err(ProblemError::InvalidHeuristic { heuristic });
        }
        let first = least.cost.saturating_add(h).saturating_add(self.km);
        let passed = first >= C::MAX && least.is_finite() && h < C::MAX;
        Ok((((first.key(), least.moves), least.key()), passed))
    }

    /// Queues the state at `index` at its present key if it is inconsistent; takes it off
    /// the queue if not.
    fn update<P>(&mut self, problem: &P, index: usize) -> Result<(), ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        self.ends_moved |= self.is_end.get(index) == Some(&true);
        if self.g[index] != self.rhs[index] {
            let (key, passed) = self.key_and_overflow(problem, index)?;
            self.overflowed |= passed;
            if self.queued[index] && self.queued_key[index] == key {
                return Ok(());
            }
            self.version[index] = self.version[index].wrapping_add(1);
            self.queued[index] = true;
            self.push(index, key);
        } else if self.queued[index] {
            self.version[index] = self.version[index].wrapping_add(1);
            self.queued[index] = false;
        }
        Ok(())
    }

    /// Queues the state at `index` at `key`, at its present version.
    pub(super) fn push(&mut self, index: usize, key: Key<C>) {
        self.queued_key[index] = key;
        self.heap.push(Queued {
            key,
            index: index as u32,
            version: self.version[index],
        });
    }

    /// The key and index of the least queued entry, the stale ones above it dropped.
    fn top(&mut self) -> Option<(Key<C>, usize)> {
        while let Some(top) = self.heap.peek() {
            let index = top.index as usize;
            if self.queued[index] && top.version == self.version[index] {
                return Some((top.key, index));
            }
            self.heap.pop();
        }
        None
    }

    /// The neighbours of the state at `index`, by `D::sources` or `D::dependants` (in the
    /// vector `around` lends: hand it back when done).
    pub(super) fn list_around<P>(
        &mut self,
        problem: &P,
        index: usize,
        sources: bool,
    ) -> Result<Vec<(S, M, C)>, ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        self.list_around_state(problem, None, index, sources)
    }

    /// The neighbours of `state` if given, else of the state at `index`, as
    /// [`list_around`](Self::list_around) lists them.
    fn list_around_state<P>(
        &mut self,
        problem: &P,
        state: Option<&S>,
        index: usize,
        sources: bool,
    ) -> Result<Vec<(S, M, C)>, ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        let mut around = core::mem::take(&mut self.around);
        around.clear();
        let state = state.unwrap_or_else(|| &self.table.nodes[index].state);
        let each = |neighbour, mv, cost| around.push((neighbour, mv, cost));
        let listed = if sources {
            D::sources(problem, state, &mut self.moves, each)
        } else {
            D::dependants(problem, state, &mut self.moves, each)
        };
        match listed {
            Ok(()) => Ok(around),
            Err(error) => {
                self.around = around;
                Err(error)
            }
        }
    }

    /// Works out the `rhs` of the state at `index` anew from its sources' costs (an origin
    /// keeps zero), and queues it or not.
    pub fn recompute<P>(&mut self, problem: &P, index: usize) -> Result<(), ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        if !self.origin[index] {
            self.rhs[index] = self.least_through_sources(problem, None, index)?;
        }
        self.update(problem, index)
    }

    /// The least `g` plus move cost over the sources of `state` (if given, else of the state
    /// at `index`).
    fn least_through_sources<P>(
        &mut self,
        problem: &P,
        state: Option<&S>,
        index: usize,
    ) -> Result<Length<C>, ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        let around = self.list_around_state(problem, state, index, true)?;
        let mut least = Length::INFINITE;
        for (neighbour, _, cost) in &around {
            if let Some(at) = self.find(problem, neighbour)? {
                let through = self.sum(self.g[at], *cost);
                least = least.min(through);
            }
        }
        self.around = around;
        Ok(least)
    }

    /// Works out the `rhs` of `state` anew: its moves, or a move into it, changed. A state
    /// not stored is stored if a move now leads it to a state of known cost (one settled
    /// while that move was not there would not pass its cost on again).
    pub fn changed<P>(&mut self, problem: &P, state: &S) -> Result<(), ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        if let Some(index) = self.find(problem, state)? {
            return self.recompute(problem, index);
        }
        let least = self.least_through_sources(problem, Some(state), 0)?;
        if least.is_finite() {
            let index = self.store(problem, state.clone())?;
            self.rhs[index] = least;
            self.update(problem, index)?;
        }
        Ok(())
    }

    /// Queues every queued state again at its present key: the heuristic changed in a way
    /// `km` does not make up for.
    pub fn rekey<P>(&mut self, problem: &P) -> Result<(), ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        self.heap.clear();
        for index in 0..self.table.len() {
            if self.queued[index] {
                let key = self.key(problem, index)?;
                self.push(index, key);
            }
        }
        Ok(())
    }

    /// Repairs the costs until the cheapest of the states `ends` (the start, for D\* Lite;
    /// the goals, for LPA\*) has its cost settled; returns its index, or `None` if no end is
    /// reachable.
    pub fn compute<P>(
        &mut self,
        problem: &P,
        ends: &[S],
        watch: &mut Watch<'_, C>,
        stats: &mut Stats<C>,
    ) -> Result<Option<usize>, Halt>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        let mut end_indices = Vec::with_capacity(ends.len());
        for end in ends {
            end_indices.push(self.store(problem, end.clone())?);
        }
        self.is_end.resize(self.table.len(), false);
        for &end in &end_indices {
            self.is_end[end] = true;
        }
        let repaired = self.repair(problem, &end_indices, watch, stats);
        for &end in &end_indices {
            self.is_end[end] = false;
        }
        repaired
    }

    /// [`compute`](Self::compute) toward the ends at `end_indices`, marked in `is_end`.
    fn repair<P>(
        &mut self,
        problem: &P,
        end_indices: &[usize],
        watch: &mut Watch<'_, C>,
        stats: &mut Stats<C>,
    ) -> Result<Option<usize>, Halt>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        let bound = watch.cost_bound.saturating_add(self.km).key();
        let reached = |search: &Self, end: usize| search.g[end].is_finite().then_some(end);
        // The end of least key, looked for again only once an end's costs moved: LPA* may
        // have thousands of goals.
        let mut nearest = None;
        self.ends_moved = true;
        loop {
            if self.ends_moved {
                self.ends_moved = false;
                nearest = None;
                for &end in end_indices {
                    let key = self.key(problem, end)?;
                    if nearest.is_none_or(|(_, least)| key < least) {
                        nearest = Some((end, key));
                    }
                }
            }
            let Some((end, end_key)) = nearest else {
                return Ok(None);
            };
            let consistent = self.g[end] == self.rhs[end];
            let Some((old_key, index)) = self.top() else {
                return Ok(reached(self, end));
            };
            if old_key >= end_key && consistent {
                return Ok(reached(self, end));
            }
            if old_key.0.0 >= C::MAX.key() {
                // Every state left is queued at an infinite `g + h`: a dead end (a heuristic
                // of MAX), or past the cost type. None leads to an end, and none is expanded,
                // as A* expands none; they stay queued for the next call.
                return Ok(reached(self, end));
            }
            if old_key.0.0 > bound {
                return Err(Halt::Stopped(StopReason::CostBound));
            }
            if self.table.is_full(watch.max_stored) {
                return Err(Halt::Stopped(StopReason::MemoryLimit));
            }
            if let Some(reason) = watch.check(stats, self.heap.len(), self.table.len()) {
                return Err(Halt::Stopped(reason));
            }
            let new_key = self.key(problem, index)?;
            if old_key < new_key {
                // Queued before the start moved: its key has grown.
                self.heap.pop();
                self.push(index, new_key);
                continue;
            }
            self.expand(problem, index, stats)?;
        }
    }

    /// Expands the queued state at `index`: settles its cost if it fell (its `rhs` passed on
    /// to its dependants), or makes it unreached if it rose (the dependants that counted on
    /// it work theirs out anew).
    fn expand<P>(
        &mut self,
        problem: &P,
        index: usize,
        stats: &mut Stats<C>,
    ) -> Result<(), ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        stats.expanded += 1;
        let around = self.list_around(problem, index, false)?;
        stats.generated += around.len() as u64;
        let old = self.g[index];
        let fell = self.rhs[index].key() < old.key();
        let g = if fell {
            self.rhs[index]
        } else {
            Length::INFINITE
        };
        self.g[index] = g;
        self.ends_moved |= self.is_end.get(index) == Some(&true);
        let mut outcome = Ok(());
        if fell {
            self.queued[index] = false;
            for (neighbour, _, cost) in &around {
                let result = self.store(problem, neighbour.clone()).and_then(|at| {
                    if !self.origin[at] {
                        let through = self.sum(g, *cost);
                        self.rhs[at] = self.rhs[at].min(through);
                    }
                    self.update(problem, at)
                });
                if result.is_err() {
                    outcome = result;
                    break;
                }
            }
        } else {
            outcome = self.update(problem, index);
            for (neighbour, _, cost) in &around {
                if outcome.is_err() {
                    break;
                }
                outcome = match self.find(problem, neighbour) {
                    Ok(Some(at)) if self.rhs[at] == old.then(*cost) => self.recompute(problem, at),
                    Ok(_) => Ok(()),
                    Err(error) => Err(error),
                };
            }
        }
        self.around = around;
        outcome
    }
}
