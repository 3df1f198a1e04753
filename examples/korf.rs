//! Benchmark driver: solves 15-puzzle and 24-puzzle instances in Korf's format and reports
//! each one.
//!
//! Input (stdin): lines `<id> <optimal length> <t0> … <t15>` (or `… <t24>` for the 24-puzzle:
//! the first instance's line sets the size), the tile at each cell row by row, 0 for the
//! blank, goal `0 1 2 … 15` (or `… 24`); lines starting with `#` and blank lines are
//! skipped. Output (stdout): one line per instance, `<id> <length> <nodes generated> <ms>`,
//! and nothing else (a header naming the columns goes to stderr, and a summary at the end).
//!
//! ```text
//! cargo run --release --example korf -- --heuristic manhattan --engine ida < benches/data/korf_easy20.txt
//! ```
//!
//! `--help` lists the options: the heuristics (`manhattan`, `linear-conflict`, `misplaced`,
//! and the additive pattern databases with reflection `pdb555`, `pdb663`, `pdb78` for the
//! 15-puzzle and, for the 24-puzzle, `pdb6666`, `pdb6666x2` (the maximum with a second
//! partition) and `pdb6666x7` (the maximum over Clausecker and Reinefeld's seven
//! partitions), read from or built into the `--pdb-cache` directory), the engines (`ida`, `astar`,
//! `astar-plain`, `rbfs`, `ida-cr`, `bts`, and `parallel` with `--features parallel`),
//! `--prune-duplicates DEPTH` (the puzzle searched as a `PrunedPuzzle`) and `--show`, which
//! prints the boards along each solution after its line. Nodes are counted as
//! `Stats::generated`: every child created, over all iterations, the start not included.
//! Long searches show their progress on one line of stderr when stderr is a terminal. Bad
//! input: a message naming the line on stderr, exit 2.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use informed::heuristics::pattern_database::{
    BuildOptions, BuildReport, CATALOGUE_6666, PARTITION_78, PARTITION_555, PARTITION_663,
    PARTITION_6666, PARTITION_6666_ACROSS, PdbError, PdbKept, PdbMax,
};
use informed::heuristics::{
    IncrementalHeuristic, LinearConflict, Manhattan, MisplacedTiles, PatternDatabase,
};
use informed::puzzles::sliding_tile::PrunedPuzzle;
use informed::puzzles::sliding_tile::{Board, Slide};
use informed::puzzles::{SlidingPuzzle, sliding_tile};
use informed::{
    PackedStates, ResultOf, SearchOptions, SearchProblem, a_star_packed_with, a_star_with,
    ida_star_with, rbfs_with,
};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[path = "common/build_bar.rs"]
mod build_bar;
#[path = "common/progress.rs"]
mod progress;
#[path = "common/show.rs"]
mod show;

const HELP: &str = "\
usage: korf [--heuristic NAME] [--zero-aware] [--engine NAME] [--pdb-cache DIR]
            [--prune-duplicates DEPTH] [--show] < instances

Solves 15-puzzle or 24-puzzle instances in Korf's format and prints, for each,
one line '<id> <length> <nodes generated> <ms>' on stdout; the column names and
a summary go to stderr.

Input: lines '<id> <optimal length> <t0> ... <t15>' (or '... <t24>' for the
24-puzzle: the first instance sets the size), the tile at each cell row by row,
0 or x for the blank, goal 0 1 2 ... 15 (or ... 24). Lines starting with '#'
and blank lines are skipped.

Options:
  --heuristic NAME   manhattan (default), linear-conflict, misplaced, or an
                     additive pattern database with reflection: pdb555, pdb663,
                     pdb78 for the 15-puzzle, pdb6666 (Korf and Felner's four
                     patterns of six tiles, 510 MB), pdb6666x2 (its maximum
                     with a second partition across it, 1 GB) and pdb6666x7
                     (the maximum over seven partitions, 1.8 GB) for the
                     24-puzzle; built once, then read from --pdb-cache
  --zero-aware       pattern databases that know the blank's region: fewer
                     nodes for twice the memory
  --engine NAME      ida (default), astar (A* storing packed boards), astar-plain
                     (A* storing whole boards), rbfs, ida-cr (IDA*_CR), bts
                     (budgeted tree search), parallel (parallel IDA*, needs the
                     'parallel' feature: --features parallel)
  --pdb-cache DIR    where pattern databases are kept (default target/informed-pdb)
  --prune-duplicates DEPTH
                     the depth-first engines prune slide sequences that a
                     shorter or earlier one of at most DEPTH slides (1 to 16;
                     0, the default, for none) matches: fewer nodes than Korf's
                     counts, the same lengths
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
    IdaCr,
    /// Budgeted tree search.
    Budgeted,
    /// Parallel IDA*, with the `parallel` feature.
    #[cfg(feature = "parallel")]
    Parallel,
}

