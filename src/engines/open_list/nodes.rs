//! The open list without buckets, for searches whose nodes almost all have keys of their own
//! (a grid's): each node queued on its own, in one heap, or in slots by `f` ([`Slots`]).

use crate::cost::Cost;

use super::quaternary::Quaternary;
use super::slots::{Queued, Slots};

/// A node's place in the heap of nodes: its key (`f` and `g`), when it was queued, and its
/// index in the table. Compared as words ([`Cost::key_bits`]: `f`, then `g` turned around so
/// that the deeper is the smaller, then when queued), worked out at each comparison from the
/// keys. The form nodes go in and out of the heap in, and the heap's own entry for keys that
/// do not pack ([`Packed`]: 64-bit costs, 24 bytes an entry).
#[derive(Clone, Copy)]
pub(super) struct Ranked<C: Cost> {
    pub f: C::Key,
    pub g: C::Key,
    /// 32 bits, which keeps a [`Packed`] entry at 16 bytes, four of them to a cache line:
    /// the list numbers its nodes afresh before the count runs out
    /// ([`OpenList::renumber`](super::OpenList)).
    pub seq: u32,
    pub index: u32,
}

impl<C: Cost> Ranked<C> {
    /// The entry of the node at `index`, queued `seq`-th with key `(f, g)`. Only for a cost
    /// type whose keys [fit a word](Cost::key_bits).
    #[inline]
    pub fn new(f: C::Key, g: C::Key, seq: u64, index: usize) -> Ranked<C> {
        debug_assert!(u32::try_from(seq).is_ok(), "the list renumbers before");
        Ranked {
            f,
            g,
            seq: seq as u32,
            index: index as u32,
        }
    }

    /// The words the entry is ordered by, least first out: `f`, `g` turned around, `seq`.
    #[inline]
    pub fn words(&self) -> (u64, u64, u64) {
        let bits = |key| C::key_bits(key).unwrap_or(0);
        (bits(self.f), !bits(self.g), u64::from(self.seq))
    }
}

impl<C: Cost> Ord for Ranked<C> {
    /// Greater is sooner out, as for the buckets: smaller `f`, then larger `g`, then queued
    /// earlier.
    #[inline]
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        other.words().cmp(&self.words())
    }
}

impl<C: Cost> Queued for Ranked<C> {
    #[inline]
    fn f_bits(&self) -> u64 {
        C::key_bits(self.f).unwrap_or(0)
    }
}

impl<C: Cost> PartialOrd for Ranked<C> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Cost> PartialEq for Ranked<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl<C: Cost> Eq for Ranked<C> {}

/// A node's place in the heap of nodes for keys of at most 32 bits that give their key back
/// ([`Cost::KEY_WIDTH`], [`Cost::key_from_bits`]: the integers and floats up to 32 bits):
/// `f` and `g` turned around as one word, worked out when the node is queued, then when it
/// was queued and its index. A comparison reads two words and makes one wide subtraction;
/// a [`Ranked`] entry's worked its words out from the keys at every comparison, half a pop's
/// instructions on a grid.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Packed {
    key: u64,
    seq: u32,
    index: u32,
}

impl Packed {
    /// Whether `C` keys pack.
    #[inline]
    fn fits<C: Cost>() -> bool {
        C::KEY_WIDTH <= 32 && C::key_from_bits(0).is_some()
    }

    #[inline]
    pub(super) fn of<C: Cost>(node: Ranked<C>) -> Packed {
        let (f, g, _) = node.words();
        Packed {
            key: f << 32 | (g & 0xFFFF_FFFF),
            seq: node.seq,
            index: node.index,
        }
    }

    #[inline]
    pub(super) fn ranked<C: Cost>(self) -> Ranked<C> {
        let key = |bits: u64| C::key_from_bits(bits).unwrap_or_else(|| C::ZERO.key());
        Ranked {
            f: key(self.key >> 32),
            g: key(!self.key & 0xFFFF_FFFF),
            seq: self.seq,
            index: self.index,
        }
    }

    /// The order out as one number, least first.
    #[inline]
    fn rank(self) -> u128 {
        u128::from(self.key) << 64 | u128::from(self.seq)
    }
}

impl Ord for Packed {
    /// Greater is sooner out.
    #[inline]
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        other.rank().cmp(&self.rank())
    }
}

