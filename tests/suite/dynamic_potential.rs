//! Dynamic potential search: within its bound on random graphs with costs of `u32` and `f64`,
//! on the hardest 8-puzzle, and its limits.

use informed::puzzles::SlidingPuzzle;
use informed::{
    a_star, dynamic_potential_search, dynamic_potential_search_with, SearchOptions, StopReason,
};
use quickcheck::QuickCheck;

use crate::common::{with_costs, within_weight, within_weight_float, Adjacency, Graph, NodeGraph};

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
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let optimal = a_star(&puzzle);
    let found = dynamic_potential_search(&puzzle, 1.5);
    let cost = found.solution().unwrap().cost;
    assert!((31..=46).contains(&cost), "{cost}");
    assert!(found.stats.expanded < optimal.stats.expanded);
    for weight in [1.0, 0.5, f64::NAN] {
        let exact = dynamic_potential_search(&puzzle, weight);
        assert_eq!(exact.solution().map(|s| s.cost), Some(31));
    }
    let options = SearchOptions::new().max_nodes(50);
    let limited = dynamic_potential_search_with(&puzzle, 1.5, &options);
    assert_eq!(limited.stopped(), Some(StopReason::NodeLimit));
    let options = SearchOptions::new().max_stored(20);
    let stored = dynamic_potential_search_with(&puzzle, 1.5, &options);
    assert_eq!(stored.stopped(), Some(StopReason::MemoryLimit));
    let options = SearchOptions::new().cost_bound(20);
    let bounded = dynamic_potential_search_with(&puzzle, 1.5, &options);
    assert_eq!(bounded.stopped(), Some(StopReason::CostBound));
}
