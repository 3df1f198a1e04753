//! Stopping a search: node, memory, time and cost limits, cancellation from another thread,
//! and progress reports to an observer.

use core::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use num_traits::{Bounded, NumCast};

use crate::solution::{SearchOptions, Stats};

/// A flag another thread sets to stop a search. Clones share the flag.
///
/// ```
/// use informed::{ida_star_with, CancelToken, Outcome, SearchOptions, StopReason};
/// use informed::puzzles::SlidingPuzzle;
///
/// let token = CancelToken::new();
/// let puzzle = SlidingPuzzle::<16>::parse(4, 4,
///     "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")?;
/// let stopper = token.clone();
/// std::thread::spawn(move || {
///     std::thread::sleep(std::time::Duration::from_millis(20));
///     stopper.cancel();
/// });
/// let result = ida_star_with(&puzzle, &SearchOptions::new().cancel_token(token));
/// assert!(matches!(result.outcome, Outcome::Stopped { reason: StopReason::Cancelled, .. }));
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A token not yet cancelled.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding this token (or a clone) to stop as soon as it next checks,
    /// within about a millisecond.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`cancel`](Self::cancel) was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Why a search stopped before it could finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// [`SearchOptions::max_nodes`]: the number of nodes generated reached the limit.
    NodeLimit,
    /// [`SearchOptions::max_stored`]: A* or BFS stored as many states as allowed (at most
    /// 2³² − 1, the most their table indexes, whatever the option says).
    MemoryLimit,
    /// [`SearchOptions::time_limit`] or [`SearchOptions::deadline`] passed.
    Deadline,
    /// [`SearchOptions::cost_bound`]: every solution that remains would cost more.
    CostBound,
    /// The [`CancelToken`] was cancelled.
    Cancelled,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NodeLimit => "the node limit was reached",
            Self::MemoryLimit => "the limit on stored states was reached",
            Self::Deadline => "the time limit passed",
            Self::CostBound => "no solution within the cost bound",
            Self::Cancelled => "the search was cancelled",
        })
    }
}

/// What a progress report is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProgressEvent {
    /// IDA* starts an iteration with this threshold.
    IterationStarted {
        /// The cost threshold of the iteration.
        threshold: u128,
    },
    /// IDA* finished an iteration without reaching a goal.
    IterationFinished {
        /// The cost threshold of the iteration.
        threshold: u128,
    },
    /// Every [`SearchOptions::progress_every`] expansions, in every engine.
    Periodic,
}

/// A progress report, handed to the observer of [`SearchOptions::observer`].
///
/// Costs are widened to `u128`, so that one observer serves problems of any cost type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What happened.
    pub event: ProgressEvent,
    /// Nodes expanded so far.
    pub expanded: u64,
    /// Nodes generated so far.
    pub generated: u64,
    /// A*: entries in the open list; BFS: states reached but not yet expanded; IDA* and RBFS:
    /// the current depth.
    pub open: usize,
    /// A* and BFS: states stored; zero for IDA* and RBFS.
    pub stored: usize,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// The limits of one search, checked by the engines as they expand nodes.
///
/// The engines call [`check`](Self::check) at every expansion; it compares the generated
/// count with the next point where something is due. The clock and the cancellation flag are
/// read every `stride` generated nodes, a stride that adapts so that they are read about every
/// half millisecond whatever a node costs; the node limit is exact to one expansion. A* and
/// BFS also check the memory limit before storing each state.
pub(crate) struct Watch<'o, C> {
    max_generated: u64,
    pub max_stored: usize,
    pub cost_bound: C,
    /// The earlier of the deadline and the time limit, if either is set.
    pub deadline: Option<Instant>,
    cancel: Option<&'o CancelToken>,
    observer: Option<&'o dyn Fn(&Progress)>,
    progress_every: u64,
    next_progress: u64,
    started: Instant,
    /// Generated nodes between two reads of the clock.
    stride: u64,
    /// The generated count at which to look again: the next clock read, or the node limit.
    next_check: u64,
    last_check: Instant,
    /// Parallel IDA*: this task's index, and the least index of a task that found a solution;
    /// a task gives up once an earlier one has succeeded.
    abandon: Option<(&'o AtomicUsize, usize)>,
}

