//! Grid pathfinding on the Moving AI benchmark: reads a scenario file (`.scen`) and the map
//! it names, found beside it, solves every scenario and prints `<index> <length>` per
//! scenario, the index from 0 in the file's order, the length with 4 decimals.
//!
//! ```text
//! cargo run --release --example grid -- benches/data/movingai/arena.map.scen
//! cargo run --release --example grid -- --engine jps --svg jps.svg benches/data/movingai/arena.map.scen
//! ```
//!
//! Every length is checked against the scenario's optimal length, within the precision the
//! file gives it; a summary (scenarios, matches, states expanded, time) goes to stderr, and
//! the exit status is 1 if any length differs. `--engine` picks the search, `--costs` the cost type (`--help`).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use informed::heuristics::pattern_database::BuildReport;
use informed::puzzles::grid::{
    Cell, Connectivity, GoalBounds, GridCosts, GridMap, GridPath, JumpPoints, JumpTable, Scenario,
};
use informed::{AStarSteps, Cost, SearchOptions, SearchResult, Solution, a_star, dijkstra};

#[allow(dead_code)]
#[path = "../common/args.rs"]
mod args;
mod svg;

const HELP: &str = "\
usage: grid [--engine astar|dijkstra|jps|jps+|jps+gb] [--costs float|scaled]
            [--tables DIR] [--svg FILE [--query INDEX]] SCENARIOS.scen

Solves every query of a Moving AI scenario file on the map it names (looked
for beside the scenario file by its file name, else the scenario file's name
without .scen), 8-connected, 1 straight, sqrt 2 diagonal, no corner cutting.
Prints '<index> <length>' per query (index from 0, length to 4 decimals);
checks each length against the file's optimal length (within the digits the
file gives) and prints a summary on stderr. Exit status: 0 all match, 1 a length differs, 2 bad input.

Options:
  --engine E   astar (default): A* with the octile distance;
               dijkstra: uniform-cost search;
               jps: jump point search (A* over jumps);
               jps+: jump point search reading its jumps from a table made
               ahead for each map (JPS+; the time and memory on stderr);
               jps+gb: jps+ with goal bounds made ahead for each map and
               costs (a search from every open cell: minutes on a large map)
  --tables DIR keeps the tables of jps+ and jps+gb in DIR, read back on the
               next run (checked against the map and costs)
  --costs C    float (default): f64 costs 1 and sqrt 2;
               scaled: u64 costs 10^8 and round(sqrt 2 x 10^8), printed / 10^8
  --svg FILE   also draws one query's search into FILE (SVG): the map, the
               cells expanded (A*) or the jump points expanded (jps), the path
  --query N    the query --svg draws (default: the last of the file)
  -h, --help   this help
";

#[derive(Clone, Copy, PartialEq)]
enum Engine {
    AStar,
    Dijkstra,
    Jps,
    JpsPlus,
    JpsPlusBounds,
}

/// What one query's search gave: its length and how many states it expanded.
struct Answer {
    length: Option<f64>,
    expanded: u64,
}

fn answer<S, M, C: Cost>(result: &SearchResult<Solution<S, M, C>, C>, scale: f64) -> Answer {
    Answer {
        length: result
            .solution()
            .map(|solution| solution.cost.value().as_f64() / scale),
        expanded: result.stats.expanded,
    }
}

/// A query's search by `engine`, reading the map's `table` and `bounds` where it takes them.
fn solve<C: Cost>(
    engine: Engine,
    path: &GridPath<'_, C>,
    made: Made<'_>,
    scale: f64,
) -> Result<Answer, informed::puzzles::grid::GridError> {
    if matches!(engine, Engine::AStar | Engine::Dijkstra) {
        let result = if engine == Engine::AStar {
            a_star(path)
        } else {
            dijkstra(path)
        };
        return Ok(answer(&result, scale));
    }
    let mut jumps = match made.table {
        Some(table) => JumpPoints::with_table(path, table)?,
        None => JumpPoints::new(path)?,
    };
    if let Some(bounds) = made.bounds {
        jumps = jumps.with_goal_bounds(bounds)?;
    }
    Ok(answer(&a_star(&jumps), scale))
}

