//! The closure adapter against what it replaces: the same closures through the `pathfinding`
//! crate (a dev-dependency, the yardstick) and through `closures::FnProblem` with the engine
//! of the same name, side by side, on
//!
//! - `astar`: the Moving AI `arena` map (8-connected, straight 100, diagonal 141, no corner
//!   cutting, octile heuristic), every scenario of its file; and 100 random 8-puzzles with the
//!   Manhattan distance;
//! - `bfs`: the same map, 4-connected, every scenario; and 20 of the 8-puzzles;
//! - `idastar`: random pancake stacks of 12 with the gap heuristic.
//!
//! ```text
//! cargo run --release --example vs_pathfinding [-- [--side SIDE] MAP_DIR [astar|bfs|idastar]]
//! ```
//!
//! `MAP_DIR` defaults to `benches/data/movingai`; a second argument runs one comparison;
//! `--side informed|pathfinding|hand|closures` runs one side alone (for a profiler such as
//! callgrind).
//!
//! Prints each side's median over seven rounds (the sides alternate within a round) and the
//! ratio; the answers (costs, lengths) are checked to agree.
//!
//! Beside them, for A* and BFS, the same search written by hand over the same closures
//! (`by_hand`): a hash table of indices into an arena of nodes with their parents (and, for
//! A*, a binary heap) and nothing else: no limits, statistics, or checks. It is the least a
//! search through these closures can cost, and so bounds what any library can gain on
//! `pathfinding` here: most of the time goes to the closures themselves (a `Vec` allocated
//! and freed per node) and to hashing.
//!
//! Last, for A* and BFS, the closures alone (`closures`): the calls the search by hand made to
//! them, replayed on the nodes it made them on (recorded in a run before the race), with no
//! search around them. No search through these closures can take less, so `pathfinding`'s
//! time over theirs (`p/clos`) is the most any library can gain on it here.
//!
//! A second table takes the closures' time from each side's: what is left is the search
//! itself. Beside it, the budget: the most a search may take beside the closures for 1.5
//! times `pathfinding`'s speed (the target set for the adapter), and each side's search
//! over that budget. Above 1, a search must be that many times leaner to meet the target.

use std::cell::RefCell;
use std::process::ExitCode;
use std::time::Instant;

use informed::closures::FnProblem;
use informed::{a_star, bfs, ida_star};

#[allow(dead_code)]
#[path = "../common/args.rs"]
mod args;
mod by_hand;
mod closures;
#[allow(dead_code)]
#[path = "../common/grid.rs"]
mod grid;

use by_hand::{astar_by_hand, bfs_by_hand, record, replay_astar, replay_bfs};
use closures::{
    SOLVED, Stack, Tiles, flips, four, gaps, manhattan, octile, random_boards, random_stacks,
    slides,
};
use grid::{Cell, Grid, octile_distance};

const HELP: &str = "\
usage: vs_pathfinding [--side SIDE] [MAP_DIR [astar|bfs|idastar]]

The closure adapter (closures::FnProblem) against the pathfinding crate, the
same closures through both, median of seven rounds each and the ratio (p/inf:
above 1, informed is faster); for A* and BFS also the same search written by
hand over the same closures, the least a search through them costs (p/hand),
and the closures alone, called as the search by hand called them with no search
around them: no search can take less (p/clos, the most a library can gain).
Then, per row, each side's search (its time less the closures') against the
most it may take for 1.5 times pathfinding's speed:
  astar    the Moving AI arena map, 8-connected, octile heuristic, every scenario;
           100 random 8-puzzles, Manhattan distance
  bfs      the same map, 4-connected, every scenario; 20 of the 8-puzzles
  idastar  random pancake stacks of 12, gap heuristic

MAP_DIR holds arena.map and arena.map.scen (default benches/data/movingai);
a second argument runs one comparison only.

Options:
  --side SIDE  run one side alone: informed, pathfinding, hand or closures
               (for a profiler; no ratios)
  -h, --help   this help
";

/// How many rounds each race runs: each side's time is its median.
const ROUNDS: usize = 7;

/// The speed-up over `pathfinding` the closure adapter aims at, against
/// which the table of budgets measures each side's search.
const TARGET: f64 = 1.5;

/// How the races run: one side alone, if `side` is some; whether the closures' side runs (and
/// so the calls of the searches by hand are recorded for it, untimed).
struct Races {
    side: Option<usize>,
    replayed: bool,
    /// Each row reported so far, with its medians: for the table of budgets at the end.
    rows: RefCell<Vec<(String, Vec<f64>)>>,
}

