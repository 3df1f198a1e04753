//! Enforcing a search's limits: the [`Watch`] every engine consults as it generates nodes, and
//! the ticker thread that makes it look at the clock and the cancel token in time.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::{Duration, Instant};

use crate::cost::Cost;
use crate::options::{CancelToken, Progress, ProgressEvent, SearchOptions, StopReason};
use crate::solution::Stats;

/// The limits of one search, checked by the engines as they generate nodes.
///
/// The engines call [`check`](Self::check) at every expansion (IDA* also at every child it
/// cuts off); it compares the generated count with `next_check`, the next point where
/// something is due: the node limit, a progress report, or a look at the clock and the cancel
/// token. Those are looked at every `stride` generated nodes, a stride that adapts to about
/// every half millisecond; and when the search has a deadline or a cancel token, a ticker
/// thread sets `next_check` to zero every half millisecond, so that a search whose nodes
/// suddenly turn slow still looks within about a millisecond.
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
    /// Generated nodes between two looks at the clock.
    stride: u64,
    /// The generated count at which to look again; the ticker may set it to zero.
    next_check: Arc<AtomicU64>,
    last_check: Instant,
    /// Parallel IDA*: this task's index, and the least index of a task that found a solution;
    /// a task gives up once an earlier one has succeeded.
    abandon: Option<(&'o AtomicUsize, usize)>,
    /// Parallel IDA*: the limits the threads share, and the generated count up to which this
    /// search holds a claim on the shared node budget.
    shared: Option<(&'o SharedLimits, u64)>,
    /// The engine found the problem at fault and stops at the next check.
    interrupted: bool,
}

/// What the threads of one parallel search share: the nodes of the node limit claimed by all
/// of them (each claims a run of nodes before it generates them, and gives back what it did not
/// use), and a flag that stops them all.
pub(crate) struct SharedLimits {
    pub generated: AtomicU64,
    pub max_generated: u64,
    pub halt: AtomicBool,
}

const CHECK_PERIOD: Duration = Duration::from_micros(500);

/// The most nodes a thread of a parallel search claims at once from the shared count.
pub(crate) const SHARED_CHUNK: u64 = 4096;

impl<'o, C: Cost> Watch<'o, C> {
    pub fn new(options: &'o SearchOptions<'o>) -> Self {
        let started = Instant::now();
        // A limit too far to add to now is no limit.
        let limit = options
            .time_limit
            .and_then(|limit| started.checked_add(limit));
        let deadline = match (options.deadline, limit) {
            (Some(deadline), Some(limit)) => Some(deadline.min(limit)),
            (deadline, limit) => deadline.or(limit),
        };
        let cost_bound = options.cost_bound.map_or(C::MAX, C::from_value);
        let progress_every = options.progress_every.max(1);
        let next_check = Arc::new(AtomicU64::new(0));
        if deadline.is_some() || options.cancel.is_some() {
            ticker::watch(&next_check);
        }
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
            next_check,
            last_check: started,
            abandon: None,
            shared: None,
            interrupted: false,
        }
    }

    /// Makes the search of task `index` stop (as cancelled) once `best` holds a smaller index.
    #[cfg(feature = "parallel")]
    pub fn abandon_after(&mut self, best: &'o AtomicUsize, index: usize) {
        self.abandon = Some((best, index));
    }

    /// Makes the search take its nodes from the node budget of `shared`, claiming them before
    /// it generates them, and stop when it says so. `claimed` is the generated count up to
    /// which this search holds a claim already.
    #[cfg(feature = "parallel")]
    pub fn share(&mut self, shared: &'o SharedLimits, claimed: u64) {
        self.shared = Some((shared, claimed));
        self.max_generated = u64::MAX;
        self.next_check.store(0, Ordering::Relaxed);
    }

    /// Gives back the part of this search's claim on the shared node budget it did not use
    /// (at the end of a parallel search's subtree).
    #[cfg(feature = "parallel")]
    pub fn flush(&mut self, stats: &Stats<C>) {
        if let Some((shared, claimed)) = &mut self.shared {
            let unused = claimed.saturating_sub(stats.generated);
            shared.generated.fetch_sub(unused, Ordering::Relaxed);
            *claimed = stats.generated;
        }
    }

    /// Claims up to `want` more nodes from the shared budget once this search has used its
    /// claim, halting every thread when the budget is spent: the generated count up to which
    /// the search may go on, or `None` at the node limit. Unlimited when nothing is shared.
    fn claim(&mut self, stats: &Stats<C>, want: u64) -> Option<u64> {
        let Some((shared, claimed)) = &mut self.shared else {
            return Some(u64::MAX);
        };
        if stats.generated >= *claimed {
            let before = shared.generated.fetch_add(want, Ordering::Relaxed);
            let granted = want.min(shared.max_generated.saturating_sub(before));
            if granted < want {
                // What is past the limit goes back at once, for a thread that gives back a claim.
                shared
                    .generated
                    .fetch_sub(want - granted, Ordering::Relaxed);
            }
            if granted == 0 {
                shared.halt.store(true, Ordering::Relaxed);
                return None;
            }
            *claimed = stats.generated + granted;
        }
        Some(*claimed)
    }

    /// Checks the limits; `open` and `stored` feed the progress report.
    ///
    /// One comparison in the common case: the generated count against the next point where
    /// something is due.
    #[inline]
    pub fn check(&mut self, stats: &Stats<C>, open: usize, stored: usize) -> Option<StopReason> {
        if stats.generated < self.next_check.load(Ordering::Relaxed) {
            return None;
        }
        self.slow_check(stats, open, stored)
    }

    /// The generated count at which the next [`check`](Self::check) looks at more than the
    /// count, as things stand: an engine may compare against a copy of it where even the
    /// check's one load counts (the ticker's signal is then seen at its next `check`).
    #[inline]
    pub fn due(&self) -> u64 {
        self.next_check.load(Ordering::Relaxed)
    }

    #[cold]
    #[inline(never)]
    fn slow_check(&mut self, stats: &Stats<C>, open: usize, stored: usize) -> Option<StopReason> {
        let due = self.next_check.load(Ordering::Relaxed);
        if self.interrupted {
            return Some(StopReason::Cancelled);
        }
        if stats.generated >= self.max_generated {
            return Some(StopReason::NodeLimit);
        }
        if let Some((shared, _)) = self.shared {
            if shared.halt.load(Ordering::Relaxed) {
                return Some(StopReason::Cancelled);
            }
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
        // Aim at one look per CHECK_PERIOD; the ticker catches a sudden slowdown.
        let since = now.duration_since(self.last_check);
        if since < CHECK_PERIOD / 2 {
            self.stride = (self.stride * 2).min(1 << 20);
        } else if since > CHECK_PERIOD * 2 {
            self.stride = (self.stride / 2).max(1);
        }
        self.last_check = now;
        // Progress is counted in expansions, which never outrun generations (every expanded
        // node but the start was generated first): looking again after `progress_in`
        // generations is never late.
        let progress_in = self.next_progress.saturating_sub(stats.expanded);
        let step = self.stride.min(progress_in.max(1));
        let Some(claimed) = self.claim(stats, step.min(SHARED_CHUNK)) else {
            return Some(StopReason::NodeLimit);
        };
        let next = stats
            .generated
            .saturating_add(step)
            .min(self.max_generated)
            .min(claimed);
        // A tick that came in since `due` was read stands: look again at once.
        let _ = self
            .next_check
            .compare_exchange(due, next, Ordering::Relaxed, Ordering::Relaxed);
        None
    }

    /// Makes every check from now on stop the search: the engine found the problem at fault
    /// (a negative cost, say) where it cannot stop at once, and reports that instead.
    pub fn interrupt(&mut self) {
        self.interrupted = true;
        self.next_check.store(0, Ordering::Relaxed);
    }

    /// Sends a report to the observer, if there is one, and has the next
    /// [`check`](Self::check) look at the limits: the observer may have cancelled the search
    /// (and a short iteration would otherwise end, and the next begin, before the ticker's
    /// next signal).
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
            self.next_check.store(0, Ordering::Relaxed);
        }
    }
}