/// What was made ahead for a query's map: its jump table (jps+, jps+gb) and goal bounds
/// (jps+gb).
#[derive(Clone, Copy, Default)]
struct Made<'a> {
    table: Option<&'a JumpTable>,
    bounds: Option<&'a GoalBounds>,
}

/// The map a scenario names: its file name beside the scenario file, else the scenario
/// file's own name without `.scen`.
fn map_file(scenarios: &Path, named: &str) -> PathBuf {
    let dir = scenarios.parent().unwrap_or(Path::new("."));
    let beside = Path::new(named).file_name().map(|name| dir.join(name));
    match beside {
        Some(path) if path.is_file() => path,
        _ => scenarios.with_extension(""),
    }
}

/// What the command line asks for.
struct Options {
    engine: Engine,
    scaled: bool,
    file: PathBuf,
    /// Where to draw a query, and which (`None`: the last).
    svg: Option<(PathBuf, Option<usize>)>,
    /// Where jps+ keeps its tables.
    tables: Option<PathBuf>,
}

/// The options and the scenario file, from the command line.
fn options() -> Options {
    let mut args = args::Args::new("grid", HELP);
    let (mut engine, mut scaled, mut file) = (Engine::AStar, false, None);
    let (mut svg, mut query, mut tables) = (None, None, None);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--svg" => svg = Some(PathBuf::from(args.value("--svg", "a file to write"))),
            "--tables" => tables = Some(PathBuf::from(args.value("--tables", "a directory"))),
            "--query" => {
                let value = args.value("--query", "a query's index");
                match value.parse::<usize>() {
                    Ok(index) => query = Some(index),
                    Err(_) => args.fail(&format!(
                        "--query takes a query's index, not '{}'",
                        args::excerpt(&value)
                    )),
                }
            }
            "--engine" => {
                engine = match args
                    .value("--engine", "astar, dijkstra, jps, jps+ or jps+gb")
                    .as_str()
                {
                    "astar" => Engine::AStar,
                    "dijkstra" => Engine::Dijkstra,
                    "jps" => Engine::Jps,
                    "jps+" => Engine::JpsPlus,
                    "jps+gb" => Engine::JpsPlusBounds,
                    other => args.fail(&format!(
                        "--engine takes astar, dijkstra, jps, jps+ or jps+gb, not '{}'",
                        args::excerpt(other)
                    )),
                }
            }
            "--costs" => {
                scaled = match args.value("--costs", "float or scaled").as_str() {
                    "float" => false,
                    "scaled" => true,
                    other => args.fail(&format!(
                        "--costs takes float or scaled, not '{}'",
                        args::excerpt(other)
                    )),
                }
            }
            _ if file.is_none() && !arg.starts_with("--") => file = Some(PathBuf::from(arg)),
            _ => args.unexpected(&arg),
        }
    }
    if svg.is_some() && engine == Engine::Dijkstra {
        args.fail("--svg draws the searches of astar and jps");
    }
    if query.is_some() && svg.is_none() {
        args.fail("--query picks the query --svg draws: give --svg too");
    }
    if tables.is_some() && !matches!(engine, Engine::JpsPlus | Engine::JpsPlusBounds) {
        args.fail("--tables keeps the tables of jps+ and jps+gb: give --engine jps+ or jps+gb too");
    }
    match file {
        Some(file) => Options {
            engine,
            scaled,
            file,
            svg: svg.map(|svg| (svg, query)),
            tables,
        },
        None => args.fail("no scenario file given"),
    }
}

