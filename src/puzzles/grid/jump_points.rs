//! Jump point search (Harabor and Grastien 2011) as a search problem: the moves of a state
//! are jumps to the next jump points, found by scanning the map, so that A* over it stores
//! and expands a few cells where it would expand whole open areas.

use crate::cost::Cost;
use crate::problem::{MoveBuffer, SearchProblem};
use crate::puzzles::grid::path::{Connectivity, GridPath};
use crate::puzzles::grid::{Cell, Direction, GoalBounds, GridError, JumpTable};

/// A state of jump point search: a cell and the direction of the jump that reached it
/// (none at the start), which decides the jumps onward.
///
/// Two jump points are equal when their cells are, whatever reached them: the search keeps
/// one state per cell, with the direction of its cheapest arrival (A* keeps a state as it
/// was last reached more cheaply), as jump point search is meant to run. A cell reached from
/// two directions is expanded once.
#[derive(Clone, Copy)]
pub struct JumpPoint(u64);

impl PartialEq for JumpPoint {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.cell() == other.cell()
    }
}

impl Eq for JumpPoint {}

impl core::hash::Hash for JumpPoint {
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.cell().hash(state);
    }
}

impl JumpPoint {
    fn new(cell: Cell, arrived: Option<u8>) -> JumpPoint {
        let direction = arrived.map_or(0, |d| u64::from(d) + 1);
        JumpPoint(direction << 32 | u64::from(cell.bits()))
    }

    /// The cell.
    pub fn cell(self) -> Cell {
        Cell::from_bits(self.0 as u32)
    }

    /// The direction of the jump that reached it; `None` at the start.
    pub fn arrived(self) -> Option<Direction> {
        match (self.0 >> 32) as usize {
            0 => None,
            d => Some(Direction::ALL[d - 1]),
        }
    }

    fn arrived_bits(self) -> Option<u8> {
        match (self.0 >> 32) as u8 {
            0 => None,
            d => Some(d - 1),
        }
    }
}

impl core::fmt::Debug for JumpPoint {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:?} by {:?}", self.cell(), self.arrived())
    }
}

/// A move of jump point search: `length` steps in `direction`, all of them allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// Which way.
    pub direction: Direction,
    /// How many steps, at least one.
    pub length: u16,
}

/// Jump point search on an 8-connected [`GridPath`]: solve it with [`a_star`](crate::a_star)
/// for the same optimal length, storing only jump points (Harabor and Grastien, "Online Graph
/// Pruning for Pathfinding on Grid Maps", AAAI 2011), in the variant without corner cutting.
///
/// A jump runs straight or diagonally from a state until it meets the goal or a *jump
/// point*: a cell with a neighbour that only a path through it reaches optimally (a forced
/// neighbour), or, on a diagonal, a cell from which a straight scan finds one. From a jump
/// point only the directions that could continue an optimal path are tried: onward, and
/// toward a forced neighbour (straight arrivals), or onward and its two straight parts
/// (diagonal ones). A state is a cell with the direction of its cheapest arrival
/// ([`JumpPoint`]), so a cell reached from two directions is expanded once; and once the goal
/// is in sight (a clear diagonal-then-straight path to it), the one jump toward it is all.
///
/// Best on open maps and rooms, where A* on the plain grid expands every cell of an area
/// that jump point search crosses in one scan; the scans make each expansion dearer, so on
/// narrow mazes it gains less.
///
/// ```
/// use informed::a_star;
/// use informed::puzzles::grid::{Cell, Connectivity, GridCosts, GridMap, GridPath, JumpPoints};
///
/// let map = GridMap::from_fn(100, 100, |x, y| !(x == 50 && y < 90))?;
/// let query = GridPath::new(&map, Cell::new(0, 0), Cell::new(99, 0), Connectivity::Eight, GridCosts::new(100u32, 141))?;
/// let plain = a_star(&query);
/// let jumps = JumpPoints::new(&query)?;
/// let jumped = a_star(&jumps);
/// assert_eq!(jumped.solution().unwrap().cost, plain.solution().unwrap().cost);
/// assert!(jumped.stats.expanded * 10 < plain.stats.expanded);
/// assert_eq!(*jumps.cells(&jumped.solution().unwrap().moves).last().unwrap(), Cell::new(99, 0));
/// # Ok::<(), informed::puzzles::grid::GridError>(())
/// ```
#[derive(Clone, Debug)]
pub struct JumpPoints<'p, 'm, C> {
    path: &'p GridPath<'m, C>,
    /// The jumps worked out ahead (JPS+), or `None` to scan the map for them.
    table: Option<&'p JumpTable>,
    /// The directions worth trying toward the goal, worked out ahead, if given.
    bounds: Option<&'p GoalBounds>,
}

