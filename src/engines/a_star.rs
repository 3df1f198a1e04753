//! A*, with one table of states and parent links.

use core::cmp::Reverse;
use core::hash::Hash;
use core::ops::ControlFlow;
use std::collections::{BTreeMap, VecDeque};

use crate::cost::Cost;
use crate::engines::node_table::{Node, NodeTable};
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::{MoveBuffer, PackedStates, SearchProblem};
use crate::solution::{solved, Outcome, OutcomeOf, ProblemError, Promise, ResultOf, Stats};

/// Solves `problem` with A* (Hart, Nilsson and Raphael, 1968), with default options.
///
/// A* expands states in order of `f = g + h`, cheapest first, and stores every state it
/// generates: each once, in one hash table, with a link to the state it was best reached
/// from; the path is rebuilt from those links. Among equal `f` it prefers the deeper state
/// (larger `g`), then the one queued first.
///
/// - **When to use it:** when the space fits in memory and many paths lead to the same
///   states, or when costs vary a lot (where IDA* would need many iterations). For puzzles
///   whose space is too large to store, use [`ida_star`](crate::ida_star()).
/// - **Heuristic:** with an admissible heuristic the solution is optimal. A state reached
///   again by a cheaper path is reopened, so a consistent heuristic is not required; with a
///   consistent one, each state is expanded at most once. A state whose heuristic is
///   [`Cost::MAX`] is treated as a dead end and never stored, and so is one whose `g + h`
///   reaches `MAX`.
/// - **Time and memory:** O(s log s) time and O(s) memory for the s states whose `f` is below
///   the optimal cost. A* makes each child a state of its own, through
///   [`SearchProblem::successors`] (by default a clone and an apply: it needs no inverse
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

/// [`a_star()`] with options.
pub fn a_star_with<P: SearchProblem>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    search::<P, AsIs>(problem, options)
}

/// [`a_star()`] storing each state in its compact form ([`PackedStates`]): the same search,
/// the same answer and the same counts, in a smaller table.
///
/// A state is packed when it is generated and unpacked when it is expanded. For the
/// 15-puzzle a stored state takes 8 bytes instead of the 32 of a [`Board`], so the table
/// holds four times as many states in the same memory and is hashed and compared faster.
///
/// [`Board`]: crate::puzzles::sliding_tile::Board
///
/// ```
/// use informed::{a_star, a_star_packed};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<16>::parse(4, 4,
///     "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0")?;
/// let packed = a_star_packed(&puzzle);
/// assert_eq!(packed.solution().map(|s| s.cost), Some(1));
/// assert_eq!(packed.stats, a_star(&puzzle).stats);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn a_star_packed<P: PackedStates>(problem: &P) -> ResultOf<P> {
    a_star_packed_with(problem, &SearchOptions::default())
}

/// [`a_star_packed()`] with options.
pub fn a_star_packed_with<P: PackedStates>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    search::<P, Packed>(problem, options)
}

fn search<P: SearchProblem, S: Storage<P>>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    let mut search = Search::<P, S> {
        problem,
        table: NodeTable::new(),
        open: OpenList::new(),
        stats: Stats::default(),
        watch: Watch::new(options),
        beyond_bound: false,
    };
    let outcome = match search.run(options) {
        Ok(outcome) => outcome,
        Err(Halt::Stopped(reason)) => Outcome::Stopped {
            reason,
            completed_threshold: None,
        },
        Err(Halt::Invalid(error)) => Outcome::Invalid {
            error,
            solution: None,
        },
    };
    search.stats.stored = search.table.len();
    ResultOf::<P> {
        outcome,
        stats: search.stats,
    }
}

/// How A* keeps the states it stores.
trait Storage<P: SearchProblem> {
    type Stored: Eq + Hash;
    /// The stored form of `state`, with its heuristic if storing had to read the state.
    fn store(problem: &P, state: P::State) -> (Self::Stored, Option<P::Cost>);
    /// The state a stored form holds.
    fn load(problem: &P, stored: &Self::Stored) -> P::State;
    /// The heuristic of a stored state.
    fn heuristic(problem: &P, stored: &Self::Stored) -> P::Cost;
}

