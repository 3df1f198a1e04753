//! What the backward half of a bidirectional search needs from a problem: [`Bidirectional`].

use super::{MoveBuffer, SearchProblem};
use crate::cost::Cost;

/// A problem that can also be searched backwards, from its goals: for
/// [`bidirectional_bfs`](crate::bidirectional_bfs()),
/// [`bidirectional_a_star`](crate::bidirectional_a_star()) and
/// [`meet_in_the_middle`](crate::meet_in_the_middle()).
///
/// A problem gives its goal states, and the heuristic of the backward half (a lower bound on
/// the cost from the start to a state, zero by default). The predecessors of a state come
/// for free when every move has an [`inverse`](SearchProblem::inverse) of the same cost, as
/// in every puzzle the crate ships; a problem without inverses lists them itself.
///
/// ```
/// use informed::{bidirectional_bfs, Bidirectional, MoveBuffer, SearchProblem};
///
/// /// Steps of one along a line from 0 to `end`.
/// struct Walk {
///     end: i32,
/// }
///
/// impl SearchProblem for Walk {
///     type State = i32;
///     type Move = i32; // +1 or -1
///     type Cost = u32;
///     fn start(&self) -> i32 {
///         0
///     }
///     fn is_goal(&self, &at: &i32) -> bool {
///         at == self.end
///     }
///     fn moves(&self, _: &i32, moves: &mut MoveBuffer<i32, u32>) {
///         moves.extend([(1, 1), (-1, 1)]);
///     }
///     fn apply(&self, at: &mut i32, step: i32) {
///         *at += step;
///     }
///     fn inverse(&self, step: i32) -> Option<i32> {
///         Some(-step)
///     }
/// }
///
/// impl Bidirectional for Walk {
///     fn goals(&self) -> Vec<i32> {
///         vec![self.end]
///     }
/// }
///
/// let result = bidirectional_bfs(&Walk { end: 40 });
/// assert_eq!(result.solution().map(|s| s.len()), Some(40));
/// ```
pub trait Bidirectional: SearchProblem {
    /// The goal states: every state [`is_goal`](SearchProblem::is_goal) holds for. The
    /// backward half starts from all of them; one it does not hold for ends the search with
    /// [`ProblemError::NotAGoal`](crate::ProblemError::NotAGoal).
    fn goals(&self) -> Vec<Self::State>;

    /// Calls `each(predecessor, mv, cost)` for every move `mv`, costing `cost`, that leads
    /// from `predecessor` to `state`, and returns `true`; or returns `false` if it cannot list
    /// them (the engines then end with
    /// [`ProblemError::NoPredecessors`](crate::ProblemError::NoPredecessors)).
    ///
    /// The default lists them from the moves of `state` and their inverses: a move `m` of
    /// `state` leads to a predecessor, from which `inverse(m)` leads back, at the cost of `m`.
    /// So it takes the moves to be reversible: every move into `state` is the inverse of one
    /// of `state`'s own moves, and costs what that move costs (true of every puzzle the crate
    /// ships). It returns `false` when a move of `state` has no inverse. Override it for a
    /// problem whose moves are not reversible.
    fn predecessors<F>(&self, state: &Self::State, mut each: F) -> bool
    where
        F: FnMut(Self::State, Self::Move, Self::Cost),
    {
        let mut moves = MoveBuffer::new();
        self.moves(state, &mut moves);
        if moves.iter().any(|&(mv, _)| self.inverse(mv).is_none()) {
            return false;
        }
        for &(mv, cost) in &moves {
            if let Some(back) = self.inverse(mv) {
                let mut predecessor = state.clone();
                self.apply(&mut predecessor, mv);
                each(predecessor, back, cost);
            }
        }
        true
    }

    /// A lower bound on the cost from the start to `state`: the heuristic of the backward
    /// half, admissible and zero at the start (and consistent, for
    /// [`bidirectional_a_star`](crate::bidirectional_a_star())). Defaults to zero.
    fn heuristic_from_start(&self, state: &Self::State) -> Self::Cost {
        let _ = state;
        Self::Cost::ZERO
    }
}
