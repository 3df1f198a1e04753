//! The heap of nodes' other form, for nodes of keys of their own (a grid's): the nodes in
//! slots by `f`, each sorted only when its turn comes.
//!
//! A* on an 8-connected grid (costs 100 and 141) holds thousands of nodes open over a few
//! dozen values of `f`: a heap sifts each pop through all of them, six levels of four. In
//! slots, a push appends to its `f`'s slot and a pop takes the last of the first slot, sorted
//! once when it comes first: a few comparisons a node, where the heap made two dozen.
//!
//! The first slot stays sorted while its nodes are taken, and a node pushed into it is put in
//! its place. That place is near the end when the node is a child of the one just popped (it
//! is deeper than any node left of that `f`), as it is in A* or Dijkstra's algorithm. A node
//! that would go further than [`DEEPEST`] places from the end is refused, and the list goes
//! back to the heap for good: then the pushes are not a search's (the same key queued again
//! and again, first in, first out), and inserting each would cost the whole slot.
//!
//! Where the open `f` span too many values for a slot each (fine integer costs, such as a
//! grid's 10⁸ and 141,421,356, or floats, whose `f` differ by trillions of steps of their
//! bits), a slot holds a range of them: the `f` bits shifted right by as much as brings the
//! span within [`WIDE`] slots. Sorting a slot still orders its nodes exactly, and the ranges
//! are narrow enough that a popped node's child rarely goes deep into its sorted slot. An
//! `f` beyond the span widens every slot's range (the nodes spread over the slots afresh),
//! which happens a few times at most: each time, the span must have grown eightfold.
//!
//! A list's first slots ([`Slots::starting`]) are a ring of [`FEWEST`] that keeps its size,
//! widening its ranges rather than growing: the list does not yet know its costs' scale, and
//! a short search holds too few nodes to pay for a slot per `f` (a grid's first nodes span
//! hundreds of `f` for a few dozen nodes, each slot an allocation). Their slots are wide, so
//! a child often goes deep into the first; they put it in its place however deep (the list
//! holds a few hundred nodes at most then), where giving way to the heap for good cost a
//! grid's A* 5% more instructions.

#[cfg(doc)]
use crate::cost::Cost;

/// An entry of the heap of nodes, in slots or not: greater is sooner out.
pub(super) trait Queued: Ord + Copy {
    /// The entry's `f` as a word ([`Cost::key_bits`]), ordered as the `f` are: one apart for
    /// integers one apart.
    fn f_bits(&self) -> u64;
}

/// The most distinct `f` the slots span.
const SPAN: u64 = 1 << 13;

/// The slots a span of `f` too wide for one `f` a slot is spread over, at most, when the
/// list takes the form of slots (a shift of the `f` bits): room for it to grow eightfold.
/// (A ring that keeps its size spreads it over an eighth of its slots.)
const WIDE: u64 = SPAN / 8;

/// The fewest slots a ring holds.
const FEWEST: usize = 64;

/// The room a slot makes when it first takes an entry, in bytes: with the allocator's
/// header, within the largest block glibc keeps in its per-thread cache (1,032 bytes). At
/// 1,024 it missed the cache, and the arena map's short queries ran 12% slower.
const FIRST_ROOM: usize = 992;

/// The furthest from the end of a sorted slot a node is put; beyond it, the slots give way to
/// the heap.
const DEEPEST: usize = 32;

/// The nodes by integer `f`, in a ring of slots: the slot at `(head + i) % ring.len()` holds
/// those of `f = base + i`. A bit per slot tells whether it holds any, so that a pop finds
/// the next `f` open by a scan of words, however far apart the open `f` are (a maze's).
pub(super) struct Slots<E> {
    /// Whether the ring keeps its size, widening its slots rather than growing, and puts a
    /// node in a sorted slot however deep ([`starting`](Self::starting)).
    fixed: bool,
    /// How far right the `f` bits are shifted to give a slot's `f` (0: a slot per `f`).
    shift: u32,
    /// The `f` of the slot at `head`: at most the least open.
    base: u64,
    head: usize,
    /// The slots; a power of two of them, at most [`SPAN`].
    ring: Vec<Slot<E>>,
    /// Bit `i % 64` of word `i / 64` set if slot `i` holds a node.
    occupied: Vec<u64>,
    /// The room of slots emptied, for slots that fill: a vector grown once serves every `f`
    /// after it (each slot growing its own cost 6% more instructions on a grid's A*).
    spare: Vec<Vec<E>>,
    len: usize,
}

