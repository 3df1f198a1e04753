//! The class of an edge coordinate found in two small tables rather than one large one.
//!
//! The edge coordinate is the four slice edges' places and the flips: 24,330,240 values, a
//! table of their classes 97 MB, a trip to memory a lookup. Split the places into the set of
//! positions the slice edges hold (495) and their order there (24): the symmetries act on the
//! set and the flips alone, so the classes of those (1 M values, 4 MB) take the set and the
//! flips to a representative; the order, carried along, then picks the class among the at
//! most 24 that share it (1.5 M values, 6 MB). Ten megabytes in place of 97, in the
//! last-level cache rather than in memory.

use super::{Classes, FLIPS, SLICE_PLACES};
use crate::heuristics::pattern_database::memory::Bytes;
use crate::permutation::{rank_valid, unrank_partial};
use crate::puzzles::rubiks_cube::EDGES;
use crate::puzzles::rubiks_cube::symmetry::{SYMMETRIES, Symmetries};

/// The sets of four positions of twelve.
const SETS: usize = 495;
/// The orders of four edges.
const ORDERS: usize = 24;

/// What a lookup needs to find the class of an edge coordinate, and the symmetry that takes
/// it to the class's representative.
pub(super) struct ClassIndex {
    /// For each places value, its set (high bits) and order (low five bits).
    split: Vec<u16>,
    /// For each places value and symmetry, the places after the symmetry.
    places_under: Vec<u16>,
    /// For each set and flips, the class of the two (high bits) and the symmetry that takes
    /// them to its representative (low four bits).
    set_class: Words,
    /// For each class of a set and flips and each order of the slice edges on the
    /// representative's set, the class of the edge coordinate and the symmetry that takes
    /// it to its representative.
    class: Words,
    /// [`Symmetries::product`].
    product: [[u8; SYMMETRIES]; SYMMETRIES],
    /// The twist after each symmetry, as [`Classes::twist_under`].
    pub(super) twist_under: Vec<u16>,
}

impl core::fmt::Debug for ClassIndex {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ClassIndex")
            .field("bytes", &self.memory_bytes())
            .finish_non_exhaustive()
    }
}

impl ClassIndex {
    /// The tables, from the classes of the whole edge coordinate.
    pub(super) fn new(classes: &Classes, symmetries: &Symmetries) -> Self {
        // Each places value as the set of positions (a mask) and the order of the edges on
        // them, lowest position first.
        let mut set_of_mask = vec![u16::MAX; 1 << EDGES];
        let mut split = vec![0u16; SLICE_PLACES];
        let mut places_of = vec![0u16; SETS * ORDERS];
        let mut sets = 0u16;
        for (places, split) in split.iter_mut().enumerate() {
            let mut at = [0u8; 4];
            let _ = unrank_partial(places as u64, EDGES, &mut at);
            let mask = at.iter().fold(0usize, |m, &p| m | 1 << p);
            if set_of_mask[mask] == u16::MAX {
                set_of_mask[mask] = sets;
                sets += 1;
            }
            // The edges (0-3) by ascending position.
            let mut order = [0u8; 4];
            let mut by_position: Vec<(u8, u8)> =
                (0..4u8).map(|e| (at[usize::from(e)], e)).collect();
            by_position.sort_unstable();
            for (slot, &(_, edge)) in order.iter_mut().zip(&by_position) {
                *slot = edge;
            }
            let set = set_of_mask[mask];
            let order = rank_valid(&order) as u16;
            *split = set << 5 | order;
            places_of[usize::from(set) * ORDERS + usize::from(order)] = places as u16;
        }
        // The classes of a set and flips, as `Classes` finds those of the whole coordinate.
        let mut set_class = vec![u32::MAX; SETS * FLIPS];
        let mut representatives = Vec::new();
        for value in 0..SETS * FLIPS {
            if set_class[value] != u32::MAX {
                continue;
            }
            let class = representatives.len() as u32;
            let (set, flips) = (value / FLIPS, value % FLIPS);
            let places = usize::from(places_of[set * ORDERS]);
            for s in 0..SYMMETRIES {
                let image =
                    (classes.conjugation).image(places * FLIPS + flips, symmetries.inverse(s));
                let image_set = usize::from(split[image / FLIPS] >> 5);
                let slot = &mut set_class[image_set * FLIPS + image % FLIPS];
                if *slot == u32::MAX {
                    *slot = class << 4 | s as u32;
                }
            }
            representatives.push((places_of[set * ORDERS..(set + 1) * ORDERS].to_vec(), flips));
        }
        let class: Vec<u32> = representatives
            .iter()
            .flat_map(|(places, flips)| {
                places
                    .iter()
                    .map(move |&places| classes.class_of[usize::from(places) * FLIPS + flips])
            })
            .collect();
        ClassIndex {
            split,
            places_under: classes.conjugation.places.clone(),
            set_class: Words::of(&set_class),
            class: Words::of(&class),
            product: core::array::from_fn(|a| {
                core::array::from_fn(|b| symmetries.product(a, b) as u8)
            }),
            twist_under: classes.twist_under.clone(),
        }
    }

