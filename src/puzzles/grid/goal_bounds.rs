//! Goal bounding: for every cell and direction of a map, the box around the cells that some
//! optimal path from the cell reaches by a first step in that direction, so that a search
//! never tries a direction whose box does not hold its goal.

use std::path::Path;

use crate::cost::{Cost, CostValue};
use crate::heuristics::pattern_database::{BuildReport, CachedTable, PdbError, Table};
use crate::puzzles::grid::path::{Connectivity, GridPath};
use crate::puzzles::grid::{Cell, GridMap};

/// The kind of table in a cache file's header.
const KIND: &str = "grid-goal-bounds";

/// Bytes a box takes: four `u16`, the least x and y, then the greatest.
const BOX: usize = 8;

/// Bytes a cell takes: a box per direction.
const CELL: usize = 8 * BOX;

/// The box that holds no cell.
const EMPTY: [u16; 4] = [u16::MAX, u16::MAX, 0, 0];

/// Goal bounds for one map and one set of step costs (Rabin and Sturtevant, "Combining
/// Bounding Boxes and JPS to Prune Grid Pathfinding", AAAI 2016), for
/// [`JumpPoints::with_goal_bounds`](super::JumpPoints::with_goal_bounds).
///
/// For every cell and direction, the bounding box of the cells that an optimal path from the
/// cell reaches with a first step in that direction (all of them, where several optimal paths
/// start differently). A jump point search that reads them tries from a cell only the
/// directions whose box holds the goal: no optimal path to the goal starts another way, so
/// the path found is as short, and on most maps far fewer states are expanded.
///
/// The bounds take a search from every passable cell of the map to work out, a time that
/// grows with the square of the open cells (on every core with the `parallel` feature), and
/// 64 bytes a cell. Build them once per map and costs, and keep them in a file with
/// [`load_or_build`](Self::load_or_build).
///
/// ```
/// use informed::a_star;
/// use informed::puzzles::grid::{Cell, Connectivity, GoalBounds, GridCosts, GridMap, GridPath, JumpPoints};
///
/// let map = GridMap::from_fn(40, 40, |x, y| !(x == 20 && y < 35) && !(y == 10 && x > 25))?;
/// let query = GridPath::new(&map, Cell::new(0, 0), Cell::new(39, 0), Connectivity::Eight, GridCosts::new(100u32, 141))?;
/// let bounds = GoalBounds::build(&query)?;
/// let plain = a_star(&JumpPoints::new(&query)?);
/// let bounded = a_star(&JumpPoints::new(&query)?.with_goal_bounds(&bounds)?);
/// assert_eq!(bounded.solution().unwrap().cost, plain.solution().unwrap().cost);
/// assert!(bounded.stats.expanded <= plain.stats.expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GoalBounds {
    /// What the bounds were built for: they serve only paths of the same.
    built_for: BuiltFor,
    width: u16,
    /// Eight boxes a cell, the cells row by row, the directions as
    /// [`Direction`](super::Direction) numbers them; each box four little-endian `u16`.
    boxes: Table,
}

impl GoalBounds {
    /// The bounds of `path`'s map, connectivity and step costs: any query on the map with
    /// the same costs is served, whatever its start and goal. A search from every passable
    /// cell (on rayon's threads with the `parallel` feature).
    ///
    /// # Errors
    ///
    /// [`PdbError::OutOfMemory`] if the memory for the bounds is not there.
    pub fn build<C: Cost>(path: &GridPath<'_, C>) -> Result<GoalBounds, PdbError> {
        let map = path.map();
        let cells = usize::from(map.width()) * usize::from(map.height());
        Ok(GoalBounds {
            built_for: BuiltFor::of(path),
            width: map.width(),
            boxes: Table::filled(cells * CELL, |bytes| fill(path, bytes))?,
        })
    }

