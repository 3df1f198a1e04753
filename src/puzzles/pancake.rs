//! The pancake puzzle: a stack of `n` pancakes (up to 64), sorted by flipping the top `k`.
//!
//! Pancakes are numbered by size, `0` the smallest, and listed top first; the goal is the
//! stack sorted, smallest on top. A move flips the top `k` pancakes (`2 <= k <= n`) and costs
//! one. The heuristic is the gap count (Helmert 2010): the neighbours in the stack, the plate
//! counting as a pancake of size `n` under it, whose sizes differ by more than one. A flip
//! changes only the neighbours at its edge, so it closes at most one gap: the count is
//! admissible, and it is kept in the state and updated per flip without flipping.
//!
//! ```
//! use informed::puzzles::Pancake;
//! use informed::{ida_star, replay};
//!
//! let puzzle: Pancake = "3 0 6 2 7 1 5 4".parse()?;
//! let solution = ida_star(&puzzle).solution().cloned().unwrap();
//! assert_eq!(solution.cost, 8);
//! let (end, cost) = replay(&puzzle, &solution.moves).unwrap();
//! assert_eq!((puzzle.pancakes(&end), cost), (&[0, 1, 2, 3, 4, 5, 6, 7][..], 8));
//! # Ok::<(), informed::puzzles::ArrangementError>(())
//! ```
//!
//! Text: the pancakes top first, separated by whitespace, sizes `0..n` (or `1..=n`).
//!
//! Reference: M. Helmert, "Landmark heuristics for the pancake problem", *SoCS* 2010.

use core::fmt;
use core::str::FromStr;

use super::arrangement::{self, ArrangementError};
use crate::heuristics::pattern_database::Pieces;
use core::ops::ControlFlow;

use crate::{ChildVisitor, MoveBuffer, SearchProblem, visit_moves};

/// The most pancakes a stack holds.
pub const MAX_PANCAKES: usize = 64;

/// A stack of pancakes, top first, with its gap count.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stack {
    /// The pancakes, then the plate (size `n`), then zeros.
    cakes: [u8; MAX_PANCAKES + 1],
    gaps: u8,
}

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self
            .cakes
            .iter()
            .position(|&c| c == self.plate())
            .unwrap_or(0);
        f.debug_struct("Stack")
            .field("pancakes", &&self.cakes[..n])
            .field("gaps", &self.gaps)
            .finish()
    }
}

impl Stack {
    /// The plate's size is the largest value in the array: every pancake is smaller.
    fn plate(&self) -> u8 {
        self.cakes.iter().copied().max().unwrap_or(0)
    }

    /// The gap count: the heuristic value.
    pub fn gaps(&self) -> u32 {
        u32::from(self.gaps)
    }

    /// The gap count after flipping the top `k`, without flipping: only the pair at the
    /// flip's edge changes.
    #[inline]
    fn gaps_after(&self, k: usize) -> u8 {
        let below = self.cakes[k];
        self.gaps + gap(self.cakes[0], below) - gap(self.cakes[k - 1], below)
    }
}

/// Whether two neighbours in the stack leave a gap.
#[inline]
fn gap(a: u8, b: u8) -> u8 {
    u8::from(a.abs_diff(b) != 1)
}

/// The pancake puzzle from one start stack.
#[derive(Clone, Debug)]
pub struct Pancake {
    n: usize,
    start: Stack,
    /// Every flip, the same in every state: `(k, 1)` for `k` in `2..=n`.
    flips: Vec<(u8, u32)>,
    /// The flip a move names: `k` clamped to `1..=n`, read from a table.
    depths: Depths,
}

/// How many pancakes the flip `k` turns over, for every `u8` `k`: `k` clamped to `1..=n`, so
/// that a move outside `2..=n` turns over what it can and indexes the stack in bounds. A
/// table by `u8` is one read where clamping was four instructions at every child.
#[derive(Clone)]
struct Depths([u8; 256]);

impl Depths {
    fn new(n: usize) -> Depths {
        Depths(core::array::from_fn(|k| k.clamp(1, n) as u8))
    }

    #[inline]
    fn of(&self, k: u8) -> usize {
        usize::from(self.0[usize::from(k)])
    }
}

impl fmt::Debug for Depths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Depths(1..={})", self.0[255])
    }
}

