//! Pattern databases: tables of exact distances in an abstraction of a puzzle, looked up as an
//! admissible heuristic.
//!
//! - [`AbstractSpace`] and [`build_table`]: the one builder, a breadth-first search backwards
//!   from the goals over ranked abstract states, with moves that cost one or nothing.
//! - [`Pieces`], [`PiecePattern`] and [`PieceDatabase`]: databases for any permutation-style
//!   puzzle of the user's own, built from the problem's own moves. A pattern keeps some pieces
//!   and forgets the rest; several patterns combine by maximum, or by sum when no move moves
//!   the pieces of two patterns.
//! - [`PatternDatabase`]: the additive disjoint databases of the sliding-tile puzzles (Korf and
//!   Felner, 2002), with reflection, kept incrementally in the board.
//! - [`Table`]: the distances, a byte or four bits an entry, saved to and loaded from a cache
//!   directory behind a header that names what they were built for and a checksum.

use core::fmt;
use std::io;
use std::path::PathBuf;
use std::time::Duration;

mod memory;
mod piece_database;
mod pieces;
mod sliding;
mod space;
mod table;

pub use piece_database::PieceDatabase;
pub use pieces::{Combine, PatternPieces, PiecePattern, Pieces};
pub use sliding::{
    PatternDatabase, PdbKept, PdbPrediction, PARTITION_555, PARTITION_663, PARTITION_6666,
    PARTITION_6666_ACROSS, PARTITION_78, QUICK_BYTES,
};
pub use space::{build_table, AbstractSpace, Neighbour};
pub(crate) use table::create_cache_dir;
pub use table::{CachedTable, Packing, Table};

/// Why a pattern database could not be built, saved or loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum PdbError {
    /// The partition is not a set of disjoint, non-empty groups of tiles of the board (the
    /// blank, 0, is never part of a pattern).
    InvalidPartition(String),
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
    /// An [`AbstractSpace`] named a goal or a neighbour outside its blocks or slots.
    OutOfSpace {
        /// The block named.
        block: usize,
        /// The slot named.
        slot: usize,
    },
    /// The pattern or the problem does not fit a [`PiecePattern`]: why, in words.
    InvalidPattern(String),
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
            Self::InvalidPartition(reason) => write!(f, "invalid partition: {reason}"),
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
            Self::InvalidPattern(reason) => write!(f, "invalid pattern: {reason}"),
            Self::Io { path, error } => write!(f, "{}: {error}", path.display()),
            Self::BadFile { path, reason } => write!(f, "{}: {reason}", path.display()),
        }
    }
}

impl std::error::Error for PdbError {}

/// What a `load_or_build` did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildReport {
    /// Patterns read from the cache.
    pub loaded: usize,
    /// Patterns built (missing, damaged or mismatched in the cache).
    pub built: usize,
    /// Time spent building, by the clock (builds that ran at once share it).
    pub build_time: Duration,
    /// Time spent reading and writing files.
    pub io_time: Duration,
    /// Bytes of the tables.
    pub bytes: usize,
    /// Cache files that were present but rejected, with the reason.
    pub rejected: Vec<String>,
}

impl fmt::Display for BuildReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pattern database: {} loaded, {} built in {:.2} s, {:.2} s of file I/O, {:.1} MB",
            self.loaded,
            self.built,
            self.build_time.as_secs_f64(),
            self.io_time.as_secs_f64(),
            self.bytes as f64 / 1e6
        )?;
        for rejected in &self.rejected {
            write!(f, "; rejected {rejected}")?;
        }
        Ok(())
    }
}
