//! Parallel IDA*: each iteration's search split below a frontier of nodes, on a rayon pool.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::cost::{Cost, min};
use crate::engines::depth_first::ida_star::{
    Goal, Recursive, Round, Rounds, solve, threshold_after,
};
use crate::engines::depth_first::stack::{DepthFirst, Ended, OnGoal, Policy};
use crate::limits::{SharedLimits, Watch};
use crate::options::{CancelToken, SearchOptions, StopReason};
use crate::problem::SearchProblem;
use crate::solution::{ResultOf, Stats};

/// Solves `problem` with IDA* on all the threads of the current rayon pool, with default
/// options. Needs the `parallel` feature.
///
/// Each iteration first expands the start breadth-first, in move order, within the
/// threshold, until it has a frontier of some 256 nodes per thread; the threads then take
/// the frontier's subtrees in that order and search each depth-first, in place, exactly as
/// [`ida_star`](crate::ida_star()) would. A thread that finds a goal makes every subtree after
/// its own give up; the subtrees before it are finished, and the solution returned is the one
/// in the first subtree that has one.
///
/// - **Same answer:** the thresholds are those of the sequential engine, and the solution is
///   the one it returns: optimal with an admissible heuristic, and the lexicographically
///   smallest among the optimal ones in move order. Only the statistics differ (threads
///   search some subtrees the sequential engine would not reach, and each subtree's root is
///   also counted as expanded by the frontier).
/// - **Limits:** the deadline, the cancel token and the cost bound hold as in the sequential
///   engine, on every thread (and on the calling thread while it finds the frontier); a limit reached on one thread stops them all. The threads share one count of
///   generated nodes, from which each claims a run of at most 4,096 nodes before it generates
///   them, so the node limit holds to a node or so per thread. Progress reports come from
///   the calling thread, at the start and end of each iteration.
///   [`SearchOptions::detect_cycles`] applies within each subtree;
///   [`SearchOptions::max_stored`] bounds the sweeps that end a search on a finite space with
///   no reachable goal, as in the sequential engine.
/// - **Zero-cost cycles** keep an iteration from ending unless
///   [`SearchOptions::detect_cycles`] is set, as in [`ida_star`](crate::ida_star()); the
///   sequential engine's path check names them, this one only stops at a limit.
/// - **Cost:** the states of the frontier are cloned (some 256 per thread per iteration),
///   with the path to each; below it the search allocates nothing per node. `P`, its states, moves and costs must be
///   shareable between threads.
///
/// ```
/// # #[cfg(feature = "parallel")] {
/// use informed::{ida_star, parallel_ida_star};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<16>::parse(4, 4,
///     "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")?;
/// let parallel = parallel_ida_star(&puzzle).into_solution().expect("solvable");
/// let sequential = ida_star(&puzzle).into_solution().expect("solvable");
/// assert_eq!(parallel.cost, 42);
/// assert_eq!(parallel.moves, sequential.moves);
/// # }
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn parallel_ida_star<P>(problem: &P) -> ResultOf<P>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
{
    parallel_ida_star_with(problem, &SearchOptions::default())
}

/// [`parallel_ida_star()`] with options.
pub fn parallel_ida_star_with<P>(problem: &P, options: &SearchOptions) -> ResultOf<P>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
{
    if let Some(refused) = crate::engines::refused_starts(problem) {
        return refused;
    }
    let search = DepthFirst::new(problem, options, None);
    let limits = WorkerLimits {
        deadline: search.watch.deadline,
        cancel: options.cancel.clone(),
        detect_cycles: search.detects_cycles(),
        shared: SharedLimits {
            generated: AtomicU64::new(0),
            max_generated: options.max_nodes.unwrap_or(u64::MAX),
            halt: AtomicBool::new(false),
        },
    };
    let mut rounds = Shared {
        problem,
        search,
        threads: rayon::current_num_threads().max(1),
        limits,
        overflowed: false,
    };
    let outcome = solve(&mut rounds, problem, options);
    ResultOf::<P> {
        outcome,
        stats: rounds.search.stats,
    }
}

/// A node of the frontier: a subtree to search.
struct Subtree<P: SearchProblem> {
    state: P::State,
    g: P::Cost,
    /// The moves from the start.
    path: Vec<P::Move>,
    /// With cycle detection, the states from the start to this one's parent.
    ancestors: Vec<P::State>,
}

/// The frontier of an iteration, as it is found: the nodes of the next level so far, the least
/// `f` cut off, and the first goal met; with the path to the node being expanded.
struct Frontier<P: SearchProblem> {
    subtrees: Vec<Subtree<P>>,
    least_cut: P::Cost,
    goal: Option<Goal<P>>,
    to_node: Vec<P::Move>,
}

impl<P: SearchProblem> Policy<P> for Frontier<P> {
    #[inline]
    fn cut_off(&mut self, f: P::Cost) {
        self.least_cut = min(self.least_cut, f);
    }

