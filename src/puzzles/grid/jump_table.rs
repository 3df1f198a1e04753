//! Jump point search's jumps worked out ahead for a whole map (JPS+): for every cell and
//! direction, how far the jump runs and whether it ends at a jump point or a wall, so that a
//! query reads each jump instead of scanning for it.

use std::path::Path;

use crate::heuristics::pattern_database::{BuildReport, CachedTable, PdbError, Table};
use crate::puzzles::grid::cell::OFFSET;
use crate::puzzles::grid::{Cell, GridMap};

/// Set in an entry whose jump ends at a jump point; clear where it ends at a wall.
const AT_JUMP_POINT: u32 = 1 << 31;

/// The kind of table in a cache file's header.
const KIND: &str = "grid-jump-table";

/// Jump distances for every cell and direction of one [`GridMap`] (JPS+: Harabor and
/// Grastien, "Improving Jump Point Search", ICAPS 2014; S. Rabin, "JPS+: over 100x faster
/// than A*", GDC 2015), for [`JumpPoints::with_table`](super::JumpPoints::with_table).
///
/// An entry says how many steps a jump from the cell runs in the direction: to the jump point
/// it meets (a cell with a forced neighbour, or on a diagonal a cell from which a straight
/// jump meets one), or, if none comes first, to the last cell before a wall. The goal of a
/// query is not in the table: a query checks whether its goal comes first. Searches with and
/// without the table expand the same states and return the same paths.
///
/// Four bytes an entry, eight entries a cell. The table depends on the map only: build it
/// once, share it between queries, and keep it in a file with
/// [`load_or_build`](Self::load_or_build), which checks a file was made for this map and is
/// intact before it takes it.
///
/// ```
/// use informed::a_star;
/// use informed::puzzles::grid::{Cell, Connectivity, GridCosts, GridMap, GridPath, JumpPoints, JumpTable};
///
/// let map = GridMap::from_fn(100, 100, |x, y| !(x == 50 && y < 90))?;
/// let table = JumpTable::build(&map)?;
/// let query = GridPath::new(&map, Cell::new(0, 0), Cell::new(99, 0), Connectivity::Eight, GridCosts::new(100u32, 141))?;
/// let online = a_star(&JumpPoints::new(&query)?);
/// let ahead = a_star(&JumpPoints::with_table(&query, &table)?);
/// assert_eq!(ahead.solution(), online.solution());
/// assert_eq!(ahead.stats.expanded, online.stats.expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct JumpTable {
    width: u16,
    height: u16,
    /// What the map's steps hash to: a table serves only the map it was built for.
    fingerprint: u64,
    /// Eight little-endian `u32` entries a cell, the cells row by row, the directions as
    /// [`Direction`](super::Direction) numbers them.
    entries: Table,
}

impl JumpTable {
    /// The table of `map`: every jump, by one sweep of the map per direction. Its time and
    /// memory are linear in the map's cells.
    ///
    /// # Errors
    ///
    /// [`PdbError::OutOfMemory`] if the memory for the table is not there.
    pub fn build(map: &GridMap) -> Result<JumpTable, PdbError> {
        let (width, height) = (usize::from(map.width()), usize::from(map.height()));
        let cells = width * height;
        let mut entries: Vec<u32> = Vec::new();
        entries
            .try_reserve_exact(cells * 8)
            .map_err(|_| PdbError::OutOfMemory {
                entries: (cells * 8) as u64,
            })?;
        entries.resize(cells * 8, 0);
        // The straight directions first: the diagonal jumps stop where they find one.
        for d in [0u8, 2, 4, 6, 1, 3, 5, 7] {
            sweep(map, d, &mut entries);
        }
        let bytes = Table::filled(cells * 32, |bytes| {
            for (at, entry) in bytes.chunks_exact_mut(4).zip(&entries) {
                at.copy_from_slice(&entry.to_le_bytes());
            }
        })?;
        Ok(JumpTable {
            width: map.width(),
            height: map.height(),
            fingerprint: map.fingerprint(),
            entries: bytes,
        })
    }

