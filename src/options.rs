//! What the caller asks of a search: [`SearchOptions`] (limits, cancellation, progress
//! reports, what to record), and the [`StopReason`] a limit gives when it stops one.

use core::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::cost::CostValue;

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
    /// The `max_depth` of [`branch_and_bound`](crate::branch_and_bound()): no solution lies
    /// within it, and it left nodes unexpanded, below which one may lie.
    DepthLimit,
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
            Self::DepthLimit => "no solution within the depth limit",
            Self::Cancelled => "the search was cancelled",
        })
    }
}

/// What a progress report is about.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum ProgressEvent {
    /// IDA* starts an iteration with this threshold.
    IterationStarted {
        /// The cost threshold of the iteration.
        threshold: CostValue,
    },
    /// IDA* finished an iteration without reaching a goal.
    IterationFinished {
        /// The cost threshold of the iteration.
        threshold: CostValue,
    },
    /// Every [`SearchOptions::progress_every`] expansions, in every engine.
    Periodic,
}

/// A progress report, handed to the observer of [`SearchOptions::observer`].
///
/// The only costs in a report are IDA*'s thresholds, in the [`event`](Self::event), given as
/// [`CostValue`]s so that one observer serves problems of any cost type.
#[derive(Clone, Copy, Debug, PartialEq)]
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
    /// Whether the depth-first engines should skip a state that is already on the current
    /// path, whatever [`SearchProblem::needs_cycle_detection`](crate::SearchProblem::needs_cycle_detection)
    /// says (which is on by default for a problem without inverse moves). With it, IDA* and
    /// RBFS end on a finite space with cycles and no reachable goal with
    /// [`Outcome::NoSolution`](crate::Outcome::NoSolution) instead of deepening forever. IDA\*
    /// compares a child with the states on the path only where it could matter (a child within
    /// the threshold, or one that could set the next threshold), so the check costs little;
    /// RBFS compares every child with the path. A* and BFS ignore it: they never store a state
    /// twice.
    pub detect_cycles: bool,
    /// Stop once this many nodes are generated ([`StopReason::NodeLimit`]). IDA* checks it at
    /// every child; A*, BFS and RBFS at each expansion, so their count may pass the limit by
    /// one node's children; parallel IDA*'s threads claim their nodes from one shared count
    /// before they generate them, so it passes the limit by at most a node or so a thread.
    pub max_nodes: Option<u64>,
    /// A* and BFS: never store more than this many states ([`StopReason::MemoryLimit`]). The
    /// depth-first engines (IDA*, RBFS, parallel IDA*) store none and ignore it.
    pub max_stored: Option<usize>,
    /// Stop once this much time has passed since the search started
    /// ([`StopReason::Deadline`]). A limit too far ahead to be an instant (`Duration::MAX`)
    /// is no limit. With a time limit, a deadline or a cancel token, a ticker thread (one for
    /// all such searches, ended a moment after the last of them) makes every engine look at
    /// the clock and the token about every half millisecond, however slow its nodes turn: it
    /// stops within a millisecond or so, plus one node. A* and BFS then free their tables,
    /// which takes a few milliseconds per million states stored.
    pub time_limit: Option<Duration>,
    /// Stop at this instant ([`StopReason::Deadline`]).
    pub deadline: Option<Instant>,
    /// Look for solutions costing at most this much; stop with [`StopReason::CostBound`] once
    /// none is left. A [`CostValue`], so that one value serves every cost type: one beyond the
    /// problem's cost type is no bound, a fraction bounds integer costs by its whole part, and
    /// one below zero (or NaN) admits no path, not even from a start that is a goal: the
    /// search stops at once with [`StopReason::CostBound`].
    pub cost_bound: Option<CostValue>,
    /// Stop when this token is cancelled ([`StopReason::Cancelled`]).
    pub cancel: Option<CancelToken>,
    /// Called with a [`Progress`] report at each IDA* iteration's start and end, and every
    /// [`progress_every`](Self::progress_every) expansions in every engine.
    pub observer: Option<&'a dyn Fn(&Progress)>,
    /// How many expansions between periodic progress reports; 1,048,576 by default.
    pub progress_every: u64,
    /// Check the returned path before returning it: along it, the heuristic never exceeds
    /// the remaining cost (for the engines that promise an optimal path), and applying then
    /// undoing each available move restores the state. A failure reveals a bug in the
    /// problem: the search ends with [`Outcome::Invalid`](crate::Outcome::Invalid), naming
    /// the step, with the path found. The depth-first engines also look for zero-cost cycles
    /// on deep paths. On by default in builds with debug assertions, off in release builds.
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

    /// Asks for the states along the solution path in [`Solution::states`](crate::Solution::states).
    #[must_use]
    pub fn record_states(mut self, record: bool) -> Self {
        self.record_states = record;
        self
    }

    /// Whether the depth-first engines skip states already on the current path in a search
    /// of `problem`: the option is set, or the problem
    /// [needs it](crate::SearchProblem::needs_cycle_detection).
    pub(crate) fn detects_cycles<P: crate::SearchProblem>(&self, problem: &P) -> bool {
        self.detect_cycles || problem.needs_cycle_detection()
    }

    /// Whether the cost bound is below zero or NaN: no path costs so little, the empty one
    /// included, and every engine stops at once with [`StopReason::CostBound`].
    pub(crate) fn bound_admits_nothing(&self) -> bool {
        match self.cost_bound {
            Some(CostValue::Signed(bound)) => bound < 0,
            Some(CostValue::Float(bound)) => bound < 0.0 || bound.is_nan(),
            Some(CostValue::Unsigned(_)) | None => false,
        }
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

    /// Stops A* and BFS before they store more than this many states. Without it they stop
    /// at 2³² − 1 states, the most their table indexes. The depth-first engines ignore it.
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

    /// Looks only for solutions costing at most `bound`, of any cost type: `cost_bound(40)`,
    /// `cost_bound(12.5)`.
    #[must_use]
    pub fn cost_bound(mut self, bound: impl Into<CostValue>) -> Self {
        self.cost_bound = Some(bound.into());
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
