//! # informed
//!
//! Heuristic search for Rust: describe a problem once by implementing [`SearchProblem`], then
//! solve it with any engine, each a plain call such as [`ida_star()`] returning the moves,
//! their cost and the statistics of the search. `use informed::prelude::*;` brings in the
//! trait, the engines and the common types.
//!
//! ```
//! use informed::prelude::*;
//!
//! let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765")?;
//! let result = ida_star(&puzzle);
//! let solution = result.solution().expect("the puzzle is solvable");
//! assert_eq!(solution.cost, 4);
//! println!("{} moves, {} nodes generated", solution.len(), result.stats.generated);
//! # Ok::<(), informed::puzzles::PuzzleError>(())
//! ```
//!
//! ## A guided tour
//!
//! **Describe the problem.** Implement [`SearchProblem`]: the start state, the goal test, the
//! moves of a state with their costs (in the order to try them), applying a move in place,
//! and, for speed, an admissible heuristic and the inverse of each move. The trait's page
//! shows a complete problem in a few dozen lines. Code written for the `pathfinding` crate's
//! closures ports with [`closures::FnProblem`].
//!
//! **Pick an engine.** IDA\* ([`ida_star()`], [`ida_star_cr()`], [`budgeted_tree_search()`],
//! `parallel_ida_star` with the `parallel` feature), best-first search ([`a_star()`], [`dijkstra()`], [`weighted_a_star()`],
//! [`focal_search()`], [`dynamic_potential_search()`], [`explicit_estimation_search()`], [`greedy_best_first()`], [`partial_expansion_a_star()`], [`rbfs()`], the
//! steppable [`AStarSteps`], the anytime [`AnytimeAStar`]), breadth-first search ([`bfs()`],
//! [`distance_table`]), bidirectional search ([`bidirectional_bfs()`],
//! [`bidirectional_a_star()`], [`meet_in_the_middle()`]), [`branch_and_bound()`], [`optimal_solutions()`],
//! incremental replanning as costs change ([`LpaStar`], and [`DStarLite`] for an agent on the
//! move), and the real-time agent [`lrta_star()`]. The
//! [README's engine table](https://github.com/informed-rs/informed#engines) says when to use
//! each; each engine's page states its contract, complexity and reference.
//!
//! **Use a shipped domain.** [`puzzles`] holds sliding-tile puzzles of any size and goal (8,
//! 15, 24), Moving AI grids with jump point search ([`puzzles::grid`]), the pancake puzzle,
//! TopSpin, the four-peg Towers of Hanoi, Rubik's cube and the POJ 2286 rotation game;
//! [`heuristics`] the Manhattan distance, linear conflict, misplaced tiles, their maximum, and
//! pattern databases for any permutation puzzle, cached on disk; [`permutation`] ranks and
//! unranks permutations.
//!
//! **Admissible and consistent.** A heuristic is *admissible* when it never overestimates
//! the cheapest cost from a state to a goal; every engine returns an optimal solution when it
//! is, and [`check_path`] (run automatically in debug builds) catches one that is not along
//! the returned path. It is *consistent* when it drops by no more than a move's cost along
//! any move; A* then expands each state once.
//!
//! **Control the search.** The `_with` variant of each engine takes [`SearchOptions`]: node,
//! memory, time and cost limits, a [`CancelToken`], an observer of [`Progress`] reports,
//! cycle detection, the path check. A stopped search says why in [`Outcome::Stopped`].
//!
//! **Go faster.** IDA* walks the tree through [`SearchProblem::visit_children`], internal
//! iteration over a state's children. Its default, built on `moves`, `apply` and `inverse`, is
//! what most problems need; a problem may override it with a tight loop, as the sliding-tile
//! puzzle and the rotation game do, which brings the generic IDA* to the speed of a
//! hand-written one.
//!
//! **Read the statistics.** [`Stats::generated`] counts the children created and
//! [`Stats::expanded`] the nodes whose children were created, over all iterations, the way
//! the literature counts them; [`Stats::thresholds`] lists IDA*'s iterations and
//! [`Stats::stored`] the states A* and BFS kept.
//!
//! ## Glossary
//!
//! - **AOJ, POJ, HDU, Luogu:** online judges (Aizu Online Judge, Peking University, Hangzhou
//!   Dianzi University, Luogu), whose classic problems the examples answer in their exact
//!   formats: AOJ ALDS1_13_C (the 15-puzzle), POJ 1077 / HDU 1043 ("Eight", a path for the
//!   8-puzzle), POJ 2286 (the rotation game), Luogu P1379 (the 8-puzzle's distance).
//! - **Korf's instances:** the 100 random 15-puzzles of Korf's 1985 IDA* paper, the field's
//!   standard benchmark; goal `0 1 … 15`, blank first. The `korf` example reads them.
//! - **Admissible, consistent:** see above; **optimal:** no cheaper solution exists.
//! - **Node generated, expanded:** a node is *generated* when it is created as a child, and
//!   *expanded* when its own children are generated ([`Stats`]).
//! - **Threshold (IDA\*):** the cost bound of one iteration: paths whose cost plus heuristic
//!   exceeds it are cut off; the next iteration's threshold is the least value cut off.
//! - **Frontier:** the states generated but not yet expanded (A\*'s open list, BFS's queue);
//!   parallel IDA\* also calls so the subtrees it shares out among its threads.
//! - **Backed-up value (RBFS):** the least `f = cost + heuristic` found below a node when
//!   RBFS last left its subtree, stored in place of the node's own `f`, so that the search
//!   knows when to come back to it.
//! - **Pattern database (PDB):** a table of the exact cost of placing a subset of the tiles
//!   (a *pattern*), the others ignored, built by a search backwards from the goal.
//!   **Additive:** the tiles are split into disjoint groups and the groups' costs added,
//!   counting only moves of each group's own tiles, which stays admissible. **5-5-5, 6-6-3,
//!   7-8:** the sizes of the groups a 15-puzzle's tiles are split into; larger groups give a
//!   better heuristic and a larger table (`PARTITION_555` and the others in
//!   [`heuristics::pattern_database`]).
//! - **Reflection:** the 15-puzzle's board mirrored along its main diagonal maps the goal to
//!   itself, so one database also serves the mirrored board; the heuristic is the larger of
//!   the two lookups.
//! - **Lehmer code, Cantor expansion, rank:** a numbering of the permutations of `n` items as
//!   `0..n!`, used to index a table by state ([`permutation`]).
//! - **Linear conflict:** two tiles in their goal row (or column) in the wrong order; one must
//!   leave the line, adding two moves to the Manhattan distance.