/// States stored as they are.
struct AsIs;

impl<P: SearchProblem> Storage<P> for AsIs {
    type Stored = P::State;
    #[inline]
    fn store(_: &P, state: P::State) -> (P::State, Option<P::Cost>) {
        (state, None)
    }
    #[inline]
    fn load(_: &P, stored: &P::State) -> P::State {
        stored.clone()
    }
    #[inline]
    fn heuristic(problem: &P, stored: &P::State) -> P::Cost {
        problem.heuristic(stored)
    }
}

/// States stored packed ([`PackedStates`]).
struct Packed;

impl<P: PackedStates> Storage<P> for Packed {
    type Stored = P::Packed;
    #[inline]
    fn store(problem: &P, state: P::State) -> (P::Packed, Option<P::Cost>) {
        (problem.pack(&state), Some(problem.heuristic(&state)))
    }
    #[inline]
    fn load(problem: &P, stored: &P::Packed) -> P::State {
        problem.unpack(stored)
    }
    #[inline]
    fn heuristic(problem: &P, stored: &P::Packed) -> P::Cost {
        problem.heuristic(&problem.unpack(stored))
    }
}

/// Why A* ended before it could finish.
enum Halt {
    Stopped(StopReason),
    Invalid(ProblemError),
}

impl From<StopReason> for Halt {
    fn from(reason: StopReason) -> Self {
        Halt::Stopped(reason)
    }
}

struct Search<'p, P: SearchProblem, S: Storage<P>> {
    problem: &'p P,
    table: NodeTable<S::Stored, P::Move, P::Cost>,
    open: OpenList<<P::Cost as Cost>::Key>,
    stats: Stats<P::Cost>,
    watch: Watch<'p, P::Cost>,
    /// Whether a state was left out for costing more than the cost bound.
    beyond_bound: bool,
}

impl<P: SearchProblem, S: Storage<P>> Search<'_, P, S> {
    /// The search; `Err` when a limit stops it.
    fn run(&mut self, options: &SearchOptions) -> Result<OutcomeOf<P>, Halt> {
        let problem = self.problem;
        self.offer(problem.start(), 0, None, P::Cost::ZERO)?;
        let mut moves = MoveBuffer::new();
        while let Some((g_key, index)) = self.open.pop() {
            let node = &self.table.nodes[index];
            if node.g.key() != g_key {
                continue; // a cheaper path to this state was found after this entry was queued
            }
            let g = node.g;
            let state = S::load(problem, &node.state);
            if problem.is_goal(&state) {
                let path = self.table.moves_to(index);
                return Ok(solved(problem, path, options, Promise::Optimal));
            }
            let skip = node.arrived_by.and_then(|mv| problem.inverse(mv));
            if let Some(reason) = self
                .watch
                .check(&self.stats, self.open.len(), self.table.len())
            {
                return Err(reason.into());
            }
            self.stats.expanded += 1;
            moves.clear();
            let mut halt = None;
            let _ = problem.successors(&state, skip, &mut moves, |child, mv, cost| {
                if !cost.is_valid() {
                    let cost = cost.value();
                    halt = Some(Halt::Invalid(ProblemError::InvalidCost { cost }));
                    return ControlFlow::Break(());
                }
                self.stats.generated += 1;
                match self.offer(child, index, Some(mv), g.saturating_add(cost)) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(reason) => {
                        halt = Some(reason);
                        ControlFlow::Break(())
                    }
                }
            });
            if let Some(halt) = halt {
                return Err(halt);
            }
        }
        if self.beyond_bound {
            return Err(StopReason::CostBound.into());
        }
        Ok(Outcome::NoSolution)
    }

    /// Stores `state`, reached from the node at `parent` by `arrived_by` at cost `g`, and
    /// queues it, unless it is already stored at no greater cost, is a dead end, or costs
    /// more than the bound. A state stored before but now reached more cheaply is relinked
    /// and queued again.
    fn offer(
        &mut self,
        state: P::State,
        parent: usize,
        arrived_by: Option<P::Move>,
        g: P::Cost,
    ) -> Result<(), Halt> {
        if g >= P::Cost::MAX {
            return Ok(()); // a path whose cost reaches MAX is no path
        }
        let (state, heuristic) = S::store(self.problem, state);
        let hash = self.table.hash(&state);
        let known = self.table.find(hash, &state);
        if known.is_some_and(|known| self.table.nodes[known].g <= g) {
            return Ok(());
        }
        let h = heuristic.unwrap_or_else(|| S::heuristic(self.problem, &state));
        if !h.is_valid() {
            let heuristic = h.value();
            return Err(Halt::Invalid(ProblemError::InvalidHeuristic { heuristic }));
        }
        let f = g.saturating_add(h);
        if f >= P::Cost::MAX {
            return Ok(()); // a dead end (h is MAX), or an f beyond the cost type: never stored
        }
        if f > self.watch.cost_bound {
            self.beyond_bound = true;
            return Ok(());
        }
        let index = if let Some(known) = known {
            let node = &mut self.table.nodes[known];
            (node.g, node.parent, node.arrived_by) = (g, parent, arrived_by);
            known
        } else {
            if self.table.is_full(self.watch.max_stored) {
                return Err(StopReason::MemoryLimit.into());
            }
            let node = Node {
                state,
                parent,
                arrived_by,
                g,
            };
            self.table.insert(hash, node)
        };
        self.open.push(f.key(), g.key(), index);
        Ok(())
    }
}

