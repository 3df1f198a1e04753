//! The open list of the best-first engines (A*, Dijkstra, weighted A*, greedy search): the
//! nodes queued for expansion, in buckets of equal `(f, g)`.

use core::hash::Hash;
use std::collections::BinaryHeap;

use crate::cost::Cost;

/// Room the open list makes at first (the node table's [first
/// capacity](crate::engines::node_table::FIRST_CAPACITY) is larger: its growth copies
/// whole nodes and rehashes).
const FIRST_CAPACITY: usize = 256;

mod buckets;
mod forms;
mod nodes;
mod quaternary;
mod slots;

use buckets::{Bucket, Deeper, END, Entry, Mixer, Opened, Ring, integer};
use nodes::{Nodes, Packed, Queue, Ranked};

/// The open list: node indices in buckets, one per `(f, g)`, cheapest `f` first and deepest
/// `g` first among equal `f`; first queued, first out within a bucket. (At most 2³² − 1
/// entries at once, as many as the table holds states.)
///
/// A* on a puzzle has few distinct `(f, g)` pairs open at a time and millions of nodes, so a
/// push finds its bucket through a small cache of the buckets last opened and touches only the
/// end of one queue, where a binary heap over all the nodes would sift through scattered
/// memory. The buckets themselves are in a binary heap: a search with many distinct costs (a
/// grid's) has many small buckets, and pays what a heap of nodes would.
///
/// A key missing from the cache gets a new bucket even if one is open: the heap orders equal
/// keys by when their buckets were opened, and a key's pushes go to its newest bucket, so the
/// order out is exactly first in, first out per key, whatever the cache holds.
///
/// A list whose keys fit words ([`Cost::key_bits`]: every primitive cost up to 64 bits)
/// starts without buckets, every node on its own ([`Nodes`]): a search that never has many
/// nodes open (a short query on a grid) then pays for no bucket, no cache and no heap of
/// buckets. Its first [`SLOTS_AFTER`] nodes are in one small heap; then, still undecided on
/// buckets, in slots by ranges of `f` ([`Slots`](slots::Slots)), each slot sorted once, when
/// its turn comes, where a push is an append (a heap up to [`TAKE_UP_AFTER`] nodes, as the
/// list once kept, took a sift per push and pop: 8 to 12% more instructions for A* on the
/// Moving AI benchmark's maps; slots from the first node, 15% more for jump point search,
/// whose queries hold a few nodes). Once [`TAKE_UP_AFTER`] nodes are open, the list counts
/// their distinct keys: if the nodes share them, [`SHARED`] or more to a key on average (a
/// puzzle's), it takes up buckets, each key's nodes in one bucket in the order they were
/// queued (a 15-puzzle's A* ran a third slower on the heap of nodes, whose sifts scatter
/// through millions of nodes); otherwise it keeps its nodes on their own for good (a
/// grid's, whose nodes almost all have keys of their own), in slots of an `f` or a narrow
/// range of `f` each.
///
/// Once [`RING_AFTER`] buckets are open, the list looks at how full they are. Buckets of
/// fewer than [`SHARED`] nodes on average (a grid's, whose costs of 100 and 141 give almost
/// every node a key of its own) buy nothing: the list becomes one heap of nodes, keyed as the
/// buckets were and by when each was queued, for good; a push or a pop then costs one sift and
/// no bucket is opened or freed. Otherwise, if every open `f` is an integer and they span at
/// most [`RING`] values, the buckets move from the one heap to a ring of slots, one per `f`,
/// each a small heap of its buckets by `g`: a push or a pop then sifts through the buckets of
/// one `f`, not through all of them. The order out is the same either way; the first `f` that
/// does not fit the ring moves every bucket back to the one heap for good. A small search never
/// opens that many buckets, and never pays for a slot.
pub(crate) struct OpenList<C: Cost> {
    /// The open buckets, least key first.
    order: Order<C>,
    /// How many nodes the heap of nodes a list starts with holds before the list decides
    /// whether to take up buckets; `usize::MAX` once it did, or if it started with them.
    take_up_after: usize,
    /// How many nodes the list holds when it next looks at its form: when the heap of nodes
    /// it starts as takes the form of slots ([`SLOTS_AFTER`], if `slotted`), then
    /// `take_up_after`; `usize::MAX` once it decided on buckets.
    decide_at: usize,
    /// How many buckets the heap holds before the ring (or the heap of nodes) is tried;
    /// `usize::MAX` once it was.
    ring_after: usize,
    /// The fewest nodes a bucket holds on average, when the ring is tried, for the buckets
    /// to stay; below it the list becomes a heap of nodes.
    shared: usize,
    /// Whether the heap of nodes, once decided on, may take the form of slots by `f`.
    slotted: bool,
    /// Each bucket's first and last entry in `entries`, by the bucket's number.
    buckets: Vec<Bucket<C::Key>>,
    /// Each bucket's `f` as a ring slot's number, or [`NOT_INTEGER`], by the bucket's
    /// number: apart from the buckets, which every push reads, so that they stay small.
    ring_f: Vec<u64>,
    /// Numbers of buckets emptied, to be reused.
    free_buckets: Vec<u32>,
    /// The buckets last opened, by a hash of their key: a bucket number, or [`END`].
    cache: Box<[u32]>,
    /// Buckets opened so far: orders the buckets of one key. In the heap of nodes, nodes
    /// queued so far: orders the nodes of one key.
    opened: u64,
    /// In the heap of nodes, the count `opened` may reach before the nodes are numbered
    /// afresh ([`renumber`](Self::renumber)): their numbers are 32 bits.
    renumber_at: u64,
    /// The queued nodes, each linked to the next of its bucket: the buckets' queues live in
    /// one vector, so that a bucket costs no allocation of its own.
    entries: Vec<Entry>,
    /// Entries popped, to be reused.
    free: Vec<u32>,
    len: usize,
}

