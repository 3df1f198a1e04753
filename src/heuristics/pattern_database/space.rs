//! The builder every pattern database shares: a breadth-first search backwards from the goals
//! over an abstract space of ranked states, with moves that cost one or nothing.

use super::PdbError;
use super::progress::{NOTE_EVERY, Tracker};

/// The distance of a state not reached (yet).
pub(super) const UNSEEN: u8 = u8::MAX;

/// Where one move of the backward search leads, from a state of the block being expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Neighbour {
    /// A move that costs nothing and stays in the block: the blank of a sliding-tile pattern
    /// moving among the cells no pattern tile is on, say. The slot of the state it leads to.
    Free(usize),
    /// A move that costs one: the state it leads to, by block and slot.
    Counted {
        /// The block (the table entry) of the state.
        block: usize,
        /// Its slot in the block.
        slot: usize,
    },
}

/// An abstract space a pattern database is built over: states ranked into *blocks*, one per
/// entry of the table, each holding [`slots`](Self::slots) states whose least distance is the
/// entry.
///
/// A pattern database of a permutation puzzle keeps some of the pieces (the pattern) and
/// forgets the others. Its blocks are the placements of the pattern's pieces; pieces the
/// pattern keeps but whose moves it does not count (the blank of a sliding-tile puzzle) go in
/// the slots. [`PiecePattern`](super::PiecePattern) builds this space for any puzzle that
/// shows its pieces ([`Pieces`](super::Pieces)) from the problem's own moves; implement the
/// trait directly for an abstraction that is not a placement of pieces (cubies with
/// orientations, disks on pegs).
///
/// The search runs from the [`goals`](Self::goals) outwards, so [`expand`](Self::expand) must
/// give the states one move *before* a state, its predecessors. For a puzzle whose every move
/// can be undone by a move of the same cost these are the states one move after it.
pub trait AbstractSpace {
    /// What expanding the states of one block needs: the block's placement unranked, say.
    /// Made once by [`scratch`](Self::scratch) and set up by [`enter`](Self::enter) for
    /// each block.
    type Scratch;

    /// The number of blocks: the entries of the table.
    fn blocks(&self) -> usize;

    /// The states in each block. Defaults to one.
    fn slots(&self) -> usize {
        1
    }

    /// Whether the table keeps an entry for every state (`block * slots + slot`) rather than
    /// the least over each block's slots. Defaults to `false`: slots are what a pattern keeps
    /// but does not count (the blank), and a lookup knows only the block. A space that puts
    /// part of its own coordinates in the slots (the cube's twists) keeps them.
    fn entry_per_slot(&self) -> bool {
        false
    }

    /// The goal states, each as (block, slot), at distance zero.
    fn goals(&self) -> Vec<(usize, usize)>;

    /// A scratch for [`enter`](Self::enter).
    fn scratch(&self) -> Self::Scratch;

    /// Sets the scratch up for expanding the states of `block`.
    fn enter(&self, block: usize, scratch: &mut Self::Scratch);

    /// Calls `visit` with each predecessor of the state in `slot` of the block `scratch` was
    /// last [`enter`](Self::enter)ed with, or says why the space cannot be searched (the
    /// build stops with that error).
    fn expand(
        &self,
        scratch: &mut Self::Scratch,
        slot: usize,
        visit: impl FnMut(Neighbour),
    ) -> Result<(), PdbError>;
}

/// The table of an abstract space: for every block, the fewest counted moves from any of its
/// states to a goal, or 255 where no goal is reached (the state it stands for is unsolvable);
/// for every state instead when the space keeps an [entry per
/// slot](AbstractSpace::entry_per_slot).
///
/// The search goes layer by layer. Each layer is one sweep, in order, over the blocks that
/// hold states of the current distance (a bit per block marks them), so the states of a block
/// are expanded together. A free move marks its state at the current distance and expands it
/// in the same sweep; a counted move marks an unseen state at the next distance, and its block
/// for the next layer. Memory: a byte per state and two bits per block, allocated fallibly.
pub fn build_table<S: AbstractSpace>(space: &S) -> Result<Vec<u8>, PdbError> {
    build_tracked(space, &Tracker::quiet(), 0)
}

