//! Pattern databases for any permutation-style puzzle, built from the problem's own moves.

use core::fmt;

use super::space::{AbstractSpace, Neighbour};
use super::{PatternError, PdbError};
use crate::cost::Cost;
use crate::permutation::{partial_count, rank_partial_valid, unrank_partial};
use crate::{MoveBuffer, SearchProblem};

/// A problem whose states are arrangements of pieces on positions: `n` positions (at most
/// 64), each holding one of the pieces `0..n`. The pancake puzzle (a pancake per place), the
/// sliding-tile puzzles (a tile per cell, the blank a piece), TopSpin.
///
/// A pattern database of such a puzzle keeps some of the pieces and forgets which of the
/// others is where ([`PiecePattern`]). It stands for a state with a representative: the kept
/// pieces where they are, the others in increasing order on the positions left. For the
/// database to be right, what moves a state has and where they take the kept pieces must not
/// depend on which forgotten piece is where (true of every puzzle above: a move moves whatever
/// is at its positions), and every move must cost one.
pub trait Pieces: SearchProblem {
    /// The number of positions (and of pieces).
    fn positions(&self) -> usize;

    /// Writes the piece at each position of `state` into `out` (of length
    /// [`positions`](Self::positions)).
    fn read_pieces(&self, state: &Self::State, out: &mut [u8]);

    /// The state with the piece `pieces[position]` at each position, or `None` if the puzzle
    /// has no such state.
    fn state_with_pieces(&self, pieces: &[u8]) -> Option<Self::State>;

    /// Whether [`moves`](SearchProblem::moves) gives the same moves in every state and each
    /// move sends the piece at each position to the same position in every state (a pancake flip,
    /// a TopSpin turn; not a sliding-tile move, which depends on the blank). A pattern
    /// database then works out each move's map of positions once and moves the pattern's
    /// pieces by it, without making a state per move (several times faster to build).
    /// Defaults to `false`.
    fn moves_permute_positions(&self) -> bool {
        false
    }
}

/// The pieces one pattern keeps: those whose moves it counts, and those it keeps but whose
/// moves are free (the blank of a sliding-tile puzzle, without which its moves are unknown).
/// The table has an entry per placement of the counted pieces, ranked by
/// [`rank_partial`](crate::permutation::rank_partial) of their positions in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternPieces<'a> {
    /// The pieces whose moves count.
    pub counted: &'a [u8],
    /// The pieces kept whose moves are free.
    pub free: &'a [u8],
}

impl<'a> PatternPieces<'a> {
    /// A pattern that counts every move of these pieces and keeps no other.
    pub const fn counted(pieces: &'a [u8]) -> Self {
        PatternPieces {
            counted: pieces,
            free: &[],
        }
    }
}

/// How [`PieceDatabase`](super::PieceDatabase) combines its patterns' values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Combine {
    /// The largest value: admissible for any patterns.
    Max,
    /// The sum: admissible when no move moves counted pieces of two patterns (the
    /// sliding-tile puzzles, the Towers of Hanoi; not the pancake puzzle or TopSpin, whose
    /// moves move many pieces). [`PieceDatabase::build`](super::PieceDatabase::build) checks it near the goals.
    Sum,
}

/// The abstract space of one pattern of a [`Pieces`] puzzle: a block per placement of the
/// counted pieces, a slot per placement of the free pieces on the positions left; the moves
/// are the problem's own, applied to each abstract state's representative. A move that moves
/// a counted piece costs one; one that moves only free or forgotten pieces costs nothing.
pub struct PiecePattern<'p, P: Pieces> {
    problem: &'p P,
    pub(super) positions: usize,
    pub(super) counted: Vec<u8>,
    pub(super) free: Vec<u8>,
    /// The pieces the pattern forgets, in increasing order.
    others: Vec<u8>,
    pub(super) blocks: usize,
    slots: usize,
    goals: Vec<(usize, usize)>,
    /// Where each move sends the piece at each position, when the moves permute positions
    /// ([`Pieces::moves_permute_positions`]).
    maps: Option<Vec<[u8; 64]>>,
}

