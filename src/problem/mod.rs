//! The [`SearchProblem`] trait every engine searches, and the [`Cost`] bound on its costs.
//!
//! Its parts: the [`MoveBuffer`] a problem lists its moves in (`move_buffer.rs`), the
//! default loop over a state's children with the [`ChildVisitor`] an engine hands it
//! (`children.rs`), and what a problem adds to be searched backwards too, [`Bidirectional`]
//! (`bidirectional.rs`).

use core::hash::Hash;
use core::ops::ControlFlow;

use crate::cost::Cost;

mod bidirectional;
mod children;
mod move_buffer;

pub use bidirectional::Bidirectional;
pub use children::ChildVisitor;
pub(crate) use children::{MadeChildren, each_child, restores_by_copy, undo};
use children::{visit_fixed, visit_listed};
pub use move_buffer::MoveBuffer;

/// A search problem: a start state, a goal test, and moves with costs that are applied to a
/// state in place.
///
/// Its items come in four groups:
///
/// - **Required**: [`start`](Self::start), [`is_goal`](Self::is_goal),
///   [`moves`](Self::moves), [`apply`](Self::apply). A problem with only these is solved by
///   every engine.
/// - **The heuristic**: [`heuristic`](Self::heuristic), an admissible lower bound on the cost
///   still to go (far fewer nodes), and [`heuristic_after`](Self::heuristic_after), the same
///   for a child without making it (IDA* then cuts most children off before making them).
/// - **Reversing a move**: [`inverse`](Self::inverse). The depth-first engines then work in
///   place, undoing a move by applying its inverse, and never try the move that undoes the
///   last one.
/// - **More starts, and speed**: [`starts`](Self::starts), for a search from several states
///   at once; [`visit_children`](Self::visit_children), a hand-written loop over a state's
///   children for the depth-first engines ([`visit_moves`] walks a fixed
///   list of moves with it); [`children_at_once`](Self::children_at_once), for a problem that
///   makes a state's children whole; [`state_index`](Self::state_index), for a problem whose
///   states are numbered, which the engines that store states then file by number instead of
///   hashing them, and [`state_hash`](Self::state_hash), for states that carry their hash.
///
/// [`PackedStates`] is a trait of its own, for [`a_star_packed`](crate::a_star_packed()):
/// states kept in a compact form.
///
/// Written with the required methods, the heuristic and the inverses, a problem of the user's
/// own is searched about as fast as a hand-written C++ IDA* of the same search
/// (BENCHMARKS.md has the figures).
///
/// A state of at most 128 bytes that owns no heap memory (no `Vec`, `Box` or `String` in it,
/// so that its clone is a plain copy) is copied by the depth-first engines rather than
/// restored by applying the inverse move: a copy is cheap where a move is often dear.
/// [`apply`](Self::apply) should therefore change nothing but the state.
///
/// Costs are any [`Cost`] type: the primitive integers, signed or not, and `f32` / `f64`.
///
/// # The contract engines rely on
///
/// - **Heuristic.** [`heuristic`](Self::heuristic) must never overestimate the cheapest
///   remaining cost to a goal (it must be *admissible*), and must be zero at every goal. With
///   an inadmissible heuristic the engines still return a path that replays to a goal, but
///   it may not be the cheapest one. The default heuristic, zero, is admissible and turns
///   IDA* into iterative deepening and A* into Dijkstra's algorithm.
/// - **Move order.** Every engine tries the moves of a state in the order
///   [`moves`](Self::moves) yields them, and never tries the [`inverse`](Self::inverse) of the
///   move that led to the current state. The depth-first and breadth-first engines
///   ([`ida_star`](crate::ida_star()), [`bfs`](crate::bfs())) therefore return, among all optimal
///   solutions, the one whose move sequence is lexicographically smallest in that order. This
///   is a guarantee: a problem that needs the lexicographically smallest answer (the POJ 2286
///   rotation game, say) gets it by yielding its moves in alphabetical order.
///   [`a_star`](crate::a_star()) and [`rbfs`](crate::rbfs()) return an optimal solution, but
///   among equal-cost solutions they may pick another one.
/// - **Inverses.** [`apply`](Self::apply) of a move followed by `apply` of its
///   [`inverse`](Self::inverse) must restore the state exactly, including anything the state
///   caches (an incrementally kept heuristic, say). IDA* and RBFS walk the whole search this
///   way, with no clone of the state per node.
/// - **Cycles.** A problem whose moves have no inverse (one written with the required methods
///   alone, say) is searched by the depth-first engines with the states of the current path
///   kept and never stepped onto again, so that they end on every finite space; a problem with
///   inverses is searched without, faster, and may deepen forever if its space has longer
///   cycles and no reachable goal: set
///   [`SearchOptions::detect_cycles`](crate::SearchOptions::detect_cycles) for such a problem
///   (a water jug puzzle, say).
///
/// # A new problem in a few dozen lines
///
/// A counter that starts at 3 and must reach 10, by adding one (cost 1) or doubling (cost 2):
///
/// ```
/// use informed::{ida_star, MoveBuffer, SearchProblem};
///
/// struct Counter {
///     start: u32,
///     target: u32,
/// }
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// enum Step {
///     Increment,
///     Decrement,
///     Double,
///     Halve,
/// }
///
/// impl SearchProblem for Counter {
///     type State = u32;
///     type Move = Step;
///     type Cost = u32;
///
///     fn start(&self) -> u32 {
///         self.start
///     }
///     fn is_goal(&self, state: &u32) -> bool {
///         *state == self.target
///     }
///     fn moves(&self, state: &u32, moves: &mut MoveBuffer<Step, u32>) {
///         moves.push((Step::Increment, 1));
///         if *state > 0 {
///             moves.push((Step::Decrement, 1));
///         }
///         if *state <= self.target {
///             moves.push((Step::Double, 2));
///         }
///         if *state % 2 == 0 {
///             moves.push((Step::Halve, 2));
///         }
///     }
///     fn apply(&self, state: &mut u32, step: Step) {
///         match step {
///             Step::Increment => *state += 1,
///             Step::Decrement => *state -= 1,
///             Step::Double => *state *= 2,
///             Step::Halve => *state /= 2,
///         }
///     }
///     fn inverse(&self, step: Step) -> Option<Step> {
///         Some(match step {
///             Step::Increment => Step::Decrement,
///             Step::Decrement => Step::Increment,
///             Step::Double => Step::Halve,
///             Step::Halve => Step::Double,
///         })
///     }
/// }
///
/// let result = ida_star(&Counter { start: 3, target: 10 });
/// let solution = result.solution().expect("10 is reachable from 3");
/// assert_eq!(solution.cost, 4); // 3 -> 4 -> 5 -> 10
/// assert_eq!(solution.moves, [Step::Increment, Step::Increment, Step::Double]);
/// ```
pub trait SearchProblem {
    /// A state of the problem. Engines that store states (A*, BFS) hash and compare them.
    type State: Clone + Eq + Hash;
    /// A move from one state to another.
    type Move: Copy + Eq;
    /// The cost of a move and of a path.
    type Cost: Cost;

