//! Grid pathfinding: the Moving AI formats read and their errors, every engine's length
//! against a Dijkstra written here from the benchmark's rules, jump point search's paths
//! replayed step by step, and the arena map's scenarios at their optimal lengths.

use std::collections::BinaryHeap;

use informed::puzzles::grid::{
    Cell, Connectivity, Direction, GridCosts, GridError, GridMap, GridPath, JumpPoints, JumpTable,
    Scenario, ScenarioError,
};
use informed::{
    a_star, bfs, bidirectional_a_star, budgeted_tree_search, dijkstra, ida_star_cr, Cost, Outcome,
};
use quickcheck::{Arbitrary, Gen, QuickCheck};

const ARENA: &str = include_str!("../../benches/data/movingai/arena.map");
const ARENA_SCENARIOS: &str = include_str!("../../benches/data/movingai/arena.map.scen");

#[test]
fn every_arena_scenario_is_solved_at_its_optimal_length() {
    let map = GridMap::parse(ARENA).unwrap();
    let scenarios = Scenario::parse_file(ARENA_SCENARIOS).unwrap();
    assert_eq!(scenarios.len(), 160);
    for (index, scenario) in scenarios.iter().enumerate() {
        assert_eq!(
            (scenario.width, scenario.height),
            (map.width(), map.height())
        );
        let path = GridPath::new(
            &map,
            scenario.start,
            scenario.goal,
            Connectivity::Eight,
            GridCosts::octile(),
        )
        .unwrap();
        let plain = a_star(&path);
        let plain = plain
            .into_solution()
            .unwrap_or_else(|| panic!("{index}: {:?}", a_star(&path).outcome));
        let jumps = JumpPoints::new(&path).unwrap();
        let jumped = a_star(&jumps).into_solution().unwrap();
        for (engine, length) in [("a_star", plain.cost), ("jps", jumped.cost)] {
            assert!(
                scenario.matches(length),
                "scenario {index}, {engine}: {length} against {}",
                scenario.optimal_length
            );
        }
        assert_eq!(
            path.cells(&plain.moves).last(),
            jumps.cells(&jumped.moves).last()
        );
    }
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

#[test]
fn every_engine_finds_the_cheapest_path_by_the_benchmark_rules() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the query over
    fn agrees(query: Query) -> bool {
        let map = query.map();
        let (start, goal) = (Query::cell(query.start), Query::cell(query.goal));
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            let eight = connectivity == Connectivity::Eight;
            let expected = reference(&query.free, query.start, query.goal, eight, query.costs);
            let costs = GridCosts::new(query.costs.0, query.costs.1);
            let path = GridPath::new(&map, start, goal, connectivity, costs).unwrap();
            let mut answers = vec![
                ("a_star", a_star(&path).outcome),
                ("dijkstra", dijkstra(&path).outcome),
                ("bidirectional_a_star", bidirectional_a_star(&path).outcome),
            ];
            // A depth-first engine ends on a graph with cycles only where a path exists.
            if query.costs.0 > 0 && expected.is_some() && map.width().max(map.height()) <= 8 {
                answers.push(("ida_star_cr", ida_star_cr(&path).outcome));
                let outcome = budgeted_tree_search(&path).outcome;
                answers.push(("budgeted_tree_search", outcome));
            }
            for (engine, outcome) in answers {
                let ok = match (&outcome, expected) {
                    (Outcome::Solved(s), Some(cost)) => {
                        s.cost == cost && walks(&path, &path.cells(&s.moves), s.cost)
                    }
                    (Outcome::NoSolution, None) => true,
                    _ => false,
                };
                if !ok {
                    eprintln!("{engine} {connectivity:?}: {outcome:?}, expected {expected:?}");
                    return false;
                }
            }
            if eight {
                let jumps = JumpPoints::new(&path).unwrap();
                let outcome = a_star(&jumps).outcome;
                let ok = match (&outcome, expected) {
                    (Outcome::Solved(s), Some(cost)) => {
                        s.cost == cost && walks(&path, &jumps.cells(&s.moves), s.cost)
                    }
                    (Outcome::NoSolution, None) => true,
                    _ => false,
                };
                if !ok {
                    eprintln!("jps: {outcome:?}, expected {expected:?}");
                    return false;
                }
            }
        }
        true
    }
    QuickCheck::new()
        .tests(600)
        .quickcheck(agrees as fn(Query) -> bool);
}

