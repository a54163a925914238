//! Conditional moves (`14. Nf3 if 14... Bg4 15. h3`), each rule as README's "Conditional
//! moves" states it, through the whole referee in one process (tests/support/table.rs: a real
//! SQLite file, real Maildirs, players replying as mail clients do): a matching move answered at
//! once and both players told, a deviation dropping them, `cancel`, a line that cannot be
//! played refusing the whole mail with its reason, the opponent's mails and the archive the same
//! with and without conditions (compared byte for byte between two clubs with the same
//! randomness), the clock, a draw offer, two players' conditions answering each other, and the
//! variants that keep secrets, which offer none and say why.
//!
//! The games are short openings whose moves a chess player checks by eye; Fool's mate is the
//! one that ends a game.

use crate::support;
use crate::support::mime::{never_says, says};

use herald::clock::{Clock, Timestamp};
use herald::referee::archive::{Archive, verify};
use herald::referee::records::{GameRecord, MoveRecord};
use herald::variants;
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

fn body(raw: &[u8]) -> String {
    support::mime::plain_text(raw)
}

fn subject(raw: &[u8]) -> String {
    use mailparse::MailHeaderMap;
    mailparse::parse_mail(raw).unwrap().headers.get_first_value("Subject").unwrap_or_default()
}

/// How many mails `who` has received.
fn count(t: &Table, who: &str) -> usize {
    t.mails(who).len()
}

/// `who`'s latest mail's text.
fn latest(t: &Table, who: &str) -> String {
    body(&t.mails(who).pop().expect("a mail"))
}

fn game(t: &mut Table, id: i64) -> (GameRecord, Vec<MoveRecord>) {
    t.service.store().read(|tx| Ok((tx.game(id)?.unwrap(), tx.moves(id)?))).unwrap()
}

fn moves(t: &mut Table, id: i64) -> Vec<String> {
    game(t, id).1.into_iter().map(|m| m.notation).collect()
}

fn archive(t: &mut Table, id: i64) -> Archive {
    let (record, moves) = game(t, id);
    let start = variants::by_id(&record.variant).unwrap().restore(&record.snapshot).unwrap().public_start();
    Archive::of(&record, &start, &moves)
}

