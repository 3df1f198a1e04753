//! Parallel IDA*: each iteration's search split below a frontier of nodes, on a rayon pool.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::cost::{min, Cost};
use crate::engines::ida_star::{
    deepen, found_by_ida, threshold_after, Iteration, Recursive, Round, Rounds,
};
use crate::limits::{SharedLimits, Watch};
use crate::options::{CancelToken, SearchOptions, StopReason};
use crate::problem::{each_child, MoveBuffer, SearchProblem};
use crate::solution::{solved_at_start, ProblemError, ResultOf, Stats};

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
///   engine, on every thread (the calling thread checks them while it builds the frontier,
///   too); a limit reached on one thread stops them all. The threads share one count of
///   generated nodes, from which each claims a run of at most 4,096 nodes before it generates
///   them, so the node limit holds to a node or so per thread. Progress reports come from
///   the calling thread, at the start and end of each iteration.
///   [`SearchOptions::detect_cycles`] applies within each subtree;
///   [`SearchOptions::max_stored`] bounds the sweeps that end a search on a finite space with
///   no reachable goal, as in the sequential engine.
/// - **Zero-cost cycles** keep an iteration from ending unless
///   [`SearchOptions::detect_cycles`] is set, as in [`ida_star`](crate::ida_star()); the
///   sequential engine's path check names them, this one only stops at a limit.
/// - **Cost:** the states of the frontier are cloned (some 256 per thread per iteration);
///   below it the search allocates nothing per node. `P`, its states, moves and costs must be
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
    let mut stats = Stats::default();
    let outcome = match super::not_one_start(problem) {
        Some(outcome) => outcome,
        None => run(problem, options, &mut stats),
    };
    ResultOf::<P> { outcome, stats }
}

/// A node of the frontier: a subtree to search.
struct Subtree<S, M, C> {
    state: S,
    g: C,
    path: Vec<M>,
    skip: Option<M>,
    /// With cycle detection, the states from the start to this one's parent.
    ancestors: Vec<S>,
}

/// The frontier of one iteration, and the first goal met while building it, if any: its
/// position in the frontier's order, its moves and its cost.
struct Frontier<S, M, C> {
    subtrees: Vec<Subtree<S, M, C>>,
    goal: Option<(usize, Vec<M>, C)>,
}

/// The frontier of an iteration over the problem `P`.
type FrontierOf<P> =
    Frontier<<P as SearchProblem>::State, <P as SearchProblem>::Move, <P as SearchProblem>::Cost>;

/// How an iteration ended: a solution (its moves and cost), or a stop.
type Decision<M, C> = Result<(Vec<M>, C), Halt>;

/// Why an iteration ended before it could finish.
enum Halt {
    Stopped(StopReason),
    Invalid(ProblemError),
}

/// What a subtree's search found.
struct Report<M, C> {
    index: usize,
    iteration: Iteration<C>,
    path: Vec<M>,
    stats: Stats<C>,
    /// Whether the subtree's search passed a path whose cost passed the cost type.
    overflowed: bool,
}

/// The limits a worker thread applies, taken from the options (which may hold an observer
/// that cannot cross threads), and the count and flag the threads share.
struct WorkerLimits {
    deadline: Option<Instant>,
    cancel: Option<CancelToken>,
    /// Whether to skip states on the path, as the option or the problem asks (worked out once:
    /// the problem's default answer lists the start's moves).
    detect_cycles: bool,
    shared: SharedLimits,
}

impl WorkerLimits {
    fn new<P: SearchProblem>(
        problem: &P,
        deadline: Option<Instant>,
        options: &SearchOptions,
    ) -> Self {
        WorkerLimits {
            deadline,
            cancel: options.cancel.clone(),
            detect_cycles: options.detects_cycles(problem),
            shared: SharedLimits {
                generated: AtomicU64::new(0),
                max_generated: options.max_nodes.unwrap_or(u64::MAX),
                halt: AtomicBool::new(false),
            },
        }
    }
}

