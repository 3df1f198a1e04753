//! Arrangements of pieces `0..n` (a pancake stack, a TopSpin ring): read from text, checked,
//! and the error both puzzles report.

use core::fmt;

use super::text::{BadCell, excerpt, read_cells};

/// Why an arrangement of pieces (a pancake stack, a TopSpin ring) is not one the puzzle takes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArrangementError {
    /// More pieces than the puzzle holds, or fewer than it needs.
    WrongSize {
        /// How many pieces there are.
        len: usize,
        /// The fewest the puzzle takes.
        min: usize,
        /// The most the puzzle takes.
        max: usize,
    },
    /// A token is not a number.
    NotANumber {
        /// Its position, from one.
        position: usize,
        /// The token: its first 16 characters, then `…` if it is longer.
        token: String,
    },
    /// A number is not a piece: the pieces are `0..n`, or `1..=n` when there is no 0.
    OutOfRange {
        /// Its position, from one.
        position: usize,
        /// The value (`u64::MAX` for a number too long to read, or below zero).
        value: u64,
        /// The number of pieces.
        len: usize,
    },
    /// A piece appears twice.
    Repeated {
        /// The piece, as written.
        value: u64,
    },
    /// A disk of the Towers of Hanoi is on no peg.
    NotAPeg {
        /// The disk, from one (the smallest).
        disk: usize,
        /// The value (`u64::MAX` for a number too long to read, or below zero).
        value: u64,
    },
    /// A TopSpin turnstile that does not fit its ring: it needs `2 <= turnstile < ring <=
    /// most`.
    Turnstile {
        /// The tokens the turnstile turns.
        turnstile: usize,
        /// The tokens of the ring.
        ring: usize,
        /// The most tokens a ring takes.
        most: usize,
    },
    /// A TopSpin database built for another ring or turnstile: (tokens, turnstile) of each.
    DatabaseMismatch {
        /// The database's ring and turnstile.
        database: (usize, usize),
        /// The puzzle's.
        puzzle: (usize, usize),
    },
}

impl fmt::Display for ArrangementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WrongSize { len, min, max } => {
                write!(f, "{len} pieces: the puzzle takes {min} to {max}")
            }
            Self::NotANumber { position, token } => {
                write!(f, "piece {position}: {token:?} is not a number")
            }
            Self::OutOfRange {
                position,
                value,
                len,
            } => {
                if *value == u64::MAX {
                    write!(f, "piece {position}: the number is too long")
                } else {
                    write!(
                        f,
                        "piece {position}: {value} is not a piece (0 to {}, or 1 to {len})",
                        len - 1
                    )
                }
            }
            Self::Repeated { value } => write!(f, "piece {value} appears twice"),
            Self::NotAPeg { disk, value } => {
                write!(f, "disk {disk}: {value} is not a peg (0 to 3)")
            }
            Self::Turnstile {
                turnstile,
                ring,
                most,
            } => write!(
                f,
                "a turnstile of {turnstile} on a ring of {ring}: TopSpin needs 2 <= k < n <= {most}"
            ),
            Self::DatabaseMismatch { database, puzzle } => write!(
                f,
                "the database is for {} tokens and a turnstile of {}, the puzzle has {} and {}",
                database.0, database.1, puzzle.0, puzzle.1
            ),
        }
    }
}

impl std::error::Error for ArrangementError {}

/// Reads whitespace-separated numbers (at most `max + 1` kept, all counted).
pub(crate) fn read(text: &str, min: usize, max: usize) -> Result<Vec<u8>, ArrangementError> {
    let cells = read_cells(text, max + 1, false, false).map_err(|bad| match bad {
        BadCell::NotANumber { position, token } => ArrangementError::NotANumber {
            position: position + 1,
            token: excerpt(&token),
        },
        BadCell::TooLong { position, .. } => ArrangementError::OutOfRange {
            position: position + 1,
            value: u64::MAX,
            len: max,
        },
    })?;
    if cells.count < min || cells.count > max {
        return Err(ArrangementError::WrongSize {
            len: cells.count,
            min,
            max,
        });
    }
    check(&cells.values, min, max)
}

/// Checks that `values` are the pieces `0..n` (or `1..=n`, shifted down to `0..n`) each once,
/// with `min <= n <= max`.
pub(crate) fn check<T: Copy + TryInto<u64>>(
    values: &[T],
    min: usize,
    max: usize,
) -> Result<Vec<u8>, ArrangementError> {
    let n = values.len();
    if n < min || n > max {
        return Err(ArrangementError::WrongSize { len: n, min, max });
    }
    // A value below zero (or past u64) is no piece, read as u64::MAX.
    let widen = |value: T| value.try_into().unwrap_or(u64::MAX);
    let one_based = !values.iter().any(|&v| widen(v) == 0);
    let mut seen = vec![false; n];
    let mut pieces = Vec::with_capacity(n);
    for (i, &value) in values.iter().enumerate() {
        let value = widen(value);
        let piece = value.wrapping_sub(u64::from(one_based));
        if piece >= n as u64 {
            return Err(ArrangementError::OutOfRange {
                position: i + 1,
                value,
                len: n,
            });
        }
        if std::mem::replace(&mut seen[piece as usize], true) {
            return Err(ArrangementError::Repeated { value });
        }
        pieces.push(piece as u8);
    }
    Ok(pieces)
}