const CHECK_PERIOD: Duration = Duration::from_micros(500);

impl<'o, C: Copy + Bounded + NumCast> Watch<'o, C> {
    pub fn new(options: &'o SearchOptions<'o>) -> Self {
        let started = Instant::now();
        let deadline = match (options.deadline, options.time_limit) {
            (Some(deadline), Some(limit)) => Some(deadline.min(started + limit)),
            (deadline, limit) => deadline.or_else(|| limit.map(|limit| started + limit)),
        };
        let cost_bound = options.cost_bound.map_or(C::max_value(), |bound| {
            C::from(bound).unwrap_or(C::max_value())
        });
        let progress_every = options.progress_every.max(1);
        Watch {
            max_generated: options.max_nodes.unwrap_or(u64::MAX),
            max_stored: options.max_stored.unwrap_or(usize::MAX),
            cost_bound,
            deadline,
            cancel: options.cancel.as_ref(),
            observer: options.observer,
            progress_every,
            next_progress: progress_every,
            started,
            stride: 1,
            next_check: 0,
            last_check: started,
            abandon: None,
        }
    }

    /// Makes the search of task `index` stop (as cancelled) once `best` holds a smaller index.
    #[cfg(feature = "parallel")]
    pub fn abandon_after(&mut self, best: &'o AtomicUsize, index: usize) {
        self.abandon = Some((best, index));
    }

    /// Checks the limits at an expansion; `open` and `stored` feed the progress report.
    ///
    /// One comparison in the common case: the generated count against the next point where
    /// something is due (a clock read, a progress report, the node limit).
    #[inline]
    pub fn check(&mut self, stats: &Stats<C>, open: usize, stored: usize) -> Option<StopReason> {
        if stats.generated < self.next_check {
            return None;
        }
        self.slow_check(stats, open, stored)
    }

    #[cold]
    fn slow_check(&mut self, stats: &Stats<C>, open: usize, stored: usize) -> Option<StopReason> {
        if stats.generated >= self.max_generated {
            return Some(StopReason::NodeLimit);
        }
        if stored >= self.max_stored {
            return Some(StopReason::MemoryLimit);
        }
        if stats.expanded >= self.next_progress {
            self.next_progress = stats.expanded.saturating_add(self.progress_every);
            self.report(ProgressEvent::Periodic, stats, open, stored);
        }
        if self.cancel.is_some_and(CancelToken::is_cancelled) {
            return Some(StopReason::Cancelled);
        }
        if self
            .abandon
            .is_some_and(|(best, index)| best.load(Ordering::Relaxed) < index)
        {
            return Some(StopReason::Cancelled);
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|deadline| now >= deadline) {
            return Some(StopReason::Deadline);
        }
        // Aim at one clock read per CHECK_PERIOD.
        let since = now.duration_since(self.last_check);
        if since < CHECK_PERIOD / 2 {
            self.stride = (self.stride * 2).min(1 << 18);
        } else if since > CHECK_PERIOD * 2 {
            self.stride = (self.stride / 2).max(1);
        }
        self.last_check = now;
        // Progress is counted in expansions, which never outrun generations (every expanded
        // node but the start was generated first): looking again after `progress_in`
        // generations is never late.
        let progress_in = self.next_progress.saturating_sub(stats.expanded);
        self.next_check = stats
            .generated
            .saturating_add(self.stride.min(progress_in.max(1)))
            .min(self.max_generated);
        None
    }

    /// Sends a report to the observer, if there is one.
    pub fn report(&self, event: ProgressEvent, stats: &Stats<C>, open: usize, stored: usize) {
        if let Some(observer) = self.observer {
            observer(&Progress {
                event,
                expanded: stats.expanded,
                generated: stats.generated,
                open,
                stored,
                elapsed: self.started.elapsed(),
            });
        }
    }
}

/// A cost as `u128`, for progress reports.
pub(crate) fn widen<C: num_traits::ToPrimitive + Copy>(cost: C) -> u128 {
    cost.to_u128().unwrap_or(u128::MAX)
}