#[test]
fn unit_costs_give_bfs_lengths() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the query over
    fn agrees(query: Query) -> bool {
        let map = query.map();
        let (start, goal) = (Query::cell(query.start), Query::cell(query.goal));
        let path = GridPath::new(
            &map,
            start,
            goal,
            Connectivity::Four,
            GridCosts::new(1u32, 1),
        )
        .unwrap();
        let by_bfs = bfs(&path).into_solution().map(|s| s.moves.len() as u64);
        by_bfs == reference(&query.free, query.start, query.goal, false, (1, 1))
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(agrees as fn(Query) -> bool);
}

/// The 8-connected path from `start` to `goal` with f64 costs 1 and sqrt 2, and with u64
/// costs 10^8 and 141,421,356 (the same, scaled and rounded).
fn float_and_scaled(
    map: &GridMap,
    start: Cell,
    goal: Cell,
) -> (GridPath<'_, f64>, GridPath<'_, u64>) {
    let float = GridPath::new(map, start, goal, Connectivity::Eight, GridCosts::octile()).unwrap();
    let scaled = GridPath::new(
        map,
        start,
        goal,
        Connectivity::Eight,
        GridCosts::new(100_000_000u64, 141_421_356),
    )
    .unwrap();
    (float, scaled)
}

#[test]
fn float_costs_match_the_scaled_integers_they_round_to() {
    // On an open 40x30 map with a wall, f64 costs 1 and sqrt 2 and u64 costs 10^8 and
    // 141421356 give the same length to 1e-6.
    let map = GridMap::from_fn(40, 30, |x, y| !(x == 20 && (2..29).contains(&y))).unwrap();
    let (float, scaled) = float_and_scaled(&map, Cell::new(1, 15), Cell::new(38, 3));
    let by_float = a_star(&float).into_solution().unwrap().cost;
    let by_scaled = a_star(&scaled).into_solution().unwrap().cost as f64 / 1e8;
    assert!(
        (by_float - by_scaled).abs() < 1e-6,
        "{by_float} {by_scaled}"
    );
}

#[test]
fn float_costs_break_ties_as_scaled_integers_do() {
    // On open ground (scattered single blocks) many paths cost the same, and their g + h,
    // summed in different orders, differ in the last bits: A* must still take the deepest of
    // them first, as it does for integers, not whichever rounded lower (which expanded 693
    // states against 64 on the first query), and still return the cheapest cost.
    let map = GridMap::from_fn(64, 64, |x, y| (x + 3 * y) % 17 != 0 || x % 2 == 0).unwrap();
    for (start, goal) in [
        (Cell::new(0, 0), Cell::new(63, 40)),
        (Cell::new(2, 60), Cell::new(61, 5)),
        (Cell::new(10, 32), Cell::new(50, 33)),
    ] {
        let (float, scaled) = float_and_scaled(&map, start, goal);
        let by_float = a_star(&float);
        let by_scaled = a_star(&scaled);
        let cheapest = dijkstra(&float).into_solution().unwrap().cost;
        let cost = by_float.solution().unwrap().cost;
        assert!(
            cost <= cheapest * (1.0 + 1e-12),
            "{cost} against {cheapest}"
        );
        assert!(
            by_float.stats.expanded <= 2 * by_scaled.stats.expanded,
            "{start:?} to {goal:?}: {} states expanded with f64 costs, {} with scaled integers",
            by_float.stats.expanded,
            by_scaled.stats.expanded
        );
    }
}

