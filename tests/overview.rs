//! A player's own overview by mail (README, "A player's games"): `games` lists the games the
//! address plays in with whose move it is and by when; `board N` from any game's mail sends
//! game N's position and moves, in game N's thread; a game the address does not play in is
//! refused exactly as one that does not exist. On a real SQLite file and Maildirs
//! (tests/support/table.rs), players replying as mail clients do.
//!
//! The deadlines are worked out by hand: every game begins on 2026-11-21 at 12:00 UTC, the
//! club gives three days per move (its default), so each first move is due by 2026-11-24
//! 12:00 UTC; each reply comes a minute after the one before.

use crate::support;
use crate::support::mime::says;

use herald::mail::reader::{ReadLimits, read_mail};
use herald::mail::reply::compose_reply;
use herald::referee::records::Player;
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";
const CAROL: &str = "carol@players.test";

fn player(email: &str, name: &str) -> Player {
    Player { email: email.into(), name: Some(name.into()) }
}

/// Subject and body of a raw mail.
fn read(raw: &[u8]) -> (String, String) {
    let mail = read_mail(raw, &ReadLimits::default()).unwrap();
    (mail.subject, mail.body)
}

/// Alice plays Bob (chess, White), Carol (chess, Black) and Carol again (Crown, whose secret
/// choices come first); Bob and Carol play a game without her.
fn club() -> (Table, [i64; 4]) {
    let mut table = Table::new("overview");
    let with_bob = table.new_game("chess");
    let service = &mut table.service;
    let with_carol = service.new_game("chess", player(CAROL, "Carol"), player(ALICE, "Alice")).unwrap();
    let crown = service.new_game("crown", player(ALICE, "Alice"), player(CAROL, "Carol")).unwrap();
    let without = service.new_game("chess", player(BOB, "Bob"), player(CAROL, "Carol")).unwrap();
    table.pass_after(0);
    (table, [with_bob, with_carol, crown, without])
}

#[test]
fn games_lists_the_players_games_with_whose_move_and_by_when() {
    let (mut table, [with_bob, with_carol, crown, without]) = club();
    let before = table.mails(BOB).len() + table.mails(CAROL).len();
    table.reply_in(ALICE, with_bob, "games");
    let (subject, body) = read(&table.mails(ALICE).pop().unwrap());
    says(&subject, &format!("[herald #{with_bob}] chess: your games, your move (1.)"));
    says(&body, "Your games going on:");
    says(&body, &format!("#{with_bob} chess against Bob: your move (1.), due by 2026-11-24 12:00 UTC"));
    says(&body, &format!("#{with_carol} chess against Carol: Carol to move (1.), due by 2026-11-24 12:00 UTC"));
    says(&body, &format!("#{crown} crown against Carol: your secret choice is awaited, due by 2026-11-24 12:00 UTC"));
    assert!(!body.contains(&format!("#{without} ")), "a game without Alice is listed:\n{body}");
    // The mail is the game's own below the list: a move in reply plays there.
    says(&body, "It is your move (1.)");
    assert_eq!(table.mails(BOB).len() + table.mails(CAROL).len(), before, "only Alice is answered");
    table.reply_in(ALICE, with_bob, "e4");
    says(&read(&table.mails(BOB).pop().unwrap()).1, "Alice played 1. e4");

    // An address with no game going on is told so. Bob's games: his game with Alice, and the
    // one with Carol; after he resigns both, none.
    table.reply_in(BOB, with_bob, "resign");
    table.reply_in(BOB, without, "resign");
    table.reply_in(BOB, with_bob, "games");
    let (subject, body) = read(&table.mails(BOB).pop().unwrap());
    says(&subject, &format!("[herald #{with_bob}] chess: your games, "));
    says(&body, &format!("You have no game going on. Below is game #{with_bob}, the one you wrote in."));
}

#[test]
fn board_n_sends_game_ns_mail_in_its_own_thread() {
    let (mut table, [with_bob, with_carol, _, _]) = club();
    table.reply_in(CAROL, with_carol, "e4");
    let carol_before = table.mails(CAROL).len();
    // From game 1's thread, Alice asks for game 2.
    table.reply_in(ALICE, with_bob, &format!("board {with_carol}"));
    let raw = table.mails(ALICE).pop().unwrap();
    let (subject, body) = read(&raw);
    says(&subject, &format!("[herald #{with_carol}] chess: your move (1...)"));
    says(&body, "Here is the position, as you asked.");
    says(&body, "Moves: 1. e4");
    assert_eq!(table.mails(CAROL).len(), carol_before, "Carol is not told");
    // A reply to it plays in game 2.
    let reply = compose_reply(&raw, ALICE, "e5").unwrap();
    table.clock.advance(60);
    table.service.ingest(&reply, None).unwrap();
    table.pass_after(0);
    let (subject, body) = read(&table.mails(CAROL).pop().unwrap());
    says(&subject, &format!("[herald #{with_carol}]"));
    says(&body, "Alice played 1... e5");
    // `moves #N` is the same request.
    table.reply_in(ALICE, with_bob, &format!("moves #{with_carol}"));
    says(&read(&table.mails(ALICE).pop().unwrap()).1, "Moves: 1. e4 e5");
}

#[test]
fn a_game_the_address_is_not_in_is_refused_as_one_that_does_not_exist() {
    let (mut table, [with_bob, _, _, without]) = club();
    let others = table.mails(BOB).len() + table.mails(CAROL).len();
    table.reply_in(ALICE, with_bob, &format!("board {without}"));
    let (subject, not_hers) = read(&table.mails(ALICE).pop().unwrap());
    says(&subject, &format!("[herald #{with_bob}]"));
    says(&not_hers, &format!("You play in no game #{without} with this address"));
    table.reply_in(ALICE, with_bob, "board 99");
    let (_, missing) = read(&table.mails(ALICE).pop().unwrap());
    let refusal = |body: &str, id: i64| body.replace(&format!("#{id}"), "#N");
    assert_eq!(refusal(&not_hers, without), refusal(&missing, 99), "the two refusals differ");
    assert!(!not_hers.contains("Carol"), "the refusal tells of Bob's game with Carol:\n{not_hers}");
    assert_eq!(table.mails(BOB).len() + table.mails(CAROL).len(), others, "no one else is written to");

    // Someone who writes as Alice from another address learns nothing of her games.
    let mallory = "mallory@elsewhere.test";
    table.reply_in_as(ALICE, mallory, with_bob, "games");
    table.reply_in_as(ALICE, mallory, with_bob, &format!("board {with_bob}"));
    for raw in table.mails(mallory) {
        let (_, body) = read(&raw);
        assert!(!body.contains("against") && !body.contains("Moves:"), "{body}");
    }
}
