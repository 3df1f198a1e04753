use crate::common::{Graph, NodeGraph, assert_replays};
use informed::puzzles::{SlidingPuzzle, sliding_tile};
use informed::{Outcome, ProblemError, SearchProblem, StopReason, bfs, distance_table};
use quickcheck::quickcheck;

/// The fewest edges from node 0 to the goal, by a plain breadth-first search.
fn fewest_edges(graph: &Graph) -> Option<usize> {
    let mut depth = vec![None; graph.edges.len()];
    depth[0] = Some(0);
    let mut queue = std::collections::VecDeque::from([0]);
    while let Some(node) = queue.pop_front() {
        for &(next, _) in &graph.edges[node] {
            if depth[next].is_none() {
                depth[next] = depth[node].map(|d| d + 1);
                queue.push_back(next);
            }
        }
    }
    depth[graph.goal]
}

quickcheck! {
    /// BFS finds a path with the fewest moves, or proves there is none.
    fn fewest_moves_on_random_graphs(graph: Graph) -> bool {
        let problem = NodeGraph(graph.clone());
        let result = bfs(&problem);
        match (fewest_edges(&graph), result.solution()) {
            (Some(edges), Some(solution)) => {
                assert_replays(&problem, &solution.moves, solution.cost);
                solution.len() == edges
            }
            (None, None) => result.outcome == Outcome::NoSolution,
            _ => false,
        }
    }
}

/// The 8-puzzle layer counts of benches/data/npuzzle_layer_counts.txt (goal blank first).
const EIGHT_PUZZLE_LAYERS: [usize; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878,
    16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];

#[test]
fn distance_table_matches_the_published_8_puzzle_layers() {
    let goal = sliding_tile::blank_first::<9>();
    let puzzle = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).unwrap();
    let table = distance_table(&puzzle, puzzle.layout_count(), |b| puzzle.rank(b))
        .into_solution()
        .unwrap();
    assert_eq!(table.reachable(), 181_440);
    assert_eq!(table.layer_counts(), EIGHT_PUZZLE_LAYERS);
}

#[test]
fn paths_from_the_table_are_shortest_and_reach_the_origin() {
    let goal = sliding_tile::blank_last::<9>();
    let puzzle = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).unwrap();
    let table = distance_table(&puzzle, puzzle.layout_count(), |b| puzzle.rank(b))
        .into_solution()
        .unwrap();
    // The two hardest layouts (31 moves), an easy one and the goal itself.
    for start in ["867254301", "647850321", "413726580", "123456780"] {
        let instance = SlidingPuzzle::<9>::parse(3, 3, start, "123456780").unwrap();
        let board = instance.start();
        let path = table.path_to_origin(&puzzle, &board).unwrap();
        let expected = bfs(&instance).into_solution().unwrap();
        assert_eq!(path.len(), expected.len(), "{start}");
        assert_eq!(table.distance(&board), Some(path.len() as u32));
        assert_replays(&instance, &path, path.len() as u32);
    }
}

#[test]
fn a_rank_outside_the_table_is_an_error() {
    let goal = sliding_tile::blank_last::<9>();
    let puzzle = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).unwrap();
    let result = distance_table(&puzzle, 10, |b| puzzle.rank(b));
    let error = result.problem_error().unwrap();
    assert!(matches!(error, ProblemError::Rank { size: 10, .. }));
    assert!(error.to_string().contains("outside the table"));
}

#[test]
fn a_table_too_large_to_allocate_is_an_error() {
    let goal = sliding_tile::blank_first::<25>();
    let puzzle = SlidingPuzzle::<25>::new(5, 5, &goal, &goal).unwrap();
    assert_eq!(puzzle.layout_count(), usize::MAX, "25! does not fit");
    let result = distance_table(&puzzle, puzzle.layout_count(), |b| puzzle.rank(b));
    assert_eq!(result.stopped(), Some(StopReason::MemoryLimit));
}
