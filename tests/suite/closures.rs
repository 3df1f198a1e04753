//! The closure adapter: every engine solves problems given as closures, optimally, and the
//! nodes of the path come back in order.

use crate::common::Graph;
use informed::prelude::*;
use quickcheck::quickcheck;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};

quickcheck! {
    fn every_engine_is_optimal_through_closures(graph: Graph) -> bool {
        let successors = |&node: &usize| graph.edges[node].clone();
        let heuristic = |&node: &usize| graph.exact[node].map_or(0, |d| d / graph.divisor);
        let problem = FnProblem::new(0usize, successors, heuristic, |&node: &usize| node == graph.goal);
        let cycles = SearchOptions::new().detect_cycles(true);
        // Plain IDA* and RBFS skip the nodes on the path too (the adapter needs cycle
        // detection), so they end on these cyclic graphs, a goal reachable or not.
        let results = [
            a_star(&problem),
            ida_star_with(&problem, &cycles),
            rbfs_with(&problem, &cycles),
            ida_star(&problem),
            rbfs(&problem),
            ida_star_cr(&problem),
            budgeted_tree_search(&problem),
            branch_and_bound(&problem, None),
        ];
        for result in &results {
            match (graph.exact[0], result.solution()) {
                (Some(best), Some(solution)) => {
                    let path = problem.path(solution);
                    assert_eq!(path.first(), Some(&0));
                    assert_eq!(path.last(), Some(&graph.goal));
                    assert_eq!(path.len(), solution.len() + 1);
                    assert_eq!(solution.cost, best);
                }
                (None, None) => assert_eq!(result.outcome, Outcome::NoSolution),
                _ => return false,
            }
        }
        // Plain IDA* searches as with the option: the same counts and thresholds.
        let plain = &results[3];
        let with_option = &results[1];
        assert_eq!(plain.stats.generated, with_option.stats.generated);
        assert_eq!(plain.stats.thresholds, with_option.stats.thresholds);
        let all = optimal_solutions(&problem, 1).into_solution();
        assert_eq!(all.as_ref().map(|all| all.cost), graph.exact[0]);
        assert_eq!(all.is_some_and(|all| all.count > 0), graph.exact[0].is_some());
        bfs(&problem).is_solved() == graph.exact[0].is_some()
    }
}

/// A node on the path is never a next threshold: round a cycle of three with no goal, IDA*
/// ends after the thresholds 0, 1 and 2 (the start, met again at 3, does not make a fourth).
#[test]
fn ida_star_proves_a_cycle_holds_no_goal_in_as_many_thresholds_as_it_has_nodes() {
    let problem = FnProblem::new(
        0u8,
        |&n: &u8| [((n + 1) % 3, 1u32)],
        |_: &u8| 0,
        |_: &u8| false,
    );
    let result = ida_star(&problem);
    assert_eq!(result.outcome, Outcome::NoSolution);
    assert_eq!(result.stats.thresholds, [0, 1, 2]);
}

#[test]
fn apply_steps_to_the_node_a_move_names() {
    let successors = |&n: &u32| vec![(n + 1, 1u32), (n * 2, 1)];
    let problem = FnProblem::new(1u32, successors, |_: &u32| 0u32, |&n: &u32| n == 6);
    let mut state = problem.start();
    let mut moves = MoveBuffer::new();
    problem.moves(&state, &mut moves);
    let (increment, double) = (moves[0].0, moves[1].0);
    // No path in a state to step back along: the engines copy a state where they need it,
    // and skip the nodes on the current path themselves.
    assert!(problem.inverse(increment).is_none() && problem.inverse(double).is_none());
    problem.apply(&mut state, increment);
    assert_eq!(*state.node(), 2);
    moves = MoveBuffer::new();
    problem.moves(&state, &mut moves);
    problem.apply(&mut state, moves[1].0);
    assert_eq!(*state.node(), 4);
    // The state keeps its node's hash through the moves: a set of states finds it.
    let known: HashSet<_> = [problem.start(), problem.state(4)].into_iter().collect();
    assert!(known.contains(&state));
    assert_eq!(state, problem.state(4));
    // A state holds its node and its hash, nothing more.
    assert_eq!(size_of::<informed::closures::FnState<u32>>(), 8);
}

#[test]
fn states_of_two_problems_hash_alike() {
    // A state hashes by its node's hash, worked out once: equal nodes, made by two problems
    // (and so two sets of closures), must still be equal states with equal hashes.
    let up = FnProblem::new(
        0u64,
        |&n: &u64| [(n + 1, 1u32)],
        |_: &u64| 0,
        |&n: &u64| n == 5,
    );
    let down = FnProblem::new(
        9u64,
        |&n: &u64| [(n - 1, 1u32)],
        |_: &u64| 0,
        |&n: &u64| n == 5,
    );
    let reached: HashSet<_> = (0..10).map(|n| up.state(n)).collect();
    assert!((0..10).all(|n| reached.contains(&down.state(n))));
    let by_a_star = a_star(&down).into_solution().expect("5 is below 9");
    assert_eq!(down.path(&by_a_star), [9, 8, 7, 6, 5]);
    assert!(reached.contains(&by_a_star.start));
}

#[test]
fn a_move_at_a_four_byte_cost_takes_one_word() {
    // The engines that store states keep the move to each beside it: with `u32` costs, an
    // `Option` of a move is the successor's 32-bit hash and the cost.
    assert_eq!(size_of::<Option<informed::closures::FnMove<u32>>>(), 8);
}

