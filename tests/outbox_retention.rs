//! The outbox keeps a sent mail's body `outgoing.keep_sent_days` (README, "Operating herald":
//! the outbox), then only its row: what keeps a mail from being made twice (its Message-ID)
//! and what a bounce is matched by (its return path). A mail not yet sent keeps its body
//! whatever its age, to be sent.

use crate::support;

use std::process::Command;

use support::table::Table;

const ALICE: &str = "alice@players.test";

/// Every outbox row: (id, status, recipient, message id, body length).
fn rows(table: &mut Table) -> Vec<(i64, String, String, String, usize)> {
    let rows = table.service.store().read(|tx| tx.outbox(false)).unwrap();
    rows.into_iter().map(|r| (r.id, r.status.as_str().to_string(), r.recipient, r.message_id, r.bytes.len())).collect()
}

/// `herald outbox show ID` on `table`'s database: (success, standard output, standard error).
fn outbox_show(table: &Table, id: i64) -> (bool, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .arg("--config")
        .arg(table.write_config())
        .args(["outbox", "show", &id.to_string()])
        .output()
        .unwrap();
    (out.status.success(), out.stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_sent_mails_body_is_kept_seven_days_and_then_only_its_row() {
    let mut table = Table::new("keep-sent");
    assert_eq!(table.service.config().outgoing.keep_sent_days, 7, "README's default");
    table.new_game("chess");
    table.pass_after(0);
    table.reply(ALICE, "1. e4");
    table.pass_after(0);
    let sent = rows(&mut table);
    assert!(sent.len() >= 4, "two invitations and the two mails of the move: {sent:?}");
    assert!(sent.iter().all(|r| r.1 == "sent" && r.4 > 0), "{sent:?}");

    // While it is kept, `outbox show` prints the mail as it was delivered.
    let delivered = table.mails(ALICE).pop().unwrap();
    let alices = sent.iter().filter(|r| r.2 == ALICE).map(|r| r.0).max().unwrap();
    let (ok, shown, _) = outbox_show(&table, alices);
    assert!(ok);
    assert!(delivered.ends_with(&shown) && shown.len() * 10 > delivered.len() * 9, "the mail as sent");

    // Six days and 23 hours later every body is still there; at seven days none is.
    table.pass_after(7 * 24 * 3600 - 3600);
    assert!(rows(&mut table).iter().all(|r| r.4 > 0), "{:?}", rows(&mut table));
    table.pass_after(3600);
    // (Meanwhile Bob's three days ran out: the mails of his loss on time are new, and kept.)
    let kept = rows(&mut table);
    for before in &sent {
        let after = kept.iter().find(|r| r.0 == before.0).expect("every row stays");
        assert_eq!((&before.1, &before.2, &before.3), (&after.1, &after.2, &after.3));
        assert_eq!(after.4, 0, "the body of {} is dropped", after.0);
    }
    let newer: Vec<_> = kept.iter().filter(|r| r.0 > sent[0].0).collect();
    assert!(!newer.is_empty() && newer.iter().all(|r| r.4 > 0), "{kept:?}");
    let (ok, shown, error) = outbox_show(&table, alices);
    assert!(!ok && shown.is_empty());
    assert!(error.contains(&format!("mail {alices} to {ALICE} was sent")), "{error}");
    assert!(error.contains("is no longer kept (outgoing.keep_sent_days: 7)"), "{error}");
    // The Message-ID stays: the same mail is never made twice.
    let held = table.service.store().read(|tx| tx.outbox_holds(&kept[0].3)).unwrap();
    assert!(held);
}

#[test]
fn with_keep_sent_days_0_the_body_goes_once_sent_and_a_mail_waiting_keeps_its_own() {
    let mut table = Table::new("keep-none");
    let mut config = table.service.config().clone();
    config.outgoing.keep_sent_days = 0;
    table.reopen(config);
    table.new_game("chess");
    table.pass_after(0);
    assert!(rows(&mut table).iter().all(|r| r.1 == "sent" && r.4 == 0), "{:?}", rows(&mut table));

    // A mail that waits (its game's move came in, but nothing was sent yet) keeps its body
    // however old it grows.
    let latest = table.mails(ALICE).pop().unwrap();
    let reply = herald::mail::reply::compose_reply(&latest, ALICE, "1. e4").unwrap();
    table.service.ingest(&reply, None).unwrap();
    let waiting: Vec<_> = rows(&mut table).into_iter().filter(|r| r.1 == "pending").collect();
    assert_eq!(waiting.len(), 2, "the move's two mails wait");
    table.clock.advance(30 * 24 * 3600);
    let now = herald::clock::Clock::now(&*table.clock);
    table.service.store().write_relaxed::<_, herald::store::StoreError>(|tx| tx.drop_sent_bodies(now)).unwrap();
    for row in rows(&mut table).iter().filter(|r| r.1 == "pending") {
        assert!(row.4 > 0, "a mail not yet sent keeps its body: {row:?}");
    }
}
