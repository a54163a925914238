//! Standard output of the commands that print. A reader that goes away early
//! (`herald outbox --all | head`) ends the command as it ends any Unix program, by SIGPIPE,
//! instead of a panic: Rust ignores SIGPIPE, so a write to a closed pipe fails with EPIPE,
//! and `println!` would panic on it. [`outln!`](crate::outln) and [`out!`](crate::out) are
//! `println!` and `print!` that do this; [`Stdout`] is the same for code that takes a writer.

use std::fmt;
use std::io::{self, Write};

/// Writes to standard output (see the module documentation).
pub fn print(args: fmt::Arguments<'_>) {
    if let Err(e) = io::stdout().lock().write_fmt(args) {
        failed(&e);
    }
}

/// Standard output as a writer that ends the command on a closed pipe, like [`print`].
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        io::stdout().lock().write(buf).inspect_err(failed)
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stdout().lock().flush().inspect_err(failed)
    }
}

/// Standard output cannot be written: its reader went away (the process ends by SIGPIPE, as
/// the shell expects of `cmd | head`), or something else failed (the process ends with an
/// error, as `println!` would have, without a panic's noise).
fn failed(e: &io::Error) {
    if e.kind() == io::ErrorKind::BrokenPipe {
        // Resets SIGPIPE to its default action and raises it; exits with 141 (128 + 13, the
        // shell's status for a death by SIGPIPE) if the signal somehow did not end us.
        let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGPIPE);
        std::process::exit(141);
    }
    eprintln!("herald: writing to standard output: {e}");
    std::process::exit(1);
}

/// `println!` for the commands: ends the command quietly when the reader went away.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::cli::output::print(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::print(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` for the commands: ends the command quietly when the reader went away.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::print(format_args!($($arg)*))
    };
}