#[test]
fn jump_point_search_expands_few_states_on_open_ground() {
    let map = GridMap::from_fn(200, 200, |x, y| !(x % 50 == 25 && y % 50 < 40)).unwrap();
    let path = GridPath::new(
        &map,
        Cell::new(0, 0),
        Cell::new(199, 190),
        Connectivity::Eight,
        GridCosts::new(100u32, 141),
    )
    .unwrap();
    let plain = a_star(&path);
    let jumped = a_star(&JumpPoints::new(&path).unwrap());
    assert_eq!(
        jumped.solution().unwrap().cost,
        plain.solution().unwrap().cost
    );
    assert!(
        jumped.stats.expanded * 20 < plain.stats.expanded,
        "{} against {}",
        jumped.stats.expanded,
        plain.stats.expanded
    );
    assert!(matches!(
        JumpPoints::new(
            &GridPath::new(
                &map,
                Cell::new(0, 0),
                Cell::new(1, 1),
                Connectivity::Four,
                GridCosts::new(1u32, 1)
            )
            .unwrap()
        ),
        Err(GridError::NotEightConnected)
    ));
}

/// With the goal in sight (a clear diagonal, then a clear straight run), jump point search
/// makes the one jump toward it and the straight one after: two expansions, however open the
/// map; one wall cell on the way, and it searches as before.
#[test]
fn jump_point_search_goes_straight_for_a_goal_in_sight() {
    let solve = |map: &GridMap| {
        let path = GridPath::new(
            map,
            Cell::new(0, 0),
            Cell::new(90, 40),
            Connectivity::Eight,
            GridCosts::new(100u32, 141),
        )
        .unwrap();
        let jumps = JumpPoints::new(&path).unwrap();
        let result = a_star(&jumps);
        let solution = result.solution().unwrap();
        let cells = jumps.cells(&solution.moves);
        assert!(walks(&path, &cells, solution.cost));
        assert_eq!(solution.cost, a_star(&path).solution().unwrap().cost);
        (result.stats.expanded, solution.moves.len())
    };
    let open = GridMap::from_fn(100, 100, |_, _| true).unwrap();
    assert_eq!(solve(&open), (2, 2));
    let walled = GridMap::from_fn(100, 100, |x, y| (x, y) != (60, 40)).unwrap();
    let (expanded, _) = solve(&walled);
    assert!(expanded > 2, "{expanded}");
}

/// A cell that two jumps reach is one state, kept with its cheaper arrival: two jump points
/// at one cell are equal and hash alike, whatever reached them; and no cell is expanded
/// twice, on a map of rooms where many jumps cross.
#[test]
fn jump_point_search_expands_a_cell_once() {
    use informed::puzzles::grid::Jump;
    use informed::SearchProblem;
    use std::collections::HashSet;
    use std::hash::{BuildHasher, RandomState};
    let map = GridMap::from_fn(64, 64, |x, y| {
        !((x % 16 == 8 && y % 16 != 4) || (y % 16 == 8 && x % 16 != 12))
    })
    .unwrap();
    let path = GridPath::new(
        &map,
        Cell::new(0, 0),
        Cell::new(63, 61),
        Connectivity::Eight,
        GridCosts::new(100u32, 141),
    )
    .unwrap();
    let jumps = JumpPoints::new(&path).unwrap();
    let start = jumps.start();
    let (mut east, mut south) = (start, start);
    jumps.apply(
        &mut east,
        Jump {
            direction: Direction::East,
            length: 2,
        },
    );
    jumps.apply(
        &mut south,
        Jump {
            direction: Direction::South,
            length: 2,
        },
    );
    let (mut one, mut other) = (east, south);
    jumps.apply(
        &mut one,
        Jump {
            direction: Direction::South,
            length: 2,
        },
    );
    jumps.apply(
        &mut other,
        Jump {
            direction: Direction::East,
            length: 2,
        },
    );
    assert_eq!(one, other);
    assert_ne!(one.arrived(), other.arrived());
    let hasher = RandomState::new();
    assert_eq!(hasher.hash_one(one), hasher.hash_one(other));
    let options = informed::SearchOptions::new();
    let mut steps = informed::AStarSteps::new(&jumps, &options);
    let mut expanded = HashSet::new();
    while let informed::AStarStep::Expanded { state, .. } = steps.step() {
        assert!(
            expanded.insert(state.cell()),
            "{:?} expanded twice",
            state.cell()
        );
    }
    assert!(expanded.len() > 10);
    let Some(informed::Outcome::Solved(solution)) = steps.outcome() else {
        panic!("solved");
    };
    assert_eq!(
        Some(solution.cost),
        a_star(&path).solution().map(|s| s.cost)
    );
}

