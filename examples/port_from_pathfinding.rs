//! Porting code from the `pathfinding` crate: the same problem, a knight's shortest tour
//! between two squares of a board with walls, written with `pathfinding`'s closures (shown in
//! comments, the crate is not a dependency) and run through `informed::closures::FnProblem`.
//!
//! ```text
//! cargo run --release --example port_from_pathfinding
//! ```
//!
//! Takes no arguments but `--help`.

use informed::prelude::*;

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;

const HELP: &str = "\
usage: port_from_pathfinding

A knight's shortest way from (0, 0) to (7, 7) on a board with five walls, the
problem written with pathfinding's closures and solved by informed's A* and
IDA* through closures::FnProblem. Prints each engine's jumps and path.

Options:
  -h, --help   this help
";

const WALLS: [(i32, i32); 5] = [(3, 3), (4, 4), (5, 2), (2, 5), (6, 5)];

type Square = (i32, i32);

// Taking the square by reference, as `pathfinding`'s closures do.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn successors(&(x, y): &Square) -> Vec<(Square, u32)> {
    [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ]
    .iter()
    .map(|&(dx, dy)| (x + dx, y + dy))
    .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
    .filter(|square| !WALLS.contains(square))
    .map(|square| (square, 1))
    .collect()
}

/// A knight's jump changes |dx| + |dy| by at most 3, so this never overestimates.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn heuristic(&(x, y): &Square) -> u32 {
    ((7 - x).abs() + (7 - y).abs()) as u32 / 3
}

fn main() {
    let mut args = args::Args::new("port_from_pathfinding", HELP);
    if let Some(arg) = args.next() {
        args.unexpected(&arg);
    }
    let start: Square = (0, 0);
    let goal: Square = (7, 7);

    // With pathfinding:
    //
    //     use pathfinding::prelude::{astar, idastar};
    //     let (path, cost) = astar(&start, successors, heuristic, |&s| s == goal).unwrap();
    //     let (path, cost) = idastar(&start, successors, heuristic, |&s| s == goal).unwrap();
    //
    // With informed, the same four arguments make a problem that every engine takes:
    let problem = FnProblem::new(start, successors, heuristic, |&s: &Square| s == goal);

    let by_a_star = a_star(&problem);
    // pathfinding's idastar never revisits a square of the current path; ask for the same.
    let by_ida = ida_star_with(&problem, &SearchOptions::new().detect_cycles(true));

    for (name, result) in [("A*", by_a_star), ("IDA*", by_ida)] {
        match result.solution() {
            Some(solution) => {
                let path = problem.path(solution);
                println!(
                    "{name}: {} jumps {:?} ({} nodes generated)",
                    solution.cost, path, result.stats.generated
                );
            }
            None => println!("{name}: no path"),
        }
    }
}
