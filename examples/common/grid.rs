//! A Moving AI map (`.map`) and its scenarios (`.scen`), shared by the examples that search
//! grids: the map's passable cells, its 8-connected moves (straight 100, diagonal 141, no
//! corner cutting, as the benchmark's rules) and the octile distance.

use informed::puzzles::grid::Direction;
use informed::{Bidirectional, MoveBuffer, SearchProblem};

pub type Cell = (i16, i16);

pub struct Grid {
    pub width: i16,
    pub height: i16,
    open: Vec<bool>,
}

/// The `(dx, dy)` of direction `d`, numbered as the library's `Direction` (each one's
/// opposite four places on).
fn offset(d: usize) -> (i16, i16) {
    let (dx, dy) = Direction::ALL[d].offset();
    (dx as i16, dy as i16)
}

impl Grid {
    /// The map in `text`, or `None` if it is not one.
    pub fn parse(text: &str) -> Option<Grid> {
        let mut lines = text.lines();
        let mut width = 0;
        let mut height = 0;
        for line in lines.by_ref() {
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some("height"), Some(h)) => height = h.parse().ok()?,
                (Some("width"), Some(w)) => width = w.parse().ok()?,
                (Some("map"), None) => break,
                _ => {}
            }
        }
        let open: Vec<bool> = lines
            .take(height as usize)
            .flat_map(|row| {
                row.bytes()
                    .take(width as usize)
                    .map(|c| c == b'.' || c == b'G')
            })
            .collect();
        (open.len() == width as usize * height as usize).then_some(Grid {
            width,
            height,
            open,
        })
    }

    /// The start and goal of every scenario of a `.scen` file whose cells are passable.
    pub fn scenarios(&self, text: &str) -> Vec<(Cell, Cell)> {
        text.lines()
            .skip(1)
            .filter_map(|line| {
                let f: Vec<&str> = line.split('\t').collect();
                let n = |i: usize| f.get(i)?.parse::<i16>().ok();
                Some(((n(4)?, n(5)?), (n(6)?, n(7)?)))
            })
            .filter(|&(s, g)| self.free(s) && self.free(g))
            .collect()
    }

    pub fn free(&self, (x, y): Cell) -> bool {
        (0..self.width).contains(&x)
            && (0..self.height).contains(&y)
            && self.open[y as usize * self.width as usize + x as usize]
    }

    /// The 8 neighbours (no corner cutting), straight 100, diagonal 141, with the direction
    /// of each.
    pub fn octile(&self, (x, y): Cell) -> impl Iterator<Item = (u8, Cell, u32)> + '_ {
        (0..8)
            .map(|d| (d, offset(d)))
            .filter_map(move |(d, (dx, dy))| {
                let to = (x + dx, y + dy);
                let diagonal = dx != 0 && dy != 0;
                let open = self.free(to)
                    && (!diagonal || (self.free((x + dx, y)) && self.free((x, y + dy))));
                open.then_some((d as u8, to, if diagonal { 141 } else { 100 }))
            })
    }
}

/// The octile distance, in the same units: admissible and consistent.
pub fn octile_distance((x, y): Cell, (gx, gy): Cell) -> u32 {
    let (dx, dy) = (u32::from(x.abs_diff(gx)), u32::from(y.abs_diff(gy)));
    let (long, short) = (dx.max(dy), dx.min(dy));
    100 * (long - short) + 141 * short
}

/// One query on the grid, as a problem: a move is a direction.
pub struct Query<'g> {
    pub grid: &'g Grid,
    pub start: Cell,
    pub goal: Cell,
}

impl SearchProblem for Query<'_> {
    type State = Cell;
    type Move = u8;
    type Cost = u32;
    fn start(&self) -> Cell {
        self.start
    }
    fn is_goal(&self, &cell: &Cell) -> bool {
        cell == self.goal
    }
    fn heuristic(&self, &cell: &Cell) -> u32 {
        octile_distance(cell, self.goal)
    }
    fn moves(&self, &cell: &Cell, moves: &mut MoveBuffer<u8, u32>) {
        moves.extend(self.grid.octile(cell).map(|(d, _, cost)| (d, cost)));
    }
    fn apply(&self, (x, y): &mut Cell, d: u8) {
        let (dx, dy) = offset(d as usize);
        (*x, *y) = (*x + dx, *y + dy);
    }
    fn inverse(&self, d: u8) -> Option<u8> {
        Some((d + 4) % 8)
    }
}

/// Moves are reversible (a diagonal needs the same two cells free both ways): the default
/// predecessors hold.
impl Bidirectional for Query<'_> {
    fn goals(&self) -> Vec<Cell> {
        vec![self.goal]
    }
    fn heuristic_from_start(&self, &cell: &Cell) -> u32 {
        octile_distance(cell, self.start)
    }
}
