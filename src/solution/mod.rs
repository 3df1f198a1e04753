//! What an engine answers: the [`Outcome`] of a search, its [`Solution`] and its [`Stats`];
//! and the checks of a path ([`replay`], [`check_path`]) with the errors they name.

mod error;
mod path;

#[cfg(doc)]
use crate::options::SearchOptions;
use crate::options::StopReason;
use crate::problem::SearchProblem;

pub use error::{PathError, ProblemError};
pub(crate) use path::{Promise, solved, solved_at_start};
pub use path::{check_path, replay, replay_from};

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
