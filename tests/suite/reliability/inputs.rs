//! Bad sizes and inputs, adapters driven deep, problems without a solution, several starts.

use super::*;
use crate::common::Adjacency;

/// A corridor of `length` unit steps as closures, the heuristic exact.
#[allow(clippy::type_complexity)]
fn closure_corridor(
    length: u64,
) -> FnProblem<u64, impl Fn(&u64) -> Vec<(u64, u32)>, impl Fn(&u64) -> u32, impl Fn(&u64) -> bool> {
    FnProblem::new(
        0u64,
        move |&n: &u64| {
            let mut next = vec![(n + 1, 1)];
            if n > 0 {
                next.push((n - 1, 1));
            }
            next
        },
        move |&n: &u64| (length - n.min(length)) as u32,
        move |&n: &u64| n == length,
    )
}

#[test]
fn closure_problems_go_deep_on_a_small_stack() {
    // 256 KiB of stack: the recursive drop of a linked chain of states overflowed it at
    // 8,000 moves.
    let handle = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            let corridor = closure_corridor(100_000);
            for (name, engine) in engines() {
                let result = engine(&corridor, &SearchOptions::new());
                let solution = result.solution().unwrap_or_else(|| panic!("{name}"));
                assert_eq!(solution.cost, 100_000, "{name}");
                let stopped = engine(&corridor, &SearchOptions::new().max_nodes(150_000));
                assert!(
                    stopped.is_solved() || stopped.stopped() == Some(StopReason::NodeLimit),
                    "{name}"
                );
                let deep = engine(&corridor, &SearchOptions::new().max_nodes(50_000));
                assert_eq!(deep.stopped(), Some(StopReason::NodeLimit), "{name}");
            }
        })
        .unwrap();
    handle.join().expect("no stack overflow");
}

#[test]
fn linear_conflict_serves_lines_of_256_cells() {
    let goal: Vec<u16> = (0..256).collect();
    let mut start = goal.clone();
    start.swap(0, 1);
    for (width, height) in [(256, 1), (1, 256)] {
        let puzzle =
            SlidingPuzzle::<256, LinearConflict<256>>::new(width, height, &start, &goal).unwrap();
        assert_eq!(puzzle.heuristic(&puzzle.start()), 1, "{width} x {height}");
        for (name, engine) in engines::<SlidingPuzzle<256, LinearConflict<256>>>() {
            let result = engine(&puzzle, &SearchOptions::new());
            assert_eq!(result.solution().map(|s| s.cost), Some(1), "{name}");
        }
    }
}

#[test]
fn bfs_finds_a_path_within_the_cost_bound_when_there_is_one() {
    // 0 -> 1 (5), 0 -> 2 (1), 2 -> 1 (1), 1 -> 3 (5): the bound 7 allows 0-2-1-3 only.
    let edges = |&n: &u32| -> Vec<(u32, u32)> {
        match n {
            0 => vec![(1, 5), (2, 1)],
            2 => vec![(1, 1)],
            1 => vec![(3, 5)],
            _ => vec![],
        }
    };
    let problem = FnProblem::new(0u32, edges, |_: &u32| 0, |&n: &u32| n == 3);
    for (name, engine) in engines() {
        let result = engine(&problem, &SearchOptions::new().cost_bound(7));
        assert_eq!(result.solution().map(|s| s.cost), Some(7), "{name}");
        let result = engine(&problem, &SearchOptions::new().cost_bound(6));
        assert_eq!(result.stopped(), Some(StopReason::CostBound), "{name}");
    }
}

#[test]
fn max_stored_concerns_only_the_engines_that_store_states() {
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765").unwrap();
    let none = SearchOptions::new().max_stored(0);
    for (name, engine) in engines::<SlidingPuzzle<9>>() {
        let result = engine(&puzzle, &none);
        let stores = [
            "a_star",
            "bfs",
            "a_star_steps",
            "dijkstra",
            "partial_expansion_a_star",
            "anytime_a_star",
        ];
        if stores.contains(&name) {
            assert_eq!(result.stopped(), Some(StopReason::MemoryLimit), "{name}");
            assert_eq!(result.stats.stored, 0, "{name}");
        } else {
            assert_eq!(result.solution().map(|s| s.cost), Some(4), "{name}");
        }
    }
}

