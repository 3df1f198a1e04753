//! IDA*_CR: optimal on random graphs and puzzles, and few iterations where IDA* needs many.

use crate::common::{EightPuzzle, Graph, NodeGraph, WallGrid, assert_replays, optimal_or_none};
use informed::puzzles::RotationGame;
use informed::{SearchOptions, bfs, ida_star, ida_star_cr, ida_star_cr_with, ida_star_with};
use quickcheck::quickcheck;

quickcheck! {
    fn optimal_on_random_graphs(graph: Graph) -> bool {
        let result = ida_star_cr(&graph);
        optimal_or_none(&graph, &graph, &result, false)
    }

    fn proves_none_with_cycle_detection(graph: Graph) -> bool {
        let problem = NodeGraph(graph.clone());
        let result = ida_star_cr_with(&problem, &SearchOptions::new().detect_cycles(true));
        optimal_or_none(&graph, &problem, &result, true)
    }

    fn optimal_on_eight_puzzles(start: EightPuzzle) -> bool {
        let puzzle = start.puzzle();
        let found = ida_star_cr(&puzzle).into_solution().unwrap();
        assert_replays(&puzzle, &found.moves, found.cost);
        found.cost == bfs(&puzzle).into_solution().unwrap().cost
    }
}

#[test]
fn optimal_on_the_rotation_game() {
    let game: RotationGame = "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3"
        .parse()
        .unwrap();
    let found = ida_star_cr(&game).into_solution().unwrap();
    assert_eq!(found.cost, ida_star(&game).into_solution().unwrap().cost);
}

/// On a grid with moves of 10 and 14, IDA* raises its threshold by 2 or 4 at a time; IDA*_CR
/// doubles its work each iteration instead.
#[test]
fn few_iterations_where_ida_star_creeps() {
    let grid = WallGrid {
        width: 12,
        height: 9,
    };
    let optimal = crate::common::optimal(&grid);
    let result = ida_star_cr(&grid);
    let found = result.solution().unwrap();
    assert_eq!(found.cost, optimal);
    assert_replays(&grid, &found.moves, found.cost);
    let iterations = result.stats.thresholds.len();
    // IDA* on the same grid, allowed twice the nodes, has not finished (it needs 2.5 times
    // as many, over 21 iterations to IDA*_CR's 3).
    let budget = SearchOptions::new().max_nodes(2 * result.stats.generated);
    let by_ida = ida_star_with(&grid, &budget);
    assert!(
        by_ida.solution().is_none(),
        "IDA* finished within {} nodes: {:?}",
        2 * result.stats.generated,
        by_ida.stats
    );
    assert!(by_ida.stats.thresholds.len() > 4 * iterations);
    assert_eq!(ida_star(&grid).solution().map(|s| s.cost), Some(optimal));
}
