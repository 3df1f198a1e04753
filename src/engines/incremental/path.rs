//! The path an incremental search answers with, read off its costs.

use super::Direction;
use super::search::{Halt, Incremental, Length};
use crate::cost::Cost;
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::Bidirectional;
use crate::solution::{Outcome, OutcomeOf, ProblemError, Promise, Stats, solved};

/// The path a search found, from its start to an origin (D\* Lite) or from a start to the
/// goal (LPA\*): its moves, and the states it visits with the cost so far (the first and
/// last included).
pub(crate) struct Found<S, M, C> {
    pub moves: Vec<M>,
    pub states: Vec<(S, C)>,
}

impl<D, S, M, C> Incremental<D, S, M, C>
where
    D: Direction,
    S: Clone + Eq + core::hash::Hash,
    M: Copy + Eq,
    C: Cost,
{
    /// Repairs the costs toward `ends` as [`compute`](Self::compute) does, and answers with
    /// the cheapest path, checked as `options` ask, and the states it visits with the cost
    /// so far. `Err` if the problem broke its contract: the search is then to be dropped.
    #[allow(clippy::type_complexity)]
    pub fn answer<P>(
        &mut self,
        problem: &P,
        ends: &[S],
        options: &SearchOptions,
        promise: Promise,
        stats: &mut Stats<C>,
    ) -> Result<(OutcomeOf<P>, Vec<(S, C)>), ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        let mut watch = Watch::new(options);
        let reached = self.compute(problem, ends, &mut watch, stats);
        stats.stored = self.stored();
        let end = match reached {
            Ok(end) => end,
            Err(Halt::Stopped(reason)) => return Ok((Outcome::stopped_by(reason), Vec::new())),
            Err(Halt::Invalid(error)) => return Err(error),
        };
        let found = match end {
            Some(end) => self.path(problem, end)?,
            None => None,
        };
        let Some(Found { moves, states }) = found else {
            let outcome = if self.overflowed {
                Outcome::stopped_by(StopReason::CostOverflow)
            } else {
                Outcome::NoSolution
            };
            return Ok((outcome, Vec::new()));
        };
        let (start, _) = states[0].clone();
        let cost = states[states.len() - 1].1;
        let outcome = solved(problem, start, moves, Some(cost), options, promise);
        Ok((outcome, states))
    }

    /// The cheapest path the costs lead along from the state at `from` to an origin: at each
    /// state the source of least `cost + g` not yet passed; where none is left, back a step.
    /// `None` if no origin is found that way.
    pub fn path<P>(
        &mut self,
        problem: &P,
        from: usize,
    ) -> Result<Option<Found<S, M, C>>, ProblemError>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        // Each state's mark is the number of the path that passed it.
        self.walks = self.walks.wrapping_add(1);
        if self.walks == 0 {
            self.mark.fill(0);
            self.walks = 1;
        }
        self.mark.resize(self.table.len(), 0);
        self.mark[from] = self.walks;
        // The path so far: each state's index, and the move on from it with its cost.
        let mut way: Vec<(usize, M, C)> = Vec::new();
        let mut at = from;
        while !self.origin[at] {
            let around = self.list_around(problem, at, true)?;
            let mut best: Option<(usize, M, C, Length<C>)> = None;
            for (neighbour, mv, cost) in &around {
                let Some(index) = self.find(problem, neighbour)? else {
                    continue;
                };
                let through = self.g[index].then(*cost);
                let better = best.is_none_or(|(.., least)| through.key() < least.key());
                if self.g[index].is_finite() && self.mark[index] != self.walks && better {
                    best = Some((index, *mv, *cost, through));
                }
            }
            self.around = around;
            match best {
                Some((index, mv, cost, _)) => {
                    self.mark[index] = self.walks;
                    way.push((at, mv, cost));
                    at = index;
                }
                // A dead end (with a consistent heuristic, never): back a step, and try the
                // next best from there.
                None => match way.pop() {
                    Some((before, ..)) => at = before,
                    None => return Ok(None),
                },
            }
        }
        let mut moves: Vec<M> = way.iter().map(|&(_, mv, _)| mv).collect();
        let mut indices: Vec<usize> = way.iter().map(|&(index, ..)| index).collect();
        indices.push(at);
        let mut costs: Vec<C> = way.iter().map(|&(.., cost)| cost).collect();
        if D::FORWARD {
            moves.reverse();
            indices.reverse();
            costs.reverse();
        }
        let mut states = Vec::with_capacity(indices.len());
        let mut so_far = C::ZERO;
        for (i, &index) in indices.iter().enumerate() {
            if i > 0 {
                so_far = so_far.saturating_add(costs[i - 1]);
            }
            states.push((self.table.nodes[index].state.clone(), so_far));
        }
        Ok(Some(Found { moves, states }))
    }
}
