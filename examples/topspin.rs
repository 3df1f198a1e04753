//! TopSpin written as a second permutation puzzle of the user's own, the way the crate's docs
//! teach, and benchmarked against a hand-written C++ IDA* of the same search
//! (`benches/compare_own.sh topspin`); beside it the puzzle the crate ships,
//! [`informed::puzzles::TopSpin`], with its pattern database.
//!
//! A ring of n tokens `0..n` on a track, and a turnstile over four neighbouring places: a
//! move turns the turnstile at one of the n places of the ring, reversing the four tokens in
//! it (places `i..i+4`, around the ring). The ring is solved when it reads `0 1 … n-1` around
//! the track, from any place (the track is a loop). The heuristic counts the *breaks*: pairs
//! of neighbours on the ring whose tokens are not consecutive (`n-1` and `0` are). A move
//! keeps every pair inside the turnstile (reversed, still neighbours) and changes only the two
//! at its edges, so it mends at most two breaks: `ceil(breaks / 2)` is admissible. Kept in the
//! state and updated per move.
//!
//! ```text
//! cargo run --release --example topspin -- --generate 14 100 1 > /tmp/t14.txt
//! cargo run --release --example topspin -- --style docs < /tmp/t14.txt
//! ```
//!
//! `--style`: how the problem is written, as in the `pancake` example.
//! - `docs` (default): `moves`, `apply`, `inverse`, `heuristic` and `heuristic_after`, and
//!   `visit_children` by `visit_moves`, the way the trait's documentation teaches.
//! - `plain`: `moves`, `apply`, `inverse` and `heuristic` alone: the engine turns every
//!   child to read its heuristic, and turns it back.
//! - `closures`: the `pathfinding`-style port, `closures::FnProblem` with a successor closure
//!   that returns the turned rings.
//! - `shipped`: the crate's `informed::puzzles::TopSpin` with a pattern database of the
//!   tokens `0..p` (the largest `p` whose table has at most a million entries, built once per
//!   ring size), looked up under every shift of the tokens, and the breaks: the same lengths
//!   from fewer nodes (3 to 125 times fewer on rings of 14 and 16), each far dearer (`n`
//!   lookups).
//!
//! The instance set: `examples/data/topspin.txt` (rings of 12, 14 and 16), with the optimal
//! lengths in `topspin.expected`.
//!
//! Input: lines `<id> <n> <p0> … <p(n-1)>`, the tokens around the ring from place 0;
//! output: `<id> <length> <nodes generated> <ms>` per line, a summary on stderr.
//! `--generate N COUNT SEED` prints COUNT random rings of N, each a random walk of N moves
//! from a solved ring (every one solvable); `--help` prints the usage.

use std::process::ExitCode;

use std::cell::RefCell;
use std::collections::HashMap;

use informed::closures::FnProblem;
use informed::permutation::partial_count;
use informed::puzzles::topspin::{TopSpin as Shipped, TopSpinDatabase};
use std::ops::ControlFlow;

use informed::{ChildVisitor, MoveBuffer, SearchProblem, ida_star, visit_moves};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[allow(dead_code)]
#[path = "common/styles.rs"]
mod styles;

/// The most tokens a ring holds here.
const MAX: usize = 24;
/// Room for the tokens: a power of two, so that an index taken `% ROOM` is in bounds without a
/// check (`breaks_after`, the hot function: 11% fewer instructions a node than plain indexing).
const ROOM: usize = 32;
/// The fewest: a turnstile of four and two places beside it.
const MIN: usize = 6;

/// A ring and its break count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Ring {
    tokens: [u8; ROOM],
    breaks: u8,
}

/// The six places a turn at a place touches: the one before the turnstile, its four, the one
/// after.
type Window = [u8; 6];

/// `ceil(breaks / 2)`, as `(breaks + 1) >> 1`: two instructions, where `div_ceil` compiles to
/// four (2 instructions a node).
#[inline]
fn half_up(breaks: u8) -> u32 {
    (u32::from(breaks) + 1) >> 1
}

/// TopSpin of one start ring, written as the trait's docs teach.
struct TopSpin {
    n: u8,
    start: Ring,
    /// `windows[i]`: the places the turn at place `i` touches; one for every `u8`, so that a
    /// turn indexes it without a bounds check.
    windows: [Window; 256],
    /// Every turn, the same in every state.
    turns: Vec<(u8, u32)>,
}

