//! A library call leaves no thread behind: searches with a deadline or a cancel token are
//! woken by a ticker thread, which must end once they do. A binary of its own, so that no
//! other test's searches keep the ticker alive while this one counts.

use std::time::{Duration, Instant};

use informed::closures::FnProblem;
use informed::{CancelToken, SearchOptions, StopReason, a_star_with, ida_star_with};

/// The threads of this process, by the kernel's count.
#[cfg(target_os = "linux")]
fn threads() -> usize {
    std::fs::read_dir("/proc/self/task").map_or(0, Iterator::count)
}

#[cfg(target_os = "linux")]
#[test]
fn searches_with_deadlines_and_tokens_leave_no_thread_behind() {
    // A line with no goal: every search runs to its limit.
    let endless = FnProblem::new(
        0u64,
        |&n: &u64| vec![(n + 1, 1u32)],
        |_: &u64| 0,
        |_: &u64| false,
    );
    let before = threads();
    let token = CancelToken::new();
    for round in 0..3 {
        let deadline = SearchOptions::new().time_limit(Duration::from_millis(5));
        let result = ida_star_with(&endless, &deadline);
        assert_eq!(
            result.stopped(),
            Some(StopReason::Deadline),
            "round {round}"
        );
        let cancelled = SearchOptions::new()
            .cancel_token(token.clone())
            .max_nodes(200_000);
        assert!(a_star_with(&endless, &cancelled).stopped().is_some());
        let canceller = token.clone();
        let thread = std::thread::spawn(move || canceller.cancel());
        thread.join().unwrap();
        let result = ida_star_with(&endless, &cancelled);
        assert_eq!(
            result.stopped(),
            Some(StopReason::Cancelled),
            "round {round}"
        );
        // Once the searches are over, the ticker ends: it waits a moment for the next search
        // first, so the count is awaited, not taken at once.
        let waiting = Instant::now();
        while threads() > before && waiting.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(
            threads(),
            before,
            "round {round}: a thread outlived the searches"
        );
    }
}
