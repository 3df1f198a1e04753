//! Replaying and checking a path: [`replay`], [`check_path`], and the outcome the engines
//! build around the path they found.

use super::{Outcome, OutcomeOf, PathError, ProblemError, Solution};
use crate::cost::Cost;
use crate::options::SearchOptions;
use crate::problem::{MoveBuffer, SearchProblem};

/// Plays `moves` from the problem's start, checking each against the moves the problem offers
/// in the state it reaches. Returns the final state and the exact total cost, or the first
/// thing wrong: a move not available where it is played ([`PathError::IllegalMove`]), a cost
/// that is negative or NaN ([`PathError::InvalidCost`]), a total that reaches
/// [`Cost::MAX`] ([`PathError::CostOverflow`]). A move the problem offers more than once in a
/// state (two edges to one node) counts at its cheapest cost, the one the engines take.
///
/// ```
/// use informed::{ida_star, replay, SearchProblem};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "123405786", "123456780")?;
/// let solution = ida_star(&puzzle).into_solution().expect("solvable");
/// let (end, cost) = replay(&puzzle, &solution.moves).expect("every move is legal");
/// assert!(puzzle.is_goal(&end));
/// assert_eq!(cost, solution.cost);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn replay<P: SearchProblem>(
    problem: &P,
    moves: &[P::Move],
) -> Result<(P::State, P::Cost), PathError> {
    replay_from(problem, problem.start(), moves)
}

/// [`replay`] from `start`: the [`start`](Solution::start) of a solution found from several
/// starts, say.
pub fn replay_from<P: SearchProblem>(
    problem: &P,
    start: P::State,
    moves: &[P::Move],
) -> Result<(P::State, P::Cost), PathError> {
    let mut state = start;
    let mut cost = P::Cost::ZERO;
    let mut available = MoveBuffer::new();
    for (step, &mv) in moves.iter().enumerate() {
        cost = add_step(
            cost,
            offered_cost(problem, &state, mv, &mut available, step)?,
            step,
        )?;
        problem.apply(&mut state, mv);
    }
    Ok((state, cost))
}

/// `total + cost` for the move at `step`, or why it cannot be added.
fn add_step<C: Cost>(total: C, cost: C, step: usize) -> Result<C, PathError> {
    if !cost.is_valid() {
        return Err(PathError::InvalidCost {
            step,
            cost: cost.value(),
        });
    }
    let sum = total.saturating_add(cost);
    if sum >= C::MAX {
        return Err(PathError::CostOverflow { step });
    }
    Ok(sum)
}

/// The cost of `mv` if it is among the moves the problem offers in `state`, which are left in
/// `available`: the cheapest, where the problem offers the same move more than once (two edges
/// to one node), as the engines take it.
fn offered_cost<P: SearchProblem>(
    problem: &P,
    state: &P::State,
    mv: P::Move,
    available: &mut MoveBuffer<P::Move, P::Cost>,
    step: usize,
) -> Result<P::Cost, PathError> {
    available.clear();
    problem.moves(state, available);
    available
        .iter()
        .filter(|(offered, _)| *offered == mv)
        .map(|&(_, cost)| cost)
        .reduce(|cheapest, cost| if cost < cheapest { cost } else { cheapest })
        .ok_or(PathError::IllegalMove { step })
}

/// Checks a path from the problem's start: every move is available where it is played, its
/// cost is valid and the total stays below [`Cost::MAX`], the path ends at a goal, the
/// heuristic never exceeds the cost still to go (admissibility along the path), and at every
/// state applying each available move and then its [inverse](SearchProblem::inverse), if it
/// has one, restores it.
///
/// The engines run this on the path they return when [`SearchOptions::check_path`] is set
/// (by default, in builds with debug assertions), and report a failure as
/// [`Outcome::Invalid`].
pub fn check_path<P: SearchProblem>(problem: &P, moves: &[P::Move]) -> Result<(), PathError> {
    check(problem, problem.start(), moves, true)
}

