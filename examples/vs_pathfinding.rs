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
//! `MAP_DIR` defaults to `../shared/data/movingai`; a second argument runs one comparison;
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

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::{BuildHasher, Hash};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use hashbrown::hash_table::{Entry, HashTable};
use rustc_hash::FxBuildHasher;

use informed::closures::FnProblem;
use informed::{a_star, bfs, ida_star};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[allow(dead_code)]
#[path = "common/grid.rs"]
mod grid;

use grid::{octile_distance, Cell, Grid};

const HELP: &str = "\
usage: vs_pathfinding [--side SIDE] [MAP_DIR [astar|bfs|idastar]]

The closure adapter (closures::FnProblem) against the pathfinding crate, the
same closures through both, median of seven rounds each and the ratio (p/inf:
above 1, informed is faster); for A* and BFS also the same search written by
hand over the same closures, the least a search through them costs (p/hand),
and the closures alone, called as the search by hand called them with no search
around them: no search can take less (p/clos, the most a library can gain):
  astar    the Moving AI arena map, 8-connected, octile heuristic, every scenario;
           100 random 8-puzzles, Manhattan distance
  bfs      the same map, 4-connected, every scenario; 20 of the 8-puzzles
  idastar  random pancake stacks of 12, gap heuristic

MAP_DIR holds arena.map and arena.map.scen (default ../shared/data/movingai);
a second argument runs one comparison only.

Options:
  --side SIDE  run one side alone: informed, pathfinding, hand or closures
               (for a profiler; no ratios)
  -h, --help   this help
";

/// The 8 neighbours of a cell with their costs, as the `astar` closures take them.
fn octile(grid: &Grid, cell: Cell) -> Vec<(Cell, u32)> {
    grid.octile(cell).map(|(_, to, cost)| (to, cost)).collect()
}

/// The 4 neighbours.
fn four(grid: &Grid, (x, y): Cell) -> Vec<Cell> {
    [(0, -1), (-1, 0), (1, 0), (0, 1)]
        .into_iter()
        .map(|(dx, dy)| (x + dx, y + dy))
        .filter(|&to| grid.free(to))
        .collect()
}

type Stack = [u8; 13];

fn gap(a: u8, b: u8) -> u32 {
    u32::from(a.abs_diff(b) != 1)
}

fn gaps(stack: &Stack) -> u32 {
    stack.windows(2).map(|w| gap(w[0], w[1])).sum()
}

fn flips(stack: &Stack) -> Vec<(Stack, u32)> {
    (2..=12)
        .map(|k| {
            let mut next = *stack;
            next[..k].reverse();
            (next, 1)
        })
        .collect()
}

type Tiles = [u8; 9];

/// The 8-puzzle's successors: the blank (0) swapped with each neighbour, at cost 1.
fn slides(tiles: &Tiles) -> Vec<(Tiles, u32)> {
    let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
    let (row, col) = (blank / 3, blank % 3);
    let mut next = Vec::with_capacity(4);
    for (ok, cell) in [
        (row > 0, blank.wrapping_sub(3)),
        (col > 0, blank.wrapping_sub(1)),
        (col < 2, blank + 1),
        (row < 2, blank + 3),
    ] {
        if ok {
            let mut after = *tiles;
            after.swap(blank, cell);
            next.push((after, 1));
        }
    }
    next
}

/// The Manhattan distance to 1 2 3 4 5 6 7 8 0.
fn manhattan(tiles: &Tiles) -> u32 {
    tiles
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(cell, &t)| {
            let home = usize::from(t) - 1;
            ((cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3)) as u32
        })
        .sum()
}

const SOLVED: Tiles = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// 8-puzzles by seeded random walks of 60 slides from the goal.
fn random_boards(count: usize) -> Vec<Tiles> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    (0..count)
        .map(|_| {
            let mut tiles = SOLVED;
            for _ in 0..60 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let next = slides(&tiles);
                tiles = next[(state % next.len() as u64) as usize].0;
            }
            tiles
        })
        .collect()
}

fn random_stacks(count: usize) -> Vec<Stack> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..count)
        .map(|_| {
            let mut stack: Stack = core::array::from_fn(|i| i as u8);
            for i in (1..12).rev() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                stack.swap(i, (state % (i as u64 + 1)) as usize);
            }
            stack
        })
        .collect()
}

