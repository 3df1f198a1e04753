//! The pancake puzzle written as a user's own problem, the way the crate's docs teach, and
//! benchmarked against a hand-written C++ IDA* of the same search (`benches/compare_own.sh
//! pancake`); beside it the puzzle the crate ships, [`informed::puzzles::Pancake`].
//!
//! A stack of n pancakes of sizes 0..n, top first; a move flips the top k (2 <= k <= n); the
//! goal is the stack sorted, smallest on top. The heuristic is the gap count (Helmert 2010):
//! adjacent pancakes, the plate counting as size n under the stack, whose sizes differ by
//! more than one. Kept in the state and updated per flip (only the pair at the flip's edge
//! changes), it is admissible: a flip changes one adjacency.
//!
//! ```text
//! cargo run --release --example pancake -- --generate 16 10 1 > /tmp/p16.txt
//! cargo run --release --example pancake -- --style docs < /tmp/p16.txt
//! ```
//!
//! `--style`: how the problem is written.
//! - `docs` (default): `moves`, `apply`, `inverse`, `heuristic` and `heuristic_after`, and
//!   `visit_children` by `visit_moves` (the flips being the same in every state), the way the
//!   trait's documentation teaches (the engine prunes a child before flipping it).
//! - `plain`: `moves`, `apply`, `inverse` and `heuristic` alone: the engine flips every child
//!   to read its heuristic, and flips it back.
//! - `closures`: the `pathfinding`-style port, `closures::FnProblem` with a successor closure
//!   that returns the flipped stacks (the same lengths; its node count includes the children
//!   on the current path, the stack each flip came from among them, which the engine skips
//!   there rather than skipping the inverse flip).
//! - `shipped`: the crate's own `informed::puzzles::Pancake` (the same search: the same
//!   lengths and node counts).
//!
//! The instance set: `examples/data/pancake.txt` (twenty stacks of 14 and ten of 18), with
//! the optimal lengths in `pancake.expected`.
//!
//! Input: lines `<id> <n> <p0> … <p(n-1)>`; output: `<id> <length> <nodes generated> <ms>`
//! per line, a summary on stderr. `--generate N COUNT SEED` prints COUNT random stacks of N;
//! `--help` prints the usage.

use std::process::ExitCode;

use informed::closures::FnProblem;
use informed::puzzles::Pancake;
use std::ops::ControlFlow;

use informed::{ChildVisitor, MoveBuffer, SearchProblem, ida_star, visit_moves};

#[allow(dead_code)]
#[path = "common/args.rs"]
mod args;
#[path = "common/styles.rs"]
mod styles;

/// The most pancakes a stack holds here.
const MAX: usize = 24;

/// A stack, top first, with the plate (size `n`) under it, and its gap count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Stack {
    cakes: [u8; MAX + 1],
    gaps: u8,
}

/// Whether two neighbours in the stack leave a gap.
#[inline]
fn gap(a: u8, b: u8) -> u8 {
    u8::from(a.abs_diff(b) != 1)
}

/// Reverses the top `k` pancakes, pair by pair from the outside in: the same loop as the C++
/// yardstick's, so that the two compare the search and not two ways of reversing.
#[inline]
fn flip(cakes: &mut [u8; MAX + 1], k: usize) {
    let (mut i, mut j) = (0, k.min(MAX + 1) - 1);
    while i < j {
        cakes.swap(i, j);
        i += 1;
        j -= 1;
    }
}

/// The pancake puzzle of one start stack, written as the trait's docs teach.
struct Pancakes {
    n: usize,
    start: Stack,
    /// Every flip, the same in every state.
    flips: Vec<(u8, u32)>,
}

impl Pancakes {
    fn new(cakes: &[u8]) -> Self {
        let n = cakes.len();
        let mut stack = Stack {
            cakes: [0; MAX + 1],
            gaps: 0,
        };
        stack.cakes[..n].copy_from_slice(cakes);
        stack.cakes[n] = n as u8;
        stack.gaps = (0..n)
            .map(|i| gap(stack.cakes[i], stack.cakes[i + 1]))
            .sum();
        Pancakes {
            n,
            start: stack,
            flips: (2..=n as u8).map(|k| (k, 1)).collect(),
        }
    }
}

