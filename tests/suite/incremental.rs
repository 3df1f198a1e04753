//! LPA* and D* Lite: after every change of costs, and every walk of the agent, each plan
//! against Dijkstra from scratch on random graphs and A* on grids whose walls change; every
//! error and limit, and a plan a limit stopped taken up again.

use informed::puzzles::grid::{Cell, Connectivity, Direction, GridCosts, GridMap, GridPath};
use informed::{
    Bidirectional, CancelToken, DStarLite, LearnedHeuristic, LpaStar, MoveBuffer, Outcome,
    ProblemError, SearchOptions, SearchProblem, StopReason, a_star, dijkstra, lrta_star,
    replay_from,
};
use quickcheck::{Arbitrary, Gen, quickcheck};

/// A directed graph of nodes at points of the plane, each edge costing at least the
/// Manhattan distance between its ends, so that the distance is a consistent heuristic,
/// and obeys the triangle inequality, whatever the edges cost. Edges change their cost,
/// vanish and come back; the start moves.
#[derive(Clone, Debug)]
struct Terrain {
    points: Vec<(u32, u32)>,
    /// Per node, its edges: the node reached, the cost above the distance, and whether the
    /// edge is there.
    edges: Vec<Vec<(usize, u32, bool)>>,
    start: usize,
    goal: usize,
    /// Whether the heuristics are the distances, or zero.
    guided: bool,
}

impl Terrain {
    fn distance(&self, a: usize, b: usize) -> u32 {
        let ((ax, ay), (bx, by)) = (self.points[a], self.points[b]);
        ax.abs_diff(bx) + ay.abs_diff(by)
    }

    fn cost(&self, from: usize, edge: usize) -> Option<u32> {
        let (to, extra, there) = self.edges[from][edge];
        there.then(|| self.distance(from, to) + extra)
    }
}

impl Arbitrary for Terrain {
    fn arbitrary(g: &mut Gen) -> Self {
        let nodes = 2 + usize::arbitrary(g) % 14;
        let points = (0..nodes)
            .map(|_| (u32::arbitrary(g) % 6, u32::arbitrary(g) % 6))
            .collect();
        let edges = (0..nodes)
            .map(|_| {
                (0..usize::arbitrary(g) % 5)
                    .map(|_| (usize::arbitrary(g) % nodes, u32::arbitrary(g) % 4, true))
                    .collect()
            })
            .collect();
        Terrain {
            points,
            edges,
            start: 0,
            goal: 1 + usize::arbitrary(g) % (nodes - 1),
            guided: bool::arbitrary(g),
        }
    }
}

impl SearchProblem for Terrain {
    type State = usize;
    /// The node left, and the index of its edge.
    type Move = (usize, usize);
    type Cost = u32;
    fn start(&self) -> usize {
        self.start
    }
    fn is_goal(&self, &node: &usize) -> bool {
        node == self.goal
    }
    fn heuristic(&self, &node: &usize) -> u32 {
        if self.guided {
            self.distance(node, self.goal)
        } else {
            0
        }
    }
    fn moves(&self, &node: &usize, moves: &mut MoveBuffer<(usize, usize), u32>) {
        for edge in 0..self.edges[node].len() {
            if let Some(cost) = self.cost(node, edge) {
                moves.push(((node, edge), cost));
            }
        }
    }
    fn apply(&self, node: &mut usize, (from, edge): (usize, usize)) {
        *node = self.edges[from][edge].0;
    }
}

impl Bidirectional for Terrain {
    fn goals(&self) -> Vec<usize> {
        vec![self.goal]
    }
    fn predecessors<F: FnMut(usize, (usize, usize), u32)>(
        &self,
        &node: &usize,
        mut each: F,
    ) -> bool {
        for from in 0..self.edges.len() {
            for edge in 0..self.edges[from].len() {
                if let Some(cost) = self
                    .cost(from, edge)
                    .filter(|_| self.edges[from][edge].0 == node)
                {
                    each(from, (from, edge), cost);
                }
            }
        }
        true
    }
    fn heuristic_from_start(&self, &node: &usize) -> u32 {
        if self.guided {
            self.distance(self.start, node)
        } else {
            0
        }
    }
}