/// The ticker: a thread that every [`CHECK_PERIOD`] sets the `next_check` of every search
/// with a deadline or a cancel token still running to zero. The first such search starts it;
/// it ends a moment after the last one ends (it lingers for the next search of a batch), so a
/// library call leaves no thread behind.
mod ticker {
    use super::{Arc, AtomicU64, CHECK_PERIOD, Condvar, Duration, Mutex, Ordering, Weak};

    /// The searches watched, and whether a ticker thread runs for them.
    struct Watched {
        searches: Vec<Weak<AtomicU64>>,
        running: bool,
    }

    static WATCHED: Mutex<Watched> = Mutex::new(Watched {
        searches: Vec::new(),
        running: false,
    });
    static WAKE: Condvar = Condvar::new();

    /// How long the thread waits for another search once none is left, before it ends.
    const LINGER: Duration = Duration::from_millis(20);

    /// Has the ticker set `next_check` to zero every period while it lives, starting the
    /// ticker if none runs. If no thread can be started, the searches fall back on their
    /// stride alone.
    pub(super) fn watch(next_check: &Arc<AtomicU64>) {
        let Ok(mut watched) = WATCHED.lock() else {
            return;
        };
        watched.searches.push(Arc::downgrade(next_check));
        if watched.running {
            WAKE.notify_one();
            return;
        }
        // The thread waits for the lock held here before it looks at the searches.
        watched.running = std::thread::Builder::new()
            .name("informed-ticker".into())
            .spawn(run)
            .is_ok();
    }

    fn run() {
        let Ok(mut watched) = WATCHED.lock() else {
            return;
        };
        loop {
            watched
                .searches
                .retain(|next_check| match next_check.upgrade() {
                    Some(next_check) => {
                        next_check.store(0, Ordering::Relaxed);
                        true
                    }
                    None => false,
                });
            if watched.searches.is_empty() {
                watched = match WAKE.wait_timeout(watched, LINGER) {
                    Ok((watched, _)) => watched,
                    Err(_) => return,
                };
                if watched.searches.is_empty() {
                    watched.running = false;
                    return;
                }
                continue;
            }
            drop(watched);
            std::thread::sleep(CHECK_PERIOD);
            watched = match WATCHED.lock() {
                Ok(watched) => watched,
                Err(_) => return,
            };
        }
    }
}
