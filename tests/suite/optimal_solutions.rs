//! Every optimal solution, counted against the shortest paths a distance table gives.

use hashbrown::HashMap;

use crate::common::{EightPuzzle, Graph, NodeGraph, assert_replays};
use informed::puzzles::{Board, SlidingPuzzle, sliding_tile};
use informed::{
    DistanceTable, MoveBuffer, Outcome, SearchOptions, SearchProblem, StopReason, distance_table,
    ida_star, optimal_solutions, optimal_solutions_with,
};
use quickcheck::{Arbitrary, Gen};

/// The number of shortest paths from `board` to the goal: through every neighbour one move
/// nearer, counted once per board.
fn shortest_paths<M: Copy, R: Fn(&Board<9>) -> usize>(
    puzzle: &SlidingPuzzle<9>,
    table: &DistanceTable<M, R>,
    board: Board<9>,
    memo: &mut HashMap<[u8; 9], u64>,
) -> u64 {
    let distance = table.distance(&board).unwrap();
    if distance == 0 {
        return 1;
    }
    if let Some(&count) = memo.get(board.tiles()) {
        return count;
    }
    let mut moves = MoveBuffer::new();
    puzzle.moves(&board, &mut moves);
    let mut count = 0;
    for &(slide, _) in &moves {
        let mut next = board;
        puzzle.apply(&mut next, slide);
        if table.distance(&next) == Some(distance - 1) {
            count += shortest_paths(puzzle, table, next, memo);
        }
    }
    memo.insert(*board.tiles(), count);
    count
}

fn goal_puzzle() -> SlidingPuzzle<9> {
    let goal = sliding_tile::blank_last::<9>();
    SlidingPuzzle::<9>::new(3, 3, &goal, &goal).unwrap()
}

/// On random 8-puzzles: as many optimal solutions as shortest paths; each distinct, optimal,
/// replaying to the goal; the first is IDA*'s. (One distance table for all of them.)
#[test]
fn counts_every_shortest_path() {
    let whole = goal_puzzle();
    let table = distance_table(&whole, whole.layout_count(), |b| whole.rank(b))
        .into_solution()
        .unwrap();
    let mut rng = Gen::new(100);
    let mut tried = 0;
    while tried < 60 {
        let start = EightPuzzle::arbitrary(&mut rng);
        let puzzle = start.puzzle();
        let expected = shortest_paths(&puzzle, &table, puzzle.start(), &mut HashMap::new());
        if expected > 5_000 {
            continue;
        }
        tried += 1;
        let all = optimal_solutions(&puzzle, usize::MAX)
            .into_solution()
            .unwrap();
        let cost = ida_star(&puzzle).into_solution().unwrap();
        assert_eq!(all.cost, cost.cost);
        assert_eq!(all.count, expected, "{:?}", start.0);
        assert_eq!(all.solutions.len() as u64, expected);
        assert_eq!(all.solutions[0], cost.moves);
        for moves in &all.solutions {
            assert_replays(&puzzle, moves, cost.cost);
        }
        let mut distinct = all.solutions.clone();
        distinct.sort_by_key(|moves| format!("{moves:?}"));
        distinct.dedup();
        assert_eq!(distinct.len(), all.solutions.len());
    }
}

#[test]
fn keeps_the_first_few_and_counts_them_all() {
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let result = optimal_solutions(&puzzle, 3);
    assert_eq!(result.stopped(), None);
    let all = result.into_solution().unwrap();
    assert_eq!(all.cost, 31);
    assert_eq!(all.solutions.len(), 3);
    assert!(all.count > 3);
    let whole = goal_puzzle();
    let table = distance_table(&whole, whole.layout_count(), |b| whole.rank(b))
        .into_solution()
        .unwrap();
    let expected = shortest_paths(&puzzle, &table, puzzle.start(), &mut HashMap::new());
    assert_eq!(all.count, expected);
}

