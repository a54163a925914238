//! Authenticated senders, end to end: the club's Postfix checks DKIM with a real OpenDKIM
//! milter and writes `Authentication-Results` as `mx.game.test` (tests/support/opendkim.rs),
//! having dropped every such field a sender wrote; the players sign with dkimpy, an
//! implementation independent of both; herald, piped each mail by Postfix, believes only
//! `mx.game.test`'s fields. And the confirmation that a forged resignation cannot give.
//!
//! Needs root and the Debian packages `postfix`, `postfix-sqlite`, `opendkim`, `python3-dkim`
//! and `openssl` (scripts/test.sh installs them); nothing is skipped.

use crate::support;

use support::club::{ALICE, BOB, Club, ClubOptions, MALLORY, Mail, Round};
use support::opendkim::{DkimKey, OpenDkim, to_crlf};
use support::tempdir::TempDir;

/// The authserv-id of the club's receiving server.
const MX: &str = "mx.game.test";

/// The moves of a game as stored.
fn moves(club: &Club, id: i64) -> Vec<String> {
    let mut store = herald::store::Store::open(&club.database()).expect("open herald's database");
    store.read(|tx| tx.moves(id)).unwrap().into_iter().map(|m| m.notation).collect()
}

/// The newest event outside any game (where refused mail is logged), as (kind, detail).
fn last_outside_event(club: &Club) -> (String, String) {
    let mut store = herald::store::Store::open(&club.database()).expect("open herald's database");
    store.read(|tx| tx.events(None)).unwrap().into_iter().map(|(_, k, d)| (k, d)).next_back().expect("an event")
}

/// `who`'s reply to `original` saying `text`, as their mail client writes it, and where it
/// goes.
fn reply(who: &str, original: &Mail, text: &str) -> (Vec<u8>, String) {
    let raw = herald::mail::reply::compose_reply(&original.raw, who, text).expect("compose the reply");
    let to = Mail::new(raw.clone()).header("To").expect("the reply has a To");
    (raw, to)
}

/// Submits `raw` to `to` with the envelope sender `envelope`, and returns what everyone got.
fn deliver(club: &Club, raw: &[u8], envelope: &str, to: &str) -> Round {
    club.round(|| club.submit(raw, envelope, to))
}

