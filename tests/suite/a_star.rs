use crate::common::{EightPuzzle, Graph, NodeGraph, korf_instances, optimal_or_none};
use informed::heuristics::LinearConflict;
use informed::puzzles::SlidingPuzzle;
use informed::{
    Outcome, PackedStates, SearchOptions, SearchProblem, a_star, a_star_packed, a_star_packed_with,
};
use quickcheck::{Arbitrary, Gen, quickcheck};

/// A board of `N` cells in any order (not necessarily solvable: packing does not care).
#[derive(Clone, Debug)]
struct Shuffled<const N: usize>([u8; N]);

impl<const N: usize> Arbitrary for Shuffled<N> {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut tiles: [u8; N] = core::array::from_fn(|i| i as u8);
        for i in (1..N).rev() {
            tiles.swap(i, usize::arbitrary(g) % (i + 1));
        }
        Shuffled(tiles)
    }
}

/// Packs and unpacks a board of a puzzle whose start is `tiles` (the goal is its own start).
fn round_trips<const N: usize>(width: usize, tiles: &[u8; N]) -> bool
where
    SlidingPuzzle<N>: PackedStates,
{
    let puzzle = SlidingPuzzle::<N>::new(width, N / width, tiles, tiles).unwrap();
    let board = puzzle.start();
    let packed = puzzle.pack(&board);
    puzzle.unpack(&packed) == board
}

quickcheck! {
    /// On random weighted graphs A* finds the cost Dijkstra finds, or proves there is none.
    fn optimal_on_random_graphs(graph: Graph) -> bool {
        let problem = NodeGraph(graph.clone());
        let result = a_star(&problem);
        optimal_or_none(&graph, &problem, &result, true)
    }

    /// Packed boards unpack to the boards they were packed from, heuristic and blank included.
    fn packed_boards_round_trip(small: Shuffled<9>, fifteen: Shuffled<16>, big: Shuffled<25>) -> bool {
        round_trips(3, &small.0) && round_trips(4, &fifteen.0) && round_trips(5, &big.0)
    }

    /// Storing packed boards changes nothing but the memory: same answer, same counts.
    fn packed_a_star_matches_a_star(start: EightPuzzle) -> bool {
        let puzzle = start.puzzle();
        let (packed, plain) = (a_star_packed(&puzzle), a_star(&puzzle));
        packed.outcome == plain.outcome && packed.stats == plain.stats
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
    let problem = NodeGraph(graph);
    let solution = a_star(&problem).into_solution().unwrap();
    assert_eq!(solution.cost, 3);
    assert_eq!(solution.moves, [(0, 1), (2, 0), (1, 0)]);
    assert_eq!(solution.states(&problem), [0, 2, 1, 3]);
}

#[test]
fn packed_a_star_solves_korf_instances_like_a_star() {
    let goal: [u8; 16] = core::array::from_fn(|i| i as u8);
    let text = include_str!("../data/korf_easy.txt");
    for (id, length, tiles) in korf_instances(text).into_iter().take(2) {
        let puzzle = SlidingPuzzle::<16, LinearConflict<16>>::new(4, 4, &tiles, &goal).unwrap();
        let packed = a_star_packed(&puzzle);
        let plain = a_star(&puzzle);
        assert_eq!(packed.solution().map(|s| s.cost), Some(length), "#{id}");
        assert_eq!(packed.outcome, plain.outcome, "#{id}");
        assert_eq!(packed.stats, plain.stats, "#{id}");
    }
}

#[test]
fn packed_a_star_keeps_the_limits() {
    let goal: [u8; 16] = core::array::from_fn(|i| i as u8);
    let (_, _, tiles) = korf_instances(include_str!("../data/korf_easy.txt")).remove(0);
    let puzzle = SlidingPuzzle::<16>::new(4, 4, &tiles, &goal).unwrap();
    let result = a_star_packed_with(&puzzle, &SearchOptions::new().max_stored(1000));
    assert!(matches!(
        result.outcome,
        Outcome::Stopped {
            reason: informed::StopReason::MemoryLimit,
            ..
        }
    ));
    assert!(result.stats.stored <= 1000);
}
