//! Grid pathfinding: the Moving AI formats read and their errors, every engine's length
//! against a Dijkstra written here from the benchmark's rules, jump point search's paths
//! replayed step by step, and the arena map's scenarios at their optimal lengths. The shared
//! parts here: the reference Dijkstra, random queries, and the check that a path walks.

mod engines;
mod formats;
mod jump_points;

use std::collections::BinaryHeap;
use std::path::Path;

use informed::Cost;
use informed::heuristics::pattern_database::BuildReport;
use informed::puzzles::grid::{Cell, Connectivity, GridCosts, GridMap, GridPath, Scenario};
use quickcheck::{Arbitrary, Gen};

pub(crate) const ARENA: &str = include_str!("../../../benches/data/movingai/arena.map");
pub(crate) const ARENA_SCENARIOS: &str =
    include_str!("../../../benches/data/movingai/arena.map.scen");

/// Flips a bit in the middle of the table file `file`, and checks that `load`, which reads it
/// into a fresh report, rejects it as damaged.
pub(crate) fn rejects_a_flipped_bit(file: &Path, load: impl FnOnce(&mut BuildReport)) {
    let mut bytes = std::fs::read(file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(file, &bytes).unwrap();
    let mut report = BuildReport::default();
    load(&mut report);
    assert!(
        report.rejected[0].contains("damaged"),
        "{:?}",
        report.rejected
    );
}

/// The length of the cheapest path by the benchmark's rules, worked out apart from the
/// crate: Dijkstra over coordinates, straight steps to free cells, diagonal ones only where
/// both cells beside them are free. `None` if the goal cannot be reached.
fn reference(
    free: &[Vec<bool>],
    start: (usize, usize),
    goal: (usize, usize),
    eight: bool,
    (straight_cost, diagonal_cost): (u64, u64),
) -> Option<u64> {
    let (height, width) = (free.len() as i64, free[0].len() as i64);
    let open = |x: i64, y: i64| {
        (0..width).contains(&x) && (0..height).contains(&y) && free[y as usize][x as usize]
    };
    let mut best = vec![vec![u64::MAX; width as usize]; height as usize];
    let mut queue = BinaryHeap::new();
    best[start.1][start.0] = 0;
    queue.push(core::cmp::Reverse((0, start.0 as i64, start.1 as i64)));
    while let Some(core::cmp::Reverse((cost, x, y))) = queue.pop() {
        if (x as usize, y as usize) == goal {
            return Some(cost);
        }
        if cost > best[y as usize][x as usize] {
            continue;
        }
        for dx in -1i64..=1 {
            for dy in -1i64..=1 {
                let diagonal = dx != 0 && dy != 0;
                if (dx, dy) == (0, 0) || (diagonal && !eight) {
                    continue;
                }
                let allowed =
                    open(x + dx, y + dy) && (!diagonal || (open(x + dx, y) && open(x, y + dy)));
                if !allowed {
                    continue;
                }
                let next = cost
                    + if diagonal {
                        diagonal_cost
                    } else {
                        straight_cost
                    };
                let slot = &mut best[(y + dy) as usize][(x + dx) as usize];
                if next < *slot {
                    *slot = next;
                    queue.push(core::cmp::Reverse((next, x + dx, y + dy)));
                }
            }
        }
    }
    None
}

/// A small random map, its start and goal on free cells, and integer step costs with
/// `straight <= diagonal <= 2 straight`.
#[derive(Clone, Debug)]
struct Query {
    free: Vec<Vec<bool>>,
    start: (usize, usize),
    goal: (usize, usize),
    costs: (u64, u64),
}

impl Arbitrary for Query {
    fn arbitrary(g: &mut Gen) -> Query {
        let width = 1 + usize::arbitrary(g) % 14;
        let height = 1 + usize::arbitrary(g) % 14;
        let walls = u8::arbitrary(g) % 50;
        let mut free: Vec<Vec<bool>> = (0..height)
            .map(|_| {
                (0..width)
                    .map(|_| u8::arbitrary(g) % 100 >= walls)
                    .collect()
            })
            .collect();
        let cell = |g: &mut Gen| (usize::arbitrary(g) % width, usize::arbitrary(g) % height);
        let (start, goal) = (cell(g), cell(g));
        free[start.1][start.0] = true;
        free[goal.1][goal.0] = true;
        let costs = *g
            .choose(&[(1, 1), (1, 2), (2, 3), (5, 7), (100, 141), (10, 20), (0, 0)])
            .unwrap();
        Query {
            free,
            start,
            goal,
            costs,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Query>> {
        // Clear one wall at a time: the query stays valid.
        let this = self.clone();
        let walls: Vec<(usize, usize)> = (0..self.free.len())
            .flat_map(|y| (0..self.free[0].len()).map(move |x| (x, y)))
            .filter(|&(x, y)| !self.free[y][x])
            .collect();
        Box::new(walls.into_iter().map(move |(x, y)| {
            let mut smaller = this.clone();
            smaller.free[y][x] = true;
            smaller
        }))
    }
}

impl Query {
    fn map(&self) -> GridMap {
        GridMap::from_fn(self.free[0].len(), self.free.len(), |x, y| {
            self.free[y as usize][x as usize]
        })
        .unwrap()
    }

    fn cell((x, y): (usize, usize)) -> Cell {
        Cell::new(x as u16, y as u16)
    }
}

/// The cells of a path follow the map's steps one by one, from the start to the goal, and
/// their costs add up to `cost`.
fn walks<C: Cost>(path: &GridPath<'_, C>, cells: &[Cell], cost: C) -> bool {
    let map = path.map();
    let mut sum = C::ZERO;
    for pair in cells.windows(2) {
        let step = map.steps_from(pair[0]).find(|&d| {
            let (dx, dy) = d.offset();
            i32::from(pair[0].x()) + dx == i32::from(pair[1].x())
                && i32::from(pair[0].y()) + dy == i32::from(pair[1].y())
        });
        let Some(step) = step else {
            return false;
        };
        if path.connectivity() == Connectivity::Four && step.is_diagonal() {
            return false;
        }
        let costs = path.costs();
        sum = sum.saturating_add(if step.is_diagonal() {
            costs.diagonal
        } else {
            costs.straight
        });
    }
    cells.first() == Some(&path.start_cell()) && cells.last() == Some(&path.goal()) && sum == cost
}

/// A scenario's query on `map` by the benchmark's rules: 8-connected, costs 1 and √2.
pub(crate) fn scenario_path<'m>(map: &'m GridMap, scenario: &Scenario) -> GridPath<'m, f64> {
    GridPath::new(
        map,
        scenario.start,
        scenario.goal,
        Connectivity::Eight,
        GridCosts::octile(),
    )
    .unwrap()
}
