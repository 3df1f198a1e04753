//! A [`SearchProblem`] built from closures, for code written against the `pathfinding` crate.
//!
//! `pathfinding` describes a problem with a start node and three closures: the successors of a
//! node with their costs, a heuristic, and a goal test. [`FnProblem`] takes the same four
//! things, so a call to `pathfinding::directed::idastar::idastar`, `astar` or `bfs` ports by
//! changing a few lines:
//!
//! ```text
//! // pathfinding                                  // informed
//! use pathfinding::prelude::idastar;              use informed::prelude::*;
//!
//! let result = idastar(                           let problem = FnProblem::new(
//!     &start,                                         start,
//!     |n| successors(n),                              |n| successors(n),
//!     |n| heuristic(n),                               |n| heuristic(n),
//!     |n| *n == goal,                                 |n| *n == goal,
//! );                                              );
//!                                                 let result = ida_star(&problem).into_solution();
//! if let Some((path, cost)) = result { … }        if let Some(s) = result { let (path, cost) = (problem.path(&s), s.cost); … }
//! ```
//!
//! `pathfinding` returns the nodes of the path; [`FnProblem::path`] gives them from a
//! [`Solution`]. Every engine solves an `FnProblem` but the two bidirectional ones, which need
//! the goals and each node's predecessors: for them, implement
//! [`Bidirectional`](crate::Bidirectional) on a type of your own. Like `pathfinding`'s
//! `idastar`, the depth-first engines never step onto a node already on the current path, so
//! plain [`ida_star`](crate::ida_star()) ends on graphs with cycles, and proves there is no
//! path in a finite graph: its moves have no inverse, so
//! [`SearchOptions::detect_cycles`](crate::SearchOptions::detect_cycles) is on by default.
//!
//! ```
//! use informed::prelude::*;
//!
//! // A knight on an 8 x 8 board, from a corner to the opposite one.
//! let jumps = |&(x, y): &(i32, i32)| -> Vec<((i32, i32), u32)> {
//!     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
//!         .iter()
//!         .map(|&(dx, dy)| (x + dx, y + dy))
//!         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
//!         .map(|square| (square, 1))
//!         .collect()
//! };
//! // Each jump changes x + y distance by at most 3.
//! let distance = |&(x, y): &(i32, i32)| ((7 - x).abs() + (7 - y).abs()) as u32 / 3;
//! let problem = FnProblem::new((0, 0), jumps, distance, |&square| square == (7, 7));
//!
//! let by_a_star = a_star(&problem).into_solution().expect("reachable");
//! let by_ida = ida_star(&problem).into_solution().expect("reachable");
//! assert_eq!(by_a_star.cost, 6);
//! assert_eq!(by_ida.cost, 6);
//! let squares = problem.path(&by_ida);
//! assert_eq!((squares[0], squares[6]), ((0, 0), (7, 7)));
//! ```
//!
//! # What the adapter requires, and what it costs
//!
//! - `successors` is a function of the node: called twice on one node, it gives the same
//!   nodes with the same costs. Their *order* may change between calls (a `HashSet` built per
//!   call): a move names its successor by a hash of the node and the cost of the step, not by
//!   its position. Two successors of one node whose 32-bit hashes collide at the same cost
//!   (a pair of siblings in four billion; a node with 300,000 successors has about ten such
//!   pairs) are one move: [`FnProblem::path`] still gives the nodes of a path that plays
//!   every move and ends at a goal, never a wrong one, but the path check of debug builds,
//!   which replays the moves with `apply` (the first successor a move names), may then
//!   report the path as faulty.
//! - Costs are any [`Cost`] type, `i32` as `pathfinding` ports usually have included; a
//!   negative cost ends the search with [`Outcome::Invalid`](crate::Outcome::Invalid).
//! - Every engine calls `successors` once per expanded node, however many children it has
//!   ([`SearchProblem::children_at_once`]: the depth-first engines that keep a node's
//!   children on a stack keep the nodes the closure gave), and the heuristic once per child,
//!   as `pathfinding::idastar` does. Only [`FnProblem::path`] and the path check of debug
//!   builds step along a path by calling it again. A state is the node and its hash,
//!   nothing shared or reference-counted: the depth-first engines keep the nodes on the
//!   current path themselves
//!   ([`SearchOptions::detect_cycles`](crate::SearchOptions::detect_cycles)), in a list
//!   while the path is short and in a hash set beside it once it is long.
//! - Each node a closure returns is hashed once: the hash names the move to it and is the
//!   state's hash in the tables of A* and BFS ([`SearchProblem::state_hash`]), which file
//!   the state under it without hashing it again.
//!
//! # Closures that keep state
//!
//! `pathfinding` takes `FnMut` closures; [`FnProblem`] takes `Fn` ones, because the engines
//! hold a problem by shared reference (`parallel_ida_star`, with the `parallel` feature, shares
//! it between threads). A closure that keeps something between calls (counts them, caches
//! what it worked out) keeps it in a [`Cell`](core::cell::Cell) or a
//! [`RefCell`](core::cell::RefCell), or, for parallel IDA*, an atomic or a `Mutex`:
//!
//! ```
//! use std::cell::{Cell, RefCell};
//! use std::collections::HashMap;
//!
//! use informed::prelude::*;
//!
//! // Steps of +1 and *2 from 1 to 100; the heuristic is cached, and the expansions counted.
//! let expanded = Cell::new(0);
//! let cache = RefCell::new(HashMap::new());
//! let successors = |&n: &u32| {
//!     expanded.set(expanded.get() + 1);
//!     [(n + 1, 1), (n * 2, 1)].into_iter().filter(|&(m, _)| m <= 100)
//! };
//! // At least one move to go from anywhere but 100 (worked out once per node, to show a cache).
//! let heuristic = |&n: &u32| *cache.borrow_mut().entry(n).or_insert(u32::from(n != 100));
//! let problem = FnProblem::new(1, successors, heuristic, |&n: &u32| n == 100);
//!
//! let solution = a_star(&problem).into_solution().expect("100 is reachable");
//! assert_eq!(solution.cost, 8); // 1 2 3 6 12 24 25 50 100
//! assert!(expanded.get() > 0 && !cache.borrow().is_empty());
//! ```

