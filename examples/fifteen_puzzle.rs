//! AOJ ALDS1_13_C, "15 Puzzle": for each instance of 16 numbers (the tile at each cell row by
//! row, 0 for the blank, line breaks anywhere), prints the fewest moves to reach
//!
//! ```text
//!  1  2  3  4
//!  5  6  7  8
//!  9 10 11 12
//! 13 14 15  0
//! ```
//!
//! or `unsolvable`. Reads stdin to its end; solves with IDA* and the Manhattan distance plus
//! linear conflicts.
//!
//! ```text
//! cargo run --release --example fifteen_puzzle < examples/data/fifteen_puzzle.txt
//! ```
//!
//! `--show` prints, after each answer, the boards along the solution (an animation in place
//! when stdout is a terminal).
//!
//! A search that runs longer than half a second shows its progress on one line of stderr
//! when stderr is a terminal.
//!
//! Bad input (a token that is not a number, a tile out of range or repeated, an unfinished
//! last instance): every instance before it is answered, then a message naming the line goes
//! to stderr and the program exits with status 2.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use informed::heuristics::LinearConflict;
use informed::puzzles::sliding_tile::{self, Layout, PuzzleError};
use informed::puzzles::SlidingPuzzle;
use informed::{ida_star_with, SearchOptions};

#[path = "common/progress.rs"]
mod progress;
#[path = "common/show.rs"]
mod show;

const CELLS: usize = 16;

fn main() -> ExitCode {
    let show = match show::only_flag("fifteen_puzzle", "instances") {
        Ok(show) => show,
        Err(status) => return status,
    };
    let mut input = Vec::new();
    if io::stdin().read_to_end(&mut input).is_err() {
        eprintln!("fifteen_puzzle: cannot read standard input");
        return ExitCode::from(2);
    }
    let input = String::from_utf8_lossy(&input);
    // Every token with the line it is on, counted from 1.
    let tokens: Vec<(usize, &str)> = input
        .lines()
        .enumerate()
        .flat_map(|(line, text)| text.split_whitespace().map(move |token| (line + 1, token)))
        .collect();
    let goal = sliding_tile::blank_last::<CELLS>();
    let Ok(base) = SlidingPuzzle::<CELLS, LinearConflict<CELLS>>::new(4, 4, &goal, &goal) else {
        unreachable!("the goal layout is valid")
    };
    let live = progress::LiveLine::new();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (number, instance) in tokens.chunks(CELLS).enumerate() {
        let label = format!("instance {}", number + 1);
        let observer = |report: &informed::Progress| live.show(&label, report);
        let mut options = SearchOptions::new()
            .progress_every(1 << 22)
            .record_states(show);
        if live.enabled() {
            options = options.observer(&observer);
        }
        let line_of = |position: usize| instance[position.min(instance.len() - 1)].0;
        let text: Vec<&str> = instance.iter().map(|&(_, token)| token).collect();
        let puzzle = sliding_tile::parse_layout(&text.join(" "), Layout::Start)
            .and_then(|tiles| base.with_start(&tiles));
        let mut boards = Vec::new();
        let answer = match puzzle {
            Ok(puzzle) => {
                let result = ida_star_with(&puzzle, &options);
                live.clear();
                match result.solution() {
                    Some(solution) => {
                        let states = solution.states.iter().flatten();
                        boards.extend(states.map(|board| puzzle.format_board(board)));
                        solution.cost.to_string()
                    }
                    None => "unsolvable".to_string(),
                }
            }
            Err(PuzzleError::Unsolvable) => "unsolvable".to_string(),
            Err(error) => {
                let line = match &error {
                    PuzzleError::NotANumber { position, .. }
                    | PuzzleError::OutOfRange { position, .. } => line_of(*position),
                    PuzzleError::DuplicateTile { second, .. } => line_of(*second),
                    _ => line_of(CELLS),
                };
                let _ = out.flush();
                eprintln!("fifteen_puzzle: line {line}: {error}");
                return ExitCode::from(2);
            }
        };
        if writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .and_then(|()| show::boards(&mut out, &boards))
            .is_err()
        {
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::SUCCESS
}
