//! The operator's log: one line per event that matters, written with `tracing` (the command
//! line sets up where it goes: standard error, as text or JSON). A line names the game, the
//! player and the outcome, never a mail's text, its Subject, a reply or bounce token, or a
//! secret: the event log (`herald log`) keeps the details, and hides those of games with
//! secrets while they go on.
//!
//! What a transaction changed is logged only once it committed: the lines wait in
//! [`Pending`] meanwhile, and a rollback (of a mail's savepoint, or of the whole
//! transaction) drops its lines, since a line about a change that was undone would lie.

use std::cell::RefCell;

use crate::referee::records::Verdict;

/// One event of a transaction, to be logged once it commits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Line {
    /// A mail was handled: what became of it, the game it belongs to, its sender.
    Mail { game: Option<i64>, player: Option<String>, outcome: Verdict },
    /// A mail came again that was read before (its delivery key): nothing was done.
    Duplicate { game: Option<i64>, first_read: crate::clock::Timestamp },
    /// The clock acted on a game: a reminder, a loss on time or a notice that time ran out.
    Deadline { game: i64, outcome: Verdict },
    /// A tournament round was paired and its games started.
    Paired { tournament: i64, round: u32, games: usize },
}

/// The lines of a transaction in progress.
#[derive(Debug, Default)]
pub(super) struct Pending(RefCell<Vec<Line>>);

impl Pending {
    pub(super) fn push(&self, line: Line) {
        self.0.borrow_mut().push(line);
    }

    /// How many lines wait: where a savepoint begins.
    pub(super) fn mark(&self) -> usize {
        self.0.borrow().len()
    }

    /// Drops the lines since `mark`: their savepoint was rolled back.
    pub(super) fn undo_to(&self, mark: usize) {
        self.0.borrow_mut().truncate(mark);
    }

    /// The transaction committed: writes its lines.
    pub(super) fn committed(&self) {
        for line in self.0.borrow_mut().drain(..) {
            write(&line);
        }
    }

    /// The transaction was rolled back: its lines are dropped.
    pub(super) fn rolled_back(&self) {
        self.0.borrow_mut().clear();
    }
}

fn write(line: &Line) {
    match line {
        Line::Mail { game, player, outcome } => {
            let (game, player) = (*game, player.as_deref());
            if is_warning(*outcome) {
                tracing::warn!(game, player, outcome = outcome.as_str(), "mail handled");
            } else {
                tracing::info!(game, player, outcome = outcome.as_str(), "mail handled");
            }
        }
        Line::Duplicate { game, first_read } => {
            tracing::info!(game, first_read = %first_read, "mail read again: a duplicate, nothing done")
        }
        Line::Deadline { game, outcome } => tracing::info!(game, outcome = outcome.as_str(), "deadline notice"),
        Line::Paired { tournament, round, games } => {
            tracing::info!(tournament, round, games, "tournament round paired")
        }
    }
}

/// A mail herald failed on, one it could not read at all, and a forged bounce are warnings
/// (the error itself is logged when it happens); every other outcome is a club's ordinary
/// course.
fn is_warning(outcome: Verdict) -> bool {
    matches!(outcome, Verdict::Failed | Verdict::Unreadable | Verdict::ForgedBounce)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer into a shared buffer, for a subscriber in a test.
    #[derive(Clone, Default)]
    struct Buffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn each_event_is_one_line_with_its_fields_once_committed() {
        let buffer = Buffer::default();
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt().with_writer(move || writer.clone()).with_ansi(false).finish();
        tracing::subscriber::with_default(subscriber, || {
            let pending = Pending::default();
            pending.push(Line::Mail { game: Some(7), player: Some("ann@x.org".into()), outcome: Verdict::Move });
            pending.push(Line::Deadline { game: 7, outcome: Verdict::Timeout });
            pending.push(Line::Paired { tournament: 2, round: 3, games: 4 });
            pending.push(Line::Mail { game: None, player: None, outcome: Verdict::ForgedBounce });
            assert!(buffer.0.lock().unwrap().is_empty(), "nothing is written before the commit");
            pending.committed();
        });
        let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert!(
            lines[0].contains(" INFO ")
                && lines[0].ends_with("mail handled game=7 player=\"ann@x.org\" outcome=\"move\"")
        );
        assert!(lines[1].ends_with("deadline notice game=7 outcome=\"timeout\""), "{text}");
        assert!(lines[2].ends_with("tournament round paired tournament=2 round=3 games=4"), "{text}");
        assert!(lines[3].contains(" WARN ") && lines[3].ends_with("mail handled outcome=\"forged-bounce\""), "{text}");
    }

    #[test]
    fn lines_of_a_rolled_back_savepoint_are_dropped() {
        let pending = Pending::default();
        pending.push(Line::Deadline { game: 1, outcome: Verdict::Reminder });
        let mark = pending.mark();
        pending.push(Line::Deadline { game: 2, outcome: Verdict::Timeout });
        pending.undo_to(mark);
        assert_eq!(*pending.0.borrow(), [Line::Deadline { game: 1, outcome: Verdict::Reminder }]);
        pending.rolled_back();
        assert_eq!(pending.mark(), 0);
    }
}
