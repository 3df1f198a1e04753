//! Goal bounds: jump point search that reads them finds the optimal length on random maps and
//! the benchmark's arena, for integer and floating-point costs, expanding no more states; the
//! bounds serve their own map and costs only, and are kept in a file that is checked.

use informed::heuristics::pattern_database::BuildReport;
use informed::puzzles::grid::{
    Cell, Connectivity, GoalBounds, GridCosts, GridError, GridMap, GridPath, JumpPoints, JumpTable,
    Scenario,
};
use informed::{Cost, a_star};

use super::grid::{ARENA, ARENA_SCENARIOS, rejects_a_flipped_bit, scenario_path};

/// A random map of `width × height` with about `walls` percent of its cells blocked, from
/// `seed` (xorshift).
fn random_map(seed: u64, width: u16, height: u16, walls: u64) -> GridMap {
    let mut state = seed | 1;
    GridMap::from_fn(usize::from(width), usize::from(height), |_, _| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % 100 >= walls
    })
    .unwrap()
}

/// A search's cost, if it found a path, and the states it expanded.
fn cost<S, M, C: Cost>(
    result: informed::SearchResult<informed::Solution<S, M, C>, C>,
) -> (Option<C>, u64) {
    let expanded = result.stats.expanded;
    (result.into_solution().map(|s| s.cost), expanded)
}

/// Every query between passable cells of `map` (a sample on larger maps) through plain A*,
/// jump point search with goal bounds scanning the map, and reading a jump table: the same
/// cost each, and no more states expanded than jump point search without the bounds.
fn bounded_searches_agree<C: Cost>(map: &GridMap, costs: GridCosts<C>, stride: usize) {
    let open: Vec<Cell> = (0..map.height())
        .flat_map(|y| (0..map.width()).map(move |x| Cell::new(x, y)))
        .filter(|&cell| map.is_passable(cell))
        .collect();
    let Some(&first) = open.first() else {
        return;
    };
    let any = GridPath::new(map, first, first, Connectivity::Eight, costs).unwrap();
    let bounds = GoalBounds::build(&any).unwrap();
    let table = JumpTable::build(map).unwrap();
    for (i, &start) in open.iter().enumerate().step_by(stride) {
        for &goal in open.iter().skip(i % stride).step_by(stride) {
            let path = GridPath::new(map, start, goal, Connectivity::Eight, costs).unwrap();
            let (plain, _) = cost(a_star(&path));
            let (jumped, unbounded) = cost(a_star(&JumpPoints::new(&path).unwrap()));
            let search = JumpPoints::new(&path).unwrap().with_goal_bounds(&bounds);
            let (bounded, expanded) = cost(a_star(&search.unwrap()));
            let search = JumpPoints::with_table(&path, &table).unwrap();
            let (read, read_expanded) = cost(a_star(&search.with_goal_bounds(&bounds).unwrap()));
            // The same sums of steps, added in another order for floats.
            let same = |a: Option<C>, b: Option<C>| match (a, b) {
                (Some(a), Some(b)) => {
                    let (a, b) = (a.value().as_f64(), b.value().as_f64());
                    (a - b).abs() <= 1e-9 * a.max(b)
                }
                (a, b) => a.is_none() && b.is_none(),
            };
            assert!(same(jumped, plain), "{start:?} to {goal:?}");
            assert!(same(bounded, plain), "bounded, {start:?} to {goal:?}");
            assert!(
                same(read, plain),
                "bounded with a table, {start:?} to {goal:?}"
            );
            assert!(expanded <= unbounded, "{start:?} to {goal:?}");
            assert_eq!(read_expanded, expanded, "{start:?} to {goal:?}");
        }
    }
}

#[test]
fn goal_bounds_keep_every_length_optimal_on_random_maps() {
    for seed in 0..12u64 {
        let (width, height) = (3 + (seed * 7 % 14) as u16, 2 + (seed * 5 % 13) as u16);
        let map = random_map(seed, width, height, seed * 4 % 45);
        bounded_searches_agree(&map, GridCosts::new(100u32, 141), 1);
        bounded_searches_agree(&map, GridCosts::new(2u64, 3), 1);
        bounded_searches_agree(&map, GridCosts::new(1u32, 1), 2);
        bounded_searches_agree(&map, GridCosts::octile(), 1);
        bounded_searches_agree(&map, GridCosts::new(0u32, 0), 1);
        bounded_searches_agree(&map, GridCosts::new(3u64, 3), 1);
    }
}

