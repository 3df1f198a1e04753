//! Jump point search: few states on open ground, the goal in sight, a cell expanded once, and
//! its jump table searching as the scans do.

use informed::puzzles::grid::{
    Cell, Connectivity, Direction, GridCosts, GridError, GridMap, GridPath, JumpPoints, JumpTable,
    Scenario,
};
use informed::{Outcome, a_star};
use quickcheck::QuickCheck;

use super::{Query, reference, rejects_a_flipped_bit, scenario_path, walks};

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
    use informed::SearchProblem;
    use informed::puzzles::grid::Jump;
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
            let path = scenario_path(&map, &scenario);
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
    rejects_a_flipped_bit(&file, |report| {
        JumpTable::load_or_build(&other, Some(&file), report).unwrap();
    });
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
