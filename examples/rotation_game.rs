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
//! Bad input: every case before it is answered, then a message naming the line goes to
//! stderr and the program exits with status 2. Blank lines are skipped.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use informed::puzzles::RotationGame;
use informed::{ida_star_with, SearchOptions};

#[path = "common/show.rs"]
mod show;

fn main() -> ExitCode {
    let show = match show::only_flag("rotation_game", "boards") {
        Ok(show) => show,
        Err(status) => return status,
    };
    let options = SearchOptions::new().record_states(show);
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
        let boards: Vec<String> = solution
            .states
            .iter()
            .flatten()
            .map(RotationGame::format_board)
            .collect();
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