#[test]
fn a_start_that_is_the_goal_and_a_walled_goal() {
    let map = GridMap::from_rows(&["..@.", "..@."]).unwrap();
    let here = Cell::new(1, 1);
    let path = GridPath::new(&map, here, here, Connectivity::Eight, GridCosts::octile()).unwrap();
    assert!(a_star(&path).into_solution().unwrap().cost.abs() < f64::EPSILON);
    let jumps = JumpPoints::new(&path).unwrap();
    assert_eq!(a_star(&jumps).into_solution().unwrap().moves, []);
    let across = GridPath::new(
        &map,
        here,
        Cell::new(3, 0),
        Connectivity::Eight,
        GridCosts::octile(),
    )
    .unwrap();
    assert!(matches!(a_star(&across).outcome, Outcome::NoSolution));
    assert!(matches!(
        a_star(&JumpPoints::new(&across).unwrap()).outcome,
        Outcome::NoSolution
    ));
}

#[test]
fn directions_and_cells_round_trip() {
    for d in Direction::ALL {
        assert_eq!(d.opposite().opposite(), d);
        let (dx, dy) = d.offset();
        assert_eq!(d.is_diagonal(), dx != 0 && dy != 0);
    }
    let cell = Cell::new(65535, 7);
    assert_eq!((cell.x(), cell.y()), (65535, 7));
    assert_eq!(cell.to_string(), "(65535, 7)");
}

#[test]
fn bad_maps_are_refused_with_the_place_named() {
    let header = "type octile\nheight 2\nwidth 3\nmap\n";
    let cases: Vec<(String, GridError)> = vec![
        (
            "type octile\nwidth 3\nmap\n...\n".into(),
            GridError::MissingField { field: "height" },
        ),
        (
            "height 1\nmap\n...\n".into(),
            GridError::MissingField { field: "width" },
        ),
        (
            "height 1\nwidth 3\n".into(),
            GridError::MissingField { field: "map" },
        ),
        (
            "type hex\nheight 1\nwidth 1\nmap\n.\n".into(),
            GridError::UnsupportedType { name: "hex".into() },
        ),
        (
            "height one\nwidth 1\nmap\n.\n".into(),
            GridError::BadHeader {
                line: 1,
                text: "height one".into(),
            },
        ),
        (
            "height 0\nwidth 1\nmap\n".into(),
            GridError::UnsupportedSize {
                width: 1,
                height: 0,
            },
        ),
        (
            "height 1\nwidth 70000\nmap\n".into(),
            GridError::UnsupportedSize {
                width: 70000,
                height: 1,
            },
        ),
        (
            format!("{header}...\n"),
            GridError::MissingRows {
                expected: 2,
                found: 1,
            },
        ),
        (
            format!("{header}...\n....\n"),
            GridError::WrongRowLength {
                row: 2,
                expected: 3,
                found: 4,
            },
        ),
        (
            format!("{header}...\n.x.\n"),
            GridError::UnknownTerrain {
                row: 2,
                column: 2,
                found: 'x',
            },
        ),
        (
            format!("{header}...\n...\n\nmore\n"),
            GridError::TrailingText { line: 8 },
        ),
    ];
    for (text, expected) in cases {
        let error = GridMap::parse(&text).unwrap_err();
        assert_eq!(error, expected, "{text:?}");
        assert!(!error.to_string().is_empty());
    }
    // Windows line ends and trailing blank lines are fine.
    let map = GridMap::parse("height 1\r\nwidth 2\r\nmap\r\n.@\r\n\r\n").unwrap();
    assert!(!map.is_passable(Cell::new(1, 0)));
    // A huge bad line is quoted short.
    let long = format!("height {}\nwidth 1\nmap\n", "9".repeat(1 << 20));
    let message = GridMap::parse(&long).unwrap_err().to_string();
    assert!(message.len() < 160, "{message}");
    // A header promising a huge map with no rows fails without making room for it.
    assert!(matches!(
        GridMap::parse("height 65535\nwidth 65535\nmap\n"),
        Err(GridError::MissingRows { found: 0, .. })
    ));
    assert!(matches!(
        GridMap::from_rows::<&str>(&[]),
        Err(GridError::UnsupportedSize { .. })
    ));
}

