//! Lifelong planning A\* (LPA\*): A\* that keeps its search from one call to the next, and
//! repairs only what a change of move costs undid.

use core::hash::Hash;

use crate::cost::Cost;
use crate::engines::incremental::{
    Direction, Incremental, Planner, checked_goals, predecessors, successors,
};
use crate::options::SearchOptions;
use crate::problem::Bidirectional;
use crate::problem::MoveBuffer;
use crate::solution::{Promise, SearchResult, Solution};

/// LPA\*'s direction: from the starts, toward the goals.
pub(crate) struct Forward;

impl Direction for Forward {
    const FORWARD: bool = true;

    fn sources<P: Bidirectional>(
        problem: &P,
        state: &P::State,
        _: &mut MoveBuffer<P::Move, P::Cost>,
        each: impl FnMut(P::State, P::Move, P::Cost),
    ) -> Result<(), crate::ProblemError> {
        predecessors(problem, state, each)
    }

    fn dependants<P: Bidirectional>(
        problem: &P,
        state: &P::State,
        moves: &mut MoveBuffer<P::Move, P::Cost>,
        each: impl FnMut(P::State, P::Move, P::Cost),
    ) -> Result<(), crate::ProblemError> {
        successors(problem, state, moves, each)
    }

    fn heuristic<P: Bidirectional>(problem: &P, state: &P::State) -> P::Cost {
        problem.heuristic(state)
    }
}

/// Lifelong planning A\* (LPA\*, Koenig, Likhachev and Furcy, 2004): a search from the
/// problem's starts to its goals that keeps its states from one [`plan`](Self::plan) to the
/// next, so that after some moves change their costs (or appear, or vanish), the next plan
/// repairs only the states whose cost the change undid, instead of searching from scratch.
///
/// Each plan is given the problem as it stands; between plans, the caller changes it and
/// tells the planner which states the change touched ([`moves_changed`](Self::moves_changed)).
/// A plan with other starts or goals than the last starts afresh.
///
/// - **What it returns:** with an admissible and consistent heuristic, an optimal solution
///   at the costs of the problem handed to this plan, as [`a_star`](crate::a_star()) would.
/// - **When to use it:** a route that must be planned again and again as costs change a
///   little: roads closing, terrain found to be harder. Where the start moves (an agent that
///   walks while it plans), use [`DStarLite`](crate::DStarLite), the same search run from
///   the goal. Where costs change a lot, or near the start, A\* from scratch is as fast.
/// - **What the problem gives:** the moves into a state ([`Bidirectional::predecessors`];
///   the default, from the inverses, serves problems whose moves are reversible) and its
///   goals ([`Bidirectional::goals`], any number: the plan looks over them again only when
///   one's cost moves).
/// - **Memory:** every state reached, kept between plans; [`stored`](Self::stored) counts
///   them. The memory limit ([`SearchOptions::max_stored`]) may be passed by one state's
///   neighbours.
/// - **Limits:** the options' limits hold for each plan. A plan a limit stops keeps what it
///   repaired, and the next plan goes on from there. A plan that finds the problem at fault
///   ([`Outcome::Invalid`](crate::Outcome::Invalid)) drops the search; the next starts afresh.
/// - **Statistics:** `expanded` counts the states the plan settled or reopened, `generated`
///   their neighbours; `stored` every state kept.
///
/// Reference: S. Koenig, M. Likhachev, D. Furcy, "Lifelong Planning A*", *Artificial
/// Intelligence* 155(1–2) (2004) 93–146.
///
/// ```
/// use informed::puzzles::grid::{Cell, Connectivity, GridCosts, GridError, GridMap, GridPath};
/// use informed::LpaStar;
///
/// fn path(map: &GridMap) -> Result<GridPath<'_, u32>, GridError> {
///     let (start, goal) = (Cell::new(0, 1), Cell::new(3, 1));
///     GridPath::new(map, start, goal, Connectivity::Four, GridCosts::new(1, 1))
/// }
///
/// let mut map = GridMap::from_rows(&["....", "....", "...."])?;
/// let mut planner = LpaStar::new();
/// let first = planner.plan(&path(&map)?).into_solution().expect("open map");
/// assert_eq!(first.cost, 3);
///
/// // Two walls go up across the way: the planner repairs its search around them.
/// let mut changed = map.set_terrain(Cell::new(2, 1), '@')?;
/// changed.extend(map.set_terrain(Cell::new(2, 0), '@')?);
/// planner.moves_changed(changed);
/// let second = planner.plan(&path(&map)?).into_solution().expect("a way round");
/// assert_eq!(second.cost, 5);
/// # Ok::<(), informed::puzzles::grid::GridError>(())
/// ```
pub struct LpaStar<S, M, C: Cost> {
    planner: Planner<Forward, S, M, C>,
    /// The starts and goals the search runs between.
    ends: (Vec<S>, Vec<S>),
}

impl<S, M, C> LpaStar<S, M, C>
where
    S: Clone + Eq + Hash,
    M: Copy + Eq,
    C: Cost,
{
    /// A planner that has searched nothing yet.
    pub fn new() -> Self {
        LpaStar {
            planner: Planner::new(),
            ends: (Vec::new(), Vec::new()),
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

    /// Plans a cheapest path from a start of `problem` to a goal, at its present costs, with
    /// default options.
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
        let kept = &mut self.ends;
        let prepare = |search: &mut Option<Incremental<Forward, S, M, C>>| {
            let ends = (problem.starts(), checked_goals(problem)?);
            let fresh = search.is_none() || *kept != ends;
            if fresh {
                *search = Some(Incremental::new(problem, &ends.0)?);
                *kept = ends;
            }
            Ok((kept.1.clone(), fresh))
        };
        let (result, _) = self
            .planner
            .plan(problem, options, Promise::Optimal, prepare);
        result
    }
}

impl<S, M, C> Default for LpaStar<S, M, C>
where
    S: Clone + Eq + Hash,
    M: Copy + Eq,
    C: Cost,
{
    fn default() -> Self {
        Self::new()
    }
}
