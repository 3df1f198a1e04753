//! The pancake puzzle: the gap heuristic and pancake pattern databases checked admissible
//! against BFS distances over every stack of up to eight, optimal IDA* lengths, and the text
//! format's errors.

use informed::heuristics::pattern_database::{
    Combine, Packing, PatternError, PatternPieces, PdbError, PieceDatabase,
};
use informed::permutation;
use informed::puzzles::{ArrangementError, Pancake};
use informed::{SearchProblem, a_star, distance_table, ida_star, replay};
use quickcheck::quickcheck;

/// Every stack of `n` with its BFS distance to the sorted stack (flips undo themselves, so the
/// distance from the sorted stack is the same).
fn all_distances(n: usize) -> (Pancake, Vec<(Vec<u8>, u32)>) {
    let sorted: Vec<u8> = (0..n as u8).collect();
    let puzzle = Pancake::new(&sorted).unwrap();
    let count = (1..=n).product();
    let table = distance_table(&puzzle, count, |stack| {
        permutation::rank(puzzle.pancakes(stack)).unwrap() as usize
    })
    .into_solution()
    .unwrap();
    let all = (0..count)
        .map(|rank| {
            let cakes = permutation::unrank(rank as u64, n).unwrap();
            let stack = puzzle.stack(&cakes).unwrap();
            (cakes, table.distance(&stack).unwrap())
        })
        .collect();
    (puzzle, all)
}

#[test]
fn the_gap_heuristic_is_admissible_and_ida_star_optimal() {
    for n in 1..=8 {
        let (puzzle, all) = all_distances(n);
        assert_eq!(all.len(), (1..=n).product::<usize>());
        for (i, (cakes, distance)) in all.iter().enumerate() {
            let stack = puzzle.stack(cakes).unwrap();
            assert!(puzzle.heuristic(&stack) <= *distance, "{cakes:?}");
            assert_eq!(puzzle.is_goal(&stack), *distance == 0);
            if i % 97 == 0 {
                let start = puzzle.with_start(cakes).unwrap();
                let solution = ida_star(&start).solution().cloned().unwrap();
                assert_eq!(solution.cost, *distance, "{cakes:?}");
                let (end, cost) = replay(&start, &solution.moves).unwrap();
                assert!(start.is_goal(&end) && cost == *distance);
            }
        }
    }
    // The published diameters (the pancake numbers) for 1 to 8: 0 1 3 4 5 7 8 9.
    for (n, diameter) in [
        (1, 0),
        (2, 1),
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 7),
        (7, 8),
        (8, 9),
    ] {
        let (_, all) = all_distances(n);
        assert_eq!(all.iter().map(|&(_, d)| d).max(), Some(diameter), "n = {n}");
    }
}

#[test]
fn pancake_pattern_databases_are_admissible_and_exact_when_whole() {
    let (puzzle, all) = all_distances(8);
    let goal = [puzzle.goal_state()];
    let halves = [
        PatternPieces::counted(&[0, 1, 2, 3]),
        PatternPieces::counted(&[4, 5, 6, 7]),
    ];
    let pdb = PieceDatabase::build(&puzzle, &goal, &halves, Combine::Max).unwrap();
    // Pancake distances are small: four bits an entry.
    assert!(
        pdb.tables()
            .all(|t| t.packing() == Packing::Nibbles && t.len() == 1680)
    );
    let whole = PieceDatabase::build(
        &puzzle,
        &goal,
        &[PatternPieces::counted(&[0, 1, 2, 3, 4, 5, 6, 7])],
        Combine::Max,
    )
    .unwrap();
    let mut stronger = 0;
    for (cakes, distance) in &all {
        let value = pdb.value(cakes);
        assert!(value <= *distance, "{cakes:?}: {value} > {distance}");
        assert_eq!(whole.value(cakes), *distance, "{cakes:?}");
        let gaps = puzzle.heuristic(&puzzle.stack(cakes).unwrap());
        stronger += usize::from(value > gaps);
    }
    assert!(stronger > 0);
    // A flip moves pancakes of both halves: their sum is refused.
    let error = PieceDatabase::build(&puzzle, &goal, &halves, Combine::Sum).unwrap_err();
    assert!(
        matches!(
            &error,
            PdbError::InvalidPattern(PatternError::NotAdditive { .. })
        ) && error.to_string().contains("combine by max"),
        "{error}"
    );
}

quickcheck! {
    /// A* and IDA* agree on random stacks of 9 to 11, and the solution replays to the goal.
    fn a_star_and_ida_star_agree(seed: Vec<u8>) -> bool {
        let n = 9 + seed.len() % 3;
        let mut cakes: Vec<u8> = (0..n as u8).collect();
        for (i, &s) in seed.iter().enumerate() {
            cakes.swap(i % n, usize::from(s) % n);
        }
        let puzzle = Pancake::new(&cakes).unwrap();
        let ida = ida_star(&puzzle).solution().cloned().unwrap();
        let a = a_star(&puzzle).solution().cloned().unwrap();
        ida.cost == a.cost && replay(&puzzle, &ida.moves).is_ok_and(|(end, _)| puzzle.is_goal(&end))
    }
}

#[test]
fn stacks_read_from_text_and_bad_ones_are_errors() {
    let puzzle: Pancake = "4 2 1 3".parse().unwrap();
    assert_eq!(puzzle.pancakes(&puzzle.start()), [3, 1, 0, 2]);
    assert_eq!(puzzle.to_string(), "3 1 0 2");
    let zero_based: Pancake = "3\t1\n0 2".parse().unwrap();
    assert_eq!(zero_based.to_string(), "3 1 0 2");
    let error = |text: &str| text.parse::<Pancake>().unwrap_err();
    assert!(matches!(
        error(""),
        ArrangementError::WrongSize { len: 0, .. }
    ));
    assert!(matches!(
        error("0 1 1"),
        ArrangementError::Repeated { value: 1 }
    ));
    assert!(matches!(
        error("0 1 3"),
        ArrangementError::OutOfRange {
            position: 3,
            value: 3,
            len: 3
        }
    ));
    assert!(matches!(
        error("0 one"),
        ArrangementError::NotANumber { position: 2, .. }
    ));
    let long = "9".repeat(1 << 16);
    let message = error(&format!("0 {long}")).to_string();
    assert!(message.len() < 80, "{message}");
    let many: Vec<String> = (0..65).map(|i| i.to_string()).collect();
    assert!(matches!(
        error(&many.join(" ")),
        ArrangementError::WrongSize { len: 65, .. }
    ));
    let sixty_four: Vec<u8> = (0..64).rev().collect();
    let big = Pancake::new(&sixty_four).unwrap();
    assert_eq!(ida_star(&big).solution().map(|s| s.cost), Some(1));
    assert!(puzzle.with_start(&[0u8, 1, 2]).is_err());
}

#[test]
fn a_flip_outside_the_stack_turns_over_what_it_can() {
    let puzzle: Pancake = "3 0 6 2 7 1 5 4".parse().unwrap();
    let start = puzzle.start();
    let mut whole = start;
    puzzle.apply(&mut whole, 8);
    for (k, expected) in [
        (0, start),
        (1, start),
        (9, whole),
        (200, whole),
        (255, whole),
    ] {
        let mut stack = start;
        let predicted = puzzle.heuristic_after(&stack, k);
        puzzle.apply(&mut stack, k);
        assert_eq!(stack, expected, "flip {k}");
        assert_eq!(predicted, Some(puzzle.heuristic(&stack)), "flip {k}");
    }
}
