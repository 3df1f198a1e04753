//! How a database is built: where it is kept, and who hears how far its build has come.

use core::fmt;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::{BuildReport, CachedTable, PdbError, Table};

/// How to build a database: the directory its tables are kept in, an observer of the
/// build's progress, and for sliding-tile tables whether they are
/// [zero-aware](BuildOptions::zero_aware). Handed to a database's `build_with`; its `build`
/// is `build_with` with [`BuildOptions::new`], its `load_or_build` with a cache directory.
///
/// ```no_run
/// use std::path::Path;
/// use informed::heuristics::pattern_database::{BuildOptions, BuildProgress, PARTITION_555};
/// use informed::heuristics::PatternDatabase;
///
/// let show = |progress: &BuildProgress| {
///     eprint!("\r{:5.1}% layer {}", 100.0 * progress.fraction(), progress.layer);
/// };
/// let options = BuildOptions::new().cache_dir(Path::new("target/pdb")).observer(&show);
/// let goal: [u8; 16] = core::array::from_fn(|i| i as u8);
/// let (database, report) =
///     PatternDatabase::build_with(4, 4, &goal, &PARTITION_555, true, &options)?;
/// eprintln!("\r{report}");
/// # Ok::<(), informed::heuristics::pattern_database::PdbError>(())
/// ```
#[derive(Clone, Copy, Default)]
pub struct BuildOptions<'a> {
    pub(crate) cache_dir: Option<&'a Path>,
    pub(crate) observer: Option<&'a (dyn Fn(&BuildProgress) + Sync)>,
    pub(crate) zero_aware: bool,
}

impl fmt::Debug for BuildOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BuildOptions")
            .field("cache_dir", &self.cache_dir)
            .field("observer", &self.observer.map(|_| "Fn(&BuildProgress)"))
            .field("zero_aware", &self.zero_aware)
            .finish()
    }
}

impl<'a> BuildOptions<'a> {
    /// Built in memory, nothing read or saved, no observer.
    pub fn new() -> Self {
        BuildOptions::default()
    }

    /// Reads each table from `dir` when a valid file for it is there, and otherwise builds it
    /// and writes the file (creating the directory). A file that is damaged or made for
    /// something else is never trusted: it is rebuilt and replaced, and named in the
    /// [`BuildReport`].
    #[must_use]
    pub fn cache_dir(mut self, dir: &'a Path) -> Self {
        self.cache_dir = Some(dir);
        self
    }

    /// Hands a [`BuildProgress`] to `observer` about five times a second while tables are
    /// built, and once as each table is done. Builds that run at once on several threads
    /// report through it one at a time. Nothing is reported of a table read from the cache.
    #[must_use]
    pub fn observer(mut self, observer: &'a (dyn Fn(&BuildProgress) + Sync)) -> Self {
        self.observer = Some(observer);
        self
    }

    /// Sliding-tile databases ([`PatternDatabase`](super::PatternDatabase)) only: tables
    /// that know where the blank is (Clausecker and Reinefeld's *zero-aware* databases). A
    /// pattern's tiles can wall a pocket of free cells off (a corner behind two tiles); the
    /// blank moves freely within a region but not out of it, so what a placement costs
    /// depends on the blank's region, where a plain table keeps the least over all of them
    /// (the pocket's, for a pattern at home around the blank's goal). Each entry is the least
    /// cost with the blank outside the pockets of one or two cells, marked where a blank in
    /// one costs less, and the least cost over every cell of the blank is kept beside it for
    /// those (a lookup so marked looks at the blank's neighbours). A stronger heuristic, the
    /// same lengths, twice the memory; the cache keeps these tables apart from the plain
    /// ones. The build takes no more memory than without. Other databases ignore it.
    ///
    /// Reference: R. Clausecker, A. Reinefeld, "Zero-Aware Pattern Databases with 1-Bit
    /// Compression for Sliding Tile Puzzles", *SoCS* 2019.
    #[must_use]
    pub fn zero_aware(mut self) -> Self {
        self.zero_aware = true;
        self
    }
}

/// How far a database's build has come, handed to the observer of
/// [`BuildOptions::observer`].
///
/// A table is built by a breadth-first search of its abstract space, one layer of distance
/// after another; the work is the states it expands, about the same for each. `done` and
/// `total` count them over every table of the database being built (those read from the
/// cache left out), so that one bar serves the whole build.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildProgress {
    /// The table that reports, numbered from 0 in the database's order.
    pub table: usize,
    /// The database's tables, those read from the cache included.
    pub tables: usize,
    /// The distance the reporting table's search has reached.
    pub layer: u32,
    /// States expanded so far over the tables being built.
    pub done: u64,
    /// States to expand over them: at most their abstract spaces' sizes (a state no goal
    /// reaches is counted done when its table is).
    pub total: u64,
    /// Time since the build began.
    pub elapsed: Duration,
}

