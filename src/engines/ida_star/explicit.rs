//! One IDA* iteration on an explicit stack: below the recursion's limit (with the path above
//! it handed over, under cycle detection).

use super::{invalid_heuristic, repeats_a_state, Iteration, Iterations, ZERO_RUN};
use crate::cost::{min, Cost};
use crate::engines::on_path::OnPath;
use crate::limits::Watch;
use crate::options::SearchOptions;
use crate::problem::{restores_by_copy, undo, MadeChildren, MoveBuffer, SearchProblem};
use crate::solution::{ProblemError, Stats};

/// A node on the current path below which the search went deeper: where to resume.
struct Frame<S, M, C> {
    /// The next of its moves to try, an index into `Search::moves`.
    next: usize,
    /// One past its last move in `Search::moves`.
    end: usize,
    g: C,
    /// The move that led to it; `None` at the root.
    arrived_by: Option<M>,
    /// The inverse of `arrived_by`, never tried from it.
    skip: Option<M>,
    /// Its state, when the move the search went deeper by cannot be undone.
    saved: Option<S>,
}

pub(crate) struct Search<'p, P: SearchProblem> {
    problem: &'p P,
    pub(super) state: P::State,
    /// The nodes of the current path above the one being searched.
    frames: Vec<Frame<P::State, P::Move, P::Cost>>,
    /// The moves of every node of the path, deepest last: one flat stack the problem appends
    /// each node's moves to, so they are neither copied nor reached through a pointer per node.
    moves: MoveBuffer<P::Move, P::Cost>,
    /// The children of the moves on `moves`, for a problem that makes them at once.
    children: MadeChildren<P>,
    /// The moves of the solution, once found.
    pub path: Vec<P::Move>,
    pub stats: Stats<P::Cost>,
    /// The states on the current path, when cycles are to be detected.
    on_path: Option<OnPath<P::State>>,
    /// Whether to look for a zero-cost cycle on a deep path (with the path check, and without
    /// cycle detection, which avoids them).
    look_for_zero_cycles: bool,
    pub watch: Watch<'p, P::Cost>,
}

impl<'p, P: SearchProblem> Search<'p, P> {
    /// A search from `state`, skipping the states on the path if `cycles` (what
    /// [`SearchOptions::detects_cycles`] said for the search it continues).
    pub fn new(
        problem: &'p P,
        state: P::State,
        options: &'p SearchOptions<'p>,
        cycles: bool,
    ) -> Self {
        Search {
            problem,
            state,
            frames: Vec::new(),
            moves: MoveBuffer::new(),
            children: MadeChildren::new(),
            path: Vec::new(),
            stats: Stats::default(),
            on_path: cycles.then(OnPath::new),
            look_for_zero_cycles: options.check_path && !cycles,
            watch: Watch::new(options),
        }
    }

    /// Whether the last [`ZERO_RUN`] moves of the path, which cost nothing, pass one state
    /// twice: a zero-cost cycle, below which the iteration would never end. `last` is the
    /// move to the current state; each frame keeps the move to its own node.
    fn zero_cost_cycle(&self, last: P::Move) -> bool {
        let frames = self.frames[self.frames.len() - ZERO_RUN..].iter().rev();
        let moves = core::iter::once(Some(last)).chain(frames.clone().map(|f| f.arrived_by));
        let back = moves
            .map_while(|mv| mv)
            .zip(frames.map(|frame| frame.saved.as_ref()));
        repeats_a_state(self.problem, &self.state, back)
    }

    /// With cycle detection, counts `states` as on the path above the start: the path the
    /// recursive descent took before it handed the search over, gone deep.
    pub fn mark_on_path(&mut self, states: &[P::State]) {
        if let Some(on_path) = &mut self.on_path {
            for state in states {
                on_path.push(state.clone());
            }
        }
    }