impl Queued for Packed {
    #[inline]
    fn f_bits(&self) -> u64 {
        self.key >> 32
    }
}

impl PartialOrd for Packed {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }

    #[inline]
    fn lt(&self, other: &Self) -> bool {
        self.rank() > other.rank()
    }

    #[inline]
    fn le(&self, other: &Self) -> bool {
        self.rank() >= other.rank()
    }

    #[inline]
    fn gt(&self, other: &Self) -> bool {
        self.rank() < other.rank()
    }

    #[inline]
    fn ge(&self, other: &Self) -> bool {
        self.rank() <= other.rank()
    }
}

/// How many nodes [`Heap`] keeps beside its heap.
const BESIDE: usize = 8;

/// The nodes of the open list without buckets: in one queue of packed entries where the cost
/// type's keys pack ([`Packed`]), else of [`Ranked`] ones. Nodes go in and come out as
/// [`Ranked`].
pub(super) enum Nodes<C: Cost> {
    Packed(Queue<Packed>),
    Ranked(Queue<Ranked<C>>),
}

impl<C: Cost> Nodes<C> {
    /// An empty heap.
    pub fn with_capacity(capacity: usize) -> Nodes<C> {
        if Packed::fits::<C>() {
            Nodes::Packed(Queue::Heap(Heap::with_capacity(capacity)))
        } else {
            Nodes::Ranked(Queue::Heap(Heap::with_capacity(capacity)))
        }
    }

    #[inline]
    pub fn push(&mut self, node: Ranked<C>) {
        match self {
            Nodes::Packed(queue) => queue.push(Packed::of(node)),
            Nodes::Ranked(queue) => queue.push(node),
        }
    }

    /// The next node out; nodes not `fresh` may be dropped on the way (in slots, before
    /// their slot is sorted).
    #[inline]
    pub fn pop(&mut self, fresh: impl Fn(Ranked<C>) -> bool) -> Option<Ranked<C>> {
        match self {
            Nodes::Packed(queue) => queue
                .pop(|node| fresh(node.ranked::<C>()))
                .map(Packed::ranked),
            Nodes::Ranked(queue) => queue.pop(|&node| fresh(node)),
        }
    }

    /// How many nodes are queued.
    pub fn len(&self) -> usize {
        match self {
            Nodes::Packed(queue) => queue.len(),
            Nodes::Ranked(queue) => queue.len(),
        }
    }

    pub fn peek(&mut self) -> Option<Ranked<C>> {
        match self {
            Nodes::Packed(queue) => queue.peek().map(Packed::ranked),
            Nodes::Ranked(queue) => queue.peek(),
        }
    }

    /// The nodes of one heap in slots of a ring that keeps its size
    /// ([`Slots::starting`]); slots stay as they are.
    pub fn take_up_slots(&mut self) {
        match self {
            Nodes::Packed(queue) => queue.take_up_slots(),
            Nodes::Ranked(queue) => queue.take_up_slots(),
        }
    }

    /// The nodes `nodes`: in slots if `slotted`, else in one heap.
    pub fn from_nodes(nodes: Vec<Ranked<C>>, slotted: bool) -> Nodes<C> {
        if Packed::fits::<C>() {
            let nodes = nodes.into_iter().map(Packed::of).collect();
            Nodes::Packed(Queue::from_nodes(nodes, slotted))
        } else {
            Nodes::Ranked(Queue::from_nodes(nodes, slotted))
        }
    }

    /// Every node, in no order.
    pub fn into_nodes(self) -> Vec<Ranked<C>> {
        match self {
            Nodes::Packed(queue) => queue.into_nodes().into_iter().map(Packed::ranked).collect(),
            Nodes::Ranked(queue) => queue.into_nodes(),
        }
    }

    /// Whether the nodes are in slots.
    pub fn is_slotted(&self) -> bool {
        matches!(
            self,
            Nodes::Packed(Queue::Slots(_)) | Nodes::Ranked(Queue::Slots(_))
        )
    }
}

/// A queue of entries: one heap, or slots by `f`, which give way to the heap for good when
/// they refuse an entry.
pub(super) enum Queue<E> {
    Heap(Heap<E>),
    Slots(Slots<E>),
}