#[test]
fn bad_scenarios_are_refused_with_the_line_named() {
    assert!(matches!(
        Scenario::parse_file("version 2\n"),
        Err(ScenarioError::BadVersion { .. })
    ));
    assert!(matches!(
        Scenario::parse_file(""),
        Err(ScenarioError::BadVersion { .. })
    ));
    let line = "0\tmaps/a.map\t4\t3\t0\t1\t3\t1\t3.5";
    assert_eq!(
        Scenario::parse_file(&format!("version 1\n{line}\n"))
            .unwrap()
            .len(),
        1
    );
    for (bad, field) in [
        (
            "0\tmaps/a.map\t4\t3\t0\t1\t3\t1",
            "nine fields separated by tabs or spaces",
        ),
        ("0\tmaps/a.map\t4\t3\t0\t-1\t3\t1\t3", "start y"),
        ("0\tmaps/a.map\t4\t3\t0\t1\t3\t1\tNaN", "optimal length"),
        ("x\tmaps/a.map\t4\t3\t0\t1\t3\t1\t3", "bucket"),
        ("0\tmaps/a.map\t4\t99999\t0\t1\t3\t1\t3", "height"),
    ] {
        let text = format!("version 1\n{line}\n\n{bad}\n");
        match Scenario::parse_file(&text) {
            Err(ScenarioError::BadLine {
                line: 4, field: f, ..
            }) => assert_eq!(f, field),
            other => panic!("{bad:?}: {other:?}"),
        }
    }
}

/// Jumps read from a [`JumpTable`] are the jumps a scan finds: on random maps, every query
/// expands the same states and returns the same path with the table as without.
#[test]
fn a_jump_table_searches_as_the_scans_do() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the query over
    fn same(query: Query) -> bool {
        let map = query.map();
        let table = JumpTable::build(&map).unwrap();
        let (straight, diagonal) = query.costs;
        if straight > diagonal || diagonal > 2 * straight {
            return true;
        }
        let path = GridPath::new(
            &map,
            Query::cell(query.start),
            Query::cell(query.goal),
            Connectivity::Eight,
            GridCosts::new(straight, diagonal),
        )
        .unwrap();
        let scanned = a_star(&JumpPoints::new(&path).unwrap());
        let read = a_star(&JumpPoints::with_table(&path, &table).unwrap());
        scanned.outcome == read.outcome && scanned.stats == read.stats
    }
    quickcheck::QuickCheck::new()
        .tests(500)
        .quickcheck(same as fn(Query) -> bool);
    // And on the benchmark's own maps, every query.
    for name in ["arena", "AR0011SR"] {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/movingai/");
        let map =
            GridMap::parse(&std::fs::read_to_string(format!("{dir}{name}.map")).unwrap()).unwrap();
        let table = JumpTable::build(&map).unwrap();
        let text = std::fs::read_to_string(format!("{dir}{name}.map.scen")).unwrap();
        for scenario in Scenario::parse_file(&text).unwrap() {
            let path = GridPath::new(
                &map,
                scenario.start,
                scenario.goal,
                Connectivity::Eight,
                GridCosts::octile(),
            )
            .unwrap();
            let scanned = a_star(&JumpPoints::new(&path).unwrap());
            let read = a_star(&JumpPoints::with_table(&path, &table).unwrap());
            assert_eq!(scanned.outcome, read.outcome, "{name}: {scenario:?}");
            assert_eq!(scanned.stats, read.stats, "{name}: {scenario:?}");
        }
    }
}

