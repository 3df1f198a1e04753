//! Limits that must hold under every engine: nodes, time, cancellation, an observer.

use super::*;

/// `levels` levels of `width` unit moves each below the start; no goal.
#[cfg(feature = "parallel")]
struct Wide {
    width: u32,
    levels: u32,
}

#[cfg(feature = "parallel")]
impl SearchProblem for Wide {
    type State = u32;
    type Move = u32;
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, _: &u32) -> bool {
        false
    }
    fn moves(&self, depth: &u32, moves: &mut MoveBuffer<u32, u32>) {
        if *depth < self.levels {
            moves.extend((0..self.width).map(|i| (i, 1)));
        }
    }
    fn apply(&self, depth: &mut u32, _: u32) {
        *depth += 1;
    }
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_ida_star_honours_the_node_limit() {
    let wide = Wide {
        width: 10_000,
        levels: 2,
    };
    let options = SearchOptions::new().max_nodes(25_000);
    let result = informed::parallel_ida_star_with(&wide, &options);
    assert_eq!(
        result.stopped(),
        Some(StopReason::NodeLimit),
        "{:?}",
        result.outcome
    );
    // A node or so a thread past the limit, and one expansion's children.
    let slack = rayon::current_num_threads() as u64 + 10_000;
    assert!(
        result.stats.generated <= 25_000 + slack,
        "{} nodes",
        result.stats.generated
    );
    let sequential = ida_star_with(&wide, &options);
    assert_eq!(sequential.stopped(), Some(StopReason::NodeLimit));
}

/// A line whose every `moves` call takes `delay`, and counts itself.
struct Slow {
    delay: Duration,
    calls: std::sync::atomic::AtomicU64,
}

impl SearchProblem for Slow {
    type State = u32;
    type Move = bool;
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, _: &u32) -> bool {
        false
    }
    fn moves(&self, _: &u32, moves: &mut MoveBuffer<bool, u32>) {
        self.calls
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        std::thread::sleep(self.delay);
        moves.push((true, 1));
        moves.push((false, 1));
    }
    fn apply(&self, at: &mut u32, forward: bool) {
        *at = if forward {
            at.wrapping_add(1)
        } else {
            at.wrapping_sub(1)
        };
    }
    fn inverse(&self, forward: bool) -> Option<bool> {
        Some(!forward)
    }
}

#[test]
fn every_engine_stops_promptly_when_each_node_is_slow() {
    for (name, engine) in engines::<Slow>() {
        let slow = Slow {
            delay: Duration::from_micros(500),
            calls: 0.into(),
        };
        let result = engine(
            &slow,
            &SearchOptions::new().time_limit(Duration::from_millis(30)),
        );
        assert_eq!(result.stopped(), Some(StopReason::Deadline), "{name}");
        // Counted, not timed: a call sleeps at least its 500 µs however loaded the machine,
        // so 30 ms hold at most 60 calls; the rest is room for a late clock. Unchecked, the
        // search made 2,400.
        let calls = slow.calls.into_inner();
        assert!(calls <= 600, "{name}: {calls} calls");
    }
}

#[test]
fn a_limit_reached_before_the_search_stops_it_at_once() {
    let line = Slow {
        delay: Duration::ZERO,
        calls: 0.into(),
    };
    for (name, engine) in engines::<Slow>() {
        let token = CancelToken::new();
        token.cancel();
        let result = engine(&line, &SearchOptions::new().cancel_token(token));
        assert_eq!(result.stopped(), Some(StopReason::Cancelled), "{name}");
        assert!(
            result.stats.thresholds.len() <= 1,
            "{name}: {:?}",
            result.stats
        );
        let result = engine(&line, &SearchOptions::new().deadline(Instant::now()));
        assert_eq!(result.stopped(), Some(StopReason::Deadline), "{name}");
        assert!(
            result.stats.thresholds.len() <= 1,
            "{name}: {:?}",
            result.stats
        );
    }
}

#[test]
fn an_observer_that_cancels_stops_the_iterations() {
    let line = Slow {
        delay: Duration::ZERO,
        calls: 0.into(),
    };
    for (name, engine) in engines::<Slow>() {
        if !name.contains("ida_star") {
            continue; // only IDA* reports iterations
        }
        let token = CancelToken::new();
        let canceller = token.clone();
        let observer = move |progress: &informed::Progress| {
            if let informed::ProgressEvent::IterationStarted { threshold } = progress.event {
                if threshold.as_u128() >= Some(3) {
                    canceller.cancel();
                }
            }
        };
        let options = SearchOptions::new().cancel_token(token).observer(&observer);
        let result = engine(&line, &options);
        assert_eq!(result.stopped(), Some(StopReason::Cancelled), "{name}");
        assert_eq!(result.stats.thresholds, [0, 1, 2, 3], "{name}");
    }
}

