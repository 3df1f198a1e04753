//! Learning real-time A* (LRTA*): an agent that looks a few moves ahead, moves, and learns
//! a better heuristic as it goes, trial after trial.

use core::hash::Hash;

use hashbrown::HashMap;

use crate::cost::Cost;
use crate::limits::Watch;
use crate::options::SearchOptions;
use crate::problem::{MoveBuffer, SearchProblem, each_child};
use crate::solution::{Outcome, ResultOf, Solution, Stats};

/// The heuristic values learned by [`lrta_star`] in the states it left, kept by the caller
/// from one trial to the next: each at least the problem's own heuristic, and, with an
/// admissible heuristic, still at most the true cost to a goal.
#[derive(Clone, Debug)]
pub struct LearnedHeuristic<S, C> {
    values: HashMap<S, C>,
    /// How many values rose in the last trial.
    raised: u64,
}

impl<S: Eq + Hash, C: Cost> LearnedHeuristic<S, C> {
    /// Nothing learned yet: every state at the problem's heuristic.
    pub fn new() -> Self {
        LearnedHeuristic {
            values: HashMap::new(),
            raised: 0,
        }
    }

    /// The value learned for `state`, if one was.
    pub fn get(&self, state: &S) -> Option<C> {
        self.values.get(state).copied()
    }

    /// How many states have a learned value.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether nothing was learned.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// How many values the last trial raised. A trial that reaches the goal and raises none
    /// walked an optimal path (with an admissible heuristic): the learning has converged on
    /// it.
    pub fn raised_last_trial(&self) -> u64 {
        self.raised
    }
}

impl<S: Eq + Hash, C: Cost> Default for LearnedHeuristic<S, C> {
    fn default() -> Self {
        Self::new()
    }
}

/// One trial of learning real-time A* (Korf, 1990), with default options: from the start,
/// the agent looks `lookahead` moves ahead (at least 1), takes the move toward the least
/// `cost + h` at the frontier of its look, raises the heuristic of the state it leaves, and
/// of every state inside its look, to the least such value below it, and goes on until it
/// stands on a goal.
///
/// - **What it returns:** the path the agent walked, loops and all, in [`Outcome::Solved`]
///   (its cost is what the walk cost, not an optimum). Trials repeated with the same
///   `learned` table walk ever cheaper paths: in a finite space with positive costs and an
///   admissible heuristic, they converge on an optimal one, the first trial that raises no
///   value ([`LearnedHeuristic::raised_last_trial`]).
/// - **When to use it:** an agent that must act before it can plan the whole way (games,
///   robots): each move costs a bounded amount of search, `b^lookahead` nodes for `b`
///   moves a state.
/// - **Dead ends:** a state from which no goal is reachable learns the value `Cost::MAX`;
///   an agent that stands on one ends the trial with [`Outcome::NoSolution`]. In a space
///   with no reachable goal and cycles, the agent wanders until a limit stops it
///   ([`SearchOptions::max_nodes`]).
/// - **Zero-cost cycles:** moving round a cycle of moves that cost nothing raises no value,
///   so an agent can circle one forever even when a goal is reachable: with such moves, set
///   a limit.
/// - **One start:** the agent stands on one state: a problem with several
///   [`starts`](SearchProblem::starts) ends with
///   [`ProblemError::SeveralStarts`](crate::ProblemError::SeveralStarts), one with none with
///   [`Outcome::NoSolution`].
/// - **Statistics:** `expanded` and `generated` count the lookahead's nodes; `stored` the
///   learned values.
///
/// Reference: R. E. Korf, "Real-time heuristic search", *Artificial Intelligence* 42 (1990)
/// 189–211.
///
/// ```
/// use informed::{a_star, lrta_star, LearnedHeuristic};
/// use informed::puzzles::SlidingPuzzle;
///
/// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
/// let mut learned = LearnedHeuristic::new();
/// let walked = lrta_star(&puzzle, &mut learned, 2).into_solution().expect("a walk to the goal");
/// assert!(walked.cost >= 4); // the optimum is 4 moves
/// // Trial after trial, until one learns nothing: then the walk is optimal.
/// loop {
///     let walk = lrta_star(&puzzle, &mut learned, 2).into_solution().expect("a walk");
///     if learned.raised_last_trial() == 0 {
///         assert_eq!(walk.cost, 4);
///         break;
///     }
/// }
/// # Ok::<(), informed::puzzles::PuzzleError>(())
/// ```
pub fn lrta_star<P>(
    problem: &P,
    learned: &mut LearnedHeuristic<P::State, P::Cost>,
    lookahead: usize,
) -> ResultOf<P>
where
    P: SearchProblem,
{
    lrta_star_with(problem, learned, lookahead, &SearchOptions::default())
}

/// [`lrta_star()`] with options. The limits hold per trial; the learned values stay learned
/// when a limit stops one.
pub fn lrta_star_with<P>(
    problem: &P,
    learned: &mut LearnedHeuristic<P::State, P::Cost>,
    lookahead: usize,
    options: &SearchOptions,
) -> ResultOf<P>
where
    P: SearchProblem,
{
    learned.raised = 0;
    // The agent stands on one state.
    if let Some(refused) = crate::engines::refused_starts(problem) {
        return refused;
    }
    let mut agent = Agent {
        problem,
        learned,
        watch: Watch::new(options),
        stats: Stats::default(),
        moves: MoveBuffer::new(),
        spare: Vec::new(),
        stopped: None,
    };
    let outcome = agent.walk(lookahead.max(1));
    let mut stats = agent.stats;
    stats.stored = agent.learned.len();
    ResultOf::<P> { outcome, stats }
}

