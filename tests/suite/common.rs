//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use informed::puzzles::{SlidingPuzzle, sliding_tile};
use informed::{MoveBuffer, Outcome, ResultOf, SearchProblem};
use quickcheck::{Arbitrary, Gen};

/// A solvable 8-puzzle start (goal `1 2 3 4 5 6 7 8 0`), made by a random walk from the goal.
#[derive(Clone, Debug)]
pub struct EightPuzzle(pub [u8; 9]);

impl Arbitrary for EightPuzzle {
    fn arbitrary(g: &mut Gen) -> Self {
        let goal = sliding_tile::blank_last::<9>();
        let puzzle = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).unwrap();
        let mut board = puzzle.start();
        for _ in 0..(usize::arbitrary(g) % 60) {
            let mut moves = MoveBuffer::new();
            puzzle.moves(&board, &mut moves);
            let (slide, _) = moves[usize::arbitrary(g) % moves.len()];
            puzzle.apply(&mut board, slide);
        }
        EightPuzzle(*board.tiles())
    }
}

impl EightPuzzle {
    pub fn puzzle(&self) -> SlidingPuzzle<9> {
        SlidingPuzzle::<9>::new(3, 3, &self.0, &sliding_tile::blank_last::<9>()).unwrap()
    }
}

/// A directed graph with weighted edges; node 0 is the start, `goal` the goal. The heuristic
/// is the true distance divided by `divisor` (admissible for any divisor >= 1), or zero.
#[derive(Clone, Debug)]
pub struct Graph {
    pub edges: Vec<Vec<(usize, u32)>>,
    pub goal: usize,
    pub exact: Vec<Option<u32>>,
    pub divisor: u32,
}

impl Graph {
    pub fn new(edges: Vec<Vec<(usize, u32)>>, goal: usize, divisor: u32) -> Self {
        let exact = distances_to(&edges, goal);
        Graph {
            edges,
            goal,
            exact,
            divisor,
        }
    }
}

/// Dijkstra backwards from `goal`: the cheapest cost from every node to it.
pub fn distances_to(edges: &[Vec<(usize, u32)>], goal: usize) -> Vec<Option<u32>> {
    let mut best = vec![None; edges.len()];
    let mut queue = BinaryHeap::from([Reverse((0u32, goal))]);
    while let Some(Reverse((d, node))) = queue.pop() {
        if best[node].is_some() {
            continue;
        }
        best[node] = Some(d);
        for (from, out) in edges.iter().enumerate() {
            for &(to, cost) in out {
                if to == node && best[from].is_none() {
                    queue.push(Reverse((d + cost, from)));
                }
            }
        }
    }
    best
}

impl Arbitrary for Graph {
    fn arbitrary(g: &mut Gen) -> Self {
        let nodes = 2 + usize::arbitrary(g) % 12;
        let edges = (0..nodes)
            .map(|_| {
                (0..usize::arbitrary(g) % 4)
                    .map(|_| (usize::arbitrary(g) % nodes, 1 + u32::arbitrary(g) % 9))
                    .collect()
            })
            .collect();
        Graph::new(
            edges,
            1 + usize::arbitrary(g) % (nodes - 1),
            1 + u32::arbitrary(g) % 3,
        )
    }
}

/// A move is the index of an edge out of the current node; the state carries the path of
/// nodes so that `undo` can restore it without an inverse.
impl SearchProblem for Graph {
    type State = Vec<usize>;
    type Move = usize;
    type Cost = u32;
    fn start(&self) -> Vec<usize> {
        vec![0]
    }
    fn is_goal(&self, path: &Vec<usize>) -> bool {
        path.last() == Some(&self.goal)
    }
    fn heuristic(&self, path: &Vec<usize>) -> u32 {
        let node = *path.last().unwrap();
        self.exact[node].map_or(u32::MAX, |d| d / self.divisor)
    }
    fn moves(&self, path: &Vec<usize>, moves: &mut MoveBuffer<usize, u32>) {
        let node = *path.last().unwrap();
        moves.extend(
            self.edges[node]
                .iter()
                .enumerate()
                .map(|(i, &(_, cost))| (i, cost)),
        );
    }
    fn apply(&self, path: &mut Vec<usize>, edge: usize) {
        let node = *path.last().unwrap();
        path.push(self.edges[node][edge].0);
    }
}