    /// Everything after this goal in move order can wait: it is not needed.
    fn goal(&mut self, path: &[P::Move], cost: P::Cost) -> OnGoal<P::Cost> {
        self.goal = Some(([&self.to_node[..], path].concat(), cost));
        OnGoal::End
    }

    fn too_deep(
        &mut self,
        state: &P::State,
        path: &[P::Move],
        mv: P::Move,
        g: P::Cost,
        above: &[P::State],
    ) {
        self.subtrees.push(Subtree {
            state: state.clone(),
            g,
            path: [&self.to_node[..], path, &[mv]].concat(),
            ancestors: above.to_vec(),
        });
    }
}

/// What a subtree's search found.
struct Report<P: SearchProblem> {
    index: usize,
    /// Its iteration, a goal's cost.
    round: Round<P::Cost, P::Cost>,
    /// The moves below the subtree's state to a goal.
    path: Vec<P::Move>,
    stats: Stats<P::Cost>,
    /// Whether the subtree's search passed a path whose cost passed the cost type.
    overflowed: bool,
}

/// The limits a worker thread applies, taken from the options (which may hold an observer
/// that cannot cross threads), and the count and flag the threads share.
struct WorkerLimits {
    deadline: Option<std::time::Instant>,
    cancel: Option<CancelToken>,
    /// Whether to skip states on the path, as the option or the problem asks (worked out once:
    /// the problem's default answer lists the start's moves).
    detect_cycles: bool,
    shared: SharedLimits,
}

/// Parallel IDA*'s iterations: each finds a frontier on the explicit stack (whose counts and
/// limits are the engine's) and shares out its subtrees among the threads.
struct Shared<'p, P: SearchProblem> {
    problem: &'p P,
    search: DepthFirst<'p, P>,
    threads: usize,
    limits: WorkerLimits,
    /// Whether a subtree's search passed the cost type ([`Rounds::overflowed`]).
    overflowed: bool,
}

impl<'p, P> Rounds<'p, P> for Shared<'p, P>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
{
    type Found = Goal<P>;

    fn round(&mut self, threshold: P::Cost) -> Round<P::Cost, Goal<P>> {
        let frontier = match self.frontier(threshold) {
            Ok(frontier) => frontier,
            Err(round) => return round,
        };
        let shared = &self.limits.shared;
        let generated = self.search.stats.generated;
        shared.generated.store(generated, Ordering::Relaxed);
        let reports = search_subtrees(
            self.problem,
            &frontier.subtrees,
            threshold,
            &self.limits,
            self.threads,
        );
        let mut least_cut = frontier.least_cut;
        let decided = self.decide(reports, &frontier.subtrees, &mut least_cut);
        if let Some(round) = decided.or(frontier.goal.map(Round::Found)) {
            return round;
        }
        let next = threshold_after(threshold, least_cut);
        self.overflowed |= next.is_none() && least_cut < P::Cost::MAX;
        Round::Exhausted(next.map(|next| (next, next)))
    }

    fn parts(&mut self) -> (&mut Stats<P::Cost>, &Watch<'p, P::Cost>) {
        (&mut self.search.stats, &self.search.watch)
    }

    fn overflowed(&self) -> bool {
        self.overflowed || self.search.overflowed
    }
}

