//! TopSpin: the break heuristic and the pattern database checked admissible against BFS
//! distances over every ring of seven and eight, the database exact when it keeps every
//! token, optimal IDA* lengths, and the errors.

use std::collections::VecDeque;

use informed::permutation;
use informed::puzzles::ArrangementError;
use informed::puzzles::topspin::{TopSpin, TopSpinDatabase};
use informed::{MoveBuffer, SearchProblem, ida_star, replay};

/// The BFS distance of every ring of `n` (by permutation rank) to the nearest solved ring,
/// `u32::MAX` where none is reached: a search of its own over the ranks, from all `n` solved
/// rings at once, with the turns written out here.
fn distances(n: usize, k: usize) -> Vec<u32> {
    let count: usize = (1..=n).product();
    let mut distance = vec![u32::MAX; count];
    let mut queue = VecDeque::new();
    for shift in 0..n {
        let solved: Vec<u8> = (0..n).map(|i| ((i + shift) % n) as u8).collect();
        let rank = permutation::rank(&solved).unwrap() as usize;
        distance[rank] = 0;
        queue.push_back(solved);
    }
    while let Some(ring) = queue.pop_front() {
        let d = distance[permutation::rank(&ring).unwrap() as usize];
        for i in 0..n {
            let mut next = ring.clone();
            for j in 0..k / 2 {
                next.swap((i + j) % n, (i + k - 1 - j) % n);
            }
            let rank = permutation::rank(&next).unwrap() as usize;
            if distance[rank] == u32::MAX {
                distance[rank] = d + 1;
                queue.push_back(next);
            }
        }
    }
    distance
}

#[test]
fn the_heuristics_are_admissible_and_the_whole_database_exact() {
    // With the rings reached: an even turnstile on an odd ring makes even permutations
    // (half); a turnstile of 5 on a ring of 8 keeps every token on places of one parity
    // (4! 4! arrangements).
    for (n, k, reachable) in [(7, 3, 5040), (7, 4, 2520), (8, 4, 40320), (8, 5, 576)] {
        let distance = distances(n, k);
        let solved: Vec<u8> = (0..n as u8).collect();
        let plain = TopSpin::new(&solved, k).unwrap();
        let half = TopSpinDatabase::build(n, k, n / 2).unwrap();
        let whole = TopSpinDatabase::build(n, k, n).unwrap();
        let strong = plain.clone().with_database(&half).unwrap();
        let (mut reached, mut stronger) = (0, 0);
        for (rank, &d) in distance.iter().enumerate() {
            let tokens = permutation::unrank(rank as u64, n).unwrap();
            let ring = plain.ring(&tokens).unwrap();
            assert_eq!(plain.is_goal(&ring), d == 0, "{tokens:?}");
            if d == u32::MAX {
                continue;
            }
            reached += 1;
            let (weak, pdb) = (plain.heuristic(&ring), strong.heuristic(&ring));
            assert!(
                weak <= pdb && pdb <= d,
                "{n} {k} {tokens:?}: {weak} {pdb} {d}"
            );
            assert_eq!(whole.value(&tokens), d, "{n} {k} {tokens:?}");
            stronger += usize::from(pdb > weak);
            if rank % 211 == 0 {
                let start = strong.with_start(&tokens).unwrap();
                let solution = ida_star(&start).solution().cloned().unwrap();
                assert_eq!(solution.cost, d, "{tokens:?}");
                let (end, _) = replay(&start, &solution.moves).unwrap();
                assert!(start.is_goal(&end));
            }
        }
        assert!(reached > 0 && stronger > 0, "{n} {k}");
        assert_eq!(reached, reachable, "{n} {k}");
    }
}

#[test]
fn the_incremental_breaks_match_a_fresh_count() {
    let tokens: Vec<u8> = vec![5, 0, 9, 3, 1, 8, 2, 7, 4, 6, 11, 10];
    for k in 2..12 {
        let puzzle = TopSpin::new(&tokens, k).unwrap();
        let mut ring = puzzle.start();
        for step in 0..200usize {
            let mut moves = MoveBuffer::new();
            puzzle.moves(&ring, &mut moves);
            let (turn, _) = moves[(step * 7 + k) % moves.len()];
            let predicted = puzzle.heuristic_after(&ring, turn);
            puzzle.apply(&mut ring, turn);
            let fresh = puzzle.ring(puzzle.tokens(&ring)).unwrap();
            assert_eq!(ring, fresh, "k {k} step {step}");
            assert_eq!(predicted, Some(puzzle.heuristic(&ring)));
        }
    }
}

#[test]
fn bad_rings_and_sizes_are_errors() {
    let error = |text: &str, k| TopSpin::parse(text, k).unwrap_err();
    assert!(matches!(
        error("0 1", 2),
        ArrangementError::WrongSize { len: 2, .. }
    ));
    assert!(matches!(
        error("0 1 2 3", 4),
        ArrangementError::Turnstile {
            turnstile: 4,
            ring: 4,
            ..
        }
    ));
    assert!(matches!(
        error("0 1 2 3", 1),
        ArrangementError::Turnstile { turnstile: 1, .. }
    ));
    assert!(matches!(
        error("0 1 2 2", 3),
        ArrangementError::Repeated { value: 2 }
    ));
    let puzzle = TopSpin::parse("1 2 3 4 5 6", 3).unwrap();
    assert_eq!(puzzle.to_string(), "0 1 2 3 4 5");
    assert!(puzzle.is_goal(&puzzle.start()));
    let other = TopSpinDatabase::build(6, 4, 3).unwrap();
    assert!(puzzle.clone().with_database(&other).is_err());
    assert!(TopSpinDatabase::build(6, 4, 0).is_err());
    assert!(TopSpinDatabase::build(6, 6, 3).is_err());
    assert!(puzzle.with_start(&[0u8, 1, 2]).is_err());
}
