//! Bidirectional heuristic search: BAE* (also published as DIBBS), two best-first searches
//! from the starts and from the goals, each ordered by a priority that counts what the other
//! direction's heuristic says.

use crate::bidirectional::Bidirectional;
use crate::cost::Cost;
use crate::engines::best_first::Halt;
use crate::engines::node_table::{Node, NodeTable, FIRST_CAPACITY, ROOT};
use crate::engines::open_list::OpenList;
use crate::engines::two_sides::{goals, neighbours, path_across, BACKWARD, FORWARD};
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{solved, Outcome, OutcomeOf, ProblemError, Promise, ResultOf, Stats};

/// Solves `problem` with bidirectional A* in the form of BAE* (Sadhukhan, 2013), also
/// published as DIBBS (Sewell and Jacobson, 2021), with default options.
///
/// Two best-first searches, forward from the starts guided by
/// [`heuristic`](SearchProblem::heuristic), backward from the
/// [`goals`](Bidirectional::goals) guided by
/// [`heuristic_from_start`](Bidirectional::heuristic_from_start). A state reached at cost `g`
/// in one direction is ordered by `b = 2g + h − h'`, where `h` is its heuristic in that
/// direction and `h'` in the other: `g + h` as in A*, plus what the state's `g` exceeds the
/// other direction's estimate of it by. Each step expands the state of least `b` of either
/// side. Every time a state one side reaches is held by the other, the path through it bounds
/// the answer; the search ends once that bound is at most the mean of the two sides' least
/// `b`, which with consistent heuristics proves it optimal.
///
/// - **When to use it:** a problem with a goal state (or a few), predecessors, and heuristics
///   both ways; it tends to win where the heuristic is weak (A* wastes its effort near the
///   start) and to lose where it is strong (then A* expands little beyond the optimal path
///   anyway).
/// - **Heuristics:** both consistent (a heuristic that drops along a move by at most the
///   move's cost: Manhattan, octile, zero); then the solution is optimal.
/// - **Memory:** every state either side generates. Many goal states and a weak heuristic
///   back to the start swell the backward side: on the rotation game (38,610 goal boards)
///   it stores tens of millions of states where IDA* stores none.
///
/// References: S. K. Sadhukhan, "Bidirectional heuristic search based on error estimate",
/// *CSI Journal of Computing* 2 (2013); E. C. Sewell, S. H. Jacobson, "Dynamically improved
/// bounds bidirectional search", *Artificial Intelligence* 291 (2021) 103405.
///
/// ```
/// use informed::{a_star, bidirectional_a_star};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<16>::parse(4, 4,
///     "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0")?;
/// let both_ways = bidirectional_a_star(&puzzle);
/// assert_eq!(both_ways.solution().map(|s| s.cost), a_star(&puzzle).solution().map(|s| s.cost));
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn bidirectional_a_star<P: Bidirectional>(problem: &P) -> ResultOf<P> {
    bidirectional_a_star_with(problem, &SearchOptions::default())
}

/// [`bidirectional_a_star()`] with options.
pub fn bidirectional_a_star_with<P: Bidirectional>(
    problem: &P,
    options: &SearchOptions,
) -> ResultOf<P> {
    let mut search = Search {
        problem,
        sides: [Side::new(), Side::new()],
        stats: Stats::default(),
        watch: Watch::new(options),
        moves: MoveBuffer::new(),
        best: None,
        beyond_bound: false,
        overflowed: false,
    };
    let outcome = search.run(options).unwrap_or_else(Halt::into_outcome);
    search.stats.stored = search.stored();
    ResultOf::<P> {
        outcome,
        stats: search.stats,
    }
}

/// One direction: its states (a backward node's move leads from it to its parent, toward a
/// goal), each state's heuristics this way and the other, and its open list by `b`.
struct Side<P: SearchProblem> {
    table: NodeTable<P::State, P::Move, P::Cost>,
    /// `(h, h')` of each stored state, by index.
    heuristics: Vec<(P::Cost, P::Cost)>,
    open: OpenList<P::Cost>,
}

