//! Benchmark driver: solves 15-puzzle instances in Korf's format and reports each one.
//!
//! Input (stdin): lines `<id> <optimal length> <t0> … <t15>`, the tile at each cell row by
//! row, 0 for the blank, goal `0 1 2 … 15`; lines starting with `#` and blank lines are
//! skipped. Output (stdout): one line per instance, `<id> <length> <nodes generated> <ms>`,
//! and nothing else; a summary goes to stderr.
//!
//! ```text
//! cargo run --release --example korf -- --heuristic manhattan --engine ida < ../shared/data/korf_easy20.txt
//! ```
//!
//! `--engine parallel` (parallel IDA*) needs `--features parallel`.
//! `--heuristic`: `manhattan` (default), `linear-conflict`, `misplaced`, or an additive pattern
//! database with reflection, `pdb555`, `pdb663` or `pdb78`, read from (or built into) the
//! directory `--pdb-cache` (default `target/informed-pdb`); its build time goes to stderr.
//! `--engine`: `ida` (default), `astar` (A* storing packed boards, 8 bytes each),
//! `astar-plain` (A* storing whole boards) or `rbfs`. Nodes are counted as `Stats::generated`: every child created, over all
//! iterations, the start not included. Long searches show their progress on one line of
//! stderr when stderr is a terminal. Bad input: a message naming the line on stderr, exit 2.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use informed::heuristics::pattern_database::{PARTITION_555, PARTITION_663, PARTITION_78};
use informed::heuristics::{
    LinearConflict, Manhattan, MisplacedTiles, PatternDatabase, TileHeuristic,
};
use informed::puzzles::{sliding_tile, SlidingPuzzle};
use informed::{
    a_star_packed_with, a_star_with, ida_star_with, rbfs_with, ResultOf, SearchOptions,
};

#[path = "common/progress.rs"]
mod progress;

#[derive(Clone, Copy)]
enum Engine {
    Ida,
    /// A* with packed boards.
    AStar,
    /// A* storing whole boards.
    AStarPlain,
    Rbfs,
    /// Parallel IDA*, with the `parallel` feature.
    #[cfg(feature = "parallel")]
    Parallel,
}

fn main() -> ExitCode {
    let mut heuristic = String::from("manhattan");
    let mut engine = Engine::Ida;
    let mut cache = std::path::PathBuf::from("target/informed-pdb");
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--heuristic", Some(name)) => heuristic = name,
            ("--pdb-cache", Some(dir)) => cache = dir.into(),
            ("--engine", Some(name)) => {
                engine = match name.as_str() {
                    "ida" => Engine::Ida,
                    "astar" => Engine::AStar,
                    "astar-plain" => Engine::AStarPlain,
                    "rbfs" => Engine::Rbfs,
                    #[cfg(feature = "parallel")]
                    "parallel" => Engine::Parallel,
                    _ => return usage(&format!("unknown engine '{name}'")),
                }
            }
            _ => return usage(&format!("unexpected argument '{arg}'")),
        }
    }
    let goal = sliding_tile::blank_first::<16>();
    let partition: &[&[u8]] = match heuristic.as_str() {
        "manhattan" => {
            return run(
                engine,
                SlidingPuzzle::<16, Manhattan<16>>::new(4, 4, &goal, &goal),
            )
        }
        "misplaced" => {
            return run(
                engine,
                SlidingPuzzle::<16, MisplacedTiles<16>>::new(4, 4, &goal, &goal),
            )
        }
        "linear-conflict" => {
            return run(
                engine,
                SlidingPuzzle::<16, LinearConflict<16>>::new(4, 4, &goal, &goal),
            )
        }
        "pdb555" => &PARTITION_555,
        "pdb663" => &PARTITION_663,
        "pdb78" => &PARTITION_78,
        _ => return usage(&format!("unknown heuristic '{heuristic}'")),
    };
    match PatternDatabase::load_or_build(4, 4, &goal, partition, true, &cache) {
        Ok((pdb, report)) => {
            eprintln!("korf: {report}");
            run(
                engine,
                SlidingPuzzle::with_heuristic(4, 4, &goal, &goal, pdb),
            )
        }
        Err(error) => {
            eprintln!("korf: {error}");
            ExitCode::from(2)
        }
    }
}

