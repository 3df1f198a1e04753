//! Costs at their type's limits, bad costs, and the cheaper of two moves, on every engine.

use super::*;
use crate::common::Adjacency;

/// A chain of `steps` moves of `step` each, in `u8`, with `h` at every non-goal state.
struct Chain {
    steps: u8,
    step: u8,
    h: u8,
}

impl SearchProblem for Chain {
    type State = u8;
    type Move = ();
    type Cost = u8;
    fn start(&self) -> u8 {
        0
    }
    fn is_goal(&self, at: &u8) -> bool {
        *at == self.steps
    }
    fn heuristic(&self, at: &u8) -> u8 {
        if *at == self.steps { 0 } else { self.h }
    }
    fn moves(&self, at: &u8, moves: &mut MoveBuffer<(), u8>) {
        if *at < self.steps {
            moves.push(((), self.step));
        }
    }
    fn apply(&self, at: &mut u8, (): ()) {
        *at += 1;
    }
}

#[test]
fn cost_max_is_infinity_for_every_engine_alike() {
    let check = SearchOptions::new().check_path(false);
    // 254 is a cost; 255, u8::MAX, is infinity: no engine returns a path that costs it.
    for (chain, solvable) in [
        (
            Chain {
                steps: 1,
                step: 254,
                h: 0,
            },
            true,
        ),
        (
            Chain {
                steps: 254,
                step: 1,
                h: 0,
            },
            true,
        ),
        (
            Chain {
                steps: 1,
                step: 255,
                h: 0,
            },
            false,
        ),
        (
            Chain {
                steps: 255,
                step: 1,
                h: 0,
            },
            false,
        ),
        (
            Chain {
                steps: 10,
                step: 1,
                h: 240,
            },
            true,
        ),
        (
            Chain {
                steps: 10,
                step: 1,
                h: 250,
            },
            false,
        ),
    ] {
        for (name, engine) in engines::<Chain>() {
            let result = engine(&chain, &check);
            let label = format!(
                "{name}, {} x {} with h {}",
                chain.steps, chain.step, chain.h
            );
            let blind = matches!(name, "bfs" | "dijkstra");
            if solvable || (blind && chain.step < 255 && chain.steps < 255) {
                // (BFS and Dijkstra ignore the heuristic.)
                let cost = u16::from(chain.steps) * u16::from(chain.step);
                assert_eq!(
                    result.solution().map(|s| u16::from(s.cost)),
                    Some(cost),
                    "{label}"
                );
            } else if chain.step == u8::MAX {
                // A move of cost MAX is no move.
                assert_eq!(result.outcome, Outcome::NoSolution, "{label}");
            } else {
                // Finite costs whose sum (with the heuristic) reaches MAX: said apart from no
                // path at all.
                assert_eq!(result.stopped(), Some(StopReason::CostOverflow), "{label}");
            }
        }
    }
}

