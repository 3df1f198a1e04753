//! The closures both sides take, and the instances they search: a grid's neighbours, the
//! pancake puzzle's flips and the 8-puzzle's slides, with their heuristics.

use crate::grid::{Cell, Grid};

/// The 8 neighbours of a cell with their costs, as the `astar` closures take them.
pub fn octile(grid: &Grid, cell: Cell) -> Vec<(Cell, u32)> {
    grid.octile(cell).map(|(_, to, cost)| (to, cost)).collect()
}

/// The 4 neighbours.
pub fn four(grid: &Grid, (x, y): Cell) -> Vec<Cell> {
    [(0, -1), (-1, 0), (1, 0), (0, 1)]
        .into_iter()
        .map(|(dx, dy)| (x + dx, y + dy))
        .filter(|&to| grid.free(to))
        .collect()
}

pub type Stack = [u8; 13];

pub fn gap(a: u8, b: u8) -> u32 {
    u32::from(a.abs_diff(b) != 1)
}

pub fn gaps(stack: &Stack) -> u32 {
    stack.windows(2).map(|w| gap(w[0], w[1])).sum()
}

pub fn flips(stack: &Stack) -> Vec<(Stack, u32)> {
    (2..=12)
        .map(|k| {
            let mut next = *stack;
            next[..k].reverse();
            (next, 1)
        })
        .collect()
}

pub type Tiles = [u8; 9];

/// The 8-puzzle's successors: the blank (0) swapped with each neighbour, at cost 1.
pub fn slides(tiles: &Tiles) -> Vec<(Tiles, u32)> {
    let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
    let (row, col) = (blank / 3, blank % 3);
    let mut next = Vec::with_capacity(4);
    for (ok, cell) in [
        (row > 0, blank.wrapping_sub(3)),
        (col > 0, blank.wrapping_sub(1)),
        (col < 2, blank + 1),
        (row < 2, blank + 3),
    ] {
        if ok {
            let mut after = *tiles;
            after.swap(blank, cell);
            next.push((after, 1));
        }
    }
    next
}

/// The Manhattan distance to 1 2 3 4 5 6 7 8 0.
pub fn manhattan(tiles: &Tiles) -> u32 {
    tiles
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(cell, &t)| {
            let home = usize::from(t) - 1;
            ((cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3)) as u32
        })
        .sum()
}

pub const SOLVED: Tiles = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// 8-puzzles by seeded random walks of 60 slides from the goal.
pub fn random_boards(count: usize) -> Vec<Tiles> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    (0..count)
        .map(|_| {
            let mut tiles = SOLVED;
            for _ in 0..60 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let next = slides(&tiles);
                tiles = next[(state % next.len() as u64) as usize].0;
            }
            tiles
        })
        .collect()
}

pub fn random_stacks(count: usize) -> Vec<Stack> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..count)
        .map(|_| {
            let mut stack: Stack = core::array::from_fn(|i| i as u8);
            for i in (1..12).rev() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                stack.swap(i, (state % (i as u64 + 1)) as usize);
            }
            stack
        })
        .collect()
}
