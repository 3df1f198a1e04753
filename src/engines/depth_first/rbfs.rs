//! Recursive best-first search (RBFS), run on an explicit stack.

use core::ops::ControlFlow;

use smallvec::SmallVec;

use crate::cost::Cost;
use crate::engines::depth_first::ida_star::{ZERO_RUN, repeats_a_state, start_heuristic};
use crate::engines::depth_first::on_path::OnPath;
use crate::engines::depth_first::sweep::Sweeps;
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::{ChildVisitor, MoveBuffer, SearchProblem, restores_by_copy, undo};
use crate::solution::{Outcome, ProblemError, Promise, ResultOf, Stats, solved, solved_at_start};

/// Solves `problem` with recursive best-first search (Korf, 1993), with default options.
///
/// RBFS expands nodes in best-first order like A*, yet stores only the current path and the
/// siblings of its nodes: it descends into the child of least backed-up cost `F` while that
/// stays within the cost of the best alternative, and on the way back records the least `f`
/// found below each child, so that re-entering a subtree starts from what is already known.
///
/// - **When to use it:** like IDA*, when the space is too large to store, but where the costs
///   are so varied that IDA* would run one iteration per distinct `f`; RBFS generates fewer
///   nodes than IDA* whenever its `F` values save re-expansions.
/// - **Heuristic:** with an admissible heuristic the solution is optimal. Among children of
///   equal `F` the first one [`SearchProblem::moves`] yields is tried first, but RBFS does
///   not guarantee the lexicographically smallest of several optimal solutions.
/// - **Work in place:** children are evaluated with [`apply`](SearchProblem::apply) and the
///   move's [`inverse`](SearchProblem::inverse) (a copy of the state for a small state that
///   owns nothing, or for a move without an inverse);
///   the path lives on an explicit stack, not the call stack.
/// - **Time:** at worst exponential in the number of distinct `F` values on the way, like
///   IDA*; choosing among a node's b children costs O(log b) each time the search comes back
///   to it (they are kept in a heap); **memory:** O(b·d) for branching factor b and depth d.
/// - **Termination:** on a finite space with no reachable goal, as for
///   [`ida_star`](crate::ida_star()) (its sweeps come between expansions here). A cycle of
///   moves that cost nothing makes RBFS descend forever unless cycles are detected; the path
///   check (on in debug builds) names it, [`ProblemError::ZeroCostCycle`].
///
/// Reference: R. E. Korf, "Linear-space best-first search", *Artificial Intelligence* 62
/// (1993) 41–78.
///
/// ```
/// use informed::rbfs;
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
/// assert_eq!(rbfs(&puzzle).solution().map(|s| s.cost), Some(4));
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn rbfs<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    rbfs_with(problem, &SearchOptions::default())
}

/// [`rbfs()`] with options.
pub fn rbfs_with<P: SearchProblem>(problem: &P, options: &SearchOptions) -> ResultOf<P> {
    if let Some(refused) = crate::engines::refused_starts(problem) {
        return refused;
    }
    let cycles = options.detects_cycles(problem);
    let watch = Watch::new(options);
    let mut search = Search {
        problem,
        state: problem.start(),
        frames: Vec::new(),
        moves: MoveBuffer::new(),
        stats: Stats::default(),
        on_path: cycles.then(OnPath::new),
        look_for_zero_cycles: options.check_path && !cycles,
        sweeps: Sweeps::new(options, watch.deadline),
        watch,
        overflowed: false,
    };
    let outcome = search.run(options);
    ResultOf::<P> {
        outcome,
        stats: search.stats,
    }
}

/// A child of a node on the path, with its backed-up cost.
#[derive(Clone, Copy)]
struct Child<M, C> {
    mv: M,
    cost: C,
    backed_up: C,
    /// Its place among its siblings in move order: the first of equal cost is tried first.
    order: u32,
}

