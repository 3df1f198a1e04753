//! The table of states shared by the engines that store them (A*, BFS): each state once, in an
//! arena, with its parent link, found again through a hash index, or by its number for a
//! problem that numbers its states ([`SearchProblem::state_index`]).
//!
//! [`SearchProblem::state_index`]: crate::SearchProblem::state_index

use core::hash::{BuildHasher, Hash};

use hashbrown::HashTable;

use super::state_hash::StateHashes;
use crate::solution::ProblemError;

/// A stored state and how it was best reached so far.
pub(crate) struct Node<S, M, C> {
    pub state: S,
    /// The index of the node it was reached from (31 bits; [`ROOT`] at a root), and in the
    /// top bit whether its children were generated (A* and the like; BFS does not keep it).
    /// One word for both: a `bool` of its own padded the node by a word for most states (a
    /// closure adapter's 8-puzzle node from 48 bytes to 56, and BFS through it is bound by
    /// the memory its nodes take).
    link: u32,
    /// The move from the parent; `None` at the root.
    pub arrived_by: Option<M>,
    /// The cost of the best path found to it.
    pub g: C,
}

/// The parent a root has.
pub(crate) const ROOT: u32 = (1 << 31) - 1;

/// The bit of [`Node`]'s link that says the node was expanded.
const EXPANDED: u32 = 1 << 31;

impl<S, M, C> Node<S, M, C> {
    /// A node not yet expanded, reached from the node at `parent` (or [`ROOT`]).
    #[inline]
    pub fn new(state: S, parent: u32, arrived_by: Option<M>, g: C) -> Self {
        debug_assert!(parent <= ROOT);
        Node {
            state,
            link: parent,
            arrived_by,
            g,
        }
    }

    /// The index of the node it was reached from; [`ROOT`] at a root.
    #[inline]
    pub fn parent(&self) -> u32 {
        self.link & !EXPANDED
    }

    /// Whether its children were generated.
    #[inline]
    pub fn expanded(&self) -> bool {
        self.link & EXPANDED != 0
    }

    /// Marks it expanded.
    #[inline]
    pub fn set_expanded(&mut self) {
        self.link |= EXPANDED;
    }

    /// Links it to a better path: from the node at `parent` by `arrived_by`, at cost `g`,
    /// and not expanded since.
    #[inline]
    pub fn relink(&mut self, parent: u32, arrived_by: Option<M>, g: C) {
        debug_assert!(parent <= ROOT);
        (self.link, self.arrived_by, self.g) = (parent, arrived_by, g);
    }

    /// [`relink`](Self::relink), keeping `state` as the node's state: equal to the one it
    /// holds, but in the form it was reached in this time (a jump point's direction, say).
    #[inline]
    pub fn relink_as(&mut self, state: S, parent: u32, arrived_by: Option<M>, g: C) {
        self.state = state;
        self.relink(parent, arrived_by, g);
    }
}

/// An entry of the hash index: where the node is in the arena, and 32 bits of its state's
/// hash. With the hash at hand, growing the index and passing over other states in a probe
/// never reach into the arena, whose nodes lie far apart in memory.
#[derive(Clone, Copy)]
struct Entry {
    node: u32,
    hash: u32,
}

/// Room a table makes at first: a small search allocates once, and does not grow its table a
/// state at a time. 1,024 states (tens of kilobytes, untouched until used but for the index's
/// 2 KiB of control bytes): searches of a thousand states or so (BFS over the Moving AI arena
/// map's queries) no longer grow their arena and index twice, copying and rehashing them; at
/// 4,096, A* over that map's queries, which store a few dozen states each, ran at half the
/// speed (an arena past glibc's mmap threshold is mapped and unmapped at every query). The
/// CHANGELOG has the figures.
pub(crate) const FIRST_CAPACITY: usize = 1 << 10;

/// The most states a table holds: a node's parent link is 31 bits (below [`ROOT`]).
const MAX_NODES: usize = ROOT as usize;

/// The numbers a table files states by: below 2^30 (four bytes a number: 4 GiB).
pub(crate) const MAX_NUMBERED: usize = 1 << 30;

/// The numbers a block of a numbered table holds (1 KiB of slots), as a shift.
const BLOCK_SHIFT: u32 = 8;

/// The room a numbered table makes for states at first.
const NUMBERED_CAPACITY: usize = 1 << 14;

/// A block of `size` empty slots: out of line, made once per block, away from the insert it
/// is made in.
#[cold]
#[inline(never)]
fn empty_block() -> Box<Block> {
    Box::new([0; 1 << BLOCK_SHIFT])
}

/// The slots of a block of a numbered table: an array, whose slots are read without a
/// bounds check (a grid's A* took 4% fewer instructions than with a boxed slice).
type Block = [u32; 1 << BLOCK_SHIFT];

