//! The steppable A*: the same search as `a_star`, looked into between steps.

use crate::common::{Graph, NodeGraph};
use informed::puzzles::SlidingPuzzle;
use informed::{AStarStep, AStarSteps, SearchOptions, StopReason, a_star_with};
use quickcheck::quickcheck;

quickcheck! {
    /// Stepped to the end, the same outcome and counts as `a_star`; between steps the closed
    /// set is what was expanded (less what was reopened since), and open and closed never
    /// share a state.
    fn the_same_search_as_a_star(graph: Graph) -> bool {
        let problem = NodeGraph(graph);
        let options = SearchOptions::new();
        let mut steps = AStarSteps::new(&problem, &options);
        let mut expanded = Vec::new();
        while let AStarStep::Expanded { state, .. } = steps.step() {
            expanded.push(*state);
            let state = *state;
            let closed: Vec<usize> = steps.closed().map(|(&s, _)| s).collect();
            assert!(closed.len() as u64 <= steps.stats().expanded);
            assert!(closed.contains(&state));
            assert!(steps.open().all(|(s, _)| !closed.contains(s)));
        }
        assert_eq!(steps.step(), AStarStep::Done);
        assert!(steps.outcome().is_some());
        let result = steps.into_result();
        result == a_star_with(&problem, &options)
            && expanded.len() as u64 == result.stats.expanded
    }
}

#[test]
fn limits_end_the_steps() {
    let puzzle = SlidingPuzzle::<9>::parse(3, 3, "867254301", "123456780").unwrap();
    let options = SearchOptions::new().max_nodes(100);
    let mut steps = AStarSteps::new(&puzzle, &options);
    let mut count = 0;
    while let AStarStep::Expanded { g, .. } = steps.step() {
        assert!(g <= 31);
        count += 1;
    }
    assert!(count > 0);
    let result = steps.into_result();
    assert_eq!(result.stopped(), Some(StopReason::NodeLimit));
    // No state is queued when the store is full from the start.
    let none = SearchOptions::new().max_stored(0);
    let mut steps = AStarSteps::new(&puzzle, &none);
    assert_eq!(steps.step(), AStarStep::Done);
    assert_eq!(steps.into_result().stopped(), Some(StopReason::MemoryLimit));
}
