//! The open list's changes of form, each made once and out of the hot path: from a heap of
//! nodes to slots or to buckets, from a heap of buckets to the ring and back, and the heap of
//! nodes numbered afresh.

use std::collections::{BinaryHeap, VecDeque};

use super::buckets::{Bucket, Deeper, END, Entry, Opened, Ring, integer};
use super::nodes::{Nodes, Ranked};
use super::{CACHE, FIRST_CAPACITY, NOT_INTEGER, OpenList, Order, RING, SLOTS_AFTER};
use crate::cost::Cost;

impl<C: Cost> OpenList<C> {
    /// What the list does once it holds `decide_at` nodes: the heap of nodes in slots
    /// (still undecided on buckets), or buckets considered.
    #[cold]
    pub(super) fn decide(&mut self) {
        if self.len >= self.take_up_after {
            self.consider_buckets();
            return;
        }
        self.decide_at = self.take_up_after;
        if let Order::Nodes(nodes) = &mut self.order {
            nodes.take_up_slots();
        }
    }

    /// Takes up buckets if the open nodes share their keys, [`shared`](Self::shared) nodes
    /// or more to a key on average; decided once.
    #[cold]
    pub(super) fn consider_buckets(&mut self) {
        // A list in slots took them up at `SLOTS_AFTER` nodes, before it came here; a heap
        // then is one they gave way to, for good.
        let took_up_slots = self.slotted && self.take_up_after > SLOTS_AFTER;
        self.take_up_after = usize::MAX;
        self.decide_at = usize::MAX;
        let Order::Nodes(nodes) = &mut self.order else {
            return;
        };
        let slotted = self.slotted && (nodes.is_slotted() || !took_up_slots);
        let mut nodes = core::mem::replace(nodes, Nodes::with_capacity(0)).into_nodes();
        // Each key's nodes together, in the order they come out.
        nodes.sort_unstable_by_key(Ranked::words);
        let keys = 1 + nodes
            .windows(2)
            .filter(|w| (w[0].f, w[0].g) != (w[1].f, w[1].g))
            .count();
        if nodes.len() < self.shared.saturating_mul(keys) {
            self.order = Order::Nodes(Nodes::from_nodes(nodes, slotted));
            return;
        }
        self.take_up(&nodes);
    }

    /// Numbers the nodes of the heap of nodes afresh, `0..len` in the order they come out,
    /// before `opened` outgrows their 32-bit numbers (after four billion pushes; in a test,
    /// sooner). The order out is the same: among nodes of one key, the numbers keep their
    /// order. (With buckets, whose numbers are a full word, it does nothing.)
    #[cold]
    pub(super) fn renumber(&mut self) {
        let Order::Nodes(nodes) = &mut self.order else {
            return;
        };
        // In the form they were: slots that gave way to the heap did so for good.
        let slotted = nodes.is_slotted();
        let mut nodes = core::mem::replace(nodes, Nodes::with_capacity(0)).into_nodes();
        nodes.sort_unstable_by_key(Ranked::words);
        for (seq, node) in nodes.iter_mut().enumerate() {
            node.seq = seq as u32;
        }
        self.opened = nodes.len() as u64;
        self.order = Order::Nodes(Nodes::from_nodes(nodes, slotted));
    }