impl TopSpin {
    fn new(tokens: &[u8]) -> Self {
        let n = tokens.len();
        let mut ring = Ring {
            tokens: [0; ROOM],
            breaks: 0,
        };
        ring.tokens[..n].copy_from_slice(tokens);
        let mut puzzle = TopSpin {
            n: n as u8,
            start: ring,
            windows: [[0; 6]; 256],
            turns: (0..n as u8).map(|i| (i, 1)).collect(),
        };
        for (i, window) in puzzle.windows.iter_mut().enumerate().take(n) {
            *window = core::array::from_fn(|k| ((i + n + k - 1) % n) as u8);
        }
        puzzle.start.breaks = (0..n)
            .map(|i| puzzle.broken(ring.tokens[i], ring.tokens[(i + 1) % n]))
            .sum();
        puzzle
    }

    /// Whether neighbours holding `a` and `b` are a break.
    #[inline]
    fn broken(&self, a: u8, b: u8) -> u8 {
        let d = a.abs_diff(b);
        u8::from(d != 1 && d != self.n - 1)
    }

    /// The break count after the turn at place `i`: the two pairs at the turnstile's edges
    /// change, the rest stay neighbours.
    #[inline]
    fn breaks_after(&self, ring: &Ring, i: u8) -> u8 {
        let w = &self.windows[usize::from(i)];
        let t = |k: usize| ring.tokens[w[k] as usize % ROOM];
        ring.breaks + self.broken(t(0), t(4)) + self.broken(t(1), t(5))
            - self.broken(t(0), t(1))
            - self.broken(t(4), t(5))
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
        ring.breaks == 0 && (ring.tokens[0] + 1) % self.n == ring.tokens[1]
    }
    fn moves(&self, _: &Ring, moves: &mut MoveBuffer<u8, u32>) {
        moves.extend(self.turns.iter().copied());
    }
    /// The turns do not depend on the ring.
    fn visit_children<V: ChildVisitor<Self>>(
        &self,
        ring: &mut Ring,
        skip: Option<u8>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        visit_moves(self, ring, skip, visitor, &self.turns)
    }
    fn apply(&self, ring: &mut Ring, i: u8) {
        ring.breaks = self.breaks_after(ring, i);
        let w = &self.windows[usize::from(i)];
        let place = |k: usize| w[k] as usize % ROOM;
        ring.tokens.swap(place(1), place(4));
        ring.tokens.swap(place(2), place(3));
    }
    /// A turn undoes itself.
    fn inverse(&self, i: u8) -> Option<u8> {
        Some(i)
    }
    fn heuristic(&self, ring: &Ring) -> u32 {
        half_up(ring.breaks)
    }
    /// The heuristic after the turn at `i`, without turning.
    fn heuristic_after(&self, ring: &Ring, i: u8) -> Option<u32> {
        Some(half_up(self.breaks_after(ring, i)))
    }
}

/// The same problem without `heuristic_after` and `visit_children`: the four required methods, a
/// heuristic and inverse moves.
struct Plain(TopSpin);

impl SearchProblem for Plain {
    type State = Ring;
    type Move = u8;
    type Cost = u32;
    fn start(&self) -> Ring {
        self.0.start()
    }
    fn is_goal(&self, ring: &Ring) -> bool {
        self.0.is_goal(ring)
    }
    fn moves(&self, _: &Ring, moves: &mut MoveBuffer<u8, u32>) {
        moves.extend((0..self.0.n).map(|i| (i, 1)));
    }
    fn apply(&self, ring: &mut Ring, i: u8) {
        self.0.apply(ring, i);
    }
    fn inverse(&self, i: u8) -> Option<u8> {
        Some(i)
    }
    fn heuristic(&self, ring: &Ring) -> u32 {
        self.0.heuristic(ring)
    }
}

/// Solves with the closure adapter, as code ported from `pathfinding` would.
fn by_closures(puzzle: &TopSpin) -> (u32, u64) {
    let successors = |ring: &Ring| -> Vec<(Ring, u32)> {
        (0..puzzle.n)
            .map(|i| {
                let mut next = *ring;
                puzzle.apply(&mut next, i);
                (next, 1)
            })
            .collect()
    };
    let problem = FnProblem::new(
        puzzle.start,
        successors,
        |ring: &Ring| puzzle.heuristic(ring),
        |ring: &Ring| puzzle.is_goal(ring),
    );
    let result = ida_star(&problem);
    (
        result.solution().map_or(0, |s| s.cost),
        result.stats.generated,
    )
}

