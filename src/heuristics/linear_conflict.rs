use super::{IncrementalHeuristic, Manhattan};

/// The Manhattan distance plus linear conflicts (Hansson, Mayer and Yung, 1992), for any
/// width × height and goal layout.
///
/// Two tiles are in linear conflict when both are in their goal row (or column) but in the
/// wrong order there: one of them must leave the line and come back, two moves the Manhattan
/// distance does not count. For each row and column, this heuristic counts the fewest tiles
/// that must leave it so that the rest are in goal order (the tiles of the line that belong
/// to it, minus their longest increasing run of goal positions), and adds two moves for each.
/// The moves counted for rows are vertical and those counted for columns horizontal, so the
/// sums add up without double counting: the heuristic is admissible.
///
/// A move changes one tile's row (or column), so only two rows (or columns) are recounted, by
/// table lookup for lines of up to 6 cells.
///
/// Reference: O. Hansson, A. Mayer, M. Yung, "Criticizing solutions to relaxed models yields
/// powerful admissible heuristics", *Information Sciences* 63 (1992) 207–227.
#[derive(Clone, Debug)]
pub struct LinearConflict<const N: usize> {
    manhattan: Manhattan<N>,
    rows: Lines,
    columns: Lines,
    /// The row and column of each cell.
    row: [u8; N],
    column: [u8; N],
}

/// The rows, or the columns, of a board: how to read a line's conflicts.
#[derive(Clone, Debug)]
struct Lines {
    count: usize,
    length: usize,
    /// Step between the cells of a line, and between the first cells of two lines.
    along: usize,
    across: usize,
    /// `digit[tile * count + line]`: the tile's goal position along `line` if it belongs to it
    /// (not the blank), else `length` (two bytes: a line may have 256 cells).
    digit: Vec<u16>,
    /// `power[i]`: (length + 1)^i.
    power: Vec<usize>,
    /// Conflicts indexed by the base-(length + 1) number of a line's digits (cell i is digit
    /// i); empty when that would exceed a million entries, and then counted directly.
    table: Vec<u8>,
}

impl Lines {
    fn new(
        count: usize,
        length: usize,
        along: usize,
        across: usize,
        goal: &[(usize, usize)],
    ) -> Self {
        // goal[tile] = (goal line, goal position along it).
        let mut digit = vec![length as u16; goal.len() * count];
        for (tile, &(line, position)) in goal.iter().enumerate().skip(1) {
            digit[tile * count + line] = position as u16;
        }
        let base = length + 1;
        let power = (0..length).scan(1usize, |p, _| {
            let this = *p;
            *p = p.saturating_mul(base);
            Some(this)
        });
        Lines {
            count,
            length,
            along,
            across,
            digit,
            power: power.collect(),
            table: conflict_table(length),
        }
    }

    #[inline]
    fn digit(&self, tile: u8, line: usize) -> usize {
        self.digit[tile as usize * self.count + line] as usize
    }

    /// The conflicts of `line` on `tiles`, and of the same line with the tile at position
    /// `at` along it replaced by `tile` (`replaced_by_blank` false) or by the blank (true).
    #[inline]
    fn conflicts_and_variant(
        &self,
        tiles: &[u8],
        line: usize,
        at: usize,
        tile: u8,
        replaced_by_blank: bool,
    ) -> (i64, i64) {
        let first = line * self.across;
        if self.table.is_empty() {
            let read = |i: usize| self.digit(tiles[first + i * self.along], line);
            let actual: Vec<usize> = (0..self.length).map(read).collect();
            let mut variant = actual.clone();
            variant[at] = if replaced_by_blank {
                self.length
            } else {
                self.digit(tile, line)
            };
            return (
                count_conflicts(&actual, self.length),
                count_conflicts(&variant, self.length),
            );
        }
        let mut index = 0;
        for i in 0..self.length {
            index += self.digit(tiles[first + i * self.along], line) * self.power[i];
        }
        let here = self.digit(tiles[first + at * self.along], line);
        let there = if replaced_by_blank {
            self.length
        } else {
            self.digit(tile, line)
        };
        let variant = index + there * self.power[at] - here * self.power[at];
        (i64::from(self.table[index]), i64::from(self.table[variant]))
    }

    fn total(&self, tiles: &[u8]) -> u32 {
        (0..self.count)
            .map(|line| {
                let first = line * self.across;
                let digits: Vec<usize> = (0..self.length)
                    .map(|i| self.digit(tiles[first + i * self.along], line))
                    .collect();
                count_conflicts(&digits, self.length) as u32
            })
            .sum()
    }
}

