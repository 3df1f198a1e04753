//! Dynamic potential search: within its bound on random graphs with costs of `u32` and `f64`,
//! on the hardest 8-puzzle, and its limits.

use informed::{dynamic_potential_search, dynamic_potential_search_with};
use quickcheck::QuickCheck;

use crate::common::{
    Adjacency, Graph, NodeGraph, bounded_on_the_hardest_eight_puzzle, with_costs, within_weight,
    within_weight_float,
};

/// On random weighted graphs (the heuristic admissible, not always consistent), DPS finds a
/// path to the goal costing at most `weight` times the optimum, its cost its own, and no path
/// where there is none.
#[test]
fn a_solution_within_the_weight_of_the_optimum() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the graph over
    fn holds(graph: Graph, weight: u8) -> bool {
        let problem = NodeGraph(graph);
        let weight = 1.0 + f64::from(weight % 20) / 4.0;
        within_weight(
            &problem,
            weight,
            &dynamic_potential_search(&problem, weight),
        )
    }
    QuickCheck::new()
        .tests(1000)
        .quickcheck(holds as fn(Graph, u8) -> bool);
}

/// The same with `f64` costs: the potentials are worked out in floating point throughout.
#[test]
fn a_solution_within_the_weight_with_float_costs() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the graph over
    fn holds(graph: Graph, weight: u8) -> bool {
        let problem: Adjacency<f64> = with_costs(&graph, |cost| f64::from(cost) / 3.0);
        let weight = 1.0 + f64::from(weight % 12) / 8.0;
        within_weight_float(
            &problem,
            weight,
            &dynamic_potential_search(&problem, weight),
        )
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(holds as fn(Graph, u8) -> bool);
}

/// The hardest 8-puzzle: within 1.5 times the optimum, after fewer expansions than A*; a
/// weight of 1 (or below, or not a number) is optimal; limits stop it.
#[test]
fn the_hardest_eight_puzzle_within_its_bound() {
    bounded_on_the_hardest_eight_puzzle(|puzzle, weight, options| {
        dynamic_potential_search_with(puzzle, weight, options)
    });
}
