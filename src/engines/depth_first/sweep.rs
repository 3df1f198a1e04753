//! The breadth-first sweeps that let the linear-memory engines end on a finite space with no
//! goal, where the states form cycles that the path alone does not rule out.

use std::time::{Duration, Instant};

use crate::engines::best_first::bfs::bfs_with;
use crate::options::{CancelToken, SearchOptions, StopReason};
use crate::problem::SearchProblem;
use crate::solution::{Outcome, Stats};

/// The sweeps take at most one part in this many of the search's time: a sweep is made only
/// when, by the last one's pace, all of them together stay within it.
const SHARE: u32 = 100;

/// No sweep before the search has generated this many nodes.
const FIRST_SWEEP: u64 = 1 << 20;

/// The states the first sweep stores at most; each next one stores four times as many.
const FIRST_STATES: usize = 256;

/// The most states a sweep stores, unless [`SearchOptions::max_stored`] allows fewer.
const MOST_STATES: usize = 1 << 22;

/// When to sweep next, and within which limits.
pub(crate) struct Sweeps {
    /// The generated count at which to look at the time again; `u64::MAX` once sweeps are
    /// over (one met a goal, or went wrong, or the largest found no end).
    next_at: u64,
    /// The states the next sweep stores at most, and the most any may.
    states: usize,
    most_states: usize,
    began: Instant,
    /// The time the sweeps took so far, and the last one's time per state stored.
    spent: Duration,
    per_state: Duration,
    deadline: Option<Instant>,
    cancel: Option<CancelToken>,
}

impl Sweeps {
    /// The sweeps of a search with `options` (ending at `deadline`): none with a cost bound,
    /// which ends the search on its own, or with a memory limit of zero states.
    pub fn new(options: &SearchOptions, deadline: Option<Instant>) -> Self {
        let most_states = options.max_stored.unwrap_or(MOST_STATES).min(MOST_STATES);
        let never = options.cost_bound.is_some() || most_states == 0;
        Sweeps {
            next_at: if never { u64::MAX } else { FIRST_SWEEP },
            states: FIRST_STATES.min(most_states),
            most_states,
            began: Instant::now(),
            spent: Duration::ZERO,
            per_state: Duration::ZERO,
            deadline,
            cancel: options.cancel.clone(),
        }
    }

    /// `true` if a sweep, when one is due (by the nodes generated so far, in `stats`, and
    /// the time), visits every state reachable from the problem's start without meeting a
    /// goal: none is reachable.
    #[inline]
    pub fn prove_no_goal<P: SearchProblem>(
        &mut self,
        problem: &P,
        stats: &mut Stats<P::Cost>,
    ) -> bool {
        stats.generated >= self.next_at && self.sweep(problem, stats)
    }

    #[cold]
    #[inline(never)]
    fn sweep<P: SearchProblem>(&mut self, problem: &P, stats: &mut Stats<P::Cost>) -> bool {
        let states = u32::try_from(self.states).unwrap_or(u32::MAX);
        let planned = self.spent + self.per_state.saturating_mul(states);
        if planned.saturating_mul(SHARE) > self.began.elapsed() {
            // Not yet: look again once an eighth more nodes are generated.
            self.next_at = stats.generated.saturating_add(stats.generated / 8);
            return false;
        }
        let mut options = SearchOptions::new().max_stored(self.states);
        options.deadline = self.deadline;
        options.cancel.clone_from(&self.cancel);
        options.check_path = false;
        let began = Instant::now();
        let swept = bfs_with(problem, &options);
        let took = began.elapsed();
        self.spent += took;
        self.per_state = took / u32::try_from(swept.stats.stored.max(1)).unwrap_or(u32::MAX);
        stats.stored = stats.stored.max(swept.stats.stored);
        match swept.outcome {
            Outcome::NoSolution => return true,
            Outcome::Stopped {
                reason: StopReason::MemoryLimit,
                ..
            } if self.states < self.most_states => {
                self.states = self.states.saturating_mul(4).min(self.most_states);
            }
            // A limit of the search's own: it stops at its next check.
            Outcome::Stopped {
                reason: StopReason::Deadline | StopReason::Cancelled,
                ..
            } => {}
            _ => self.next_at = u64::MAX,
        }
        false
    }
}
