//! Korf's pattern databases of the cube, and the 2×2×2 cube's whole space, as abstract spaces
//! over Kociemba's coordinates.

use std::path::Path;

use super::{CORNERS, Cube, EDGES, Metric, SOLVED, Turn, move_cubes};
use crate::heuristics::pattern_database::{
    AbstractSpace, BuildOptions, BuildReport, CachedTable, Neighbour, Packing, PatternError,
    PdbError, Table, Tracker, build_table, build_tracked, create_cache_dir,
};
use crate::permutation::{rank_partial_valid, unrank_into, unrank_partial};

/// Corner permutations, `8!`.
const CORNER_PERMUTATIONS: usize = 40_320;
/// Corner twists, `3^7` (the eighth follows from the others).
pub(super) const CORNER_TWISTS: usize = 2_187;

/// The moves of a metric, by [`Turn::index`](super::Turn::index), on the faces given.
pub(super) fn move_indices(metric: Metric, faces: &[usize]) -> Vec<usize> {
    metric
        .turns()
        .into_iter()
        .filter(|turn| faces.contains(&usize::from(turn.face)))
        .map(Turn::index)
        .collect()
}

/// The lexicographic rank of a permutation of `0..8`.
#[inline]
fn rank_corners(cp: [u8; CORNERS]) -> usize {
    let mut rank = 0;
    for i in 0..CORNERS {
        let smaller_after = cp[i + 1..].iter().filter(|&&later| later < cp[i]).count();
        rank = rank * (CORNERS - i) + smaller_after;
    }
    rank
}

/// The twist coordinate: the first seven twists in base 3.
#[inline]
pub(super) fn twist(co: [u8; CORNERS]) -> usize {
    co[..7].iter().fold(0, |t, &c| t * 3 + usize::from(c))
}

/// The twists of a coordinate, the eighth making the sum a multiple of 3.
pub(super) fn twists(mut coordinate: usize) -> [u8; CORNERS] {
    let mut co = [0u8; CORNERS];
    for i in (0..7).rev() {
        co[i] = (coordinate % 3) as u8;
        coordinate /= 3;
    }
    co[7] = ((3 - co[..7].iter().map(|&c| u32::from(c)).sum::<u32>() % 3) % 3) as u8;
    co
}

/// A coordinate's move table: for each of its `count` values, the value after each of
/// `moves` (the 18 by [`Turn::index`]), `count` rows of 18, from a cube with that value
/// (`cube`) and the value of a cube (`value`). For a coordinate whose value after a move
/// depends on its value alone (Kociemba's coordinates).
pub(super) fn coordinate_after(
    count: usize,
    moves: &[Cube; 18],
    cube: impl Fn(usize) -> Cube,
    value: impl Fn(&Cube) -> usize,
) -> Vec<u16> {
    let mut after = vec![0u16; count * 18];
    for (v, row) in after.chunks_exact_mut(18).enumerate() {
        let cube = cube(v);
        for (to, turn) in row.iter_mut().zip(moves) {
            *to = value(&cube.then(turn)) as u16;
        }
    }
    after
}

/// The twist after each of `moves`, `CORNER_TWISTS` rows of 18 ([`coordinate_after`]).
pub(super) fn twists_after(moves: &[Cube; 18]) -> Vec<u16> {
    let cube = |t| Cube {
        co: twists(t),
        ..SOLVED
    };
    coordinate_after(CORNER_TWISTS, moves, cube, |cube| twist(cube.co))
}

/// The corners: a block per permutation, a slot per twist. The twist after a move depends on
/// the twist alone (Kociemba's coordinate), so a table gives it; the permutation after each
/// move is worked out once a block.
struct Corners {
    moves: Vec<usize>,
    cubes: [Cube; 18],
    /// The twist after each move, `CORNER_TWISTS` rows of 18.
    twist_after: Vec<u16>,
}

impl Corners {
    fn new(metric: Metric, faces: &[usize]) -> Self {
        let cubes = move_cubes();
        let twist_after = twists_after(&cubes);
        Corners {
            moves: move_indices(metric, faces),
            cubes,
            twist_after,
        }
    }
}

