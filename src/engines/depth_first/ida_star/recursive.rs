//! One IDA* iteration by recursion through [`SearchProblem::visit_children`].

use core::cmp::Ordering::{Equal, Less};
use core::ops::ControlFlow;

use super::{Goal, RECURSION_LIMIT, Round, Rounds, explicit, next_threshold};
use crate::cost::{Cost, min};
use crate::engines::depth_first::on_path::OnPath;
use crate::engines::depth_first::stack::DepthFirst;
use crate::limits::Watch;
use crate::options::{SearchOptions, StopReason};
use crate::problem::{ChildVisitor, MoveBuffer, SearchProblem};
use crate::solution::{ProblemError, Stats};

/// IDA* by recursion through [`SearchProblem::visit_children`], the way a hand-written IDA*
/// is: each node's loop over its children lives in one call frame. With `CYCLES`, it skips the
/// states already on the path ([`SearchOptions::detects_cycles`]); the search is compiled once
/// with and once without, so that one without pays nothing for it.
///
/// A child on the path is passed over before its cut-off test, so that it never sets the next
/// threshold: the counts and thresholds of the explicit stack, which kept the path in a hash
/// set. But only a child within the threshold, or one cut off by less than the least excess
/// so far, is compared with the path (`prune` declines those, so they are made); the others are
/// cut off, on the path or not (pancakes with `detect_cycles`: 65.8 instructions a node, 314.7
/// on the explicit stack).
pub(crate) struct Recursive<'p, P: SearchProblem, const CYCLES: bool> {
    /// The state being searched, changed in place and restored.
    state: P::State,
    /// With cycle detection, the states on the path above `state` (the path to a subtree
    /// searched on its own, by parallel IDA*).
    above: Vec<P::State>,
    descent: Descent<'p, P, CYCLES>,
}

impl<'p, P: SearchProblem, const CYCLES: bool> Recursive<'p, P, CYCLES> {
    /// A search from `state`.
    pub(crate) fn new(problem: &'p P, state: P::State, options: &'p SearchOptions<'p>) -> Self {
        Recursive {
            state,
            above: Vec::new(),
            descent: Descent::new(problem, options),
        }
    }

    /// With cycle detection, counts `states` as on the path above the start.
    #[cfg(feature = "parallel")]
    pub(crate) fn mark_on_path(&mut self, states: &[P::State]) {
        self.above = states.to_vec();
    }

    /// One depth-first search bounded by `threshold` below the state, reached at cost `g`
    /// (at most the threshold) by a move whose inverse is `skip`: a goal's cost, its moves
    /// from the state in [`take_path`](Self::take_path).
    pub(crate) fn iterate(
        &mut self,
        threshold: P::Cost,
        g: P::Cost,
        skip: Option<P::Move>,
    ) -> Round<P::Cost, P::Cost> {
        let descent = &mut self.descent;
        descent.threshold = threshold;
        descent.budget = threshold - min(g, threshold);
        descent.least_excess = P::Cost::MAX;
        descent.depth = 0;
        descent.found = None;
        descent.stopped = None;
        descent.invalid = None;
        descent.reversed_path.clear();
        descent.moves.clear();
        if CYCLES {
            descent.on_path.clear();
            for state in self.above.iter().chain([&self.state]) {
                descent.on_path.push(state.clone());
            }
        }
        descent.stats.expanded += 1;
        if let Some(reason) = descent.watch.check(&descent.stats, 0, 0) {
            return Round::Stopped(reason);
        }
        descent.rearm();
        // The outcome is read from the fields `visit` sets, not from the flow.
        let _ = descent
            .problem
            .visit_children(&mut self.state, skip, descent);
        descent.sync();
        if let Some(error) = descent.invalid.take() {
            return Round::Invalid(error);
        }
        if let Some(reason) = descent.stopped {
            return Round::Stopped(reason);
        }
        if let Some(cost) = descent.found {
            return Round::Found(cost);
        }
        let next = next_threshold(threshold, descent.least_excess);
        // A child cut off at a finite excess that takes the threshold to MAX: a path whose
        // cost passes the type. (A dead end, whose heuristic is MAX, records no excess.)
        descent.overflowed |= next.is_none() && descent.least_excess < P::Cost::MAX;
        Round::Exhausted(next.map(|next| (next, next)))
    }

