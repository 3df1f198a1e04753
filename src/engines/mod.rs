//! The search engines, one per file. Each is a plain function taking `&problem`, with a
//! `_with` variant that takes [`SearchOptions`](crate::SearchOptions), all re-exported at
//! the crate's root (the crate's page compares them).
//!

mod a_star;
mod a_star_steps;
mod anytime_a_star;
mod best_first;
mod bfs;
mod bidirectional_a_star;
mod bidirectional_bfs;
mod branch_and_bound;
mod budgeted_tree_search;
mod d_star_lite;
mod depth_first;
mod dijkstra;
mod dynamic_potential;
mod explicit_estimation;
mod focal_search;
mod front_to_end;
mod ida_star;
mod ida_star_cr;
mod incremental;
mod keyed;
mod lpa_star;
mod lrta_star;
mod meet_in_the_middle;
mod node_table;
mod on_path;
mod open_list;
mod optimal_solutions;
#[cfg(feature = "parallel")]
mod parallel_ida_star;
mod partial_expansion;
mod rbfs;
mod state_hash;
mod sweep;
mod two_sides;
mod weighted_a_star;

pub use a_star::{a_star, a_star_packed, a_star_packed_with, a_star_with};
pub use a_star_steps::{AStarStep, AStarSteps};
pub use anytime_a_star::{AnytimeAStar, Improvement};
pub use bfs::{DistanceTable, bfs, bfs_with, distance_table};
pub use bidirectional_a_star::{bidirectional_a_star, bidirectional_a_star_with};
pub use bidirectional_bfs::{bidirectional_bfs, bidirectional_bfs_with};
pub use branch_and_bound::{branch_and_bound, branch_and_bound_with};
pub use budgeted_tree_search::{budgeted_tree_search, budgeted_tree_search_with};
pub use d_star_lite::DStarLite;
pub use dijkstra::{Reached, dijkstra, dijkstra_all, dijkstra_all_with, dijkstra_with};
pub use dynamic_potential::{dynamic_potential_search, dynamic_potential_search_with};
pub use explicit_estimation::{explicit_estimation_search, explicit_estimation_search_with};
pub use focal_search::{focal_search, focal_search_with};
pub use ida_star::{ida_star, ida_star_with};
pub use ida_star_cr::{ida_star_cr, ida_star_cr_with};
pub use lpa_star::LpaStar;
pub use lrta_star::{LearnedHeuristic, lrta_star, lrta_star_with};
pub use meet_in_the_middle::{meet_in_the_middle, meet_in_the_middle_with};
pub use optimal_solutions::{OptimalSolutions, optimal_solutions, optimal_solutions_with};
#[cfg(feature = "parallel")]
pub use parallel_ida_star::{parallel_ida_star, parallel_ida_star_with};
pub use partial_expansion::{partial_expansion_a_star, partial_expansion_a_star_with};
pub use rbfs::{rbfs, rbfs_with};
pub(crate) use state_hash::StateHasher;
pub use weighted_a_star::{
    greedy_best_first, greedy_best_first_with, weighted_a_star, weighted_a_star_with,
};

/// What a depth-first engine answers, at once, for a problem whose
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

/// [`not_one_start`]'s answer as a whole result, with no statistics: what a depth-first
/// engine returns at once for a problem whose starts are not one.
fn refused_starts<P: crate::SearchProblem>(problem: &P) -> Option<crate::ResultOf<P>> {
    not_one_start(problem).map(|outcome| crate::ResultOf::<P> {
        outcome,
        stats: crate::Stats::default(),
    })
}
