//! What every example shares: its help, its flags, its messages, one rule for boards.

use super::*;

/// Every example, with words its help must hold.
const EXAMPLES: [(&str, &[&str]); 14] = [
    ("eight_puzzle", &["--goal", "--show", "x for the blank"]),
    ("eight_puzzle_path", &["--show", "u, d, l, r"]),
    ("fifteen_puzzle", &["--show", "whole lines", "x"]),
    ("rotation_game", &["--show", "'0' ends the input"]),
    (
        "korf",
        &[
            "manhattan",
            "linear-conflict",
            "misplaced",
            "pdb555",
            "pdb663",
            "pdb78",
            "--pdb-cache",
            "--show",
            "parallel",
            "--features parallel",
        ],
    ),
    (
        "pancake",
        &["--style", "shipped", "--generate N COUNT SEED"],
    ),
    (
        "topspin",
        &["--style", "shipped", "--generate N COUNT SEED", "odd size"],
    ),
    ("hanoi", &["--disks", "--group", "--stdin", "Frame-Stewart"]),
    (
        "rubiks_cube",
        &["--metric", "--pdb-cache", "--generate", "Singmaster"],
    ),
    ("port_from_pathfinding", &["knight"]),
    ("stop_latency", &["cancellation"]),
    (
        "vs_pathfinding",
        &["MAP_DIR", "astar", "bfs", "idastar", "closures"],
    ),
    (
        "research_engines",
        &["--rounds", "--data", "BAE*", "IDA*_CR"],
    ),
    ("replanning", &["--walks", "--hidden", "--sight", "D* Lite"]),
];

#[test]
fn every_example_prints_its_help() {
    for (example, words) in EXAMPLES {
        for flag in ["--help", "-h"] {
            let out = run(example, &[flag], "");
            assert_eq!(out.status, Some(0), "{example} {flag}: {}", out.stderr);
            assert!(
                out.stdout.starts_with(&format!("usage: {example}")),
                "{example} {flag}: {}",
                out.stdout
            );
            assert!(out.stdout.contains("-h, --help"), "{example}");
            for word in words {
                assert!(out.stdout.contains(word), "{example}'s help lacks {word}");
            }
        }
        // Anything else it does not take: named, with the usage line, status 2.
        let out = run(example, &["--frobnicate"], "");
        assert_eq!(out.status, Some(2), "{example}");
        assert!(
            out.stderr.contains("'--frobnicate'") && out.stderr.contains("usage: "),
            "{example}: {}",
            out.stderr
        );
    }
}

#[test]
fn a_flag_missing_its_value_is_named() {
    for (example, args, flag) in [
        ("eight_puzzle", &["--goal"][..], "--goal"),
        ("eight_puzzle", &["--goal", "--show"][..], "--goal"),
        ("korf", &["--heuristic"][..], "--heuristic"),
        ("korf", &["--engine"][..], "--engine"),
        ("korf", &["--pdb-cache"][..], "--pdb-cache"),
        ("korf", &["--prune-duplicates"][..], "--prune-duplicates"),
        ("pancake", &["--style"][..], "--style"),
        ("pancake", &["--generate", "8", "5"][..], "--generate"),
        (
            "pancake",
            &["--generate", "8", "five", "1"][..],
            "--generate",
        ),
    ] {
        let out = run(example, args, "");
        assert_eq!(out.status, Some(2), "{example} {args:?}");
        assert!(
            out.stderr.contains(&format!("{flag} ")),
            "{example} {args:?}: {}",
            out.stderr
        );
    }
    let out = run("korf", &["--engine", "dfs"], "");
    assert_eq!(out.status, Some(2));
    assert!(
        out.stderr.contains("unknown engine 'dfs'"),
        "{}",
        out.stderr
    );
    let out = run("korf", &["--heuristic", "pdb999"], "");
    assert!(out.stderr.contains("pdb78"), "{}", out.stderr);
}

