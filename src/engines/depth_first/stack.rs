//! The bounded depth-first search on an explicit stack that IDA* (past its recursion's
//! depth), IDA*_CR, branch and bound and the enumeration of all optimal solutions share: every
//! path whose `f = g + h` stays within a bound, at any depth, the state changed in place and
//! restored; what to do at a goal and with the children cut off is the engine's [`Policy`].

use crate::cost::Cost;
use crate::engines::depth_first::ida_star::{ZERO_RUN, invalid_heuristic, repeats_a_state};
use crate::engines::depth_first::on_path::OnPath;
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::{MadeChildren, MoveBuffer, SearchProblem, restores_by_copy, undo};
use crate::solution::{ProblemError, Stats};

/// What an engine does at the goals and cut-offs of a [`DepthFirst`] search.
pub(crate) trait Policy<P: SearchProblem> {
    /// A child whose `f` is beyond the bound (never called with `f = MAX`).
    #[inline]
    fn cut_off(&mut self, _f: P::Cost) {}

    /// A child whose `f` is within the bound, about to be searched.
    #[inline]
    fn within(&mut self, _f: P::Cost) {}

    /// A goal reached by `path` at `cost` (within the bound), and the bound to go on with. A
    /// goal's children are never searched.
    fn goal(&mut self, path: &[P::Move], cost: P::Cost) -> OnGoal<P::Cost>;

    /// A child within the bound at the depth limit, left unexpanded: `state`, reached by
    /// `path` then `mv` at cost `g`, below the states `above` (with cycle detection; else
    /// none).
    #[inline]
    fn too_deep(
        &mut self,
        _state: &P::State,
        _path: &[P::Move],
        _mv: P::Move,
        _g: P::Cost,
        _above: &[P::State],
    ) {
    }
}

/// The bound to go on with after a goal.
pub(crate) enum OnGoal<C> {
    /// Go on, cutting off every child whose `f` is this much or more.
    Below(C),
    /// Go on, cutting off every child whose `f` is more than this.
    AtMost(C),
    /// End the search ([`Ended::AtGoal`]).
    End,
}

/// How a [`DepthFirst`] search ended.
pub(crate) enum Ended {
    /// Every path within the bound was searched.
    Exhausted,
    /// The policy ended it at a goal ([`OnGoal::End`]).
    AtGoal,
    /// It would have expanded more nodes than its [budget](DepthFirst::budget).
    OverBudget,
    /// A limit stopped it.
    Stopped(StopReason),
    /// The problem gave a negative or NaN cost or heuristic.
    Invalid(ProblemError),
}

/// A node on the current path: where to resume it.
struct Frame<S, M, C> {
    /// The next of its moves to try, and one past its last, in `DepthFirst::moves`.
    next: usize,
    end: usize,
    g: C,
    /// The inverse of the move that led to it, never tried from it.
    skip: Option<M>,
    /// Its state, when the move below it cannot be undone.
    saved: Option<S>,
}

pub(crate) struct DepthFirst<'p, P: SearchProblem> {
    problem: &'p P,
    /// The state searches start from, and end back at.
    pub state: P::State,
    frames: Vec<Frame<P::State, P::Move, P::Cost>>,
    /// The moves of every node on the path, deepest last.
    moves: MoveBuffer<P::Move, P::Cost>,
    /// The children of the moves on `moves`, for a problem that makes them at once.
    children: MadeChildren<P>,
    /// The moves from the start to the node being searched.
    path: Vec<P::Move>,
    /// The states on the path, when cycles are to be detected.
    on_path: Option<OnPath<P::State>>,
    /// Whether to look for a zero-cost cycle on a deep path (the path check, with cycle
    /// detection off: with it, a cycle is never entered).
    look_for_zero_cycles: bool,
    /// No node deeper than this many moves is expanded.
    pub max_depth: usize,
    /// How many nodes a search may expand, the start included: one that would expand more
    /// ends there, [`Ended::OverBudget`].
    pub budget: u64,
    /// Whether the last search left a node unexpanded for its depth.
    pub cut_by_depth: bool,
    /// Whether a search passed over a path whose cost, or cost plus heuristic, reached `MAX`
    /// (a dead end, whose heuristic is `MAX`, is not one): since the engine began.
    pub overflowed: bool,
    pub stats: Stats<P::Cost>,
    pub watch: Watch<'p, P::Cost>,
}

impl<'p, P: SearchProblem> DepthFirst<'p, P> {
    /// A search from the problem's start, no node deeper than `max_depth` expanded.
    pub fn new(problem: &'p P, options: &'p SearchOptions<'p>, max_depth: Option<usize>) -> Self {
        let cycles = options.detects_cycles(problem);
        let mut search = Self::from_state(problem, problem.start(), options, cycles);
        search.max_depth = max_depth.unwrap_or(usize::MAX);
        search
    }

