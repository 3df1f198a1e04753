//! What an engine returns: the [`Outcome`] of a search, its [`Solution`] and its [`Stats`],
//! and the [`SearchOptions`] a search takes.

use core::fmt;
use std::time::{Duration, Instant};

use num_traits::{Saturating, Zero};

use crate::limits::{CancelToken, Progress, StopReason};
use crate::problem::{MoveBuffer, SearchProblem};

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

/// The [`Outcome`] of a search over the problem `P`.
pub type OutcomeOf<P> =
    Outcome<<P as SearchProblem>::State, <P as SearchProblem>::Move, <P as SearchProblem>::Cost>;

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
    /// A limit of [`SearchOptions`] stopped the search first. [`SearchResult::stats`] holds
    /// the counts up to that moment.
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// IDA*: the threshold of the last iteration that ran to its end (no solution costs
        /// that much or less); `None` for the other engines or before the first one ended.
        completed_threshold: Option<C>,
    },
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
///
/// ```
/// use std::time::Duration;
/// use informed::{a_star_with, SearchOptions, StopReason};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<16>::parse(4, 4,
///     "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")?;
/// let options = SearchOptions::new()
///     .max_stored(100_000)
///     .time_limit(Duration::from_secs(10));
/// let result = a_star_with(&puzzle, &options);
/// assert_eq!(result.stopped(), Some(StopReason::MemoryLimit));
/// assert!(result.stats.stored <= 100_000);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
#[derive(Clone)]
#[non_exhaustive]
pub struct SearchOptions<'a> {
    /// Whether the solution should carry the states along its path. Off by default.
    pub record_states: bool,
    /// Whether IDA* and RBFS should skip a state that is already on the current path. Off
    /// by default: the check costs a hash lookup per generated node, and most puzzles need
    /// only the inverse-move pruning every engine does. Turn it on for a finite space with
    /// cycles in which the goal may be unreachable: with it, IDA* and RBFS end with
    /// [`Outcome::NoSolution`] instead of deepening forever. A* and BFS ignore it: they
    /// never store a state twice.
    pub detect_cycles: bool,
    /// Stop once this many nodes are generated ([`StopReason::NodeLimit`]). Checked at each
    /// expansion, so the count may pass the limit by one node's children.
    pub max_nodes: Option<u64>,
    /// A* and BFS: stop once this many states are stored ([`StopReason::MemoryLimit`]).
    pub max_stored: Option<usize>,
    /// Stop once this much time has passed since the search started
    /// ([`StopReason::Deadline`]).
    pub time_limit: Option<Duration>,
    /// Stop at this instant ([`StopReason::Deadline`]).
    pub deadline: Option<Instant>,
    /// Look for solutions costing at most this much; stop with [`StopReason::CostBound`] once
    /// none is left. Given as `u128` so that one value serves every cost type.
    pub cost_bound: Option<u128>,
    /// Stop when this token is cancelled ([`StopReason::Cancelled`]).
    pub cancel: Option<CancelToken>,
    /// Called with a [`Progress`] report at each IDA* iteration's start and end, and every
    /// [`progress_every`](Self::progress_every) expansions in every engine.
    pub observer: Option<&'a dyn Fn(&Progress)>,
    /// How many expansions between periodic progress reports; 1,048,576 by default.
    pub progress_every: u64,
    /// Check the returned path before returning it: along it, the heuristic never exceeds
    /// the remaining cost, and applying then undoing each available move restores the state.
    /// A failure panics with a message naming the step, since it reveals a bug in the
    /// problem. On by default in builds with debug assertions, off in release builds.
    pub check_path: bool,
}

impl fmt::Debug for SearchOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchOptions")
            .field("record_states", &self.record_states)
            .field("detect_cycles", &self.detect_cycles)
            .field("max_nodes", &self.max_nodes)
            .field("max_stored", &self.max_stored)
            .field("time_limit", &self.time_limit)
            .field("deadline", &self.deadline)
            .field("cost_bound", &self.cost_bound)
            .field("cancel", &self.cancel)
            .field("observer", &self.observer.map(|_| "Fn(&Progress)"))
            .field("progress_every", &self.progress_every)
            .field("check_path", &self.check_path)
            .finish()
    }
}

impl Default for SearchOptions<'_> {
    fn default() -> Self {
        SearchOptions {
            record_states: false,
            detect_cycles: false,
            max_nodes: None,
            max_stored: None,
            time_limit: None,
            deadline: None,
            cost_bound: None,
            cancel: None,
            observer: None,
            progress_every: 1 << 20,
            check_path: cfg!(debug_assertions),
        }
    }
}

impl<'a> SearchOptions<'a> {
    /// The default options: no limits, no observer, path checks in debug builds only.
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

    /// Stops after this many generated nodes.
    #[must_use]
    pub fn max_nodes(mut self, nodes: u64) -> Self {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stops A* and BFS once they store this many states. Without it they stop at 2³² − 1
    /// states, the most their table indexes.
    #[must_use]
    pub fn max_stored(mut self, states: usize) -> Self {
        self.max_stored = Some(states);
        self
    }

    /// Stops after this much time.
    #[must_use]
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Stops at this instant.
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Looks only for solutions costing at most `bound`.
    #[must_use]
    pub fn cost_bound(mut self, bound: u128) -> Self {
        self.cost_bound = Some(bound);
        self
    }

    /// Stops when `token` is cancelled.
    #[must_use]
    pub fn cancel_token(mut self, token: CancelToken) -> Self {
        self.cancel = Some(token);
        self
    }

    /// Reports progress to `observer`.
    #[must_use]
    pub fn observer(mut self, observer: &'a dyn Fn(&Progress)) -> Self {
        self.observer = Some(observer);
        self
    }

    /// Sets the number of expansions between periodic progress reports.
    #[must_use]
    pub fn progress_every(mut self, expansions: u64) -> Self {
        self.progress_every = expansions;
        self
    }

    /// Checks the returned path (see the field).
    #[must_use]
    pub fn check_path(mut self, check: bool) -> Self {
        self.check_path = check;
        self
    }
}

impl<S, M, C> SearchResult<S, M, C> {
    /// The solution, if the search found one.
    pub fn solution(&self) -> Option<&Solution<S, M, C>> {
        match &self.outcome {
            Outcome::Solved(solution) => Some(solution),
            Outcome::NoSolution | Outcome::Stopped { .. } => None,
        }
    }