impl AbstractSpace for Corners {
    /// The block after each move.
    type Scratch = [usize; 18];

    fn blocks(&self) -> usize {
        CORNER_PERMUTATIONS
    }

    fn slots(&self) -> usize {
        CORNER_TWISTS
    }

    fn entry_per_slot(&self) -> bool {
        true
    }

    fn goals(&self) -> Vec<(usize, usize)> {
        vec![(0, 0)]
    }

    fn scratch(&self) -> [usize; 18] {
        [0; 18]
    }

    fn enter(&self, block: usize, after: &mut [usize; 18]) {
        let mut cube = SOLVED;
        let _ = unrank_into(block as u64, &mut cube.cp);
        for &m in &self.moves {
            after[m] = rank_corners(cube.then(&self.cubes[m]).cp);
        }
    }

    /// Every move's inverse is a move of the set, so the predecessors are the successors.
    #[inline]
    fn expand(
        &self,
        after: &mut [usize; 18],
        slot: usize,
        mut visit: impl FnMut(Neighbour),
    ) -> Result<(), PdbError> {
        for &m in &self.moves {
            visit(Neighbour::Counted {
                block: after[m],
                slot: usize::from(self.twist_after[slot * 18 + m]),
            });
        }
        Ok(())
    }
}

/// A group of edges (Korf's six, or seven or eight: [`groups`]): a block per
/// placement (where each of them is, ranked by
/// [`rank_partial`](crate::permutation::rank_partial)), a slot per flip (a bit an edge). The
/// flips after a move are the flips before it with a mask of the block's, so both are worked
/// out once a block.
struct Edges {
    members: Vec<u8>,
    blocks: usize,
    moves: Vec<usize>,
    /// For each move, the position each position's edge goes to.
    goes_to: [[u8; EDGES]; 18],
    /// For each move, the flip it gives the edge arriving at each position.
    flip: [[u8; EDGES]; 18],
}

impl Edges {
    fn new(metric: Metric, edges: usize, group: usize) -> Self {
        Self::of(groups(edges)[group].clone(), metric)
    }

    /// The space of these edges (one to eight of them).
    fn of(edges: Vec<u8>, metric: Metric) -> Self {
        let cubes = move_cubes();
        let mut goes_to = [[0u8; EDGES]; 18];
        let mut flip = [[0u8; EDGES]; 18];
        for (m, cube) in cubes.iter().enumerate() {
            for i in 0..EDGES {
                // The edge at `cube.ep[i]` arrives at `i`.
                goes_to[m][usize::from(cube.ep[i])] = i as u8;
                flip[m][i] = cube.eo[i];
            }
        }
        Edges {
            blocks: crate::permutation::partial_count(EDGES, edges.len()).unwrap_or(0) as usize,
            members: edges,
            moves: move_indices(metric, &[0, 1, 2, 3, 4, 5]),
            goes_to,
            flip,
        }
    }
}

impl AbstractSpace for Edges {
    /// The block after each move and the flips it adds.
    type Scratch = ([usize; 18], [u8; 18]);

    fn blocks(&self) -> usize {
        self.blocks
    }

    fn slots(&self) -> usize {
        1 << self.members.len()
    }

    fn entry_per_slot(&self) -> bool {
        true
    }

    fn goals(&self) -> Vec<(usize, usize)> {
        vec![(rank_partial_valid(&self.members, EDGES) as usize, 0)]
    }

    fn scratch(&self) -> Self::Scratch {
        ([0; 18], [0; 18])
    }

    fn enter(&self, block: usize, (after, flips): &mut Self::Scratch) {
        let k = self.members.len();
        let mut at = [0u8; MAX_GROUP];
        let _ = unrank_partial(block as u64, EDGES, &mut at[..k]);
        for &m in &self.moves {
            let mut next = [0u8; MAX_GROUP];
            let mut mask = 0u8;
            for (j, &position) in at[..k].iter().enumerate() {
                next[j] = self.goes_to[m][usize::from(position)];
                mask |= self.flip[m][usize::from(next[j])] << j;
            }
            after[m] = rank_partial_valid(&next[..k], EDGES) as usize;
            flips[m] = mask;
        }
    }

