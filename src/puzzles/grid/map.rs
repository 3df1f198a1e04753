//! The map: its terrain, and the steps each cell allows.

use core::fmt;

use crate::puzzles::grid::cell::{Cell, Direction, OFFSET};
use crate::puzzles::grid::error::GridError;
use crate::puzzles::text::excerpt;

/// A grid map: `width × height` cells, each passable or blocked.
///
/// Read from the Moving AI `.map` format ([`parse`](Self::parse)), from rows of terrain
/// characters ([`from_rows`](Self::from_rows)) or from a function
/// ([`from_fn`](Self::from_fn)). The terrain characters are the benchmark's: `.` and `G`
/// (ground) and `S` (swamp) are passable; `@` and `O` (out of bounds), `T` (trees) and `W`
/// (water, which the benchmark lets only water reach) are blocked.
///
/// For every cell the map keeps the steps it allows, 8-connected with no corner cutting: a
/// straight step needs the cell it reaches to be passable, a diagonal step needs that cell
/// and the two beside it. Both sizes are 1 to 65,535.
#[derive(Clone, PartialEq, Eq)]
pub struct GridMap {
    width: u16,
    height: u16,
    terrain: Vec<u8>,
    /// Per cell, bit `d` set if the step in direction `d` is allowed from it.
    steps: Vec<u8>,
    /// The passable cells as bits, a line at a time, for jump point search's scans: by
    /// [`Scan`] (eastward rows, westward rows, southward columns, northward columns).
    lines: [Lines; 4],
    /// A hash of `steps`, which a [`JumpTable`](super::JumpTable) is checked against: the
    /// sum of a hash of each cell's index and steps, kept as cells change.
    fingerprint: u64,
}

/// A cell's share of a map's fingerprint: a hash of its index and its step mask
/// (splitmix64's finaliser).
fn cell_print(index: usize, mask: u8) -> u64 {
    let mut z = (index as u64) << 8 | u64::from(mask);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The four ways a straight scan runs, as [`GridMap`]'s bit lines hold them.
#[derive(Clone, Copy)]
pub(crate) enum Scan {
    East,
    West,
    South,
    North,
}

/// Passable cells as bits, line by line, each line read in the direction of a scan: bit `i`
/// of a line is its `i`-th cell in that direction. Every line is padded with zero (blocked)
/// bits to a whole number of words plus one, so that a window of 64 bits can be read from
/// any position.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Lines {
    count: usize,
    stride: usize,
    bits: Vec<u64>,
}

impl Lines {
    fn new(count: usize, length: usize, mut passable: impl FnMut(usize, usize) -> bool) -> Lines {
        let stride = length / 64 + 2;
        let mut bits = vec![0u64; count * stride];
        for line in 0..count {
            for at in 0..length {
                if passable(line, at) {
                    bits[line * stride + at / 64] |= 1 << (at % 64);
                }
            }
        }
        Lines {
            count,
            stride,
            bits,
        }
    }

    /// Makes the cell at position `at` of `line` passable or blocked.
    fn set(&mut self, line: usize, at: usize, open: bool) {
        let word = &mut self.bits[line * self.stride + at / 64];
        if open {
            *word |= 1 << (at % 64);
        } else {
            *word &= !(1 << (at % 64));
        }
    }

    /// The 64 cells of `line` from position `at` on, as bits; none (all blocked) off the
    /// map.
    #[inline]
    fn window(&self, line: usize, at: usize) -> u64 {
        if line >= self.count {
            return 0;
        }
        let word = line * self.stride + at / 64;
        let shift = at % 64;
        let low = self.bits[word] >> shift;
        if shift == 0 {
            low
        } else {
            low | self.bits[word + 1] << (64 - shift)
        }
    }

    /// The steps of a straight scan along `line` from position `at` to the first cell that
    /// is `target` or has a forced neighbour (a cell of a line beside it passable where the
    /// one behind it is not), or `None` if a blocked cell comes first. Reads 64 cells at a
    /// time.
    #[inline]
    pub(crate) fn jump(&self, line: usize, at: usize, target: Option<usize>) -> Option<u32> {
        let mut from = at;
        loop {
            let here = self.window(line, from);
            let before = self.window(line.wrapping_sub(1), from);
            let after = self.window(line + 1, from);
            let forced = (before & !(before << 1) | after & !(after << 1)) & !1;
            let stop = (!here & !1).trailing_zeros();
            let mut event = forced.trailing_zeros();
            if let Some(target) = target {
                if target > from && target - from < 64 {
                    event = event.min((target - from) as u32);
                }
            }
            if event < stop {
                return Some((from - at) as u32 + event);
            }
            if stop < 64 {
                return None;
            }
            from += 63;
        }
    }
}