    // Required.

    /// The state the search starts from.
    fn start(&self) -> Self::State;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Appends to `moves` every move available in `state`, each with its cost, in the order the
    /// engines should try them.
    ///
    /// The buffer is append-only: it may already hold the moves of other states (IDA* keeps
    /// the moves of its whole path in one buffer). A run of moves is best appended with one
    /// [`extend`](Extend::extend), which checks the room once, rather than a
    /// [`push`](MoveBuffer::push) each, which checks it at every move:
    ///
    /// ```
    /// # use informed::MoveBuffer;
    /// # let (mut moves, n) = (MoveBuffer::<u8, u32>::new(), 12);
    /// moves.extend((0..n).map(|turn| (turn, 1)));
    /// # assert_eq!(moves.len(), 12);
    /// ```
    fn moves(&self, state: &Self::State, moves: &mut MoveBuffer<Self::Move, Self::Cost>);

    /// Applies `mv`, one of the moves [`moves`](Self::moves) yielded for `state`, in place.
    fn apply(&self, state: &mut Self::State, mv: Self::Move);

    // The heuristic.

    /// A lower bound on the cost from `state` to the nearest goal: admissible, and zero at
    /// every goal. Defaults to zero.
    fn heuristic(&self, state: &Self::State) -> Self::Cost {
        let _ = state;
        Self::Cost::ZERO
    }

