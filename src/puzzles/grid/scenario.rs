//! The Moving AI scenario format (`.scen`): queries on a map with their optimal lengths.

use core::fmt;

use crate::puzzles::grid::Cell;
use crate::puzzles::text::excerpt;

/// One query of a scenario file: a start and a goal on a map, and the optimal length of the
/// path between them (8-connected, 1 straight, √2 diagonal, no corner cutting).
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The bucket: the benchmark groups queries by length, four buckets a unit.
    pub bucket: u32,
    /// The map's file name as the scenario gives it (`maps/dao/arena.map`).
    pub map: String,
    /// The map's width.
    pub width: u16,
    /// The map's height.
    pub height: u16,
    /// Where the path starts.
    pub start: Cell,
    /// Where it ends.
    pub goal: Cell,
    /// Its optimal length, as the file gives it.
    pub optimal_length: f64,
    /// How far a length may lie from `optimal_length` and still be it: a unit in the last
    /// digit the file gives (the benchmark writes six significant digits, or two decimals in
    /// its older files, of lengths it summed in floating point, which may be off by that).
    pub tolerance: f64,
}

impl Scenario {
    /// Reads a scenario file: the line `version 1` (or `version 1.0`), then one query per
    /// line, nine fields separated by tabs (or, as in the benchmark's older files, by spaces):
    /// `bucket map width height start_x start_y goal_x goal_y optimal_length`. Blank lines
    /// are skipped.
    ///
    /// ```
    /// use informed::puzzles::grid::{Cell, Scenario};
    ///
    /// let all = Scenario::parse_file("version 1\n0\tmaps/a.map\t4\t3\t0\t1\t3\t1\t3\n")?;
    /// assert_eq!((all[0].start, all[0].goal), (Cell::new(0, 1), Cell::new(3, 1)));
    /// assert!(Scenario::parse_file("0\tmaps/a.map\t4\t3\t0\t1\t3\t1\t3\n").is_err());
    /// # Ok::<(), informed::puzzles::grid::ScenarioError>(())
    /// ```
    pub fn parse_file(text: &str) -> Result<Vec<Scenario>, ScenarioError> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, line))
                if matches!(
                    line.split_whitespace().collect::<Vec<_>>()[..],
                    ["version", "1" | "1.0"]
                ) => {}
            first => {
                return Err(ScenarioError::BadVersion {
                    text: excerpt(first.map_or("", |(_, line)| line)),
                });
            }
        }
        lines
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(number, line)| Scenario::parse_line(number + 1, line))
            .collect()
    }

    fn parse_line(line: usize, text: &str) -> Result<Scenario, ScenarioError> {
        let text = text.strip_suffix('\r').unwrap_or(text);
        let mut fields: Vec<&str> = text.split('\t').collect();
        if fields.len() != 9 {
            fields = text.split_whitespace().collect();
        }
        let bad = |field: &'static str| ScenarioError::BadLine {
            line,
            field,
            text: excerpt(text),
        };
        if fields.len() != 9 {
            return Err(bad("nine fields separated by tabs or spaces"));
        }
        let number = |i: usize, name: &'static str| -> Result<u16, ScenarioError> {
            fields[i].trim().parse().map_err(|_| bad(name))
        };
        let (width, height) = (number(2, "width")?, number(3, "height")?);
        let start = Cell::new(number(4, "start x")?, number(5, "start y")?);
        let goal = Cell::new(number(6, "goal x")?, number(7, "goal y")?);
        let optimal_length: f64 = fields[8]
            .trim()
            .parse()
            .map_err(|_| bad("optimal length"))?;
        if !(optimal_length.is_finite() && optimal_length >= 0.0) {
            return Err(bad("optimal length"));
        }
        let tolerance = tolerance(fields[8].trim(), optimal_length);
        Ok(Scenario {
            bucket: fields[0].trim().parse().map_err(|_| bad("bucket"))?,
            map: fields[1].to_string(),
            width,
            height,
            start,
            goal,
            optimal_length,
            tolerance,
        })
    }

    /// Whether `length` is the optimal length, within the precision the file gives it.
    ///
    /// ```
    /// use informed::puzzles::grid::Scenario;
    ///
    /// let line = "version 1\n3\tmaps/a.map\t9\t9\t0\t0\t8\t3\t9.24264\n";
    /// let scenario = &Scenario::parse_file(line)?[0];
    /// assert!(scenario.matches(5.0 + 3.0 * 2f64.sqrt()));
    /// assert!(!scenario.matches(9.2427));
    /// # Ok::<(), informed::puzzles::grid::ScenarioError>(())
    /// ```
    pub fn matches(&self, length: f64) -> bool {
        (length - self.optimal_length).abs() <= self.tolerance
    }
}

/// A unit in the last digit of `text`, a length written with six significant digits (as `%g`
/// writes them) or with a fixed number of decimals, whichever is coarser; a little more, for
/// the rounding of the length it is compared with. (Half a unit was not enough: six of
/// den520d's 888 lengths lie just past it, rounded from a float sum.)
fn tolerance(text: &str, value: f64) -> f64 {
    let significant = if value > 0.0 {
        10f64.powi(value.log10().floor() as i32 - 5)
    } else {
        0.0
    };
    let decimals = text
        .split_once('.')
        .map_or(0.0, |(_, digits)| 10f64.powi(-(digits.len() as i32)));
    significant.max(decimals) * (1.0 + 1e-9) + 1e-12
}

/// Why a scenario file could not be read.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ScenarioError {
    /// The first line is not `version 1`.
    BadVersion {
        /// The line (cut to 16 characters).
        text: String,
    },
    /// A query line does not hold its fields.
    BadLine {
        /// Its number, from one.
        line: usize,
        /// The field that is missing or not a number.
        field: &'static str,
        /// The line (cut to 16 characters).
        text: String,
    },
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadVersion { text } => {
                write!(f, "a scenario file starts with `version 1`, not {text:?}")
            }
            Self::BadLine { line, field, text } => write!(
                f,
                "line {line} of the scenarios, {text:?}: bad or missing {field}"
            ),
        }
    }
}

impl std::error::Error for ScenarioError {}