/// One `f`'s nodes: in the order they came, or sorted (the next out last). An empty slot is
/// not sorted.
struct Slot<E> {
    entries: Vec<E>,
    sorted: bool,
}

impl<E> Slot<E> {
    fn new() -> Slot<E> {
        Slot {
            entries: Vec::new(),
            sorted: false,
        }
    }
}

impl<E: Queued> Slots<E> {
    /// The nodes `nodes` in slots: a slot per `f` if they span fewer than [`SPAN`], else a
    /// range of `f` a slot, over at most [`WIDE`] slots.
    pub fn from_nodes(mut nodes: Vec<E>) -> Slots<E> {
        Self::spread(&mut nodes, 0, false)
    }

    /// `nodes` in a ring that keeps its [`FEWEST`] slots, each widening its range of `f` as
    /// the open `f` spread: for the first nodes of a search, before the list knows how many
    /// it will hold (a short query on a grid holds a few dozen, and a ring of a slot per `f`
    /// would span hundreds of `f` for them).
    pub fn starting(mut nodes: Vec<E>) -> Slots<E> {
        Self::spread(&mut nodes, 0, true)
    }

    /// [`from_nodes`](Self::from_nodes), the `f` bits shifted right by `least_shift` at
    /// least, in [`FEWEST`] slots if `fixed`.
    fn spread(nodes: &mut Vec<E>, least_shift: u32, fixed: bool) -> Slots<E> {
        let mut slots = Slots {
            fixed,
            shift: 0,
            base: 0,
            head: 0,
            ring: Vec::new(),
            occupied: Vec::new(),
            spare: Vec::new(),
            len: 0,
        };
        slots.fill(nodes, least_shift);
        slots
    }

    /// Queues `nodes` in the slots, which are empty, with the `f` bits shifted right by as
    /// much as brings them within the ring (`least_shift` at least); the ring grows to a slot
    /// per `f` (or range) unless it is [`fixed`](Self::fixed). `nodes` is left empty.
    fn fill(&mut self, nodes: &mut Vec<E>, least_shift: u32) {
        debug_assert_eq!(self.len, 0);
        let (low, high) = nodes
            .iter()
            .map(Queued::f_bits)
            .fold((u64::MAX, 0), |(low, high), f| (low.min(f), high.max(f)));
        // With no nodes, the ring starts at 0 (the first push starts it afresh anyway).
        let (low, high) = if nodes.is_empty() {
            (0, 0)
        } else {
            (low, high)
        };
        let mut shift = least_shift;
        let (most, room) = if self.fixed {
            (FEWEST as u64, FEWEST as u64 / 8)
        } else {
            (SPAN, WIDE)
        };
        if (high >> shift) - (low >> shift) >= most {
            while (high >> shift) - (low >> shift) >= room {
                shift += 1;
            }
        }
        let (base, span) = (low >> shift, (high >> shift) - (low >> shift));
        let size = FEWEST.max((span as usize + 1).next_power_of_two());
        if size > self.ring.len() {
            self.ring.resize_with(size, Slot::new);
        }
        self.occupied.clear();
        self.occupied.resize(self.ring.len() / 64, 0);
        (self.shift, self.base, self.head) = (shift, base, 0);
        for node in nodes.drain(..) {
            let pushed = self.push(node);
            debug_assert!(pushed.is_ok(), "every f within the ring, no slot sorted");
        }
    }