    #[inline]
    fn expand(
        &self,
        (after, flips): &mut Self::Scratch,
        slot: usize,
        mut visit: impl FnMut(Neighbour),
    ) -> Result<(), PdbError> {
        for &m in &self.moves {
            visit(Neighbour::Counted {
                block: after[m],
                slot: slot ^ usize::from(flips[m]),
            });
        }
        Ok(())
    }
}

/// The number of 2×2×2 cube positions at each distance from solved, in `metric`: the corners
/// of the big cube turned by U, R and F only (the DBL corner stays home, which fixes the
/// small cube's orientation in space). 3,674,160 positions; 11 moves at most in the
/// half-turn metric, 14 in the quarter-turn metric.
pub fn pocket_cube_distances(metric: Metric) -> Result<Vec<u64>, PdbError> {
    let table = build_table(&Corners::new(metric, &[0, 1, 2]))?;
    let mut counts = Vec::new();
    for &distance in table.iter().filter(|&&d| d != u8::MAX) {
        let d = usize::from(distance);
        if counts.len() <= d {
            counts.resize(d + 1, 0);
        }
        counts[d] += 1;
    }
    Ok(counts)
}

/// Korf's heuristic for the cube: the largest of the corners' database (88,179,840 entries)
/// and two databases of edges, four bits an entry (the distances fit: at most 11 for the
/// corners in the half-turn metric), looked up for the cube and for its inverse, which lies
/// as far from solved (the dual lookup of Felner, Zahavi, Schaeffer and Holte, IJCAI 2005).
/// The search asks for the inverse's entries only of the children the cube's own do not cut
/// off.
///
/// Korf's groups are six edges each (42,577,920 entries; 86.7 MB in all). Larger groups
/// ([`build_with`](Self::build_with)) give a stronger heuristic for more memory: seven edges
/// (510,935,040 entries each; 555 MB in all) or eight (5,109,350,400 each; 5.2 GB in all, and
/// a byte a state while a table builds: 13.5 GB at the peak with the `parallel` feature), the
/// first and the last edges, overlapping. The search time falls about in proportion to the
/// tables' size (Korf's time-memory rule).
#[derive(Clone, Debug)]
pub struct KorfDatabase {
    metric: Metric,
    /// The edges of each group.
    groups: [Vec<u8>; 2],
    corners: Table,
    edges: [Table; 2],
}

impl KorfDatabase {
    /// Builds Korf's three tables in memory (seconds to a minute; 174 MB while building).
    pub fn build(metric: Metric) -> Result<Self, PdbError> {
        Self::build_with(metric, 6, &BuildOptions::new()).map(|(database, _)| database)
    }

    /// [`build`](Self::build), each table kept in `cache_dir` ([`BuildOptions::cache_dir`]).
    pub fn load_or_build(
        metric: Metric,
        cache_dir: &Path,
    ) -> Result<(Self, BuildReport), PdbError> {
        Self::build_with(metric, 6, &BuildOptions::new().cache_dir(cache_dir))
    }

