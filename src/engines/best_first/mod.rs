//! The best-first engines: one search over a table of states and an open list (`search.rs`)
//! that A\*, Dijkstra's algorithm, weighted A\*, greedy search and stepping A\* share; BFS
//! beside it; and the engines with a queue of their own (`keyed.rs`): anytime A\*, focal
//! search, dynamic potential search, explicit estimation search, partial-expansion A\*.

pub(super) mod a_star;
pub(super) mod a_star_steps;
pub(super) mod anytime_a_star;
pub(super) mod bfs;
pub(super) mod dijkstra;
pub(super) mod dynamic_potential;
pub(super) mod explicit_estimation;
pub(super) mod focal_search;
mod keyed;
pub(super) mod partial_expansion;
pub(super) mod search;
pub(super) mod weighted_a_star;
