//! Enhanced partial-expansion A* (EPEA*): A* that makes, at each expansion, only the children
//! whose `f` is the node's, and puts the node back for the rest.

use std::collections::BinaryHeap;

use crate::cost::Cost;
use crate::engines::best_first::keyed::{Entry, Offered, States};
use crate::options::SearchOptions;
use crate::problem::{MoveBuffer, SearchProblem};
use crate::solution::{Outcome, OutcomeOf, ProblemError, Promise, ResultOf};

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
        states: States::new(problem, options),
        open: Open {
            stored_f: Vec::new(),
            made_up_to: Vec::new(),
            queue: BinaryHeap::new(),
        },
    };
    let outcome = search.run(options);
    search.states.into_result(outcome)
}

struct Partial<'p, P: SearchProblem> {
    states: States<'p, P>,
    open: Open<P>,
}

/// EPEA*'s open states, by their stored `F`.
struct Open<P: SearchProblem> {
    /// Per node: its stored `F`; the `F` up to which its children are made (`None`: none yet).
    stored_f: Vec<P::Cost>,
    made_up_to: Vec<Option<P::Cost>>,
    queue: BinaryHeap<Entry>,
}

impl<P: SearchProblem> Partial<'_, P> {
    #[allow(clippy::too_many_lines)] // one expansion, its children judged one by one
    fn run(&mut self, options: &SearchOptions) -> OutcomeOf<P> {
        let (states, open) = (&mut self.states, &mut self.open);
        if let Err(halt) = states.begin(options, |states, offered| open.keep(states, offered)) {
            return halt;
        }
        let problem = states.problem;
        let mut moves = MoveBuffer::new();
        while let Some(entry) = open.queue.pop() {
            if !states.is_current(&entry) {
                continue;
            }
            let index = entry.index as usize;
            let node = &states.table.nodes[index];
            let (state, g) = (node.state.clone(), node.g);
            if problem.is_goal(&state) {
                return states.solution(index, Some(g), options, Promise::Optimal);
            }
            let skip = node.arrived_by.and_then(|mv| problem.inverse(mv));
            if let Err(halt) = states.count_expansion(open.queue.len()) {
                return halt;
            }
            let (upper, lower) = (open.stored_f[index], open.made_up_to[index]);
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
                    if cost < P::Cost::MAX {
                        states.overflowed();
                    }
                    continue;
                }
                let (child, h) = if let Some(h) = problem.heuristic_after(&state, mv) {
                    (None, h)
                } else {
                    let mut child = state.clone();
                    problem.apply(&mut child, mv);
                    states.stats.generated += 1;
                    let h = problem.heuristic(&child);
                    (Some(child), h)
                };
                if !h.is_valid() {
                    let heuristic = h.value();
                    return Outcome::invalid(ProblemError::InvalidHeuristic { heuristic });
                }
                let f = child_g.saturating_add(h);
                if f >= P::Cost::MAX {
                    if h < P::Cost::MAX {
                        states.overflowed();
                    }
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
                    states.stats.generated += 1;
                    let mut child = state.clone();
                    problem.apply(&mut child, mv);
                    child
                });
                match states.offer(child, index, Some(mv), child_g, Some(h)) {
                    Ok(offered) => open.keep(states, offered),
                    Err(halt) => return halt,
                }
            }
            moves.clear();
            // Back in the queue for the children left out, or done (its entry popped, none
            // other of its version left).
            open.made_up_to[index] = Some(upper);
            if next < P::Cost::MAX {
                open.stored_f[index] = next;
                open.queue(states, index);
            }
        }
        states.exhausted()
    }
}

impl<P: SearchProblem> Open<P> {
    /// Queues the node at `index` at its stored `F`.
    fn queue(&mut self, states: &States<'_, P>, index: usize) {
        let key = self.stored_f[index].value().as_f64();
        self.queue.push(states.entry(index, key));
    }

    /// Takes a node the states stored or relinked (its older entries then passed over):
    /// queued at its `f`, its children all to be made again.
    fn keep(&mut self, states: &States<'_, P>, offered: Offered) {
        let index = match offered {
            Offered::Skipped | Offered::Kept(_) => return,
            Offered::New(index) => {
                self.stored_f.push(P::Cost::ZERO);
                self.made_up_to.push(None);
                index
            }
            Offered::Cheaper(index) => index,
        };
        self.stored_f[index] = states.table.nodes[index].g.saturating_add(states.h[index]);
        self.made_up_to[index] = None;
        self.queue(states, index);
    }
}
