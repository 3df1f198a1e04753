//! Small random problems: sliding-tile boards of 2 x 2 to 3 x 3 with any goal, and weighted
//! graphs. All engines agree on the optimal cost, and every answer replays to a goal; on the
//! boards, IDA* through the puzzle's own `visit_children` does exactly what it does through
//! the default one (same moves, same counts), A* on packed boards and A* one step at a time
//! what A* does, and IDA*_CR, bidirectional A*, branch and bound and the enumeration of
//! optimal solutions find the same cost.
#![no_main]

use informed::permutation;
use informed::puzzles::sliding_tile::Board;
use informed::puzzles::{Slide, SlidingPuzzle};
use informed::{
    a_star, a_star_packed, bfs, ida_star, rbfs, replay, ListedChildren, PackedStates, SearchProblem,
};
use libfuzzer_sys::fuzz_target;

#[path = "common/graph.rs"]
mod graph;

use graph::Graph;

fn sliding<const N: usize>(width: usize, height: usize, data: &[u8])
where
    SlidingPuzzle<N>: PackedStates<State = Board<N>, Move = Slide, Cost = u32>,
{
    let count = permutation::factorial(N).unwrap();
    let number = |bytes: &[u8]| {
        bytes
            .iter()
            .fold(0u64, |n, &b| n.wrapping_mul(256).wrapping_add(u64::from(b)))
            % count
    };
    let (a, b) = data.split_at(data.len() / 2);
    let start = permutation::unrank(number(a), N).unwrap();
    let goal = permutation::unrank(number(b), N).unwrap();
    let Ok(puzzle) = SlidingPuzzle::<N>::new(width, height, &start, &goal) else {
        return;
    };
    let optimal = bfs(&puzzle)
        .into_solution()
        .expect("solvable by parity")
        .cost;
    let (fast, listed) = (ida_star(&puzzle), ida_star(&ListedChildren(&puzzle)));
    assert_eq!(fast.outcome, listed.outcome);
    assert_eq!(fast.stats, listed.stats);
    let (packed, plain) = (a_star_packed(&puzzle), a_star(&puzzle));
    assert_eq!(packed.outcome, plain.outcome);
    assert_eq!(packed.stats, plain.stats);
    let by_steps =
        informed::AStarSteps::new(&puzzle, &informed::SearchOptions::new()).into_result();
    assert_eq!(by_steps.stats, packed.stats);
    if N <= 6 {
        // (On 3 x 3 boards optimal solutions can number in the millions.)
        let all = informed::optimal_solutions(&puzzle, 1).into_solution();
        assert_eq!(all.as_ref().map(|all| all.cost), Some(optimal));
        assert!(all.is_some_and(|all| all.count >= 1));
    }
    for result in [
        fast,
        plain,
        rbfs(&puzzle),
        by_steps,
        informed::ida_star_cr(&puzzle),
        informed::budgeted_tree_search(&puzzle),
        informed::bidirectional_a_star(&puzzle),
        informed::meet_in_the_middle(&puzzle),
    ] {
        let solution = result.into_solution().expect("solvable");
        assert_eq!(solution.cost, optimal);
        let (end, cost) = replay(&puzzle, &solution.moves).expect("legal moves");
        assert!(puzzle.is_goal(&end));
        assert_eq!(cost, optimal);
    }
}

fn graph(data: &[u8]) {
    let nodes = 2 + usize::from(data[0] % 10);
    let graph = Graph::read(nodes, &data[1..], 1, None);
    let options = informed::SearchOptions::new().detect_cycles(true);
    let by_a_star = a_star(&graph).into_solution().map(|s| s.cost);
    let by_ida = informed::ida_star_with(&graph, &options)
        .into_solution()
        .map(|s| s.cost);
    let by_rbfs = informed::rbfs_with(&graph, &options)
        .into_solution()
        .map(|s| s.cost);
    assert_eq!(by_a_star, by_ida);
    assert_eq!(by_a_star, by_rbfs);
    let by_cr = informed::ida_star_cr_with(&graph, &options)
        .into_solution()
        .map(|s| s.cost);
    let by_bnb = informed::branch_and_bound_with(&graph, None, &options)
        .into_solution()
        .map(|s| s.cost);
    let all = informed::optimal_solutions_with(&graph, 1, &options)
        .into_solution()
        .map(|all| all.cost);
    let by_bts = informed::budgeted_tree_search_with(&graph, &options)
        .into_solution()
        .map(|s| s.cost);
    assert_eq!(by_a_star, by_cr);
    assert_eq!(by_a_star, by_bts);
    assert_eq!(by_a_star, by_bnb);
    assert_eq!(by_a_star, all);
    assert_eq!(by_a_star.is_some(), bfs(&graph).is_solved());
}

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else {
        return;
    };
    if rest.is_empty() {
        return;
    }
    match kind % 5 {
        0 => sliding::<4>(2, 2, rest),
        1 => sliding::<6>(2, 3, rest),
        2 => sliding::<6>(3, 2, rest),
        3 => sliding::<9>(3, 3, rest),
        _ => graph(rest),
    }
});