    /// The bounds of `path`'s map and costs, read from `cache` (a file) if one there was made
    /// for the same map, connectivity and costs and is intact, otherwise built and written
    /// there; without a cache, built. `report` counts what was loaded and built, the time each
    /// took and the bytes, and names a file that was there but rejected, which is rebuilt.
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`] if the file cannot be written; [`PdbError::OutOfMemory`] as for
    /// [`build`](Self::build).
    pub fn load_or_build<C: Cost>(
        path: &GridPath<'_, C>,
        cache: Option<&Path>,
        report: &mut BuildReport,
    ) -> Result<GoalBounds, PdbError> {
        let built_for = BuiltFor::of(path);
        let cached = cache.map(|file| CachedTable {
            path: file.to_path_buf(),
            kind: KIND,
            key: built_for.key(),
        });
        let map = path.map();
        let cells = usize::from(map.width()) * usize::from(map.height());
        let boxes = Table::load_or_build(cached.as_ref(), cells * CELL, report, || {
            GoalBounds::build(path).map(|bounds| bounds.boxes)
        })?;
        report.bytes += boxes.memory_bytes();
        Ok(GoalBounds {
            built_for,
            width: map.width(),
            boxes,
        })
    }

    /// Whether the bounds were built for `path`'s map, connectivity and step costs.
    pub fn serves<C: Cost>(&self, path: &GridPath<'_, C>) -> bool {
        self.built_for == BuiltFor::of(path)
    }

    /// The bytes the bounds take.
    pub fn memory_bytes(&self) -> usize {
        self.boxes.memory_bytes()
    }

    /// The directions among `directions` whose box at `cell` holds `goal`.
    #[inline]
    pub(crate) fn toward(&self, cell: Cell, goal: Cell, directions: u8) -> u8 {
        let bytes = self.boxes.as_bytes();
        let base = (usize::from(cell.y()) * usize::from(self.width) + usize::from(cell.x())) * CELL;
        let mut kept = 0;
        let mut open = directions;
        while open != 0 {
            let d = open.trailing_zeros() as usize;
            open &= open - 1;
            let at = base + d * BOX;
            let Some(b) = bytes.get(at..at + BOX) else {
                continue;
            };
            let word = |i: usize| u16::from_le_bytes([b[2 * i], b[2 * i + 1]]);
            if (word(0)..=word(2)).contains(&goal.x()) && (word(1)..=word(3)).contains(&goal.y()) {
                kept |= 1 << d;
            }
        }
        kept
    }
}

/// What bounds are built for: the map's size and fingerprint, the connectivity, the cost type
/// and the two step costs. (Compared at every query that takes the bounds: no allocation.)
#[derive(Clone, Debug, PartialEq)]
struct BuiltFor {
    width: u16,
    height: u16,
    fingerprint: u64,
    connectivity: Connectivity,
    cost_type: &'static str,
    straight: CostValue,
    diagonal: CostValue,
}

impl BuiltFor {
    fn of<C: Cost>(path: &GridPath<'_, C>) -> BuiltFor {
        let (map, costs) = (path.map(), path.costs());
        BuiltFor {
            width: map.width(),
            height: map.height(),
            fingerprint: map.fingerprint(),
            connectivity: path.connectivity(),
            cost_type: core::any::type_name::<C>(),
            straight: costs.straight.value(),
            diagonal: costs.diagonal.value(),
        }
    }

    /// The key a cache file's header gives.
    fn key(&self) -> Vec<u8> {
        let mut key = Vec::new();
        key.extend_from_slice(&self.width.to_le_bytes());
        key.extend_from_slice(&self.height.to_le_bytes());
        key.extend_from_slice(&self.fingerprint.to_le_bytes());
        key.push(match self.connectivity {
            Connectivity::Four => 4,
            Connectivity::Eight => 8,
        });
        key.extend_from_slice(
            format!("{:?};{:?};{}", self.straight, self.diagonal, self.cost_type).as_bytes(),
        );
        key
    }
}

/// Works out every cell's boxes into `bytes` (`CELL` bytes a cell).
fn fill<C: Cost>(path: &GridPath<'_, C>, bytes: &mut [u8]) {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        bytes.par_chunks_mut(CELL).enumerate().for_each_init(
            || Sweep::new(path),
            |sweep, (index, out)| sweep.boxes(index, out),
        );
    }
    #[cfg(not(feature = "parallel"))]
    {
        let mut sweep = Sweep::new(path);
        for (index, out) in bytes.chunks_mut(CELL).enumerate() {
            sweep.boxes(index, out);
        }
    }
}

/// A search from one cell over the whole map (Dijkstra's algorithm), keeping for every cell
/// reached the first steps of its optimal paths; its buffers serve one source after another.
struct Sweep<'p, 'm, C: Cost> {
    path: &'p GridPath<'m, C>,
    /// By cell: the cost of the best path found, the first steps that start one, and whether
    /// its steps onward were taken with those first steps.
    cost: Vec<C>,
    first: Vec<u8>,
    settled: Vec<bool>,
    /// The cells reached, to be cleared for the next source.
    reached: Vec<u32>,
    queue: std::collections::BinaryHeap<core::cmp::Reverse<(C::Key, u32)>>,
    tolerance: f64,
}

impl<'p, 'm, C: Cost> Sweep<'p, 'm, C> {
    fn new(path: &'p GridPath<'m, C>) -> Self {
        let map = path.map();
        let cells = usize::from(map.width()) * usize::from(map.height());
        Sweep {
            path,
            cost: vec![C::MAX; cells],
            first: vec![0; cells],
            settled: vec![false; cells],
            reached: Vec::new(),
            queue: std::collections::BinaryHeap::new(),
            tolerance: tolerance::<C>(map),
        }
    }

    /// The boxes of the cell at `index`, written to `out`: empty for a blocked cell.
    fn boxes(&mut self, index: usize, out: &mut [u8]) {
        let mut boxes = [EMPTY; 8];
        let map = self.path.map();
        let width = usize::from(map.width());
        let source = Cell::new((index % width) as u16, (index / width) as u16);
        if map.is_passable(source) {
            self.search(source);
            for &at in &self.reached {
                let (x, y) = ((at as usize % width) as u16, (at as usize / width) as u16);
                let mut firsts = self.first[at as usize];
                while firsts != 0 {
                    let d = firsts.trailing_zeros() as usize;
                    firsts &= firsts - 1;
                    let b = &mut boxes[d];
                    *b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
                }
            }
            for &at in &self.reached {
                self.cost[at as usize] = C::MAX;
                self.first[at as usize] = 0;
                self.settled[at as usize] = false;
            }
            self.reached.clear();
        }
        for (d, b) in boxes.iter().enumerate() {
            for (i, word) in b.iter().enumerate() {
                let at = d * BOX + 2 * i;
                out[at..at + 2].copy_from_slice(&word.to_le_bytes());
            }
        }
    }

    /// Dijkstra's algorithm from `source`: `cost` and `first` of every cell it reaches, listed
    /// in `reached` (the source, whose `first` stays empty, among them).
    fn search(&mut self, source: Cell) {
        let map = self.path.map();
        let start = map.index(source);
        self.cost[start] = C::ZERO;
        self.reached.push(start as u32);
        self.queue
            .push(core::cmp::Reverse((C::ZERO.key(), start as u32)));
        while let Some(core::cmp::Reverse((key, at))) = self.queue.pop() {
            let at = at as usize;
            let here = self.cost[at];
            if here.key() != key {
                continue; // reached more cheaply since
            }
            self.settled[at] = true;
            let cell = Cell::new(
                (at % usize::from(map.width())) as u16,
                (at / usize::from(map.width())) as u16,
            );
            let mut open = map.step_mask(cell) & self.path.direction_mask();
            while open != 0 {
                let d = open.trailing_zeros() as u8;
                open &= open - 1;
                let next = map.index(cell.step(d));
                let cost = here.saturating_add(self.path.step_cost(d));
                let firsts = if at == start { 1 << d } else { self.first[at] };
                let known = self.cost[next];
                if known == C::MAX {
                    self.reached.push(next as u32);
                }
                match compare(cost, known, self.tolerance) {
                    core::cmp::Ordering::Less => {
                        self.cost[next] = cost;
                        self.first[next] = firsts;
                        self.settled[next] = false;
                        self.queue
                            .push(core::cmp::Reverse((cost.key(), next as u32)));
                    }
                    core::cmp::Ordering::Equal if firsts & !self.first[next] != 0 => {
                        self.first[next] |= firsts;
                        // A tie found after the cell's steps were taken (over zero-cost
                        // steps): taken again, to pass the new first steps on.
                        if self.settled[next] {
                            self.settled[next] = false;
                            self.queue
                                .push(core::cmp::Reverse((known.key(), next as u32)));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// `a` against `b`; floating-point costs within `tolerance` of each other (relative) are
/// equal: the same steps summed in another order tie, so that every first step of an optimal
/// path is kept (a box too large prunes less, never wrongly).
fn compare<C: Cost>(a: C, b: C, tolerance: f64) -> core::cmp::Ordering {
    if !C::EXACT && b != C::MAX {
        let (x, y) = (a.value().as_f64(), b.value().as_f64());
        if (x - y).abs() <= tolerance * x.abs().max(y.abs()) {
            return core::cmp::Ordering::Equal;
        }
    }
    a.partial_cmp(&b).unwrap_or(core::cmp::Ordering::Greater)
}

/// How far apart (relative) two floating-point sums of the same steps may lie: a few times
/// the rounding error of the longest sum of steps on `map` (0 for exact costs).
fn tolerance<C: Cost>(map: &GridMap) -> f64 {
    if C::EXACT {
        return 0.0;
    }
    let one = C::from_value(CostValue::Float(1.0));
    let epsilon = one.next_up().value().as_f64() - 1.0;
    4.0 * epsilon * (f64::from(map.width()) + f64::from(map.height()))
}
