//! Bidirectional BFS, bidirectional A* (BAE*) and MM: against BFS and Dijkstra on random
//! graphs and 8-puzzles, the path rebuilt across the meeting point, every error and limit.

use crate::common::{Adjacency, EightPuzzle, Graph, NodeGraph, assert_replays, distances_to};
use informed::puzzles::SlidingPuzzle;
use informed::{
    Bidirectional, MoveBuffer, Outcome, ProblemError, SearchOptions, SearchProblem, StopReason,
    a_star, bfs, bidirectional_a_star, bidirectional_a_star_with, bidirectional_bfs,
    bidirectional_bfs_with, ida_star, meet_in_the_middle, meet_in_the_middle_with,
};
use quickcheck::quickcheck;

/// A random graph searched both ways: its goal, the edges into a node as predecessors, and
/// for the backward half the exact cost from the start (divided) as its heuristic, or none.
#[derive(Clone, Debug)]
struct TwoWay {
    graph: NodeGraph,
    /// The cheapest cost from node 0 to each node.
    from_start: Vec<Option<u32>>,
    guided: bool,
    /// Whether the heuristics give nothing on odd nodes: admissible, not consistent.
    patchy: bool,
}

impl TwoWay {
    fn new(graph: Graph, guided: bool) -> Self {
        // Dijkstra forward from 0: backward over the reversed edges.
        let mut reversed = vec![Vec::new(); graph.edges.len()];
        for (from, out) in graph.edges.iter().enumerate() {
            for &(to, cost) in out {
                reversed[to].push((from, cost));
            }
        }
        let from_start = distances_to(&reversed, 0);
        TwoWay {
            graph: NodeGraph(graph),
            from_start,
            guided,
            patchy: false,
        }
    }

    /// The heuristics only on even nodes.
    fn patchy(self) -> Self {
        TwoWay {
            patchy: true,
            ..self
        }
    }

    /// Whether the heuristics tell nothing of `node`.
    fn blind(&self, node: usize) -> bool {
        !self.guided || (self.patchy && node % 2 == 1)
    }
}

impl SearchProblem for TwoWay {
    type State = usize;
    type Move = (usize, usize);
    type Cost = u32;
    fn start(&self) -> usize {
        0
    }
    fn is_goal(&self, node: &usize) -> bool {
        self.graph.is_goal(node)
    }
    /// Consistent unless patchy: the exact distance divided, infinite where the goal cannot
    /// be reached.
    fn heuristic(&self, &node: &usize) -> u32 {
        let graph = &self.graph.0;
        match graph.exact[node] {
            Some(d) if !self.blind(node) => d / graph.divisor,
            Some(_) => 0,
            None => u32::MAX,
        }
    }
    fn moves(&self, node: &usize, moves: &mut MoveBuffer<(usize, usize), u32>) {
        self.graph.moves(node, moves);
    }
    fn apply(&self, node: &mut usize, mv: (usize, usize)) {
        self.graph.apply(node, mv);
    }
}

impl Bidirectional for TwoWay {
    fn goals(&self) -> Vec<usize> {
        vec![self.graph.0.goal]
    }
    fn predecessors<F: FnMut(usize, (usize, usize), u32)>(
        &self,
        &node: &usize,
        mut each: F,
    ) -> bool {
        for (from, out) in self.graph.0.edges.iter().enumerate() {
            for (edge, &(to, cost)) in out.iter().enumerate() {
                if to == node {
                    each(from, (from, edge), cost);
                }
            }
        }
        true
    }
    fn heuristic_from_start(&self, &node: &usize) -> u32 {
        match self.from_start[node] {
            Some(d) if !self.blind(node) => d / self.graph.0.divisor,
            _ => 0,
        }
    }
}

