//! A stronger heuristic for the cube than Korf's: the distance of every cube's twists, flips
//! and four slice edges' places, reduced by the sixteen symmetries that keep the slice, and
//! read along each of the three axes.

use std::sync::Arc;

use super::symmetry::{SYMMETRIES, Symmetries, along};
use super::{Cube, EDGES, Metric, SOLVED, move_cubes};
use crate::heuristics::pattern_database::{
    AbstractSpace, BuildOptions, BuildReport, CachedTable, Neighbour, Packing, PdbError, Table,
    Tracker, build_tracked, create_cache_dir,
};
use crate::permutation::{rank_partial_valid, unrank_partial};

use super::databases::{
    CORNER_TWISTS, coordinate_after, move_indices, twist, twists, twists_after,
};

mod lookup;

use lookup::ClassIndex;

/// Edge flips, `2^11` (the twelfth follows from the others).
const FLIPS: usize = 2_048;
/// The places of the four slice edges FR, FL, BL, BR, in order: `12 * 11 * 10 * 9`.
const SLICE_PLACES: usize = 11_880;
/// The slice edges' places and the flips together, before symmetry: `SLICE_PLACES * FLIPS`.
const EDGE_COORDINATES: usize = SLICE_PLACES * FLIPS;
/// The first slice edge (FR); the others follow it.
const FIRST_SLICE_EDGE: u8 = 8;

/// The flip coordinate: the first eleven flips, a bit each.
#[inline]
fn flip(eo: &[u8; EDGES]) -> usize {
    eo[..EDGES - 1]
        .iter()
        .enumerate()
        .fold(0, |f, (i, &o)| f | usize::from(o & 1) << i)
}

/// The edges' coordinate: where FR, FL, BL and BR are, ranked, then the flips.
#[inline]
fn edge_coordinate(cube: &Cube) -> usize {
    let mut at = [0u8; 4];
    for (i, &edge) in cube.ep.iter().enumerate() {
        if edge >= FIRST_SLICE_EDGE {
            at[usize::from(edge - FIRST_SLICE_EDGE) % 4] = i as u8;
        }
    }
    rank_partial_valid(&at, EDGES) as usize * FLIPS + flip(&cube.eo)
}

/// A cube with this edge coordinate: the slice edges placed and every edge flipped as it
/// says, the other edges in the places left, in order; the corners solved.
fn edge_cube(coordinate: usize) -> Cube {
    let (places, flips) = (coordinate / FLIPS, coordinate % FLIPS);
    let mut at = [0u8; 4];
    let _ = unrank_partial(places as u64, EDGES, &mut at);
    let mut cube = SOLVED;
    let mut others = 0..FIRST_SLICE_EDGE;
    for position in 0..EDGES as u8 {
        cube.ep[usize::from(position)] = match at.iter().position(|&p| p == position) {
            Some(j) => FIRST_SLICE_EDGE + j as u8,
            None => others.next().unwrap_or(0),
        };
    }
    let mut parity = 0;
    for i in 0..EDGES - 1 {
        cube.eo[i] = (flips >> i & 1) as u8;
        parity ^= cube.eo[i];
    }
    cube.eo[EDGES - 1] = parity;
    cube
}

/// The symmetry classes of the edge coordinate, and how the symmetries act on the twists.
struct Classes {
    /// For each edge coordinate, its class (high bits) and the symmetry that carries it to the
    /// class's representative (low four bits).
    class_of: Vec<u32>,
    /// Each class's representative edge coordinate.
    representatives: Vec<u32>,
    /// For each class, the symmetries that leave its representative as it is, a bit each.
    fixed_by: Vec<u16>,
    /// The twist after each symmetry, `CORNER_TWISTS` rows of `SYMMETRIES`.
    twist_under: Vec<u16>,
    /// How the symmetries act on the edge coordinate.
    conjugation: EdgeConjugation,
}

/// How each symmetry acts on the edge coordinate, by tables: a conjugated cube's slice places
/// follow from the places alone, and its flips are the flips permuted (a map linear over
/// exclusive or) plus a part that follows from the places. Tens of millions of lookups at
/// every start instead of as many conjugated cubes (1.1 s).
struct EdgeConjugation {
    /// The places after each symmetry, `SLICE_PLACES` rows of `SYMMETRIES`.
    places: Vec<u16>,
    /// The flips after each symmetry of a cube whose own flips are all zero, by its places.
    offset: Vec<u16>,
    /// What each symmetry makes of the flips themselves, `FLIPS` rows of `SYMMETRIES`.
    flips: Vec<u16>,
}

