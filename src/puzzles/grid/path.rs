//! A path on a map from one cell to another, as a search problem.

use core::ops::ControlFlow;

use crate::cost::{Cost, CostValue};
use crate::problem::{MoveBuffer, SearchProblem};
use crate::puzzles::grid::cell::STRAIGHT;
use crate::puzzles::grid::{Cell, Direction, GridError, GridMap};

/// Which steps a path may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Connectivity {
    /// North, east, south and west; the heuristic is the Manhattan distance.
    Four,
    /// The four and the diagonals, no corner cutting; the heuristic is the octile distance.
    Eight,
}

/// What a straight and a diagonal step cost, in any [`Cost`] type: `f64` for the
/// benchmark's 1 and √2 ([`octile`](Self::octile)), or scaled integers (`100` and `141`,
/// `100_000_000` and `141_421_356` in `u64`) for exact sums.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridCosts<C> {
    /// A step north, east, south or west.
    pub straight: C,
    /// A diagonal step (unused on 4-connected paths).
    pub diagonal: C,
}

impl GridCosts<f64> {
    /// The benchmark's costs: 1 straight, √2 diagonal.
    pub fn octile() -> GridCosts<f64> {
        GridCosts {
            straight: 1.0,
            diagonal: core::f64::consts::SQRT_2,
        }
    }
}

impl<C: Cost> GridCosts<C> {
    /// `straight` and `diagonal`.
    pub fn new(straight: C, diagonal: C) -> GridCosts<C> {
        GridCosts { straight, diagonal }
    }
}

/// The path from `start` to `goal` on a [`GridMap`], 4- or 8-connected (no corner cutting),
/// as a [`SearchProblem`]: a state is a [`Cell`], a move a [`Direction`], the heuristic the
/// Manhattan (4) or octile (8) distance to the goal, admissible and consistent.
///
/// Solve it with [`a_star`](crate::a_star) (or [`dijkstra`](crate::dijkstra),
/// [`bfs`](crate::bfs) for unit costs, [`bidirectional_a_star`](crate::bidirectional_a_star));
/// wrap it in [`JumpPoints`](crate::puzzles::grid::JumpPoints) for jump point search.
#[derive(Clone, Debug)]
pub struct GridPath<'m, C = f64> {
    map: &'m GridMap,
    /// The map's step masks and width, at hand: a child's mask and number are read without
    /// going through the map.
    steps: &'m [u8],
    width: usize,
    start: Cell,
    goal: Cell,
    connectivity: Connectivity,
    costs: GridCosts<C>,
    /// Bit `d` set if moves in direction `d` are taken: all eight, or the straight four.
    directions: u8,
    /// Each direction's step cost.
    step_cost: [C; 8],
    /// `k × straight` and `k × diagonal` for `k` up to the map's larger size, summed (and
    /// saturated) as a path adds them: the heuristic's terms, and jump costs.
    straight_times: Vec<C>,
    diagonal_times: Vec<C>,
    /// For floating-point costs, what the heuristic is multiplied by: one less a few times
    /// the rounding error of the longest sum of steps, so that a path's sum, rounded in
    /// another order, never falls below it. 1 for integers.
    shave: f64,
}

