//! What the two bidirectional engines share: a state's neighbours in either direction, and
//! the path rebuilt across the state where the two sides met.

use core::ops::ControlFlow;

use crate::cost::Cost;
use crate::engines::best_first::search::Halt;
use crate::engines::node_table::NodeTable;
use crate::problem::Bidirectional;
use crate::problem::{MoveBuffer, SearchProblem, each_child};
use crate::solution::ProblemError;

/// The side searching from the starts.
pub(crate) const FORWARD: usize = 0;
/// The side searching from the goals.
pub(crate) const BACKWARD: usize = 1;

/// The roots of the backward side: the problem's [`goals`](Bidirectional::goals), each checked
/// to be one (`Err` naming the first that is not: a path to it is no solution).
pub(crate) fn goals<P: Bidirectional>(problem: &P) -> Result<Vec<P::State>, Halt> {
    let goals = problem.goals();
    match goals.iter().position(|goal| !problem.is_goal(goal)) {
        Some(index) => Err(Halt::Invalid(ProblemError::NotAGoal { index })),
        None => Ok(goals),
    }
}

/// The neighbours of `state` on `side` into `children`, each with its move and cost: its
/// successors forward (the inverse of `arrived_by` skipped), its predecessors backward. `Err`
/// when the problem cannot list predecessors, or gives an invalid cost.
pub(crate) fn neighbours<P: Bidirectional>(
    problem: &P,
    side: usize,
    state: &P::State,
    arrived_by: Option<P::Move>,
    moves: &mut MoveBuffer<P::Move, P::Cost>,
    children: &mut Vec<(P::State, P::Move, P::Cost)>,
) -> Result<(), Halt> {
    children.clear();
    if side == FORWARD {
        let skip = arrived_by.and_then(|mv| problem.inverse(mv));
        moves.clear();
        let _ = each_child(problem, state, skip, moves, |child, mv, cost| {
            children.push((child, mv, cost));
            ControlFlow::Continue(())
        });
    } else if !problem.predecessors(state, |parent, mv, cost| {
        children.push((parent, mv, cost));
    }) {
        return Err(Halt::Invalid(ProblemError::NoPredecessors));
    }
    match children.iter().find(|&&(_, _, cost)| !cost.is_valid()) {
        Some(&(_, _, cost)) => Err(Halt::Invalid(ProblemError::InvalidCost {
            cost: cost.value(),
        })),
        None => Ok(()),
    }
}

/// The path through the state held at `at[FORWARD]` forward and `at[BACKWARD]` backward:
/// the index of its start forward, and the moves from there to a goal (a backward node's
/// move leads from it to its parent).
pub(crate) fn path_across<P: SearchProblem>(
    sides: [&NodeTable<P::State, P::Move, P::Cost>; 2],
    at: [usize; 2],
) -> (usize, Vec<P::Move>) {
    let [forward, backward] = sides;
    let (root, mut moves) = forward.path_to(at[FORWARD]);
    let mut index = at[BACKWARD];
    while let Some(mv) = backward.nodes[index].arrived_by {
        moves.push(mv);
        index = backward.nodes[index].parent() as usize;
    }
    (root, moves)
}