impl EdgeConjugation {
    fn new(symmetries: &Symmetries) -> Self {
        let image = |coordinate: usize, s: usize| {
            edge_coordinate(&symmetries.conjugate_edges(&edge_cube(coordinate), s))
        };
        let (mut places, mut offset) = (Vec::new(), Vec::new());
        for p in 0..SLICE_PLACES {
            for s in 0..SYMMETRIES {
                let to = image(p * FLIPS, s);
                places.push((to / FLIPS) as u16);
                offset.push((to % FLIPS) as u16);
            }
        }
        let mut flips = Vec::with_capacity(FLIPS * SYMMETRIES);
        for f in 0..FLIPS {
            for (s, &zero) in offset[..SYMMETRIES].iter().enumerate() {
                flips.push((image(f, s) % FLIPS) as u16 ^ zero);
            }
        }
        EdgeConjugation {
            places,
            offset,
            flips,
        }
    }

    /// The edge coordinate of a cube with this one conjugated by symmetry `s`.
    #[inline]
    fn image(&self, coordinate: usize, s: usize) -> usize {
        let (p, f) = (coordinate / FLIPS, coordinate % FLIPS);
        let at = p * SYMMETRIES + s;
        let flips = self.offset[at] ^ self.flips[f * SYMMETRIES + s];
        usize::from(self.places[at]) * FLIPS + usize::from(flips)
    }
}

impl Classes {
    fn new(symmetries: &Symmetries) -> Self {
        let conjugation = EdgeConjugation::new(symmetries);
        let mut class_of = vec![u32::MAX; EDGE_COORDINATES];
        let mut representatives = Vec::new();
        let mut fixed_by = Vec::new();
        for coordinate in 0..EDGE_COORDINATES {
            if class_of[coordinate] != u32::MAX {
                continue;
            }
            let class = representatives.len() as u32;
            let mut fixed = 0u16;
            for s in 0..SYMMETRIES {
                // The coordinate that symmetry `s` carries to this one.
                let image = conjugation.image(coordinate, symmetries.inverse(s));
                if image == coordinate {
                    fixed |= 1 << s;
                }
                if class_of[image] == u32::MAX {
                    class_of[image] = class << 4 | s as u32;
                }
            }
            representatives.push(coordinate as u32);
            fixed_by.push(fixed);
        }
        let mut twist_under = vec![0u16; CORNER_TWISTS * SYMMETRIES];
        for t in 0..CORNER_TWISTS {
            let cube = Cube {
                co: twists(t),
                ..SOLVED
            };
            for s in 0..SYMMETRIES {
                twist_under[t * SYMMETRIES + s] = twist(symmetries.conjugate(&cube, s).co) as u16;
            }
        }
        Classes {
            class_of,
            representatives,
            fixed_by,
            twist_under,
            conjugation,
        }
    }

    /// Where a cube's entry is: its edges' class, and its twists carried by the same
    /// symmetry.
    #[inline]
    fn index(&self, cube: &Cube) -> usize {
        let class = self.class_of[edge_coordinate(cube)] as usize;
        let t = twist(cube.co);
        (class >> 4) * CORNER_TWISTS + usize::from(self.twist_under[t * SYMMETRIES + (class & 15)])
    }
}

/// The coordinates after each of the 18 moves (by [`Turn::index`](super::Turn::index)), and
/// which move each is seen along each axis.
struct MoveTables {
    /// `SLICE_PLACES` rows of 18.
    places_after: Vec<u16>,
    /// `FLIPS` rows of 18.
    flips_after: Vec<u16>,
    /// `CORNER_TWISTS` rows of 18.
    twist_after: Vec<u16>,
    /// For each axis and move, the move it is along that axis.
    along: [[u8; 18]; 3],
}

impl core::fmt::Debug for MoveTables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MoveTables").finish_non_exhaustive()
    }
}

impl MoveTables {
    fn new() -> Self {
        let moves = move_cubes();
        let places_after = coordinate_after(
            SLICE_PLACES,
            &moves,
            |p| edge_cube(p * FLIPS),
            |cube| edge_coordinate(cube) / FLIPS,
        );
        let flips_after = coordinate_after(FLIPS, &moves, edge_cube, |cube| {
            edge_coordinate(cube) % FLIPS
        });
        let twist_after = twists_after(&moves);
        let along = core::array::from_fn(|axis| {
            core::array::from_fn(|m| {
                let seen = along(&moves[m], axis);
                moves.iter().position(|c| *c == seen).unwrap_or(m) as u8
            })
        });
        MoveTables {
            places_after,
            flips_after,
            twist_after,
            along,
        }
    }

