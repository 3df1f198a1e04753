//! POJ 1077 / HDU 1043, "Eight": for each line of nine tokens (`1`–`8` and `x` for the blank,
//! row by row), prints a shortest sequence of moves reaching
//!
//! ```text
//! 1 2 3
//! 4 5 6
//! 7 8 x
//! ```
//!
//! as a string over `u d l r` (the direction the `x` moves), or `unsolvable`.
//!
//! Every line is answered from one table: a breadth-first search backwards from the goal over
//! all 181,440 reachable layouts, recording how each was first reached, is run once at start;
//! each answer then follows that record back to the goal.
//!
//! ```text
//! echo "2 3 4 1 5 x 7 6 8" | cargo run --release --example eight_puzzle_path   # ullddrurdllurdruldr
//! ```
//!
//! `--show` prints, after each answer, the boards along the path (an animation in place when
//! stdout is a terminal).
//!
//! Input: one board per line, read by the crate's rule (`informed::puzzles`): nine cells, `x`
//! or 0 for the blank, spaces between them optional. Blank lines are skipped.
//!
//! Bad input: every line before it is answered, then a message naming the line goes to stderr
//! and the program exits with status 2. `--help` prints the usage.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use informed::puzzles::SlidingPuzzle;
use informed::puzzles::sliding_tile::{self, Layout, PuzzleError, parse_layout};
use informed::{SearchProblem, distance_table};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[path = "common/show.rs"]
mod show;

const HELP: &str = "\
usage: eight_puzzle_path [--show] < boards

POJ 1077 / HDU 1043: for each board, a shortest sequence of the blank's moves
(u, d, l, r) to 1 2 3 / 4 5 6 / 7 8 x, or 'unsolvable'.

Input: one board per line, nine cells row by row, x or 0 for the blank, spaces
between the cells optional: '2 3 4 1 5 x 7 6 8' and '23415x768' are the same
board. Blank lines are skipped.

Options:
  --show       after each answer, the boards along the path
  -h, --help   this help
";

fn main() -> ExitCode {
    let mut args = args::Args::new("eight_puzzle_path", HELP);
    let show = show::only_flag(&mut args);
    let goal = sliding_tile::blank_last::<9>();
    let Ok(puzzle) = SlidingPuzzle::<9>::new(3, 3, &goal, &goal) else {
        unreachable!("the goal layout is valid")
    };
    let Some(table) =
        distance_table(&puzzle, puzzle.layout_count(), |board| puzzle.rank(board)).into_solution()
    else {
        unreachable!("8-puzzle ranks lie below 9!")
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut answer = String::new();
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let number = number + 1;
        let Ok(line) = line else {
            let _ = out.flush();
            eprintln!("eight_puzzle_path: line {number}: not valid UTF-8 text");
            return ExitCode::from(2);
        };
        if line.trim().is_empty() {
            continue;
        }
        answer.clear();
        let mut boards = Vec::new();
        match parse_layout(&line, 9, Layout::Start).and_then(|tiles| puzzle.board(&tiles)) {
            Ok(board) => match table.path_to_origin(&puzzle, &board) {
                Some(path) => {
                    answer.extend(path.iter().map(|slide| slide.letter()));
                    if show {
                        let mut step = board;
                        boards.push(puzzle.format_board(&step));
                        for &slide in &path {
                            puzzle.apply(&mut step, slide);
                            boards.push(puzzle.format_board(&step));
                        }
                    }
                }
                None => answer.push_str("unsolvable"),
            },
            Err(PuzzleError::Unsolvable) => answer.push_str("unsolvable"),
            Err(error) => {
                let _ = out.flush();
                eprintln!("eight_puzzle_path: line {number}: {error}");
                return ExitCode::from(2);
            }
        }
        if writeln!(out, "{answer}")
            .and_then(|()| show::boards(&mut out, &boards))
            .is_err()
        {
            return ExitCode::SUCCESS;
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}