/// Whether a terrain character is passable; `None` if it is not a terrain character.
fn passable(terrain: u8) -> Option<bool> {
    match terrain {
        b'.' | b'G' | b'S' => Some(true),
        b'@' | b'O' | b'T' | b'W' => Some(false),
        _ => None,
    }
}

impl GridMap {
    /// Reads a map in the Moving AI format: a header of lines `type octile`, `height H`,
    /// `width W` (in any order; `type` may be left out), the line `map`, then `H` rows of
    /// `W` terrain characters. Line ends may be `\n` or `\r\n`; blank lines may follow.
    ///
    /// ```
    /// use informed::puzzles::grid::{Cell, GridMap};
    ///
    /// let map = GridMap::parse("type octile\nheight 2\nwidth 3\nmap\n..@\n.T.\n")?;
    /// assert_eq!((map.width(), map.height()), (3, 2));
    /// assert!(map.is_passable(Cell::new(0, 0)) && !map.is_passable(Cell::new(1, 1)));
    /// assert!(GridMap::parse("height 2\nwidth 3\nmap\n..@\n").is_err());
    /// # Ok::<(), informed::puzzles::grid::GridError>(())
    /// ```
    pub fn parse(text: &str) -> Result<GridMap, GridError> {
        let mut lines = text.lines().enumerate();
        let (mut width, mut height) = (None, None);
        let mut found_map = false;
        for (number, line) in lines.by_ref() {
            let mut words = line.split_whitespace();
            let bad = || GridError::BadHeader {
                line: number + 1,
                text: excerpt(line),
            };
            let size = |value: Option<&str>| -> Result<usize, GridError> {
                value.and_then(|v| v.parse().ok()).ok_or_else(bad)
            };
            match words.next() {
                None => {}
                Some("type") => match words.next() {
                    Some("octile") => {}
                    Some(other) => {
                        return Err(GridError::UnsupportedType {
                            name: excerpt(other),
                        });
                    }
                    None => return Err(bad()),
                },
                Some("height") => height = Some(size(words.next())?),
                Some("width") => width = Some(size(words.next())?),
                Some("map") => {
                    found_map = true;
                }
                Some(_) => return Err(bad()),
            }
            if words.next().is_some() {
                return Err(bad());
            }
            if found_map {
                break;
            }
        }
        let height = height.ok_or(GridError::MissingField { field: "height" })?;
        let width = width.ok_or(GridError::MissingField { field: "width" })?;
        if !found_map {
            return Err(GridError::MissingField { field: "map" });
        }
        check_size(width, height)?;
        let mut rows = Vec::with_capacity(height.min(1 << 12));
        for (_, line) in lines.by_ref().take(height) {
            rows.push(line);
        }
        if rows.len() < height {
            return Err(GridError::MissingRows {
                expected: height,
                found: rows.len(),
            });
        }
        if let Some((number, _)) = lines.find(|(_, line)| !line.trim().is_empty()) {
            return Err(GridError::TrailingText { line: number + 1 });
        }
        Self::read(width, &rows)
    }

    /// A map from its rows of terrain characters, top row first; every row as long as the
    /// first.
    ///
    /// ```
    /// use informed::puzzles::grid::{Cell, GridMap};
    ///
    /// let map = GridMap::from_rows(&["..", "@."])?;
    /// assert!(!map.is_passable(Cell::new(0, 1)));
    /// # Ok::<(), informed::puzzles::grid::GridError>(())
    /// ```
    pub fn from_rows<R: AsRef<str>>(rows: &[R]) -> Result<GridMap, GridError> {
        let rows: Vec<&str> = rows.iter().map(AsRef::as_ref).collect();
        let width = rows.first().map_or(0, |row| row.len());
        check_size(width, rows.len())?;
        Self::read(width, &rows)
    }

