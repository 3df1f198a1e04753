//! TopSpin: `n` tokens on a ring (up to 64) and a turnstile over `k` neighbouring places.
//!
//! A move turns the turnstile at one of the `n` places, reversing the `k` tokens at places
//! `i..i+k` (around the ring), and costs one. The ring is solved when it reads `0 1 … n-1`
//! around the track from some place (the track is a loop). Two heuristics, the larger taken:
//!
//! - the *breaks*: neighbours whose tokens are not consecutive (`n-1` and `0` are). A turn
//!   keeps the pairs inside the turnstile neighbours and changes only the two at its edges,
//!   so it mends at most two: half the count, rounded up, is admissible. Kept in the state.
//! - a pattern database ([`TopSpinDatabase`], built by the generic
//!   [`PieceDatabase`] from the puzzle's
//!   own moves) of the tokens `0..p`. The solved rings are the same after adding any `s` to
//!   every token (mod `n`), so the one table also bounds the tokens `s..s+p`: the heuristic
//!   is the largest entry over all `n` shifts.
//!
//! ```
//! use informed::puzzles::topspin::{TopSpin, TopSpinDatabase};
//! use informed::ida_star;
//!
//! let puzzle = TopSpin::parse("0 1 2 7 6 5 4 3 8 9 11 10", 4)?;
//! let database = TopSpinDatabase::build(12, 4, 5)?;
//! let strong = puzzle.clone().with_database(&database)?;
//! let (weak, strong) = (ida_star(&puzzle), ida_star(&strong));
//! assert_eq!(weak.solution().map(|s| s.cost), strong.solution().map(|s| s.cost));
//! assert!(strong.stats.generated < weak.stats.generated);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Text: the tokens around the ring from place 0, separated by whitespace, `0..n` (or
//! `1..=n`); the turnstile's size is given apart ([`TopSpin::parse`]).

use core::fmt;
use std::path::Path;

use super::arrangement::{self, ArrangementError};
use crate::heuristics::pattern_database::{
    BuildOptions, BuildReport, Combine, PatternError, PatternPieces, PdbError, PieceDatabase,
    Pieces,
};
use core::ops::ControlFlow;

use crate::{ChildVisitor, MoveBuffer, SearchProblem, visit_moves};

/// The most tokens a ring holds.
pub const MAX_TOKENS: usize = 64;

/// A ring of tokens, from place 0, with its break count.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ring {
    tokens: [u8; MAX_TOKENS],
    breaks: u8,
}

impl fmt::Debug for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = usize::from(self.tokens.iter().copied().max().unwrap_or(0)) + 1;
        f.debug_struct("Ring")
            .field("tokens", &&self.tokens[..n])
            .field("breaks", &self.breaks)
            .finish()
    }
}

impl Ring {
    /// The number of breaks.
    pub fn breaks(&self) -> u32 {
        u32::from(self.breaks)
    }
}

/// TopSpin from one start ring.
#[derive(Clone, Debug)]
pub struct TopSpin {
    n: usize,
    k: usize,
    start: Ring,
    /// Every turn, the same in every state: `(i, 1)` for each place `i`.
    turns: Vec<(u8, u32)>,
    /// The places each turn touches, in order: the one before the turnstile, its `k`, the one
    /// after (`k + 2` a turn), so that a turn indexes without dividing.
    windows: Vec<u8>,
    database: Option<TopSpinDatabase>,
}

impl TopSpin {
    /// The puzzle whose start ring is `tokens` (from place 0: a permutation of `0..n`, or of
    /// `1..=n`), with a turnstile of `k` places, `2 <= k < n <= 64`.
    pub fn new<T: Copy + TryInto<u64>>(tokens: &[T], k: usize) -> Result<Self, ArrangementError> {
        let tokens = arrangement::check(tokens, 3, MAX_TOKENS)?;
        let n = tokens.len();
        check_sizes(n, k)?;
        let mut puzzle = TopSpin {
            n,
            k,
            start: Ring {
                tokens: [0; MAX_TOKENS],
                breaks: 0,
            },
            turns: (0..n as u8).map(|i| (i, 1)).collect(),
            windows: (0..n)
                .flat_map(|i| (0..k + 2).map(move |j| ((i + n + j - 1) % n) as u8))
                .collect(),
            database: None,
        };
        puzzle.start = puzzle.ring_of(&tokens);
        Ok(puzzle)
    }

    /// Reads the start ring from text, with a turnstile of `k`.
    pub fn parse(text: &str, k: usize) -> Result<Self, ArrangementError> {
        TopSpin::new(&arrangement::read(text, 3, MAX_TOKENS)?, k)
    }

    /// The same puzzle with `database`'s heuristic as well as the breaks; an error if it was
    /// built for another ring or turnstile.
    pub fn with_database(self, database: &TopSpinDatabase) -> Result<Self, ArrangementError> {
        if (database.n, database.k) != (self.n, self.k) {
            return Err(ArrangementError::DatabaseMismatch {
                database: (database.n, database.k),
                puzzle: (self.n, self.k),
            });
        }
        Ok(TopSpin {
            database: Some(database.clone()),
            ..self
        })
    }