#[test]
fn a_move_a_line_waits_for_is_answered_at_once_and_both_players_are_told() {
    let mut t = Table::new("conditional-matched");
    let id = t.new_game("chess");
    t.reply(ALICE, "1. e4 if 1... e5 2. Nf3 if 2... Nc6 3. Bb5\nif 1... c5 2. Nf3\nGood luck!");
    let alice = latest(&t, ALICE);
    says(&alice, "Your move 1. e4 is recorded.");
    says(&alice, "Your conditional moves, which Bob does not see");
    says(&alice, "    if 1... e5 2. Nf3 if 2... Nc6 3. Bb5\n    if 1... c5 2. Nf3\n");
    let bob = latest(&t, BOB);
    says(&bob, "Alice played 1. e4.");
    never_says(&bob, "conditional moves, which");
    never_says(&bob, "Nf3");

    // Bob plays a move a line waits for: Alice's answer is played at once.
    t.reply(BOB, "1... e5");
    assert_eq!(moves(&mut t, id), ["e4", "e5", "Nf3"]);
    let bob = latest(&t, BOB);
    says(&bob, "Your move 1... e5 is recorded.");
    says(&bob, "Then conditional moves were played at once:\n    2. Nf3, Alice's conditional move\n");
    says(&bob, "It is your move (2...)");
    never_says(&bob, "Bb5");
    let alice = latest(&t, ALICE);
    says(&alice, "Bob played 1... e5.");
    says(&alice, "    2. Nf3, your conditional move\n");
    says(&alice, "Bob is to move (2...)");
    // What is left of the line waits for Bob's next move; the other line is gone.
    says(&alice, "    if 2... Nc6 3. Bb5\n");
    // (As a move: the hexadecimal hashes of the mail may hold the letters "c5".)
    never_says(&alice, "1... c5");

    // The conditional move is an ordinary move of the game, played when Bob's mail was read.
    let (record, stored) = game(&mut t, id);
    assert_eq!(stored[2].played_at, stored[1].played_at);
    assert_eq!(stored[2].prev_hash, stored[1].hash);
    assert!(record.conditions[0].is_some() && record.conditions[1].is_none());

    t.reply(BOB, "2... Nc6");
    assert_eq!(moves(&mut t, id), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    let alice = latest(&t, ALICE);
    says(&alice, "    3. Bb5, your conditional move\n");
    never_says(&alice, "Your conditional moves, which");
    assert_eq!(game(&mut t, id).0.conditions, [None, None]);
    let report = verify(&archive(&mut t, id));
    assert!(report.ok(), "{report:?}");
}

/// Plays the same game in two clubs with the same randomness, Alice leaving conditional moves
/// in the first only; Bob deviates. Returns both clubs.
fn the_same_game_with_and_without_conditions(bob_plays: &str) -> (Table, Table) {
    let mut with = Table::deterministic("conditional-with");
    let mut without = Table::deterministic("conditional-without");
    for (t, first) in
        [(&mut with, "1. d4 if 1... d5 2. c4 if 2... e6 3. Nc3\nif 1... Nf6 2. c4"), (&mut without, "1. d4")]
    {
        assert_eq!(t.new_game("chess"), 1);
        t.reply(ALICE, first);
        t.reply(BOB, bob_plays);
        t.reply(ALICE, "2. Nf3");
        t.reply(BOB, "2... e6");
    }
    (with, without)
}

#[test]
fn the_opponent_sees_nothing_of_conditions_not_used_and_the_archive_holds_none() {
    let (mut with, mut without) = the_same_game_with_and_without_conditions("1... g6");
    assert_eq!(moves(&mut with, 1), ["d4", "g6", "Nf3", "e6"]);
    // Bob's mails, byte for byte: the conditions were never his to see.
    let (bob_with, bob_without) = (with.mails(BOB), without.mails(BOB));
    assert_eq!(bob_with.len(), bob_without.len());
    for (a, b) in bob_with.iter().zip(&bob_without) {
        assert_eq!(String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    }
    assert_eq!(archive(&mut with, 1), archive(&mut without, 1));
    // Alice heard that her conditions were dropped, and only she did.
    let alice = body(&with.mails(ALICE)[2]);
    says(&alice, "Your conditional moves are dropped: Bob played 1... g6, which none of them waited for.");
    never_says(&body(&without.mails(ALICE)[2]), "conditional moves are dropped");
    assert_eq!(with.mails(ALICE).len(), without.mails(ALICE).len());
    assert_eq!(game(&mut with, 1).0.conditions, [None, None]);
}

#[test]
fn a_used_condition_is_the_only_difference_the_opponent_sees() {
    let (mut with, mut without) = the_same_game_with_and_without_conditions("1... d5");
    // With: 2. c4 was played at once for Alice, so her "2. Nf3" came when it was not her move.
    assert_eq!(moves(&mut with, 1), ["d4", "d5", "c4", "e6", "Nc3"]);
    assert_eq!(moves(&mut without, 1)[..2], ["d4", "d5"]);
    // Bob's first mail (Alice's first move) is the same in both clubs.
    assert_eq!(with.mails(BOB)[1], without.mails(BOB)[1]);
    let bob = body(&with.mails(BOB)[2]);
    says(&bob, "2. c4, Alice's conditional move");
}

#[test]
fn cancel_drops_them_and_the_opponent_hears_nothing() {
    let mut t = Table::new("conditional-cancel");
    let id = t.new_game("chess");
    t.reply(ALICE, "1. e4\nif 1... e5 2. Nf3");
    let bob_mails = count(&t, BOB);
    t.reply(ALICE, "cancel");
    assert_eq!(count(&t, BOB), bob_mails, "Bob is not told");
    let alice = t.mails(ALICE).pop().unwrap();
    says(&subject(&alice), "conditional moves cancelled");
    says(&body(&alice), "Your conditional moves are cancelled; Bob never saw them.");
    never_says(&body(&alice), "Your conditional moves, which");
    assert_eq!(game(&mut t, id).0.conditions, [None, None]);
    t.reply(BOB, "1... e5");
    assert_eq!(moves(&mut t, id), ["e4", "e5"]);
    says(&latest(&t, ALICE), "It is your move (2.)");
    // Nothing left to cancel.
    t.reply(ALICE, "cancel");
    says(&latest(&t, ALICE), "You have no conditional moves to cancel.");
}

#[test]
fn a_line_that_cannot_be_played_refuses_the_whole_mail_with_the_reason() {
    let mut t = Table::new("conditional-refused");
    let id = t.new_game("chess");
    let cases = [
        // The king on e1 does not reach e3; Black's pawn on e7 does not reach e4.
        ("1. e4 if 1... e5 2. Ke3", "your move 2. Ke3 cannot be played"),
        ("1. e4 if 1... e4 2. Nf3", "your opponent's move 1... e4 cannot be played"),
        ("1. e4 if 2... e5 2. Nf3", "2... e5 is numbered wrongly: it would be 1..."),
        ("1. e4 if 1... e5 2. Nf3\nif 1... e5 2. Nc3", "Your conditions answer e5 twice, with Nf3 and with Nc3"),
        ("1. e4 if 1... e5", "has no answer"),
        ("1. e4 if 1... e5 2. Nf3 Nc6", "each \"if\" takes your opponent's move and your answer"),
    ];
    for (mail, reason) in cases {
        let bob_mails = count(&t, BOB);
        t.reply(ALICE, mail);
        let refusal = t.mails(ALICE).pop().unwrap();
        says(&subject(&refusal), "not accepted");
        says(&body(&refusal), reason);
        says(&body(&refusal), "It is your move (1.)");
        assert!(moves(&mut t, id).is_empty(), "{mail}: nothing is played, the move neither");
        assert_eq!(count(&t, BOB), bob_mails);
        assert_eq!(game(&mut t, id).0.conditions, [None, None]);
    }
    // A line may not go on after a move that ends the game: Fool's mate.
    t.reply(ALICE, "1. f3 if 1... e5 2. g4 if 2... Qh4# 3. Nc3");
    says(&latest(&t, ALICE), "3. Nc3 comes after the game would be over");
    assert!(moves(&mut t, id).is_empty());
    // And the mail that is right is taken.
    t.reply(ALICE, "1. f3 if 1... e5 2. g4");
    assert_eq!(moves(&mut t, id), ["f3"]);
}

#[test]
fn conditions_alone_while_the_opponent_is_to_move_replace_those_left_before() {
    let mut t = Table::new("conditional-alone");
    let id = t.new_game("chess");
    // On her move, conditions without a move are refused.
    t.reply(ALICE, "if 1... e5 2. Nf3");
    says(&latest(&t, ALICE), "It is your move: conditional moves go with it");
    t.reply(ALICE, "1. e4 if 1... e5 2. Nf3");
    let bob_mails = count(&t, BOB);
    t.reply(ALICE, "if 1... c5 2. Nf3 if 2... d6 3. d4\nif 1... c6 2. d4");
    assert_eq!(count(&t, BOB), bob_mails, "Bob is not told");
    let alice = t.mails(ALICE).pop().unwrap();
    says(&subject(&alice), "conditional moves recorded");
    says(&body(&alice), "Your conditional moves are recorded; Bob does not see them.");
    says(&body(&alice), "    if 1... c5 2. Nf3 if 2... d6 3. d4\n    if 1... c6 2. d4\n");
    never_says(&body(&alice), "if 1... e5");
    // The old line is gone: e5 is now a deviation.
    t.reply(BOB, "1... e5");
    assert_eq!(moves(&mut t, id), ["e4", "e5"]);
    says(&latest(&t, ALICE), "Your conditional moves are dropped");
}

#[test]
fn the_conditions_live_in_the_database_until_they_are_used() {
    let mut t = Table::new("conditional-stored");
    let id = t.new_game("chess");
    t.reply(ALICE, "1. e4 if 1... e5 2. Nf3");
    // herald restarts: the conditions are in the game's record in SQLite.
    let config = t.service.config().clone();
    t.reopen(config);
    t.reply(BOB, "1... e5");
    assert_eq!(moves(&mut t, id), ["e4", "e5", "Nf3"]);
}

#[test]
fn an_open_draw_offer_keeps_the_answer_from_being_played() {
    let mut t = Table::new("conditional-draw");
    let id = t.new_game("chess");
    t.reply(ALICE, "1. e4 if 1... e5 2. Nf3");
    t.reply(BOB, "1... e5 draw");
    assert_eq!(moves(&mut t, id), ["e4", "e5"]);
    let alice = latest(&t, ALICE);
    says(&alice, "Bob played 1... e5 and offers a draw.");
    says(
        &alice,
        "Your conditional move 2. Nf3 was not played: Bob's draw offer is open, and a move would decline it. It is \
         your decision; your conditional moves are cancelled.",
    );
    says(&alice, "It is your move (2.)");
    assert_eq!(game(&mut t, id).0.conditions, [None, None]);
}

#[test]
fn a_conditional_answer_restarts_the_clock_for_the_other_side() {
    // The club's control: 3 days per move, counted to the minute.
    let mut t = Table::new("conditional-clock");
    let id = t.new_game("chess");
    t.reply(ALICE, "1. e4 if 1... e5 2. Nf3");
    t.clock.advance(5 * 3600);
    t.reply(BOB, "1... e5");
    // Bob's mail was read (and 2. Nf3 played) at the clock's time now: his next move is due 72
    // hours later.
    let read_at: Timestamp = t.clock.now();
    let (record, stored) = game(&mut t, id);
    assert_eq!(stored[2].played_at, read_at);
    assert_eq!(record.deadline, Some(read_at.checked_add(jiff::SignedDuration::from_hours(72)).unwrap()));
}

#[test]
fn both_players_conditions_answer_each_other() {
    let mut t = Table::new("conditional-both");
    let id = t.new_game("chess");
    t.reply(ALICE, "1. e4 if 1... e5 2. Nf3 if 2... Nc6 3. Bb5");
    // Bob's move is one Alice's line waits for; his own conditions wait for her answer.
    t.reply(BOB, "1... e5 if 2. Nf3 2... Nc6 if 3. Bb5 3... a6\nif 2. Nc3 2... Nf6");
    assert_eq!(moves(&mut t, id), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    let bob = latest(&t, BOB);
    says(
        &bob,
        "Then conditional moves were played at once:\n    2. Nf3, Alice's conditional move\n    2... Nc6, your \
         conditional move\n    3. Bb5, Alice's conditional move\n    3... a6, your conditional move\n",
    );
    says(&latest(&t, ALICE), "It is your move (4.)");
    assert_eq!(game(&mut t, id).0.conditions, [None, None]);
}

#[test]
fn a_conditional_move_may_end_the_game() {
    let mut t = Table::new("conditional-mate");
    let id = t.new_game("chess");
    t.reply(ALICE, "1. f3");
    t.reply(BOB, "1... e5 if 2. g4 2... Qh4#");
    t.reply(ALICE, "2. g4");
    assert_eq!(moves(&mut t, id), ["f3", "e5", "g4", "Qh4#"]);
    for who in [ALICE, BOB] {
        let mail = t.mails(who).pop().unwrap();
        says(&subject(&mail), "0-1 Black wins by checkmate");
        says(&body(&mail), "After 2. g4, conditional moves were played at once; the game is over.");
        says(&body(&mail), "2... Qh4#, ");
    }
    let report = verify(&archive(&mut t, id));
    assert!(report.ok(), "{report:?}");
}

#[test]
fn a_game_that_ends_drops_them() {
    let mut t = Table::new("conditional-resign");
    let id = t.new_game("chess");
    t.reply(ALICE, "1. e4 if 1... e5 2. Nf3");
    t.reply(BOB, "resign");
    let (record, _) = game(&mut t, id);
    assert_eq!(record.result.unwrap().score, "1-0");
    assert_eq!(record.conditions, [None, None]);
    never_says(&latest(&t, ALICE), "Your conditional moves, which");
}

#[test]
fn each_open_variant_takes_conditions_in_its_own_notation() {
    // (variant, White's move, Black's, White's answer): the openings' moves checked on each
    // variant's start position (Royal Chess: 54 is e4, N-76 the knight from h8 to g6, N-73 the
    // knight from h1 to g3; Capablanca's knights stand on b and i).
    let cases = [
        ("chess", "e4", "e5", "Nf3"),
        ("capablanca", "e4", "e5", "Nc3"),
        ("royal", "54", "N-76", "N-73"),
        ("safety-in-numbers", "e4", "e5", "Nf3"),
        ("chess+ninja", "e4", "e5", "Nf3"),
        ("capablanca+ninja", "e4", "e5", "Nc3"),
        ("krithala", "e4", "e5", "Nf3"),
        ("krithala+capablanca", "e4", "e5", "Nc3"),
        ("krithala+royal", "54", "N-76", "N-73"),
    ];
    for (variant, white, black, answer) in cases {
        let mut t = Table::new("conditional-variants");
        let id = t.new_game(variant);
        t.reply(ALICE, &format!("1. {white} if 1... {black} 2. {answer}"));
        t.reply(BOB, &format!("1... {black}"));
        let played = moves(&mut t, id);
        assert_eq!(played.len(), 3, "{variant}: {played:?}");
        says(&latest(&t, BOB), "Alice's conditional move");
        assert!(variants::by_id(variant).unwrap().conditional_moves().is_ok());
    }
}

#[test]
fn variants_that_keep_secrets_offer_none_and_their_help_says_why() {
    let mut t = Table::new("conditional-crown");
    let id = t.new_game("crown");
    t.reply(ALICE, "help");
    says(&latest(&t, ALICE), "Conditional moves are not offered in Crown and its extensions");
    t.reply(ALICE, "crown king");
    t.reply(BOB, "crown queen");
    t.reply(ALICE, "1. e4 if 1... e5 2. Nf3");
    says(&latest(&t, ALICE), "could tell you your opponent's secret");
    assert!(moves(&mut t, id).is_empty());

    let mut t = Table::new("conditional-si");
    let id = t.new_game("secret-intelligence");
    t.reply(ALICE, "seed a");
    t.reply(BOB, "seed b");
    t.reply(ALICE, "1. Pc3-c4 if 1... Pb7-b6 2. Pd2-d3");
    says(&latest(&t, ALICE), "Conditional moves are not offered in Secret Intelligence Chess");
    assert!(moves(&mut t, id).is_empty());

    for variant in variants::all() {
        let offered = variant.conditional_moves().is_ok();
        // The Crown family (with or without ninjas) and Secret Intelligence keep secrets.
        let secrets = variant.id().starts_with("crown") || variant.id() == "secret-intelligence";
        assert_eq!(offered, !secrets, "{}", variant.id());
    }
    // An open variant's help says how to write them.
    let mut t = Table::new("conditional-help");
    t.new_game("chess");
    t.reply(ALICE, "help");
    says(&latest(&t, ALICE), "Conditional moves: with your move you may leave answers");
}