fn run<P>(problem: &P, options: &SearchOptions, stats: &mut Stats<P::Cost>) -> crate::OutcomeOf<P>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
{
    let watch = Watch::new(options);
    let mut rounds = Shared {
        problem,
        start: problem.start(),
        threads: rayon::current_num_threads().max(1),
        limits: WorkerLimits::new(problem, watch.deadline, options),
        stats,
        watch,
        overflowed: false,
    };
    deepen(
        &mut rounds,
        problem,
        options,
        || solved_at_start(problem, problem.start(), options),
        |(moves, cost)| found_by_ida(problem, options, (cost, moves)),
    )
}

/// Parallel IDA*'s iterations: each shares out the subtrees of a frontier among the threads.
struct Shared<'s, 'p, P: SearchProblem> {
    problem: &'p P,
    start: P::State,
    threads: usize,
    limits: WorkerLimits,
    stats: &'s mut Stats<P::Cost>,
    watch: Watch<'p, P::Cost>,
    /// Whether a path passed the cost type ([`Rounds::overflowed`]).
    overflowed: bool,
}

impl<'p, P> Rounds<'p, P> for Shared<'_, 'p, P>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
{
    type Found = (Vec<P::Move>, P::Cost);

    fn round(&mut self, threshold: P::Cost) -> Round<P::Cost, Self::Found> {
        let (problem, limits) = (self.problem, &self.limits);
        let mut least_f = P::Cost::MAX;
        let frontier = match frontier(
            problem,
            &self.start,
            threshold,
            256 * self.threads,
            limits.detect_cycles,
            self.stats,
            &mut self.watch,
            &mut least_f,
            &mut self.overflowed,
        ) {
            Ok(frontier) => frontier,
            Err(Halt::Stopped(reason)) => return Round::Stopped(reason),
            Err(Halt::Invalid(error)) => return Round::Invalid(error),
        };
        limits
            .shared
            .generated
            .store(self.stats.generated, Ordering::Relaxed);
        let searched = frontier
            .goal
            .as_ref()
            .map_or(frontier.subtrees.len(), |g| g.0);
        let reports = search_subtrees(
            problem,
            &frontier.subtrees[..searched],
            threshold,
            limits,
            self.threads,
        );
        self.overflowed |= reports.iter().any(|report| report.overflowed);
        let decided = decide::<P>(reports, &frontier, limits, self.stats, &mut least_f);
        match decided.or(frontier.goal.map(|(_, moves, cost)| Ok((moves, cost)))) {
            Some(Ok(found)) => Round::Found(found),
            Some(Err(Halt::Stopped(reason))) => Round::Stopped(reason),
            Some(Err(Halt::Invalid(error))) => Round::Invalid(error),
            None => {
                let next = threshold_after(threshold, least_f);
                self.overflowed |= next.is_none() && least_f < P::Cost::MAX;
                Round::Exhausted(next.map(|next| (next, next)))
            }
        }
    }

    fn parts(&mut self) -> (&mut Stats<P::Cost>, &Watch<'p, P::Cost>) {
        (self.stats, &self.watch)
    }

    fn overflowed(&self) -> bool {
        self.overflowed
    }
}

