//! Enhanced partial-expansion A* (EPEA*): A* that makes, at each expansion, only the children
//! whose `f` is the node's, and puts the node back for the rest.

use core::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::cost::Cost;
use crate::engines::node_table::{clash, numbers_states, Node, NodeTable, FIRST_CAPACITY, ROOT};
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{solved, Outcome, OutcomeOf, ProblemError, Promise, ResultOf, Stats};

/// Solves `problem` with enhanced partial-expansion A* (Felner et al., 2012; Goldenberg et
/// al., 2014), with default options.
///
/// A* stores every child of every state it expands, though in a domain with many children
/// most are never expanded: their `f` is above the optimum. EPEA* keeps with each open state
/// a stored value `F`, at first its `f`; an expansion makes and stores only the children
/// whose `f` is at most `F` (and above the `F` of any expansion of the same state before),
/// and puts the state back with `F` raised to the least `f` of the children it left out. A
/// child's `f` is known before it is made through
/// [`heuristic_after`](SearchProblem::heuristic_after), which plays EPEA*'s *operator
/// selection function*; a problem without it has its children made to be judged (partial
/// expansion A*: the memory saved, not the time).
///
/// - **Heuristic:** with an admissible heuristic the solution is optimal, as A*'s.
/// - **When to use it:** many children a state and a heuristic that can judge a move
///   without making it (pancakes, TopSpin, the rotation game, the sliding-tile puzzles):
///   it stores and makes a fraction of A*'s children, at the price of expanding a state once
///   per `F` it takes.
/// - **Statistics:** `generated` counts the children made; `expanded` every expansion, a
///   state's repeated ones too; `stored` the states stored.
/// - **Memory:** the states stored, far fewer than A*'s where most children are left out.
///
/// References: A. Felner, M. Goldenberg, G. Sharon, R. Stern, T. Beja, N. R. Sturtevant, J.
/// Schaeffer, R. Holte, "Partial-expansion A* with selective node generation", *AAAI* (2012);
/// M. Goldenberg, A. Felner, R. Stern, G. Sharon, N. R. Sturtevant, R. C. Holte, J. Schaeffer,
/// "Enhanced partial expansion A*", *JAIR* 50 (2014) 141–187.
///
/// ```
/// use informed::{a_star, partial_expansion_a_star};
/// use informed::puzzles::Pancake;
///
/// let stack = Pancake::new(&[3, 8, 1, 6, 0, 9, 4, 2, 7, 5])?;
/// let partial = partial_expansion_a_star(&stack);
/// let full = a_star(&stack);
/// assert_eq!(partial.solution().map(|s| s.cost), full.solution().map(|s| s.cost));
/// assert!(partial.stats.generated < full.stats.generated);
/// # Ok::<(), informed::puzzles::ArrangementError>(())
/// ```
pub fn partial_expansion_a_star<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    partial_expansion_a_star_with(problem, &SearchOptions::default())
}

/// [`partial_expansion_a_star()`] with options.
pub fn partial_expansion_a_star_with<P: SearchProblem>(
    problem: &P,
    options: &SearchOptions,
) -> ResultOf<P> {
    let mut search = Partial {
        problem,
        watch: Watch::new(options),
        table: NodeTable::for_states(FIRST_CAPACITY, numbers_states(problem)),
        h: Vec::new(),
        stored_f: Vec::new(),
        made_up_to: Vec::new(),
        version: Vec::new(),
        queue: BinaryHeap::new(),
        stats: Stats::default(),
        beyond_bound: false,
        overflowed: false,
    };
    let outcome = search.run(options);
    search.stats.stored = search.table.len();
    ResultOf::<P> {
        outcome,
        stats: search.stats,
    }
}

/// A queued node: its stored `F`, its cost (deeper first among equal `F`), its version.
#[derive(Clone, Copy)]
struct Entry {
    key: f64,
    g: f64,
    index: u32,
    version: u32,
}

impl Ord for Entry {
    /// Greater is sooner out: the smaller `F`, then the larger `g`.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .key
            .total_cmp(&self.key)
            .then(self.g.total_cmp(&other.g))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Entry {}

struct Partial<'p, P: SearchProblem> {
    problem: &'p P,
    watch: Watch<'p, P::Cost>,
    table: NodeTable<P::State, P::Move, P::Cost>,
    /// Per node: its heuristic; its stored `F`; the `F` up to which its children are made
    /// (`None`: none yet); its version, raised when it is queued anew (older entries are
    /// passed over).
    h: Vec<P::Cost>,
    stored_f: Vec<P::Cost>,
    made_up_to: Vec<Option<P::Cost>>,
    version: Vec<u32>,
    queue: BinaryHeap<Entry>,
    stats: Stats<P::Cost>,
    beyond_bound: bool,
    overflowed: bool,
}

