//! The [`SearchProblem`] trait every engine searches, and the [`Cost`] bound on its costs.
//!
//! Its parts: the [`MoveBuffer`] a problem lists its moves in (`move_buffer.rs`), and the
//! default loop over a state's children with the [`ChildVisitor`] an engine hands it
//! (`children.rs`).

use core::hash::Hash;
use core::ops::ControlFlow;

use crate::cost::Cost;

mod children;
mod move_buffer;

pub use children::ChildVisitor;
pub(crate) use children::{restores_by_copy, MadeChildren};
use children::{visit_fixed, visit_listed};
pub use move_buffer::MoveBuffer;

/// A search problem: a start state, a goal test, an admissible heuristic, and moves that are
/// applied to a state in place.
///
/// Four methods are required ([`start`](Self::start), [`is_goal`](Self::is_goal),
/// [`moves`](Self::moves), [`apply`](Self::apply)); the rest have defaults built on them, and
/// a problem with only the four is solved by every engine. The others buy speed:
///
/// - [`heuristic`](Self::heuristic): an admissible lower bound, far fewer nodes.
/// - [`inverse`](Self::inverse), or [`undo`](Self::undo) with [`can_undo`](Self::can_undo):
///   the depth-first engines work in place instead of copying the state per child, and skip
///   the move that undoes the last one.
/// - [`heuristic_after`](Self::heuristic_after): the child's heuristic without applying its
///   move, so IDA* cuts most children off before making them.
/// - [`fixed_moves`](Self::fixed_moves): moves that are the same in every state, walked as a
///   slice.
/// - [`visit_children`](Self::visit_children): a hand-written loop, the last few percent.
/// - [`state_count`](Self::state_count) with [`state_index`](Self::state_index), or
///   [`state_hash`](Self::state_hash): the engines that store states find one again by its
///   number, or by the hash it carries, instead of hashing it.
///
/// Written with the first four of these, a problem of the user's own is searched about as
/// fast as a hand-written C++ IDA* of the same search (BENCHMARKS.md has the figures).
///
/// A state of at most 128 bytes that owns no heap memory (no `Vec`, `Box` or `String` in it,
/// so that its clone is a plain copy) is copied by the depth-first engines rather than
/// restored by [`undo`](Self::undo): a copy is cheap where an undo is often as dear as the
/// move. [`apply`](Self::apply) and `undo` should therefore change nothing but
/// the state (the engines that store states never call `undo` either).
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
/// - **In place.** [`apply`](Self::apply) followed by [`undo`](Self::undo) of the same move
///   must restore the state exactly, including anything the state caches (an incrementally
///   kept heuristic, say). IDA* and RBFS walk the whole search this way, with no clone of the
///   state per node.
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

    /// Whether [`successors`](Self::successors) makes all of a state's children at once more
    /// cheaply than [`apply`](Self::apply) makes them one at a time: `true` for a problem that
    /// computes its children whole and overrides `successors` to hand them over, as the
    /// closure adapter does (its `apply` calls the successor closure again to find the one
    /// child a move names). `false` by default.
    ///
    /// With it, the engines that keep a node's children on a stack while they search below it
    /// (RBFS, IDA\*_CR, branch and bound, the count of optimal solutions, IDA\* past 400
    /// levels) take them from one call of `successors` and keep them until they leave the
    /// node, instead of applying each move as they come to it: one call per expanded node,
    /// where applying would make a node's `b` children at a cost of `b` each.
    const CHILDREN_AT_ONCE: bool = false;

    /// The state the search starts from.
    fn start(&self) -> Self::State;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Every state the search may start from: the engines that store states (A*, BFS,
    /// Dijkstra, weighted A*, greedy search) search from all of them at once (a multi-source
    /// search), and [`Solution::start`](crate::Solution::start) says which one a solution
    /// starts from. The depth-first engines (IDA*, RBFS) start from [`start`](Self::start)
    /// alone. Defaults to `start()`.
    fn starts(&self) -> Vec<Self::State> {
        vec![self.start()]
    }

    /// Appends to `moves` every move available in `state`, each with its cost, in the order the
    /// engines should try them.
    ///
    /// Only append: the buffer may already hold the moves of other states (IDA* keeps the
    /// moves of its whole path in one buffer), which must be left as they are.
    ///
    /// A run of moves is best appended with one [`extend`](Extend::extend), which checks
    /// the room once, rather than a [`push`](MoveBuffer::push) each, which checks it at every
    /// move:
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
    /// and undoing its move, which is most children in the last iterations; a child it keeps
    /// is made and searched with this value as its heuristic, `heuristic` is not asked
    /// again. When it returns a value, that value must equal [`heuristic`](Self::heuristic)
    /// of the state after the move. A problem that caches its heuristic in the state and
    /// updates it from a per-move table (as [`SlidingPuzzle`](crate::puzzles::SlidingPuzzle)
    /// does) can answer with one table lookup.
    #[inline]
    fn heuristic_after(&self, state: &Self::State, mv: Self::Move) -> Option<Self::Cost> {
        let _ = (state, mv);
        None
    }

    /// The move that undoes `mv`, if there is one. Engines never try the inverse of the move
    /// that led to the current state. Defaults to none.
    fn inverse(&self, mv: Self::Move) -> Option<Self::Move> {
        let _ = mv;
        None
    }

    /// Undoes `mv`, which was the last move applied to `state`, restoring it exactly.
    ///
    /// The default applies [`inverse(mv)`](Self::inverse). Engines call it only for moves
    /// for which [`can_undo`](Self::can_undo) holds; for the others they keep a copy of the
    /// state instead. If called on a move with no inverse, the default leaves the state as
    /// it is.
    fn undo(&self, state: &mut Self::State, mv: Self::Move) {
        if let Some(inverse) = self.inverse(mv) {
            self.apply(state, inverse);
        }
    }

    /// Whether [`undo`](Self::undo) can undo `mv`. Defaults to whether `mv` has an
    /// [`inverse`](Self::inverse).
    ///
    /// The depth-first engines work in place, applying and undoing moves, for every move for
    /// which this holds; for the others they clone the state before applying the move and
    /// restore the clone after, which is correct, and slower for large states. (They copy a
    /// small state that owns nothing either way: see the trait's page.) A problem that
    /// overrides `undo` without giving inverses (keeping what it needs to restore in the
    /// state, say) overrides this too, to return `true`.
    #[inline]
    fn can_undo(&self, mv: Self::Move) -> bool {
        self.inverse(mv).is_some()
    }

    /// How many states the problem has, if each has a number of its own in `0..count`
    /// ([`state_index`](Self::state_index)): the cells of a grid, the nodes of a graph
    /// numbered from 0. `None` (the default) otherwise.
    ///
    /// The engines that store states ([`a_star`](crate::a_star()),
    /// [`dijkstra`](crate::dijkstra()), [`weighted_a_star`](crate::weighted_a_star()),
    /// [`greedy_best_first`](crate::greedy_best_first()), [`bfs`](crate::bfs()), the
    /// steppable [`AStarSteps`](crate::AStarSteps)) then find a state again by its number,
    /// in an array of four bytes a number, instead of by its hash: no hashing, and states with
    /// near numbers filed side by side (as [`GridPath`](crate::puzzles::grid::GridPath)
    /// numbers its cells). The array is made in blocks of 256 numbers (more for a count above
    /// 2²⁴), each zeroed when the search first stores a state of its numbers: a short query on
    /// a large grid zeroes a few kilobytes, not the whole array. A count above 2³⁰ is ignored
    /// (states are hashed), and so is the count in [`dijkstra_all`](crate::dijkstra_all()),
    /// whose answer looks states up without the problem.
    #[inline]
    fn state_count(&self) -> Option<usize> {
        None
    }

    /// The number of `state` below [`state_count`](Self::state_count), different for
    /// different states. Read only when `state_count` is `Some`. A number out of range, or
    /// one that two different states share, ends the search with
    /// [`ProblemError::StateNumber`](crate::ProblemError::StateNumber).
    #[inline]
    fn state_index(&self, state: &Self::State) -> usize {
        let _ = state;
        usize::MAX
    }

    /// Whether the depth-first engines must never step onto a state already on the current
    /// path, as [`SearchOptions::detect_cycles`](crate::SearchOptions::detect_cycles) makes
    /// them. The engines keep the states on the path themselves (in a list they scan while
    /// the path is short, with a hash set beside it once it is long).
    ///
    /// Without it, a depth-first search of a space with cycles and no reachable goal deepens
    /// forever. The default is `true` for a problem whose start offers no move with an
    /// [`inverse`](Self::inverse) (a problem written with the four required methods, say),
    /// so that such a problem ends on every finite space; a problem with inverses skips the
    /// move back and searches faster without it. Return `true` for a problem whose moves
    /// have inverses but whose space has longer cycles and maybe no reachable goal (a water
    /// jug puzzle, say), `false` where a goal is always reachable and speed matters.
    ///
    /// Even so, proving that no path exists by depth-first search takes time exponential in
    /// the space (a 100 x 100 grid with its goal walled off: hundreds of millions of nodes):
    /// for that, use [`a_star`](crate::a_star()) or [`bfs`](crate::bfs()), which store the
    /// states and end after visiting each once.
    fn needs_cycle_detection(&self) -> bool {
        let mut moves = MoveBuffer::new();
        self.moves(&self.start(), &mut moves);
        moves.iter().all(|&(mv, _)| self.inverse(mv).is_none())
    }

    /// The hash that `state` carries, if it carries one (worked out once as the state was
    /// made, or kept up to date by [`apply`](Self::apply) as a Zobrist hash is). The engines
    /// that store states and file them by hash then file `state` under it instead of hashing
    /// the state themselves: one multiply less per generated state, on the chain every child
    /// waits on (hash, probe, compare). `None` (the default): the tables hash the state.
    ///
    /// Equal states must carry equal hashes. The tables keep 32 bits of it, its two halves
    /// xored, and use them as they are (spread over a word): they must vary from state to
    /// state as a good hash's bits do, not count up.
    ///
    /// A function of the state alone, without the problem:
    /// [`Reached`](crate::Reached) looks states up by it after the search.
    /// [`FnProblem`](crate::closures::FnProblem)'s states carry the hash of their node.
    #[inline]
    fn state_hash(state: &Self::State) -> Option<u64> {
        let _ = state;
        None
    }

    /// Internal iteration over the children of `state`, the fast path of the depth-first
    /// engines: for every move of `state` in the order of [`moves`](Self::moves), except
    /// `skip`, apply it, hand the child to [`visitor.visit`](ChildVisitor::visit), and undo it.
    ///
    /// The default does exactly that with [`moves`](Self::moves), [`apply`](Self::apply) and
    /// [`undo`](Self::undo), offering each child to [`ChildVisitor::prune`] first when
    /// [`heuristic_after`](Self::heuristic_after) knows its heuristic. It is what
    /// [`ida_star`](crate::ida_star()) runs on, and there is rarely a reason to write it
    /// yourself. A problem may override it, the way an iterator overrides
    /// [`try_fold`](Iterator::try_fold), to generate its children in a tight loop (the
    /// sliding-tile puzzle keeps the tile it moved and the heuristic it had in locals, so that
    /// undoing a move is a few stores). An override must:
    ///
    /// - visit the same children, in the same order, as the default would (check it against
    ///   [`ListedChildren`], which searches with the default);
    /// - restore `state` exactly before returning, and after every call to `visit`;
    /// - either call [`prune`](ChildVisitor::prune) for a child and skip it if it answers
    ///   `true`, or apply the move and call [`visit`](ChildVisitor::visit) with the child;
    /// - return [`ControlFlow::Break`] at once, after undoing the move, when `visit` does.
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
    ///     fn undo(&self, n: &mut u32, step: u32) {
    ///         *n -= step;
    ///     }
    ///     fn can_undo(&self, _: u32) -> bool {
    ///         true
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
        if let Some(list) = self.fixed_moves() {
            return match skip {
                Some(skip) => visit_fixed(self, state, visitor, list, |mv| mv == skip),
                None => visit_fixed(self, state, visitor, list, |_| false),
            };
        }
        let first = visitor.move_stack().len();
        self.moves(state, visitor.move_stack());
        let flow = match skip {
            Some(skip) => visit_listed(self, state, visitor, first, |mv| mv == skip),
            None => visit_listed(self, state, visitor, first, |_| false),
        };
        visitor.move_stack().truncate(first);
        flow
    }

    /// The moves of every state, if they do not depend on the state (the pancake puzzle's
    /// flips, a Rubik's cube's turns): the same moves, with the same costs and in the same
    /// order, as [`moves`](Self::moves) lists in every state. `None` (the default) otherwise.
    ///
    /// The default [`visit_children`](Self::visit_children) then walks this slice instead of
    /// listing the moves into a buffer at every node, which matters where children are cheap
    /// to make.
    #[inline]
    fn fixed_moves(&self) -> Option<&[(Self::Move, Self::Cost)]> {
        None
    }

    /// Hands every child of `state` but the one reached by `skip` to `each`, as a new state
    /// with its move and cost, in the order of [`moves`](Self::moves): the way the engines
    /// that store states ([`a_star`](crate::a_star()), [`bfs`](crate::bfs())) generate
    /// children. Stops early when `each` returns `Break`.
    ///
    /// The default lists the moves into `moves` (a scratch buffer it leaves as it found it)
    /// and clones `state` once per move to apply it. A problem that computes its children
    /// whole, as the closure adapter does, overrides it to compute them once, and says so
    /// with [`CHILDREN_AT_ONCE`](Self::CHILDREN_AT_ONCE): the depth-first engines then take
    /// a node's children from it too.
    #[inline]
    fn successors<F>(
        &self,
        state: &Self::State,
        skip: Option<Self::Move>,
        moves: &mut MoveBuffer<Self::Move, Self::Cost>,
        mut each: F,
    ) -> ControlFlow<()>
    where
        Self: Sized,
        F: FnMut(Self::State, Self::Move, Self::Cost) -> ControlFlow<()>,
    {
        let first = moves.len();
        self.moves(state, moves);
        let mut flow = ControlFlow::Continue(());
        for i in first..moves.len() {
            let (mv, cost) = moves[i];
            if skip == Some(mv) {
                continue;
            }
            let mut child = state.clone();
            self.apply(&mut child, mv);
            flow = each(child, mv, cost);
            if flow.is_break() {
                break;
            }
        }
        moves.truncate(first);
        flow
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
    const CHILDREN_AT_ONCE: bool = P::Target::CHILDREN_AT_ONCE;

    fn start(&self) -> Self::State {
        self.0.start()
    }
    fn starts(&self) -> Vec<Self::State> {
        self.0.starts()
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
    fn undo(&self, state: &mut Self::State, mv: Self::Move) {
        self.0.undo(state, mv);
    }
    fn can_undo(&self, mv: Self::Move) -> bool {
        self.0.can_undo(mv)
    }
    fn fixed_moves(&self) -> Option<&[(Self::Move, Self::Cost)]> {
        self.0.fixed_moves()
    }
    fn state_count(&self) -> Option<usize> {
        self.0.state_count()
    }
    fn state_index(&self, state: &Self::State) -> usize {
        self.0.state_index(state)
    }
    fn state_hash(state: &Self::State) -> Option<u64> {
        P::Target::state_hash(state)
    }
    fn needs_cycle_detection(&self) -> bool {
        self.0.needs_cycle_detection()
    }
    fn successors<F>(
        &self,
        state: &Self::State,
        skip: Option<Self::Move>,
        moves: &mut MoveBuffer<Self::Move, Self::Cost>,
        each: F,
    ) -> ControlFlow<()>
    where
        F: FnMut(Self::State, Self::Move, Self::Cost) -> ControlFlow<()>,
    {
        self.0.successors(state, skip, moves, each)
    }
}
