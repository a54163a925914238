//! Bounces through a real Postfix: herald's mail to a player whose address is dead comes back
//! as Postfix's own delivery status notification, to the mail's return path
//! (`referee+bounce-TOKEN@game.test`, README "Bounces"), which Postfix pipes into
//! `herald ingest`. After `bounces.unreachable_after` permanent failures the director and the
//! opponent are told and the game's clock stops; a forged bounce and a transient one change
//! nothing; a bounce is never answered; the player's next mail makes them reachable again.
//!
//! Bob's address is made dead with Postfix's `error(8)` transport for that one address, so
//! that Postfix accepts herald's mail and then bounces it, as a provider does for a mailbox
//! that no longer exists.
//!
//! Needs root and the Debian packages `postfix` and `postfix-sqlite` (scripts/test.sh
//! installs them); nothing is skipped.

use crate::support;

use hmac::{KeyInit, Mac};
use rusqlite::{Connection, OpenFlags, OptionalExtension};
use support::club::{ALICE, BOB, Club, ClubOptions, Inbound, Mail, REFEREE};
use support::postfix::REFEREE_TRANSPORT;
use support::table::Table;

/// The club's tournament director.
const DIRECTOR: &str = "td@players.test";

/// Postfix settings under which every mail to Bob is accepted and then bounces with `5.1.1
/// mailbox unavailable`: his address forwards to a domain whose mail goes to `error(8)`, as a
/// forwarding address whose target died. (An address that itself went to `error(8)` would be
/// refused at RCPT time, which herald sees as a failed send, not as a bounce.)
fn dead_bob() -> Vec<(String, String)> {
    vec![
        ("virtual_alias_maps".into(), format!("inline:{{ {BOB}=bob@dead.invalid }}")),
        (
            "transport_maps".into(),
            format!("inline:{{ game.test={REFEREE_TRANSPORT}:, {{ dead.invalid=error:5.1.1 mailbox unavailable }} }}"),
        ),
    ]
}

/// A club where every mail to Bob bounces (see [`dead_bob`]), with a director.
fn club_with_a_dead_address() -> Club {
    Club::with(ClubOptions {
        main_cf: dead_bob(),
        director: Some(DIRECTOR.into()),
        extra_config: "bounces:\n  unreachable_after: 2\n  on_unreachable: pause\n".into(),
        ..ClubOptions::default()
    })
}