use core::fmt;
use core::hash::{Hash, Hasher};
use core::num::NonZeroU32;
use core::ops::ControlFlow;

use crate::cost::Cost;
use crate::engines::StateHasher;
use crate::problem::{ChildVisitor, MoveBuffer, SearchProblem};
use crate::solution::Solution;

/// A [`SearchProblem`] made of a start node and closures giving a node's successors (with
/// their costs), its heuristic, and whether it is a goal. See the [module](self) docs.
pub struct FnProblem<N, FS, FH, FG> {
    start: N,
    /// The other starts of a multi-source search.
    more_starts: Vec<N>,
    successors: FS,
    heuristic: FH,
    success: FG,
}

/// A move of an [`FnProblem`]: which successor of the node to step to, named by a hash of the
/// node and the cost of the step (`K` is the cost's [`Cost::Key`]).
///
/// Two moves are equal when they reach the same node at the same cost, wherever the closure
/// listed it: a closure whose order changes between calls still gives the same moves.
#[derive(Clone, Copy, Debug)]
pub struct FnMove<K> {
    /// The hash of the successor: never zero, so that an `Option` of a move, which the
    /// engines store with each state, is no larger than the move.
    hash: NonZeroU32,
    cost: K,
}

impl<K> FnMove<K> {
    fn new(hash: NonZeroU32, cost: K) -> Self {
        FnMove { hash, cost }
    }

    fn hash(&self) -> NonZeroU32 {
        self.hash
    }
}

impl<K: PartialEq> PartialEq for FnMove<K> {
    fn eq(&self, other: &Self) -> bool {
        self.hash() == other.hash() && self.cost == other.cost
    }
}

impl<K: Eq> Eq for FnMove<K> {}

impl<K: Hash> Hash for FnMove<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash().hash(state);
        self.cost.hash(state);
    }
}

/// The seed of every [`FnProblem`]'s node hashes: one for all problems, so that equal nodes
/// have equal hashes (and so equal states, and equal moves to them) whichever problem made
/// them, and the same from run to run.
const NODE_SEED: u64 = 0x243F_6A88_85A3_08D3;

/// A state of an [`FnProblem`]: a node with its hash. States compare by their node alone, and
/// hash by the node's hash, worked out once when the node came out of the successor closure.
///
/// A state carries no path: the depth-first engines keep the states on the current path
/// themselves and never step onto one of them again (its moves have no inverse, so
/// [`SearchOptions::detect_cycles`](crate::SearchOptions::detect_cycles) is on by default),
/// and make each child a state of its own, so a stored state is the node and four bytes.
pub struct FnState<N> {
    node: N,
    /// The hash of `node` (32 bits of it, by [`hash_of`]).
    hash: NonZeroU32,
}