impl<P: Pieces> fmt::Debug for PiecePattern<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PiecePattern")
            .field("positions", &self.positions)
            .field("counted", &self.counted)
            .field("free", &self.free)
            .field("blocks", &self.blocks)
            .field("slots", &self.slots)
            .finish_non_exhaustive()
    }
}

/// The abstract state of one expansion: its block's counted positions and the rest.
pub struct PieceScratch<P: SearchProblem> {
    /// The position of each counted piece.
    counted_at: Vec<u8>,
    /// The same positions, one bit each.
    occupied: u64,
    /// The positions no counted piece is on, in increasing order.
    open: Vec<u8>,
    /// The positions of the free pieces, as indices into `open`.
    free_at: Vec<u8>,
    pieces: Vec<u8>,
    after: Vec<u8>,
    moves: MoveBuffer<P::Move, P::Cost>,
}

impl<'p, P: Pieces> PiecePattern<'p, P> {
    /// The pattern of `problem` keeping `pattern`'s pieces, whose goals are the abstractions
    /// of `goals`. Checks that the pieces are distinct pieces of the puzzle, that the goals'
    /// arrangements are permutations, and that the table fits in memory.
    pub fn new(
        problem: &'p P,
        goals: &[P::State],
        pattern: PatternPieces<'_>,
    ) -> Result<Self, PdbError> {
        let invalid = |error: PatternError| Err(PdbError::InvalidPattern(error));
        let n = problem.positions();
        if n == 0 || n > 64 {
            return invalid(PatternError::Positions { positions: n });
        }
        if pattern.counted.is_empty() {
            return invalid(PatternError::CountsNoPiece);
        }
        if goals.is_empty() {
            return invalid(PatternError::NoGoal);
        }
        let mut kept = 0u64;
        for &piece in pattern.counted.iter().chain(pattern.free) {
            if usize::from(piece) >= n {
                return invalid(PatternError::NotAPiece {
                    piece,
                    positions: n,
                });
            }
            if kept & 1 << piece != 0 {
                return invalid(PatternError::PieceTwice { piece });
            }
            kept |= 1 << piece;
        }
        let k = pattern.counted.len();
        let too_large = || {
            PdbError::InvalidPattern(PatternError::TooLarge {
                positions: n,
                counted: k,
                free: pattern.free.len(),
            })
        };
        let blocks = partial_count(n, k)
            .and_then(|c| usize::try_from(c).ok())
            .ok_or_else(too_large)?;
        let slots = partial_count(n - k, pattern.free.len())
            .and_then(|c| usize::try_from(c).ok())
            .ok_or_else(too_large)?;
        blocks.checked_mul(slots).ok_or_else(too_large)?;
        let mut space = PiecePattern {
            problem,
            positions: n,
            counted: pattern.counted.to_vec(),
            free: pattern.free.to_vec(),
            others: (0..n as u8).filter(|&p| kept & 1 << p == 0).collect(),
            blocks,
            slots,
            goals: Vec::new(),
            maps: None,
        };
        if problem.moves_permute_positions() {
            space.maps = Some(space.position_maps()?);
        }
        let mut pieces = vec![0u8; n];
        for goal in goals {
            problem.read_pieces(goal, &mut pieces);
            let position = where_is(&pieces).ok_or_else(|| {
                PdbError::InvalidPattern(PatternError::GoalNotAPermutation {
                    pieces: pieces.clone(),
                })
            })?;
            space.goals.push(space.abstraction(&position));
        }
        Ok(space)
    }

