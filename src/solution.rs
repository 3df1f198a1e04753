//! What an engine answers: the [`Outcome`] of a search, its [`Solution`] and its [`Stats`];
//! and the checks of a path ([`replay`], [`check_path`]) with the errors they name.

use core::fmt;

use crate::cost::{Cost, CostValue};
use crate::options::{SearchOptions, StopReason};
use crate::problem::{MoveBuffer, SearchProblem};

/// What every engine answers: how the search ended ([`Outcome`]) and what it cost to get
/// there ([`Stats`]). `T` is what a search that ends well gives: a [`Solution`] for the
/// engines that look for a path ([`ResultOf`]), the cost of every state reached for
/// [`dijkstra_all`](crate::dijkstra_all()), every optimal solution for
/// [`optimal_solutions`](crate::optimal_solutions()), a whole table for
/// [`distance_table`](crate::distance_table()). `C` is the problem's cost type.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<T, C> {
    /// How the search ended.
    pub outcome: Outcome<T, C>,
    /// Counters gathered along the way.
    pub stats: Stats<C>,
}

/// The [`SearchResult`] of a search for a path over the problem `P`.
pub type ResultOf<P> = SearchResult<SolutionOf<P>, <P as SearchProblem>::Cost>;

/// The [`Outcome`] of a search for a path over the problem `P`.
pub type OutcomeOf<P> = Outcome<SolutionOf<P>, <P as SearchProblem>::Cost>;

/// The [`Solution`] of a search over the problem `P`.
pub type SolutionOf<P> =
    Solution<<P as SearchProblem>::State, <P as SearchProblem>::Move, <P as SearchProblem>::Cost>;

/// How a search ended, with what it found (`T`: a [`Solution`] for the engines that look for
/// a path).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Outcome<T, C> {
    /// The search ended as asked: a goal was reached (with an admissible heuristic, by an
    /// optimal path), or, for the engines that map a space, the space was mapped.
    Solved(T),
    /// No path leads to a goal: every path was searched, and no limit stopped the search
    /// first. (A search that passed over paths whose cost reached the cost type's
    /// [`MAX`](crate::Cost::MAX) says [`StopReason::CostOverflow`] instead.)
    NoSolution,
    /// A limit of [`SearchOptions`] stopped the search first. [`SearchResult::stats`] holds
    /// the counts up to that moment.
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// IDA*: the threshold of the last iteration that ran to its end (no solution costs
        /// that much or less); `None` for the other engines or before the first one ended.
        completed_threshold: Option<C>,
        /// What the search had found when it stopped, for the engines whose answer is worth
        /// having in part: the states [`dijkstra_all`](crate::dijkstra_all()) settled, the
        /// solutions [`optimal_solutions`](crate::optimal_solutions()) counted. `None` for the
        /// engines that look for a path.
        so_far: Option<T>,
    },
    /// The problem broke the contract of [`SearchProblem`]: a negative or NaN cost, or a
    /// returned path that fails [`check_path`] (an inadmissible heuristic, an inverse that
    /// does not restore the state). A bug in the problem, reported instead of a panic.
    Invalid {
        /// What is wrong.
        error: ProblemError,
        /// The path the engine found, when the error was found in it by the path check: it
        /// still replays to a goal, but may not be optimal. (For the engines that map a space:
        /// what they had mapped.)
        solution: Option<T>,
    },
}

/// A path from the start to a goal.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<S, M, C> {
    /// The state the path starts from: the problem's [`start`](SearchProblem::start), or for
    /// a search from several starts, the one of [`starts`](SearchProblem::starts) it
    /// starts from.
    pub start: S,
    /// The moves, in order, from the start state to the goal.
    pub moves: Vec<M>,
    /// The total cost of the moves: their exact sum, added up along the path.
    pub cost: C,
}

/// Counters gathered during a search.
///
/// Nodes are counted the way the literature counts them: a node is *generated* when it is
/// created as the child of another (the start is not counted), and *expanded* when its own
/// children are generated. A move the engine skips because it is the inverse of the move that
/// led to the current state generates nothing. IDA* counts every iteration, the last one up to
/// the moment it reaches the goal.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats<C> {
    /// Nodes whose children were generated.
    pub expanded: u64,
    /// Children generated, in every iteration.
    pub generated: u64,
    /// IDA*: the cost threshold of every iteration, in order. Empty for the other engines.
    pub thresholds: Vec<C>,
    /// A* and BFS: the number of distinct states stored when the search ended. The
    /// depth-first engines (IDA*, RBFS): the most states a breadth-first sweep stored (see
    /// [`ida_star`](crate::ida_star())), zero when none was made.
    pub stored: usize,
}

