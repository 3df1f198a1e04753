//! The 15-puzzle with heavy tiles: sliding tile `t` costs `t`, the heuristic the Manhattan
//! distance of each tile times its weight. Costs of many values on Korf's boards, where
//! IDA*'s thresholds creep; shared by the `research_engines` example and the tests.

use informed::{MoveBuffer, SearchProblem};

/// The blank's moves on a 4 x 4 board: up, left, right, down.
const STEPS: [(i8, i8); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];

/// One board of the heavy-tile 15-puzzle, to the goal `0 1 2 ... 15` (blank first).
pub struct HeavyTiles {
    pub start: [u8; 16],
}

/// A board: its tiles, the blank's cell, and its heuristic.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Heavy {
    tiles: [u8; 16],
    blank: u8,
    h: u32,
}

/// The weighted Manhattan distance of tile `tile` at `cell` from its goal cell, `tile`.
fn distance(tile: u8, cell: usize) -> u32 {
    let (goal, cell) = (usize::from(tile), cell);
    let (dx, dy) = ((goal % 4).abs_diff(cell % 4), (goal / 4).abs_diff(cell / 4));
    u32::from(tile) * (dx + dy) as u32
}

impl Heavy {
    /// The tiles' Manhattan distance, unweighted: a lower bound on the moves left (the
    /// distance estimate explicit estimation search takes).
    pub fn moves_left(&self) -> u32 {
        (0..16)
            .filter(|&cell| self.tiles[cell] != 0)
            .map(|cell| distance(self.tiles[cell], cell) / u32::from(self.tiles[cell]))
            .sum()
    }
}

impl HeavyTiles {
    /// The cell the blank moves to by `step`, if it stays on the board.
    fn target(blank: u8, step: u8) -> Option<usize> {
        let (dx, dy) = STEPS[usize::from(step)];
        let (x, y) = (blank as i8 % 4 + dx, blank as i8 / 4 + dy);
        ((0..4).contains(&x) && (0..4).contains(&y)).then_some((y * 4 + x) as usize)
    }
}

impl SearchProblem for HeavyTiles {
    type State = Heavy;
    type Move = u8;
    type Cost = u32;
    fn start(&self) -> Heavy {
        let tiles = self.start;
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        let h = (0..16).map(|cell| distance(tiles[cell], cell)).sum();
        Heavy { tiles, blank, h }
    }
    fn is_goal(&self, board: &Heavy) -> bool {
        board.h == 0
    }
    fn heuristic(&self, board: &Heavy) -> u32 {
        board.h
    }
    fn moves(&self, board: &Heavy, moves: &mut MoveBuffer<u8, u32>) {
        for step in 0..4 {
            if let Some(cell) = Self::target(board.blank, step) {
                moves.push((step, u32::from(board.tiles[cell])));
            }
        }
    }
    fn apply(&self, board: &mut Heavy, step: u8) {
        let Some(from) = Self::target(board.blank, step) else {
            return;
        };
        let (tile, blank) = (board.tiles[from], usize::from(board.blank));
        board.h = board.h - distance(tile, from) + distance(tile, blank);
        board.tiles[blank] = tile;
        board.tiles[from] = 0;
        board.blank = from as u8;
    }
    fn inverse(&self, step: u8) -> Option<u8> {
        Some(3 - step)
    }
}