/// Every engine makes a node's children with one call of the successor closure, however many
/// there are: a star of 20,000 leaves (its goal the last) and a line 1,000 moves long (past
/// the depth where IDA* leaves its recursion for an explicit stack). Before, the engines that
/// keep a node's children on a stack (RBFS, IDA*_CR, branch and bound, the count of optimal
/// solutions, deep IDA*) called the closure again for every child they stepped to: a
/// quadratic search of the star.
#[test]
fn every_engine_calls_the_successor_closure_once_per_expanded_node() {
    const LEAVES: u32 = 20_000;
    let calls = AtomicU64::new(0);
    let count = || calls.fetch_add(1, Ordering::Relaxed);
    let star = FnProblem::new(
        0u32,
        |&n: &u32| {
            count();
            let leaves = if n == 0 { LEAVES } else { 0 };
            (1..=leaves).map(|leaf| (leaf, 1u32)).collect::<Vec<_>>()
        },
        |&n: &u32| u32::from(n == 0),
        |&n: &u32| n == LEAVES,
    );
    let line = FnProblem::new(
        0i32,
        |&n: &i32| {
            count();
            vec![(n + 1, 1u32), (n - 1, 1), (n + 2, 3)]
        },
        |&n: &i32| (1000 - n).max(0).unsigned_abs(),
        |&n: &i32| n == 1000,
    );
    let check = |shape: &str, runs: Vec<Run>| {
        for Run {
            engine,
            calls,
            expanded,
            solved,
        } in runs
        {
            assert!(solved, "{engine} on the {shape}");
            // One call more in the depth-first engines, which list the start's moves to see
            // whether they have inverses (without, they skip the states on the path).
            assert!(
                calls <= expanded + 1,
                "{engine} on the {shape}: {calls} calls, {expanded} expanded"
            );
        }
    };
    check("star", every_engine(&star, &calls));
    check("line", every_engine(&line, &calls));
}

/// One engine's search of a problem through closures.
struct Run {
    engine: &'static str,
    /// Calls of the successor closure.
    calls: u64,
    expanded: u64,
    solved: bool,
}

/// Runs every engine on `problem`, whose successor closure counts its calls in `calls`,
/// without the path check (which replays the path through `apply`).
fn every_engine<P>(problem: &P, calls: &AtomicU64) -> Vec<Run>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
{
    let options = SearchOptions::new().check_path(false);
    let run = |name, engine: &dyn Fn() -> informed::ResultOf<P>| {
        calls.store(0, Ordering::Relaxed);
        let result = engine();
        Run {
            engine: name,
            calls: calls.load(Ordering::Relaxed),
            expanded: result.stats.expanded,
            solved: result.is_solved(),
        }
    };
    let mut runs = vec![
        run("a_star", &|| a_star_with(problem, &options)),
        run("bfs", &|| bfs_with(problem, &options)),
        run("dijkstra", &|| dijkstra_with(problem, &options)),
        run("weighted_a_star", &|| {
            weighted_a_star_with(problem, 2.0, &options)
        }),
        run("greedy_best_first", &|| {
            greedy_best_first_with(problem, &options)
        }),
        run("ida_star", &|| ida_star_with(problem, &options)),
        run("ida_star_cr", &|| ida_star_cr_with(problem, &options)),
        run("budgeted_tree_search", &|| {
            budgeted_tree_search_with(problem, &options)
        }),
        run("rbfs", &|| rbfs_with(problem, &options)),
        run("branch_and_bound", &|| {
            branch_and_bound_with(problem, None, &options)
        }),
        #[cfg(feature = "parallel")]
        run("parallel_ida_star", &|| {
            parallel_ida_star_with(problem, &options)
        }),
    ];
    calls.store(0, Ordering::Relaxed);
    let all = optimal_solutions_with(problem, 1, &options);
    runs.push(Run {
        engine: "optimal_solutions",
        calls: calls.load(Ordering::Relaxed),
        expanded: all.stats.expanded,
        solved: all.solution().is_some_and(|all| all.count == 1),
    });
    runs
}

/// Two successors of one node whose 32-bit hashes collide at one cost are one move to the
/// engines; the path of nodes still ends at the goal the search reached, never at the other.
#[test]
fn a_hash_collision_between_siblings_never_gives_a_wrong_path() {
    const LEAVES: u32 = 300_000;
    let leaves = |&n: &u32| -> Vec<(u32, u32)> {
        if n == 0 {
            (1..=LEAVES).map(|leaf| (leaf, 1)).collect()
        } else {
            Vec::new()
        }
    };
    // Find two leaves that the moves of the root take for one another.
    let probe = FnProblem::new(0u32, leaves, |_: &u32| 0, |_: &u32| false);
    let mut moves = MoveBuffer::new();
    probe.moves(&probe.start(), &mut moves);
    let mut first_of = std::collections::HashMap::new();
    let (first, second) = (1..=LEAVES)
        .zip(moves.iter())
        .find_map(|(leaf, &(mv, _))| first_of.insert(mv, leaf).map(|earlier| (earlier, leaf)))
        .expect("300,000 leaves have colliding 32-bit hashes");
    for goal in [first, second] {
        let star = FnProblem::new(0u32, leaves, |_: &u32| 0, move |&n: &u32| n == goal);
        let solution = a_star_with(&star, &SearchOptions::new().check_path(false))
            .into_solution()
            .unwrap();
        assert_eq!(
            star.path(&solution),
            [0, goal],
            "{first} and {second} collide"
        );
    }
}
