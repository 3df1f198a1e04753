//! Rubik's cube solved optimally: IDA* with Korf's heuristic (`informed::puzzles::rubiks_cube`),
//! the largest of a corner database and two six-edge databases.
//!
//! ```text
//! cargo run --release --example rubiks_cube < examples/data/rubiks_cube.txt
//! cargo run --release --example rubiks_cube -- --generate 14 5 1 > /tmp/scrambles.txt
//! cargo run --release --example rubiks_cube -- --metric qtm < /tmp/scrambles.txt
//! cargo run --release --features parallel --example rubiks_cube -- --random 20 1 --engine parallel
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
//! `--random COUNT SEED` solves the first COUNT cubes of `random_cubes(SEED)` instead, each
//! drawn uniformly from every position of the cube (most lie 17 or 18 moves from solved);
//! `--engine parallel` searches with parallel IDA* on every core, `--time-limit SECONDS` stops
//! a cube's search after that long (`<n> stopped <nodes> <ms> above <threshold>`: the last
//! threshold searched through, a bound below the cube's distance).
//!
//! `--edges 7` or `--edges 8` uses groups of seven or eight edges instead of Korf's six: a
//! stronger heuristic from larger tables (555 MB or 5.2 GB in all).
//!
//! `--generate DEPTH COUNT SEED` prints COUNT random scrambles of DEPTH moves (no face turned
//! twice running, nor opposite faces in the wrong order) and stops. `--check-admissible DEPTH`
//! checks the databases instead: every cube within DEPTH moves of solved (breadth-first, all
//! the metric's moves) must have a heuristic at most its distance; it prints the cubes and the
//! largest heuristic at each distance. Then, on the first 100,000 cubes of `random_cubes(1)`,
//! no move may change any of a cube's own table entries by more than one (each is a distance
//! in its abstraction: with the solved cube's zero, that makes it admissible far from solved
//! too). It exits 1 if a check fails.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use informed::heuristics::pattern_database::{BuildOptions, Packing, Table};
use std::collections::HashSet;

use informed::puzzles::rubiks_cube::{
    Cube, KorfDatabase, Metric, RubiksCube, SOLVED, SliceDatabase, Turn, parse_moves, random_cubes,
};
use informed::{Outcome, SearchOptions, SearchProblem, ida_star_with, replay};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[path = "common/build_bar.rs"]
mod build_bar;
#[path = "common/progress.rs"]
mod progress;

