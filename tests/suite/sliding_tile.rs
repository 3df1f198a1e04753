//! The sliding-tile puzzles: Korf's instances, other sizes and goal layouts, solvability.

use std::sync::OnceLock;

use crate::common::{EightPuzzle, assert_replays, korf_instances};
use informed::heuristics::MisplacedTiles;
use std::ops::ControlFlow;

use informed::puzzles::sliding_tile::{Board, PrunedPuzzle, Slide};
use informed::puzzles::{PuzzleError, SlidingPuzzle, sliding_tile};
use informed::{ChildVisitor, MoveBuffer, SearchProblem};
use informed::{a_star, bfs, distance_table, ida_star, rbfs};
use quickcheck::quickcheck;

#[test]
fn korf_instances_solve_to_their_published_length() {
    let goal = sliding_tile::blank_first::<16>();
    for (id, length, tiles) in korf_instances(include_str!("../data/korf_easy.txt")) {
        let puzzle = SlidingPuzzle::<16>::new(4, 4, &tiles, &goal).unwrap();
        let solution = ida_star(&puzzle).into_solution().unwrap();
        assert_eq!(solution.cost, length, "Korf instance {id}");
        assert_replays(&puzzle, &solution.moves, solution.cost);
    }
}

#[test]
fn korf_instance_79_node_count_matches_the_reference_ida_star() {
    // benches/yardsticks/fifteen.cpp, same move order (up, left, right, down), parent pruning
    // and counting (children generated, all iterations).
    let (_, _, tiles) = korf_instances(include_str!("../data/korf_easy.txt")).remove(0);
    let puzzle =
        SlidingPuzzle::<16>::new(4, 4, &tiles, &sliding_tile::blank_first::<16>()).unwrap();
    assert_eq!(ida_star(&puzzle).stats.generated, 540_859);
}

#[test]
fn duplicate_pruning_keeps_korf_instances_optimal_through_fewer_nodes() {
    let goal = sliding_tile::blank_first::<16>();
    let base = SlidingPuzzle::<16>::new(4, 4, &goal, &goal).unwrap();
    let pruned = base.with_duplicate_pruning(12).unwrap();
    for (id, length, tiles) in korf_instances(include_str!("../data/korf_easy.txt")) {
        let (plain, pruned) = (
            base.with_start(&tiles).unwrap(),
            pruned.with_start(&tiles).unwrap(),
        );
        let fewer = ida_star(&pruned);
        let all = ida_star(&plain);
        assert!(
            fewer.stats.generated * 3 < all.stats.generated * 2,
            "Korf instance {id}"
        );
        let solution = fewer.into_solution().unwrap();
        assert_eq!(solution.cost, length, "Korf instance {id}");
        assert_replays(&pruned, &solution.moves, solution.cost);
        #[cfg(feature = "parallel")]
        {
            let parallel = informed::parallel_ida_star(&pruned)
                .into_solution()
                .unwrap();
            assert_eq!(parallel.cost, length, "Korf instance {id}, parallel IDA*");
            assert_replays(&pruned, &parallel.moves, parallel.cost);
        }
    }
}

/// The 8-puzzle with duplicate pruning to depth 8, built once.
fn pruned_eight_puzzle() -> &'static PrunedPuzzle<9> {
    static PUZZLE: OnceLock<PrunedPuzzle<9>> = OnceLock::new();
    PUZZLE.get_or_init(|| {
        let goal = sliding_tile::blank_last::<9>();
        let puzzle = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).unwrap();
        puzzle.with_duplicate_pruning(8).unwrap()
    })
}

quickcheck! {
    fn duplicate_pruning_finds_what_breadth_first_search_finds(start: EightPuzzle) -> bool {
        let pruned = pruned_eight_puzzle().with_start(&start.0).unwrap();
        let optimal = bfs(&start.puzzle()).solution().map(|s| s.cost);
        // A* makes children by `apply`, which starts the machine afresh: the same answers.
        [ida_star(&pruned), rbfs(&pruned), a_star(&pruned)].into_iter().all(|result| {
            let solution = result.into_solution().unwrap();
            assert_replays(&pruned, &solution.moves, solution.cost);
            Some(solution.cost) == optimal
        })
    }
}