quickcheck! {
    /// The fewest moves BFS finds, the path replaying from the start to the goal.
    fn bidirectional_bfs_finds_the_fewest_moves(graph: Graph) -> bool {
        let problem = TwoWay::new(graph, false);
        let one_way = bfs(&problem).into_solution();
        let result = bidirectional_bfs(&problem);
        match (one_way, result.solution()) {
            (Some(one), Some(both)) => {
                assert_replays(&problem, &both.moves, both.cost);
                one.len() == both.len()
            }
            (None, None) => result.outcome == Outcome::NoSolution,
            _ => false,
        }
    }

    /// The cost Dijkstra finds, with heuristics both ways or none.
    fn bidirectional_a_star_is_optimal(graph: Graph, guided: bool) -> bool {
        let problem = TwoWay::new(graph, guided);
        let result = bidirectional_a_star(&problem);
        match (problem.graph.0.exact[0], result.solution()) {
            (Some(best), Some(found)) => {
                assert_replays(&problem, &found.moves, found.cost);
                found.cost == best
            }
            (None, None) => result.outcome == Outcome::NoSolution,
            _ => false,
        }
    }

    /// The cost Dijkstra finds, with heuristics both ways (admissible, perhaps inconsistent)
    /// or none.
    fn meet_in_the_middle_is_optimal(graph: Graph, guided: bool, patchy: bool) -> bool {
        let problem = TwoWay::new(graph, guided);
        let problem = if patchy { problem.patchy() } else { problem };
        let result = meet_in_the_middle(&problem);
        match (problem.graph.0.exact[0], result.solution()) {
            (Some(best), Some(found)) => {
                assert_replays(&problem, &found.moves, found.cost);
                found.cost == best
            }
            (None, None) => result.outcome == Outcome::NoSolution,
            _ => false,
        }
    }

    fn both_agree_with_bfs_on_eight_puzzles(start: EightPuzzle) -> bool {
        let puzzle = start.puzzle();
        let optimal = bfs(&puzzle).into_solution().unwrap();
        let by_bfs = bidirectional_bfs(&puzzle).into_solution().unwrap();
        let by_bae = bidirectional_a_star(&puzzle).into_solution().unwrap();
        let by_mm = meet_in_the_middle(&puzzle).into_solution().unwrap();
        assert_replays(&puzzle, &by_bfs.moves, by_bfs.cost);
        assert_replays(&puzzle, &by_bae.moves, by_bae.cost);
        assert_replays(&puzzle, &by_mm.moves, by_mm.cost);
        by_bfs.len() == optimal.len() && by_bae.cost == optimal.cost && by_mm.cost == optimal.cost
    }
}

#[test]
fn a_fifteen_puzzle_both_ways() {
    let puzzle = informed::puzzles::SlidingPuzzle::<16>::parse(
        4,
        4,
        "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15",
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
    )
    .unwrap();
    let optimal = a_star(&puzzle);
    let result = bidirectional_a_star(&puzzle);
    let found = result.solution().unwrap();
    assert_eq!(found.cost, 42);
    assert_eq!(optimal.solution().map(|s| s.cost), Some(42));
    // Fewer expansions than A* on this one (53,470 against 64,658).
    assert!(result.stats.expanded < optimal.stats.expanded);
    assert_replays(&puzzle, &found.moves, found.cost);
    let by_mm = meet_in_the_middle(&puzzle);
    let found = by_mm.solution().unwrap();
    assert_eq!(found.cost, 42);
    assert_replays(&puzzle, &found.moves, found.cost);
}

/// Reach 7 from 0 by adding 1 or 2 (the count goes on past it): no inverses, so no
/// predecessors.
struct OneWay;

impl SearchProblem for OneWay {
    type State = u32;
    type Move = u32;
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, &n: &u32) -> bool {
        n == 7
    }
    fn moves(&self, _: &u32, moves: &mut MoveBuffer<u32, u32>) {
        moves.extend([(1, 1), (2, 1)]);
    }
    fn apply(&self, n: &mut u32, step: u32) {
        *n += step;
    }
}

impl Bidirectional for OneWay {
    fn goals(&self) -> Vec<u32> {
        vec![7]
    }
}

#[test]
fn a_problem_without_predecessors_is_named() {
    for result in [
        bidirectional_bfs(&OneWay),
        bidirectional_a_star(&OneWay),
        meet_in_the_middle(&OneWay),
    ] {
        assert_eq!(
            result.outcome,
            Outcome::Invalid {
                error: ProblemError::NoPredecessors,
                solution: None
            }
        );
    }
    assert!(
        ProblemError::NoPredecessors
            .to_string()
            .contains("Bidirectional::predecessors")
    );
}

