//! The depth-first engines: IDA\* and its iterative deepening, which IDA\*_CR, budgeted tree
//! search, the count of optimal solutions and parallel IDA\* share; the bounded search on an
//! explicit stack (`stack.rs`) under IDA\*'s deep paths, IDA\*_CR, branch and bound and
//! optimal solutions; RBFS; and what they share: the states on the path (`on_path.rs`) and
//! the sweeps that prove no goal (`sweep.rs`).

pub(super) mod branch_and_bound;
pub(super) mod budgeted_tree_search;
pub(super) mod ida_star;
pub(super) mod ida_star_cr;
mod on_path;
pub(super) mod optimal_solutions;
#[cfg(feature = "parallel")]
pub(super) mod parallel_ida_star;
pub(super) mod rbfs;
mod stack;
mod sweep;