/// 32 bits of the hash of `node` (by the state tables' hasher, from [`NODE_SEED`]), none of
/// them zero. The tables' hasher, not `foldhash`: no global seed to fetch per node, and for
/// the 8-puzzle's nine bytes A* through the adapter went from 1.00-1.02 to 1.12-1.13 of
/// `pathfinding`'s speed (`vs_pathfinding`, three whole runs each).
fn hash_of<N: Hash>(node: &N) -> NonZeroU32 {
    let mut hasher = StateHasher::with_seed(NODE_SEED);
    node.hash(&mut hasher);
    let hash = hasher.finish();
    NonZeroU32::new((hash ^ hash >> 32) as u32).unwrap_or(NonZeroU32::MIN)
}

impl<N: Clone + Eq + Hash> FnState<N> {
    fn new(node: N) -> Self {
        let hash = hash_of(&node);
        FnState::with_hash(node, hash)
    }

    fn with_hash(node: N, hash: NonZeroU32) -> Self {
        FnState { node, hash }
    }

    /// The node.
    pub fn node(&self) -> &N {
        &self.node
    }
}

impl<N: Clone> Clone for FnState<N> {
    fn clone(&self) -> Self {
        FnState {
            node: self.node.clone(),
            hash: self.hash,
        }
    }
}

impl<N: fmt::Debug> fmt::Debug for FnState<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.node.fmt(f)
    }
}

impl<N: PartialEq> PartialEq for FnState<N> {
    fn eq(&self, other: &Self) -> bool {
        self.node == other.node
    }
}

impl<N: Eq> Eq for FnState<N> {}

/// By the node's hash, worked out once: equal nodes have equal hashes.
impl<N> Hash for FnState<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u32(self.hash.get());
    }
}