/// A change between two plans: an edge's extra cost set (or the edge taken away, or put
/// back), and the agent's walk: some steps along its plan, or a jump to any node.
#[derive(Clone, Debug)]
struct Change {
    node: usize,
    edge: usize,
    extra: u32,
    toggle: bool,
    steps: usize,
    jump: Option<usize>,
}

impl Arbitrary for Change {
    fn arbitrary(g: &mut Gen) -> Self {
        Change {
            node: usize::arbitrary(g),
            edge: usize::arbitrary(g),
            extra: u32::arbitrary(g) % 6,
            toggle: bool::arbitrary(g),
            steps: usize::arbitrary(g) % 3,
            jump: (u8::arbitrary(g) % 8 == 0).then(|| usize::arbitrary(g)),
        }
    }
}

/// Makes `change` to the terrain's costs, and returns the ends of the edge it changed.
fn change_costs(terrain: &mut Terrain, change: &Change) -> Vec<usize> {
    let node = change.node % terrain.edges.len();
    if terrain.edges[node].is_empty() {
        return Vec::new();
    }
    let edge = change.edge % terrain.edges[node].len();
    let (to, extra, there) = &mut terrain.edges[node][edge];
    *extra = change.extra;
    *there ^= change.toggle;
    vec![node, *to]
}

/// Whether a plan is what Dijkstra finds from scratch: the same cost (or none), a path that
/// replays to the goal at that cost.
fn agrees(terrain: &Terrain, found: &Outcome<informed::SolutionOf<Terrain>, u32>) -> bool {
    let optimal = dijkstra(terrain).solution().map(|s| s.cost);
    match (found, optimal) {
        (Outcome::Solved(solution), Some(optimal)) => {
            let replayed = replay_from(terrain, terrain.start, &solution.moves);
            solution.cost == optimal
                && replayed.is_ok_and(|(end, cost)| terrain.is_goal(&end) && cost == optimal)
        }
        (Outcome::NoSolution, None) => true,
        _ => false,
    }
}

quickcheck! {
    /// LPA* from a fixed start, as edges change their costs, vanish and come back.
    fn lpa_star_agrees_with_dijkstra_after_every_change(terrain: Terrain, changes: Vec<Change>) -> bool {
        let mut terrain = terrain;
        let mut planner = LpaStar::new();
        if !agrees(&terrain, &planner.plan(&terrain).outcome) {
            return false;
        }
        changes.iter().all(|change| {
            planner.moves_changed(change_costs(&mut terrain, change));
            agrees(&terrain, &planner.plan(&terrain).outcome)
        })
    }

    /// D* Lite as the agent walks along its plan (or jumps) and edges change.
    fn d_star_lite_agrees_with_dijkstra_as_the_agent_walks(terrain: Terrain, changes: Vec<Change>) -> bool {
        let mut terrain = terrain;
        let mut planner = DStarLite::new();
        let mut plan = planner.plan(&terrain).outcome;
        if !agrees(&terrain, &plan) {
            return false;
        }
        changes.iter().all(|change| {
            if let Some(node) = change.jump {
                terrain.start = node % terrain.edges.len();
            } else if let Outcome::Solved(solution) = &plan {
                for &(from, edge) in solution.moves.iter().take(change.steps) {
                    terrain.start = terrain.edges[from][edge].0;
                }
            }
            planner.moves_changed(change_costs(&mut terrain, change));
            plan = planner.plan(&terrain).outcome;
            agrees(&terrain, &plan)
        })
    }
}

/// The way across a map from `agent` to `goal`, 8-connected, octile costs in `u64`.
fn way(map: &GridMap, agent: Cell, goal: Cell) -> GridPath<'_, u64> {
    GridPath::new(
        map,
        agent,
        goal,
        Connectivity::Eight,
        GridCosts::new(100, 141),
    )
    .unwrap()
}