    /// Runs `search` on `stack` with this search's counts and limits, and takes them back.
    pub(crate) fn lend<T>(
        &mut self,
        stack: &mut DepthFirst<'p, P>,
        search: impl FnOnce(&mut DepthFirst<'p, P>) -> T,
    ) -> T {
        self.descent.lend(stack, search)
    }

    /// The counts, once the search is over.
    pub(crate) fn into_stats(self) -> Stats<P::Cost> {
        self.descent.stats
    }

    /// Whether a path passed the cost type ([`Rounds::overflowed`]).
    #[cfg(feature = "parallel")]
    pub(crate) fn overflowed(&self) -> bool {
        self.descent.overflowed
    }

    /// The moves of the solution the last iteration found, from its start.
    pub(crate) fn take_path(&mut self) -> Vec<P::Move> {
        let mut path = core::mem::take(&mut self.descent.reversed_path);
        path.reverse();
        path
    }

    /// The limits, for parallel IDA* to add its own.
    #[cfg(feature = "parallel")]
    pub(crate) fn watch_mut(&mut self) -> &mut Watch<'p, P::Cost> {
        &mut self.descent.watch
    }
}

impl<'p, P: SearchProblem, const CYCLES: bool> Rounds<'p, P> for Recursive<'p, P, CYCLES> {
    type Found = Goal<P>;

    fn round(&mut self, threshold: P::Cost) -> Round<P::Cost, Goal<P>> {
        self.iterate(threshold, P::Cost::ZERO, None)
            .map_found(|cost| (self.take_path(), cost))
    }

    fn parts(&mut self) -> (&mut Stats<P::Cost>, &Watch<'p, P::Cost>) {
        (&mut self.descent.stats, &self.descent.watch)
    }

    fn overflowed(&self) -> bool {
        self.descent.overflowed
    }
}

/// The engine's side of [`SearchProblem::visit_children`]: everything one iteration knows
/// besides the state.
struct Descent<'p, P: SearchProblem, const CYCLES: bool> {
    problem: &'p P,
    options: &'p SearchOptions<'p>,
    threshold: P::Cost,
    /// The threshold less the cost of the path to the node whose children are being
    /// visited: a child is cut off when its move's cost plus its heuristic exceeds it.
    /// (Kept instead of that cost, it spares an addition per child.)
    budget: P::Cost,
    /// By how little a cut-off child exceeded the threshold, at least, in this iteration: the
    /// next threshold is this much above the current one.
    least_excess: P::Cost,
    /// The length of the path to the node whose children are being visited.
    depth: usize,
    /// The cost of the solution, once found.
    found: Option<P::Cost>,
    stopped: Option<StopReason>,
    /// A negative or NaN cost or heuristic met.
    invalid: Option<ProblemError>,
    /// The generated count at which to check the limits (a copy of the watch's
    /// [`due`](Watch::due)), and how many nodes are left until then. While `visit_children`
    /// runs, nodes are counted down in `left`, not up in `stats.generated`: one decrement and
    /// a test for zero per child, cut off or not, counts it and watches the limits at once.
    /// [`sync`](Self::sync) brings `stats.generated` up to date.
    check_at: u64,
    left: u64,
    /// The moves of the solution from the goal back to the start, pushed as the recursion
    /// unwinds.
    reversed_path: Vec<P::Move>,
    /// The move stack for problems that list their moves.
    moves: MoveBuffer<P::Move, P::Cost>,
    /// With `CYCLES`, the states from the start to the node whose children are being
    /// visited: a child on it is not entered; empty (and never allocated) without.
    on_path: OnPath<P::State>,
    stats: Stats<P::Cost>,
    watch: Watch<'p, P::Cost>,
    /// Whether a path was passed over because its cost passed the cost type, in any
    /// iteration ([`StopReason::CostOverflow`] if no solution is found).
    overflowed: bool,
}