    /// The coordinates after move `m` (places, flips, twists), as seen along one axis.
    #[inline]
    fn after(&self, [places, flips, twists]: [u16; 3], m: usize) -> [u16; 3] {
        [
            self.places_after[usize::from(places) * 18 + m],
            self.flips_after[usize::from(flips) * 18 + m],
            self.twist_after[usize::from(twists) * 18 + m],
        ]
    }
}

/// A cube's coordinates seen along each of its three axes: the slice edges' places, the
/// flips and the twists. Kept with the cube as it moves: a move changes each by a table's
/// read.
pub(super) type Axes = [[u16; 3]; 3];

/// The space the table is built over: a block per class of the edge coordinate, a slot per
/// twist. The class after each move is worked out once a block; the twist after it is the
/// move's, carried by the symmetry that takes the edges to their class's representative.
struct Space<'a> {
    classes: &'a Classes,
    tables: &'a MoveTables,
    /// The metric's moves, by [`Turn::index`](super::Turn::index).
    moves: Vec<usize>,
}

/// For each move: the class it leads to, the symmetry to its representative, and the
/// symmetries that fix that representative.
type After = [(usize, usize, u16); 18];

impl AbstractSpace for Space<'_> {
    type Scratch = After;

    fn blocks(&self) -> usize {
        self.classes.representatives.len()
    }

    fn slots(&self) -> usize {
        CORNER_TWISTS
    }

    fn entry_per_slot(&self) -> bool {
        true
    }

    fn goals(&self) -> Vec<(usize, usize)> {
        vec![(self.classes.index(&SOLVED) / CORNER_TWISTS, 0)]
    }

    fn scratch(&self) -> After {
        [(0, 0, 0); 18]
    }

    fn enter(&self, block: usize, after: &mut After) {
        let coordinate = self.classes.representatives[block] as usize;
        let (places, flips) = (coordinate / FLIPS, coordinate % FLIPS);
        for (next, &m) in after.iter_mut().zip(&self.moves) {
            let image = usize::from(self.tables.places_after[places * 18 + m]) * FLIPS
                + usize::from(self.tables.flips_after[flips * 18 + m]);
            let class = self.classes.class_of[image] as usize;
            *next = (class >> 4, class & 15, self.classes.fixed_by[class >> 4]);
        }
    }

    /// Every move's inverse is a move, so the predecessors are the successors. A state whose
    /// class's representative some symmetries fix has an entry under each of their images of
    /// its twist: all are visited.
    #[inline]
    fn expand(
        &self,
        after: &mut After,
        slot: usize,
        mut visit: impl FnMut(Neighbour),
    ) -> Result<(), PdbError> {
        let under = &self.classes.twist_under;
        for (&(block, s, fixed), &m) in after.iter().zip(&self.moves) {
            let t = usize::from(self.tables.twist_after[slot * 18 + m]);
            let t = usize::from(under[t * SYMMETRIES + s]);
            visit(Neighbour::Counted { block, slot: t });
            let mut others = fixed & !1;
            while others != 0 {
                let s = others.trailing_zeros() as usize;
                others &= others - 1;
                let slot = usize::from(under[t * SYMMETRIES + s]);
                visit(Neighbour::Counted { block, slot });
            }
        }
        Ok(())
    }
}

/// The heuristic of Kociemba's optimal solver (after Michael Reid, 1997), with the slice
/// edges in their places: a table of the fewest moves that orient every corner and edge and
/// bring FR, FL, BL and BR home, for every cube's twists, flips and those four edges' places.
/// The sixteen symmetries that keep the up-down axis map such states onto one another at the
/// same distance, so the table keeps one entry per class (1.7 GB at four bits an entry,
/// against 27 GB without them). A cube is looked up along each of its three axes (seen as if
/// that axis were up-down, the slice being the other four edges), and so is its inverse; the
/// heuristic is the largest of the six.
///
/// Built once (minutes, a byte a state while it builds: 5 GB at the peak; a byte an entry in
/// the quarter-turn metric if a distance there exceeds what four bits hold) and kept in a
/// cache directory ([`BuildOptions::cache_dir`]); the classes of the edge coordinates are
/// worked out each time the table is read or built (seconds; 97 MB while they are, 10 MB
/// kept).
///
/// ```no_run
/// use informed::heuristics::pattern_database::BuildOptions;
/// use informed::puzzles::rubiks_cube::{random_cubes, Metric, RubiksCube, SliceDatabase};
/// use informed::ida_star;
///
/// let options = BuildOptions::new().cache_dir("target/informed-pdb".as_ref());
/// let (database, _report) = SliceDatabase::build_with(Metric::HalfTurn, &options)?;
/// let cube = random_cubes(1).nth(1).unwrap();
/// let puzzle = RubiksCube::new(cube, Metric::HalfTurn).with_slice_database(&database)?;
/// let solution = ida_star(&puzzle).solution().cloned().unwrap();
/// assert_eq!(solution.cost, 17);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SliceDatabase {
    metric: Metric,
    classes: Arc<ClassIndex>,
    tables: Arc<MoveTables>,
    table: Table,
}

