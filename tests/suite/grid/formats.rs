//! The Moving AI formats read and their errors, the arena's scenarios at their lengths.

use informed::a_star;
use informed::puzzles::grid::{
    Cell, Direction, GridError, GridMap, JumpPoints, Scenario, ScenarioError,
};

use super::{ARENA, ARENA_SCENARIOS, scenario_path};

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
        let path = scenario_path(&map, scenario);
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
        let path = scenario_path(&map, scenario);
        let length = a_star(&path).into_solution().unwrap().cost;
        assert!((length - (1297.0 + 2.0 * 2f64.sqrt())).abs() < 1e-9);
        assert!(scenario.matches(length), "{file:?}: {length}");
        assert!(!scenario.matches(length + 0.02), "{file:?}");
    }
}
