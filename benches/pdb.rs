//! Pattern database builds: the sliding-tile tables (the 15-puzzle's 5-5-5 and 6-6-3
//! partitions) and the tables of the shipped permutation domains, each built whole in memory.
//!
//! ```text
//! cargo bench --bench pdb [-- ROUNDS [FILTER]]      (default 3, every database)
//! ```
//!
//! Prints per database the median build time over the rounds, its entries, its bytes, and a
//! checksum of the tables (FNV-1a), which must not change when the builder does: the tables
//! are byte-identical across builders.

use std::time::{Duration, Instant};

use informed::heuristics::pattern_database::{PatternDatabase, PARTITION_555, PARTITION_663};
use informed::puzzles::sliding_tile;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Times `build` over the rounds and prints its row; `build` returns the tables' bytes.
fn row(name: &str, rounds: usize, mut build: impl FnMut() -> Vec<u8>) {
    let mut times = Vec::with_capacity(rounds);
    let mut bytes = Vec::new();
    for _ in 0..rounds {
        let started = Instant::now();
        bytes = build();
        times.push(started.elapsed());
    }
    let sum = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    println!(
        "{name:<28} {:>9.3} s  {:>12} bytes  fnv {sum:016x}",
        median(times).as_secs_f64(),
        bytes.len()
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let rounds = args.first().and_then(|a| a.parse().ok()).unwrap_or(3usize);
    let wanted = |name: &str| {
        args.get(1)
            .is_none_or(|filter| name.contains(filter.as_str()))
    };
    let goal = sliding_tile::blank_first::<16>();
    for (name, partition) in [
        ("15-puzzle 5-5-5", &PARTITION_555[..]),
        ("15-puzzle 6-6-3", &PARTITION_663[..]),
    ] {
        if !wanted(name) {
            continue;
        }
        row(name, rounds, || {
            let pdb = PatternDatabase::build(4, 4, &goal, partition, false)
                .expect("the 15-puzzle partitions build");
            pdb.tables().flat_map(<[u8]>::to_vec).collect()
        });
    }
}