    /// Files `nodes`, sorted as they come out, in buckets, a key's nodes in one bucket.
    /// `opened`, which numbered the nodes, goes on numbering the buckets opened from now on:
    /// later than any of these.
    #[cold]
    fn take_up(&mut self, nodes: &[Ranked<C>]) {
        self.cache = vec![END; CACHE].into_boxed_slice();
        let mut heap = BinaryHeap::with_capacity(FIRST_CAPACITY);
        self.entries = Vec::with_capacity(nodes.len().max(FIRST_CAPACITY));
        for (at, node) in nodes.iter().enumerate() {
            self.entries.push(Entry {
                index: node.index as usize,
                next: END,
            });
            let (f, g) = (node.f, node.g);
            let bucket = self.buckets.len();
            match self.buckets.last_mut() {
                Some(last) if at > 0 && last.f == f && last.g == g => {
                    self.entries[last.last as usize].next = at as u32;
                    last.last = at as u32;
                }
                _ => {
                    self.buckets.push(Bucket {
                        f,
                        g,
                        first: at as u32,
                        last: at as u32,
                    });
                    let f_cost = C::from_key(f);
                    self.ring_f
                        .push(f_cost.and_then(integer).unwrap_or(NOT_INTEGER));
                    self.cache[Self::slot(f, g)] = bucket as u32;
                    heap.push(Opened {
                        f,
                        g,
                        seq: u64::from(node.seq),
                        bucket,
                    });
                }
            }
        }
        self.order = Order::Heap(heap);
    }

    /// Moves the open buckets from the heap to a ring of slots, if every `f` is an integer
    /// and they span at most [`RING`] values; tried once.
    #[cold]
    pub(super) fn try_ring(&mut self) {
        self.ring_after = usize::MAX;
        let Order::Heap(heap) = &mut self.order else {
            return;
        };
        if self.len < self.shared.saturating_mul(heap.len()) && C::key_bits(C::ZERO.key()).is_some()
        {
            self.give_up_buckets();
            return;
        }
        let Order::Heap(heap) = &mut self.order else {
            return;
        };
        let ring_f = &self.ring_f;
        let (mut low, mut high) = (NOT_INTEGER, 0);
        for opened in heap.iter() {
            let f = ring_f[opened.bucket];
            if f == NOT_INTEGER {
                return;
            }
            (low, high) = (low.min(f), high.max(f));
        }
        if high - low >= RING {
            return;
        }
        let mut ring = Ring {
            base: low,
            slots: VecDeque::new(),
            spare: Vec::new(),
        };
        for Opened { g, seq, bucket, .. } in core::mem::take(heap) {
            let slot = ring.slot(ring_f[bucket], false);
            slot.expect("every f within the span")
                .push(Deeper { g, seq, bucket });
        }
        self.order = Order::Ring(ring);
    }

    /// Moves every queued node from its bucket to one heap of nodes, for good. The nodes of
    /// one key are numbered in the order they would have left their buckets (by when the
    /// bucket was opened, then first in, first out), and every later push after them: the
    /// order out stays the same.
    #[cold]
    fn give_up_buckets(&mut self) {
        let Order::Heap(heap) = &mut self.order else {
            return;
        };
        let mut opened: Vec<Opened<C::Key>> = core::mem::take(heap).into_vec();
        opened.sort_unstable_by_key(|opened| opened.seq);
        let mut nodes = Vec::with_capacity(self.len.max(FIRST_CAPACITY));
        let mut seq = 0;
        for Opened { bucket, .. } in opened {
            let Bucket { f, g, first, .. } = self.buckets[bucket];
            let mut at = first;
            while at != END {
                let Entry { index, next } = self.entries[at as usize];
                nodes.push(Ranked::new(f, g, seq, index));
                seq += 1;
                at = next;
            }
        }
        self.opened = seq;
        self.order = Order::Nodes(Nodes::from_nodes(nodes, self.slotted));
        // The buckets are gone: their room too.
        self.buckets = Vec::new();
        self.ring_f = Vec::new();
        self.free_buckets = Vec::new();
        self.entries = Vec::new();
        self.free = Vec::new();
        self.cache = Box::new([]);
    }

    /// Moves every open bucket from the ring back to one heap, for good.
    #[cold]
    pub(super) fn move_to_heap(&mut self) {
        let mut heap = BinaryHeap::with_capacity(self.len);
        if let Order::Ring(ring) = &mut self.order {
            for slot in ring.slots.drain(..) {
                for Deeper { g, seq, bucket } in slot {
                    let f = self.buckets[bucket].f;
                    heap.push(Opened { f, g, seq, bucket });
                }
            }
        }
        self.order = Order::Heap(heap);
    }
}
