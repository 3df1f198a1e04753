//! The default loop over a state's children ([`SearchProblem::visit_children`]) and the
//! [`ChildVisitor`] the depth-first engines hand it.

use core::ops::ControlFlow;

use super::{MoveBuffer, SearchProblem};

/// Whether a depth-first engine works on a copy rather than undoing `mv` by applying its
/// [inverse](SearchProblem::inverse) (restoring the state from a copy kept before the move,
/// or, in the default `visit_children`, making the child in a copy): always for a small state
/// that owns nothing ([`copies_back`]), and for a move without an inverse.
#[inline]
pub(crate) fn restores_by_copy<P: SearchProblem>(problem: &P, mv: P::Move) -> bool {
    copies_back::<P::State>() || problem.inverse(mv).is_none()
}

/// Undoes `mv`, the last move applied to `state`, by applying its inverse; a move without
/// one (which the engines restore by copy, [`restores_by_copy`]) leaves the state as it is.
#[inline]
pub(crate) fn undo<P: SearchProblem>(problem: &P, state: &mut P::State, mv: P::Move) {
    if let Some(inverse) = problem.inverse(mv) {
        problem.apply(state, inverse);
    }
}

/// The children a depth-first engine keeps beside its stack of moves, for a problem that
/// makes them at once ([`SearchProblem::children_at_once`]): the child each move of the stack
/// leads to, at the same index, until the engine steps to it. For other problems it stays
/// empty.
pub(crate) struct MadeChildren<P: SearchProblem> {
    children: Vec<Option<P::State>>,
    /// Whether the problem made the children of the last state listed at once.
    at_once: bool,
}

impl<P: SearchProblem> MadeChildren<P> {
    pub fn new() -> Self {
        MadeChildren {
            children: Vec::new(),
            at_once: false,
        }
    }

    /// Appends the moves of `state` to `moves`: for a problem that makes its children at
    /// once, by one call of [`SearchProblem::children_at_once`] (which leaves out `skip`),
    /// keeping the children; otherwise by [`SearchProblem::moves`], leaving `skip` for the
    /// engine to pass over.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn list(
        &mut self,
        problem: &P,
        state: &P::State,
        skip: Option<P::Move>,
        moves: &mut MoveBuffer<P::Move, P::Cost>,
    ) {
        let children = &mut self.children;
        let made = problem.children_at_once(state, skip, |child, mv, cost| {
            moves.push((mv, cost));
            children.push(Some(child));
            ControlFlow::Continue(())
        });
        self.at_once = made.is_some();
        if !self.at_once {
            problem.moves(state, moves);
        }
    }

    /// Whether the children of the moves listed are kept here, for [`step_to`](Self::step_to)
    /// to make (as every state of a problem that makes them at once).
    #[inline]
    pub fn at_once(&self) -> bool {
        self.at_once
    }

    /// Drops the children of the moves from `len` on, as the engine truncates its moves.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn truncate(&mut self, len: usize) {
        if self.at_once {
            self.children.truncate(len);
        }
    }

    /// Makes `state` the child the move at `index` leads to (each child once), and returns
    /// the state it was. Only for a problem that makes its children at once.
    pub fn step_to(&mut self, index: usize, state: &mut P::State) -> P::State {
        let child = self.children[index].take().expect("each child taken once");
        core::mem::replace(state, child)
    }
}

/// Whether states of type `S` are restored by copying them back rather than by
/// applying the inverse move: a state of at most `COPY_BACK_BYTES` that owns nothing (no drop
/// glue: no `Vec`, `Box`, `String`), whose clone is a plain copy. Copying 26 bytes back costs a
/// few instructions; undoing a move is often as dear as applying it (a pancake flip, a TopSpin
/// turn, and every heuristic the state keeps, worked out again). 128 bytes: the pancake stack
/// (66 bytes) restored by undoing took 1.10-1.30 times the C++ yardstick's time, by copying
/// 0.78-0.99.
const fn copies_back<S>() -> bool {
    core::mem::size_of::<S>() <= COPY_BACK_BYTES && !core::mem::needs_drop::<S>()
}