    /// Appends the moves of the current state to the move stack (but `skip`, with their
    /// children, for a problem that makes them at once) and returns where they end.
    // Inlined by hand into the hot loop: measured 4% fewer instructions per node than a call.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn list_moves(&mut self, skip: Option<P::Move>) -> usize {
        self.children
            .list(self.problem, &self.state, skip, &mut self.moves);
        self.stats.expanded += 1;
        if let Some(on_path) = &mut self.on_path {
            on_path.push(self.state.clone());
        }
        self.moves.len()
    }

    /// One depth-first search bounded by `threshold`, from the current state (reached at cost
    /// `root_g`, by a move whose inverse is `root_skip`) back to it. On success the moves from
    /// that state are in `path`.
    ///
    /// The node being searched lives in locals (`next`, `end`, `g`, `arrived_by`), as it would
    /// in the registers of a recursive call; `frames` holds the nodes above it. (One loop, so
    /// one long function: its locals are the node.)
    #[allow(clippy::too_many_lines)]
    pub fn iterate(
        &mut self,
        threshold: P::Cost,
        root_g: P::Cost,
        root_skip: Option<P::Move>,
    ) -> Iteration<P::Cost> {
        let problem = self.problem;
        let infinite = P::Cost::MAX;
        let mut next_threshold = infinite;
        self.frames.clear();
        self.moves.clear();
        self.children.truncate(0);
        let mut next = 0;
        let mut end = self.list_moves(root_skip);
        if let Some(reason) = self.watch.check(&self.stats, 0, 0) {
            return Iteration::Stopped(reason);
        }
        // Counted in a local, stored back at every expansion and exit.
        let mut generated = self.stats.generated;
        let mut g = root_g;
        let mut arrived_by: Option<P::Move> = None;
        let mut skip: Option<P::Move> = root_skip;
        let mut saved: Option<P::State> = None;
        loop {
            if next == end {
                // Every move below this node is tried: back up one level.
                if let Some(on_path) = &mut self.on_path {
                    on_path.leave(&self.state);
                }
                let (Some(mv), Some(parent)) = (arrived_by, self.frames.pop()) else {
                    self.stats.generated = generated;
                    let next = (next_threshold != infinite).then_some(next_threshold);
                    return Iteration::Exhausted(
                        next.and_then(|f| super::next_threshold(threshold, f - threshold)),
                    );
                };
                match parent.saved {
                    Some(state) => self.state = state,
                    None => undo(problem, &mut self.state, mv),
                }
                self.moves.truncate(parent.end);
                self.children.truncate(parent.end);
                (next, end, g) = (parent.next, parent.end, parent.g);
                (arrived_by, skip) = (parent.arrived_by, parent.skip);
                continue;
            }
            let (mv, cost) = self.moves[next];
            next += 1;
            if skip == Some(mv) {
                continue;
            }
            if !cost.is_valid() {
                self.stats.generated = generated;
                return Iteration::Invalid(ProblemError::InvalidCost { cost: cost.value() });
            }
            let child_g = g.saturating_add(cost);
            // Prune on the predicted heuristic, sparing the apply and undo. (Not with cycle
            // detection: a state on the path must not set the next threshold.)
            let predicted = match self.on_path {
                None => problem.heuristic_after(&self.state, mv),
                Some(_) => None,
            };
            if let Some(h) = predicted {
                if !h.is_valid() {
                    self.stats.generated = generated;
                    return Iteration::Invalid(invalid_heuristic(h));
                }
                let f = child_g.saturating_add(h);
                if f > threshold {
                    generated += 1;
                    if f != infinite {
                        next_threshold = min(next_threshold, f);
                    }
                    continue;
                }
            }
            if self.children.at_once() {
                saved = Some(self.children.step_to(next - 1, &mut self.state));
            } else {
                if restores_by_copy(problem, mv) {
                    saved = Some(self.state.clone());
                }
                problem.apply(&mut self.state, mv);
            }
            generated += 1;
            if predicted.is_none() {
                let h = problem.heuristic(&self.state);
                if !h.is_valid() {
                    self.stats.generated = generated;
                    return Iteration::Invalid(invalid_heuristic(h));
                }
                let f = child_g.saturating_add(h);
                let repeated = self.repeats_path();
                if repeated || f > threshold {
                    // A state already on the path is never worth a next threshold: a cheaper
                    // path to it is being explored already.
                    if !repeated && f != infinite {
                        next_threshold = min(next_threshold, f);
                    }
                    match saved.take() {
                        Some(state) => self.state = state,
                        None => undo(problem, &mut self.state, mv),
                    }
                    self.stats.generated = generated;
                    if let Some(reason) = self.watch.check(&self.stats, self.frames.len(), 0) {
                        return Iteration::Stopped(reason);
                    }
                    continue;
                }
            }
            if problem.is_goal(&self.state) {
                self.path.clear();
                self.path
                    .extend(self.frames.iter().filter_map(|frame| frame.arrived_by));
                self.path.extend(arrived_by);
                self.path.push(mv);
                self.stats.generated = generated;
                return Iteration::Found(child_g);
            }
            self.frames.push(Frame {
                next,
                end,
                g,
                arrived_by,
                skip,
                saved: saved.take(),
            });
            next = end;
            let child_skip = problem.inverse(mv);
            end = self.list_moves(child_skip);
            self.stats.generated = generated;
            if let Some(reason) = self.watch.check(&self.stats, self.frames.len(), 0) {
                return Iteration::Stopped(reason);
            }
            let depth = self.frames.len();
            if self.look_for_zero_cycles
                && depth % ZERO_RUN == 0
                && self.frames[depth - ZERO_RUN].g == child_g
                && self.zero_cost_cycle(mv)
            {
                return Iteration::Invalid(ProblemError::ZeroCostCycle);
            }
            g = child_g;
            arrived_by = Some(mv);
            skip = child_skip;
        }
    }

    /// Whether cycle detection is on and the current state is already on the path.
    #[inline]
    fn repeats_path(&self) -> bool {
        self.on_path
            .as_ref()
            .is_some_and(|on_path| on_path.contains(&self.state))
    }
}

impl<'p, P: SearchProblem> Iterations<'p, P> for Search<'p, P> {
    fn iterate_from_start(&mut self, threshold: P::Cost) -> Iteration<P::Cost> {
        self.iterate(threshold, P::Cost::ZERO, None)
    }

    fn take_path(&mut self) -> Vec<P::Move> {
        core::mem::take(&mut self.path)
    }

    fn parts(&mut self) -> (&mut Stats<P::Cost>, &Watch<'p, P::Cost>) {
        (&mut self.stats, &self.watch)
    }

    fn start(&self) -> &P::State {
        &self.state
    }
}