    /// A `width × height` map whose cell `(x, y)` is passable where `passable(x, y)` says.
    pub fn from_fn(
        width: usize,
        height: usize,
        mut passable: impl FnMut(u16, u16) -> bool,
    ) -> Result<GridMap, GridError> {
        check_size(width, height)?;
        let mut terrain = Vec::with_capacity(width * height);
        for y in 0..height as u16 {
            for x in 0..width as u16 {
                terrain.push(if passable(x, y) { b'.' } else { b'@' });
            }
        }
        Ok(Self::build(width as u16, height as u16, terrain))
    }

    /// The map of `rows`, `width` wide (`width` and the number of rows checked).
    fn read(width: usize, rows: &[&str]) -> Result<GridMap, GridError> {
        let mut terrain = Vec::with_capacity(width * rows.len());
        for (y, row) in rows.iter().enumerate() {
            let row = row.strip_suffix('\r').unwrap_or(row);
            if let Some((x, c)) = row
                .char_indices()
                .find(|&(_, c)| !c.is_ascii() || passable(c as u8).is_none())
            {
                return Err(GridError::UnknownTerrain {
                    row: y + 1,
                    column: row[..x].chars().count() + 1,
                    found: c,
                });
            }
            if row.len() != width {
                return Err(GridError::WrongRowLength {
                    row: y + 1,
                    expected: width,
                    found: row.len(),
                });
            }
            terrain.extend_from_slice(row.as_bytes());
        }
        Ok(Self::build(width as u16, rows.len() as u16, terrain))
    }

    /// The steps allowed from the cell `(x, y)` of a map of `terrain`, `width × height`.
    fn step_mask_of(width: u16, height: u16, terrain: &[u8], x: i32, y: i32) -> u8 {
        let (w, h) = (i32::from(width), i32::from(height));
        // The cell's index in `usize`: `y * w` overflows `i32` on the largest maps.
        let index = |x: i32, y: i32| y as usize * usize::from(width) + x as usize;
        let free = |x: i32, y: i32| {
            (0..w).contains(&x)
                && (0..h).contains(&y)
                && passable(terrain[index(x, y)]) == Some(true)
        };
        if !free(x, y) {
            return 0;
        }
        let mut mask = 0;
        for (d, &(dx, dy)) in OFFSET.iter().enumerate() {
            let open = free(x + dx, y + dy) && (d % 2 == 0 || (free(x + dx, y) && free(x, y + dy)));
            mask |= u8::from(open) << d;
        }
        mask
    }

    /// The map of `terrain`, its step masks and bit lines worked out.
    fn build(width: u16, height: u16, terrain: Vec<u8>) -> GridMap {
        let (w, h) = (i32::from(width), i32::from(height));
        let mut steps = Vec::with_capacity(terrain.len());
        for y in 0..h {
            for x in 0..w {
                steps.push(Self::step_mask_of(width, height, &terrain, x, y));
            }
        }
        let index = |x: usize, y: usize| y * usize::from(width) + x;
        let open = |x: usize, y: usize| passable(terrain[index(x, y)]) == Some(true);
        let (w, h) = (usize::from(width), usize::from(height));
        let lines = [
            Lines::new(h, w, |y, x| open(x, y)),
            Lines::new(h, w, |y, x| open(w - 1 - x, y)),
            Lines::new(w, h, open),
            Lines::new(w, h, |x, y| open(x, h - 1 - y)),
        ];
        GridMap {
            width,
            height,
            terrain,
            fingerprint: steps.iter().enumerate().fold(0, |sum: u64, (i, &mask)| {
                sum.wrapping_add(cell_print(i, mask))
            }),
            steps,
            lines,
        }
    }

