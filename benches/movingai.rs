//! Grid A* on the Moving AI benchmark's own maps against `pathfinding::astar`, for three cost
//! types, side by side: every query of each scenario file, 8-connected, no corner cutting,
//! the octile heuristic, with costs
//!
//! - `u32`: straight 100, diagonal 141;
//! - `u64`: straight 10⁸, diagonal 141,421,356 (exact integers fine enough to match the
//!   benchmark's lengths);
//! - `f64`: straight 1, diagonal √2 (`pathfinding` needs `Ord`: `OrderedFloat<f64>`).
//!
//! Rows: `pathfinding::astar` with the successor closure an experienced user writes, which
//! allocates nothing (each cell's open directions precomputed as a bit mask, the successors an
//! iterator over its bits); `informed`'s `a_star` on `GridPath`; `a_star` on `JumpPoints`
//! (jump point search), scanning the map and reading a `JumpTable` made ahead (JPS+, whose
//! build time and memory are printed per map).
//!
//! ```text
//! cargo bench --bench movingai [-- [ROUNDS] [--goal-bounds] [--costs LIST] [SCENARIO_FILE | FOLDER ...]]
//! ```
//!
//! `ROUNDS` defaults to 5; the scenario files to the maps shipped in `benches/data/movingai`
//! (`arena`, Dragon Age's `den520d`, Baldur's Gate II's `AR0011SR`); a folder stands for every
//! `.map.scen` file in it (`benches/fetch_movingai.sh` fetches the benchmark's Dragon Age maps
//! into one). Each map is read from beside its scenario file. Prints per map and cost type the
//! median time of each row over the rounds (the rows alternate within a round), the states
//! expanded, and `pathfinding`'s time over each row's. `--costs` picks the cost types, a
//! comma-separated list of `u32`, `u64` and `f64` (all three by default). `--goal-bounds`
//! adds a row that reads goal bounds beside the jump table (built once per map and cost type,
//! a search from every open cell, and kept in `target/movingai-bounds`; their build or read
//! time is printed).
//!
//! Every row's path costs must agree with the others', and, for the `u64` and `f64` costs (the
//! benchmark's own, 1 and √2), with the optimal lengths of the scenario file within its
//! precision; the run stops at the first that does not. A query the file gives a length of 0
//! between two different cells is a pair no path joins (the benchmark lists some so): every
//! row must find no path.

use std::hash::Hash;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use informed::puzzles::grid::{
    Cell, Connectivity, GoalBounds, GridCosts, GridMap, GridPath, JumpPoints, JumpTable, Scenario,
};
use informed::{Cost, SearchResult, Solution, Stats, a_star};
use ordered_float::OrderedFloat;

/// The eight steps, as offsets, straight ones first.
const STEPS: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// A cost type of the comparison: its grid costs, and its side for `pathfinding` (which
/// needs `Ord` and `num_traits::Zero`).
trait Costs: Cost {
    type Theirs: Copy + Ord + Hash + num_traits::Zero + core::fmt::Debug;
    const NAME: &'static str;
    fn grid() -> GridCosts<Self>;
    fn theirs(self) -> Self::Theirs;
    /// The octile distance over `long` and `short` steps.
    fn octile(long: u16, short: u16) -> Self::Theirs;
    /// Whether a path's length is one the scenario file's optimal lengths can check: the
    /// costs are the benchmark's, 1 and √2, within its precision.
    const BENCHMARK_COSTS: bool;
    /// A path's length in straight steps, to compare the rows: ours, and `pathfinding`'s.
    fn length(self) -> f64;
    fn their_length(cost: Self::Theirs) -> f64;
}

impl Costs for u32 {
    type Theirs = u32;
    const NAME: &'static str = "u32 100/141";
    const BENCHMARK_COSTS: bool = false;
    fn grid() -> GridCosts<u32> {
        GridCosts::new(100, 141)
    }
    fn theirs(self) -> u32 {
        self
    }
    #[inline]
    fn octile(long: u16, short: u16) -> u32 {
        100 * u32::from(long) + 41 * u32::from(short)
    }
    fn length(self) -> f64 {
        f64::from(self) / 100.0
    }
    fn their_length(cost: u32) -> f64 {
        cost.length()
    }
}

impl Costs for u64 {
    type Theirs = u64;
    const NAME: &'static str = "u64 10^8";
    const BENCHMARK_COSTS: bool = true;
    fn grid() -> GridCosts<u64> {
        GridCosts::new(100_000_000, 141_421_356)
    }
    fn theirs(self) -> u64 {
        self
    }
    #[inline]
    fn octile(long: u16, short: u16) -> u64 {
        100_000_000 * u64::from(long) + 41_421_356 * u64::from(short)
    }
    fn length(self) -> f64 {
        self as f64 / 1e8
    }
    fn their_length(cost: u64) -> f64 {
        cost.length()
    }
}