const HELP: &str = "\
usage: rubiks_cube [OPTIONS] < scrambles
       rubiks_cube [OPTIONS] --random COUNT SEED
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
  --random COUNT SEED     solve the first COUNT random cubes from SEED (drawn
                          uniformly from every position) instead of scrambles
  --engine NAME           ida (default) or parallel (parallel IDA* on every
                          core, needs the 'parallel' feature)
  --time-limit SECONDS    stop a cube's search after this long, and say how
                          far it came
  --edges N               edges in each of the two edge tables: 6 (default,
                          Korf's), 7 (555 MB in all) or 8 (5.2 GB; 13.5 GB
                          at the peak of the build)
  --slices                the slice table instead of Korf's (twists, flips and
                          the four slice edges by symmetry class, read along
                          the three axes): far fewer nodes on random cubes;
                          1.8 GB, minutes to build once, 5 GB at the peak
  --generate DEPTH COUNT SEED
                          print COUNT random scrambles of DEPTH moves and stop
  --check-admissible DEPTH
                          check the heuristic against the distance of every
                          cube within DEPTH moves, and that a move changes no
                          table entry of a random cube by more than one,
                          instead of solving
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
fn check_admissible(puzzle: &RubiksCube, tables: &Tables, depth: u32) -> bool {
    let turns = puzzle.metric().turns();
    let mut seen: HashSet<Cube> = HashSet::from([SOLVED]);
    let mut layer = vec![SOLVED];
    let mut admissible = true;
    for distance in 0..=depth {
        let largest = layer
            .iter()
            .map(|cube| tables.value(cube))
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
    let cubes = 100_000;
    let mut jumps = 0usize;
    for cube in random_cubes(1).take(cubes) {
        let entries = tables.entries(&cube);
        for &turn in &turns {
            let after = tables.entries(&puzzle.turned(&cube, turn));
            jumps += entries
                .iter()
                .zip(&after)
                .filter(|&(&a, &b)| a.abs_diff(b) > 1)
                .count();
        }
    }
    println!("{cubes} random cubes, every move: {jumps} entries changed by more than one");
    admissible && jumps == 0
}

/// The mean entry of a table: summed a stored byte at a time (both halves of a packed one),
/// as entry by entry took a second on the slice table's 3.3 billion.
fn mean(table: &Table) -> f64 {
    // In blocks whose sums fit 32 bits: wider lanes than 64-bit sums.
    fn sum(bytes: &[u8], value: impl Fn(u8) -> u32 + Copy) -> u64 {
        let block = |block: &[u8]| u64::from(block.iter().map(|&b| value(b)).sum::<u32>());
        bytes.chunks(1 << 16).map(block).sum()
    }
    let bytes = table.as_bytes();
    let sum = match table.packing() {
        Packing::Bytes => sum(bytes, u32::from),
        Packing::Nibbles => {
            // An odd count leaves the last byte's high half unused.
            let whole = table.len() / 2;
            let last = bytes.get(whole).filter(|_| table.len() % 2 == 1);
            sum(&bytes[..whole], |b| u32::from(b & 0xF) + u32::from(b >> 4))
                + last.map_or(0, |&b| u64::from(b & 0xF))
        }
    };
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

/// The heuristic's tables: Korf's, or the slice table.
enum Tables {
    Korf(KorfDatabase),
    Slices(SliceDatabase),
}

impl Tables {
    /// The puzzle from `cube` with these tables.
    fn puzzle(&self, cube: Cube, metric: Metric) -> RubiksCube {
        let puzzle = RubiksCube::new(cube, metric);
        match self {
            Tables::Korf(korf) => puzzle.with_database(korf),
            Tables::Slices(slices) => puzzle.with_slice_database(slices),
        }
        .expect("the metric matches")
    }

    /// The table entries of `cube` itself (not of its inverse).
    fn entries(&self, cube: &Cube) -> [u32; 3] {
        match self {
            Tables::Korf(korf) => korf.entries(cube),
            Tables::Slices(slices) => slices.entries(cube),
        }
    }

    /// The heuristic of `cube`.
    fn value(&self, cube: &Cube) -> u32 {
        match self {
            Tables::Korf(korf) => korf.value(cube),
            Tables::Slices(slices) => slices.value(cube),
        }
    }
}

/// How to search.
struct Search {
    metric: Metric,
    /// Parallel IDA* (with the `parallel` feature) rather than IDA*.
    parallel: bool,
    /// The most time each cube may take.
    limit: Option<Duration>,
}

/// What solving one cube gave: `<length> <nodes generated> <ms> <solution>` (or, stopped by
/// the time limit, `stopped <nodes> <ms> above <the last threshold searched through>`), the
/// nodes, whether it stopped, and whether the solution replays to the solved cube within
/// `bound` moves (why not, if not).
struct Answer {
    text: String,
    generated: u64,
    stopped: bool,
    valid: Result<(), String>,
}

/// Solves cube `number`, whose solution must be at most `bound` long (the scramble's length),
/// its progress drawn on a terminal.
fn answer(
    (number, cube, bound): (usize, Cube, Option<u32>),
    search: &Search,
    tables: &Tables,
) -> Answer {
    let puzzle = tables.puzzle(cube, search.metric);
    let live = progress::LiveLine::new();
    let label = format!("cube {number}");
    let observer = |report: &informed::Progress| live.show(&label, report);
    let mut options = SearchOptions::new().progress_every(1 << 24);
    if live.enabled() {
        options = options.observer(&observer);
    }
    if let Some(limit) = search.limit {
        options = options.time_limit(limit);
    }
    let started = Instant::now();
    let result = if search.parallel {
        parallel(&puzzle, &options)
    } else {
        ida_star_with(&puzzle, &options)
    };
    live.clear();
    let ms = started.elapsed().as_secs_f64() * 1e3;
    let generated = result.stats.generated;
    let Some(solution) = result.solution() else {
        if let Outcome::Stopped {
            completed_threshold,
            ..
        } = result.outcome
        {
            let above = completed_threshold.map_or("nothing".to_string(), |t| t.to_string());
            return Answer {
                text: format!("stopped {generated} {ms:.1} above {above}"),
                generated,
                stopped: true,
                valid: Ok(()),
            };
        }
        return Answer {
            text: "none".to_string(),
            generated,
            stopped: false,
            valid: Err(format!("no solution found: {:?}", result.outcome)),
        };
    };
    let solves = replay(&puzzle, &solution.moves).is_ok_and(|(end, _)| puzzle.is_goal(&end));
    let valid = if solves && bound.is_none_or(|bound| solution.cost <= bound) {
        Ok(())
    } else {
        Err(format!(
            "the solution of {} does not solve the cube within {bound:?} moves",
            solution.cost
        ))
    };
    Answer {
        text: format!(
            "{} {generated} {ms:.1} {}",
            solution.cost,
            puzzle.format_moves(&solution.moves)
        ),
        generated,
        stopped: false,
        valid,
    }
}

/// Parallel IDA* on the cube.
#[cfg(feature = "parallel")]
fn parallel(puzzle: &RubiksCube, options: &SearchOptions) -> informed::ResultOf<RubiksCube> {
    informed::parallel_ida_star_with(puzzle, options)
}

/// Without the `parallel` feature, `--engine parallel` is refused before a search starts.
#[cfg(not(feature = "parallel"))]
fn parallel(puzzle: &RubiksCube, options: &SearchOptions) -> informed::ResultOf<RubiksCube> {
    ida_star_with(puzzle, options)
}

/// The length of `scramble` in `metric`: a half turn is two quarter turns.
fn length(scramble: &[Turn], metric: Metric) -> u32 {
    scramble
        .iter()
        .map(|m| {
            if metric == Metric::QuarterTurn && m.quarters == 2 {
                2
            } else {
                1
            }
        })
        .sum()
}

fn main() -> ExitCode {
    let mut args = args::Args::new("rubiks_cube", HELP);
    let mut metric = Metric::HalfTurn;
    let mut cache = std::path::PathBuf::from("target/informed-pdb");
    let mut check = None;
    let mut random = None;
    let mut group = 6;
    let mut slices = false;
    let mut search = Search {
        metric: Metric::HalfTurn,
        parallel: false,
        limit: None,
    };
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
            "--random" => {
                let count: usize = args.number("--random", "a count");
                let seed: u64 = args.number("--random", "a seed");
                random = Some((count, seed));
            }
            "--engine" => search.parallel = parallel_engine(&mut args),
            "--edges" => group = args.number("--edges", "6, 7 or 8"),
            "--slices" => slices = true,
            "--time-limit" => {
                let seconds: f64 = args.number("--time-limit", "seconds");
                search.limit = Some(Duration::from_secs_f64(seconds.max(0.0)));
            }
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
    search.metric = metric;
    let (scrambles, bad_line) = if check.is_some() || random.is_some() {
        (Vec::new(), None)
    } else {
        read_scrambles()
    };
    if let (true, Some((number, reason))) = (scrambles.is_empty(), &bad_line) {
        eprintln!("rubiks_cube: line {number}: {reason}");
        return ExitCode::from(2);
    }
    let tables = match tables(metric, group, slices, &cache) {
        Ok(tables) => tables,
        Err(code) => return code,
    };
    if let Some(depth) = check {
        let puzzle = RubiksCube::new(SOLVED, metric);
        return if check_admissible(&puzzle, &tables, depth) {
            ExitCode::SUCCESS
        } else {
            eprintln!("rubiks_cube: a heuristic exceeds its cube's distance");
            ExitCode::FAILURE
        };
    }
    // Each cube with its number and the length its solution may have at most.
    let cubes: Vec<(usize, Cube, Option<u32>)> = match random {
        Some((count, seed)) => (1..=count)
            .zip(random_cubes(seed))
            .map(|(n, cube)| (n, cube, None))
            .collect(),
        None => scrambles
            .iter()
            .map(|(number, scramble)| {
                let puzzle = RubiksCube::from_moves(scramble, metric);
                (*number, puzzle.start().cube, Some(length(scramble, metric)))
            })
            .collect(),
    };
    let status = solve(&cubes, &search, &tables, started);
    if let Some((number, reason)) = bad_line {
        eprintln!("rubiks_cube: line {number}: {reason}");
        return ExitCode::from(2);
    }
    status
}

/// Solves the cubes, each a line on stdout, and the summary on stderr; the exit status.
fn solve(
    cubes: &[(usize, Cube, Option<u32>)],
    search: &Search,
    tables: &Tables,
    started: Instant,
) -> ExitCode {
    let mut out = io::stdout().lock();
    let mut status = ExitCode::SUCCESS;
    let (mut nodes, mut solved, mut stopped) = (0u64, 0usize, 0usize);
    let mut times = Vec::new();
    let searching = Instant::now();
    for &(number, cube, bound) in cubes {
        let started = Instant::now();
        let answer = answer((number, cube, bound), search, tables);
        times.push(started.elapsed().as_secs_f64());
        let _ = writeln!(out, "{number} {}", answer.text);
        let _ = out.flush();
        nodes += answer.generated;
        if answer.stopped {
            stopped += 1;
        } else {
            solved += 1;
        }
        if let Err(reason) = answer.valid {
            eprintln!("rubiks_cube: line {number}: {reason}");
            status = ExitCode::FAILURE;
        }
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let most = times.last().copied().unwrap_or(0.0);
    eprintln!(
        "rubiks_cube: {solved} solved, {stopped} stopped by the time limit, {nodes} nodes, \
         search {:.2} s (per cube: median {median:.2} s, most {most:.2} s), total {:.2} s",
        searching.elapsed().as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    status
}

/// Korf's databases for `metric`, or the slice table if asked for, read from or built into
/// `cache` (a bar on a terminal while they build), the report and the mean entries on
/// stderr; or the exit code after the error is named there.
fn tables(
    metric: Metric,
    group: usize,
    slices: bool,
    cache: &std::path::Path,
) -> Result<Tables, ExitCode> {
    let options = BuildOptions::new().cache_dir(cache);
    if slices {
        let slices = build_bar::built("rubiks_cube", options, |options| {
            SliceDatabase::build_with(metric, options)
        })?;
        eprintln!(
            "rubiks_cube: mean entry of the slice table: {:.3}",
            mean(slices.table())
        );
        return Ok(Tables::Slices(slices));
    }
    let database = build_bar::built("rubiks_cube", options, |options| {
        KorfDatabase::build_with(metric, group, options)
    })?;
    let means: Vec<String> = database
        .tables()
        .map(|t| format!("{:.3}", mean(t)))
        .collect();
    eprintln!(
        "rubiks_cube: mean entries (corners, first edges, last edges): {}",
        means.join(" ")
    );
    Ok(Tables::Korf(database))
}

/// Whether `--engine` names parallel IDA* (`parallel`) rather than IDA* (`ida`).
fn parallel_engine(args: &mut args::Args) -> bool {
    match args.value("--engine", "ida or parallel").as_str() {
        "ida" => false,
        #[cfg(feature = "parallel")]
        "parallel" => true,
        #[cfg(not(feature = "parallel"))]
        "parallel" => args.fail(
            "--engine parallel needs the 'parallel' feature: \
             cargo run --release --features parallel --example rubiks_cube",
        ),
        other => args.fail(&format!(
            "--engine is ida or parallel, not '{}'",
            args::excerpt(other)
        )),
    }
}
