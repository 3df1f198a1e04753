//! Luogu P1379, "八数码难题": for each line holding a 9-digit layout (0 for the blank), prints
//! the fewest moves to reach the goal `123804765`,
//!
//! ```text
//! 1 2 3
//! 8 0 4
//! 7 6 5
//! ```
//!
//! or another goal given as `--goal DIGITS`; `unsolvable` when the goal cannot be reached.
//! Solves each line with IDA* and the Manhattan distance.
//!
//! ```text
//! echo 283104765 | cargo run --release --example eight_puzzle          # prints 4
//! ```
//!
//! `--show` prints, after each answer, the boards along the solution (an animation in place
//! when stdout is a terminal).
//!
//! Bad input: every line before it is answered, then a message naming the line goes to
//! stderr and the program exits with status 2. Blank lines are skipped.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use informed::puzzles::sliding_tile::{parse_layout, Layout, PuzzleError};
use informed::puzzles::SlidingPuzzle;
use informed::{ida_star_with, SearchOptions};

#[path = "common/show.rs"]
mod show;

fn main() -> ExitCode {
    let mut goal_text = String::from("123804765");
    let mut show = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--show" {
            show = true;
            continue;
        }
        let (true, Some(goal)) = (arg == "--goal", args.next()) else {
            eprintln!("eight_puzzle: unexpected argument '{arg}'");
            eprintln!("usage: eight_puzzle [--goal DIGITS] [--show] < layouts");
            return ExitCode::from(2);
        };
        goal_text = goal;
    }
    let options = SearchOptions::new().record_states(show);
    let base = match parse_layout(&goal_text, Layout::Goal)
        .and_then(|goal| SlidingPuzzle::<9>::new(3, 3, &goal, &goal))
    {
        Ok(base) => base,
        Err(error) => {
            eprintln!("eight_puzzle: --goal {goal_text}: {error}");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let number = number + 1;
        let Ok(line) = line else {
            eprintln!("eight_puzzle: line {number}: not valid UTF-8 text");
            return ExitCode::from(2);
        };
        if line.trim().is_empty() {
            continue;
        }
        let mut boards = Vec::new();
        let answer = match parse_layout(&line, Layout::Start).and_then(|s| base.with_start(&s)) {
            Ok(puzzle) => match ida_star_with(&puzzle, &options).solution() {
                Some(solution) => {
                    let states = solution.states.iter().flatten();
                    boards.extend(states.map(|board| puzzle.format_board(board)));
                    solution.cost.to_string()
                }
                None => "unsolvable".to_string(),
            },
            Err(PuzzleError::Unsolvable) => "unsolvable".to_string(),
            Err(error) => {
                let _ = out.flush();
                eprintln!("eight_puzzle: line {number}: {error}");
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