/// [`check_path`], with or without the admissibility check (a weighted or greedy search does
/// not promise it).
pub(crate) fn check<P: SearchProblem>(
    problem: &P,
    start: P::State,
    moves: &[P::Move],
    admissible: bool,
) -> Result<(), PathError> {
    let mut states = Vec::with_capacity(moves.len() + 1);
    let mut step_costs = Vec::with_capacity(moves.len());
    let mut state = start;
    let mut available = MoveBuffer::new();
    let mut total = P::Cost::ZERO;
    for (step, &mv) in moves.iter().enumerate() {
        let cost = offered_cost(problem, &state, mv, &mut available, step)?;
        total = add_step(total, cost, step)?;
        for (move_index, &(other, _)) in available.iter().enumerate() {
            let Some(inverse) = problem.inverse(other) else {
                continue;
            };
            let mut probe = state.clone();
            problem.apply(&mut probe, other);
            problem.apply(&mut probe, inverse);
            if probe != state {
                return Err(PathError::InverseMismatch { step, move_index });
            }
        }
        if admissible {
            states.push(state.clone());
        }
        step_costs.push(cost);
        problem.apply(&mut state, mv);
    }
    if !problem.is_goal(&state) {
        return Err(PathError::NotAGoal);
    }
    if !admissible {
        return Ok(());
    }
    states.push(state);
    // remaining[step]: the cost of the path from that step to its end (below MAX: the whole
    // path is).
    let mut remaining = vec![P::Cost::ZERO; states.len()];
    for step in (0..step_costs.len()).rev() {
        remaining[step] = remaining[step + 1].saturating_add(step_costs[step]);
    }
    for (step, (state, &remaining)) in states.iter().zip(&remaining).enumerate() {
        let heuristic = problem.heuristic(state);
        if heuristic > remaining {
            return Err(PathError::Overestimate {
                step,
                heuristic: heuristic.value(),
                remaining: remaining.value(),
            });
        }
    }
    Ok(())
}

/// What the engines promise of the path they return, for the check.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Promise {
    /// An optimal path: the heuristic is checked for admissibility along it.
    Optimal,
    /// Any path to a goal (weighted A*, greedy search, BFS with costs).
    AnyPath,
}

/// The outcome of a depth-first engine whose start is a goal: the empty path, at cost zero.
pub(crate) fn solved_at_start<P: SearchProblem>(
    problem: &P,
    start: P::State,
    options: &SearchOptions,
) -> OutcomeOf<P> {
    solved(
        problem,
        start,
        Vec::new(),
        Some(P::Cost::ZERO),
        options,
        Promise::Optimal,
    )
}

/// Builds the outcome the engines return for a path they found: its cost (`cost`, when the
/// engine added it up along the path itself, or else added up here by replaying the moves,
/// and refused if it reaches [`Cost::MAX`]), and the path checked if asked.
pub(crate) fn solved<P: SearchProblem>(
    problem: &P,
    start: P::State,
    moves: Vec<P::Move>,
    cost: Option<P::Cost>,
    options: &SearchOptions,
    promise: Promise,
) -> OutcomeOf<P> {
    if options.check_path {
        let admissible = promise == Promise::Optimal;
        if let Err(error) = check(problem, start.clone(), &moves, admissible) {
            let solution = replay_from(problem, start.clone(), &moves)
                .ok()
                .map(|(_, cost)| Solution { start, moves, cost });
            return Outcome::Invalid {
                error: ProblemError::Path(error),
                solution,
            };
        }
    }
    if let Some(cost) = cost.filter(|&cost| cost < P::Cost::MAX) {
        return Outcome::Solved(Solution { start, moves, cost });
    }
    match replay_from(problem, start.clone(), &moves) {
        Ok((_, cost)) => Outcome::Solved(Solution { start, moves, cost }),
        Err(error) => Outcome::invalid(ProblemError::Path(error)),
    }
}