impl<M, C: Cost> Child<M, C> {
    /// Whether this child comes before `other`: lower backed-up cost, then earlier in order.
    #[inline]
    fn before(&self, other: &Self) -> bool {
        (self.backed_up.key(), self.order) < (other.backed_up.key(), other.order)
    }
}

/// A node on the current path.
struct Frame<S, M, C> {
    /// A binary min-heap by [`Child::before`]: the best child at the root, the second best
    /// one of the root's two children, so that choosing and re-choosing among many children
    /// costs a logarithm of their number, not their number.
    children: SmallVec<[Child<M, C>; 8]>,
    /// The cost above which the search returns to the parent.
    bound: C,
    g: C,
    /// The move that led here; `None` at the root.
    arrived_by: Option<M>,
    /// The state before `arrived_by`, when that move cannot be undone.
    saved: Option<S>,
    /// For a problem that makes its children at once
    /// ([`SearchProblem::children_at_once`]): the children, in move order (by
    /// [`Child::order`]); empty otherwise.
    states: Vec<S>,
}

struct Search<'p, P: SearchProblem> {
    problem: &'p P,
    state: P::State,
    frames: Vec<Frame<P::State, P::Move, P::Cost>>,
    moves: MoveBuffer<P::Move, P::Cost>,
    stats: Stats<P::Cost>,
    on_path: Option<OnPath<P::State>>,
    /// Whether to look for a zero-cost cycle on a deep path (with the path check, and without
    /// cycle detection, which avoids them).
    look_for_zero_cycles: bool,
    watch: Watch<'p, P::Cost>,
    /// The breadth-first sweeps that prove a finite space holds no reachable goal.
    sweeps: Sweeps,
    /// Whether a child's `f` passed the cost type ([`StopReason::CostOverflow`] if no
    /// solution is found).
    overflowed: bool,
}