    /// The tables with groups of `group` edges (6 to 8; 6 is Korf's), with options: a cache
    /// directory, an observer of the build's progress. [`PatternError::EdgeGroup`] for
    /// another group size.
    pub fn build_with(
        metric: Metric,
        group: usize,
        options: &BuildOptions<'_>,
    ) -> Result<(Self, BuildReport), PdbError> {
        if !(6..=MAX_GROUP).contains(&group) {
            return Err(PdbError::InvalidPattern(PatternError::EdgeGroup {
                edges: group,
            }));
        }
        if let Some(dir) = options.cache_dir {
            create_cache_dir(dir)?;
        }
        let key = [
            match metric {
                Metric::HalfTurn => b'h',
                Metric::QuarterTurn => b'q',
            },
            group as u8,
        ];
        let placements = crate::permutation::partial_count(EDGES, group).unwrap_or(0) as usize;
        let sizes = [
            CORNER_PERMUTATIONS * CORNER_TWISTS,
            placements << group,
            placements << group,
        ];
        let tracker = Tracker::new(options.observer, sizes.map(|size| size as u64).to_vec());
        // One table: the corners, edges 0-5 or edges 6-11, read or built and saved.
        let one = |index: usize| -> Result<(Table, BuildReport), PdbError> {
            // Korf's tables keep the names they always had; larger groups add their size.
            let name = match (index, group) {
                (0, _) => "corners".to_string(),
                (_, 6) => format!("edges{}", index - 1),
                _ => format!("edges{group}-{}", index - 1),
            };
            let kind = format!("rubik-{name}");
            let cache = options.cache_dir.map(|dir| CachedTable {
                path: dir.join(format!("pdb-rubik-{name}-{}.bin", key[0] as char)),
                kind: &kind,
                // The corners' table is the same whatever the edges' group.
                key: key[..if index == 0 { 1 } else { 2 }].to_vec(),
            });
            let mut report = BuildReport::default();
            let size = sizes[index];
            let table = tracker.load_or_build(index, cache.as_ref(), size, &mut report, || {
                let distances = match index {
                    0 => build_tracked(&Corners::new(metric, &[0, 1, 2, 3, 4, 5]), &tracker, 0),
                    _ => build_tracked(&Edges::new(metric, group, index - 1), &tracker, index),
                };
                Table::new(distances?, Some(Packing::Nibbles))
            })?;
            Ok((table, report))
        };
        let started = std::time::Instant::now();
        // With `parallel`, the tables are read or built at once on the rayon pool's threads.
        #[cfg(feature = "parallel")]
        let parts: Vec<_> = {
            use rayon::prelude::*;
            (0..3).into_par_iter().map(one).collect()
        };
        #[cfg(not(feature = "parallel"))]
        let parts: Vec<_> = (0..3).map(one).collect();
        let mut tables = Vec::with_capacity(3);
        let mut reports = Vec::with_capacity(3);
        for part in parts {
            let (table, report) = part?;
            tables.push(table);
            reports.push(report);
        }
        let mut report = BuildReport::gather(reports, started);
        let [corners, edges0, edges1]: [Table; 3] = tables.try_into().expect("three tables");
        let database = KorfDatabase {
            metric,
            groups: groups(group),
            corners,
            edges: [edges0, edges1],
        };
        report.bytes = database.memory_bytes();
        Ok((database, report))
    }

    /// The metric the tables count.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The tables: the corners, edges 0–5, edges 6–11.
    pub fn tables(&self) -> impl Iterator<Item = &Table> + '_ {
        core::iter::once(&self.corners).chain(&self.edges)
    }

    /// The bytes the tables take.
    pub fn memory_bytes(&self) -> usize {
        self.corners.memory_bytes() + self.edges.iter().map(Table::memory_bytes).sum::<usize>()
    }

    /// The entries of a cube: the corners, the first group of edges, the last.
    pub fn entries(&self, cube: &Cube) -> [u32; 3] {
        self.at(self.indices(cube))
    }

    /// The heuristic: the largest entry of the cube and of its inverse.
    #[inline]
    pub fn value(&self, cube: &Cube) -> u32 {
        let direct = self.entries(cube).into_iter().max().unwrap_or(0);
        let inverse = self.entries(&cube.inverse()).into_iter().max().unwrap_or(0);
        direct.max(inverse)
    }

    /// Where a cube's entries are in the three tables.
    #[inline]
    pub(super) fn indices(&self, cube: &Cube) -> [usize; 3] {
        let mut position = [0u8; EDGES];
        for (i, &edge) in cube.ep.iter().enumerate() {
            position[usize::from(edge) % EDGES] = i as u8;
        }
        [
            rank_corners(cube.cp) * CORNER_TWISTS + twist(cube.co),
            edge_index(cube, &position, &self.groups[0]),
            edge_index(cube, &position, &self.groups[1]),
        ]
    }

    /// The entries at these [`indices`](Self::indices).
    #[inline]
    pub(super) fn at(&self, [corners, first, last]: [usize; 3]) -> [u32; 3] {
        [
            u32::from(self.corners.get(corners)),
            u32::from(self.edges[0].get(first)),
            u32::from(self.edges[1].get(last)),
        ]
    }
}

