//! The research engines against the classic ones, side by side in one run:
//!
//! - bidirectional A* (BAE*) and MM against A* on Korf's easy 15-puzzles with the Manhattan
//!   distance, on every scenario of the Moving AI `arena` map (8-connected, octile), and on
//!   8-puzzles with no heuristic at all (the weakest: A* is Dijkstra's algorithm there), with
//!   bidirectional BFS and BFS beside them;
//! - IDA*_CR, budgeted tree search (BTS) and depth-first branch and bound against IDA* on a
//!   grid with moves of 10 and 14, where IDA*'s thresholds creep;
//! - BTS against IDA* and IDA*_CR on Korf's easy 15-puzzles with unit costs, and on the first
//!   eight of them with heavy tiles (sliding tile `t` costs `t`);
//! - focal search (A*ε), dynamic potential search (DPS) and explicit estimation search (EES)
//!   against weighted A* at the same weights, on Korf's easy 15-puzzles (unit costs, and the
//!   first eight with heavy tiles) and the arena map: states expanded and the sum of the
//!   costs, each within its bound;
//! - anytime A* (ARA*) from a weight of 3 on Korf's easy 15-puzzles: its first answers and
//!   its last (optimal), against weighted A* at 3 and A*;
//! - partial-expansion A* (EPEA*) against A* and IDA* on random stacks of 14 pancakes.
//!
//! ```text
//! cargo run --release --example research_engines [-- --rounds N] [--data DIR] [--only LIST]
//! ```
//!
//! Prints, per domain and engine, the nodes expanded, generated and stored, and the median
//! time of the rounds; every engine's cost is checked against the others'.

use std::time::Instant;

use informed::puzzles::{Pancake, SlidingPuzzle};
use informed::{
    SearchOptions, SearchResult, Solution, Stats, a_star, branch_and_bound_with,
    budgeted_tree_search, ida_star, ida_star_cr, partial_expansion_a_star,
};

#[allow(dead_code)]
#[path = "../common/args.rs"]
mod args;
mod bidirectional;
mod bounded;
#[path = "../common/grid.rs"]
mod grid;
#[path = "../common/heavy_tiles.rs"]
mod heavy_tiles;
#[path = "../common/wall_grid.rs"]
mod wall_grid;

use bidirectional::{arena, blind_eight_puzzles, fifteen_puzzles};
use bounded::{anytime, bounded};
use wall_grid::WallGrid;

const HELP: &str = "\
usage: research_engines [--rounds N] [--data DIR] [--only LIST]

The research engines against the classic ones, side by side: bidirectional A*
(BAE*), MM and A* on Korf's easy 15-puzzles (Manhattan), on the Moving AI arena map
(octile) and on 8-puzzles without a heuristic (with bidirectional BFS and BFS);
IDA*_CR, budgeted tree search and branch and bound against IDA* on a grid
with moves of 10 and 14; budgeted tree search against IDA* and IDA*_CR on
Korf's easy 15-puzzles, unit costs and heavy tiles;
focal search, dynamic potential search and explicit estimation search
against weighted A* at the same weights (15-puzzles, heavy tiles, arena);
anytime A* (ARA*) from a weight of 3 against A* and weighted A* (15-puzzles);
partial-expansion A* against A* and IDA* on random stacks of 14 pancakes.
Prints nodes expanded, generated and stored and the median time per engine.

Options:
  --rounds N   runs of each engine, the median time reported (default 3)
  --data DIR   where korf_easy20.txt and movingai/ are (default benches/data)
  --only LIST  the tables to print, by name, comma-separated (default all):
               fifteen, arena, blind, weighted, budgeted, bounded, anytime,
               pancakes
  -h, --help   this help
";

/// Totals over a domain's instances.
#[derive(Default)]
pub(crate) struct Totals {
    cost: u64,
    expanded: u64,
    generated: u64,
    stored: u64,
    millis: Vec<f64>,
}

impl Totals {
    fn add(&mut self, cost: Option<u32>, stats: &Stats<u32>) {
        self.cost += cost.map_or(0, u64::from);
        self.expanded += stats.expanded;
        self.generated += stats.generated;
        self.stored += stats.stored as u64;
    }
}