impl Costs for f64 {
    type Theirs = OrderedFloat<f64>;
    const NAME: &'static str = "f64 octile";
    const BENCHMARK_COSTS: bool = true;
    fn grid() -> GridCosts<f64> {
        GridCosts::octile()
    }
    fn theirs(self) -> OrderedFloat<f64> {
        OrderedFloat(self)
    }
    #[inline]
    fn octile(long: u16, short: u16) -> OrderedFloat<f64> {
        OrderedFloat(f64::from(long - short) + core::f64::consts::SQRT_2 * f64::from(short))
    }
    fn length(self) -> f64 {
        self
    }
    fn their_length(cost: OrderedFloat<f64>) -> f64 {
        cost.0
    }
}

/// The map as a `pathfinding` user prepares it: each cell's open directions (into a passable
/// cell, and for a diagonal past two passable ones) as bits over [`STEPS`].
struct Masks {
    width: usize,
    masks: Vec<u8>,
}

impl Masks {
    fn new(map: &GridMap) -> Masks {
        let (width, height) = (i32::from(map.width()), i32::from(map.height()));
        let open = |x: i32, y: i32| {
            (0..width).contains(&x)
                && (0..height).contains(&y)
                && map.is_passable(Cell::new(x as u16, y as u16))
        };
        let mut masks = Vec::with_capacity((width * height) as usize);
        for y in 0..height {
            for x in 0..width {
                let mut mask = 0;
                for (bit, &(dx, dy)) in STEPS.iter().enumerate() {
                    let diagonal = dx != 0 && dy != 0;
                    if open(x, y)
                        && open(x + dx, y + dy)
                        && (!diagonal || (open(x + dx, y) && open(x, y + dy)))
                    {
                        mask |= 1 << bit;
                    }
                }
                masks.push(mask);
            }
        }
        Masks {
            width: width as usize,
            masks,
        }
    }

    /// The successors of `(x, y)` with their costs, allocating nothing.
    #[inline]
    fn successors<C: Copy>(
        &self,
        (x, y): (u16, u16),
        straight: C,
        diagonal: C,
    ) -> impl Iterator<Item = ((u16, u16), C)> + use<C> {
        let mut bits = self.masks[usize::from(y) * self.width + usize::from(x)];
        core::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (dx, dy) = STEPS[bit];
            let next = ((i32::from(x) + dx) as u16, (i32::from(y) + dy) as u16);
            Some((next, if bit < 4 { straight } else { diagonal }))
        })
    }
}

/// One scenario file's map and queries.
struct ScenarioFile {
    name: String,
    map: GridMap,
    masks: Masks,
    table: JumpTable,
    queries: Vec<(Cell, Cell)>,
    /// The queries as the file gives them, with their optimal lengths.
    scenarios: Vec<Scenario>,
}

/// A row's run over every query: the path lengths (infinite where there is no path), and
/// the states expanded in all.
type Run = (Vec<f64>, u64);

/// Every query through `pathfinding::astar`. (Never inlined, as the other rows: callgrind's
/// `--toggle-collect` counts a row by them.)
#[inline(never)]
fn yardstick<C: Costs>(map: &ScenarioFile) -> Run {
    let costs = C::grid();
    let (straight, diagonal) = (costs.straight.theirs(), costs.diagonal.theirs());
    let expanded = std::cell::Cell::new(0);
    let lengths = map
        .queries
        .iter()
        .map(|&(start, goal)| {
            let goal = (goal.x(), goal.y());
            pathfinding::directed::astar::astar(
                &(start.x(), start.y()),
                |&cell| {
                    expanded.set(expanded.get() + 1);
                    map.masks.successors(cell, straight, diagonal)
                },
                |&(x, y)| {
                    let (dx, dy) = (x.abs_diff(goal.0), y.abs_diff(goal.1));
                    C::octile(dx.max(dy), dx.min(dy))
                },
                |&cell| cell == goal,
            )
            .map_or(f64::INFINITY, |(_, cost)| C::their_length(cost))
        })
        .collect();
    (lengths, expanded.get())
}

/// How a row searches: A* on the cells, or jump point search scanning or reading its table,
/// the last with goal bounds too.
#[derive(Clone, Copy)]
enum Search<'b> {
    Cells,
    Jumps,
    Table,
    Bounded(&'b GoalBounds),
}