impl<P: SearchProblem> Search<'_, P> {
    fn run(&mut self, options: &SearchOptions) -> crate::OutcomeOf<P> {
        let problem = self.problem;
        let infinite = P::Cost::MAX;
        if options.bound_admits_nothing() {
            return Outcome::stopped_by(StopReason::CostBound);
        }
        if problem.is_goal(&self.state) {
            return solved_at_start(problem, problem.start(), options);
        }
        let h = match start_heuristic(problem, &self.state) {
            Ok(h) => h,
            Err(outcome) => return outcome,
        };
        // The root's bound is the cost bound: RBFS returns to the root only once every
        // solution within it is ruled out.
        if let Err(error) = self.push(P::Cost::ZERO, h, self.watch.cost_bound, None, None) {
            return Outcome::invalid(error);
        }
        loop {
            if let Some(reason) = self.watch.check(&self.stats, self.frames.len(), 0) {
                return Outcome::stopped_by(reason);
            }
            if self.sweeps.prove_no_goal(problem, &mut self.stats) {
                return Outcome::NoSolution;
            }
            let depth = self.frames.len() - 1;
            let frame = &mut self.frames[depth];
            let (best, best_value, second_value) = best_two(&frame.children);
            let Some(best) = best.filter(|_| best_value <= frame.bound && best_value != infinite)
            else {
                // Nothing below this node within its bound: back the least cost up.
                let arrived_by = frame.arrived_by;
                if let Some(on_path) = &mut self.on_path {
                    on_path.leave(&self.state);
                }
                let Some(mv) = arrived_by else {
                    if best_value == infinite && self.overflowed {
                        return Outcome::stopped_by(StopReason::CostOverflow);
                    }
                    if best_value == infinite {
                        return Outcome::NoSolution;
                    }
                    return Outcome::stopped_by(StopReason::CostBound);
                };
                match self.frames.pop().and_then(|frame| frame.saved) {
                    Some(state) => self.state = state,
                    None => undo(problem, &mut self.state, mv),
                }
                let parent = &mut self.frames[depth - 1];
                parent.children[0].backed_up = best_value;
                sift_down(&mut parent.children, 0);
                continue;
            };
            let Child { mv, cost, .. } = frame.children[best];
            let g = frame.g.saturating_add(cost);
            let bound = if second_value < frame.bound {
                second_value
            } else {
                frame.bound
            };
            // Children made at once are kept in the frame; others are made by the move.
            let saved = if frame.states.is_empty() {
                let saved = restores_by_copy(problem, mv).then(|| self.state.clone());
                problem.apply(&mut self.state, mv);
                saved
            } else {
                let child = frame.states[frame.children[best].order as usize].clone();
                Some(core::mem::replace(&mut self.state, child))
            };
            if problem.is_goal(&self.state) {
                let mut moves: Vec<P::Move> =
                    self.frames.iter().filter_map(|f| f.arrived_by).collect();
                moves.push(mv);
                let start = problem.start();
                return solved(problem, start, moves, Some(g), options, Promise::Optimal);
            }
            if let Err(error) = self.push(g, best_value, bound, Some(mv), saved) {
                return Outcome::invalid(error);
            }
            let depth = self.frames.len();
            if self.look_for_zero_cycles
                && depth % ZERO_RUN == 0
                && self.frames[depth - ZERO_RUN].g == g
                && self.zero_cost_cycle()
            {
                return Outcome::invalid(ProblemError::ZeroCostCycle);
            }
        }
    }

    /// Whether the last [`ZERO_RUN`] moves of the path pass one state twice.
    fn zero_cost_cycle(&self) -> bool {
        let frames = self.frames[self.frames.len() - ZERO_RUN..].iter().rev();
        let back = frames.map_while(|frame| Some((frame.arrived_by?, frame.saved.as_ref())));
        repeats_a_state(self.problem, &self.state, back)
    }

    /// Expands the current state, reached by `arrived_by` at cost `g` with backed-up cost
    /// `backed_up`, as a new node on the path searched within `bound`.
    fn push(
        &mut self,
        g: P::Cost,
        backed_up: P::Cost,
        bound: P::Cost,
        arrived_by: Option<P::Move>,
        saved: Option<P::State>,
    ) -> Result<(), ProblemError> {
        let problem = self.problem;
        let own_f = g.saturating_add(problem.heuristic(&self.state));
        if let Some(on_path) = &mut self.on_path {
            on_path.push(self.state.clone());
        }
        let skip = arrived_by.and_then(|mv| problem.inverse(mv));
        self.moves.clear();
        let mut lister = Lister {
            problem,
            moves: &mut self.moves,
            on_path: self.on_path.as_ref(),
            children: SmallVec::new(),
            g,
            inherited: (own_f < backed_up).then_some(backed_up),
            generated: 0,
            overflowed: false,
            error: None,
        };
        let mut states = Vec::new();
        let made = problem.children_at_once(&self.state, skip, |child, mv, cost| {
            let h = problem.heuristic(&child);
            lister.add(&child, mv, cost, h)?;
            states.push(child);
            ControlFlow::Continue(())
        });
        if made.is_none() {
            let _ = problem.visit_children(&mut self.state, skip, &mut lister);
        }
        let Lister {
            children,
            generated,
            overflowed,
            error,
            ..
        } = lister;
        self.stats.generated += generated;
        self.overflowed |= overflowed;
        if let Some(error) = error {
            return Err(error);
        }
        self.stats.expanded += 1;
        self.frames.push(Frame {
            children: heapify(children),
            bound,
            g,
            arrived_by,
            saved,
            states,
        });
        Ok(())
    }
}

/// Lists the children of the node being expanded, through [`SearchProblem::visit_children`]:
/// one call of the problem's own loop over its children (the closure adapter's successor
/// closure once, not once per child).
struct Lister<'a, P: SearchProblem> {
    problem: &'a P,
    moves: &'a mut MoveBuffer<P::Move, P::Cost>,
    on_path: Option<&'a OnPath<P::State>>,
    children: SmallVec<[Child<P::Move, P::Cost>; 8]>,
    /// The node's cost from the start.
    g: P::Cost,
    /// The node's backed-up cost when it is above its own `f`: a node re-entered after it
    /// was searched, whose children inherit that cost (Korf's "F(n) > f(n)" rule).
    inherited: Option<P::Cost>,
    generated: u64,
    /// Whether a child's `f` passed the cost type (not a dead end's, whose heuristic is MAX).
    overflowed: bool,
    /// The first cost or heuristic found invalid; the listing stops there.
    error: Option<ProblemError>,
}