/// The open list: node indices in buckets, one per `(f, g)`, cheapest `f` first and deepest
/// `g` first among equal `f`; first queued, first out within a bucket.
///
/// A* on a puzzle has few distinct `(f, g)` pairs open at a time and millions of nodes, so a
/// push or pop finds its bucket in a small ordered map and then touches only the end of one
/// queue, where a binary heap over all the nodes would sift through scattered memory.
struct OpenList<C> {
    buckets: BTreeMap<(C, Reverse<C>), VecDeque<usize>>,
    len: usize,
    /// Emptied queues, kept to be reused by the next new bucket.
    spare: Vec<VecDeque<usize>>,
}

impl<C: Ord + Copy> OpenList<C> {
    fn new() -> Self {
        OpenList {
            buckets: BTreeMap::new(),
            len: 0,
            spare: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    fn push(&mut self, f: C, g: C, index: usize) {
        let spare = &mut self.spare;
        self.buckets
            .entry((f, Reverse(g)))
            .or_insert_with(|| spare.pop().unwrap_or_default())
            .push_back(index);
        self.len += 1;
    }

    /// The next node to expand, with the `g` it was queued with.
    fn pop(&mut self) -> Option<(C, usize)> {
        let mut bucket = self.buckets.first_entry()?;
        let g = bucket.key().1 .0;
        let index = bucket.get_mut().pop_front()?;
        if bucket.get().is_empty() {
            self.spare.push(bucket.remove());
        }
        self.len -= 1;
        Some((g, index))
    }
}

#[cfg(test)]
mod tests {
    use super::OpenList;

    #[test]
    fn the_open_list_pops_cheapest_f_then_deepest_g_then_first_queued() {
        let mut open = OpenList::new();
        for (f, g, index) in [
            (5, 1, 0),
            (4, 1, 1),
            (5, 3, 2),
            (4, 2, 3),
            (4, 2, 4),
            (5, 3, 5),
        ] {
            open.push(f, g, index);
        }
        assert_eq!(open.len(), 6);
        let order: Vec<(u32, usize)> = core::iter::from_fn(|| open.pop()).collect();
        assert_eq!(order, [(2, 3), (2, 4), (1, 1), (3, 2), (3, 5), (1, 0)]);
        assert_eq!(open.len(), 0);
        // Emptied buckets are reused.
        open.push(1, 1, 7);
        assert_eq!(open.pop(), Some((1, 7)));
    }
}
