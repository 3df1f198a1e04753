//! The hasher of the state tables ([`NodeTable`](super::node_table::NodeTable)): one folded
//! multiply per word of the state, from a seed drawn once per process.
//!
//! A table's hash is on the critical path of every child: the child's state is hashed, the
//! index probed with it, and the node it points to compared, each waiting for the one before.
//! `foldhash` (hashbrown's default) goes through its global seed and a sponge before its one
//! wide multiply; a state that carries its own hash already (the closure adapter's, worked out
//! once as the node came out of the closure) was hashed a second time through all of it. One
//! folded multiply a word made BFS over the closures 6% faster.

use core::hash::{BuildHasher, Hasher};
use std::sync::OnceLock;

use hashbrown::DefaultHashBuilder;

/// An odd multiplier with its bits spread (the one `rustc`'s hasher has used).
const K: u64 = 0xF135_7AEA_2E62_A9C5;

/// The hasher a table builds per state: the state so far, and each word mixed in by a folded
/// multiply, `(h ^ word) · K` taken to 128 bits and its halves xored. The high half carries the
/// word's low bits up and the low half its high bits down, so a word that varies only in its
/// high bits spreads over the buckets as well as one that varies in its low bits. A plain
/// multiply (a first version) carries bits up only: 65,536 one-word states alike in their low
/// 40 bits all fell in one bucket of 4,096 (the test below).
///
/// Integers written one after another are gathered into a word before it is mixed: a cell
/// `(x, y)` of two `i16`s or `i32`s is one multiply, not two, on the chain each child waits on.
/// (The compiler follows how full the word is, so for a state of fixed fields the gathering
/// costs nothing at run time.)
#[derive(Clone, Copy)]
pub(crate) struct StateHasher {
    hash: u64,
    /// Integers written and not mixed in yet, the first in the low bits.
    pending: u64,
    /// How many bits of `pending` are taken (0 to 64).
    filled: u32,
}

impl StateHasher {
    /// A hasher whose state starts at `seed`.
    #[inline]
    pub(crate) const fn with_seed(seed: u64) -> Self {
        StateHasher {
            hash: seed,
            pending: 0,
            filled: 0,
        }
    }

    #[inline]
    fn mix(&mut self, word: u64) {
        self.hash = folded_multiply(self.hash ^ word);
    }

    /// Mixes in the integers gathered so far, if any.
    #[inline]
    fn flush(&mut self) {
        if self.filled > 0 {
            self.hash = self.gathered();
            (self.pending, self.filled) = (0, 0);
        }
    }

    /// The hash with the integers gathered so far mixed in, and how many bits they took (so
    /// that a zero written is not nothing written).
    #[inline]
    fn gathered(&self) -> u64 {
        folded_multiply(self.hash ^ self.pending).wrapping_add(u64::from(self.filled))
    }

    /// Gathers an integer of `bits` bits (at most 64), mixing in the word first if it has no
    /// room left.
    #[inline]
    fn gather(&mut self, n: u64, bits: u32) {
        if self.filled + bits > 64 {
            self.flush();
        }
        self.pending |= n << self.filled;
        self.filled += bits;
    }
}

/// `x · K` taken to 128 bits, its halves xored.
#[inline]
fn folded_multiply(x: u64) -> u64 {
    let product = u128::from(x) * u128::from(K);
    product as u64 ^ (product >> 64) as u64
}

impl Hasher for StateHasher {
    #[inline]
    fn finish(&self) -> u64 {
        if self.filled > 0 {
            self.gathered()
        } else {
            self.hash
        }
    }

    /// Eight bytes a word, the last one padded with zeros (a slice's length comes before its
    /// bytes, written by `Hash` itself).
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.flush();
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut eight = [0; 8];
            eight.copy_from_slice(word);
            self.mix(u64::from_le_bytes(eight));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut eight = [0; 8];
            eight[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(eight));
        }
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.gather(u64::from(n), 8);
    }

    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.gather(u64::from(n), 16);
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.gather(u64::from(n), 32);
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.gather(n, 64);
    }

    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.gather(n as u64, 64);
        self.gather((n >> 64) as u64, 64);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.gather(n as u64, 64);
    }
}

/// Builds [`StateHasher`]s from one seed, drawn once per process (from `foldhash`'s random
/// state), so that which states share a bucket differs from run to run.
#[derive(Clone, Copy)]
pub(crate) struct StateHashes {
    seed: u64,
}

impl StateHashes {
    pub fn new() -> Self {
        static SEED: OnceLock<u64> = OnceLock::new();
        let seed = *SEED.get_or_init(|| DefaultHashBuilder::default().hash_one(0x5EED_u64));
        StateHashes { seed }
    }
}

impl BuildHasher for StateHashes {
    type Hasher = StateHasher;

