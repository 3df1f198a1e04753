//! Why a pattern database could not be built, saved or loaded: [`PdbError`], with the
//! partitions ([`PartitionError`]) and patterns ([`PatternError`]) it refuses.

use core::fmt;
use std::io;
use std::path::PathBuf;

use crate::cost::CostValue;
use crate::puzzles::ArrangementError;

/// Why a pattern database could not be built, saved or loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum PdbError {
    /// The partition is not a set of disjoint, non-empty groups of tiles of the board (the
    /// blank, 0, is never part of a pattern), or the board not one it can serve.
    InvalidPartition(PartitionError),
    /// Reflection was asked for, but the board is not square or the goal is not symmetric
    /// about the main diagonal.
    NotReflectable,
    /// A pattern's table would not fit in memory (more than 2^32 abstract states).
    TooLarge {
        /// The tiles of the pattern.
        tiles: Vec<u8>,
    },
    /// The memory for a table of this many states could not be had.
    OutOfMemory {
        /// The states of the abstract space (`u64::MAX` when they overflow).
        entries: u64,
    },
    /// An abstract state is more than 254 moves from the goals: a byte cannot hold it.
    TooDeep,
    /// An [`AbstractSpace`](super::AbstractSpace) named a goal or a neighbour outside its blocks or slots.
    OutOfSpace {
        /// The block named.
        block: usize,
        /// The slot named.
        slot: usize,
    },
    /// The pattern or the problem does not fit a [`PiecePattern`](super::PiecePattern).
    InvalidPattern(PatternError),
    /// A file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: io::Error,
    },
    /// A file is not a pattern database for this board, goal and pattern, or it is damaged.
    BadFile {
        /// The file.
        path: PathBuf,
        /// What does not match.
        reason: &'static str,
    },
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidPartition(error) => write!(f, "invalid partition: {error}"),
            Self::NotReflectable => f.write_str(
                "reflection needs a square board whose goal is symmetric about the main diagonal",
            ),
            Self::TooLarge { tiles } => {
                write!(
                    f,
                    "the pattern {tiles:?} has too many abstract states to tabulate"
                )
            }
            Self::OutOfMemory { entries } => {
                write!(f, "no memory for a table of {entries} abstract states")
            }
            Self::TooDeep => f.write_str("an abstract state is more than 254 moves from the goal"),
            Self::OutOfSpace { block, slot } => {
                write!(
                    f,
                    "the state (block {block}, slot {slot}) is outside the space"
                )
            }
            Self::InvalidPattern(error) => write!(f, "invalid pattern: {error}"),
            Self::Io { path, error } => write!(f, "{}: {error}", path.display()),
            Self::BadFile { path, reason } => write!(f, "{}: {reason}", path.display()),
        }
    }
}

impl std::error::Error for PdbError {}

/// Why a partition of a sliding-tile board's tiles cannot make a
/// [`PatternDatabase`](super::PatternDatabase).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PartitionError {
    /// The board's width and height do not make its `cells` (or it has more than 64).
    BoardSize {
        /// The width given.
        width: usize,
        /// The height given.
        height: usize,
        /// The cells of the board type.
        cells: usize,
    },
    /// The goal is not a permutation of the tiles.
    GoalNotAPermutation,
    /// A pattern (counted from one) holds no tile.
    EmptyPattern {
        /// The pattern, from one.
        pattern: usize,
    },
    /// A number that is not a tile of the board (the blank, 0, is none).
    NotATile {
        /// The number.
        tile: u8,
        /// The cells of the board: the tiles are 1 to `cells - 1`.
        cells: usize,
    },
    /// A tile in two patterns.
    TileTwice {
        /// The tile.
        tile: u8,
    },
}

impl fmt::Display for PartitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BoardSize {
                width,
                height,
                cells,
            } => write!(
                f,
                "a {width} x {height} board does not have {cells} cells (at most 64)"
            ),
            Self::GoalNotAPermutation => f.write_str("the goal is not a permutation of the tiles"),
            Self::EmptyPattern { pattern } => write!(f, "pattern {pattern} is empty"),
            Self::NotATile { tile, cells } => write!(
                f,
                "tile {tile} is not a tile of the board (1 to {})",
                cells.saturating_sub(1)
            ),
            Self::TileTwice { tile } => write!(f, "tile {tile} is in two patterns"),
        }
    }
}