/// The same graph with states that are just the node, so engines that store states see
/// each node once and IDA*/RBFS need cycle detection to prove a goal unreachable. A move is
/// the node it leaves and the index of its edge, so that `undo` can go back.
#[derive(Clone, Debug)]
pub struct NodeGraph(pub Graph);

impl SearchProblem for NodeGraph {
    type State = usize;
    type Move = (usize, usize);
    type Cost = u32;
    fn start(&self) -> usize {
        0
    }
    fn is_goal(&self, node: &usize) -> bool {
        *node == self.0.goal
    }
    /// Zero where the goal is unreachable: engines must find that out by searching.
    fn heuristic(&self, node: &usize) -> u32 {
        self.0.exact[*node].map_or(0, |d| d / self.0.divisor)
    }
    fn moves(&self, node: &usize, moves: &mut MoveBuffer<(usize, usize), u32>) {
        moves.extend(
            self.0.edges[*node]
                .iter()
                .enumerate()
                .map(|(i, &(_, c))| ((*node, i), c)),
        );
    }
    fn apply(&self, node: &mut usize, (from, edge): (usize, usize)) {
        *node = self.0.edges[from][edge].0;
    }
}

/// Checks that `moves` replay from the start to a goal at `cost`.
pub fn assert_replays<P: SearchProblem>(problem: &P, moves: &[P::Move], cost: P::Cost)
where
    P::Cost: std::fmt::Debug,
{
    let (end, replayed) = informed::replay(problem, moves).expect("every move is legal");
    assert!(problem.is_goal(&end), "the moves end at a goal");
    assert_eq!(replayed, cost, "the reported cost is the cost of the moves");
}

/// Reads the instances of a Korf-format file: `<id> <length> <tiles…>`.
pub fn korf_instances(text: &str) -> Vec<(u32, u32, Vec<u8>)> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let numbers: Vec<u32> = line
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            let tiles = numbers[2..].iter().map(|&t| t as u8).collect();
            (numbers[0], numbers[1], tiles)
        })
        .collect()
}

/// Whether `result`, from searching `problem` (built on `graph`), is what an optimal search
/// must give: a solution that replays, at the cost Dijkstra finds, or none when the goal is
/// unreachable; with `proves_none`, that "none" must be a proof, [`Outcome::NoSolution`].
pub fn optimal_or_none<P: SearchProblem<Cost = u32>>(
    graph: &Graph,
    problem: &P,
    result: &ResultOf<P>,
    proves_none: bool,
) -> bool {
    match (graph.exact[0], result.solution()) {
        (Some(best), Some(solution)) => {
            assert_replays(problem, &solution.moves, solution.cost);
            solution.cost == best
        }
        (None, None) => !proves_none || matches!(result.outcome, Outcome::NoSolution),
        _ => false,
    }
}

/// A line of `length` steps from 0, each forward (`true`) or back (`false`) at cost 1; the
/// goal is its end. Guided, the heuristic is the exact distance to the end; unguided, there
/// is none.
pub struct Line {
    pub length: u32,
    pub guided: bool,
}

impl Line {
    pub fn guided(length: u32) -> Self {
        Line {
            length,
            guided: true,
        }
    }

    pub fn unguided(length: u32) -> Self {
        Line {
            length,
            guided: false,
        }
    }
}