/// Draws query `index`'s search by A* (on the cells, or over jump points with `jps`) into
/// `file`: what it expanded and the path it found.
fn draw(
    jps: bool,
    index: usize,
    scenario: &Scenario,
    map: &GridMap,
    file: &Path,
) -> Result<(), String> {
    let path = GridPath::new(
        map,
        scenario.start,
        scenario.goal,
        Connectivity::Eight,
        GridCosts::octile(),
    )
    .map_err(|e| format!("scenario {index}: {e}"))?;
    let options = SearchOptions::default();
    let (expanded, cells, name) = if jps {
        let jumps = JumpPoints::new(&path).map_err(|e| format!("scenario {index}: {e}"))?;
        let mut search = AStarSteps::new(&jumps, &options);
        while let informed::AStarStep::Expanded { .. } = search.step() {}
        let expanded: Vec<Cell> = search.closed().map(|(point, _)| point.cell()).collect();
        let moves = search.into_result().into_solution().map(|s| s.moves);
        (
            expanded,
            moves.map(|moves| jumps.cells(&moves)),
            "jump point search",
        )
    } else {
        let mut search = AStarSteps::new(&path, &options);
        while let informed::AStarStep::Expanded { .. } = search.step() {}
        let expanded: Vec<Cell> = search.closed().map(|(cell, _)| *cell).collect();
        let moves = search.into_result().into_solution().map(|s| s.moves);
        (expanded, moves.map(|moves| path.cells(&moves)), "A*")
    };
    let cells = cells.unwrap_or_default();
    let title = format!(
        "{name}, query {index}: {} {} expanded",
        expanded.len(),
        if jps { "jump points" } else { "cells" }
    );
    let drawing = svg::Drawing {
        map,
        title,
        expanded,
        path: cells,
    };
    std::fs::write(file, drawing.svg()).map_err(|e| format!("cannot write {}: {e}", file.display()))
}

/// The scenarios of `file` and every map they name.
fn load(file: &Path) -> Result<(Vec<Scenario>, HashMap<String, GridMap>), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let scenarios = Scenario::parse_file(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut maps = HashMap::new();
    for scenario in &scenarios {
        if maps.contains_key(&scenario.map) {
            continue;
        }
        let path = map_file(file, &scenario.map);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read the map {}: {e}", path.display()))?;
        let map = GridMap::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        maps.insert(scenario.map.clone(), map);
    }
    Ok((scenarios, maps))
}

/// Solves scenario `index`.
fn query(
    engine: Engine,
    scaled: bool,
    index: usize,
    scenario: &Scenario,
    map: &GridMap,
    made: Made<'_>,
) -> Result<Answer, String> {
    if (map.width(), map.height()) != (scenario.width, scenario.height) {
        return Err(format!(
            "scenario {index} is for a {}x{} map; {} is {}x{}",
            scenario.width,
            scenario.height,
            scenario.map,
            map.width(),
            map.height()
        ));
    }
    let (start, goal) = (scenario.start, scenario.goal);
    let found = if scaled {
        let costs = GridCosts::new(100_000_000u64, 141_421_356);
        GridPath::new(map, start, goal, Connectivity::Eight, costs)
            .and_then(|path| solve(engine, &path, made, 1e8))
    } else {
        GridPath::new(map, start, goal, Connectivity::Eight, GridCosts::octile())
            .and_then(|path| solve(engine, &path, made, 1.0))
    };
    found.map_err(|e| format!("scenario {index}: {e}"))
}

/// The jump table of every map, built (or read from `dir`, and written there), with what it
/// took on stderr.
fn jump_tables(
    maps: &HashMap<String, GridMap>,
    dir: Option<&Path>,
) -> Result<HashMap<String, JumpTable>, String> {
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut report = BuildReport::default();
    let mut tables = HashMap::new();
    for (name, map) in maps {
        let file = dir.map(|dir| {
            let stem = Path::new(name).file_name().unwrap_or_default();
            dir.join(stem).with_extension("jumps")
        });
        let table = JumpTable::load_or_build(map, file.as_deref(), &mut report)
            .map_err(|e| format!("the jump table of {name}: {e}"))?;
        tables.insert(name.clone(), table);
    }
    tell("jump tables", &report);
    Ok(tables)
}

/// What was built and read of `what`, on stderr, with the files rebuilt.
fn tell(what: &str, report: &BuildReport) {
    for rejected in &report.rejected {
        eprintln!("grid: rebuilt: {rejected}");
    }
    eprintln!(
        "{what}: {} built in {:.1} ms, {} read in {:.1} ms, {:.1} MB",
        report.built,
        report.build_time.as_secs_f64() * 1e3,
        report.loaded,
        report.io_time.as_secs_f64() * 1e3,
        report.bytes as f64 / 1e6
    );
}

