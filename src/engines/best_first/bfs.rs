//! Breadth-first search: to one goal, or over a whole finite space into a [`DistanceTable`].

use core::ops::ControlFlow;

use crate::cost::Cost;
use crate::engines::best_first::search::Halt;
use crate::engines::node_table::{FIRST_CAPACITY, Node, NodeTable, ROOT, clash, numbers_states};
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::{MoveBuffer, SearchProblem, each_child};
use crate::solution::{Outcome, ProblemError, Promise, ResultOf, SearchResult, Stats, solved};

/// Solves `problem` with breadth-first search, with default options.
///
/// BFS visits states in order of the number of moves from the start, storing each once with a
/// link to the state it was first reached from, and stops as soon as it generates a goal.
///
/// - **What it returns:** a solution with the fewest moves (optimal for unit costs; with other
///   costs, [`Solution::cost`](crate::Solution::cost) is the cost of that fewest-move path).
///   Among the shortest solutions it returns the lexicographically smallest in the order
///   [`SearchProblem::moves`] yields them. It ignores the heuristic.
/// - **When to use it:** small spaces, unit costs, no heuristic at hand, or as the exhaustive
///   reference other engines are tested against.
/// - **Time and memory:** O(s) for the s states within the solution depth, each stored once.
/// - **No solution:** in a finite space, the search ends with [`Outcome::NoSolution`] once
///   every reachable state is visited.
///
/// Reference: E. F. Moore, "The shortest path through a maze", *Proc. Int. Symp. on the
/// Theory of Switching* (1959) 285–292.
///
/// ```
/// use informed::bfs;
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
/// assert_eq!(bfs(&puzzle).solution().map(|s| s.len()), Some(4));
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn bfs<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    bfs_with(problem, &SearchOptions::default())
}

/// [`bfs()`] with options.
pub fn bfs_with<P: SearchProblem>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    let mut stats = Stats::default();
    if options.bound_admits_nothing() {
        let outcome = Outcome::stopped_by(StopReason::CostBound);
        return ResultOf::<P> { outcome, stats };
    }
    let mut table = NodeTable::for_states(FIRST_CAPACITY, numbers_states(problem));
    let outcome = search(problem, options, &mut table, &mut stats);
    stats.stored = table.len();
    ResultOf::<P> { outcome, stats }
}

