use crate::common::{EightPuzzle, Graph, Line, NodeGraph, korf_instances, optimal_or_none};
use informed::heuristics::{IncrementalHeuristic, LinearConflict, MisplacedTiles};
use informed::puzzles::{SlidingPuzzle, sliding_tile};
use informed::{
    ListedChildren, MoveBuffer, Outcome, SearchOptions, SearchProblem, StopReason, ida_star,
    ida_star_with, optimal_solutions_with,
};
use quickcheck::quickcheck;

/// The sliding puzzle's own `visit_children` against the default one, on an 8-puzzle start.
fn fast_path_agrees<H: IncrementalHeuristic<9>>(start: &EightPuzzle) -> bool {
    let goal = sliding_tile::blank_last::<9>();
    let puzzle = SlidingPuzzle::<9, H>::new(3, 3, &start.0, &goal).unwrap();
    let (fast, listed) = (ida_star(&puzzle), ida_star(&ListedChildren(&puzzle)));
    // The same answer and the same work: moves, thresholds, expanded and generated counts.
    fast.outcome == listed.outcome && fast.stats == listed.stats
}

/// The same on a `width × height` board (goal: blank last) whose start is a walk from the
/// goal, each step choosing among the open slides by the next of `steps`.
fn fast_path_agrees_on<const N: usize>(width: usize, height: usize, steps: &[usize]) -> bool {
    let goal = sliding_tile::blank_last::<N>();
    let walker = SlidingPuzzle::<N>::new(width, height, &goal, &goal).unwrap();
    let mut board = walker.start();
    for step in steps.iter().take(40) {
        let mut moves = MoveBuffer::new();
        walker.moves(&board, &mut moves);
        walker.apply(&mut board, moves[step % moves.len()].0);
    }
    let puzzle = SlidingPuzzle::<N>::new(width, height, board.tiles(), &goal).unwrap();
    let (fast, listed) = (ida_star(&puzzle), ida_star(&ListedChildren(&puzzle)));
    fast.outcome == listed.outcome && fast.stats == listed.stats
}

/// Whether IDA* and the count of optimal solutions (on the explicit stack) search `problem`
/// alike.
fn same_as_explicit<P: SearchProblem<Cost = u32>>(problem: &P, options: &SearchOptions) -> bool
where
    P::Move: core::fmt::Debug,
{
    let by_recursion = ida_star_with(problem, options);
    let by_stack = optimal_solutions_with(problem, 1, options);
    let same_thresholds = by_recursion.stats.thresholds == by_stack.stats.thresholds;
    match (&by_recursion.outcome, &by_stack.outcome) {
        (Outcome::Solved(one), Outcome::Solved(all)) => {
            same_thresholds && one.cost == all.cost && all.solutions[0] == one.moves
        }
        (Outcome::NoSolution, Outcome::NoSolution) => {
            same_thresholds && by_recursion.stats == by_stack.stats
        }
        _ => false,
    }
}

/// A graph that predicts each child's heuristic ([`SearchProblem::heuristic_after`]).
struct Predicting(NodeGraph);

impl SearchProblem for Predicting {
    type State = usize;
    type Move = (usize, usize);
    type Cost = u32;
    fn start(&self) -> usize {
        0
    }
    fn is_goal(&self, node: &usize) -> bool {
        self.0.is_goal(node)
    }
    fn heuristic(&self, node: &usize) -> u32 {
        self.0.heuristic(node)
    }
    fn heuristic_after(&self, _: &usize, (from, edge): (usize, usize)) -> Option<u32> {
        Some(self.heuristic(&self.0.0.edges[from][edge].0))
    }
    fn moves(&self, node: &usize, moves: &mut MoveBuffer<(usize, usize), u32>) {
        self.0.moves(node, moves);
    }
    fn apply(&self, node: &mut usize, mv: (usize, usize)) {
        self.0.apply(node, mv);
    }
}