/// The heuristics, and the partitions of the pattern databases by board size.
const HEURISTICS: &str =
    "manhattan, linear-conflict, misplaced, pdb555, pdb663, pdb78, pdb6666, pdb6666x2 or pdb6666x7";

/// What the command line asked for.
struct Run {
    heuristic: String,
    engine: Engine,
    cache: std::path::PathBuf,
    /// The depth of the duplicate pruning, 0 for none.
    prune: usize,
    /// Whether pattern databases are zero-aware.
    zero_aware: bool,
    show: bool,
}

fn main() -> ExitCode {
    let mut run = Run {
        heuristic: String::from("manhattan"),
        engine: Engine::Ida,
        cache: std::path::PathBuf::from("target/informed-pdb"),
        prune: 0,
        zero_aware: false,
        show: false,
    };
    let mut args = args::Args::new("korf", HELP);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--heuristic" => {
                run.heuristic = args.value("--heuristic", "manhattan, linear-conflict, ...");
            }
            "--pdb-cache" => run.cache = args.value("--pdb-cache", "a directory").into(),
            "--prune-duplicates" => {
                run.prune = args.number("--prune-duplicates", "a depth from 1 to 16");
            }
            "--show" => run.show = true,
            "--zero-aware" => run.zero_aware = true,
            "--engine" => run.engine = match args
                .value(
                    "--engine",
                    "ida, astar, astar-plain, rbfs, ida-cr, bts, parallel",
                )
                .as_str()
            {
                "ida" => Engine::Ida,
                "astar" => Engine::AStar,
                "astar-plain" => Engine::AStarPlain,
                "rbfs" => Engine::Rbfs,
                "ida-cr" => Engine::IdaCr,
                "bts" => Engine::Budgeted,
                #[cfg(feature = "parallel")]
                "parallel" => Engine::Parallel,
                #[cfg(not(feature = "parallel"))]
                "parallel" => args.fail(
                    "--engine parallel needs the 'parallel' feature: \
                         cargo run --release --features parallel --example korf",
                ),
                name => args.fail(&format!(
                    "unknown engine '{}' (ida, astar, astar-plain, rbfs, ida-cr, bts or parallel)",
                    args::excerpt(name)
                )),
            },
            _ => args.unexpected(&arg),
        }
    }
    if partition(&run.heuristic).is_none()
        && !["manhattan", "misplaced", "linear-conflict"].contains(&run.heuristic.as_str())
    {
        args.fail(&format!(
            "unknown heuristic '{}' ({HEURISTICS})",
            args::excerpt(&run.heuristic)
        ));
    }
    if run.zero_aware && partition(&run.heuristic).is_none() {
        args.fail("--zero-aware needs a pattern database (--heuristic pdb555, pdb663, ...)");
    }
    let mut input = Input::new(io::stdin().lock());
    // The first instance's line sets the size: 25 tiles make a 24-puzzle, anything else is
    // read as a 15-puzzle (and a line of the wrong length is named as such).
    let tiles = match input.peek() {
        Ok(Some((_, line))) => line.split_whitespace().count().saturating_sub(2),
        Ok(None) => 16,
        Err(message) => {
            eprintln!("korf: {message}");
            return ExitCode::from(2);
        }
    };
    // The maxima only here, so that the 15-puzzle's engines are not built for them too.
    if tiles == 25 && run.heuristic == "pdb6666x2" {
        solve_max(&run, input, [&PARTITION_6666, &PARTITION_6666_ACROSS])
    } else if tiles == 25 && run.heuristic == "pdb6666x7" {
        solve_max(&run, input, CATALOGUE_6666.each_ref().map(|p| &p[..]))
    } else if tiles == 25 {
        solve::<25>(&run, input)
    } else {
        solve::<16>(&run, input)
    }
}

/// The pattern database a heuristic names, by its tiles, and the board size it is for.
fn partition(name: &str) -> Option<(usize, &'static [&'static [u8]])> {
    match name {
        "pdb555" => Some((16, &PARTITION_555)),
        "pdb663" => Some((16, &PARTITION_663)),
        "pdb78" => Some((16, &PARTITION_78)),
        "pdb6666" | "pdb6666x2" | "pdb6666x7" => Some((25, &PARTITION_6666)),
        _ => None,
    }
}