/// The goal bounds of every map for the costs asked for, built from a query of the map (or
/// read from `dir`, and written there), with what it took on stderr.
fn goal_bounds(
    maps: &HashMap<String, GridMap>,
    scenarios: &[Scenario],
    scaled: bool,
    dir: Option<&Path>,
) -> Result<HashMap<String, GoalBounds>, String> {
    let mut report = BuildReport::default();
    let mut all = HashMap::new();
    for (name, map) in maps {
        let Some(scenario) = scenarios.iter().find(|s| &s.map == name) else {
            continue;
        };
        let file = dir.map(|dir| {
            let stem = Path::new(name).file_name().unwrap_or_default();
            let costs = if scaled { "scaled" } else { "float" };
            dir.join(stem).with_extension(format!("{costs}.bounds"))
        });
        let (start, goal) = (scenario.start, scenario.goal);
        let built = if scaled {
            let costs = GridCosts::new(100_000_000u64, 141_421_356);
            GridPath::new(map, start, goal, Connectivity::Eight, costs)
                .map(|path| GoalBounds::load_or_build(&path, file.as_deref(), &mut report))
        } else {
            GridPath::new(map, start, goal, Connectivity::Eight, GridCosts::octile())
                .map(|path| GoalBounds::load_or_build(&path, file.as_deref(), &mut report))
        };
        let bounds = built
            .map_err(|e| format!("{name}: {e}"))?
            .map_err(|e| format!("the goal bounds of {name}: {e}"))?;
        all.insert(name.clone(), bounds);
    }
    tell("goal bounds", &report);
    Ok(all)
}

fn main() -> ExitCode {
    let Options {
        engine,
        scaled,
        file,
        svg,
        tables,
    } = options();
    let (scenarios, maps) = match load(&file) {
        Ok(loaded) => loaded,
        Err(message) => {
            eprintln!("grid: {message}");
            return ExitCode::from(2);
        }
    };
    if let Some((svg_file, query)) = svg {
        let index = query.unwrap_or(scenarios.len().saturating_sub(1));
        let Some(scenario) = scenarios.get(index) else {
            eprintln!(
                "grid: --query {index}: the file has {} queries",
                scenarios.len()
            );
            return ExitCode::from(2);
        };
        if let Err(message) = draw(
            engine == Engine::Jps,
            index,
            scenario,
            &maps[&scenario.map],
            &svg_file,
        ) {
            eprintln!("grid: {message}");
            return ExitCode::from(2);
        }
    }
    let made = match engine {
        Engine::JpsPlus => jump_tables(&maps, tables.as_deref()).map(|t| (t, HashMap::new())),
        Engine::JpsPlusBounds => jump_tables(&maps, tables.as_deref()).and_then(|t| {
            goal_bounds(&maps, &scenarios, scaled, tables.as_deref()).map(|b| (t, b))
        }),
        _ => Ok((HashMap::new(), HashMap::new())),
    };
    let (tables, bounds) = match made {
        Ok(made) => made,
        Err(message) => {
            eprintln!("grid: {message}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let (mut matched, mut expanded) = (0, 0);
    let mut out = String::new();
    for (index, scenario) in scenarios.iter().enumerate() {
        let map = &maps[&scenario.map];
        let made = Made {
            table: tables.get(&scenario.map),
            bounds: bounds.get(&scenario.map),
        };
        let found = match query(engine, scaled, index, scenario, map, made) {
            Ok(found) => found,
            Err(message) => {
                eprintln!("grid: {message}");
                return ExitCode::from(2);
            }
        };
        expanded += found.expanded;
        if let Some(length) = found.length {
            let _ = writeln!(out, "{index} {length:.4}");
            if scenario.matches(length) {
                matched += 1;
            } else {
                eprintln!(
                    "grid: scenario {index}: length {length:.4}, optimal {}",
                    scenario.optimal_length
                );
            }
        } else {
            let _ = writeln!(out, "{index} none");
            eprintln!("grid: scenario {index}: no path");
        }
    }
    let elapsed = started.elapsed();
    print!("{out}");
    eprintln!(
        "{} scenarios, {matched} of the optimal length, {expanded} states expanded, {:.1} ms",
        scenarios.len(),
        elapsed.as_secs_f64() * 1e3
    );
    if matched == scenarios.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
