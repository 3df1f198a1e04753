//! The sliding-tile heuristics: admissible (checked against exact distances), and kept
//! incrementally to the same value a fresh evaluation gives.

use crate::common::EightPuzzle;
use informed::heuristics::{
    IncrementalHeuristic, LinearConflict, Manhattan, MisplacedTiles, TileHeuristic,
};
use informed::permutation;
use informed::puzzles::{SlidingPuzzle, sliding_tile};
use informed::{MoveBuffer, SearchProblem, distance_table, ida_star};
use quickcheck::{Gen, QuickCheck, quickcheck};

/// Every reachable 8-puzzle layout, for two goals: no heuristic exceeds the BFS distance,
/// linear conflict is never below Manhattan, and every value has the distance's parity.
#[test]
fn admissible_on_every_8_puzzle() {
    for goal in [sliding_tile::blank_last::<9>(), [1, 2, 3, 8, 0, 4, 7, 6, 5]] {
        let puzzle = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).unwrap();
        let table = distance_table(&puzzle, puzzle.layout_count(), |b| puzzle.rank(b))
            .into_solution()
            .unwrap();
        let manhattan = Manhattan::<9>::new(3, 3, &goal);
        let misplaced = MisplacedTiles::<9>::new(3, 3, &goal);
        let conflict = LinearConflict::<9>::new(3, 3, &goal);
        let mut tiles = [0u8; 9];
        let mut checked = 0;
        let mut stronger = 0;
        for rank in 0..puzzle.layout_count() {
            permutation::unrank_into(rank as u64, &mut tiles).unwrap();
            let Ok(board) = puzzle.board(&tiles) else {
                continue;
            };
            let distance = u64::from(table.distance(&board).unwrap());
            let (md, lc) = (manhattan.evaluate(&tiles), conflict.evaluate(&tiles));
            assert!(misplaced.evaluate(&tiles) <= distance);
            assert!(
                md <= lc && lc <= distance,
                "{tiles:?}: {md} {lc} {distance}"
            );
            assert_eq!(lc % 2, distance % 2);
            checked += 1;
            stronger += usize::from(lc > md);
        }
        assert_eq!(checked, 181_440);
        assert!(
            stronger > 50_000,
            "linear conflict adds to {stronger} layouts"
        );
    }
}

/// Plays `steps` random moves on `puzzle` and checks, after each, that the value kept in the
/// board, the value predicted before the move, and a fresh evaluation agree.
fn incremental_matches_fresh<const N: usize, H: IncrementalHeuristic<N>>(
    puzzle: &SlidingPuzzle<N, H>,
    steps: &[u8],
) -> bool {
    let fresh = H::new(puzzle.width(), puzzle.height(), puzzle.goal());
    let mut board = puzzle.start();
    for &choice in steps {
        let mut moves = MoveBuffer::new();
        puzzle.moves(&board, &mut moves);
        let (slide, _) = moves[choice as usize % moves.len()];
        let predicted = puzzle.heuristic_after(&board, slide);
        puzzle.apply(&mut board, slide);
        let kept = puzzle.heuristic(&board);
        if predicted != Some(kept) || kept != fresh.value(fresh.evaluate(board.tiles())) {
            return false;
        }
    }
    true
}

quickcheck! {
    fn linear_conflict_incremental_3x3(start: EightPuzzle, steps: Vec<u8>) -> bool {
        let puzzle = SlidingPuzzle::<9, LinearConflict<9>>::new(3, 3, &start.0, &sliding_tile::blank_last::<9>()).unwrap();
        incremental_matches_fresh(&puzzle, &steps)
    }

    fn linear_conflict_incremental_on_other_shapes(steps: Vec<u8>) -> bool {
        // 4 x 4 (rows and columns by table), 8 x 2 (rows of 8 counted directly), 5 x 5.
        let p16 = SlidingPuzzle::<16, LinearConflict<16>>::new(4, 4, &sliding_tile::blank_first::<16>(), &sliding_tile::blank_first::<16>()).unwrap();
        let p8x2 = SlidingPuzzle::<16, LinearConflict<16>>::new(8, 2, &sliding_tile::blank_last::<16>(), &sliding_tile::blank_last::<16>()).unwrap();
        let p25 = SlidingPuzzle::<25, LinearConflict<25>>::new(5, 5, &sliding_tile::blank_first::<25>(), &sliding_tile::blank_first::<25>()).unwrap();
        incremental_matches_fresh(&p16, &steps)
            && incremental_matches_fresh(&p8x2, &steps)
            && incremental_matches_fresh(&p25, &steps)
    }

    fn manhattan_and_misplaced_incremental(start: EightPuzzle, steps: Vec<u8>) -> bool {
        let goal = sliding_tile::blank_last::<9>();
        let manhattan = SlidingPuzzle::<9, Manhattan<9>>::new(3, 3, &start.0, &goal).unwrap();
        let misplaced = SlidingPuzzle::<9, MisplacedTiles<9>>::new(3, 3, &start.0, &goal).unwrap();
        incremental_matches_fresh(&manhattan, &steps) && incremental_matches_fresh(&misplaced, &steps)
    }
}

