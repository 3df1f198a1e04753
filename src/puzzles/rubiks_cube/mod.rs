//! Rubik's cube, 3×3×3, in the half-turn metric (18 moves: each face a quarter turn either
//! way or a half turn, each costing one) or the quarter-turn metric (12 moves: quarter turns;
//! a half turn is two).
//!
//! A cube is its cubies: the 8 corners and 12 edges, each with the position it is at and its
//! orientation (Kociemba's coordinates: a corner twisted 0, 1 or 2, an edge flipped or not).
//! A move composes the cube with the move's own cubie permutation. Moves are named as in
//! Singmaster's notation: `U`, `U2`, `U'` for the up face, and `R`, `F`, `D`, `L`, `B`.
//!
//! The search skips a turn of the face just turned (the two make one turn or none) and, of two
//! opposite faces turned one after the other, keeps one order (they commute): the state keeps
//! the last face turned, and its moves leave those out. The branching factor is 13.35 in the
//! half-turn metric instead of 18 (Korf 1997).
//!
//! The heuristic is Korf's (1997), with dual lookups: the largest of three pattern databases
//! ([`KorfDatabase`]), read for the cube and for its inverse: the corners (88,179,840
//! entries) and two groups of six edges (42,577,920 entries each), four bits an entry, built by [`build_table`](crate::heuristics::pattern_database::build_table)
//! from the moves' tables; groups of seven or eight edges make it stronger for more memory
//! ([`KorfDatabase::build_with`]). [`SliceDatabase`] is far stronger on random cubes: the
//! distance of every cube's orientations and four slice edges, one entry per symmetry class,
//! read along the three axes (Reid's and Kociemba's optimal solver). With both, the
//! heuristic is the largest. Without a database it is zero. The cubes of the literature's
//! measurements are drawn uniformly from every position: [`random_cubes`].
//!
//! ```
//! use informed::puzzles::rubiks_cube::{Metric, RubiksCube};
//! use informed::{ida_star, replay, SearchProblem};
//!
//! let puzzle = RubiksCube::from_scramble("R U R' U'", Metric::HalfTurn)?;
//! let solution = ida_star(&puzzle).solution().cloned().unwrap();
//! assert_eq!(solution.cost, 4);
//! let (end, _) = replay(&puzzle, &solution.moves).unwrap();
//! assert!(puzzle.is_goal(&end));
//! assert_eq!(puzzle.format_moves(&solution.moves), "U R U' R'");
//! # Ok::<(), informed::puzzles::rubiks_cube::CubeError>(())
//! ```
//!
//! Reference: R. E. Korf, "Finding optimal solutions to Rubik's cube using pattern databases",
//! *AAAI* 1997; H. Kociemba's cube coordinates, symmetries and optimal solver; M. Reid, "An
//! optimal solver", Cube Lovers, 1997.

use core::ops::ControlFlow;

use crate::{ChildVisitor, MoveBuffer, SearchProblem};

mod cube;
mod databases;
mod random;
mod slices;
mod symmetry;

use cube::move_cubes;
pub use cube::{CORNERS, Cube, CubeError, EDGES, FACES, Metric, SOLVED, Turn, parse_moves};
pub use databases::{KorfDatabase, pocket_cube_distances};
pub use random::random_cubes;
pub use slices::SliceDatabase;

/// A cube and the last turn (face 6 for none), from which the moves follow. Two states are
/// equal when their cubes and last turns are: what they carry for the heuristic follows from
/// the cube.
#[derive(Clone, Copy, Debug)]
pub struct CubeState {
    /// The cube.
    pub cube: Cube,
    last: Turn,
    /// Whether the last face was turned twice running (the quarter-turn metric's half turn).
    twice: bool,
    /// The cube's coordinates along its axes when the puzzle has a [`SliceDatabase`] (zero
    /// otherwise).
    axes: slices::Axes,
    /// The [`SliceDatabase`]'s value of the cube plus one, when the search has read it with
    /// its siblings' (0 otherwise).
    known: u8,
}

impl PartialEq for CubeState {
    fn eq(&self, other: &Self) -> bool {
        (self.cube, self.last, self.twice) == (other.cube, other.last, other.twice)
    }
}

impl Eq for CubeState {}

impl core::hash::Hash for CubeState {
    fn hash<H: core::hash::Hasher>(&self, hasher: &mut H) {
        (self.cube, self.last, self.twice).hash(hasher);
    }
}

