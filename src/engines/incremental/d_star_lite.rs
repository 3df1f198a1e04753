//! D\* Lite: LPA\* run from the goal, so that an agent can walk while it replans.

use core::hash::Hash;

use crate::cost::Cost;
use crate::engines::incremental::{
    Direction, Incremental, Planner, checked_goals, predecessors, successors,
};
use crate::options::SearchOptions;
use crate::problem::Bidirectional;
use crate::problem::MoveBuffer;
use crate::solution::{Promise, SearchResult, Solution};

/// D\* Lite's direction: from the goals, toward the start.
pub(crate) struct Backward;

impl Direction for Backward {
    const FORWARD: bool = false;

    fn sources<P: Bidirectional>(
        problem: &P,
        state: &P::State,
        moves: &mut MoveBuffer<P::Move, P::Cost>,
        each: impl FnMut(P::State, P::Move, P::Cost),
    ) -> Result<(), crate::ProblemError> {
        successors(problem, state, moves, each)
    }

    fn dependants<P: Bidirectional>(
        problem: &P,
        state: &P::State,
        _: &mut MoveBuffer<P::Move, P::Cost>,
        each: impl FnMut(P::State, P::Move, P::Cost),
    ) -> Result<(), crate::ProblemError> {
        predecessors(problem, state, each)
    }

    fn heuristic<P: Bidirectional>(problem: &P, state: &P::State) -> P::Cost {
        problem.heuristic_from_start(state)
    }
}

/// D\* Lite (Koenig and Likhachev, 2002): a planner for an agent that walks toward a goal
/// while the costs of moves change around it, as when a robot or a game unit finds walls
/// where its map had none. It searches from the goals back to the agent, and keeps its
/// states from one [`plan`](Self::plan) to the next: after the agent moves on and some moves
/// change, the next plan repairs only the states the change undid.
///
/// Each plan is given the problem as it stands, its [`start`](crate::SearchProblem::start)
/// where the agent now is; between plans, the caller moves the agent, changes the problem,
/// and tells the planner which states the change touched
/// ([`moves_changed`](Self::moves_changed)). A plan with other goals than the last starts
/// afresh.
///
/// - **What it returns:** the cheapest path from the agent to a goal at the costs of the
///   problem handed to this plan, if the backward heuristic is admissible and consistent.
/// - **The heuristic** is [`Bidirectional::heuristic_from_start`]: a lower bound on the cost
///   from the start (the agent) to a state. As the agent moves, the planner keeps the keys
///   it queued valid by adding the cost the agent walked along its last plan, which needs
///   that heuristic to obey the triangle inequality between any three states (any distance
///   does: Manhattan, octile, Euclidean). An agent that left its last plan's path has every
///   queued key worked out anew.
/// - **When to use it:** an agent that must act on a partly known or changing map and
///   replan as it learns. Where the start stays, it is [`LpaStar`](crate::LpaStar) from the
///   goal. Where most of the map changes between plans, A\* from scratch is as fast.
/// - **What the problem gives:** its goals ([`Bidirectional::goals`]) and the moves into a
///   state ([`Bidirectional::predecessors`]; the default, from the inverses, serves problems
///   whose moves are reversible). The agent stands on one state: a problem with several
///   [`starts`](crate::SearchProblem::starts) is refused with
///   [`ProblemError::SeveralStarts`](crate::ProblemError::SeveralStarts), one with none has
///   no solution, and the planner keeps what it had.
/// - **Memory, limits and statistics:** as for [`LpaStar`](crate::LpaStar): the states
///   reached are kept between plans; a plan a limit stops keeps what it repaired; a fault
///   drops the search.
///
/// Reference: S. Koenig, M. Likhachev, "D* Lite", *AAAI* 2002, 476–483.
///
/// ```
/// use informed::puzzles::grid::{Cell, Connectivity, GridCosts, GridError, GridMap, GridPath};
/// use informed::DStarLite;
///
/// /// The way from the agent's cell to the east end of the middle row.
/// fn path(map: &GridMap, agent: Cell) -> Result<GridPath<'_, u32>, GridError> {
///     let goal = Cell::new(4, 1);
///     GridPath::new(map, agent, goal, Connectivity::Four, GridCosts::new(1, 1))
/// }
///
/// let mut map = GridMap::from_rows(&[".....", ".....", "....."])?;
/// let mut planner = DStarLite::new();
/// let plan = planner.plan(&path(&map, Cell::new(0, 1))?).into_solution().expect("open");
/// assert_eq!(plan.cost, 4);
///
/// // The agent takes a step east, and finds a wall two cells ahead.
/// let agent = Cell::new(1, 1);
/// planner.moves_changed(map.set_terrain(Cell::new(3, 1), '@')?);
/// let plan = planner.plan(&path(&map, agent)?).into_solution().expect("a way round");
/// assert_eq!(plan.cost, 5);
/// # Ok::<(), informed::puzzles::grid::GridError>(())
/// ```
pub struct DStarLite<S, M, C: Cost> {
    planner: Planner<Backward, S, M, C>,
    /// The goals the search runs from.
    goals: Vec<S>,
    /// The last plan's path: each state, with the cost of the path up to it.
    path: Vec<(S, C)>,
    /// The agent's state at the last plan.
    last_start: Option<S>,
}

