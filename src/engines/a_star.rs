//! A*, with one table of states and parent links.

use core::cmp::Ordering;
use std::collections::BinaryHeap;

use num_traits::{Bounded, Saturating, Zero};

use crate::engines::node_table::{Node, NodeTable};
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{solution_from_moves, Outcome, ResultOf, SearchOptions, Stats};

/// Solves `problem` with A* (Hart, Nilsson and Raphael, 1968), with default options.
///
/// A* expands states in order of `f = g + h`, cheapest first, and stores every state it
/// generates: each once, in one hash table, with a link to the state it was best reached
/// from; the path is rebuilt from those links. Among equal `f` it prefers the deeper state
/// (larger `g`), then the one generated first.
///
/// - **When to use it:** when the space fits in memory and many paths lead to the same
///   states, or when costs vary a lot (where IDA* would need many iterations). For puzzles
///   whose space is too large to store, use [`ida_star`](crate::ida_star).
/// - **Heuristic:** with an admissible heuristic the solution is optimal. A state reached
///   again by a cheaper path is reopened, so a consistent heuristic is not required; with a
///   consistent one, each state is expanded at most once. A state whose heuristic is
///   `Cost::max_value()` is treated as a dead end and never stored.
/// - **Time and memory:** O(s log s) time and O(s) memory for the s states whose `f` is below
///   the optimal cost. A* clones the state once per generated child (so it needs no inverse
///   moves) and makes no other allocation per node beyond the growth of the table and queue.
/// - **No solution:** in a finite space, the search ends with
///   [`Outcome::NoSolution`] once every reachable state is expanded.
///
/// Reference: P. E. Hart, N. J. Nilsson, B. Raphael, "A formal basis for the heuristic
/// determination of minimum cost paths", *IEEE Trans. SSC* 4(2) (1968) 100–107.
///
/// ```
/// use informed::a_star;
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
/// let result = a_star(&puzzle);
/// assert_eq!(result.solution().map(|s| s.cost), Some(4));
/// assert!(result.stats.stored >= 5);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn a_star<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    a_star_with(problem, &SearchOptions::default())
}

/// [`a_star`] with options.
pub fn a_star_with<P: SearchProblem>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    let mut stats = Stats::default();
    let mut table = NodeTable::new();
    let outcome = search(problem, options, &mut table, &mut stats);
    stats.stored = table.len();
    ResultOf::<P> { outcome, stats }
}

fn search<P: SearchProblem>(
    problem: &P,
    options: &SearchOptions,
    table: &mut NodeTable<P::State, P::Move, P::Cost>,
    stats: &mut Stats<P::Cost>,
) -> Outcome<P::State, P::Move, P::Cost> {
    let start = problem.start();
    let h = problem.heuristic(&start);
    if h == P::Cost::max_value() {
        return Outcome::NoSolution;
    }
    let hash = table.hash(&start);
    table.insert(
        hash,
        Node {
            state: start,
            parent: 0,
            arrived_by: None,
            g: P::Cost::zero(),
        },
    );
    let mut open = BinaryHeap::new();
    open.push(Entry {
        f: h,
        g: P::Cost::zero(),
        index: 0,
    });
    let mut moves = MoveBuffer::new();
    while let Some(Entry { g, index, .. }) = open.pop() {
        let node = &table.nodes[index];
        if node.g != g {
            continue; // a cheaper path to this state was found after this entry was queued
        }
        if problem.is_goal(&node.state) {
            let path = table.moves_to(index);
            return Outcome::Solved(solution_from_moves(problem, path, g, options));
        }
        stats.expanded += 1;
        let state = node.state.clone();
        let skip = node.arrived_by.and_then(|mv| problem.inverse(mv));
        moves.clear();
        problem.moves(&state, &mut moves);
        for &(mv, cost) in &moves {
            if skip == Some(mv) {
                continue;
            }
            // A clone per child rather than apply and undo: A* needs no inverse moves.
            let mut child = state.clone();
            problem.apply(&mut child, mv);
            stats.generated += 1;
            let child_g = g.saturating_add(cost);
            let hash = table.hash(&child);
            if let Some(known) = table.find(hash, &child) {
                let node = &mut table.nodes[known];
                if child_g < node.g {
                    // A cheaper path to a stored state: relink it and queue it again.
                    node.g = child_g;
                    node.parent = index;
                    node.arrived_by = Some(mv);
                    let f = child_g.saturating_add(problem.heuristic(&child));
                    open.push(Entry {
                        f,
                        g: child_g,
                        index: known,
                    });
                }
                continue;
            }
            let h = problem.heuristic(&child);
            if h == P::Cost::max_value() {
                continue; // a dead end: never stored
            }
            let child = table.insert(
                hash,
                Node {
                    state: child,
                    parent: index,
                    arrived_by: Some(mv),
                    g: child_g,
                },
            );
            open.push(Entry {
                f: child_g.saturating_add(h),
                g: child_g,
                index: child,
            });
        }
    }
    Outcome::NoSolution
}

/// An entry of the open list. `BinaryHeap` pops the greatest, so the order is reversed on
/// `f` (cheapest first) and on `index` (first generated first), and direct on `g` (deepest
/// first among equal `f`).
struct Entry<C> {
    f: C,
    g: C,
    index: usize,
}

impl<C: Ord> Ord for Entry<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .cmp(&self.f)
            .then_with(|| self.g.cmp(&other.g))
            .then_with(|| other.index.cmp(&self.index))
    }
}

impl<C: Ord> PartialOrd for Entry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Ord> PartialEq for Entry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Ord> Eq for Entry<C> {}