/// What the subtrees' reports decide, read in subtree order: the first goal found or the
/// first real stop (a later subtree's goal cannot be returned while an earlier one is
/// unfinished); `None` if every subtree was searched to its end. Adds up their counts, and
/// lowers `least_f` to the least `f` they cut off.
fn decide<P: SearchProblem>(
    mut reports: Vec<Report<P::Move, P::Cost>>,
    frontier: &FrontierOf<P>,
    limits: &WorkerLimits,
    stats: &mut Stats<P::Cost>,
    least_f: &mut P::Cost,
) -> Option<Decision<P::Move, P::Cost>> {
    reports.sort_by_key(|report| report.index);
    let mut decided: Option<Decision<P::Move, P::Cost>> = None;
    for report in reports {
        stats.expanded += report.stats.expanded;
        stats.generated += report.stats.generated;
        match report.iteration {
            Iteration::Found(cost) if decided.is_none() => {
                let mut moves = frontier.subtrees[report.index].path.clone();
                moves.extend(report.path);
                decided = Some(Ok((moves, cost)));
            }
            Iteration::Exhausted(next) => {
                *least_f = min(*least_f, next.unwrap_or(P::Cost::MAX));
            }
            Iteration::Stopped(reason) if decided.is_none() => {
                // A subtree given up because an earlier one succeeded is no stop, nor is one
                // halted because another thread reached a limit (that thread reports it).
                let user_cancel = limits
                    .cancel
                    .as_ref()
                    .is_some_and(CancelToken::is_cancelled);
                if reason != StopReason::Cancelled || user_cancel {
                    decided = Some(Err(Halt::Stopped(reason)));
                }
            }
            Iteration::Invalid(error) if decided.is_none() => {
                decided = Some(Err(Halt::Invalid(error)));
            }
            Iteration::Found(_) | Iteration::Stopped(_) | Iteration::Invalid(_) => {}
        }
    }
    if decided.is_none() && limits.shared.halt.load(Ordering::Relaxed) {
        // A thread stopped at the shared node limit after the subtree that decides.
        decided = Some(Err(Halt::Stopped(StopReason::NodeLimit)));
    }
    decided
}

/// Expands the start breadth-first within `threshold`, level by level in move order, until a
/// level holds at least `wanted` nodes (or 20 levels are done), or a goal turns up; checking
/// the limits at every expansion. The least `f` cut off goes to `least_f`; whether a child's
/// `f` passed the cost type, to `overflowed`.
#[allow(clippy::too_many_arguments)]
fn frontier<P: SearchProblem>(
    problem: &P,
    start: &P::State,
    threshold: P::Cost,
    wanted: usize,
    detect_cycles: bool,
    stats: &mut Stats<P::Cost>,
    watch: &mut Watch<'_, P::Cost>,
    least_f: &mut P::Cost,
    overflowed: &mut bool,
) -> Result<FrontierOf<P>, Halt> {
    let mut level = vec![Subtree {
        state: start.clone(),
        g: P::Cost::ZERO,
        path: Vec::new(),
        skip: None,
        ancestors: Vec::new(),
    }];
    let mut moves = MoveBuffer::new();
    for _ in 0..20 {
        if level.len() >= wanted {
            break;
        }
        let mut next = Vec::new();
        for node in &level {
            if let Some(reason) = watch.check(stats, node.path.len(), 0) {
                return Err(Halt::Stopped(reason));
            }
            stats.expanded += 1;
            // How the children's loop ended early: a fault of the problem, or a goal.
            let mut exit = None;
            let _ = each_child(
                problem,
                &node.state,
                node.skip,
                &mut moves,
                |child, mv, cost| {
                    if !cost.is_valid() {
                        let cost = cost.value();
                        exit = Some(Err(Halt::Invalid(ProblemError::InvalidCost { cost })));
                        return ControlFlow::Break(());
                    }
                    stats.generated += 1;
                    if detect_cycles && (child == node.state || node.ancestors.contains(&child)) {
                        return ControlFlow::Continue(()); // already on the path: pruned, as IDA* does
                    }
                    let h = problem.heuristic(&child);
                    if !h.is_valid() {
                        let heuristic = h.value();
                        exit = Some(Err(Halt::Invalid(ProblemError::InvalidHeuristic {
                            heuristic,
                        })));
                        return ControlFlow::Break(());
                    }
                    let g = node.g.saturating_add(cost);
                    let f = g.saturating_add(h);
                    if f > threshold {
                        if f == P::Cost::MAX {
                            // Finite costs and heuristic whose sum reaches MAX.
                            *overflowed |= cost < P::Cost::MAX && h < P::Cost::MAX;
                        } else {
                            *least_f = min(*least_f, f);
                        }
                        return ControlFlow::Continue(());
                    }
                    let mut path = node.path.clone();
                    path.push(mv);
                    if problem.is_goal(&child) {
                        exit = Some(Ok((path, g)));
                        return ControlFlow::Break(());
                    }
                    let ancestors = if detect_cycles {
                        let mut ancestors = node.ancestors.clone();
                        ancestors.push(node.state.clone());
                        ancestors
                    } else {
                        Vec::new()
                    };
                    next.push(Subtree {
                        state: child,
                        g,
                        path,
                        skip: problem.inverse(mv),
                        ancestors,
                    });
                    ControlFlow::Continue(())
                },
            );
            match exit {
                None => {}
                Some(Err(halt)) => return Err(halt),
                Some(Ok((path, g))) => {
                    // Everything after this goal in move order can wait: it is not needed.
                    let position = next.len();
                    return Ok(Frontier {
                        subtrees: next,
                        goal: Some((position, path, g)),
                    });
                }
            }
        }
        if next.is_empty() {
            return Ok(Frontier {
                subtrees: next,
                goal: None,
            });
        }
        level = next;
    }
    Ok(Frontier {
        subtrees: level,
        goal: None,
    })
}

