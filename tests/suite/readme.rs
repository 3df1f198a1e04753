//! The README as a reader meets it: its code blocks compile and run as shown (the crate's
//! `ReadmeDoctests` runs them), so they must hide no line; its commands are the ones CI runs.

const README: &str = include_str!("../../README.md");
const CI: &str = include_str!("../../.ci/run");

/// The Rust code blocks of the README.
fn rust_blocks() -> Vec<&'static str> {
    README
        .split("```rust\n")
        .skip(1)
        .map(|rest| rest.split("```").next().unwrap_or(""))
        .collect()
}

#[test]
fn every_rust_block_is_a_whole_program_with_nothing_hidden() {
    let blocks = rust_blocks();
    assert!(blocks.len() >= 3, "the README's examples are gone");
    for block in blocks {
        assert!(
            block.contains("fn main()"),
            "a block without main:\n{block}"
        );
        for line in block.lines() {
            let hidden = line.trim_start().starts_with("# ") || line.trim() == "#";
            assert!(
                !hidden,
                "a hidden doctest line a reader cannot paste: {line}"
            );
        }
    }
}

#[test]
fn the_main_job_and_the_test_command_come_first_and_ci_runs_that_test_command() {
    let head: Vec<&str> = README.lines().take(60).collect();
    let main_job =
        "cargo run --release --example fifteen_puzzle < examples/data/fifteen_puzzle.txt";
    assert!(
        head.contains(&main_job),
        "the main job is not in the README's first 60 lines"
    );
    let test = head
        .iter()
        .find(|line| line.starts_with("cargo test"))
        .expect("a test command in the README's first 60 lines");
    assert!(
        CI.lines().any(|line| line.trim() == *test),
        ".ci/run does not run the README's test command '{test}'"
    );
}
