//! Any text as a rotation-game board: a value or a typed error, never a panic; a valid board
//! is solved (within a node budget) along a path that checks out.
#![no_main]

use informed::puzzles::RotationGame;
use informed::{ida_star_with, SearchOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(game) = text.parse::<RotationGame>() else {
        return;
    };
    let result = ida_star_with(&game, &SearchOptions::new().max_nodes(200_000));
    if let Some(solution) = result.solution() {
        assert!(informed::check_path(&game, &solution.moves).is_ok());
        assert_eq!(solution.cost as usize, solution.len());
    }
});
