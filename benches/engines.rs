//! Criterion benches: one group per problem, one function per engine, fixed instance sets.
//!
//! `cargo bench` runs them all in a few minutes on two cores. Korf's instances are the easiest
//! twenty of his hundred, `benches/data/korf_easy20.txt`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use informed::heuristics::LinearConflict;
use informed::puzzles::grid::{Cell, Connectivity, GridCosts, GridMap, GridPath};
use informed::puzzles::{RotationGame, SlidingPuzzle, sliding_tile};
use informed::{
    AStarStep, AStarSteps, AnytimeAStar, DStarLite, LearnedHeuristic, LpaStar, MoveBuffer,
    SearchOptions, SearchProblem, a_star, a_star_packed, bfs, bidirectional_a_star,
    bidirectional_bfs, branch_and_bound_with, budgeted_tree_search, distance_table,
    dynamic_potential_search, explicit_estimation_search, focal_search, ida_star, ida_star_cr,
    lrta_star, meet_in_the_middle, optimal_solutions, partial_expansion_a_star, rbfs,
};

#[path = "../examples/common/wall_grid.rs"]
mod wall_grid;

use wall_grid::WallGrid;

/// A fixed set of 8-puzzles: random walks of 200 moves from the goal, seeded.
fn eight_puzzles(count: usize) -> Vec<SlidingPuzzle<9>> {
    let goal = sliding_tile::blank_last::<9>();
    let base = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).unwrap();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..count)
        .map(|_| {
            let mut board = base.start();
            for _ in 0..200 {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let mut moves = MoveBuffer::new();
                base.moves(&board, &mut moves);
                let (slide, _) = moves[(seed >> 33) as usize % moves.len()];
                base.apply(&mut board, slide);
            }
            base.with_start(board.tiles()).unwrap()
        })
        .collect()
}

/// The first `count` instances of Korf's easiest twenty.
fn korf_easy(count: usize) -> Vec<SlidingPuzzle<16>> {
    let text = include_str!("data/korf_easy20.txt");
    let goal = sliding_tile::blank_first::<16>();
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .take(count)
        .map(|line| {
            let tiles: Vec<u8> = line
                .split_whitespace()
                .skip(2)
                .map(|t| t.parse().unwrap())
                .collect();
            SlidingPuzzle::<16>::new(4, 4, &tiles, &goal).unwrap()
        })
        .collect()
}

fn rotation_games() -> Vec<RotationGame> {
    include_str!("../examples/data/rotation_game.txt")
        .lines()
        .filter(|line| line.trim() != "0")
        .map(|line| line.parse().unwrap())
        .collect()
}

