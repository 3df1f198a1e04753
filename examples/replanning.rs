//! An agent crosses a Moving AI map it knows only in part: some cells it takes for open
//! ground are walls, which it sees only when it comes near. Each time it sees new walls it
//! plans again, by D* Lite (which repairs its last search) and, side by side, by A* from
//! scratch; the two must agree on every plan's cost. Prints, per walk and in all, the plans,
//! the states each engine expanded per replan and its time per replan.
//!
//! ```text
//! cargo run --release --example replanning
//! cargo run --release --example replanning -- --walks 20 --hidden 20 benches/data/movingai/den520d.map.scen
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use informed::puzzles::grid::{Cell, Connectivity, GridCosts, GridMap, GridPath, Scenario};
use informed::{DStarLite, SearchResult, Solution, a_star};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;

const HELP: &str = "\
usage: replanning [--walks N] [--hidden PERCENT] [--sight CELLS] [--seed S] [SCENARIOS.scen]

Walks an agent from the start to the goal of the N longest queries of a Moving
AI scenario file (default benches/data/movingai/den520d.map.scen, its map
beside it), 8-connected, costs 1 and sqrt 2. PERCENT of the open cells (not
the start or goal) are walls the agent does not know of until it comes within
CELLS of them (Chebyshev distance). At the start, and after every step that
shows it new walls, it plans again, by D* Lite and by A* from scratch; every
plan's cost must agree. Prints each walk and a summary: the replans, states
expanded and time per replan of each engine.

Options:
  --walks N        the longest N queries of the file (default 10)
  --hidden P       the percentage of open cells that are hidden walls (default 10)
  --sight C        how near a wall must be to be seen (default 2, at least 1)
  --seed S         the seed of the hidden walls (default 1)
  -h, --help       this help
";

struct Options {
    file: PathBuf,
    walks: usize,
    hidden: u64,
    sight: u16,
    seed: u64,
}

fn options() -> Options {
    let mut args = args::Args::new("replanning", HELP);
    let mut options = Options {
        file: PathBuf::from("benches/data/movingai/den520d.map.scen"),
        walks: 10,
        hidden: 10,
        sight: 2,
        seed: 1,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--walks" => options.walks = args.number("--walks", "a number of walks"),
            "--hidden" => options.hidden = args.number("--hidden", "a percentage"),
            "--sight" => options.sight = args.number("--sight", "a number of cells"),
            "--seed" => options.seed = args.number("--seed", "a number"),
            _ if !arg.starts_with("--") => options.file = PathBuf::from(arg),
            _ => args.unexpected(&arg),
        }
    }
    if options.hidden > 100 {
        args.fail("--hidden takes a percentage, 0 to 100");
    }
    if options.sight == 0 {
        args.fail("--sight takes at least 1: the agent must see the cells it steps onto");
    }
    options
}

/// What one engine did over the replans of a walk or of all walks.
#[derive(Default)]
struct Tally {
    plans: u64,
    expanded: u64,
    time: Duration,
}

impl Tally {
    fn add<S, M, C>(&mut self, result: &SearchResult<Solution<S, M, C>, C>, time: Duration) {
        self.plans += 1;
        self.expanded += result.stats.expanded;
        self.time += time;
    }

    fn per_plan(&self) -> (f64, f64) {
        let plans = self.plans.max(1) as f64;
        (
            self.expanded as f64 / plans,
            self.time.as_secs_f64() * 1e6 / plans,
        )
    }
}

/// A walk's figures: the steps and their cost, each engine's first plan and its replans.
#[derive(Default)]
struct Walk {
    steps: u64,
    cost: f64,
    reached: bool,
    first: [Tally; 2],
    replans: [Tally; 2],
}

/// The map as it truly is: `percent` of its open cells, but `keep`, made walls (by a
/// xorshift generator from `seed`).
fn hide_walls(map: &GridMap, percent: u64, seed: u64, keep: [Cell; 2]) -> GridMap {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut truth = map.clone();
    for y in 0..map.height() {
        for x in 0..map.width() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let cell = Cell::new(x, y);
            if map.is_passable(cell) && !keep.contains(&cell) && state % 100 < percent {
                truth
                    .set_terrain(cell, '@')
                    .expect("a cell of the map, a wall");
            }
        }
    }
    truth
}

fn way(map: &GridMap, agent: Cell, goal: Cell) -> GridPath<'_, f64> {
    GridPath::new(map, agent, goal, Connectivity::Eight, GridCosts::octile())
        .expect("the agent and the goal stand on open cells")
}