#[test]
fn a_path_whose_cost_overflows_is_never_a_solution() {
    // Two routes to the goal in u8: 300 unit moves (overflowing), or one move of 250.
    let graph = |long_first: bool| {
        FnProblem::new(
            0u32,
            move |&n: &u32| -> Vec<(u32, u8)> {
                match n {
                    0 if long_first => vec![(1, 1), (1_000, 250)],
                    0 => vec![(1_000, 250), (1, 1)],
                    1..=299 => vec![(n + 1, 1)],
                    300 => vec![(1_000, 0)],
                    _ => vec![],
                }
            },
            |_: &u32| 0u8,
            |&n: &u32| n == 1_000,
        )
    };
    for long_first in [true, false] {
        for (name, engine) in engines() {
            let result = engine(&graph(long_first), &SearchOptions::new());
            assert_eq!(result.solution().map(|s| s.cost), Some(250), "{name}");
        }
    }
    let only_long = FnProblem::new(
        0u32,
        |&n: &u32| if n < 300 { vec![(n + 1, 1u8)] } else { vec![] },
        |_: &u32| 0u8,
        |&n: &u32| n == 300,
    );
    // No path below the type's MAX, but one beyond it: said apart from no path at all, by
    // every engine.
    for (name, engine) in engines() {
        let result = engine(&only_long, &SearchOptions::new());
        assert_eq!(result.stopped(), Some(StopReason::CostOverflow), "{name}");
    }
    for result in [
        informed::optimal_solutions(&only_long, 1).stopped(),
        informed::branch_and_bound(&only_long, None).stopped(),
    ] {
        assert_eq!(result, Some(StopReason::CostOverflow));
    }
    // A line that ends short of the goal, and a dead end marked by a heuristic of MAX: no
    // path at all.
    let short = FnProblem::new(
        0u32,
        |&n: &u32| if n < 100 { vec![(n + 1, 1u8)] } else { vec![] },
        |&n: &u32| if n == 50 { u8::MAX } else { 0 },
        |&n: &u32| n == 300,
    );
    // The same dead end, reached from the start by a move that costs nothing: its `f` is
    // MAX, yet no path passed the type.
    let free_step = FnProblem::new(
        0u32,
        |&n: &u32| match n {
            0 => vec![(50, 0), (1, 1)],
            1..100 => vec![(n + 1, 1)],
            _ => vec![],
        },
        |&n: &u32| if n == 50 { u8::MAX } else { 0 },
        |&n: &u32| n == 300,
    );
    for (name, engine) in engines() {
        let result = engine(&short, &SearchOptions::new());
        assert_eq!(result.outcome, Outcome::NoSolution, "{name}");
    }
    for (name, engine) in engines() {
        let result = engine(&free_step, &SearchOptions::new());
        assert_eq!(result.outcome, Outcome::NoSolution, "{name}, a free step");
    }
    assert!(matches!(
        informed::replay(&only_long, &[first_move(&only_long)]),
        Ok((_, 1))
    ));
}

#[test]
fn anytime_a_star_finds_the_path_its_first_round_passed_over_for_its_cost() {
    // In u8: 0 -> 1 costs 200, 0 -> 2 -> 1 costs 2, 1 -> 3 (the goal) 100. The heuristic is
    // admissible but not consistent (100 at 2): at weight 2 the first round expands 1 through
    // the dear move, reaches the goal at 300, past the type, and finds the cheap way to 1 only
    // after expanding it. The next round takes it: 102.
    let graph = FnProblem::new(
        0u8,
        |&n: &u8| -> Vec<(u8, u8)> {
            match n {
                0 => vec![(1, 200), (2, 1)],
                2 => vec![(1, 1)],
                1 => vec![(3, 100)],
                _ => vec![],
            }
        },
        |&n: &u8| if n == 2 { 100 } else { 0 },
        |&n: &u8| n == 3,
    );
    let options = SearchOptions::new();
    let result = informed::AnytimeAStar::new(&graph, 2.0, &options).into_result();
    assert_eq!(result.solution().map(|s| s.cost), Some(102));
}

fn first_move<P: SearchProblem>(problem: &P) -> P::Move {
    let mut moves = MoveBuffer::new();
    problem.moves(&problem.start(), &mut moves);
    moves[0].0
}

/// Checks that every engine but those named in `but` ends its search of `problem` with an
/// error that `is` accepts.
fn every_engine_refuses<P>(problem: &P, but: &[&str], is: impl Fn(&ProblemError) -> bool)
where
    P: SearchProblem + Sync,
    P::State: Send + Sync + core::fmt::Debug,
    P::Move: Send + Sync + core::fmt::Debug,
    P::Cost: Send + Sync + core::fmt::Debug,
{
    for (name, engine) in engines() {
        if but.contains(&name) {
            continue;
        }
        let result = engine(problem, &SearchOptions::new());
        assert!(
            result.problem_error().is_some_and(&is),
            "{name}: {:?}",
            result.outcome
        );
    }
}