/// Every query through `a_star` on `GridPath`, or on `JumpPoints`.
#[inline(never)]
fn informed<C: Costs>(map: &ScenarioFile, search: Search<'_>) -> Run {
    let mut expanded = 0;
    let lengths = map
        .queries
        .iter()
        .map(|&(start, goal)| {
            let path = GridPath::new(&map.map, start, goal, Connectivity::Eight, C::grid())
                .expect("a query on passable cells");
            let jumps = match search {
                Search::Cells => None,
                Search::Jumps => Some(JumpPoints::new(&path).expect("8-connected")),
                Search::Table => {
                    Some(JumpPoints::with_table(&path, &map.table).expect("the map's table"))
                }
                Search::Bounded(bounds) => Some(
                    JumpPoints::with_table(&path, &map.table)
                        .and_then(|jumps| jumps.with_goal_bounds(bounds))
                        .expect("the map's table and bounds"),
                ),
            };
            let (length, stats) = match jumps {
                Some(jumps) => length_and_stats(a_star(&jumps)),
                None => length_and_stats(a_star(&path)),
            };
            expanded += stats.expanded;
            length
        })
        .collect();
    (lengths, expanded)
}

/// A search's path length (infinite if there is none) and its counts.
fn length_and_stats<S, M, C: Costs>(result: SearchResult<Solution<S, M, C>, C>) -> (f64, Stats<C>) {
    let length = result
        .solution()
        .map_or(f64::INFINITY, |solution| solution.cost.length());
    (length, result.stats)
}

/// Whether `length` is the scenario's: its optimal length, or no path where the file gives
/// a length of 0 between two different cells (as some of the benchmark's files list pairs
/// that no path joins).
fn matches(scenario: &Scenario, length: f64) -> bool {
    if scenario.optimal_length <= 0.0 && scenario.start != scenario.goal {
        return length.is_infinite();
    }
    scenario.matches(length)
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The map and queries of a scenario file, the map read from beside it.
fn load(file: &Path) -> Result<ScenarioFile, String> {
    let read =
        |path: &Path| std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()));
    let scenarios =
        Scenario::parse_file(&read(file)?).map_err(|e| format!("{}: {e}", file.display()))?;
    let first = scenarios
        .first()
        .ok_or(format!("{}: no query", file.display()))?;
    let beside = file.with_file_name(Path::new(&first.map).file_name().unwrap_or_default());
    let map_file = if beside.exists() {
        beside
    } else {
        file.with_extension("")
    };
    let map =
        GridMap::parse(&read(&map_file)?).map_err(|e| format!("{}: {e}", map_file.display()))?;
    let name = map_file
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let began = Instant::now();
    let table = JumpTable::build(&map).map_err(|e| format!("{name}: {e}"))?;
    println!(
        "{name}: jump table built in {:.1} ms, {:.1} MB",
        began.elapsed().as_secs_f64() * 1e3,
        table.memory_bytes() as f64 / 1e6
    );
    Ok(ScenarioFile {
        name,
        table,
        masks: Masks::new(&map),
        queries: scenarios.iter().map(|s| (s.start, s.goal)).collect(),
        scenarios,
        map,
    })
}

/// The scenario files `path` names: itself, or if it is a folder every `.map.scen` file in
/// it, by name.
fn scenario_files(path: &Path) -> Result<Vec<PathBuf>, String> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|file| file.to_string_lossy().ends_with(".map.scen"))
        .collect();
    if files.is_empty() {
        return Err(format!("{}: no .map.scen file", path.display()));
    }
    files.sort();
    Ok(files)
}

/// The goal bounds of `map` for `C`'s costs, read from `target/movingai-bounds` if they were
/// kept there, else built (a search from every open cell: minutes on a large map) and kept.
fn goal_bounds<C: Costs>(map: &ScenarioFile) -> GoalBounds {
    let (start, goal) = map.queries[0];
    let path = GridPath::new(&map.map, start, goal, Connectivity::Eight, C::grid())
        .expect("a query on passable cells");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/movingai-bounds");
    if let Err(error) = std::fs::create_dir_all(&dir) {
        eprintln!("movingai: {}: {error}", dir.display());
        std::process::exit(2);
    }
    let costs: String = C::NAME
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let file = dir.join(format!("{}-{costs}.bounds", map.name));
    let mut report = informed::heuristics::pattern_database::BuildReport::default();
    let bounds = GoalBounds::load_or_build(&path, Some(&file), &mut report).unwrap_or_else(|e| {
        eprintln!("movingai: {}: {e}", file.display());
        std::process::exit(2);
    });
    println!(
        "{}: goal bounds for {} {} in {:.1} s, {:.1} MB",
        map.name,
        C::NAME,
        if report.built > 0 { "built" } else { "read" },
        (report.build_time + report.io_time).as_secs_f64(),
        bounds.memory_bytes() as f64 / 1e6
    );
    bounds
}

