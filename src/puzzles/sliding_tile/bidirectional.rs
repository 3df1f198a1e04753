//! The sliding puzzle searched from both ends: its goal board, and the Manhattan distance
//! back to the start as the backward heuristic.

use super::{Board, SlidingPuzzle};
use crate::heuristics::IncrementalHeuristic;
use crate::problem::Bidirectional;

/// Every slide has its opposite, of the same cost, so the predecessors are the default's.
impl<const N: usize, H: IncrementalHeuristic<N>> Bidirectional for SlidingPuzzle<N, H> {
    fn goals(&self) -> Vec<Board<N, H::Kept>> {
        vec![self.board_of(self.goal)]
    }

    /// The Manhattan distance from the start board to `board`: consistent, whatever the
    /// forward heuristic.
    fn heuristic_from_start(&self, board: &Board<N, H::Kept>) -> u32 {
        let mut home = [0usize; N];
        for (cell, &tile) in self.start.iter().enumerate() {
            home[tile as usize] = cell;
        }
        let width = self.width;
        board
            .tiles
            .iter()
            .enumerate()
            .filter(|&(_, &tile)| tile != 0)
            .map(|(cell, &tile)| {
                let from = home[tile as usize];
                (cell / width).abs_diff(from / width) + (cell % width).abs_diff(from % width)
            })
            .sum::<usize>() as u32
    }
}