/// Turns `cell` to a wall if it is open ground, to open ground if it is a wall, and tells
/// both planners which cells' steps changed.
fn toggle(
    map: &mut GridMap,
    cell: Cell,
    d_star: &mut DStarLite<Cell, Direction, u64>,
    lpa: &mut LpaStar<Cell, Direction, u64>,
) {
    let terrain = if map.is_passable(cell) { '@' } else { '.' };
    let changed = map.set_terrain(cell, terrain).unwrap();
    d_star.moves_changed(changed.iter().copied());
    lpa.moves_changed(changed);
}

/// An agent crosses a 32×32 map while walls go up (and come down) around it, one change a
/// step, some of them across its plan: every plan of D* Lite costs what A* from scratch
/// finds, and so does LPA*'s from the first start.
#[test]
fn walls_going_up_as_an_agent_crosses_a_map() {
    let mut map = GridMap::from_fn(32, 32, |x, y| (x * 7 + y * 13) % 11 != 0).unwrap();
    let (start, goal) = (Cell::new(0, 1), Cell::new(31, 30));
    for cell in [start, goal] {
        map.set_terrain(cell, '.').unwrap();
    }
    let (mut d_star, mut lpa) = (DStarLite::new(), LpaStar::new());
    let mut agent = start;
    let mut seed = 7_u32;
    let mut replans = 0;
    while agent != goal {
        let plan = d_star.plan(&way(&map, agent, goal));
        let from_scratch = a_star(&way(&map, agent, goal));
        let lpa_plan = lpa.plan(&way(&map, start, goal));
        assert_eq!(
            lpa_plan.solution().map(|s| s.cost),
            a_star(&way(&map, start, goal)).solution().map(|s| s.cost)
        );
        let Some(solution) = plan.solution() else {
            assert!(
                from_scratch.solution().is_none(),
                "D* Lite found no way where A* did"
            );
            break;
        };
        assert_eq!(Some(solution.cost), from_scratch.solution().map(|s| s.cost));
        replans += 1;
        // A step along the plan, then a cell near it changes: a wall, or open ground.
        agent = way(&map, agent, goal).cells(&solution.moves[..1])[1];
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let (x, y) = (i32::from(agent.x()), i32::from(agent.y()));
        let (dx, dy) = ((seed >> 8) as i32 % 7 - 3, (seed >> 16) as i32 % 7 - 3);
        let (cx, cy) = ((x + dx).clamp(0, 31) as u16, (y + dy).clamp(0, 31) as u16);
        let cell = Cell::new(cx, cy);
        if cell == agent || cell == goal || cell == start {
            continue;
        }
        toggle(&mut map, cell, &mut d_star, &mut lpa);
        assert!(replans < 200, "the agent should reach the goal");
    }
    assert!(replans > 20, "{replans}");
}

/// A corridor whose only way closes and opens again: no solution, then the way back.
#[test]
fn a_way_that_closes_and_opens_again() {
    let mut map = GridMap::from_rows(&["........"]).unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(7, 0));
    let mut d_star = DStarLite::new();
    let mut lpa = LpaStar::new();
    assert_eq!(
        d_star
            .plan(&way(&map, start, goal))
            .solution()
            .unwrap()
            .cost,
        700
    );
    assert_eq!(
        lpa.plan(&way(&map, start, goal)).solution().unwrap().cost,
        700
    );
    let closed = map.set_terrain(Cell::new(4, 0), '@').unwrap();
    d_star.moves_changed(closed.iter().copied());
    lpa.moves_changed(closed.iter().copied());
    assert_eq!(
        d_star.plan(&way(&map, Cell::new(2, 0), goal)).outcome,
        Outcome::NoSolution
    );
    assert_eq!(
        lpa.plan(&way(&map, start, goal)).outcome,
        Outcome::NoSolution
    );
    let opened = map.set_terrain(Cell::new(4, 0), '.').unwrap();
    d_star.moves_changed(opened.iter().copied());
    lpa.moves_changed(opened);
    assert_eq!(
        d_star
            .plan(&way(&map, Cell::new(2, 0), goal))
            .solution()
            .unwrap()
            .cost,
        500
    );
    assert_eq!(
        lpa.plan(&way(&map, start, goal)).solution().unwrap().cost,
        700
    );
    // A plan from the goal itself is the empty path.
    assert!(
        d_star
            .plan(&way(&map, goal, goal))
            .solution()
            .unwrap()
            .is_empty()
    );
}