#[test]
fn pattern_databases_refuse_impossible_sizes() {
    let goal: [u8; 8] = core::array::from_fn(|i| i as u8);
    let result = PatternDatabase::<8>::build((1 << 63) + 8, 2, &goal, &[&[1, 2]], false);
    assert!(matches!(
        result,
        Err(PdbError::InvalidPartition(PartitionError::BoardSize { .. }))
    ));
    // The default database of a big board keeps to a size that builds quickly.
    let goal: [u8; 64] = core::array::from_fn(|i| i as u8);
    let mut start = goal;
    start.swap(0, 1);
    let puzzle = SlidingPuzzle::<64, PatternDatabase<64>>::new(8, 8, &start, &goal).unwrap();
    assert_eq!(puzzle.heuristic(&puzzle.start()), 1);
    // Above 64 cells it is refused with the reason, not silently zero.
    let goal: [u8; 81] = core::array::from_fn(|i| i as u8);
    let mut start = goal;
    start.swap(0, 1);
    let refused = SlidingPuzzle::<81, PatternDatabase<81>>::new(9, 9, &start, &goal);
    assert!(
        matches!(
            refused,
            Err(PuzzleError::Heuristic(HeuristicError::Database(_)))
        ),
        "{refused:?}"
    );
}

#[test]
fn a_closure_move_that_names_no_successor_leaves_the_state_as_it_is() {
    let problem = closure_corridor(10);
    let mut state = problem.start();
    let mut moves = MoveBuffer::new();
    problem.moves(&state, &mut moves);
    let forward = moves[0].0; // 0 -> 1
    problem.apply(&mut state, forward);
    assert_eq!(*state.node(), 1);
    // `forward` steps onto node 1, no successor of node 1: applying it there changes nothing.
    problem.apply(&mut state, forward);
    assert_eq!(state, problem.state(1));
    // Replayed, such a move is named as no move of the state.
    let replayed = informed::replay(&problem, &[forward, forward]);
    assert!(replayed.is_err(), "{replayed:?}");
}

#[test]
fn a_zero_cost_cycle_is_named_by_the_path_check() {
    // Two states that step to each other for nothing; the goal is a costly step away.
    struct Flip;
    impl SearchProblem for Flip {
        type State = u8;
        type Move = u8;
        type Cost = u32;
        fn start(&self) -> u8 {
            0
        }
        fn is_goal(&self, s: &u8) -> bool {
            *s == 2
        }
        fn moves(&self, s: &u8, moves: &mut MoveBuffer<u8, u32>) {
            match s {
                0 => moves.extend([(1, 0), (2, 5)]),
                1 => moves.push((0, 0)),
                _ => {}
            }
        }
        fn apply(&self, s: &mut u8, to: u8) {
            *s = to;
        }
    }
    // No inverses, but cycle detection declined: only the path check guards the search.
    let checked = SearchOptions::new()
        .check_path(true)
        .detect_cycles(false)
        .max_nodes(10_000_000);
    let result = ida_star_with(&Flip, &checked);
    assert_eq!(
        result.problem_error(),
        Some(&ProblemError::ZeroCostCycle),
        "{:?}",
        result.outcome
    );
    let result = rbfs_with(&Flip, &checked);
    assert_eq!(
        result.problem_error(),
        Some(&ProblemError::ZeroCostCycle),
        "{:?}",
        result.outcome
    );
    // The engines on the shared explicit stack name it too, long before the node limit.
    for (name, result) in [
        ("ida_star_cr", informed::ida_star_cr_with(&Flip, &checked)),
        (
            "budgeted_tree_search",
            informed::budgeted_tree_search_with(&Flip, &checked),
        ),
        (
            "branch_and_bound",
            informed::branch_and_bound_with(&Flip, None, &checked),
        ),
    ] {
        assert_eq!(
            result.problem_error(),
            Some(&ProblemError::ZeroCostCycle),
            "{name}: {:?}",
            result.outcome
        );
    }
    let all = informed::optimal_solutions_with(&Flip, 1, &checked);
    assert_eq!(all.problem_error(), Some(&ProblemError::ZeroCostCycle));
    // With cycle detection it is solved.
    let result = ida_star_with(&Flip, &SearchOptions::new().detect_cycles(true));
    assert_eq!(result.solution().map(|s| s.cost), Some(5));
}