/// The largest state [`copies_back`] copies.
const COPY_BACK_BYTES: usize = 128;

/// The default [`SearchProblem::visit_children`] over the problem's
/// moves of `list`, but those that `skips` ([`visit_moves`](crate::visit_moves)).
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn visit_fixed<P: SearchProblem, V: ChildVisitor<P>>(
    problem: &P,
    state: &mut P::State,
    visitor: &mut V,
    list: &[(P::Move, P::Cost)],
    skips: impl Fn(P::Move) -> bool,
) -> ControlFlow<()> {
    for &(mv, cost) in list {
        if !skips(mv) {
            visit_child(problem, state, visitor, mv, cost)?;
        }
    }
    ControlFlow::Continue(())
}

/// The default [`SearchProblem::visit_children`] over the moves listed on the visitor's move
/// stack from `first`, but those that `skips`.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn visit_listed<P: SearchProblem, V: ChildVisitor<P>>(
    problem: &P,
    state: &mut P::State,
    visitor: &mut V,
    first: usize,
    skips: impl Fn(P::Move) -> bool,
) -> ControlFlow<()> {
    let end = visitor.move_stack().len();
    for i in first..end {
        let (mv, cost) = visitor.move_stack()[i];
        if !skips(mv) {
            visit_child(problem, state, visitor, mv, cost)?;
        }
    }
    ControlFlow::Continue(())
}

/// One child of the default [`SearchProblem::visit_children`] (not the move to skip): offered
/// to [`ChildVisitor::prune`] when its heuristic is known without applying its move, and
/// otherwise [made and visited](make_and_visit).
///
/// A child that `prune` passes is made out of line: most children are pruned, and the code
/// that makes one, inlined here, held registers the loop over them needs (TopSpin: 98.9 to
/// 93.4 instructions a node). It is then visited by [`ChildVisitor::visit_passed`], which need
/// not ask its heuristic again.
#[allow(clippy::inline_always)]
#[inline(always)]
fn visit_child<P: SearchProblem, V: ChildVisitor<P>>(
    problem: &P,
    state: &mut P::State,
    visitor: &mut V,
    mv: P::Move,
    cost: P::Cost,
) -> ControlFlow<()> {
    if let Some(h) = problem.heuristic_after(state, mv) {
        if visitor.prune(cost, h) {
            return ControlFlow::Continue(());
        }
        return make_and_visit_passed(problem, state, visitor, (mv, cost), h);
    }
    make_and_visit(problem, state, visitor, (mv, cost), None)
}

/// [`make_and_visit`], out of line, for a child that [`ChildVisitor::prune`] passed at
/// heuristic `h`.
#[inline(never)]
fn make_and_visit_passed<P: SearchProblem, V: ChildVisitor<P>>(
    problem: &P,
    state: &mut P::State,
    visitor: &mut V,
    step: (P::Move, P::Cost),
    h: P::Cost,
) -> ControlFlow<()> {
    make_and_visit(problem, state, visitor, step, Some(h))
}

/// Makes the child that the move of `step` leads to and visits it (by
/// [`ChildVisitor::visit_passed`] if `prune` passed it at heuristic `passed`): in place,
/// restored by applying its [inverse](SearchProblem::inverse), or in a copy of the state, which is left
/// untouched (a small state that owns nothing, or a move that cannot be undone).
#[allow(clippy::inline_always)]
#[inline(always)]
fn make_and_visit<P: SearchProblem, V: ChildVisitor<P>>(
    problem: &P,
    state: &mut P::State,
    visitor: &mut V,
    (mv, cost): (P::Move, P::Cost),
    passed: Option<P::Cost>,
) -> ControlFlow<()> {
    let visit = |visitor: &mut V, child: &mut P::State| match passed {
        Some(h) => visitor.visit_passed(child, mv, cost, h),
        None => visitor.visit(child, mv, cost),
    };
    if restores_by_copy(problem, mv) {
        // The child is made in a copy, and the state left as it is: one copy a child, where
        // saving the state and copying it back made two.
        let mut child = state.clone();
        problem.apply(&mut child, mv);
        visit(visitor, &mut child)
    } else {
        problem.apply(state, mv);
        let flow = visit(visitor, state);
        undo(problem, state, mv);
        flow
    }
}

