//! Where herald's log lines go (see `service::log` for what they say): standard error, which
//! systemd's journal collects, one line per event, as text (`key=value` fields, strings
//! quoted, so that no value can start a line of its own) or as JSON objects
//! (`--log-format json`), at the level `--log-level` chooses.
//!
//! `tracing` with `tracing-subscriber` was chosen over `log` and a logger of our own: the
//! events carry typed fields (game, player, outcome), which its subscriber writes as text or
//! as JSON from the same call, with no formatting code of herald's.

use clap::ValueEnum;
use tracing_subscriber::filter::LevelFilter;

/// How log lines are written.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// One line of text per event: time, level, message, fields.
    #[default]
    Text,
    /// One JSON object per line: `timestamp`, `level`, `fields` (`message` and the rest).
    Json,
}

/// The least severe events logged.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum LogLevel {
    /// Failures only.
    Error,
    /// Failures and what needs attention (retries, mails herald could not handle).
    Warn,
    /// Every event: mails handled and sent, deadline notices, pairings.
    #[default]
    Info,
    /// And more detail.
    Debug,
}

impl From<LogLevel> for LevelFilter {
    fn from(level: LogLevel) -> LevelFilter {
        match level {
            LogLevel::Error => LevelFilter::ERROR,
            LogLevel::Warn => LevelFilter::WARN,
            LogLevel::Info => LevelFilter::INFO,
            LogLevel::Debug => LevelFilter::DEBUG,
        }
    }
}

/// Sends the log lines of this process to standard error.
pub fn init(format: LogFormat, level: LogLevel) {
    let builder = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(LevelFilter::from(level))
        .with_target(false)
        .with_ansi(false)
        // A reader of standard error that went away (Postfix's pipe stops reading a command's
        // output after a few kilobytes) costs the lines, never the command: the subscriber
        // must not report the failed write with `eprintln!`, which would panic.
        .log_internal_errors(false);
    // Another subscriber set first (none is, outside tests) keeps its place.
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().try_init(),
    };
}
