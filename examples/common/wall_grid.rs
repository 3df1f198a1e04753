//! A weighted grid where IDA*'s thresholds creep, shared by the `research_engines` example,
//! the tests and the benches.

use informed::puzzles::grid::Direction;
use informed::{MoveBuffer, SearchProblem};

/// An 8-connected grid of `width` x `height`, moves of 10 and 14 (corners may be cut), a
/// wall down the middle column from the top to three cells above the bottom: from the top
/// left corner to the top right.
pub struct WallGrid {
    pub width: i32,
    pub height: i32,
}

impl SearchProblem for WallGrid {
    type State = (i32, i32);
    type Move = u8;
    type Cost = u32;
    fn start(&self) -> (i32, i32) {
        (0, 0)
    }
    fn is_goal(&self, &cell: &(i32, i32)) -> bool {
        cell == (self.width - 1, 0)
    }
    fn heuristic(&self, &(x, y): &(i32, i32)) -> u32 {
        let (dx, dy) = ((self.width - 1 - x).unsigned_abs(), y.unsigned_abs());
        10 * dx.max(dy) + 4 * dx.min(dy)
    }
    fn moves(&self, &(x, y): &(i32, i32), moves: &mut MoveBuffer<u8, u32>) {
        for d in 0..8u8 {
            let (dx, dy) = Self::step(d);
            let (nx, ny) = (x + dx, y + dy);
            let open = (0..self.width).contains(&nx)
                && (0..self.height).contains(&ny)
                && !(nx == self.width / 2 && ny < self.height - 3);
            if open {
                moves.push((d, if dx != 0 && dy != 0 { 14 } else { 10 }));
            }
        }
    }
    fn apply(&self, (x, y): &mut (i32, i32), d: u8) {
        let (dx, dy) = Self::step(d);
        (*x, *y) = (*x + dx, *y + dy);
    }
    fn inverse(&self, d: u8) -> Option<u8> {
        Some((d + 4) % 8)
    }
}

impl WallGrid {
    fn step(d: u8) -> (i32, i32) {
        Direction::ALL[d as usize].offset()
    }
}