/// The club's database, read-only.
fn db(club: &Club) -> Connection {
    Connection::open_with_flags(club.database(), OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap()
}

/// Bob's permanent failures counted, and whether he is unreachable.
fn bob_standing(club: &Club) -> (u32, bool) {
    db(club)
        .query_row(
            "SELECT permanent_bounces, unreachable_since IS NOT NULL FROM players WHERE email = ?1",
            [BOB],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
}

/// Whether game `id`'s clock is paused.
fn paused(club: &Club, id: i64) -> bool {
    db(club).query_row("SELECT clock_paused_at IS NOT NULL FROM games WHERE id = ?1", [id], |r| r.get(0)).unwrap()
}

/// Every outbox row's recipient and envelope sender, oldest first.
fn outbox(club: &Club) -> Vec<(String, String)> {
    let conn = db(club);
    let mut stmt = conn.prepare("SELECT recipient, envelope_from FROM outbox ORDER BY id").unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().collect::<Result<_, _>>().unwrap()
}

/// The inbox's verdicts, oldest first.
fn verdicts(club: &Club) -> Vec<String> {
    let conn = db(club);
    let mut stmt = conn.prepare("SELECT outcome FROM inbox ORDER BY id").unwrap();
    stmt.query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
}

/// The referee's token secret.
fn secret(club: &Club) -> Vec<u8> {
    let hex: String = db(club)
        .query_row("SELECT value FROM meta WHERE key = 'reply_token_secret'", [], |r| r.get(0))
        .optional()
        .unwrap()
        .expect("herald init made a secret");
    herald::hex::decode(&hex).unwrap()
}

/// The return path README specifies for a mail to `colour` in game `game` after `moves`
/// moves, computed here from the specification: `referee+bounce-<game><w|b><moves>-` and the
/// first 20 hex digits of HMAC-SHA256(secret, "herald-bounce-token:v1:<game>:<colour>:<moves>").
fn return_path(secret: &[u8], game: i64, colour: &str, moves: usize) -> String {
    return_path_at(secret, game, colour, moves, "game.test")
}

/// [`return_path`] of a referee at `domain`.
fn return_path_at(secret: &[u8], game: i64, colour: &str, moves: usize, domain: &str) -> String {
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret).unwrap();
    mac.update(format!("herald-bounce-token:v1:{game}:{colour}:{moves}").as_bytes());
    let tag: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    format!("referee+bounce-{game}{}{moves}-{}@{domain}", &colour[..1], &tag[..20])
}

/// A delivery status notification as a mail server sends it.
fn dsn(to: &str, action: &str, status: &str, diagnostic: &str) -> Vec<u8> {
    format!(
        "Return-Path: <>\r\n\
         From: MAILER-DAEMON@mx.example.net (Mail Delivery System)\r\n\
         To: {to}\r\n\
         Subject: Delivery Status Notification\r\n\
         Date: Tue, 24 Nov 2026 12:00:00 +0000\r\n\
         Message-ID: <dsn.{action}.{status}@mx.example.net>\r\n\
         Auto-Submitted: auto-replied\r\n\
         MIME-Version: 1.0\r\n\
         Content-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\r\n\
         \r\n\
         --b\r\n\
         Content-Type: text/plain\r\n\
         \r\n\
         Your message could not be delivered.\r\n\
         --b\r\n\
         Content-Type: message/delivery-status\r\n\
         \r\n\
         Reporting-MTA: dns; mx.example.net\r\n\
         X-Postfix-Sender: rfc822; {to}\r\n\
         \r\n\
         Final-Recipient: rfc822; {BOB}\r\n\
         Action: {action}\r\n\
         Status: {status}\r\n\
         Diagnostic-Code: smtp; {diagnostic}\r\n\
         --b--\r\n"
    )
    .into_bytes()
}

#[test]
fn a_bounce_of_a_players_mail_reaches_the_director_and_the_opponent_and_pauses_the_clock() {
    let club = club_with_a_dead_address();
    let secret = secret(&club);
    // Not `Club::new_game`, which checks that both players got their invitation: Bob's is
    // the mail that bounces.
    let out = club.herald_ok(&[
        "game",
        "new",
        "--variant",
        "chess",
        "--white",
        ALICE,
        "--black",
        BOB,
        "--white-name",
        "Alice",
        "--black-name",
        "Bob",
    ]);
    let id: i64 = out.trim().parse().unwrap();
    club.serve_once();
    club.settle();

    // Each invitation left with its own return path, as README specifies it.
    let rows = outbox(&club);
    assert_eq!(
        rows,
        vec![
            (ALICE.to_string(), return_path(&secret, id, "white", 0)),
            (BOB.to_string(), return_path(&secret, id, "black", 0)),
        ]
    );
    // Bob's came back from Postfix: one permanent failure, not yet unreachable, nobody told.
    assert_eq!(club.mails(ALICE).len(), 1);
    assert!(club.mails(BOB).is_empty());
    assert!(club.mails(DIRECTOR).is_empty());
    assert_eq!(verdicts(&club), ["bounce"]);
    assert_eq!(bob_standing(&club), (1, false));
    assert!(!paused(&club, id));

    // Alice moves; herald's news of it to Bob bounces too: the second permanent failure.
    club.reply(ALICE, &club.latest(ALICE), "e4");
    club.settle();
    assert_eq!(bob_standing(&club), (2, true));
    assert!(paused(&club, id), "on_unreachable: pause stops the game's clock");
    let shown = club.show(id);
    assert!(shown.contains("Black is unreachable since"), "{shown}");
    assert!(shown.contains("The clock is paused since"), "{shown}");

    let director = club.mails(DIRECTOR);
    assert_eq!(director.len(), 1, "the director is told once");
    let notice = &director[0];
    assert_eq!(notice.subject(), "herald: Bob is unreachable");
    let body = notice.body();
    for needed in [BOB, &format!("#{id}"), "Status: 5.1.1", "mailbox unavailable", "clock paused"] {
        assert!(body.contains(needed), "the director's notice names {needed:?}:\n{body}");
    }
    assert_eq!(notice.header("Auto-Submitted").as_deref(), Some("auto-generated"));

    let alice = club.mails(ALICE);
    assert_eq!(alice.len(), 3, "invitation, her move recorded, Bob unreachable");
    let told = &alice[2];
    assert!(told.subject().contains("Bob unreachable"), "{}", told.subject());
    assert!(told.body().contains("The game's clock is paused"), "{}", told.body());
    assert!(told.body().contains("Bob is to move (1...); the clock is paused."), "{}", told.body());
    assert_eq!(told.header("Return-Path"), Some(format!("<{}>", return_path(&secret, id, "white", 1))));

    // Never answered: herald wrote to the players and the director only, nothing to the
    // mail system that sent the bounces.
    let recipients: Vec<String> = outbox(&club).into_iter().map(|(to, _)| to).collect();
    assert_eq!(recipients, [ALICE, BOB, ALICE, BOB, ALICE, DIRECTOR]);
    assert_eq!(verdicts(&club), ["bounce", "move", "bounce"]);

    // A forged bounce (a return path with a wrong MAC) and a transient one (Bob's mailbox
    // full for now) change nothing and are not answered.
    let before = outbox(&club).len();
    let forged = format!("referee+bounce-{id}b1-{}@{}", "0".repeat(20), REFEREE.rsplit_once('@').unwrap().1);
    club.submit(&dsn(&forged, "failed", "5.1.1", "550 5.1.1 no such user"), "", &forged);
    let valid_for_alice = return_path(&secret, id, "white", 1);
    club.submit(&dsn(&valid_for_alice, "delayed", "4.2.2", "452 4.2.2 mailbox full"), "", &valid_for_alice);
    club.settle();
    assert_eq!(verdicts(&club), ["bounce", "move", "bounce", "forged-bounce", "bounce"]);
    assert_eq!(outbox(&club).len(), before, "nothing was sent");
    let alice_failures: u32 =
        db(&club).query_row("SELECT permanent_bounces FROM players WHERE email = ?1", [ALICE], |r| r.get(0)).unwrap();
    assert_eq!(alice_failures, 0, "a transient failure is not counted");
    assert_eq!(bob_standing(&club), (2, true));
    assert_eq!(club.mails(DIRECTOR).len(), 1);

    // Bob writes again (his mail goes out, only mail to him bounces): he is reachable, the
    // clock runs, his move counts, and the count of failures starts again from his reply.
    let token = herald::referee::token::Tokens::new(&secret).token(id, herald::engine::Color::Black);
    let reply = format!(
        "From: Bob <{BOB}>\r\nTo: referee+{token}@game.test\r\nSubject: Re: your move\r\n\
         Date: Tue, 24 Nov 2026 13:00:00 +0000\r\nMessage-ID: <bob.back@players.test>\r\n\r\ne5\r\n"
    );
    club.submit(reply.as_bytes(), BOB, &format!("referee+{token}@game.test"));
    club.settle();
    assert!(!paused(&club, id));
    assert_eq!(bob_standing(&club), (1, false), "his move's confirmation bounced: one failure, counted anew");
    let latest = club.latest(ALICE);
    assert!(latest.body().contains("Bob played 1... e5"), "{}", latest.body());
    let log = club.herald_ok(&["log", "--game", &id.to_string()]);
    assert!(log.contains("wrote again: the clock runs again"), "{log}");
}

#[test]
fn the_dsn_postfix_writes_is_read_as_a_permanent_failure_in_the_inbox_maildir() {
    // The referee's mail goes into herald's inbox Maildir, so Postfix's own bounce can be
    // read as it arrived before `herald serve` handles it.
    let club = Club::with(ClubOptions { inbound: Inbound::Maildir, main_cf: dead_bob(), ..ClubOptions::default() });
    let secret = secret(&club);
    club.herald_ok(&["game", "new", "--variant", "chess", "--white", ALICE, "--black", BOB]);
    club.serve_once();
    club.settle();
    let arrived: Vec<Vec<u8>> = std::fs::read_dir(club.inbox().join("new"))
        .unwrap()
        .map(|entry| std::fs::read(entry.unwrap().path()).unwrap())
        .collect();
    assert_eq!(arrived.len(), 1, "one bounce: of Bob's invitation\n{}", club.pf.log());
    let bounce = Mail::new(arrived[0].clone());
    assert_eq!(bounce.header("Delivered-To"), Some(return_path(&secret, 1, "black", 0)));
    let report = herald::mail::reader::read_delivery_report(&bounce.raw, &Default::default())
        .expect("Postfix's bounce carries a delivery report");
    assert_eq!(report.failure(), herald::mail::reader::Failure::Permanent);
    let worst = report.worst().unwrap();
    assert_eq!(worst.recipient.as_deref(), Some(BOB));
    assert_eq!(worst.status.as_deref(), Some("5.1.1"));
    assert!(worst.diagnostic.as_deref().is_some_and(|d| d.contains("mailbox unavailable")), "{worst:?}");

    // The daemon's pass handles it like the pipe: counted, not answered.
    club.serve_once();
    club.settle();
    assert_eq!(verdicts(&club), ["bounce"]);
    assert_eq!(bob_standing(&club), (1, false));
    assert_eq!(outbox(&club).len(), 2, "the two invitations, nothing more");
}

/// The reply-token secret of a club in one process, to write return paths as herald does.
fn table_secret(table: &mut Table) -> Vec<u8> {
    let secret_hex = table.service.store().read(|tx| tx.meta("reply_token_secret")).unwrap().unwrap();
    herald::hex::decode(&secret_hex).unwrap()
}

/// Bob's invitation and the news of 1. e4 bounce for good, a minute apart: two permanent
/// failures, which make him unreachable by default.
fn bobs_first_two_mails_bounce(table: &mut Table, id: i64, secret: &[u8]) {
    for moves in [0, 1] {
        table.clock.advance(60);
        let to = return_path_at(secret, id, "black", moves, "club.test");
        let handled = table.service.ingest(&dsn(&to, "failed", "5.1.1", "550 5.1.1 no such user"), Some(&to)).unwrap();
        assert_eq!(handled, herald::service::Ingested::Handled(herald::referee::records::Verdict::Bounce));
    }
}

#[test]
fn a_paused_clock_does_not_run_out_and_runs_on_by_the_time_it_stood_still() {
    // A club in one process, with a clock the test sets; the defaults: 3 days a move, two
    // permanent failures make a player unreachable, and the clock pauses; no director.
    let mut table = Table::new("bounces-clock");
    let id = table.new_game("chess");
    let secret = table_secret(&mut table);
    table.reply(ALICE, "e4");
    let game = |table: &mut Table| table.service.store().read(|tx| tx.game(id)).unwrap().unwrap();
    let deadline = game(&mut table).deadline.expect("Bob is on the clock");

    let sent_before = table.sent_count();
    bobs_first_two_mails_bounce(&mut table, id, &secret);
    let paused_at = herald::clock::Clock::now(&*table.clock);
    table.pass_after(0);
    assert_eq!(table.sent_count(), sent_before + 1, "only Alice is told; the bounces are not answered");
    let (subject, body) = {
        let raw = table.mails(ALICE).pop().unwrap();
        let mail = herald::mail::reader::read_mail(&raw, &Default::default()).unwrap();
        (mail.subject, mail.body)
    };
    assert!(subject.contains("Bob unreachable"), "{subject}");
    assert!(body.contains("The game's clock is paused"), "{body}");
    assert!(table.log().iter().any(|l| l.contains("no referee.director is configured")), "{:?}", table.log());

    // Four days on, the deadline is long past: the paused clock neither reminds nor forfeits.
    table.pass_after(4 * 24 * 3600);
    let record = game(&mut table);
    assert_eq!(record.status.as_str(), "active");
    assert_eq!(record.deadline, Some(deadline));
    assert_eq!(table.sent_count(), sent_before + 1, "no reminder, no loss on time");

    // Bob writes again (asking for the board, which starts no new deadline): the clock runs
    // again, its deadline moved on by the time it stood still.
    table.reply(BOB, "board");
    let written_at = herald::clock::Clock::now(&*table.clock);
    let stood_still = written_at.duration_since(paused_at);
    assert_eq!(game(&mut table).deadline, Some(deadline.checked_add(stood_still).unwrap()));
    table.pass_after(0);
    assert!(table.log().iter().any(|l| l.contains("wrote again: the clock runs again")), "{:?}", table.log());
}

#[test]
fn a_postfix_bounce_from_a_remote_server_is_read_recipient_by_recipient() {
    // A Postfix bounce of a remote server's refusal (tests/fixtures/mail/bounce.eml).
    let raw = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mail/bounce.eml")).unwrap();
    let report = herald::mail::reader::read_delivery_report(&raw, &Default::default()).unwrap();
    assert_eq!(report.reporting_mta.as_deref(), Some("mx.chess.example.org"));
    assert_eq!(
        report.recipients,
        vec![herald::mail::reader::RecipientStatus {
            recipient: Some("nobody@example.net".into()),
            action: herald::mail::reader::Action::Failed,
            status: Some("5.1.1".into()),
            diagnostic: Some("550 5.1.1 <nobody@example.net>: Recipient address rejected: User unknown".into()),
        }]
    );
    assert_eq!(report.failure(), herald::mail::reader::Failure::Permanent);
    // A mail that is no report has none.
    let plain = b"From: a@b.test\r\nSubject: hi\r\n\r\nhello\r\n";
    assert_eq!(herald::mail::reader::read_delivery_report(plain, &Default::default()), None);
}

#[test]
fn with_on_unreachable_continue_the_clock_runs_on_and_the_deadline_holds() {
    let mut table = Table::new("bounces-continue");
    let mut config = table.service.config().clone();
    config.bounces.on_unreachable = herald::config::OnUnreachable::Continue;
    table.reopen(config);
    let id = table.new_game("chess");
    let secret = table_secret(&mut table);
    table.reply(ALICE, "e4");
    for moves in [0, 1] {
        let to = return_path_at(&secret, id, "black", moves, "club.test");
        table.service.ingest(&dsn(&to, "failed", "5.2.1", "550 5.2.1 mailbox disabled"), Some(&to)).unwrap();
    }
    table.pass_after(0);
    assert_eq!(table.service.store().read(|tx| tx.clock_paused_at(id)).unwrap(), None);
    let raw = table.mails(ALICE).pop().unwrap();
    let told = herald::mail::reader::read_mail(&raw, &Default::default()).unwrap();
    assert!(told.body.contains("The game's clock runs on as usual"), "{}", told.body);

    // Bob, on the clock, is reminded a day before his deadline and then loses on time, as
    // anyone would.
    table.pass_after(2 * 24 * 3600 + 3600);
    table.pass_after(24 * 3600);
    let record = table.service.store().read(|tx| tx.game(id)).unwrap().unwrap();
    assert_eq!(record.result.map(|r| r.score), Some("1-0".to_string()));
}

#[test]
fn a_mail_counts_once_however_often_its_bounce_comes() {
    let mut table = Table::new("bounces-once");
    let id = table.new_game("chess");
    let secret = table_secret(&mut table);
    let to = return_path_at(&secret, id, "black", 0, "club.test");
    let bounce = dsn(&to, "failed", "5.1.1", "550 5.1.1 no such user");
    let handled = |table: &mut Table, raw: &[u8]| table.service.ingest(raw, Some(&to)).unwrap();
    let bounce_verdict = herald::service::Ingested::Handled(herald::referee::records::Verdict::Bounce);
    assert_eq!(handled(&mut table, &bounce), bounce_verdict);
    // The same bounce delivered again is the same delivery.
    assert_eq!(handled(&mut table, &bounce), herald::service::Ingested::Duplicate);
    // A second report of the same mail (another server's, another Message-ID) counts nothing.
    let again = String::from_utf8(bounce.clone()).unwrap().replace("Message-ID: <dsn.", "Message-ID: <second.");
    assert_eq!(handled(&mut table, again.as_bytes()), bounce_verdict);
    let (counted, unreachable) =
        table.service.store().read(|tx| Ok((tx.has_bounces(BOB)?, tx.unreachable_since(BOB)?))).unwrap();
    assert!(counted && unreachable.is_none(), "one failure of two: Bob is not unreachable");
    let log = table.log();
    assert!(log.iter().any(|l| l.contains("permanent failure 1 of 2")), "{log:?}");
    assert!(log.iter().any(|l| l.contains("a permanent failure counted before")), "{log:?}");
    assert_eq!(table.sent_count(), 2, "the invitations only: no bounce is answered");
}

#[test]
fn only_mail_that_counts_as_the_players_brings_an_unreachable_player_back() {
    // Bob becomes unreachable; then the club requires DKIM. A mail in Bob's name that its
    // receiving server did not authenticate (here: none at all, as a forger's would be) is a
    // stranger's, and must not start the paused clock again, or a forger could make the
    // deadline run against a player who cannot hear of it.
    let mut table = Table::new("bounces-unauthenticated-return");
    let id = table.new_game("chess");
    let secret = table_secret(&mut table);
    table.reply(ALICE, "e4");
    bobs_first_two_mails_bounce(&mut table, id, &secret);
    let database = table.service.config().database.clone();
    let paused = || {
        Connection::open_with_flags(&database, OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap()
            .query_row("SELECT clock_paused_at IS NOT NULL FROM games WHERE id = ?1", [id], |r| r.get::<_, bool>(0))
            .unwrap()
    };
    assert!(paused());

    let mut config = table.service.config().clone();
    config.inbox.authentication.trusted_authserv_id = Some("mx.club.test".into());
    config.inbox.authentication.require = herald::config::Required::Dkim;
    table.reopen(config);
    table.reply(BOB, "board");
    assert!(paused(), "an unauthenticated mail started the clock again");
    assert!(!table.log().iter().any(|l| l.contains("wrote again")), "{:?}", table.log());
}

#[test]
fn a_pause_from_bounces_ends_after_max_pause_days_and_the_director_decides() {
    // Two forged delivery reports (the return paths stand in every mail Bob received) make Bob
    // unreachable and stop his clock. A pause must not be a vacation without end: after
    // `bounces.max_pause_days` (3 here) the clock runs again from where it stood, and the
    // director is told.
    let mut table = Table::new("bounces-bounded");
    let mut config = table.service.config().clone();
    config.referee.director = Some(DIRECTOR.into());
    config.bounces.max_pause_days = 3;
    table.reopen(config);
    let id = table.new_game("chess");
    let secret = table_secret(&mut table);
    table.reply(ALICE, "e4");
    let game = |table: &mut Table| table.service.store().read(|tx| tx.game(id)).unwrap().unwrap();
    let paused = |table: &mut Table| table.service.store().read(|tx| tx.clock_paused_at(id)).unwrap();
    let deadline = game(&mut table).deadline.expect("Bob is on the clock");
    bobs_first_two_mails_bounce(&mut table, id, &secret);
    let paused_at = paused(&mut table).expect("the clock stopped");

    // Two days on, within the bound: still paused, and the director heard only of the bounces.
    table.pass_after(2 * 24 * 3600);
    assert!(paused(&mut table).is_some());
    let director_mails = |table: &Table| table.mails(DIRECTOR).len();
    assert_eq!(director_mails(&table), 1, "the notice that Bob is unreachable");

    // Past the bound: the clock runs again, what was left on it counted from now, and the
    // director gets one mail saying so; Bob is still unreachable.
    table.pass_after(24 * 3600 + 60);
    let now = herald::clock::Clock::now(&*table.clock);
    assert_eq!(paused(&mut table), None, "the pause outlived bounces.max_pause_days");
    let left = deadline.duration_since(paused_at);
    assert_eq!(game(&mut table).deadline, Some(now.checked_add(left).unwrap()));
    assert_eq!(director_mails(&table), 2);
    let raw = table.mails(DIRECTOR).pop().unwrap();
    let notice = herald::mail::reader::read_mail(&raw, &Default::default()).unwrap();
    assert!(notice.subject.contains(&format!("game #{id} runs again after 3 days")), "{}", notice.subject);
    assert!(table.log().iter().any(|l| l.starts_with("pause-over:")), "{:?}", table.log());
    assert!(table.service.store().read(|tx| tx.unreachable_since(BOB)).unwrap().is_some());

    // Another pass sends nothing more; the clock then runs out as any clock does.
    table.pass_after(60);
    assert_eq!(director_mails(&table), 2, "told once");
    for _ in 0..5 {
        table.pass_after(24 * 3600);
    }
    assert_eq!(game(&mut table).status.as_str(), "finished", "Bob lost on time once his clock ran again");
}

#[test]
fn a_report_of_a_mail_the_player_answered_since_counts_nothing() {
    // Bob's invitation and the news of 1. e4 are written; Bob answers (1... e5). Reports of
    // those two mails that arrive later (late ones, or a forger's replaying the return paths
    // Bob's mails show) say nothing of whether Bob can be reached now.
    let mut table = Table::new("bounces-answered-since");
    let id = table.new_game("chess");
    let secret = table_secret(&mut table);
    table.reply(ALICE, "e4");
    table.reply(BOB, "e5");
    for moves in [0, 1] {
        table.clock.advance(60);
        let to = return_path_at(&secret, id, "black", moves, "club.test");
        table.service.ingest(&dsn(&to, "failed", "5.1.1", "550 5.1.1 no such user"), Some(&to)).unwrap();
    }
    let (counted, unreachable) =
        table.service.store().read(|tx| Ok((tx.has_bounces(BOB)?, tx.unreachable_since(BOB)?))).unwrap();
    assert!(!counted && unreachable.is_none(), "Bob answered both mails: nothing counted");
    assert_eq!(table.service.store().read(|tx| tx.clock_paused_at(id)).unwrap(), None);
    let log = table.log();
    assert_eq!(log.iter().filter(|l| l.contains("a mail the player has answered since")).count(), 2, "{log:?}");

    // A report of a mail written after Bob's last mail counts as before.
    table.reply(ALICE, "Nf3");
    table.clock.advance(60);
    let to = return_path_at(&secret, id, "black", 3, "club.test");
    table.service.ingest(&dsn(&to, "failed", "5.1.1", "550 5.1.1 no such user"), Some(&to)).unwrap();
    assert!(table.service.store().read(|tx| tx.has_bounces(BOB)).unwrap(), "a fresh failure counts");
}