impl<T, C> Outcome<T, C> {
    /// The outcome for a problem at fault, found with no path in hand.
    pub(crate) fn invalid(error: ProblemError) -> Self {
        Outcome::Invalid {
            error,
            solution: None,
        }
    }

    /// The outcome of a search a limit stopped, with no IDA\* threshold completed and nothing
    /// found so far.
    pub(crate) fn stopped_by(reason: StopReason) -> Self {
        Outcome::Stopped {
            reason,
            completed_threshold: None,
            so_far: None,
        }
    }
}

impl<T, C> SearchResult<T, C> {
    /// What the search found, if it ended as asked: the solution of a search for a path.
    pub fn solution(&self) -> Option<&T> {
        match &self.outcome {
            Outcome::Solved(found) => Some(found),
            _ => None,
        }
    }

    /// [`solution`](Self::solution), by value.
    pub fn into_solution(self) -> Option<T> {
        match self.outcome {
            Outcome::Solved(found) => Some(found),
            _ => None,
        }
    }

    /// What the search found, whole or in part: the solution, or what a search stopped by a
    /// limit ([`Outcome::Stopped::so_far`](Outcome::Stopped)) or a fault
    /// ([`Outcome::Invalid::solution`](Outcome::Invalid)) had found.
    pub fn found(&self) -> Option<&T> {
        match &self.outcome {
            Outcome::Solved(found) => Some(found),
            Outcome::Stopped { so_far, .. } => so_far.as_ref(),
            Outcome::Invalid { solution, .. } => solution.as_ref(),
            Outcome::NoSolution => None,
        }
    }

    /// What is wrong with the problem, if the search found it broke the contract.
    pub fn problem_error(&self) -> Option<&ProblemError> {
        match &self.outcome {
            Outcome::Invalid { error, .. } => Some(error),
            _ => None,
        }
    }

    /// Why the search stopped early, if a limit stopped it.
    pub fn stopped(&self) -> Option<StopReason> {
        match self.outcome {
            Outcome::Stopped { reason, .. } => Some(reason),
            _ => None,
        }
    }

    /// Whether the search ended as asked (found a solution, mapped the space).
    pub fn is_solved(&self) -> bool {
        matches!(self.outcome, Outcome::Solved(_))
    }
}

impl<S: Clone, M: Copy, C> Solution<S, M, C> {
    /// The states along the path, the start and the goal included (one more than the moves),
    /// by playing the moves from [`start`](Self::start).
    ///
    /// ```
    /// use informed::{ida_star, SearchProblem};
    /// use informed::puzzles::SlidingPuzzle;
    ///
    /// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
    /// let solution = ida_star(&puzzle).into_solution().expect("solvable");
    /// let boards = solution.states(&puzzle);
    /// assert_eq!(boards.len(), solution.len() + 1);
    /// assert_eq!(boards[0], puzzle.start());
    /// assert!(puzzle.is_goal(&boards[solution.len()]));
    /// # Ok::<(), informed::puzzles::PuzzleError>(())
    /// ```
    pub fn states<P>(&self, problem: &P) -> Vec<S>
    where
        P: SearchProblem<State = S, Move = M>,
    {
        let mut state = self.start.clone();
        let mut states = Vec::with_capacity(self.moves.len() + 1);
        states.push(state.clone());
        for &mv in &self.moves {
            problem.apply(&mut state, mv);
            states.push(state.clone());
        }
        states
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

/// What [`replay`] or [`check_path`] found wrong with a path, at which step (0 is the start
/// state).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum PathError {
    /// The move at this step is not among the moves the problem offers there.
    IllegalMove {
        /// The step, counted from zero.
        step: usize,
    },
    /// The move at this step has a negative or NaN cost.
    InvalidCost {
        /// The step, counted from zero.
        step: usize,
        /// The cost.
        cost: CostValue,
    },
    /// The cost of the path up to this step's move reaches [`Cost::MAX`], which stands for
    /// infinity: the path is no path.
    CostOverflow {
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
        heuristic: CostValue,
        /// The cost of the rest of the path.
        remaining: CostValue,
    },
    /// Applying the move at `move_index` (in the order [`SearchProblem::moves`] yields them)
    /// and then its [inverse](SearchProblem::inverse) did not restore the state at this step.
    InverseMismatch {
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
            Self::InvalidCost { step, cost } => {
                write!(
                    f,
                    "step {step}: the move costs {cost}, which is not a valid cost"
                )
            }
            Self::CostOverflow { step } => write!(
                f,
                "step {step}: the path's cost reaches the cost type's maximum, which stands \
                 for infinity (use a wider cost type)"
            ),
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
            Self::InverseMismatch { step, move_index } => write!(
                f,
                "step {step}: applying move #{move_index} then its inverse does not restore \
                 the state"
            ),
        }
    }
}