/// Steps of one along a line from 0 (either way), to 5, with the goals listed by the caller.
struct Listed(Vec<i32>);

impl SearchProblem for Listed {
    type State = i32;
    type Move = i32;
    type Cost = u32;
    fn start(&self) -> i32 {
        0
    }
    fn is_goal(&self, &at: &i32) -> bool {
        at == 5
    }
    fn moves(&self, _: &i32, moves: &mut MoveBuffer<i32, u32>) {
        moves.extend([(1, 1), (-1, 1)]);
    }
    fn apply(&self, at: &mut i32, step: i32) {
        *at += step;
    }
    fn inverse(&self, step: i32) -> Option<i32> {
        Some(-step)
    }
}

impl Bidirectional for Listed {
    fn goals(&self) -> Vec<i32> {
        self.0.clone()
    }
}

/// A state `goals` lists that is not a goal is named, without the path check (release
/// builds): before, the backward half started from it and a path to 7 came back solved.
#[test]
fn a_listed_goal_that_is_none_is_named() {
    let unchecked = SearchOptions::new().check_path(false);
    for (goals, index) in [(vec![7], 0), (vec![5, 7], 1), (vec![5, 5, -3], 2)] {
        let problem = Listed(goals);
        for result in [
            bidirectional_bfs_with(&problem, &unchecked),
            bidirectional_a_star_with(&problem, &unchecked),
            meet_in_the_middle_with(&problem, &unchecked),
        ] {
            assert_eq!(
                result.outcome,
                Outcome::Invalid {
                    error: ProblemError::NotAGoal { index },
                    solution: None
                }
            );
        }
    }
    let problem = Listed(vec![5, 5]);
    for result in [
        bidirectional_bfs(&problem),
        bidirectional_a_star(&problem),
        meet_in_the_middle(&problem),
    ] {
        assert_eq!(result.solution().map(|s| s.cost), Some(5));
    }
    assert!(
        ProblemError::NotAGoal { index: 2 }
            .to_string()
            .contains("goal 2 of the list")
    );
}

#[test]
fn a_start_at_a_goal_and_limits() {
    let puzzle =
        informed::puzzles::SlidingPuzzle::<9>::parse(3, 3, "123456780", "123456780").unwrap();
    for result in [
        bidirectional_bfs(&puzzle),
        bidirectional_a_star(&puzzle),
        meet_in_the_middle(&puzzle),
    ] {
        assert!(result.into_solution().unwrap().is_empty());
    }
    let puzzle =
        informed::puzzles::SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    for (options, stored_limit) in [
        (SearchOptions::new().max_nodes(50), false),
        (SearchOptions::new().max_stored(100), true),
    ] {
        let by_bfs = bidirectional_bfs_with(&puzzle, &options);
        let by_bae = bidirectional_a_star_with(&puzzle, &options);
        let by_mm = meet_in_the_middle_with(&puzzle, &options);
        for result in [by_bfs.stopped(), by_bae.stopped(), by_mm.stopped()] {
            assert!(
                matches!(
                    result,
                    Some(StopReason::NodeLimit | StopReason::MemoryLimit)
                ),
                "{result:?}"
            );
        }
        if stored_limit {
            assert!(
                [by_bfs, by_bae, by_mm]
                    .iter()
                    .all(|result| result.stats.stored <= 100)
            );
        }
    }
}

/// The rotation game has 38,610 goal boards; searched from all of them and from the start,
/// the fewest moves are IDA*'s. (On the judge's samples: a board 11 moves from its goal
/// takes bidirectional BFS six million states, where IDA* stores none.)
#[test]
fn the_rotation_game_from_every_goal() {
    use informed::puzzles::RotationGame;
    let game: RotationGame = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
        .parse()
        .unwrap();
    assert_eq!(game.goals().len(), 38_610);
    assert!(game.goals().iter().all(|goal| game.is_goal(goal)));
    // D* Lite from every goal at once (its backward heuristic is weak: the farther board
    // below would take it 800 K states).
    let found = informed::DStarLite::new()
        .plan(&game)
        .into_solution()
        .unwrap();
    assert_eq!(found.cost, ida_star(&game).into_solution().unwrap().cost);
    assert_replays(&game, &found.moves, found.cost);
    for board in [
        "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
        "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3",
    ] {
        let game: RotationGame = board.parse().unwrap();
        let expected = ida_star(&game).into_solution().unwrap().cost;
        for result in [
            bidirectional_bfs(&game),
            bidirectional_a_star(&game),
            meet_in_the_middle(&game),
            // LPA* toward every goal at once.
            informed::LpaStar::new().plan(&game),
        ] {
            let found = result.into_solution().unwrap();
            assert_eq!(found.cost, expected, "{board}");
            assert_replays(&game, &found.moves, found.cost);
        }
    }
}