/// What a depth-first engine does with the children of a state: the other half of
/// [`SearchProblem::visit_children`]. Engines implement it; a problem only calls it.
pub trait ChildVisitor<P: SearchProblem> {
    /// The engine's move stack, for listing moves in. Append to it and truncate it back to
    /// the length it had, as the default [`SearchProblem::visit_children`] does; never touch
    /// what was there before.
    fn move_stack(&mut self) -> &mut MoveBuffer<P::Move, P::Cost>;

    /// Offers a child before its move is applied, by the cost of the move and the child's
    /// heuristic ([`SearchProblem::heuristic`] of the child, or a lower bound on it). `true`:
    /// the engine has counted the child and needs nothing more of it, so do not apply the
    /// move. `false`: apply it and [`visit`](Self::visit) the child. A lower bound (the part
    /// of a heuristic that is cheap to read, as the Rubik's cube offers its own table entries
    /// without its inverse's) cuts off no child the heuristic keeps, and a child it passes is
    /// judged again by its heuristic in `visit`; a child it cuts off may set IDA*'s next
    /// threshold lower than its heuristic would: an iteration more at worst, the same answer.
    /// A child that passed may be offered again with a larger bound, until it is cut off or
    /// visited; the children may be offered in any order before they are visited (the cube
    /// offers all of them on one table's entries before it reads the next table's).
    fn prune(&mut self, cost: P::Cost, heuristic: P::Cost) -> bool;

    /// Visits `state`, the child reached by `mv` at `cost`: the engine may search below it,
    /// through [`SearchProblem::visit_children`], and leaves it as it found it. `Break`: the
    /// search is over (a goal was found or a limit reached); undo the move and return `Break`.
    fn visit(&mut self, state: &mut P::State, mv: P::Move, cost: P::Cost) -> ControlFlow<()>;

    /// [`visit`](Self::visit) for the child that [`prune`](Self::prune) was just offered, by
    /// `cost` and `heuristic`, and passed (returned `false` for): the engine may take
    /// `heuristic` as the child's instead of asking [`SearchProblem::heuristic`] again, and
    /// skip the test `prune` made. The default visits the child as `visit` does. (Handed a
    /// child it never offered to `prune`, IDA* may search below it needlessly, but still
    /// returns an optimal solution.)
    #[inline]
    fn visit_passed(
        &mut self,
        state: &mut P::State,
        mv: P::Move,
        cost: P::Cost,
        heuristic: P::Cost,
    ) -> ControlFlow<()> {
        let _ = heuristic;
        self.visit(state, mv, cost)
    }
}

/// Hands every child of `state` but the one reached by `skip` to `each`, as a new state with
/// its move and cost, in the order of [`SearchProblem::moves`], stopping early when `each`
/// returns `Break`: the way the engines that store states generate children. From one call
/// of [`SearchProblem::children_at_once`] for a problem that makes them so; otherwise the
/// moves are listed into `moves` (a scratch buffer, left as it was found) and each applied
/// to a clone of `state`.
#[inline]
pub(crate) fn each_child<P, F>(
    problem: &P,
    state: &P::State,
    skip: Option<P::Move>,
    moves: &mut MoveBuffer<P::Move, P::Cost>,
    mut each: F,
) -> ControlFlow<()>
where
    P: SearchProblem,
    F: FnMut(P::State, P::Move, P::Cost) -> ControlFlow<()>,
{
    if let Some(flow) = problem.children_at_once(state, skip, &mut each) {
        return flow;
    }
    let first = moves.len();
    problem.moves(state, moves);
    let mut flow = ControlFlow::Continue(());
    for i in first..moves.len() {
        let (mv, cost) = moves[i];
        if skip == Some(mv) {
            continue;
        }
        let mut child = state.clone();
        problem.apply(&mut child, mv);
        flow = each(child, mv, cost);
        if flow.is_break() {
            break;
        }
    }
    moves.truncate(first);
    flow
}