#[test]
fn rbfs_chooses_among_many_children_quickly() {
    // Ten thousand children of the start, each with one child; the goal is the last of those.
    // RBFS comes back to the start twice per child, and chose among all ten thousand each
    // time (a second on this test in the debug profile); it keeps them in a heap now.
    let wide = FnProblem::new(
        (0u32, 0u32),
        |&(depth, i): &(u32, u32)| -> Vec<((u32, u32), u32)> {
            match depth {
                0 => (0..10_000).map(|i| ((1, i), 1)).collect(),
                1 => vec![((2, i), 1)],
                _ => Vec::new(),
            }
        },
        |_: &(u32, u32)| 0,
        |&node: &(u32, u32)| node == (2, 9_999),
    );
    let result = rbfs_with(&wide, &SearchOptions::new());
    assert_eq!(result.solution().map(|s| s.cost), Some(2));
    assert!(result.stats.generated <= 40_000, "{:?}", result.stats);
}

/// A line of nodes `0..=end` whose steps either way cost nothing, but the last, to `end`, which
/// costs 1: zero-cost cycles everywhere, no inverse moves, and (with `skip`) a problem that
/// needs the engines to skip the states on the current path.
#[derive(Clone, Copy)]
struct FreeLine {
    end: u32,
}

impl SearchProblem for FreeLine {
    type State = u32;
    type Move = u32;
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, &node: &u32) -> bool {
        node == self.end
    }
    fn moves(&self, &node: &u32, moves: &mut MoveBuffer<u32, u32>) {
        if node > 0 {
            moves.push((node - 1, 0));
        }
        if node < self.end {
            moves.push((node + 1, u32::from(node + 1 == self.end)));
        }
    }
    fn apply(&self, node: &mut u32, to: u32) {
        *node = to;
    }
}

#[test]
fn a_problem_that_needs_cycle_detection_ends_on_zero_cost_cycles_however_deep() {
    // 1,000 moves deep: past the depth where IDA*'s recursion hands the path over to its
    // explicit stack, which must go on skipping the states above.
    for end in [5, 1_000] {
        let line = FreeLine { end };
        for (name, engine) in engines() {
            let result = engine(&line, &SearchOptions::new());
            let solution = result
                .solution()
                .unwrap_or_else(|| panic!("{name}: {result:?}"));
            assert_eq!((solution.cost, solution.len()), (1, end as usize), "{name}");
            // Two children a node, in at most two iterations: nothing walked twice (without
            // the states above it, IDA*'s explicit stack walked back down the line, 5,600).
            let most = 4 * u64::from(end);
            assert!(result.stats.generated <= most, "{name}: {:?}", result.stats);
        }
    }
    // Without it, IDA* goes round the first zero-cost cycle until the path check finds the
    // cycle (with debug assertions) or a limit stops it.
    let looping = FreeLine { end: 5 };
    let declined = SearchOptions::new().detect_cycles(false).max_nodes(100_000);
    let stopped = ida_star_with(&looping, &declined);
    assert!(
        matches!(
            stopped.outcome,
            Outcome::Invalid {
                error: ProblemError::ZeroCostCycle,
                ..
            }
        ) || stopped.stopped() == Some(StopReason::NodeLimit),
        "{:?}",
        stopped.outcome
    );
}