    /// A search from `state`, skipping the states on the path if `cycles`.
    pub fn from_state(
        problem: &'p P,
        state: P::State,
        options: &'p SearchOptions<'p>,
        cycles: bool,
    ) -> Self {
        DepthFirst {
            problem,
            state,
            frames: Vec::new(),
            moves: MoveBuffer::new(),
            children: MadeChildren::new(),
            path: Vec::new(),
            on_path: cycles.then(OnPath::new),
            look_for_zero_cycles: options.check_path && !cycles,
            max_depth: usize::MAX,
            budget: u64::MAX,
            cut_by_depth: false,
            overflowed: false,
            stats: Stats::default(),
            watch: Watch::new(options),
        }
    }

    /// Whether the last [`ZERO_RUN`] moves of the path, which cost nothing, pass one state
    /// twice: a zero-cost cycle, below which the search would never end.
    fn zero_cost_cycle(&self) -> bool {
        let from = self.frames.len() - ZERO_RUN;
        let moves = self.path[from..].iter().rev().copied();
        let saved = self.frames[from..]
            .iter()
            .rev()
            .map(|frame| frame.saved.as_ref());
        repeats_a_state(self.problem, &self.state, moves.zip(saved))
    }

    /// The state searches start from.
    pub fn start(&self) -> &P::State {
        &self.state
    }

    /// Whether the search skips the states on the path.
    #[cfg(feature = "parallel")]
    pub fn detects_cycles(&self) -> bool {
        self.on_path.is_some()
    }

    /// With cycle detection, counts `states` as on the path above the start: the path the
    /// recursive IDA* took before it handed the search over, gone deep.
    pub fn mark_on_path(&mut self, states: &[P::State]) {
        if let Some(on_path) = &mut self.on_path {
            for state in states {
                on_path.push(state.clone());
            }
        }
    }

    /// Searches every path from the start whose `f` is at most `bound`, telling `policy` of
    /// each goal and each child cut off, and ends back at the start.
    pub fn search(&mut self, bound: P::Cost, policy: &mut impl Policy<P>) -> Ended {
        self.search_below(bound, P::Cost::ZERO, None, policy)
    }

    /// [`search`](Self::search), every child whose `f` is `bound` or more cut off.
    pub fn search_under(&mut self, bound: P::Cost, policy: &mut impl Policy<P>) -> Ended {
        self.finish(|search| search.run(bound, true, P::Cost::ZERO, None, policy))
    }

    /// [`search`](Self::search) from a start reached at cost `g` by a move whose inverse is
    /// `skip` (IDA*'s recursion hands its deep nodes over so).
    pub fn search_below(
        &mut self,
        bound: P::Cost,
        g: P::Cost,
        skip: Option<P::Move>,
        policy: &mut impl Policy<P>,
    ) -> Ended {
        self.finish(|search| search.run(bound, false, g, skip, policy))
    }

    /// Runs `search`, and goes back to the start whatever stopped it.
    fn finish(&mut self, search: impl FnOnce(&mut Self) -> Ended) -> Ended {
        let problem = self.problem;
        let ended = search(self);
        while let Some(frame) = self.frames.pop() {
            let mv = self.path.pop();
            match (frame.saved, mv) {
                (Some(state), _) => self.state = state,
                (None, Some(mv)) => undo(problem, &mut self.state, mv),
                (None, None) => {}
            }
        }
        self.moves.clear();
        self.children.truncate(0);
        self.path.clear();
        if let Some(on_path) = &mut self.on_path {
            on_path.clear();
        }
        ended
    }

    /// Lists the moves of the state being searched (but `skip`; with their children, for a
    /// problem that makes them at once) and counts it expanded.
    fn expand(&mut self, skip: Option<P::Move>) -> usize {
        self.children
            .list(self.problem, &self.state, skip, &mut self.moves);
        self.stats.expanded += 1;
        if let Some(on_path) = &mut self.on_path {
            on_path.push(self.state.clone());
        }
        self.moves.len()
    }

