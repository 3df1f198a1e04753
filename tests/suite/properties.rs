//! Properties over random solvable 8-puzzles: the engines agree with each other and with
//! an exhaustive BFS; solvability by parity is exactly reachability.

use crate::common::{EightPuzzle, assert_replays};
use informed::heuristics::{IncrementalHeuristic, Manhattan};
use informed::permutation;
use informed::puzzles::{Slide, SlidingPuzzle, sliding_tile};
use informed::{SearchProblem, a_star, bfs, distance_table, ida_star, rbfs};
use quickcheck::quickcheck;

quickcheck! {
    /// IDA*, A*, BFS and RBFS find the same optimal cost, and every answer replays.
    fn engines_agree_on_the_optimal_cost(start: EightPuzzle) -> bool {
        let puzzle = start.puzzle();
        let optimal = bfs(&puzzle).into_solution().unwrap();
        let answers = [
            ida_star(&puzzle).into_solution().unwrap(),
            a_star(&puzzle).into_solution().unwrap(),
            rbfs(&puzzle).into_solution().unwrap(),
        ];
        for answer in &answers {
            assert_replays(&puzzle, &answer.moves, answer.cost);
            assert_eq!(answer.cost, optimal.cost, "start {:?}", start.0);
        }
        assert_replays(&puzzle, &optimal.moves, optimal.cost);
        true
    }

    /// IDA* and BFS both return the lexicographically smallest shortest solution (in the
    /// order up, left, right, down), so they return the same one.
    fn ida_star_and_bfs_return_the_same_moves(start: EightPuzzle) -> bool {
        let puzzle = start.puzzle();
        ida_star(&puzzle).into_solution().unwrap().moves == bfs(&puzzle).into_solution().unwrap().moves
    }

    /// Applying a move and undoing it restores the board exactly, cached heuristic included,
    /// and the cached heuristic always equals a fresh evaluation.
    fn apply_then_undo_restores_the_board(start: EightPuzzle, slides: Vec<u8>) -> bool {
        let puzzle = start.puzzle();
        let fresh = Manhattan::<9>::new(3, 3, puzzle.goal());
        let mut board = puzzle.start();
        for choice in slides {
            let mut moves = informed::MoveBuffer::new();
            puzzle.moves(&board, &mut moves);
            let (slide, _) = moves[choice as usize % moves.len()];
            let before = board;
            puzzle.apply(&mut board, slide);
            assert_eq!(puzzle.heuristic(&board), fresh.value(fresh.evaluate(board.tiles())));
            puzzle.apply(&mut board, puzzle.inverse(slide).unwrap());
            assert_eq!(board, before);
            assert_eq!(puzzle.heuristic(&board), puzzle.heuristic(&before));
            puzzle.apply(&mut board, slide);
        }
        true
    }
}

/// Every 8-puzzle layout: solvable by parity exactly when BFS reaches it, and the Manhattan
/// distance is consistent (one move changes it by exactly one).
#[test]
fn parity_is_reachability_and_manhattan_is_consistent() {
    for goal in [sliding_tile::blank_last::<9>(), [1, 2, 3, 8, 0, 4, 7, 6, 5]] {
        let puzzle = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).unwrap();
        let table = distance_table(&puzzle, puzzle.layout_count(), |b| puzzle.rank(b))
            .into_solution()
            .unwrap();
        let mut reachable = 0;
        let mut tiles = [0u8; 9];
        for rank in 0..puzzle.layout_count() {
            permutation::unrank_into(rank as u64, &mut tiles).unwrap();
            let Ok(board) = puzzle.board(&tiles) else {
                assert_eq!(
                    puzzle.board(&tiles).unwrap_err(),
                    informed::puzzles::PuzzleError::Unsolvable
                );
                continue;
            };
            reachable += 1;
            assert!(
                table.distance(&board).is_some(),
                "solvable by parity means reachable"
            );
            for slide in Slide::ALL {
                let mut next = board;
                puzzle.apply(&mut next, slide);
                let (here, there) = (puzzle.heuristic(&board), puzzle.heuristic(&next));
                assert!(next == board || here.abs_diff(there) == 1);
            }
        }
        assert_eq!(reachable, 181_440);
    }
}
