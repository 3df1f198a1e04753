//! Pattern database builds: the sliding-tile tables (the 15-puzzle's 5-5-5 and 6-6-3
//! partitions, by the sliding-tile builder, and one 5-tile pattern by the generic
//! `PieceDatabase` over the puzzle's own moves, to show what the specialised space saves), and
//! the tables of the shipped domains (pancake and TopSpin through `PieceDatabase`, Hanoi
//! through its own `AbstractSpace`), each built whole in memory.
//!
//! ```text
//! cargo bench --bench pdb [-- ROUNDS [FILTER]]      (default 3, every database)
//! ```
//!
//! Prints per database the median build time over the rounds, its entries, its bytes, and a
//! checksum of the tables (FNV-1a), which must not change when the builder does: the tables
//! are byte-identical across builders.

use std::time::{Duration, Instant};

use informed::SearchProblem;
use informed::heuristics::pattern_database::{
    Combine, PARTITION_555, PARTITION_663, PatternDatabase, PatternPieces, PieceDatabase, Pieces,
};
use informed::puzzles::hanoi::HanoiDatabase;
use informed::puzzles::topspin::TopSpinDatabase;
use informed::puzzles::{Pancake, SlidingPuzzle, sliding_tile};

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
    let unpacked = |database: &PieceDatabase| -> Vec<u8> {
        database
            .tables()
            .flat_map(|table| (0..table.len()).map(|i| table.get(i)))
            .collect()
    };
    if wanted("15-puzzle 5 generic") {
        let puzzle = SlidingPuzzle::<16>::new(4, 4, &goal, &goal).expect("the goal is solvable");
        row("15-puzzle 5 generic", rounds, || {
            let pattern = PatternPieces {
                counted: PARTITION_555[0],
                free: &[0],
            };
            let db = PieceDatabase::build(&puzzle, &[puzzle.start()], &[pattern], Combine::Max)
                .expect("a 5-tile pattern builds");
            unpacked(&db)
        });
        row("15-puzzle 5 sliding", rounds, || {
            let pdb = PatternDatabase::build(4, 4, &goal, &PARTITION_555[..1], false)
                .expect("a 5-tile pattern builds");
            pdb.tables().flat_map(<[u8]>::to_vec).collect()
        });
    }
    if wanted("pancake 12 6") {
        let sorted: Vec<u8> = (0..12).collect();
        let puzzle = Pancake::new(&sorted).expect("twelve pancakes");
        debug_assert_eq!(puzzle.positions(), 12);
        row("pancake 12 6", rounds, || {
            let pattern = PatternPieces::counted(&[0, 1, 2, 3, 4, 5]);
            let db =
                PieceDatabase::build(&puzzle, &[puzzle.goal_state()], &[pattern], Combine::Max)
                    .expect("a 6-pancake pattern builds");
            unpacked(&db)
        });
    }
    if wanted("topspin 14 4 6") {
        row("topspin 14 4 6", rounds, || {
            let db = TopSpinDatabase::build(14, 4, 6).expect("a 6-token pattern builds");
            unpacked(db.database())
        });
    }
    if wanted("hanoi 12") {
        row("hanoi 12", rounds, || {
            let db = HanoiDatabase::build(12).expect("groups up to 12 build");
            (1..=12)
                .flat_map(|disks| {
                    let table = db.table(disks).expect("every group size has a table");
                    table.as_bytes().to_vec()
                })
                .collect()
        });
    }
}
