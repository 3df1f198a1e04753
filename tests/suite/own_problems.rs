//! Problems written the way a user writes them: only the four required methods, signed and
//! floating-point costs, several starts; every engine on each, in the test profile (debug
//! assertions and the path check on). And the engines against Dijkstra on random weighted
//! graphs for `u32`, `i64` and `f64` costs.

use core::ops::ControlFlow;

use informed::closures::FnProblem;
use informed::puzzles::SlidingPuzzle;
use informed::{
    AStarSteps, ChildVisitor, Cost, CostValue, MoveBuffer, Outcome, ResultOf, SearchOptions,
    SearchProblem, StopReason, a_star_with, bfs_with, bidirectional_a_star_with,
    bidirectional_bfs_with, branch_and_bound_with, budgeted_tree_search_with, dijkstra,
    dijkstra_all, dijkstra_all_with, dijkstra_with, greedy_best_first_with, ida_star_cr_with,
    ida_star_with, optimal_solutions_with, rbfs_with, replay_from, weighted_a_star,
    weighted_a_star_with,
};
use quickcheck::quickcheck;

use crate::common::{Graph, distances_to};

type Engine<P> = fn(&P, &SearchOptions) -> ResultOf<P>;

/// Every engine by name; `optimal` says whether it promises the cheapest path.
fn engines<P>() -> Vec<(&'static str, Engine<P>, bool)>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
{
    #[cfg_attr(not(feature = "parallel"), allow(unused_mut))]
    let mut engines: Vec<(&'static str, Engine<P>, bool)> = vec![
        ("ida_star", ida_star_with, true),
        ("a_star", a_star_with, true),
        ("dijkstra", dijkstra_with, true),
        ("rbfs", rbfs_with, true),
        ("bfs", bfs_with, false),
        (
            "weighted_a_star",
            |p, o| weighted_a_star_with(p, 1.5, o),
            false,
        ),
        ("greedy_best_first", greedy_best_first_with, false),
        ("ida_star_cr", ida_star_cr_with, true),
        ("budgeted_tree_search", budgeted_tree_search_with, true),
        // Deep enough for every problem here, and a bound for those with cycles.
        (
            "branch_and_bound",
            |p, o| branch_and_bound_with(p, Some(30), o),
            true,
        ),
        (
            "a_star_steps",
            |p, o| AStarSteps::new(p, o).into_result(),
            true,
        ),
    ];
    #[cfg(feature = "parallel")]
    engines.push(("parallel_ida_star", informed::parallel_ida_star_with, true));
    engines
}

/// Reach `target` from 1 by doubling or adding three: the README's problem, with only the
/// four required methods (no heuristic, no inverse, no undo).
struct Minimal<C> {
    target: u32,
    double: C,
    add_three: C,
}

impl<C: Cost> SearchProblem for Minimal<C> {
    type State = u32;
    type Move = bool; // true: double
    type Cost = C;
    fn start(&self) -> u32 {
        1
    }
    fn is_goal(&self, n: &u32) -> bool {
        *n == self.target
    }
    fn moves(&self, n: &u32, moves: &mut MoveBuffer<bool, C>) {
        if *n < self.target {
            moves.push((true, self.double));
            moves.push((false, self.add_three));
        }
    }
    fn apply(&self, n: &mut u32, double: bool) {
        if double {
            *n *= 2;
        } else {
            *n += 3;
        }
    }
}

/// Every engine solves the minimal problem with these costs; the optimal ones at `expected`.
fn solves_the_minimal_problem<C: Cost + Send + Sync>(double: C, add_three: C, expected: C) {
    let problem = Minimal {
        target: 22,
        double,
        add_three,
    };
    for (name, engine, optimal) in engines::<Minimal<C>>() {
        let result = engine(&problem, &SearchOptions::new());
        let solution = result
            .solution()
            .unwrap_or_else(|| panic!("{name}: {:?}", result.outcome));
        let (end, cost) = replay_from(&problem, solution.start, &solution.moves).unwrap();
        assert_eq!(end, 22, "{name}");
        assert_eq!(cost, solution.cost, "{name}");
        if optimal {
            assert_eq!(solution.cost, expected, "{name}");
        }
        assert_eq!(solution.states(&problem).last(), Some(&22), "{name}");
    }
}

#[test]
fn the_four_required_methods_are_enough_for_every_engine() {
    solves_the_minimal_problem(1u32, 2, 6);
}

#[test]
fn signed_costs_work_everywhere() {
    solves_the_minimal_problem(1i32, 2, 6);
    // 1 -> 4 -> 7 -> ... -> 22 by seven additions beats any route with a doubling.
    solves_the_minimal_problem(3i64, 1, 7);
}

#[test]
fn float_costs_work_everywhere() {
    solves_the_minimal_problem(1.0f64, 2.0, 6.0);
    // 1 -> 2 -> 4 -> 8 -> 11 -> 22: four doublings and one addition.
    solves_the_minimal_problem(0.5f32, 1.25, 3.25);
    // Costs that add up inexactly in binary: IDA*'s thresholds still grow and end.
    solves_the_minimal_problem(0.1f64, 0.3, 0.1 + 0.1 + 0.1 + 0.3 + 0.1);
}

/// A graph built from `Graph`'s edges with the costs in another type.
fn graph_in<C: Cost>(graph: &Graph, convert: impl Fn(u32) -> C) -> Vec<Vec<(usize, C)>> {
    graph
        .edges
        .iter()
        .map(|out| out.iter().map(|&(to, c)| (to, convert(c))).collect())
        .collect()
}

/// Every engine on `graph` with costs in `C` against Dijkstra backwards (`exact`, in u32).
fn agree<C: Cost + Send + Sync + core::fmt::Debug>(
    graph: &Graph,
    convert: impl Fn(u32) -> C + Copy + Sync,
) -> bool {
    let edges = graph_in(graph, convert);
    let exact: Vec<Option<C>> = graph.exact.iter().map(|d| d.map(convert)).collect();
    let divisor = graph.divisor;
    let goal = graph.goal;
    let heuristic =
        |&n: &usize| exact[n].map_or(C::ZERO, |d: C| d.scaled(1.0 / f64::from(divisor)));
    let successors = |&n: &usize| edges[n].clone();
    let problem = FnProblem::new(0usize, successors, heuristic, |&n: &usize| n == goal);
    let by_dijkstra = dijkstra(&problem).into_solution().map(|s| s.cost);
    assert_eq!(by_dijkstra, exact[0], "dijkstra");
    for (name, engine, optimal) in engines() {
        if !optimal {
            continue;
        }
        let options = SearchOptions::new().detect_cycles(true);
        let result = engine(&problem, &options);
        match (exact[0], result.solution()) {
            (Some(best), Some(solution)) => assert_eq!(solution.cost, best, "{name}"),
            (None, None) => assert_eq!(result.outcome, Outcome::NoSolution, "{name}"),
            (best, _) => panic!("{name}: expected {best:?}, got {:?}", result.outcome),
        }
    }
    true
}

quickcheck! {
    fn engines_agree_with_dijkstra_in_u32(graph: Graph) -> bool {
        agree(&graph, |c| c)
    }

    fn engines_agree_with_dijkstra_in_i64(graph: Graph) -> bool {
        agree(&graph, i64::from)
    }

    fn engines_agree_with_dijkstra_in_f64(graph: Graph) -> bool {
        // Quarter units: sums stay exact in binary, so "optimal" is one number.
        agree(&graph, |c| f64::from(c) * 0.25)
    }

    /// Weighted A* costs at most `w` times the optimum.
    fn weighted_a_star_keeps_its_bound(graph: Graph, weight: u8) -> bool {
        let weight = 1.0 + f64::from(weight % 40) / 10.0;
        let heuristic = |&n: &usize| graph.exact[n].map_or(0, |d| d / graph.divisor);
        let successors = |&n: &usize| graph.edges[n].clone();
        let goal = graph.goal;
        let problem = FnProblem::new(0usize, successors, heuristic, |&n: &usize| n == goal);
        match (graph.exact[0], weighted_a_star(&problem, weight).into_solution()) {
            (Some(best), Some(solution)) => {
                f64::from(solution.cost) <= weight * f64::from(best) + 1e-9
            }
            (None, None) => true,
            _ => false,
        }
    }

    /// `dijkstra_all` gives every node's cheapest cost from the start.
    fn dijkstra_all_gives_every_cost(graph: Graph) -> bool {
        // Forward distances from 0: backward distances on the reversed graph.
        let mut reversed = vec![Vec::new(); graph.edges.len()];
        for (from, out) in graph.edges.iter().enumerate() {
            for &(to, cost) in out {
                reversed[to].push((from, cost));
            }
        }
        let from_start = distances_to(&reversed, 0);
        let successors = |&n: &usize| graph.edges[n].clone();
        let problem = FnProblem::new(0usize, successors, |_: &usize| 0, |_: &usize| false);
        let reached = dijkstra_all(&problem).into_solution().unwrap();
        (0..graph.edges.len()).all(|n| reached.cost(&problem.state(n)) == from_start[n])
            && reached.len() == from_start.iter().flatten().count()
    }
}

#[test]
fn an_infinite_weight_is_greedy_search_and_a_huge_one_still_finds_the_goal() {
    // A line of float costs, unbounded one way, the heuristic exact. With `∞ · h` every state
    // but the goal would tie at infinity, and the goal's `0 · ∞` be NaN: the search would
    // wander the line's other way until a limit stopped it.
    let line = FnProblem::new(
        0i64,
        |&x: &i64| [(x - 1, 1.5), (x + 1, 1.5)],
        |&x: &i64| (200 - x).abs() as f64 * 1.5,
        |&x: &i64| x == 200,
    );
    let options = SearchOptions::new().max_nodes(50_000);
    let greedy = greedy_best_first_with(&line, &options);
    let infinite = weighted_a_star_with(&line, f64::INFINITY, &options);
    assert_eq!(infinite.solution().map(|s| s.cost), Some(300.0));
    assert_eq!(infinite.stats, greedy.stats);
    let huge = weighted_a_star_with(&line, 1e300, &options);
    assert_eq!(huge.solution().map(|s| s.cost), Some(300.0));
}

#[test]
fn dijkstra_all_stops_at_the_cost_bound() {
    let line = FnProblem::new(
        0u32,
        |&n: &u32| vec![(n + 1, 2u32)],
        |_: &u32| 0,
        |_: &u32| false,
    );
    let result = dijkstra_all_with(&line, &SearchOptions::new().cost_bound(10));
    // Reaching the bound is the end of the task, not a stop.
    assert_eq!(result.stopped(), None);
    let reached = result.into_solution().unwrap();
    assert_eq!(reached.len(), 6, "0, 2, 4, 6, 8 and 10");
    let (start, moves) = reached.path_to(&line.state(5)).unwrap();
    assert_eq!((*start.node(), moves.len()), (0, 5));
    let limited = dijkstra_all_with(&line, &SearchOptions::new().max_nodes(100));
    assert_eq!(limited.stopped(), Some(StopReason::NodeLimit));
    assert!(limited.found().is_some_and(|settled| !settled.is_empty()));
}

#[test]
fn several_starts_search_from_the_nearest() {
    // A line 0..100 with the goal at 60; starts at 0, 50 and 90.
    let line = FnProblem::new(
        0i32,
        |&n: &i32| {
            [(n - 1, 1), (n + 1, 1)]
                .into_iter()
                .filter(|&(m, _)| (0..100).contains(&m))
                .collect::<Vec<_>>()
        },
        |&n: &i32| (n - 60).abs(),
        |&n: &i32| n == 60,
    )
    .with_more_starts([50, 90]);
    for (name, engine) in [
        ("bfs", bfs_with as Engine<_>),
        ("dijkstra", dijkstra_with),
        ("a_star", a_star_with),
    ] {
        let solution = engine(&line, &SearchOptions::new())
            .into_solution()
            .unwrap();
        assert_eq!(*solution.start.node(), 50, "{name}");
        assert_eq!(solution.cost, 10, "{name}");
        assert_eq!(line.path(&solution).first(), Some(&50), "{name}");
    }
}

#[test]
fn the_states_of_a_solution_come_from_any_engine() {
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765").unwrap();
    for (name, engine, _) in engines::<SlidingPuzzle<9>>() {
        let solution = engine(&puzzle, &SearchOptions::new())
            .into_solution()
            .unwrap();
        let boards = solution.states(&puzzle);
        assert_eq!(boards.len(), solution.len() + 1, "{name}");
        assert_eq!(boards[0], puzzle.start(), "{name}");
        assert!(puzzle.is_goal(&boards[solution.len()]), "{name}");
    }
}

/// The minimal problem with a heuristic that `heuristic_after` also gives, counting how often
/// the engine asks for each.
struct Predicted {
    minimal: Minimal<u32>,
    asked: core::cell::Cell<u64>,
    foreseen: core::cell::Cell<u64>,
}

impl Predicted {
    /// At least one move to go below the target; none there.
    fn of(&self, n: u32) -> u32 {
        u32::from(n != self.minimal.target)
    }
}

impl SearchProblem for Predicted {
    type State = u32;
    type Move = bool;
    type Cost = u32;
    fn start(&self) -> u32 {
        self.minimal.start()
    }
    fn is_goal(&self, n: &u32) -> bool {
        self.minimal.is_goal(n)
    }
    fn moves(&self, n: &u32, moves: &mut MoveBuffer<bool, u32>) {
        self.minimal.moves(n, moves);
    }
    fn apply(&self, n: &mut u32, double: bool) {
        self.minimal.apply(n, double);
    }
    fn heuristic(&self, n: &u32) -> u32 {
        self.asked.set(self.asked.get() + 1);
        self.of(*n)
    }
    fn heuristic_after(&self, n: &u32, double: bool) -> Option<u32> {
        self.foreseen.set(self.foreseen.get() + 1);
        let mut child = *n;
        self.minimal.apply(&mut child, double);
        Some(self.of(child))
    }
}

#[test]
fn ida_star_takes_the_heuristic_it_was_given_before_making_a_child() {
    let problem = Predicted {
        minimal: Minimal {
            target: 22,
            double: 1,
            add_three: 1,
        },
        asked: 0.into(),
        foreseen: 0.into(),
    };
    let result = ida_star_with(&problem, &SearchOptions::new());
    // 1, 4, 8, 11, 22.
    assert_eq!(result.solution().map(|s| s.cost), Some(4));
    // Every child is offered by its foreseen heuristic and never asked again once made: only
    // the start's heuristic is asked (and the path check's, in a debug build).
    assert_eq!(problem.foreseen.get(), result.stats.generated);
    assert!(
        problem.asked.get() <= 1 + 6,
        "asked {} times for {} children",
        problem.asked.get(),
        result.stats.generated
    );
}

/// The minimal problem with a hand-written `visit_children` that hands every child to
/// `visit_passed` without offering it to `prune` first: a misuse of the protocol.
struct Unoffered(Minimal<u32>);

impl SearchProblem for Unoffered {
    type State = u32;
    type Move = bool;
    type Cost = u32;
    fn start(&self) -> u32 {
        self.0.start()
    }
    fn is_goal(&self, n: &u32) -> bool {
        self.0.is_goal(n)
    }
    fn moves(&self, n: &u32, moves: &mut MoveBuffer<bool, u32>) {
        self.0.moves(n, moves);
    }
    fn apply(&self, n: &mut u32, double: bool) {
        self.0.apply(n, double);
    }
    fn visit_children<V: ChildVisitor<Self>>(
        &self,
        n: &mut u32,
        _skip: Option<bool>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        let mut moves = MoveBuffer::new();
        self.moves(n, &mut moves);
        for &(double, cost) in &moves {
            let mut child = *n;
            self.apply(&mut child, double);
            visitor.visit_passed(&mut child, double, cost, 0)?;
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn a_child_never_offered_to_prune_cannot_take_ida_star_past_its_threshold() {
    // Doubling costs 3 and adding three 1, so a child's move alone often exceeds what is left
    // of the threshold: IDA* must cut it off, not search on with a budget below zero.
    let problem = Unoffered(Minimal {
        target: 22,
        double: 3,
        add_three: 1,
    });
    let result = ida_star_with(&problem, &SearchOptions::new());
    let solution = result.solution().expect("22 is reachable");
    // 1 -> 4 -> 7 -> 10 -> 13 -> 16 -> 19 -> 22: seven additions, each of cost 1.
    assert_eq!(solution.cost, 7);
    let (end, cost) = replay_from(&problem, solution.start, &solution.moves).unwrap();
    assert_eq!((end, cost), (22, 7));
}

/// A cost bound below zero, or NaN, admits no path, not even the empty one from a start that
/// is a goal: every engine stops at once with `CostBound`, whatever the cost type. (Before,
/// such a bound was taken as zero, and a start at a goal came back solved.) A bound of zero
/// still admits the empty path.
#[test]
fn a_bound_below_zero_admits_no_path_not_even_the_empty_one() {
    fn check<C: Cost + Send + Sync>(step: C) {
        let problem = FnProblem::new(
            0u8,
            move |&n: &u8| [(n + 1, step)],
            |_: &u8| C::ZERO,
            |&n: &u8| n == 0,
        );
        for bound in [
            CostValue::Signed(-1),
            CostValue::Float(-0.5),
            CostValue::Float(f64::NAN),
        ] {
            let options = SearchOptions::new().cost_bound(bound);
            for (name, engine, _) in engines() {
                let result = engine(&problem, &options);
                assert_eq!(
                    result.stopped(),
                    Some(StopReason::CostBound),
                    "{name} within {bound}"
                );
                assert_eq!(result.stats.generated, 0, "{name} within {bound}");
            }
            let reached = dijkstra_all_with(&problem, &options);
            assert!(
                reached.found().is_none_or(informed::Reached::is_empty),
                "within {bound}"
            );
            let all = optimal_solutions_with(&problem, 1, &options);
            assert_eq!(all.stopped(), Some(StopReason::CostBound));
            assert!(all.found().is_none());
        }
        let zero = SearchOptions::new().cost_bound(0u8);
        for (name, engine, _) in engines() {
            assert!(engine(&problem, &zero).is_solved(), "{name} within 0");
        }
    }
    check(1u32);
    check(1i32);
    check(1.0f64);
    // The bidirectional engines too, on a puzzle at its goal.
    let solved = SlidingPuzzle::<9>::parse(3, 3, "123456780", "123456780").expect("a board");
    let below = SearchOptions::new().cost_bound(-1);
    for result in [
        bidirectional_bfs_with(&solved, &below),
        bidirectional_a_star_with(&solved, &below),
    ] {
        assert_eq!(result.stopped(), Some(StopReason::CostBound));
    }
}

/// Two edges of a closure to one node at different costs are two moves, whichever the closure
/// lists first: the optimal engines take the cheaper, and every engine's moves replay at the
/// cost it reported (a move named by the node alone would replay at the first edge's cost).
/// Costs of every width: `u64` costs of 1 and 2^32, whose halves fold to the same 32 bits (a
/// move keeping a 32-bit fold of its cost would take one for the other), and floats.
#[test]
fn edges_to_one_node_at_different_costs_are_different_moves() {
    fn check<C: Cost + Send + Sync>(cheap: C, dear: C) {
        for edges in [[(1u8, dear), (1, cheap)], [(1, cheap), (1, dear)]] {
            let successors = move |&n: &u8| if n == 0 { edges.to_vec() } else { Vec::new() };
            let problem = FnProblem::new(0u8, successors, |_: &u8| C::ZERO, |&n: &u8| n == 1);
            for (name, engine, optimal) in engines() {
                let solution = engine(&problem, &SearchOptions::new())
                    .into_solution()
                    .unwrap_or_else(|| panic!("{name}: 1 is a step away"));
                let (_, replayed) = replay_from(&problem, solution.start.clone(), &solution.moves)
                    .unwrap_or_else(|error| panic!("{name}: {error}"));
                assert!(
                    replayed == solution.cost,
                    "{name}: {:?} replays at {replayed:?}",
                    solution.cost
                );
                if optimal {
                    assert!(solution.cost == cheap, "{name}: {:?}", solution.cost);
                }
            }
        }
    }
    check(3u32, 5u32);
    check(3u8, 200u8);
    check(2i32, 9i32);
    check(1u64, 1u64 << 32);
    check(1i64, 1 + (1i64 << 32));
    check(1.0f64, 1.5f64);
    check(0.5f32, 0.75f32);
}