    /// The solution, if the search found one, by value.
    pub fn into_solution(self) -> Option<Solution<S, M, C>> {
        match self.outcome {
            Outcome::Solved(solution) => Some(solution),
            Outcome::NoSolution | Outcome::Stopped { .. } => None,
        }
    }

    /// Why the search stopped early, if a limit stopped it.
    pub fn stopped(&self) -> Option<StopReason> {
        match self.outcome {
            Outcome::Stopped { reason, .. } => Some(reason),
            _ => None,
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
        cost = cost.saturating_add(offered_cost(problem, &state, mv, &mut available)?);
        problem.apply(&mut state, mv);
    }
    Some((state, cost))
}

/// The cost of `mv` if it is among the moves the problem offers in `state`, which are left in
/// `available`.
fn offered_cost<P: SearchProblem>(
    problem: &P,
    state: &P::State,
    mv: P::Move,
    available: &mut MoveBuffer<P::Move, P::Cost>,
) -> Option<P::Cost> {
    available.clear();
    problem.moves(state, available);
    available
        .iter()
        .find(|(offered, _)| *offered == mv)
        .map(|&(_, cost)| cost)
}

/// What [`check_path`] found wrong with a path, at which step (0 is the start state).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathError {
    /// The move at this step is not among the moves the problem offers there.
    IllegalMove {
        /// The step, counted from zero.
        step: usize,
    },
    /// The path does not end at a goal.
    NotAGoal,
    /// The heuristic at this step exceeds the cost of the rest of the path: it is not
    /// admissible.
    Overestimate {
        /// The step, counted from zero.
        step: usize,
        /// The heuristic there.
        heuristic: u128,
        /// The cost of the rest of the path.
        remaining: u128,
    },
    /// Applying the move at `move_index` (in the order [`SearchProblem::moves`] yields them)
    /// and undoing it did not restore the state at this step.
    UndoMismatch {
        /// The step, counted from zero.
        step: usize,
        /// The position of the move among the state's moves.
        move_index: usize,
    },
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::IllegalMove { step } => write!(f, "step {step}: the move is not available"),
            Self::NotAGoal => f.write_str("the path does not end at a goal"),
            Self::Overestimate {
                step,
                heuristic,
                remaining,
            } => write!(
                f,
                "step {step}: the heuristic {heuristic} exceeds the remaining cost {remaining}, \
                 so it is not admissible"
            ),
            Self::UndoMismatch { step, move_index } => write!(
                f,
                "step {step}: applying then undoing move #{move_index} does not restore the state"
            ),
        }
    }
}

impl std::error::Error for PathError {}

/// Checks a path from the problem's start: every move is available where it is played, the
/// path ends at a goal, the heuristic never exceeds the cost still to go (admissibility along
/// the path), and at every state applying then undoing each available move restores it.
///
/// The engines run this on the path they return when [`SearchOptions::check_path`] is set
/// (by default, in builds with debug assertions).
pub fn check_path<P: SearchProblem>(problem: &P, moves: &[P::Move]) -> Result<(), PathError> {
    let mut states = Vec::with_capacity(moves.len() + 1);
    let mut step_costs = Vec::with_capacity(moves.len());
    let mut state = problem.start();
    let mut available = MoveBuffer::new();
    for (step, &mv) in moves.iter().enumerate() {
        let Some(cost) = offered_cost(problem, &state, mv, &mut available) else {
            return Err(PathError::IllegalMove { step });
        };
        for (move_index, &(other, _)) in available.iter().enumerate() {
            let mut probe = state.clone();
            problem.apply(&mut probe, other);
            problem.undo(&mut probe, other);
            if probe != state {
                return Err(PathError::UndoMismatch { step, move_index });
            }
        }
        states.push(state.clone());
        step_costs.push(cost);
        problem.apply(&mut state, mv);
    }
    if !problem.is_goal(&state) {
        return Err(PathError::NotAGoal);
    }
    states.push(state);
    // remaining[step]: the cost of the path from that step to its end.
    let mut remaining = vec![P::Cost::zero(); states.len()];
    for step in (0..step_costs.len()).rev() {
        remaining[step] = remaining[step + 1].saturating_add(step_costs[step]);
    }
    for (step, (state, &remaining)) in states.iter().zip(&remaining).enumerate() {
        let heuristic = problem.heuristic(state);
        if heuristic > remaining {
            return Err(PathError::Overestimate {
                step,
                heuristic: crate::limits::widen(heuristic),
                remaining: crate::limits::widen(remaining),
            });
        }
    }
    Ok(())
}

/// Builds the solution the engines return from its moves, replaying them from the start when
/// the caller asked for the states, and checking the path when asked.
pub(crate) fn solution_from_moves<P: SearchProblem>(
    problem: &P,
    moves: Vec<P::Move>,
    cost: P::Cost,
    options: &SearchOptions,
) -> SolutionOf<P> {
    if options.check_path {
        if let Err(error) = check_path(problem, &moves) {
            panic!("informed: the solution path fails its check: {error}");
        }
    }
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