/// Random 15-puzzle layouts up to 60 random moves from the goal: linear conflict never
/// exceeds the optimal length, found by IDA* (with linear conflict itself, then confirmed
/// with the Manhattan distance on the shorter ones).
#[test]
fn linear_conflict_admissible_on_random_15_puzzles() {
    let goal = sliding_tile::blank_first::<16>();
    let base = SlidingPuzzle::<16, LinearConflict<16>>::new(4, 4, &goal, &goal).unwrap();
    let mut rng = Gen::new(100);
    for walk in 0..40 {
        let mut board = base.start();
        for _ in 0..(10 + walk) {
            let mut moves = MoveBuffer::new();
            base.moves(&board, &mut moves);
            let choice = <usize as quickcheck::Arbitrary>::arbitrary(&mut rng);
            base.apply(&mut board, moves[choice % moves.len()].0);
        }
        let puzzle = base.with_start(board.tiles()).unwrap();
        let optimal = ida_star(&puzzle).into_solution().unwrap().cost;
        assert!(puzzle.heuristic(&puzzle.start()) <= optimal);
        if optimal <= 30 {
            let by_manhattan = SlidingPuzzle::<16>::new(4, 4, board.tiles(), &goal).unwrap();
            assert_eq!(
                ida_star(&by_manhattan).into_solution().unwrap().cost,
                optimal
            );
        }
    }
}

/// The Manhattan distance written as a user writes a `TileHeuristic`: `new` and `evaluate`,
/// and with `FAST` an `update` and a `predict` from the one tile that moved.
#[derive(Clone)]
struct UserManhattan<const FAST: bool> {
    /// The goal cell of each tile.
    home: [usize; 9],
}

impl<const FAST: bool> UserManhattan<FAST> {
    fn distance(&self, tile: u8, cell: usize) -> u32 {
        let home = self.home[usize::from(tile)];
        (home / 3).abs_diff(cell / 3) as u32 + (home % 3).abs_diff(cell % 3) as u32
    }
}

impl<const FAST: bool> TileHeuristic<9> for UserManhattan<FAST> {
    fn new(_width: usize, _height: usize, goal: &[u8; 9]) -> Self {
        let mut home = [0; 9];
        for (cell, &tile) in goal.iter().enumerate() {
            home[usize::from(tile)] = cell;
        }
        UserManhattan { home }
    }
    fn evaluate(&self, tiles: &[u8; 9]) -> u32 {
        (0..9)
            .filter(|&cell| tiles[cell] != 0)
            .map(|cell| self.distance(tiles[cell], cell))
            .sum()
    }
    fn update(&self, before: u32, tiles: &[u8; 9], tile: u8, from: usize, to: usize) -> u32 {
        if !FAST {
            return TileHeuristic::evaluate(self, tiles);
        }
        before + self.distance(tile, to) - self.distance(tile, from)
    }
    fn predict(&self, before: u32, _: &[u8; 9], tile: u8, from: usize, to: usize) -> Option<u32> {
        FAST.then(|| before + self.distance(tile, to) - self.distance(tile, from))
    }
}

/// A user's heuristic, in two items or with the speed hooks, searches as the shipped one does:
/// the same answers and the same node counts.
#[test]
fn a_users_tile_heuristic_searches_as_the_shipped_one() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the board over
    fn same(start: EightPuzzle) -> bool {
        let goal = sliding_tile::blank_last::<9>();
        let shipped = SlidingPuzzle::<9>::new(3, 3, &start.0, &goal).unwrap();
        let plain = SlidingPuzzle::<9, UserManhattan<false>>::new(3, 3, &start.0, &goal).unwrap();
        let fast = SlidingPuzzle::<9, UserManhattan<true>>::new(3, 3, &start.0, &goal).unwrap();
        let expected = ida_star(&shipped);
        let (plain, fast) = (ida_star(&plain), ida_star(&fast));
        plain.solution().map(|s| &s.moves) == expected.solution().map(|s| &s.moves)
            && fast.solution().map(|s| &s.moves) == expected.solution().map(|s| &s.moves)
            && plain.stats == expected.stats
            && fast.stats == expected.stats
    }
    QuickCheck::new()
        .tests(60)
        .quickcheck(same as fn(EightPuzzle) -> bool);
}