/// The sides of a race, in the order they run, as `--side` names them.
const SIDES: [&str; 4] = ["informed", "pathfinding", "hand", "closures"];

/// The sum of `answer` over `items`: one side's answers to a set of problems, to check the
/// sides agree.
fn sum<T>(items: &[T], answer: impl FnMut(&T) -> u64) -> u64 {
    items.iter().map(answer).sum()
}

impl Races {
    /// One row of the table: the medians of informed, `pathfinding`, the search by hand and
    /// the closures alone (the last two if run), and the ratios of `pathfinding` to each.
    fn report(&self, what: &str, medians: &[f64]) {
        let theirs = medians[1];
        let time = |at: usize| {
            medians
                .get(at)
                .map_or_else(|| format!("{:>8}   ", "-"), |t| format!("{t:8.2} ms"))
        };
        let ratio = |at: usize| {
            medians
                .get(at)
                .map_or_else(|| format!("{:>5}", "-"), |t| format!("{:5.2}", theirs / t))
        };
        println!(
            "{what:<30}{} {} {} {}    {}    {}    {}",
            time(0),
            time(1),
            time(2),
            time(3),
            ratio(0),
            ratio(2),
            ratio(3)
        );
        self.rows
            .borrow_mut()
            .push((what.to_string(), medians.to_vec()));
    }

    /// The table of budgets, for the rows whose closures ran alone and all of whose sides
    /// ran: what a search may take beside the closures for `TARGET` times `pathfinding`'s
    /// speed (`pathfinding`'s time over `TARGET`, less the closures'), against what each
    /// side's search takes (its time less the closures').
    fn report_budgets(&self) {
        let rows = self.rows.borrow();
        let measured: Vec<_> = rows
            .iter()
            .filter(|(_, m)| m.len() == 4 && m.iter().all(|t| t.is_finite()))
            .collect();
        if measured.is_empty() {
            return;
        }
        println!(
            "\nThe search beside the closures, in ms: the most it may take for {TARGET}x \
             pathfinding's speed\n(pathfinding / {TARGET} - closures), and what each side's \
             takes (its time - the closures'),\nwith that over the budget:"
        );
        println!(
            "{:<30}{:>8} {:>17} {:>17} {:>17}",
            "what", "budget", "informed", "pathfinding", "by hand"
        );
        for (what, m) in measured {
            let closures = m[3];
            let budget = m[1] / TARGET - closures;
            if budget <= 0.0 {
                println!("{what:<30}    none: the closures alone take longer");
                continue;
            }
            let search = |at: usize| {
                let own = m[at] - closures;
                format!("{own:8.2} ({:5.2}x)", own / budget)
            };
            println!(
                "{what:<30}{budget:8.2} {} {} {}",
                search(0),
                search(1),
                search(2)
            );
        }
    }

    /// Runs each of `sides` in turn (or only the one side asked for), [`ROUNDS`] times; their
    /// median times in ms (NaN for a side not run). Their answers must agree.
    fn race(&self, sides: &mut [&mut dyn FnMut() -> u64]) -> Vec<f64> {
        let mut times = vec![Vec::new(); sides.len()];
        for _ in 0..ROUNDS {
            let mut answers = Vec::new();
            for (number, (side, times)) in sides.iter_mut().zip(&mut times).enumerate() {
                if self.side.is_some_and(|only| only != number) {
                    times.push(f64::NAN);
                    continue;
                }
                let started = Instant::now();
                answers.push(side());
                times.push(started.elapsed().as_secs_f64() * 1e3);
            }
            assert!(
                answers.windows(2).all(|w| w[0] == w[1]),
                "the sides disagree"
            );
        }
        times
            .into_iter()
            .map(|mut v| {
                v.sort_by(f64::total_cmp);
                v[v.len() / 2]
            })
            .collect()
    }
}

