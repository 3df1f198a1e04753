//! Small random problems: sliding-tile boards of 2 x 2 to 3 x 3 with any goal, and weighted
//! graphs. All engines agree on the optimal cost, and every answer replays to a goal.
#![no_main]

use informed::permutation;
use informed::puzzles::SlidingPuzzle;
use informed::{a_star, bfs, ida_star, rbfs, replay, MoveBuffer, SearchProblem};
use libfuzzer_sys::fuzz_target;

fn sliding<const N: usize>(width: usize, height: usize, data: &[u8]) {
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
    for result in [ida_star(&puzzle), a_star(&puzzle), rbfs(&puzzle)] {
        let solution = result.into_solution().expect("solvable");
        assert_eq!(solution.cost, optimal);
        let (end, cost) = replay(&puzzle, &solution.moves).expect("legal moves");
        assert!(puzzle.is_goal(&end));
        assert_eq!(cost, optimal);
    }
}

/// A weighted directed graph read from bytes; the heuristic is zero.
struct Graph {
    edges: Vec<Vec<(usize, u32)>>,
    goal: usize,
}

impl SearchProblem for Graph {
    type State = usize;
    type Move = (usize, usize);
    type Cost = u32;
    fn start(&self) -> usize {
        0
    }
    fn is_goal(&self, node: &usize) -> bool {
        *node == self.goal
    }
    fn moves(&self, node: &usize, moves: &mut MoveBuffer<(usize, usize), u32>) {
        moves.extend(
            self.edges[*node]
                .iter()
                .enumerate()
                .map(|(i, &(_, c))| ((*node, i), c)),
        );
    }
    fn apply(&self, node: &mut usize, (from, edge): (usize, usize)) {
        *node = self.edges[from][edge].0;
    }
    fn undo(&self, node: &mut usize, (from, _): (usize, usize)) {
        *node = from;
    }
}

fn graph(data: &[u8]) {
    let nodes = 2 + usize::from(data[0] % 10);
    let mut edges = vec![Vec::new(); nodes];
    // At most 24 edges: IDA* and RBFS with cycle detection enumerate simple paths.
    for pair in data[1..].chunks_exact(3).take(24) {
        let from = usize::from(pair[0]) % nodes;
        edges[from].push((usize::from(pair[1]) % nodes, 1 + u32::from(pair[2] % 20)));
    }
    let graph = Graph {
        edges,
        goal: nodes - 1,
    };
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