    /// The table of `map`, read from `cache` (a file) if one there was made for this map and
    /// is intact, otherwise built and written there; without a cache, built. `report` counts
    /// what was loaded and built, the time each took and the bytes, and names a file that was
    /// there but rejected (made for another map, or damaged), which is then rebuilt.
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`] if the file cannot be written; [`PdbError::OutOfMemory`] as for
    /// [`build`](Self::build).
    pub fn load_or_build(
        map: &GridMap,
        cache: Option<&Path>,
        report: &mut BuildReport,
    ) -> Result<JumpTable, PdbError> {
        let fingerprint = map.fingerprint();
        let cached = cache.map(|path| CachedTable {
            path: path.to_path_buf(),
            kind: KIND,
            key: key(map, fingerprint),
        });
        let cells = usize::from(map.width()) * usize::from(map.height());
        let mut built = None;
        let entries = Table::load_or_build(cached.as_ref(), cells * 32, report, || {
            let table = JumpTable::build(map)?;
            let entries = table.entries.clone();
            built = Some(table);
            Ok(entries)
        })?;
        report.bytes += entries.memory_bytes();
        Ok(built.unwrap_or(JumpTable {
            width: map.width(),
            height: map.height(),
            fingerprint,
            entries,
        }))
    }

    /// Whether the table was built for `map`.
    pub fn serves(&self, map: &GridMap) -> bool {
        (self.width, self.height) == (map.width(), map.height())
            && self.fingerprint == map.fingerprint()
    }

    /// The bytes the table takes.
    pub fn memory_bytes(&self) -> usize {
        self.entries.memory_bytes()
    }

    /// The entry of the cell at `index` in direction `d`: the steps, and whether they end at
    /// a jump point.
    #[inline]
    fn entry(&self, index: usize, d: u8) -> (u32, bool) {
        let at = (index * 8 + usize::from(d)) * 4;
        let bytes = &self.entries.as_bytes()[at..at + 4];
        let entry = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        (entry & !AT_JUMP_POINT, entry & AT_JUMP_POINT != 0)
    }

    /// The steps of a straight jump from `cell` in direction `d` (even) to the next jump
    /// point or `goal`, or `None` if a wall comes first: what a scan of the map finds.
    #[inline]
    pub(crate) fn straight(&self, map: &GridMap, cell: Cell, d: u8, goal: Cell) -> Option<u32> {
        let (steps, at_jump_point) = self.entry(map.index(cell), d);
        match ahead(cell, d, goal) {
            Some(to_goal) if to_goal <= steps => Some(to_goal),
            _ => at_jump_point.then_some(steps),
        }
    }

    /// The steps of a diagonal jump from `cell` in direction `d` (odd), stopping at `goal`,
    /// or where a straight jump along either of its parts meets a jump point or `goal`; or
    /// `None` if a wall comes first.
    #[inline]
    pub(crate) fn diagonal(&self, map: &GridMap, cell: Cell, d: u8, goal: Cell) -> Option<u32> {
        let (steps, at_jump_point) = self.entry(map.index(cell), d);
        let (dx, dy) = OFFSET[usize::from(d)];
        let (gx, gy) = (
            i32::from(goal.x()) - i32::from(cell.x()),
            i32::from(goal.y()) - i32::from(cell.y()),
        );
        if gx * dx > 0 && gy * dy > 0 {
            // The one cell of the diagonal in line with the goal: a stop if it is the goal,
            // or if the straight jump from it toward the goal (a part of the diagonal)
            // meets the goal or a jump point.
            let turn = gx.abs().min(gy.abs()) as u32;
            if turn <= steps {
                let at = cell.steps(d, turn);
                let onward = match (gx.abs() > gy.abs(), gx > 0, gy > 0) {
                    (true, true, _) => 2,
                    (true, false, _) => 6,
                    (false, _, true) => 4,
                    (false, _, false) => 0,
                };
                if at == goal || self.straight(map, at, onward, goal).is_some() {
                    return Some(turn);
                }
            }
        }
        at_jump_point.then_some(steps)
    }
}

/// How many steps ahead of `cell` in straight direction `d` the goal lies, if it does.
#[inline]
fn ahead(cell: Cell, d: u8, goal: Cell) -> Option<u32> {
    let (dx, dy) = OFFSET[usize::from(d)];
    let (gx, gy) = (
        i32::from(goal.x()) - i32::from(cell.x()),
        i32::from(goal.y()) - i32::from(cell.y()),
    );
    let steps = if dx == 0 {
        (gx == 0 && gy * dy > 0).then_some(gy.abs())
    } else {
        (gy == 0 && gx * dx > 0).then_some(gx.abs())
    };
    steps.map(|s| s as u32)
}

/// Fills the entries of direction `d` for every cell, each from the one a step on, which the
/// sweep reaches first.
fn sweep(map: &GridMap, d: u8, entries: &mut [u32]) {
    let (width, height) = (i32::from(map.width()), i32::from(map.height()));
    let (dx, dy) = OFFSET[usize::from(d)];
    let free = |x: i32, y: i32| {
        (0..width).contains(&x)
            && (0..height).contains(&y)
            && map.is_passable(Cell::new(x as u16, y as u16))
    };
    let index = |x: i32, y: i32| (y as usize * width as usize + x as usize) * 8 + usize::from(d);
    let ys: Vec<i32> = if dy > 0 {
        (0..height).rev().collect()
    } else {
        (0..height).collect()
    };
    let xs: Vec<i32> = if dx > 0 {
        (0..width).rev().collect()
    } else {
        (0..width).collect()
    };
    for &y in &ys {
        for &x in &xs {
            if !free(x, y) {
                continue;
            }
            let cell = Cell::new(x as u16, y as u16);
            let (nx, ny) = (x + dx, y + dy);
            let entry = if map.step_mask(cell) >> d & 1 == 0 {
                0 // a wall (or the map's edge, or a corner) next: no step
            } else if d % 2 == 0 {
                // A straight step onto a cell with a forced neighbour: a side cell open there
                // but not beside the cell the step leaves.
                let forced = [(-dy, dx), (dy, -dx)]
                    .iter()
                    .any(|&(sx, sy)| free(nx + sx, ny + sy) && !free(x + sx, y + sy));
                if forced {
                    AT_JUMP_POINT | 1
                } else {
                    entries[index(nx, ny)] + 1
                }
            } else {
                // A diagonal step onto a cell from which a straight jump along either part
                // meets a jump point.
                let next = (ny as usize * width as usize + nx as usize) * 8;
                let parts = [usize::from((d + 1) & 7), usize::from((d + 7) & 7)];
                if parts
                    .iter()
                    .any(|&p| entries[next + p] & AT_JUMP_POINT != 0)
                {
                    AT_JUMP_POINT | 1
                } else {
                    entries[index(nx, ny)] + 1
                }
            };
            entries[index(x, y)] = entry;
        }
    }
}

/// What a cache file's header names the table by: the map's size and fingerprint.
fn key(map: &GridMap, fingerprint: u64) -> Vec<u8> {
    let mut key = Vec::with_capacity(12);
    key.extend_from_slice(&map.width().to_le_bytes());
    key.extend_from_slice(&map.height().to_le_bytes());
    key.extend_from_slice(&fingerprint.to_le_bytes());
    key
}
