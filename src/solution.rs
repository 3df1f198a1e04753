//! What an engine returns: the [`Outcome`] of a search, its [`Solution`] and its [`Stats`],
//! and the [`SearchOptions`] a search takes.

use crate::problem::{MoveBuffer, SearchProblem};
use num_traits::{Saturating, Zero};

/// The result of a search: how it ended and what it cost to get there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<S, M, C> {
    /// How the search ended.
    pub outcome: Outcome<S, M, C>,
    /// Counters gathered along the way.
    pub stats: Stats<C>,
}

/// The [`SearchResult`] of a search over the problem `P`.
pub type ResultOf<P> = SearchResult<
    <P as SearchProblem>::State,
    <P as SearchProblem>::Move,
    <P as SearchProblem>::Cost,
>;

/// The [`Solution`] of a search over the problem `P`.
pub type SolutionOf<P> =
    Solution<<P as SearchProblem>::State, <P as SearchProblem>::Move, <P as SearchProblem>::Cost>;

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome<S, M, C> {
    /// A goal was reached; with an admissible heuristic the solution is optimal.
    Solved(Solution<S, M, C>),
    /// The whole reachable space was searched and holds no goal.
    NoSolution,
}

/// A path from the start to a goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<S, M, C> {
    /// The moves, in order, from the start state to the goal.
    pub moves: Vec<M>,
    /// The total cost of the moves.
    pub cost: C,
    /// The states along the path, the start and the goal included (one more than the moves),
    /// when [`SearchOptions::record_states`] asked for them.
    pub states: Option<Vec<S>>,
}

/// Counters gathered during a search.
///
/// Nodes are counted the way the literature counts them: a node is *generated* when it is
/// created as the child of another (the start is not counted), and *expanded* when its own
/// children are generated. A move the engine skips because it is the inverse of the move that
/// led to the current state generates nothing. IDA* counts every iteration, the last one up to
/// the moment it reaches the goal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats<C> {
    /// Nodes whose children were generated.
    pub expanded: u64,
    /// Children generated, in every iteration.
    pub generated: u64,
    /// IDA*: the cost threshold of every iteration, in order. Empty for the other engines.
    pub thresholds: Vec<C>,
    /// A* and BFS: the number of distinct states stored when the search ended. Zero for the
    /// engines that store none (IDA*, RBFS).
    pub stored: usize,
}

/// Options every engine takes; [`SearchOptions::default`] gives what the plain calls use.
///
/// The struct is `#[non_exhaustive]`: build it with [`SearchOptions::new`] and the methods
/// below, so that options added later do not break your code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchOptions {
    /// Whether the solution should carry the states along its path. Off by default.
    pub record_states: bool,
    /// Whether IDA* and RBFS should skip a state that is already on the current path. Off
    /// by default: the check costs a hash lookup per generated node, and most puzzles need
    /// only the inverse-move pruning every engine does. Turn it on for a finite space with
    /// cycles in which the goal may be unreachable: with it, IDA* and RBFS end with
    /// [`Outcome::NoSolution`] instead of deepening forever. A* and BFS ignore it: they
    /// never store a state twice.
    pub detect_cycles: bool,
}

impl SearchOptions {
    /// The default options.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks for the states along the solution path in [`Solution::states`].
    #[must_use]
    pub fn record_states(mut self, record: bool) -> Self {
        self.record_states = record;
        self
    }

    /// Asks IDA* and RBFS to skip states already on the current path (see the field).
    #[must_use]
    pub fn detect_cycles(mut self, detect: bool) -> Self {
        self.detect_cycles = detect;
        self
    }
}

impl<S, M, C> SearchResult<S, M, C> {
    /// The solution, if the search found one.
    pub fn solution(&self) -> Option<&Solution<S, M, C>> {
        match &self.outcome {
            Outcome::Solved(solution) => Some(solution),
            Outcome::NoSolution => None,
        }
    }

    /// The solution, if the search found one, by value.
    pub fn into_solution(self) -> Option<Solution<S, M, C>> {
        match self.outcome {
            Outcome::Solved(solution) => Some(solution),
            Outcome::NoSolution => None,
        }
    }

    /// Whether the search found a solution.
    pub fn is_solved(&self) -> bool {
        matches!(self.outcome, Outcome::Solved(_))
    }
}

impl<S, M, C> Solution<S, M, C> {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the start already was a goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Plays `moves` from the problem's start, checking each against the moves the problem offers
/// in the state it reaches. Returns the final state and the total cost, or `None` if some move
/// is not available where it is played.
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
pub fn replay<P: SearchProblem>(problem: &P, moves: &[P::Move]) -> Option<(P::State, P::Cost)> {
    let mut state = problem.start();
    let mut cost = P::Cost::zero();
    let mut available = MoveBuffer::new();
    for &mv in moves {
        available.clear();
        problem.moves(&state, &mut available);
        let &(_, step) = available.iter().find(|(offered, _)| *offered == mv)?;
        cost = cost.saturating_add(step);
        problem.apply(&mut state, mv);
    }
    Some((state, cost))
}

/// Builds the solution the engines return from its moves, replaying them from the start when
/// the caller asked for the states.
pub(crate) fn solution_from_moves<P: SearchProblem>(
    problem: &P,
    moves: Vec<P::Move>,
    cost: P::Cost,
    options: &SearchOptions,
) -> SolutionOf<P> {
    let states = options.record_states.then(|| {
        let mut state = problem.start();
        let mut states = Vec::with_capacity(moves.len() + 1);
        states.push(state.clone());
        for &mv in &moves {
            problem.apply(&mut state, mv);
            states.push(state.clone());
        }
        states
    });
    Solution {
        moves,
        cost,
        states,
    }
}