/// The most edges a group holds.
const MAX_GROUP: usize = 8;

/// The two groups of `edges` edges each: the first `edges` and the last (Korf's 0-5 and 6-11
/// for six; seven or eight overlap, which the largest of the entries allows).
fn groups(edges: usize) -> [Vec<u8>; 2] {
    let edges = edges.min(EDGES) as u8;
    [
        (0..edges).collect(),
        (EDGES as u8 - edges..EDGES as u8).collect(),
    ]
}

/// The index of a group of edges in its table ([`Edges`]): the rank of their positions, then
/// their flips; `position` has the position of every edge.
#[inline]
fn edge_index(cube: &Cube, position: &[u8; EDGES], edges: &[u8]) -> usize {
    let k = edges.len().min(MAX_GROUP);
    let mut at = [0u8; MAX_GROUP];
    let mut flips = 0;
    for (j, &edge) in edges.iter().enumerate().take(k) {
        at[j] = position[usize::from(edge) % EDGES];
        flips |= usize::from(cube.eo[usize::from(at[j]) % EDGES]) << j;
    }
    (rank_partial_valid(&at[..k], EDGES) as usize) << k | flips
}

/// The sizes, checked against the counts they come from.
const _: () = {
    assert!(CORNER_PERMUTATIONS == 40_320 && CORNER_TWISTS == 2_187);
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::permutation::partial_count;

    #[test]
    fn coordinates_round_trip() {
        for t in [0, 1, 728, 2186] {
            assert_eq!(twist(twists(t)), t);
        }
        let mut cp = [0u8; 8];
        for rank in [0u64, 1, 5039, 40_319] {
            unrank_into(rank, &mut cp).unwrap();
            assert_eq!(rank_corners(cp) as u64, rank);
        }
        assert_eq!(partial_count(EDGES, 6), Some(665_280));
    }

    /// Every cube within `depth` moves of solved, with its distance (breadth-first over whole
    /// cubes, all 18 or 12 moves).
    fn near(metric: Metric, depth: u32) -> Vec<(Cube, u32)> {
        let cubes = move_cubes();
        let moves = move_indices(metric, &[0, 1, 2, 3, 4, 5]);
        let mut seen = hashbrown::HashMap::new();
        seen.insert(SOLVED, 0u32);
        let mut layer = vec![SOLVED];
        for d in 1..=depth {
            let mut next = Vec::new();
            for cube in &layer {
                for &m in &moves {
                    let child = cube.then(&cubes[m]);
                    if !seen.contains_key(&child) {
                        seen.insert(child, d);
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        seen.into_iter().collect()
    }

    /// Groups of four and five edges (the same space as Korf's six, smaller): every entry of a cube
    /// within four moves is at most its distance, some equal it, and the counts of cubes at
    /// each distance are the published ones.
    #[test]
    fn edge_tables_are_admissible_near_the_goal() {
        for (metric, counts) in [
            (Metric::HalfTurn, [1, 18, 243, 3240, 43239]),
            (Metric::QuarterTurn, [1, 12, 114, 1068, 10011]),
        ] {
            let cubes = near(metric, 4);
            for (d, &count) in counts.iter().enumerate() {
                assert_eq!(cubes.iter().filter(|&&(_, x)| x == d as u32).count(), count);
            }
            for edges in [&[0u8, 1, 2, 3][..], &[4, 9, 10, 7], &[11, 3, 5, 0, 8]] {
                let space = Edges::of(edges.to_vec(), metric);
                let table = build_table(&space).unwrap();
                let placements = partial_count(EDGES, edges.len()).unwrap() as usize;
                assert_eq!(table.len(), placements << edges.len());
                let mut exact = 0;
                for (cube, d) in &cubes {
                    let mut position = [0u8; EDGES];
                    for (i, &edge) in cube.ep.iter().enumerate() {
                        position[usize::from(edge)] = i as u8;
                    }
                    let entry = u32::from(table[edge_index(cube, &position, edges)]);
                    assert!(entry <= *d, "{cube:?}: {entry} > {d}");
                    exact += usize::from(entry == *d);
                }
                assert!(exact > 1000, "{exact}");
            }
        }
    }
}
