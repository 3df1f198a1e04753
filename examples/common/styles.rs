//! The driver shared by the examples that benchmark a permutation puzzle of the user's own
//! (`pancake`, `topspin`) in the three styles a user writes it in: `--style docs|plain|closures`,
//! `--generate N COUNT SEED`, input lines `<id> <n> <p0> … <p(n-1)>`, output lines
//! `<id> <length> <nodes generated> <ms>` and a summary on stderr.

use std::io::{self, BufRead, Write};
use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::time::Instant;

use crate::args::{self, Args};

/// What an example gives the driver.
pub struct Puzzle {
    /// The program's name.
    pub program: &'static str,
    /// Its `--help`.
    pub help: &'static str,
    /// The sizes it takes.
    pub sizes: RangeInclusive<usize>,
    /// A random instance of size `n` from the xorshift state.
    pub generate: fn(n: usize, state: &mut u64) -> Vec<u8>,
    /// Why a permutation is no instance (one that cannot be solved), if it is not.
    pub refuse: fn(items: &[u8]) -> Option<&'static str>,
}

/// For puzzles where every permutation can be solved.
pub fn every_permutation_solvable(_: &[u8]) -> Option<&'static str> {
    None
}

/// The ways of writing the problem, by `--style` name.
pub const STYLES: [&str; 4] = ["docs", "plain", "closures", "shipped"];

/// One xorshift step.
pub fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A random permutation of `0..n` (Fisher–Yates).
pub fn random_permutation(n: usize, state: &mut u64) -> Vec<u8> {
    let mut items: Vec<u8> = (0..n as u8).collect();
    for i in (1..n).rev() {
        items.swap(i, (next(state) % (i as u64 + 1)) as usize);
    }
    items
}

/// Runs the program: `solve(style, permutation)` gives a solution's length and the nodes
/// generated.
pub fn run(puzzle: &Puzzle, solve: impl Fn(&str, &[u8]) -> (u32, u64)) -> ExitCode {
    let mut args = Args::new(puzzle.program, puzzle.help);
    let mut style = "docs".to_string();
    let (smallest, largest) = (*puzzle.sizes.start(), *puzzle.sizes.end());
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--generate" => {
                let n: usize = args.number("--generate", "N COUNT SEED: the size first");
                let count: u64 = args.number("--generate", "N COUNT SEED: then the count");
                let seed: u64 = args.number("--generate", "N COUNT SEED: then the seed");
                if !puzzle.sizes.contains(&n) {
                    args.fail(&format!("sizes are {smallest} to {largest}, not {n}"));
                }
                let mut state = seed.max(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                let mut out = io::stdout().lock();
                for id in 1..=count {
                    let items: Vec<String> = (puzzle.generate)(n, &mut state)
                        .iter()
                        .map(u8::to_string)
                        .collect();
                    if writeln!(out, "{id} {n} {}", items.join(" ")).is_err() {
                        break;
                    }
                }
                return ExitCode::SUCCESS;
            }
            "--style" => style = args.value("--style", "docs, plain, closures or shipped"),
            _ => args.unexpected(&arg),
        }
    }
    if !STYLES.contains(&style.as_str()) {
        args.fail(&format!(
            "--style is docs, plain, closures or shipped, not '{}'",
            args::excerpt(&style)
        ));
    }
    let mut out = io::stdout().lock();
    let (mut total_nodes, mut total_ms) = (0u64, 0f64);
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let Ok(line) = line else {
            let _ = out.flush();
            eprintln!(
                "{}: line {}: not valid UTF-8 text",
                puzzle.program,
                number + 1
            );
            return ExitCode::from(2);
        };
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((id, items)) = parse(&line, &puzzle.sizes) else {
            let _ = out.flush();
            eprintln!(
                "{}: line {}: expected <id> <n> and a permutation of 0..n, n from {smallest} to \
                 {largest}",
                puzzle.program,
                number + 1
            );
            return ExitCode::from(2);
        };
        if let Some(reason) = (puzzle.refuse)(&items) {
            let _ = out.flush();
            eprintln!("{}: line {}: {reason}", puzzle.program, number + 1);
            return ExitCode::from(2);
        }
        let started = Instant::now();
        let (length, nodes) = solve(&style, &items);
        let ms = started.elapsed().as_secs_f64() * 1e3;
        if writeln!(out, "{id} {length} {nodes} {ms:.1}").is_err() {
            return ExitCode::SUCCESS;
        }
        total_nodes += nodes;
        total_ms += ms;
    }
    eprintln!(
        "{} ({style}): total nodes {total_nodes}, ms {total_ms:.1}",
        puzzle.program
    );
    ExitCode::SUCCESS
}

/// `<id> <n> <p0> … <p(n-1)>`, a permutation of `0..n` with `n` in `sizes`.
fn parse(line: &str, sizes: &RangeInclusive<usize>) -> Option<(usize, Vec<u8>)> {
    let fields: Vec<usize> = line
        .split_whitespace()
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    let (&id, rest) = fields.split_first()?;
    let (&n, items) = rest.split_first()?;
    if !sizes.contains(&n) || items.len() != n {
        return None;
    }
    let mut seen = vec![false; n];
    let valid = items
        .iter()
        .all(|&c| c < n && !std::mem::replace(&mut seen[c], true));
    valid.then(|| (id, items.iter().map(|&c| c as u8).collect()))
}