#[test]
fn messages_blame_what_is_wrong() {
    // Nine separated numbers on a board of nine: the one out of range is named, not read as
    // a run of one-digit cells.
    let error =
        SlidingPuzzle::<9>::parse(3, 3, "1 2 3 4 5 6 7 8 18446744073709551615", "123456780")
            .unwrap_err();
    assert!(
        matches!(
            error,
            PuzzleError::OutOfRange {
                position: 8,
                value: u64::MAX,
                ..
            }
        ),
        "{error:?}"
    );
    // A 3 x 3 board for a puzzle type of six cells: the sizes disagree, nothing else.
    let error =
        SlidingPuzzle::<6>::new(3, 3, &[1, 2, 3, 4, 5, 0], &[1, 2, 3, 4, 5, 0]).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("does not have the 6 cells"), "{message}");
    assert!(!message.contains("2 to 256"), "{message}");
}

#[test]
fn dijkstra_never_judges_the_heuristic_it_never_reads() {
    let graph = Adjacency {
        edges: vec![vec![(1, 1), (2, 1)], vec![(3, 1)], vec![(3, 5)], vec![]],
        from_start: vec![0; 4],
        heuristic: vec![0, 100, 0, 0],
        goal: 3,
    };
    let checked = SearchOptions::new().check_path(true);
    let result = informed::dijkstra_with(&graph, &checked);
    assert_eq!(
        result.solution().map(|s| s.cost),
        Some(2),
        "{:?}",
        result.outcome
    );
}

#[test]
fn dijkstra_all_stopped_by_a_limit_answers_only_settled_states() {
    let graph = Adjacency {
        edges: vec![vec![(1, 10), (2, 1)], vec![], vec![(3, 1)], vec![(1, 1)]],
        from_start: vec![0; 4],
        heuristic: vec![0; 4],
        goal: u32::MAX,
    };
    let full = informed::dijkstra_all(&graph).into_solution().unwrap();
    assert_eq!((full.cost(&1), full.len()), (Some(3), 4));
    for options in [
        SearchOptions::new().max_nodes(2),
        SearchOptions::new().max_stored(3),
    ] {
        let result = informed::dijkstra_all_with(&graph, &options);
        assert!(result.stopped().is_some());
        let reached = result.found().unwrap();
        // Wherever it stopped, a cost it gives is the cheapest.
        for (&state, cost) in reached.iter() {
            assert_eq!(Some(cost), full.cost(&state), "state {state}");
            assert_eq!(reached.cost(&state), Some(cost));
        }
        assert!(reached.cost(&1).is_none_or(|cost| cost == 3));
        assert_eq!(reached.len(), reached.iter().count());
    }
}

/// The closures of [`two_starts`].
type TwoStarts = FnProblem<u32, fn(&u32) -> Vec<(u32, u32)>, fn(&u32) -> u32, fn(&u32) -> bool>;

/// A problem of closures with two starts, 0 and 5; the goal 9 is one step from each, at cost
/// 10 from 0 and 1 from 5.
fn two_starts() -> TwoStarts {
    let moves: fn(&u32) -> Vec<(u32, u32)> = |&n| match n {
        0 => vec![(9, 10)],
        5 => vec![(9, 1)],
        _ => vec![],
    };
    let heuristic: fn(&u32) -> u32 = |_| 0;
    let goal: fn(&u32) -> bool = |&n| n == 9;
    FnProblem::new(0, moves, heuristic, goal).with_more_starts([5])
}

#[test]
fn listed_children_is_the_problem_in_every_other_method() {
    // Two starts, the second one step from the goal; children made at once.
    let two_starts = two_starts();
    let listed = informed::ListedChildren(&two_starts);
    let (own, through) = (informed::a_star(&two_starts), informed::a_star(&listed));
    assert_eq!(own.solution().map(|s| s.cost), Some(1));
    assert_eq!(through.outcome, own.outcome);
    assert_eq!(through.stats, own.stats);
    let made = listed.children_at_once(&listed.start(), None, |_, _, _| {
        std::ops::ControlFlow::Continue(())
    });
    assert!(made.is_some(), "ListedChildren forwards children_at_once");
}