impl<'p, P: SearchProblem, const CYCLES: bool> Descent<'p, P, CYCLES> {
    /// Runs `search` on `stack` with this search's counts and limits, and takes them back.
    fn lend<T>(
        &mut self,
        stack: &mut DepthFirst<'p, P>,
        search: impl FnOnce(&mut DepthFirst<'p, P>) -> T,
    ) -> T {
        core::mem::swap(&mut stack.stats, &mut self.stats);
        core::mem::swap(&mut stack.watch, &mut self.watch);
        let result = search(stack);
        core::mem::swap(&mut stack.stats, &mut self.stats);
        core::mem::swap(&mut stack.watch, &mut self.watch);
        result
    }

    fn new(problem: &'p P, options: &'p SearchOptions<'p>) -> Self {
        Descent {
            problem,
            options,
            threshold: P::Cost::ZERO,
            budget: P::Cost::ZERO,
            least_excess: P::Cost::MAX,
            depth: 0,
            found: None,
            stopped: None,
            invalid: None,
            check_at: 0,
            left: 1,
            reversed_path: Vec::new(),
            moves: MoveBuffer::new(),
            on_path: OnPath::new(),
            stats: Stats::default(),
            watch: Watch::new(options),
            overflowed: false,
        }
    }

    /// A child whose `f` exceeds the threshold by `excess`: it may set the next threshold.
    /// (A child with an infinite `f` sets it only if nothing finite does, and then it is
    /// infinite too: no next iteration.)
    #[inline]
    fn exceeded_by(&mut self, excess: P::Cost) {
        if excess < self.least_excess {
            self.least_excess = excess;
        }
    }

    /// Whether a child reached at `cost` with `heuristic` exceeds the threshold, noting by
    /// how much if it does.
    ///
    /// `cost + heuristic > budget`, as one addition and one comparison on the chain of
    /// instructions the decision waits for (a saturating addition would add a select); the
    /// overflow, a branch always predicted, is handled out of line, so that the common path
    /// keeps no select either (7% fewer instructions on pancakes than testing it inline).
    ///
    /// A negative or NaN cost or heuristic (never, for unsigned costs: the test compiles away)
    /// cuts the child off and stops the search with [`Outcome::Invalid`](crate::Outcome::Invalid).
    #[inline]
    fn cuts_off(&mut self, cost: P::Cost, heuristic: P::Cost) -> bool {
        if !(cost.is_valid() && heuristic.is_valid()) {
            self.reject(cost, heuristic);
            return true;
        }
        let (need, overflow) = cost.overflowing_add(heuristic);
        if overflow {
            return self.overflowed(heuristic);
        }
        if need > self.budget {
            // A dead end (a heuristic of MAX) reached by a move of cost zero sets no
            // threshold; asked only of a child that would lower the least excess, rarely.
            let excess = need - self.budget;
            if excess < self.least_excess && (need < P::Cost::MAX || heuristic < P::Cost::MAX) {
                self.least_excess = excess;
            }
            return true;
        }
        false
    }

    /// Whether a child reached at `cost` with `heuristic` is cut off by no less than the
    /// least excess so far, so that it cannot lower the next threshold (and so need not be
    /// checked against the path, with `CYCLES`: cut off whether on it or not). Records
    /// nothing; `false` for an invalid cost or heuristic, left to [`cuts_off`](Self::cuts_off).
    #[inline]
    fn surely_cut_off(&self, cost: P::Cost, heuristic: P::Cost) -> bool {
        if !(cost.is_valid() && heuristic.is_valid()) {
            return false;
        }
        let (need, overflow) = cost.overflowing_add(heuristic);
        let excess = if overflow {
            P::Cost::MAX - self.budget
        } else if need > self.budget {
            need - self.budget
        } else {
            return false;
        };
        excess >= self.least_excess
    }

    /// A child whose `cost + heuristic` overflows: cut off, by as much as infinity exceeds the
    /// budget, unless it is a dead end (its heuristic is `MAX`), which sets no threshold.
    #[cold]
    #[inline(never)]
    fn overflowed(&mut self, heuristic: P::Cost) -> bool {
        if heuristic < P::Cost::MAX {
            self.exceeded_by(P::Cost::MAX - self.budget);
        }
        true
    }

    /// Brings `stats.generated` up to date with the countdown.
    #[inline]
    fn sync(&mut self) {
        self.stats.generated = self.check_at - self.left;
    }

    /// Sets the countdown to the watch's next due point, after a check (`stats.generated` up
    /// to date). At least one node ahead: a tick that came in since makes it the next.
    #[inline]
    fn rearm(&mut self) {
        let generated = self.stats.generated;
        self.check_at = self.watch.due().max(generated + 1);
        self.left = self.check_at - generated;
    }

    /// The check of the limits once the countdown reaches zero. `true`: a limit stops the
    /// search.
    #[cold]
    #[inline(never)]
    fn count_check(&mut self) -> bool {
        self.sync();
        if let Some(reason) = self.watch.check(&self.stats, self.depth + 1, 0) {
            self.stopped = Some(reason);
            return true;
        }
        self.rearm();
        false
    }

    /// [`count_check`](Self::count_check) at a child cut off before it was made: `true` to
    /// go on, `false` to have the child visited, where the search stops (`visit` counts the
    /// child again, so it is taken back here, and the countdown left to end there).
    #[cold]
    #[inline(never)]
    fn prune_check(&mut self) -> bool {
        if !self.count_check() {
            return true;
        }
        self.stopped = None;
        self.stats.generated -= 1;
        self.check_at = self.stats.generated + 1;
        self.left = 1;
        false
    }

    /// Records an invalid cost or heuristic and has the search stop at its next check.
    #[cold]
    #[inline(never)]
    fn reject(&mut self, cost: P::Cost, heuristic: P::Cost) {
        let error = if cost.is_valid() {
            ProblemError::InvalidHeuristic {
                heuristic: heuristic.value(),
            }
        } else {
            ProblemError::InvalidCost { cost: cost.value() }
        };
        self.invalid.get_or_insert(error);
        self.watch.interrupt();
    }

    /// Searches below `state` (reached by `mv` at cost `g`) on the explicit stack, once the
    /// recursion is [`RECURSION_LIMIT`] deep.
    #[cold]
    #[inline(never)]
    fn descend_on_stack(
        &mut self,
        state: &mut P::State,
        mv: P::Move,
        g: P::Cost,
    ) -> ControlFlow<()> {
        // The state is lent to the explicit stack and given back, not cloned (a clone may be
        // less than the state, or dear to make).
        let lent = core::mem::replace(state, self.problem.start());
        let mut search = DepthFirst::from_state(self.problem, lent, self.options, CYCLES);
        if CYCLES {
            search.mark_on_path(self.on_path.states());
        }
        self.sync();
        let (skip, threshold) = (self.problem.inverse(mv), self.threshold);
        let round = self.lend(&mut search, |stack| {
            explicit::iterate(stack, threshold, g, skip)
        });
        self.rearm();
        self.overflowed |= search.overflowed;
        // The explicit stack ends back at the state it was lent, whatever ended it.
        *state = core::mem::replace(&mut search.state, self.problem.start());
        match round {
            Round::Invalid(error) => {
                self.invalid = Some(error);
                ControlFlow::Break(())
            }
            Round::Found((path, cost)) => {
                self.found = Some(cost);
                self.reversed_path.extend(path.iter().rev());
                self.reversed_path.push(mv);
                ControlFlow::Break(())
            }
            Round::Exhausted(next) => {
                if let Some((next, _)) = next {
                    self.exceeded_by(next - self.threshold);
                }
                ControlFlow::Continue(())
            }
            Round::Stopped(reason) => {
                self.stopped = Some(reason);
                ControlFlow::Break(())
            }
        }
    }
}

impl<P: SearchProblem, const CYCLES: bool> ChildVisitor<P> for Descent<'_, P, CYCLES> {
    #[inline]
    fn move_stack(&mut self) -> &mut MoveBuffer<P::Move, P::Cost> {
        &mut self.moves
    }