impl<E: Queued> Queue<E> {
    fn from_nodes(nodes: Vec<E>, slotted: bool) -> Queue<E> {
        if !slotted {
            return Queue::Heap(Heap::from_nodes(nodes));
        }
        Queue::Slots(Slots::from_nodes(nodes))
    }

    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn push(&mut self, node: E) {
        match self {
            Queue::Heap(heap) => heap.push(node),
            Queue::Slots(slots) => {
                if let Err(node) = slots.push(node) {
                    self.give_up_slots(node);
                }
            }
        }
    }

    fn take_up_slots(&mut self) {
        if let Queue::Heap(heap) = self {
            let nodes = core::mem::replace(heap, Heap::with_capacity(0)).into_nodes();
            *self = Queue::Slots(Slots::starting(nodes));
        }
    }

    /// Moves the nodes from the slots to one heap, with `node`, for good.
    #[cold]
    fn give_up_slots(&mut self, node: E) {
        let Queue::Slots(slots) = core::mem::replace(self, Queue::Heap(Heap::with_capacity(0)))
        else {
            return;
        };
        let mut nodes = slots.into_nodes();
        nodes.push(node);
        *self = Queue::Heap(Heap::from_nodes(nodes));
    }

    #[inline]
    fn pop(&mut self, fresh: impl Fn(&E) -> bool) -> Option<E> {
        match self {
            Queue::Heap(heap) => heap.pop(),
            Queue::Slots(slots) => slots.pop(fresh),
        }
    }

    fn len(&self) -> usize {
        match self {
            Queue::Heap(heap) => heap.heap.len() + heap.beside.len(),
            Queue::Slots(slots) => slots.len(),
        }
    }

    fn peek(&mut self) -> Option<E> {
        match self {
            Queue::Heap(heap) => heap.peek().copied(),
            Queue::Slots(slots) => slots.peek().copied(),
        }
    }

    fn into_nodes(self) -> Vec<E> {
        match self {
            Queue::Heap(heap) => heap.into_nodes(),
            Queue::Slots(slots) => slots.into_nodes(),
        }
    }
}

/// One heap of entries, and beside it a few, sorted, that were better than the heap's first
/// when queued.
///
/// A* on a grid expands, after a node, its child of the same `f` one step deeper: better than
/// every node queued, it would sift from the heap's bottom to its top, and be popped from
/// there at once, two passes through the whole depth of the heap. Kept beside it, it costs a
/// comparison with the heap's first and a place in a short sorted list. Either part is a
/// priority queue and a pop takes the better of their firsts, so the order out is the one
/// heap's (the sorted list's worst goes into the heap when the list is full).
pub(super) struct Heap<E> {
    heap: Quaternary<E>,
    /// Sorted, the best last; at most [`BESIDE`].
    beside: Vec<E>,
}

impl<E: Ord + Copy> Heap<E> {
    pub fn with_capacity(capacity: usize) -> Heap<E> {
        Heap {
            heap: Quaternary::with_capacity(capacity),
            beside: Vec::with_capacity(BESIDE + 1),
        }
    }

    // Out of line: one copy per entry type, not one inlined into every engine of every
    // problem (the cold build of the tests), for a call per push.
    #[inline(never)]
    pub fn push(&mut self, node: E) {
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
    pub fn pop(&mut self) -> Option<E> {
        match (self.beside.last(), self.heap.peek()) {
            (Some(kept), Some(first)) if *first > *kept => self.heap.pop(),
            (Some(_), _) => self.beside.pop(),
            (None, _) => self.heap.pop(),
        }
    }

    /// The entries `nodes`, in one heap (nothing beside it).
    pub fn from_nodes(nodes: Vec<E>) -> Heap<E> {
        Heap {
            heap: Quaternary::from_vec(nodes),
            beside: Vec::with_capacity(BESIDE + 1),
        }
    }

    /// Every entry, in no order.
    pub fn into_nodes(self) -> Vec<E> {
        let mut nodes = self.heap.into_vec();
        nodes.extend(self.beside);
        nodes
    }

    pub fn peek(&self) -> Option<&E> {
        match (self.beside.last(), self.heap.peek()) {
            (Some(kept), Some(first)) if *first > *kept => Some(first),
            (Some(kept), _) => Some(kept),
            (None, first) => first,
        }
    }
}