/// Rubik's cube from one start.
#[derive(Clone, Debug)]
pub struct RubiksCube {
    start: Cube,
    metric: Metric,
    moves: [Cube; 18],
    database: Option<KorfDatabase>,
    slices: Option<SliceDatabase>,
}

impl RubiksCube {
    /// The puzzle from `start`.
    pub fn new(start: Cube, metric: Metric) -> Self {
        RubiksCube {
            start,
            metric,
            moves: move_cubes(),
            database: None,
            slices: None,
        }
    }

    /// The puzzle from the solved cube scrambled by `scramble` (Singmaster's notation).
    pub fn from_scramble(scramble: &str, metric: Metric) -> Result<Self, CubeError> {
        Ok(RubiksCube::from_moves(&parse_moves(scramble)?, metric))
    }

    /// The puzzle from the solved cube turned by `turns`.
    pub fn from_moves(turns: &[Turn], metric: Metric) -> Self {
        let mut puzzle = RubiksCube::new(SOLVED, metric);
        puzzle.start = turns
            .iter()
            .fold(SOLVED, |cube, &turn| puzzle.turned(&cube, turn));
        puzzle
    }

    /// The same puzzle with Korf's heuristic from `database`; an error if it was built for
    /// the other metric.
    pub fn with_database(self, database: &KorfDatabase) -> Result<Self, CubeError> {
        self.same_metric(database.metric())?;
        Ok(RubiksCube {
            database: Some(database.clone()),
            ..self
        })
    }

    /// The same puzzle with the heuristic of `database` (the largest of its value and Korf's
    /// if the puzzle has his as well); an error if it was built for the other metric.
    pub fn with_slice_database(self, database: &SliceDatabase) -> Result<Self, CubeError> {
        self.same_metric(database.metric())?;
        Ok(RubiksCube {
            slices: Some(database.clone()),
            ..self
        })
    }

    /// [`CubeError::MetricMismatch`] unless a database built for `metric` fits the puzzle.
    fn same_metric(&self, metric: Metric) -> Result<(), CubeError> {
        if metric == self.metric {
            return Ok(());
        }
        Err(CubeError::MetricMismatch {
            database: metric,
            puzzle: self.metric,
        })
    }

    /// The metric.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The cube after `turn`.
    pub fn turned(&self, cube: &Cube, turn: Turn) -> Cube {
        cube.then(&self.moves[turn.index()])
    }