/// Runs `solve` over every instance `rounds` times; the totals of the first round and the
/// median time of all.
pub(crate) fn measure<T>(
    instances: &[T],
    rounds: usize,
    solve: impl Fn(&T) -> (Option<u32>, Stats<u32>),
) -> Totals {
    let mut totals = Totals::default();
    for round in 0..rounds {
        let started = Instant::now();
        for instance in instances {
            let (cost, stats) = solve(instance);
            if round == 0 {
                totals.add(cost, &stats);
            }
        }
        totals.millis.push(started.elapsed().as_secs_f64() * 1e3);
    }
    totals.millis.sort_by(f64::total_cmp);
    totals
}

pub(crate) fn answer<S, M>(
    result: &SearchResult<Solution<S, M, u32>, u32>,
) -> (Option<u32>, Stats<u32>) {
    (result.solution().map(|s| s.cost), result.stats.clone())
}

/// Prints a domain's table; every engine's total cost must equal the first's.
pub(crate) fn report(domain: &str, rows: &[(&str, Totals)]) {
    println!("\n{domain}");
    println!(
        "  {:<22} {:>12} {:>13} {:>12} {:>10}",
        "engine", "expanded", "generated", "stored", "ms"
    );
    for (name, totals) in rows {
        let median = totals.millis[totals.millis.len() / 2];
        println!(
            "  {name:<22} {:>12} {:>13} {:>12} {median:>10.1}",
            totals.expanded, totals.generated, totals.stored
        );
        assert_eq!(totals.cost, rows[0].1.cost, "{name} disagrees on the costs");
    }
}

fn main() {
    let mut args = args::Args::new("research_engines", HELP);
    let mut rounds = 3;
    let mut data = "benches/data".to_string();
    let tables = [
        "fifteen", "arena", "blind", "weighted", "budgeted", "bounded", "anytime", "pancakes",
    ];
    let mut only: Vec<String> = tables.iter().map(ToString::to_string).collect();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.number("--rounds", "the number of runs of each engine"),
            "--data" => data = args.value("--data", "the data directory"),
            "--only" => {
                let list = args.value("--only", "the tables to print");
                only = list.split(',').map(str::to_string).collect();
                if let Some(bad) = only.iter().find(|t| !tables.contains(&t.as_str())) {
                    args.fail(&format!("no table named {bad}: {}", tables.join(", ")));
                }
            }
            _ => args.unexpected(&arg),
        }
    }
    let rounds = rounds.max(1);
    let read = |path: &str| {
        std::fs::read_to_string(format!("{data}/{path}")).unwrap_or_else(|error| {
            args.fail(&format!("cannot read {data}/{path}: {error}"));
        })
    };
    let wants = |table: &str| only.iter().any(|t| t == table);
    let korf = korf_puzzles(&read("korf_easy20.txt"));
    if wants("fifteen") {
        fifteen_puzzles(&korf, rounds);
    }
    let Some(map) = grid::Grid::parse(&read("movingai/arena.map")) else {
        args.fail(&format!("{data}/movingai/arena.map is not a map"));
    };
    let queries: Vec<grid::Query> = map
        .scenarios(&read("movingai/arena.map.scen"))
        .into_iter()
        .map(|(start, goal)| grid::Query {
            grid: &map,
            start,
            goal,
        })
        .collect();
    if wants("arena") {
        arena(&queries, rounds);
    }
    if wants("blind") {
        blind_eight_puzzles(rounds);
    }
    if wants("weighted") {
        weighted_grids(rounds);
    }
    if wants("budgeted") {
        budgeted(&korf, &read("korf_easy20.txt"), rounds);
    }
    if wants("bounded") {
        bounded(&korf, &read("korf_easy20.txt"), &queries, rounds);
    }
    if wants("anytime") {
        anytime(&korf, rounds);
    }
    if wants("pancakes") {
        pancakes(rounds);
    }
}

/// BTS against IDA* and IDA*_CR on Korf's easy 15-puzzles (`text`, also parsed as `korf`),
/// with unit costs and, on the first eight, heavy tiles.
fn budgeted(korf: &[SlidingPuzzle<16>], text: &str, rounds: usize) {
    report(
        &format!(
            "15-puzzle, Manhattan, unit costs: korf_easy20, {} instances",
            korf.len()
        ),
        &[
            ("ida_star", measure(korf, rounds, |p| answer(&ida_star(p)))),
            (
                "ida_star_cr",
                measure(korf, rounds, |p| answer(&ida_star_cr(p))),
            ),
            (
                "budgeted_tree_search",
                measure(korf, rounds, |p| answer(&budgeted_tree_search(p))),
            ),
        ],
    );
    let heavy = heavy_puzzles(text);
    report(
        "15-puzzle, heavy tiles (tile t costs t), weighted Manhattan: korf_easy20, first 8",
        &[
            (
                "ida_star",
                measure(&heavy, rounds, |p| answer(&ida_star(p))),
            ),
            (
                "ida_star_cr",
                measure(&heavy, rounds, |p| answer(&ida_star_cr(p))),
            ),
            (
                "budgeted_tree_search",
                measure(&heavy, rounds, |p| answer(&budgeted_tree_search(p))),
            ),
        ],
    );
}