impl<'m, C: Cost> GridPath<'m, C> {
    /// The path from `start` to `goal` on `map`.
    ///
    /// # Errors
    ///
    /// [`GridError::OutOfBounds`] or [`GridError::Blocked`] for a start or goal that is not a
    /// passable cell of the map; [`GridError::InvalidCosts`] for negative or NaN costs, or
    /// (8-connected) a diagonal cost below the straight one or above twice it.
    pub fn new(
        map: &'m GridMap,
        start: Cell,
        goal: Cell,
        connectivity: Connectivity,
        costs: GridCosts<C>,
    ) -> Result<GridPath<'m, C>, GridError> {
        for cell in [start, goal] {
            if !map.contains(cell) {
                return Err(GridError::OutOfBounds {
                    cell,
                    width: map.width(),
                    height: map.height(),
                });
            }
            if !map.is_passable(cell) {
                return Err(GridError::Blocked { cell });
            }
        }
        let GridCosts { straight, diagonal } = costs;
        let eight = connectivity == Connectivity::Eight;
        let valid = straight.is_valid()
            && (!eight
                || (diagonal.is_valid()
                    && straight <= diagonal
                    && diagonal <= straight.saturating_add(straight)));
        if !valid {
            return Err(GridError::InvalidCosts {
                straight: straight.value(),
                diagonal: diagonal.value(),
            });
        }
        let longest = usize::from(map.width().max(map.height()));
        let times = |step: C| {
            let mut sum = C::ZERO;
            let mut all = Vec::with_capacity(longest + 1);
            all.push(sum);
            for _ in 0..longest {
                sum = sum.saturating_add(step);
                all.push(sum);
            }
            all
        };
        let shave = if C::EXACT {
            1.0
        } else {
            let one = C::from_value(CostValue::Float(1.0));
            let epsilon = one.next_up().value().as_f64() - 1.0;
            1.0 - 4.0 * epsilon * (f64::from(map.width()) + f64::from(map.height()))
        };
        let step_cost = core::array::from_fn(|d| if d % 2 == 0 { straight } else { diagonal });
        Ok(GridPath {
            map,
            steps: map.step_masks(),
            width: usize::from(map.width()),
            start,
            goal,
            connectivity,
            costs,
            directions: if eight { u8::MAX } else { STRAIGHT },
            step_cost,
            straight_times: times(straight),
            diagonal_times: if eight { times(diagonal) } else { Vec::new() },
            shave,
        })
    }

    /// The map.
    pub fn map(&self) -> &'m GridMap {
        self.map
    }

    /// The start cell.
    pub fn start_cell(&self) -> Cell {
        self.start
    }

    /// The goal cell.
    pub fn goal(&self) -> Cell {
        self.goal
    }

    /// 4- or 8-connected.
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// The step costs.
    pub fn costs(&self) -> GridCosts<C> {
        self.costs
    }

    /// The distance from `from` to `to` with no walls in the way: Manhattan (4-connected) or
    /// octile (8-connected), in the path's costs. For floating-point costs it is shaved by a
    /// few times the rounding error of a sum of steps (about 10⁻¹² of it in `f64` on a
    /// 1024×1024 map), so that no path, its steps summed in another order, ever costs less:
    /// the heuristic stays admissible to the last bit.
    #[inline]
    pub fn distance(&self, from: Cell, to: Cell) -> C {
        let sum = self.unshaved_distance(from, to);
        if C::EXACT {
            sum
        } else {
            C::from_value(CostValue::Float(sum.value().as_f64() * self.shave))
        }
    }

    #[inline]
    fn unshaved_distance(&self, from: Cell, to: Cell) -> C {
        let dx = from.x().abs_diff(to.x()) as usize;
        let dy = from.y().abs_diff(to.y()) as usize;
        match self.connectivity {
            Connectivity::Four => self.straight_times[dx].saturating_add(self.straight_times[dy]),
            Connectivity::Eight => {
                let (long, short) = (dx.max(dy), dx.min(dy));
                self.straight_times[long - short].saturating_add(self.diagonal_times[short])
            }
        }
    }

    /// The cells a path of `moves` from the start visits, the start and the last included.
    /// The moves must be ones this path's search returned.
    pub fn cells(&self, moves: &[Direction]) -> Vec<Cell> {
        let mut cell = self.start;
        let mut cells = Vec::with_capacity(moves.len() + 1);
        cells.push(cell);
        for &d in moves {
            cell = cell.step(d as u8);
            cells.push(cell);
        }
        cells
    }

    /// The cell's index on the map.
    #[inline]
    fn index(&self, cell: Cell) -> usize {
        usize::from(cell.y()) * self.width + usize::from(cell.x())
    }

    /// The steps the map allows from `cell`.
    #[inline]
    fn step_mask(&self, cell: Cell) -> u8 {
        self.steps[self.index(cell)]
    }

    /// Bit `d` set if the path takes steps in direction `d`: all eight, or the straight four.
    #[inline]
    pub(crate) fn direction_mask(&self) -> u8 {
        self.directions
    }

    /// What a step in direction `d` costs.
    #[inline]
    pub(crate) fn step_cost(&self, d: u8) -> C {
        self.step_cost[usize::from(d)]
    }

    /// `times` steps of `direction`'s cost, as a path sums them.
    #[inline]
    pub(crate) fn cost_of_steps(&self, direction: u8, times: u32) -> C {
        if direction % 2 == 0 {
            self.straight_times[times as usize]
        } else {
            self.diagonal_times[times as usize]
        }
    }
}