impl std::error::Error for PathError {}

/// How a problem broke the contract of [`SearchProblem`], as [`Outcome::Invalid`] reports it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ProblemError {
    /// [`SearchProblem::moves`] gave a move with a negative or NaN cost.
    InvalidCost {
        /// The cost.
        cost: CostValue,
    },
    /// [`SearchProblem::heuristic`] (or `heuristic_after`) gave a negative or NaN value.
    InvalidHeuristic {
        /// The value.
        heuristic: CostValue,
    },
    /// A depth-first engine found a cycle of moves that cost nothing on its current path,
    /// below which an iteration never ends. Found by the path check
    /// ([`SearchOptions::check_path`]) on paths over a thousand moves deep; without it, such
    /// a search runs until a limit stops it. [`SearchOptions::detect_cycles`] avoids cycles.
    ZeroCostCycle,
    /// A bidirectional search could not list the predecessors of a state: a move has no
    /// inverse, and the problem does not override
    /// [`Bidirectional::predecessors`](crate::Bidirectional::predecessors).
    NoPredecessors,
    /// A state [`Bidirectional::goals`](crate::Bidirectional::goals) listed is not a goal:
    /// [`is_goal`](crate::SearchProblem::is_goal) is false for it. (The backward half would
    /// start from it, and a path to it would be returned as a solution.)
    NotAGoal {
        /// Its place in the list `goals` gave.
        index: usize,
    },
    /// [`SearchProblem::state_index`] numbered the start but gave no number for another
    /// state (`None`), or gave a number of 2³⁰ or more, or the number of another state.
    StateNumber {
        /// The number it gave.
        number: Option<usize>,
    },
    /// The ranking function of [`distance_table`](crate::distance_table()) gave a rank
    /// outside the table.
    Rank {
        /// The rank it gave.
        rank: usize,
        /// The size of the table.
        size: usize,
    },
    /// A depth-first engine was handed a problem with several
    /// [`starts`](crate::SearchProblem::starts): it searches from one state. The engines that
    /// store states ([`a_star`](crate::a_star()), [`bfs`](crate::bfs())) search from several.
    SeveralStarts {
        /// How many starts the problem gave.
        count: usize,
    },
    /// The path the engine found fails [`check_path`], which
    /// [`SearchOptions::check_path`] runs (by default in builds with debug assertions). Turn
    /// the option off to get the path regardless.
    Path(PathError),
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidCost { cost } => write!(
                f,
                "a move costs {cost}: move costs must be zero or more, and not NaN"
            ),
            Self::InvalidHeuristic { heuristic } => write!(
                f,
                "the heuristic gave {heuristic}: it must be zero or more, and not NaN"
            ),
            Self::ZeroCostCycle => f.write_str(
                "the current path repeats a state through moves that cost nothing, so the \
                 depth-first search would never end; `SearchOptions::detect_cycles(true)` \
                 skips states already on the path",
            ),
            Self::NotAGoal { index } => write!(
                f,
                "goal {index} of the list `Bidirectional::goals` gave is not a goal: \
                 `is_goal` is false for it"
            ),
            Self::NoPredecessors => f.write_str(
                "the backward half of a bidirectional search needs the predecessors of a \
                 state: a move has no inverse; give every move one, or override \
                 `Bidirectional::predecessors`",
            ),
            Self::StateNumber { number: None } => f.write_str(
                "`state_index` numbered the start but not another state: number every state \
                 or none",
            ),
            Self::StateNumber {
                number: Some(number),
            } => write!(
                f,
                "`state_index` gave {number} for a state, which is not below 2^30 or is \
                 another state's number: every state needs a number of its own"
            ),
            Self::Rank { rank, size } => write!(
                f,
                "the ranking function gave rank {rank}, outside the table's 0..{size}"
            ),
            Self::SeveralStarts { count } => write!(
                f,
                "the problem has {count} starts, and a depth-first engine searches from one: \
                 use `a_star` or `bfs`, which search from several"
            ),
            Self::Path(error) => write!(
                f,
                "the solution path fails its check ({error}); \
                 `SearchOptions::check_path(false)` returns it unchecked"
            ),
        }
    }
}

impl std::error::Error for ProblemError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Path(error) => Some(error),
            _ => None,
        }
    }
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