/// The rows of one map and cost type, run `rounds` times in turn: a line each. With
/// `bounded`, a last row reads goal bounds as well as the jump table.
fn compare<C: Costs>(map: &ScenarioFile, rounds: usize, bounded: bool) {
    type Row<'a> = (&'static str, Box<dyn Fn() -> Run + 'a>);
    let bounds = bounded.then(|| goal_bounds::<C>(map));
    let mut rows: Vec<Row<'_>> = vec![
        ("pathfinding astar", Box::new(|| yardstick::<C>(map))),
        (
            "a_star, GridPath",
            Box::new(|| informed::<C>(map, Search::Cells)),
        ),
        (
            "a_star, JumpPoints",
            Box::new(|| informed::<C>(map, Search::Jumps)),
        ),
        (
            "a_star, JumpTable",
            Box::new(|| informed::<C>(map, Search::Table)),
        ),
    ];
    if let Some(bounds) = &bounds {
        rows.push((
            "a_star, +GoalBounds",
            Box::new(move || informed::<C>(map, Search::Bounded(bounds))),
        ));
    }
    let mut times = vec![Vec::new(); rows.len()];
    let mut runs = Vec::new();
    for _ in 0..rounds {
        runs.clear();
        for (row, (_, run)) in rows.iter().enumerate() {
            let began = Instant::now();
            let ran = black_box(run());
            times[row].push(began.elapsed());
            runs.push(ran);
        }
    }
    let theirs = median(&mut times[0]);
    for (row, (name, _)) in rows.iter().enumerate() {
        let (lengths, expanded) = &runs[row];
        let agree = lengths.iter().zip(&runs[0].0).all(|(ours, theirs)| {
            (ours.is_infinite() && theirs.is_infinite())
                || (ours - theirs).abs() <= 1e-6 * theirs.max(1.0)
        });
        assert!(
            agree,
            "{}: {name}'s lengths differ from pathfinding's",
            map.name
        );
        if C::BENCHMARK_COSTS {
            let wrong = map
                .scenarios
                .iter()
                .zip(lengths)
                .position(|(scenario, &length)| !matches(scenario, length));
            if let Some(query) = wrong {
                panic!(
                    "{}: {name}'s length {} for query {query} is not the scenario's {}",
                    map.name, lengths[query], map.scenarios[query].optimal_length
                );
            }
        }
        let time = median(&mut times[row]);
        println!(
            "{:<10} {:<12} {:<20} {:>10.1} ms {:>11} {:>8.2}",
            map.name,
            C::NAME,
            name,
            time.as_secs_f64() * 1e3,
            expanded,
            theirs.as_secs_f64() / time.as_secs_f64()
        );
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let bounded = args.iter().any(|a| a == "--goal-bounds");
    args.retain(|a| a != "--goal-bounds");
    let mut costs = vec!["u32".to_string(), "u64".to_string(), "f64".to_string()];
    if let Some(at) = args.iter().position(|a| a == "--costs") {
        let Some(list) = args.get(at + 1) else {
            eprintln!("movingai: --costs needs a list, such as u32,f64");
            std::process::exit(2);
        };
        costs = list.split(',').map(str::to_string).collect();
        if let Some(unknown) = costs
            .iter()
            .find(|c| !["u32", "u64", "f64"].contains(&c.as_str()))
        {
            eprintln!("movingai: no cost type {unknown} (u32, u64, f64)");
            std::process::exit(2);
        }
        args.drain(at..=at + 1);
    }
    let rounds = match args.first().map(|a| a.parse::<usize>()) {
        Some(Ok(rounds)) => {
            args.remove(0);
            rounds.max(1)
        }
        _ => 5,
    };
    let files: Vec<PathBuf> = if args.is_empty() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data/movingai");
        ["arena", "den520d", "AR0011SR"]
            .iter()
            .map(|name| data.join(format!("{name}.map.scen")))
            .collect()
    } else {
        let listed: Result<Vec<Vec<PathBuf>>, String> = args
            .iter()
            .map(|arg| scenario_files(Path::new(arg)))
            .collect();
        match listed {
            Ok(files) => files.into_iter().flatten().collect(),
            Err(error) => {
                eprintln!("movingai: {error}");
                std::process::exit(2);
            }
        }
    };
    println!(
        "{:<10} {:<12} {:<20} {:>13} {:>11} {:>8}",
        "map", "costs", "row", "median", "expanded", "p/row"
    );
    for file in &files {
        let map = match load(file) {
            Ok(map) => map,
            Err(error) => {
                eprintln!("movingai: {error}");
                std::process::exit(2);
            }
        };
        for costs in &costs {
            match costs.as_str() {
                "u32" => compare::<u32>(&map, rounds, bounded),
                "u64" => compare::<u64>(&map, rounds, bounded),
                _ => compare::<f64>(&map, rounds, bounded),
            }
        }
    }
}