/// A jump table serves the map it was built for only; kept in a file, it is read back for
/// that map, rebuilt for another (the file named as rejected), and a damaged file is rejected.
#[test]
fn a_jump_table_is_kept_in_a_file_for_its_map_only() {
    use informed::heuristics::pattern_database::BuildReport;
    let map = GridMap::from_fn(40, 30, |x, y| !(x == 20 && y > 3)).unwrap();
    let other = GridMap::from_fn(40, 30, |x, y| !(x == 21 && y > 3)).unwrap();
    let path = GridPath::new(
        &map,
        Cell::new(0, 29),
        Cell::new(39, 29),
        Connectivity::Eight,
        GridCosts::octile(),
    )
    .unwrap();
    let foreign = JumpTable::build(&other).unwrap();
    assert!(matches!(
        JumpPoints::with_table(&path, &foreign),
        Err(GridError::WrongJumpTable)
    ));
    let dir = std::env::temp_dir().join(format!("informed-jump-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("map.jumps");
    let mut report = BuildReport::default();
    let built = JumpTable::load_or_build(&map, Some(&file), &mut report).unwrap();
    assert_eq!((report.built, report.loaded), (1, 0));
    let mut report = BuildReport::default();
    let loaded = JumpTable::load_or_build(&map, Some(&file), &mut report).unwrap();
    assert_eq!((report.built, report.loaded), (0, 1));
    assert_eq!(report.bytes, built.memory_bytes());
    let searched = a_star(&JumpPoints::with_table(&path, &loaded).unwrap());
    assert_eq!(
        searched.outcome,
        a_star(&JumpPoints::new(&path).unwrap()).outcome
    );
    // Another map: the file is rejected and the table rebuilt (and written over it).
    let mut report = BuildReport::default();
    let rebuilt = JumpTable::load_or_build(&other, Some(&file), &mut report).unwrap();
    assert_eq!((report.built, report.rejected.len()), (1, 1), "{report:?}");
    assert!(rebuilt.serves(&other) && !rebuilt.serves(&map));
    // A flipped bit: rejected as damaged.
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let mut report = BuildReport::default();
    JumpTable::load_or_build(&other, Some(&file), &mut report).unwrap();
    assert!(
        report.rejected[0].contains("damaged"),
        "{:?}",
        report.rejected
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Jump point search scans 64 cells at a time: on long maps its scans cross many windows,
/// and its lengths must still be the plain A*'s.
#[test]
fn jump_point_search_agrees_on_long_maps() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the seed over
    fn agrees(seed: u64, width: u16, height: u8, walls: u8) -> bool {
        let (width, height) = (50 + usize::from(width % 300), 1 + usize::from(height % 8));
        let walls = u64::from(walls % 12);
        let mut state = seed | 1;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let free: Vec<Vec<bool>> = (0..height)
            .map(|_| (0..width).map(|_| next() % 100 >= walls).collect())
            .collect();
        let map = GridMap::from_fn(width, height, |x, y| free[y as usize][x as usize]).unwrap();
        for _ in 0..4 {
            let pick = |n: u64, size: usize| (n % size as u64) as usize;
            let start = (pick(next(), width), pick(next(), height));
            let goal = (pick(next(), width), pick(next(), height));
            if !free[start.1][start.0] || !free[goal.1][goal.0] {
                continue;
            }
            let path = GridPath::new(
                &map,
                Query::cell(start),
                Query::cell(goal),
                Connectivity::Eight,
                GridCosts::new(100u64, 141),
            )
            .unwrap();
            let expected = reference(&free, start, goal, true, (100, 141));
            let jumps = JumpPoints::new(&path).unwrap();
            let found = a_star(&jumps).into_solution();
            let ok = match (&found, expected) {
                (Some(s), Some(cost)) => {
                    s.cost == cost && walks(&path, &jumps.cells(&s.moves), s.cost)
                }
                (None, None) => true,
                _ => false,
            };
            if !ok {
                eprintln!(
                    "{width}x{height} {start:?} -> {goal:?}: {found:?}, expected {expected:?}"
                );
                return false;
            }
        }
        true
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(agrees as fn(u64, u16, u8, u8) -> bool);
}

/// On a map large enough that A*'s open list gives up its buckets for a heap of nodes (costs
/// of 100 and 141 give almost every node a key of its own), cells filed by their place on the
/// map and cells filed by hash give the same paths and counts, at the reference's lengths.
#[test]
fn cells_filed_by_number_search_as_cells_filed_by_hash() {
    let (width, height) = (256, 256);
    let mut seed = 0x9E37_79B9_u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        seed >> 33
    };
    let mut free: Vec<Vec<bool>> = (0..height)
        .map(|_| (0..width).map(|_| next() % 100 >= 25).collect())
        .collect();
    let map = GridMap::from_fn(width, height, |x, y| free[y as usize][x as usize]).unwrap();
    let mut solved = 0;
    for _ in 0..6 {
        // Across the map: long searches, with thousands of keys open.
        let mut cell = |x0: usize| {
            (
                x0 + (next() % 16) as usize,
                (next() % height as u64) as usize,
            )
        };
        let (start, goal) = (cell(0), cell(width - 16));
        for (x, y) in [start, goal] {
            free[y][x] = true;
        }
        let map = GridMap::from_fn(width, height, |x, y| free[y as usize][x as usize]).unwrap();
        let costs = GridCosts::new(100u64, 141);
        let path = GridPath::new(
            &map,
            Query::cell(start),
            Query::cell(goal),
            Connectivity::Eight,
            costs,
        )
        .unwrap();
        let hashed = crate::common::Hashed(path.clone());
        let expected = reference(&free, start, goal, true, (100, 141));
        // (BFS files states as A* does: the chain in `numbered_states` holds it to that.)
        for (numbered, by_hash) in [
            (a_star(&path), a_star(&hashed)),
            (dijkstra(&path), dijkstra(&hashed)),
        ] {
            assert_eq!(numbered.outcome, by_hash.outcome);
            assert_eq!(numbered.stats, by_hash.stats);
        }
        let found = a_star(&path);
        assert_eq!(found.solution().map(|s| s.cost), expected);
        if let Some(solution) = found.solution() {
            assert!(walks(&path, &path.cells(&solution.moves), solution.cost));
            solved += 1;
        }
    }
    assert!(solved >= 3, "too few queries had a path: {solved}");
    drop(map);
}

#[test]
fn lengths_match_within_the_digits_a_scenario_file_gives_in_either_format() {
    // 1297 straight steps and 2 diagonal ones: 1299.828427..., which the benchmark writes
    // with six significant digits (tab-separated) or two decimals (its older, spaced files).
    let map = GridMap::from_rows(&[".".repeat(1300), ".".repeat(1300), ".".repeat(1300)]).unwrap();
    for file in [
        "version 1\n0\tmaps/long.map\t1300\t3\t0\t0\t1299\t2\t1299.83\n",
        "version 1.0\n0 maps/long.map 1300 3 0 0 1299 2 1299.83\n",
    ] {
        let scenario = &Scenario::parse_file(file).unwrap()[0];
        let path = GridPath::new(
            &map,
            scenario.start,
            scenario.goal,
            Connectivity::Eight,
            GridCosts::octile(),
        )
        .unwrap();
        let length = a_star(&path).into_solution().unwrap().cost;
        assert!((length - (1297.0 + 2.0 * 2f64.sqrt())).abs() < 1e-9);
        assert!(scenario.matches(length), "{file:?}: {length}");
        assert!(!scenario.matches(length + 0.02), "{file:?}");
    }
}
