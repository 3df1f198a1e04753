//! Depth-first branch and bound: optimal on random graphs and puzzles, the depth limit and
//! the initial bound honoured.

use crate::common::{Graph, NodeGraph, WallGrid, assert_replays, optimal_or_none};
use informed::puzzles::RotationGame;
use informed::puzzles::SlidingPuzzle;
use informed::{
    MoveBuffer, Outcome, SearchOptions, SearchProblem, StopReason, bfs, branch_and_bound,
    branch_and_bound_with, ida_star,
};
use quickcheck::quickcheck;

quickcheck! {
    /// With cycle detection every path is simple: the search ends, at the cost Dijkstra
    /// finds, or proves there is none.
    fn optimal_on_random_graphs(graph: Graph) -> bool {
        let problem = NodeGraph(graph.clone());
        let result = branch_and_bound_with(&problem, None, &SearchOptions::new().detect_cycles(true));
        optimal_or_none(&graph, &problem, &result, true)
    }
}

/// From 0 to 10 along the line a unit at a time, or in one jump costing 50.
struct LineOrJump;

impl SearchProblem for LineOrJump {
    type State = u32;
    type Move = u32; // the node moved to
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, &n: &u32) -> bool {
        n == 10
    }
    fn moves(&self, &n: &u32, moves: &mut MoveBuffer<u32, u32>) {
        if n == 0 {
            moves.push((10, 50));
        }
        if n < 10 {
            moves.push((n + 1, 1));
        }
    }
    fn apply(&self, n: &mut u32, to: u32) {
        *n = to;
    }
}

fn line_or_jump() -> LineOrJump {
    LineOrJump
}

#[test]
fn the_depth_limit_bounds_the_moves_not_the_cost() {
    let problem = line_or_jump();
    let cost = |depth| branch_and_bound(&problem, depth).solution().map(|s| s.cost);
    assert_eq!(cost(None), Some(10));
    assert_eq!(cost(Some(10)), Some(10));
    assert_eq!(cost(Some(9)), Some(50));
    assert_eq!(cost(Some(1)), Some(50));
    // No move within 0: the start's moves are left untried, which is no proof of no solution.
    assert_eq!(
        branch_and_bound(&problem, Some(0)).stopped(),
        Some(StopReason::DepthLimit)
    );
}

/// The line from 0 to 5 a unit at a time, with no goal: a finite space.
struct DeadEnd;

impl SearchProblem for DeadEnd {
    type State = u32;
    type Move = ();
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, _: &u32) -> bool {
        false
    }
    fn moves(&self, &n: &u32, moves: &mut MoveBuffer<(), u32>) {
        if n < 5 {
            moves.push(((), 1));
        }
    }
    fn apply(&self, n: &mut u32, (): ()) {
        *n += 1;
    }
}

/// No solution is `NoSolution` only when the whole space was searched: a depth limit or a cost
/// bound that cut part of it off says so (before, a depth limit gave `NoSolution` and any cost
/// bound `CostBound`, whatever they cut).
#[test]
fn no_solution_is_told_apart_from_one_beyond_the_limits() {
    let outcome = |depth, bound: Option<u32>| {
        let options = bound.map_or(SearchOptions::new(), |b| SearchOptions::new().cost_bound(b));
        branch_and_bound_with(&DeadEnd, depth, &options).outcome
    };
    let stopped = |reason| Outcome::Stopped {
        reason,
        completed_threshold: None,
        so_far: None,
    };
    assert_eq!(outcome(None, None), Outcome::NoSolution);
    assert_eq!(outcome(Some(6), None), Outcome::NoSolution);
    assert_eq!(outcome(None, Some(5)), Outcome::NoSolution);
    assert_eq!(outcome(None, Some(100)), Outcome::NoSolution);
    assert_eq!(outcome(Some(6), Some(100)), Outcome::NoSolution);
    assert_eq!(outcome(Some(3), None), stopped(StopReason::DepthLimit));
    assert_eq!(outcome(Some(0), None), stopped(StopReason::DepthLimit));
    assert_eq!(outcome(None, Some(4)), stopped(StopReason::CostBound));
    // Both cut: the depth limit is named; the bound cuts the line at 3 before the depth limit.
    assert_eq!(outcome(Some(3), Some(4)), stopped(StopReason::DepthLimit));
    assert_eq!(outcome(Some(3), Some(2)), stopped(StopReason::CostBound));
    assert_eq!(outcome(Some(6), Some(4)), stopped(StopReason::CostBound));
}

#[test]
fn the_initial_bound_is_the_cost_bound() {
    let problem = line_or_jump();
    let with =
        |bound: u32| branch_and_bound_with(&problem, None, &SearchOptions::new().cost_bound(bound));
    assert_eq!(with(9).stopped(), Some(StopReason::CostBound));
    let bounded = with(10);
    assert_eq!(bounded.solution().map(|s| s.cost), Some(10));
    // Within 5 moves, nothing costs 10 or less: the jump costs too much, and the line is
    // too long (both cut, the depth limit is named).
    let shallow = branch_and_bound_with(&problem, Some(5), &SearchOptions::new().cost_bound(10));
    assert_eq!(shallow.stopped(), Some(StopReason::DepthLimit));
    let cheap = branch_and_bound_with(&problem, None, &SearchOptions::new().cost_bound(9));
    assert_eq!(cheap.stopped(), Some(StopReason::CostBound));
}

#[test]
fn optimal_on_eight_puzzles_within_their_diameter() {
    for (start, goal) in [
        ("283104765", "123804765"),
        ("812043765", "123804765"),
        ("123456780", "123456708"),
        ("413726580", "123456780"),
    ] {
        let puzzle = SlidingPuzzle::<9>::parse(3, 3, start, goal).unwrap();
        let optimal = bfs(&puzzle).into_solution().unwrap().cost;
        let found = branch_and_bound(&puzzle, Some(31)).into_solution().unwrap();
        assert_eq!(found.cost, optimal, "{start}");
        assert_replays(&puzzle, &found.moves, found.cost);
    }
}

#[test]
fn optimal_on_the_rotation_game_within_a_depth() {
    let game: RotationGame = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
        .parse()
        .unwrap();
    let by_ida = ida_star(&game).into_solution().unwrap();
    let found = branch_and_bound(&game, Some(6)).into_solution().unwrap();
    assert_eq!(found.cost, by_ida.cost);
    assert_replays(&game, &found.moves, found.cost);
}

#[test]
fn the_weighted_grid_is_solved_optimally_within_its_cells() {
    let grid = WallGrid {
        width: 7,
        height: 6,
    };
    let options = SearchOptions::new().detect_cycles(true).cost_bound(200);
    let found = branch_and_bound_with(&grid, None, &options)
        .into_solution()
        .unwrap();
    assert_eq!(found.cost, crate::common::optimal(&grid));
}