#[test]
fn with_dkim_required_only_mail_signed_for_the_players_domain_counts() {
    let keys = TempDir::new("herald-dkim-keys").unwrap();
    let players = DkimKey::new(keys.path(), "players.test", "s1").unwrap();
    let elsewhere = DkimKey::new(keys.path(), "elsewhere.test", "s1").unwrap();
    let dkim = OpenDkim::start(MX, &[&players, &elsewhere]).expect("start OpenDKIM");
    let club = Club::with(ClubOptions {
        main_cf: dkim.postfix_settings(),
        authentication: format!("    trusted_authserv_id: {MX}\n    require: dkim\n"),
        ..ClubOptions::default()
    });
    let id = club.new_game();

    // Alice's signed move counts.
    let (raw, to) = reply(ALICE, &club.latest(ALICE), "e4");
    let round = deliver(&club, &players.sign(&raw), ALICE, &to);
    round.assert_counts(1, 1, 0);
    assert!(round.only(ALICE).body().contains("Your move 1. e4 is recorded"), "{}", round.only(ALICE).body());
    assert_eq!(moves(&club, id), ["e4"]);
    let bobs = club.latest(BOB);

    // An unsigned move with Bob's From and token, as Mallory (who saw one of Bob's mails)
    // sends it from her own server, changes nothing and gets the short answer, which goes to
    // the From address and says nothing of the game.
    let (unsigned, to) = reply(BOB, &bobs, "e5");
    let round = deliver(&club, &unsigned, MALLORY, &to);
    round.assert_counts(0, 1, 0);
    assert!(round.only(BOB).subject().contains("could not be verified"), "{}", round.only(BOB).subject());
    assert!(!round.only(BOB).body().contains("e4"));
    assert_eq!(moves(&club, id), ["e4"]);
    let (kind, detail) = last_outside_event(&club);
    assert_eq!(kind, "unverified");
    assert!(detail.contains("not authenticated (no DKIM pass aligned with the From domain"), "{detail}");

    // Each of these is refused too; the answer went out already today, so no mail.
    let mut signed = players.sign(&reply(BOB, &bobs, "e5").0);
    let at = signed.windows(2).rposition(|w| w == b"e5").unwrap();
    signed[at..at + 2].copy_from_slice(b"d5");
    let mut forged_results = format!("Authentication-Results: {MX}; dkim=pass header.d=players.test\r\n").into_bytes();
    forged_results.extend_from_slice(&to_crlf(&unsigned));
    let misaligned = elsewhere.sign(&reply(BOB, &bobs, "e5").0);
    for (case, raw) in [("tampered body", signed), ("forged header", forged_results), ("misaligned d=", misaligned)] {
        let round = deliver(&club, &raw, BOB, &to);
        round.assert_counts(0, 0, 0);
        assert_eq!(moves(&club, id), ["e4"], "{case}");
        let (kind, detail) = last_outside_event(&club);
        if kind == "duplicate" {
            // The same mail as an earlier case (its Message-ID): read again, nothing done,
            // and said so, naming what became of it the first time.
            assert!(detail.contains(": unverified)"), "{case}: {detail}");
            continue;
        }
        assert_eq!(kind, "unverified", "{case}: {detail}");
        assert!(detail.contains("not authenticated"), "{case}: {detail}");
        assert!(detail.contains("not answered"), "{case}: {detail}");
    }

    // The club's server dropped the sender's field and wrote its own: what the player's
    // mailbox gets of the same mail shows it.
    let mut forged_to_mallory =
        format!("Authentication-Results: {MX}; dkim=pass header.d=players.test\r\n").into_bytes();
    forged_to_mallory.extend_from_slice(&to_crlf(&unsigned));
    deliver(&club, &forged_to_mallory, BOB, MALLORY);
    let seen = club.latest(MALLORY).headers("Authentication-Results");
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert!(seen[0].trim_start().starts_with(MX) && !seen[0].contains("dkim=pass"), "{seen:?}");

    // Bob's signed move counts; so does his signed resignation, at once: DKIM authenticated
    // it, so no confirmation is asked.
    let (raw, to) = reply(BOB, &bobs, "e5");
    let round = deliver(&club, &players.sign(&raw), BOB, &to);
    round.assert_counts(1, 1, 0);
    assert_eq!(moves(&club, id), ["e4", "e5"]);
    let (raw, to) = reply(BOB, &club.latest(BOB), "resign");
    let round = deliver(&club, &players.sign(&raw), BOB, &to);
    round.assert_counts(1, 1, 0);
    assert!(round.only(ALICE).subject().contains("1-0"), "{}", round.only(ALICE).subject());
    drop(club);
    assert!(dkim.log().is_empty() || !dkim.log().contains("error"), "{}", dkim.log());
}

#[test]
fn a_forged_resignation_waits_for_a_confirmation_that_only_the_player_can_give() {
    // The default: nothing required, game endings from unauthenticated mail confirmed.
    let club = Club::with(ClubOptions { authentication: "    require: none\n".into(), ..ClubOptions::default() });
    let id = club.new_game();
    for (who, text) in [(ALICE, "e4"), (BOB, "e5")] {
        let (raw, to) = reply(who, &club.latest(who), text);
        deliver(&club, &raw, who, &to).assert_counts(1, 1, 0);
    }

    // Mallory has a copy of one of Bob's mails and writes "resign" as Bob.
    let (forged, to) = reply(BOB, &club.latest(BOB), "resign");
    let round = deliver(&club, &forged, MALLORY, &to);
    round.assert_counts(0, 1, 0);
    let request = round.only(BOB).clone();
    assert!(request.subject().contains("please confirm to resign this game [confirm:"), "{}", request.subject());
    assert!(request.body().contains("Alice has not been told"), "{}", request.body());
    assert!(!club.show(id).contains("1-0"), "{}", club.show(id));

    // A move makes the request stale: Bob's confirmation after it is asked for again.
    let (raw, to) = reply(ALICE, &club.latest(ALICE), "Nf3");
    deliver(&club, &raw, ALICE, &to).assert_counts(1, 1, 0);
    let (stale, to) = reply(BOB, &request, "resign");
    let round = deliver(&club, &stale, BOB, &to);
    round.assert_counts(0, 1, 0);
    let fresh = round.only(BOB).clone();
    assert!(fresh.subject().contains("[confirm:") && fresh.subject() != request.subject());
    assert_eq!(moves(&club, id), ["e4", "e5", "Nf3"]);
    assert!(!club.show(id).contains("1-0"));

    // Bob confirms the fresh request: the game ends as his resignation would have ended it.
    let (raw, to) = reply(BOB, &fresh, "resign");
    let round = deliver(&club, &raw, BOB, &to);
    round.assert_counts(1, 1, 0);
    assert!(round.only(ALICE).subject().contains("1-0"), "{}", round.only(ALICE).subject());
    assert!(club.show(id).contains("1-0"), "{}", club.show(id));
}
