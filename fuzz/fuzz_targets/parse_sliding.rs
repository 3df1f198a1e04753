//! Any text as a start and a goal layout, for several board sizes: parsing and building a
//! sliding-tile puzzle return a value or a typed error, never a panic; permutation ranking
//! of whatever parses agrees with unranking.
#![no_main]

use informed::permutation;
use informed::puzzles::sliding_tile::{parse_layout, Layout};
use informed::puzzles::SlidingPuzzle;
use informed::SearchProblem;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (start, goal) = text.split_once('|').unwrap_or((&text, "1 2 3 4 5 6 7 8 0"));
    for cells in [6, 9, 16] {
        let Ok(values) = parse_layout(start, cells, Layout::Start) else {
            continue;
        };
        assert_eq!(values.len(), cells);
        let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
        if let Ok(rank) = permutation::rank(&bytes) {
            assert_eq!(permutation::unrank(rank, bytes.len()).unwrap(), bytes);
        }
    }
    // However long the text, a message quotes a short prefix of it.
    if let Err(error) = SlidingPuzzle::<16>::parse(4, 4, start, goal) {
        assert!(error.to_string().len() < 200, "{error}");
    }
    let _ = SlidingPuzzle::<6>::parse(2, 3, start, goal).map(|p| p.heuristic(&p.start()));
    let _ = SlidingPuzzle::<6>::parse(3, 2, start, goal).map(|p| p.start());
    if let Ok(puzzle) = SlidingPuzzle::<9>::parse(3, 3, start, goal) {
        // A parsed puzzle is a consistent one: its start reaches the goal.
        let solution = informed::a_star(&puzzle)
            .into_solution()
            .expect("solvable by parity");
        assert!(informed::check_path(&puzzle, &solution.moves).is_ok());
    }
    let _ = SlidingPuzzle::<16>::parse(4, 4, start, goal).map(|p| p.heuristic(&p.start()));
    let _ = SlidingPuzzle::<16>::parse(8, 2, start, goal);
    let _ = SlidingPuzzle::<25>::parse(5, 5, start, goal);
});