/// A move the agent may take: the move, the child it leads to, and its cost.
type Choice<P> = (
    <P as SearchProblem>::Move,
    <P as SearchProblem>::State,
    <P as SearchProblem>::Cost,
);

/// What a look below a state finds: the least `cost + h` at the frontier, and the first
/// child it runs through.
type Look<P> = (<P as SearchProblem>::Cost, Option<Choice<P>>);

/// A state's children with their moves and costs, as [`each_child`] makes them.
type Children<P> = Vec<(
    <P as SearchProblem>::State,
    <P as SearchProblem>::Move,
    <P as SearchProblem>::Cost,
)>;

struct Agent<'a, 'o, P: SearchProblem> {
    problem: &'a P,
    learned: &'a mut LearnedHeuristic<P::State, P::Cost>,
    watch: Watch<'o, P::Cost>,
    stats: Stats<P::Cost>,
    moves: MoveBuffer<P::Move, P::Cost>,
    /// Lists of children emptied, for the next state looked at: one a level of the
    /// lookahead, not one a state.
    spare: Vec<Children<P>>,
    /// Why the lookahead stopped, if a limit stopped it.
    stopped: Option<crate::StopReason>,
}

impl<P: SearchProblem> Agent<'_, '_, P> {
    /// The agent's walk from the start to a goal, a dead end, or a limit.
    fn walk(&mut self, lookahead: usize) -> crate::OutcomeOf<P> {
        let problem = self.problem;
        let start = problem.start();
        let mut state = start.clone();
        let (mut walked, mut cost) = (Vec::new(), P::Cost::ZERO);
        loop {
            if problem.is_goal(&state) {
                return Outcome::Solved(Solution {
                    start,
                    moves: walked,
                    cost,
                });
            }
            self.stats.expanded += 1;
            let (least, best) = match self.look(&state, lookahead) {
                Ok(looked) => looked,
                Err(outcome) => return outcome,
            };
            if let Some(reason) = self.stopped.take() {
                return Outcome::stopped_by(reason);
            }
            let Some((mv, child, step)) = best.filter(|_| least < P::Cost::MAX) else {
                return Outcome::NoSolution;
            };
            walked.push(mv);
            cost = cost.saturating_add(step);
            state = child;
            if let Some(reason) = self.watch.check(&self.stats, walked.len(), 0) {
                return Outcome::stopped_by(reason);
            }
        }
    }

    /// The state's heuristic: the learned value, else the problem's.
    fn heuristic(&self, state: &P::State) -> Result<P::Cost, crate::OutcomeOf<P>> {
        if let Some(value) = self.learned.get(state) {
            return Ok(value);
        }
        let h = self.problem.heuristic(state);
        if !h.is_valid() {
            let heuristic = h.value();
            return Err(Outcome::invalid(crate::ProblemError::InvalidHeuristic {
                heuristic,
            }));
        }
        Ok(h)
    }

    /// The least `cost + h` at the frontier `depth` moves below `state` (Korf's minimin): a
    /// goal's is 0, the frontier's their heuristic.
    fn value(&mut self, state: &P::State, depth: usize) -> Result<P::Cost, crate::OutcomeOf<P>> {
        if self.problem.is_goal(state) {
            return Ok(P::Cost::ZERO);
        }
        if depth == 0 || self.stopped.is_some() {
            return self.heuristic(state);
        }
        self.stats.expanded += 1;
        if let Some(reason) = self.watch.check(&self.stats, depth, 0) {
            self.stopped = Some(reason);
            return self.heuristic(state);
        }
        Ok(self.look(state, depth)?.0)
    }

    /// Looks `depth` (at least 1) moves below `state`: the least `cost + h` at the frontier,
    /// and the first child it runs through (`None` without children). The state learns that
    /// least value unless a limit stopped the look: the agent's state as every state inside
    /// its look, or a depression it never stands on would draw it back and forth forever.
    fn look(&mut self, state: &P::State, depth: usize) -> Result<Look<P>, crate::OutcomeOf<P>> {
        let mut children = self.spare.pop().unwrap_or_default();
        let _ = each_child(
            self.problem,
            state,
            None,
            &mut self.moves,
            |child, mv, step| {
                children.push((child, mv, step));
                core::ops::ControlFlow::Continue(())
            },
        );
        let (mut least, mut best) = (P::Cost::MAX, None);
        for (child, mv, step) in children.drain(..) {
            if !step.is_valid() {
                let cost = step.value();
                return Err(Outcome::invalid(crate::ProblemError::InvalidCost { cost }));
            }
            self.stats.generated += 1;
            let through = step.saturating_add(self.value(&child, depth - 1)?);
            if best.is_none() || through < least {
                (least, best) = (through, Some((mv, child, step)));
            }
        }
        self.spare.push(children);
        if self.stopped.is_none() && least > self.heuristic(state)? {
            self.learned.values.insert(state.clone(), least);
            self.learned.raised += 1;
        }
        Ok((least, best))
    }
}
