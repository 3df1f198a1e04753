use super::IncrementalHeuristic;

/// The number of tiles (not the blank) away from their goal cell. Admissible, since each
/// misplaced tile needs at least one move, but far weaker than [`Manhattan`](super::Manhattan).
#[derive(Clone, Debug)]
pub struct MisplacedTiles<const N: usize> {
    goal: [u8; N],
}

impl<const N: usize> IncrementalHeuristic<N> for MisplacedTiles<N> {
    fn new(_width: usize, _height: usize, goal: &[u8; N]) -> Self {
        Self { goal: *goal }
    }

    type Kept = u64;

    fn evaluate(&self, tiles: &[u8; N]) -> u64 {
        tiles
            .iter()
            .zip(&self.goal)
            .filter(|&(&tile, &goal)| tile != 0 && tile != goal)
            .count() as u64
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
        before + u64::from(self.goal[from] == tile) - u64::from(self.goal[to] == tile)
    }
    super::prediction_is_kept!(u64);
}