quickcheck! {
    /// On random weighted graphs IDA* finds the cost Dijkstra finds, or proves there is none.
    fn optimal_on_random_graphs(graph: Graph) -> bool {
        let result = ida_star(&graph);
        optimal_or_none(&graph, &graph, &result, false)
            && result
                .solution()
                .is_none_or(|s| result.stats.thresholds.last() == Some(&s.cost))
    }

    /// With cycle detection IDA* ends even where the heuristic cannot see a dead end.
    fn cycle_detection_ends_every_search(graph: Graph) -> bool {
        let problem = NodeGraph(graph.clone());
        let result = ida_star_with(&problem, &SearchOptions::new().detect_cycles(true));
        optimal_or_none(&graph, &problem, &result, true)
    }

    /// The sliding puzzle's tight child loop visits what the listed moves would, in the same
    /// order, with every heuristic: same moves, thresholds and node counts.
    fn sliding_fast_path_matches_the_default(start: EightPuzzle) -> bool {
        fast_path_agrees::<informed::heuristics::Manhattan<9>>(&start)
            && fast_path_agrees::<LinearConflict<9>>(&start)
            && fast_path_agrees::<MisplacedTiles<9>>(&start)
    }

    /// And on boards that are not square, where a row is not as long as a column, and on a
    /// one-row strip, where the blank never moves up or down.
    fn sliding_fast_path_matches_the_default_on_other_shapes(steps: Vec<usize>) -> bool {
        fast_path_agrees_on::<8>(2, 4, &steps)
            && fast_path_agrees_on::<8>(4, 2, &steps)
            && fast_path_agrees_on::<6>(3, 2, &steps)
            && fast_path_agrees_on::<6>(6, 1, &steps)
            && fast_path_agrees_on::<12>(4, 3, &steps)
            && fast_path_agrees_on::<12>(3, 4, &steps)
    }

    /// With cycle detection, IDA*'s recursion searches as the explicit stack does (which
    /// counts the optimal solutions): the same thresholds and first solution, and where no
    /// goal is reachable the same node counts; whether the problem predicts its children's
    /// heuristics or not.
    fn cycle_detection_by_recursion_searches_as_the_explicit_stack(graph: Graph) -> bool {
        let options = SearchOptions::new().detect_cycles(true).check_path(false);
        let plain = NodeGraph(graph);
        let predicting = Predicting(plain.clone());
        same_as_explicit(&plain, &options) && same_as_explicit(&predicting, &options)
    }

    /// Thresholds rise strictly from one iteration to the next.
    fn thresholds_increase(graph: Graph) -> bool {
        let thresholds = ida_star(&graph).stats.thresholds;
        thresholds.windows(2).all(|pair| pair[0] < pair[1])
    }
}

#[test]
fn gives_the_states_along_the_path() {
    let graph = Graph::new(vec![vec![(1, 2), (2, 1)], vec![], vec![(1, 1)]], 1, 1);
    let solution = ida_star(&graph).into_solution().unwrap();
    assert_eq!(solution.cost, 2);
    assert_eq!(solution.moves, [0]); // the direct edge comes first among equal costs
    assert_eq!(solution.states(&graph), [vec![0], vec![0, 1]]);
}

#[test]
fn counts_generated_and_expanded_nodes() {
    // 0 -> 3, a dead end tried first; 0 -> 1 -> 2, the goal.
    let graph = Graph::new(
        vec![vec![(3, 1), (1, 1)], vec![(2, 1)], vec![], vec![]],
        2,
        1,
    );
    let result = ida_star(&graph);
    assert_eq!(result.solution().map(|s| s.cost), Some(2));
    // The root is expanded and generates 3 (pruned: its heuristic is infinite) and 1; node 1
    // is expanded and generates the goal.
    assert_eq!(result.stats.expanded, 2);
    assert_eq!(result.stats.generated, 3);
    assert_eq!(result.stats.thresholds, [2]);
}