fn usage(problem: &str) -> ExitCode {
    eprintln!("korf: {problem}");
    eprintln!(
        "usage: korf [--heuristic manhattan|linear-conflict|misplaced] [--engine ida|astar|astar-plain|rbfs] < instances"
    );
    ExitCode::from(2)
}

fn run<H: TileHeuristic<16> + Sync>(
    engine: Engine,
    base: Result<SlidingPuzzle<16, H>, informed::puzzles::PuzzleError>,
) -> ExitCode {
    let Ok(base) = base else {
        unreachable!("the goal layout is valid and the heuristic built for it")
    };
    let live = progress::LiveLine::new();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let (mut total_nodes, mut total_ms, mut solved) = (0u64, 0f64, 0usize);
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let number = number + 1;
        let Ok(line) = line else {
            eprintln!("korf: line {number}: not valid UTF-8 text");
            return ExitCode::from(2);
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (id, puzzle) = match parse_instance(&base, line) {
            Ok(parsed) => parsed,
            Err(message) => {
                eprintln!("korf: line {number}: {message}");
                return ExitCode::from(2);
            }
        };
        let label = format!("instance {id}");
        let observer = |report: &informed::Progress| live.show(&label, report);
        let mut options = SearchOptions::new().progress_every(1 << 22);
        if live.enabled() {
            options = options.observer(&observer);
        }
        let started = Instant::now();
        let result: ResultOf<SlidingPuzzle<16, H>> = match engine {
            Engine::Ida => ida_star_with(&puzzle, &options),
            Engine::AStar => a_star_packed_with(&puzzle, &options),
            Engine::AStarPlain => a_star_with(&puzzle, &options),
            Engine::Rbfs => rbfs_with(&puzzle, &options),
            #[cfg(feature = "parallel")]
            Engine::Parallel => informed::parallel_ida_star_with(&puzzle, &options),
        };
        let ms = started.elapsed().as_secs_f64() * 1e3;
        live.clear();
        let Some(solution) = result.solution() else {
            eprintln!("korf: line {number}: instance {id} has no solution");
            return ExitCode::from(2);
        };
        let nodes = result.stats.generated;
        // A closed stdout (a pipe to `head`) just ends the run.
        if writeln!(out, "{id} {} {nodes} {ms:.1}", solution.cost).is_err() {
            return ExitCode::SUCCESS;
        }
        let _ = out.flush();
        total_nodes += nodes;
        total_ms += ms;
        solved += 1;
    }
    eprintln!(
        "korf: {solved} instances, {total_nodes} nodes generated, {:.1} ms search, {:.1} M nodes/s",
        total_ms,
        total_nodes as f64 / total_ms.max(1e-9) / 1e3
    );
    ExitCode::SUCCESS
}

/// Reads `<id> <optimal length> <16 tiles>` into the instance's id and puzzle.
fn parse_instance<H: TileHeuristic<16>>(
    base: &SlidingPuzzle<16, H>,
    line: &str,
) -> Result<(String, SlidingPuzzle<16, H>), String> {
    let mut tokens = line.split_whitespace();
    let id = tokens.next().unwrap_or_default().to_string();
    let _optimal = tokens.next().ok_or("expected '<id> <length> <16 tiles>'")?;
    let tiles = sliding_tile::parse_layout(
        &tokens.collect::<Vec<_>>().join(" "),
        sliding_tile::Layout::Start,
    )
    .map_err(|e| e.to_string())?;
    let puzzle = base.with_start(&tiles).map_err(|e| e.to_string())?;
    Ok((id, puzzle))
}
