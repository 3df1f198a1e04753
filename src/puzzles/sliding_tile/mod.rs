//! Sliding-tile puzzles of any width × height (the 8-, 15- and 24-puzzle among them) with any
//! goal layout.
//!
//! The board has `N = width × height` cells, numbered row by row from zero, holding tiles
//! `1..N` and the blank, written 0. A move slides a tile next to the blank into it; it is
//! named by the direction the *blank* travels ([`Slide`]), as the POJ 1077 answers are.
//!
//! IDA\* reaches many boards by several slide sequences, and searches below each;
//! [`SlidingPuzzle::with_duplicate_pruning`] makes the same puzzle that skips most of them
//! ([`PrunedPuzzle`]): the same answers through fewer nodes.
//!
//! ```
//! use informed::{ida_star, SearchProblem};
//! use informed::puzzles::{sliding_tile, SlidingPuzzle};
//!
//! // AOJ ALDS1_13_C's goal: 1 … 15 with the blank last.
//! let puzzle = SlidingPuzzle::<16>::new(
//!     4,
//!     4,
//!     &[1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15],
//!     &sliding_tile::blank_last::<16>(),
//! )?;
//! assert_eq!(ida_star(&puzzle).solution().map(|s| s.cost), Some(8));
//! # Ok::<(), informed::puzzles::PuzzleError>(())
//! ```

use core::fmt;
use core::hash::{Hash, Hasher};

use crate::heuristics::{IncrementalHeuristic, Manhattan};
use crate::permutation;
use crate::problem::PackedStates;

mod bidirectional;
mod duplicates;
mod layout;
mod pruned;
mod search;

/// Whether a `width × height` board has the `N` cells of the puzzle type, 2 to 256 of them.
fn check_size<const N: usize>(width: usize, height: usize) -> Result<(), PuzzleError> {
    if width.checked_mul(height) != Some(N) || !(2..=256).contains(&N) {
        return Err(PuzzleError::UnsupportedSize {
            width,
            height,
            cells: N,
        });
    }
    Ok(())
}

pub use duplicates::DuplicatePruning;
pub use layout::{Layout, PuzzleError, parse_layout};
use layout::{check_layout, widen};
pub use pruned::PrunedPuzzle;

/// A sliding-tile puzzle of `N` cells with its start, its goal layout and a heuristic `H`
/// kept incrementally in each [`Board`].
///
/// `N` is the number of cells, fixed at compile time so that a board is a plain array:
/// `SlidingPuzzle<9>` is the 8-puzzle (or a 9 × 1 strip), `SlidingPuzzle<16>` the 15-puzzle,
/// `SlidingPuzzle<25>` the 24-puzzle; the width and height are given when it is built. The
/// heuristic defaults to the [`Manhattan`] distance.
///
/// Building checks everything: the size, both layouts, and that the goal can be reached from
/// the start (by permutation parity), so an unsolvable start is reported at once and never
/// searched.
#[derive(Clone, Debug)]
pub struct SlidingPuzzle<const N: usize, H = Manhattan<N>> {
    width: usize,
    height: usize,
    start: [u8; N],
    goal: [u8; N],
    heuristic: H,
    /// `neighbour[cell][slide]`: the cell the blank reaches from `cell` by `slide`, or `NONE`.
    neighbour: [[u8; 4]; N],
    /// The slides open to the blank at each cell, as bits (bit `slide as u8`):
    /// `open[cell][skip]` leaves out the slide numbered `skip`, `open[cell][4]` none.
    open: [[u8; 5]; N],
}

const NONE: u8 = u8::MAX;

/// A board of `N` cells: the tiles, where the blank is, and what the heuristic keeps (`K`,
/// its [`IncrementalHeuristic::Kept`]: `u64` for the distances).
#[derive(Clone, Copy, Debug)]
pub struct Board<const N: usize, K = u64> {
    tiles: [u8; N],
    blank: u8,
    /// The heuristic's incremental state ([`IncrementalHeuristic::evaluate`]).
    cache: K,
    /// The state of a [`PrunedPuzzle`]'s automaton after the slides that made the board (0,
    /// where there is none, is the state of no slides from the first cell): not part of the
    /// board's identity.
    after: u32,
}

