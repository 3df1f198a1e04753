use informed::puzzles::SlidingPuzzle;
use informed::{
    LearnedHeuristic, Outcome, SearchOptions, SearchProblem, StopReason, dijkstra, lrta_star,
    lrta_star_with, replay,
};
use quickcheck::{QuickCheck, TestResult};

use crate::common::{Graph, NodeGraph};

/// On random weighted graphs from which every node reaches the goal, each trial walks to the
/// goal (a path that replays to it at its cost), no learned value passes the true cost, and
/// trials converge: the first that raises no value walked an optimal path, for lookaheads of
/// one to three moves.
#[test]
fn trials_converge_on_an_optimal_path() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the graph over
    fn holds(graph: Graph, lookahead: u8) -> TestResult {
        // Only graphs whose every node reachable from the start reaches the goal: safely
        // explorable, as LRTA* asks.
        let mut reachable = vec![false; graph.edges.len()];
        let mut stack = vec![0];
        while let Some(node) = stack.pop() {
            if !std::mem::replace(&mut reachable[node], true) {
                stack.extend(graph.edges[node].iter().map(|&(to, _)| to));
            }
        }
        let unsafe_node = (0..reachable.len()).any(|n| reachable[n] && graph.exact[n].is_none());
        if unsafe_node {
            return TestResult::discard();
        }
        let problem = NodeGraph(graph);
        let lookahead = 1 + usize::from(lookahead % 3);
        let optimal = dijkstra(&problem).solution().map(|s| s.cost);
        let mut learned = LearnedHeuristic::new();
        for _ in 0..10_000 {
            let result = lrta_star(&problem, &mut learned, lookahead);
            let Some(walk) = result.solution() else {
                return TestResult::failed();
            };
            let Ok((end, cost)) = replay(&problem, &walk.moves) else {
                return TestResult::failed();
            };
            if !problem.is_goal(&end) || cost != walk.cost {
                return TestResult::failed();
            }
            let exact = &problem.0.exact;
            if (0..exact.len()).any(|node| learned.get(&node) > exact[node]) {
                return TestResult::failed();
            }
            if learned.raised_last_trial() == 0 {
                return TestResult::from_bool(Some(walk.cost) == optimal);
            }
        }
        TestResult::failed()
    }
    let passed = QuickCheck::new()
        .tests(500)
        .max_tests(20_000)
        .quicktest(holds as fn(Graph, u8) -> TestResult)
        .expect("every trial keeps the bound and the last is optimal");
    assert!(passed >= 200, "only {passed} graphs were safely explorable");
}

/// A dead end traps the agent: no solution; a node limit stops a trial, the learning kept.
#[test]
fn dead_ends_and_limits() {
    // 0 -> 1 (a dead end) and 0 -> 2 -> 3 (the goal), 1 looking nearest.
    let graph = Graph {
        edges: vec![vec![(1, 1), (2, 1)], vec![], vec![(3, 5)], vec![]],
        goal: 3,
        exact: vec![Some(6), Some(0), Some(5), Some(0)],
        divisor: 1,
    };
    let problem = NodeGraph(graph);
    let mut learned = LearnedHeuristic::new();
    assert_eq!(
        lrta_star(&problem, &mut learned, 1).outcome,
        Outcome::NoSolution
    );
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let mut learned = LearnedHeuristic::new();
    let options = SearchOptions::new().max_nodes(20);
    let stopped = lrta_star_with(&puzzle, &mut learned, 1, &options);
    assert_eq!(stopped.stopped(), Some(StopReason::NodeLimit));
    assert!(!learned.is_empty());
    let walk = lrta_star(&puzzle, &mut learned, 3).into_solution().unwrap();
    assert!(walk.cost >= 31);
}

/// Circling a zero-cost cycle raises no value: the agent goes round it though the goal is a
/// move away, until a limit stops the trial.
#[test]
fn a_zero_cost_cycle_holds_the_agent_until_a_limit() {
    // 0 <-> 1 at no cost, 0 -> 2 (the goal) at 5; the heuristic is zero everywhere.
    let graph = Graph {
        edges: vec![vec![(1, 0), (2, 5)], vec![(0, 0)], vec![]],
        goal: 2,
        exact: vec![Some(5), Some(5), Some(0)],
        divisor: 1000,
    };
    let problem = NodeGraph(graph);
    let options = SearchOptions::new().max_nodes(10_000);
    let stopped = lrta_star_with(&problem, &mut LearnedHeuristic::new(), 1, &options);
    assert_eq!(stopped.stopped(), Some(StopReason::NodeLimit));
}
