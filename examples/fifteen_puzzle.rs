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
//! linear conflicts, without the slide sequences that a shorter or earlier one matches
//! (`SlidingPuzzle::with_duplicate_pruning`).
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
//! Input, by the crate's rule (`informed::puzzles`): each instance is 16 numbers, the tile
//! at each cell row by row, 0 or `x` for the blank, written on whole lines: four lines of
//! four as AOJ writes it, one line of sixteen, or any split that ends an instance at the end
//! of a line. Blank lines are skipped.
//!
//! Bad input (a token that is not a number, a tile out of range or repeated, a line that runs
//! past the end of an instance, an unfinished last instance): every instance before it is
//! answered, then a message naming the line goes to stderr and the program exits with status
//! 2. `--help` prints the usage.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use informed::heuristics::LinearConflict;
use informed::puzzles::SlidingPuzzle;
use informed::puzzles::sliding_tile::{self, Layout, PuzzleError};
use informed::{SearchOptions, ida_star_with};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[path = "common/progress.rs"]
mod progress;
#[path = "common/show.rs"]
mod show;

const CELLS: usize = 16;

const HELP: &str = "\
usage: fifteen_puzzle [--show] < instances

AOJ ALDS1_13_C: for each instance, the fewest moves to
 1  2  3  4 /  5  6  7  8 /  9 10 11 12 / 13 14 15  0, or 'unsolvable'.

Input: each instance is 16 numbers, the tile at each cell row by row, 0 or x
for the blank, separated by whitespace and written on whole lines (four lines
of four, or one line of sixteen). Blank lines are skipped. Reads to the end.

Options:
  --show       after each answer, the boards along the solution
  -h, --help   this help
";

/// An instance gathered from whole lines: its text and the line each token is on.
#[derive(Default)]
struct Instance {
    text: String,
    lines: Vec<usize>,
}

/// The first word of `line` that is no cell (a number, or `x` for the blank): the line's own
/// fault, whatever the lines after it hold.
fn not_a_cell(line: &str) -> Option<&str> {
    let cell =
        |token: &str| token.bytes().all(|b| b.is_ascii_digit()) || token.eq_ignore_ascii_case("x");
    line.split_whitespace().find(|token| !cell(token))
}

/// The cell a layout's error is about: the last, if it names none.
fn cell_at_fault(error: &PuzzleError) -> usize {
    match error {
        PuzzleError::NotANumber { position, .. }
        | PuzzleError::NumberTooLong { position, .. }
        | PuzzleError::OutOfRange { position, .. }
        | PuzzleError::NotATile { position, .. } => *position,
        PuzzleError::DuplicateTile { second, .. } => *second,
        _ => CELLS - 1,
    }
}

fn main() -> ExitCode {
    let mut args = args::Args::new("fifteen_puzzle", HELP);
    let show = show::only_flag(&mut args);
    let goal = sliding_tile::blank_last::<CELLS>();
    // Without the slide sequences that a shorter or earlier one of up to 12 slides matches:
    // the same answers through fewer nodes.
    let Ok(base) = SlidingPuzzle::<CELLS, LinearConflict<CELLS>>::new(4, 4, &goal, &goal)
        .and_then(|puzzle| puzzle.with_duplicate_pruning(12))
    else {
        unreachable!("the goal layout is valid, and the 15-puzzle's sequences few enough")
    };
    let live = progress::LiveLine::new();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let fail = |out: &mut io::StdoutLock, line: usize, message: &str| {
        let _ = out.flush();
        eprintln!("fifteen_puzzle: line {line}: {message}");
        ExitCode::from(2)
    };
    let (mut instance, mut solved, mut last_line) = (Instance::default(), 0usize, 0);
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let number = number + 1;
        last_line = number;
        let Ok(line) = line else {
            return fail(&mut out, number, "not valid UTF-8 text");
        };
        let tokens = line.split_whitespace().count();
        if tokens == 0 {
            continue;
        }
        if let Some(word) = not_a_cell(&line) {
            let message = format!("'{}' is not a number", args::excerpt(word));
            return fail(&mut out, number, &message);
        }
        let had = instance.lines.len();
        if had + tokens > CELLS {
            let message = format!(
                "instance {} would have {} numbers: an instance is {CELLS} numbers on whole \
                 lines (four lines of four, or one of sixteen)",
                solved + 1,
                had + tokens
            );
            return fail(&mut out, number, &message);
        }
        instance.text.push_str(&line);
        instance.text.push('\n');
        instance.lines.extend(std::iter::repeat_n(number, tokens));
        if instance.lines.len() < CELLS {
            continue;
        }
        let instance = std::mem::take(&mut instance);
        solved += 1;
        let label = format!("instance {solved}");
        let observer = |report: &informed::Progress| live.show(&label, report);
        let mut options = SearchOptions::new().progress_every(1 << 22);
        if live.enabled() {
            options = options.observer(&observer);
        }
        let puzzle = sliding_tile::parse_layout(&instance.text, CELLS, Layout::Start)
            .and_then(|tiles| base.with_start(&tiles));
        let mut boards = Vec::new();
        let answer = match puzzle {
            Ok(puzzle) => {
                let result = ida_star_with(&puzzle, &options);
                live.clear();
                match result.solution() {
                    Some(solution) => {
                        if show {
                            let states = solution.states(&puzzle);
                            let puzzle = puzzle.puzzle();
                            boards.extend(states.iter().map(|board| puzzle.format_board(board)));
                        }
                        solution.cost.to_string()
                    }
                    None => "unsolvable".to_string(),
                }
            }
            Err(PuzzleError::Unsolvable) => "unsolvable".to_string(),
            Err(error) => {
                let at = instance.lines[cell_at_fault(&error).min(CELLS - 1)];
                return fail(&mut out, at, &error.to_string());
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
    if !instance.lines.is_empty() {
        let message = format!(
            "instance {} ends after {} of its {CELLS} numbers",
            solved + 1,
            instance.lines.len()
        );
        return fail(&mut out, last_line, &message);
    }
    ExitCode::SUCCESS
}