    /// Where each fixed move sends the piece at each position: the move applied once to the
    /// arrangement `0 1 … n-1`. Checks the moves' costs and inverses as the search would.
    fn position_maps(&self) -> Result<Vec<[u8; 64]>, PdbError> {
        let invalid = |error: PatternError| Err(PdbError::InvalidPattern(error));
        let identity: Vec<u8> = (0..self.positions as u8).collect();
        let Some(state) = self.problem.state_with_pieces(&identity) else {
            return invalid(PatternError::StateRefused { pieces: identity });
        };
        // The moves are the same in every state: those of this one.
        let mut moves = crate::MoveBuffer::new();
        self.problem.moves(&state, &mut moves);
        let mut after = vec![0u8; self.positions];
        let mut maps = Vec::with_capacity(moves.len());
        for &(mv, cost) in &moves {
            check_move(self.problem, mv, cost)?;
            let mut child = state.clone();
            self.problem.apply(&mut child, mv);
            self.problem.read_pieces(&child, &mut after);
            // Piece `p` started at position `p`: where it is now is where the move sends
            // whatever is at `p`.
            let Some(goes_to) = where_is(&after) else {
                return invalid(PatternError::MoveNotAPermutation { pieces: after });
            };
            maps.push(goes_to);
        }
        Ok(maps)
    }

    /// The block and slot of the state whose piece `p` is at `position[p]`.
    fn abstraction(&self, position: &[u8; 64]) -> (usize, usize) {
        let mut counted_at = [0u8; 64];
        let mut occupied = 0u64;
        for (i, &piece) in self.counted.iter().enumerate() {
            counted_at[i] = position[usize::from(piece)];
            occupied |= 1 << counted_at[i];
        }
        let block = rank_partial_valid(&counted_at[..self.counted.len()], self.positions);
        (block as usize, self.slot(position, occupied))
    }

    /// The slot of the free pieces at `position`, counted positions marked in `occupied`.
    fn slot(&self, position: &[u8; 64], occupied: u64) -> usize {
        let mut free_at = [0u8; 64];
        for (i, &piece) in self.free.iter().enumerate() {
            let at = position[usize::from(piece)];
            free_at[i] = at - (occupied & ((1u64 << at) - 1)).count_ones() as u8;
        }
        let open = self.positions - self.counted.len();
        rank_partial_valid(&free_at[..self.free.len()], open) as usize
    }
}

/// Checks that a move costs one and can be undone, as the backward search needs.
fn check_move<P: SearchProblem>(problem: &P, mv: P::Move, cost: P::Cost) -> Result<(), PdbError> {
    if cost.value().as_u128() != Some(1) {
        return Err(PdbError::InvalidPattern(PatternError::MoveCost {
            cost: cost.value(),
        }));
    }
    if problem.inverse(mv).is_none() {
        return Err(PdbError::InvalidPattern(PatternError::NoInverse));
    }
    Ok(())
}

/// The position of every piece of an arrangement, or `None` if it is not a permutation of
/// `0..len` (at most 64).
pub(super) fn where_is(pieces: &[u8]) -> Option<[u8; 64]> {
    let mut position = [0u8; 64];
    let mut seen = 0u64;
    if pieces.len() > 64 {
        return None;
    }
    for (at, &piece) in pieces.iter().enumerate() {
        if usize::from(piece) >= pieces.len() || seen & 1 << piece != 0 {
            return None;
        }
        seen |= 1 << piece;
        position[usize::from(piece)] = at as u8;
    }
    Some(position)
}