impl SearchProblem for Pancakes {
    type State = Stack;
    /// How many pancakes to flip.
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
    /// The flips do not depend on the stack.
    fn visit_children<V: ChildVisitor<Self>>(
        &self,
        stack: &mut Stack,
        skip: Option<u8>,
        visitor: &mut V,
    ) -> ControlFlow<()> {
        visit_moves(self, stack, skip, visitor, &self.flips)
    }
    fn apply(&self, stack: &mut Stack, k: u8) {
        stack.gaps = stack.gaps_after(k);
        flip(&mut stack.cakes, k as usize);
    }
    /// A flip undoes itself.
    fn inverse(&self, k: u8) -> Option<u8> {
        Some(k)
    }
    fn heuristic(&self, stack: &Stack) -> u32 {
        u32::from(stack.gaps)
    }
    /// The gap count after flipping `k`, without flipping: only the pair at the flip's edge
    /// changes.
    fn heuristic_after(&self, stack: &Stack, k: u8) -> Option<u32> {
        Some(u32::from(stack.gaps_after(k)))
    }
}

impl Stack {
    /// The gap count after flipping the top `k`.
    #[inline]
    fn gaps_after(&self, k: u8) -> u8 {
        let stack = self;
        let k = k as usize;
        let below = stack.cakes[k];
        stack.gaps + gap(stack.cakes[0], below) - gap(stack.cakes[k - 1], below)
    }
}

/// The same problem without `heuristic_after`: what the four required methods, a heuristic
/// and inverse moves give.
struct Plain(Pancakes);

impl SearchProblem for Plain {
    type State = Stack;
    type Move = u8;
    type Cost = u32;
    fn start(&self) -> Stack {
        self.0.start()
    }
    fn is_goal(&self, stack: &Stack) -> bool {
        self.0.is_goal(stack)
    }
    fn moves(&self, _: &Stack, moves: &mut MoveBuffer<u8, u32>) {
        moves.extend((2..=self.0.n as u8).map(|k| (k, 1)));
    }
    fn apply(&self, stack: &mut Stack, k: u8) {
        self.0.apply(stack, k);
    }
    fn inverse(&self, k: u8) -> Option<u8> {
        Some(k)
    }
    fn heuristic(&self, stack: &Stack) -> u32 {
        self.0.heuristic(stack)
    }
}

/// Solves with the closure adapter, as code ported from `pathfinding` would.
fn by_closures(pancakes: &Pancakes) -> (u32, u64) {
    let n = pancakes.n;
    let successors = |stack: &Stack| -> Vec<(Stack, u32)> {
        (2..=n as u8)
            .map(|k| {
                let mut next = *stack;
                pancakes.apply(&mut next, k);
                (next, 1)
            })
            .collect()
    };
    let problem = FnProblem::new(
        pancakes.start,
        successors,
        |stack: &Stack| u32::from(stack.gaps),
        |stack: &Stack| stack.gaps == 0,
    );
    let result = ida_star(&problem);
    (
        result.solution().map_or(0, |s| s.cost),
        result.stats.generated,
    )
}

const HELP: &str = "\
usage: pancake [--style docs|plain|closures|shipped] < stacks
       pancake --generate N COUNT SEED

Solves pancake stacks optimally with IDA* and the gap heuristic, the problem
written one of three ways, and prints '<id> <length> <nodes generated> <ms>' per
stack; a summary goes to stderr.

Input: lines '<id> <n> <p0> ... <p(n-1)>', a stack of n pancakes (2 to 24), top
first, sizes 0 to n-1 each once. Lines starting with '#' and blank lines are
skipped.

Options:
  --style NAME            docs (default: moves, apply, inverse, heuristic and
                          heuristic_after, as the trait's docs teach), plain
                          (moves, apply, inverse, heuristic), or closures (a
                          closures::FnProblem, ported from pathfinding), or
                          shipped (the crate's informed::puzzles::Pancake)
  --generate N COUNT SEED print COUNT random stacks of N pancakes and stop
  -h, --help              this help
";

fn main() -> ExitCode {
    let puzzle = styles::Puzzle {
        program: "pancake",
        help: HELP,
        sizes: 2..=MAX,
        generate: styles::random_permutation,
        refuse: styles::every_permutation_solvable,
    };
    styles::run(&puzzle, |style, cakes| {
        let pancakes = Pancakes::new(cakes);
        match style {
            "plain" => {
                let result = ida_star(&Plain(pancakes));
                (
                    result.solution().map_or(0, |s| s.cost),
                    result.stats.generated,
                )
            }
            "closures" => by_closures(&pancakes),
            "shipped" => {
                let shipped = Pancake::new(cakes).expect("the stack was checked");
                let result = ida_star(&shipped);
                (
                    result.solution().map_or(0, |s| s.cost),
                    result.stats.generated,
                )
            }
            _ => {
                let result = ida_star(&pancakes);
                (
                    result.solution().map_or(0, |s| s.cost),
                    result.stats.generated,
                )
            }
        }
    })
}