/// The hash the index files an entry under, from the 32 bits the entry keeps: the bits twice
/// over, so that the index's bucket (its low bits) and its tag (the top seven) both come from
/// them. They are mixed already (by the table's hasher, or as a carried hash must be), and a
/// multiply here (an odd one, as before) lengthened the chain every child waits on: without
/// it, `vs_pathfinding` ran 3-5% faster on most rows (three whole runs each). The tag and the
/// bucket share bits only in an index of more than 2^25 buckets, where 32 bits leave the tag
/// as few free bits whichever way they are spread.
#[inline]
pub(super) fn spread(hash: u32) -> u64 {
    u64::from(hash) << 32 | u64::from(hash)
}

/// The 32 bits of a state's 64-bit hash that the index keeps: both halves, folded.
pub(super) fn fold(hash: u64) -> u32 {
    (hash ^ hash >> 32) as u32
}

/// What is wrong with a `number` that [`NodeTable::locate`] refused.
#[cold]
pub(crate) fn clash(number: Option<usize>) -> ProblemError {
    ProblemError::StateNumber { number }
}

/// Whether the engines that store states file `problem`'s states by number: it numbers its
/// start ([`SearchProblem::state_index`]).
///
/// [`SearchProblem::state_index`]: crate::SearchProblem::state_index
pub(crate) fn numbers_states<P: crate::SearchProblem>(problem: &P) -> bool {
    problem.state_index(&problem.start()).is_some()
}

pub(crate) struct NodeTable<S, M, C> {
    pub nodes: Vec<Node<S, M, C>>,
    index: HashTable<Entry>,
    hasher: StateHashes,
    /// Whether states are filed by their numbers ([`SearchProblem::state_index`]) rather
    /// than by hash.
    ///
    /// [`SearchProblem::state_index`]: crate::SearchProblem::state_index
    numbered: bool,
    /// Numbered states are filed in blocks of `1 << BLOCK_SHIFT` numbers, a block made
    /// (zeroed) when a state of its numbers is first stored: a search that stores a few
    /// thousand states of a million-cell map zeroes a few kilobytes, not the 4 MB of one slot
    /// per number (80 µs a search, more than a short query's whole search on a grid). A
    /// number's block is `number >> BLOCK_SHIFT`; the directory grows to the highest block
    /// used.
    ///
    /// By block, its slots once made: the index of the node of each number plus one, or 0
    /// for none. Each block is an allocation of its own, which stays where it is: slots kept
    /// in one vector were copied whenever it grew, a tenth of a grid query's time.
    blocks: Vec<Option<Box<Block>>>,
}

