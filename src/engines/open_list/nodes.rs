//! The open list without buckets, for searches whose nodes almost all have keys of their own
//! (a grid's): each node queued on its own, in one heap.

/// A node's place in the heap of nodes: its key as words ([`Cost::key_bits`]: `f`, and `g`
/// turned around so that the deeper is the smaller), when it was queued, its index in the
/// table, and its `g` key as it came.
///
/// [`Cost::key_bits`]: crate::Cost::key_bits
pub(super) struct Ranked<K> {
    f: u64,
    shallower: u64,
    seq: u64,
    pub index: u32,
    pub g: K,
}

impl<K> Ord for Ranked<K> {
    /// Greater is sooner out, as for the buckets: smaller `f`, then larger `g`, then queued
    /// earlier.
    #[inline]
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        (other.f, other.shallower, other.seq).cmp(&(self.f, self.shallower, self.seq))
    }
}

impl<K> PartialOrd for Ranked<K> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<K> PartialEq for Ranked<K> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl<K> Eq for Ranked<K> {}

impl<K: Copy> Ranked<K> {
    /// The entry of the node at `index`, queued `seq`-th with key `(f, g)`; `None` if the
    /// keys of the cost type `C` do not [fit a word](crate::Cost::key_bits).
    #[inline]
    pub fn new<C: crate::Cost<Key = K>>(f: K, g: K, seq: u64, index: usize) -> Option<Ranked<K>> {
        Some(Ranked {
            f: C::key_bits(f)?,
            shallower: !C::key_bits(g)?,
            seq,
            index: index as u32,
            g,
        })
    }
}

/// How many nodes [`Nodes`] keeps beside its heap.
const BESIDE: usize = 8;

/// The nodes of the open list once it gave up its buckets: one binary heap, and beside it a
/// few nodes, sorted, that were better than the heap's first when queued.
///
/// A* on a grid expands, after a node, its child of the same `f` one step deeper: better than
/// every node queued, it would sift from the heap's bottom to its top, and be popped from
/// there at once, two passes through the whole depth of the heap. Kept beside it, it costs a
/// comparison with the heap's first and a place in a short sorted list. Either part is a
/// priority queue and a pop takes the better of their firsts, so the order out is the one
/// heap's (the sorted list's worst goes into the heap when the list is full).
pub(super) struct Nodes<K> {
    heap: std::collections::BinaryHeap<Ranked<K>>,
    /// Sorted, the best last; at most [`BESIDE`].
    beside: Vec<Ranked<K>>,
}

impl<K> Nodes<K> {
    pub fn with_capacity(capacity: usize) -> Nodes<K> {
        Nodes {
            heap: std::collections::BinaryHeap::with_capacity(capacity),
            beside: Vec::with_capacity(BESIDE + 1),
        }
    }

    // Out of line: one copy per key type, not one inlined into every engine of every problem
    // (the cold build of the tests), for a call per push.
    #[inline(never)]
    pub fn push(&mut self, node: Ranked<K>) {
        if self.heap.peek().is_some_and(|first| node <= *first) {
            self.heap.push(node);
            return;
        }
        let at = self
            .beside
            .iter()
            .rposition(|kept| *kept < node)
            .map_or(0, |at| at + 1);
        self.beside.insert(at, node);
        if self.beside.len() > BESIDE {
            let worst = self.beside.remove(0);
            self.heap.push(worst);
        }
    }

    #[inline(never)]
    pub fn pop(&mut self) -> Option<Ranked<K>> {
        match (self.beside.last(), self.heap.peek()) {
            (Some(kept), Some(first)) if *first > *kept => self.heap.pop(),
            (Some(_), _) => self.beside.pop(),
            (None, _) => self.heap.pop(),
        }
    }

    pub fn peek(&self) -> Option<&Ranked<K>> {
        match (self.beside.last(), self.heap.peek()) {
            (Some(kept), Some(first)) if *first > *kept => Some(first),
            (Some(kept), _) => Some(kept),
            (None, first) => first,
        }
    }
}