/// The conflicts of a line given its digits (goal positions, `length` for a foreign tile).
fn count_conflicts(digits: &[usize], length: usize) -> i64 {
    let positions: Vec<u8> = digits
        .iter()
        .filter(|&&d| d < length)
        .map(|&d| d as u8)
        .collect();
    i64::from(positions.len() as u32 - longest_increasing(&positions))
}

/// The conflicts of every line of `length` cells, indexed by its base-(length + 1) digits;
/// empty for lines longer than 6 cells, whose table would exceed a million entries.
fn conflict_table(length: usize) -> Vec<u8> {
    let base = length + 1;
    let Some(size) = u32::try_from(length)
        .ok()
        .and_then(|length| base.checked_pow(length))
        .filter(|&size| size <= 1 << 20)
    else {
        return Vec::new();
    };
    let mut digits = vec![0; length];
    (0..size)
        .map(|mut index| {
            for digit in &mut digits {
                *digit = index % base;
                index /= base;
            }
            count_conflicts(&digits, length) as u8
        })
        .collect()
}

/// The length of the longest strictly increasing subsequence, by patience sorting:
/// `tails[k]` is the least value that ends an increasing run of length k + 1.
fn longest_increasing(values: &[u8]) -> u32 {
    let mut tails: Vec<u8> = Vec::with_capacity(values.len());
    for &value in values {
        let at = tails.partition_point(|&tail| tail < value);
        if at == tails.len() {
            tails.push(value);
        } else {
            tails[at] = value;
        }
    }
    tails.len() as u32
}

impl<const N: usize> LinearConflict<N> {
    /// Twice the change in conflicts when `tile` slides from cell `from` into the blank at
    /// `to`. `tiles` is the board before the move if `after` is false, after it otherwise.
    #[inline]
    fn conflict_change(
        &self,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
        after: bool,
    ) -> i64 {
        // A vertical move changes the tile's row, a horizontal one its column; the order of
        // the tiles along the other line does not change.
        let (lines, line_of, position_of) = if self.row[from] == self.row[to] {
            (&self.columns, &self.column, &self.row)
        } else {
            (&self.rows, &self.row, &self.column)
        };
        let (left, entered) = (line_of[from] as usize, line_of[to] as usize);
        let (at_from, at_to) = (position_of[from] as usize, position_of[to] as usize);
        if after {
            // The board holds the tile at `to`: the other state has it back at `from`.
            let (left_now, left_before) =
                lines.conflicts_and_variant(tiles, left, at_from, tile, false);
            let (entered_now, entered_before) =
                lines.conflicts_and_variant(tiles, entered, at_to, tile, true);
            2 * (left_now - left_before + entered_now - entered_before)
        } else {
            let (left_now, left_after) =
                lines.conflicts_and_variant(tiles, left, at_from, tile, true);
            let (entered_now, entered_after) =
                lines.conflicts_and_variant(tiles, entered, at_to, tile, false);
            2 * (left_after - left_now + entered_after - entered_now)
        }
    }
}

impl<const N: usize> IncrementalHeuristic<N> for LinearConflict<N> {
    fn new(width: usize, height: usize, goal: &[u8; N]) -> Self {
        let mut goal_rows = vec![(0, 0); N];
        let mut goal_columns = vec![(0, 0); N];
        for (cell, &tile) in goal.iter().enumerate() {
            goal_rows[tile as usize] = (cell / width, cell % width);
            goal_columns[tile as usize] = (cell % width, cell / width);
        }
        LinearConflict {
            manhattan: Manhattan::new(width, height, goal),
            rows: Lines::new(height, width, 1, width, &goal_rows),
            columns: Lines::new(width, height, width, 1, &goal_columns),
            row: core::array::from_fn(|cell| (cell / width) as u8),
            column: core::array::from_fn(|cell| (cell % width) as u8),
        }
    }

    type Kept = u64;

    fn evaluate(&self, tiles: &[u8; N]) -> u64 {
        let conflicts = u64::from(self.rows.total(tiles) + self.columns.total(tiles));
        self.manhattan.evaluate(tiles) + 2 * conflicts
    }

    #[inline]
    fn value(&self, kept: u64) -> u32 {
        kept as u32
    }

    #[inline]
    fn update(&self, before: u64, tiles: &[u8; N], tile: u8, from: usize, to: usize) -> u64 {
        let manhattan = self.manhattan.update(before, tiles, tile, from, to);
        (manhattan as i64 + self.conflict_change(tiles, tile, from, to, true)) as u64
    }

    #[inline]
    fn predict(
        &self,
        before: u64,
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<u64> {
        let manhattan = self.manhattan.update(before, tiles, tile, from, to);
        Some((manhattan as i64 + self.conflict_change(tiles, tile, from, to, false)) as u64)
    }
    super::prediction_is_kept!(u64);
}
