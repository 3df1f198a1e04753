//! The front-to-end bidirectional best-first search that BAE* and MM share: two best-first
//! searches, from the starts and from the goals, each side ordered by a [`Rule`]'s priority,
//! the side of least priority expanded, every state one side reaches looked up on the other,
//! and the search ended once the rule proves the cheapest path met optimal.

use crate::cost::Cost;
use crate::engines::best_first::search::Halt;
use crate::engines::bidirectional::two_sides::{BACKWARD, FORWARD, goals, neighbours, path_across};
use crate::engines::node_table::{FIRST_CAPACITY, Node, NodeTable, ROOT};
use crate::engines::open_list::OpenList;
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::Bidirectional;
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{Outcome, OutcomeOf, ProblemError, Promise, ResultOf, Stats, solved};

/// `a + b`, a lower bound of the sum whatever the type: for a type whose sums of finite costs
/// reach infinity (the floats), a sum past the largest finite cost is that cost, as an
/// integer's saturates at `MAX`. A priority or bound that reached infinity would prove every
/// meeting cheapest.
pub(crate) fn sum_at_most<C: Cost>(a: C, b: C) -> C {
    let sum = a.saturating_add(b);
    if C::EXACT || sum < C::MAX || a >= C::MAX || b >= C::MAX {
        return sum;
    }
    C::key_bits(C::MAX.key())
        .and_then(|bits| C::key_from_bits(bits.checked_sub(1)?))
        .and_then(C::from_key)
        .unwrap_or(sum)
}

/// How a front-to-end engine orders each side and proves a meeting optimal.
pub(crate) trait Rule {
    /// Whether [`settled`](Rule::settled) reads each side's least `f` and least `g`: the
    /// sides then keep them in two more open lists.
    const BOUNDS: bool;

    /// The priority of a state reached at `g` on one side, its heuristic `h` that way and
    /// `other` the other way.
    fn priority<C: Cost>(g: C, h: C, other: C) -> C;

    /// Whether a path of cost `best` is proven cheapest by what the two sides hold open.
    fn settled<C: Cost>(best: C, sides: [Least<C>; 2]) -> bool;
}

/// The least values one side holds open: its least priority and, with [`Rule::BOUNDS`], its
/// least `f = g + h` and its least `g` (else zero).
#[derive(Clone, Copy)]
pub(crate) struct Least<C> {
    pub priority: C,
    pub f: C,
    pub g: C,
}

/// Runs the front-to-end search of `R` on `problem`.
pub(crate) fn search<P: Bidirectional, R: Rule>(
    problem: &P,
    options: &SearchOptions,
) -> ResultOf<P> {
    let mut search = Search::<P, R> {
        problem,
        sides: [Side::new(), Side::new()],
        stats: Stats::default(),
        watch: Watch::new(options),
        moves: MoveBuffer::new(),
        best: None,
        beyond_bound: false,
        overflowed: false,
        rule: core::marker::PhantomData,
    };
    let outcome = search.run(options).unwrap_or_else(Halt::into_outcome);
    search.stats.stored = search.stored();
    ResultOf::<P> {
        outcome,
        stats: search.stats,
    }
}

/// One direction: its states (a backward node's move leads from it to its parent, toward a
/// goal), each state's heuristics this way and the other, and its open lists: by the rule's
/// priority, and with [`Rule::BOUNDS`] by `f` and by `g`.
struct Side<P: SearchProblem> {
    table: NodeTable<P::State, P::Move, P::Cost>,
    /// `(h, h')` of each stored state, by index.
    heuristics: Vec<(P::Cost, P::Cost)>,
    open: OpenList<P::Cost>,
    by_f: OpenList<P::Cost>,
    by_g: OpenList<P::Cost>,
}

impl<P: SearchProblem> Side<P> {
    fn new() -> Self {
        Side {
            table: NodeTable::with_capacity(FIRST_CAPACITY),
            heuristics: Vec::with_capacity(FIRST_CAPACITY),
            open: OpenList::new(),
            by_f: OpenList::new(),
            by_g: OpenList::new(),
        }
    }

    /// The priority of the state at `index` by the rule `R`.
    fn priority<R: Rule>(&self, index: usize) -> P::Cost {
        let (h, other) = self.heuristics[index];
        R::priority(self.table.nodes[index].g, h, other)
    }

    /// The open state first in `list`, its stale entries dropped first.
    fn first(
        table: &NodeTable<P::State, P::Move, P::Cost>,
        list: &mut OpenList<P::Cost>,
    ) -> Option<usize> {
        while let Some((g_key, index)) = list.peek() {
            let node = &table.nodes[index];
            if node.g.key() == g_key && !node.expanded() {
                return Some(index);
            }
            list.pop();
        }
        None
    }

    /// What this side holds open, and the open state of least priority; `None` once it holds
    /// nothing open.
    fn least<R: Rule>(&mut self) -> Option<(Least<P::Cost>, usize)> {
        let index = Self::first(&self.table, &mut self.open)?;
        let mut least = Least {
            priority: self.priority::<R>(index),
            f: P::Cost::ZERO,
            g: P::Cost::ZERO,
        };
        if R::BOUNDS {
            if let Some(at) = Self::first(&self.table, &mut self.by_f) {
                least.f = self.table.nodes[at].g.saturating_add(self.heuristics[at].0);
            }
            if let Some(at) = Self::first(&self.table, &mut self.by_g) {
                least.g = self.table.nodes[at].g;
            }
        }
        Some((least, index))
    }
}

struct Search<'p, P: Bidirectional, R> {
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
    rule: core::marker::PhantomData<R>,
}

impl<P: Bidirectional, R: Rule> Search<'_, P, R> {
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
        while let (Some((ahead, _)), Some((behind, _))) = (
            self.sides[FORWARD].least::<R>(),
            self.sides[BACKWARD].least::<R>(),
        ) {
            if self
                .best
                .is_some_and(|(cost, _)| R::settled(cost, [ahead, behind]))
            {
                break;
            }
            let side = if ahead.priority <= behind.priority {
                FORWARD
            } else {
                BACKWARD
            };
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
        let priority = this.priority::<R>(index);
        this.open.push(priority, g, index);
        if R::BOUNDS {
            this.by_f.push(bound, g, index);
            this.by_g.push(g, g, index);
        }
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
