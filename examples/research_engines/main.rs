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

use informed::puzzles::{Pancake, SlidingPuzzle, sliding_tile};
use informed::{
    AnytimeAStar, Bidirectional, MoveBuffer, SearchOptions, SearchProblem, SearchResult, Solution,
    Stats, a_star, bfs, bidirectional_a_star, bidirectional_bfs, branch_and_bound_with,
    budgeted_tree_search, dijkstra, dynamic_potential_search, explicit_estimation_search,
    focal_search, ida_star, ida_star_cr, meet_in_the_middle, partial_expansion_a_star,
    weighted_a_star,
};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[path = "common/grid.rs"]
mod grid;
#[path = "common/heavy_tiles.rs"]
mod heavy_tiles;
#[path = "common/wall_grid.rs"]
mod wall_grid;

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
struct Totals {
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
fn measure<T>(
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

fn answer<S, M>(result: &SearchResult<Solution<S, M, u32>, u32>) -> (Option<u32>, Stats<u32>) {
    (result.solution().map(|s| s.cost), result.stats.clone())
}

/// Prints a domain's table; every engine's total cost must equal the first's.
fn report(domain: &str, rows: &[(&str, Totals)]) {
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

/// A puzzle with its heuristics taken away, both ways.
struct Blind<P>(P);

impl<P: Bidirectional> SearchProblem for Blind<P> {
    type State = P::State;
    type Move = P::Move;
    type Cost = P::Cost;
    fn start(&self) -> P::State {
        self.0.start()
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.0.is_goal(state)
    }
    fn moves(&self, state: &P::State, moves: &mut MoveBuffer<P::Move, P::Cost>) {
        self.0.moves(state, moves);
    }
    fn apply(&self, state: &mut P::State, mv: P::Move) {
        self.0.apply(state, mv);
    }
    fn inverse(&self, mv: P::Move) -> Option<P::Move> {
        self.0.inverse(mv)
    }
}

impl<P: Bidirectional> Bidirectional for Blind<P> {
    fn goals(&self) -> Vec<P::State> {
        self.0.goals()
    }
}

/// 8-puzzles `count` random moves or fewer from the goal, by a seeded walk.
fn eight_puzzles(count: usize) -> Vec<SlidingPuzzle<9>> {
    let goal = sliding_tile::blank_last::<9>();
    let walker = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).expect("the goal is a board");
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    (0..count)
        .map(|_| {
            let mut board = walker.start();
            for _ in 0..40 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mut moves = MoveBuffer::new();
                walker.moves(&board, &mut moves);
                walker.apply(&mut board, moves[seed as usize % moves.len()].0);
            }
            SlidingPuzzle::<9>::new(3, 3, board.tiles(), &goal).expect("a walk stays solvable")
        })
        .collect()
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

/// ARA* from a weight of 3 on Korf's easy 15-puzzles: the states expanded and the time to
/// its first answers, and on to the last (proven optimal), against weighted A* at 3 and A*.
fn anytime(korf: &[SlidingPuzzle<16>], rounds: usize) {
    let options = SearchOptions::new();
    let first = measure(korf, rounds, |p| {
        let mut search = AnytimeAStar::new(p, 3.0, &options);
        let first = search.next().map(|found| found.solution.cost);
        (first, search.stats().clone())
    });
    let last = measure(korf, rounds, |p| {
        let mut search = AnytimeAStar::new(p, 3.0, &options);
        let last = search.by_ref().last().map(|found| found.solution.cost);
        (last, search.stats().clone())
    });
    let weighted = measure(korf, rounds, |p| answer(&weighted_a_star(p, 3.0)));
    let optimal = measure(korf, rounds, |p| answer(&a_star(p)));
    println!(
        "\nanytime: ARA* from w = 3 on korf_easy20 (cost: the sum; the optimal sum {})",
        optimal.cost
    );
    println!(
        "  {:<36} {:>12} {:>12} {:>10}",
        "engine", "expanded", "cost", "ms"
    );
    for (name, totals) in [
        ("anytime_a_star, first answers", &first),
        ("anytime_a_star, to the optimum", &last),
        ("weighted_a_star w=3", &weighted),
        ("a_star", &optimal),
    ] {
        let median = totals.millis[totals.millis.len() / 2];
        println!(
            "  {name:<36} {:>12} {:>12} {median:>10.1}",
            totals.expanded, totals.cost
        );
    }
    assert_eq!(last.cost, optimal.cost, "ARA*'s last answers are optimal");
    assert!(
        first.cost as f64 <= 3.0 * optimal.cost as f64,
        "ARA*'s first answers keep w"
    );
}

/// The first eight of Korf's instances in `text`, with heavy tiles.
fn heavy_puzzles(text: &str) -> Vec<heavy_tiles::HeavyTiles> {
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

/// Focal search against weighted A* at the same weights: the rows' costs differ, each
/// within its weight of A*'s.
fn bounded(korf: &[SlidingPuzzle<16>], text: &str, queries: &[grid::Query], rounds: usize) {
    let heavy = heavy_puzzles(text);
    let optimal = (
        measure(korf, 1, |p| answer(&a_star(p))).cost,
        measure(&heavy, 1, |p| answer(&ida_star_cr(p))).cost,
        measure(queries, 1, |q| answer(&a_star(q))).cost,
    );
    println!(
        "\nbounded-suboptimal: weighted A*, focal search, DPS and EES at weight w (cost: the sum; \
         the optimal sums: korf_easy20 {}, heavy tiles {}, arena {})",
        optimal.0, optimal.1, optimal.2
    );
    println!(
        "  {:<56} {:>12} {:>12} {:>10}",
        "engine", "expanded", "cost", "ms"
    );
    bounded_rows(
        "korf_easy20",
        korf,
        [3.0, 5.0],
        optimal.0,
        rounds,
        |p, board| f64::from(p.heuristic(board)),
    );
    // Heavy tiles: the moves left (the unweighted Manhattan distance) part ways with the
    // cost left, which is where EES's distance estimate tells.
    bounded_rows(
        "heavy tiles, first 8",
        &heavy,
        [1.5, 2.0],
        optimal.1,
        rounds,
        |_, board| f64::from(board.moves_left()),
    );
    // The octile distance in moves: the longer of the two offsets.
    bounded_rows(
        "arena",
        queries,
        [1.5, 2.0],
        optimal.2,
        rounds,
        |q, &(x, y)| f64::from(x.abs_diff(q.goal.0).max(y.abs_diff(q.goal.1))),
    );
}

/// The bounded-suboptimal engines' rows for one domain, at each weight, each checked within
/// its bound of the `optimal` sum; `distance` is EES's estimate of the moves left.
fn bounded_rows<P: SearchProblem<Cost = u32>>(
    domain: &str,
    problems: &[P],
    weights: [f64; 2],
    optimal: u64,
    rounds: usize,
    distance: fn(&P, &P::State) -> f64,
) {
    for weight in weights {
        let rows = [
            (
                "weighted_a_star",
                measure(problems, rounds, |p| answer(&weighted_a_star(p, weight))),
            ),
            (
                "focal_search",
                measure(problems, rounds, |p| answer(&focal_search(p, weight))),
            ),
            (
                "dynamic_potential_search",
                measure(problems, rounds, |p| {
                    answer(&dynamic_potential_search(p, weight))
                }),
            ),
            (
                "explicit_estimation_search",
                measure(problems, rounds, |p| {
                    answer(&explicit_estimation_search(p, weight, |state| {
                        distance(p, state)
                    }))
                }),
            ),
        ];
        for (name, totals) in rows {
            let name = format!("{domain} {name} w={weight}");
            let median = totals.millis[totals.millis.len() / 2];
            println!(
                "  {name:<56} {:>12} {:>12} {median:>10.1}",
                totals.expanded, totals.cost
            );
            assert!(
                totals.cost as f64 <= weight * optimal as f64,
                "{name} passes its bound"
            );
        }
    }
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

/// A*, BAE* and MM on Korf's easy 15-puzzles.
fn fifteen_puzzles(korf: &[SlidingPuzzle<16>], rounds: usize) {
    report(
        &format!(
            "15-puzzle, Manhattan: korf_easy20, {} instances",
            korf.len()
        ),
        &[
            ("a_star", measure(korf, rounds, |p| answer(&a_star(p)))),
            (
                "bidirectional_a_star",
                measure(korf, rounds, |p| answer(&bidirectional_a_star(p))),
            ),
            (
                "meet_in_the_middle",
                measure(korf, rounds, |p| answer(&meet_in_the_middle(p))),
            ),
        ],
    );
}

/// A*, BAE* and MM on every scenario of the arena map.
fn arena(queries: &[grid::Query], rounds: usize) {
    report(
        &format!(
            "grid, octile: Moving AI arena, {} scenarios, 8-connected",
            queries.len()
        ),
        &[
            ("a_star", measure(queries, rounds, |q| answer(&a_star(q)))),
            (
                "bidirectional_a_star",
                measure(queries, rounds, |q| answer(&bidirectional_a_star(q))),
            ),
            (
                "meet_in_the_middle",
                measure(queries, rounds, |q| answer(&meet_in_the_middle(q))),
            ),
        ],
    );
}

/// Dijkstra, BAE*, MM, BFS and bidirectional BFS on 8-puzzles without a heuristic.
fn blind_eight_puzzles(rounds: usize) {
    let blind: Vec<Blind<SlidingPuzzle<9>>> = eight_puzzles(100).into_iter().map(Blind).collect();
    report(
        "8-puzzle, no heuristic: 100 random walks of 40 moves",
        &[
            (
                "a_star (Dijkstra)",
                measure(&blind[..], rounds, |p| answer(&dijkstra(p))),
            ),
            (
                "bidirectional_a_star",
                measure(&blind[..], rounds, |p| answer(&bidirectional_a_star(p))),
            ),
            (
                "meet_in_the_middle",
                measure(&blind[..], rounds, |p| answer(&meet_in_the_middle(p))),
            ),
            ("bfs", measure(&blind[..], rounds, |p| answer(&bfs(p)))),
            (
                "bidirectional_bfs",
                measure(&blind[..], rounds, |p| answer(&bidirectional_bfs(p))),
            ),
        ],
    );
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