/// Solves every instance of an `N`-cell board with the heuristic asked for.
fn solve<const N: usize>(run: &Run, input: Input<'_>) -> ExitCode
where
    SlidingPuzzle<N, Manhattan<N>>: Packed<N, u64>,
    SlidingPuzzle<N, MisplacedTiles<N>>: Packed<N, u64>,
    SlidingPuzzle<N, LinearConflict<N>>: Packed<N, u64>,
    SlidingPuzzle<N, PatternDatabase<N>>: Packed<N, PdbKept>,
{
    let side = if N == 25 { 5 } else { 4 };
    let goal = sliding_tile::blank_first::<N>();
    match run.heuristic.as_str() {
        "manhattan" => {
            return instances(
                run,
                input,
                SlidingPuzzle::<N, Manhattan<N>>::new(side, side, &goal, &goal),
            );
        }
        "misplaced" => {
            return instances(
                run,
                input,
                SlidingPuzzle::<N, MisplacedTiles<N>>::new(side, side, &goal, &goal),
            );
        }
        "linear-conflict" => {
            return instances(
                run,
                input,
                SlidingPuzzle::<N, LinearConflict<N>>::new(side, side, &goal, &goal),
            );
        }
        _ => {}
    }
    let Some((_, partition)) = partition(&run.heuristic).filter(|&(cells, _)| cells == N) else {
        eprintln!(
            "korf: {} is not a pattern database for the {}-puzzle",
            run.heuristic,
            N - 1
        );
        return ExitCode::from(2);
    };
    match database(run, side, partition) {
        Ok(pdb) => instances(
            run,
            input,
            SlidingPuzzle::with_heuristic(side, side, &goal, &goal, pdb),
        ),
        Err(code) => code,
    }
}

/// Solves 24-puzzle instances with the maximum of the databases of several partitions.
fn solve_max<const K: usize>(run: &Run, input: Input<'_>, partitions: [&[&[u8]]; K]) -> ExitCode {
    let goal = sliding_tile::blank_first::<25>();
    let built = built(run, |options| {
        PdbMax::build_with(5, 5, &goal, partitions, true, options)
    });
    match built {
        Ok(max) => instances(
            run,
            input,
            SlidingPuzzle::with_heuristic(5, 5, &goal, &goal, max),
        ),
        Err(code) => code,
    }
}

/// The pattern database of a `side` × `side` board for a partition, read from or built into
/// the cache, its report on stderr; or the exit code after the error is named there.
fn database<const N: usize>(
    run: &Run,
    side: usize,
    partition: &[&[u8]],
) -> Result<PatternDatabase<N>, ExitCode> {
    let goal = sliding_tile::blank_first::<N>();
    built(run, |options| {
        PatternDatabase::build_with(side, side, &goal, partition, true, options)
    })
}

/// A database read from or built into the cache by `build`, zero-aware if asked for, as
/// [`build_bar::built`] does it.
fn built<T>(
    run: &Run,
    build: impl FnOnce(&BuildOptions<'_>) -> Result<(T, BuildReport), PdbError>,
) -> Result<T, ExitCode> {
    let mut options = BuildOptions::new().cache_dir(&run.cache);
    if run.zero_aware {
        options = options.zero_aware();
    }
    build_bar::built("korf", options, build)
}

/// A sliding puzzle whose boards pack (15-puzzle and 24-puzzle alike), as the packed A* needs.
trait Packed<const N: usize, K>:
    PackedStates + SearchProblem<State = Board<N, K>, Move = Slide, Cost = u32>
{
}

impl<const N: usize, K, P> Packed<N, K> for P where
    P: PackedStates + SearchProblem<State = Board<N, K>, Move = Slide, Cost = u32>
{
}

/// The lines of the input that hold instances, numbered from 1, with one line of lookahead.
struct Input<'a> {
    lines: std::iter::Enumerate<io::Lines<io::StdinLock<'a>>>,
    peeked: Option<(usize, String)>,
}

impl<'a> Input<'a> {
    fn new(stdin: io::StdinLock<'a>) -> Self {
        Input {
            lines: stdin.lines().enumerate(),
            peeked: None,
        }
    }

    /// The next instance's line and its number, or why it cannot be read.
    fn next_instance(&mut self) -> Result<Option<(usize, String)>, String> {
        if let Some(peeked) = self.peeked.take() {
            return Ok(Some(peeked));
        }
        for (number, line) in self.lines.by_ref() {
            let number = number + 1;
            let Ok(line) = line else {
                return Err(format!("line {number}: not valid UTF-8 text"));
            };
            let line = line.trim();
            if !(line.is_empty() || line.starts_with('#')) {
                return Ok(Some((number, line.to_string())));
            }
        }
        Ok(None)
    }

    /// The next instance's line, left to be read again.
    fn peek(&mut self) -> Result<Option<&(usize, String)>, String> {
        if self.peeked.is_none() {
            self.peeked = self.next_instance()?;
        }
        Ok(self.peeked.as_ref())
    }
}

fn instances<const N: usize, H: IncrementalHeuristic<N> + Sync>(
    run: &Run,
    input: Input<'_>,
    base: Result<SlidingPuzzle<N, H>, informed::puzzles::PuzzleError>,
) -> ExitCode
where
    SlidingPuzzle<N, H>: Packed<N, H::Kept>,
    PrunedPuzzle<N, H>: Packed<N, H::Kept>,
{
    let Ok(base) = base else {
        unreachable!("the goal layout is valid and the heuristic built for it")
    };
    if run.prune == 0 {
        return solve_each(run, input, &base);
    }
    let started = Instant::now();
    match base.with_duplicate_pruning(run.prune) {
        Ok(pruned) => {
            let pruning = pruned.pruning();
            eprintln!(
                "korf: duplicate pruning to depth {}: {} sequences, {} states, built in {:.1} s",
                pruning.depth(),
                pruning.patterns(),
                pruning.states(),
                started.elapsed().as_secs_f64()
            );
            solve_each(run, input, &pruned)
        }
        Err(error) => {
            eprintln!("korf: --prune-duplicates: {error}");
            ExitCode::from(2)
        }
    }
}

/// A puzzle the instances are searched as: the sliding puzzle, or the same with duplicate
/// pruning.
trait Instance<const N: usize, K>: Packed<N, K> + Sync + Sized {
    /// The same puzzle from the start layout `tiles`.
    fn with_tiles(&self, tiles: &[u64]) -> Result<Self, informed::puzzles::PuzzleError>;
    /// The board as the puzzle prints it.
    fn format(&self, board: &Board<N, K>) -> String;
}

impl<const N: usize, H: IncrementalHeuristic<N> + Sync> Instance<N, H::Kept> for SlidingPuzzle<N, H>
where
    SlidingPuzzle<N, H>: Packed<N, H::Kept>,
{
    fn with_tiles(&self, tiles: &[u64]) -> Result<Self, informed::puzzles::PuzzleError> {
        self.with_start(tiles)
    }

    fn format(&self, board: &Board<N, H::Kept>) -> String {
        self.format_board(board)
    }
}

impl<const N: usize, H: IncrementalHeuristic<N> + Sync> Instance<N, H::Kept> for PrunedPuzzle<N, H>
where
    PrunedPuzzle<N, H>: Packed<N, H::Kept>,
{
    fn with_tiles(&self, tiles: &[u64]) -> Result<Self, informed::puzzles::PuzzleError> {
        self.with_start(tiles)
    }

    fn format(&self, board: &Board<N, H::Kept>) -> String {
        self.puzzle().format_board(board)
    }
}

/// Solves every instance of the input as `base` from its start.
fn solve_each<const N: usize, K: Copy + Send + Sync, P: Instance<N, K>>(
    run: &Run,
    mut input: Input<'_>,
    base: &P,
) -> ExitCode {
    let live = progress::LiveLine::new();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    eprintln!("korf: columns: id, length, nodes generated, milliseconds");
    let (mut total_nodes, mut total_ms, mut solved) = (0u64, 0f64, 0usize);
    loop {
        let (number, line) = match input.next_instance() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(message) => {
                eprintln!("korf: {message}");
                return ExitCode::from(2);
            }
        };
        let (id, puzzle) = match parse_instance(base, &line) {
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
        let result: ResultOf<P> = match run.engine {
            Engine::Ida => ida_star_with(&puzzle, &options),
            Engine::AStar => a_star_packed_with(&puzzle, &options),
            Engine::AStarPlain => a_star_with(&puzzle, &options),
            Engine::Rbfs => rbfs_with(&puzzle, &options),
            Engine::IdaCr => informed::ida_star_cr_with(&puzzle, &options),
            Engine::Budgeted => informed::budgeted_tree_search_with(&puzzle, &options),
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
        let states = if run.show {
            solution.states(&puzzle)
        } else {
            Vec::new()
        };
        let boards: Vec<String> = states.iter().map(|board| puzzle.format(board)).collect();
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

/// Reads `<id> <optimal length> <N tiles>` into the instance's id and puzzle.
fn parse_instance<const N: usize, K, P: Instance<N, K>>(
    base: &P,
    line: &str,
) -> Result<(String, P), String> {
    let mut tokens = line.split_whitespace();
    let id = args::excerpt(tokens.next().unwrap_or_default());
    let _optimal = tokens
        .next()
        .ok_or_else(|| format!("expected '<id> <length> <{N} tiles>'"))?;
    let tiles = sliding_tile::parse_layout(
        &tokens.collect::<Vec<_>>().join(" "),
        N,
        sliding_tile::Layout::Start,
    )
    .map_err(|e| e.to_string())?;
    let puzzle = base.with_tiles(&tiles).map_err(|e| e.to_string())?;
    Ok((id, puzzle))
}
