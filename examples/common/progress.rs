//! A one-line live progress display on stderr for long searches, shown only when stderr is a
//! terminal; shared by the examples that may run long.

use std::cell::Cell;
use std::io::{IsTerminal, Write};
use std::time::Duration;

use informed::{CostValue, Progress, ProgressEvent};

/// Draws progress reports as one line that rewrites itself, once a search has run a while.
pub struct LiveLine {
    enabled: bool,
    drawn: Cell<bool>,
    threshold: Cell<CostValue>,
}

impl LiveLine {
    /// A display that draws only if stderr is a terminal.
    pub fn new() -> Self {
        LiveLine {
            enabled: std::io::stderr().is_terminal(),
            drawn: Cell::new(false),
            threshold: Cell::new(CostValue::Unsigned(0)),
        }
    }

    /// Whether anything will ever be drawn.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Takes one report; `label` names the instance.
    pub fn show(&self, label: &str, progress: &Progress) {
        if let ProgressEvent::IterationStarted { threshold } = progress.event {
            self.threshold.set(threshold);
        }
        if !self.enabled || progress.elapsed < Duration::from_millis(500) {
            return;
        }
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[K{label}: threshold {}, {:.1}M nodes, {:.1} s",
            self.threshold.get(),
            progress.generated as f64 / 1e6,
            progress.elapsed.as_secs_f64()
        );
        let _ = err.flush();
        self.drawn.set(true);
    }

    /// Clears the line, if it was drawn.
    pub fn clear(&self) {
        if self.drawn.replace(false) {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
    }
}
