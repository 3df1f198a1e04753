//! Grid pathfinding against the `pathfinding` crate (the yardstick, a dev-dependency), on
//! generated 1024×1024 maps, the same queries through both, side by side:
//!
//! - `open`: scattered rectangular blocks over about 10% of the map;
//! - `random30`: each cell blocked with probability 0.3;
//! - `rooms`: 32×32 rooms, a door of 4 cells in each wall between neighbours, a few walls
//!   left out;
//! - `maze`: a perfect maze of corridors 1 cell wide (depth-first carved).
//!
//! Rows, 8-connected (straight 100, diagonal 141, no corner cutting, octile heuristic, `u32`
//! costs): `pathfinding::astar` with a successor closure over the same map; `informed`'s
//! `a_star` on `GridPath`; `a_star` on `JumpPoints` (jump point search). 4-connected (cost 1,
//! Manhattan): `pathfinding::astar` over its own `Grid` (`Grid::neighbours`, whose diagonal
//! mode cuts corners, so it is compared 4-connected only) against `a_star` on `GridPath`.
//!
//! ```text
//! cargo bench --bench grid [-- QUERIES ROUNDS [FILTER]]      (defaults 10 and 5)
//! ```
//!
//! With `FILTER`, only the maps and rows whose `"<map> <row>"` contains it (or one of its
//! `|`-separated parts) run: `"open informed a_star, GridPath"`, say, to count one row's
//! instructions under callgrind. The speed-up is then over the first row that ran.
//!
//! Prints per map and row the median over the rounds of the time for all queries (the rows
//! alternate within a round), the states expanded, and each row's speed-up over
//! `pathfinding` (its time over the row's). Every row's path costs are checked equal.

use std::hint::black_box;
use std::time::{Duration, Instant};

use informed::puzzles::grid::{Cell, Connectivity, GridCosts, GridMap, GridPath, JumpPoints};
use informed::{SearchResult, Solution, a_star};

const SIZE: usize = 1024;

/// A small seeded generator (PCG-style LCG, the high bits).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn open_map(random: &mut Random) -> Vec<bool> {
    let mut free = vec![true; SIZE * SIZE];
    let mut blocked = 0;
    while blocked < SIZE * SIZE / 10 {
        let (w, h) = (4 + random.below(40), 4 + random.below(40));
        let (x0, y0) = (random.below(SIZE - w), random.below(SIZE - h));
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                blocked += usize::from(free[y * SIZE + x]);
                free[y * SIZE + x] = false;
            }
        }
    }
    free
}

fn random_map(random: &mut Random) -> Vec<bool> {
    (0..SIZE * SIZE).map(|_| random.below(10) >= 3).collect()
}

fn rooms_map(random: &mut Random) -> Vec<bool> {
    const ROOM: usize = 32;
    let mut free = vec![true; SIZE * SIZE];
    for y in 0..SIZE {
        for x in 0..SIZE {
            if x % ROOM == 0 || y % ROOM == 0 {
                free[y * SIZE + x] = false;
            }
        }
    }
    // A door in each wall between two rooms; one wall in eight left out.
    for room_y in 0..SIZE / ROOM {
        for room_x in 0..SIZE / ROOM {
            let (x0, y0) = (room_x * ROOM, room_y * ROOM);
            if room_x > 0 {
                let whole = random.below(8) == 0;
                let door = 1 + random.below(ROOM - 5);
                for y in y0 + 1..y0 + ROOM {
                    if whole || (door..door + 4).contains(&(y - y0)) {
                        free[y * SIZE + x0] = true;
                    }
                }
            }
            if room_y > 0 {
                let whole = random.below(8) == 0;
                let door = 1 + random.below(ROOM - 5);
                for x in x0 + 1..x0 + ROOM {
                    if whole || (door..door + 4).contains(&(x - x0)) {
                        free[y0 * SIZE + x] = true;
                    }
                }
            }
        }
    }
    free
}

fn maze_map(random: &mut Random) -> Vec<bool> {
    // Cells at odd coordinates, carved depth-first with an explicit stack.
    let cells = (SIZE - 1) / 2;
    let mut free = vec![false; SIZE * SIZE];
    let mut seen = vec![false; cells * cells];
    let mut stack = vec![(0usize, 0usize)];
    seen[0] = true;
    free[SIZE + 1] = true;
    while let Some(&(cx, cy)) = stack.last() {
        let mut next = Vec::with_capacity(4);
        for (dx, dy) in [(0i64, -1i64), (1, 0), (0, 1), (-1, 0)] {
            let (nx, ny) = (cx as i64 + dx, cy as i64 + dy);
            if (0..cells as i64).contains(&nx)
                && (0..cells as i64).contains(&ny)
                && !seen[ny as usize * cells + nx as usize]
            {
                next.push((nx as usize, ny as usize));
            }
        }
        if next.is_empty() {
            stack.pop();
            continue;
        }
        let (nx, ny) = next[random.below(next.len())];
        seen[ny * cells + nx] = true;
        let (x, y) = (2 * cx + 1, 2 * cy + 1);
        let (tx, ty) = (2 * nx + 1, 2 * ny + 1);
        free[ty * SIZE + tx] = true;
        free[usize::midpoint(y, ty) * SIZE + usize::midpoint(x, tx)] = true;
        stack.push((nx, ny));
    }
    free
}

