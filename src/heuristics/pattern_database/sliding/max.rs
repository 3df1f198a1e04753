//! The largest of several sliding-tile pattern databases, each of its own partition, their
//! children's entries read together.

use super::lookup::predict_in_rounds;
use super::{BuildOptions, BuildReport, PatternDatabase, PdbError, PdbKept, PdbPrediction};
use crate::heuristics::{ChildPredictions, HeuristicError, IncrementalHeuristic};

/// The largest of `K` additive pattern databases of one board and goal, each of its own
/// partition of the tiles (with reflection, if asked): admissible as each is, and stronger
/// than any of them.
///
/// A board keeps every database's [`PdbKept`]; a board's children are predicted database by
/// database, their entries in each read together so that the reads, a miss each in tables
/// larger than the cache, are in flight at once, and a child that the entries read so far
/// cut off reads no more. Patterns that several partitions share (the same tiles in the same
/// order) share one table in memory.
///
/// ```no_run
/// use informed::heuristics::pattern_database::{BuildOptions, PdbMax, PARTITION_6666, PARTITION_6666_ACROSS};
/// use informed::puzzles::{sliding_tile, SlidingPuzzle};
/// use informed::ida_star;
///
/// let goal = sliding_tile::blank_first::<25>();
/// let cache = std::env::temp_dir().join("informed-pdb");
/// let options = BuildOptions::new().cache_dir(&cache);
/// let partitions = [&PARTITION_6666[..], &PARTITION_6666_ACROSS[..]];
/// let (both, report) = PdbMax::build_with(5, 5, &goal, partitions, true, &options)?;
/// eprintln!("{report}");
/// let start = [1, 2, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
/// let puzzle = SlidingPuzzle::with_heuristic(5, 5, &start, &goal, both)?;
/// assert_eq!(ida_star(&puzzle).solution().map(|s| s.cost), Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PdbMax<const N: usize, const K: usize> {
    databases: [PatternDatabase<N>; K],
    /// Whether every database keeps its ranks in the board (four patterns or fewer), so
    /// that the children are ranked here; otherwise each database predicts its own.
    ranked: bool,
}

impl<const N: usize, const K: usize> PdbMax<N, K> {
    /// The largest of the databases of a `width` × `height` board with this goal for each of
    /// the `partitions`, each built as [`PatternDatabase::build_with`] builds it, with the
    /// same options (a cache directory, zero-aware tables, an observer), one after another.
    /// Fails as that does, for the first partition that fails.
    pub fn build_with(
        width: usize,
        height: usize,
        goal: &[u8; N],
        partitions: [&[&[u8]]; K],
        reflect: bool,
        options: &BuildOptions<'_>,
    ) -> Result<(Self, BuildReport), PdbError> {
        let started = std::time::Instant::now();
        let mut built: Vec<PatternDatabase<N>> = Vec::with_capacity(K);
        let mut reports = Vec::with_capacity(K);
        for partition in partitions {
            // A pattern an earlier partition has: its tables, read once.
            let (database, report) = PatternDatabase::build_sharing(
                width, height, goal, partition, reflect, options, &built,
            )?;
            built.push(database);
            reports.push(report);
        }
        let mut report = BuildReport::gather(reports, started);
        let databases: [PatternDatabase<N>; K] = built
            .try_into()
            .unwrap_or_else(|_| unreachable!("one database a partition"));
        let max = Self::of(databases);
        report.bytes = max.memory_bytes();
        Ok((max, report))
    }

    fn of(databases: [PatternDatabase<N>; K]) -> Self {
        let ranked = databases.iter().all(|database| database.ranked);
        PdbMax { databases, ranked }
    }

    /// The databases, in the partitions' order.
    pub fn databases(&self) -> &[PatternDatabase<N>; K] {
        &self.databases
    }

    /// The bytes of the tables in memory, each shared table once.
    pub fn memory_bytes(&self) -> usize {
        let mut seen: Vec<*const u8> = Vec::new();
        let mut bytes = 0;
        let tables = (self.databases.iter())
            .flat_map(|database| database.patterns.iter().map(|pattern| &pattern.table));
        for table in tables {
            let at = table.as_ptr();
            if !seen.contains(&at) {
                seen.push(at);
                bytes += table.len();
            }
        }
        bytes
    }
}

impl<const N: usize, const K: usize> IncrementalHeuristic<N> for PdbMax<N, K> {
    type Kept = [PdbKept; K];

    /// `K` times [`PatternDatabase`]'s quick database (its
    /// [`new`](IncrementalHeuristic::new)), built once.
    fn new(width: usize, height: usize, goal: &[u8; N]) -> Self {
        let quick = PatternDatabase::new(width, height, goal);
        Self::of(core::array::from_fn(|_| quick.clone()))
    }

    fn try_new(width: usize, height: usize, goal: &[u8; N]) -> Result<Self, HeuristicError> {
        let quick = PatternDatabase::try_new(width, height, goal)?;
        Ok(Self::of(core::array::from_fn(|_| quick.clone())))
    }

    fn evaluate(&self, tiles: &[u8; N]) -> [PdbKept; K] {
        core::array::from_fn(|d| self.databases[d].evaluate(tiles))
    }

    #[inline]
    fn update(
        &self,
        before: [PdbKept; K],
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> [PdbKept; K] {
        core::array::from_fn(|d| self.databases[d].update(before[d], tiles, tile, from, to))
    }

    #[inline]
    fn value(&self, kept: [PdbKept; K]) -> u32 {
        (self.databases.iter().zip(kept))
            .map(|(database, kept)| database.value(kept))
            .max()
            .unwrap_or(0)
    }

    fn matches(&self, width: usize, height: usize, goal: &[u8; N]) -> bool {
        (self.databases.iter()).all(|database| database.matches(width, height, goal))
    }

    #[inline]
    fn predict(
        &self,
        before: [PdbKept; K],
        tiles: &[u8; N],
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<[PdbKept; K]> {
        let mut kept = before;
        for ((kept, database), before) in kept.iter_mut().zip(&self.databases).zip(before) {
            *kept = database.predict(before, tiles, tile, from, to)?;
        }
        Some(kept)
    }

    const PREDICTS_CHILDREN: bool = true;

    type Prediction = [PdbPrediction; K];

    #[inline]
    fn predict_children(
        &self,
        before: [PdbKept; K],
        tiles: &[u8; N],
        to: usize,
        from: [usize; 4],
        open: u8,
        cut: impl FnMut(usize, u32) -> bool,
    ) -> ChildPredictions<[PdbPrediction; K]> {
        if !self.ranked {
            let each: [ChildPredictions<PdbPrediction>; K] = core::array::from_fn(|d| {
                self.databases[d].predict_children(before[d], tiles, to, from, open, |_, _| false)
            });
            return core::array::from_fn(|i| {
                let mut value = 0;
                let mut predictions = [PdbPrediction::NONE; K];
                for (d, each) in each.iter().enumerate() {
                    let (its, prediction) = each[i]?;
                    value = value.max(its);
                    predictions[d] = prediction;
                }
                Some((value, predictions))
            });
        }
        predict_in_rounds(&self.databases, &before, tiles, to, from, open, cut, |p| p)
    }

    #[inline]
    fn predicted(&self, before: [PdbKept; K], prediction: [PdbPrediction; K]) -> [PdbKept; K] {
        core::array::from_fn(|d| self.databases[d].predicted(before[d], prediction[d]))
    }
}
