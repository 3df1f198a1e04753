//! The domains' examples: every style alike, the optimal lengths, bad lines named.

use super::*;

#[test]
fn pancake_solves_every_style_alike_and_names_a_bad_line() {
    // Five random stacks of eight: every way of writing the problem finds the same optimal
    // lengths, after the same node counts but through closures (whose count includes the
    // children on the current path, the stack a flip came from among them, which the engine
    // skips there instead of the inverse flip).
    let generated = run("pancake", &["--generate", "8", "5", "3"], "");
    assert_eq!(generated.status, Some(0));
    assert_eq!(generated.stdout.lines().count(), 5);
    let mut answers = Vec::new();
    for style in ["docs", "plain", "closures", "shipped"] {
        let out = run("pancake", &["--style", style], &generated.stdout);
        assert_eq!(out.status, Some(0), "{style}: {}", out.stderr);
        // `<id> <length> <nodes> <ms>`: the length and nodes agree across styles.
        let fields: Vec<String> = out
            .stdout
            .lines()
            .map(|line| {
                line.split_whitespace()
                    .take(3)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        answers.push(fields);
    }
    let lengths = |fields: &[String]| -> Vec<String> {
        let words = fields.iter().map(|line| line.split(' ').take(2));
        words.map(|w| w.collect::<Vec<_>>().join(" ")).collect()
    };
    assert_eq!(answers[0], answers[1]);
    assert_eq!(lengths(&answers[0]), lengths(&answers[2]));
    assert_eq!(answers[0], answers[3]);
    // The instance set, solved by the shipped puzzle: every length optimal.
    let out = run(
        "pancake",
        &["--style", "shipped"],
        include_str!("../../../examples/data/pancake.txt"),
    );
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    let lengths: Vec<String> = out
        .stdout
        .lines()
        .map(|line| {
            line.split_whitespace()
                .take(2)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let expected: Vec<&str> = include_str!("../../../examples/data/pancake.expected")
        .lines()
        .collect();
    assert_eq!(lengths, expected);
    let out = run("pancake", &[], "1 4 0 1 2 3\n2 4 0 1 1 3\n");
    assert_eq!(out.status, Some(2));
    assert_eq!(
        out.stdout.lines().count(),
        1,
        "the valid line is answered first"
    );
    assert!(out.stderr.contains("line 2"), "{}", out.stderr);
}

#[test]
fn hanoi_takes_the_frame_stewart_numbers_and_names_a_bad_line() {
    let out = run("hanoi", &["--disks", "9", "--group", "5"], "");
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    let lengths: Vec<&str> = out
        .stdout
        .lines()
        .map(|line| line.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(lengths, ["1", "3", "5", "9", "13", "17", "25", "33", "41"]);
    let out = run(
        "hanoi",
        &["--stdin", "--group", "4"],
        "0 1 2 3\n3 3 3\n0 7\n",
    );
    assert_eq!(out.status, Some(2));
    assert_eq!(
        out.stdout.lines().count(),
        2,
        "the valid lines are answered first"
    );
    assert!(out.stdout.starts_with("1 3 ") && out.stdout.contains("\n2 0 "));
    assert!(
        out.stderr.contains("line 3") && out.stderr.contains("not a peg"),
        "{}",
        out.stderr
    );
    let out = run("hanoi", &["--group", "15"], "");
    assert_eq!(out.status, Some(2), "{}", out.stderr);
}

/// The Rubik's cube example without its databases (20 s and 87 MB to build: the README's
/// command runs it): scrambles generated in the search's move order, and bad flags refused.
#[test]
fn rubiks_cube_generates_scrambles_and_refuses_bad_flags() {
    let out = run("rubiks_cube", &["--generate", "14", "3", "7"], "");
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout.lines().count(), 3);
    for line in out.stdout.lines() {
        let moves = informed::puzzles::rubiks_cube::parse_moves(line).unwrap();
        assert_eq!(moves.len(), 14, "{line}");
        assert!(moves.windows(2).all(|w| w[0].face != w[1].face), "{line}");
    }
    let out = run("rubiks_cube", &["--metric", "ftm"], "");
    assert_eq!(out.status, Some(2));
    assert!(out.stderr.contains("htm or qtm"), "{}", out.stderr);
}

#[test]
fn topspin_solves_every_style_alike_and_optimally() {
    let generated = run("topspin", &["--generate", "8", "6", "5"], "");
    assert_eq!(generated.status, Some(0));
    let fields = |out: &Run, take: usize| -> Vec<String> {
        out.stdout
            .lines()
            .map(|line| {
                line.split_whitespace()
                    .take(take)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    let docs = run("topspin", &[], &generated.stdout);
    let plain = run("topspin", &["--style", "plain"], &generated.stdout);
    let closures = run("topspin", &["--style", "closures"], &generated.stdout);
    let shipped = run("topspin", &["--style", "shipped"], &generated.stdout);
    for out in [&docs, &plain, &closures, &shipped] {
        assert_eq!(out.status, Some(0), "{}", out.stderr);
    }
    assert_eq!(fields(&docs, 2), fields(&shipped, 2), "same lengths");
    assert_eq!(
        fields(&docs, 3),
        fields(&plain, 3),
        "same lengths and node counts"
    );
    assert_eq!(fields(&docs, 2), fields(&closures, 2), "same lengths");
    // Each length is the fewest turns, by breadth-first search over the rings.
    for (line, answer) in generated.stdout.lines().zip(docs.stdout.lines()) {
        let ring: Vec<u8> = line
            .split_whitespace()
            .skip(2)
            .map(|t| t.parse().unwrap())
            .collect();
        let n = ring.len();
        let problem = informed::closures::FnProblem::new(
            ring,
            move |ring: &Vec<u8>| {
                (0..n)
                    .map(|i| {
                        let mut next = ring.clone();
                        next.swap(i, (i + 3) % n);
                        next.swap((i + 1) % n, (i + 2) % n);
                        (next, 1u32)
                    })
                    .collect::<Vec<_>>()
            },
            |_: &Vec<u8>| 0,
            move |ring: &Vec<u8>| {
                (0..n).all(|i| (ring[i] as usize + 1) % n == ring[(i + 1) % n] as usize)
            },
        );
        let fewest = bfs(&problem)
            .into_solution()
            .expect("generated rings are solvable");
        let length: usize = answer.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert_eq!(length, fewest.len(), "{line}");
    }
    // The instance set, solved by the shipped puzzle with its pattern database: every
    // length optimal.
    let out = run(
        "topspin",
        &["--style", "shipped"],
        include_str!("../../../examples/data/topspin.txt"),
    );
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    let expected: Vec<&str> = include_str!("../../../examples/data/topspin.expected")
        .lines()
        .collect();
    assert_eq!(fields(&out, 2), expected);
    // An odd ring in odd order cannot be solved: refused, after the rings before it.
    let out = run("topspin", &[], "1 7 0 1 2 3 4 5 6\n2 7 1 0 2 3 4 5 6\n");
    assert_eq!((out.status, out.stdout.lines().count()), (Some(2), 1));
    assert!(
        out.stderr.contains("line 2") && out.stderr.contains("unsolvable"),
        "{}",
        out.stderr
    );
}

#[test]
fn replanning_walks_the_arena_with_both_engines_agreeing() {
    let scenarios = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/movingai/arena.map.scen"
    );
    let out = run(
        "replanning",
        &["--walks", "4", "--hidden", "15", scenarios],
        "",
    );
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    // A title, the column heads, a line a walk, and the two summary lines.
    assert_eq!(lines.len(), 2 + 4 + 2, "{}", out.stdout);
    assert!(lines[7].contains("replans over"), "{}", out.stdout);
    for (args, complaint) in [
        (&["--hidden", "101"][..], "percentage"),
        (&["--sight", "0"][..], "at least 1"),
        (&["no/such.scen"][..], "cannot read"),
    ] {
        let out = run("replanning", args, "");
        assert_eq!(out.status, Some(2), "{args:?}");
        assert!(out.stderr.contains(complaint), "{args:?}: {}", out.stderr);
    }
}

#[test]
fn grid_prints_every_arena_scenario_at_its_optimal_length() {
    let scenarios = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/movingai/arena.map.scen"
    );
    let optimal: Vec<f64> = include_str!("../../../benches/data/movingai/arena.map.scen")
        .lines()
        .skip(1)
        .map(|line| line.split('\t').nth(8).unwrap().parse().unwrap())
        .collect();
    for args in [
        &[scenarios][..],
        &["--engine", "jps", scenarios],
        &["--engine", "jps+", scenarios],
        &["--engine", "jps+gb", "--costs", "scaled", scenarios],
        &["--engine", "dijkstra", "--costs", "scaled", scenarios],
    ] {
        let out = run("grid", args, "");
        assert_eq!(out.status, Some(0), "{args:?}: {}", out.stderr);
        let lines: Vec<&str> = out.stdout.lines().collect();
        assert_eq!(lines.len(), optimal.len());
        for (index, (line, optimal)) in lines.iter().zip(&optimal).enumerate() {
            let (number, length) = line.split_once(' ').unwrap();
            assert_eq!(number, index.to_string());
            assert_eq!(length.split_once('.').unwrap().1.len(), 4, "{line}");
            let length: f64 = length.parse().unwrap();
            assert!(
                (length - optimal).abs() <= 1e-4,
                "{args:?}: {line} against {optimal}"
            );
        }
        assert!(
            out.stderr
                .contains("160 scenarios, 160 of the optimal length"),
            "{}",
            out.stderr
        );
    }
    let dir = std::env::temp_dir().join(format!("informed-grid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.map.scen");
    std::fs::write(&bad, "version 1\n0\tbad.map\t2\t1\t0\t0\t1\t0\t1\n").unwrap();
    let out = run("grid", &[bad.to_str().unwrap()], "");
    assert_eq!(out.status, Some(2), "{}", out.stderr);
    assert!(out.stderr.contains("cannot read the map"), "{}", out.stderr);
    std::fs::write(dir.join("bad.map"), "height 1\nwidth 2\nmap\n.x\n").unwrap();
    let out = run("grid", &[bad.to_str().unwrap()], "");
    assert_eq!(out.status, Some(2));
    assert!(out.stderr.contains("row 1, column 2"), "{}", out.stderr);
    std::fs::write(dir.join("bad.map"), "height 1\nwidth 2\nmap\n.@\n").unwrap();
    let out = run("grid", &[bad.to_str().unwrap()], "");
    assert_eq!(out.status, Some(2));
    assert!(
        out.stderr.contains("scenario 0: cell (1, 0) is blocked"),
        "{}",
        out.stderr
    );
    std::fs::write(dir.join("bad.map"), "height 1\nwidth 2\nmap\n..\n").unwrap();
    std::fs::write(&bad, "version 1\n0\tbad.map\t2\t1\t0\t0\t1\t0\t7\n").unwrap();
    let out = run("grid", &[bad.to_str().unwrap()], "");
    assert_eq!((out.status, out.stdout.as_str()), (Some(1), "0 1.0000\n"));
    assert_eq!(run("grid", &["--engine", "ida", "x"], "").status, Some(2));
    assert_eq!(
        run("grid", &["--tables", "t", scenarios], "").status,
        Some(2)
    );
    assert_eq!(run("grid", &[], "").status, Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// jps+ keeps its jump tables in a directory, and jps+gb its goal bounds beside them, read
/// back on the next run.
#[test]
fn grid_keeps_its_tables_and_bounds_in_a_directory() {
    let scenarios = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/movingai/arena.map.scen"
    );
    let dir = std::env::temp_dir().join(format!("informed-grid-tables-{}", std::process::id()));
    let tables = dir.join("tables");
    for (engine, what) in [("jps+", "jump tables"), ("jps+gb", "goal bounds")] {
        let args = [
            "--engine",
            engine,
            "--tables",
            tables.to_str().unwrap(),
            scenarios,
        ];
        let first = run("grid", &args, "");
        let built = format!("{what}: 1 built");
        assert!(first.stderr.contains(&built), "{}", first.stderr);
        let second = run("grid", &args, "");
        assert_eq!((second.status, &second.stdout), (Some(0), &first.stdout));
        let read = format!("{what}: 0 built in 0.0 ms, 1 read");
        assert!(second.stderr.contains(&read), "{}", second.stderr);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn grid_matches_the_benchmark_s_own_files_in_both_formats() {
    // Dragon Age (six significant digits, tabs) and Baldur's Gate II (version 1.0: spaces,
    // two decimals): every length matches within the digits the file gives.
    for (file, count) in [("den520d", 888), ("AR0011SR", 1280)] {
        let scenarios = format!(
            "{}/benches/data/movingai/{file}.map.scen",
            env!("CARGO_MANIFEST_DIR")
        );
        let out = run("grid", &["--engine", "jps", &scenarios], "");
        assert_eq!(out.status, Some(0), "{file}: {}", out.stderr);
        let summary = format!("{count} scenarios, {count} of the optimal length");
        assert!(out.stderr.contains(&summary), "{file}: {}", out.stderr);
    }
}