    /// Changes the terrain of `cell` (a terrain character of the benchmark's, as
    /// [`parse`](Self::parse) reads them), and returns the cells whose steps changed: both
    /// ends of every step that appeared or vanished, all within the 3×3 block around `cell`.
    /// An incremental planner ([`DStarLite`](crate::DStarLite), [`LpaStar`](crate::LpaStar))
    /// is told of exactly these.
    ///
    /// ```
    /// use informed::puzzles::grid::{Cell, GridMap};
    ///
    /// let mut map = GridMap::from_rows(&["...", "...", "..."])?;
    /// let changed = map.set_terrain(Cell::new(1, 1), '@')?;
    /// assert_eq!(changed.len(), 9); // the wall, and the eight around it that stepped onto it
    /// assert!(map.set_terrain(Cell::new(1, 1), '@')?.is_empty());
    /// assert!(map.set_terrain(Cell::new(0, 0), '?').is_err());
    /// # Ok::<(), informed::puzzles::grid::GridError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GridError::OutOfBounds`] for a cell off the map, [`GridError::UnknownTerrain`] for a
    /// character that is not terrain; the map is then unchanged.
    pub fn set_terrain(&mut self, cell: Cell, terrain: char) -> Result<Vec<Cell>, GridError> {
        if !self.contains(cell) {
            return Err(GridError::OutOfBounds {
                cell,
                width: self.width,
                height: self.height,
            });
        }
        let Some(open) = terrain
            .is_ascii()
            .then(|| passable(terrain as u8))
            .flatten()
        else {
            return Err(GridError::UnknownTerrain {
                row: usize::from(cell.y()) + 1,
                column: usize::from(cell.x()) + 1,
                found: terrain,
            });
        };
        let at = self.index(cell);
        self.terrain[at] = terrain as u8;
        let (x, y) = (usize::from(cell.x()), usize::from(cell.y()));
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        self.lines[Scan::East as usize].set(y, x, open);
        self.lines[Scan::West as usize].set(y, w - 1 - x, open);
        self.lines[Scan::South as usize].set(x, y, open);
        self.lines[Scan::North as usize].set(x, h - 1 - y, open);
        let mut changed = Vec::new();
        for ny in y.saturating_sub(1)..(y + 2).min(h) {
            for nx in x.saturating_sub(1)..(x + 2).min(w) {
                let mask = Self::step_mask_of(
                    self.width,
                    self.height,
                    &self.terrain,
                    nx as i32,
                    ny as i32,
                );
                let index = ny * w + nx;
                let old = self.steps[index];
                if old != mask {
                    self.steps[index] = mask;
                    self.fingerprint = self
                        .fingerprint
                        .wrapping_sub(cell_print(index, old))
                        .wrapping_add(cell_print(index, mask));
                    changed.push(Cell::new(nx as u16, ny as u16));
                }
            }
        }
        Ok(changed)
    }

    /// The number of columns.
    pub fn width(&self) -> u16 {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> u16 {
        self.height
    }

    /// Whether `cell` lies on the map.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.x() < self.width && cell.y() < self.height
    }

    /// Whether `cell` is on the map and passable.
    pub fn is_passable(&self, cell: Cell) -> bool {
        self.contains(cell) && passable(self.terrain[self.index(cell)]) == Some(true)
    }

    /// The terrain character of `cell`, if it is on the map.
    pub fn terrain(&self, cell: Cell) -> Option<char> {
        self.contains(cell)
            .then(|| char::from(self.terrain[self.index(cell)]))
    }

    /// The number of passable cells.
    pub fn passable_count(&self) -> usize {
        self.terrain
            .iter()
            .filter(|&&t| passable(t) == Some(true))
            .count()
    }

    /// The directions in which a step from `cell` is allowed, 8-connected with no corner
    /// cutting (none from a blocked cell or one off the map).
    pub fn steps_from(&self, cell: Cell) -> impl Iterator<Item = Direction> + use<> {
        let mask = if self.contains(cell) {
            self.steps[self.index(cell)]
        } else {
            0
        };
        Direction::ALL
            .into_iter()
            .filter(move |&d| mask >> d as u8 & 1 == 1)
    }

    /// The index of a cell on the map, row by row.
    #[inline]
    pub(crate) fn index(&self, cell: Cell) -> usize {
        cell.y() as usize * self.width as usize + cell.x() as usize
    }

    /// The steps of a straight jump from `cell` (on the map, passable) in straight direction
    /// `d` to the next cell that is `goal` or has a forced neighbour, or `None` if a wall
    /// comes first.
    #[inline]
    pub(crate) fn jump(&self, cell: Cell, direction: u8, goal: Cell) -> Option<u32> {
        let (x, y) = (usize::from(cell.x()), usize::from(cell.y()));
        let (gx, gy) = (usize::from(goal.x()), usize::from(goal.y()));
        let (last_x, last_y) = (usize::from(self.width) - 1, usize::from(self.height) - 1);
        let (scan, line, at, target) = match direction {
            2 => (Scan::East, y, x, (gy == y).then_some(gx)),
            6 => (Scan::West, y, last_x - x, (gy == y).then(|| last_x - gx)),
            4 => (Scan::South, x, y, (gx == x).then_some(gy)),
            _ => (Scan::North, x, last_y - y, (gx == x).then(|| last_y - gy)),
        };
        self.lines[scan as usize].jump(line, at, target)
    }

