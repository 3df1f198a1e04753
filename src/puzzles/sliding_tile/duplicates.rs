//! An automaton that prunes slide sequences leading where a shorter or earlier one leads
//! (Taylor and Korf 1993), for the depth-first engines.
//!
//! From each cell of the blank, every sequence of slides up to a depth is tried on a board
//! of distinct tiles, breadth first and each level in the order slides are tried, so that a
//! board is first reached by its least sequence: the shortest, and of those the first in that
//! order. A sequence that reaches a board reached before is a duplicate; the duplicates all of
//! whose proper parts are least are the patterns. The automaton (Aho and Corasick 1975) reads
//! the slides of a path and tells, after each, whether the path now ends in a pattern: a path
//! that does is not the least way to its board, and the least way is searched instead, so
//! pruning it loses no solution and no optimal cost.
//!
//! The effect of a sequence on the tiles does not depend on where it starts; whether it stays
//! on the board does, so the patterns are kept with the cell they start from.

use hashbrown::{HashMap, HashSet};

use super::{NONE, PuzzleError};

/// An automaton that prunes the slide sequences of a board that lead where a shorter or
/// earlier one leads: [`SlidingPuzzle::with_duplicate_pruning`](super::SlidingPuzzle::with_duplicate_pruning).
#[derive(Debug)]
pub struct DuplicatePruning {
    depth: usize,
    patterns: usize,
    /// Each state's row: a state is a number.
    rows: Vec<Row>,
    /// The state of a path that starts with the blank at each cell.
    roots: Vec<u32>,
}

/// A state of the automaton: where the blank is, the state after each slide, and the slides
/// that are neither pruned nor off the board (bit `slide`). In one cache line.
#[derive(Clone, Copy, Debug)]
#[repr(align(32))]
pub(super) struct Row {
    pub next: [u32; 4],
    pub open: u8,
    cell: u8,
}

/// The state after a slide that ends in a pattern, as the machine is built: no least sequence
/// ends there.
pub(super) const PRUNED: u32 = u32::MAX;

/// The state of a board whose slides the machine does not know: made by a slide it prunes,
/// or by slides from such a board ([`apply`](crate::SearchProblem::apply)). Its row is the
/// root's of its blank's cell: its children are searched as from a fresh start.
pub(super) const UNKNOWN: u32 = u32::MAX - 1;

/// No such child, in a trie.
const NO: u32 = u32::MAX;

/// The cell the blank reaches from `cell` by the slide numbered `slide`, by the puzzle's
/// table `board`.
fn neighbour<const N: usize>(board: &[[u8; 4]; N], cell: usize, slide: usize) -> Option<usize> {
    let to = *board.get(cell)?.get(slide)?;
    (to != NONE).then_some(usize::from(to))
}

impl DuplicatePruning {
    /// The longest sequences an automaton compares.
    pub const DEEPEST: usize = 16;

    /// The most least sequences the build keeps, over every cell (24 bytes each, with as many
    /// again in duplicates): the 24-puzzle's 41 M at depth 16 built in 1.7 GB.
    const MOST_SEQUENCES: usize = 1 << 26;

    /// The automaton for a `width` × `height` board (of 2 to 256 cells, as the puzzle's),
    /// from sequences of at most `depth` slides; fails if `depth` is 0 or beyond
    /// [`DEEPEST`](Self::DEEPEST), or if the board has too many sequences that long to keep.
    pub(super) fn new<const N: usize>(
        board: &[[u8; 4]; N],
        depth: usize,
    ) -> Result<Self, PuzzleError> {
        if !(1..=Self::DEEPEST).contains(&depth) {
            return Err(PuzzleError::PruningDepth { depth });
        }
        Self::build(board, depth, Self::MOST_SEQUENCES)
    }