#[test]
fn limits_stop_the_count() {
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let all = optimal_solutions_with(&puzzle, 10, &SearchOptions::new().max_nodes(1_000));
    assert_eq!(all.stopped(), Some(StopReason::NodeLimit));
    let all = optimal_solutions_with(&puzzle, 10, &SearchOptions::new().cost_bound(30));
    assert_eq!(all.stopped(), Some(StopReason::CostBound));
    assert!(all.found().is_none());
    // Stopped within the last iteration, it answers what it counted so far.
    let whole = optimal_solutions(&puzzle, 0).into_solution().unwrap();
    let stopped = optimal_solutions_with(&puzzle, 0, &SearchOptions::new().max_nodes(6_000));
    if let Some(so_far) = stopped.found() {
        assert_eq!(so_far.cost, whole.cost);
        assert!(so_far.count <= whole.count);
    }
}

#[test]
fn a_start_at_the_goal_has_one_empty_solution() {
    let puzzle = goal_puzzle();
    let all = optimal_solutions(&puzzle, 5).into_solution().unwrap();
    assert_eq!((all.cost, all.count), (0, 1));
    assert_eq!(all.solutions, [Vec::new()]);
    let none_kept = optimal_solutions(&puzzle, 0).into_solution().unwrap();
    assert!(none_kept.solutions.is_empty());
}

/// On the judge's samples of the rotation game, as many optimal solutions as the move
/// sequences of the optimal length that end at a goal, counted by trying them all.
#[test]
fn counts_the_rotation_games_optimal_answers_by_brute_force() {
    use informed::puzzles::RotationGame;
    use informed::puzzles::rotation_game::Rotation;
    for board in [
        "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
        "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3",
    ] {
        let game: RotationGame = board.parse().unwrap();
        let all = optimal_solutions(&game, usize::MAX)
            .into_solution()
            .unwrap();
        let length = all.cost;
        let mut expected = 0;
        for code in 0..8u32.pow(length) {
            let mut state = game.start();
            for digit in 0..length {
                let rotation = Rotation::ALL[(code / 8u32.pow(digit) % 8) as usize];
                game.apply(&mut state, rotation);
            }
            expected += u64::from(game.is_goal(&state));
        }
        assert_eq!(all.count, expected, "{board}");
        for moves in &all.solutions {
            assert_replays(&game, moves, length);
        }
    }
}

/// The simple paths from `node` to the goal within `budget`, by their cost: (cost, count)
/// of the cheapest, by trying every one.
fn cheapest_simple_paths(
    graph: &Graph,
    node: usize,
    on_path: &mut Vec<bool>,
    g: u32,
    best: &mut (u32, u64),
) {
    if node == graph.goal {
        match g.cmp(&best.0) {
            core::cmp::Ordering::Less => *best = (g, 1),
            core::cmp::Ordering::Equal => best.1 += 1,
            core::cmp::Ordering::Greater => {}
        }
        return;
    }
    on_path[node] = true;
    for &(to, cost) in &graph.edges[node] {
        if !on_path[to] && g + cost <= best.0 {
            cheapest_simple_paths(graph, to, on_path, g + cost, best);
        }
    }
    on_path[node] = false;
}

quickcheck::quickcheck! {
    /// On random weighted graphs, with the states on the path skipped: Dijkstra's cost, and
    /// as many optimal solutions as there are cheapest simple paths (parallel edges apart).
    fn counts_the_cheapest_simple_paths_of_random_graphs(graph: Graph) -> bool {
        let problem = NodeGraph(graph.clone());
        let options = SearchOptions::new().detect_cycles(true);
        let result = optimal_solutions_with(&problem, usize::MAX, &options);
        let Some(best) = graph.exact[0] else {
            return result.outcome == Outcome::NoSolution;
        };
        let Some(all) = result.into_solution() else {
            return false;
        };
        let mut expected = (best, 0);
        cheapest_simple_paths(&graph, 0, &mut vec![false; graph.edges.len()], 0, &mut expected);
        for moves in &all.solutions {
            assert_replays(&problem, moves, best);
        }
        all.cost == best && all.count == expected.1 && all.solutions.len() as u64 == expected.1
    }
}
