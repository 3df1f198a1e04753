//! Parallel IDA*: each iteration's search split below a frontier of nodes, on a rayon pool.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use num_traits::{Bounded, Saturating, Zero};

use crate::engines::ida_star::{Iteration, Iterations, Recursive, Search};
use crate::limits::{widen, CancelToken, ProgressEvent, StopReason, Watch};
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{solution_from_moves, Outcome, ResultOf, SearchOptions, Stats};

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
///   engine; the node limit is checked per subtree against what was left of it when the
///   iteration began, so the total can exceed it by as many subtrees as threads. Progress
///   reports come from the calling thread, at the start and end of each iteration.
///   [`SearchOptions::detect_cycles`] applies within each subtree.
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
    let outcome = run(problem, options, &mut stats);
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

/// How an iteration ended: a solution (moves and cost), or a stop.
type Decision<M, C> = Result<(Vec<M>, C), StopReason>;

/// What a subtree's search found.
struct Report<M, C> {
    index: usize,
    iteration: Iteration<C>,
    path: Vec<M>,
    stats: Stats<C>,
}

/// The limits a worker thread applies, taken from the options (which may hold an observer
/// that cannot cross threads).
#[derive(Clone)]
struct WorkerLimits {
    deadline: Option<Instant>,
    cancel: Option<CancelToken>,
    max_nodes: Option<u64>,
    detect_cycles: bool,
}

fn run<P>(problem: &P, options: &SearchOptions, stats: &mut Stats<P::Cost>) -> crate::OutcomeOf<P>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
{
    let watch: Watch<'_, P::Cost> = Watch::new(options);
    let deadline = watch.deadline;
    let start = problem.start();
    if problem.is_goal(&start) {
        let solution = solution_from_moves(problem, Vec::new(), P::Cost::zero(), options);
        return Outcome::Solved(solution);
    }
    let threads = rayon::current_num_threads().max(1);
    let mut threshold = problem.heuristic(&start);
    let mut completed_threshold = None;
    let stopped = |reason, completed_threshold| Outcome::Stopped {
        reason,
        completed_threshold,
    };
    while threshold != P::Cost::max_value() {
        if threshold > watch.cost_bound {
            return stopped(StopReason::CostBound, completed_threshold);
        }
        stats.thresholds.push(threshold);
        let event = ProgressEvent::IterationStarted {
            threshold: widen(threshold),
        };
        watch.report(event, stats, 0, 0);
        let mut next_threshold = P::Cost::max_value();
        let frontier = frontier(
            problem,
            &start,
            threshold,
            256 * threads,
            options.detect_cycles,
            stats,
            &mut next_threshold,
        );
        let limits = WorkerLimits {
            deadline,
            cancel: options.cancel.clone(),
            max_nodes: options
                .max_nodes
                .map(|max| max.saturating_sub(stats.generated)),
            detect_cycles: options.detect_cycles,
        };
        let searched = frontier
            .goal
            .as_ref()
            .map_or(frontier.subtrees.len(), |g| g.0);
        let mut reports = search_subtrees(
            problem,
            &frontier.subtrees[..searched],
            threshold,
            &limits,
            threads,
        );
        reports.sort_by_key(|report| report.index);
        // In subtree order, the first goal found or the first real stop decides: a later
        // subtree's goal cannot be returned while an earlier one is unfinished.
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
                    next_threshold = next_threshold.min(next.unwrap_or(P::Cost::max_value()));
                }
                Iteration::Stopped(reason) if decided.is_none() => {
                    // A subtree given up because an earlier one succeeded is no stop.
                    let abandoned = reason == StopReason::Cancelled
                        && !limits
                            .cancel
                            .as_ref()
                            .is_some_and(CancelToken::is_cancelled);
                    if !abandoned {
                        decided = Some(Err(reason));
                    }
                }
                Iteration::Found(_) | Iteration::Stopped(_) => {}
            }
        }
        let decided = decided.or(frontier.goal.map(|(_, moves, cost)| Ok((moves, cost))));
        match decided {
            Some(Ok((moves, cost))) => {
                return Outcome::Solved(solution_from_moves(problem, moves, cost, options));
            }
            Some(Err(reason)) => return stopped(reason, completed_threshold),
            None => {}
        }
        completed_threshold = Some(threshold);
        let event = ProgressEvent::IterationFinished {
            threshold: widen(threshold),
        };
        watch.report(event, stats, 0, 0);
        threshold = next_threshold;
    }
    Outcome::NoSolution
}

/// Expands the start breadth-first within `threshold`, level by level in move order, until a
/// level holds at least `wanted` nodes (or 20 levels are done), or a goal turns up.
fn frontier<P: SearchProblem>(
    problem: &P,
    start: &P::State,
    threshold: P::Cost,
    wanted: usize,
    detect_cycles: bool,
    stats: &mut Stats<P::Cost>,
    next_threshold: &mut P::Cost,
) -> Frontier<P::State, P::Move, P::Cost> {
    let mut level = vec![Subtree {
        state: start.clone(),
        g: P::Cost::zero(),
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
            stats.expanded += 1;
            moves.clear();
            problem.moves(&node.state, &mut moves);
            for &(mv, cost) in &moves {
                if node.skip == Some(mv) {
                    continue;
                }
                let mut child = node.state.clone();
                problem.apply(&mut child, mv);
                stats.generated += 1;
                if detect_cycles && (child == node.state || node.ancestors.contains(&child)) {
                    continue; // a state already on the path: pruned, as IDA* does
                }
                let g = node.g.saturating_add(cost);
                let f = g.saturating_add(problem.heuristic(&child));
                if f > threshold {
                    if f != P::Cost::max_value() {
                        *next_threshold = (*next_threshold).min(f);
                    }
                    continue;
                }
                let mut path = node.path.clone();
                path.push(mv);
                if problem.is_goal(&child) {
                    // Everything after this goal in move order can wait: it is not needed.
                    let position = next.len();
                    return Frontier {
                        subtrees: next,
                        goal: Some((position, path, g)),
                    };
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
            }
        }
        if next.is_empty() {
            return Frontier {
                subtrees: next,
                goal: None,
            };
        }
        level = next;
    }
    Frontier {
        subtrees: level,
        goal: None,
    }
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
                options.max_nodes = limits.max_nodes;
                options.check_path = false;
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(subtree) = subtrees.get(index) else {
                        break;
                    };
                    if best.load(Ordering::Relaxed) < index {
                        break;
                    }
                    let state = subtree.state.clone();
                    let (iteration, path, stats) = if limits.detect_cycles {
                        let mut search = Search::new(problem, state, &options);
                        search.watch.abandon_after(&best, index);
                        search.mark_on_path(&subtree.ancestors);
                        let iteration = search.iterate(threshold, subtree.g, subtree.skip);
                        let stats = core::mem::take(&mut search.stats);
                        (iteration, search.take_path(), stats)
                    } else {
                        let mut search = Recursive::new(problem, state, &options);
                        search.watch_mut().abandon_after(&best, index);
                        let iteration = search.iterate(threshold, subtree.g, subtree.skip);
                        let stats = core::mem::take(search.parts().0);
                        (iteration, search.take_path(), stats)
                    };
                    if matches!(iteration, Iteration::Found(_)) {
                        best.fetch_min(index, Ordering::Relaxed);
                    }
                    let report = Report {
                        index,
                        iteration,
                        path,
                        stats,
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
