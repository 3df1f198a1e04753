//! What the caller asks of a search: [`SearchOptions`] (limits, cancellation, progress
//! reports, what to record), and the [`StopReason`] a limit gives when it stops one.

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// No solution costs less than the cost type's [`MAX`](crate::Cost::MAX), but the search
    /// passed over paths whose cost (or cost plus heuristic) reached it: a goal may lie beyond
    /// what the type holds (a line of 300 moves in `u8` costs, say). A wider type searches on.
    CostOverflow,
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
            Self::CostOverflow => "no solution below the cost type's largest value",
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
/// Build it with [`SearchOptions::new`] and the methods below, one per setting.
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
pub struct SearchOptions<'a> {
    /// `None`: on for a problem whose start offers no move with an inverse.
    pub(crate) detect_cycles: Option<bool>,
    pub(crate) max_nodes: Option<u64>,
    pub(crate) max_stored: Option<usize>,
    pub(crate) time_limit: Option<Duration>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) cost_bound: Option<CostValue>,
    pub(crate) cancel: Option<CancelToken>,
    pub(crate) observer: Option<&'a dyn Fn(&Progress)>,
    pub(crate) progress_every: u64,
    pub(crate) check_path: bool,
}

impl fmt::Debug for SearchOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchOptions")
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
            detect_cycles: None,
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

    /// Whether the depth-first engines skip a state that is already on the current path. By
    /// default they do for a problem whose start offers no move with an
    /// [inverse](crate::SearchProblem::inverse) (a problem written with the required methods
    /// alone, say), and do not for the others, which skip the move back and search faster
    /// without it. Set it for a problem whose moves have inverses but whose space has longer
    /// cycles and maybe no reachable goal (a water jug puzzle, say): IDA* and RBFS then end on
    /// a finite space with [`Outcome::NoSolution`](crate::Outcome::NoSolution) as soon as
    /// every path is searched, not after a breadth-first sweep of the space (see
    /// [`ida_star`](crate::ida_star())); clear it where a goal is always reachable and speed
    /// matters.
    ///
    /// IDA\* compares a child with the states on the path only where it could matter (a child
    /// within the threshold, or one that could set the next threshold), so the check costs
    /// little; RBFS compares every child with the path. The states on the path are kept in a
    /// list while the path is short, with a hash set beside it once it is long. A* and BFS
    /// ignore the option: they never store a state twice. Even so, proving that no path
    /// exists by depth-first search takes time exponential in the space (a 100 x 100 grid
    /// with its goal walled off: hundreds of millions of nodes): for that, use
    /// [`a_star`](crate::a_star()) or [`bfs`](crate::bfs()), which end after visiting each
    /// state once.
    #[must_use]
    pub fn detect_cycles(mut self, detect: bool) -> Self {
        self.detect_cycles = Some(detect);
        self
    }

    /// Whether the depth-first engines skip states already on the current path in a search
    /// of `problem`: as the option says, or else if the start offers no move with an inverse.
    pub(crate) fn detects_cycles<P: crate::SearchProblem>(&self, problem: &P) -> bool {
        self.detect_cycles.unwrap_or_else(|| {
            let mut moves = crate::MoveBuffer::new();
            problem.moves(&problem.start(), &mut moves);
            moves.iter().all(|&(mv, _)| problem.inverse(mv).is_none())
        })
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

    /// Stops once this many nodes are generated ([`StopReason::NodeLimit`]). IDA* checks it
    /// at every child; A*, BFS and RBFS at each expansion, so their count may pass the limit
    /// by one node's children; parallel IDA*'s threads claim their nodes from one shared count
    /// before they generate them, so it passes the limit by at most a node or so a thread.
    #[must_use]
    pub fn max_nodes(mut self, nodes: u64) -> Self {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stops A* and BFS before they store more than this many states
    /// ([`StopReason::MemoryLimit`]). Without it they stop at 2³¹ − 1 states, the most their
    /// table indexes. The depth-first engines (IDA*, RBFS, parallel IDA*) store only the
    /// breadth-first sweeps that end them on a finite space with no reachable goal (see
    /// [`ida_star`](crate::ida_star())): this bounds each sweep, and zero turns them off.
    #[must_use]
    pub fn max_stored(mut self, states: usize) -> Self {
        self.max_stored = Some(states);
        self
    }

    /// Stops once this much time has passed since the search started
    /// ([`StopReason::Deadline`]). A limit too far ahead to be an instant (`Duration::MAX`)
    /// is no limit. With a time limit, a deadline or a cancel token, a ticker thread (one for
    /// all such searches, ended a moment after the last of them) makes every engine look at
    /// the clock and the token about every half millisecond, however slow its nodes turn: it
    /// stops within a millisecond or so, plus one node. A* and BFS then free their tables,
    /// which takes a few milliseconds per million states stored.
    #[must_use]
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Stops at this instant ([`StopReason::Deadline`]), as [`time_limit`](Self::time_limit)
    /// does; with both, at the earlier.
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Looks only for solutions costing at most `bound`, of any cost type (`cost_bound(40)`,
    /// `cost_bound(12.5)`), and stops with [`StopReason::CostBound`] once none is left. One
    /// beyond the problem's cost type is no bound, a fraction bounds integer costs by its
    /// whole part, and one below zero (or NaN) admits no path, not even from a start that is
    /// a goal: the search stops at once with [`StopReason::CostBound`].
    #[must_use]
    pub fn cost_bound(mut self, bound: impl Into<CostValue>) -> Self {
        self.cost_bound = Some(bound.into());
        self
    }

    /// Stops when `token` is cancelled ([`StopReason::Cancelled`]), from any thread.
    #[must_use]
    pub fn cancel_token(mut self, token: CancelToken) -> Self {
        self.cancel = Some(token);
        self
    }

    /// Hands a [`Progress`] report to `observer` at each IDA* iteration's start and end, and
    /// every [`progress_every`](Self::progress_every) expansions in every engine.
    #[must_use]
    pub fn observer(mut self, observer: &'a dyn Fn(&Progress)) -> Self {
        self.observer = Some(observer);
        self
    }

    /// How many expansions between periodic progress reports; 1,048,576 by default.
    #[must_use]
    pub fn progress_every(mut self, expansions: u64) -> Self {
        self.progress_every = expansions;
        self
    }

    /// Whether to run [`check_path`](crate::check_path) on the returned path before returning
    /// it: along it, the heuristic never exceeds the remaining cost (for the engines that
    /// promise an optimal path), and applying each available move and then its inverse
    /// restores the state. A failure reveals a bug in the problem: the search ends with
    /// [`Outcome::Invalid`](crate::Outcome::Invalid), naming the step, with the path found.
    /// The depth-first engines also look for zero-cost cycles on deep paths. On by default in
    /// builds with debug assertions, off in release builds.
    #[must_use]
    pub fn check_path(mut self, check: bool) -> Self {
        self.check_path = check;
        self
    }
}