impl<N, C, FS, FH, FG, IN> FnProblem<N, FS, FH, FG>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FS: Fn(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: Fn(&N) -> C,
    FG: Fn(&N) -> bool,
{
    /// The problem of reaching a node where `success` holds from `start`, through the
    /// `successors` of each node, guided by `heuristic` (which must never overestimate the
    /// remaining cost, or a costlier path may be returned; `|_| 0` is always safe).
    pub fn new(start: N, successors: FS, heuristic: FH, success: FG) -> Self {
        FnProblem {
            start,
            more_starts: Vec::new(),
            successors,
            heuristic,
            success,
        }
    }

    /// This problem with `others` as start nodes too: the engines that store states (A*,
    /// BFS, Dijkstra, weighted A*, greedy search) search from all the starts at once; the
    /// depth-first ones from the first.
    #[must_use]
    pub fn with_more_starts(mut self, others: impl IntoIterator<Item = N>) -> Self {
        self.more_starts.extend(others);
        self
    }

    /// The state of `node`: to look a node up among the states a search stored
    /// ([`Reached::cost`](crate::Reached::cost), say).
    pub fn state(&self, node: N) -> FnState<N> {
        FnState::new(node)
    }

    /// The nodes along a solution, the start and the goal included.
    pub fn path(&self, solution: &Solution<FnState<N>, FnMove<C::Key>, C>) -> Vec<N> {
        self.walk(&solution.start.node, &solution.moves)
    }

    /// The nodes along `moves` from the start, the start included: the path of moves an
    /// engine returned without a [`Solution`] (those of
    /// [`optimal_solutions`](crate::optimal_solutions()), say).
    pub fn path_of(&self, moves: &[FnMove<C::Key>]) -> Vec<N> {
        self.walk(&self.start, moves)
    }

    /// The nodes along `moves` from `start`. A move names its successor by a 32-bit hash and
    /// the cost: where two successors of one node share both, the walk tries each and keeps
    /// the one whose path plays every move and ends at a goal, so that a collision never
    /// gives a wrong path. Without such a path (moves that are not this problem's), the
    /// nodes as far as the moves name successors, the first of each.
    fn walk(&self, start: &N, moves: &[FnMove<C::Key>]) -> Vec<N> {
        // For each step, the successors the move may name, and which one the walk is on.
        let mut choices: Vec<(Vec<N>, usize)> = Vec::with_capacity(moves.len());
        let mut node = start.clone();
        let mut greedy: Option<Vec<N>> = None;
        loop {
            let step = choices.len();
            if step == moves.len() {
                if (self.success)(&node) {
                    break;
                }
            } else {
                let named = self.successors_named(&node, moves[step]);
                if let Some(first) = named.first() {
                    node = first.clone();
                    choices.push((named, 0));
                    continue;
                }
            }
            // A dead end: the first walk is kept as the fallback; back up to the last step
            // with another candidate.
            greedy.get_or_insert_with(|| Self::nodes_of(start, &choices));
            loop {
                let Some((named, at)) = choices.last_mut() else {
                    return greedy.unwrap_or_else(|| vec![start.clone()]);
                };
                if *at + 1 < named.len() {
                    *at += 1;
                    node = named[*at].clone();
                    break;
                }
                choices.pop();
            }
        }
        Self::nodes_of(start, &choices)
    }

    /// The start and the node each step of `choices` is on.
    fn nodes_of(start: &N, choices: &[(Vec<N>, usize)]) -> Vec<N> {
        core::iter::once(start.clone())
            .chain(choices.iter().map(|(named, at)| named[*at].clone()))
            .collect()
    }

    /// Every successor of `node` that `mv` names (one, but for a collision of hashes).
    fn successors_named(&self, node: &N, mv: FnMove<C::Key>) -> Vec<N> {
        (self.successors)(node)
            .into_iter()
            .filter(|(next, cost)| Self::step(next, *cost) == mv)
            .map(|(next, _)| next)
            .collect()
    }

    /// The move to `next` at `cost`.
    fn step(next: &N, cost: C) -> FnMove<C::Key> {
        FnMove::new(hash_of(next), cost.key())
    }

    /// The first successor of `node` that `mv` names.
    fn successor(&self, node: &N, mv: FnMove<C::Key>) -> Option<N> {
        (self.successors)(node)
            .into_iter()
            .find(|(next, cost)| Self::step(next, *cost) == mv)
            .map(|(next, _)| next)
    }
}

impl<N, C, FS, FH, FG, IN> SearchProblem for FnProblem<N, FS, FH, FG>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FS: Fn(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: Fn(&N) -> C,
    FG: Fn(&N) -> bool,
{
    type State = FnState<N>;
    type Move = FnMove<C::Key>;
    type Cost = C;

    fn start(&self) -> FnState<N> {
        FnState::new(self.start.clone())
    }

    fn starts(&self) -> Vec<FnState<N>> {
        core::iter::once(&self.start)
            .chain(&self.more_starts)
            .map(|node| FnState::new(node.clone()))
            .collect()
    }

    fn is_goal(&self, state: &FnState<N>) -> bool {
        (self.success)(&state.node)
    }

    fn heuristic(&self, state: &FnState<N>) -> C {
        (self.heuristic)(&state.node)
    }

    fn moves(&self, state: &FnState<N>, moves: &mut MoveBuffer<Self::Move, C>) {
        for (next, cost) in (self.successors)(&state.node) {
            moves.push((Self::step(&next, cost), cost));
        }
    }

    /// Steps to the successor `mv` names; a move that names none leaves the state as it is.
    fn apply(&self, state: &mut FnState<N>, mv: Self::Move) {
        // The successor `mv` names hashes as `mv` says: `successor` matched it by that hash.
        if let Some(next) = self.successor(&state.node, mv) {
            *state = FnState::with_hash(next, mv.hash());
        }
    }

    /// One call of the successor closure per node; each child is offered to the engine by its
    /// heuristic, and one that passes is made a state of its own from the node the closure
    /// returned (nothing to undo after) and visited with that heuristic.
    fn visit_children<V: ChildVisitor<Self>>(
        &self,
        state: &mut FnState<N>,
        _skip: Option<Self::Move>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        for (next, cost) in (self.successors)(&state.node) {
            let h = (self.heuristic)(&next);
            if visitor.prune(cost, h) {
                continue;
            }
            let mv = Self::step(&next, cost);
            let mut child = FnState::with_hash(next, mv.hash());
            visitor.visit_passed(&mut child, mv, cost, h)?;
        }
        ControlFlow::Continue(())
    }

    /// The node's hash, worked out once as the node came out of a closure.
    #[inline]
    fn state_hash(state: &FnState<N>) -> Option<u64> {
        Some(u64::from(state.hash.get()))
    }

    /// One call of the successor closure per node, each child a state of its own, hashed once
    /// for its move and its state: `apply` would call the closure again for every child.
    fn children_at_once<F>(
        &self,
        state: &FnState<N>,
        _skip: Option<Self::Move>,
        mut each: F,
    ) -> Option<ControlFlow<()>>
    where
        F: FnMut(FnState<N>, Self::Move, C) -> ControlFlow<()>,
    {
        for (next, cost) in (self.successors)(&state.node) {
            let mv = Self::step(&next, cost);
            if each(FnState::with_hash(next, mv.hash()), mv, cost).is_break() {
                return Some(ControlFlow::Break(()));
            }
        }
        Some(ControlFlow::Continue(()))
    }
}
