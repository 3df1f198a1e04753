//! The four-peg Towers of Hanoi: the additive pattern database checked admissible against BFS
//! distances over every placement of up to eight disks (exact when one group holds them
//! all), the classic starts solved in the Frame–Stewart numbers, and the text format.

use std::collections::VecDeque;

use informed::puzzles::ArrangementError;
use informed::puzzles::hanoi::{Hanoi, HanoiDatabase};
use informed::{SearchProblem, a_star, replay};

/// The Frame–Stewart numbers for four pegs, 1 to 14 disks (optimal: Bousch 2014).
const FRAME_STEWART: [u32; 14] = [1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81, 97, 113];

/// The BFS distance of every placement of `n` disks (two bits a disk) to all disks on peg 3:
/// a search of its own, with the moves written out here.
fn distances(n: usize) -> Vec<u32> {
    let mut distance = vec![u32::MAX; 1 << (2 * n)];
    let goal = (0..n).fold(0usize, |pegs, disk| pegs | 3 << (2 * disk));
    distance[goal] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(pegs) = queue.pop_front() {
        let peg = |disk: usize| (pegs >> (2 * disk)) & 3;
        for disk in 0..n {
            // A disk can move if no smaller disk is on its peg, onto a peg with no smaller one.
            if (0..disk).any(|smaller| peg(smaller) == peg(disk)) {
                continue;
            }
            for to in (0..4).filter(|&to| to != peg(disk)) {
                if (0..disk).any(|smaller| peg(smaller) == to) {
                    continue;
                }
                let next = (pegs & !(3 << (2 * disk))) | to << (2 * disk);
                if distance[next] == u32::MAX {
                    distance[next] = distance[pegs] + 1;
                    queue.push_back(next);
                }
            }
        }
    }
    distance
}

#[test]
fn the_database_is_admissible_and_exact_for_a_whole_group() {
    let small = HanoiDatabase::build(3).unwrap();
    let whole = HanoiDatabase::build(8).unwrap();
    for n in 1..=8 {
        let distance = distances(n);
        assert!(
            distance.iter().all(|&d| d != u32::MAX),
            "every placement is reached"
        );
        assert_eq!(distance[0], FRAME_STEWART[n - 1], "{n} disks from peg 0");
        let mut stronger = 0;
        for (pegs, &d) in distance.iter().enumerate() {
            let weak = small.value(pegs as u64, n);
            assert!(weak <= d, "{n} disks {pegs:#x}: {weak} > {d}");
            assert_eq!(whole.value(pegs as u64, n), d, "{n} disks {pegs:#x}");
            stronger += usize::from(weak == d);
        }
        assert!(stronger > 0);
    }
    // The puzzle's own moves and heuristic agree with the search above.
    let puzzle = Hanoi::new(&[2, 0, 1, 3, 0, 2, 1])
        .unwrap()
        .with_database(&small);
    let distance = distances(7);
    let start = puzzle.start();
    let pegs: usize = puzzle
        .pegs(&start)
        .iter()
        .enumerate()
        .map(|(disk, &peg)| usize::from(peg) << (2 * disk))
        .sum();
    let solution = a_star(&puzzle).solution().cloned().unwrap();
    assert_eq!(solution.cost, distance[pegs]);
    let (end, cost) = replay(&puzzle, &solution.moves).unwrap();
    assert!(puzzle.is_goal(&end) && cost == solution.cost);
}

#[test]
fn classic_starts_take_the_frame_stewart_numbers() {
    let database = HanoiDatabase::build(6).unwrap();
    for n in 1..=11 {
        let puzzle = Hanoi::classic(n).unwrap().with_database(&database);
        let solution = a_star(&puzzle).solution().cloned().unwrap();
        assert_eq!(solution.cost, FRAME_STEWART[n - 1], "{n} disks");
        let (end, _) = replay(&puzzle, &solution.moves).unwrap();
        assert!(puzzle.is_goal(&end));
    }
}

#[test]
fn placements_read_from_text_and_bad_ones_are_errors() {
    let puzzle: Hanoi = "0 1 2 3 3".parse().unwrap();
    assert_eq!(puzzle.to_string(), "0 1 2 3 3");
    let packed: Hanoi = "01233".parse().unwrap();
    assert_eq!(packed.to_string(), "0 1 2 3 3");
    let error = |text: &str| text.parse::<Hanoi>().unwrap_err();
    assert!(matches!(
        error(""),
        ArrangementError::WrongSize { len: 0, .. }
    ));
    assert!(matches!(
        error("0 4"),
        ArrangementError::NotAPeg { disk: 2, value: 4 }
    ));
    let long = "9".repeat(20);
    assert!(matches!(
        error(&format!("0 {long}")),
        ArrangementError::NotAPeg { disk: 2, .. }
    ));
    assert!(matches!(
        error("0 peg"),
        ArrangementError::NotANumber { position: 2, .. }
    ));
    assert!(matches!(
        error(&"0".repeat(33)),
        ArrangementError::WrongSize { len: 33, .. }
    ));
    assert!(HanoiDatabase::build(0).is_err() && HanoiDatabase::build(15).is_err());
    assert!(Hanoi::new(&[0, 9]).is_err());
    let solved = Hanoi::new(&[3; 32]).unwrap();
    assert!(solved.is_goal(&solved.start()));
    // A count past 32 disks is read as 32, never a shift out of range.
    let database = HanoiDatabase::build(4).unwrap();
    assert_eq!(database.value(u64::MAX, 1000), database.value(u64::MAX, 32));
}
