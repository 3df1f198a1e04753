//! A [`SearchProblem`] built from closures, for code written against the `pathfinding` crate.
//!
//! `pathfinding` describes a problem with a start node and three closures: the successors of a
//! node with their costs, a heuristic, and a goal test. [`FnProblem`] takes the same four
//! things, so a call to `pathfinding::directed::idastar::idastar` or `astar` ports by changing
//! a few lines:
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
//! [`Solution`]. Like `pathfinding`'s `idastar`, which never revisits a node
//! of the current path, IDA* and RBFS should run with
//! [`SearchOptions::detect_cycles`](crate::SearchOptions::detect_cycles) on graphs with
//! cycles; A* and BFS need nothing more.
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
//! let options = SearchOptions::new().detect_cycles(true);
//! let by_ida = ida_star_with(&problem, &options).into_solution().expect("reachable");
//! assert_eq!(by_a_star.cost, 6);
//! assert_eq!(by_ida.cost, 6);
//! let squares = problem.path(&by_ida);
//! assert_eq!((squares[0], squares[6]), ((0, 0), (7, 7)));
//! ```
//!
//! The adapter pays for its convenience: a move is the index of a successor, so applying it
//! calls the successor closure again, and each state keeps a shared link to the one before it
//! (one small allocation per move) so that IDA* and RBFS can undo moves. For speed, implement
//! [`SearchProblem`] directly.

use core::fmt;
use core::hash::{Hash, Hasher};
use std::rc::Rc;

use crate::problem::{Cost, MoveBuffer, SearchProblem};
use crate::solution::Solution;

/// A [`SearchProblem`] made of a start node and closures giving a node's successors (with
/// their costs), its heuristic, and whether it is a goal. See the [module](self) docs.
pub struct FnProblem<N, FS, FH, FG> {
    start: N,
    successors: FS,
    heuristic: FH,
    success: FG,
}

/// A state of an [`FnProblem`]: the current node, and a link to the state before it so that a
/// move can be undone. States compare and hash by their node alone.
#[derive(Clone)]
pub struct FnState<N> {
    node: N,
    previous: Option<Rc<FnState<N>>>,
}

impl<N> FnState<N> {
    /// The node.
    pub fn node(&self) -> &N {
        &self.node
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

impl<N: Hash> Hash for FnState<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.node.hash(state);
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
            successors,
            heuristic,
            success,
        }
    }

    /// The nodes along a solution, the start and the goal included.
    pub fn path<S>(&self, solution: &Solution<S, u32, C>) -> Vec<N> {
        let mut node = self.start.clone();
        let mut nodes = vec![node.clone()];
        for &index in &solution.moves {
            match (self.successors)(&node).into_iter().nth(index as usize) {
                Some((next, _)) => node = next,
                None => break,
            }
            nodes.push(node.clone());
        }
        nodes
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
    /// The index of the successor taken.
    type Move = u32;
    type Cost = C;

    fn start(&self) -> FnState<N> {
        FnState {
            node: self.start.clone(),
            previous: None,
        }
    }

    fn is_goal(&self, state: &FnState<N>) -> bool {
        (self.success)(&state.node)
    }

    fn heuristic(&self, state: &FnState<N>) -> C {
        (self.heuristic)(&state.node)
    }

    fn moves(&self, state: &FnState<N>, moves: &mut MoveBuffer<u32, C>) {
        let successors = (self.successors)(&state.node).into_iter();
        moves.extend(
            successors
                .enumerate()
                .map(|(index, (_, cost))| (index as u32, cost)),
        );
    }

    fn apply(&self, state: &mut FnState<N>, index: u32) {
        let Some((next, _)) = (self.successors)(&state.node)
            .into_iter()
            .nth(index as usize)
        else {
            return; // not a move of this state: nothing to do
        };
        let node = core::mem::replace(&mut state.node, next);
        let previous = state.previous.take();
        state.previous = Some(Rc::new(FnState { node, previous }));
    }

    fn undo(&self, state: &mut FnState<N>, _index: u32) {
        if let Some(previous) = state.previous.take() {
            *state = Rc::try_unwrap(previous).unwrap_or_else(|shared| (*shared).clone());
        }
    }
}