fn main() -> ExitCode {
    let mut args = args::Args::new("vs_pathfinding", HELP);
    let mut side = None;
    let mut positional = || loop {
        let arg = args.next()?;
        if arg == "--side" {
            let name = args.value("--side", "informed, pathfinding, hand or closures");
            let Some(number) = SIDES.iter().position(|&s| s == name) else {
                args.fail(&format!(
                    "--side takes informed, pathfinding, hand or closures, not '{}'",
                    args::excerpt(&name)
                ));
            };
            side = Some(number);
            continue;
        }
        if arg.starts_with('-') {
            args.unexpected(&arg);
        }
        return Some(arg);
    };
    let dir = positional().unwrap_or_else(|| "benches/data/movingai".to_string());
    let only = positional();
    let extra = positional();
    if let Some(name) = &only {
        if !matches!(name.as_str(), "astar" | "bfs" | "idastar") {
            args.fail(&format!(
                "the comparison to run is astar, bfs or idastar, not '{}'",
                args::excerpt(name)
            ));
        }
    }
    if let Some(arg) = extra {
        args.unexpected(&arg);
    }
    let (Ok(map), Ok(scenarios)) = (
        std::fs::read_to_string(format!("{dir}/arena.map")),
        std::fs::read_to_string(format!("{dir}/arena.map.scen")),
    ) else {
        eprintln!("vs_pathfinding: cannot read {dir}/arena.map and arena.map.scen");
        return ExitCode::from(2);
    };
    let Some(grid) = Grid::parse(&map) else {
        eprintln!("vs_pathfinding: {dir}/arena.map is not a map");
        return ExitCode::from(2);
    };
    let queries = grid.scenarios(&scenarios);
    let run = |name: &str| only.as_deref().is_none_or(|only| only == name);
    let races = Races {
        side,
        replayed: side.is_none_or(|side| SIDES[side] == "closures"),
        rows: RefCell::new(Vec::new()),
    };
    println!(
        "{:<30}{:>11} {:>11} {:>11} {:>11}    {:>5}    {:>5}    {:>5}",
        "what", "informed", "pathfinding", "by hand", "closures", "p/inf", "p/hand", "p/clos"
    );

    if run("astar") {
        astar_on_the_map(&races, &grid, &queries);
    }
    if run("bfs") {
        bfs_on_the_map(&races, &grid, &queries);
    }
    let boards = random_boards(100);
    if run("astar") {
        astar_on_boards(&races, &boards);
    }
    if run("bfs") {
        bfs_on_boards(&races, &boards);
    }
    if run("idastar") {
        idastar_on_stacks(&races, &random_stacks(200));
    }
    races.report_budgets();
    ExitCode::SUCCESS
}

/// A* on the map, every query, side by side: one row of the table.
fn astar_on_the_map(races: &Races, grid: &Grid, queries: &[(Cell, Cell)]) {
    let calls = record(races.replayed, queries.len(), |query, record| {
        let (start, goal) = queries[query];
        let found = astar_by_hand(
            &start,
            |&c: &Cell| octile(grid, c),
            |&c: &Cell| octile_distance(c, goal),
            |&c: &Cell| c == goal,
            record,
        );
        u64::from(found.unwrap_or(0))
    });
    let replay: Vec<_> = calls.iter().zip(queries.iter().map(|q| q.1)).collect();
    let medians = races.race(&mut [
        &mut || {
            sum(queries, |&(start, goal)| {
                let problem = FnProblem::new(
                    start,
                    |&c: &Cell| octile(grid, c),
                    |&c: &Cell| octile_distance(c, goal),
                    |&c: &Cell| c == goal,
                );
                u64::from(a_star(&problem).solution().map_or(0, |s| s.cost))
            })
        },
        &mut || {
            sum(queries, |&(start, goal)| {
                let found = pathfinding::prelude::astar(
                    &start,
                    |&c: &Cell| octile(grid, c),
                    |&c: &Cell| octile_distance(c, goal),
                    |&c: &Cell| c == goal,
                );
                u64::from(found.map_or(0, |(_, cost)| cost))
            })
        },
        &mut || {
            sum(queries, |&(start, goal)| {
                let found = astar_by_hand(
                    &start,
                    |&c: &Cell| octile(grid, c),
                    |&c: &Cell| octile_distance(c, goal),
                    |&c: &Cell| c == goal,
                    |_| {},
                );
                u64::from(found.unwrap_or(0))
            })
        },
        &mut || {
            sum(&replay, |(calls, goal)| {
                replay_astar(
                    calls,
                    |&c: &Cell| octile(grid, c),
                    |&c: &Cell| octile_distance(c, *goal),
                    |&c: &Cell| c == *goal,
                )
            })
        },
    ]);
    races.report(
        &format!("astar, arena, {} queries", queries.len()),
        &medians,
    );
}

