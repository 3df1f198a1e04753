//! Pattern databases for any permutation puzzle (`PieceDatabase`): the generic builder gives
//! the sliding-tile tables byte for byte, refuses what it cannot serve with a clear error, and
//! keeps a cache that never trusts a damaged or mismatched file.

use std::path::PathBuf;

use informed::heuristics::pattern_database::{
    AbstractSpace, Combine, Neighbour, PatternDatabase, PatternPieces, PdbError, PieceDatabase,
    Pieces, build_table,
};
use informed::puzzles::{Pancake, SlidingPuzzle, sliding_tile};
use informed::{MoveBuffer, SearchProblem};

#[test]
fn the_generic_builder_gives_the_sliding_tile_tables_byte_for_byte() {
    let goal9 = sliding_tile::blank_first::<9>();
    let eight = SlidingPuzzle::<9>::new(3, 3, &goal9, &goal9).unwrap();
    let partition: [&[u8]; 2] = [&[1, 3, 4, 6], &[2, 5, 7, 8]];
    let fast = PatternDatabase::<9>::build(3, 3, &goal9, &partition, false).unwrap();
    let patterns: Vec<PatternPieces> = partition
        .iter()
        .map(|tiles| PatternPieces {
            counted: tiles,
            free: &[0],
        })
        .collect();
    let generic = PieceDatabase::build(&eight, &[eight.start()], &patterns, Combine::Sum).unwrap();
    for (fast, generic) in fast.tables().zip(generic.tables()) {
        let unpacked: Vec<u8> = (0..generic.len()).map(|i| generic.get(i)).collect();
        assert_eq!(fast, &unpacked[..]);
    }
    // A pattern of four on the 15-puzzle, goal blank last.
    let goal16 = sliding_tile::blank_last::<16>();
    let fifteen = SlidingPuzzle::<16>::new(4, 4, &goal16, &goal16).unwrap();
    let tiles: &[u8] = &[3, 7, 8, 12];
    let fast = PatternDatabase::<16>::build(4, 4, &goal16, &[tiles], false).unwrap();
    let generic = PieceDatabase::build(
        &fifteen,
        &[fifteen.start()],
        &[PatternPieces {
            counted: tiles,
            free: &[0],
        }],
        Combine::Max,
    )
    .unwrap();
    let table = generic.tables().next().unwrap();
    let unpacked: Vec<u8> = (0..table.len()).map(|i| table.get(i)).collect();
    assert_eq!(fast.tables().next().unwrap(), &unpacked[..]);
}

/// The pancake puzzle with another move cost or without inverses.
struct Altered {
    inner: Pancake,
    cost: u32,
    inverse: bool,
}

impl SearchProblem for Altered {
    type State = <Pancake as SearchProblem>::State;
    type Move = u8;
    type Cost = u32;
    fn start(&self) -> Self::State {
        self.inner.start()
    }
    fn is_goal(&self, state: &Self::State) -> bool {
        self.inner.is_goal(state)
    }
    fn moves(&self, state: &Self::State, moves: &mut MoveBuffer<u8, u32>) {
        // Appended with this problem's cost: a problem may only append to the buffer.
        let mut inner = MoveBuffer::new();
        self.inner.moves(state, &mut inner);
        moves.extend(inner.iter().map(|&(mv, _)| (mv, self.cost)));
    }
    fn apply(&self, state: &mut Self::State, mv: u8) {
        self.inner.apply(state, mv);
    }
    fn inverse(&self, mv: u8) -> Option<u8> {
        self.inverse.then_some(mv)
    }
}

impl Pieces for Altered {
    fn positions(&self) -> usize {
        self.inner.positions()
    }
    fn read_pieces(&self, state: &Self::State, out: &mut [u8]) {
        self.inner.read_pieces(state, out);
    }
    fn state_with_pieces(&self, pieces: &[u8]) -> Option<Self::State> {
        self.inner.state_with_pieces(pieces)
    }
}

