//! Every engine's length against the reference, float costs against scaled integers, cells
//! filed by number against cells filed by hash.

use informed::puzzles::grid::{Cell, Connectivity, GridCosts, GridMap, GridPath, JumpPoints};
use informed::{
    Outcome, Solution, a_star, bfs, bidirectional_a_star, budgeted_tree_search, dijkstra,
    ida_star_cr,
};
use quickcheck::QuickCheck;

use super::{Query, reference, walks};

/// Whether `outcome` is a path of `path` at the `expected` cost (its cells by `cells`), or no
/// solution where none is expected.
fn found<S, M>(
    path: &GridPath<'_, u64>,
    outcome: &Outcome<Solution<S, M, u64>, u64>,
    expected: Option<u64>,
    cells: impl Fn(&[M]) -> Vec<Cell>,
) -> bool {
    match (outcome, expected) {
        (Outcome::Solved(s), Some(cost)) => s.cost == cost && walks(path, &cells(&s.moves), s.cost),
        (Outcome::NoSolution, None) => true,
        _ => false,
    }
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
                if !found(&path, &outcome, expected, |moves| path.cells(moves)) {
                    eprintln!("{engine} {connectivity:?}: {outcome:?}, expected {expected:?}");
                    return false;
                }
            }
            if eight {
                let jumps = JumpPoints::new(&path).unwrap();
                let outcome = a_star(&jumps).outcome;
                if !found(&path, &outcome, expected, |moves| jumps.cells(moves)) {
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