impl<C: Cost> SearchProblem for GridPath<'_, C> {
    type State = Cell;
    type Move = Direction;
    type Cost = C;

    fn start(&self) -> Cell {
        self.start
    }

    #[inline]
    fn is_goal(&self, &cell: &Cell) -> bool {
        cell == self.goal
    }

    #[inline]
    fn moves(&self, &cell: &Cell, moves: &mut MoveBuffer<Direction, C>) {
        let mut open = self.step_mask(cell) & self.directions;
        while open != 0 {
            let d = open.trailing_zeros() as usize;
            moves.push((Direction::ALL[d], self.step_cost[d]));
            open &= open - 1;
        }
    }

    #[inline]
    fn apply(&self, cell: &mut Cell, direction: Direction) {
        *cell = cell.step(direction as u8);
    }

    /// The children straight from the map's step mask, without listing the moves first.
    #[inline]
    fn children_at_once<F>(
        &self,
        &cell: &Cell,
        skip: Option<Direction>,
        mut each: F,
    ) -> Option<ControlFlow<()>>
    where
        F: FnMut(Cell, Direction, C) -> ControlFlow<()>,
    {
        let mut open = self.step_mask(cell) & self.directions;
        if let Some(skip) = skip {
            open &= !(1 << skip as u8);
        }
        while open != 0 {
            let d = open.trailing_zeros() as usize;
            if each(cell.step(d as u8), Direction::ALL[d], self.step_cost[d]).is_break() {
                return Some(ControlFlow::Break(()));
            }
            open &= open - 1;
        }
        Some(ControlFlow::Continue(()))
    }

    #[inline]
    fn heuristic(&self, &cell: &Cell) -> C {
        self.distance(cell, self.goal)
    }

    #[inline]
    fn inverse(&self, direction: Direction) -> Option<Direction> {
        Some(direction.opposite())
    }

    /// The map's cells, row by row: A* and the others file a cell by its place on the map.
    #[inline]
    fn state_index(&self, &cell: &Cell) -> Option<usize> {
        Some(self.index(cell))
    }
}

/// Every step is reversible at the same cost (a diagonal needs the same two cells free both
/// ways), so the default predecessors hold.
impl<C: Cost> crate::problem::Bidirectional for GridPath<'_, C> {
    fn goals(&self) -> Vec<Cell> {
        vec![self.goal]
    }

    fn heuristic_from_start(&self, &cell: &Cell) -> C {
        self.distance(cell, self.start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_queries_and_costs_are_refused() {
        let map = GridMap::from_rows(&["..@"]).unwrap();
        let at = |x| Cell::new(x, 0);
        let octile = GridCosts::octile();
        assert_eq!(
            GridPath::new(&map, at(0), at(2), Connectivity::Eight, octile).unwrap_err(),
            GridError::Blocked { cell: at(2) }
        );
        assert!(matches!(
            GridPath::new(&map, at(3), at(0), Connectivity::Eight, octile),
            Err(GridError::OutOfBounds { .. })
        ));
        for (straight, diagonal) in [(1.0, 0.5), (1.0, 2.5), (f64::NAN, 1.0), (-1.0, -1.0)] {
            assert!(matches!(
                GridPath::new(
                    &map,
                    at(0),
                    at(1),
                    Connectivity::Eight,
                    GridCosts::new(straight, diagonal)
                ),
                Err(GridError::InvalidCosts { .. })
            ));
        }
        // 4-connected paths never take the diagonal: its cost does not matter.
        assert!(
            GridPath::new(
                &map,
                at(0),
                at(1),
                Connectivity::Four,
                GridCosts::new(1u8, 0)
            )
            .is_ok()
        );
    }

    #[test]
    fn the_distance_tables_saturate() {
        let map = GridMap::from_fn(300, 1, |_, _| true).unwrap();
        let path = GridPath::new(
            &map,
            Cell::new(0, 0),
            Cell::new(299, 0),
            Connectivity::Four,
            GridCosts::new(1u8, 1),
        )
        .unwrap();
        assert_eq!(path.heuristic(&Cell::new(0, 0)), u8::MAX);
        assert_eq!(path.heuristic(&Cell::new(290, 0)), 9);
    }
}