#[test]
fn what_a_piece_database_cannot_serve_is_an_error() {
    let puzzle = Pancake::new(&[2u8, 0, 1, 4, 3]).unwrap();
    let goal = [puzzle.goal_state()];
    let build = |patterns: &[PatternPieces]| {
        PieceDatabase::build(&puzzle, &goal, patterns, Combine::Max)
            .unwrap_err()
            .to_string()
    };
    assert!(build(&[]).contains("no pattern"), "{}", build(&[]));
    let message = build(&[PatternPieces::counted(&[])]);
    assert!(message.contains("counts no piece"), "{message}");
    let message = build(&[PatternPieces::counted(&[0, 5])]);
    assert!(message.contains("5 is not a piece"), "{message}");
    let message = build(&[PatternPieces {
        counted: &[0, 1],
        free: &[1],
    }]);
    assert!(message.contains("named twice"), "{message}");
    let no_goal = PieceDatabase::build(&puzzle, &[], &[PatternPieces::counted(&[0])], Combine::Max);
    assert!(matches!(no_goal, Err(PdbError::InvalidPattern(_))));
    for (cost, inverse, expected) in [(2, true, "costs 2"), (1, false, "no inverse")] {
        let altered = Altered {
            inner: puzzle.clone(),
            cost,
            inverse,
        };
        let error = PieceDatabase::build(
            &altered,
            &[altered.start()],
            &[PatternPieces::counted(&[0, 1])],
            Combine::Max,
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains(expected), "{error}");
    }
    // A space of more placements than memory holds is refused before allocating.
    let big: Vec<u8> = (0..64).collect();
    let big = Pancake::new(&big).unwrap();
    let pieces: Vec<u8> = (0..20).collect();
    let error = PieceDatabase::build(
        &big,
        &[big.goal_state()],
        &[PatternPieces::counted(&pieces)],
        Combine::Max,
    )
    .unwrap_err();
    assert!(
        matches!(
            error,
            PdbError::InvalidPattern(_) | PdbError::OutOfMemory { .. }
        ),
        "{error}"
    );
}

#[test]
fn position_maps_give_the_tables_the_states_give() {
    // The pancake's flips permute positions, so its databases build from each flip's map of
    // positions; the same puzzle behind a wrapper that does not say so builds from states.
    let puzzle = Pancake::new(&[3u8, 6, 0, 7, 2, 5, 1, 4]).unwrap();
    let wrapped = Altered {
        inner: puzzle.clone(),
        cost: 1,
        inverse: true,
    };
    let patterns = [
        PatternPieces::counted(&[0, 1, 2, 3]),
        PatternPieces {
            counted: &[4, 5],
            free: &[6, 7],
        },
    ];
    let by_maps =
        PieceDatabase::build(&puzzle, &[puzzle.goal_state()], &patterns, Combine::Max).unwrap();
    let goal = wrapped.inner.goal_state();
    let by_states = PieceDatabase::build(&wrapped, &[goal], &patterns, Combine::Max).unwrap();
    for (a, b) in by_maps.tables().zip(by_states.tables()) {
        let read = |t: &informed::heuristics::pattern_database::Table| -> Vec<u8> {
            (0..t.len()).map(|i| t.get(i)).collect()
        };
        assert_eq!(read(a), read(b));
    }
}

/// A space whose expansion strays out of it.
struct Stray;

impl AbstractSpace for Stray {
    type Scratch = ();
    fn blocks(&self) -> usize {
        4
    }
    fn goals(&self) -> Vec<(usize, usize)> {
        vec![(0, 0)]
    }
    fn scratch(&self) {}
    fn enter(&self, _: usize, (): &mut ()) {}
    fn expand(
        &self,
        (): &mut (),
        _: usize,
        mut visit: impl FnMut(Neighbour),
    ) -> Result<(), PdbError> {
        visit(Neighbour::Counted { block: 1, slot: 0 });
        visit(Neighbour::Counted { block: 9, slot: 0 });
        Ok(())
    }
}

#[test]
fn a_space_that_strays_is_an_error_not_a_panic() {
    assert!(matches!(
        build_table(&Stray),
        Err(PdbError::OutOfSpace { block: 9, slot: 0 })
    ));
}

