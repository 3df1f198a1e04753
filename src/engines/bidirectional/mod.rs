//! The bidirectional engines: bidirectional BFS, and the front-to-end best-first search
//! (`front_to_end.rs`) that BAE\* and MM share; `two_sides.rs` holds a state's neighbours in
//! either direction.

pub(super) mod bidirectional_a_star;
pub(super) mod bidirectional_bfs;
mod front_to_end;
pub(super) mod meet_in_the_middle;
mod two_sides;