/// S -> G costs `direct`; S -> A -> B -> G costs `1 + middle + 1`, cheaper, past half of
/// the cost type's range.
fn detour<C: informed::Cost>(direct: C, middle: C, one: C) -> Adjacency<C> {
    let zero = C::ZERO;
    let two = one.saturating_add(one);
    Adjacency {
        goal: 3,
        edges: vec![
            vec![(3, direct), (1, one)],
            vec![(2, middle)],
            vec![(3, one)],
            vec![],
        ],
        heuristic: vec![
            middle.saturating_add(two),
            middle.saturating_add(one),
            one,
            zero,
        ],
        from_start: vec![
            zero,
            one,
            middle.saturating_add(one),
            middle.saturating_add(two),
        ],
    }
}

#[test]
fn bae_star_stays_optimal_past_half_the_cost_range() {
    let small = detour(130u8, 126, 1);
    assert_eq!(a_star(&small).solution().map(|s| s.cost), Some(128));
    assert_eq!(
        bidirectional_a_star(&small).solution().map(|s| s.cost),
        Some(128)
    );
    let large = detour(1u32 << 31 | 2, (1 << 31) - 2, 1);
    assert_eq!(
        bidirectional_a_star(&large).solution().map(|s| s.cost),
        Some(1 << 31)
    );
}

/// MM's `2g` saturates past half the cost type's range: a lower bound still.
#[test]
fn mm_stays_optimal_past_half_the_cost_range() {
    let small = detour(130u8, 126, 1);
    assert_eq!(
        meet_in_the_middle(&small).solution().map(|s| s.cost),
        Some(128)
    );
    let large = detour(1u32 << 31 | 2, (1 << 31) - 2, 1);
    assert_eq!(
        meet_in_the_middle(&large).solution().map(|s| s.cost),
        Some(1 << 31)
    );
}

#[test]
fn bae_star_and_mm_keep_the_cost_bound() {
    let puzzle = SlidingPuzzle::<6>::new(1, 6, &[0, 1, 2, 3, 4, 5], &[1, 2, 3, 4, 5, 0]).unwrap();
    let engines = [bidirectional_a_star_with, meet_in_the_middle_with];
    for engine in engines {
        let result = engine(&puzzle, &SearchOptions::new().cost_bound(3));
        assert_eq!(
            result.stopped(),
            Some(StopReason::CostBound),
            "{:?}",
            result.outcome
        );
        let result = engine(&puzzle, &SearchOptions::new().cost_bound(5));
        assert_eq!(result.solution().map(|s| s.cost), Some(5));
    }
}

#[test]
fn bidirectional_bfs_passes_over_a_meeting_that_costs_max() {
    // Undirected, u8: S - A - G costs 200 + 55 = MAX, no path; S - B - C - G costs 3.
    let (start, costly, one, two, goal) = (0, 1, 2, 3, 4);
    let mut edges: Vec<Vec<(u32, u8)>> = vec![Vec::new(); 5];
    let undirected = [
        (start, costly, 200),
        (costly, goal, 55),
        (start, one, 1),
        (one, two, 1),
        (two, goal, 1),
    ];
    for (from, to, cost) in undirected {
        edges[from as usize].push((to, cost));
        edges[to as usize].push((from, cost));
    }
    let graph = Adjacency {
        edges,
        heuristic: vec![0; 5],
        from_start: vec![0; 5],
        goal,
    };
    assert_eq!(bfs(&graph).solution().map(|s| s.cost), Some(3));
    let result = bidirectional_bfs(&graph);
    assert_eq!(
        result.solution().map(|s| s.cost),
        Some(3),
        "{:?}",
        result.outcome
    );
}
