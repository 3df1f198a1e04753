mod common;

use common::{assert_replays, Graph, NodeGraph};
use informed::{rbfs, rbfs_with, Outcome, SearchOptions};
use quickcheck::quickcheck;

quickcheck! {
    /// On random weighted graphs RBFS finds the cost Dijkstra finds, or proves there is none.
    fn optimal_on_random_graphs(graph: Graph) -> bool {
        let result = rbfs(&graph);
        match (graph.exact[0], result.solution()) {
            (Some(best), Some(solution)) => {
                assert_replays(&graph, &solution.moves, solution.cost);
                solution.cost == best
            }
            (None, None) => true,
            _ => false,
        }
    }

    /// With cycle detection RBFS ends even where the heuristic cannot see a dead end.
    fn cycle_detection_ends_every_search(graph: Graph) -> bool {
        let problem = NodeGraph(graph.clone());
        let result = rbfs_with(&problem, &SearchOptions::new().detect_cycles(true));
        match (graph.exact[0], result.solution()) {
            (Some(best), Some(solution)) => {
                assert_replays(&problem, &solution.moves, solution.cost);
                solution.cost == best
            }
            (None, None) => result.outcome == Outcome::NoSolution,
            _ => false,
        }
    }
}

#[test]
fn start_at_goal_needs_no_moves() {
    let at_goal = Graph::new(vec![vec![(1, 1)], vec![]], 0, 1);
    let solution = rbfs(&at_goal).into_solution().unwrap();
    assert!(solution.is_empty());
    assert_eq!(solution.cost, 0);
}