/// `count` queries between cells of the largest connected region (4-connected, so that
/// both connectivities have a path).
fn queries(free: &[bool], count: usize, random: &mut Random) -> Vec<(Cell, Cell)> {
    let mut region = vec![u32::MAX; free.len()];
    let mut sizes = Vec::new();
    for first in 0..free.len() {
        if !free[first] || region[first] != u32::MAX {
            continue;
        }
        let label = sizes.len() as u32;
        let mut stack = vec![first];
        region[first] = label;
        let mut size = 0;
        while let Some(at) = stack.pop() {
            size += 1;
            let (x, y) = (at % SIZE, at / SIZE);
            let near = [
                (x > 0).then(|| at - 1),
                (x + 1 < SIZE).then(|| at + 1),
                (y > 0).then(|| at - SIZE),
                (y + 1 < SIZE).then(|| at + SIZE),
            ];
            for next in near.into_iter().flatten() {
                if free[next] && region[next] == u32::MAX {
                    region[next] = label;
                    stack.push(next);
                }
            }
        }
        sizes.push(size);
    }
    let largest = (0..sizes.len()).max_by_key(|&l| sizes[l]).unwrap() as u32;
    let mut pick = || loop {
        let at = random.below(free.len());
        if region[at] == largest {
            return Cell::new((at % SIZE) as u16, (at / SIZE) as u16);
        }
    };
    (0..count).map(|_| (pick(), pick())).collect()
}

type Point = (usize, usize);

fn octile((x, y): Point, (gx, gy): Point) -> u32 {
    let (dx, dy) = (x.abs_diff(gx) as u32, y.abs_diff(gy) as u32);
    100 * dx.max(dy) + 41 * dx.min(dy)
}

/// The 8-connected, no-corner-cutting successors a `pathfinding` user writes.
fn successors(free: &[bool], (x, y): Point) -> Vec<(Point, u32)> {
    let open = |x: i64, y: i64| {
        (0..SIZE as i64).contains(&x)
            && (0..SIZE as i64).contains(&y)
            && free[y as usize * SIZE + x as usize]
    };
    let (x, y) = (x as i64, y as i64);
    let mut next = Vec::with_capacity(8);
    for (dx, dy) in [
        (0, -1),
        (1, -1),
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
    ] {
        let diagonal = dx != 0 && dy != 0;
        if open(x + dx, y + dy) && (!diagonal || (open(x + dx, y) && open(x, y + dy))) {
            next.push((
                ((x + dx) as usize, (y + dy) as usize),
                if diagonal { 141 } else { 100 },
            ));
        }
    }
    next
}

fn point(cell: Cell) -> Point {
    (cell.x().into(), cell.y().into())
}

/// A row: its name, and a run over all queries giving the costs and states expanded.
type Row<'a> = (&'static str, Box<dyn Fn() -> (Vec<u32>, u64) + 'a>);

/// Every query through `pathfinding::astar` with `successors` and the heuristic
/// `distance(cell, goal)`: the costs, and the states expanded (successor calls) in all.
/// (Never inlined, as [`informed`]: callgrind's `--toggle-collect` counts a row by them.)
#[inline(never)]
fn yardstick<I: IntoIterator<Item = (Point, u32)>>(
    queries: &[(Cell, Cell)],
    successors: impl Fn(Point) -> I,
    distance: impl Fn(Point, Point) -> u32,
) -> (Vec<u32>, u64) {
    let expanded = std::cell::Cell::new(0);
    let costs = queries
        .iter()
        .map(|&(s, g)| {
            let goal = point(g);
            pathfinding::directed::astar::astar(
                &point(s),
                |&p| {
                    expanded.set(expanded.get() + 1);
                    successors(p)
                },
                |&p| distance(p, goal),
                |&p| p == goal,
            )
            .expect("a path")
            .1
        })
        .collect();
    (costs, expanded.get())
}

/// What a search gave: its cost and the states it expanded.
struct Found(u32, u64);

impl<S, M> From<SearchResult<Solution<S, M, u32>, u32>> for Found {
    fn from(result: SearchResult<Solution<S, M, u32>, u32>) -> Found {
        Found(
            result.solution().expect("a path").cost,
            result.stats.expanded,
        )
    }
}