impl<P: SearchProblem> Lister<'_, P> {
    fn add(&mut self, state: &P::State, mv: P::Move, cost: P::Cost, h: P::Cost) -> ControlFlow<()> {
        let infinite = P::Cost::MAX;
        if !cost.is_valid() {
            self.error = Some(ProblemError::InvalidCost { cost: cost.value() });
            return ControlFlow::Break(());
        }
        self.generated += 1;
        if !h.is_valid() {
            self.error = Some(ProblemError::InvalidHeuristic {
                heuristic: h.value(),
            });
            return ControlFlow::Break(());
        }
        let repeated = self.on_path.is_some_and(|on_path| on_path.contains(state));
        let f = if repeated || h == infinite {
            infinite
        } else {
            self.g.saturating_add(cost).saturating_add(h)
        };
        self.overflowed |= f == infinite && !repeated && h != infinite && cost != infinite;
        let backed_up = match self.inherited {
            Some(inherited) if f != infinite && f < inherited => inherited,
            _ => f,
        };
        self.children.push(Child {
            mv,
            cost,
            backed_up,
            order: self.children.len() as u32,
        });
        ControlFlow::Continue(())
    }
}

impl<P: SearchProblem> ChildVisitor<P> for Lister<'_, P> {
    fn move_stack(&mut self) -> &mut MoveBuffer<P::Move, P::Cost> {
        self.moves
    }

    /// RBFS keeps every child, with its `f`.
    fn prune(&mut self, _cost: P::Cost, _heuristic: P::Cost) -> bool {
        false
    }

    fn visit(&mut self, state: &mut P::State, mv: P::Move, cost: P::Cost) -> ControlFlow<()> {
        let h = self.problem.heuristic(state);
        self.add(state, mv, cost, h)
    }

    fn visit_passed(
        &mut self,
        state: &mut P::State,
        mv: P::Move,
        cost: P::Cost,
        heuristic: P::Cost,
    ) -> ControlFlow<()> {
        self.add(state, mv, cost, heuristic)
    }
}

/// The best child (the heap's root, index 0) with its backed-up cost, and the least cost of
/// the other children (`Cost::MAX` if there is none): the smaller of the root's children.
fn best_two<M, C: Cost>(children: &[Child<M, C>]) -> (Option<usize>, C, C) {
    let Some(best) = children.first() else {
        return (None, C::MAX, C::MAX);
    };
    let second = match (children.get(1), children.get(2)) {
        (Some(a), Some(b)) => crate::cost::min(a.backed_up, b.backed_up),
        (Some(a), None) => a.backed_up,
        _ => C::MAX,
    };
    (Some(0), best.backed_up, second)
}

/// Orders `children` into a heap by [`Child::before`].
fn heapify<M: Copy, C: Cost>(
    mut children: SmallVec<[Child<M, C>; 8]>,
) -> SmallVec<[Child<M, C>; 8]> {
    for i in (0..children.len() / 2).rev() {
        sift_down(&mut children, i);
    }
    children
}

/// Moves the child at `i` down the heap to where it belongs.
fn sift_down<M: Copy, C: Cost>(heap: &mut [Child<M, C>], mut i: usize) {
    loop {
        let (left, right) = (2 * i + 1, 2 * i + 2);
        let mut least = i;
        if left < heap.len() && heap[left].before(&heap[least]) {
            least = left;
        }
        if right < heap.len() && heap[right].before(&heap[least]) {
            least = right;
        }
        if least == i {
            return;
        }
        heap.swap(i, least);
        i = least;
    }
}