impl SearchProblem for Line {
    type State = u32;
    type Move = bool;
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, at: &u32) -> bool {
        *at == self.length
    }
    fn heuristic(&self, at: &u32) -> u32 {
        if self.guided { self.length - at } else { 0 }
    }
    fn moves(&self, at: &u32, moves: &mut MoveBuffer<bool, u32>) {
        if *at < self.length {
            moves.push((true, 1));
        }
        if *at > 0 {
            moves.push((false, 1));
        }
    }
    fn apply(&self, at: &mut u32, forward: bool) {
        if forward {
            *at += 1;
        } else {
            *at -= 1;
        }
    }
    fn inverse(&self, forward: bool) -> Option<bool> {
        Some(!forward)
    }
}

#[path = "../../examples/common/wall_grid.rs"]
mod wall_grid;

pub use wall_grid::WallGrid;

#[path = "../../examples/common/heavy_tiles.rs"]
mod heavy_tiles;

pub use heavy_tiles::{Heavy, HeavyTiles};

/// The cheapest cost across a [`WallGrid`], by Dijkstra.
pub fn optimal(grid: &WallGrid) -> u32 {
    informed::dijkstra(grid).into_solution().unwrap().cost
}

/// `P` with its states filed by the tables' own hash: every method `P`'s own but
/// [`SearchProblem::state_index`], [`SearchProblem::state_hash`] and
/// [`SearchProblem::children_at_once`], left at their defaults. Searching `P` and `Hashed(P)`
/// and comparing the answers and counts checks that filing states by number (or by the hash
/// they carry) changes nothing.
#[derive(Clone, Debug)]
pub struct Hashed<P>(pub P);

impl<P: SearchProblem> SearchProblem for Hashed<P> {
    type State = P::State;
    type Move = P::Move;
    type Cost = P::Cost;
    fn start(&self) -> P::State {
        self.0.start()
    }
    fn starts(&self) -> Vec<P::State> {
        self.0.starts()
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.0.is_goal(state)
    }
    fn moves(&self, state: &P::State, moves: &mut MoveBuffer<P::Move, P::Cost>) {
        self.0.moves(state, moves);
    }
    fn apply(&self, state: &mut P::State, mv: P::Move) {
        self.0.apply(state, mv);
    }
    fn heuristic(&self, state: &P::State) -> P::Cost {
        self.0.heuristic(state)
    }
    fn inverse(&self, mv: P::Move) -> Option<P::Move> {
        self.0.inverse(mv)
    }
}

/// A small directed graph as adjacency lists, costs of type `C`, the move naming the node it
/// goes to (so two edges to one node are one move at two costs: the natural encoding a user
/// writes), with a heuristic table each way and every edge's predecessor listed for the
/// bidirectional engines.
#[derive(Debug)]
pub struct Adjacency<C> {
    pub edges: Vec<Vec<(u32, C)>>,
    /// A lower bound on the cost from each node to the goal.
    pub heuristic: Vec<C>,
    /// A lower bound on the cost from the start (node 0) to each node.
    pub from_start: Vec<C>,
    pub goal: u32,
}

/// The graph with its costs and heuristic (the exact distance, divided as the graph says) made
/// `C`s by `cost`.
pub fn with_costs<C: informed::Cost>(graph: &Graph, cost: impl Fn(u32) -> C) -> Adjacency<C> {
    Adjacency {
        edges: graph
            .edges
            .iter()
            .map(|out| out.iter().map(|&(to, c)| (to as u32, cost(c))).collect())
            .collect(),
        heuristic: graph
            .exact
            .iter()
            .map(|d| d.map_or(C::MAX, |d| cost(d / graph.divisor)))
            .collect(),
        from_start: vec![C::ZERO; graph.edges.len()],
        goal: graph.goal as u32,
    }
}

