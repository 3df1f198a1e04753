//! Pattern databases: values checked against BFS distances, admissible sums, incremental
//! updates, and a cache that never trusts a damaged or mismatched file.

use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

use informed::heuristics::pattern_database::{
    BuildOptions, BuildProgress, PatternDatabase, PdbError, PdbMax,
};
use informed::heuristics::{IncrementalHeuristic, Max};
use informed::permutation;
use informed::puzzles::{PuzzleError, SlidingPuzzle, sliding_tile};
use informed::{
    MoveBuffer, SearchOptions, SearchProblem, StopReason, distance_table, ida_star, ida_star_with,
};
use quickcheck::quickcheck;

mod building;

/// Every reachable 8-puzzle layout with its BFS distance, for a goal.
fn all_distances(goal: [u8; 9]) -> Vec<([u8; 9], u32)> {
    let puzzle = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).unwrap();
    let table = distance_table(&puzzle, puzzle.layout_count(), |b| puzzle.rank(b))
        .into_solution()
        .unwrap();
    let mut tiles = [0u8; 9];
    (0..puzzle.layout_count())
        .filter_map(|rank| {
            permutation::unrank_into(rank as u64, &mut tiles).unwrap();
            let board = puzzle.board(&tiles).ok()?;
            Some((tiles, table.distance(&board)?))
        })
        .collect()
}

#[test]
fn one_pattern_of_every_tile_is_the_exact_distance() {
    let goal = sliding_tile::blank_last::<9>();
    let all: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8];
    let pdb = PatternDatabase::<9>::build(3, 3, &goal, &[all], false).unwrap();
    let states = all_distances(goal);
    assert_eq!(states.len(), 181_440);
    for (tiles, distance) in states {
        assert_eq!(pdb.value(pdb.evaluate(&tiles)), distance, "{tiles:?}");
    }
}

#[test]
fn additive_sums_never_exceed_the_distance_and_reflection_helps() {
    let goal = sliding_tile::blank_first::<9>(); // symmetric about the main diagonal
    let partition: [&[u8]; 2] = [&[1, 3, 4, 6], &[2, 5, 7, 8]];
    let direct = PatternDatabase::<9>::build(3, 3, &goal, &partition, false).unwrap();
    let reflected = PatternDatabase::<9>::build(3, 3, &goal, &partition, true).unwrap();
    assert!(reflected.reflects());
    let better = raised_and_admissible(&direct, &reflected, goal);
    assert!(better > 10_000, "reflection raised {better} values");
}

/// How many 8-puzzle states `stronger` values above `weaker`, having checked on every state
/// that it values none below it nor above the distance.
fn raised_and_admissible(
    weaker: &PatternDatabase<9>,
    stronger: &PatternDatabase<9>,
    goal: [u8; 9],
) -> usize {
    let mut better = 0;
    for (tiles, distance) in all_distances(goal) {
        let (w, s) = (
            weaker.value(weaker.evaluate(&tiles)),
            stronger.value(stronger.evaluate(&tiles)),
        );
        assert!(w <= s && s <= distance, "{tiles:?}: {w} {s} {distance}");
        better += usize::from(s > w);
    }
    better
}

/// The 15-puzzle's tiles in rows of four (the last of three), a pattern each.
const FOURS: [&[u8]; 4] = [
    &[1, 2, 3, 4],
    &[5, 6, 7, 8],
    &[9, 10, 11, 12],
    &[13, 14, 15],
];

/// The database of a partition built in memory, zero-aware or not.
fn build<const N: usize>(
    side: usize,
    goal: &[u8; N],
    partition: &[&[u8]],
    reflect: bool,
    zero_aware: bool,
) -> PatternDatabase<N> {
    let mut options = BuildOptions::new();
    if zero_aware {
        options = options.zero_aware();
    }
    let (pdb, _) =
        PatternDatabase::build_with(side, side, goal, partition, reflect, &options).unwrap();
    assert_eq!(pdb.zero_aware(), zero_aware);
    pdb
}

#[test]
fn zero_aware_values_lie_between_the_plain_ones_and_the_distance() {
    let goal = sliding_tile::blank_first::<9>();
    for (partition, reflect) in [
        (&[&[1u8, 3, 4, 6][..], &[2, 5, 7, 8]][..], true),
        (&[&[1, 2, 3, 4, 5][..], &[6, 7, 8]][..], false),
    ] {
        let plain = build(3, &goal, partition, reflect, false);
        let aware = build(3, &goal, partition, reflect, true);
        assert_eq!(aware.memory_bytes(), 2 * plain.memory_bytes());
        let better = raised_and_admissible(&plain, &aware, goal);
        assert!(
            better > 1_000,
            "{partition:?}: the blank's region raised {better}"
        );
    }
}