#[test]
fn negative_and_nan_costs_are_refused_by_every_engine() {
    let negative = FnProblem::new(
        0i32,
        |&n: &i32| {
            if n < 3 {
                vec![(n + 1, 1), (n + 2, -1)]
            } else {
                vec![]
            }
        },
        |_: &i32| 0,
        |&n: &i32| n == 3,
    );
    every_engine_refuses(&negative, &[], |error| {
        matches!(error, ProblemError::InvalidCost { .. })
    });
    let nan = FnProblem::new(
        0i32,
        |&n: &i32| {
            if n < 3 {
                vec![(n + 1, 1.0), (n + 2, f64::NAN)]
            } else {
                vec![]
            }
        },
        |_: &i32| 0.0,
        |&n: &i32| n == 3,
    );
    every_engine_refuses(&nan, &[], |error| {
        matches!(error, ProblemError::InvalidCost { .. })
    });
    let nan_heuristic = FnProblem::new(
        0i32,
        |&n: &i32| if n < 3 { vec![(n + 1, 1.0)] } else { vec![] },
        |&n: &i32| if n == 1 { f64::NAN } else { 0.0 },
        |&n: &i32| n == 3,
    );
    // BFS and Dijkstra ignore the heuristic.
    every_engine_refuses(&nan_heuristic, &["bfs", "dijkstra"], |error| {
        matches!(error, ProblemError::InvalidHeuristic { .. })
    });
}

#[test]
fn a_bad_heuristic_at_the_start_is_refused_and_a_dead_start_has_no_solution() {
    // Branch and bound searched below the start without reading its heuristic: a NaN or
    // negative one went unreported, and a dead end (`MAX`) was searched.
    for bad in [f64::NAN, -1.0] {
        let problem = FnProblem::new(
            0i32,
            |&n: &i32| if n < 2 { vec![(n + 1, 1.0)] } else { vec![] },
            move |&n: &i32| if n == 0 { bad } else { 0.0 },
            |&n: &i32| n == 2,
        );
        every_engine_refuses(&problem, &["bfs", "dijkstra"], |error| {
            matches!(error, ProblemError::InvalidHeuristic { .. })
        });
    }
    let dead = FnProblem::new(
        0u8,
        |&n: &u8| if n < 2 { vec![(n + 1, 1)] } else { vec![] },
        |&n: &u8| if n == 0 { u8::MAX } else { 0 },
        |&n: &u8| n == 2,
    );
    for (name, engine) in engines() {
        if ["bfs", "dijkstra"].contains(&name) {
            continue;
        }
        let result = engine(&dead, &SearchOptions::new());
        assert!(
            matches!(result.outcome, Outcome::NoSolution),
            "{name}: {:?}",
            result.outcome
        );
        assert_eq!(result.stats.expanded, 0, "{name}");
    }
}

#[test]
fn a_move_offered_twice_replays_at_its_cheaper_cost() {
    let graph = Adjacency {
        edges: vec![vec![(1, 5), (1, 2)], vec![(2, 1)], vec![]],
        from_start: vec![0; 3],
        heuristic: vec![0; 3],
        goal: 2,
    };
    let solution = informed::dijkstra(&graph).into_solution().unwrap();
    assert_eq!((solution.moves.as_slice(), solution.cost), (&[1, 2][..], 3));
    assert_eq!(informed::replay(&graph, &solution.moves).unwrap(), (2, 3));
    assert_eq!(informed::check_path(&graph, &solution.moves), Ok(()));
}

#[test]
fn weighted_a_star_on_f32_costs_reaches_the_goal_whatever_the_weight() {
    // A line unbounded one way, the goal one step the other: a goal's 0 · w must stay 0.
    let line = FnProblem::new(
        1i64,
        |&n: &i64| vec![(n - 1, 1.0f32), (n + 1, 1.0)],
        |&n: &i64| n.unsigned_abs() as f32,
        |&n: &i64| n == 0,
    );
    for weight in [1e30, 1e39, f64::MAX, f64::INFINITY] {
        let result =
            informed::weighted_a_star_with(&line, weight, &SearchOptions::new().max_nodes(10_000));
        assert_eq!(
            result.solution().map(|s| s.cost),
            Some(1.0),
            "weight {weight}: {:?}",
            result.stats
        );
    }
}