impl<S, M, C> DStarLite<S, M, C>
where
    S: Clone + Eq + Hash,
    M: Copy + Eq,
    C: Cost,
{
    /// A planner that has searched nothing yet.
    pub fn new() -> Self {
        DStarLite {
            planner: Planner::new(),
            goals: Vec::new(),
            path: Vec::new(),
            last_start: None,
        }
    }

    /// Tells the planner that moves changed between these states: list both ends of every
    /// move whose cost changed, that appeared or that vanished (a map's
    /// [`set_terrain`](crate::puzzles::grid::GridMap::set_terrain) returns exactly these).
    /// The next plan repairs the search around them.
    pub fn moves_changed(&mut self, states: impl IntoIterator<Item = S>) {
        self.planner.told(states);
    }

    /// How many states the planner keeps.
    pub fn stored(&self) -> usize {
        self.planner.stored()
    }

    /// Plans a cheapest path from `problem`'s start (where the agent stands) to a goal, at
    /// its present costs, with default options.
    pub fn plan<P>(&mut self, problem: &P) -> SearchResult<Solution<S, M, C>, C>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        self.plan_with(problem, &SearchOptions::default())
    }

    /// [`plan`](Self::plan) with options, which hold for this plan.
    pub fn plan_with<P>(
        &mut self,
        problem: &P,
        options: &SearchOptions,
    ) -> SearchResult<Solution<S, M, C>, C>
    where
        P: Bidirectional<State = S, Move = M, Cost = C>,
    {
        // The agent stands on one state; the planner keeps what it had.
        if let Some(refused) = crate::engines::refused_starts(problem) {
            return refused;
        }
        let (kept_goals, path, last_start) = (&mut self.goals, &self.path, &mut self.last_start);
        let prepare = |search: &mut Option<Incremental<Backward, S, M, C>>| {
            let goals = checked_goals(problem)?;
            let start = problem.start();
            let fresh = match search {
                Some(search) if *kept_goals == goals => {
                    if last_start.as_ref() != Some(&start) {
                        // Every key queued counted the heuristic from the last start: raise
                        // the new keys by the cost walked since, or work all of them out anew.
                        match path.iter().find(|(state, _)| *state == start) {
                            Some(&(_, walked)) => search.km = search.km.saturating_add(walked),
                            None => search.rekey(problem)?,
                        }
                    }
                    false
                }
                _ => {
                    *search = Some(Incremental::new(problem, &goals)?);
                    *kept_goals = goals;
                    true
                }
            };
            *last_start = Some(start.clone());
            Ok((vec![start], fresh))
        };
        let (result, path) = self
            .planner
            .plan(problem, options, Promise::AnyPath, prepare);
        self.path = path;
        result
    }
}

impl<S, M, C> Default for DStarLite<S, M, C>
where
    S: Clone + Eq + Hash,
    M: Copy + Eq,
    C: Cost,
{
    fn default() -> Self {
        Self::new()
    }
}