quickcheck! {
    /// What the board keeps after each move equals a fresh evaluation, and the prediction made
    /// before the move equals the value after it (15-puzzle with reflection: 4-4-4-3, whose
    /// values are kept per pattern, and five patterns of three, kept as sums; each plain
    /// and zero-aware).
    fn incremental_matches_fresh(steps: Vec<u8>) -> bool {
        static DATABASES: OnceLock<Vec<PatternDatabase<16>>> = OnceLock::new();
        let goal = sliding_tile::blank_first::<16>();
        let databases = DATABASES.get_or_init(|| {
            let threes: [&[u8]; 5] = [&[1, 2, 3], &[4, 5, 6], &[7, 8, 9], &[10, 11, 12], &[13, 14, 15]];
            [false, true]
                .into_iter()
                .flat_map(|aware| {
                    [build(4, &goal, &FOURS, true, aware), build(4, &goal, &threes, true, aware)]
                })
                .collect()
        });
        databases.iter().all(|pdb| walk_keeps_what_a_fresh_board_keeps(4, pdb, &steps))
    }

    /// The same for the largest of several databases: of two partitions into four patterns
    /// (zero-aware, their children ranked together), and of one of them and a partition into
    /// five (each database predicting its own); and for [`Max`] of the first two.
    fn pdb_max_keeps_what_a_fresh_board_keeps(steps: Vec<u8>) -> bool {
        let (ranked, mixed) = fifteen_maxima();
        let [first, second] = ranked.databases();
        let max = Max::of(first.clone(), second.clone());
        walk_keeps_what_a_fresh_board_keeps(4, ranked, &steps)
            && walk_keeps_what_a_fresh_board_keeps(4, mixed, &steps)
            && walk_keeps_what_a_fresh_board_keeps(4, &max, &steps)
    }

    /// The same on the 24-puzzle, with four patterns of three tiles (ranks kept; the other
    /// tiles count for nothing) and eight (sums kept), with reflection.
    fn incremental_matches_fresh_on_the_24_puzzle(steps: Vec<u8>) -> bool {
        five_by_five()
            .iter()
            .all(|pdb| walk_keeps_what_a_fresh_board_keeps(5, pdb, &steps))
    }
}

/// Whether, along the walk from the goal that `steps` picks (each step a move by its index
/// among the board's moves), what the board keeps after each move (each pattern's rank and
/// entry, or the sums) equals what a board set up afresh keeps, the prediction made before
/// the move equals the value after it, and every child is predicted alike.
fn walk_keeps_what_a_fresh_board_keeps<const N: usize, H: IncrementalHeuristic<N>>(
    side: usize,
    pdb: &H,
    steps: &[u8],
) -> bool {
    let goal = sliding_tile::blank_first::<N>();
    let puzzle = SlidingPuzzle::with_heuristic(side, side, &goal, &goal, pdb.clone()).unwrap();
    let mut board = puzzle.start();
    steps.iter().all(|&choice| {
        let mut moves = MoveBuffer::new();
        puzzle.moves(&board, &mut moves);
        let (slide, _) = moves[choice as usize % moves.len()];
        let predicted = puzzle.heuristic_after(&board, slide);
        let children = every_child_predicted_alike(pdb, &board);
        puzzle.apply(&mut board, slide);
        let fresh = pdb.value(pdb.evaluate(board.tiles()));
        children
            && predicted == Some(fresh)
            && puzzle.heuristic(&board) == fresh
            && puzzle.board(board.tiles()) == Ok(board)
    })
}

/// Two maxima of 15-puzzle databases with reflection: of two partitions into four patterns,
/// zero-aware (with one pattern in both), and of one of them and a partition into five.
fn fifteen_maxima() -> &'static (PdbMax<16, 2>, PdbMax<16, 2>) {
    static MAXIMA: OnceLock<(PdbMax<16, 2>, PdbMax<16, 2>)> = OnceLock::new();
    MAXIMA.get_or_init(|| {
        let goal = sliding_tile::blank_first::<16>();
        let rows: [&[u8]; 4] = [
            &[1, 2, 3],
            &[4, 5, 6, 7],
            &[8, 9, 10, 11],
            &[12, 13, 14, 15],
        ];
        let columns: [&[u8]; 4] = [
            &[4, 8, 12],
            &[1, 5, 9, 13],
            &[2, 6, 10, 14],
            &[3, 7, 11, 15],
        ];
        let threes: [&[u8]; 5] = [
            &[1, 2, 3],
            &[4, 5, 6],
            &[7, 8, 9],
            &[10, 11, 12],
            &[13, 14, 15],
        ];
        let aware = BuildOptions::new().zero_aware();
        let plain = BuildOptions::new();
        let max = |partitions: [&[&[u8]]; 2], options: &BuildOptions<'_>| {
            PdbMax::build_with(4, 4, &goal, partitions, true, options)
                .unwrap()
                .0
        };
        (
            max([&rows, &columns], &aware),
            max([&rows, &threes], &plain),
        )
    })
}

