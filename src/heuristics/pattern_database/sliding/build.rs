//! The builder of a sliding-tile pattern's table: a breadth-first search backwards from the
//! goal over the placements of the pattern's tiles, the blank free among the other cells.

use super::super::space::{AbstractSpace, Neighbour, build_tracked};
use super::super::{PdbError, Tracker};
use super::regions::{Grid, IN_POCKET, SMALL_POCKET};
use crate::permutation::{partial_count, rank_partial_valid, unrank_partial};

/// The table of one pattern: a breadth-first search backwards from the goal over the
/// placements of the pattern's tiles and the blank's cell ([`SlidingSpace`]), where moving a
/// pattern tile costs one and moving the blank into any other cell costs nothing; then, for
/// each placement of the tiles, the least cost over the blank's cells. Its progress goes to
/// the tracker, as the table numbered with it.
///
/// With `zero_aware`, two tables one after the other: first each placement's cost with the
/// blank outside the small pockets ([`zero_aware_entries`]), then the least cost as without.
pub(super) fn pattern_table(
    width: usize,
    height: usize,
    goal: &[u8],
    tiles: &[u8],
    zero_aware: bool,
    (tracker, table): (&Tracker<'_>, usize),
) -> Result<Vec<u8>, PdbError> {
    let too_large = || PdbError::TooLarge {
        tiles: tiles.to_vec(),
    };
    let mut space = SlidingSpace::new(width, height, goal, tiles).ok_or_else(too_large)?;
    space.per_slot = zero_aware;
    let costs = build_tracked(&space, tracker, table).map_err(|error| match error {
        PdbError::OutOfMemory { .. } | PdbError::TooDeep => too_large(),
        other => other,
    })?;
    if !zero_aware {
        return Ok(costs);
    }
    let grid = Grid::new(width, height).ok_or_else(too_large)?;
    zero_aware_entries(&space, &grid, &costs).ok_or_else(too_large)
}

/// From the cost of every state (placement and blank's cell), a table of two halves.
///
/// The first holds, for each placement, the least cost with the blank in a region of more
/// than [`SMALL_POCKET`] free cells, in the low seven bits (at most 127), and [`IN_POCKET`]
/// where a blank in a smaller region, a pocket the pattern's tiles wall off (a corner behind
/// two tiles), costs less: a lookup so marked looks at the blank's neighbours. Where every
/// region is small, the entry is the least cost. The second half holds the least cost over
/// the blank's cells, for a blank in a small pocket.
///
/// The blank moves freely within a region, so every cell of a region costs the same.
fn zero_aware_entries(space: &SlidingSpace, grid: &Grid, costs: &[u8]) -> Option<Vec<u8>> {
    let slots = space.cells - space.tiles;
    let mut entries = Vec::new();
    entries.try_reserve_exact(2 * space.placements).ok()?;
    entries.resize(2 * space.placements, 0);
    let (main, least) = entries.split_at_mut(space.placements);
    let mut placement = space.scratch();
    for (block, (main, least)) in main.iter_mut().zip(least.iter_mut()).enumerate() {
        let block_costs = costs.get(block * slots..(block + 1) * slots)?;
        let lowest = block_costs.iter().copied().min().unwrap_or(u8::MAX);
        *least = lowest;
        space.enter(block, &mut placement);
        let occupied = placement
            .cells
            .iter()
            .fold(0u64, |mask, &cell| mask | 1 << cell);
        let (mut large, mut small) = (None::<u8>, None::<u8>);
        let mut rest = grid.board() & !occupied;
        while rest != 0 {
            let region = grid.region(occupied, rest.trailing_zeros());
            rest &= !region;
            let cost = block_costs[placement.free_below[region.trailing_zeros() as usize]];
            let least_so_far = if region.count_ones() > SMALL_POCKET {
                &mut large
            } else {
                &mut small
            };
            *least_so_far = Some(least_so_far.map_or(cost, |then| then.min(cost)));
        }
        *main = match (large, small) {
            (Some(large), Some(small)) if small < large => large.min(!IN_POCKET) | IN_POCKET,
            (Some(large), _) => large.min(!IN_POCKET),
            (None, _) => lowest.min(!IN_POCKET),
        };
    }
    Some(entries)
}

/// The abstract space of a sliding-tile pattern: a block per placement of the pattern's tiles
/// (ranked by [`rank_partial`](crate::permutation::rank_partial) of their cells), a slot per
/// cell the pattern leaves free for the blank (in order). The blank's moves among the free
/// cells are free; a pattern tile sliding into the blank is counted. Only the counted moves
/// reach far in memory: 4.2 GB for an 8-tile pattern of the 15-puzzle.
struct SlidingSpace {
    cells: usize,
    tiles: usize,
    placements: usize,
    goal: (usize, usize),
    neighbours: Vec<Vec<usize>>,
    weights: Vec<usize>,
    /// Whether the search keeps the cost of every state, not just each block's least.
    per_slot: bool,
}

/// A placement being expanded.
struct Placement {
    rank: usize,
    cells: Vec<u8>,
    /// How many free cells lie below each cell: a free cell's slot in its block.
    free_below: [usize; 64],
    /// The cell of each slot.
    slot_cell: [u8; 64],
    /// Which of the pattern's tiles is at each cell, if any.
    tile_at: [u8; 64],
}

impl SlidingSpace {
    fn new(width: usize, height: usize, goal: &[u8], tiles: &[u8]) -> Option<Self> {
        let n = goal.len();
        let k = tiles.len();
        let placements = usize::try_from(partial_count(n, k)?).ok()?;
        placements.checked_mul(n - k)?;
        let mut goal_cell = vec![0u8; n];
        for (cell, &tile) in goal.iter().enumerate() {
            goal_cell[tile as usize] = cell as u8;
        }
        let start_cells: Vec<u8> = tiles.iter().map(|&t| goal_cell[t as usize]).collect();
        let occupied = start_cells.iter().fold(0u64, |mask, &c| mask | 1 << c);
        let blank_slot = (!occupied & ((1u64 << goal_cell[0]) - 1)).count_ones() as usize;
        Some(SlidingSpace {
            cells: n,
            tiles: k,
            placements,
            goal: (rank_partial_valid(&start_cells, n) as usize, blank_slot),
            neighbours: grid_neighbours(width, height),
            weights: rank_weights(n, k),
            per_slot: false,
        })
    }
}

impl AbstractSpace for SlidingSpace {
    type Scratch = Placement;

    fn blocks(&self) -> usize {
        self.placements
    }

    fn slots(&self) -> usize {
        self.cells - self.tiles
    }

    fn entry_per_slot(&self) -> bool {
        self.per_slot
    }

    fn goals(&self) -> Vec<(usize, usize)> {
        vec![self.goal]
    }

    fn scratch(&self) -> Placement {
        Placement {
            rank: 0,
            cells: vec![0; self.tiles],
            free_below: [0; 64],
            slot_cell: [0; 64],
            tile_at: [NO_TILE; 64],
        }
    }

    #[inline]
    fn enter(&self, block: usize, placement: &mut Placement) {
        placement.rank = block;
        let _ = unrank_partial(block as u64, self.cells, &mut placement.cells);
        placement.tile_at[..self.cells].fill(NO_TILE);
        for (i, &cell) in placement.cells.iter().enumerate() {
            placement.tile_at[cell as usize] = i as u8;
        }
        let mut count = 0;
        for cell in 0..self.cells {
            placement.free_below[cell] = count;
            if placement.tile_at[cell] == NO_TILE {
                placement.slot_cell[count] = cell as u8;
                count += 1;
            }
        }
    }

    #[inline]
    fn expand(
        &self,
        placement: &mut Placement,
        slot: usize,
        mut visit: impl FnMut(Neighbour),
    ) -> Result<(), PdbError> {
        let blank = usize::from(placement.slot_cell[slot]);
        for &target in &self.neighbours[blank] {
            let moved = placement.tile_at[target];
            if moved == NO_TILE {
                visit(Neighbour::Free(placement.free_below[target]));
                continue;
            }
            // A pattern tile beside the blank slides into it, for one move. In the new
            // placement `target` is free and `blank` is not.
            let block = moved_rank(
                placement.rank,
                &placement.tile_at,
                &self.weights,
                moved,
                target,
                blank,
            );
            let slot = placement.free_below[target] - usize::from(blank < target);
            visit(Neighbour::Counted { block, slot });
        }
        Ok(())
    }
}

/// No pattern tile at a cell (in [`Placement::tile_at`]).
const NO_TILE: u8 = u8::MAX;

/// What a unit of each of the `k` digits of a placement's rank on `n` cells weighs: the
/// product of the radices after it.
pub(super) fn rank_weights(n: usize, k: usize) -> Vec<usize> {
    (0..k)
        .map(|i| (i + 1..k).map(|j| n - j).product())
        .collect()
}

/// The rank of the placement `rank` after its tile number `moved` goes from cell `from` to
/// the free cell `to`, without ranking the placement again.
///
/// A tile's digit in the rank is its cell less the number of the tiles before it on lower
/// cells. The moved tile's digit changes by the distance it moves less the earlier tiles it
/// passes, and each later tile it passes gains or loses one: only the tiles on the cells
/// strictly between `from` and `to` are passed (none on a move along a row).
fn moved_rank(
    rank: usize,
    tile_at: &[u8; 64],
    weights: &[usize],
    moved: u8,
    from: usize,
    to: usize,
) -> usize {
    let (low, high) = (from.min(to), from.max(to));
    let mut digit = high - low;
    let mut change = 0;
    for &tile in &tile_at[low + 1..high] {
        if tile == NO_TILE {
            continue;
        }
        if tile < moved {
            digit -= 1;
        } else {
            change += weights[usize::from(tile)];
        }
    }
    change += digit * weights[usize::from(moved)];
    if to > from {
        rank + change
    } else {
        rank - change
    }
}

/// The cells next to each cell of a `width` × `height` grid.
fn grid_neighbours(width: usize, height: usize) -> Vec<Vec<usize>> {
    (0..width * height)
        .map(|cell| {
            let (row, column) = (cell / width, cell % width);
            let mut next = Vec::with_capacity(4);
            if row > 0 {
                next.push(cell - width);
            }
            if column > 0 {
                next.push(cell - 1);
            }
            if column + 1 < width {
                next.push(cell + 1);
            }
            if row + 1 < height {
                next.push(cell + width);
            }
            next
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of `k` tiles on `n` cells, every tile moved to every free cell: the
    /// rank worked out from the move is the rank of the moved placement.
    fn moved_rank_is_the_rank_after_the_move(n: usize, k: usize) {
        let weights = rank_weights(n, k);
        let placements = partial_count(n, k).unwrap();
        let mut cells = vec![0u8; k];
        for rank in 0..placements {
            unrank_partial(rank, n, &mut cells).unwrap();
            let mut tile_at = [NO_TILE; 64];
            for (i, &cell) in cells.iter().enumerate() {
                tile_at[cell as usize] = i as u8;
            }
            for moved in 0..k {
                let from = usize::from(cells[moved]);
                for to in (0..n).filter(|&cell| tile_at[cell] == NO_TILE) {
                    let mut after = cells.clone();
                    after[moved] = to as u8;
                    let expected = rank_partial_valid(&after, n) as usize;
                    let got = moved_rank(rank as usize, &tile_at, &weights, moved as u8, from, to);
                    assert_eq!(got, expected, "{cells:?}: tile {moved} to cell {to}");
                }
            }
        }
    }

    #[test]
    fn moved_rank_matches_ranking_again() {
        moved_rank_is_the_rank_after_the_move(9, 3);
        moved_rank_is_the_rank_after_the_move(9, 8);
        moved_rank_is_the_rank_after_the_move(12, 4);
        moved_rank_is_the_rank_after_the_move(16, 2);
    }
}