impl SliceDatabase {
    /// The table for `metric`, with options: a cache directory, an observer of the build's
    /// progress.
    pub fn build_with(
        metric: Metric,
        options: &BuildOptions<'_>,
    ) -> Result<(Self, BuildReport), PdbError> {
        if let Some(dir) = options.cache_dir {
            create_cache_dir(dir)?;
        }
        let symmetries = Symmetries::new();
        let classes = Classes::new(&symmetries);
        let tables = MoveTables::new();
        let entries = classes.representatives.len() * CORNER_TWISTS;
        let tracker = Tracker::new(options.observer, vec![entries as u64]);
        let letter = match metric {
            Metric::HalfTurn => 'h',
            Metric::QuarterTurn => 'q',
        };
        let cache = options.cache_dir.map(|dir| CachedTable {
            path: dir.join(format!("pdb-rubik-slices-{letter}.bin")),
            kind: "rubik-slices",
            key: vec![letter as u8],
        });
        let mut report = BuildReport::default();
        let table = tracker.load_or_build(0, cache.as_ref(), entries, &mut report, || {
            let space = Space {
                classes: &classes,
                tables: &tables,
                moves: move_indices(metric, &[0, 1, 2, 3, 4, 5]),
            };
            let distances = build_tracked(&space, &tracker, 0)?;
            Table::new(distances, Some(Packing::Nibbles))
        })?;
        let database = SliceDatabase {
            metric,
            classes: Arc::new(ClassIndex::new(&classes, &symmetries)),
            tables: Arc::new(tables),
            table,
        };
        report.bytes = database.memory_bytes();
        Ok((database, report))
    }

    /// The metric the table counts.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The bytes the table and the classes take.
    pub fn memory_bytes(&self) -> usize {
        self.table.memory_bytes() + self.classes.memory_bytes()
    }

    /// A cube's coordinates along each axis, worked out from the cube.
    pub(super) fn axes(cube: &Cube) -> Axes {
        core::array::from_fn(|axis| {
            let seen = along(cube, axis);
            let edges = edge_coordinate(&seen);
            [
                (edges / FLIPS) as u16,
                (edges % FLIPS) as u16,
                twist(seen.co) as u16,
            ]
        })
    }

    /// The coordinates after the move numbered `m` ([`Turn::index`](super::Turn::index)).
    #[inline]
    pub(super) fn axes_after(&self, axes: &Axes, m: usize) -> Axes {
        let tables = &self.tables;
        core::array::from_fn(|axis| {
            tables.after(axes[axis], usize::from(tables.along[axis][m % 18]))
        })
    }

    /// Where the entries of these coordinates are: a read of each axis's edge class.
    #[inline]
    pub(super) fn indices(&self, axes: &Axes) -> [usize; 3] {
        axes.map(|axis| self.index(axis))
    }

    /// Where the entry of one axis's coordinates is.
    #[inline]
    pub(super) fn index(&self, [places, flips, twists]: [u16; 3]) -> usize {
        let class = self
            .classes
            .class_of(usize::from(places), usize::from(flips));
        let t = usize::from(twists) * SYMMETRIES + (class & 15);
        (class >> 4) * CORNER_TWISTS + usize::from(self.classes.twist_under[t])
    }

    /// The entry at this [`index`](Self::index).
    #[inline]
    pub(super) fn entry(&self, index: usize) -> u32 {
        u32::from(self.table.get(index))
    }

    /// The entries of a cube along its three axes.
    #[inline]
    pub fn entries(&self, cube: &Cube) -> [u32; 3] {
        self.at(self.indices(&Self::axes(cube)))
    }

    /// The entries at these [`indices`](Self::indices).
    #[inline]
    pub(super) fn at(&self, indices: [usize; 3]) -> [u32; 3] {
        indices.map(|index| self.entry(index))
    }