    /// The heuristic of the state `mv` would lead to from `state`, without applying it, if the
    /// problem can tell cheaply; `None` (the default) otherwise.
    ///
    /// IDA* uses it to prune a child whose cost bound exceeds the threshold without applying
    /// its move, which is most children in the last iterations; a child it keeps is made and
    /// searched with this value as its heuristic, `heuristic` is not asked again. When it
    /// returns a value, that value must equal [`heuristic`](Self::heuristic) of the state
    /// after the move. A problem that caches its heuristic in the state and updates it from a
    /// per-move table (as [`SlidingPuzzle`](crate::puzzles::SlidingPuzzle) does) can answer
    /// with one table lookup.
    #[inline]
    fn heuristic_after(&self, state: &Self::State, mv: Self::Move) -> Option<Self::Cost> {
        let _ = (state, mv);
        None
    }

    // Reversing a move.

    /// The move that undoes `mv`, if there is one: applying `mv` then its inverse restores the
    /// state exactly. Engines never try the inverse of the move that led to the current
    /// state, and the depth-first engines undo a move in place by applying its inverse.
    /// Defaults to none: the engines then keep a copy of the state where they need one.
    fn inverse(&self, mv: Self::Move) -> Option<Self::Move> {
        let _ = mv;
        None
    }

    // More starts, and speed.

    /// Every state the search may start from: the engines that store states (A*, BFS,
    /// Dijkstra, weighted A*, greedy search) search from all of them at once (a multi-source
    /// search), and [`Solution::start`](crate::Solution::start) says which one a solution
    /// starts from. The depth-first engines, and the agents of
    /// [`lrta_star`](crate::lrta_star()) and [`DStarLite`](crate::DStarLite), search from one
    /// state: handed a problem with several starts, they end with
    /// [`ProblemError::SeveralStarts`](crate::ProblemError::SeveralStarts), and with none,
    /// with no solution. Defaults to `start()`.
    fn starts(&self) -> Vec<Self::State> {
        vec![self.start()]
    }

