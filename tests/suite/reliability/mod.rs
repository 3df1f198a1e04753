//! Adversarial use of the public API: limits that must hold under every engine, costs at the
//! type's limits, adapters driven deep, bad sizes. One test per defect found that way; each
//! failed before its fix. The limits (nodes, time, cancellation, stores) in `limits.rs`; costs
//! at their type's limits and bad costs in `costs.rs`; bad sizes and inputs, adapters driven
//! deep, unsolvable problems and several starts in `inputs.rs`.

mod agreement;
mod costs;
mod inputs;
mod limits;

use std::time::{Duration, Instant};

use informed::closures::FnProblem;
use informed::heuristics::pattern_database::{PartitionError, PatternDatabase, PdbError};
use informed::heuristics::{HeuristicError, LinearConflict};
use informed::puzzles::{PuzzleError, SlidingPuzzle};
use informed::{
    CancelToken, MoveBuffer, Outcome, ProblemError, ResultOf, SearchOptions, SearchProblem,
    StopReason, a_star_with, bfs_with, ida_star_with, rbfs_with,
};

pub(super) type Engine<P> = fn(&P, &SearchOptions) -> ResultOf<P>;

/// Every engine, by name, for a problem that parallel IDA* can take too.
pub(super) fn engines<P>() -> Vec<(&'static str, Engine<P>)>
where
    P: SearchProblem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
    P::Cost: Send + Sync,
{
    #[cfg_attr(not(feature = "parallel"), allow(unused_mut))]
    let mut engines: Vec<(&'static str, Engine<P>)> = vec![
        ("ida_star", ida_star_with),
        ("a_star", a_star_with),
        ("bfs", bfs_with),
        ("rbfs", rbfs_with),
        ("ida_star_cr", informed::ida_star_cr_with),
        ("budgeted_tree_search", informed::budgeted_tree_search_with),
        ("branch_and_bound", |p, o| {
            informed::branch_and_bound_with(p, None, o)
        }),
        ("a_star_steps", |p, o| {
            informed::AStarSteps::new(p, o).into_result()
        }),
        ("dijkstra", informed::dijkstra_with),
        (
            "partial_expansion_a_star",
            informed::partial_expansion_a_star_with,
        ),
        // From a weight of 2 down to the optimum.
        ("anytime_a_star", |p, o| {
            informed::AnytimeAStar::new(p, 2.0, o).into_result()
        }),
    ];
    #[cfg(feature = "parallel")]
    engines.push(("parallel_ida_star", informed::parallel_ida_star_with));
    engines
}
