//! The four-peg Towers of Hanoi (`informed::puzzles::hanoi`), solved optimally by A* with the
//! additive pattern database, checked against the Frame–Stewart numbers.
//!
//! ```text
//! cargo run --release --example hanoi                      (classic starts of 1 to 14 disks)
//! cargo run --release --example hanoi -- --disks 18 --group 9
//! echo "0 1 2 3 0 1 2 3" | cargo run --release --example hanoi -- --stdin
//! ```
//!
//! Classic starts (every disk on peg 0, the goal every disk on peg 3): prints
//! `<disks> <length> <states expanded> <ms>` per number of disks and checks each length
//! against the Frame–Stewart number, worked out here by its recurrence; a mismatch is
//! reported and the exit status is 1. `--stdin`: reads one placement per line instead (the
//! peg of each disk, smallest first: `informed::puzzles::hanoi`'s text format) and prints
//! `<line> <length> <states expanded> <ms>`; a bad line is named on stderr, exit status 2.
//!
//! `--group K` (default 12, 1 to 14): the largest group of the database; its tables
//! (`4^K` bytes) are built once at the start, which the summary on stderr times.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use informed::a_star;
use informed::puzzles::hanoi::{Hanoi, HanoiDatabase, MAX_DISKS};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;

const HELP: &str = "\
usage: hanoi [--disks N] [--group K] [--stdin]

Solves the four-peg Towers of Hanoi optimally with A* and an additive pattern
database. Classic starts of 1 to N disks (default 14, at most 32) from peg 0
to peg 3, each length checked against the Frame-Stewart number: prints
'<disks> <length> <states expanded> <ms>'.

Options:
  --disks N   the most disks of the classic starts (1 to 32; default 14)
  --group K   the largest group of the pattern database (1 to 14; default 12)
  --stdin     solve the placements on stdin instead, one a line: the peg (0 to
              3) of each disk, smallest first; prints '<line> <length>
              <states expanded> <ms>'
  -h, --help  this help
";

/// The Frame–Stewart numbers for four pegs, 0 to `n` disks: move the `k` smallest away with
/// four pegs, the rest with three (`2^(n-k) - 1` moves), the `k` back; the best `k`.
fn frame_stewart(n: usize) -> Vec<u64> {
    let mut moves = vec![0u64; n + 1];
    for disks in 1..=n {
        moves[disks] = (0..disks)
            .map(|k| 2 * moves[k] + (1u64 << (disks - k)) - 1)
            .min()
            .unwrap_or(0);
    }
    moves
}

fn main() -> ExitCode {
    let mut args = args::Args::new("hanoi", HELP);
    let (mut disks, mut group, mut stdin) = (14usize, 12usize, false);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--disks" => disks = args.number("--disks", "a number of disks, 1 to 32"),
            "--group" => group = args.number("--group", "a group size, 1 to 14"),
            "--stdin" => stdin = true,
            _ => args.unexpected(&arg),
        }
    }
    if !(1..=MAX_DISKS).contains(&disks) {
        args.fail(&format!("--disks is 1 to {MAX_DISKS}, not {disks}"));
    }
    let started = Instant::now();
    let database = match HanoiDatabase::build(group) {
        Ok(database) => database,
        Err(error) => args.fail(&format!("--group: {error}")),
    };
    let built = started.elapsed();
    let mut out = io::stdout().lock();
    let mut solve = |label: &str, puzzle: Hanoi| -> u32 {
        let started = Instant::now();
        let result = a_star(&puzzle.with_database(&database));
        let length = result.solution().map_or(u32::MAX, |s| s.cost);
        let _ = writeln!(
            out,
            "{label} {length} {} {:.1}",
            result.stats.expanded,
            started.elapsed().as_secs_f64() * 1e3
        );
        length
    };
    let mut status = ExitCode::SUCCESS;
    if stdin {
        for (number, line) in io::stdin().lock().lines().enumerate() {
            let Ok(line) = line else {
                eprintln!("hanoi: line {}: not valid UTF-8 text", number + 1);
                return ExitCode::from(2);
            };
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            match line.parse::<Hanoi>() {
                Ok(puzzle) => {
                    solve(&(number + 1).to_string(), puzzle);
                }
                Err(error) => {
                    eprintln!("hanoi: line {}: {error}", number + 1);
                    return ExitCode::from(2);
                }
            }
        }
    } else {
        for (n, &expected) in frame_stewart(disks).iter().enumerate().skip(1) {
            let puzzle = Hanoi::classic(n).expect("1 to 32 disks");
            let length = solve(&n.to_string(), puzzle);
            if u64::from(length) != expected {
                eprintln!(
                    "hanoi: {n} disks took {length} moves, the Frame-Stewart number is {expected}"
                );
                status = ExitCode::FAILURE;
            }
        }
    }
    eprintln!(
        "hanoi: database of groups up to {group} built in {:.2} s, total {:.2} s",
        built.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    status
}
