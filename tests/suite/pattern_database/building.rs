//! Building pattern databases: the cache reused and never trusted when damaged or
//! mismatched, zero-aware tables kept apart, progress reported, bad partitions refused.

use super::*;

/// The files in a directory, in order.
fn files_in(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

/// A fresh directory for one test's cache files.
fn cache_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("informed-pdb-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_cache_is_reused_and_never_trusted_when_damaged() {
    let dir = cache_dir("damage");
    let goal = sliding_tile::blank_last::<9>();
    let partition: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
    let build =
        || PatternDatabase::<9>::load_or_build(3, 3, &goal, &partition, false, &dir).unwrap();
    let (fresh, report) = build();
    assert_eq!((report.loaded, report.built), (0, 2));
    let (loaded, report) = build();
    assert_eq!((report.loaded, report.built), (2, 0));
    let sample = [8, 7, 6, 5, 4, 3, 2, 1, 0];
    assert_eq!(fresh.evaluate(&sample), loaded.evaluate(&sample));

    let files = files_in(&dir);
    assert_eq!(files.len(), 2);
    // Flip one byte of the first table, cut the second short.
    let mut bytes = std::fs::read(&files[0]).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&files[0], &bytes).unwrap();
    let bytes = std::fs::read(&files[1]).unwrap();
    std::fs::write(&files[1], &bytes[..bytes.len() - 3]).unwrap();
    let (rebuilt, report) = build();
    assert_eq!((report.loaded, report.built), (0, 2));
    assert!(
        report.rejected.iter().any(|r| r.contains("checksum")),
        "{report}"
    );
    assert!(
        report.rejected.iter().any(|r| r.contains("wrong length")),
        "{report}"
    );
    assert_eq!(rebuilt.evaluate(&sample), fresh.evaluate(&sample));
    // The rebuilt files are whole again.
    assert_eq!(build().1.loaded, 2);

    // A file made for another goal, under this pattern's name, is rejected too.
    let other_goal = sliding_tile::blank_first::<9>();
    let other = cache_dir("other");
    PatternDatabase::<9>::load_or_build(3, 3, &other_goal, &partition, false, &other).unwrap();
    let theirs = files_in(&other);
    std::fs::copy(&theirs[0], &files[0]).unwrap();
    let (_, report) = build();
    assert_eq!(report.built, 1);
    assert!(
        report.rejected.iter().any(|r| r.contains("another board")),
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&other);
}