#[test]
fn a_time_limit_too_far_to_reach_is_no_limit() {
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765").unwrap();
    for (name, engine) in engines::<SlidingPuzzle<9>>() {
        let result = engine(&puzzle, &SearchOptions::new().time_limit(Duration::MAX));
        assert_eq!(result.solution().map(|s| s.cost), Some(4), "{name}");
    }
}

#[test]
fn limits_are_checked_at_children_cut_off_too() {
    // A corridor whose every node has a side child priced out of every threshold.
    struct Sided {
        length: u32,
        slow_side: Duration,
    }
    impl SearchProblem for Sided {
        /// (position, on the side branch)
        type State = (u32, bool);
        type Move = bool;
        type Cost = u32;
        fn start(&self) -> (u32, bool) {
            (0, false)
        }
        fn is_goal(&self, &(at, side): &(u32, bool)) -> bool {
            at == self.length && !side
        }
        fn heuristic(&self, &(at, side): &(u32, bool)) -> u32 {
            if side {
                std::thread::sleep(self.slow_side);
                1_000_000
            } else {
                self.length - at
            }
        }
        fn moves(&self, &(at, side): &(u32, bool), moves: &mut MoveBuffer<bool, u32>) {
            if !side && at < self.length {
                moves.push((false, 1));
                moves.push((true, 1));
            }
        }
        fn apply(&self, state: &mut (u32, bool), forward: bool) {
            if forward {
                state.0 += 1;
            } else {
                state.1 = true;
            }
        }
    }
    let corridor = Sided {
        length: 100_000,
        slow_side: Duration::ZERO,
    };
    for (name, engine) in engines::<Sided>() {
        let result = engine(&corridor, &SearchOptions::new().max_nodes(100_010));
        assert_eq!(
            result.stopped(),
            Some(StopReason::NodeLimit),
            "{name}: {:?}",
            result.stats
        );
        // Parallel IDA*'s threads claim their nodes before they generate them: a node or so
        // a thread past the limit (102,438 on this limit when they reported after the fact).
        let slack = if name == "parallel_ida_star" { 64 } else { 2 };
        let generated = result.stats.generated;
        assert!(generated <= 100_010 + slack, "{name}: {generated}");
    }
    // A star: one node, all its children cut off.
    let star = FnProblem::new(
        0u32,
        |&n: &u32| {
            if n == 0 {
                (1..=100_000).map(|child| (child, 1)).collect()
            } else {
                Vec::new()
            }
        },
        |&n: &u32| if n == 0 { 0 } else { 1_000 },
        |_: &u32| false,
    );
    let result = ida_star_with(&star, &SearchOptions::new().max_nodes(1_000));
    assert_eq!(result.stopped(), Some(StopReason::NodeLimit));
    assert!(
        result.stats.generated <= 1_001,
        "{}",
        result.stats.generated
    );
    let slow = Sided {
        length: 100_000,
        slow_side: Duration::from_micros(20),
    };
    let result = ida_star_with(
        &slow,
        &SearchOptions::new().time_limit(Duration::from_millis(30)),
    );
    assert_eq!(result.stopped(), Some(StopReason::Deadline));
    // Counted, not timed: a side child sleeps at least 20 µs, so 30 ms hold at most 1,500 of
    // them (3,000 nodes); the rest is room for a late clock.
    let generated = result.stats.generated;
    assert!(generated <= 40_000, "{generated}");
}

/// The slowing line the `stop_latency` example measures, shared with it.
#[path = "../../../examples/common/slowing.rs"]
mod slowing;

use slowing::Slowing;

#[test]
fn a_search_whose_nodes_turn_slow_still_stops_within_milliseconds() {
    for (name, engine) in engines::<Slowing>() {
        let token = CancelToken::new();
        let problem = Slowing::new(3_000_000, Duration::from_micros(50), token.clone());
        let options = SearchOptions::new()
            .cancel_token(token)
            .max_stored(4_000_000);
        let result = engine(&problem, &options);
        if problem.changed.lock().unwrap().is_none() {
            // A* and BFS store states and may hit the memory limit first: nothing to measure.
            assert_eq!(result.stopped(), Some(StopReason::MemoryLimit), "{name}");
            continue;
        }
        assert_eq!(result.stopped(), Some(StopReason::Cancelled), "{name}");
        // Counted, not timed: each call past the change sleeps at least 50 µs. About twenty
        // of them (a millisecond); before the ticker, twenty thousand.
        let late = problem.calls_after_change();
        assert!(late <= 4_000, "{name}: {late} calls after the cancel");
    }
}
