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
