//! The heap of nodes's other form, for integer `f` within a narrow span (a grid's): the nodes
//! in slots, one per `f`, each sorted only when its turn comes.
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

use std::collections::VecDeque;

use super::nodes::Queued;

/// The most distinct `f` the slots span.
const SPAN: u64 = 1 << 13;

/// The furthest from the end of a sorted slot a node is put; beyond it, the slots give way to
/// the heap.
const DEEPEST: usize = 32;

/// The nodes by integer `f`: `by_f[i]` holds those of `f = base + i`.
pub(super) struct Slots<E> {
    base: u64,
    by_f: VecDeque<Slot<E>>,
    /// Slots emptied, kept for their room.
    spare: Vec<Vec<E>>,
    len: usize,
}

/// One `f`'s nodes: in the order they came, or sorted (the next out last).
struct Slot<E> {
    entries: Vec<E>,
    sorted: bool,
}

impl<E: Queued> Slots<E> {
    /// The nodes `nodes` in slots; `Err` with them if their `f` span more than [`SPAN`].
    pub fn from_nodes(nodes: Vec<E>) -> Result<Slots<E>, Vec<E>> {
        let (low, high) = nodes
            .iter()
            .map(Queued::f_bits)
            .fold((u64::MAX, 0), |(low, high), f| (low.min(f), high.max(f)));
        if !nodes.is_empty() && high - low >= SPAN {
            return Err(nodes);
        }
        let mut slots = Slots {
            base: low,
            by_f: VecDeque::new(),
            spare: Vec::new(),
            len: 0,
        };
        for node in nodes {
            let pushed = slots.push(node);
            debug_assert!(pushed.is_ok(), "every f within the span, no slot sorted");
        }
        Ok(slots)
    }

    /// Queues `node`; `Err` with it if its `f` is too far from the others', or it would go too
    /// deep into a sorted slot.
    // The common push inlined (a slot made, with room): the others out of line.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn push(&mut self, node: E) -> Result<(), E> {
        let at = node.f_bits().wrapping_sub(self.base);
        if self.len != 0 && at < self.by_f.len() as u64 {
            let slot = &mut self.by_f[at as usize];
            if slot.entries.len() < slot.entries.capacity() {
                Self::put(slot, node)?;
                self.len += 1;
                return Ok(());
            }
        }
        self.push_slowly(node)
    }

    /// Queues `node`, making its slot or room in it.
    #[inline(never)]
    fn push_slowly(&mut self, node: E) -> Result<(), E> {
        let f = node.f_bits();
        if self.len == 0 {
            // Nothing open: start the slots at `f`.
            while let Some(slot) = self.by_f.pop_back() {
                self.spare_slot(slot);
            }
            self.base = f;
        }
        if f < self.base {
            let below = self.base - f;
            if below + self.by_f.len() as u64 > SPAN {
                return Err(node);
            }
            for _ in 0..below {
                let slot = self.new_slot();
                self.by_f.push_front(slot);
            }
            self.base = f;
        }
        let at = f - self.base;
        if at >= SPAN {
            return Err(node);
        }
        while self.by_f.len() as u64 <= at {
            let slot = self.new_slot();
            self.by_f.push_back(slot);
        }
        Self::put(&mut self.by_f[at as usize], node)?;
        self.len += 1;
        Ok(())
    }

    /// Puts `node` in `slot`: last, or in its place if the slot is sorted.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn put(slot: &mut Slot<E>, node: E) -> Result<(), E> {
        let entries = &mut slot.entries;
        if !slot.sorted {
            entries.push(node);
            return Ok(());
        }
        let end = entries.len();
        let mut place = end;
        while place > 0 && entries[place - 1] > node {
            if end - place == DEEPEST {
                return Err(node);
            }
            place -= 1;
        }
        entries.insert(place, node);
        Ok(())
    }

    /// The next node out.
    #[inline]
    pub fn pop(&mut self) -> Option<E> {
        let node = self.first()?.pop();
        self.len -= 1;
        node
    }

    /// The next node out, left in.
    pub fn peek(&mut self) -> Option<&E> {
        self.first()?.last()
    }

    /// The first slot that holds a node, sorted; the empty ones before it dropped. `None` if
    /// every slot is empty.
    #[inline]
    fn first(&mut self) -> Option<&mut Vec<E>> {
        if self.len == 0 {
            return None;
        }
        while self
            .by_f
            .front()
            .is_some_and(|slot| slot.entries.is_empty())
        {
            let slot = self.by_f.pop_front().expect("a front slot");
            self.spare_slot(slot);
            self.base += 1;
        }
        let slot = self.by_f.front_mut()?;
        if !slot.sorted {
            slot.entries.sort_unstable();
            slot.sorted = true;
        }
        Some(&mut slot.entries)
    }

    fn new_slot(&mut self) -> Slot<E> {
        Slot {
            entries: self.spare.pop().unwrap_or_default(),
            sorted: false,
        }
    }

    fn spare_slot(&mut self, mut slot: Slot<E>) {
        slot.entries.clear();
        if slot.entries.capacity() > 0 {
            self.spare.push(slot.entries);
        }
    }

    /// Every node, in no order.
    pub fn into_nodes(self) -> Vec<E> {
        let mut nodes = Vec::with_capacity(self.len);
        for slot in self.by_f {
            nodes.extend(slot.entries);
        }
        nodes
    }
}