/// A plan a node limit (or a cancel) stops keeps what it repaired: the next one, without
/// the limit, answers as from scratch. A cost bound below the optimum stops the plan; one at
/// it does not.
#[test]
fn a_stopped_plan_is_taken_up_again() {
    let map = GridMap::from_fn(40, 40, |x, y| x != 20 || y == 39).unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(39, 0));
    let optimal = a_star(&way(&map, start, goal)).solution().unwrap().cost;
    let mut planner = DStarLite::new();
    let limited = SearchOptions::new().max_nodes(200);
    let mut stops = 0;
    loop {
        let plan = planner.plan_with(&way(&map, start, goal), &limited);
        if let Some(solution) = plan.solution() {
            assert_eq!(solution.cost, optimal);
            break;
        }
        assert_eq!(plan.stopped(), Some(StopReason::NodeLimit));
        stops += 1;
        assert!(stops < 1000);
    }
    assert!(stops > 3, "{stops}");

    let token = CancelToken::new();
    token.cancel();
    let cancelled = SearchOptions::new().cancel_token(token);
    let mut planner = LpaStar::new();
    assert_eq!(
        planner
            .plan_with(&way(&map, start, goal), &cancelled)
            .stopped(),
        Some(StopReason::Cancelled)
    );
    let below = SearchOptions::new().cost_bound(optimal - 1);
    assert_eq!(
        planner.plan_with(&way(&map, start, goal), &below).stopped(),
        Some(StopReason::CostBound)
    );
    let at = SearchOptions::new().cost_bound(optimal);
    assert_eq!(
        planner
            .plan_with(&way(&map, start, goal), &at)
            .solution()
            .unwrap()
            .cost,
        optimal
    );
    let memory = SearchOptions::new().max_stored(50);
    let mut planner = DStarLite::new();
    let plan = planner.plan_with(&way(&map, start, goal), &memory);
    assert_eq!(plan.stopped(), Some(StopReason::MemoryLimit));
    assert!(plan.stats.stored <= 50 + 8, "{}", plan.stats.stored);
}

/// A line of `length` cells whose moves cost `cost` each way, for the error paths; its
/// starts are `starts` (0 alone unless a test says).
struct Line {
    length: i32,
    cost: i32,
    goals: Vec<i32>,
    inverses: bool,
    starts: Vec<i32>,
}

impl SearchProblem for Line {
    type State = i32;
    type Move = i32;
    type Cost = i32;
    fn start(&self) -> i32 {
        self.starts.first().copied().unwrap_or(0)
    }
    fn starts(&self) -> Vec<i32> {
        self.starts.clone()
    }
    fn is_goal(&self, &at: &i32) -> bool {
        at == self.length
    }
    fn moves(&self, &at: &i32, moves: &mut MoveBuffer<i32, i32>) {
        if at < self.length {
            moves.push((1, self.cost));
        }
        if at > 0 {
            moves.push((-1, self.cost));
        }
    }
    fn apply(&self, at: &mut i32, step: i32) {
        *at += step;
    }
    fn inverse(&self, step: i32) -> Option<i32> {
        self.inverses.then_some(-step)
    }
}

impl Bidirectional for Line {
    fn goals(&self) -> Vec<i32> {
        self.goals.clone()
    }
}

