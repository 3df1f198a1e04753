use super::IncrementalHeuristic;

/// The Manhattan distance: the sum over tiles (not the blank) of the rows plus columns
/// between each tile's cell and its goal cell. Admissible and consistent, since a move
/// changes one tile's distance by exactly one. Updated per move by two table lookups.
#[derive(Clone, Debug)]
pub struct Manhattan<const N: usize> {
    /// `distance[cell][tile]`: moves from `cell` to the goal cell of `tile`; 0 for the blank.
    distance: [[u8; N]; N],
}

impl<const N: usize> IncrementalHeuristic<N> for Manhattan<N> {
    fn new(width: usize, _height: usize, goal: &[u8; N]) -> Self {
        let mut distance = [[0u8; N]; N];
        for (goal_cell, &tile) in goal.iter().enumerate() {
            if tile == 0 {
                continue;
            }
            for (cell, row) in distance.iter_mut().enumerate() {
                let rows = (cell / width).abs_diff(goal_cell / width);
                let columns = (cell % width).abs_diff(goal_cell % width);
                row[tile as usize] = (rows + columns) as u8;
            }
        }
        Self { distance }
    }

    type Kept = u64;

    fn evaluate(&self, tiles: &[u8; N]) -> u64 {
        tiles
            .iter()
            .zip(&self.distance)
            .map(|(&tile, row)| u64::from(row[tile as usize]))
            .sum()
    }

    #[inline]
    fn predict(
        &self,
        before: u64,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<u64> {
        Some(self.update(before, tiles, tile, from, to))
    }

    #[inline]
    fn value(&self, kept: u64) -> u32 {
        kept as u32
    }

    #[inline]
    fn update(&self, before: u64, _tiles: &[u8; N], tile: u8, from: usize, to: usize) -> u64 {
        // A checked index, not a mask: masking would lengthen the chain of dependent
        // instructions every pruning decision waits for; a bounds check is predicted.
        let tile = tile as usize;
        before + u64::from(self.distance[to][tile]) - u64::from(self.distance[from][tile])
    }
    super::prediction_is_kept!(u64);
}