#[test]
fn sliding_fast_path_matches_the_default_on_korf_instances() {
    let text = include_str!("../data/korf_easy.txt");
    let goal: [u8; 16] = core::array::from_fn(|i| i as u8);
    for (id, length, tiles) in korf_instances(text).into_iter().take(2) {
        let puzzle = SlidingPuzzle::<16>::new(4, 4, &tiles, &goal).unwrap();
        let fast = ida_star(&puzzle);
        let listed = ida_star(&ListedChildren(&puzzle));
        assert_eq!(fast.solution().map(|s| s.cost), Some(length), "#{id}");
        assert_eq!(fast.outcome, listed.outcome, "#{id}");
        assert_eq!(fast.stats, listed.stats, "#{id}");
    }
}

#[test]
fn searches_below_the_recursion_limit_iteration_after_iteration() {
    // No heuristic: IDA* needs 1001 iterations, and every iteration past a few hundred goes
    // deeper than the engine recurses.
    let line = Line::unguided(1000);
    let result = ida_star(&line);
    let thresholds: Vec<u32> = (0..=1000).collect();
    assert_eq!(result.stats.thresholds, thresholds);
    // Iteration t expands the t nodes of the line before the bound and generates one more.
    let expected: u64 = (1..=1000).sum::<u64>() + 1000;
    assert_eq!(result.stats.generated, expected);
    let solution = result.into_solution().unwrap();
    assert_eq!(solution.cost, 1000);
    assert!(solution.moves.iter().all(|&forward| forward));
}

#[test]
fn a_limit_stops_the_search_below_the_recursion_limit() {
    let line = Line::unguided(1000);
    // The last iteration alone generates 1000 nodes: stop 900 deep into it.
    let before_last: u64 = (1..=999).sum::<u64>() + 999;
    let options = SearchOptions::new().max_nodes(before_last + 900);
    let result = ida_star_with(&line, &options);
    assert_eq!(
        result.outcome,
        Outcome::Stopped {
            reason: StopReason::NodeLimit,
            completed_threshold: Some(999),
            so_far: None,
        }
    );
    assert!(result.stats.generated <= before_last + 900);
    assert!(result.stats.generated > before_last + 400);
}

/// A line of `n` states, a step forward costing 1 and one back nothing, from 0 to the last:
/// the zero-cost cycles leave only cycle detection to end an iteration.
struct ZeroBack(u32);

impl SearchProblem for ZeroBack {
    type State = u32;
    type Move = bool;
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, &at: &u32) -> bool {
        at == self.0 - 1
    }
    fn moves(&self, &at: &u32, moves: &mut MoveBuffer<bool, u32>) {
        if at + 1 < self.0 {
            moves.push((true, 1));
        }
        if at > 0 {
            moves.push((false, 0));
        }
    }
    fn apply(&self, at: &mut u32, forward: bool) {
        *at = if forward { *at + 1 } else { *at - 1 };
    }
}

/// Past the recursion's depth, the path goes with the search onto the explicit stack: 1,000
/// states deep, the thresholds and the solution of the explicit stack throughout.
#[test]
fn cycle_detection_by_recursion_hands_its_path_down() {
    let line = ZeroBack(1_000);
    let options = SearchOptions::new().detect_cycles(true).check_path(false);
    assert!(same_as_explicit(&line, &options));
    let result = ida_star_with(&line, &options);
    assert_eq!(result.stats.thresholds.len(), 1_000);
    assert_eq!(result.solution().map(|s| s.cost), Some(999));
}

#[test]
fn a_deep_search_fits_a_small_thread_stack() {
    // 400 levels of recursion at most, then the explicit stack: a 2,000-move line needs no
    // more than a small stack.
    let searcher = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| ida_star(&Line::unguided(2000)).solution().map(|s| s.cost))
        .unwrap();
    assert_eq!(searcher.join().unwrap(), Some(2000));
}