impl<P: SearchProblem> Side<P> {
    fn new() -> Self {
        Side {
            table: NodeTable::with_capacity(FIRST_CAPACITY),
            heuristics: Vec::with_capacity(FIRST_CAPACITY),
            open: OpenList::new(),
        }
    }

    /// The priority of the state at `index`: `2g + h − h'` (the difference taken as zero if
    /// `h'` exceeds `g`, which a consistent heuristic never does).
    fn priority(&self, index: usize) -> P::Cost {
        let g = self.table.nodes[index].g;
        let (h, other) = self.heuristics[index];
        let gap = if other < g { g - other } else { P::Cost::ZERO };
        g.saturating_add(h).saturating_add(gap)
    }

    /// The least priority of the open list, its stale entries dropped first; `None` once the
    /// list is empty.
    fn least(&mut self) -> Option<(P::Cost, usize)> {
        while let Some((g_key, index)) = self.open.peek() {
            let node = &self.table.nodes[index];
            if node.g.key() == g_key && !node.expanded() {
                return Some((self.priority(index), index));
            }
            self.open.pop();
        }
        None
    }
}

struct Search<'p, P: Bidirectional> {
    problem: &'p P,
    sides: [Side<P>; 2],
    stats: Stats<P::Cost>,
    watch: Watch<'p, P::Cost>,
    moves: MoveBuffer<P::Move, P::Cost>,
    /// The cheapest path found through a state both sides hold: its cost, and the state's
    /// index on each side.
    best: Option<(P::Cost, [usize; 2])>,
    /// Whether the cost bound cut a path off.
    beyond_bound: bool,
    /// Whether a path was passed over because its cost, or cost plus heuristic, reached `MAX`.
    overflowed: bool,
}

/// Whether `2 · best <= ahead + behind`, worked out without overflow: a path of cost `best`
/// is proven cheapest once the least priorities of the two sides add up to twice its cost.
/// A priority that saturated at `MAX` is a lower bound of its own, so the test errs only
/// towards searching on.
fn settled<C: Cost>(best: C, ahead: C, behind: C) -> bool {
    match (ahead >= best, behind >= best) {
        (true, true) => true,
        (false, false) => false,
        (true, false) => ahead - best >= best - behind,
        (false, true) => behind - best >= best - ahead,
    }
}

