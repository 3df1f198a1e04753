//! Any text as a rotation-game board: a value or a typed error, never a panic; a valid board
//! is solved (within a node budget) along a path that checks out, and the game's own
//! `visit_children` does exactly what the default one does (same outcome, same counts).
#![no_main]

use informed::puzzles::RotationGame;
use informed::{ida_star_with, ListedChildren, SearchOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(game) = text.parse::<RotationGame>() else {
        return;
    };
    let options = SearchOptions::new().max_nodes(200_000);
    let result = ida_star_with(&game, &options);
    let listed = ida_star_with(&ListedChildren(&game), &options);
    assert_eq!(result.outcome, listed.outcome);
    assert_eq!(result.stats, listed.stats);
    if let Some(solution) = result.solution() {
        assert!(informed::check_path(&game, &solution.moves).is_ok());
        assert_eq!(solution.cost as usize, solution.len());
    }
});
