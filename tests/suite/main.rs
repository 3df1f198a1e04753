//! The integration tests, one binary (one link, one cold build) with a module per engine,
//! puzzle and property.

mod a_star;
mod a_star_steps;
mod anytime_a_star;
mod bfs;
mod bidirectional;
mod branch_and_bound;
mod check_path;
mod closures;
mod common;
mod corridor;
mod examples;
mod focal_search;
mod grid;
mod hanoi;
mod heuristics;
mod ida_star;
mod ida_star_cr;
mod limits;
mod lrta_star;
mod num_cost;
mod numbered_states;
mod optimal_solutions;
mod own_problems;
mod pancake;
mod parallel_ida_star;
mod pattern_database;
mod piece_database;
mod properties;
mod rbfs;
mod readme;
mod reliability;
mod rotation_game;
mod rubiks_cube;
mod sliding_tile;
mod topspin;
