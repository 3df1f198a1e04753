//! Bidirectional breadth-first search: from the starts and from the goals at once, a whole
//! layer at a time on the side whose frontier is smaller, until the two meet.

use crate::cost::Cost;
use crate::engines::best_first::search::Halt;
use crate::engines::bidirectional::two_sides::{BACKWARD, FORWARD, goals, neighbours, path_across};
use crate::engines::node_table::{FIRST_CAPACITY, Node, NodeTable, ROOT};
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::Bidirectional;
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{Outcome, OutcomeOf, Promise, ResultOf, Stats, solved};

/// Solves `problem` with bidirectional breadth-first search, with default options.
///
/// Two breadth-first searches, one forward from the starts and one backward from the
/// [`goals`](Bidirectional::goals) through the [`predecessors`](Bidirectional::predecessors)
/// of each state, each storing the states it reaches. Each round expands one whole layer of
/// the side whose frontier is smaller; once a layer reaches a state the other side holds, the
/// shortest path through the states it met is returned, rebuilt across the meeting point.
///
/// - **What it returns:** a solution with the fewest moves, as [`bfs`](crate::bfs()) does
///   (its cost is the sum of its moves). It ignores the heuristic and the cost bound.
/// - **When to use it:** unit costs, one goal state (or a few), no good heuristic: where BFS
///   stores `b^d` states, this stores about `2·b^(d/2)`. The classic contest technique for
///   the 8-puzzle and its kin.
/// - **Memory:** every state either side reaches. [`SearchOptions::max_stored`] counts both.
///
/// Reference: I. Pohl, "Bi-directional search", *Machine Intelligence* 6 (1971) 127–140.
///
/// ```
/// use informed::{bfs, bidirectional_bfs};
/// use informed::puzzles::SlidingPuzzle;
///
/// // The hardest 8-puzzle: 31 moves.
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780")?;
/// let both_ways = bidirectional_bfs(&puzzle);
/// let one_way = bfs(&puzzle);
/// assert_eq!(both_ways.solution().map(|s| s.len()), Some(31));
/// assert!(both_ways.stats.stored < one_way.stats.stored);
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn bidirectional_bfs<P: Bidirectional>(problem: &P) -> ResultOf<P> {
    bidirectional_bfs_with(problem, &SearchOptions::default())
}

/// [`bidirectional_bfs()`] with options.
pub fn bidirectional_bfs_with<P: Bidirectional>(
    problem: &P,
    options: &SearchOptions,
) -> ResultOf<P> {
    let mut search = Search {
        problem,
        sides: [Side::new(), Side::new()],
        stats: Stats::default(),
        watch: Watch::new(options),
        moves: MoveBuffer::new(),
        overflowed: false,
    };
    let outcome = search.run(options).unwrap_or_else(Halt::into_outcome);
    search.stats.stored = search.stored();
    ResultOf::<P> {
        outcome,
        stats: search.stats,
    }
}

/// One side of the search: its states, and where each layer begins among them.
struct Side<P: SearchProblem> {
    /// The states reached, in the order reached; a backward node's move leads from it to its
    /// parent (toward a goal).
    table: NodeTable<P::State, P::Move, P::Cost>,
    /// The index of the first state of each layer; the last layer is the frontier.
    layers: Vec<usize>,
}

impl<P: SearchProblem> Side<P> {
    fn new() -> Self {
        Side {
            table: NodeTable::with_capacity(FIRST_CAPACITY),
            layers: vec![0],
        }
    }

    /// The states of the frontier, the last layer.
    fn frontier(&self) -> core::ops::Range<usize> {
        self.layers[self.layers.len() - 1]..self.table.len()
    }

    /// How many moves from its side's roots the state at `index` is.
    fn depth(&self, index: usize) -> usize {
        self.layers.partition_point(|&first| first <= index) - 1
    }

    /// Stores `state`, unless it is stored already: its index, if new, or if it was reached
    /// before in the layer being made and is now reached more cheaply (the cheaper way is
    /// kept: the cost of a path with the fewest moves is then the least such cost). A new
    /// state with no `room` left stops the search.
    fn store(
        &mut self,
        state: P::State,
        parent: usize,
        mv: Option<P::Move>,
        g: P::Cost,
        room: bool,
    ) -> Result<Option<usize>, StopReason> {
        let hash = self.table.hash(&state, P::state_hash(&state));
        if let Some(known) = self.table.find(hash, &state) {
            let layer = self.layers[self.layers.len() - 1];
            let node = &mut self.table.nodes[known];
            if known >= layer && g < node.g {
                node.relink(parent as u32, mv, g);
                return Ok(Some(known));
            }
            return Ok(None);
        }
        if !room {
            return Err(StopReason::MemoryLimit);
        }
        let node = Node::new(state, parent as u32, mv, g);
        Ok(Some(self.table.insert(hash, node)))
    }