    /// Queues `node`; `Err` with it if it would go too deep into a sorted slot.
    // The common push inlined (its slot within the ring, whether or not the list is empty:
    // the slots before it are empty then): the others out of line.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn push(&mut self, node: E) -> Result<(), E> {
        match self.f_of(&node).checked_sub(self.base) {
            Some(at) if at < self.ring.len() as u64 => self.put(at as usize, node),
            _ => self.push_slowly(node),
        }
    }

    /// Queues `node` if that is an append: its slot within the ring, not sorted, with room;
    /// or sorted, with `node` its next out. `Err` with it otherwise, for [`push`](Self::push).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn push_quickly(&mut self, node: E) -> Result<(), E> {
        let Some(at) = self.f_of(&node).checked_sub(self.base) else {
            return Err(node);
        };
        let mask = self.ring.len() - 1;
        if at > mask as u64 {
            return Err(node);
        }
        let i = (self.head + at as usize) & mask;
        let slot = &mut self.ring[i];
        let entries = &mut slot.entries;
        let appends = if slot.sorted {
            entries.last().is_some_and(|last| *last <= node)
        } else {
            entries.len() < entries.capacity()
        };
        if !appends {
            return Err(node);
        }
        entries.push(node);
        self.occupied[i / 64] |= 1 << (i % 64);
        self.len += 1;
        Ok(())
    }

    /// The next node out if it is not the last of its slot, which is sorted; `None`
    /// otherwise, for [`pop`](Self::pop).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn pop_quickly(&mut self) -> Option<E> {
        let slot = self.ring.get_mut(self.head)?;
        if !slot.sorted || slot.entries.len() < 2 {
            return None;
        }
        self.len -= 1;
        slot.entries.pop()
    }

    /// The `f` of `node`'s slot.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn f_of(&self, node: &E) -> u64 {
        node.f_bits() >> self.shift
    }

    /// Queues `node` beyond the ring or before its first slot.
    #[inline(never)]
    fn push_slowly(&mut self, node: E) -> Result<(), E> {
        let f = self.f_of(&node);
        let last = if self.len == 0 {
            // Nothing open (so every slot empty): the ring starts at `f`.
            self.base = f;
            f
        } else {
            self.last_f()
        };
        let (low, high) = (f.min(self.base), f.max(last));
        let outgrown = (high - low) as usize >= self.ring.len();
        if high - low >= SPAN || (self.fixed && outgrown) {
            self.widen(node);
            return Ok(());
        }
        if outgrown {
            self.grow((high - low + 1) as usize);
        }
        if f < self.base {
            // The slots before the first are empty: every `f` is within the ring from `f`.
            let below = (self.base - f) as usize;
            self.head = (self.head + self.ring.len() - below) & (self.ring.len() - 1);
            self.base = f;
        }
        self.put((f - self.base) as usize, node)
    }

    /// The greatest `f` open (`base` if none is): that of the last slot round the ring from
    /// `head` that holds a node. (Rare: for a push beyond the ring or before its first.)
    fn last_f(&self) -> u64 {
        let mask = self.ring.len() - 1;
        (0..self.ring.len())
            .rev()
            .find(|at| {
                let i = (self.head + at) & mask;
                self.occupied[i / 64] & 1 << (i % 64) != 0
            })
            .map_or(self.base, |at| self.base + at as u64)
    }

    /// Queues `node`, whose `f` lies too far from the others' for the ring: every node in
    /// slots of wider ranges of `f`, wide enough for all. A ring's slots are as narrow as the
    /// nodes it was made with allow, and widen as often as the open `f` outgrow them (fine
    /// integer costs or floats, in a ring that keeps its size, at its first pushes).
    #[cold]
    fn widen(&mut self, node: E) {
        let mut nodes = self.spare.pop().unwrap_or_default();
        nodes.clear();
        for slot in &mut self.ring {
            nodes.append(&mut slot.entries);
            slot.sorted = false;
            if slot.entries.capacity() > 0 {
                self.spare.push(core::mem::take(&mut slot.entries));
            }
        }
        nodes.push(node);
        self.len = 0;
        self.fill(&mut nodes, self.shift + 1);
        self.spare.push(nodes);
    }

    /// Makes the ring `size` slots at least, the first at `head` 0.
    #[cold]
    fn grow(&mut self, size: usize) {
        self.ring.rotate_left(self.head);
        self.ring.resize_with(size.next_power_of_two(), Slot::new);
        self.head = 0;
        self.occupied = vec![0; self.ring.len() / 64];
        for (i, slot) in self.ring.iter().enumerate() {
            if !slot.entries.is_empty() {
                self.occupied[i / 64] |= 1 << (i % 64);
            }
        }
    }

    /// Puts `node` in the slot `at` places from the first: last, or in its place if the
    /// slot is sorted.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn put(&mut self, at: usize, node: E) -> Result<(), E> {
        let i = (self.head + at) & (self.ring.len() - 1);
        let slot = &mut self.ring[i];
        let entries = &mut slot.entries;
        if slot.sorted {
            let end = entries.len();
            let mut place = end;
            while place > 0 && entries[place - 1] > node {
                if end - place == DEEPEST && !self.fixed {
                    return Err(node);
                }
                place -= 1;
            }
            entries.insert(place, node);
        } else {
            if entries.len() == entries.capacity() {
                Self::make_room(entries, &mut self.spare);
            }
            entries.push(node);
        }
        self.occupied[i / 64] |= 1 << (i % 64);
        self.len += 1;
        Ok(())
    }

    /// Room for one more entry in `entries`: a spare vector's if it has none yet, else
    /// [`FIRST_ROOM`] (a slot grown from nothing a doubling at a time reallocated five times on
    /// its way to a grid's few dozen entries).
    #[cold]
    fn make_room(entries: &mut Vec<E>, spare: &mut Vec<Vec<E>>) {
        if entries.capacity() == 0 {
            if let Some(room) = spare.pop() {
                *entries = room;
                return;
            }
            entries.reserve(FIRST_ROOM / core::mem::size_of::<E>().max(1));
            return;
        }
        entries.reserve(1);
    }

    /// The next node out; nodes not `fresh` may be dropped on the way (see
    /// [`first`](Self::first)).
    #[inline]
    pub fn pop(&mut self, fresh: impl Fn(&E) -> bool) -> Option<E> {
        let i = self.first(fresh)?;
        let slot = &mut self.ring[i];
        let node = slot.entries.pop();
        if slot.entries.is_empty() {
            slot.sorted = false;
            self.occupied[i / 64] &= !(1 << (i % 64));
            self.spare.push(core::mem::take(&mut slot.entries));
        }
        self.len -= 1;
        node
    }

    /// The next node out, left in.
    pub fn peek(&mut self) -> Option<&E> {
        let i = self.first(|_| true)?;
        self.ring[i].entries.last()
    }

    /// The first slot that holds a node, sorted, now at `head`; `None` if the list is empty.
    /// A slot about to be sorted is first cleared of the nodes that are not `fresh` (a
    /// search's entries of nodes since queued again more cheaply: on a room map's A*, half
    /// of what it queued), so that they are neither sorted nor popped.
    #[inline]
    fn first(&mut self, fresh: impl Fn(&E) -> bool) -> Option<usize> {
        loop {
            if self.len == 0 {
                return None;
            }
            let mut i = self.head;
            if self.ring[i].entries.is_empty() {
                i = self.next_occupied();
                let mask = self.ring.len() - 1;
                self.base += ((i + self.ring.len() - self.head) & mask) as u64;
                self.head = i;
            }
            let slot = &mut self.ring[i];
            if !slot.sorted {
                let queued = slot.entries.len();
                slot.entries.retain(&fresh);
                self.len -= queued - slot.entries.len();
                if slot.entries.is_empty() {
                    self.occupied[i / 64] &= !(1 << (i % 64));
                    continue;
                }
                slot.entries.sort_unstable();
                slot.sorted = true;
            }
            return Some(i);
        }
    }

    /// How many nodes are queued.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The first slot from `head` on, round the ring, that holds a node (one does).
    #[inline]
    fn next_occupied(&self) -> usize {
        let words = self.occupied.len();
        let mut word = self.head / 64;
        let mut bits = self.occupied[word] & (u64::MAX << (self.head % 64));
        while bits == 0 {
            word = (word + 1) % words;
            bits = self.occupied[word];
        }
        word * 64 + bits.trailing_zeros() as usize
    }

    /// Every node, in no order.
    pub fn into_nodes(self) -> Vec<E> {
        let mut nodes = Vec::with_capacity(self.len);
        for slot in self.ring {
            nodes.extend(slot.entries);
        }
        nodes
    }
}