/// Counts the children a problem's `visit_children` visits.
struct Children(usize, MoveBuffer<Slide, u32>);

impl ChildVisitor<PrunedPuzzle<9>> for Children {
    fn move_stack(&mut self) -> &mut MoveBuffer<Slide, u32> {
        &mut self.1
    }
    fn prune(&mut self, _: u32, _: u32) -> bool {
        false
    }
    fn visit(&mut self, _: &mut Board<9>, _: Slide, _: u32) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

#[test]
fn a_slide_undone_by_its_inverse_leaves_every_child_to_search() {
    let pruned = pruned_eight_puzzle()
        .with_start(&[1, 2, 3, 4, 0, 5, 6, 7, 8])
        .unwrap();
    let children = |board: &mut Board<9>| {
        let mut count = Children(0, MoveBuffer::new());
        let _ = pruned.visit_children(board, None, &mut count);
        count.0
    };
    let mut board = pruned.start();
    assert_eq!(children(&mut board), 4);
    // One slide on: every slide but the one back.
    pruned.apply(&mut board, Slide::Up);
    assert_eq!(children(&mut board), 2);
    // Back again, as the depth-first engines undo a slide: the start's board, every child
    // searched again, as from a fresh start.
    pruned.apply(&mut board, Slide::Down);
    assert_eq!(board, pruned.start());
    assert_eq!(children(&mut board), 4);
    // Two slides undone in turn: no history guessed on the way back.
    pruned.apply(&mut board, Slide::Up);
    pruned.apply(&mut board, Slide::Left);
    pruned.apply(&mut board, Slide::Right);
    assert_eq!(children(&mut board), 3);
    pruned.apply(&mut board, Slide::Down);
    assert_eq!(board, pruned.start());
    assert_eq!(children(&mut board), 4);
}

#[test]
fn duplicate_pruning_on_boards_the_engines_undo_in_place() {
    // An 11 x 11 board is larger than the engines copy to restore: they undo each slide by
    // its inverse, and the machine must leave the board's other children to search.
    const CELLS: usize = 121;
    let goal = sliding_tile::blank_first::<CELLS>();
    let mut tiles = goal;
    let (mut blank, mut seed) = (0usize, 12_345u64);
    for _ in 0..60 {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let (row, column) = (blank / 11, blank % 11);
        let to = match seed >> 62 {
            0 if row > 0 => blank - 11,
            1 if column > 0 => blank - 1,
            2 if column < 10 => blank + 1,
            3 if row < 10 => blank + 11,
            _ => continue,
        };
        tiles.swap(blank, to);
        blank = to;
    }
    let plain = SlidingPuzzle::<CELLS>::new(11, 11, &tiles, &goal).unwrap();
    let pruned = plain.with_duplicate_pruning(8).unwrap();
    let optimal = a_star(&plain).into_solution().unwrap().cost;
    assert!(
        optimal > 16,
        "a scramble deeper than parallel IDA*'s frontier"
    );
    let results = [ida_star(&pruned), rbfs(&pruned)].into_iter();
    #[cfg(feature = "parallel")]
    let results = results.chain([informed::parallel_ida_star(&pruned)]);
    for result in results {
        let solution = result.into_solution().unwrap();
        assert_eq!(solution.cost, optimal);
        assert_replays(&pruned, &solution.moves, solution.cost);
    }
}

#[test]
fn duplicate_pruning_compares_one_to_sixteen_slides() {
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765").unwrap();
    for depth in [0, 17] {
        let error = puzzle.with_duplicate_pruning(depth).unwrap_err();
        assert_eq!(error, PuzzleError::PruningDepth { depth });
        assert_eq!(
            error.to_string(),
            format!("duplicate pruning compares sequences of 1 to 16 slides, not {depth}")
        );
    }
    let pruned = puzzle.with_duplicate_pruning(1).unwrap();
    assert_eq!(pruned.pruning().depth(), 1);
    assert_eq!(ida_star(&pruned).solution().map(|s| s.cost), Some(4));
}

#[test]
fn luogu_p1379_sample_with_its_spiral_goal() {
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765").unwrap();
    assert_eq!(ida_star(&puzzle).solution().map(|s| s.cost), Some(4));
    assert_eq!(a_star(&puzzle).solution().map(|s| s.cost), Some(4));
}

#[test]
fn misplaced_tiles_also_finds_the_optimum() {
    let manhattan = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let misplaced =
        SlidingPuzzle::<9, MisplacedTiles<9>>::parse(3, 3, "867254301", "123456780").unwrap();
    let with_manhattan = ida_star(&manhattan);
    let with_misplaced = ida_star(&misplaced);
    assert_eq!(with_manhattan.solution().map(|s| s.cost), Some(31));
    assert_eq!(with_misplaced.solution().map(|s| s.cost), Some(31));
    assert!(with_misplaced.stats.generated > with_manhattan.stats.generated);
}

#[test]
fn rectangular_boards_and_the_24_puzzle() {
    // 2 x 3, 3 x 2 and 4 x 2: solvable by parity exactly when reachable, over every layout.
    fn check<const N: usize>(width: usize, height: usize) {
        let goal = sliding_tile::blank_last::<N>();
        let puzzle = SlidingPuzzle::<N>::new(width, height, &goal, &goal).unwrap();
        let table = distance_table(&puzzle, puzzle.layout_count(), |b| puzzle.rank(b))
            .into_solution()
            .unwrap();
        let mut solvable = 0;
        let mut tiles = [0u8; N];
        for rank in 0..puzzle.layout_count() {
            informed::permutation::unrank_into(rank as u64, &mut tiles).unwrap();
            match puzzle.board(&tiles) {
                Ok(board) => {
                    solvable += 1;
                    assert!(table.distance(&board).is_some());
                }
                Err(error) => assert_eq!(error, PuzzleError::Unsolvable),
            }
        }
        assert_eq!(solvable, table.reachable());
        assert_eq!(solvable * 2, puzzle.layout_count());
    }
    check::<6>(2, 3);
    check::<6>(3, 2);
    check::<8>(4, 2);

    // A 24-puzzle a few moves from the goal.
    let goal = sliding_tile::blank_first::<25>();
    let mut start = goal;
    start.swap(0, 1);
    start.swap(1, 6);
    start.swap(6, 7);
    let puzzle = SlidingPuzzle::<25>::new(5, 5, &start, &goal).unwrap();
    let solution = ida_star(&puzzle).into_solution().unwrap();
    assert_eq!(solution.cost, 3);
    assert_replays(&puzzle, &solution.moves, 3);
}

#[test]
fn all_engines_solve_a_15_puzzle_with_the_aoj_goal() {
    let puzzle = SlidingPuzzle::<16>::parse(
        4,
        4,
        "1 2 3 4 6 7 8 0 5 10 11 12 9 13 14 15",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
    )
    .unwrap();
    for result in [
        ida_star(&puzzle),
        a_star(&puzzle),
        rbfs(&puzzle),
        bfs(&puzzle),
    ] {
        let solution = result.into_solution().unwrap();
        assert_eq!(solution.cost, 8);
        assert_replays(&puzzle, &solution.moves, 8);
    }
}

#[test]
fn every_error_names_what_is_wrong() {
    let error = |start: &str| {
        SlidingPuzzle::<16>::parse(4, 4, start, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
            .unwrap_err()
            .to_string()
    };
    assert_eq!(error("0 1 2"), "start layout has 3 cells, expected 16");
    assert_eq!(
        error("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 16"),
        "start layout: 16 at position 16 is out of range (tiles are 0 to 15)"
    );
    assert_eq!(
        error("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 1"),
        "start layout: tile 1 appears twice, at positions 2 and 16 (tile 15 is missing)"
    );
    assert_eq!(
        error("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 fifteen"),
        "start layout: 'fifteen' at position 16 is not a number or 'x'"
    );
    assert_eq!(
        error("0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15"),
        "unsolvable: the goal cannot be reached from the start"
    );
    let goal_error =
        SlidingPuzzle::<16>::parse(4, 4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "0 1")
            .unwrap_err();
    assert_eq!(
        goal_error.to_string(),
        "goal layout has 2 cells, expected 16"
    );
    let size_error = SlidingPuzzle::<16>::parse(4, 3, "0", "0").unwrap_err();
    assert_eq!(
        size_error.to_string(),
        "a 4 x 3 board does not have the 16 cells of this puzzle type (SlidingPuzzle<16>)"
    );
}
