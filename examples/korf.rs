//! Benchmark driver: solves 15-puzzle instances in Korf's format and reports each one.
//!
//! Input (stdin): lines `<id> <optimal length> <t0> … <t15>`, the tile at each cell row by
//! row, 0 for the blank, goal `0 1 2 … 15`; lines starting with `#` and blank lines are
//! skipped. Output (stdout): one line per instance, `<id> <length> <nodes generated> <ms>`,
//! and nothing else (a header naming the columns goes to stderr, and a summary at the end).
//!
//! ```text
//! cargo run --release --example korf -- --heuristic manhattan --engine ida < ../shared/data/korf_easy20.txt
//! cargo run --release --example korf < tests/data/korf_easy.txt     # from a clone alone
//! ```
//!
//! `--help` lists the options: the heuristics (`manhattan`, `linear-conflict`, `misplaced`,
//! and the additive pattern databases with reflection `pdb555`, `pdb663`, `pdb78`, read
//! from or built into the `--pdb-cache` directory), the engines (`ida`, `astar`,
//! `astar-plain`, `rbfs`, and `parallel` with `--features parallel`) and `--show`, which
//! prints the boards along each solution after its line. Nodes are counted as
//! `Stats::generated`: every child created, over all iterations, the start not included.
//! Long searches show their progress on one line of stderr when stderr is a terminal. Bad
//! input: a message naming the line on stderr, exit 2.

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

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[path = "common/progress.rs"]
mod progress;
#[path = "common/show.rs"]
mod show;

const HELP: &str = "\
usage: korf [--heuristic NAME] [--engine NAME] [--pdb-cache DIR] [--show] < instances

Solves 15-puzzle instances in Korf's format and prints, for each, one line
'<id> <length> <nodes generated> <ms>' on stdout; the column names and a summary
go to stderr.

Input: lines '<id> <optimal length> <t0> ... <t15>', the tile at each cell row
by row, 0 or x for the blank, goal 0 1 2 ... 15. Lines starting with '#' and
blank lines are skipped.

Options:
  --heuristic NAME   manhattan (default), linear-conflict, misplaced, or an
                     additive pattern database with reflection: pdb555, pdb663,
                     pdb78 (built once, then read from --pdb-cache)
  --engine NAME      ida (default), astar (A* storing packed boards), astar-plain
                     (A* storing whole boards), rbfs, parallel (parallel IDA*,
                     needs the 'parallel' feature: --features parallel)
  --pdb-cache DIR    where pattern databases are kept (default target/informed-pdb)
  --show             after each instance's line, the boards along its solution
  -h, --help         this help
";

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
    let mut show = false;
    let mut args = args::Args::new("korf", HELP);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--heuristic" => {
                heuristic = args.value("--heuristic", "manhattan, linear-conflict, ...");
            }
            "--pdb-cache" => cache = args.value("--pdb-cache", "a directory").into(),
            "--show" => show = true,
            "--engine" => {
                engine = match args
                    .value("--engine", "ida, astar, astar-plain, rbfs, parallel")
                    .as_str()
                {
                    "ida" => Engine::Ida,
                    "astar" => Engine::AStar,
                    "astar-plain" => Engine::AStarPlain,
                    "rbfs" => Engine::Rbfs,
                    #[cfg(feature = "parallel")]
                    "parallel" => Engine::Parallel,
                    #[cfg(not(feature = "parallel"))]
                    "parallel" => args.fail(
                        "--engine parallel needs the 'parallel' feature: \
                         cargo run --release --features parallel --example korf",
                    ),
                    name => args.fail(&format!(
                        "unknown engine '{}' (ida, astar, astar-plain, rbfs or parallel)",
                        args::excerpt(name)
                    )),
                }
            }
            _ => args.unexpected(&arg),
        }
    }
    let goal = sliding_tile::blank_first::<16>();
    let partition: &[&[u8]] = match heuristic.as_str() {
        "manhattan" => {
            return run(
                engine,
                show,
                SlidingPuzzle::<16, Manhattan<16>>::new(4, 4, &goal, &goal),
            )
        }
        "misplaced" => {
            return run(
                engine,
                show,
                SlidingPuzzle::<16, MisplacedTiles<16>>::new(4, 4, &goal, &goal),
            )
        }
        "linear-conflict" => {
            return run(
                engine,
                show,
                SlidingPuzzle::<16, LinearConflict<16>>::new(4, 4, &goal, &goal),
            )
        }
        "pdb555" => &PARTITION_555,
        "pdb663" => &PARTITION_663,
        "pdb78" => &PARTITION_78,
        name => args.fail(&format!(
            "unknown heuristic '{}' (manhattan, linear-conflict, misplaced, pdb555, pdb663 or \
             pdb78)",
            args::excerpt(name)
        )),
    };
    match PatternDatabase::load_or_build(4, 4, &goal, partition, true, &cache) {
        Ok((pdb, report)) => {
            eprintln!("korf: {report}");
            run(
                engine,
                show,
                SlidingPuzzle::with_heuristic(4, 4, &goal, &goal, pdb),
            )
        }
        Err(error) => {
            eprintln!("korf: {error}");
            ExitCode::from(2)
        }
    }
}

fn run<H: TileHeuristic<16> + Sync>(
    engine: Engine,
    show: bool,
    base: Result<SlidingPuzzle<16, H>, informed::puzzles::PuzzleError>,
) -> ExitCode {
    let Ok(base) = base else {
        unreachable!("the goal layout is valid and the heuristic built for it")
    };
    let live = progress::LiveLine::new();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    eprintln!("korf: columns: id, length, nodes generated, milliseconds");
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
        let mut options = SearchOptions::new()
            .progress_every(1 << 22)
            .record_states(show);
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
        let boards: Vec<String> = solution
            .states
            .iter()
            .flatten()
            .map(|board| puzzle.format_board(board))
            .collect();
        // A closed stdout (a pipe to `head`) just ends the run.
        if writeln!(out, "{id} {} {nodes} {ms:.1}", solution.cost)
            .and_then(|()| out.flush())
            .and_then(|()| show::boards(&mut out, &boards))
            .is_err()
        {
            return ExitCode::SUCCESS;
        }
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
    let id = args::excerpt(tokens.next().unwrap_or_default());
    let _optimal = tokens.next().ok_or("expected '<id> <length> <16 tiles>'")?;
    let tiles = sliding_tile::parse_layout(
        &tokens.collect::<Vec<_>>().join(" "),
        16,
        sliding_tile::Layout::Start,
    )
    .map_err(|e| e.to_string())?;
    let puzzle = base.with_start(&tiles).map_err(|e| e.to_string())?;
    Ok((id, puzzle))
}