fn eight_puzzle(c: &mut Criterion) {
    let puzzles = eight_puzzles(50);
    let mut group = c.benchmark_group("eight_puzzle_50_random");
    group.bench_function("ida_star", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| ida_star(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.bench_function("a_star", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| a_star(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.bench_function("rbfs", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| rbfs(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.bench_function("bfs", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| bfs(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.finish();

    let goal = sliding_tile::blank_last::<9>();
    let puzzle = SlidingPuzzle::<9>::new(3, 3, &goal, &goal).unwrap();
    c.bench_function("eight_puzzle_distance_table", |b| {
        b.iter(|| {
            distance_table(black_box(&puzzle), puzzle.layout_count(), |s| {
                puzzle.rank(s)
            })
            .into_solution()
            .unwrap()
            .reachable()
        });
    });
}

/// The engines beside A* on the same 8-puzzles: partial expansion, focal search, anytime and
/// real-time search.
fn eight_puzzle_more_engines(c: &mut Criterion) {
    let puzzles = eight_puzzles(50);
    let mut group = c.benchmark_group("eight_puzzle_50_random");
    group.bench_function("partial_expansion_a_star", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| partial_expansion_a_star(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.bench_function("focal_search_w2", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| focal_search(black_box(p), 2.0).stats.generated)
                .sum::<u64>()
        });
    });
    group.bench_function("dynamic_potential_search_w2", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| dynamic_potential_search(black_box(p), 2.0).stats.generated)
                .sum::<u64>()
        });
    });
    group.bench_function("explicit_estimation_search_w2", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| {
                    let distance = |board: &_| f64::from(p.heuristic(board));
                    explicit_estimation_search(black_box(p), 2.0, distance)
                        .stats
                        .generated
                })
                .sum::<u64>()
        });
    });
    // Anytime A* from a weight of 3: to its first answer, and on to the optimum.
    let options = SearchOptions::new();
    group.bench_function("anytime_a_star_first", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| {
                    let mut search = AnytimeAStar::new(black_box(p), 3.0, &options);
                    search.next().map(|answer| answer.solution.cost)
                })
                .count()
        });
    });
    group.bench_function("anytime_a_star_optimal", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| {
                    AnytimeAStar::new(black_box(p), 3.0, &options)
                        .into_result()
                        .stats
                        .generated
                })
                .sum::<u64>()
        });
    });
    // LRTA* with a lookahead of 2: trials until one learns nothing (an optimal walk).
    group.bench_function("lrta_star_converged", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .take(10)
                .map(|p| {
                    let mut learned = LearnedHeuristic::new();
                    let mut trials = 0u64;
                    while lrta_star(black_box(p), &mut learned, 2).is_solved()
                        && learned.raised_last_trial() > 0
                    {
                        trials += 1;
                    }
                    trials
                })
                .sum::<u64>()
        });
    });
    group.finish();
}