/// Why a pattern, or the problem it abstracts, cannot make a
/// [`PieceDatabase`](super::PieceDatabase) (or one of the crate's own databases of pieces).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum PatternError {
    /// No pattern was given.
    NoPattern,
    /// The problem has this many positions: a database takes 1 to 64.
    Positions {
        /// The positions.
        positions: usize,
    },
    /// The pattern counts no piece.
    CountsNoPiece,
    /// No goal state was given.
    NoGoal,
    /// A number that is not a piece.
    NotAPiece {
        /// The number.
        piece: u8,
        /// The positions: the pieces are 0 to `positions - 1`.
        positions: usize,
    },
    /// A piece named twice.
    PieceTwice {
        /// The piece.
        piece: u8,
    },
    /// The placements of the pattern's pieces do not fit in memory.
    TooLarge {
        /// The positions.
        positions: usize,
        /// The pieces counted.
        counted: usize,
        /// The pieces kept but not counted.
        free: usize,
    },
    /// A goal's pieces are not a permutation of the positions.
    GoalNotAPermutation {
        /// The pieces read from the goal.
        pieces: Vec<u8>,
    },
    /// [`Pieces::state_with_pieces`](super::Pieces::state_with_pieces) refused an arrangement.
    StateRefused {
        /// The arrangement.
        pieces: Vec<u8>,
    },
    /// A move left the pieces not a permutation.
    MoveNotAPermutation {
        /// The pieces after the move.
        pieces: Vec<u8>,
    },
    /// A move costs other than one: a database counts moves of cost one.
    MoveCost {
        /// The cost.
        cost: CostValue,
    },
    /// A move has no inverse: the backward search needs moves that can be undone.
    NoInverse,
    /// A move moves counted pieces of two patterns (counted from one): their sum is not
    /// admissible; combine them by maximum.
    NotAdditive {
        /// The first pattern.
        first: usize,
        /// The second pattern.
        second: usize,
    },
    /// Groups of this many disks: the Towers of Hanoi's tables take groups of 1 to 14.
    DiskGroup {
        /// The disks a group.
        disks: usize,
    },
    /// Groups of this many edges: the cube's tables take groups of 6 to 8.
    EdgeGroup {
        /// The edges a group.
        edges: usize,
    },
    /// A pattern of this many tokens on a TopSpin ring: it takes 1 to the ring's tokens.
    Tokens {
        /// The tokens of the pattern.
        tokens: usize,
        /// The tokens of the ring.
        ring: usize,
    },
    /// The puzzle the database is for cannot be made.
    Puzzle(ArrangementError),
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoPattern => f.write_str("no pattern"),
            Self::Positions { positions } => {
                write!(f, "{positions} positions (a puzzle has 1 to 64)")
            }
            Self::CountsNoPiece => f.write_str("the pattern counts no piece"),
            Self::NoGoal => f.write_str("no goal state"),
            Self::NotAPiece { piece, positions } => write!(
                f,
                "{piece} is not a piece (0 to {})",
                positions.saturating_sub(1)
            ),
            Self::PieceTwice { piece } => write!(f, "piece {piece} is named twice"),
            Self::TooLarge {
                positions,
                counted,
                free,
            } => write!(
                f,
                "the placements of {counted} pieces and {free} free ones on {positions} positions \
                 do not fit in memory"
            ),
            Self::GoalNotAPermutation { pieces } => write!(
                f,
                "a goal's pieces {pieces:?} are not a permutation of 0..{}",
                pieces.len()
            ),
            Self::StateRefused { pieces } => {
                write!(f, "state_with_pieces refused the arrangement {pieces:?}")
            }
            Self::MoveNotAPermutation { pieces } => {
                write!(f, "a move left the pieces {pieces:?}, not a permutation")
            }
            Self::MoveCost { cost } => write!(
                f,
                "a move costs {cost}: a pattern database counts moves of cost one"
            ),
            Self::NoInverse => f.write_str(
                "a move has no inverse: the backward search needs moves that can be undone",
            ),
            Self::NotAdditive { first, second } => write!(
                f,
                "a move moves counted pieces of patterns {first} and {second}: their sum is not \
                 admissible (combine by max)"
            ),
            Self::DiskGroup { disks } => write!(
                f,
                "groups of {disks} disks: the tables take groups of 1 to 14"
            ),
            Self::EdgeGroup { edges } => write!(
                f,
                "groups of {edges} edges: the cube's tables take groups of 6 to 8"
            ),
            Self::Tokens { tokens, ring } => {
                write!(f, "a pattern of {tokens} tokens on a ring of {ring}")
            }
            Self::Puzzle(error) => error.fmt(f),
        }
    }
}