/// The first eight of Korf's instances in `text`, with heavy tiles.
pub(crate) fn heavy_puzzles(text: &str) -> Vec<heavy_tiles::HeavyTiles> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .take(8)
        .map(|line| {
            let tiles: Vec<u8> = line
                .split_whitespace()
                .skip(2)
                .map(|tile| tile.parse().expect("Korf's tiles are numbers"))
                .collect();
            let start = tiles.try_into().expect("Korf's boards have 16 tiles");
            heavy_tiles::HeavyTiles { start }
        })
        .collect()
}

/// EPEA*, A* and IDA* on 30 random stacks of 14 pancakes (the gap heuristic, which judges a
/// flip without making it).
fn pancakes(rounds: usize) {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let stacks: Vec<Pancake> = (0..30)
        .map(|_| {
            let mut stack: Vec<u8> = (0..14).collect();
            for i in (1..stack.len()).rev() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                stack.swap(i, (seed % (i as u64 + 1)) as usize);
            }
            Pancake::new(&stack).expect("a permutation")
        })
        .collect();
    report(
        "pancakes, gap heuristic: 30 random stacks of 14",
        &[
            (
                "a_star",
                measure(&stacks[..], rounds, |p| answer(&a_star(p))),
            ),
            (
                "partial_expansion_a_star",
                measure(&stacks[..], rounds, |p| {
                    answer(&partial_expansion_a_star(p))
                }),
            ),
            (
                "ida_star",
                measure(&stacks[..], rounds, |p| answer(&ida_star(p))),
            ),
        ],
    );
}

/// Korf's instances (lines `<id> <length> <16 tiles>`), to the goal 0 1 2 ... 15.
fn korf_puzzles(text: &str) -> Vec<SlidingPuzzle<16>> {
    let goal: [u8; 16] = core::array::from_fn(|i| i as u8);
    let goal = goal.map(|t| t.to_string()).join(" ");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let start = line
                .split_whitespace()
                .skip(2)
                .collect::<Vec<_>>()
                .join(" ");
            SlidingPuzzle::<16>::parse(4, 4, &start, &goal).expect("Korf's instances are boards")
        })
        .collect()
}

/// IDA*, IDA*_CR, branch and bound and A* where IDA*'s thresholds creep.
fn weighted_grids(rounds: usize) {
    let grids = [
        WallGrid {
            width: 12,
            height: 9,
        },
        WallGrid {
            width: 14,
            height: 10,
        },
    ];
    let cycles = SearchOptions::new().detect_cycles(true);
    report(
        "grid, moves of 10 and 14, a wall: 12 x 9 and 14 x 10",
        &[
            (
                "ida_star",
                measure(&grids[..], rounds, |g| answer(&ida_star(g))),
            ),
            (
                "ida_star_cr",
                measure(&grids[..], rounds, |g| answer(&ida_star_cr(g))),
            ),
            (
                "budgeted_tree_search",
                measure(&grids[..], rounds, |g| answer(&budgeted_tree_search(g))),
            ),
            (
                "branch_and_bound",
                measure(&grids[..], rounds, |g| {
                    answer(&branch_and_bound_with(g, None, &cycles))
                }),
            ),
            (
                "a_star",
                measure(&grids[..], rounds, |g| answer(&a_star(g))),
            ),
        ],
    );
    for grid in &grids {
        let (by_ida, by_cr) = (ida_star(grid), ida_star_cr(grid));
        let by_bts = budgeted_tree_search(grid);
        println!(
            "  {} x {}: IDA* {} iterations, IDA*_CR {}, BTS {} searches",
            grid.width,
            grid.height,
            by_ida.stats.thresholds.len(),
            by_cr.stats.thresholds.len(),
            by_bts.stats.thresholds.len()
        );
    }
}