impl<P: SearchProblem> Partial<'_, P> {
    fn run(&mut self, options: &SearchOptions) -> OutcomeOf<P> {
        if options.bound_admits_nothing() {
            return Outcome::stopped_by(StopReason::CostBound);
        }
        for start in self.problem.starts() {
            if let Err(halt) = self.offer(start, ROOT as usize, None, P::Cost::ZERO, None) {
                return halt;
            }
        }
        let problem = self.problem;
        let mut moves = MoveBuffer::new();
        while let Some(entry) = self.queue.pop() {
            let index = entry.index as usize;
            if entry.version != self.version[index] {
                continue;
            }
            let node = &self.table.nodes[index];
            let (state, g) = (node.state.clone(), node.g);
            if problem.is_goal(&state) {
                let (root, path) = self.table.path_to(index);
                let start = self.table.nodes[root].state.clone();
                return solved(problem, start, path, Some(g), options, Promise::Optimal);
            }
            self.stats.expanded += 1;
            let stored = self.table.len();
            if let Some(reason) = self.watch.check(&self.stats, self.queue.len(), stored) {
                return Outcome::stopped_by(reason);
            }
            let skip = node.arrived_by.and_then(|mv| problem.inverse(mv));
            let (upper, lower) = (self.stored_f[index], self.made_up_to[index]);
            // The least `f` above `upper` among the children: the node's next `F`.
            let mut next = P::Cost::MAX;
            problem.moves(&state, &mut moves);
            for i in 0..moves.len() {
                let (mv, cost) = moves[i];
                if skip == Some(mv) {
                    continue;
                }
                if !cost.is_valid() {
                    let cost = cost.value();
                    return Outcome::invalid(ProblemError::InvalidCost { cost });
                }
                let child_g = g.saturating_add(cost);
                if child_g >= P::Cost::MAX {
                    self.overflowed |= cost < P::Cost::MAX;
                    continue;
                }
                let (child, h) = if let Some(h) = problem.heuristic_after(&state, mv) {
                    (None, h)
                } else {
                    let mut child = state.clone();
                    problem.apply(&mut child, mv);
                    self.stats.generated += 1;
                    let h = problem.heuristic(&child);
                    (Some(child), h)
                };
                if !h.is_valid() {
                    let heuristic = h.value();
                    return Outcome::invalid(ProblemError::InvalidHeuristic { heuristic });
                }
                let f = child_g.saturating_add(h);
                if f >= P::Cost::MAX {
                    self.overflowed |= h < P::Cost::MAX;
                    continue;
                }
                if f > upper {
                    if f < next {
                        next = f;
                    }
                    continue;
                }
                if lower.is_some_and(|lower| f <= lower) {
                    continue; // made at an earlier expansion
                }
                let child = child.unwrap_or_else(|| {
                    self.stats.generated += 1;
                    let mut child = state.clone();
                    problem.apply(&mut child, mv);
                    child
                });
                if let Err(halt) = self.offer(child, index, Some(mv), child_g, Some(h)) {
                    return halt;
                }
            }
            moves.clear();
            // Back in the queue for the children left out, or done.
            self.made_up_to[index] = Some(upper);
            if next < P::Cost::MAX {
                self.stored_f[index] = next;
                self.queue_node(index);
            }
        }
        if self.beyond_bound {
            Outcome::stopped_by(StopReason::CostBound)
        } else if self.overflowed {
            Outcome::stopped_by(StopReason::CostOverflow)
        } else {
            Outcome::NoSolution
        }
    }

    /// Queues the node at `index` at its stored `F`, passing over its older entries.
    fn queue_node(&mut self, index: usize) {
        self.version[index] = self.version[index].wrapping_add(1);
        self.queue.push(Entry {
            key: self.stored_f[index].value().as_f64(),
            g: self.table.nodes[index].g.value().as_f64(),
            index: index as u32,
            version: self.version[index],
        });
    }

    /// Stores `state` (of heuristic `h`, if known), reached from the node at `parent` by
    /// `arrived_by` at cost `g`, and queues it at its `f`, unless it is stored at no greater
    /// cost, a dead end, or beyond the cost bound; a state reached more cheaply starts over,
    /// its children all to be made again.
    fn offer(
        &mut self,
        state: P::State,
        parent: usize,
        arrived_by: Option<P::Move>,
        g: P::Cost,
        h: Option<P::Cost>,
    ) -> Result<(), OutcomeOf<P>> {
        let problem = self.problem;
        let (hash, known) = self
            .table
            .locate(&state, P::state_hash(&state), || {
                problem.state_index(&state)
            })
            .map_err(|number| Outcome::invalid(clash(number)))?;
        let index = match known {
            Some(known) if self.table.nodes[known].g <= g => return Ok(()),
            Some(known) => {
                self.table.nodes[known].relink(parent as u32, arrived_by, g);
                known
            }
            None => {
                let h = match h {
                    Some(h) => h,
                    None => problem.heuristic(&state),
                };
                if !h.is_valid() {
                    let heuristic = h.value();
                    return Err(Outcome::invalid(ProblemError::InvalidHeuristic {
                        heuristic,
                    }));
                }
                let f = g.saturating_add(h);
                if f >= P::Cost::MAX {
                    self.overflowed |= h < P::Cost::MAX;
                    return Ok(());
                }
                if f > self.watch.cost_bound {
                    self.beyond_bound = true;
                    return Ok(());
                }
                if self.table.is_full(self.watch.max_stored) {
                    return Err(Outcome::stopped_by(StopReason::MemoryLimit));
                }
                let index = self
                    .table
                    .insert(hash, Node::new(state, parent as u32, arrived_by, g));
                self.h.push(h);
                self.stored_f.push(f);
                self.made_up_to.push(None);
                self.version.push(0);
                index
            }
        };
        self.stored_f[index] = g.saturating_add(self.h[index]);
        self.made_up_to[index] = None;
        self.queue_node(index);
        Ok(())
    }
}