    #[inline]
    fn prune(&mut self, cost: P::Cost, heuristic: P::Cost) -> bool {
        // A child that might lower the next threshold is made, to be checked against the
        // path first.
        let cut_off = if CYCLES {
            self.surely_cut_off(cost, heuristic)
        } else {
            self.cuts_off(cost, heuristic)
        };
        if !cut_off {
            return false;
        }
        self.left -= 1;
        if self.left != 0 {
            return true;
        }
        self.prune_check()
    }

    #[inline]
    fn visit(&mut self, state: &mut P::State, mv: P::Move, cost: P::Cost) -> ControlFlow<()> {
        if self.counts_to_a_stop() {
            return ControlFlow::Break(());
        }
        let heuristic = self.problem.heuristic(state);
        if CYCLES && (self.surely_cut_off(cost, heuristic) || self.is_on_path(state)) {
            return ControlFlow::Continue(());
        }
        if self.cuts_off(cost, heuristic) {
            return ControlFlow::Continue(());
        }
        self.enter(state, mv, cost)
    }

    /// The child passed [`prune`](Self::prune) at `heuristic`: it is counted and entered
    /// without asking its heuristic, or making the test `prune` made, again. Only the move's
    /// cost is held against the budget (two instructions), so that a child the caller did not
    /// offer to `prune` first never takes the budget below zero: such a child is cut off if
    /// its move alone exceeds the budget, else searched (perhaps needlessly), and a solution
    /// below it still costs at most the threshold.
    #[inline]
    fn visit_passed(
        &mut self,
        state: &mut P::State,
        mv: P::Move,
        cost: P::Cost,
        heuristic: P::Cost,
    ) -> ControlFlow<()> {
        if self.counts_to_a_stop() {
            return ControlFlow::Break(());
        }
        if CYCLES {
            // `prune` passed it unless it was surely cut off: it is checked against the path
            // before it may set the next threshold.
            if self.is_on_path(state) || self.cuts_off(cost, heuristic) {
                return ControlFlow::Continue(());
            }
            return self.enter(state, mv, cost);
        }
        // Not `cost > budget`: a NaN cost does not fit either.
        if !matches!(cost.partial_cmp(&self.budget), Some(Less | Equal)) {
            return self.unoffered(cost, heuristic);
        }
        self.enter(state, mv, cost)
    }
}