    #[inline]
    fn build_hasher(&self) -> StateHasher {
        StateHasher::with_seed(self.seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::node_table::{fold, spread};

    /// The 32 bits a table keeps of a hash.
    fn folded<T: core::hash::Hash + ?Sized>(hashes: StateHashes, value: &T) -> u32 {
        fold(hashes.hash_one(value))
    }

    /// The most of `values` that share one of 4,096 buckets, taken by the low bits of the
    /// index's hash as the table's index takes them.
    fn fullest_bucket<T: core::hash::Hash>(values: impl Iterator<Item = T>) -> u32 {
        let hashes = StateHashes::new();
        let mut buckets = vec![0u32; 4096];
        for value in values {
            buckets[(spread(folded(hashes, &value)) & 4095) as usize] += 1;
        }
        buckets.iter().max().copied().unwrap_or(0)
    }

    #[test]
    fn every_word_and_every_byte_counts() {
        let hashes = StateHashes::new();
        // Boards of a 4 x 4 puzzle that differ in one tile, anywhere.
        let board: [u8; 16] = core::array::from_fn(|i| i as u8);
        let mut seen = hashbrown::HashSet::new();
        assert!(seen.insert(folded(hashes, &board)));
        for i in 0..16 {
            let mut other = board;
            other[i] ^= 0x10;
            assert!(seen.insert(folded(hashes, &other)), "byte {i}");
        }
        // A slice and the same slice one byte longer (a trailing zero).
        assert_ne!(
            folded(hashes, &[1u8, 2, 3][..]),
            folded(hashes, &[1u8, 2, 3, 0][..])
        );
        // Pairs whose words are swapped.
        assert_ne!(folded(hashes, &(1u32, 2u32)), folded(hashes, &(2u32, 1u32)));
    }

    #[test]
    fn integers_gathered_into_a_word_each_count() {
        // Twelve bytes written one by one (a word and a half gathered), then a word: a change
        // in any of them, or two of them swapped, changes the hash.
        struct Fields([u8; 12], u64);
        impl core::hash::Hash for Fields {
            fn hash<H: Hasher>(&self, state: &mut H) {
                for &byte in &self.0 {
                    state.write_u8(byte);
                }
                state.write_u64(self.1);
            }
        }
        let hashes = StateHashes::new();
        let fields = Fields(core::array::from_fn(|i| i as u8 + 1), 99);
        let mut seen = hashbrown::HashSet::new();
        assert!(seen.insert(folded(hashes, &fields)));
        for i in 0..12 {
            let mut other = Fields(fields.0, fields.1);
            other.0[i] ^= 0x40;
            assert!(seen.insert(folded(hashes, &other)), "byte {i}");
            if i > 0 {
                other = Fields(fields.0, fields.1);
                other.0.swap(i - 1, i);
                assert!(
                    seen.insert(folded(hashes, &other)),
                    "bytes {} and {i}",
                    i - 1
                );
            }
        }
        assert!(seen.insert(folded(hashes, &Fields(fields.0, 100))));
        // A zero written is not nothing written, at the end or before a word; (1, 2) is not
        // (2, 1).
        assert_ne!(folded(hashes, &(5u16,)), folded(hashes, &(5u16, 0u16)));
        assert_ne!(
            folded(hashes, &(5u16, 7u64)),
            folded(hashes, &(5u16, 0u16, 7u64))
        );
        assert_ne!(folded(hashes, &(1i16, 2i16)), folded(hashes, &(2i16, 1i16)));
        assert_ne!(
            folded(hashes, &(-1i16, 0i16)),
            folded(hashes, &(0i16, -1i16))
        );
    }

    #[test]
    fn the_cells_of_a_grid_fill_the_buckets_evenly() {
        // 65,536 cells of a 256 x 256 grid into 4,096 buckets: no bucket far above the mean
        // of 16, whether a cell's two coordinates fill a word or half of one.
        let cells = (0..256i32).flat_map(|y| (0..256i32).map(move |x| (x, y)));
        let fullest = fullest_bucket(cells);
        assert!(fullest <= 48, "the fullest bucket holds {fullest}");
        let small = (0..256i16).flat_map(|y| (0..256i16).map(move |x| (x, y)));
        let fullest = fullest_bucket(small);
        assert!(fullest <= 48, "the fullest bucket holds {fullest}");
    }

    #[test]
    fn words_that_differ_only_in_their_high_bits_fill_the_buckets_evenly() {
        // 65,536 one-word states whose low 40 bits are all alike (a packed state whose low
        // fields never change): a multiply alone carries no high bit down into the bucket.
        let fullest = fullest_bucket((0..65_536u64).map(|k| k << 40 | 0x5A5A));
        assert!(fullest <= 48, "the fullest bucket holds {fullest}");
    }
}
