//! Rubik's cube: the moves checked against the published counts (the 2×2×2 cube's whole space
//! in both metrics, the 3×3×3 positions within four moves), group facts, optimal IDA* lengths
//! against breadth-first distances, and the scramble format. Korf's databases take 20 s and
//! 87 MB to build: the example `rubiks_cube` builds them; here their spaces are checked in
//! the crate's unit tests on smaller groups of edges and through the 2×2×2 cube.

use hashbrown::HashMap;
use informed::puzzles::rubiks_cube::{
    Cube, CubeError, KorfDatabase, Metric, RubiksCube, SOLVED, parse_moves, pocket_cube_distances,
    random_cubes,
};
use informed::{ListedChildren, SearchProblem, ida_star, replay};

#[test]
fn the_pocket_cube_has_the_published_distances() {
    let half = pocket_cube_distances(Metric::HalfTurn).unwrap();
    assert_eq!(
        half,
        [
            1, 9, 54, 321, 1847, 9992, 50136, 227_536, 870_072, 1_887_748, 623_800, 2644
        ]
    );
    assert_eq!(half.iter().sum::<u64>(), 3_674_160);
    let quarter = pocket_cube_distances(Metric::QuarterTurn).unwrap();
    assert_eq!(
        quarter,
        [
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114_149, 360_508, 930_588, 1_350_852, 782_536,
            90280, 276
        ]
    );
}

/// The order of a move sequence: how many times it is applied before the cube is solved.
fn order(puzzle: &RubiksCube, moves: &str) -> usize {
    let moves = parse_moves(moves).unwrap();
    let mut cube = SOLVED;
    for times in 1.. {
        cube = moves.iter().fold(cube, |c, &turn| puzzle.turned(&c, turn));
        if cube.is_solved() {
            return times;
        }
    }
    unreachable!()
}

#[test]
fn move_sequences_have_their_known_orders() {
    let puzzle = RubiksCube::new(SOLVED, Metric::HalfTurn);
    for face in ["U", "R", "F", "D", "L", "B"] {
        assert_eq!(order(&puzzle, face), 4);
        assert_eq!(order(&puzzle, &format!("{face}2")), 2);
        assert_eq!(order(&puzzle, &format!("{face} {face}'")), 1);
    }
    assert_eq!(order(&puzzle, "R U"), 105);
    assert_eq!(order(&puzzle, "R U R' U'"), 6);
    assert_eq!(order(&puzzle, "F B"), 4);
    assert_eq!(order(&puzzle, "R U2 D' B D'"), 1260);
}

#[test]
fn ida_star_finds_the_breadth_first_distances() {
    for metric in [Metric::HalfTurn, Metric::QuarterTurn] {
        let puzzle = RubiksCube::new(SOLVED, metric);
        // Breadth-first over whole cubes to depth 3, with the puzzle's own turns.
        let turns = metric.turns();
        let mut distance: HashMap<Cube, u32> = HashMap::from([(SOLVED, 0)]);
        let mut layer = vec![SOLVED];
        for d in 1..=3 {
            let mut next = Vec::new();
            for cube in &layer {
                for &turn in &turns {
                    let child = puzzle.turned(cube, turn);
                    if !distance.contains_key(&child) {
                        distance.insert(child, d);
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        for (i, (cube, &d)) in distance.iter().enumerate() {
            if i % 17 != 0 {
                continue;
            }
            let start = RubiksCube::new(*cube, metric);
            let solution = ida_star(&start).solution().cloned().unwrap();
            assert_eq!(solution.cost, d, "{metric:?}: {cube:?}");
            let (end, _) = replay(&start, &solution.moves).unwrap();
            assert!(start.is_goal(&end));
        }
    }
    // A half turn is two moves in the quarter-turn metric.
    let quarter = RubiksCube::from_scramble("U2 R2", Metric::QuarterTurn).unwrap();
    assert_eq!(ida_star(&quarter).solution().map(|s| s.cost), Some(4));
    let half = RubiksCube::from_scramble("U2 R2", Metric::HalfTurn).unwrap();
    assert_eq!(ida_star(&half).solution().map(|s| s.cost), Some(2));
}

/// The cube's own way through a node's children (all made, then judged) searches as the
/// default through its listed moves: the same solutions and counts, in both metrics.
#[test]
fn the_children_at_once_search_as_the_listed_moves() {
    for (metric, scramble) in [
        (Metric::HalfTurn, "R U2 F' L D"),
        (Metric::QuarterTurn, "B' R U2 F"),
        (Metric::HalfTurn, ""),
    ] {
        let puzzle = RubiksCube::from_scramble(scramble, metric).unwrap();
        let (own, listed) = (ida_star(&puzzle), ida_star(&ListedChildren(&puzzle)));
        assert_eq!(own.outcome, listed.outcome, "{scramble}");
        assert_eq!(own.stats.generated, listed.stats.generated, "{scramble}");
        assert_eq!(own.stats.expanded, listed.stats.expanded, "{scramble}");
    }
}

#[test]
fn scrambles_read_and_write_in_singmaster_notation() {
    let moves = parse_moves("R U2 F' D B2 L'").unwrap();
    let puzzle = RubiksCube::new(SOLVED, Metric::HalfTurn);
    assert_eq!(puzzle.format_moves(&moves), "R U2 F' D B2 L'");
    assert_eq!(parse_moves("  ").unwrap(), []);
    for (text, position) in [("R X", 2), ("R U3", 2), ("r", 1), ("U''", 1)] {
        match parse_moves(text) {
            Err(CubeError::NotAMove { position: p, .. }) => assert_eq!(p, position, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    let long = "U".repeat(1 << 16);
    let message = parse_moves(&long).unwrap_err().to_string();
    assert!(message.len() < 120, "{message}");
    // A scramble and its inverse cancel.
    let cube =
        RubiksCube::from_scramble("R U F' L2 D B' B D' L2 F U' R'", Metric::HalfTurn).unwrap();
    assert!(cube.is_goal(&cube.start()));
}

#[test]
fn edge_groups_outside_six_to_eight_are_refused() {
    use informed::heuristics::pattern_database::{BuildOptions, PatternError, PdbError};
    for group in [0, 5, 9, 12] {
        let error = KorfDatabase::build_with(Metric::HalfTurn, group, &BuildOptions::new())
            .expect_err("no such tables");
        assert!(
            matches!(
                error,
                PdbError::InvalidPattern(PatternError::EdgeGroup { edges }) if edges == group
            ),
            "{error:?}"
        );
        assert!(error.to_string().contains("6 to 8"), "{error}");
    }
}

/// A cube and its inverse undo each other, and lie as far from solved.
#[test]
fn a_cube_and_its_inverse_undo_each_other() {
    for cube in random_cubes(3).take(200) {
        let inverse = cube.inverse();
        assert_eq!(cube.then(&inverse), SOLVED);
        assert_eq!(inverse.then(&cube), SOLVED);
        assert_eq!(inverse.inverse(), cube);
    }
    for scramble in ["R U F'", "B2 L D' F", "U"] {
        let puzzle = RubiksCube::from_scramble(scramble, Metric::HalfTurn).unwrap();
        let inverse = RubiksCube::new(puzzle.start().cube.inverse(), Metric::HalfTurn);
        let length = |p: &RubiksCube| ida_star(p).solution().map(|s| s.cost);
        assert_eq!(length(&puzzle), length(&inverse), "{scramble}");
    }
}