#[test]
fn korf_names_its_columns_on_stderr() {
    let out = run(
        "korf",
        &[],
        "79 42 0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15
",
    );
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert!(
        out.stderr
            .starts_with("korf: columns: id, length, nodes generated, milliseconds\n"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.starts_with("79 42 540859 "), "{}", out.stdout);
    let out = run(
        "korf",
        &["--show"],
        "1 2 1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15\n",
    );
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert!(out.stdout.starts_with("1 2 "), "{}", out.stdout);
    assert_eq!(out.stdout.matches("step ").count(), 3, "{}", out.stdout);
}

#[test]
fn messages_quote_at_most_a_short_prefix_of_a_long_line() {
    let digits = "1".repeat(1 << 20);
    let word = "y".repeat(1 << 20);
    for (example, input) in [
        ("rotation_game", format!("{digits}\n")),
        ("rotation_game", format!("1 1 1 {word}\n")),
        ("rotation_game", format!("1 2 3 {digits}{word}\n")),
        ("eight_puzzle", format!("{digits}\n")),
        ("eight_puzzle", format!("1 2 {word}\n")),
        ("eight_puzzle_path", format!("{word}\n")),
        ("fifteen_puzzle", format!("1 2 {digits}\n")),
        ("fifteen_puzzle", format!("1 2 {word}\n")),
        ("korf", format!("1 2 {digits}\n")),
        ("korf", format!("{word}\n")),
        ("korf", format!("7 {word} {word}\n")),
    ] {
        let out = run(example, &[], &input);
        assert_ne!(out.status, Some(0), "{example}");
        assert!(out.stderr.contains("line 1"), "{example}: {}", out.stderr);
        assert!(
            out.stderr.len() < 300,
            "{example} answered a long line with {} bytes: {}…",
            out.stderr.len(),
            &out.stderr[..300]
        );
    }
    // A run of digits too long for a 15-puzzle tile says so.
    let long = "7".repeat(23);
    let out = run(
        "fifteen_puzzle",
        &[],
        &format!("1 2 {long} 4 5 6 7 8 9 10 11 12 13 14 15 0\n"),
    );
    assert!(
        out.stderr
            .contains("23-digit number at position 3 is too long"),
        "{}",
        out.stderr
    );
    let out = run("rotation_game", &[], &format!("{digits}\n"));
    assert!(
        out.stderr.contains("1048576 cells, expected 24"),
        "{}",
        out.stderr
    );
}

#[test]
fn every_example_reads_boards_by_one_rule() {
    // Single-digit cells: spaces optional, x for a sliding puzzle's blank.
    for board in [
        "283104765",
        "283 104 765",
        "2 8 3 1 0 4 7 6 5",
        "2 8 3 1 x 4 7 6 5",
        "  2\t8 3  1X4 765 ",
    ] {
        let out = run("eight_puzzle", &[], &format!("{board}\n"));
        assert_eq!(
            (out.status, out.stdout.as_str()),
            (Some(0), "4\n"),
            "{board}"
        );
    }
    let out = run("eight_puzzle", &["--goal", "123 804 765"], "283 104 765\n");
    assert_eq!(out.stdout, "4\n");
    let out = run("eight_puzzle_path", &[], "123 456 7x8\n");
    assert_eq!(out.stdout, "r\n");
    let out = run(
        "rotation_game",
        &[],
        "111132323132231222312133\n11113232313 2231222312133\n0\n",
    );
    assert_eq!(
        (out.status, out.stdout.as_str()),
        (Some(0), "AC\n2\nAC\n2\n")
    );
    // Many-digit cells: whitespace between numbers, x for the blank, whole lines.
    let out = run(
        "fifteen_puzzle",
        &[],
        "1 2 3 4 6 7 8 x 5 10 11 12 9 13 14 15\n1 2 3 4\n6 7 8 X\n5 10 11 12\n9 13 14 15\n",
    );
    assert_eq!((out.status, out.stdout.as_str()), (Some(0), "8\n8\n"));
    // Eighteen numbers on one line: refused before any answer, with the rule.
    let out = run(
        "fifteen_puzzle",
        &[],
        "1 2 3 4 6 7 8 0 5 10 11 12 9 13 14 15 1 2\n",
    );
    assert_eq!((out.status, out.stdout.as_str()), (Some(2), ""));
    assert!(
        out.stderr.contains("line 1")
            && out.stderr.contains("18 numbers")
            && out.stderr.contains("whole lines"),
        "{}",
        out.stderr
    );
    // A run of digits on a 15-puzzle is one number, not sixteen cells.
    let out = run("fifteen_puzzle", &[], "1234567890123456\n");
    assert_eq!(out.status, Some(2));
    assert!(
        out.stderr.contains("ends after 1 of its 16 numbers"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_line_that_is_not_text_is_named_after_the_lines_before_it_are_answered() {
    let cases: [(&str, &[&str], &[u8]); 3] = [
        ("pancake", &[], b"1 5 2 0 4 1 3\n"),
        ("topspin", &[], b"1 12 8 10 0 7 5 2 11 3 1 9 4 6\n"),
        ("hanoi", &["--stdin", "--group", "4"], b"0 1 2 3 0 1 2 3\n"),
    ];
    for (example, args, valid) in cases {
        let input = [valid, b"1 5 \xff\xfe 0\n", valid].concat();
        let out = super::run_bytes(example, args, &input);
        assert_eq!(out.status, Some(2), "{example}: {}", out.stderr);
        assert_eq!(out.stdout.lines().count(), 1, "{example}: {}", out.stdout);
        assert!(
            out.stderr.contains("line 2: not valid UTF-8 text"),
            "{example}: {}",
            out.stderr
        );
    }
}

#[test]
fn rubiks_cube_refuses_bad_input_before_it_builds_its_tables() {
    let cache = std::env::temp_dir().join(format!("informed-cube-{}", std::process::id()));
    let cache_arg = cache.to_str().unwrap();
    for (input, message) in [
        (&b"R U R' nonsense\n"[..], "line 1:"),
        (&b"# a comment\n\xff\n"[..], "line 2: not valid UTF-8 text"),
    ] {
        let out = super::run_bytes("rubiks_cube", &["--pdb-cache", cache_arg], input);
        assert_eq!(out.status, Some(2), "{}", out.stderr);
        assert!(out.stderr.contains(message), "{}", out.stderr);
        assert!(
            !cache.exists(),
            "the tables were built before the input was read"
        );
    }
}

#[test]
fn a_word_is_blamed_on_its_own_line() {
    let out = super::run("fifteen_puzzle", &[], "283104765\nhello world\n123804765\n");
    assert_eq!(out.status, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains("line 2: 'hello' is not a number"),
        "{}",
        out.stderr
    );
}
