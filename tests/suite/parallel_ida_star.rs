//! Parallel IDA* (feature `parallel`): the same answer as the sequential engine, move for
//! move, and the limits still hold.
#![cfg(feature = "parallel")]

use crate::common::{EightPuzzle, Graph, NodeGraph, assert_replays, korf_instances};
use informed::puzzles::{RotationGame, SlidingPuzzle, sliding_tile};
use informed::{
    CancelToken, Outcome, SearchOptions, StopReason, ida_star, ida_star_with, parallel_ida_star,
    parallel_ida_star_with,
};
use quickcheck::quickcheck;

quickcheck! {
    fn same_moves_as_sequential_on_8_puzzles(start: EightPuzzle) -> bool {
        let puzzle = start.puzzle();
        let parallel = parallel_ida_star(&puzzle);
        let sequential = ida_star(&puzzle);
        parallel.stats.thresholds == sequential.stats.thresholds
            && parallel.into_solution().unwrap().moves == sequential.into_solution().unwrap().moves
    }

    fn same_outcome_on_graphs(graph: Graph) -> bool {
        let problem = NodeGraph(graph);
        let options = SearchOptions::new().detect_cycles(true);
        let parallel = parallel_ida_star_with(&problem, &options);
        let sequential = ida_star_with(&problem, &options);
        parallel.outcome == sequential.outcome
    }
}

#[test]
fn same_answers_on_korf_instances_and_the_rotation_game() {
    let goal = sliding_tile::blank_first::<16>();
    for (id, length, tiles) in korf_instances(include_str!("../data/korf_easy.txt"))
        .into_iter()
        .take(3)
    {
        let puzzle = SlidingPuzzle::<16>::new(4, 4, &tiles, &goal).unwrap();
        let parallel = parallel_ida_star(&puzzle).into_solution().unwrap();
        assert_eq!(parallel.cost, length, "instance {id}");
        assert_eq!(
            parallel.moves,
            ida_star(&puzzle).into_solution().unwrap().moves
        );
        assert_replays(&puzzle, &parallel.moves, length);
    }
    let game: RotationGame = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
        .parse()
        .unwrap();
    let moves: String = parallel_ida_star(&game)
        .into_solution()
        .unwrap()
        .moves
        .iter()
        .map(|m| m.letter())
        .collect();
    assert_eq!(moves, "AC");
}

#[test]
fn limits_hold() {
    let puzzle = SlidingPuzzle::<16>::parse(
        4,
        4,
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
    )
    .unwrap();
    let token = CancelToken::new();
    let canceller = token.clone();
    let thread = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(20));
        canceller.cancel();
    });
    let result = parallel_ida_star_with(&puzzle, &SearchOptions::new().cancel_token(token));
    thread.join().unwrap();
    assert_eq!(result.stopped(), Some(StopReason::Cancelled));
    let result = parallel_ida_star_with(&puzzle, &SearchOptions::new().cost_bound(50));
    assert!(matches!(
        result.outcome,
        Outcome::Stopped {
            reason: StopReason::CostBound,
            completed_threshold: Some(49),
            ..
        }
    ));
    let result = parallel_ida_star_with(&puzzle, &SearchOptions::new().max_nodes(100_000));
    assert_eq!(result.stopped(), Some(StopReason::NodeLimit));
}