/// What searching a subtree gives: the iteration, the moves below the subtree's state, and the
/// counts.
type Searched<M, C> = (Iteration<C>, Vec<M>, Stats<C>, bool);

/// Searches `subtree`, the `index`th, by `search`'s recursion (which skips the subtree's
/// ancestors with cycle detection), abandoned if a goal is found in one before it (`best`):
/// the iteration, the moves below the subtree's state, the counts, and whether a path passed
/// the cost type.
fn recurse<'p, P: SearchProblem, const CYCLES: bool>(
    mut search: Recursive<'p, P, CYCLES>,
    subtree: &Subtree<P::State, P::Move, P::Cost>,
    threshold: P::Cost,
    (best, index): (&'p AtomicUsize, usize),
    limits: &'p WorkerLimits,
) -> Searched<P::Move, P::Cost> {
    search.mark_on_path(&subtree.ancestors);
    search.watch_mut().abandon_after(best, index);
    search.watch_mut().share(&limits.shared, 0);
    let iteration = search.iterate(threshold, subtree.g, subtree.skip);
    let stats = core::mem::take(Rounds::parts(&mut search).0);
    search.watch_mut().flush(&stats);
    (iteration, search.take_path(), stats, search.overflowed())
}

/// Searches the subtrees on `threads` threads, which take them in order; a thread stops taking
/// (and searching) subtrees that come after one where a goal was found.
fn search_subtrees<P>(
    problem: &P,
    subtrees: &[Subtree<P::State, P::Move, P::Cost>],
    threshold: P::Cost,
    limits: &WorkerLimits,
    threads: usize,
) -> Vec<Report<P::Move, P::Cost>>
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
                    let state = subtree.state.clone();
                    let at = (&best, index);
                    let (iteration, path, stats, overflowed) = if limits.detect_cycles {
                        let search = Recursive::<P, true>::new(problem, state, &options);
                        recurse(search, subtree, threshold, at, limits)
                    } else {
                        let search = Recursive::<P, false>::new(problem, state, &options);
                        recurse(search, subtree, threshold, at, limits)
                    };
                    match iteration {
                        Iteration::Found(_) => {
                            best.fetch_min(index, Ordering::Relaxed);
                        }
                        // A limit, or a fault of the problem, stops every thread.
                        Iteration::Stopped(reason) if reason != StopReason::Cancelled => {
                            limits.shared.halt.store(true, Ordering::Relaxed);
                        }
                        Iteration::Invalid(_) => {
                            limits.shared.halt.store(true, Ordering::Relaxed);
                        }
                        Iteration::Stopped(_) | Iteration::Exhausted(_) => {}
                    }
                    let report = Report {
                        index,
                        iteration,
                        path,
                        stats,
                        overflowed,
                    };
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
