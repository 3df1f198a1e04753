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
//! - [`BuildOptions`]: where a database's tables are kept, and an observer of its build's
//!   [`BuildProgress`], for each database's `build_with`.
//! - [`Table`]: the distances, a byte or four bits an entry, saved to and loaded from a cache
//!   directory behind a header that names what they were built for and a checksum.

use core::fmt;
use std::time::{Duration, Instant};

mod error;
pub(crate) mod memory;
mod piece_database;
mod pieces;
mod progress;
mod sliding;
mod space;
mod table;

pub use error::{PartitionError, PatternError, PdbError};
pub use piece_database::PieceDatabase;
pub use pieces::{Combine, PatternPieces, PiecePattern, Pieces};
pub(crate) use progress::Tracker;
pub use progress::{BuildOptions, BuildProgress};
pub use sliding::{
    CATALOGUE_6666, PARTITION_78, PARTITION_555, PARTITION_663, PARTITION_6666,
    PARTITION_6666_ACROSS, PatternDatabase, PdbKept, PdbMax, PdbPrediction, QUICK_BYTES,
};
pub(crate) use space::build_tracked;
pub use space::{AbstractSpace, Neighbour, build_table};
pub(crate) use table::create_cache_dir;
pub use table::{CachedTable, Packing, Table};

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

impl BuildReport {
    /// The report of builds that ran at once since `started`, from theirs: the counts added
    /// up, the build time by the clock.
    pub(crate) fn gather(parts: Vec<BuildReport>, started: Instant) -> BuildReport {
        let mut report = BuildReport::default();
        for part in parts {
            report.loaded += part.loaded;
            report.built += part.built;
            report.io_time += part.io_time;
            report.rejected.extend(part.rejected);
        }
        if report.built > 0 {
            report.build_time = started.elapsed().saturating_sub(report.io_time);
        }
        report
    }
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