    /// The index of `state`, if stored.
    fn find(&self, state: &P::State) -> Option<usize> {
        self.table.find_state(state, P::state_hash(state))
    }
}

struct Search<'p, P: Bidirectional> {
    problem: &'p P,
    sides: [Side<P>; 2],
    stats: Stats<P::Cost>,
    watch: Watch<'p, P::Cost>,
    moves: MoveBuffer<P::Move, P::Cost>,
    /// Whether a meeting was passed over because its path's cost reached `MAX`.
    overflowed: bool,
}

/// Where the two sides met: the length of the path through there, and the state's index on
/// each side.
#[derive(Clone, Copy)]
struct Meeting {
    length: usize,
    at: [usize; 2],
}

impl<P: Bidirectional> Search<'_, P> {
    /// The states both sides hold.
    fn stored(&self) -> usize {
        self.sides[FORWARD].table.len() + self.sides[BACKWARD].table.len()
    }

    fn run(&mut self, options: &SearchOptions) -> Result<OutcomeOf<P>, Halt> {
        let problem = self.problem;
        if options.bound_admits_nothing() {
            return Err(StopReason::CostBound.into());
        }
        for (side, roots) in [(FORWARD, problem.starts()), (BACKWARD, goals(problem)?)] {
            for root in roots {
                let room = self.stored() < self.watch.max_stored;
                self.sides[side].store(root, ROOT as usize, None, P::Cost::ZERO, room)?;
            }
        }
        // A start that is a goal.
        let met = (0..self.sides[FORWARD].table.len()).find_map(|index| {
            let state = &self.sides[FORWARD].table.nodes[index].state;
            let there = self.sides[BACKWARD].find(state)?;
            Some(Meeting {
                length: 0,
                at: [index, there],
            })
        });
        if let Some(met) = met {
            return Ok(self.solution(met, options));
        }
        loop {
            let [forward, backward] = [&self.sides[FORWARD], &self.sides[BACKWARD]];
            let (ahead, behind) = (forward.frontier().len(), backward.frontier().len());
            if ahead == 0 || behind == 0 {
                if self.overflowed {
                    return Err(StopReason::CostOverflow.into());
                }
                return Ok(Outcome::NoSolution);
            }
            let side = if ahead <= behind { FORWARD } else { BACKWARD };
            if let Some(met) = self.expand_layer(side)? {
                return Ok(self.solution(met, options));
            }
        }
    }

    /// Expands the frontier of `side`, making the next layer; the shortest meeting it made,
    /// if any.
    fn expand_layer(&mut self, side: usize) -> Result<Option<Meeting>, Halt> {
        let problem = self.problem;
        let frontier = self.sides[side].frontier();
        let depth = self.sides[side].layers.len() - 1;
        self.sides[side].layers.push(self.sides[side].table.len());
        let mut best: Option<Meeting> = None;
        let mut children = Vec::new();
        for index in frontier {
            let stored = self.stored();
            if let Some(reason) = self.watch.check(&self.stats, stored, stored) {
                return Err(Halt::Stopped(reason));
            }
            self.stats.expanded += 1;
            let node = &self.sides[side].table.nodes[index];
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
                let g = g.saturating_add(cost);
                if g >= P::Cost::MAX {
                    // A path whose cost reaches MAX is no path, as for `bfs` (a move of cost
                    // MAX is no move).
                    self.overflowed |= cost < P::Cost::MAX;
                    continue;
                }
                let other = &self.sides[1 - side];
                let there = other.find(&child);
                let room = self.stored() < self.watch.max_stored;
                let Some(here) = self.sides[side].store(child, index, Some(mv), g, room)? else {
                    continue;
                };
                if let Some(there) = there {
                    // A path whose cost reaches MAX is no path, as for `bfs`.
                    let cost = g.saturating_add(self.sides[1 - side].table.nodes[there].g);
                    if cost >= P::Cost::MAX {
                        self.overflowed = true;
                        continue;
                    }
                    let length = depth + 1 + self.sides[1 - side].depth(there);
                    if best.is_none_or(|best| length < best.length) {
                        let mut at = [here, there];
                        if side == BACKWARD {
                            at.swap(0, 1);
                        }
                        best = Some(Meeting { length, at });
                    }
                }
            }
        }
        Ok(best)
    }

    /// The solution through the meeting point: forward from a start, then backward to a goal.
    fn solution(&self, met: Meeting, options: &SearchOptions) -> OutcomeOf<P> {
        let [forward, backward] = [&self.sides[FORWARD].table, &self.sides[BACKWARD].table];
        let (root, moves) = path_across::<P>([forward, backward], met.at);
        let start = forward.nodes[root].state.clone();
        solved(self.problem, start, moves, None, options, Promise::AnyPath)
    }
}