/// The walk of one query: plans by both engines at the start and whenever new walls come
/// into sight; `Err` if they disagree.
fn walk(map: &GridMap, truth: &GridMap, scenario: &Scenario, sight: u16) -> Result<Walk, String> {
    let (mut known, goal) = (map.clone(), scenario.goal);
    let (mut agent, mut figures) = (scenario.start, Walk::default());
    let mut planner = DStarLite::new();
    let mut plan: Vec<Cell> = Vec::new();
    loop {
        // Look around: every wall within sight goes onto the agent's map.
        let mut changed = Vec::new();
        let (x, y) = (agent.x(), agent.y());
        for cy in y.saturating_sub(sight)..=y.saturating_add(sight).min(map.height() - 1) {
            for cx in x.saturating_sub(sight)..=x.saturating_add(sight).min(map.width() - 1) {
                let cell = Cell::new(cx, cy);
                if known.is_passable(cell) && !truth.is_passable(cell) {
                    changed.extend(known.set_terrain(cell, '@').expect("a cell of the map"));
                }
            }
        }
        let first = figures.steps == 0 && plan.is_empty();
        if first || !changed.is_empty() {
            planner.moves_changed(changed);
            let problem = way(&known, agent, goal);
            let started = Instant::now();
            let by_d_star = planner.plan(&problem);
            let d_star_time = started.elapsed();
            let started = Instant::now();
            let by_a_star = a_star(&problem);
            let a_star_time = started.elapsed();
            let tallies = if first {
                &mut figures.first
            } else {
                &mut figures.replans
            };
            tallies[0].add(&by_d_star, d_star_time);
            tallies[1].add(&by_a_star, a_star_time);
            let costs = (
                by_d_star.solution().map(|s| s.cost),
                by_a_star.solution().map(|s| s.cost),
            );
            match costs {
                (Some(d), Some(a)) if (d - a).abs() <= 1e-9 * a.max(1.0) => {}
                (None, None) => return Ok(figures),
                _ => {
                    return Err(format!(
                        "at {agent} toward {goal}: D* Lite found {:?}, A* {:?}",
                        costs.0, costs.1
                    ));
                }
            }
            let moves = by_d_star
                .into_solution()
                .map(|s| s.moves)
                .unwrap_or_default();
            plan = problem.cells(&moves);
            plan.reverse();
            plan.pop();
        }
        let Some(next) = plan.pop() else {
            figures.reached = agent == goal;
            return Ok(figures);
        };
        let diagonal = next.x() != agent.x() && next.y() != agent.y();
        figures.cost += if diagonal {
            std::f64::consts::SQRT_2
        } else {
            1.0
        };
        figures.steps += 1;
        agent = next;
    }
}

fn main() -> ExitCode {
    let options = options();
    let text = match std::fs::read_to_string(&options.file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("replanning: cannot read {}: {e}", options.file.display());
            return ExitCode::from(2);
        }
    };
    let mut scenarios = match Scenario::parse_file(&text) {
        Ok(scenarios) => scenarios,
        Err(e) => {
            eprintln!("replanning: {}: {e}", options.file.display());
            return ExitCode::from(2);
        }
    };
    let map_file = options.file.with_extension("");
    let map = match std::fs::read_to_string(&map_file)
        .map_err(|e| e.to_string())
        .and_then(|text| GridMap::parse(&text).map_err(|e| e.to_string()))
    {
        Ok(map) => map,
        Err(e) => {
            eprintln!("replanning: the map {}: {e}", map_file.display());
            return ExitCode::from(2);
        }
    };
    scenarios.sort_by(|a, b| b.optimal_length.total_cmp(&a.optimal_length));
    scenarios.truncate(options.walks);
    println!(
        "{}: {} walks, {}% hidden walls seen from {} cells",
        map_file.display(),
        scenarios.len(),
        options.hidden,
        options.sight
    );
    println!(
        "{:>4} {:>12} {:>12} {:>6} {:>8} | {:>12} {:>10} | {:>12} {:>10}",
        "walk", "from", "to", "steps", "replans", "D* expanded", "D* µs", "A* expanded", "A* µs"
    );
    let mut all = Walk::default();
    for (i, scenario) in scenarios.iter().enumerate() {
        let keep = [scenario.start, scenario.goal];
        let seed = options.seed.wrapping_add(i as u64);
        let truth = hide_walls(&map, options.hidden, seed, keep);
        let figures = match walk(&map, &truth, scenario, options.sight) {
            Ok(figures) => figures,
            Err(e) => {
                eprintln!("replanning: walk {i}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let (d_expanded, d_time) = figures.replans[0].per_plan();
        let (a_expanded, a_time) = figures.replans[1].per_plan();
        println!(
            "{i:>4} {:>12} {:>12} {:>6} {:>8} | {d_expanded:>12.0} {d_time:>10.1} | {a_expanded:>12.0} {a_time:>10.1}{}",
            scenario.start.to_string(),
            scenario.goal.to_string(),
            figures.steps,
            figures.replans[0].plans,
            if figures.reached { "" } else { "  (walled in)" }
        );
        all.steps += figures.steps;
        for side in 0..2 {
            for (total, part) in [
                (&mut all.first[side], &figures.first[side]),
                (&mut all.replans[side], &figures.replans[side]),
            ] {
                total.plans += part.plans;
                total.expanded += part.expanded;
                total.time += part.time;
            }
        }
    }
    let (d_first, _) = all.first[0].per_plan();
    let (a_first, _) = all.first[1].per_plan();
    let (d_expanded, d_time) = all.replans[0].per_plan();
    let (a_expanded, a_time) = all.replans[1].per_plan();
    println!("first plans: D* Lite {d_first:.0} states expanded each, A* {a_first:.0}");
    println!(
        "{} replans over {} steps: D* Lite {d_expanded:.0} states expanded and {d_time:.1} µs \
         per replan, A* from scratch {a_expanded:.0} and {a_time:.1} µs: {:.1} times fewer \
         states, {:.1} times the speed",
        all.replans[0].plans,
        all.steps,
        a_expanded / d_expanded.max(1.0),
        a_time / d_time.max(1e-9),
    );
    ExitCode::SUCCESS
}
