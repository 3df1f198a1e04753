//! The search engines, one per file. Each is a plain function taking `&problem`, with a
//! `_with` variant that takes [`SearchOptions`](crate::SearchOptions).
//!
//! | engine | optimal with | memory | returns among equal-cost solutions |
//! |---|---|---|---|
//! | [`ida_star()`] | admissible heuristic | the path | the lexicographically smallest |
//! | [`a_star()`] | admissible heuristic | every state generated | any |
//! | [`a_star_packed()`] | admissible heuristic | every state generated, packed | any |
//! | [`bfs()`] | unit costs (fewest moves) | every state reached | the lexicographically smallest |
//! | [`rbfs()`] | admissible heuristic | the path and its siblings | any |
//! | [`dijkstra()`] | always (ignores the heuristic) | every state generated | any |
//! | [`weighted_a_star()`] | within `w` times the optimum | every state generated | any |
//! | [`greedy_best_first()`] | no promise: fast, any path | every state generated | any |

pub mod a_star;
mod best_first;
pub mod bfs;
pub mod dijkstra;
pub mod ida_star;
mod node_table;
#[cfg(feature = "parallel")]
pub mod parallel_ida_star;
pub mod rbfs;
pub mod weighted_a_star;

pub use a_star::{a_star, a_star_packed, a_star_packed_with, a_star_with};
pub use bfs::{bfs, bfs_with, distance_table, DistanceTable, TableError};
pub use dijkstra::{dijkstra, dijkstra_all, dijkstra_all_with, dijkstra_with, Reached};
pub use ida_star::{ida_star, ida_star_with};
#[cfg(feature = "parallel")]
pub use parallel_ida_star::{parallel_ida_star, parallel_ida_star_with};
pub use rbfs::{rbfs, rbfs_with};
pub use weighted_a_star::{
    greedy_best_first, greedy_best_first_with, weighted_a_star, weighted_a_star_with,
};
