use informed::puzzles::SlidingPuzzle;
use informed::{
    AnytimeAStar, Improvement, Outcome, SearchOptions, SearchProblem, StopReason, a_star, dijkstra,
    replay,
};
use quickcheck::QuickCheck;

use crate::common::{Graph, NodeGraph};

/// On random weighted graphs (a consistent heuristic), every improvement is a path to the
/// goal whose cost is within its bound of the optimum (Dijkstra's), each is cheaper than the
/// last or bound tighter, the bounds stay within the first weight, and the search ends with
/// the optimum proven, or with no solution where there is none.
#[test]
fn every_improvement_keeps_its_bound_and_the_last_is_optimal() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck hands the graph over
    fn holds(graph: Graph, weight: u8) -> bool {
        let problem = NodeGraph(graph);
        let weight = 1.0 + f64::from(weight % 40) / 4.0;
        let optimal = dijkstra(&problem).solution().map(|s| s.cost);
        let options = SearchOptions::new();
        let mut search = AnytimeAStar::new(&problem, weight, &options);
        let mut last: Option<(u32, f64)> = None;
        for Improvement { solution, bound } in search.by_ref() {
            let Some(optimal) = optimal else {
                return false;
            };
            let Ok((end, cost)) = replay(&problem, &solution.moves) else {
                return false;
            };
            let within = f64::from(cost) <= bound * f64::from(optimal) + 1e-9;
            let better = last.is_none_or(|(c, b)| cost < c || (cost == c && bound < b));
            if !problem.is_goal(&end) || cost != solution.cost || !within || !better {
                return false;
            }
            if !(1.0..=weight).contains(&bound) {
                return false;
            }
            last = Some((cost, bound));
        }
        match (search.outcome(), optimal) {
            (Some(Outcome::Solved(solution)), Some(optimal)) => {
                solution.cost == optimal && last == Some((optimal, 1.0))
            }
            (Some(Outcome::NoSolution), None) => last.is_none(),
            _ => false,
        }
    }
    QuickCheck::new()
        .tests(1000)
        .quickcheck(holds as fn(Graph, u8) -> bool);
}

/// The hardest 8-puzzle: the first answer comes after far fewer expansions than A* needs,
/// within the weight of the optimum; the last is the optimum, and the result says so.
#[test]
fn a_first_answer_fast_then_the_optimum() {
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let optimal = a_star(&puzzle);
    let options = SearchOptions::new();
    let mut search = AnytimeAStar::new(&puzzle, 5.0, &options);
    let first = search.next().expect("a first answer");
    assert!(f64::from(first.solution.cost) <= 5.0 * 31.0);
    assert!(search.stats().expanded * 10 < optimal.stats.expanded);
    let result = search.into_result();
    assert_eq!(result.solution().map(|s| s.cost), Some(31));
}

/// A limit stops the search with the best answer so far kept; a start that is a goal is one
/// improvement of bound 1; a weight below 1 or not a number is A*'s.
#[test]
fn limits_keep_the_best_answer_so_far() {
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let options = SearchOptions::new();
    let mut search = AnytimeAStar::new(&puzzle, 5.0, &options);
    let first = search.next().expect("a first answer");
    let expanded = search.stats().expanded;
    let limited = SearchOptions::new().max_nodes(expanded * 8 + 100);
    let mut search = AnytimeAStar::new(&puzzle, 5.0, &limited);
    let answers: Vec<_> = search.by_ref().collect();
    assert_eq!(answers.first(), Some(&first));
    match search.outcome() {
        Some(Outcome::Stopped {
            reason: StopReason::NodeLimit,
            so_far: Some(so_far),
            ..
        }) => assert_eq!(Some(so_far), answers.last().map(|a| &a.solution)),
        other => panic!("{other:?}"),
    }
    let solved = SlidingPuzzle::<9>::parse(3, 3, "123456780", "123456780").unwrap();
    let answers: Vec<_> = AnytimeAStar::new(&solved, 2.0, &options).collect();
    assert_eq!(answers.len(), 1);
    assert_eq!((answers[0].solution.cost, answers[0].bound), (0, 1.0));
    for weight in [0.5, f64::NAN] {
        let mut search = AnytimeAStar::new(&puzzle, weight, &options);
        let only = search.next().expect("the optimum");
        assert_eq!((only.solution.cost, only.bound), (31, 1.0));
        assert!(search.next().is_none());
    }
}