    /// A hash of the map's steps (a table built for a map checks it is used with that map).
    pub(crate) fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// Every cell's step mask, by index.
    #[inline]
    pub(crate) fn step_masks(&self) -> &[u8] {
        &self.steps
    }

    /// The step mask of a cell on the map: bit `d` set if the step in direction `d` is
    /// allowed.
    #[inline]
    pub(crate) fn step_mask(&self, cell: Cell) -> u8 {
        self.steps[self.index(cell)]
    }
}

impl fmt::Debug for GridMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GridMap {}x{}", self.width, self.height)
    }
}

/// The map in the Moving AI format, as [`GridMap::parse`] reads it.
impl fmt::Display for GridMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "type octile")?;
        writeln!(f, "height {}", self.height)?;
        writeln!(f, "width {}", self.width)?;
        writeln!(f, "map")?;
        for row in self.terrain.chunks(self.width as usize) {
            writeln!(f, "{}", String::from_utf8_lossy(row))?;
        }
        Ok(())
    }
}

fn check_size(width: usize, height: usize) -> Result<(), GridError> {
    let fits = |n: usize| (1..=usize::from(u16::MAX)).contains(&n);
    if fits(width) && fits(height) {
        Ok(())
    } else {
        Err(GridError::UnsupportedSize { width, height })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cells changed one by one, at the edges and corners too, leave the map as one read
    /// whole from the same terrain: its steps, bit lines and fingerprint; and the cells
    /// named changed are exactly those whose steps differ.
    #[test]
    fn a_changed_cell_leaves_the_map_as_if_read_whole() {
        let mut map = GridMap::from_fn(70, 5, |x, y| (x + 2 * y) % 5 != 0).unwrap();
        let mut seed = 11_u32;
        for _ in 0..300 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let cell = Cell::new((seed >> 8) as u16 % 70, (seed >> 20) as u16 % 5);
            let terrain = ['.', '@', 'T', 'S'][(seed >> 4) as usize % 4];
            let before = map.clone();
            let changed = map.set_terrain(cell, terrain).unwrap();
            let whole = GridMap::parse(&map.to_string()).unwrap();
            assert!(map == whole, "after {cell} became {terrain}");
            for y in 0..5 {
                for x in 0..70 {
                    let c = Cell::new(x, y);
                    let differs = before.step_mask(c) != map.step_mask(c);
                    assert_eq!(changed.contains(&c), differs, "{c}");
                }
            }
        }
        let unchanged = map.clone();
        assert!(map.set_terrain(Cell::new(70, 0), '.').is_err());
        assert!(map.set_terrain(Cell::new(0, 0), 'x').is_err());
        assert!(map == unchanged);
    }

    #[test]
    fn steps_follow_the_no_corner_cutting_rule() {
        let map = GridMap::from_rows(&["...", ".@.", "..."]).unwrap();
        let from = |x, y| map.steps_from(Cell::new(x, y)).collect::<Vec<_>>();
        // The corner cell beside the wall: east and south, not the diagonal past the wall.
        assert_eq!(from(0, 0), [Direction::East, Direction::South]);
        assert_eq!(from(1, 1), []);
        assert_eq!(
            from(1, 0),
            [Direction::East, Direction::West],
            "both diagonals pass the wall's corner"
        );
    }

    #[test]
    fn a_packed_cell_steps_as_its_offset_says() {
        let cell = Cell::new(5, 7);
        for d in Direction::ALL {
            let (dx, dy) = d.offset();
            let to = cell.step(d as u8);
            assert_eq!(
                (i32::from(to.x()), i32::from(to.y())),
                (5 + dx, 7 + dy),
                "{d:?}"
            );
            assert_eq!(to.step(d.opposite() as u8), cell);
            assert_eq!(cell.steps(d as u8, 3), to.step(d as u8).step(d as u8));
        }
    }

    #[test]
    fn the_text_written_reads_back() {
        let map = GridMap::from_rows(&[".T@", "GSW"]).unwrap();
        assert_eq!(GridMap::parse(&map.to_string()).unwrap(), map);
    }
}