    /// [`new`](Self::new), keeping at most `most` least sequences. `board[cell][slide]` is
    /// the cell the blank reaches, or [`NONE`] (the puzzle's own table).
    fn build<const N: usize>(
        board: &[[u8; 4]; N],
        depth: usize,
        most: usize,
    ) -> Result<DuplicatePruning, PuzzleError> {
        let cells = N;
        let neighbour = |cell: usize, slide: usize| neighbour(board, cell, slide);
        // The least sequences from each cell, as a trie (`least[cell]`), and the duplicates:
        // a least sequence and the slide after it.
        let mut least: Vec<Trie> = Vec::with_capacity(cells);
        let mut duplicates: Vec<(usize, u32, u8)> = Vec::new();
        let mut kept = 0;
        for start in 0..cells {
            let mut trie = Trie::new();
            let mut tiles: [u8; N] = core::array::from_fn(|cell| cell as u8);
            tiles.swap(0, start);
            let mut seen = HashSet::new();
            seen.insert(tiles);
            let mut level = vec![(tiles, 0u32, start)];
            for _ in 0..depth {
                let mut next_level = Vec::new();
                for (tiles, node, blank) in &level {
                    for slide in 0..4 {
                        let Some(to) = neighbour(*blank, slide) else {
                            continue;
                        };
                        let mut child = *tiles;
                        child.swap(*blank, to);
                        if seen.insert(child) {
                            kept += 1;
                            if kept > most {
                                return Err(PuzzleError::PruningTooLarge { depth });
                            }
                            let id = trie.add(*node, slide as u8);
                            next_level.push((child, id, to));
                        } else {
                            duplicates.push((start, *node, slide as u8));
                        }
                    }
                }
                level = next_level;
            }
            least.push(trie);
        }
        // The patterns: duplicates whose sequence without its first slide is least.
        let mut automaton = Builder::new(cells);
        let mut patterns = 0;
        let mut sequence = Vec::new();
        for &(start, node, slide) in &duplicates {
            least[start].sequence(node, &mut sequence);
            sequence.push(slide);
            let second = neighbour(start, usize::from(sequence[0])).unwrap_or(start);
            if least[second].walk(&sequence[1..]).is_some() {
                automaton.insert(start, &sequence, &neighbour);
                patterns += 1;
            }
        }
        let (rows, roots) = automaton.finish(&neighbour);
        Ok(DuplicatePruning {
            depth,
            patterns,
            rows,
            roots,
        })
    }

    /// The longest sequences compared.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// How many sequences the automaton prunes (none of them part of another).
    pub fn patterns(&self) -> usize {
        self.patterns
    }

    /// How many states the automaton has.
    pub fn states(&self) -> usize {
        self.rows.len()
    }

    /// The state of a path that starts with the blank at `cell`.
    #[inline]
    pub(super) fn root(&self, cell: usize) -> u32 {
        self.roots.get(cell).copied().unwrap_or(0)
    }

    /// The row of `state`, for a board whose blank is at `blank`: the root's of `blank` if
    /// the state is not one of such a board (a board made by another puzzle).
    #[inline]
    pub(super) fn row(&self, state: u32, blank: usize) -> &Row {
        match self.rows.get(state as usize) {
            Some(row) if usize::from(row.cell) == blank => row,
            _ => &self.rows[self.root(blank) as usize],
        }
    }
}

/// A trie of slide sequences, each node with its parent for reading a sequence back.
struct Trie {
    children: Vec<[u32; 4]>,
    parent: Vec<(u32, u8)>,
}

impl Trie {
    fn new() -> Trie {
        Trie {
            children: vec![[NO; 4]],
            parent: vec![(NO, 0)],
        }
    }

    fn add(&mut self, node: u32, slide: u8) -> u32 {
        let id = self.children.len() as u32;
        self.children.push([NO; 4]);
        self.parent.push((node, slide));
        self.children[node as usize][usize::from(slide)] = id;
        id
    }

    /// The slides from the root to `node`, into `out`.
    fn sequence(&self, mut node: u32, out: &mut Vec<u8>) {
        out.clear();
        while node != 0 {
            let (parent, slide) = self.parent[node as usize];
            out.push(slide);
            node = parent;
        }
        out.reverse();
    }

    fn walk(&self, sequence: &[u8]) -> Option<u32> {
        let mut node = 0u32;
        for &slide in sequence {
            node = self.children[node as usize][usize::from(slide)];
            if node == NO {
                return None;
            }
        }
        Some(node)
    }
}

/// The automaton as it is built: a trie of the patterns from a root per cell, each node
/// with the cell the blank is at after it.
struct Builder {
    /// The roots, a cell each, come first.
    roots: usize,
    children: Vec<[u32; 4]>,
    cell: Vec<u32>,
    pattern: Vec<bool>,
}