#[test]
fn pdb_max_is_the_largest_of_its_databases_and_shares_their_tables() {
    let goal = sliding_tile::blank_first::<9>();
    let across: [&[u8]; 2] = [&[1, 3, 4, 6], &[2, 5, 7, 8]];
    let along: [&[u8]; 2] = [&[1, 2, 4, 5], &[3, 6, 7, 8]];
    let options = BuildOptions::new();
    let (max, report) =
        PdbMax::build_with(3, 3, &goal, [&across, &along], false, &options).unwrap();
    let [first, second] = max.databases();
    assert_eq!(report.bytes, max.memory_bytes());
    let mut better = 0;
    for (tiles, distance) in all_distances(goal) {
        let (a, b) = (
            first.value(first.evaluate(&tiles)),
            second.value(second.evaluate(&tiles)),
        );
        let both = max.value(max.evaluate(&tiles));
        assert!(both == a.max(b) && both <= distance, "{tiles:?}");
        better += usize::from(b != a);
    }
    assert!(better > 10_000, "the partitions differ on {better} states");
    // The same partition twice: one table a pattern in memory.
    let (twice, _) = PdbMax::build_with(3, 3, &goal, [&across, &across], false, &options).unwrap();
    assert_eq!(twice.memory_bytes(), first.memory_bytes());
    // A board of another size is refused as each database refuses it.
    let error = PdbMax::<9, 2>::build_with(4, 4, &goal, [&across, &along], false, &options);
    assert!(matches!(error, Err(PdbError::InvalidPartition(_))));
}

/// Small databases of the 24-puzzle: four patterns of three tiles, and eight; then the
/// first zero-aware.
fn five_by_five() -> &'static [PatternDatabase<25>; 3] {
    static DATABASES: OnceLock<[PatternDatabase<25>; 3]> = OnceLock::new();
    DATABASES.get_or_init(|| {
        let goal = sliding_tile::blank_first::<25>();
        let tiles: Vec<u8> = (1..25).collect();
        let threes: Vec<&[u8]> = tiles.chunks(3).collect();
        [
            build(5, &goal, &threes[..4], true, false),
            build(5, &goal, &threes, true, false),
            build(5, &goal, &threes[..4], true, true),
        ]
    })
}

/// Whether `predict_children` gives, for every child of `board`, the value and (through
/// `predicted`) what is kept that `predict` gives and that evaluating the child afresh gives;
/// and, asked again with every child cut off whose offered bound exceeds the board's value,
/// whether each bound it offered is at most the child's value and a child cut off is given
/// nothing.
fn every_child_predicted_alike<const N: usize, H: IncrementalHeuristic<N>>(
    pdb: &H,
    board: &sliding_tile::Board<N, H::Kept>,
) -> bool {
    let width = (N as f64).sqrt() as usize;
    let tiles = board.tiles();
    let to = board.blank();
    let (row, column) = (to / width, to % width);
    let from = [
        to.wrapping_sub(width),
        to.wrapping_sub(1),
        to + 1,
        to + width,
    ];
    let open = u8::from(row > 0)
        | u8::from(column > 0) << 1
        | u8::from(column + 1 < width) << 2
        | u8::from(row + 1 < width) << 3;
    let kept = pdb.evaluate(tiles);
    let fresh = |i: usize| {
        let mut after = *tiles;
        after.swap(from[i], to);
        pdb.evaluate(&after)
    };
    let limit = pdb.value(kept);
    let mut offers = Vec::new();
    let mut cut = 0u8;
    let some = pdb.predict_children(kept, tiles, to, from, open, |i, bound| {
        offers.push((i, bound));
        cut |= u8::from(bound > limit) << i;
        bound > limit
    });
    let bounds_hold = offers
        .iter()
        .all(|&(i, bound)| open & 1 << i != 0 && bound <= pdb.value(fresh(i)));
    let cut_given_nothing = (0..4).all(|i| cut & 1 << i == 0 || some[i].is_none());
    let kept_given_alike = (0..4).all(|i| match some[i] {
        Some((value, prediction)) => {
            value == pdb.value(fresh(i)) && pdb.predicted(kept, prediction) == fresh(i)
        }
        None => open & 1 << i == 0 || cut & 1 << i != 0,
    });
    let all = pdb.predict_children(kept, tiles, to, from, open, |_, _| false);
    bounds_hold
        && cut_given_nothing
        && kept_given_alike
        && (0..4).all(|i| {
            if open & 1 << i == 0 {
                return all[i].is_none();
            }
            let tile = tiles[from[i]];
            let fresh = fresh(i);
            // The value at hand, and what the child keeps once made from the prediction.
            let predicted =
                all[i].map(|(value, prediction)| (value, pdb.predicted(kept, prediction)));
            predicted == Some((pdb.value(fresh), fresh))
                && pdb.predict(kept, tiles, tile, from[i], to) == Some(fresh)
        })
}

