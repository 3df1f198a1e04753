//! A progress bar on stderr for long database builds, drawn only when stderr is a terminal;
//! shared by the examples that build databases.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use informed::heuristics::pattern_database::{BuildOptions, BuildProgress, BuildReport, PdbError};

/// Reads or builds a database by `build` with `options` and a bar labelled `label` as its
/// observer; the report on stderr, or the error named there and the exit code (2).
pub fn built<T>(
    label: &'static str,
    options: BuildOptions<'_>,
    build: impl FnOnce(&BuildOptions<'_>) -> Result<(T, BuildReport), PdbError>,
) -> Result<T, ExitCode> {
    let bar = BuildBar::new(label);
    let show = |progress: &BuildProgress| bar.show(progress);
    let built = build(&options.observer(&show));
    bar.clear();
    match built {
        Ok((built, report)) => {
            eprintln!("{label}: {report}");
            Ok(built)
        }
        Err(error) => {
            eprintln!("{label}: {error}");
            Err(ExitCode::from(2))
        }
    }
}

/// The bar's width in characters.
const WIDTH: usize = 30;

/// Draws build progress as one line that rewrites itself, once a build has run a while.
pub struct BuildBar {
    label: &'static str,
    enabled: bool,
    drawn: AtomicBool,
}

impl BuildBar {
    /// A bar labelled `label` that draws only if stderr is a terminal.
    pub fn new(label: &'static str) -> Self {
        BuildBar {
            label,
            enabled: std::io::stderr().is_terminal(),
            drawn: AtomicBool::new(false),
        }
    }

    /// Takes one report.
    pub fn show(&self, progress: &BuildProgress) {
        if !self.enabled || progress.elapsed < Duration::from_millis(500) {
            return;
        }
        let filled = ((progress.fraction() * WIDTH as f64) as usize).min(WIDTH);
        let left = progress
            .estimated_left()
            .map_or_else(|| "?".to_string(), |left| clock(left.as_secs()));
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[K{}: building tables [{}{}] {:5.1}%, table {} of {} at distance {}, {} left",
            self.label,
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            100.0 * progress.fraction(),
            progress.table + 1,
            progress.tables,
            progress.layer,
            left
        );
        let _ = err.flush();
        self.drawn.store(true, Ordering::Relaxed);
    }

    /// Clears the line, if it was drawn.
    pub fn clear(&self) {
        if self.drawn.swap(false, Ordering::Relaxed) {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
    }
}

/// Seconds as `1h02m03s`, `2m03s` or `3s`.
fn clock(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    match (h, m) {
        (0, 0) => format!("{s}s"),
        (0, _) => format!("{m}m{s:02}s"),
        _ => format!("{h}h{m:02}m{s:02}s"),
    }
}