/// Boards are equal by their tiles (the blank and the heuristic follow from them), whatever
/// slides made them.
impl<const N: usize, K> PartialEq for Board<N, K> {
    fn eq(&self, other: &Self) -> bool {
        self.tiles == other.tiles
    }
}

impl<const N: usize, K> Eq for Board<N, K> {}

/// A move of a sliding-tile puzzle: the direction the blank travels (the tile beside it slides
/// the other way). The order of the variants is the order moves are tried in, Korf's:
/// up, left, right, down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slide {
    /// The blank moves up one row.
    Up,
    /// The blank moves left one column.
    Left,
    /// The blank moves right one column.
    Right,
    /// The blank moves down one row.
    Down,
}

impl Slide {
    /// Every slide, in the order moves are tried.
    pub const ALL: [Slide; 4] = [Slide::Up, Slide::Left, Slide::Right, Slide::Down];

    /// The slide that undoes this one.
    #[must_use]
    pub const fn opposite(self) -> Slide {
        match self {
            Slide::Up => Slide::Down,
            Slide::Left => Slide::Right,
            Slide::Right => Slide::Left,
            Slide::Down => Slide::Up,
        }
    }

    /// The letter POJ 1077 uses for it: `u`, `l`, `r` or `d`.
    pub const fn letter(self) -> char {
        match self {
            Slide::Up => 'u',
            Slide::Left => 'l',
            Slide::Right => 'r',
            Slide::Down => 'd',
        }
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The goal layout `1 2 … N-1 0`: tiles in order, blank last (AOJ ALDS1_13_C, POJ 1077).
pub fn blank_last<const N: usize>() -> [u8; N] {
    core::array::from_fn(|cell| if cell + 1 == N { 0 } else { cell as u8 + 1 })
}

/// The goal layout `0 1 … N-1`: blank first, then the tiles in order (Korf's instances).
pub fn blank_first<const N: usize>() -> [u8; N] {
    core::array::from_fn(|cell| cell as u8)
}

impl<const N: usize, H: IncrementalHeuristic<N>> SlidingPuzzle<N, H> {
    /// Builds a `width` × `height` puzzle from its start and goal layouts, each listing the
    /// tile at every cell row by row, 0 for the blank.
    ///
    /// Fails if `width × height ≠ N`, if a layout is not a permutation of `0..N`, or if the
    /// goal cannot be reached from the start ([`PuzzleError::Unsolvable`]).
    pub fn new<T: Copy + TryInto<u64>>(
        width: usize,
        height: usize,
        start: &[T],
        goal: &[T],
    ) -> Result<Self, PuzzleError> {
        Self::build(width, height, start, goal, |goal| {
            H::try_new(width, height, goal).map_err(PuzzleError::Heuristic)
        })
    }

    /// Builds a puzzle like [`new`](Self::new), with a heuristic already built for its size and
    /// goal: a [`PatternDatabase`](crate::heuristics::PatternDatabase) loaded from a file, say,
    /// or one shared by many puzzles. Fails with [`PuzzleError::HeuristicMismatch`] if the
    /// heuristic was built for another size or goal.
    pub fn with_heuristic<T: Copy + TryInto<u64>>(
        width: usize,
        height: usize,
        start: &[T],
        goal: &[T],
        heuristic: H,
    ) -> Result<Self, PuzzleError> {
        Self::build(width, height, start, goal, |goal| {
            if heuristic.matches(width, height, goal) {
                Ok(heuristic)
            } else {
                Err(PuzzleError::HeuristicMismatch)
            }
        })
    }

    fn build<T: Copy + TryInto<u64>>(
        width: usize,
        height: usize,
        start: &[T],
        goal: &[T],
        heuristic: impl FnOnce(&[u8; N]) -> Result<H, PuzzleError>,
    ) -> Result<Self, PuzzleError> {
        check_size::<N>(width, height)?;
        let goal = check_layout::<N>(&widen::<N, T>(goal, Layout::Goal)?, Layout::Goal)?;
        let start = check_layout::<N>(&widen::<N, T>(start, Layout::Start)?, Layout::Start)?;
        let mut neighbour = [[NONE; 4]; N];
        let mut open = [[0u8; 5]; N];
        for cell in 0..N {
            let (row, column) = (cell / width, cell % width);
            for slide in Slide::ALL {
                let target = match slide {
                    Slide::Up => (row > 0).then(|| cell - width),
                    Slide::Left => (column > 0).then(|| cell - 1),
                    Slide::Right => (column + 1 < width).then(|| cell + 1),
                    Slide::Down => (row + 1 < height).then(|| cell + width),
                };
                let Some(target) = target else { continue };
                neighbour[cell][slide as usize] = target as u8;
                for (skip, open) in open[cell].iter_mut().enumerate() {
                    if skip != slide as usize {
                        *open |= 1 << slide as u8;
                    }
                }
            }
        }
        let puzzle = Self {
            width,
            height,
            start,
            goal,
            heuristic: heuristic(&goal)?,
            neighbour,
            open,
        };
        if !puzzle.can_reach_goal(&start) {
            return Err(PuzzleError::Unsolvable);
        }
        Ok(puzzle)
    }

    /// Builds a puzzle from the text of its start and goal layouts, in any form
    /// [`parse_layout`] reads.
    ///
    /// ```
    /// use informed::puzzles::{PuzzleError, SlidingPuzzle};
    ///
    /// let puzzle = SlidingPuzzle::<9>::parse(3, 3, "2 8 3 1 x 4 7 6 5", "123804765")?;
    /// assert_eq!(puzzle.width(), 3);
    /// assert_eq!(
    ///     SlidingPuzzle::<9>::parse(3, 3, "283104756", "123804765").unwrap_err(),
    ///     PuzzleError::Unsolvable
    /// );
    /// # Ok::<(), PuzzleError>(())
    /// ```
    pub fn parse(
        width: usize,
        height: usize,
        start: &str,
        goal: &str,
    ) -> Result<Self, PuzzleError> {
        // Before the layouts, so that a wrong size is what is named (`new` checks it again).
        check_size::<N>(width, height)?;
        let start = parse_layout(start, N, Layout::Start)?;
        let goal = parse_layout(goal, N, Layout::Goal)?;
        Self::new(width, height, &start, &goal)
    }

    /// The same puzzle (size, goal, heuristic tables) from another start layout.
    pub fn with_start<T: Copy + TryInto<u64>>(&self, start: &[T]) -> Result<Self, PuzzleError> {
        Ok(Self {
            start: self.solvable_layout(start)?,
            ..self.clone()
        })
    }

    /// The board for a layout, checked like a start layout: a permutation of `0..N` from
    /// which the goal can be reached.
    pub fn board<T: Copy + TryInto<u64>>(
        &self,
        tiles: &[T],
    ) -> Result<Board<N, H::Kept>, PuzzleError> {
        Ok(self.board_of(self.solvable_layout(tiles)?))
    }

    /// A start layout, checked: a permutation of `0..N` from which the goal can be reached.
    fn solvable_layout<T: Copy + TryInto<u64>>(&self, tiles: &[T]) -> Result<[u8; N], PuzzleError> {
        let values = widen::<N, T>(tiles, Layout::Start)?;
        let tiles = check_layout::<N>(&values, Layout::Start)?;
        if !self.can_reach_goal(&tiles) {
            return Err(PuzzleError::Unsolvable);
        }
        Ok(tiles)
    }

    fn board_of(&self, tiles: [u8; N]) -> Board<N, H::Kept> {
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        let cache = self.heuristic.evaluate(&tiles);
        Board {
            tiles,
            blank,
            cache,
            after: 0,
        }
    }

    /// Whether the goal can be reached from a layout already known to be a permutation.
    ///
    /// Each move swaps the blank with a neighbour: it flips the parity of the permutation
    /// taking the layout to the goal, and the parity of the blank's distance from its goal
    /// cell. The two parities agree at the goal, so they agree in every solvable layout; on a
    /// board of at least 2 × 2 that is also enough. On a single row or column tiles cannot
    /// pass each other, so their order must already be the goal's.
    fn can_reach_goal(&self, tiles: &[u8; N]) -> bool {
        if self.width == 1 || self.height == 1 {
            return tiles
                .iter()
                .filter(|&&t| t != 0)
                .eq(self.goal.iter().filter(|&&t| t != 0));
        }
        let mut goal_cell = [0u8; N];
        for (cell, &tile) in self.goal.iter().enumerate() {
            goal_cell[tile as usize] = cell as u8;
        }
        let to_goal: Vec<u8> = tiles.iter().map(|&tile| goal_cell[tile as usize]).collect();
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let goal_blank = goal_cell[0] as usize;
        let blank_distance = (blank / self.width).abs_diff(goal_blank / self.width)
            + (blank % self.width).abs_diff(goal_blank % self.width);
        permutation::cycles_parity_even(&to_goal) == (blank_distance % 2 == 0)
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The goal layout: the tile at each cell, 0 for the blank.
    pub fn goal(&self) -> &[u8; N] {
        &self.goal
    }

    /// The heuristic the boards of this puzzle cache.
    pub fn heuristic_tables(&self) -> &H {
        &self.heuristic
    }

    /// The number of layouts of the board, `N!` (reachable or not), or `usize::MAX` if it does
    /// not fit: the size of a table indexed by [`rank`](Self::rank).
    pub fn layout_count(&self) -> usize {
        permutation::factorial(N)
            .and_then(|count| usize::try_from(count).ok())
            .unwrap_or(usize::MAX)
    }

    /// The lexicographic rank of the board's layout among all `N!` layouts (see
    /// [`permutation`]), or `usize::MAX` for boards of more than 20 cells, whose ranks do not
    /// fit.
    pub fn rank(&self, board: &Board<N, H::Kept>) -> usize {
        if N > permutation::MAX_LEN {
            return usize::MAX;
        }
        usize::try_from(permutation::rank_valid(&board.tiles)).unwrap_or(usize::MAX)
    }

    /// The board as text: one row per line, numbers right-aligned, the blank as `.`.
    pub fn format_board(&self, board: &Board<N, H::Kept>) -> String {
        let wide = (N - 1).to_string().len();
        let mut text = String::new();
        for row in board.tiles.chunks(self.width) {
            let cells: Vec<String> = row
                .iter()
                .map(|&tile| match tile {
                    0 => format!("{:>wide$}", "."),
                    _ => format!("{tile:>wide$}"),
                })
                .collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        text
    }
}

impl<const N: usize, K> Board<N, K> {
    /// The tile at each cell, row by row, 0 for the blank.
    pub fn tiles(&self) -> &[u8; N] {
        &self.tiles
    }

    /// The cell of the blank.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }
}

/// A tile (the blank too) is a piece, a cell a position: pattern databases built by the
/// generic [`PieceDatabase`](crate::heuristics::pattern_database::PieceDatabase) take the
/// blank as a free piece. [`PatternDatabase`](crate::heuristics::PatternDatabase) builds the
/// same tables faster.
impl<const N: usize, H: IncrementalHeuristic<N>> crate::heuristics::pattern_database::Pieces
    for SlidingPuzzle<N, H>
{
    fn positions(&self) -> usize {
        N
    }

    fn read_pieces(&self, board: &Board<N, H::Kept>, out: &mut [u8]) {
        out.copy_from_slice(&board.tiles);
    }

    /// Any permutation of the tiles, solvable or not (an abstract state's representative may
    /// be either).
    fn state_with_pieces(&self, pieces: &[u8]) -> Option<Board<N, H::Kept>> {
        let tiles: [u8; N] = pieces.try_into().ok()?;
        let mut seen = [false; N];
        for &tile in &tiles {
            if std::mem::replace(seen.get_mut(usize::from(tile))?, true) {
                return None;
            }
        }
        Some(self.board_of(tiles))
    }
}

/// Boards are hashed by their tiles alone: the blank and the heuristic follow from them.
impl<const N: usize, K> Hash for Board<N, K> {
    fn hash<S: Hasher>(&self, state: &mut S) {
        self.tiles.hash(state);
    }
}

/// Sliding puzzles of up to 16 cells pack a board into a `u64`, four bits a tile; up to 25
/// cells (the 24-puzzle), into a `u128`, five bits a tile. The blank and the heuristic are
/// worked out again when a board is unpacked.
macro_rules! packed_boards {
    ($packed:ty, $bits:expr, $($n:literal)*) => {$(
        impl<H: IncrementalHeuristic<$n>> PackedStates for SlidingPuzzle<$n, H> {
            type Packed = $packed;

            #[inline]
            fn pack(&self, board: &Board<$n, H::Kept>) -> $packed {
                board
                    .tiles
                    .iter()
                    .rev()
                    .fold(0, |packed, &tile| packed << $bits | <$packed>::from(tile))
            }

            #[inline]
            fn unpack(&self, packed: &$packed) -> Board<$n, H::Kept> {
                let mask = (1 << $bits) - 1;
                let tiles = core::array::from_fn(|cell| (packed >> ($bits * cell) & mask) as u8);
                self.board_of(tiles)
            }
        }
    )*};
}

packed_boards!(u64, 4, 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
packed_boards!(u128, 5, 17 18 19 20 21 22 23 24 25);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::MisplacedTiles;
    use crate::problem::SearchProblem;

    #[test]
    fn a_slide_then_its_opposite_restores_the_board_and_its_heuristic() {
        let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765").unwrap();
        let start = puzzle.start();
        for slide in Slide::ALL {
            let mut board = start;
            puzzle.apply(&mut board, slide);
            assert_ne!(board, start);
            assert_eq!(
                u64::from(puzzle.heuristic(&board)),
                Manhattan::new(3, 3, puzzle.goal()).evaluate(board.tiles())
            );
            puzzle.apply(&mut board, slide.opposite());
            assert_eq!(board, start);
        }
    }

    #[test]
    fn heuristics_are_zero_exactly_at_the_goal() {
        let goal = blank_last::<9>();
        let puzzle = SlidingPuzzle::<9, MisplacedTiles<9>>::new(3, 3, &goal, &goal).unwrap();
        assert!(puzzle.is_goal(&puzzle.start()));
        assert_eq!(puzzle.heuristic(&puzzle.start()), 0);
        let moved = puzzle.with_start(&[1u8, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
        assert_eq!(moved.heuristic(&moved.start()), 1);
    }

    #[test]
    fn strips_are_solvable_only_in_goal_order() {
        assert!(SlidingPuzzle::<4>::parse(4, 1, "1023", "1230").is_ok());
        assert_eq!(
            SlidingPuzzle::<4>::parse(1, 4, "2130", "1230").unwrap_err(),
            PuzzleError::Unsolvable
        );
    }

    #[test]
    fn formats_the_board() {
        let puzzle = SlidingPuzzle::<9>::parse(3, 3, "283104765", "123804765").unwrap();
        assert_eq!(
            puzzle.format_board(&puzzle.start()),
            "2 8 3\n1 . 4\n7 6 5\n"
        );
    }
}
