use informed::puzzles::{Pancake, SlidingPuzzle};
use informed::{
    Outcome, SearchOptions, SearchProblem, StopReason, a_star, dijkstra, partial_expansion_a_star,
    partial_expansion_a_star_with, replay,
};
use quickcheck::QuickCheck;

use crate::common::{Graph, NodeGraph};

/// On random weighted graphs (no `heuristic_after`: children made to be judged), the cost is
/// Dijkstra's, the path replays to the goal at it, and no path is found where there is none.
#[test]
fn optimal_on_random_weighted_graphs() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the graph over
    fn holds(graph: Graph) -> bool {
        let problem = NodeGraph(graph);
        let optimal = dijkstra(&problem).solution().map(|s| s.cost);
        let found = partial_expansion_a_star(&problem);
        match (found.solution(), optimal) {
            (Some(solution), Some(optimal)) => replay(&problem, &solution.moves)
                .is_ok_and(|(end, cost)| problem.is_goal(&end) && cost == optimal),
            (None, None) => found.outcome == Outcome::NoSolution,
            _ => false,
        }
    }
    QuickCheck::new()
        .tests(1000)
        .quickcheck(holds as fn(Graph) -> bool);
}

/// Pancakes (whose `heuristic_after` judges a flip unmade) and 8-puzzles: A*'s costs, with
/// fewer children made and stored; limits stop it.
#[test]
fn fewer_children_made_than_a_star() {
    let stacks = [
        vec![3, 8, 1, 6, 0, 9, 4, 2, 7, 5],
        vec![11, 4, 9, 0, 7, 2, 10, 5, 1, 8, 3, 6],
    ];
    for stack in stacks {
        let stack = Pancake::new(&stack).unwrap();
        let (partial, full) = (partial_expansion_a_star(&stack), a_star(&stack));
        assert_eq!(
            partial.solution().map(|s| s.cost),
            full.solution().map(|s| s.cost)
        );
        assert!(partial.stats.generated * 2 < full.stats.generated);
        assert!(partial.stats.stored < full.stats.stored);
    }
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let found = partial_expansion_a_star(&puzzle);
    assert_eq!(found.solution().map(|s| s.cost), Some(31));
    let limited = partial_expansion_a_star_with(&puzzle, &SearchOptions::new().max_nodes(10));
    assert_eq!(limited.stopped(), Some(StopReason::NodeLimit));
}