    /// The same puzzle from another start ring.
    pub fn with_start<T: Copy + TryInto<u64>>(
        &self,
        tokens: &[T],
    ) -> Result<Self, ArrangementError> {
        Ok(TopSpin {
            start: self.ring(tokens)?,
            ..self.clone()
        })
    }

    /// The ring of these tokens (checked as by [`new`](Self::new), with this puzzle's size).
    pub fn ring<T: Copy + TryInto<u64>>(&self, tokens: &[T]) -> Result<Ring, ArrangementError> {
        let tokens = arrangement::check(tokens, self.n, self.n)?;
        Ok(self.ring_of(&tokens))
    }

    /// The number of tokens.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the ring is empty: never (it has at least three tokens).
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The turnstile's size.
    pub fn turnstile(&self) -> usize {
        self.k
    }

    /// The tokens of a ring, from place 0.
    pub fn tokens<'r>(&self, ring: &'r Ring) -> &'r [u8] {
        &ring.tokens[..self.n]
    }

    /// The `n` solved rings: `0 1 … n-1` from each place.
    pub fn goal_states(&self) -> Vec<Ring> {
        (0..self.n)
            .map(|shift| {
                let tokens: Vec<u8> = (0..self.n).map(|i| ((i + shift) % self.n) as u8).collect();
                self.ring_of(&tokens)
            })
            .collect()
    }

    /// The ring of a checked arrangement.
    fn ring_of(&self, tokens: &[u8]) -> Ring {
        let mut ring = Ring {
            tokens: [0; MAX_TOKENS],
            breaks: 0,
        };
        ring.tokens[..self.n].copy_from_slice(tokens);
        ring.breaks = (0..self.n)
            .map(|i| self.broken(tokens[i], tokens[(i + 1) % self.n]))
            .sum();
        ring
    }

    /// Whether neighbours holding `a` and `b` are a break.
    #[inline]
    fn broken(&self, a: u8, b: u8) -> u8 {
        let d = usize::from(a.abs_diff(b));
        u8::from(d != 1 && d != self.n - 1)
    }

    /// The places the turn at `i` touches (`i < n`): the one before the turnstile, its `k`,
    /// the one after.
    #[inline]
    fn window(&self, i: usize) -> &[u8] {
        let width = self.k + 2;
        &self.windows[i * width..(i + 1) * width]
    }

    /// The break count after the turn at `i` (`i < n`), without turning: only the two pairs
    /// at the turnstile's edges change.
    #[inline]
    fn breaks_after(&self, ring: &Ring, i: usize) -> u8 {
        let window = self.window(i);
        let token = |j: usize| ring.tokens[usize::from(window[j]) % MAX_TOKENS];
        let (before, first, last, after) = (token(0), token(1), token(self.k), token(self.k + 1));
        ring.breaks + self.broken(before, last) + self.broken(first, after)
            - self.broken(before, first)
            - self.broken(last, after)
    }
}

/// Checks the turnstile against the ring.
fn check_sizes(n: usize, k: usize) -> Result<(), ArrangementError> {
    if (3..=MAX_TOKENS).contains(&n) && (2..n).contains(&k) {
        Ok(())
    } else {
        Err(ArrangementError::Turnstile {
            turnstile: k,
            ring: n,
            most: MAX_TOKENS,
        })
    }
}

impl fmt::Display for TopSpin {
    /// The start ring, as [`TopSpin::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, token) in self.tokens(&self.start).iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{token}")?;
        }
        Ok(())
    }
}

impl SearchProblem for TopSpin {
    type State = Ring;
    /// The place the turnstile turns at.
    type Move = u8;
    type Cost = u32;

    fn start(&self) -> Ring {
        self.start
    }

    /// No breaks, and reading upwards (a ring reading downwards has no breaks either).
    fn is_goal(&self, ring: &Ring) -> bool {
        ring.breaks == 0
            && (usize::from(ring.tokens[0]) + 1) % self.n == usize::from(ring.tokens[1])
    }

    fn moves(&self, _: &Ring, moves: &mut MoveBuffer<u8, u32>) {
        moves.extend(self.turns.iter().copied());
    }

    /// The turns are the same in every state: walked as a list, never listed into a buffer.
    #[inline]
    fn visit_children<V: ChildVisitor<Self>>(
        &self,
        ring: &mut Ring,
        skip: Option<u8>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        visit_moves(self, ring, skip, visitor, &self.turns)
    }

    #[inline]
    fn apply(&self, ring: &mut Ring, i: u8) {
        let i = usize::from(i);
        if i >= self.n {
            return;
        }
        ring.breaks = self.breaks_after(ring, i);
        let window = self.window(i);
        let (mut low, mut high) = (1, self.k);
        while low < high {
            let place = |j: usize| usize::from(window[j]) % MAX_TOKENS;
            ring.tokens.swap(place(low), place(high));
            low += 1;
            high -= 1;
        }
    }