    /// Moves in Singmaster's notation, separated by spaces.
    pub fn format_moves(&self, moves: &[Turn]) -> String {
        moves
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl SearchProblem for RubiksCube {
    type State = CubeState;
    type Move = Turn;
    type Cost = u32;

    fn start(&self) -> CubeState {
        CubeState {
            cube: self.start,
            last: Turn {
                face: 6,
                quarters: 0,
            },
            twice: false,
            axes: self
                .slices
                .as_ref()
                .map_or([[0; 3]; 3], |_| SliceDatabase::axes(&self.start)),
            known: 0,
        }
    }

    fn is_goal(&self, state: &CubeState) -> bool {
        state.cube.is_solved()
    }

    /// Every turn of a face other than the last one turned, and of its opposite face only if
    /// that comes after it in U R F D L B's order of pairs (U before D, R before L, F before
    /// B). In the quarter-turn metric the last face once more, the same way, if it was turned
    /// once (two quarter turns make the half turn; three make one the other way).
    fn moves(&self, state: &CubeState, moves: &mut MoveBuffer<Turn, u32>) {
        let last = usize::from(state.last.face);
        for face in 0..6u8 {
            let f = usize::from(face);
            if last < 6 && f == (last + 3) % 6 && f < last {
                continue;
            }
            match self.metric {
                Metric::HalfTurn if f != last => {
                    for quarters in 1..=3 {
                        moves.push((Turn { face, quarters }, 1));
                    }
                }
                Metric::QuarterTurn if f != last => {
                    moves.push((Turn { face, quarters: 1 }, 1));
                    moves.push((Turn { face, quarters: 3 }, 1));
                }
                Metric::QuarterTurn if !state.twice => moves.push((state.last, 1)),
                _ => {}
            }
        }
    }

    #[inline]
    fn apply(&self, state: &mut CubeState, turn: Turn) {
        state.cube = self.turned(&state.cube, turn);
        if let Some(database) = &self.slices {
            state.axes = database.axes_after(&state.axes, turn.index());
            state.known = 0;
        }
        state.twice = turn.face == state.last.face;
        state.last = turn;
    }

    fn heuristic(&self, state: &CubeState) -> u32 {
        let korf = self
            .database
            .as_ref()
            .map_or(0, |database| database.value(&state.cube));
        let slices = self
            .slices
            .as_ref()
            .map_or(0, |database| match state.known {
                0 => database.value_at(&state.cube, &state.axes),
                known => u32::from(known - 1),
            });
        korf.max(slices)
    }

    /// The children made first, all of them, and their table entries read together before
    /// any is judged: a node's dozen lookups into tables far larger than the caches are then
    /// in flight at once, rather than one after another (the search waits on memory, not on
    /// arithmetic). A child its own entries do not cut off is visited, and judged again with
    /// its inverse's as well ([`KorfDatabase::value`]).
    fn visit_children<V: ChildVisitor<Self>>(
        &self,
        state: &mut CubeState,
        skip: Option<Turn>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        let first = visitor.move_stack().len();
        self.moves(state, visitor.move_stack());
        let mut children = [(
            *state,
            Turn {
                face: 6,
                quarters: 0,
            },
        ); 18];
        let mut count = 0;
        for &(turn, _) in &visitor.move_stack()[first..] {
            if Some(turn) != skip && count < children.len() {
                let mut child = *state;
                self.apply(&mut child, turn);
                children[count] = (child, turn);
                count += 1;
            }
        }
        visitor.move_stack().truncate(first);
        let children = &mut children[..count];
        let mut direct = [0u32; 18];
        if let Some(database) = &self.database {
            let mut indices = [[0usize; 3]; 18];
            for (index, (child, _)) in indices.iter_mut().zip(&*children) {
                *index = database.indices(&child.cube);
            }
            for (heuristic, &index) in direct.iter_mut().zip(&indices[..count]) {
                *heuristic = database.at(index).into_iter().max().unwrap_or(0);
            }
        }
        if let Some(database) = &self.slices {
            return Self::visit_with_slices(database, state, children, direct, visitor);
        }
        let parent = *state;
        for (&(child, turn), &direct) in children.iter().zip(&direct) {
            // Most children are cut off on their own entries; the few that are not are
            // visited, and judged again with their inverse's.
            if visitor.prune(1, direct) {
                continue;
            }
            *state = child;
            let flow = visitor.visit(state, turn, 1);
            *state = parent;
            flow?;
        }
        ControlFlow::Continue(())
    }
}

impl RubiksCube {
    /// [`visit_children`](SearchProblem::visit_children) with the slice table, in rounds:
    /// every child's entry along its up-down axis, then for the children that does not cut
    /// off the entries along the other two axes, then for those still passing their
    /// inverses' entries, kept with each child for the search's
    /// [`heuristic`](SearchProblem::heuristic). Each round's reads are in flight at once, and
    /// most children are cut off before the last.
    fn visit_with_slices<V: ChildVisitor<Self>>(
        database: &SliceDatabase,
        state: &mut CubeState,
        children: &mut [(CubeState, Turn)],
        mut best: [u32; 18],
        visitor: &mut V,
    ) -> ControlFlow<()> {
        let mut passed: [usize; 18] = core::array::from_fn(|i| i);
        let mut count = children.len();
        let mut own = [0u32; 18];
        for round in 0..3 {
            // The passing children's indices this round, then their entries.
            let mut indices = [[0usize; 3]; 18];
            for (index, &i) in indices.iter_mut().zip(&passed[..count]) {
                let (child, _) = &children[i];
                *index = match round {
                    0 => [database.index(child.axes[0]), 0, 0],
                    1 => [
                        database.index(child.axes[1]),
                        database.index(child.axes[2]),
                        0,
                    ],
                    _ => database.indices(&SliceDatabase::axes(&child.cube.inverse())),
                };
            }
            // The entries a round reads: one axis, the other two, the inverse's three.
            let reads = round + 1;
            let mut kept = 0;
            for k in 0..count {
                let i = passed[k];
                let entry = indices[k][..reads]
                    .iter()
                    .map(|&index| database.entry(index))
                    .max()
                    .unwrap_or(0);
                own[i] = own[i].max(entry);
                best[i] = best[i].max(own[i]);
                if !visitor.prune(1, best[i]) {
                    passed[kept] = i;
                    kept += 1;
                }
            }
            count = kept;
        }
        for &i in &passed[..count] {
            children[i].0.known = u8::try_from(own[i] + 1).unwrap_or(0);
        }
        let parent = *state;
        for &i in &passed[..count] {
            let (child, turn) = children[i];
            *state = child;
            let flow = visitor.visit(state, turn, 1);
            *state = parent;
            flow?;
        }
        ControlFlow::Continue(())
    }
}