    #[allow(clippy::too_many_lines)]
    fn run(
        &mut self,
        bound: P::Cost,
        strict: bool,
        root_g: P::Cost,
        root_skip: Option<P::Move>,
        policy: &mut impl Policy<P>,
    ) -> Ended {
        let problem = self.problem;
        let infinite = P::Cost::MAX;
        // A child is cut off when its f is above `limit`, or when `strict` and equal to it;
        // and always when its f is infinite (a dead end, or a sum past the cost type).
        let (mut limit, mut strict) = (bound, strict);
        let beyond = |f: P::Cost, limit: P::Cost, strict: bool| {
            f >= infinite || f > limit || (strict && f >= limit)
        };
        self.frames.clear();
        self.moves.clear();
        self.children.truncate(0);
        self.path.clear();
        self.cut_by_depth = false;
        if self.max_depth == 0 {
            // No move may be made: the start's moves, if it has any, are left untried.
            self.cut_by_depth = true;
            return Ended::Exhausted;
        }
        let budget_end = self.stats.expanded.saturating_add(self.budget);
        let mut next = self.moves.len();
        let mut end = self.expand(root_skip);
        let mut g = root_g;
        let mut skip = root_skip;
        if let Some(reason) = self.watch.check(&self.stats, 0, 0) {
            return Ended::Stopped(reason);
        }
        loop {
            if next == end {
                // Every move below this node is tried: back up one level.
                if let Some(on_path) = &mut self.on_path {
                    on_path.leave(&self.state);
                }
                let Some(parent) = self.frames.pop() else {
                    return Ended::Exhausted;
                };
                let mv = self.path.pop().expect("a move for every frame");
                match parent.saved {
                    Some(state) => self.state = state,
                    None => undo(problem, &mut self.state, mv),
                }
                self.moves.truncate(parent.end);
                self.children.truncate(parent.end);
                (next, end, g, skip) = (parent.next, parent.end, parent.g, parent.skip);
                continue;
            }
            let (mv, cost) = self.moves[next];
            next += 1;
            if skip == Some(mv) {
                continue;
            }
            if !cost.is_valid() {
                return Ended::Invalid(ProblemError::InvalidCost { cost: cost.value() });
            }
            self.stats.generated += 1;
            if let Some(reason) = self.watch.check(&self.stats, self.frames.len(), 0) {
                return Ended::Stopped(reason);
            }
            let child_g = g.saturating_add(cost);
            if child_g >= infinite {
                // A sum of finite costs that reaches MAX (a move of cost MAX is no move).
                self.overflowed |= cost < infinite;
                continue; // a path whose cost reaches MAX is no path
            }
            // Pruned on the predicted heuristic, sparing the apply and the restore. (Not with
            // cycle detection: a state on the path must not be counted as cut off.)
            let predicted = match self.on_path {
                None => problem.heuristic_after(&self.state, mv),
                Some(_) => None,
            };
            if let Some(h) = predicted {
                if !h.is_valid() {
                    return Ended::Invalid(invalid_heuristic(h));
                }
                let f = child_g.saturating_add(h);
                if beyond(f, limit, strict) {
                    if f < infinite {
                        policy.cut_off(f);
                    } else {
                        self.overflowed |= h < infinite;
                    }
                    continue;
                }
            }
            let saved = if self.children.at_once() {
                Some(self.children.step_to(next - 1, &mut self.state))
            } else {
                let saved = restores_by_copy(problem, mv).then(|| self.state.clone());
                problem.apply(&mut self.state, mv);
                saved
            };
            let h = problem.heuristic(&self.state);
            let restore = |search: &mut Self, saved: Option<P::State>| match saved {
                Some(state) => search.state = state,
                None => undo(problem, &mut search.state, mv),
            };
            if !h.is_valid() {
                restore(self, saved);
                return Ended::Invalid(invalid_heuristic(h));
            }
            let f = child_g.saturating_add(h);
            let repeated = self
                .on_path
                .as_ref()
                .is_some_and(|on_path| on_path.contains(&self.state));
            if repeated || beyond(f, limit, strict) {
                if !repeated && f < infinite {
                    policy.cut_off(f);
                } else if !repeated {
                    self.overflowed |= h < infinite;
                }
                restore(self, saved);
                continue;
            }
            policy.within(f);
            if problem.is_goal(&self.state) {
                self.path.push(mv);
                let action = policy.goal(&self.path, child_g);
                self.path.pop();
                restore(self, saved);
                match action {
                    OnGoal::Below(cost) => (limit, strict) = (cost, true),
                    OnGoal::AtMost(cost) => (limit, strict) = (cost, false),
                    OnGoal::End => return Ended::AtGoal,
                }
                continue;
            }
            if self.frames.len() + 1 >= self.max_depth {
                // Too deep to expand: the child is generated and left.
                self.cut_by_depth = true;
                let above = self.on_path.as_ref().map_or(&[][..], OnPath::states);
                policy.too_deep(&self.state, &self.path, mv, child_g, above);
                restore(self, saved);
                continue;
            }
            if self.stats.expanded >= budget_end {
                restore(self, saved);
                return Ended::OverBudget;
            }
            self.frames.push(Frame {
                next,
                end,
                g,
                skip,
                saved,
            });
            self.path.push(mv);
            let depth = self.frames.len();
            if self.look_for_zero_cycles
                && depth % ZERO_RUN == 0
                && self.frames[depth - ZERO_RUN].g == child_g
                && self.zero_cost_cycle()
            {
                return Ended::Invalid(ProblemError::ZeroCostCycle);
            }
            skip = problem.inverse(mv);
            next = end;
            end = self.expand(skip);
            g = child_g;
        }
    }
}