impl Pancake {
    /// The puzzle whose start stack is `pancakes`, top first: a permutation of `0..n`, or
    /// of `1..=n`, with `1 <= n <= 64`.
    pub fn new<T: Copy + TryInto<u64>>(pancakes: &[T]) -> Result<Self, ArrangementError> {
        let pancakes = arrangement::check(pancakes, 1, MAX_PANCAKES)?;
        let n = pancakes.len();
        Ok(Pancake {
            n,
            start: stack_of(&pancakes),
            flips: (2..=n as u8).map(|k| (k, 1)).collect(),
            depths: Depths::new(n),
        })
    }

    /// The number of pancakes.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the stack is empty: never (a stack has at least one pancake).
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The stack of these pancakes (checked as by [`new`](Self::new), with this puzzle's
    /// size).
    pub fn stack<T: Copy + TryInto<u64>>(&self, pancakes: &[T]) -> Result<Stack, ArrangementError> {
        let pancakes = arrangement::check(pancakes, self.n, self.n)?;
        Ok(stack_of(&pancakes))
    }

    /// The same puzzle from another start stack.
    pub fn with_start<T: Copy + TryInto<u64>>(
        &self,
        pancakes: &[T],
    ) -> Result<Self, ArrangementError> {
        Ok(Pancake {
            start: self.stack(pancakes)?,
            ..self.clone()
        })
    }

    /// The sorted stack.
    pub fn goal_state(&self) -> Stack {
        stack_of(&(0..self.n as u8).collect::<Vec<_>>())
    }

    /// The pancakes of a stack, top first.
    pub fn pancakes<'s>(&self, stack: &'s Stack) -> &'s [u8] {
        &stack.cakes[..self.n]
    }
}

/// The stack of a checked arrangement.
fn stack_of(pancakes: &[u8]) -> Stack {
    let n = pancakes.len();
    let mut cakes = [0u8; MAX_PANCAKES + 1];
    cakes[..n].copy_from_slice(pancakes);
    cakes[n] = n as u8;
    let gaps = (0..n).map(|i| gap(cakes[i], cakes[i + 1])).sum();
    Stack { cakes, gaps }
}

impl FromStr for Pancake {
    type Err = ArrangementError;

    /// Reads the pancakes top first, separated by whitespace.
    fn from_str(text: &str) -> Result<Self, ArrangementError> {
        Pancake::new(&arrangement::read(text, 1, MAX_PANCAKES)?)
    }
}

impl fmt::Display for Pancake {
    /// The start stack, as [`FromStr`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cake) in self.pancakes(&self.start).iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{cake}")?;
        }
        Ok(())
    }
}

impl SearchProblem for Pancake {
    type State = Stack;
    /// How many pancakes to flip, from the top.
    type Move = u8;
    type Cost = u32;

    fn start(&self) -> Stack {
        self.start
    }

    fn is_goal(&self, stack: &Stack) -> bool {
        stack.gaps == 0
    }

    fn moves(&self, _: &Stack, moves: &mut MoveBuffer<u8, u32>) {
        moves.extend(self.flips.iter().copied());
    }

    /// The flips are the same in every state: walked as a list, never listed into a buffer.
    #[inline]
    fn visit_children<V: ChildVisitor<Self>>(
        &self,
        stack: &mut Stack,
        skip: Option<u8>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        visit_moves(self, stack, skip, visitor, &self.flips)
    }

    #[inline]
    fn apply(&self, stack: &mut Stack, k: u8) {
        let k = self.depths.of(k);
        stack.gaps = stack.gaps_after(k);
        stack.cakes[..k].reverse();
    }

    /// A flip undoes itself.
    fn inverse(&self, k: u8) -> Option<u8> {
        Some(k)
    }

    fn heuristic(&self, stack: &Stack) -> u32 {
        u32::from(stack.gaps)
    }

    #[inline]
    fn heuristic_after(&self, stack: &Stack, k: u8) -> Option<u32> {
        Some(u32::from(stack.gaps_after(self.depths.of(k))))
    }
}

/// A pancake is a piece, a place in the stack a position: pattern databases of pancakes
/// ([`PieceDatabase`](crate::heuristics::pattern_database::PieceDatabase)) build from this.
impl Pieces for Pancake {
    fn positions(&self) -> usize {
        self.n
    }

    fn read_pieces(&self, stack: &Stack, out: &mut [u8]) {
        out.copy_from_slice(self.pancakes(stack));
    }

    fn state_with_pieces(&self, pieces: &[u8]) -> Option<Stack> {
        self.stack(pieces).ok()
    }

    /// A flip (a turn) moves whatever is at its places the same way in every state.
    fn moves_permute_positions(&self) -> bool {
        true
    }
}