/// BFS on the map, 4-connected, every query, side by side: one row of the table.
fn bfs_on_the_map(races: &Races, grid: &Grid, queries: &[(Cell, Cell)]) {
    let calls = record(races.replayed, queries.len(), |query, record| {
        let (start, goal) = queries[query];
        let found = bfs_by_hand(
            &start,
            |&c: &Cell| four(grid, c),
            |&c: &Cell| c == goal,
            record,
        );
        found.map_or(0, |length| length as u64)
    });
    let replay: Vec<_> = calls.iter().zip(queries.iter().map(|q| q.1)).collect();
    let medians = races.race(&mut [
        &mut || {
            sum(queries, |&(start, goal)| {
                let problem = FnProblem::new(
                    start,
                    |&c: &Cell| four(grid, c).into_iter().map(|n| (n, 1u32)),
                    |_: &Cell| 0u32,
                    |&c: &Cell| c == goal,
                );
                bfs(&problem).solution().map_or(0, |s| s.len() as u64)
            })
        },
        &mut || {
            sum(queries, |&(start, goal)| {
                let found = pathfinding::prelude::bfs(
                    &start,
                    |&c: &Cell| four(grid, c),
                    |&c: &Cell| c == goal,
                );
                found.map_or(0, |path| path.len() as u64 - 1)
            })
        },
        &mut || {
            sum(queries, |&(start, goal)| {
                let found = bfs_by_hand(
                    &start,
                    |&c: &Cell| four(grid, c),
                    |&c: &Cell| c == goal,
                    |_| {},
                );
                found.map_or(0, |length| length as u64)
            })
        },
        &mut || {
            sum(&replay, |(calls, goal)| {
                replay_bfs(calls, |&c: &Cell| four(grid, c), |&c: &Cell| c == *goal)
            })
        },
    ]);
    races.report("bfs, arena 4-connected", &medians);
}

/// A* on the 8-puzzles, side by side: one row of the table.
fn astar_on_boards(races: &Races, boards: &[Tiles]) {
    let solved = |t: &Tiles| *t == SOLVED;
    let calls = record(races.replayed, boards.len(), |board, record| {
        let found = astar_by_hand(&boards[board], slides, manhattan, solved, record);
        u64::from(found.unwrap_or(0))
    });
    let medians = races.race(&mut [
        &mut || {
            sum(boards, |board| {
                let problem = FnProblem::new(*board, slides, manhattan, solved);
                u64::from(a_star(&problem).solution().map_or(0, |s| s.cost))
            })
        },
        &mut || {
            sum(boards, |board| {
                let found = pathfinding::prelude::astar(board, slides, manhattan, solved);
                u64::from(found.map_or(0, |(_, cost)| cost))
            })
        },
        &mut || {
            sum(boards, |board| {
                let found = astar_by_hand(board, slides, manhattan, solved, |_| {});
                u64::from(found.unwrap_or(0))
            })
        },
        &mut || {
            sum(&calls, |calls| {
                replay_astar(calls, slides, manhattan, solved)
            })
        },
    ]);
    races.report("astar, 100 8-puzzles", &medians);
}

/// BFS on the first 20 of the 8-puzzles, side by side: one row of the table.
fn bfs_on_boards(races: &Races, boards: &[Tiles]) {
    let solved = |t: &Tiles| *t == SOLVED;
    let next = |t: &Tiles| slides(t).into_iter().map(|(after, _)| after);
    let calls = record(races.replayed, 20, |board, record| {
        let found = bfs_by_hand(&boards[board], next, solved, record);
        found.map_or(0, |length| length as u64)
    });
    let medians = races.race(&mut [
        &mut || {
            sum(&boards[..20], |board| {
                let problem = FnProblem::new(*board, slides, |_: &Tiles| 0u32, solved);
                bfs(&problem).solution().map_or(0, |s| s.len() as u64)
            })
        },
        &mut || {
            sum(&boards[..20], |board| {
                let found = pathfinding::prelude::bfs(board, next, solved);
                found.map_or(0, |path| path.len() as u64 - 1)
            })
        },
        &mut || {
            sum(&boards[..20], |board| {
                let found = bfs_by_hand(board, next, solved, |_| {});
                found.map_or(0, |length| length as u64)
            })
        },
        &mut || sum(&calls, |calls| replay_bfs(calls, next, solved)),
    ]);
    races.report("bfs, 20 8-puzzles", &medians);
}

/// IDA* on the pancake stacks, side by side: one row of the table.
fn idastar_on_stacks(races: &Races, stacks: &[Stack]) {
    let medians = races.race(&mut [
        &mut || {
            sum(stacks, |stack| {
                let problem = FnProblem::new(*stack, flips, gaps, |s: &Stack| gaps(s) == 0);
                u64::from(ida_star(&problem).solution().map_or(0, |s| s.cost))
            })
        },
        &mut || {
            sum(stacks, |stack| {
                let found =
                    pathfinding::prelude::idastar(stack, flips, gaps, |s: &Stack| gaps(s) == 0);
                u64::from(found.map_or(0, |(_, cost)| cost))
            })
        },
    ]);
    races.report("idastar, 200 pancake stacks", &medians);
}