/// Every fault is named, and drops the search: the next plan, the fault mended, is right.
#[test]
fn faults_are_named_and_mended() {
    let line = |cost, goals, inverses| Line {
        length: 5,
        cost,
        goals,
        inverses,
        starts: vec![0],
    };
    let (mut d_star, mut lpa) = (DStarLite::new(), LpaStar::new());
    let cases = [
        (line(1, vec![4], true), ProblemError::NotAGoal { index: 0 }),
        (line(1, vec![5], false), ProblemError::NoPredecessors),
        (
            line(-1, vec![5], true),
            ProblemError::InvalidCost { cost: (-1).into() },
        ),
    ];
    for (problem, error) in cases {
        // Planners that have not searched: one that has would take the problem for the one
        // it searched, changed only where it was told.
        (d_star, lpa) = (DStarLite::new(), LpaStar::new());
        assert_eq!(d_star.plan(&problem).problem_error(), Some(&error));
        assert_eq!(lpa.plan(&problem).problem_error(), Some(&error));
        assert_eq!(d_star.stored(), 0);
        let mended = line(2, vec![5], true);
        assert_eq!(d_star.plan(&mended).solution().unwrap().cost, 10);
        assert_eq!(lpa.plan(&mended).solution().unwrap().cost, 10);
    }
    // A change the planners were told of on states they never stored is nothing to them.
    d_star.moves_changed([100, -3]);
    lpa.moves_changed([100]);
    let free = line(0, vec![5], true);
    assert_eq!(d_star.plan(&free).solution().unwrap().cost, 0);
    assert_eq!(lpa.plan(&free).solution().unwrap().cost, 0);
}

/// The agents of D* Lite and LRTA* stand on one state: several starts are refused, none has
/// no solution, and the planner keeps what it had.
#[test]
fn an_agent_stands_on_one_state() {
    let line = |starts| Line {
        length: 5,
        cost: 1,
        goals: vec![5],
        inverses: true,
        starts,
    };
    let mut planner = DStarLite::new();
    assert_eq!(planner.plan(&line(vec![1])).solution().unwrap().cost, 4);
    let stored = planner.stored();
    let refused = ProblemError::SeveralStarts { count: 2 };
    let two = line(vec![1, 4]);
    assert_eq!(planner.plan(&two).problem_error(), Some(&refused));
    assert_eq!(planner.plan(&line(vec![])).outcome, Outcome::NoSolution);
    assert_eq!(planner.stored(), stored);
    assert_eq!(planner.plan(&line(vec![4])).solution().unwrap().cost, 1);
    let mut learned = LearnedHeuristic::new();
    let walk = lrta_star(&two, &mut learned, 1);
    assert_eq!(walk.problem_error(), Some(&refused));
    let none = lrta_star(&line(vec![]), &mut learned, 1);
    assert_eq!(none.outcome, Outcome::NoSolution);
    assert_eq!((learned.len(), learned.raised_last_trial()), (0, 0));
}

/// Moves that cost nothing, both ways along the line: zero-cost cycles everywhere, and the
/// path still reaches the goal, optimal; at the cost type's limit, the sums saturate.
#[test]
fn zero_cost_cycles_and_the_cost_types_limit() {
    let free = Line {
        length: 30,
        cost: 0,
        goals: vec![30],
        inverses: true,
        starts: vec![0],
    };
    let solution = DStarLite::new().plan(&free).into_solution().unwrap();
    assert_eq!((solution.cost, solution.len()), (0, 30));
    let dear = Line {
        length: 3,
        cost: i32::MAX / 2,
        goals: vec![3],
        inverses: true,
        starts: vec![0],
    };
    assert_eq!(
        LpaStar::new().plan(&dear).stopped(),
        Some(StopReason::CostOverflow)
    );
    assert_eq!(
        DStarLite::new().plan(&dear).stopped(),
        Some(StopReason::CostOverflow)
    );
}

