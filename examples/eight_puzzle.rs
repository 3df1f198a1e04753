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
//! Input: one board per line, read by the crate's rule (`informed::puzzles`): nine digits
//! with or without spaces between them (`283104765`, `283 104 765`, `2 8 3 1 0 4 7 6 5`), 0
//! or `x` for the blank. Blank lines are skipped.
//!
//! Bad input: every line before it is answered, then a message naming the line goes to
//! stderr and the program exits with status 2. `--help` prints the usage.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use informed::puzzles::SlidingPuzzle;
use informed::puzzles::sliding_tile::{Layout, PuzzleError, parse_layout};
use informed::{SearchOptions, ida_star_with};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[path = "common/show.rs"]
mod show;

const HELP: &str = "\
usage: eight_puzzle [--goal DIGITS] [--show] < boards

Luogu P1379: for each board, the fewest moves to the goal, or 'unsolvable'.

Input: one board per line, nine cells row by row, 0 or x for the blank, spaces
between the cells optional: 283104765, 283 104 765 and 2 8 3 1 0 4 7 6 5 are the
same board. Blank lines are skipped.

Options:
  --goal DIGITS   the goal board, in the same form (default 123804765)
  --show          after each answer, the boards along the solution
  -h, --help      this help
";

fn main() -> ExitCode {
    let mut goal_text = String::from("123804765");
    let mut show = false;
    let mut args = args::Args::new("eight_puzzle", HELP);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--show" => show = true,
            "--goal" => goal_text = args.value("--goal", "the goal board, e.g. 123804765"),
            _ => args.unexpected(&arg),
        }
    }
    let options = SearchOptions::new();
    let base = match parse_layout(&goal_text, 9, Layout::Goal)
        .and_then(|goal| SlidingPuzzle::<9>::new(3, 3, &goal, &goal))
    {
        Ok(base) => base,
        Err(error) => {
            eprintln!("eight_puzzle: --goal: {error}");
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
        let answer = match parse_layout(&line, 9, Layout::Start).and_then(|s| base.with_start(&s)) {
            Ok(puzzle) => match ida_star_with(&puzzle, &options).solution() {
                Some(solution) => {
                    if show {
                        let states = solution.states(&puzzle);
                        boards.extend(states.iter().map(|board| puzzle.format_board(board)));
                    }
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