impl<P: Pieces> AbstractSpace for PiecePattern<'_, P> {
    type Scratch = PieceScratch<P>;

    fn blocks(&self) -> usize {
        self.blocks
    }

    fn slots(&self) -> usize {
        self.slots
    }

    fn goals(&self) -> Vec<(usize, usize)> {
        self.goals.clone()
    }

    fn scratch(&self) -> Self::Scratch {
        PieceScratch {
            counted_at: vec![0; self.counted.len()],
            occupied: 0,
            open: Vec::with_capacity(self.positions),
            free_at: vec![0; self.free.len()],
            pieces: vec![0; self.positions],
            after: vec![0; self.positions],
            moves: MoveBuffer::new(),
        }
    }

    fn enter(&self, block: usize, scratch: &mut Self::Scratch) {
        let _ = unrank_partial(block as u64, self.positions, &mut scratch.counted_at);
        let occupied = scratch.counted_at.iter().fold(0u64, |m, &at| m | 1 << at);
        scratch.occupied = occupied;
        scratch.open.clear();
        scratch
            .open
            .extend((0..self.positions as u8).filter(|&at| occupied & 1 << at == 0));
    }

    fn expand(
        &self,
        scratch: &mut Self::Scratch,
        slot: usize,
        mut visit: impl FnMut(Neighbour),
    ) -> Result<(), PdbError> {
        let invalid = |error: PatternError| Err(PdbError::InvalidPattern(error));
        let open = self.positions - self.counted.len();
        let _ = unrank_partial(slot as u64, open, &mut scratch.free_at);
        if let Some(maps) = &self.maps {
            // Move the kept pieces by each move's map of positions.
            for map in maps {
                let mut position = [0u8; 64];
                for (&piece, &at) in self.counted.iter().zip(&scratch.counted_at) {
                    position[usize::from(piece)] = map[usize::from(at)];
                }
                for (&piece, &index) in self.free.iter().zip(&scratch.free_at) {
                    let at = scratch.open[usize::from(index)];
                    position[usize::from(piece)] = map[usize::from(at)];
                }
                self.visit_move(scratch, slot, &position, &mut visit);
            }
            return Ok(());
        }
        // The representative: counted and free pieces where they are, the others in order.
        scratch.pieces.fill(u8::MAX);
        for (&piece, &at) in self.counted.iter().zip(&scratch.counted_at) {
            scratch.pieces[usize::from(at)] = piece;
        }
        for (&piece, &index) in self.free.iter().zip(&scratch.free_at) {
            scratch.pieces[usize::from(scratch.open[usize::from(index)])] = piece;
        }
        let mut others = self.others.iter();
        for piece in &mut scratch.pieces {
            if *piece == u8::MAX {
                *piece = others.next().copied().unwrap_or(0);
            }
        }
        let Some(state) = self.problem.state_with_pieces(&scratch.pieces) else {
            return invalid(PatternError::StateRefused {
                pieces: scratch.pieces.clone(),
            });
        };
        scratch.moves.clear();
        self.problem.moves(&state, &mut scratch.moves);
        for &(mv, cost) in &scratch.moves {
            check_move(self.problem, mv, cost)?;
            let mut child = state.clone();
            self.problem.apply(&mut child, mv);
            self.problem.read_pieces(&child, &mut scratch.after);
            let Some(position) = where_is(&scratch.after) else {
                return invalid(PatternError::MoveNotAPermutation {
                    pieces: scratch.after.clone(),
                });
            };
            self.visit_move(scratch, slot, &position, &mut visit);
        }
        Ok(())
    }
}

impl<P: Pieces> PiecePattern<'_, P> {
    /// Visits the state a move leads to from `slot` of the block in `scratch`, the kept
    /// pieces now at `position`: counted if it moved a counted piece, free if it moved only
    /// free ones, nothing if it moved neither.
    #[inline]
    fn visit_move(
        &self,
        scratch: &PieceScratch<P>,
        slot: usize,
        position: &[u8; 64],
        visit: &mut impl FnMut(Neighbour),
    ) {
        let moved_counted = self
            .counted
            .iter()
            .zip(&scratch.counted_at)
            .any(|(&piece, &at)| position[usize::from(piece)] != at);
        if moved_counted {
            let (block, slot) = self.abstraction(position);
            visit(Neighbour::Counted { block, slot });
        } else {
            let next = self.slot(position, scratch.occupied);
            if next != slot {
                visit(Neighbour::Free(next));
            }
        }
    }
}