    /// Internal iteration over the children of `state`, the fast path of the depth-first
    /// engines: for every move of `state` in the order of [`moves`](Self::moves), except
    /// `skip`, apply it, hand the child to [`visitor.visit`](ChildVisitor::visit), and restore
    /// the state.
    ///
    /// The default does exactly that with [`moves`](Self::moves) and [`apply`](Self::apply),
    /// offering each child to [`ChildVisitor::prune`] first when
    /// [`heuristic_after`](Self::heuristic_after) knows its heuristic. It is what
    /// [`ida_star`](crate::ida_star()) runs on, and there is rarely a reason to write it
    /// yourself. A problem whose moves are the same in every state (a pancake flip, a cube's
    /// turn) overrides it with one line, [`visit_moves`] over its list of
    /// moves, which walks the list instead of listing it into a buffer at every node. A
    /// problem may override it, the way an iterator overrides
    /// [`try_fold`](Iterator::try_fold), to generate its children in a tight loop (the
    /// sliding-tile puzzle keeps the tile it moved and the heuristic it had in locals, so that
    /// restoring the board is a few stores). An override must:
    ///
    /// - visit the same children, in the same order, as the default would (check it against
    ///   [`ListedChildren`], which searches with the default), or leave out only children
    ///   that another path reaches at no greater cost and does not leave out (the sliding
    ///   puzzle's [`PrunedPuzzle`](crate::puzzles::sliding_tile::PrunedPuzzle) leaves out
    ///   duplicate slide sequences);
    /// - restore `state` exactly before returning, and after every call to `visit`;
    /// - either call [`prune`](ChildVisitor::prune) for a child and skip it if it answers
    ///   `true`, or apply the move and call [`visit`](ChildVisitor::visit) with the child;
    /// - return [`ControlFlow::Break`] at once, after restoring the state, when `visit` does.
    ///
    /// The engine recurses through this method, so it calls it at most a few hundred levels
    /// deep and continues on an explicit stack below that.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use informed::{ida_star, ChildVisitor, MoveBuffer, SearchProblem};
    ///
    /// /// Reach `target` from 0 by steps of +1 (cost 1) or +5 (cost 3).
    /// struct Steps {
    ///     target: u32,
    /// }
    ///
    /// impl SearchProblem for Steps {
    ///     type State = u32;
    ///     type Move = u32;
    ///     type Cost = u32;
    ///     fn start(&self) -> u32 {
    ///         0
    ///     }
    ///     fn is_goal(&self, n: &u32) -> bool {
    ///         *n == self.target
    ///     }
    ///     fn moves(&self, n: &u32, moves: &mut MoveBuffer<u32, u32>) {
    ///         if *n < self.target {
    ///             moves.push((1, 1));
    ///             moves.push((5, 3));
    ///         }
    ///     }
    ///     fn apply(&self, n: &mut u32, step: u32) {
    ///         *n += step;
    ///     }
    ///     fn heuristic(&self, n: &u32) -> u32 {
    ///         (self.target.saturating_sub(*n) * 3).div_ceil(5)
    ///     }
    ///     // The same children in the same order, with no move buffer.
    ///     fn visit_children<V: ChildVisitor<Self>>(
    ///         &self,
    ///         n: &mut u32,
    ///         _skip: Option<u32>,
    ///         visitor: &mut V,
    ///     ) -> ControlFlow<()> {
    ///         if *n >= self.target {
    ///             return ControlFlow::Continue(());
    ///         }
    ///         for (step, cost) in [(1, 1), (5, 3)] {
    ///             *n += step;
    ///             let flow = visitor.visit(n, step, cost);
    ///             *n -= step;
    ///             flow?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// let solution = ida_star(&Steps { target: 12 }).into_solution().unwrap();
    /// assert_eq!((solution.cost, solution.moves), (8, vec![1, 1, 5, 5]));
    /// ```
    #[inline]
    fn visit_children<V: ChildVisitor<Self>>(
        &self,
        state: &mut Self::State,
        skip: Option<Self::Move>,
        visitor: &mut V,
    ) -> ControlFlow<()>
    where
        Self: Sized,
    {
        // Each loop twice, with the move to skip and without: the test per child is then one
        // comparison of moves, not of an `Option` too.
        let first = visitor.move_stack().len();
        self.moves(state, visitor.move_stack());
        let flow = match skip {
            Some(skip) => visit_listed(self, state, visitor, first, |mv| mv == skip),
            None => visit_listed(self, state, visitor, first, |_| false),
        };
        visitor.move_stack().truncate(first);
        flow
    }

    /// Makes every child of `state` but the one reached by `skip` at once, handing each to
    /// `each` as a new state with its move and cost, in the order of [`moves`](Self::moves),
    /// and stopping early when `each` returns `Break`; `None` (the default) for a problem that
    /// makes its children one at a time, by [`apply`](Self::apply).
    ///
    /// For a problem that computes a state's children whole (the closure adapter
    /// [`FnProblem`](crate::closures::FnProblem), whose `apply` must call the successor
    /// closure again to find the one child a move names), or that makes them more cheaply
    /// without listing its moves first (a grid's cells, from a mask of open directions).
    /// Every engine then takes a node's children from one call of this method: A* and BFS
    /// as they expand it, the depth-first engines that keep a node's children on a stack
    /// (RBFS, IDA*_CR, branch and bound, IDA* past 400 levels) keeping them until they leave
    /// the node. An override answers `Some` for every state, with
    /// [`ControlFlow::Break`] if `each` broke, and makes the children that
    /// `moves` and `apply` would, in the same order.
    #[inline]
    fn children_at_once<F>(
        &self,
        state: &Self::State,
        skip: Option<Self::Move>,
        each: F,
    ) -> Option<ControlFlow<()>>
    where
        Self: Sized,
        F: FnMut(Self::State, Self::Move, Self::Cost) -> ControlFlow<()>,
    {
        let _ = (state, skip, each);
        None
    }