fn fifteen_puzzle(c: &mut Criterion) {
    let instances = korf_easy(20);
    let with_conflicts: Vec<SlidingPuzzle<16, LinearConflict<16>>> = instances
        .iter()
        .map(|p| SlidingPuzzle::new(4, 4, p.start().tiles(), p.goal()).unwrap())
        .collect();
    let mut group = c.benchmark_group("korf_easy20");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("ida_star_manhattan", |b| {
        b.iter(|| {
            instances
                .iter()
                .map(|p| ida_star(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.bench_function("ida_star_linear_conflict", |b| {
        b.iter(|| {
            with_conflicts
                .iter()
                .map(|p| ida_star(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    // A* and RBFS on the five easiest only: A* stores millions of states on the harder ones,
    // RBFS re-expands far more than IDA*.
    group.bench_function("a_star_first_5", |b| {
        b.iter(|| {
            instances[..5]
                .iter()
                .map(|p| a_star(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.bench_function("a_star_packed_first_5", |b| {
        b.iter(|| {
            instances[..5]
                .iter()
                .map(|p| a_star_packed(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.bench_function("rbfs_first_5", |b| {
        b.iter(|| {
            instances[..5]
                .iter()
                .map(|p| rbfs(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.finish();
}

fn rotation_game(c: &mut Criterion) {
    let games = rotation_games();
    let mut group = c.benchmark_group("rotation_game");
    group.sample_size(20);
    group.bench_function("ida_star", |b| {
        b.iter(|| {
            games
                .iter()
                .map(|g| ida_star(black_box(g)).stats.generated)
                .sum::<u64>()
        });
    });
    group.finish();
}

/// The research engines beside the classic ones, on the instances they are meant for.
fn research_engines(c: &mut Criterion) {
    let puzzles = eight_puzzles(50);
    let mut group = c.benchmark_group("research_eight_puzzle_50_random");
    group.bench_function("bidirectional_bfs", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| bidirectional_bfs(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.bench_function("bidirectional_a_star", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| bidirectional_a_star(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.bench_function("meet_in_the_middle", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| meet_in_the_middle(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    let options = SearchOptions::new();
    group.bench_function("a_star_steps", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| {
                    let mut steps = AStarSteps::new(black_box(p), &options);
                    while let AStarStep::Expanded { .. } = steps.step() {}
                    steps.stats().generated
                })
                .sum::<u64>()
        });
    });
    group.bench_function("optimal_solutions_first_10", |b| {
        b.iter(|| {
            puzzles[..10]
                .iter()
                .map(|p| {
                    optimal_solutions(black_box(p), 1)
                        .solution()
                        .map_or(0, |all| all.count)
                })
                .sum::<u64>()
        });
    });
    group.finish();

    let korf = korf_easy(5);
    let mut group = c.benchmark_group("research_fifteen_puzzle");
    group.sample_size(10);
    group.bench_function("bidirectional_a_star_first_5", |b| {
        b.iter(|| {
            korf.iter()
                .map(|p| bidirectional_a_star(black_box(p)).stats.generated)
                .sum::<u64>()
        });
    });
    group.finish();

    let grid = WallGrid {
        width: 12,
        height: 9,
    };
    let cycles = SearchOptions::new().detect_cycles(true);
    let mut group = c.benchmark_group("weighted_grid_12x9");
    group.sample_size(10);
    group.bench_function("ida_star", |b| {
        b.iter(|| ida_star(black_box(&grid)).stats.generated);
    });
    group.bench_function("ida_star_cr", |b| {
        b.iter(|| ida_star_cr(black_box(&grid)).stats.generated);
    });
    group.bench_function("budgeted_tree_search", |b| {
        b.iter(|| budgeted_tree_search(black_box(&grid)).stats.generated);
    });
    group.bench_function("branch_and_bound", |b| {
        b.iter(|| {
            branch_and_bound_with(black_box(&grid), None, &cycles)
                .stats
                .generated
        });
    });
    group.finish();
}

/// The Moving AI arena map, a query across it, and walls that go up one at a time on every
/// fourth cell of its first path: each replan by D* Lite and LPA*, and A* from scratch.
fn replanning(c: &mut Criterion) {
    fn way(map: &GridMap) -> GridPath<'_, f64> {
        let (start, goal) = (Cell::new(3, 3), Cell::new(45, 45));
        GridPath::new(map, start, goal, Connectivity::Eight, GridCosts::octile()).unwrap()
    }
    let map = GridMap::parse(include_str!("data/movingai/arena.map")).unwrap();
    let first = a_star(&way(&map)).into_solution().unwrap();
    let path = way(&map).cells(&first.moves);
    let walls: Vec<Cell> = path[2..path.len() - 2].iter().step_by(4).copied().collect();
    let mut group = c.benchmark_group("replanning_arena");
    group.sample_size(10);
    group.bench_function("d_star_lite", |b| {
        b.iter(|| {
            let (mut map, mut planner) = (map.clone(), DStarLite::new());
            let mut expanded = planner.plan(&way(&map)).stats.expanded;
            for &wall in &walls {
                planner.moves_changed(map.set_terrain(wall, '@').unwrap());
                expanded += planner.plan(black_box(&way(&map))).stats.expanded;
            }
            expanded
        });
    });
    group.bench_function("lpa_star", |b| {
        b.iter(|| {
            let (mut map, mut planner) = (map.clone(), LpaStar::new());
            let mut expanded = planner.plan(&way(&map)).stats.expanded;
            for &wall in &walls {
                planner.moves_changed(map.set_terrain(wall, '@').unwrap());
                expanded += planner.plan(black_box(&way(&map))).stats.expanded;
            }
            expanded
        });
    });
    group.bench_function("a_star_from_scratch", |b| {
        b.iter(|| {
            let mut map = map.clone();
            let mut expanded = a_star(&way(&map)).stats.expanded;
            for &wall in &walls {
                map.set_terrain(wall, '@').unwrap();
                expanded += a_star(black_box(&way(&map))).stats.expanded;
            }
            expanded
        });
    });
    group.finish();
}

criterion_group!(
    benches,
    eight_puzzle,
    eight_puzzle_more_engines,
    fifteen_puzzle,
    rotation_game,
    research_engines,
    replanning
);
criterion_main!(benches);
