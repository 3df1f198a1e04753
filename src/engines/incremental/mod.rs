//! What LPA\* and D\* Lite share: a search that keeps its states between calls, each with a
//! cost `g` and a one-step lookahead `rhs`, and repairs only the states a change of costs
//! made inconsistent (Koenig, Likhachev and Furcy, 2004). The two differ in their direction:
//! LPA\* searches from the starts toward the goals, D\* Lite from the goals toward the start,
//! so that the start may move.
//!
//! Both are proved for positive move costs: with a move of cost zero, a state's `rhs` could
//! lean on its own stale cost around a cycle and pass for settled. So every length here is a
//! cost and a count of moves, compared cost first: a move adds one to the count, every cycle
//! has a positive length, and the proofs hold for zero-cost moves too (the path found is the
//! cheapest, and of the fewest moves among the cheapest).
//!
//! Its parts: the search itself, its states and queue (`search.rs`), and the path it answers
//! with (`path.rs`); the two engines in `lpa_star.rs` and `d_star_lite.rs`.

use core::ops::ControlFlow;

use crate::cost::Cost;
use crate::options::{SearchOptions, StopReason};
use crate::problem::Bidirectional;
use crate::problem::{MoveBuffer, each_child};
use crate::solution::{Outcome, OutcomeOf, ProblemError, Promise, SearchResult, Solution, Stats};

pub(super) mod d_star_lite;
pub(super) mod lpa_star;
mod path;
mod search;

pub(crate) use search::Incremental;

/// A direction of search: which neighbours a state's `rhs` is taken over, and which states'
/// `rhs` take it in.
pub(crate) trait Direction {
    /// Whether the search runs from the starts (its paths are found goal first, and turned
    /// round).
    const FORWARD: bool;

    /// Calls `each(neighbour, move, cost)` for the moves a state's `rhs` is the least over:
    /// LPA\*'s from its predecessors, D\* Lite's to its successors.
    fn sources<P: Bidirectional>(
        problem: &P,
        state: &P::State,
        moves: &mut MoveBuffer<P::Move, P::Cost>,
        each: impl FnMut(P::State, P::Move, P::Cost),
    ) -> Result<(), ProblemError>;

    /// Calls `each(neighbour, move, cost)` for the moves the other way: the states whose
    /// `rhs` takes `state`'s cost in.
    fn dependants<P: Bidirectional>(
        problem: &P,
        state: &P::State,
        moves: &mut MoveBuffer<P::Move, P::Cost>,
        each: impl FnMut(P::State, P::Move, P::Cost),
    ) -> Result<(), ProblemError>;

    /// The heuristic toward the end the search runs to.
    fn heuristic<P: Bidirectional>(problem: &P, state: &P::State) -> P::Cost;
}

/// Calls `each` for every child of `state`, its cost checked.
pub(crate) fn successors<P: Bidirectional>(
    problem: &P,
    state: &P::State,
    moves: &mut MoveBuffer<P::Move, P::Cost>,
    mut each: impl FnMut(P::State, P::Move, P::Cost),
) -> Result<(), ProblemError> {
    let mut invalid = None;
    let _ = each_child(problem, state, None, moves, |child, mv, cost| {
        if !cost.is_valid() {
            invalid = Some(cost.value());
            return ControlFlow::Break(());
        }
        each(child, mv, cost);
        ControlFlow::Continue(())
    });
    invalid.map_or(Ok(()), |cost| Err(ProblemError::InvalidCost { cost }))
}

/// Calls `each` for every predecessor of `state`, its cost checked.
pub(crate) fn predecessors<P: Bidirectional>(
    problem: &P,
    state: &P::State,
    mut each: impl FnMut(P::State, P::Move, P::Cost),
) -> Result<(), ProblemError> {
    let mut invalid = None;
    let listed = problem.predecessors(state, |predecessor, mv, cost| {
        if !cost.is_valid() {
            invalid = Some(cost.value());
        } else if invalid.is_none() {
            each(predecessor, mv, cost);
        }
    });
    if let Some(cost) = invalid {
        return Err(ProblemError::InvalidCost { cost });
    }
    if listed {
        Ok(())
    } else {
        Err(ProblemError::NoPredecessors)
    }
}

/// The goals `problem` lists, each checked to be one.
pub(crate) fn checked_goals<P: Bidirectional>(problem: &P) -> Result<Vec<P::State>, ProblemError> {
    let goals = problem.goals();
    match goals.iter().position(|goal| !problem.is_goal(goal)) {
        Some(index) => Err(ProblemError::NotAGoal { index }),
        None => Ok(goals),
    }
}

/// What LPA\* and D\* Lite keep between plans: their search, once made, and the states the
/// caller said moves changed at since the last plan.
pub(crate) struct Planner<D, S, M, C: Cost> {
    search: Option<Incremental<D, S, M, C>>,
    changed: Vec<S>,
}

/// A plan's result, and the states its path visits with the cost so far.
pub(crate) type Plan<S, M, C> = (SearchResult<Solution<S, M, C>, C>, Vec<(S, C)>);

impl<D, S, M, C> Planner<D, S, M, C>
where
    D: Direction,
    S: Clone + Eq + core::hash::Hash,
    M: Copy + Eq,
    C: Cost,
{
    pub fn new() -> Self {
        Planner {
            search: None,
            changed: Vec::new(),
        }
    }

    /// Notes states whose moves, or moves into them, changed.
    pub fn told(&mut self, states: impl IntoIterator<Item = S>) {
        self.changed.extend(states);
    }

    pub fn stored(&self) -> usize {
        self.search.as_ref().map_or(0, Incremental::stored)
    }

    /// A plan: stopped at once where the cost bound admits nothing; else `prepare` makes the
    /// search or readies the one kept, and names the states to plan toward and whether the
    /// search is new; the changes told since are applied to a kept one, and the search
    /// repaired toward those states. A fault drops the search.
    pub fn plan<P>(
        &mut self,
        problem: &P,
        options: &SearchOptions,
        promise: Promise,
        prepare: impl FnOnce(
            &mut Option<Incremental<D, S, M, C>>,
        ) -> Result<(Vec<S>, bool), ProblemError>,
    ) -> Plan<S, M, C>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        let mut stats = Stats::default();
        if options.bound_admits_nothing() {
            let outcome = Outcome::stopped_by(StopReason::CostBound);
            return (SearchResult { outcome, stats }, Vec::new());
        }
        let repaired = prepare(&mut self.search).and_then(|(ends, fresh)| {
            self.repair(problem, &ends, fresh, options, promise, &mut stats)
        });
        match repaired {
            Ok((outcome, path)) => (SearchResult { outcome, stats }, path),
            Err(error) => {
                self.search = None;
                let outcome = Outcome::invalid(error);
                (SearchResult { outcome, stats }, Vec::new())
            }
        }
    }

    /// Applies the changes told since the last plan to the search `prepare` readied (none to
    /// a `fresh` one), and repairs it toward `ends`.
    #[allow(clippy::type_complexity)]
    fn repair<P>(
        &mut self,
        problem: &P,
        ends: &[S],
        fresh: bool,
        options: &SearchOptions,
        promise: Promise,
        stats: &mut Stats<C>,
    ) -> Result<(OutcomeOf<P>, Vec<(S, C)>), ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        let Some(search) = &mut self.search else {
            return Ok((Outcome::NoSolution, Vec::new()));
        };
        if fresh {
            self.changed.clear();
        }
        for state in self.changed.drain(..) {
            search.changed(problem, &state)?;
        }
        search.answer(problem, ends, options, promise, stats)
    }
}
