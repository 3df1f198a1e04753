//! What a path or a problem got wrong: [`PathError`] and [`ProblemError`].

use core::fmt;

use crate::cost::CostValue;
#[cfg(doc)]
use crate::{Cost, Outcome, SearchOptions, SearchProblem, check_path, replay};

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
    /// A depth-first engine, or the agent of [`lrta_star`](crate::lrta_star()) or
    /// [`DStarLite`](crate::DStarLite), was handed a problem with several
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
                "the problem has {count} starts, and this engine searches from one: use `a_star` \
                 or `bfs`, which search from several"
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
