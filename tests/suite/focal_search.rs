use informed::{focal_search, focal_search_with, replay};
use quickcheck::QuickCheck;

use crate::common::{Graph, NodeGraph, bounded_on_the_hardest_eight_puzzle, within_weight};

/// On random weighted graphs, focal search finds a path to the goal costing at most `weight`
/// times the optimum (Dijkstra's), and no path where there is none.
#[test]
fn a_solution_within_the_weight_of_the_optimum() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the graph over
    fn holds(graph: Graph, weight: u8) -> bool {
        let problem = NodeGraph(graph);
        let weight = 1.0 + f64::from(weight % 20) / 4.0;
        within_weight(&problem, weight, &focal_search(&problem, weight))
    }
    QuickCheck::new()
        .tests(1000)
        .quickcheck(holds as fn(Graph, u8) -> bool);
}

/// The hardest 8-puzzle: within 1.5 times the optimum, after fewer expansions than A*; a
/// weight of 1 (or below, or not a number) is optimal; limits stop it.
#[test]
fn the_hardest_eight_puzzle_within_its_bound() {
    bounded_on_the_hardest_eight_puzzle(|puzzle, weight, options| {
        focal_search_with(puzzle, weight, options)
    });
}

/// A goal taken from the focal list before its ancestors, reached more cheaply since, are
/// expanded again: the answer is the path its links now make, at that path's cost (it said
/// 19 for a path of 13).
#[test]
fn the_cost_is_the_path_s_own() {
    let edges = vec![
        vec![(6, 2), (4, 9)],
        vec![],
        vec![],
        vec![],
        vec![(9, 3)],
        vec![],
        vec![(4, 1), (7, 6)],
        vec![],
        vec![],
        vec![(7, 5), (11, 7)],
        vec![],
        vec![],
    ];
    let problem = NodeGraph(Graph::new(edges, 11, 3));
    let found = focal_search(&problem, 2.5).into_solution().unwrap();
    let (_, cost) = replay(&problem, &found.moves).unwrap();
    assert_eq!(found.cost, cost);
    assert!(found.cost <= 32);
}