impl<'p, 'm, C: Cost> JumpPoints<'p, 'm, C> {
    /// Jump point search for `path`.
    ///
    /// # Errors
    ///
    /// [`GridError::NotEightConnected`] if the path is 4-connected.
    pub fn new(path: &'p GridPath<'m, C>) -> Result<Self, GridError> {
        if path.connectivity() == Connectivity::Eight {
            Ok(JumpPoints {
                path,
                table: None,
                bounds: None,
            })
        } else {
            Err(GridError::NotEightConnected)
        }
    }

    /// Jump point search for `path` that reads its jumps from `table` (JPS+) instead of
    /// scanning the map: the same states expanded and the same path, each jump one lookup.
    ///
    /// # Errors
    ///
    /// [`GridError::NotEightConnected`] as for [`new`](Self::new);
    /// [`GridError::WrongJumpTable`] if `table` was built for another map.
    pub fn with_table(path: &'p GridPath<'m, C>, table: &'p JumpTable) -> Result<Self, GridError> {
        if !table.serves(path.map()) {
            return Err(GridError::WrongJumpTable);
        }
        let mut search = Self::new(path)?;
        search.table = Some(table);
        Ok(search)
    }

    /// The same search, trying from each jump point only the directions whose goal bounds
    /// hold the goal (Rabin and Sturtevant 2016): the same optimal length, fewer states
    /// expanded. With or without a [`JumpTable`].
    ///
    /// # Errors
    ///
    /// [`GridError::WrongGoalBounds`] if `bounds` were built for another map, connectivity or
    /// step costs than this search's path.
    pub fn with_goal_bounds(mut self, bounds: &'p GoalBounds) -> Result<Self, GridError> {
        if !bounds.serves(self.path) {
            return Err(GridError::WrongGoalBounds);
        }
        self.bounds = Some(bounds);
        Ok(self)
    }

    /// The path it searches.
    pub fn path(&self) -> &'p GridPath<'m, C> {
        self.path
    }

    /// The cells a path of `jumps` from the start visits, every step's, the start and the
    /// last included. The jumps must be ones this search returned.
    pub fn cells(&self, jumps: &[Jump]) -> Vec<Cell> {
        let mut cell = self.path.start_cell();
        let mut cells = vec![cell];
        for jump in jumps {
            for _ in 0..jump.length {
                cell = cell.step(jump.direction as u8);
                cells.push(cell);
            }
        }
        cells
    }

    /// The steps of a straight jump from `cell` in direction `d` to the next jump point
    /// or the goal, or `None` if it runs into a wall first: scanned 64 cells at a time.
    #[inline]
    fn jump_straight(&self, cell: Cell, d: u8) -> Option<u32> {
        let (map, goal) = (self.path.map(), self.path.goal());
        match self.table {
            Some(table) => table.straight(map, cell, d, goal),
            None => map.jump(cell, d, goal),
        }
    }

    /// The steps of a diagonal jump from `cell` in direction `d`, stopping where a straight
    /// scan along either of its parts finds a jump point, or `None`.
    #[inline]
    fn jump_diagonal(&self, mut cell: Cell, d: u8) -> Option<u32> {
        let map = self.path.map();
        let goal = self.path.goal();
        if let Some(table) = self.table {
            return table.diagonal(map, cell, d, goal);
        }
        let (one, other) = ((d + 1) & 7, (d + 7) & 7);
        let mut length = 0;
        loop {
            if map.step_mask(cell) >> d & 1 == 0 {
                return None;
            }
            cell = cell.step(d);
            length += 1;
            if cell == goal
                || self.jump_straight(cell, one).is_some()
                || self.jump_straight(cell, other).is_some()
            {
                return Some(length);
            }
        }
    }