/// Every query through `solve`: the costs, and the states expanded in all.
#[inline(never)]
fn informed(
    paths: &[GridPath<'_, u32>],
    solve: impl Fn(&GridPath<'_, u32>) -> Found,
) -> (Vec<u32>, u64) {
    let mut expanded = 0;
    let costs = paths
        .iter()
        .map(|path| {
            let Found(cost, count) = solve(path);
            expanded += count;
            cost
        })
        .collect();
    (costs, expanded)
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// A map generator.
type Generator = fn(&mut Random) -> Vec<bool>;

#[allow(clippy::too_many_lines)] // one table of rows, built and run in one place
fn main() {
    let numbers: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|arg| arg.parse().ok())
        .collect();
    let count = numbers.first().copied().unwrap_or(10);
    let rounds = numbers.get(1).copied().unwrap_or(5).max(1);
    let filter = std::env::args()
        .skip(1)
        .find(|arg| arg.parse::<usize>().is_err() && arg != "--bench")
        .unwrap_or_default();
    let mut random = Random(0x5EED_1024);
    let kinds: [(&str, Generator); 4] = [
        ("open", open_map),
        ("random30", random_map),
        ("rooms", rooms_map),
        ("maze", maze_map),
    ];
    println!(
        "{count} queries a map, median of {rounds} rounds; speed-up = pathfinding's time / the row's"
    );
    for (kind, generate) in kinds {
        let free = generate(&mut random);
        let map = GridMap::from_fn(SIZE, SIZE, |x, y| free[y as usize * SIZE + x as usize])
            .expect("a 1024x1024 map");
        let queries = queries(&free, count, &mut random);
        let eight = GridCosts::new(100u32, 141);
        let paths: Vec<GridPath<'_, u32>> = queries
            .iter()
            .map(|&(s, g)| GridPath::new(&map, s, g, Connectivity::Eight, eight).unwrap())
            .collect();
        let fours: Vec<GridPath<'_, u32>> = queries
            .iter()
            .map(|&(s, g)| {
                GridPath::new(&map, s, g, Connectivity::Four, GridCosts::new(1, 1)).unwrap()
            })
            .collect();
        let mut grid = pathfinding::grid::Grid::new(SIZE, SIZE);
        for y in 0..SIZE {
            for x in 0..SIZE {
                if free[y * SIZE + x] {
                    grid.add_vertex((x, y));
                }
            }
        }
        let free = &free;
        let grid = &grid;
        let queries = &queries;
        let rows: [Vec<Row<'_>>; 2] = [
            vec![
                (
                    "pathfinding::astar, 8-connected",
                    Box::new(move || yardstick(queries, |p| successors(free, p), octile)),
                ),
                (
                    "informed a_star, GridPath",
                    Box::new(|| informed(&paths, |path| a_star(path).into())),
                ),
                (
                    "informed a_star, JumpPoints (JPS)",
                    Box::new(|| {
                        informed(&paths, |path| {
                            a_star(&JumpPoints::new(path).unwrap()).into()
                        })
                    }),
                ),
            ],
            vec![
                (
                    "pathfinding::astar, its Grid, 4-connected",
                    Box::new(move || {
                        yardstick(
                            queries,
                            |p| grid.neighbours(p).into_iter().map(|n| (n, 1u32)),
                            |p, goal| grid.distance(p, goal) as u32,
                        )
                    }),
                ),
                (
                    "informed a_star, 4-connected GridPath",
                    Box::new(|| informed(&fours, |path| a_star(path).into())),
                ),
            ],
        ];
        let wanted = |name: &str| {
            let row = format!("{kind} {name}");
            filter.split('|').any(|part| row.contains(part))
        };
        if !rows.iter().flatten().any(|(name, _)| wanted(name)) {
            continue;
        }
        println!("\n{kind} ({} passable cells)", map.passable_count());
        for group in &rows {
            let group: Vec<&Row<'_>> = group.iter().filter(|(name, _)| wanted(name)).collect();
            if group.is_empty() {
                continue;
            }
            let mut times = vec![Vec::new(); group.len()];
            let mut answers = vec![(Vec::new(), 0); group.len()];
            for _ in 0..rounds {
                for (i, (_, run)) in group.iter().enumerate() {
                    let started = Instant::now();
                    answers[i] = black_box(run());
                    times[i].push(started.elapsed());
                }
            }
            for (i, (name, _)) in group.iter().enumerate() {
                assert_eq!(
                    answers[i].0, answers[0].0,
                    "{kind}: {name} disagrees on a cost"
                );
                let time = median(&mut times[i]);
                let base = median(&mut times[0].clone());
                let expanded = answers[i].1;
                println!(
                    "  {name:<44} {:>9.1} ms  {expanded:>9} expanded  {:>6.2}x",
                    time.as_secs_f64() * 1e3,
                    base.as_secs_f64() / time.as_secs_f64()
                );
            }
        }
    }
}