/// A call a search by hand makes to the closures, for [`Calls`] to record: the successors of a
/// node (and, for A*, whether it is a goal), or the heuristic of one.
enum Call<'a, N> {
    Expand(&'a N),
    Estimate(&'a N),
}

/// The calls a search by hand made to the closures, recorded to be replayed alone, and its
/// answer.
struct Calls<N> {
    expanded: Vec<N>,
    estimated: Vec<N>,
    answer: u64,
}

impl<N: Clone> Calls<N> {
    /// The calls `search` makes through the recorder it is handed, and the answer it gives.
    fn of(search: impl FnOnce(&mut dyn FnMut(Call<'_, N>)) -> u64) -> Calls<N> {
        let (mut expanded, mut estimated) = (Vec::new(), Vec::new());
        let answer = search(&mut |call| match call {
            Call::Expand(node) => expanded.push(node.clone()),
            Call::Estimate(node) => estimated.push(node.clone()),
        });
        Calls {
            expanded,
            estimated,
            answer,
        }
    }
}

/// The calls `search` makes on each of `items` problems (by number), if `replayed`; else none
/// (a profile of another side alone is of that side alone).
fn record<N: Clone>(
    replayed: bool,
    items: usize,
    search: impl Fn(usize, &mut dyn FnMut(Call<'_, N>)) -> u64,
) -> Vec<Calls<N>> {
    let items = if replayed { items } else { 0 };
    (0..items)
        .map(|item| Calls::of(|record| search(item, record)))
        .collect()
}

/// The calls a BFS by hand made, replayed with no search around them: the successors of each
/// node it expanded, each tested as a goal; its answer.
fn replay_bfs<N, I: IntoIterator<Item = N>>(
    calls: &Calls<N>,
    successors: impl Fn(&N) -> I,
    success: impl Fn(&N) -> bool,
) -> u64 {
    for node in &calls.expanded {
        for child in successors(node) {
            black_box(success(&child));
            black_box(child);
        }
    }
    calls.answer
}

/// The calls an A* by hand made, replayed with no search around them: each node it expanded
/// tested as a goal and its successors listed, and the heuristic of each node it estimated;
/// its answer.
fn replay_astar<N, I: IntoIterator<Item = (N, u32)>>(
    calls: &Calls<N>,
    successors: impl Fn(&N) -> I,
    heuristic: impl Fn(&N) -> u32,
    success: impl Fn(&N) -> bool,
) -> u64 {
    for node in &calls.expanded {
        black_box(success(node));
        for child in successors(node) {
            black_box(child);
        }
    }
    for node in &calls.estimated {
        black_box(heuristic(node));
    }
    calls.answer
}

/// Breadth-first search written by hand over `pathfinding::bfs`'s closures: the length of a
/// shortest path to a node where `success` holds, checked as nodes are generated (as
/// `pathfinding` does). Each node expanded is handed to `record` (which does nothing but in
/// the run that records the calls).
fn bfs_by_hand<N: Clone + Eq + Hash, I: IntoIterator<Item = N>>(
    start: &N,
    successors: impl Fn(&N) -> I,
    success: impl Fn(&N) -> bool,
    mut record: impl FnMut(Call<'_, N>),
) -> Option<usize> {
    if success(start) {
        return Some(0);
    }
    let hasher = FxBuildHasher;
    // Each node with the index of its parent, in the order reached: the queue too.
    let mut nodes: Vec<(N, u32)> = vec![(start.clone(), u32::MAX)];
    let mut index: HashTable<u32> = HashTable::new();
    index.insert_unique(hasher.hash_one(start), 0, |_| 0);
    let mut next = 0;
    while next < nodes.len() {
        let node = nodes[next].0.clone();
        record(Call::Expand(&node));
        for child in successors(&node) {
            if success(&child) {
                let (mut length, mut at) = (1, next);
                while nodes[at].1 != u32::MAX {
                    (length, at) = (length + 1, nodes[at].1 as usize);
                }
                return Some(length);
            }
            let hash = hasher.hash_one(&child);
            let entry = index.entry(
                hash,
                |&i| nodes[i as usize].0 == child,
                |&i| hasher.hash_one(&nodes[i as usize].0),
            );
            if let Entry::Vacant(vacant) = entry {
                vacant.insert(nodes.len() as u32);
                nodes.push((child, next as u32));
            }
        }
        next += 1;
    }
    None
}

/// A* written by hand over `pathfinding::astar`'s closures (unsigned costs): the cost of a
/// cheapest path. An entry of the heap whose node has since been reached more cheaply is
/// passed over when it comes out. Each node expanded, and each whose heuristic is asked for,
/// is handed to `record`.
fn astar_by_hand<N: Clone + Eq + Hash, I: IntoIterator<Item = (N, u32)>>(
    start: &N,
    successors: impl Fn(&N) -> I,
    heuristic: impl Fn(&N) -> u32,
    success: impl Fn(&N) -> bool,
    mut record: impl FnMut(Call<'_, N>),
) -> Option<u32> {
    let hasher = FxBuildHasher;
    // Each node with its cost so far.
    let mut nodes: Vec<(N, u32)> = vec![(start.clone(), 0)];
    let mut index: HashTable<u32> = HashTable::new();
    index.insert_unique(hasher.hash_one(start), 0, |_| 0);
    // (f, g, node) by least f, then greatest g (the deepest of equal f first, as
    // `pathfinding` breaks ties).
    let mut open = BinaryHeap::new();
    record(Call::Estimate(start));
    open.push(Reverse((heuristic(start), Reverse(0u32), 0u32)));
    while let Some(Reverse((_, Reverse(g), at))) = open.pop() {
        let node = nodes[at as usize].0.clone();
        if g > nodes[at as usize].1 {
            continue;
        }
        record(Call::Expand(&node));
        if success(&node) {
            return Some(g);
        }
        for (child, cost) in successors(&node) {
            let child_g = g + cost;
            let hash = hasher.hash_one(&child);
            let entry = index.entry(
                hash,
                |&i| nodes[i as usize].0 == child,
                |&i| hasher.hash_one(&nodes[i as usize].0),
            );
            let i = match entry {
                Entry::Occupied(known) => {
                    let i = *known.get();
                    if nodes[i as usize].1 <= child_g {
                        continue;
                    }
                    nodes[i as usize].1 = child_g;
                    i
                }
                Entry::Vacant(vacant) => {
                    let i = nodes.len() as u32;
                    vacant.insert(i);
                    nodes.push((child.clone(), child_g));
                    i
                }
            };
            record(Call::Estimate(&child));
            open.push(Reverse((child_g + heuristic(&child), Reverse(child_g), i)));
        }
    }
    None
}

/// The sides of a race, in the order they run, as `--side` names them.
const SIDES: [&str; 4] = ["informed", "pathfinding", "hand", "closures"];

/// The sum of `answer` over `items`: one side's answers to a set of problems, to check the
/// sides agree.
fn sum<T>(items: &[T], answer: impl FnMut(&T) -> u64) -> u64 {
    items.iter().map(answer).sum()
}

/// Runs each of `sides` in turn (or only side `only`), `rounds` times; their median times in
/// ms (NaN for a side not run). Their answers must agree.
fn race(rounds: usize, only: Option<usize>, sides: &mut [&mut dyn FnMut() -> u64]) -> Vec<f64> {
    let mut times = vec![Vec::new(); sides.len()];
    for _ in 0..rounds {
        let mut answers = Vec::new();
        for (number, (side, times)) in sides.iter_mut().zip(&mut times).enumerate() {
            if only.is_some_and(|only| only != number) {
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

/// One row of the table: the medians of informed, `pathfinding`, the search by hand and the
/// closures alone (the last two if run), and the ratios of `pathfinding` to each.
fn report(what: &str, medians: &[f64]) {
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
}

// Three races, one after the other: one function reads best.
#[allow(clippy::too_many_lines)]
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
    let dir = positional().unwrap_or_else(|| "../shared/data/movingai".to_string());
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
    let stacks = random_stacks(200);
    let rounds = 7;
    let run = |name: &str| only.as_deref().is_none_or(|only| only == name);
    // The calls of the searches by hand are recorded (untimed) for the closures' side.
    let replayed = side.is_none_or(|side| SIDES[side] == "closures");
    println!(
        "{:<30}{:>11} {:>11} {:>11} {:>11}    {:>5}    {:>5}    {:>5}",
        "what", "informed", "pathfinding", "by hand", "closures", "p/inf", "p/hand", "p/clos"
    );

    if run("astar") {
        let calls = record(replayed, queries.len(), |query, record| {
            let (start, goal) = queries[query];
            let found = astar_by_hand(
                &start,
                |&c: &Cell| octile(&grid, c),
                |&c: &Cell| octile_distance(c, goal),
                |&c: &Cell| c == goal,
                record,
            );
            u64::from(found.unwrap_or(0))
        });
        let replay: Vec<_> = calls.iter().zip(queries.iter().map(|q| q.1)).collect();
        let medians = race(
            rounds,
            side,
            &mut [
                &mut || {
                    sum(&queries, |&(start, goal)| {
                        let problem = FnProblem::new(
                            start,
                            |&c: &Cell| octile(&grid, c),
                            |&c: &Cell| octile_distance(c, goal),
                            |&c: &Cell| c == goal,
                        );
                        u64::from(a_star(&problem).solution().map_or(0, |s| s.cost))
                    })
                },
                &mut || {
                    sum(&queries, |&(start, goal)| {
                        let found = pathfinding::prelude::astar(
                            &start,
                            |&c: &Cell| octile(&grid, c),
                            |&c: &Cell| octile_distance(c, goal),
                            |&c: &Cell| c == goal,
                        );
                        u64::from(found.map_or(0, |(_, cost)| cost))
                    })
                },
                &mut || {
                    sum(&queries, |&(start, goal)| {
                        let found = astar_by_hand(
                            &start,
                            |&c: &Cell| octile(&grid, c),
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
                            |&c: &Cell| octile(&grid, c),
                            |&c: &Cell| octile_distance(c, *goal),
                            |&c: &Cell| c == *goal,
                        )
                    })
                },
            ],
        );
        report(
            &format!("astar, arena, {} queries", queries.len()),
            &medians,
        );
    }
    if run("bfs") {
        let calls = record(replayed, queries.len(), |query, record| {
            let (start, goal) = queries[query];
            let found = bfs_by_hand(
                &start,
                |&c: &Cell| four(&grid, c),
                |&c: &Cell| c == goal,
                record,
            );
            found.map_or(0, |length| length as u64)
        });
        let replay: Vec<_> = calls.iter().zip(queries.iter().map(|q| q.1)).collect();
        let medians = race(
            rounds,
            side,
            &mut [
                &mut || {
                    sum(&queries, |&(start, goal)| {
                        let problem = FnProblem::new(
                            start,
                            |&c: &Cell| four(&grid, c).into_iter().map(|n| (n, 1u32)),
                            |_: &Cell| 0u32,
                            |&c: &Cell| c == goal,
                        );
                        bfs(&problem).solution().map_or(0, |s| s.len() as u64)
                    })
                },
                &mut || {
                    sum(&queries, |&(start, goal)| {
                        let found = pathfinding::prelude::bfs(
                            &start,
                            |&c: &Cell| four(&grid, c),
                            |&c: &Cell| c == goal,
                        );
                        found.map_or(0, |path| path.len() as u64 - 1)
                    })
                },
                &mut || {
                    sum(&queries, |&(start, goal)| {
                        let found = bfs_by_hand(
                            &start,
                            |&c: &Cell| four(&grid, c),
                            |&c: &Cell| c == goal,
                            |_| {},
                        );
                        found.map_or(0, |length| length as u64)
                    })
                },
                &mut || {
                    sum(&replay, |(calls, goal)| {
                        replay_bfs(calls, |&c: &Cell| four(&grid, c), |&c: &Cell| c == *goal)
                    })
                },
            ],
        );
        report("bfs, arena 4-connected", &medians);
    }
    let boards = random_boards(100);
    let solved = |t: &Tiles| *t == SOLVED;
    if run("astar") {
        let calls = record(replayed, boards.len(), |board, record| {
            let found = astar_by_hand(&boards[board], slides, manhattan, solved, record);
            u64::from(found.unwrap_or(0))
        });
        let medians = race(
            rounds,
            side,
            &mut [
                &mut || {
                    sum(&boards, |board| {
                        let problem = FnProblem::new(*board, slides, manhattan, solved);
                        u64::from(a_star(&problem).solution().map_or(0, |s| s.cost))
                    })
                },
                &mut || {
                    sum(&boards, |board| {
                        let found = pathfinding::prelude::astar(board, slides, manhattan, solved);
                        u64::from(found.map_or(0, |(_, cost)| cost))
                    })
                },
                &mut || {
                    sum(&boards, |board| {
                        let found = astar_by_hand(board, slides, manhattan, solved, |_| {});
                        u64::from(found.unwrap_or(0))
                    })
                },
                &mut || {
                    sum(&calls, |calls| {
                        replay_astar(calls, slides, manhattan, solved)
                    })
                },
            ],
        );
        report("astar, 100 8-puzzles", &medians);
    }
    if run("bfs") {
        let next = |t: &Tiles| slides(t).into_iter().map(|(after, _)| after);
        let calls = record(replayed, 20, |board, record| {
            let found = bfs_by_hand(&boards[board], next, solved, record);
            found.map_or(0, |length| length as u64)
        });
        let medians = race(
            rounds,
            side,
            &mut [
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
            ],
        );
        report("bfs, 20 8-puzzles", &medians);
    }
    if run("idastar") {
        let medians = race(
            rounds,
            side,
            &mut [
                &mut || {
                    sum(&stacks, |stack| {
                        let problem = FnProblem::new(*stack, flips, gaps, |s: &Stack| gaps(s) == 0);
                        u64::from(ida_star(&problem).solution().map_or(0, |s| s.cost))
                    })
                },
                &mut || {
                    sum(&stacks, |stack| {
                        let found =
                            pathfinding::prelude::idastar(stack, flips, gaps, |s: &Stack| {
                                gaps(s) == 0
                            });
                        u64::from(found.map_or(0, |(_, cost)| cost))
                    })
                },
            ],
        );
        report("idastar, 200 pancake stacks", &medians);
    }
    ExitCode::SUCCESS
}