/// [`build_table`], telling `tracker` how far it has come as its table number `table`.
pub(crate) fn build_tracked<S: AbstractSpace>(
    space: &S,
    tracker: &Tracker<'_>,
    table: usize,
) -> Result<Vec<u8>, PdbError> {
    let blocks = space.blocks();
    let slots = space.slots().max(1);
    let states = blocks
        .checked_mul(slots)
        .ok_or(PdbError::OutOfMemory { entries: u64::MAX })?;
    let out_of_memory = || PdbError::OutOfMemory {
        entries: states as u64,
    };
    let mut cost = Vec::new();
    cost.try_reserve_exact(states)
        .map_err(|_| out_of_memory())?;
    cost.resize(states, UNSEEN);
    let mut current = BlockSet::new(blocks).ok_or_else(out_of_memory)?;
    let mut next_layer = BlockSet::new(blocks).ok_or_else(out_of_memory)?;
    for (block, slot) in space.goals() {
        if block >= blocks || slot >= slots {
            return Err(PdbError::OutOfSpace { block, slot });
        }
        cost[block * slots + slot] = 0;
        current.insert(block);
    }
    let mut scratch = space.scratch();
    let mut reached = Vec::with_capacity(slots);
    let mut depth = 0u8;
    // States expanded, and how many of them the tracker has been told of.
    let (mut expanded, mut noted) = (0u64, 0u64);
    loop {
        let mut deeper = false;
        for block in current.iter() {
            let base = block * slots;
            space.enter(block, &mut scratch);
            reached.clear();
            reached.extend((0..slots).filter(|&slot| cost[base + slot] == depth));
            let mut i = 0;
            let (mut stray, mut too_deep) = (None, false);
            while let Some(&slot) = reached.get(i) {
                i += 1;
                space.expand(&mut scratch, slot, |neighbour| match neighbour {
                    Neighbour::Free(slot) if slot < slots => {
                        let state = base + slot;
                        if cost[state] > depth {
                            cost[state] = depth;
                            reached.push(slot);
                        }
                    }
                    Neighbour::Counted { block, slot } if block < blocks && slot < slots => {
                        let state = block * slots + slot;
                        // A state one past 254, the deepest an entry holds, is too deep.
                        if cost[state] == UNSEEN && depth == UNSEEN - 1 {
                            too_deep = true;
                        } else if cost[state] == UNSEEN {
                            cost[state] = depth + 1;
                            next_layer.insert(block);
                            deeper = true;
                        }
                    }
                    Neighbour::Free(slot) => stray = Some((block, slot)),
                    Neighbour::Counted { block, slot } => stray = Some((block, slot)),
                })?;
                if let Some((block, slot)) = stray {
                    return Err(PdbError::OutOfSpace { block, slot });
                }
                if too_deep {
                    return Err(PdbError::TooDeep);
                }
            }
            expanded += i as u64;
            if expanded - noted >= NOTE_EVERY {
                tracker.note(table, depth, expanded - noted);
                noted = expanded;
            }
        }
        if !deeper {
            tracker.note(table, depth, expanded - noted);
            tracker.finish(table, depth, expanded);
            break;
        }
        core::mem::swap(&mut current, &mut next_layer);
        next_layer.clear();
        depth = depth
            .checked_add(1)
            .filter(|&d| d < UNSEEN)
            .ok_or(PdbError::TooDeep)?;
    }
    if slots == 1 || space.entry_per_slot() {
        return Ok(cost);
    }
    Ok(cost
        .chunks(slots)
        .map(|block| block.iter().copied().min().unwrap_or(UNSEEN))
        .collect())
}

/// A set of blocks, one bit each.
struct BlockSet {
    words: Vec<u64>,
}

impl BlockSet {
    /// An empty set for blocks below `blocks`; `None` if the memory is not there.
    fn new(blocks: usize) -> Option<Self> {
        let mut words = Vec::new();
        words.try_reserve_exact(blocks.div_ceil(64)).ok()?;
        words.resize(blocks.div_ceil(64), 0);
        Some(BlockSet { words })
    }

    fn insert(&mut self, block: usize) {
        self.words[block / 64] |= 1 << (block % 64);
    }

    fn clear(&mut self) {
        self.words.fill(0);
    }

    /// The blocks in the set, in increasing order.
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(word, &bits)| {
            let mut bits = bits;
            core::iter::from_fn(move || {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits.wrapping_sub(1);
                (bit < 64).then_some(word * 64 + bit)
            })
        })
    }
}