#[test]
fn zero_aware_tables_are_cached_apart_from_the_plain_ones() {
    let dir = cache_dir("zero-aware");
    let goal = sliding_tile::blank_first::<9>();
    let partition: [&[u8]; 2] = [&[1, 3, 4, 6], &[2, 5, 7, 8]];
    let build = |zero_aware: bool| {
        let mut options = BuildOptions::new().cache_dir(&dir);
        if zero_aware {
            options = options.zero_aware();
        }
        PatternDatabase::<9>::build_with(3, 3, &goal, &partition, true, &options).unwrap()
    };
    let (plain, report) = build(false);
    assert_eq!((report.loaded, report.built), (0, 2));
    let (aware, report) = build(true);
    assert_eq!((report.loaded, report.built), (0, 2), "{report}");
    let (loaded, report) = build(true);
    assert_eq!((report.loaded, report.built), (2, 0));
    assert!(loaded.zero_aware() && !plain.zero_aware());
    for (tiles, _) in all_distances(goal).iter().step_by(97) {
        assert_eq!(loaded.evaluate(tiles), aware.evaluate(tiles));
    }
    // A plain table under a zero-aware table's name is rejected, and rebuilt.
    let files = files_in(&dir);
    assert_eq!(files.len(), 4);
    let (aware_files, plain_files): (Vec<_>, Vec<_>) = files.iter().partition(|path| {
        path.file_name()
            .unwrap()
            .to_string_lossy()
            .contains("zero-aware")
    });
    std::fs::copy(plain_files[0], aware_files[0]).unwrap();
    let (_, report) = build(true);
    assert_eq!((report.loaded, report.built), (1, 1), "{report}");
    assert_eq!(report.rejected.len(), 1, "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A build tells its observer how far it has come: the states of every table, the last report
/// at the end of the work; a database read from the cache tells nothing.
#[test]
fn a_build_reports_its_progress_to_the_end() {
    let dir = cache_dir("progress");
    let goal = sliding_tile::blank_first::<16>();
    let heard = Mutex::new(Vec::new());
    let observer = |progress: &BuildProgress| heard.lock().unwrap().push(progress.clone());
    let options = BuildOptions::new().cache_dir(&dir).observer(&observer);
    let (built, report) = PatternDatabase::build_with(4, 4, &goal, &FOURS, true, &options).unwrap();
    assert_eq!((report.loaded, report.built), (0, 4));
    let reports = core::mem::take(&mut *heard.lock().unwrap());
    // Three patterns of four (16!/12! placements, 12 cells for the blank) and one of three.
    let states = 3 * 43_680 * 12 + 3_360 * 13;
    assert!(reports.iter().all(|p| p.total == states && p.tables == 4));
    assert!(
        reports.windows(2).all(|w| w[0].done <= w[1].done),
        "{reports:?}"
    );
    let mut tables: Vec<usize> = reports.iter().map(|p| p.table).collect();
    tables.sort_unstable();
    tables.dedup();
    assert_eq!(tables, [0, 1, 2, 3], "each table reports its end");
    let last = reports.last().unwrap();
    assert_eq!(last.done, states);
    assert!((last.fraction() - 1.0).abs() < 1e-12);
    assert_eq!(last.estimated_left(), Some(core::time::Duration::ZERO));
    // The deepest layer reported is the farthest state (tile placement and blank's cell): at
    // least the largest entry, the least over the blank's cells.
    let deepest = reports.iter().map(|p| p.layer).max().unwrap();
    let largest = built.tables().flatten().copied().max().unwrap();
    assert!(deepest >= u32::from(largest) && deepest > 0);

    let (loaded, report) =
        PatternDatabase::build_with(4, 4, &goal, &FOURS, true, &options).unwrap();
    assert_eq!((report.loaded, report.built), (4, 0));
    assert!(heard.lock().unwrap().is_empty(), "nothing is built");
    let sample = sliding_tile::blank_last::<16>();
    assert_eq!(built.evaluate(&sample), loaded.evaluate(&sample));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_partitions_and_mismatches_are_errors() {
    let goal = sliding_tile::blank_last::<9>();
    let error = |partition: &[&[u8]], reflect| {
        PatternDatabase::<9>::build(3, 3, &goal, partition, reflect)
            .unwrap_err()
            .to_string()
    };
    assert!(error(&[&[1, 2], &[2, 3]], false).contains("tile 2 is in two patterns"));
    assert!(error(&[&[0, 1]], false).contains("tile 0 is not a tile"));
    assert!(error(&[&[9]], false).contains("tile 9 is not a tile"));
    assert!(error(&[&[1], &[]], false).contains("pattern 2 is empty"));
    // A 3 x 2 board has no main diagonal to reflect about.
    let wide =
        PatternDatabase::<6>::build(3, 2, &sliding_tile::blank_last::<6>(), &[&[1, 2]], true);
    assert!(matches!(wide, Err(PdbError::NotReflectable)));
    let pdb = PatternDatabase::<9>::build(3, 3, &goal, &[&[1, 2, 3]], false).unwrap();
    let mismatch =
        SlidingPuzzle::with_heuristic(3, 3, &goal, &sliding_tile::blank_first::<9>(), pdb);
    assert_eq!(mismatch.unwrap_err(), PuzzleError::HeuristicMismatch);
    let unwritable = PatternDatabase::<9>::load_or_build(
        3,
        3,
        &goal,
        &[&[1]],
        false,
        std::path::Path::new("/proc/informed-cannot-write"),
    );
    assert!(matches!(unwritable, Err(PdbError::Io { .. })));
}

#[test]
fn a_pattern_too_large_to_tabulate_is_an_error() {
    // Twenty tiles on an 8 x 8 board: 64!/44! placements do not fit a 64-bit index.
    let goal = sliding_tile::blank_first::<64>();
    let tiles: Vec<u8> = (1..=20).collect();
    let error = PatternDatabase::<64>::build(8, 8, &goal, &[&tiles], false).unwrap_err();
    assert!(matches!(&error, PdbError::TooLarge { tiles: t } if t.len() == 20));
    assert!(
        error.to_string().contains("too many abstract states"),
        "{error}"
    );
}