impl Builder {
    fn new(cells: usize) -> Builder {
        Builder {
            roots: cells,
            children: vec![[NO; 4]; cells],
            cell: (0..cells as u32).collect(),
            pattern: vec![false; cells],
        }
    }

    fn insert(
        &mut self,
        start: usize,
        sequence: &[u8],
        neighbour: &impl Fn(usize, usize) -> Option<usize>,
    ) {
        let mut node = start as u32;
        let mut cell = start;
        for &slide in sequence {
            cell = neighbour(cell, usize::from(slide)).unwrap_or(cell);
            let child = self.children[node as usize][usize::from(slide)];
            node = if child == NO {
                let id = self.children.len() as u32;
                self.children.push([NO; 4]);
                self.cell.push(cell as u32);
                self.pattern.push(false);
                self.children[node as usize][usize::from(slide)] = id;
                id
            } else {
                child
            };
        }
        self.pattern[node as usize] = true;
    }

    /// The transitions (the failure links folded in) and each state's open slides.
    fn finish(self, neighbour: &impl Fn(usize, usize) -> Option<usize>) -> (Vec<Row>, Vec<u32>) {
        let states = self.children.len();
        let mut next = vec![PRUNED; states * 4];
        let mut fail = vec![0u32; states];
        let mut pattern = self.pattern;
        let mut queue = std::collections::VecDeque::new();
        // From a root, a slide no pattern starts with leaves the path at its cell's root.
        for root in 0..self.roots {
            for slide in 0..4 {
                let Some(to) = neighbour(root, slide) else {
                    continue;
                };
                let child = self.children[root][slide];
                if child == NO {
                    next[root * 4 + slide] = to as u32;
                } else {
                    fail[child as usize] = to as u32;
                    next[root * 4 + slide] = child;
                    queue.push_back(child);
                }
            }
        }
        while let Some(state) = queue.pop_front() {
            let state = state as usize;
            pattern[state] |= pattern[fail[state] as usize];
            for slide in 0..4 {
                if neighbour(self.cell[state] as usize, slide).is_none() {
                    continue;
                }
                let child = self.children[state][slide];
                let through_fail = next[fail[state] as usize * 4 + slide];
                if child == NO {
                    next[state * 4 + slide] = through_fail;
                } else {
                    fail[child as usize] = through_fail;
                    next[state * 4 + slide] = child;
                    queue.push_back(child);
                }
            }
        }
        // A slide into a pattern is pruned.
        for to in &mut next {
            if *to != PRUNED && pattern[*to as usize] {
                *to = PRUNED;
            }
        }
        minimise(&next, &self.cell, self.roots)
    }
}

/// The automaton of the fewest states that does what `next` does (Moore's refinement: states
/// are split by their cell, then by the classes their slides lead to, until no class splits),
/// as rows; and the roots, the first `roots` states of `next`, renumbered.
fn minimise(next: &[u32], cell: &[u32], roots: usize) -> (Vec<Row>, Vec<u32>) {
    let states = cell.len();
    let mut class: Vec<u32> = cell.to_vec();
    let mut classes = 0;
    loop {
        let mut ids: HashMap<[u32; 5], u32> = HashMap::new();
        let refined: Vec<u32> = (0..states)
            .map(|state| {
                let mut key = [class[state], 0, 0, 0, 0];
                for slide in 0..4 {
                    let to = next[state * 4 + slide];
                    key[slide + 1] = if to == PRUNED {
                        PRUNED
                    } else {
                        class[to as usize]
                    };
                }
                let id = ids.len() as u32;
                *ids.entry(key).or_insert(id)
            })
            .collect();
        class = refined;
        if ids.len() == classes {
            break;
        }
        classes = ids.len();
    }
    let mut rows = vec![
        Row {
            next: [PRUNED; 4],
            open: 0,
            cell: 0,
        };
        classes
    ];
    for state in 0..states {
        let row = &mut rows[class[state] as usize];
        row.cell = cell[state] as u8;
        for slide in 0..4 {
            let to = next[state * 4 + slide];
            if to != PRUNED {
                row.next[slide] = class[to as usize];
                row.open |= 1 << slide;
            }
        }
    }
    (rows, class[..roots].to_vec())
}

#[cfg(test)]
mod tests {
    use super::super::SlidingPuzzle;
    use super::*;

