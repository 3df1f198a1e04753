//! `--show`: the boards along a solution, one after another, or as a short animation in place
//! when stdout is a terminal; shared by the puzzle examples.

use std::io::{self, IsTerminal, Write};
use std::time::Duration;

/// Reads the command line of a program whose only option is `--show`: whether it was given.
#[allow(dead_code)] // not every example that shows boards takes only `--show`
pub fn only_flag(args: &mut crate::args::Args) -> bool {
    let mut show = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--show" => show = true,
            _ => args.unexpected(&arg),
        }
    }
    show
}

/// Writes `boards` (each a block of lines) to `out`, captioned with the step number. On a
/// terminal each board replaces the last one after a pause.
pub fn boards(out: &mut impl Write, boards: &[String]) -> io::Result<()> {
    let animate = io::stdout().is_terminal();
    let steps = boards.len().saturating_sub(1);
    let mut drawn_lines = 0;
    for (step, board) in boards.iter().enumerate() {
        if animate && drawn_lines > 0 {
            std::thread::sleep(Duration::from_millis(250));
            // Back to the top of the last board, and clear what follows.
            write!(out, "\x1b[{drawn_lines}A\x1b[J")?;
        }
        let frame = format!("step {step} of {steps}\n{board}");
        write!(out, "{frame}")?;
        if !animate {
            writeln!(out)?;
        }
        out.flush()?;
        drawn_lines = frame.lines().count();
    }
    if animate {
        writeln!(out)?;
    }
    Ok(())
}