    /// A turn undoes itself.
    fn inverse(&self, i: u8) -> Option<u8> {
        Some(i)
    }

    fn heuristic(&self, ring: &Ring) -> u32 {
        let breaks = u32::from(ring.breaks).div_ceil(2);
        match &self.database {
            None => breaks,
            Some(database) => breaks.max(database.value(self.tokens(ring))),
        }
    }

    /// The heuristic after the turn at `i`, without turning, when it is the breaks alone.
    #[inline]
    fn heuristic_after(&self, ring: &Ring, i: u8) -> Option<u32> {
        if self.database.is_some() {
            return None;
        }
        let i = usize::from(i);
        (i < self.n).then(|| u32::from(self.breaks_after(ring, i)).div_ceil(2))
    }
}

/// A token is a piece, a place a position.
impl Pieces for TopSpin {
    fn positions(&self) -> usize {
        self.n
    }

    fn read_pieces(&self, ring: &Ring, out: &mut [u8]) {
        out.copy_from_slice(self.tokens(ring));
    }

    fn state_with_pieces(&self, pieces: &[u8]) -> Option<Ring> {
        self.ring(pieces).ok()
    }

    /// A flip (a turn) moves whatever is at its places the same way in every state.
    fn moves_permute_positions(&self) -> bool {
        true
    }
}

/// A pattern database of TopSpin: the tokens `0..p` of rings of `n` with a turnstile of `k`,
/// built from the puzzle's own moves, looked up under every shift of the tokens.
#[derive(Clone, Debug)]
pub struct TopSpinDatabase {
    n: usize,
    k: usize,
    database: PieceDatabase,
}

impl TopSpinDatabase {
    /// Builds the database of the tokens `0..p` in memory: `n! / (n-p)!` entries, four bits
    /// each.
    pub fn build(n: usize, k: usize, p: usize) -> Result<Self, PdbError> {
        Self::build_with(n, k, p, &BuildOptions::new()).map(|(database, _)| database)
    }

    /// [`build`](Self::build), kept in `cache_dir` ([`BuildOptions::cache_dir`]).
    pub fn load_or_build(
        n: usize,
        k: usize,
        p: usize,
        cache_dir: &Path,
    ) -> Result<(Self, BuildReport), PdbError> {
        Self::build_with(n, k, p, &BuildOptions::new().cache_dir(cache_dir))
    }

    /// [`build`](Self::build) with options: a cache directory, an observer of the build's
    /// progress.
    pub fn build_with(
        n: usize,
        k: usize,
        p: usize,
        options: &BuildOptions<'_>,
    ) -> Result<(Self, BuildReport), PdbError> {
        check_sizes(n, k).map_err(|error| PdbError::InvalidPattern(PatternError::Puzzle(error)))?;
        if p == 0 || p > n {
            return Err(PdbError::InvalidPattern(PatternError::Tokens {
                tokens: p,
                ring: n,
            }));
        }
        let solved: Vec<u8> = (0..n as u8).collect();
        let puzzle = TopSpin::new(&solved, k)
            .map_err(|error| PdbError::InvalidPattern(PatternError::Puzzle(error)))?;
        let goals = puzzle.goal_states();
        let tokens: Vec<u8> = (0..p as u8).collect();
        let patterns = [PatternPieces::counted(&tokens)];
        let name = format!("topspin-{n}-{k}");
        let (database, report) =
            PieceDatabase::build_with(&puzzle, &goals, &patterns, Combine::Max, &name, options)?;
        Ok((TopSpinDatabase { n, k, database }, report))
    }

    /// The largest entry over every shift of the tokens: for each `s`, the entry of the
    /// places of the tokens `s, s+1, …, s+p-1` (mod `n`).
    #[inline]
    pub fn value(&self, tokens: &[u8]) -> u32 {
        let n = self.n;
        if tokens.len() != n {
            return 0;
        }
        // The place of each token, twice over: the tokens `s..s+p` are a slice, without a
        // division per token (which cost two thirds of the time).
        let mut place = [0u8; 2 * MAX_TOKENS];
        for (at, &token) in tokens.iter().enumerate() {
            let token = usize::from(token) % MAX_TOKENS;
            place[token] = at as u8;
            place[token + n] = at as u8;
        }
        let p = self.pattern_len();
        (0..n)
            .map(|shift| self.database.entry(0, &place[shift..shift + p]))
            .max()
            .unwrap_or(0)
    }

    /// The number of tokens in the pattern.
    pub fn pattern_len(&self) -> usize {
        self.database.patterns().next().map_or(0, <[u8]>::len)
    }

    /// The database underneath.
    pub fn database(&self) -> &PieceDatabase {
        &self.database
    }
}