/// A walk across a random 20×20 map: the agent takes one to eight steps of each plan (or
/// now and then is carried anywhere), then up to four cells anywhere turn to wall or open
/// ground. Every plan of D* Lite costs what A*
/// from scratch finds from where the agent stands, and LPA*'s from the first start too.
fn walk_a_random_map(seed: u64) -> bool {
    let mut seed = seed | 1;
    let mut next = move |below: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % below
    };
    let mut walls = Vec::new();
    for _ in 0..400 {
        walls.push(next(4) == 0);
    }
    let mut map =
        GridMap::from_fn(20, 20, |x, y| !walls[usize::from(y) * 20 + usize::from(x)]).unwrap();
    let (start, goal) = (Cell::new(0, 0), Cell::new(19, 19));
    for cell in [start, goal] {
        map.set_terrain(cell, '.').unwrap();
    }
    let (mut d_star, mut lpa) = (DStarLite::new(), LpaStar::new());
    let mut agent = start;
    for _ in 0..30 {
        let plan = d_star.plan(&way(&map, agent, goal));
        let cost =
            |result: informed::ResultOf<GridPath<'_, u64>>| result.solution().map(|s| s.cost);
        if plan.solution().map(|s| s.cost) != cost(a_star(&way(&map, agent, goal))) {
            return false;
        }
        if cost(lpa.plan(&way(&map, start, goal))) != cost(a_star(&way(&map, start, goal))) {
            return false;
        }
        let jump = Cell::new(next(20) as u16, next(20) as u16);
        if next(6) == 0 && map.is_passable(jump) {
            // Off its plan: carried elsewhere.
            agent = jump;
        } else if let Some(solution) = plan.solution() {
            let steps = (1 + next(8) as usize).min(solution.moves.len());
            agent = *way(&map, agent, goal)
                .cells(&solution.moves[..steps])
                .last()
                .unwrap();
        }
        if agent == goal {
            return true;
        }
        for _ in 0..=next(4) {
            let cell = Cell::new(next(20) as u16, next(20) as u16);
            if cell == agent || cell == goal || cell == start {
                continue;
            }
            toggle(&mut map, cell, &mut d_star, &mut lpa);
        }
    }
    true
}

quickcheck! {
    fn walks_across_random_maps_agree_with_a_star(seed: u64) -> bool {
        walk_a_random_map(seed)
    }
}

/// The states 0 to 1000 in a chain, each a move of `step` from the next, and -5, which no
/// move leaves or enters. Every state of the chain past 0 has the heuristic `behind` both
/// ways: a dead end (MAX), or one whose sum with `step` passes the cost type.
struct Chain {
    start: i32,
    goal: i32,
    step: u32,
    behind: u32,
}

impl Chain {
    fn h(&self, at: i32) -> u32 {
        if at >= 1 { self.behind } else { 0 }
    }
}

impl SearchProblem for Chain {
    type State = i32;
    type Move = i32;
    type Cost = u32;
    fn start(&self) -> i32 {
        self.start
    }
    fn is_goal(&self, &at: &i32) -> bool {
        at == self.goal
    }
    fn heuristic(&self, &at: &i32) -> u32 {
        self.h(at)
    }
    fn moves(&self, &at: &i32, moves: &mut MoveBuffer<i32, u32>) {
        if (0..1000).contains(&at) {
            moves.push((1, self.step));
        }
        if at > 0 {
            moves.push((-1, self.step));
        }
    }
    fn apply(&self, at: &mut i32, step: i32) {
        *at += step;
    }
    fn inverse(&self, step: i32) -> Option<i32> {
        Some(-step)
    }
}

impl Bidirectional for Chain {
    fn goals(&self) -> Vec<i32> {
        vec![self.goal]
    }
    fn heuristic_from_start(&self, &at: &i32) -> u32 {
        self.h(at)
    }
}

/// A dead end (a heuristic of MAX) is never expanded, as A* expands none: LPA* from 0 to the
/// unreachable -5, and D* Lite from -5 back to 0, each expand one state and find no path; a
/// heuristic whose sum with a cost passes the type still says so.
#[test]
fn dead_ends_are_not_expanded() {
    let forward = Chain {
        start: 0,
        goal: -5,
        step: 1,
        behind: u32::MAX,
    };
    let lpa = LpaStar::new().plan(&forward);
    assert_eq!(lpa.outcome, Outcome::NoSolution);
    assert_eq!(lpa.stats.expanded, 1);
    assert_eq!(a_star(&forward).stats.expanded, 1);
    let backward = Chain {
        start: -5,
        goal: 0,
        ..forward
    };
    let d_star = DStarLite::new().plan(&backward);
    assert_eq!(d_star.outcome, Outcome::NoSolution);
    assert_eq!(d_star.stats.expanded, 1);
    let past = Chain {
        step: u32::MAX / 2 + 1,
        behind: u32::MAX / 2 + 1,
        ..forward
    };
    let lpa = LpaStar::new().plan(&past);
    assert_eq!(lpa.stopped(), Some(StopReason::CostOverflow));
    assert_eq!(lpa.stats.expanded, 1);
}