/// A node limit stops IDA* at exactly that many nodes though a board's children offer
/// bounds before they are judged whole: limits from the first node up, plain and zero-aware.
#[test]
fn node_limits_hold_with_bounds_offered_early() {
    let goal = sliding_tile::blank_first::<16>();
    // Korf's first instance: 57 moves.
    let start: [u8; 16] = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    for aware in [false, true] {
        let pdb = build(4, &goal, &FOURS, true, aware);
        let puzzle = SlidingPuzzle::with_heuristic(4, 4, &start, &goal, pdb).unwrap();
        for limit in [1, 2, 3, 7, 50, 1_000, 20_000] {
            let result = ida_star_with(&puzzle, &SearchOptions::new().max_nodes(limit));
            assert_eq!(result.stopped(), Some(StopReason::NodeLimit), "{limit}");
            assert_eq!(result.stats.generated, limit);
        }
    }
}

#[test]
fn solves_24_puzzles_a_few_moves_from_the_goal() {
    let goal = sliding_tile::blank_first::<25>();
    // 30 and 40 moves of a fixed walk from the goal, solved by IDA* with each small database
    // and with the Manhattan distance: the same optimal lengths.
    let manhattan = SlidingPuzzle::<25>::new(5, 5, &goal, &goal).unwrap();
    let mut board = manhattan.start();
    let mut moves = MoveBuffer::new();
    let mut seed = 7u64;
    for length in [30, 40] {
        while board.tiles() == &goal || moves.len() < length {
            let mut open = MoveBuffer::new();
            manhattan.moves(&board, &mut open);
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let (slide, cost) = open[(seed >> 33) as usize % open.len()];
            manhattan.apply(&mut board, slide);
            moves.push((slide, cost));
        }
        let start = *board.tiles();
        let expected = ida_star(&manhattan.with_start(&start).unwrap())
            .solution()
            .map(|s| s.cost);
        assert!(expected.is_some());
        let [first, second, aware] = five_by_five();
        for pdb in [first, second, aware] {
            let puzzle = SlidingPuzzle::with_heuristic(5, 5, &start, &goal, pdb.clone()).unwrap();
            let result = ida_star(&puzzle);
            assert_eq!(result.solution().map(|s| s.cost), expected, "{start:?}");
        }
        // Their maximum: as optimal, never more nodes than either, and the larger value.
        let both = Max::of(first.clone(), second.clone());
        let value = both.value(both.evaluate(&start));
        assert_eq!(
            value,
            [first, second]
                .map(|pdb| pdb.value(pdb.evaluate(&start)))
                .into_iter()
                .max()
                .unwrap()
        );
        let puzzle = SlidingPuzzle::with_heuristic(5, 5, &start, &goal, both).unwrap();
        let result = ida_star(&puzzle);
        assert_eq!(result.solution().map(|s| s.cost), expected, "{start:?}");
        // The board after every move of the solution keeps what a fresh board keeps.
        let mut board = puzzle.start();
        for &slide in &result.solution().unwrap().moves {
            puzzle.apply(&mut board, slide);
            assert_eq!(puzzle.board(board.tiles()), Ok(board));
        }
    }
}

#[test]
fn solves_korf_instances_optimally() {
    let goal = sliding_tile::blank_first::<16>();
    let partition: [&[u8]; 3] = [&[1, 4, 5, 8, 12], &[2, 3, 6, 7, 11], &[9, 10, 13, 14, 15]];
    let pdb = PatternDatabase::<16>::build(4, 4, &goal, &partition, true).unwrap();
    for (tiles, length) in [
        ([0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15], 42),
        ([14, 13, 4, 11, 15, 8, 6, 9, 0, 7, 3, 1, 2, 10, 12, 5], 56),
    ] {
        let puzzle = SlidingPuzzle::with_heuristic(4, 4, &tiles, &goal, pdb.clone()).unwrap();
        assert_eq!(ida_star(&puzzle).solution().map(|s| s.cost), Some(length));
    }
}
