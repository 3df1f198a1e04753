mod common;

use common::{assert_replays, Graph, NodeGraph};
use informed::{ida_star, ida_star_with, Outcome, SearchOptions};
use quickcheck::quickcheck;

quickcheck! {
    /// On random weighted graphs IDA* finds the cost Dijkstra finds, or proves there is none.
    fn optimal_on_random_graphs(graph: Graph) -> bool {
        let result = ida_star(&graph);
        match (graph.exact[0], result.solution()) {
            (Some(best), Some(solution)) => {
                assert_replays(&graph, &solution.moves, solution.cost);
                solution.cost == best && result.stats.thresholds.last() == Some(&best)
            }
            (None, None) => true,
            _ => false,
        }
    }

    /// With cycle detection IDA* ends even where the heuristic cannot see a dead end.
    fn cycle_detection_ends_every_search(graph: Graph) -> bool {
        let problem = NodeGraph(graph.clone());
        let result = ida_star_with(&problem, &SearchOptions::new().detect_cycles(true));
        match (graph.exact[0], result.solution()) {
            (Some(best), Some(solution)) => {
                assert_replays(&problem, &solution.moves, solution.cost);
                solution.cost == best
            }
            (None, None) => result.outcome == Outcome::NoSolution,
            _ => false,
        }
    }

    /// Thresholds rise strictly from one iteration to the next.
    fn thresholds_increase(graph: Graph) -> bool {
        let thresholds = ida_star(&graph).stats.thresholds;
        thresholds.windows(2).all(|pair| pair[0] < pair[1])
    }
}

#[test]
fn records_the_states_along_the_path() {
    let graph = Graph::new(vec![vec![(1, 2), (2, 1)], vec![], vec![(1, 1)]], 1, 1);
    let result = ida_star_with(&graph, &SearchOptions::new().record_states(true));
    let solution = result.into_solution().unwrap();
    assert_eq!(solution.cost, 2);
    assert_eq!(solution.moves, [0]); // the direct edge comes first among equal costs
    assert_eq!(solution.states, Some(vec![vec![0], vec![0, 1]]));
}

#[test]
fn counts_generated_and_expanded_nodes() {
    // 0 -> 3, a dead end tried first; 0 -> 1 -> 2, the goal.
    let graph = Graph::new(
        vec![vec![(3, 1), (1, 1)], vec![(2, 1)], vec![], vec![]],
        2,
        1,
    );
    let result = ida_star(&graph);
    assert_eq!(result.solution().map(|s| s.cost), Some(2));
    // The root is expanded and generates 3 (pruned: its heuristic is infinite) and 1; node 1
    // is expanded and generates the goal.
    assert_eq!(result.stats.expanded, 2);
    assert_eq!(result.stats.generated, 3);
    assert_eq!(result.stats.thresholds, [2]);
}