impl<S: Eq + Hash, M: Copy, C> NodeTable<S, M, C> {
    /// A table with room for `capacity` states before it grows, filing states by hash.
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            nodes: Vec::with_capacity(capacity),
            index: HashTable::with_capacity(capacity),
            hasher: StateHashes::new(),
            numbered: false,
            blocks: Vec::new(),
        }
    }

    /// A table with room for `capacity` states before it grows, filing states by their
    /// numbers if `numbered`, else by hash. A numbered table makes room for
    /// [`NUMBERED_CAPACITY`] states at once: a grid query stores thousands, and growing the
    /// arena a doubling at a time copied it each time (4% of an open-map query's time, perf);
    /// room never touched costs no memory.
    pub fn for_states(capacity: usize, numbered: bool) -> Self {
        if !numbered {
            return Self::with_capacity(capacity);
        }
        Self {
            nodes: Vec::with_capacity(capacity.max(NUMBERED_CAPACITY)),
            index: HashTable::new(),
            hasher: StateHashes::new(),
            numbered: true,
            blocks: Vec::new(),
        }
    }

    /// Where the slot of `number` is: its block, and its place in the block.
    #[inline]
    fn place(number: usize) -> (usize, usize) {
        (number >> BLOCK_SHIFT, number & ((1 << BLOCK_SHIFT) - 1))
    }

    /// The slot of `number`, if its block is made.
    #[inline]
    fn slot(&self, number: usize) -> Option<u32> {
        let (block, at) = Self::place(number);
        Some(self.blocks.get(block)?.as_ref()?[at])
    }

    /// Files the node at `index` under `number` (below [`MAX_NUMBERED`]), making its block
    /// if need be.
    fn file(&mut self, number: usize, index: usize) {
        let (block, at) = Self::place(number);
        if block >= self.blocks.len() {
            self.blocks.resize(block + 1, None);
        }
        let block = self.blocks[block].get_or_insert_with(empty_block);
        block[at] = index as u32 + 1;
    }

    /// Whether states are filed by number.
    #[inline]
    pub fn is_numbered(&self) -> bool {
        self.numbered
    }

    /// Where `state` is filed (its number, which `number` gives, if states are numbered,
    /// else its hash, the one it `carried` if any: `number` is then not called), and the
    /// index of its node if it is stored; `Err` with the number if there is none, it is out of range or it is another
    /// stored state's ([`clash`] says so).
    // Inlined, with a small answer: it runs for every child.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn locate(
        &self,
        state: &S,
        carried: Option<u64>,
        number: impl FnOnce() -> Option<usize>,
    ) -> Result<(u32, Option<usize>), Option<usize>> {
        if !self.is_numbered() {
            let hash = self.hash(state, carried);
            return Ok((hash, self.find(hash, state)));
        }
        let number = number();
        let Some(number) = number.filter(|&number| number < MAX_NUMBERED) else {
            return Err(number);
        };
        let slot = self.slot(number).unwrap_or(0);
        if slot == 0 {
            return Ok((number as u32, None));
        }
        let at = slot as usize - 1;
        if self.nodes[at].state != *state {
            return Err(Some(number));
        }
        Ok((number as u32, Some(at)))
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the table can take no more states: it holds `max_stored` (the search's
    /// limit), or [`MAX_NODES`].
    pub fn is_full(&self, max_stored: usize) -> bool {
        self.nodes.len() >= max_stored.min(MAX_NODES)
    }

    /// The hash under which `state` is indexed: the one it `carried`
    /// ([`SearchProblem::state_hash`]), folded, or else its hash by the table's hasher;
    /// computed once per generated state. (For a table filed by hash: see
    /// [`locate`](Self::locate).)
    ///
    /// [`SearchProblem::state_hash`]: crate::SearchProblem::state_hash
    #[inline]
    pub fn hash(&self, state: &S, carried: Option<u64>) -> u32 {
        debug_assert!(
            !self.is_numbered(),
            "a numbered table is searched by locate"
        );
        fold(carried.unwrap_or_else(|| self.hasher.hash_one(state)))
    }

    /// The index of the node holding `state`, which carries the hash `carried` if any: a
    /// lookup that inserts nothing after (one that may insert keeps the [`hash`](Self::hash)
    /// and calls [`find`](Self::find)).
    pub fn find_state(&self, state: &S, carried: Option<u64>) -> Option<usize> {
        self.find(self.hash(state, carried), state)
    }

    /// The index of the node holding `state`, whose hash is `hash`.
    pub fn find(&self, hash: u32, state: &S) -> Option<usize> {
        let nodes = &self.nodes;
        self.index
            .find(spread(hash), |entry| {
                entry.hash == hash && nodes[entry.node as usize].state == *state
            })
            .map(|entry| entry.node as usize)
    }

    /// Stores a state not yet in the table, filed under `hash` (its hash, or its number in a
    /// numbered table: what [`locate`](Self::locate) gave), and returns its index. The
    /// table must not be [full](Self::is_full).
    // Inlined (its numbered branch makes it large enough for the inliner to decline): called
    // out of line, the node goes through memory at every store, and the branch on
    // `is_numbered` is taken the same way throughout a search.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn insert(&mut self, hash: u32, node: Node<S, M, C>) -> usize {
        let index = self.nodes.len();
        debug_assert!(index < MAX_NODES);
        self.nodes.push(node);
        if self.is_numbered() {
            self.file(hash as usize, index);
            return index;
        }
        let entry = Entry {
            node: index as u32,
            hash,
        };
        self.index
            .insert_unique(spread(hash), entry, |entry| spread(entry.hash));
        index
    }

    /// Stores the state of the node at `index`, filed under `hash`, again at the end of the
    /// arena, with the same links, and indexes it there; the old node stays where it was, so
    /// that paths through it remain. Returns the new index. The table must not be
    /// [full](Self::is_full).
    pub fn requeue(&mut self, hash: u32, index: usize) -> usize
    where
        S: Clone,
        C: Copy,
    {
        let old = &self.nodes[index];
        let node = Node::new(old.state.clone(), old.parent(), old.arrived_by, old.g);
        let new = self.nodes.len() as u32;
        self.nodes.push(node);
        if self.is_numbered() {
            self.file(hash as usize, new as usize);
            return new as usize;
        }
        if let Some(entry) = self
            .index
            .find_mut(spread(hash), |entry| entry.node as usize == index)
        {
            entry.node = new;
        }
        new as usize
    }

    /// The root the node at `index` was reached from, and the moves from it, following
    /// parent links.
    pub fn path_to(&self, mut index: usize) -> (usize, Vec<M>) {
        let mut moves = Vec::new();
        while let Some(mv) = self.nodes[index].arrived_by {
            moves.push(mv);
            index = self.nodes[index].parent() as usize;
        }
        moves.reverse();
        (index, moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_keeps_its_parent_apart_from_whether_it_was_expanded() {
        for parent in [0, 1, 12_345, ROOT - 1, ROOT] {
            let mut node: Node<u8, u8, u32> = Node::new(7, parent, Some(3), 9);
            assert_eq!((node.parent(), node.expanded()), (parent, false));
            node.set_expanded();
            assert_eq!((node.parent(), node.expanded()), (parent, true));
            node.relink(parent / 2, Some(4), 5);
            assert_eq!((node.parent(), node.expanded()), (parent / 2, false));
            assert_eq!((node.arrived_by, node.g), (Some(4), 5));
        }
    }

    #[test]
    fn the_most_a_table_holds_leaves_room_for_the_root_link() {
        assert!(MAX_NODES <= ROOT as usize);
        let table: NodeTable<u8, u8, u32> = NodeTable::with_capacity(4);
        assert!(table.is_full(0));
        assert!(!table.is_full(usize::MAX));
    }
}