#![deny(missing_docs)]

pub mod closures;
mod cost;
mod engines;
pub mod heuristics;
mod limits;
mod options;
pub mod permutation;
mod problem;
pub mod puzzles;
mod solution;

pub use engines::{
    AStarStep, AStarSteps, AnytimeAStar, DStarLite, DistanceTable, Improvement, LearnedHeuristic,
    LpaStar, OptimalSolutions, Reached, a_star, a_star_packed, a_star_packed_with, a_star_with,
    bfs, bfs_with, bidirectional_a_star, bidirectional_a_star_with, bidirectional_bfs,
    bidirectional_bfs_with, branch_and_bound, branch_and_bound_with, budgeted_tree_search,
    budgeted_tree_search_with, dijkstra, dijkstra_all, dijkstra_all_with, dijkstra_with,
    distance_table, dynamic_potential_search, dynamic_potential_search_with,
    explicit_estimation_search, explicit_estimation_search_with, focal_search, focal_search_with,
    greedy_best_first, greedy_best_first_with, ida_star, ida_star_cr, ida_star_cr_with,
    ida_star_with, lrta_star, lrta_star_with, meet_in_the_middle, meet_in_the_middle_with,
    optimal_solutions, optimal_solutions_with, partial_expansion_a_star,
    partial_expansion_a_star_with, rbfs, rbfs_with, weighted_a_star, weighted_a_star_with,
};
/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use cost::{Cost, CostValue, NumCost, NumKey};
#[cfg(feature = "parallel")]
pub use engines::{parallel_ida_star, parallel_ida_star_with};
pub use options::{CancelToken, Progress, ProgressEvent, SearchOptions, StopReason};
pub use problem::Bidirectional;
pub use problem::{
    ChildVisitor, ListedChildren, MoveBuffer, PackedStates, SearchProblem, visit_moves,
};
pub use solution::{
    Outcome, OutcomeOf, PathError, ProblemError, ResultOf, SearchResult, Solution, SolutionOf,
    Stats, check_path, replay, replay_from,
};

/// The trait, the engines and the types most programs use: `use informed::prelude::*;`.
pub mod prelude {
    pub use crate::closures::FnProblem;
    pub use crate::heuristics::TileHeuristic;
    pub use crate::puzzles::{PuzzleError, RotationGame, SlidingPuzzle};
    pub use crate::{
        AStarStep, AStarSteps, AnytimeAStar, Bidirectional, CancelToken, Cost, CostValue,
        DStarLite, DistanceTable, Improvement, LearnedHeuristic, LpaStar, MoveBuffer,
        OptimalSolutions, Outcome, PackedStates, ProblemError, Reached, SearchOptions,
        SearchProblem, SearchResult, Solution, SolutionOf, Stats, StopReason, a_star,
        a_star_packed, a_star_packed_with, a_star_with, bfs, bfs_with, bidirectional_a_star,
        bidirectional_a_star_with, bidirectional_bfs, bidirectional_bfs_with, branch_and_bound,
        branch_and_bound_with, budgeted_tree_search, budgeted_tree_search_with, check_path,
        dijkstra, dijkstra_all, dijkstra_all_with, dijkstra_with, distance_table,
        dynamic_potential_search, dynamic_potential_search_with, explicit_estimation_search,
        explicit_estimation_search_with, focal_search, focal_search_with, greedy_best_first,
        greedy_best_first_with, ida_star, ida_star_cr, ida_star_cr_with, ida_star_with, lrta_star,
        lrta_star_with, meet_in_the_middle, meet_in_the_middle_with, optimal_solutions,
        optimal_solutions_with, partial_expansion_a_star, partial_expansion_a_star_with, rbfs,
        rbfs_with, replay, replay_from, weighted_a_star, weighted_a_star_with,
    };
    #[cfg(feature = "parallel")]
    pub use crate::{parallel_ida_star, parallel_ida_star_with};
}
