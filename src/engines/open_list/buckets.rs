//! The open list's buckets: each key's nodes queued in one bucket, the buckets ordered in
//! one heap or in a ring of slots by integer `f`, found again through a small cache of the
//! buckets last opened ([`OpenList`](super::OpenList) keeps them and says when it uses them).

use core::hash::Hasher;
use std::collections::{BinaryHeap, VecDeque};

use crate::cost::Cost;

use super::RING;

/// The buckets by integer `f`: `slots[i]` holds those of `f = base + i`, deepest `g` first.
pub(super) struct Ring<K> {
    pub(super) base: u64,
    pub(super) slots: VecDeque<BinaryHeap<Deeper<K>>>,
    /// Slots emptied, kept for their room.
    pub(super) spare: Vec<BinaryHeap<Deeper<K>>>,
}

/// A bucket's place in its slot of the ring: its `g`, when it was opened, its number, the
/// slot's `f` being the same for all.
pub(super) struct Deeper<K> {
    pub(super) g: K,
    pub(super) seq: u64,
    pub(super) bucket: usize,
}

impl<K: Ord> Ord for Deeper<K> {
    /// Greater is sooner out: larger `g`, then opened earlier.
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.g.cmp(&other.g).then_with(|| other.seq.cmp(&self.seq))
    }
}

impl<K: Ord> PartialOrd for Deeper<K> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<K: Ord> PartialEq for Deeper<K> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl<K: Ord> Eq for Deeper<K> {}

/// A cost as a ring slot's number: integer costs that fit 63 bits; `None` for the others.
#[inline]
pub(super) fn integer<C: Cost>(cost: C) -> Option<u64> {
    if !C::EXACT {
        return None;
    }
    let value = cost.value().as_u128()?;
    u64::try_from(value).ok().filter(|&v| v < 1 << 63)
}

impl<K: Ord + Copy> Ring<K> {
    /// The slot for `f`, made if need be; `None` if the ring would span too much.
    #[inline]
    pub(super) fn slot(&mut self, f: u64, empty: bool) -> Option<&mut BinaryHeap<Deeper<K>>> {
        if empty {
            // Nothing open: start the ring at `f`.
            while let Some(slot) = self.slots.pop_back() {
                self.spare.push(slot);
            }
            self.base = f;
        }
        if f < self.base {
            let below = self.base - f;
            if below + self.slots.len() as u64 > RING {
                return None;
            }
            for _ in 0..below {
                let slot = self.spare.pop().unwrap_or_default();
                self.slots.push_front(slot);
            }
            self.base = f;
        }
        let at = f - self.base;
        if at >= RING {
            return None;
        }
        while self.slots.len() as u64 <= at {
            let slot = self.spare.pop().unwrap_or_default();
            self.slots.push_back(slot);
        }
        Some(&mut self.slots[at as usize])
    }

    /// The first non-empty slot, the empty ones before it dropped; `None` if all are empty.
    #[inline]
    pub(super) fn first(&mut self) -> Option<&mut BinaryHeap<Deeper<K>>> {
        while self.slots.front().is_some_and(BinaryHeap::is_empty) {
            let slot = self.slots.pop_front().expect("a front slot");
            self.spare.push(slot);
            self.base += 1;
        }
        self.slots.front_mut()
    }

    pub(super) fn peek(&self) -> Option<&Deeper<K>> {
        self.slots.iter().find_map(BinaryHeap::peek)
    }
}

/// A bucket's place in the heap: its key, when it was opened, its number.
///
/// The bucket's number is a full word, as wide as `seq`: a narrower one, written as a part of
/// a word the heap then reads whole, stalls the processor at every push (store forwarding).
pub(super) struct Opened<C> {
    pub(super) f: C,
    pub(super) g: C,
    pub(super) seq: u64,
    pub(super) bucket: usize,
}

impl<C: Ord> Ord for Opened<C> {
    /// Greater is sooner out (`BinaryHeap` pops its greatest): smaller `f`, then larger `g`,
    /// then opened earlier.
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        other
            .f
            .cmp(&self.f)
            .then_with(|| self.g.cmp(&other.g))
            .then_with(|| other.seq.cmp(&self.seq))
    }
}

impl<C: Ord> PartialOrd for Opened<C> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Ord> PartialEq for Opened<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl<C: Ord> Eq for Opened<C> {}

/// A bucket's key and the first and last of its entries ([`END`] once emptied).
#[derive(Clone, Copy)]
pub(super) struct Bucket<C> {
    pub(super) f: C,
    pub(super) g: C,
    pub(super) first: u32,
    pub(super) last: u32,
}

/// A queued node and the next entry of its bucket.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) index: usize,
    pub(super) next: u32,
}

/// No next entry; no bucket.
pub(super) const END: u32 = u32::MAX;

/// The hasher of the open list's cache: a multiply-and-add over the key's words. It spreads
/// integer keys well enough for a cache of [`CACHE`](super::CACHE) slots, and the order out never depends on
/// it.
pub(super) struct Mixer(pub(super) u64);

impl Hasher for Mixer {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}