fn search<P: SearchProblem>(
    problem: &P,
    options: &SearchOptions,
    table: &mut NodeTable<P::State, P::Move, P::Cost>,
    stats: &mut Stats<P::Cost>,
) -> crate::OutcomeOf<P> {
    let starts = problem.starts();
    if let Some(start) = starts.iter().find(|start| problem.is_goal(start)).cloned() {
        let zero = Some(P::Cost::ZERO);
        return solved(problem, start, Vec::new(), zero, options, Promise::AnyPath);
    }
    let mut watch = Watch::new(options);
    let stopped = Outcome::stopped_by;
    // With a cost bound, a state reached again more cheaply is searched again from there, so
    // that a path within the bound is found whenever there is one (with unit costs, never).
    let bounded = watch.cost_bound < P::Cost::MAX;
    // Whether a child was left out for costing more than the bound; whether a state already
    // expanded was reached again more cheaply (with a bound), so that the states below it
    // keep costs through its old path and the solution's is added up anew.
    let (mut beyond_bound, mut stale, mut overflowed) = (false, false, false);
    if let Err(halt) = store_starts(problem, table, starts, watch.max_stored) {
        return halt.into_outcome();
    }
    let mut moves = MoveBuffer::new();
    // The table's arena is the FIFO queue: states are stored in the order they are reached.
    let mut next = 0;
    while next < table.len() {
        let node = &table.nodes[next];
        let (state, g) = (node.state.clone(), node.g);
        let skip = node.arrived_by.and_then(|mv| problem.inverse(mv));
        if let Some(reason) = watch.check(stats, table.len() - next, table.len()) {
            return stopped(reason);
        }
        stats.expanded += 1;
        moves.clear();
        let mut exit = None;
        let _ = each_child(problem, &state, skip, &mut moves, |child, mv, cost| {
            if !cost.is_valid() {
                let cost = cost.value();
                exit = Some(Outcome::invalid(ProblemError::InvalidCost { cost }));
                return ControlFlow::Break(());
            }
            let child_g = g.saturating_add(cost);
            if child_g >= P::Cost::MAX {
                // A sum of finite costs that reaches MAX (a move of cost MAX is no move).
                overflowed |= cost < P::Cost::MAX;
                return ControlFlow::Continue(()); // a path whose cost reaches MAX is no path
            }
            if child_g > watch.cost_bound {
                beyond_bound = true;
                return ControlFlow::Continue(());
            }
            stats.generated += 1;
            let carried = P::state_hash(&child);
            let found = table.locate(&child, carried, || problem.state_index(&child));
            let Ok((hash, known)) = found else {
                exit = found.err().map(|n| Outcome::invalid(clash(n)));
                return ControlFlow::Break(());
            };
            if let Some(known) = known {
                if bounded && child_g < table.nodes[known].g {
                    match relink(table, hash, known, next, (mv, child_g), watch.max_stored) {
                        Ok(requeued) => stale |= requeued,
                        Err(reason) => {
                            exit = Some(stopped(reason));
                            return ControlFlow::Break(());
                        }
                    }
                }
                return ControlFlow::Continue(());
            }
            let is_goal = problem.is_goal(&child);
            let node = Node::new(child, next as u32, Some(mv), child_g);
            let index = match store::<P>(table, hash, node, watch.max_stored) {
                Ok(index) => index,
                Err(halt) => {
                    exit = Some(halt.into_outcome());
                    return ControlFlow::Break(());
                }
            };
            if is_goal {
                let (root, path) = table.path_to(index);
                let start = table.nodes[root].state.clone();
                let cost = (!stale).then_some(child_g);
                exit = Some(solved(
                    problem,
                    start,
                    path,
                    cost,
                    options,
                    Promise::AnyPath,
                ));
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        if let Some(exit) = exit {
            return exit;
        }
        next += 1;
    }
    if beyond_bound {
        stopped(StopReason::CostBound)
    } else if overflowed {
        stopped(StopReason::CostOverflow)
    } else {
        Outcome::NoSolution
    }
}

/// Links the stored state at `known`, reached again more cheaply from the node at `parent`
/// by `mv` at cost `g`, to that path; a state already expanded is queued again, at the end
/// (`Ok(true)`).
fn relink<S: Eq + core::hash::Hash + Clone, M: Copy, C: Cost>(
    table: &mut NodeTable<S, M, C>,
    hash: u32,
    known: usize,
    parent: usize,
    (mv, g): (M, C),
    max_stored: usize,
) -> Result<bool, StopReason> {
    let mut at = known;
    let expanded = known <= parent;
    if expanded {
        if table.is_full(max_stored) {
            return Err(StopReason::MemoryLimit);
        }
        at = table.requeue(hash, known);
    }
    let node = &mut table.nodes[at];
    node.relink(parent as u32, Some(mv), g);
    Ok(expanded)
}

/// Stores a child not yet stored, filed under `hash`, unless the table is full; its index.
// Inlined into the loop over the children, as `NodeTable::insert` is into it: left to the
// inliner, it was called out of line once `insert` grew (`vs_pathfinding bfs` 5% slower).
#[allow(clippy::inline_always)]
#[inline(always)]
fn store<P: SearchProblem>(
    table: &mut NodeTable<P::State, P::Move, P::Cost>,
    hash: u32,
    node: Node<P::State, P::Move, P::Cost>,
    max_stored: usize,
) -> Result<usize, Halt> {
    if table.is_full(max_stored) {
        return Err(StopReason::MemoryLimit.into());
    }
    Ok(table.insert(hash, node))
}

/// Stores the starts, each once, as the roots of the search.
fn store_starts<P: SearchProblem>(
    problem: &P,
    table: &mut NodeTable<P::State, P::Move, P::Cost>,
    starts: Vec<P::State>,
    max_stored: usize,
) -> Result<(), Halt> {
    for start in starts {
        let (hash, known) = table
            .locate(&start, P::state_hash(&start), || {
                problem.state_index(&start)
            })
            .map_err(|number| Halt::Invalid(clash(number)))?;
        if known.is_some() {
            continue;
        }
        let root = Node::new(start, ROOT, None, P::Cost::ZERO);
        store::<P>(table, hash, root, max_stored)?;
    }
    Ok(())
}

/// The number of moves from one origin state to every state reachable from it, over a whole
/// finite space whose states are ranked onto `0..size`, with the move that first reached each.
///
/// Built by [`distance_table`]. Searching backwards from a goal gives, for every state, its
/// distance to the goal and (for a problem whose moves invert each other) a shortest path to
/// it with [`DistanceTable::path_to_origin`]: the way HDU 1043 answers many 8-puzzles at once.
pub struct DistanceTable<M, R> {
    distances: Vec<u32>,
    reached_by: Vec<Option<M>>,
    rank: R,
    reachable: usize,
}

const UNREACHED: u32 = u32::MAX;

/// Runs a breadth-first search from `problem.start()` over every reachable state and records,
/// at index `rank(state)`, its distance in moves and the move that first reached it.
///
/// `rank` must map distinct states to distinct indices in `0..size`: a rank outside them ends
/// it with [`ProblemError::Rank`], and a table too large for the memory left with
/// [`StopReason::MemoryLimit`]. A permutation puzzle
/// uses [`permutation::rank`](crate::permutation::rank), as
/// [`SlidingPuzzle::rank`](crate::puzzles::SlidingPuzzle::rank) does. The goal test and
/// heuristic are not used. Time O(s·b) for s reachable states and b moves per state; memory
/// `size` entries of 4 bytes plus one move each, and a queue of states.
///
/// ```
/// use informed::distance_table;
/// use informed::puzzles::{sliding_tile, SlidingPuzzle};
///
/// // Every 8-puzzle state's distance from the goal 1 2 3 / 4 5 6 / 7 8 0.
/// let goal = sliding_tile::blank_last::<9>();
/// let puzzle = SlidingPuzzle::<9>::new(3, 3, &goal, &goal)?;
/// let table = distance_table(&puzzle, puzzle.layout_count(), |board| puzzle.rank(board))
///     .into_solution()
///     .expect("the ranks of the 8-puzzle fit its table");
/// assert_eq!(table.reachable(), 181_440);
/// assert_eq!(table.max_distance(), 31);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn distance_table<P, R>(
    problem: &P,
    size: usize,
    rank: R,
) -> SearchResult<DistanceTable<P::Move, R>, u32>
where
    P: SearchProblem,
    R: Fn(&P::State) -> usize,
{
    let mut stats = Stats::default();
    let outcome = match tabulate(problem, size, rank, &mut stats) {
        Ok(table) => Outcome::Solved(table),
        Err(halt) => halt.into_outcome(),
    };
    SearchResult { outcome, stats }
}

/// The breadth-first search of [`distance_table`], counted in `stats`: the table, or why
/// there is none (no memory for `size` entries, a rank outside them).
fn tabulate<P, R>(
    problem: &P,
    size: usize,
    rank: R,
    stats: &mut Stats<u32>,
) -> Result<DistanceTable<P::Move, R>, Halt>
where
    P: SearchProblem,
    R: Fn(&P::State) -> usize,
{
    let too_large = |_| Halt::Stopped(StopReason::MemoryLimit);
    let mut distances = Vec::new();
    distances.try_reserve_exact(size).map_err(too_large)?;
    distances.resize(size, UNREACHED);
    let mut reached_by = Vec::new();
    reached_by.try_reserve_exact(size).map_err(too_large)?;
    reached_by.resize(size, None);
    let checked_rank = |state: &P::State| {
        let r = rank(state);
        if r < size {
            Ok(r)
        } else {
            Err(Halt::Invalid(ProblemError::Rank { rank: r, size }))
        }
    };
    let start = problem.start();
    let start_rank = checked_rank(&start)?;
    distances[start_rank] = 0;
    // Each state is queued with its rank, so that it is ranked once, when first reached.
    let mut queue = vec![(start, start_rank)];
    let mut moves = MoveBuffer::new();
    let mut next = 0;
    while let Some((state, here)) = queue.get(next) {
        let (state, here) = (state.clone(), *here);
        let distance = distances[here] + 1;
        let skip = reached_by[here].and_then(|mv| problem.inverse(mv));
        moves.clear();
        problem.moves(&state, &mut moves);
        stats.expanded += 1;
        for &(mv, _) in &moves {
            if skip == Some(mv) {
                continue;
            }
            let mut child = state.clone();
            problem.apply(&mut child, mv);
            stats.generated += 1;
            let there = checked_rank(&child)?;
            if distances[there] == UNREACHED {
                distances[there] = distance;
                reached_by[there] = Some(mv);
                queue.push((child, there));
            }
        }
        next += 1;
    }
    stats.stored = queue.len();
    Ok(DistanceTable {
        distances,
        reached_by,
        rank,
        reachable: queue.len(),
    })
}
impl<M: Copy, R> DistanceTable<M, R> {
    /// The number of moves from the origin to `state`, or `None` if it cannot be reached.
    pub fn distance<S>(&self, state: &S) -> Option<u32>
    where
        R: Fn(&S) -> usize,
    {
        self.distances
            .get((self.rank)(state))
            .copied()
            .filter(|&d| d != UNREACHED)
    }

    /// A shortest sequence of moves from `state` back to the origin, or `None` if `state` is
    /// not reachable or some move on the way has no [`inverse`](SearchProblem::inverse).
    pub fn path_to_origin<P>(&self, problem: &P, state: &P::State) -> Option<Vec<M>>
    where
        P: SearchProblem<Move = M>,
        R: Fn(&P::State) -> usize,
    {
        let mut state = state.clone();
        let mut remaining = self.distance(&state)?;
        let mut path = Vec::with_capacity(remaining as usize);
        while remaining > 0 {
            let back = problem.inverse((*self.reached_by.get((self.rank)(&state))?)?)?;
            problem.apply(&mut state, back);
            path.push(back);
            remaining -= 1;
        }
        Some(path)
    }

    /// The number of states reachable from the origin, the origin included.
    pub fn reachable(&self) -> usize {
        self.reachable
    }

    /// The largest distance of a reachable state.
    pub fn max_distance(&self) -> u32 {
        self.distances
            .iter()
            .copied()
            .filter(|&d| d != UNREACHED)
            .max()
            .unwrap_or(0)
    }

    /// How many states lie at each distance from the origin, from distance 0 up.
    pub fn layer_counts(&self) -> Vec<usize> {
        let mut counts = vec![0; self.max_distance() as usize + 1];
        for &d in &self.distances {
            if d != UNREACHED {
                counts[d as usize] += 1;
            }
        }
        counts
    }
}
