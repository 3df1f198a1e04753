//! The command line of every example, read one way: `-h` or `--help` prints the program's
//! help on stdout and exits 0; a flag missing its value, or an argument the program does not
//! take, is named on stderr with the usage line, and the program exits with status 2.

use std::io::Write;
use std::str::FromStr;

/// The arguments after the program's name, with the help to print.
pub struct Args {
    program: &'static str,
    /// The whole help; its first line is the usage line.
    help: &'static str,
    rest: std::vec::IntoIter<String>,
}

impl Args {
    /// The program's arguments; `help` starts with its usage line.
    pub fn new(program: &'static str, help: &'static str) -> Self {
        let rest: Vec<String> = std::env::args().skip(1).collect();
        Args {
            program,
            help,
            rest: rest.into_iter(),
        }
    }

    /// The next argument; `-h` and `--help` print the help and exit.
    #[allow(clippy::should_implement_trait)] // it exits on --help, unlike an iterator
    pub fn next(&mut self) -> Option<String> {
        let arg = self.rest.next()?;
        if arg == "-h" || arg == "--help" {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(self.help.as_bytes());
            let _ = out.flush();
            std::process::exit(0);
        }
        Some(arg)
    }

    /// The value that must follow `flag`, described as `what` when it is missing.
    pub fn value(&mut self, flag: &str, what: &str) -> String {
        match self.rest.next() {
            Some(value) if !value.starts_with("--") => value,
            _ => self.fail(&format!("{flag} needs a value ({what})")),
        }
    }

    /// The number that must follow `flag`.
    pub fn number<T: FromStr>(&mut self, flag: &str, what: &str) -> T {
        let value = self.value(flag, what);
        value.parse().unwrap_or_else(|_| {
            self.fail(&format!("{flag} takes {what}, not '{}'", excerpt(&value)))
        })
    }

    /// Ends the program on an argument it does not take.
    pub fn unexpected(&self, arg: &str) -> ! {
        self.fail(&format!("unexpected argument '{}'", excerpt(arg)))
    }

    /// Ends the program with `message`, the usage line and status 2.
    pub fn fail(&self, message: &str) -> ! {
        let usage = self.help.lines().next().unwrap_or_default();
        eprintln!("{}: {message}", self.program);
        eprintln!("{usage}");
        eprintln!("'{} --help' says more.", self.program);
        std::process::exit(2);
    }
}

/// `text` as a message quotes it: its first 16 characters, then `…` if it is longer.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(16) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}
