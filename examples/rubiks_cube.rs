//! Rubik's cube solved optimally: IDA* with Korf's heuristic (`informed::puzzles::rubiks_cube`),
//! the largest of a corner database and two six-edge databases.
//!
//! ```text
//! cargo run --release --example rubiks_cube < examples/data/rubiks_cube.txt
//! cargo run --release --example rubiks_cube -- --generate 14 5 1 > /tmp/scrambles.txt
//! cargo run --release --example rubiks_cube -- --metric qtm < /tmp/scrambles.txt
//! ```
//!
//! The instance set: `examples/data/rubiks_cube.txt`, nine scrambles of 12 to 14 moves, with
//! the optimal lengths in `rubiks_cube.expected`.
//!
//! Input: one scramble a line in Singmaster's notation (`R U2 F' …`; blank lines and lines
//! starting with `#` skipped). Output per scramble: `<line> <length> <nodes generated> <ms>
//! <solution>`. Each solution is replayed: it must solve the cube, and it can be no longer
//! than the scramble (which is one way back); else the exit status is 1. A bad line is named
//! on stderr, after the lines before it are answered, and the exit status is 2.
//!
//! The databases (86.7 MB, about 20 s to build) are kept in `--pdb-cache` (default
//! `target/informed-pdb`) and read from there afterwards; the summary on stderr says which,
//! with each table's mean entry (Korf 1997: 8.764 for the corners, 7.668 for six edges, in
//! the half-turn metric).
//!
//! `--generate DEPTH COUNT SEED` prints COUNT random scrambles of DEPTH moves (no face turned
//! twice running, nor opposite faces in the wrong order) and stops. `--check-admissible DEPTH`
//! checks the databases instead: every cube within DEPTH moves of solved (breadth-first, all
//! the metric's moves) must have a heuristic at most its distance; it prints the cubes and the
//! largest heuristic at each distance, and exits 1 if one is over.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use informed::heuristics::pattern_database::{BuildOptions, BuildProgress, Table};
use std::collections::HashSet;

use informed::puzzles::rubiks_cube::{
    parse_moves, Cube, KorfDatabase, Metric, RubiksCube, Turn, SOLVED,
};
use informed::{ida_star, replay, SearchProblem};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[path = "common/build_bar.rs"]
mod build_bar;

const HELP: &str = "\
usage: rubiks_cube [--metric htm|qtm] [--pdb-cache DIR] < scrambles
       rubiks_cube --generate DEPTH COUNT SEED

