//! The integration tests, one binary (one link, one cold build) with a module per engine,
//! puzzle and property.

mod a_star;
mod bfs;
mod check_path;
mod closures;
mod common;
mod corridor;
mod examples;
mod heuristics;
mod ida_star;
mod limits;
mod own_problems;
mod parallel_ida_star;
mod pattern_database;
mod properties;
mod rbfs;
mod reliability;
mod rotation_game;
mod sliding_tile;