#[test]
fn goal_bounds_on_the_arena_keep_every_scenario_optimal_and_cut_the_states() {
    let map = GridMap::parse(ARENA).unwrap();
    let scenarios = Scenario::parse_file(ARENA_SCENARIOS).unwrap();
    let query = |s: &Scenario| scenario_path(&map, s);
    let bounds = GoalBounds::build(&query(&scenarios[0])).unwrap();
    let (mut bounded, mut unbounded) = (0, 0);
    for scenario in &scenarios {
        let path = query(scenario);
        let plain = a_star(&JumpPoints::new(&path).unwrap());
        let search = JumpPoints::new(&path).unwrap().with_goal_bounds(&bounds);
        let result = a_star(&search.unwrap());
        let cost = result.solution().expect("a path").cost;
        assert!(scenario.matches(cost), "{scenario:?}: {cost}");
        bounded += result.stats.expanded;
        unbounded += plain.stats.expanded;
    }
    assert!(bounded < unbounded, "{bounded} against {unbounded}");
}

/// A goal no path reaches: the bounds of the start hold it in no direction, and the search
/// ends at once with no solution.
#[test]
fn a_walled_off_goal_is_no_solution_with_goal_bounds() {
    let map = GridMap::from_rows(&["..@..", "..@..", "..@.."]).unwrap();
    let path = GridPath::new(
        &map,
        Cell::new(0, 0),
        Cell::new(4, 2),
        Connectivity::Eight,
        GridCosts::new(10u32, 14),
    )
    .unwrap();
    let bounds = GoalBounds::build(&path).unwrap();
    let result = a_star(
        &JumpPoints::new(&path)
            .unwrap()
            .with_goal_bounds(&bounds)
            .unwrap(),
    );
    assert!(result.solution().is_none());
    assert_eq!(result.stats.expanded, 1);
}

/// Bounds serve their own map, connectivity and costs only; kept in a file, they are read
/// back for those, rebuilt for others (the file named as rejected), and a damaged file is
/// rejected.
#[test]
fn goal_bounds_are_kept_in_a_file_for_their_map_and_costs_only() {
    let map = GridMap::from_fn(30, 20, |x, y| !(x == 15 && y > 2)).unwrap();
    let other = GridMap::from_fn(30, 20, |x, y| !(x == 16 && y > 2)).unwrap();
    let on = |map, costs| {
        GridPath::new(
            map,
            Cell::new(0, 19),
            Cell::new(29, 19),
            Connectivity::Eight,
            costs,
        )
        .unwrap()
    };
    let path = on(&map, GridCosts::new(10u32, 14));
    let bounds = GoalBounds::build(&path).unwrap();
    for wrong in [
        on(&map, GridCosts::new(10u32, 15)),
        on(&other, GridCosts::new(10u32, 14)),
    ] {
        assert!(!bounds.serves(&wrong));
        assert!(matches!(
            JumpPoints::new(&wrong).unwrap().with_goal_bounds(&bounds),
            Err(GridError::WrongGoalBounds)
        ));
    }
    let four = GridPath::new(
        &map,
        Cell::new(0, 19),
        Cell::new(29, 19),
        Connectivity::Four,
        GridCosts::new(10u32, 14),
    )
    .unwrap();
    assert!(!bounds.serves(&four));
    let dir = std::env::temp_dir().join(format!("informed-goal-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("map.bounds");
    let mut report = BuildReport::default();
    GoalBounds::load_or_build(&path, Some(&file), &mut report).unwrap();
    assert_eq!((report.built, report.loaded), (1, 0));
    let mut report = BuildReport::default();
    let loaded = GoalBounds::load_or_build(&path, Some(&file), &mut report).unwrap();
    assert_eq!((report.built, report.loaded), (0, 1));
    assert_eq!(report.bytes, bounds.memory_bytes());
    let searched = a_star(
        &JumpPoints::new(&path)
            .unwrap()
            .with_goal_bounds(&loaded)
            .unwrap(),
    );
    let built = a_star(
        &JumpPoints::new(&path)
            .unwrap()
            .with_goal_bounds(&bounds)
            .unwrap(),
    );
    assert_eq!(
        (searched.outcome, searched.stats),
        (built.outcome, built.stats)
    );
    // Other costs: the file is rejected and the bounds rebuilt (and written over it).
    let mut report = BuildReport::default();
    let dearer = on(&map, GridCosts::new(10u32, 15));
    let rebuilt = GoalBounds::load_or_build(&dearer, Some(&file), &mut report).unwrap();
    assert_eq!((report.built, report.rejected.len()), (1, 1), "{report:?}");
    assert!(rebuilt.serves(&dearer) && !rebuilt.serves(&path));
    rejects_a_flipped_bit(&file, |report| {
        GoalBounds::load_or_build(&dearer, Some(&file), report).unwrap();
    });
    std::fs::remove_dir_all(&dir).unwrap();
}
