//! Measures how promptly each engine honours a time limit and a cancellation, on Korf's
//! instance 1 (far too hard to finish in the time given).
//!
//! ```text
//! cargo run --release --example stop_latency
//! ```
//!
//! Prints, per engine, the median and worst delay between the deadline (or the cancel call)
//! and the moment the search returned, over several runs.

use std::time::{Duration, Instant};

use informed::puzzles::SlidingPuzzle;
use informed::{
    a_star_with, bfs_with, ida_star_with, rbfs_with, CancelToken, ResultOf, SearchOptions,
    StopReason,
};

type Engine = fn(&SlidingPuzzle<16>, &SearchOptions) -> ResultOf<SlidingPuzzle<16>>;

fn main() {
    let Ok(puzzle) = SlidingPuzzle::<16>::parse(
        4,
        4,
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
    ) else {
        unreachable!("Korf's instance 1 is valid")
    };
    let engines: [(&str, Engine); 4] = [
        ("ida_star", ida_star_with),
        ("a_star", a_star_with),
        ("bfs", bfs_with),
        ("rbfs", rbfs_with),
    ];
    let limit = Duration::from_millis(100);
    println!("engine     deadline late (median / worst)   cancel late (median / worst)");
    for (name, engine) in engines {
        let mut deadline_late = Vec::new();
        let mut cancel_late = Vec::new();
        for _ in 0..7 {
            let started = Instant::now();
            let result = engine(&puzzle, &SearchOptions::new().time_limit(limit));
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
        let summary = |delays: &mut Vec<Duration>| {
            delays.sort();
            format!(
                "{:7.3} ms / {:7.3} ms",
                delays[delays.len() / 2].as_secs_f64() * 1e3,
                delays[delays.len() - 1].as_secs_f64() * 1e3
            )
        };
        println!(
            "{name:<10} {}      {}",
            summary(&mut deadline_late),
            summary(&mut cancel_late)
        );
    }
}
