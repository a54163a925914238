//! Answers outside any game — to a mail that cannot be verified, or is too large to read —
//! go to whatever address the mail's From names, so they are rationed: at most one a day per
//! address. Real parts: a SQLite file, Maildirs on disk, a clock set by the test.

use crate::support;

use herald::referee::records::Verdict;
use herald::service::Ingested;
use support::table::Table;

const STRANGER: &str = "stranger@players.test";
const HOUR: i64 = 3600;

fn mail(n: usize, body: &str) -> Vec<u8> {
    format!(
        "From: <{STRANGER}>\r\nTo: referee@club.test\r\nSubject: hello\r\nMessage-ID: <m{n}@players.test>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

/// Delivers the `n`th mail and sends what it caused; returns how it was handled.
fn deliver(table: &mut Table, n: usize, body: &str) -> Ingested {
    let handled = table.service.ingest(&mail(n, body), None).unwrap();
    table.pass_after(0);
    handled
}

#[test]
fn a_stranger_is_answered_at_most_once_a_day() {
    let mut table = Table::new("short-answers");
    let huge = "x".repeat(table.service.config().inbox.max_message_bytes + 1);

    assert_eq!(deliver(&mut table, 1, "how do I join?"), Ingested::Handled(Verdict::Unverified));
    assert_eq!(table.mails(STRANGER).len(), 1);
    // The same day: neither another unverified mail nor a huge one is answered.
    table.clock.advance(HOUR);
    assert_eq!(deliver(&mut table, 2, "hello?"), Ingested::Handled(Verdict::UnverifiedUnanswered));
    assert_eq!(deliver(&mut table, 3, &huge), Ingested::Handled(Verdict::TooLargeUnanswered));
    assert_eq!(table.mails(STRANGER).len(), 1);
    // A day after the answer, the next mail is answered again.
    table.clock.advance(23 * HOUR);
    assert_eq!(deliver(&mut table, 4, &huge), Ingested::Handled(Verdict::TooLarge));
    assert_eq!(table.mails(STRANGER).len(), 2);
    let events = table.service.store().read(|tx| tx.events(None)).unwrap();
    let quiet = events.iter().filter(|(_, _, detail)| detail.contains("had an answer within the last day")).count();
    assert_eq!(quiet, 2, "{events:?}");
}