    /// The number of `state`, if the problem numbers its states from 0 (the cells of a grid,
    /// the nodes of a graph); `None` (the default) otherwise. Answer for every state or for
    /// none.
    ///
    /// The engines that store states ([`a_star`](crate::a_star()),
    /// [`dijkstra`](crate::dijkstra()), [`weighted_a_star`](crate::weighted_a_star()),
    /// [`greedy_best_first`](crate::greedy_best_first()), [`bfs`](crate::bfs()), the
    /// steppable [`AStarSteps`](crate::AStarSteps)) then find a state again by its number, in
    /// an array of four bytes a number, instead of by its hash: no hashing, and states with
    /// near numbers filed side by side (as [`GridPath`](crate::puzzles::grid::GridPath)
    /// numbers its cells). The array is made in blocks of 256 numbers, each zeroed when the
    /// search first stores a state of its numbers: a short query on a large grid zeroes a few
    /// kilobytes, not the whole array. Numbers should be dense: a number of 2³⁰ or more, one
    /// that two different states share, or a state without a number ends the search with
    /// [`ProblemError::StateNumber`](crate::ProblemError::StateNumber).
    /// [`dijkstra_all`](crate::dijkstra_all()), whose answer looks states up without the
    /// problem, hashes them whatever this says.
    #[inline]
    fn state_index(&self, state: &Self::State) -> Option<usize> {
        let _ = state;
        None
    }

    /// The hash that `state` carries, if it carries one (worked out once as the state was
    /// made, or kept up to date by [`apply`](Self::apply) as a Zobrist hash is); `None` (the
    /// default): the tables hash the state with its `Hash`. The engines that store states by
    /// hash file `state` under it instead of hashing it again: one hash less per generated
    /// state, on the chain every child waits on (hash, probe, compare).
    /// [`FnProblem`](crate::closures::FnProblem)'s states carry the hash of their node, which
    /// also names the move to them. (A problem that numbers its states
    /// ([`state_index`](Self::state_index)) is filed by number, and this is not read.)
    ///
    /// Equal states must carry equal hashes. The tables keep 32 bits of it, its two halves
    /// xored, and use them as they are: they must vary from state to state as a good hash's
    /// bits do, not count up. A function of the state alone, without the problem:
    /// [`Reached`](crate::Reached) looks states up by it after the search.
    #[inline]
    fn state_hash(state: &Self::State) -> Option<u64> {
        let _ = state;
        None
    }
}

/// A problem whose states have a compact form, for the engines that store every state they
/// generate: [`a_star_packed`](crate::a_star_packed()) keeps `Packed` values in its table and
/// rebuilds a state from one only to expand it.
///
/// `pack` must be one-to-one on the states the search can reach: two states pack to equal
/// values only if they are equal, and `unpack(pack(s))` gives back `s`. The sliding-tile
/// puzzles up to 25 cells implement it (four or five bits a tile).
pub trait PackedStates: SearchProblem {
    /// The compact form of a state.
    type Packed: Copy + Eq + Hash;

    /// The compact form of `state`.
    fn pack(&self, state: &Self::State) -> Self::Packed;

    /// The state whose compact form is `packed`.
    fn unpack(&self, packed: &Self::Packed) -> Self::State;
}

/// `P` with the default [`SearchProblem::visit_children`]: every other method is `P`'s own.
///
/// A problem that overrides `visit_children` must visit what the default would, in the same
/// order; searching both the problem and its `ListedChildren` and comparing the answers and
/// the node counts checks that it does.
///
/// ```
/// use informed::{ida_star, ListedChildren};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
/// let (fast, listed) = (ida_star(&puzzle), ida_star(&ListedChildren(&puzzle)));
/// assert_eq!(fast.outcome, listed.outcome);
/// assert_eq!(fast.stats, listed.stats);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ListedChildren<P>(pub P);

