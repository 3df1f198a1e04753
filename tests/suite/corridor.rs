//! Any depth: a corridor whose only solution is 1,000,000 moves long, with an exact heuristic.
//! Every engine must solve it without overflowing the stack.

use crate::common::Line;
use informed::{a_star, bfs, ida_star, rbfs};

const LENGTH: u32 = 1_000_000;

#[test]
fn every_engine_walks_a_million_moves() {
    let corridor = Line::guided(LENGTH);
    for (name, result) in [
        ("ida_star", ida_star(&corridor)),
        ("rbfs", rbfs(&corridor)),
        ("a_star", a_star(&corridor)),
        ("bfs", bfs(&corridor)),
    ] {
        let solution = result
            .into_solution()
            .unwrap_or_else(|| panic!("{name}: no solution"));
        assert_eq!(solution.cost, LENGTH, "{name}");
        assert_eq!(solution.len(), LENGTH as usize, "{name}");
        assert!(solution.moves.iter().all(|&forward| forward), "{name}");
    }
}
