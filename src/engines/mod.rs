//! The search engines, one per file, in a folder per family: best-first (A\* and what grows
//! from it), depth-first (IDA\* and what shares its deepening or its stack), bidirectional,
//! incremental and real-time; beside them, the machinery several families share (the table of
//! states, the open list, the state hasher). Each engine is a plain function taking
//! `&problem`, with a `_with` variant that takes [`SearchOptions`](crate::SearchOptions), all
//! re-exported at the crate's root (the crate's page compares them).
//!

mod best_first;
mod bidirectional;
mod depth_first;
mod incremental;
mod node_table;
mod open_list;
mod real_time;
mod state_hash;

pub use best_first::a_star::{a_star, a_star_packed, a_star_packed_with, a_star_with};
pub use best_first::a_star_steps::{AStarStep, AStarSteps};
pub use best_first::anytime_a_star::{AnytimeAStar, Improvement};
pub use best_first::bfs::{DistanceTable, bfs, bfs_with, distance_table};
pub use best_first::dijkstra::{Reached, dijkstra, dijkstra_all, dijkstra_all_with, dijkstra_with};
pub use best_first::dynamic_potential::{dynamic_potential_search, dynamic_potential_search_with};
pub use best_first::explicit_estimation::{
    explicit_estimation_search, explicit_estimation_search_with,
};
pub use best_first::focal_search::{focal_search, focal_search_with};
pub use best_first::partial_expansion::{partial_expansion_a_star, partial_expansion_a_star_with};
pub use best_first::weighted_a_star::{
    greedy_best_first, greedy_best_first_with, weighted_a_star, weighted_a_star_with,
};
pub use bidirectional::bidirectional_a_star::{bidirectional_a_star, bidirectional_a_star_with};
pub use bidirectional::bidirectional_bfs::{bidirectional_bfs, bidirectional_bfs_with};
pub use bidirectional::meet_in_the_middle::{meet_in_the_middle, meet_in_the_middle_with};
pub use depth_first::branch_and_bound::{branch_and_bound, branch_and_bound_with};
pub use depth_first::budgeted_tree_search::{budgeted_tree_search, budgeted_tree_search_with};
pub use depth_first::ida_star::{ida_star, ida_star_with};
pub use depth_first::ida_star_cr::{ida_star_cr, ida_star_cr_with};
pub use depth_first::optimal_solutions::{
    OptimalSolutions, optimal_solutions, optimal_solutions_with,
};
#[cfg(feature = "parallel")]
pub use depth_first::parallel_ida_star::{parallel_ida_star, parallel_ida_star_with};
pub use depth_first::rbfs::{rbfs, rbfs_with};
pub use incremental::d_star_lite::DStarLite;
pub use incremental::lpa_star::LpaStar;
pub use real_time::lrta_star::{LearnedHeuristic, lrta_star, lrta_star_with};
pub(crate) use state_hash::StateHasher;

/// What an engine that searches from one state (the depth-first engines, and the agents of
/// LRTA\* and D\* Lite) answers, at once, for a problem whose
/// [`starts`](crate::SearchProblem::starts) are not its one start: no solution for none,
/// [`ProblemError::SeveralStarts`](crate::ProblemError::SeveralStarts) for several.
/// `None` for one: search from it.
fn not_one_start<P: crate::SearchProblem>(problem: &P) -> Option<crate::OutcomeOf<P>> {
    match problem.starts().len() {
        1 => None,
        0 => Some(crate::Outcome::NoSolution),
        count => Some(crate::Outcome::invalid(
            crate::ProblemError::SeveralStarts { count },
        )),
    }
}

/// [`not_one_start`]'s answer as a whole result, with no statistics: what such an engine
/// returns at once for a problem whose starts are not one.
fn refused_starts<P: crate::SearchProblem>(problem: &P) -> Option<crate::ResultOf<P>> {
    not_one_start(problem).map(|outcome| crate::ResultOf::<P> {
        outcome,
        stats: crate::Stats::default(),
    })
}