    /// The class of the edge coordinate of these places and flips (high bits) and the
    /// symmetry that takes it to the class's representative (low four bits), as
    /// [`Classes::class_of`] has them up to the symmetries that fix the representative.
    #[inline]
    pub(super) fn class_of(&self, places: usize, flips: usize) -> usize {
        let split = usize::from(self.split[places % SLICE_PLACES]);
        let first = self.set_class.get((split >> 5) * FLIPS + flips % FLIPS);
        let s = first & 15;
        let moved = usize::from(self.places_under[places % SLICE_PLACES * SYMMETRIES + s]);
        let order = usize::from(self.split[moved]) & 31;
        let second = self.class.get((first >> 4) * ORDERS + order);
        second & !15 | usize::from(self.product[second & 15][s])
    }

    /// The bytes the tables take.
    pub(super) fn memory_bytes(&self) -> usize {
        2 * (self.split.len() + self.places_under.len() + self.twist_under.len())
            + self.set_class.0.len()
            + self.class.0.len()
    }
}

/// Words of four bytes, little-endian, in huge pages when there are megabytes of them
/// ([`Bytes`]): a lookup lands anywhere in them, and with small pages nearly every one would
/// also miss the TLB.
struct Words(Bytes);

impl Words {
    fn of(words: &[u32]) -> Self {
        let mut bytes = Bytes::from_vec(vec![0; 4 * words.len()]);
        for (to, word) in bytes.chunks_exact_mut(4).zip(words) {
            to.copy_from_slice(&word.to_le_bytes());
        }
        Words(bytes)
    }

    #[inline]
    fn get(&self, index: usize) -> usize {
        self.0
            .get(4 * index..4 * index + 4)
            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{EDGE_COORDINATES, edge_coordinate, edge_cube};
    use super::*;

    /// The two small tables find every sampled coordinate's class, and a symmetry that takes
    /// the coordinate to the class's representative.
    #[test]
    fn small_tables_find_the_classes() {
        let (symmetries, classes) = super::super::tests::classes();
        let index = ClassIndex::new(classes, symmetries);
        for coordinate in (0..EDGE_COORDINATES)
            .step_by(997)
            .chain([0, EDGE_COORDINATES - 1])
        {
            let found = index.class_of(coordinate / FLIPS, coordinate % FLIPS);
            let class = found >> 4;
            assert_eq!(
                class,
                classes.class_of[coordinate] as usize >> 4,
                "{coordinate}"
            );
            let image = symmetries.conjugate(&edge_cube(coordinate), found & 15);
            assert_eq!(
                edge_coordinate(&image),
                classes.representatives[class] as usize,
                "{coordinate}"
            );
        }
    }
}