/// How many buckets the open list's cache remembers.
const CACHE: usize = 1024;

/// How many nodes are open when a list that started without buckets decides whether to take
/// them up.
const TAKE_UP_AFTER: usize = 256;

/// How many nodes are open when a list that started as one heap of nodes takes the form of
/// slots, before it decides on buckets: a search that never holds more (jump point search's
/// queries) pays for no slot, each an allocation of its own.
const SLOTS_AFTER: usize = 32;

/// The fewest nodes a bucket holds on average, once [`RING_AFTER`] are open, for the list
/// to keep its buckets.
const SHARED: usize = 2;

/// The most distinct `f` values the ring of slots spans.
const RING: u64 = 1 << 13;

/// How many buckets the heap holds before the ring is tried.
const RING_AFTER: usize = 1024;

/// The count of nodes queued at which the heap of nodes numbers them afresh: the most its
/// 32-bit numbers hold.
const RENUMBER_AT: u64 = u32::MAX as u64;

/// A bucket's `f` that is not an integer the ring can take.
const NOT_INTEGER: u64 = u64::MAX;

/// How the open buckets are ordered.
enum Order<C: Cost> {
    /// All of them in one heap.
    Heap(BinaryHeap<Opened<C::Key>>),
    /// By integer `f` in a ring of slots.
    Ring(Ring<C::Key>),
    /// No buckets: every node on its own ([`Nodes`]).
    Nodes(Nodes<C>),
}

impl<C: Cost> OpenList<C> {
    pub fn new() -> Self {
        Self::with_modes(TAKE_UP_AFTER, RING_AFTER, SHARED, true)
    }