    /// The one jump worth making from `cell` when the goal is in sight: the goal lies in a
    /// direction of `open` (the octant's, diagonal unless it shares a row or column), and the
    /// diagonal steps toward it and then the straight ones are all allowed. The jump runs to
    /// the goal, or to the turn after the diagonal steps (where the straight part is in sight
    /// again). A path through any other jump costs at least as much: the octile distance is
    /// the least any path costs.
    #[inline]
    fn in_sight(&self, cell: Cell, open: u8) -> Option<(u8, u32)> {
        let (map, goal) = (self.path.map(), self.path.goal());
        let (dx, dy) = (
            i32::from(goal.x()) - i32::from(cell.x()),
            i32::from(goal.y()) - i32::from(cell.y()),
        );
        // Directions are numbered clockwise from north; a straight one is even.
        let toward = |x: i32, y: i32| match (x.signum(), y.signum()) {
            (0, -1) => 0,
            (1, -1) => 1,
            (1, 0) => 2,
            (1, 1) => 3,
            (0, 1) => 4,
            (-1, 1) => 5,
            (-1, 0) => 6,
            _ => 7,
        };
        if dx == 0 && dy == 0 {
            return None;
        }
        let d = toward(dx, dy);
        if open >> d & 1 == 0 {
            return None;
        }
        let (diagonal, straight) = (dx.abs().min(dy.abs()), (dx.abs() - dy.abs()).abs());
        let mut at = cell;
        let clear = |at: &mut Cell, d: u8, steps: i32| {
            (0..steps).all(|_| {
                let allowed = map.step_mask(*at) >> d & 1 == 1;
                *at = at.step(d);
                allowed
            })
        };
        if !clear(&mut at, d, diagonal) {
            return None;
        }
        let onward = if dx.abs() > dy.abs() {
            toward(dx, 0)
        } else {
            toward(0, dy)
        };
        if !clear(&mut at, onward, straight) {
            return None;
        }
        Some(if diagonal > 0 {
            (d, diagonal as u32)
        } else {
            (d, straight as u32)
        })
    }

    /// The directions worth a jump from `point`.
    #[inline]
    fn directions(&self, point: JumpPoint) -> u8 {
        let map = self.path.map();
        let cell = point.cell();
        let here = map.step_mask(cell);
        let wanted = match point.arrived_bits() {
            None => u8::MAX,
            Some(d) if d % 2 == 1 => 1 << d | 1 << ((d + 1) & 7) | 1 << ((d + 7) & 7),
            Some(d) => {
                let behind = map.step_mask(cell.step((d + 4) & 7));
                let mut wanted = 1 << d;
                for (side, diagonal) in [((d + 2) & 7, (d + 1) & 7), ((d + 6) & 7, (d + 7) & 7)] {
                    if (here & !behind) >> side & 1 == 1 {
                        wanted |= 1 << side | 1 << diagonal;
                    }
                }
                wanted
            }
        };
        wanted & here
    }
}

impl<C: Cost> SearchProblem for JumpPoints<'_, '_, C> {
    type State = JumpPoint;
    type Move = Jump;
    type Cost = C;

    fn start(&self) -> JumpPoint {
        JumpPoint::new(self.path.start_cell(), None)
    }

    #[inline]
    fn is_goal(&self, point: &JumpPoint) -> bool {
        point.cell() == self.path.goal()
    }

    fn moves(&self, &point: &JumpPoint, moves: &mut MoveBuffer<Jump, C>) {
        let cell = point.cell();
        let mut open = self.directions(point);
        if let Some(bounds) = self.bounds {
            open = bounds.toward(cell, self.path.goal(), open);
        }
        if let Some((d, length)) = self.in_sight(cell, open) {
            let jump = Jump {
                direction: Direction::ALL[d as usize],
                length: length as u16,
            };
            moves.push((jump, self.path.cost_of_steps(d, length)));
            return;
        }
        while open != 0 {
            let d = open.trailing_zeros() as u8;
            open &= open - 1;
            let length = if d % 2 == 0 {
                self.jump_straight(cell, d)
            } else {
                self.jump_diagonal(cell, d)
            };
            if let Some(length) = length {
                let jump = Jump {
                    direction: Direction::ALL[d as usize],
                    length: length as u16,
                };
                moves.push((jump, self.path.cost_of_steps(d, length)));
            }
        }
    }

    #[inline]
    fn apply(&self, point: &mut JumpPoint, jump: Jump) {
        let d = jump.direction as u8;
        *point = JumpPoint::new(point.cell().steps(d, u32::from(jump.length)), Some(d));
    }

    #[inline]
    fn heuristic(&self, point: &JumpPoint) -> C {
        self.path.distance(point.cell(), self.path.goal())
    }
}