impl<P: Bidirectional> Search<'_, P> {
    fn stored(&self) -> usize {
        self.sides[FORWARD].table.len() + self.sides[BACKWARD].table.len()
    }

    fn run(&mut self, options: &SearchOptions) -> Result<OutcomeOf<P>, Halt> {
        let problem = self.problem;
        if options.bound_admits_nothing() {
            return Err(StopReason::CostBound.into());
        }
        for start in problem.starts() {
            self.offer(FORWARD, start, ROOT as usize, None, P::Cost::ZERO)?;
        }
        for goal in goals(problem)? {
            self.offer(BACKWARD, goal, ROOT as usize, None, P::Cost::ZERO)?;
        }
        let mut children = Vec::new();
        // Until one side has searched all it can reach: then every meeting is known.
        while let (Some((ahead, _)), Some((behind, _))) =
            (self.sides[FORWARD].least(), self.sides[BACKWARD].least())
        {
            if self
                .best
                .is_some_and(|(cost, _)| settled(cost, ahead, behind))
            {
                break;
            }
            let side = if ahead <= behind { FORWARD } else { BACKWARD };
            let Some((_, index)) = self.sides[side].open.pop() else {
                break;
            };
            let stored = self.stored();
            if let Some(reason) = self.watch.check(&self.stats, stored, stored) {
                return Err(Halt::Stopped(reason));
            }
            self.stats.expanded += 1;
            let node = &mut self.sides[side].table.nodes[index];
            node.set_expanded();
            let (state, g, arrived_by) = (node.state.clone(), node.g, node.arrived_by);
            neighbours(
                problem,
                side,
                &state,
                arrived_by,
                &mut self.moves,
                &mut children,
            )?;
            for (child, mv, cost) in children.drain(..) {
                self.stats.generated += 1;
                let child_g = g.saturating_add(cost);
                // A sum of finite costs that reaches MAX (a move of cost MAX is no move).
                self.overflowed |= child_g >= P::Cost::MAX && cost < P::Cost::MAX;
                self.offer(side, child, index, Some(mv), child_g)?;
            }
        }
        let Some((_, at)) = self.best else {
            if self.beyond_bound {
                return Err(StopReason::CostBound.into());
            }
            if self.overflowed {
                return Err(StopReason::CostOverflow.into());
            }
            return Ok(Outcome::NoSolution);
        };
        let sides = [&self.sides[FORWARD].table, &self.sides[BACKWARD].table];
        let (root, moves) = path_across::<P>(sides, at);
        let start = self.sides[FORWARD].table.nodes[root].state.clone();
        Ok(solved(
            problem,
            start,
            moves,
            None,
            options,
            Promise::Optimal,
        ))
    }

    /// Stores `state` on `side`, reached from `parent` by `mv` at cost `g`, and queues it,
    /// unless it is held already at no greater cost or is a dead end; a state reached more
    /// cheaply is relinked and queued again. A state the other side holds makes a path.
    fn offer(
        &mut self,
        side: usize,
        state: P::State,
        parent: usize,
        mv: Option<P::Move>,
        g: P::Cost,
    ) -> Result<(), Halt> {
        if g >= P::Cost::MAX {
            return Ok(());
        }
        let problem = self.problem;
        let this = &self.sides[side];
        let carried = P::state_hash(&state);
        let hash = this.table.hash(&state, carried);
        let known = this.table.find(hash, &state);
        if known.is_some_and(|known| this.table.nodes[known].g <= g) {
            return Ok(());
        }
        let (ahead, behind) = (
            problem.heuristic(&state),
            problem.heuristic_from_start(&state),
        );
        for h in [ahead, behind] {
            if !h.is_valid() {
                let heuristic = h.value();
                return Err(Halt::Invalid(ProblemError::InvalidHeuristic { heuristic }));
            }
        }
        let heuristics = if side == FORWARD {
            (ahead, behind)
        } else {
            (behind, ahead)
        };
        let bound = g.saturating_add(heuristics.0);
        if heuristics.0 >= P::Cost::MAX || bound >= P::Cost::MAX {
            self.overflowed |= heuristics.0 < P::Cost::MAX;
            return Ok(()); // a dead end this way, or an f beyond the cost type
        }
        if bound > self.watch.cost_bound {
            self.beyond_bound = true;
            return Ok(());
        }
        // (Each side's table hashes with its own keys.)
        let other = &self.sides[1 - side].table;
        let there = other.find_state(&state, carried);
        let this = &mut self.sides[side];
        let index = if let Some(known) = known {
            let node = &mut this.table.nodes[known];
            node.relink(parent as u32, mv, g);
            known
        } else {
            if self.stored() >= self.watch.max_stored {
                return Err(Halt::Stopped(StopReason::MemoryLimit));
            }
            let this = &mut self.sides[side];
            let node = Node::new(state, parent as u32, mv, g);
            this.heuristics.push(heuristics);
            this.table.insert(hash, node)
        };
        let this = &mut self.sides[side];
        this.heuristics[index] = heuristics;
        let b = this.priority(index);
        this.open.push(b, g, index);
        if let Some(there) = there {
            let cost = g.saturating_add(self.sides[1 - side].table.nodes[there].g);
            if cost > self.watch.cost_bound {
                self.beyond_bound = true;
            } else if cost < P::Cost::MAX && self.best.is_none_or(|(best, _)| cost < best) {
                let mut at = [index, there];
                if side == BACKWARD {
                    at.swap(0, 1);
                }
                self.best = Some((cost, at));
            }
        }
        Ok(())
    }
}