    /// An open list that starts as a heap of nodes if `take_up_after` is not 0 and the keys
    /// fit words, and decides once it holds `take_up_after` nodes whether to take up buckets
    /// (if they hold `shared` nodes or more on average); with buckets, it tries the ring once
    /// it holds `ring_after` buckets, or the heap of nodes if they hold fewer than `shared`
    /// nodes on average. The heap of nodes, once it is kept or taken, is in slots by `f` if
    /// `slotted`.
    fn with_modes(take_up_after: usize, ring_after: usize, shared: usize, slotted: bool) -> Self {
        if take_up_after > 0 && C::key_bits(C::ZERO.key()).is_some() {
            return OpenList {
                order: Order::Nodes(Nodes::with_capacity(FIRST_CAPACITY)),
                take_up_after,
                decide_at: if slotted {
                    take_up_after.min(SLOTS_AFTER)
                } else {
                    take_up_after
                },
                ring_after,
                shared,
                slotted,
                buckets: Vec::new(),
                ring_f: Vec::new(),
                free_buckets: Vec::new(),
                cache: Box::new([]),
                opened: 0,
                renumber_at: RENUMBER_AT,
                entries: Vec::new(),
                free: Vec::new(),
                len: 0,
            };
        }
        OpenList {
            order: Order::Heap(BinaryHeap::with_capacity(FIRST_CAPACITY)),
            take_up_after: usize::MAX,
            decide_at: usize::MAX,
            ring_after,
            shared,
            slotted,
            buckets: Vec::with_capacity(FIRST_CAPACITY),
            ring_f: Vec::with_capacity(FIRST_CAPACITY),
            free_buckets: Vec::new(),
            cache: vec![END; CACHE].into_boxed_slice(),
            opened: 0,
            renumber_at: RENUMBER_AT,
            entries: Vec::with_capacity(FIRST_CAPACITY),
            free: Vec::with_capacity(FIRST_CAPACITY),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is a heap of nodes in the form of slots.
    #[cfg(test)]
    fn is_slotted(&self) -> bool {
        matches!(&self.order, Order::Nodes(nodes) if nodes.is_slotted())
    }

    /// The cache slot of the key `(f, g)`.
    fn slot(f: C::Key, g: C::Key) -> usize {
        let mut hasher = Mixer(0);
        f.hash(&mut hasher);
        g.hash(&mut hasher);
        (hasher.0 >> 54) as usize % CACHE
    }

    /// Queues the node at `index` with key `(f, g)`.
    // The append to a slot inlined (a grid's A* in slots: its pushes are almost all that), and
    // the push onto the heap of nodes a list starts as (a short search's: an 8-puzzle's A*)
    // straight to the heap; the rest out of line: a call per push was a sixth of the push's
    // instructions.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn push(&mut self, f_cost: C, g: C, index: usize) {
        match &mut self.order {
            Order::Nodes(Nodes::Packed(Queue::Slots(slots)))
                if self.opened < self.renumber_at && self.len + 1 < self.decide_at =>
            {
                let node = Ranked::<C>::new(f_cost.key(), g.key(), self.opened, index);
                if slots.push_quickly(Packed::of(node)).is_ok() {
                    self.opened += 1;
                    self.len += 1;
                    return;
                }
            }
            Order::Nodes(Nodes::Packed(Queue::Heap(heap)))
                if self.opened < self.renumber_at && self.len + 1 < self.decide_at =>
            {
                let node = Ranked::<C>::new(f_cost.key(), g.key(), self.opened, index);
                heap.push(Packed::of(node));
                self.opened += 1;
                self.len += 1;
                return;
            }
            _ => {}
        }
        self.push_otherwise(f_cost, g, index);
    }

    /// [`push`](Self::push) in every form of the list.
    #[inline]
    fn push_otherwise(&mut self, f_cost: C, g: C, index: usize) {
        let (f, g) = (f_cost.key(), g.key());
        if self.opened >= self.renumber_at && matches!(self.order, Order::Nodes(_)) {
            self.renumber();
        }
        if let Order::Nodes(nodes) = &mut self.order {
            // Only for keys that fit words: the list starts without buckets, or gives them
            // up, for no others.
            nodes.push(Ranked::new(f, g, self.opened, index));
            self.opened += 1;
            self.len += 1;
            if self.len >= self.decide_at {
                self.decide();
            }
            return;
        }
        let entry = Entry { index, next: END };
        let at = if let Some(at) = self.free.pop() {
            self.entries[at as usize] = entry;
            at
        } else {
            self.entries.push(entry);
            (self.entries.len() - 1) as u32
        };
        let slot = Self::slot(f, g);
        if let Some(bucket) = self.buckets.get_mut(self.cache[slot] as usize) {
            if bucket.f == f && bucket.g == g && bucket.last != END {
                self.entries[bucket.last as usize].next = at;
                bucket.last = at;
                self.len += 1;
                return;
            }
        }
        let ring_f = integer(f_cost).unwrap_or(NOT_INTEGER);
        let bucket = Bucket {
            f,
            g,
            first: at,
            last: at,
        };
        let number = if let Some(number) = self.free_buckets.pop() {
            self.buckets[number as usize] = bucket;
            self.ring_f[number as usize] = ring_f;
            number
        } else {
            self.buckets.push(bucket);
            self.ring_f.push(ring_f);
            (self.buckets.len() - 1) as u32
        };
        self.cache[slot] = number;
        let (seq, bucket) = (self.opened, number as usize);
        self.opened += 1;
        let empty = self.len == 0;
        self.len += 1;
        if let Order::Ring(ring) = &mut self.order {
            if let Some(slot) = (ring_f != NOT_INTEGER)
                .then(|| ring.slot(ring_f, empty))
                .flatten()
            {
                slot.push(Deeper { g, seq, bucket });
                return;
            }
            self.move_to_heap();
        }
        if let Order::Heap(heap) = &mut self.order {
            heap.push(Opened { f, g, seq, bucket });
            if heap.len() >= self.ring_after {
                self.try_ring();
            }
        }
    }

    /// The bucket that is next out.
    #[inline]
    fn next_bucket(&mut self) -> Option<usize> {
        match &mut self.order {
            Order::Heap(heap) => heap.peek().map(|opened| opened.bucket),
            Order::Ring(ring) => ring.first().and_then(|slot| slot.peek()).map(|d| d.bucket),
            Order::Nodes(_) => None,
        }
    }

    /// Takes the bucket next out off the order.
    #[inline]
    fn remove_next_bucket(&mut self) {
        match &mut self.order {
            Order::Heap(heap) => {
                heap.pop();
            }
            Order::Ring(ring) => {
                if let Some(slot) = ring.slots.front_mut() {
                    slot.pop();
                }
            }
            Order::Nodes(_) => {}
        }
    }

    /// The node [`pop`](Self::pop) would give next, with the `g` it was queued with, left
    /// in the list.
    pub fn peek(&mut self) -> Option<(C::Key, usize)> {
        let number = match &mut self.order {
            Order::Heap(heap) => heap.peek()?.bucket,
            Order::Ring(ring) => ring.peek()?.bucket,
            Order::Nodes(nodes) => {
                return nodes.peek().map(|node| (node.g, node.index as usize));
            }
        };
        let bucket = &self.buckets[number];
        Some((bucket.g, self.entries[bucket.first as usize].index))
    }

    /// The next node to expand, with the `g` it was queued with.
    pub fn pop(&mut self) -> Option<(C::Key, usize)> {
        self.pop_fresh(|_, _| true)
    }

    /// The next node to expand whose entry is `fresh` (given the `g` it was queued with and
    /// its index: an engine answers whether that `g` is still the node's), with that `g`.
    /// The entries that are not are dropped, some of them before their turn: in slots, a
    /// slot is cleared of them before it is sorted. (An entry is fresh or not for good: a
    /// node's `g` only falls.)
    // The next of a sorted slot inlined, as for `push`.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn pop_fresh(&mut self, fresh: impl Fn(C::Key, usize) -> bool) -> Option<(C::Key, usize)> {
        loop {
            let quickly = match &mut self.order {
                Order::Nodes(Nodes::Packed(Queue::Slots(slots))) => slots.pop_quickly(),
                Order::Nodes(Nodes::Packed(Queue::Heap(heap))) => heap.pop(),
                _ => None,
            };
            if let Some(node) = quickly {
                self.len -= 1;
                let Ranked { g, index, .. } = node.ranked::<C>();
                if fresh(g, index as usize) {
                    return Some((g, index as usize));
                }
                continue;
            }
            let (g, index) = self.pop_otherwise(&fresh)?;
            if fresh(g, index) {
                return Some((g, index));
            }
        }
    }

    /// [`pop_fresh`](Self::pop_fresh) in every form of the list, but for its last check of
    /// the entry it gives.
    #[inline]
    fn pop_otherwise(&mut self, fresh: &impl Fn(C::Key, usize) -> bool) -> Option<(C::Key, usize)> {
        if let Order::Nodes(nodes) = &mut self.order {
            let popped = nodes.pop(|node: Ranked<C>| fresh(node.g, node.index as usize));
            self.len = nodes.len();
            let Ranked { g, index, .. } = popped?;
            return Some((g, index as usize));
        }
        let number = self.next_bucket()? as u32;
        let bucket = &mut self.buckets[number as usize];
        let g = bucket.g;
        let first = bucket.first;
        let Entry { index, next } = self.entries[first as usize];
        if next == END {
            // Emptied: a push of its key finds it in the cache no more (`last` is END).
            (bucket.first, bucket.last) = (END, END);
            self.remove_next_bucket();
            self.free_buckets.push(number);
        } else {
            bucket.first = next;
        }
        self.free.push(first);
        self.len -= 1;
        Some((g, index))
    }
}

#[cfg(test)]
mod tests;