#[test]
fn an_infinite_weight_ends_with_a_solution() {
    // The start's `f` is 0: focal search's bound, `weight` times it, was NaN, and no state
    // ever joined its focal list; anytime A* halved an infinite weight forever.
    let line = FnProblem::new(
        0u32,
        |&n: &u32| if n < 20 { vec![(n + 1, 1u32)] } else { vec![] },
        |_: &u32| 0u32,
        |&n: &u32| n == 20,
    );
    let options = SearchOptions::new().max_nodes(10_000);
    for weight in [f64::INFINITY, f64::MAX, 1e300] {
        let focal = informed::focal_search_with(&line, weight, &options);
        assert_eq!(
            focal.solution().map(|s| s.cost),
            Some(20),
            "focal, {weight}"
        );
        let anytime = informed::AnytimeAStar::new(&line, weight, &options).into_result();
        assert_eq!(
            anytime.solution().map(|s| s.cost),
            Some(20),
            "ARA*, {weight}"
        );
    }
}

#[test]
fn bidirectional_engines_stay_optimal_near_the_float_maximum() {
    // Two ways from 0 to the goal 2 in `f32`: one move of 2.3e38, or 2.1e38 to 1 and a free
    // move on. Twice either cost is past `f32::MAX`: a priority of `2g` was infinity, which
    // proved the dear path cheapest.
    let near_max = Adjacency {
        edges: vec![vec![(2, 2.3e38f32), (1, 2.1e38)], vec![(2, 0.0)], vec![]],
        heuristic: vec![0.0; 3],
        from_start: vec![0.0; 3],
        goal: 2,
    };
    let options = SearchOptions::new();
    for (name, result) in [
        (
            "BAE*",
            informed::bidirectional_a_star_with(&near_max, &options),
        ),
        ("MM", informed::meet_in_the_middle_with(&near_max, &options)),
        ("A*", informed::a_star_with(&near_max, &options)),
    ] {
        assert_eq!(result.solution().map(|s| s.cost), Some(2.1e38), "{name}");
    }
}

#[test]
fn bidirectional_bfs_keeps_the_cheaper_of_two_equal_moves() {
    // In u8: 0 -> 1 -> 2 -> 3 at 100 each, but 2 -> 3 also at 10 (offered second), and a
    // four-move way 0 -> 4 -> 5 -> 6 -> 3 at 1 each; 0 -> 3 directly at MAX, no move. The
    // backward side reached 2 at 100 first: the three-move path cost 300, past the type, and
    // the four-move one was returned.
    let graph = Adjacency {
        edges: vec![
            vec![(1, 100), (4, 1), (3, u8::MAX)],
            vec![(2, 100)],
            vec![(3, 100), (3, 10)],
            vec![],
            vec![(5, 1)],
            vec![(6, 1)],
            vec![(3, 1)],
        ],
        from_start: vec![0; 7],
        heuristic: vec![0; 7],
        goal: 3,
    };
    let fewest = informed::bidirectional_bfs(&graph).into_solution().unwrap();
    assert_eq!(
        (fewest.moves.as_slice(), fewest.cost),
        (&[1, 2, 3][..], 210)
    );
    assert_eq!(informed::replay(&graph, &fewest.moves).unwrap(), (3, 210));
}

#[test]
fn costs_in_messages_read_as_numbers() {
    use informed::CostValue;
    let shown = |value: CostValue| value.to_string();
    assert_eq!(shown(CostValue::Float(1.5)), "1.5");
    assert_eq!(shown(CostValue::Float(0.0)), "0");
    assert_eq!(shown(CostValue::Float(-2.0)), "-2");
    assert_eq!(shown(CostValue::Float(f64::MAX)), "1.7976931348623157e308");
    assert_eq!(shown(CostValue::Float(1e-7)), "1e-7");
    assert_eq!(shown(CostValue::Float(f64::NAN)), "NaN");
    assert_eq!(shown(CostValue::Float(f64::INFINITY)), "inf");
    assert_eq!(
        shown(CostValue::Unsigned(u128::from(u64::MAX))),
        "18446744073709551615"
    );
    let error = informed::ProblemError::InvalidCost {
        cost: CostValue::Float(-f64::MAX),
    };
    assert!(error.to_string().len() < 120, "{error}");
}
