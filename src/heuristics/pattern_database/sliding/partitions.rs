//! The published partitions of the 15- and 24-puzzle's tiles into patterns, for
//! [`PatternDatabase::build`] and [`PdbMax`].

#[cfg(doc)]
use super::super::BuildOptions;
#[cfg(doc)]
use super::{PatternDatabase, PdbMax};

/// The partition of the 15-puzzle's tiles into three patterns of five (goal `0 1 … 15`).
pub const PARTITION_555: [&[u8]; 3] = [&[1, 4, 5, 8, 12], &[2, 3, 6, 7, 11], &[9, 10, 13, 14, 15]];
/// The partition of the 15-puzzle's tiles into patterns of six, six and three.
pub const PARTITION_663: [&[u8]; 3] = [&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];
/// The partition of the 15-puzzle's tiles into patterns of seven and eight. Its 8-tile table
/// has 518,918,400 entries: building it takes minutes and gigabytes.
pub const PARTITION_78: [&[u8]; 2] = [&[1, 4, 5, 8, 9, 12, 13], &[2, 3, 6, 7, 10, 11, 14, 15]];

/// Korf and Felner's partition of the 24-puzzle's tiles into four patterns of six (goal
/// `0 1 … 24`): the tiles 1 2 5 6 7 12 about the blank's corner, and three blocks of two by
/// three. Each table has 127,512,000 entries (a byte each, 510 MB in all); building them takes
/// minutes and about 2.5 GB at a time.
pub const PARTITION_6666: [&[u8]; 4] = [
    &[1, 2, 5, 6, 7, 12],
    &[3, 4, 8, 9, 13, 14],
    &[10, 11, 15, 16, 20, 21],
    &[17, 18, 19, 22, 23, 24],
];

/// A second partition of the 24-puzzle's tiles into four patterns of six, whose blocks lie
/// across Korf and Felner's ([`PARTITION_6666`]): the tiles 1 2 3 6 7 8, 4 9 13 14 18 19,
/// 5 10 11 12 15 16 and 17 20 21 22 23 24. Maxed with it ([`PdbMax`]), it prunes what the
/// first misses.
pub const PARTITION_6666_ACROSS: [&[u8]; 4] = [
    &[1, 2, 3, 6, 7, 8],
    &[4, 9, 13, 14, 18, 19],
    &[5, 10, 11, 12, 15, 16],
    &[17, 20, 21, 22, 23, 24],
];

/// Seven partitions of the 24-puzzle's tiles into four patterns of six (goal `0 1 … 24`),
/// Clausecker and Reinefeld's small catalogue, each the mirror image about the main diagonal
/// of theirs (the first is [`PARTITION_6666`]): with reflection, fourteen partitions, the
/// heuristic their catalogue gives. Fourteen distinct patterns, ten more than
/// [`PARTITION_6666`]'s to build: 1.8 GB in [`PdbMax`], 3.6 GB zero-aware
/// ([`BuildOptions::zero_aware`]). Far fewer nodes than one partition, each of which reads
/// seven times the entries: whether that saves time depends on the memory (BENCHMARKS.md).
///
/// Reference: R. Clausecker, A. Reinefeld, "Zero-aware pattern databases with 1-bit
/// compression for sliding tile puzzles", *SoCS* 2019.
pub const CATALOGUE_6666: [[&[u8]; 4]; 7] = [
    PARTITION_6666,
    [
        &[1, 2, 5, 6, 7, 10],
        &[11, 12, 15, 16, 20, 21],
        &[17, 18, 19, 22, 23, 24],
        &[3, 4, 8, 9, 13, 14],
    ],
    [
        &[1, 2, 5, 6, 7, 12],
        &[10, 11, 15, 16, 20, 21],
        &[3, 8, 13, 17, 18, 22],
        &[4, 9, 14, 19, 23, 24],
    ],
    [
        &[1, 2, 3, 4, 5, 6],
        &[10, 11, 15, 16, 20, 21],
        &[7, 8, 9, 12, 13, 14],
        &[17, 18, 19, 22, 23, 24],
    ],
    [
        &[1, 2, 5, 6, 7, 10],
        &[15, 20, 21, 22, 23, 24],
        &[11, 12, 16, 17, 18, 19],
        &[3, 4, 8, 9, 13, 14],
    ],
    [
        &[1, 2, 3, 4, 5, 6],
        &[10, 11, 15, 16, 20, 21],
        &[7, 8, 12, 13, 17, 18],
        &[9, 14, 19, 22, 23, 24],
    ],
    [
        &[1, 2, 5, 6, 7, 10],
        &[11, 12, 15, 16, 20, 21],
        &[3, 8, 13, 17, 18, 22],
        &[4, 9, 14, 19, 23, 24],
    ],
];
