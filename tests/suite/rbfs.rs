use crate::common::{Graph, NodeGraph, optimal_or_none};
use informed::{SearchOptions, rbfs, rbfs_with};
use quickcheck::quickcheck;

quickcheck! {
    /// On random weighted graphs RBFS finds the cost Dijkstra finds, or proves there is none.
    fn optimal_on_random_graphs(graph: Graph) -> bool {
        let result = rbfs(&graph);
        optimal_or_none(&graph, &graph, &result, false)
    }

    /// With cycle detection RBFS ends even where the heuristic cannot see a dead end.
    fn cycle_detection_ends_every_search(graph: Graph) -> bool {
        let problem = NodeGraph(graph.clone());
        let result = rbfs_with(&problem, &SearchOptions::new().detect_cycles(true));
        optimal_or_none(&graph, &problem, &result, true)
    }
}

#[test]
fn start_at_goal_needs_no_moves() {
    let at_goal = Graph::new(vec![vec![(1, 1)], vec![]], 0, 1);
    let solution = rbfs(&at_goal).into_solution().unwrap();
    assert!(solution.is_empty());
    assert_eq!(solution.cost, 0);
}