    /// The table of a `width`-wide board's neighbouring cells, as its puzzle keeps it.
    fn board<const N: usize>(width: usize) -> [[u8; 4]; N] {
        let tiles: [u8; N] = core::array::from_fn(|cell| cell as u8);
        SlidingPuzzle::<N>::new(width, N / width, &tiles, &tiles)
            .unwrap()
            .neighbour
    }

    /// A walk along every path the automaton lets through (every path, without one), noting
    /// the least depth each board is met at.
    struct Walk<'a, const N: usize> {
        board: [[u8; 4]; N],
        pruning: Option<&'a DuplicatePruning>,
        seen: HashMap<[u8; N], usize>,
        paths: u64,
    }

    impl<const N: usize> Walk<'_, N> {
        fn walk(
            &mut self,
            tiles: &mut [u8; N],
            blank: usize,
            state: u32,
            depth: usize,
            left: usize,
        ) {
            let least = self.seen.entry(*tiles).or_insert(depth);
            *least = (*least).min(depth);
            self.paths += 1;
            if left == 0 {
                return;
            }
            for slide in 0..4 {
                let Some(to) = neighbour(&self.board, blank, slide) else {
                    continue;
                };
                let next = match self.pruning {
                    Some(pruning) => {
                        let row = pruning.row(state, blank);
                        if row.open & 1 << slide == 0 {
                            continue;
                        }
                        row.next[slide]
                    }
                    None => 0,
                };
                tiles.swap(blank, to);
                self.walk(tiles, to, next, depth + 1, left - 1);
                tiles.swap(blank, to);
            }
        }
    }

    /// Every board within `depth` slides of the board with the blank at `start`, and its
    /// distance: by every path, or along the paths the automaton lets through; and the
    /// number of paths walked.
    fn reached<const N: usize>(
        width: usize,
        pruning: Option<&DuplicatePruning>,
        start: usize,
        depth: usize,
    ) -> (HashMap<[u8; N], usize>, u64) {
        let mut tiles: [u8; N] = core::array::from_fn(|cell| cell as u8);
        tiles.swap(0, start);
        let root = pruning.map_or(0, |pruning| pruning.root(start));
        let mut walk = Walk {
            board: board(width),
            pruning,
            seen: HashMap::new(),
            paths: 0,
        };
        walk.walk(&mut tiles, start, root, 0, depth);
        (walk.seen, walk.paths)
    }

    /// Paths of more slides than the automaton compares meet its patterns anywhere along
    /// them, from any cell: every board is still reached at its distance, through far fewer
    /// paths.
    fn check<const N: usize>(width: usize, depth: usize, walked: usize) {
        let pruning = DuplicatePruning::new(&board::<N>(width), depth).unwrap();
        assert!(pruning.patterns() > 0);
        for start in 0..N {
            let (every, all_paths) = reached::<N>(width, None, start, walked);
            let (pruned, fewer_paths) = reached::<N>(width, Some(&pruning), start, walked);
            assert_eq!(pruned, every, "{width} x {}, blank at {start}", N / width);
            assert!(
                fewer_paths * 2 < all_paths,
                "{fewer_paths} of {all_paths} paths"
            );
        }
    }

    #[test]
    fn every_board_is_reached_at_its_distance() {
        check::<12>(4, 8, 12);
        check::<10>(2, 10, 14);
        check::<16>(4, 6, 10);
    }

    #[test]
    fn a_board_with_too_many_sequences_is_refused() {
        // The 15-puzzle has 4,148 least sequences of 1 to 6 slides, over its 16 cells.
        let refused = DuplicatePruning::build(&board::<16>(4), 6, 4_147).unwrap_err();
        assert_eq!(refused, PuzzleError::PruningTooLarge { depth: 6 });
        assert!(DuplicatePruning::build(&board::<16>(4), 6, 4_148).is_ok());
    }

    #[test]
    fn a_board_made_elsewhere_starts_the_automaton_afresh() {
        let pruning = DuplicatePruning::new(&board::<9>(3), 6).unwrap();
        // A state of a board whose blank is elsewhere, or no state at all.
        for state in [pruning.root(0), u32::MAX] {
            let row = pruning.row(state, 4);
            assert_eq!(row.cell, 4);
            assert_eq!(row.open, 0b1111);
        }
    }
}
