mod common;

use common::{assert_replays, Graph, NodeGraph};
use informed::{a_star, a_star_with, Outcome, SearchOptions};
use quickcheck::quickcheck;

quickcheck! {
    /// On random weighted graphs A* finds the cost Dijkstra finds, or proves there is none.
    fn optimal_on_random_graphs(graph: Graph) -> bool {
        let problem = NodeGraph(graph.clone());
        let result = a_star(&problem);
        match (graph.exact[0], result.solution()) {
            (Some(best), Some(solution)) => {
                assert_replays(&problem, &solution.moves, solution.cost);
                solution.cost == best
            }
            (None, None) => result.outcome == Outcome::NoSolution,
            _ => false,
        }
    }

    /// A* stores each node of the graph at most once.
    fn stores_each_state_once(graph: Graph) -> bool {
        let nodes = graph.edges.len();
        a_star(&NodeGraph(graph)).stats.stored <= nodes
    }
}

#[test]
fn reopens_a_state_reached_more_cheaply_later() {
    // 0 -> 1 costs 5 directly, 2 through node 2; an inconsistent but admissible heuristic
    // (h(2) = 0) makes A* meet node 1 expensively first.
    let mut graph = Graph::new(
        vec![vec![(1, 5), (2, 1)], vec![(3, 1)], vec![(1, 1)], vec![]],
        3,
        1,
    );
    graph.exact[2] = Some(0);
    let result = a_star_with(&NodeGraph(graph), &SearchOptions::new().record_states(true));
    let solution = result.into_solution().unwrap();
    assert_eq!(solution.cost, 3);
    assert_eq!(solution.moves, [(0, 1), (2, 0), (1, 0)]);
    assert_eq!(solution.states.map(|s| s.len()), Some(4));
}