Solves Rubik's cube optimally with IDA* and Korf's pattern databases (corners
and two groups of six edges), one scramble a line in Singmaster's notation
(R U2 F' ...), and prints '<line> <length> <nodes generated> <ms> <solution>'.
Every solution is replayed and checked no longer than its scramble.

Options:
  --metric NAME           htm (default: half turns cost one) or qtm (quarter
                          turns only)
  --pdb-cache DIR         where the databases are kept (default
                          target/informed-pdb; about 20 s to build, 87 MB)
  --generate DEPTH COUNT SEED
                          print COUNT random scrambles of DEPTH moves and stop
  --check-admissible DEPTH
                          check the heuristic against the distance of every
                          cube within DEPTH moves, instead of solving
  -h, --help              this help
";

/// A random scramble of `depth` moves, in the order the search keeps (no face twice running,
/// of opposite faces the lower first).
fn scramble(depth: usize, state: &mut u64) -> String {
    let mut moves = Vec::with_capacity(depth);
    let mut last = 6usize;
    while moves.len() < depth {
        *state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let roll = (*state >> 33) as usize;
        let (face, quarters) = (roll % 6, roll / 6 % 3);
        if face == last || (last < 6 && face == (last + 3) % 6 && face < last) {
            continue;
        }
        last = face;
        let face = ['U', 'R', 'F', 'D', 'L', 'B'][face];
        moves.push(match quarters {
            0 => face.to_string(),
            1 => format!("{face}2"),
            _ => format!("{face}'"),
        });
    }
    moves.join(" ")
}

/// Checks the heuristic against the breadth-first distance of every cube within `depth`
/// moves of solved; prints `<distance> <cubes> <largest heuristic>` per distance.
fn check_admissible(puzzle: &RubiksCube, database: &KorfDatabase, depth: u32) -> bool {
    let turns = puzzle.metric().turns();
    let mut seen: HashSet<Cube> = HashSet::from([SOLVED]);
    let mut layer = vec![SOLVED];
    let mut admissible = true;
    for distance in 0..=depth {
        let largest = layer
            .iter()
            .map(|cube| database.value(cube))
            .max()
            .unwrap_or(0);
        println!("{distance} {} {largest}", layer.len());
        admissible &= largest <= distance;
        let mut next = Vec::new();
        for cube in &layer {
            for &turn in &turns {
                let child = puzzle.turned(cube, turn);
                if seen.insert(child) {
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    admissible
}

/// The mean entry of a table.
fn mean(table: &Table) -> f64 {
    let sum: u64 = (0..table.len()).map(|i| u64::from(table.get(i))).sum();
    sum as f64 / table.len().max(1) as f64
}

/// A scramble and the number of its line.
type Numbered = (usize, Vec<Turn>);

/// The scrambles of the input, each with its line number, up to the first line that is not
/// one, and that line's number and fault: read whole before the tables are built, so that bad
/// input is reported at once.
fn read_scrambles() -> (Vec<Numbered>, Option<(usize, String)>) {
    let mut scrambles = Vec::new();
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let number = number + 1;
        let Ok(line) = line else {
            return (
                scrambles,
                Some((number, "not valid UTF-8 text".to_string())),
            );
        };
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        match parse_moves(&line) {
            Ok(scramble) => scrambles.push((number, scramble)),
            Err(error) => return (scrambles, Some((number, error.to_string()))),
        }
    }
    (scrambles, None)
}

/// Solves one scramble: `<length> <nodes generated> <ms> <solution>`, the nodes, and whether
/// the solution replays to the solved cube within the scramble's length (why not, if not).
fn answer(
    scramble: &[Turn],
    metric: Metric,
    database: &KorfDatabase,
) -> (String, u64, Result<(), String>) {
    let scramble_length: u32 = scramble
        .iter()
        .map(|m| {
            if metric == Metric::QuarterTurn && m.quarters == 2 {
                2
            } else {
                1
            }
        })
        .sum();
    let puzzle = RubiksCube::from_moves(scramble, metric)
        .with_database(database)
        .expect("the metric matches");
    let started = Instant::now();
    let result = ida_star(&puzzle);
    let ms = started.elapsed().as_secs_f64() * 1e3;
    let generated = result.stats.generated;
    let Some(solution) = result.solution() else {
        return (
            "none".to_string(),
            generated,
            Err("no solution found".to_string()),
        );
    };
    let solves = replay(&puzzle, &solution.moves).is_ok_and(|(end, _)| puzzle.is_goal(&end));
    let valid = if solves && solution.cost <= scramble_length {
        Ok(())
    } else {
        Err(format!(
            "the solution of {} does not solve the cube within the scramble's {scramble_length}",
            solution.cost
        ))
    };
    let text = format!(
        "{} {generated} {ms:.1} {}",
        solution.cost,
        puzzle.format_moves(&solution.moves)
    );
    (text, generated, valid)
}

fn main() -> ExitCode {
    let mut args = args::Args::new("rubiks_cube", HELP);
    let mut metric = Metric::HalfTurn;
    let mut cache = std::path::PathBuf::from("target/informed-pdb");
    let mut check = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--metric" => {
                metric = match args.value("--metric", "htm or qtm").as_str() {
                    "htm" => Metric::HalfTurn,
                    "qtm" => Metric::QuarterTurn,
                    other => args.fail(&format!(
                        "--metric is htm or qtm, not '{}'",
                        args::excerpt(other)
                    )),
                }
            }
            "--pdb-cache" => cache = args.value("--pdb-cache", "a directory").into(),
            "--check-admissible" => check = Some(args.number("--check-admissible", "a depth")),
            "--generate" => {
                let depth: usize = args.number("--generate", "a depth");
                let count: usize = args.number("--generate", "a count");
                let mut seed: u64 = args.number("--generate", "a seed");
                let mut out = io::stdout().lock();
                for _ in 0..count {
                    let _ = writeln!(out, "{}", scramble(depth, &mut seed));
                }
                return ExitCode::SUCCESS;
            }
            _ => args.unexpected(&arg),
        }
    }
    let started = Instant::now();
    let (scrambles, bad_line) = if check.is_some() {
        (Vec::new(), None)
    } else {
        read_scrambles()
    };
    if let (true, Some((number, reason))) = (scrambles.is_empty(), &bad_line) {
        eprintln!("rubiks_cube: line {number}: {reason}");
        return ExitCode::from(2);
    }
    let bar = build_bar::BuildBar::new("rubiks_cube");
    let show = |progress: &BuildProgress| bar.show(progress);
    let built = KorfDatabase::build_with(
        metric,
        &BuildOptions::new().cache_dir(&cache).observer(&show),
    );
    bar.clear();
    let (database, report) = match built {
        Ok(built) => built,
        Err(error) => {
            eprintln!("rubiks_cube: {error}");
            return ExitCode::from(2);
        }
    };
    eprintln!("rubiks_cube: {report}");
    let means: Vec<String> = database
        .tables()
        .map(|t| format!("{:.3}", mean(t)))
        .collect();
    eprintln!(
        "rubiks_cube: mean entries (corners, edges 0-5, edges 6-11): {}",
        means.join(" ")
    );
    if let Some(depth) = check {
        let puzzle = RubiksCube::new(SOLVED, metric);
        return if check_admissible(&puzzle, &database, depth) {
            ExitCode::SUCCESS
        } else {
            eprintln!("rubiks_cube: a heuristic exceeds its cube's distance");
            ExitCode::FAILURE
        };
    }
    let mut out = io::stdout().lock();
    let mut status = ExitCode::SUCCESS;
    let (mut nodes, mut solved) = (0u64, 0usize);
    let searching = Instant::now();
    for (number, scramble) in &scrambles {
        let (text, generated, valid) = answer(scramble, metric, &database);
        let _ = writeln!(out, "{number} {text}");
        nodes += generated;
        solved += 1;
        if let Err(reason) = valid {
            eprintln!("rubiks_cube: line {number}: {reason}");
            status = ExitCode::FAILURE;
        }
    }
    if let Some((number, reason)) = bad_line {
        let _ = out.flush();
        eprintln!("rubiks_cube: line {number}: {reason}");
        return ExitCode::from(2);
    }
    eprintln!(
        "rubiks_cube: {solved} solved, {nodes} nodes, search {:.2} s, total {:.2} s",
        searching.elapsed().as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    status
}