impl BuildProgress {
    /// The part of the work done, from 0 to 1.
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            return 1.0;
        }
        self.done as f64 / self.total as f64
    }

    /// The time left at the rate so far, once some work is done.
    pub fn estimated_left(&self) -> Option<Duration> {
        if self.done == 0 {
            return None;
        }
        let left = (self.total.saturating_sub(self.done)) as f64 / self.done as f64;
        Some(self.elapsed.mul_f64(left))
    }
}

/// How often, at most, the observer hears of a build.
const REPORT_EVERY: Duration = Duration::from_millis(200);

/// The states a table's search expands between two notes to its tracker.
pub(super) const NOTE_EVERY: u64 = 1 << 16;

/// The progress of one database's build, shared by the builds of its tables (on any thread).
pub(crate) struct Tracker<'a> {
    observer: Option<&'a (dyn Fn(&BuildProgress) + Sync)>,
    /// The states of each table's abstract space.
    sizes: Vec<u64>,
    done: AtomicU64,
    total: AtomicU64,
    started: Instant,
    /// When the observer is next due, in nanoseconds after `started`; held while it runs.
    due: Mutex<u64>,
}

impl<'a> Tracker<'a> {
    /// The tracker of a build of tables of these sizes (states each), told to `observer`.
    pub(crate) fn new(
        observer: Option<&'a (dyn Fn(&BuildProgress) + Sync)>,
        sizes: Vec<u64>,
    ) -> Self {
        let total = sizes.iter().sum();
        Tracker {
            observer,
            sizes,
            done: AtomicU64::new(0),
            total: AtomicU64::new(total),
            started: Instant::now(),
            due: Mutex::new(0),
        }
    }

    /// A tracker that tells no one, of a build of one table.
    pub(super) fn quiet() -> Tracker<'static> {
        Tracker::new(None, vec![0])
    }

    /// `expanded` more states of `table`'s search, now at distance `layer`.
    pub(super) fn note(&self, table: usize, layer: u8, expanded: u64) {
        self.done.fetch_add(expanded, Ordering::Relaxed);
        self.report(table, layer, false);
    }

    /// `table` is built, after `expanded` states: the states it never reached count as done.
    pub(super) fn finish(&self, table: usize, layer: u8, expanded: u64) {
        let size = self.sizes.get(table).copied().unwrap_or(expanded);
        self.done
            .fetch_add(size.saturating_sub(expanded), Ordering::Relaxed);
        self.report(table, layer, true);
    }

    /// [`Table::load_or_build`] of the table numbered `table`: one read from the cache
    /// leaves the work to do.
    pub(crate) fn load_or_build(
        &self,
        table: usize,
        cache: Option<&CachedTable<'_>>,
        entries: usize,
        report: &mut BuildReport,
        build: impl FnOnce() -> Result<Table, PdbError>,
    ) -> Result<Table, PdbError> {
        let built = report.built;
        let loaded = Table::load_or_build(cache, entries, report, build)?;
        if report.built == built {
            self.skip(table);
        }
        Ok(loaded)
    }

    /// `table` was read from the cache, or taken from another database: its states leave the
    /// work to do.
    pub(crate) fn skip(&self, table: usize) {
        let size = self.sizes.get(table).copied().unwrap_or(0);
        self.total.fetch_sub(size, Ordering::Relaxed);
    }

    /// Tells the observer, if it is due (or `now`) and no other thread is telling it.
    fn report(&self, table: usize, layer: u8, now: bool) {
        let Some(observer) = self.observer else {
            return;
        };
        let elapsed = self.started.elapsed();
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        // An end is told whoever else is telling; a step is skipped if another thread is.
        let due = if now {
            self.due.lock().ok()
        } else {
            self.due.try_lock().ok()
        };
        let Some(mut due) = due else {
            return;
        };
        if !now && nanos < *due {
            return;
        }
        *due = nanos.saturating_add(REPORT_EVERY.as_nanos() as u64);
        observer(&BuildProgress {
            table,
            tables: self.sizes.len(),
            layer: u32::from(layer),
            done: self.done.load(Ordering::Relaxed),
            total: self.total.load(Ordering::Relaxed),
            elapsed,
        });
    }
}
