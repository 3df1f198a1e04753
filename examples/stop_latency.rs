//! Measures how promptly each engine honours a time limit and a cancellation, on Korf's
//! instance 1 (far too hard to finish in the time given), and a cancellation that comes just
//! as a search's nodes turn from free to slow (50 µs each, after three million free ones).
//!
//! ```text
//! cargo run --release --features parallel --example stop_latency
//! ```
//!
//! Prints, per engine, the median and worst delay between the deadline (or the cancel call)
//! and the moment the search returned, over several runs. Takes no arguments but `--help`.

use std::time::{Duration, Instant};

use informed::puzzles::SlidingPuzzle;
use informed::{
    CancelToken, ResultOf, SearchOptions, SearchProblem, StopReason, a_star_with, bfs_with,
    ida_star_with, rbfs_with,
};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[path = "common/slowing.rs"]
mod slowing;

use slowing::Slowing;

const HELP: &str = "\
usage: stop_latency

Measures how promptly each engine (IDA*, A*, BFS, RBFS, and parallel IDA* with
--features parallel) returns after a 100 ms time limit, after a cancellation
from another thread, and after a cancellation that comes as each node turns
slow (50 us a node after three million free ones). Prints the median and worst
delay of seven runs per engine. Takes about a minute.

Options:
  -h, --help   this help
";

type Engine<P> = fn(&P, &SearchOptions) -> ResultOf<P>;

/// Every engine, by name.
fn engines<P>() -> Vec<(&'static str, Engine<P>)>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
{
    #[cfg_attr(not(feature = "parallel"), allow(unused_mut))]
    let mut engines: Vec<(&'static str, Engine<P>)> = vec![
        ("ida_star", ida_star_with),
        ("a_star", a_star_with),
        ("bfs", bfs_with),
        ("rbfs", rbfs_with),
    ];
    #[cfg(feature = "parallel")]
    engines.push(("parallel", informed::parallel_ida_star_with));
    engines
}

fn summary(delays: &mut [Duration]) -> String {
    delays.sort();
    format!(
        "{:7.3} ms / {:7.3} ms",
        delays[delays.len() / 2].as_secs_f64() * 1e3,
        delays[delays.len() - 1].as_secs_f64() * 1e3
    )
}

fn main() {
    let mut args = args::Args::new("stop_latency", HELP);
    if let Some(arg) = args.next() {
        args.unexpected(&arg);
    }
    let Ok(puzzle) = SlidingPuzzle::<16>::parse(
        4,
        4,
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
    ) else {
        unreachable!("Korf's instance 1 is valid")
    };
    let limit = Duration::from_millis(100);
    println!(
        "engine     deadline late (median / worst)   cancel late (median / worst)   \
         cancel as nodes slow down"
    );
    for (name, engine) in engines::<SlidingPuzzle<16>>() {
        let mut deadline_late = Vec::new();
        let mut cancel_late = Vec::new();
        for _ in 0..7 {
            let started = Instant::now();
            let options = SearchOptions::new().time_limit(limit);
            let result = engine(&puzzle, &options);
            assert_eq!(result.stopped(), Some(StopReason::Deadline));
            deadline_late.push(started.elapsed().saturating_sub(limit));

            let token = CancelToken::new();
            let canceller = token.clone();
            let thread = std::thread::spawn(move || {
                std::thread::sleep(limit);
                canceller.cancel();
                Instant::now()
            });
            let result = engine(&puzzle, &SearchOptions::new().cancel_token(token));
            let returned = Instant::now();
            let cancelled_at = thread.join().unwrap_or(returned);
            assert_eq!(result.stopped(), Some(StopReason::Cancelled));
            cancel_late.push(returned.saturating_duration_since(cancelled_at));
        }
        let mut slowdown_late = Vec::new();
        for _ in 0..3 {
            let token = CancelToken::new();
            let problem = Slowing::new(3_000_000, Duration::from_micros(50), token.clone());
            let options = SearchOptions::new().cancel_token(token);
            let result = engines::<Slowing>()
                .into_iter()
                .find(|(other, _)| *other == name)
                .map(|(_, engine)| engine(&problem, &options));
            let returned = Instant::now();
            let changed = problem.changed.lock().ok().and_then(|changed| *changed);
            if let (Some(result), Some(changed)) = (result, changed) {
                assert_eq!(result.stopped(), Some(StopReason::Cancelled));
                slowdown_late.push(returned.saturating_duration_since(changed));
            }
        }
        println!(
            "{name:<10} {}      {}      {}",
            summary(&mut deadline_late),
            summary(&mut cancel_late),
            if slowdown_late.is_empty() {
                "(stopped before the change)".to_string()
            } else {
                summary(&mut slowdown_late)
            }
        );
    }
}
