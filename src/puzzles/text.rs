//! How every puzzle of the crate (and every example) reads a board from text: one rule.
//!
//! - The cells come in order, row by row, separated by whitespace (spaces, tabs, line breaks).
//! - A cell is a decimal number (ASCII digits only).
//! - Where every cell holds one digit (the 8-puzzle's 0–8, the rotation game's 1–3), the
//!   whitespace is optional: `283104765`, `283 104 765` and `2 8 3 1 0 4 7 6 5` are one board.
//! - On sliding-tile boards `x` (or `X`) may stand for the blank, as POJ 1077 writes it.
//!
//! Anything else is an error naming the cell's position (from one) and quoting at most
//! [`QUOTED`] characters of the offending token, so that a huge bad line never floods a
//! terminal. The number of cells is counted to the end, but only as many as the board has are
//! kept.

/// The most characters of a bad token an error message quotes.
pub(crate) const QUOTED: usize = 16;

/// Why a board's text could not be read, before the values are checked against the puzzle.
#[derive(Debug)]
pub(crate) enum BadCell {
    /// A token is not a number (nor `x`, where the blank may be written so).
    NotANumber {
        /// The cell's position, from zero.
        position: usize,
        /// The token, cut by [`excerpt`].
        token: String,
    },
    /// A number too long for any cell: more digits than a `u64` holds.
    TooLong {
        /// The cell's position, from zero.
        position: usize,
        /// How many digits it has.
        digits: usize,
    },
}

/// The cells read from a board's text: the first `keep` values, and how many there are.
pub(crate) struct Cells {
    pub values: Vec<u64>,
    pub count: usize,
}

/// `token` as an error message quotes it: its first [`QUOTED`] characters, then `…` if it was
/// longer.
pub(crate) fn excerpt(token: &str) -> String {
    match token.char_indices().nth(QUOTED) {
        Some((cut, _)) => format!("{}…", &token[..cut]),
        None => token.to_string(),
    }
}

/// Reads the cells of `text` by the module's rule. `single_digits`: every cell holds one
/// digit, so runs of digits are split into cells. `blank_x`: `x` and `X` are read as 0.
pub(crate) fn read_cells(
    text: &str,
    keep: usize,
    single_digits: bool,
    blank_x: bool,
) -> Result<Cells, BadCell> {
    let is_blank = |c: char| blank_x && c.eq_ignore_ascii_case(&'x');
    let mut cells = Cells {
        values: Vec::with_capacity(keep.min(1 << 10)),
        count: 0,
    };
    let push = |cells: &mut Cells, value: u64| {
        if cells.values.len() < keep {
            cells.values.push(value);
        }
        cells.count += 1;
    };
    // Tokens that number exactly the cells wanted are cells whatever their digits, so that a
    // number out of range is named rather than read as a run of one-digit cells.
    let single_digits = single_digits && text.split_whitespace().count() != keep;
    for token in text.split_whitespace() {
        let position = cells.count;
        let is_cell = |c: char| c.is_ascii_digit() || is_blank(c);
        if single_digits && token.chars().all(is_cell) {
            for c in token.chars() {
                push(&mut cells, c.to_digit(10).map_or(0, u64::from));
            }
        } else if token.len() == 1 && token.chars().all(is_blank) {
            push(&mut cells, 0);
        } else if token.bytes().all(|b| b.is_ascii_digit()) {
            let value = token.parse().map_err(|_| BadCell::TooLong {
                position,
                digits: token.len(),
            })?;
            push(&mut cells, value);
        } else {
            return Err(BadCell::NotANumber {
                position,
                token: excerpt(token),
            });
        }
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &str, single_digits: bool) -> Vec<u64> {
        read_cells(text, 100, single_digits, true).unwrap().values
    }

    #[test]
    fn single_digit_cells_need_no_spaces() {
        let board = [2, 8, 3, 1, 0, 4, 7, 6, 5];
        for text in [
            "283104765",
            "283 104 765",
            "2 8 3 1 0 4 7 6 5",
            "283\n1x4\n765",
        ] {
            assert_eq!(values(text, true), board, "{text}");
        }
        assert_eq!(values("10 11 x 2", false), [10, 11, 0, 2]);
    }

    #[test]
    fn counts_every_cell_but_keeps_only_the_board_s() {
        let text = "1".repeat(1 << 20);
        let cells = read_cells(&text, 24, true, false).unwrap();
        assert_eq!((cells.values.len(), cells.count), (24, 1 << 20));
    }

    #[test]
    fn bad_tokens_are_quoted_short() {
        let long = "y".repeat(1 << 20);
        let Err(BadCell::NotANumber { position, token }) =
            read_cells(&format!("1 2 {long}"), 9, false, true)
        else {
            panic!("a word is not a number")
        };
        assert_eq!(position, 2);
        assert_eq!(token, format!("{}…", "y".repeat(QUOTED)));
        assert!(matches!(
            read_cells("1 2 ten", 9, true, true),
            Err(BadCell::NotANumber { position: 2, .. })
        ));
        assert!(matches!(
            read_cells("1 x 3", 9, true, false),
            Err(BadCell::NotANumber { position: 1, .. })
        ));
        assert!(matches!(
            read_cells("1 +2", 9, false, false),
            Err(BadCell::NotANumber { position: 1, .. })
        ));
        assert!(matches!(
            read_cells("7 12345678901234567890123", 16, false, true),
            Err(BadCell::TooLong {
                position: 1,
                digits: 23
            })
        ));
        assert_eq!(excerpt("ünïcödé"), "ünïcödé");
    }
}