impl<P: core::ops::Deref> SearchProblem for ListedChildren<P>
where
    P::Target: SearchProblem + Sized,
{
    type State = <P::Target as SearchProblem>::State;
    type Move = <P::Target as SearchProblem>::Move;
    type Cost = <P::Target as SearchProblem>::Cost;

    fn start(&self) -> Self::State {
        self.0.start()
    }
    fn is_goal(&self, state: &Self::State) -> bool {
        self.0.is_goal(state)
    }
    fn moves(&self, state: &Self::State, moves: &mut MoveBuffer<Self::Move, Self::Cost>) {
        self.0.moves(state, moves);
    }
    fn apply(&self, state: &mut Self::State, mv: Self::Move) {
        self.0.apply(state, mv);
    }
    fn heuristic(&self, state: &Self::State) -> Self::Cost {
        self.0.heuristic(state)
    }
    fn heuristic_after(&self, state: &Self::State, mv: Self::Move) -> Option<Self::Cost> {
        self.0.heuristic_after(state, mv)
    }
    fn inverse(&self, mv: Self::Move) -> Option<Self::Move> {
        self.0.inverse(mv)
    }
    fn starts(&self) -> Vec<Self::State> {
        self.0.starts()
    }
    fn children_at_once<F>(
        &self,
        state: &Self::State,
        skip: Option<Self::Move>,
        each: F,
    ) -> Option<ControlFlow<()>>
    where
        F: FnMut(Self::State, Self::Move, Self::Cost) -> ControlFlow<()>,
    {
        self.0.children_at_once(state, skip, each)
    }
    fn state_index(&self, state: &Self::State) -> Option<usize> {
        self.0.state_index(state)
    }
    fn state_hash(state: &Self::State) -> Option<u64> {
        P::Target::state_hash(state)
    }
}

/// The default loop of [`SearchProblem::visit_children`] over a list of moves that is the
/// same in every state (a pancake flip, a cube's turn), for a problem to override
/// `visit_children` with: the moves of `list` but `skip`, in order, each child offered to
/// [`ChildVisitor::prune`] when [`heuristic_after`](SearchProblem::heuristic_after) knows
/// its heuristic, and otherwise made and visited. `list` must hold the moves, costs and order
/// that [`moves`](SearchProblem::moves) gives in every state.
///
/// ```
/// use std::ops::ControlFlow;
/// use informed::{ida_star, visit_moves, ChildVisitor, MoveBuffer, SearchProblem};
///
/// /// Reverse a prefix of four digits to sort them.
/// struct Flips([(u8, u32); 3]);
///
/// impl SearchProblem for Flips {
///     type State = [u8; 4];
///     type Move = u8;
///     type Cost = u32;
///     fn start(&self) -> [u8; 4] {
///         [3, 1, 4, 2]
///     }
///     fn is_goal(&self, digits: &[u8; 4]) -> bool {
///         digits.is_sorted()
///     }
///     fn moves(&self, _: &[u8; 4], moves: &mut MoveBuffer<u8, u32>) {
///         moves.extend(self.0);
///     }
///     fn apply(&self, digits: &mut [u8; 4], k: u8) {
///         digits[..usize::from(k)].reverse();
///     }
///     fn inverse(&self, k: u8) -> Option<u8> {
///         Some(k)
///     }
///     fn visit_children<V: ChildVisitor<Self>>(
///         &self,
///         digits: &mut [u8; 4],
///         skip: Option<u8>,
///         visitor: &mut V,
///     ) -> ControlFlow<()> {
///         visit_moves(self, digits, skip, visitor, &self.0)
///     }
/// }
///
/// let solution = ida_star(&Flips([(2, 1), (3, 1), (4, 1)])).into_solution().unwrap();
/// assert_eq!(solution.cost, 4);
/// ```
#[inline]
pub fn visit_moves<P: SearchProblem, V: ChildVisitor<P>>(
    problem: &P,
    state: &mut P::State,
    skip: Option<P::Move>,
    visitor: &mut V,
    list: &[(P::Move, P::Cost)],
) -> ControlFlow<()> {
    // Twice, with the move to skip and without, as the default loop.
    match skip {
        Some(skip) => visit_fixed(problem, state, visitor, list, |mv| mv == skip),
        None => visit_fixed(problem, state, visitor, list, |_| false),
    }
}
