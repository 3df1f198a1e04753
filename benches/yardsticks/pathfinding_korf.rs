//! The yardstick for the `korf` example on the `pathfinding` side: that crate's `idastar` on
//! Korf's 15-puzzles, written as its best case. The Manhattan distance is kept in the node and
//! updated per move, so the heuristic closure only reads it. `benches/compare.sh
//! --with-pathfinding` runs it beside the `korf` example and the C++ yardstick.
//!
//! ```text
//! cargo run --release --example pathfinding_korf < benches/data/korf_easy20.txt
//! ```
//!
//! Input: the `korf` example's (`<id> <optimal length> <t0> … <t15>`, goal `0 1 … 15`).
//! Output: `<id> <length> <nodes expanded> <ms>` per instance; a summary on stderr.

use std::cell::Cell;
use std::io::BufRead;
use std::process::ExitCode;
use std::time::Instant;

use pathfinding::prelude::idastar;

#[derive(Clone, PartialEq, Eq, Hash)]
struct Board {
    tiles: [u8; 16],
    blank: u8,
    /// The Manhattan distance of `tiles`.
    distance: u8,
}

/// The moves `tile` makes from `cell` to its home.
fn home_distance(cell: usize, tile: usize) -> u32 {
    if tile == 0 {
        return 0;
    }
    (cell % 4).abs_diff(tile % 4) as u32 + (cell / 4).abs_diff(tile / 4) as u32
}

/// The boards one slide away, the blank moving up, left, right, down (the crate's order).
fn successors(board: &Board) -> Vec<(Board, u32)> {
    let blank = board.blank as usize;
    let mut children = Vec::with_capacity(4);
    let mut slide = |from: usize| {
        let tile = board.tiles[from] as usize;
        let mut child = board.clone();
        child.tiles.swap(blank, from);
        child.blank = from as u8;
        child.distance =
            (board.distance as u32 + home_distance(blank, tile) - home_distance(from, tile)) as u8;
        children.push((child, 1));
    };
    if blank >= 4 {
        slide(blank - 4);
    }
    if blank % 4 > 0 {
        slide(blank - 1);
    }
    if blank % 4 < 3 {
        slide(blank + 1);
    }
    if blank + 4 < 16 {
        slide(blank + 4);
    }
    children
}

/// The board of an input line, and its id and optimal length.
fn parse(line: &str) -> Option<(u32, u32, Board)> {
    let numbers: Vec<usize> = line
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let [id, optimal, cells @ ..] = numbers.as_slice() else {
        return None;
    };
    if cells.len() != 16 || cells.iter().any(|&tile| tile > 15) {
        return None;
    }
    let mut tiles = [0u8; 16];
    for (cell, &tile) in cells.iter().enumerate() {
        tiles[cell] = tile as u8;
    }
    let blank = cells.iter().position(|&tile| tile == 0)? as u8;
    let distance = (0..16)
        .map(|cell| home_distance(cell, cells[cell]))
        .sum::<u32>() as u8;
    Some((
        *id as u32,
        *optimal as u32,
        Board {
            tiles,
            blank,
            distance,
        },
    ))
}

fn main() -> ExitCode {
    let (mut total_expanded, mut total_ms) = (0u64, 0f64);
    for (number, line) in std::io::stdin().lock().lines().enumerate() {
        let Ok(line) = line else {
            eprintln!("pathfinding_korf: line {} is not text", number + 1);
            return ExitCode::from(2);
        };
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let Some((id, optimal, start)) = parse(&line) else {
            eprintln!(
                "pathfinding_korf: line {} is not '<id> <length> <16 tiles>'",
                number + 1
            );
            return ExitCode::from(2);
        };
        let expanded = Cell::new(0u64);
        let started = Instant::now();
        let found = idastar(
            &start,
            |board| {
                expanded.set(expanded.get() + 1);
                successors(board)
            },
            |board| u32::from(board.distance),
            |board| board.distance == 0,
        );
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let Some((_, length)) = found else {
            eprintln!("pathfinding_korf: instance {id} has no solution");
            return ExitCode::from(2);
        };
        let flag = if length == optimal {
            ""
        } else {
            " NOT OPTIMAL"
        };
        println!("{id} {length} {} {ms:.1}{flag}", expanded.get());
        total_expanded += expanded.get();
        total_ms += ms;
    }
    eprintln!(
        "{total_expanded} nodes expanded, {total_ms:.1} ms, {:.2} M expansions/s",
        total_expanded as f64 / total_ms / 1e3
    );
    ExitCode::SUCCESS
}