/// A ring `n` random turns from a solved one, rotated to a random place.
fn random_ring(n: usize, state: &mut u64) -> Vec<u8> {
    let solved: Vec<u8> = (0..n as u8).collect();
    let puzzle = TopSpin::new(&solved);
    let mut ring = puzzle.start;
    let mut last = None;
    for _ in 0..n {
        let turn = loop {
            let turn = (styles::next(state) % n as u64) as u8;
            if Some(turn) != last {
                break turn;
            }
        };
        puzzle.apply(&mut ring, turn);
        last = Some(turn);
    }
    let shift = (styles::next(state) % n as u64) as usize;
    let mut tokens = ring.tokens[..n].to_vec();
    tokens.rotate_left(shift);
    tokens
}

/// Every turn is an even permutation (two swaps), and on an odd ring so is every rotation of
/// the solved one: an odd ring in odd order cannot be solved. On an even ring every order can
/// (checked by breadth-first search for 6 and 8 tokens).
fn unreachable_ring(tokens: &[u8]) -> Option<&'static str> {
    let mut seen = [false; MAX];
    let mut parity = 0;
    for start in 0..tokens.len() {
        let mut length = 0;
        let mut at = start;
        while !seen[at] {
            seen[at] = true;
            at = tokens[at] as usize;
            length += 1;
        }
        parity ^= usize::from(length > 0 && length % 2 == 0);
    }
    (tokens.len() % 2 == 1 && parity == 1)
        .then_some("unsolvable: on a ring of odd size only even permutations can be reached")
}

const HELP: &str = "\
usage: topspin [--style docs|plain|closures|shipped] < rings
       topspin --generate N COUNT SEED

Solves TopSpin rings (a turnstile of four) optimally with IDA* and the break
heuristic, the problem written one of three ways, and prints '<id> <length>
<nodes generated> <ms>' per ring; a summary goes to stderr.

Input: lines '<id> <n> <p0> ... <p(n-1)>', a ring of n tokens (6 to 24), from
place 0 around, tokens 0 to n-1 each once. Lines starting with '#' and blank
lines are skipped. Solved: the ring reads 0 1 ... n-1 around, from any place.
On a ring of odd size, only even permutations can be solved (others are refused).

Options:
  --style NAME            docs (default: moves, apply, inverse, heuristic and
                          heuristic_after, as the trait's docs teach), plain
                          (moves, apply, inverse, heuristic), closures (a
                          closures::FnProblem, ported from pathfinding), or
                          shipped (the crate's informed::puzzles::TopSpin with
                          a pattern database)
  --generate N COUNT SEED print COUNT random rings of N (N random turns from a
                          solved ring each) and stop
  -h, --help              this help
";

fn main() -> ExitCode {
    let puzzle = styles::Puzzle {
        program: "topspin",
        help: HELP,
        sizes: MIN..=MAX,
        generate: random_ring,
        refuse: unreachable_ring,
    };
    let databases = RefCell::new(HashMap::new());
    styles::run(&puzzle, |style, tokens| {
        let topspin = TopSpin::new(tokens);
        match style {
            "shipped" => {
                let n = tokens.len();
                let mut databases = databases.borrow_mut();
                let database = databases.entry(n).or_insert_with(|| {
                    let p = (1..=n)
                        .take_while(|&p| partial_count(n, p).is_some_and(|c| c <= 1_000_000))
                        .last()
                        .unwrap_or(1);
                    TopSpinDatabase::build(n, 4, p).expect("a table of at most 1 M entries")
                });
                let shipped = Shipped::new(tokens, 4)
                    .and_then(|puzzle| puzzle.with_database(database))
                    .expect("the ring was checked");
                let result = ida_star(&shipped);
                (
                    result.solution().map_or(0, |s| s.cost),
                    result.stats.generated,
                )
            }
            "plain" => {
                let result = ida_star(&Plain(topspin));
                (
                    result.solution().map_or(0, |s| s.cost),
                    result.stats.generated,
                )
            }
            "closures" => by_closures(&topspin),
            _ => {
                let result = ida_star(&topspin);
                (
                    result.solution().map_or(0, |s| s.cost),
                    result.stats.generated,
                )
            }
        }
    })
}