/// Three jugs of 8, 6 and 4 litres, the first full; pour one into another until either is
/// full or empty. A target of 1 litre is never reached: the states form cycles.
struct Jugs {
    target: u8,
}

impl SearchProblem for Jugs {
    type State = [u8; 3];
    type Move = (usize, usize);
    type Cost = u32;
    fn start(&self) -> [u8; 3] {
        [8, 0, 0]
    }
    fn is_goal(&self, jugs: &[u8; 3]) -> bool {
        jugs.contains(&self.target)
    }
    fn moves(&self, jugs: &[u8; 3], moves: &mut MoveBuffer<(usize, usize), u32>) {
        const SIZE: [u8; 3] = [8, 6, 4];
        for from in 0..3 {
            for to in 0..3 {
                if from != to && jugs[from] > 0 && jugs[to] < SIZE[to] {
                    moves.push(((from, to), 1));
                }
            }
        }
    }
    fn apply(&self, jugs: &mut [u8; 3], (from, to): (usize, usize)) {
        const SIZE: [u8; 3] = [8, 6, 4];
        let poured = jugs[from].min(SIZE[to] - jugs[to]);
        jugs[from] -= poured;
        jugs[to] += poured;
    }
}

#[test]
fn an_unsolvable_problem_with_cycles_ends_by_default_on_every_engine() {
    let unsolvable = Jugs { target: 1 };
    assert_eq!(informed::ida_star(&unsolvable).outcome, Outcome::NoSolution);
    assert_eq!(informed::rbfs(&unsolvable).outcome, Outcome::NoSolution);
    assert_eq!(
        informed::ida_star_cr(&unsolvable).outcome,
        Outcome::NoSolution
    );
    assert_eq!(
        informed::budgeted_tree_search(&unsolvable).outcome,
        Outcome::NoSolution
    );
    assert_eq!(informed::a_star(&unsolvable).outcome, Outcome::NoSolution);
    let solvable = Jugs { target: 2 };
    let optimal = informed::bfs(&solvable).solution().map(|s| s.cost);
    assert_eq!(
        informed::ida_star(&solvable).solution().map(|s| s.cost),
        optimal
    );
}

/// A 2 x 3 sliding puzzle written as a user would, with inverse moves, and a goal of the other
/// parity: 360 states reachable, in cycles the inverse alone does not rule out, none a goal.
struct SixTiles {
    goal: [u8; 6],
}

impl SearchProblem for SixTiles {
    type State = [u8; 6];
    /// The blank's step: -3, -1, 1 or 3.
    type Move = i8;
    type Cost = u32;
    fn start(&self) -> [u8; 6] {
        [1, 2, 3, 4, 5, 0]
    }
    fn is_goal(&self, tiles: &[u8; 6]) -> bool {
        *tiles == self.goal
    }
    fn moves(&self, tiles: &[u8; 6], moves: &mut MoveBuffer<i8, u32>) {
        let blank = tiles.iter().position(|&t| t == 0).expect("a blank") as i8;
        for step in [-3, -1, 1, 3] {
            let to = blank + step;
            let same_row = step.abs() == 3 || to / 3 == blank / 3;
            if (0..6).contains(&to) && same_row {
                moves.push((step, 1));
            }
        }
    }
    fn apply(&self, tiles: &mut [u8; 6], step: i8) {
        let blank = tiles.iter().position(|&t| t == 0).expect("a blank");
        tiles.swap(blank, (blank as i8 + step) as usize);
    }
    fn inverse(&self, step: i8) -> Option<i8> {
        Some(-step)
    }
}

