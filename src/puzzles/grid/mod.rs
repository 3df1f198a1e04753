//! Grid pathfinding: a map of passable and blocked cells read from the Moving AI `.map`
//! format, its scenarios (`.scen`), and the path from one cell to another as a
//! [`SearchProblem`](crate::SearchProblem) ([`GridPath`]), 4- or 8-connected, solved by
//! [`a_star`](crate::a_star), [`dijkstra`](crate::dijkstra) or any other engine, and by jump
//! point search ([`JumpPoints`], Harabor and Grastien 2011) through `a_star`.
//!
//! The rules are the benchmark's (Sturtevant, "Benchmarks for Grid-Based Pathfinding", IEEE
//! TCIAIG 4(2), 2012): a straight step costs `straight`, a diagonal step `diagonal` (1 and √2
//! in the benchmark), and a diagonal step needs both cells beside it free: no corner cutting.
//! The heuristic is the Manhattan distance on 4-connected grids and the octile distance on
//! 8-connected ones, both admissible and consistent.
//!
//! ```
//! use informed::a_star;
//! use informed::puzzles::grid::{Cell, Connectivity, GridCosts, GridMap, GridPath, JumpPoints};
//!
//! let map = GridMap::from_rows(&[
//!     "....",
//!     ".@@.",
//!     "....",
//! ])?;
//! let costs = GridCosts::octile();
//! let query = GridPath::new(&map, Cell::new(0, 1), Cell::new(3, 1), Connectivity::Eight, costs)?;
//! let path = a_star(&query).into_solution().expect("a path");
//! // No corner cutting: around the wall by straight steps only.
//! assert!((path.cost - 5.0).abs() < 1e-9);
//! assert_eq!(query.cells(&path.moves).len(), 6);
//!
//! // Jump point search: the same length, with far fewer states expanded on open maps.
//! let jumps = JumpPoints::new(&query)?;
//! let jumped = a_star(&jumps).into_solution().expect("a path");
//! assert!((jumped.cost - path.cost).abs() < 1e-9);
//! assert_eq!(jumps.cells(&jumped.moves), query.cells(&path.moves));
//! # Ok::<(), informed::puzzles::grid::GridError>(())
//! ```

mod cell;
mod error;
mod goal_bounds;
mod jump_points;
mod jump_table;
mod map;
mod path;
mod scenario;

pub use cell::{Cell, Direction};
pub use error::GridError;
pub use goal_bounds::GoalBounds;
pub use jump_points::{Jump, JumpPoint, JumpPoints};
pub use jump_table::JumpTable;
pub use map::GridMap;
pub use path::{Connectivity, GridCosts, GridPath};
pub use scenario::{Scenario, ScenarioError};