fn cache_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "informed-piece-cache-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_piece_cache_is_reused_and_never_trusted_when_damaged() {
    let puzzle = Pancake::new(&[5u8, 3, 0, 6, 1, 2, 4]).unwrap();
    let goal = [puzzle.goal_state()];
    let patterns = [
        PatternPieces::counted(&[0, 1, 2]),
        PatternPieces::counted(&[3, 4, 5, 6]),
    ];
    let dir = cache_dir("pancake");
    let build = |name: &str| {
        PieceDatabase::load_or_build(&puzzle, &goal, &patterns, Combine::Max, name, &dir).unwrap()
    };
    let (fresh, report) = build("pancake-7");
    assert_eq!((report.loaded, report.built), (0, 2));
    let (loaded, report) = build("pancake-7");
    assert_eq!((report.loaded, report.built), (2, 0), "{report}");
    let start = puzzle.pancakes(&puzzle.start()).to_vec();
    assert_eq!(fresh.value(&start), loaded.value(&start));
    // Another name is another puzzle: its own files.
    assert_eq!(build("other").1.built, 2);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        // By the file's name: the folder's holds the process id, which may start with 7.
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().contains("pancake-7"))
        })
        .collect();
    files.sort();
    assert_eq!(files.len(), 2);
    let mut bytes = std::fs::read(&files[0]).unwrap();
    let last = bytes.len() - 9;
    bytes[last] ^= 0x10;
    std::fs::write(&files[0], &bytes).unwrap();
    let bytes = std::fs::read(&files[1]).unwrap();
    std::fs::write(&files[1], &bytes[..bytes.len() - 1]).unwrap();
    let (rebuilt, report) = build("pancake-7");
    assert_eq!((report.loaded, report.built), (0, 2), "{report}");
    assert!(
        report.rejected.iter().any(|r| r.contains("checksum")),
        "{report}"
    );
    assert!(
        report.rejected.iter().any(|r| r.contains("wrong length")),
        "{report}"
    );
    assert_eq!(rebuilt.value(&start), fresh.value(&start));
    assert_eq!(build("pancake-7").1.loaded, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A chain of blocks, each one counted move from the next, the goal at block 0.
struct Chain {
    blocks: usize,
}

impl AbstractSpace for Chain {
    type Scratch = usize;
    fn blocks(&self) -> usize {
        self.blocks
    }
    fn goals(&self) -> Vec<(usize, usize)> {
        vec![(0, 0)]
    }
    fn scratch(&self) -> usize {
        0
    }
    fn enter(&self, block: usize, entered: &mut usize) {
        *entered = block;
    }
    fn expand(
        &self,
        &mut entered: &mut usize,
        _: usize,
        mut visit: impl FnMut(Neighbour),
    ) -> Result<(), PdbError> {
        if entered + 1 < self.blocks {
            visit(Neighbour::Counted {
                block: entered + 1,
                slot: 0,
            });
        }
        if entered > 0 {
            visit(Neighbour::Counted {
                block: entered - 1,
                slot: 0,
            });
        }
        Ok(())
    }
}

#[test]
fn a_table_holds_distances_up_to_254_and_refuses_255() {
    let table = build_table(&Chain { blocks: 255 }).unwrap();
    assert_eq!((table.len(), table[254]), (255, 254));
    assert!(matches!(
        build_table(&Chain { blocks: 256 }),
        Err(PdbError::TooDeep)
    ));
}

/// A table whose shared copy the memory left cannot hold is an error, not an abort of the
/// process: checked in a child of this test run under `ulimit -v`.
#[cfg(unix)]
#[test]
fn a_table_too_large_for_the_memory_left_is_an_error() {
    use informed::heuristics::pattern_database::{Packing, Table};
    const CHILD: &str = "INFORMED_LOW_MEMORY_CHILD";
    if std::env::var_os(CHILD).is_some() {
        // 600 MiB of distances fit under the cap; a copy of them as well does not.
        let distances = vec![0u8; 600 << 20];
        let result = Table::new(distances, Some(Packing::Bytes));
        assert!(
            matches!(result, Err(PdbError::OutOfMemory { .. })),
            "{result:?}"
        );
        return;
    }
    let test = "piece_database::a_table_too_large_for_the_memory_left_is_an_error";
    let exe = std::env::current_exe().unwrap();
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {}; exec \"$0\" --exact {test} --test-threads 1",
            1000 << 10
        ))
        .arg(exe)
        .env(CHILD, "1")
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "the child ended with {status}");
}