#[test]
fn an_unsolvable_problem_with_inverse_moves_ends_on_the_linear_memory_engines() {
    let unsolvable = SixTiles {
        goal: [2, 1, 3, 4, 5, 0],
    };
    let ended = |result: informed::ResultOf<SixTiles>| {
        assert_eq!(result.outcome, Outcome::NoSolution);
        assert!(result.stats.stored >= 360, "the sweep stored the space");
    };
    ended(informed::ida_star(&unsolvable));
    ended(informed::rbfs(&unsolvable));
    ended(informed::ida_star_cr(&unsolvable));
    ended(informed::budgeted_tree_search(&unsolvable));
    #[cfg(feature = "parallel")]
    ended(informed::parallel_ida_star(&unsolvable));
    let all = informed::optimal_solutions(&unsolvable, 10);
    assert_eq!(all.outcome, Outcome::NoSolution);
    // A memory limit of no states keeps the search to the path: it runs to the node limit.
    let linear = SearchOptions::new().max_stored(0).max_nodes(3_000_000);
    let stopped = informed::ida_star_with(&unsolvable, &linear);
    assert_eq!(stopped.stopped(), Some(StopReason::NodeLimit));
    // Solvable, the sweeps change nothing: the answer is BFS's.
    let solvable = SixTiles {
        goal: [4, 1, 2, 5, 0, 3],
    };
    let optimal = informed::bfs(&solvable).solution().map(|s| s.cost);
    assert!(optimal.is_some());
    let found = informed::ida_star(&solvable);
    assert_eq!(found.solution().map(|s| s.cost), optimal);
}

#[test]
fn puzzles_take_pieces_of_any_integer_type() {
    use informed::puzzles::topspin::TopSpin;
    use informed::puzzles::{ArrangementError, Pancake, RotationGame};
    // i32, as judges and LeetCode give them.
    let tiles: Vec<i32> = vec![1, 2, 3, 4, 0, 5, 7, 8, 6];
    let goal: Vec<i32> = vec![1, 2, 3, 4, 5, 6, 7, 8, 0];
    let puzzle = SlidingPuzzle::<9>::new(3, 3, &tiles, &goal).unwrap();
    assert_eq!(
        informed::ida_star(&puzzle).solution().map(|s| s.cost),
        Some(2)
    );
    let negative = SlidingPuzzle::<9>::new(3, 3, &[1, 2, 3, 4, -1, 5, 7, 8, 6], &goal);
    assert!(
        matches!(negative, Err(PuzzleError::NotATile { position: 4, .. })),
        "{negative:?}"
    );
    assert!(Pancake::new(&[2i32, 0, 1]).is_ok());
    assert!(matches!(
        Pancake::new(&[2i32, -1, 1]),
        Err(ArrangementError::OutOfRange {
            position: 2,
            value: u64::MAX,
            ..
        })
    ));
    assert!(TopSpin::new(&[3i64, 0, 1, 2, 4, 5], 4).is_ok());
    let cells: Vec<i32> = [1, 2, 3].repeat(8);
    assert!(RotationGame::new(&cells).is_ok());
}

#[test]
fn depth_first_engines_refuse_several_starts_and_the_others_search_them_all() {
    let two_starts = two_starts();
    let refused = ProblemError::SeveralStarts { count: 2 };
    for (name, engine) in engines() {
        let result = engine(&two_starts, &SearchOptions::new());
        let best_first = [
            "a_star",
            "a_star_steps",
            "dijkstra",
            "partial_expansion_a_star",
            "anytime_a_star",
        ];
        if best_first.contains(&name) {
            assert_eq!(result.solution().map(|s| s.cost), Some(1), "{name}");
        } else if name == "bfs" {
            assert_eq!(
                result.solution().map(informed::Solution::len),
                Some(1),
                "{name}"
            );
        } else {
            assert_eq!(result.problem_error(), Some(&refused), "{name}");
        }
    }
    let all = informed::optimal_solutions(&two_starts, 1);
    assert_eq!(all.problem_error(), Some(&refused));
    // An agent stands on one state.
    let walk = informed::lrta_star(&two_starts, &mut informed::LearnedHeuristic::new(), 2);
    assert_eq!(walk.problem_error(), Some(&refused));
    assert!(refused.to_string().contains("a_star"), "{refused}");
}
