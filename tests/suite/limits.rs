//! Limits, cancellation and progress: every engine stops when told, says why, and keeps the
//! statistics gathered so far.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use informed::puzzles::SlidingPuzzle;
use informed::{
    CancelToken, CostValue, Outcome, ProgressEvent, ResultOf, SearchOptions, StopReason,
    a_star_with, bfs_with, ida_star_with, rbfs_with,
};

/// Korf's instance 1: 57 moves, hundreds of millions of nodes with Manhattan distance, so no
/// engine finishes it before its limit.
fn hard() -> SlidingPuzzle<16> {
    SlidingPuzzle::<16>::parse(
        4,
        4,
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
    )
    .unwrap()
}

type Engine = fn(&SlidingPuzzle<16>, &SearchOptions) -> ResultOf<SlidingPuzzle<16>>;

const ENGINES: [(&str, Engine); 4] = [
    ("ida_star", ida_star_with),
    ("a_star", a_star_with),
    ("bfs", bfs_with),
    ("rbfs", rbfs_with),
];

#[test]
fn node_limit_is_reported_with_the_counts_so_far() {
    for (name, engine) in ENGINES {
        let result = engine(&hard(), &SearchOptions::new().max_nodes(10_000));
        assert_eq!(result.stopped(), Some(StopReason::NodeLimit), "{name}");
        let generated = result.stats.generated;
        assert!((10_000..10_004).contains(&generated), "{name}: {generated}");
        assert!(result.stats.expanded > 0, "{name}");
    }
}

#[test]
fn ida_star_reports_its_last_completed_threshold() {
    let result = ida_star_with(&hard(), &SearchOptions::new().max_nodes(1_000_000));
    let Outcome::Stopped {
        reason,
        completed_threshold,
        ..
    } = result.outcome
    else {
        panic!("expected a stop, got {:?}", result.outcome);
    };
    assert_eq!(reason, StopReason::NodeLimit);
    let thresholds = &result.stats.thresholds;
    assert_eq!(
        completed_threshold,
        thresholds.get(thresholds.len() - 2).copied()
    );
}

#[test]
fn memory_limit_stops_a_star_and_bfs() {
    for (name, engine) in [ENGINES[1], ENGINES[2]] {
        let result = engine(&hard(), &SearchOptions::new().max_stored(5_000));
        assert_eq!(result.stopped(), Some(StopReason::MemoryLimit), "{name}");
        assert_eq!(result.stats.stored, 5_000, "{name}");
    }
}

#[test]
fn time_limit_stops_every_engine() {
    for (name, engine) in ENGINES {
        let started = Instant::now();
        let options = SearchOptions::new()
            .time_limit(Duration::from_millis(30))
            .max_stored(50_000_000);
        let result = engine(&hard(), &options);
        assert_eq!(result.stopped(), Some(StopReason::Deadline), "{name}");
        // Not a timing assertion: only that the search did stop instead of running on.
        assert!(started.elapsed() < Duration::from_secs(20), "{name}");
    }
}

#[test]
fn a_search_is_cancelled_from_another_thread() {
    for (name, engine) in ENGINES {
        let token = CancelToken::new();
        let canceller = token.clone();
        let thread = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            canceller.cancel();
        });
        let options = SearchOptions::new()
            .cancel_token(token.clone())
            .max_stored(50_000_000);
        let result = engine(&hard(), &options);
        thread.join().unwrap();
        assert_eq!(result.stopped(), Some(StopReason::Cancelled), "{name}");
    }
}

#[test]
fn cost_bound_stops_when_no_solution_is_cheap_enough() {
    let easy = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap(); // 31 moves
    let bound = SearchOptions::new().cost_bound(30);
    let generous = SearchOptions::new().cost_bound(31);
    for (name, result, solved) in [
        (
            "ida_star",
            ida_star_with(&easy, &bound),
            ida_star_with(&easy, &generous),
        ),
        (
            "a_star",
            a_star_with(&easy, &bound),
            a_star_with(&easy, &generous),
        ),
        ("bfs", bfs_with(&easy, &bound), bfs_with(&easy, &generous)),
        (
            "rbfs",
            rbfs_with(&easy, &bound),
            rbfs_with(&easy, &generous),
        ),
    ] {
        assert_eq!(result.stopped(), Some(StopReason::CostBound), "{name}");
        assert_eq!(solved.solution().map(|s| s.cost), Some(31), "{name}");
    }
    let result = ida_star_with(&easy, &bound);
    assert!(matches!(
        result.outcome,
        Outcome::Stopped {
            completed_threshold: Some(29),
            ..
        }
    ));
}

#[test]
fn observer_sees_every_ida_star_iteration_and_periodic_reports() {
    let events = RefCell::new(Vec::new());
    let observer = |progress: &informed::Progress| events.borrow_mut().push(progress.event);
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let options = SearchOptions::new()
        .observer(&observer)
        .progress_every(1_000);
    let result = ida_star_with(&puzzle, &options);
    let events = events.into_inner();
    let started: Vec<CostValue> = events
        .iter()
        .filter_map(|e| match e {
            ProgressEvent::IterationStarted { threshold } => Some(*threshold),
            _ => None,
        })
        .collect();
    let finished = events
        .iter()
        .filter(|e| matches!(e, ProgressEvent::IterationFinished { .. }))
        .count();
    let thresholds: Vec<CostValue> = result.stats.thresholds.iter().map(|&t| t.into()).collect();
    assert_eq!(started, thresholds);
    assert_eq!(
        finished,
        thresholds.len() - 1,
        "the last iteration finds the goal"
    );
    let periodic = events
        .iter()
        .filter(|e| **e == ProgressEvent::Periodic)
        .count() as u64;
    assert!(
        periodic >= result.stats.expanded / 1_000 - 1,
        "{periodic} periodic reports"
    );
}

#[test]
fn a_star_reports_open_and_stored_sizes() {
    let reports = RefCell::new(Vec::new());
    let observer = |p: &informed::Progress| reports.borrow_mut().push((p.open, p.stored));
    let options = SearchOptions::new()
        .observer(&observer)
        .progress_every(100)
        .max_stored(20_000);
    let _ = a_star_with(&hard(), &options);
    let reports = reports.into_inner();
    assert!(reports.len() >= 10);
    assert!(
        reports.windows(2).all(|w| w[0].1 <= w[1].1),
        "stored only grows"
    );
    assert!(
        reports
            .iter()
            .all(|&(open, stored)| open > 0 && stored >= open / 4)
    );
}