impl<P: SearchProblem, const CYCLES: bool> Descent<'_, P, CYCLES> {
    /// Counts a child about to be visited; `true` if the limits, checked when the countdown
    /// reaches zero, stop the search. The limits are watched at every child, cut off or not:
    /// a node may have many.
    #[inline]
    fn counts_to_a_stop(&mut self) -> bool {
        self.left -= 1;
        self.left == 0 && self.count_check()
    }

    /// Whether `state` is on the path (with cycle detection).
    #[inline(never)]
    fn is_on_path(&self, state: &P::State) -> bool {
        self.on_path.contains(state)
    }

    /// Puts `state`, about to be searched below, on the path (with cycle detection).
    #[inline(never)]
    fn step_onto_path(&mut self, state: &P::State) {
        self.on_path.push(state.clone());
    }

    /// Takes the deepest state off the path (with cycle detection).
    #[inline(never)]
    fn step_off_path(&mut self) {
        self.on_path.pop();
    }

    /// A child handed to [`visit_passed`](ChildVisitor::visit_passed) whose move alone
    /// exceeds the budget (never one that `prune` passed): cut off, as `visit` would.
    #[cold]
    #[inline(never)]
    fn unoffered(&mut self, cost: P::Cost, heuristic: P::Cost) -> ControlFlow<()> {
        let _ = self.cuts_off(cost, heuristic);
        ControlFlow::Continue(())
    }

    /// Searches below a counted child within the threshold: `cost + heuristic <= budget`.
    /// With cycle detection (`CYCLES`), a child on the path was passed over before it came
    /// here, and any other is on the path while the search is below it, the path's upkeep out
    /// of line; without, none of it is compiled in (inlined, it cost the required-methods
    /// pancakes 98.8 to 117.4 instructions a node).
    #[inline]
    fn enter(&mut self, state: &mut P::State, mv: P::Move, cost: P::Cost) -> ControlFlow<()> {
        let problem = self.problem;
        // `cost <= cost + heuristic <= budget`: no overflow below.
        let budget = self.budget - cost;
        if problem.is_goal(state) {
            self.found = Some(self.threshold - budget);
            self.reversed_path.push(mv);
            return ControlFlow::Break(());
        }
        if self.depth >= RECURSION_LIMIT {
            return self.descend_on_stack(state, mv, self.threshold - budget);
        }
        self.stats.expanded += 1;
        // The ticker (or a fault) lowers the watch's due point below the copy.
        if self.watch.due() < self.check_at && self.count_check() {
            return ControlFlow::Break(());
        }
        let parent_budget = core::mem::replace(&mut self.budget, budget);
        self.depth += 1;
        if CYCLES {
            self.step_onto_path(state);
        }
        let flow = problem.visit_children(state, problem.inverse(mv), self);
        if CYCLES {
            self.step_off_path();
        }
        self.depth -= 1;
        self.budget = parent_budget;
        if flow.is_break() && self.found.is_some() {
            self.reversed_path.push(mv);
        }
        flow
    }
}