    /// The heuristic: the largest entry of the cube and of its inverse.
    #[inline]
    pub fn value(&self, cube: &Cube) -> u32 {
        self.value_at(cube, &Self::axes(cube))
    }

    /// [`value`](Self::value), the cube's coordinates known.
    #[inline]
    pub(super) fn value_at(&self, cube: &Cube, axes: &Axes) -> u32 {
        let direct = self.at(self.indices(axes));
        let inverse = self.entries(&cube.inverse());
        direct.into_iter().chain(inverse).max().unwrap_or(0)
    }
}

/// The sizes, checked against the counts they come from.
const _: () = {
    assert!(SLICE_PLACES == 12 * 11 * 10 * 9 && FLIPS == 1 << (EDGES - 1));
};

#[cfg(test)]
mod tests {
    use super::super::random_cubes;
    use super::*;
    use std::sync::OnceLock;

    /// The symmetries and the classes, worked out once for every test that needs them.
    pub(super) fn classes() -> &'static (Symmetries, Classes) {
        static CLASSES: OnceLock<(Symmetries, Classes)> = OnceLock::new();
        CLASSES.get_or_init(|| {
            let symmetries = Symmetries::new();
            let classes = Classes::new(&symmetries);
            (symmetries, classes)
        })
    }

    /// The tables give the edge coordinate that conjugating the cube gives, under every
    /// symmetry, on every 7,919th coordinate (a prime: the flips vary along the sample).
    #[test]
    fn the_symmetries_act_on_edge_coordinates_as_the_tables_say() {
        let symmetries = Symmetries::new();
        let conjugation = EdgeConjugation::new(&symmetries);
        let sample = (0..EDGE_COORDINATES)
            .step_by(7919)
            .chain([EDGE_COORDINATES - 1]);
        for coordinate in sample {
            let cube = edge_cube(coordinate);
            for s in 0..SYMMETRIES {
                let image = edge_coordinate(&symmetries.conjugate_edges(&cube, s));
                assert_eq!(conjugation.image(coordinate, s), image, "{coordinate} {s}");
            }
        }
    }

    #[test]
    fn edge_coordinates_round_trip() {
        for coordinate in [0, 1, 2047, 2048, 12_345_678, EDGE_COORDINATES - 1] {
            assert_eq!(edge_coordinate(&edge_cube(coordinate)), coordinate);
        }
    }

    /// The coordinates kept as a cube moves are the ones worked out from the cube, along
    /// every axis, after every move.
    #[test]
    fn coordinates_follow_the_moves() {
        let tables = MoveTables::new();
        let moves = move_cubes();
        for cube in random_cubes(3).take(50) {
            let axes = SliceDatabase::axes(&cube);
            for (m, turn) in moves.iter().enumerate() {
                let after = SliceDatabase::axes(&cube.then(turn));
                for axis in 0..3 {
                    let m = usize::from(tables.along[axis][m]);
                    assert_eq!(tables.after(axes[axis], m), after[axis], "{axis} {m}");
                }
            }
        }
        assert_eq!(
            SliceDatabase::axes(&SOLVED)[1],
            SliceDatabase::axes(&SOLVED)[0]
        );
    }

    /// A cube and its images under the sixteen symmetries have entries at the same index,
    /// up to the symmetries that fix their class's representative; the classes cover every
    /// coordinate, and a move's image is a move's.
    #[test]
    fn symmetric_cubes_share_entries() {
        let (symmetries, classes) = classes();
        assert!(classes.class_of.iter().all(|&c| c != u32::MAX));
        // About one class in sixteen coordinates; a few fixed by more than the identity.
        let count = classes.representatives.len();
        assert!(count > EDGE_COORDINATES / SYMMETRIES && count < EDGE_COORDINATES / 15);
        for cube in random_cubes(7).take(200) {
            let index = classes.index(&cube);
            let (class, t) = (index / CORNER_TWISTS, index % CORNER_TWISTS);
            for s in 0..SYMMETRIES {
                let image = symmetries.conjugate(&cube, s);
                let other = classes.index(&image);
                assert_eq!(other / CORNER_TWISTS, class);
                let fixed = classes.fixed_by[class];
                let same = (0..SYMMETRIES).any(|f| {
                    fixed >> f & 1 == 1
                        && usize::from(classes.twist_under[t * SYMMETRIES + f])
                            == other % CORNER_TWISTS
                });
                assert!(same, "{s}");
            }
        }
    }
}
