//! POJ 2286, "The Rotation Game": for each line of 24 numbers (the board's cells, see
//! `informed::puzzles::rotation_game`), prints the shortest sequence of moves A–H that makes
//! the eight centre cells equal, the lexicographically smallest among the shortest, or
//! `No moves needed`; then the digit in the centre. A line `0` ends the input.
//!
//! ```text
//! cargo run --release --example rotation_game < examples/data/rotation_game.txt
//! ```
//!
//! `--show` prints, after each answer, the boards along the solution (an animation in place
//! when stdout is a terminal).
//!
//! Input: one board per line, read by the crate's rule (`informed::puzzles`): 24 digits, each
//! 1, 2 or 3, spaces between them optional. Blank lines are skipped.
//!
//! Bad input: every case before it is answered, then a message naming the line goes to
//! stderr and the program exits with status 2. `--help` prints the usage.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use informed::puzzles::RotationGame;
use informed::{SearchOptions, ida_star_with};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[path = "common/show.rs"]
mod show;

const HELP: &str = "\
usage: rotation_game [--show] < boards

POJ 2286: for each board, the shortest sequence of moves A-H that makes the
eight centre cells equal (the alphabetically first of the shortest), or 'No
moves needed', then the centre's digit on a line of its own.

Input: one board per line, the 24 cells numbered as in the docs of
informed::puzzles::rotation_game, eight each of 1, 2 and 3, spaces between the
cells optional. A line '0' ends the input; blank lines are skipped.

Options:
  --show       after each answer, the boards along the solution
  -h, --help   this help
";

fn main() -> ExitCode {
    let mut args = args::Args::new("rotation_game", HELP);
    let show = show::only_flag(&mut args);
    let options = SearchOptions::new();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let number = number + 1;
        let Ok(line) = line else {
            eprintln!("rotation_game: line {number}: not valid UTF-8 text");
            return ExitCode::from(2);
        };
        let line = line.trim();
        if line == "0" {
            break;
        }
        if line.is_empty() {
            continue;
        }
        let game: RotationGame = match line.parse() {
            Ok(game) => game,
            Err(error) => {
                let _ = out.flush();
                eprintln!("rotation_game: line {number}: {error}");
                return ExitCode::from(2);
            }
        };
        let Some(solution) = ida_star_with(&game, &options).into_solution() else {
            unreachable!("every rotation-game board with eight of each digit is solvable")
        };
        let moves: String = solution.moves.iter().map(|m| m.letter()).collect();
        let centre = informed::replay(&game, &solution.moves)
            .map_or(0, |(end, _)| RotationGame::centre_digit(&end));
        let moves = if moves.is_empty() {
            "No moves needed".to_string()
        } else {
            moves
        };
        let states = if show {
            solution.states(&game)
        } else {
            Vec::new()
        };
        let boards: Vec<String> = states.iter().map(RotationGame::format_board).collect();
        if writeln!(out, "{moves}\n{centre}")
            .and_then(|()| out.flush())
            .and_then(|()| show::boards(&mut out, &boards))
            .is_err()
        {
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::SUCCESS
}
