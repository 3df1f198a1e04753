//! Explicit estimation search: within its bound on random graphs whatever its distance
//! estimate, with costs of `u32` and `f64`, on the hardest 8-puzzle and heavy tiles, and its
//! limits.

use informed::{
    SearchProblem, a_star, explicit_estimation_search, explicit_estimation_search_with,
};
use quickcheck::QuickCheck;

use crate::common::{
    Adjacency, Graph, Heavy, HeavyTiles, NodeGraph, assert_replays,
    bounded_on_the_hardest_eight_puzzle, with_costs, within_weight, within_weight_float,
};

/// A distance estimate of no merit: a number from 0 to 9 per node, drawn from `seed`. The
/// bound must hold whatever the estimate.
fn any_distance(seed: u64) -> impl Fn(&usize) -> f64 {
    move |&node| {
        let mixed = (seed ^ node as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> 60) as f64 % 10.0
    }
}

/// On random weighted graphs (the heuristic admissible, not always consistent), EES finds a
/// path to the goal costing at most `weight` times the optimum, its cost its own, and no path
/// where there is none, with a distance estimate that is good (the heuristic) or of no merit.
#[test]
fn a_solution_within_the_weight_of_the_optimum() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the graph over
    fn holds(graph: Graph, weight: u8, seed: u64) -> bool {
        let problem = NodeGraph(graph);
        let weight = 1.0 + f64::from(weight % 20) / 4.0;
        let by_heuristic = |node: &usize| f64::from(problem.heuristic(node));
        within_weight(
            &problem,
            weight,
            &explicit_estimation_search(&problem, weight, by_heuristic),
        ) && within_weight(
            &problem,
            weight,
            &explicit_estimation_search(&problem, weight, any_distance(seed)),
        )
    }
    QuickCheck::new()
        .tests(1000)
        .quickcheck(holds as fn(Graph, u8, u64) -> bool);
}

/// The same with `f64` costs.
#[test]
fn a_solution_within_the_weight_with_float_costs() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the graph over
    fn holds(graph: Graph, weight: u8, seed: u64) -> bool {
        let problem: Adjacency<f64> = with_costs(&graph, |cost| f64::from(cost) / 3.0);
        let weight = 1.0 + f64::from(weight % 12) / 8.0;
        let distance = any_distance(seed);
        let found =
            explicit_estimation_search(&problem, weight, |&node: &u32| distance(&(node as usize)));
        within_weight_float(&problem, weight, &found)
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(holds as fn(Graph, u8, u64) -> bool);
}

/// The hardest 8-puzzle: within 1.5 times the optimum, after fewer expansions than A*; a
/// weight of 1 (or below, or not a number) is optimal; limits stop it.
#[test]
fn the_hardest_eight_puzzle_within_its_bound() {
    bounded_on_the_hardest_eight_puzzle(|puzzle, weight, options| {
        // Every move costs 1: the distance to go is the heuristic.
        let distance = |board: &_| f64::from(puzzle.heuristic(board));
        explicit_estimation_search_with(puzzle, weight, distance, options)
    });
}

/// Heavy tiles (tile `t` costs `t`), where the fewest moves and the least cost part ways: a
/// path within twice the optimum, by the moves left as the distance estimate, that replays.
#[test]
fn heavy_tiles_within_the_bound() {
    let puzzle = HeavyTiles {
        start: [0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15],
    };
    let optimal = a_star(&puzzle).solution().unwrap().cost;
    let found =
        explicit_estimation_search(&puzzle, 2.0, |board: &Heavy| f64::from(board.moves_left()));
    let solution = found.solution().unwrap();
    assert!(
        solution.cost <= 2 * optimal,
        "{} > 2 × {optimal}",
        solution.cost
    );
    assert_replays(&puzzle, &solution.moves, solution.cost);
}