impl<P: SearchProblem> Shared<'_, P> {
    /// The frontier of an iteration at `threshold`: the start expanded breadth-first within
    /// it, level by level in move order, until a level holds some 256 nodes per thread (or
    /// 20 levels are done), or a goal turns up; or the round a limit or a fault ends.
    fn frontier(&mut self, threshold: P::Cost) -> Result<Frontier<P>, Round<P::Cost, Goal<P>>> {
        let start = Subtree {
            state: self.problem.start(),
            g: P::Cost::ZERO,
            path: Vec::new(),
            ancestors: Vec::new(),
        };
        let mut frontier = Frontier {
            subtrees: vec![start],
            least_cut: P::Cost::MAX,
            goal: None,
            to_node: Vec::new(),
        };
        // Each node of a level searched one move deep: its children within the threshold
        // make the next level.
        self.search.max_depth = 1;
        for _ in 0..20 {
            if frontier.subtrees.len() >= 256 * self.threads {
                break;
            }
            for node in core::mem::take(&mut frontier.subtrees) {
                let skip = node.path.last().and_then(|&mv| self.problem.inverse(mv));
                self.search.state = node.state;
                self.search.mark_on_path(&node.ancestors);
                frontier.to_node = node.path;
                match self
                    .search
                    .search_below(threshold, node.g, skip, &mut frontier)
                {
                    Ended::Stopped(reason) => return Err(Round::Stopped(reason)),
                    Ended::Invalid(error) => return Err(Round::Invalid(error)),
                    Ended::AtGoal => return Ok(frontier),
                    Ended::Exhausted | Ended::OverBudget => {}
                }
            }
            if frontier.subtrees.is_empty() {
                break;
            }
        }
        Ok(frontier)
    }

    /// What the subtrees' reports decide, read in subtree order: the first goal found or the
    /// first real stop (a later subtree's goal cannot be returned while an earlier one is
    /// unfinished); `None` if every subtree was searched to its end. Adds up their counts, and
    /// lowers `least_cut` to the least `f` they cut off.
    fn decide(
        &mut self,
        mut reports: Vec<Report<P>>,
        subtrees: &[Subtree<P>],
        least_cut: &mut P::Cost,
    ) -> Option<Round<P::Cost, Goal<P>>> {
        reports.sort_by_key(|report| report.index);
        let limits = &self.limits;
        let user_cancel = limits
            .cancel
            .as_ref()
            .is_some_and(CancelToken::is_cancelled);
        let mut decided = None;
        for report in reports {
            let stats = &mut self.search.stats;
            stats.expanded += report.stats.expanded;
            stats.generated += report.stats.generated;
            self.overflowed |= report.overflowed;
            if decided.is_some() {
                continue;
            }
            decided = match report.round {
                Round::Found(cost) => {
                    let mut moves = subtrees[report.index].path.clone();
                    moves.extend(report.path);
                    Some(Round::Found((moves, cost)))
                }
                Round::Exhausted(next) => {
                    *least_cut = min(*least_cut, next.map_or(P::Cost::MAX, |(next, _)| next));
                    None
                }
                // A subtree given up because an earlier one succeeded is no stop, nor is one
                // halted because another thread reached a limit (that thread reports it).
                Round::Stopped(StopReason::Cancelled) if !user_cancel => None,
                Round::Stopped(reason) => Some(Round::Stopped(reason)),
                Round::Invalid(error) => Some(Round::Invalid(error)),
            };
        }
        if decided.is_none() && limits.shared.halt.load(Ordering::Relaxed) {
            // A thread stopped at the shared node limit after the subtree that decides.
            decided = Some(Round::Stopped(StopReason::NodeLimit));
        }
        decided
    }
}

/// Searches `subtree`, the `index`th, by `search`'s recursion (which skips the subtree's
/// ancestors with cycle detection), abandoned if a goal is found in one before it (`best`).
fn recurse<'p, P: SearchProblem, const CYCLES: bool>(
    mut search: Recursive<'p, P, CYCLES>,
    problem: &P,
    subtree: &Subtree<P>,
    threshold: P::Cost,
    (best, index): (&'p AtomicUsize, usize),
    limits: &'p WorkerLimits,
) -> Report<P> {
    search.mark_on_path(&subtree.ancestors);
    search.watch_mut().abandon_after(best, index);
    search.watch_mut().share(&limits.shared, 0);
    let skip = subtree.path.last().and_then(|&mv| problem.inverse(mv));
    let round = search.iterate(threshold, subtree.g, skip);
    let stats = core::mem::take(Rounds::parts(&mut search).0);
    search.watch_mut().flush(&stats);
    Report {
        index,
        round,
        path: search.take_path(),
        stats,
        overflowed: search.overflowed(),
    }
}

/// Searches the subtrees on `threads` threads, which take them in order; a thread stops taking
/// (and searching) subtrees that come after one where a goal was found.
fn search_subtrees<P>(
    problem: &P,
    subtrees: &[Subtree<P>],
    threshold: P::Cost,
    limits: &WorkerLimits,
    threads: usize,
) -> Vec<Report<P>>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
{
    let next = AtomicUsize::new(0);
    let best = AtomicUsize::new(usize::MAX);
    let reports = Mutex::new(Vec::new());
    rayon::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|_| {
                let mut options = SearchOptions::new().detect_cycles(limits.detect_cycles);
                options.deadline = limits.deadline;
                options.cancel.clone_from(&limits.cancel);
                options.check_path = false;
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(subtree) = subtrees.get(index) else {
                        break;
                    };
                    if best.load(Ordering::Relaxed) < index
                        || limits.shared.halt.load(Ordering::Relaxed)
                    {
                        break;
                    }
                    let (state, at) = (subtree.state.clone(), (&best, index));
                    let report = if limits.detect_cycles {
                        let search = Recursive::<P, true>::new(problem, state, &options);
                        recurse(search, problem, subtree, threshold, at, limits)
                    } else {
                        let search = Recursive::<P, false>::new(problem, state, &options);
                        recurse(search, problem, subtree, threshold, at, limits)
                    };
                    match report.round {
                        Round::Found(_) => {
                            best.fetch_min(index, Ordering::Relaxed);
                        }
                        // A limit, or a fault of the problem, stops every thread.
                        Round::Stopped(reason) if reason != StopReason::Cancelled => {
                            limits.shared.halt.store(true, Ordering::Relaxed);
                        }
                        Round::Invalid(_) => limits.shared.halt.store(true, Ordering::Relaxed),
                        Round::Stopped(_) | Round::Exhausted(_) => {}
                    }
                    if let Ok(mut reports) = reports.lock() {
                        reports.push(report);
                    }
                }
            });
        }
    });
    reports
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