impl<C: informed::Cost> SearchProblem for Adjacency<C> {
    type State = u32;
    type Move = u32;
    type Cost = C;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, &node: &u32) -> bool {
        node == self.goal
    }
    fn heuristic(&self, &node: &u32) -> C {
        self.heuristic[node as usize]
    }
    fn moves(&self, &node: &u32, moves: &mut MoveBuffer<u32, C>) {
        moves.extend(self.edges[node as usize].iter().copied());
    }
    fn apply(&self, node: &mut u32, to: u32) {
        *node = to;
    }
}

impl<C: informed::Cost> informed::Bidirectional for Adjacency<C> {
    fn goals(&self) -> Vec<u32> {
        vec![self.goal]
    }
    fn heuristic_from_start(&self, &node: &u32) -> C {
        self.from_start[node as usize]
    }
    fn predecessors<F: FnMut(u32, u32, C)>(&self, &node: &u32, mut each: F) -> bool {
        for (from, edges) in self.edges.iter().enumerate() {
            for &(to, cost) in edges {
                if to == node {
                    each(from as u32, to, cost);
                }
            }
        }
        true
    }
}

/// A bounded-suboptimal engine (`search(puzzle, weight, options)`) on the hardest 8-puzzle:
/// within 1.5 times the optimum, after fewer expansions than A*; a weight of 1 (or below, or
/// not a number) is optimal; the node and memory limits and a cost bound below the optimum
/// stop it.
pub fn bounded_on_the_hardest_eight_puzzle(
    search: impl Fn(&SlidingPuzzle<9>, f64, &informed::SearchOptions) -> ResultOf<SlidingPuzzle<9>>,
) {
    use informed::{SearchOptions, StopReason};
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let plain = SearchOptions::new();
    let optimal = informed::a_star(&puzzle);
    let found = search(&puzzle, 1.5, &plain);
    let cost = found.solution().unwrap().cost;
    assert!((31..=46).contains(&cost), "{cost}");
    assert!(found.stats.expanded < optimal.stats.expanded);
    for weight in [1.0, 0.5, f64::NAN] {
        let exact = search(&puzzle, weight, &plain);
        assert_eq!(exact.solution().map(|s| s.cost), Some(31));
    }
    for (options, reason) in [
        (SearchOptions::new().max_nodes(50), StopReason::NodeLimit),
        (SearchOptions::new().max_stored(20), StopReason::MemoryLimit),
        (SearchOptions::new().cost_bound(20), StopReason::CostBound),
    ] {
        assert_eq!(search(&puzzle, 1.5, &options).stopped(), Some(reason));
    }
}

/// Whether a bounded-suboptimal engine's answer on a graph of `f64` costs holds: a solution
/// costing at most `weight` times the optimum (Dijkstra's, rounding allowed for), and no
/// solution where there is none.
pub fn within_weight_float(
    problem: &Adjacency<f64>,
    weight: f64,
    found: &ResultOf<Adjacency<f64>>,
) -> bool {
    let optimal = informed::dijkstra(problem).solution().map(|s| s.cost);
    match (found.solution(), optimal) {
        (Some(solution), Some(optimal)) => solution.cost <= weight * optimal + 1e-9,
        (None, None) => found.outcome == informed::Outcome::NoSolution,
        _ => false,
    }
}

/// Whether a bounded-suboptimal engine's answer on a random graph holds: a path to the goal
/// costing at most `weight` times the optimum (Dijkstra's), its cost its own, and no path
/// where there is none.
pub fn within_weight(problem: &NodeGraph, weight: f64, found: &ResultOf<NodeGraph>) -> bool {
    let optimal = informed::dijkstra(problem).solution().map(|s| s.cost);
    match (found.solution(), optimal) {
        (Some(solution), Some(optimal)) => {
            let Ok((end, cost)) = informed::replay(problem, &solution.moves) else {
                return false;
            };
            problem.is_goal(&end)
                && cost == solution.cost
                && f64::from(cost) <= weight * f64::from(optimal) + 1e-9
        }
        (None, None) => found.outcome == Outcome::NoSolution,
        _ => false,
    }
}
