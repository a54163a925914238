//! The referee core on its own: (stored game, one mail, now) in, (new state, mails) out, with
//! no database, no mail server and a clock that is just a value. Each test plays the
//! situation the service must handle and checks what the rules of play-by-mail say should
//! happen: who gets a mail, what changes, what stays as it was.

use crate::support;
use support::mime::unwrapped;

use herald::clock::Timestamp;
use herald::engine::Color;
use herald::mail::reader::{Address, AutomaticReason, IncomingMail};
use herald::referee::records::{GameRecord, GameStatus, Player, Verdict};
use herald::referee::templates::Templates;
use herald::referee::token::Tokens;
use herald::referee::{Decision, Referee, Settings};
use herald::variants;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

struct Table {
    settings: Settings,
    templates: Templates,
    tokens: Tokens,
    record: GameRecord,
    now: Timestamp,
    sent: u32,
}

use support::core::{club_settings, player_mail};

impl Table {
    fn new() -> Table {
        Table::of("chess")
    }

    /// A new game of `variant`, Alice White and Bob Black.
    fn of(variant: &str) -> Table {
        let settings = club_settings();
        let templates = Templates::built_in();
        let tokens = Tokens::new(b"test secret");
        let now: Timestamp = "2026-11-21T12:00:00Z".parse().unwrap();
        let chess = variants::by_id(variant).unwrap();
        let white = Player { email: ALICE.into(), name: Some("Alice".into()) };
        let black = Player { email: BOB.into(), name: Some("Bob".into()) };
        let effects =
            Referee::new(&settings, &templates, &tokens, &|| [7; 16]).start_game(1, chess, white, black, now).unwrap();
        assert_eq!(effects.mails.len(), 2, "both players are invited");
        let record = effects.game.unwrap();
        Table { settings, templates, tokens, record, now, sent: 0 }
    }

    /// A mail from `from` replying to the mail herald sent to `token_of`.
    fn mail(&mut self, from: &str, token_of: Color, body: &str) -> IncomingMail {
        self.sent += 1;
        let token = self.tokens.token(self.record.id, token_of);
        player_mail(self.sent, from, &token, "Re: [herald #1] chess", body)
    }

    fn handle(&mut self, mail: &IncomingMail) -> Decision {
        let referee = Referee::new(&self.settings, &self.templates, &self.tokens, &|| [7; 16]);
        let decision = referee.handle_mail(mail, Some(self.record.clone()), self.now).unwrap();
        if let Some(game) = &decision.effects.game {
            self.record = game.clone();
        }
        self.now = self.now.checked_add(jiff::SignedDuration::from_mins(10)).unwrap();
        decision
    }

    fn say(&mut self, from: &str, body: &str) -> Decision {
        let color = if from == ALICE { Color::White } else { Color::Black };
        let mail = self.mail(from, color, body);
        self.handle(&mail)
    }
}

fn text(mail: &herald::referee::records::OutgoingRecord) -> String {
    String::from_utf8_lossy(&mail.message().expect("the mail as sent")).into_owned()
}

fn recipients(decision: &Decision) -> Vec<&str> {
    decision.effects.mails.iter().map(|m| m.recipient.as_str()).collect()
}

#[test]
fn a_legal_move_is_recorded_and_both_players_are_told() {
    let mut t = Table::new();
    let d = t.say(ALICE, "1. e4");
    assert_eq!(d.verdict, Verdict::Move);
    assert_eq!(d.effects.moves.len(), 1);
    assert_eq!(d.effects.moves[0].notation, "e4");
    assert_eq!(recipients(&d), [ALICE, BOB]);
    assert!(text(&d.effects.mails[0]).contains("Your move 1. e4 is recorded"));
    assert!(text(&d.effects.mails[1]).contains("Alice played 1. e4"));
    assert!(text(&d.effects.mails[1]).contains("It is your move (1...)"));
    let game = variants::by_id("chess").unwrap().restore(&t.record.snapshot).unwrap();
    assert_eq!(game.moves(), ["e4"]);
}

#[test]
fn an_illegal_move_gets_a_reason_and_changes_nothing() {
    let mut t = Table::new();
    let before = t.record.snapshot.clone();
    let d = t.say(ALICE, "Ke2");
    assert_eq!(d.verdict, Verdict::Rejected);
    assert!(d.effects.moves.is_empty());
    assert_eq!(recipients(&d), [ALICE]);
    assert!(text(&d.effects.mails[0]).contains("not a legal move"));
    assert_eq!(t.record.snapshot, before);
}

/// A refused move is answered with the variant's own words on writing moves — the notation
/// of each rules page, quoted here — and a refusal of something else is not.
#[test]
fn a_refused_move_shows_how_moves_are_written_in_its_variant() {
    type Case = (&'static str, [&'static str; 2], &'static str, &'static [&'static str]);
    let cases: [Case; 5] = [
        // Royal Chess's page writes "54", "N-76", castling "C3-G4", and "(w)" waives a Guard's powers.
        ("royal", ["", ""], "N-77", &["54", "N-76", "C3-G4", "(w)"]),
        // Crown: the choice "crown king", both monarchs castle ("K0-0", "D0-0").
        ("crown", ["crown king", "crown queen"], "Ke2", &["crown king", "K0-0", "D0-0"]),
        // Secret Intelligence: moves in full, and swaps.
        ("secret-intelligence", ["seed a", "seed b"], "Ka1-a8", &["Nb1-c3", "<>"]),
        // Safety in Numbers: moves out of and into crowds, square to square.
        ("safety-in-numbers", ["", ""], "Ke2", &["crowd", "e5-e4"]),
        ("chess", ["", ""], "Ke2", &["SAN", "e2-e4"]),
    ];
    for (variant, setup, attempt, words) in cases {
        let mut t = Table::of(variant);
        for (player, answer) in [ALICE, BOB].into_iter().zip(setup) {
            if !answer.is_empty() {
                assert_ne!(t.say(player, answer).verdict, Verdict::Rejected, "{variant}: {answer}");
            }
        }
        let d = t.say(ALICE, attempt);
        assert_eq!(d.verdict, Verdict::Rejected, "{variant}");
        let mail = body(&d.effects.mails[0]);
        assert!(mail.contains("How moves are written in this game:"), "{variant}: {mail}");
        for word in words {
            assert!(mail.contains(word), "{variant}: no {word:?} in {mail}");
        }
    }
    // A refusal that is not of a move: an old draw offer repeated.
    let mut t = Table::new();
    t.say(ALICE, "draw");
    let d = t.say(ALICE, "draw");
    assert_eq!(d.verdict, Verdict::Rejected);
    assert!(!body(&d.effects.mails[0]).contains("How moves are written"));
}

#[test]
fn a_move_out_of_turn_is_refused() {
    let mut t = Table::new();
    let d = t.say(BOB, "e5");
    assert_eq!(d.verdict, Verdict::Rejected);
    assert!(text(&d.effects.mails[0]).contains("It is not your move"));
    assert_eq!(recipients(&d), [BOB]);
}

#[test]
fn a_stale_or_wrongly_numbered_move_is_refused() {
    let mut t = Table::new();
    t.say(ALICE, "e4");
    t.say(BOB, "e5");
    let before = t.record.snapshot.clone();
    // An old mail: White's first move again.
    let d = t.say(ALICE, "1. Nf3");
    assert_eq!(d.verdict, Verdict::Rejected);
    assert!(text(&d.effects.mails[0]).contains("the game is at 2."), "{}", text(&d.effects.mails[0]));
    assert_eq!(t.record.snapshot, before);
    // Black's dots for White's move.
    assert_eq!(t.say(ALICE, "2... Nf3").verdict, Verdict::Rejected);
    // The right number is accepted.
    assert_eq!(t.say(ALICE, "2. Nf3").verdict, Verdict::Move);
}

#[test]
fn a_forged_sender_changes_nothing_and_learns_nothing() {
    let mut t = Table::new();
    let before = t.record.clone();
    let forged = t.mail("mallory@evil.test", Color::White, "e4");
    let d = t.handle(&forged);
    assert_eq!(d.verdict, Verdict::Unverified);
    assert!(d.effects.game.is_none());
    assert!(d.effects.moves.is_empty());
    assert_eq!(recipients(&d), ["mallory@evil.test"]);
    let reply = text(&d.effects.mails[0]);
    for secret in ["Alice", "Bob", "alice@", "bob@", "#1", "Moves", "r n b q"] {
        assert!(!reply.contains(secret), "the reply to a forged mail reveals {secret:?}:\n{reply}");
    }
    assert_eq!(t.record, before);
}

#[test]
fn a_valid_token_from_the_wrong_player_is_refused() {
    let mut t = Table::new();
    // Alice replies with Bob's token (to Bob's Reply-To address).
    let mail = t.mail(ALICE, Color::Black, "e4");
    let d = t.handle(&mail);
    assert_eq!(d.verdict, Verdict::Unverified);
    assert!(d.effects.game.is_none());
}

#[test]
fn a_mail_without_a_token_is_refused() {
    let mut t = Table::new();
    let mut mail = t.mail(ALICE, Color::White, "e4");
    mail.delivered_to = vec!["referee@club.test".into()];
    mail.to = vec!["referee@club.test".into()];
    assert_eq!(t.handle(&mail).verdict, Verdict::Unverified);
    // The token in the subject is enough, for clients that drop the "+" part.
    let token = t.tokens.token(1, Color::White);
    mail.subject = format!("Re: [herald #1] chess: your move (1.) [ref:{token}]");
    mail.dedupe_key.push('2');
    assert_eq!(t.handle(&mail).verdict, Verdict::Move);
}

#[test]
fn automatic_mail_is_never_answered() {
    let mut t = Table::new();
    let mut mail = t.mail(ALICE, Color::White, "I am on holiday until Monday.");
    mail.automatic = Some(AutomaticReason::AutoSubmitted("auto-replied".into()));
    let d = t.handle(&mail);
    assert_eq!(d.verdict, Verdict::Automatic);
    assert!(d.effects.mails.is_empty());
    assert!(d.effects.game.is_none());
}

/// The decoded body of a mail.
fn body(mail: &herald::referee::records::OutgoingRecord) -> String {
    support::mime::plain_text(&mail.message().expect("the mail as sent"))
}

/// A mail that holds no command is answered with why, in the player's terms, first; then the
/// help, word for word the answer to "help".
#[test]
fn a_mail_without_a_command_gets_why_and_then_the_help_word_for_word() {
    let mut t = Table::new();
    let help = t.say(ALICE, "help");
    assert_eq!(help.verdict, Verdict::Help);
    let help = body(&help.effects.mails[0]);
    let greeting = "Hello Alice,\n\n";
    assert!(help.starts_with(greeting), "{help}");
    let with_reason =
        |reason: &str| help.replacen(greeting, &format!("{greeting}{reason} Nothing was changed.\n\n"), 1);
    let d = t.say(ALICE, "Hello, how does this work?");
    assert_eq!(d.verdict, Verdict::Help);
    assert!(d.effects.moves.is_empty());
    let reason = "The first line of your mail, \"Hello, how does this work?\", is neither a move nor a command.";
    // Word for word, whatever lines the reason's paragraph is wrapped into.
    assert_eq!(unwrapped(&body(&d.effects.mails[0])), unwrapped(&with_reason(reason)));
    let d = t.say(ALICE, "");
    assert_eq!(
        unwrapped(&body(&d.effects.mails[0])),
        unwrapped(&with_reason("Your mail held no command: it was empty."))
    );
    let mut quoted = t.mail(ALICE, Color::White, "");
    quoted.no_text = Some(herald::mail::reader::NoText::AllQuoted);
    let d = t.handle(&quoted);
    let reason = "Your mail held no command: everything in it was quoted from an earlier mail.";
    assert_eq!(unwrapped(&body(&d.effects.mails[0])), unwrapped(&with_reason(reason)));
    let d = t.say(ALICE, "12.");
    assert_eq!(
        unwrapped(&body(&d.effects.mails[0])),
        unwrapped(&with_reason("Your mail gives a move number (12.) but no move."))
    );
}

/// A Subject read when the text holds nothing: the move in it is played.
#[test]
fn a_move_in_the_subject_of_an_empty_reply_is_read() {
    let mut t = Table::new();
    let mut mail = t.mail(ALICE, Color::White, "");
    mail.subject = "Nf3 Re: [herald #1] chess: your move (1.) [ref:1w0]".into();
    let d = t.handle(&mail);
    assert_eq!(d.verdict, Verdict::Move);
    assert_eq!(d.effects.moves[0].notation, "Nf3");
    // A text that holds a command wins over the Subject.
    let mut mail = t.mail(BOB, Color::Black, "e5");
    mail.subject = "Re: d5".into();
    assert_eq!(t.handle(&mail).effects.moves[0].notation, "e5");
}

/// Whoever sends as one of herald's own addresses is never answered: herald would be
/// answering itself.
#[test]
fn mail_from_herald_s_own_addresses_is_never_answered() {
    let mut t = Table::new();
    for from in ["referee@club.test", "Referee@CLUB.test", "referee+1w0123@club.test"] {
        let mut mail = t.mail(ALICE, Color::White, "e4");
        mail.from = Some(Address { addr: from.into(), name: None });
        let d = t.handle(&mail);
        assert_eq!(d.verdict, Verdict::OwnAddress, "{from}");
        assert!(d.effects.mails.is_empty() && d.effects.game.is_none(), "{from}");
    }
}

#[test]
fn board_resends_the_view_to_that_player_only() {
    let mut t = Table::new();
    t.say(ALICE, "e4");
    let d = t.say(BOB, "board");
    assert_eq!(recipients(&d), [BOB]);
    assert!(text(&d.effects.mails[0]).contains("Moves: 1. e4"));
}

#[test]
fn draw_offer_with_a_move_then_accepted() {
    let mut t = Table::new();
    let d = t.say(ALICE, "e4 draw");
    assert_eq!(d.verdict, Verdict::Move);
    assert_eq!(t.record.draw_offer, Some(Color::White));
    assert!(text(&d.effects.mails[1]).contains("offers a draw"));
    // The offer stands on a line of its own under the line that says whose move it is.
    for (mail, offer) in
        [(&d.effects.mails[0], "Your draw offer is open."), (&d.effects.mails[1], "Alice offers a draw")]
    {
        let mail = text(mail);
        assert!(mail.lines().any(|l| l.starts_with(offer)), "{mail}");
        assert!(mail.lines().any(|l| l.contains("to move (1...), by ") || l.starts_with("It is your move (1...)")));
    }
    let d = t.say(BOB, "accept");
    assert_eq!(d.verdict, Verdict::Draw);
    assert_eq!(t.record.status, GameStatus::Finished);
    let result = t.record.result.clone().unwrap();
    assert_eq!(result.score, "1/2-1/2");
    assert_eq!((result.white_points, result.black_points), (500, 500));
    assert_eq!(recipients(&d), [ALICE, BOB]);
    // After the end nothing more is played.
    assert_eq!(t.say(BOB, "e5").verdict, Verdict::Rejected);
}

#[test]
fn a_draw_offer_is_declined_by_word_or_by_a_move() {
    let mut t = Table::new();
    t.say(ALICE, "e4");
    t.say(ALICE, "draw");
    assert_eq!(t.record.draw_offer, Some(Color::White));
    let d = t.say(BOB, "decline");
    assert_eq!(d.verdict, Verdict::Declined);
    assert_eq!(t.record.draw_offer, None);
    assert_eq!(recipients(&d), [BOB, ALICE]);
    t.say(ALICE, "draw");
    t.say(BOB, "e5");
    assert_eq!(t.record.draw_offer, None, "a move declines the open offer");
    assert_eq!(t.say(BOB, "accept").verdict, Verdict::Rejected, "no offer to accept");
}

#[test]
fn a_repetition_is_claimed_with_draw() {
    let mut t = Table::new();
    for (who, mv) in [
        (ALICE, "Nf3"),
        (BOB, "Nf6"),
        (ALICE, "Ng1"),
        (BOB, "Ng8"),
        (ALICE, "Nf3"),
        (BOB, "Nf6"),
        (ALICE, "Ng1"),
        (BOB, "Ng8"),
    ] {
        assert_eq!(t.say(who, mv).verdict, Verdict::Move);
    }
    // The start position has now stood three times with White to move: White may claim.
    let d = t.say(ALICE, "draw");
    assert_eq!(d.verdict, Verdict::Draw);
    assert!(t.record.result.as_ref().unwrap().reason.contains("repetition"));
}

#[test]
fn resignation_ends_the_game() {
    let mut t = Table::new();
    let d = t.say(BOB, "resign");
    assert_eq!(d.verdict, Verdict::Resigned);
    let result = t.record.result.clone().unwrap();
    assert_eq!(result.score, "1-0");
    assert!(result.reason.contains("resignation"));
    assert!(text(&d.effects.mails[0]).contains("1-0"));
}

/// Players number the lines of their replies: a command word after a move number is that
/// command, whatever the number (issue 26), and a numbered move is still a move.
#[test]
fn numbered_commands_are_the_commands() {
    let mut t = Table::new();
    assert_eq!(t.say(ALICE, "1. board").verdict, Verdict::Board);
    assert_eq!(t.say(ALICE, "1. help").verdict, Verdict::Help);
    assert_eq!(t.say(ALICE, "1. draw").verdict, Verdict::DrawOffer);
    assert_eq!(t.say(BOB, "1... decline").verdict, Verdict::Declined);
    assert_eq!(t.say(ALICE, "1. e4").verdict, Verdict::Move);
    let d = t.say(BOB, "12... resign");
    assert_eq!(d.verdict, Verdict::Resigned);
    assert_eq!(t.record.result.clone().unwrap().score, "1-0");
}

#[test]
fn checkmate_ends_the_game_and_both_get_the_result() {
    let mut t = Table::new();
    for (who, mv) in [(ALICE, "e4"), (BOB, "e5"), (ALICE, "Bc4"), (BOB, "Nc6"), (ALICE, "Qh5"), (BOB, "Nf6")] {
        t.say(who, mv);
    }
    let d = t.say(ALICE, "Qxf7#");
    assert_eq!(d.verdict, Verdict::Move);
    assert_eq!(t.record.status, GameStatus::Finished);
    assert_eq!(t.record.result.as_ref().unwrap().score, "1-0");
    for mail in &d.effects.mails {
        assert!(text(mail).contains("White wins by checkmate"));
    }
}

#[test]
fn every_mail_threads_under_the_players_first_mail() {
    let mut t = Table::new();
    let root_white = herald::referee::ids::thread_root(&t.tokens, 1, Color::White, "club.test");
    let d1 = t.say(ALICE, "e4");
    let d2 = t.say(BOB, "e5");
    let ids: Vec<&str> = d1.effects.mails.iter().chain(&d2.effects.mails).map(|m| m.message_id.as_str()).collect();
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "Message-IDs are unique: {ids:?}");
    assert!(ids.iter().all(|id| id.ends_with("@club.test")));
    let to_alice = text(&d1.effects.mails[0]);
    assert!(to_alice.contains(&format!("In-Reply-To: <{root_white}>")), "{to_alice}");
    assert!(to_alice.contains(&format!("References: <{root_white}>")));
    let token = t.tokens.token(1, Color::White);
    assert!(to_alice.contains(&format!("Reply-To: referee+{token}@club.test")));
    assert!(to_alice.contains(&format!("[ref:{token}]")));
}

// Sender authentication and the confirmation of a game's end (`referee::senders`).

/// The club's receiving server, as `inbox.authentication.trusted_authserv_id` names it.
const TRUSTED: &str = "mx.club.test";

/// An `Authentication-Results` field as a server writes it.
fn authentication_results(value: &str) -> herald::mail::reader::AuthenticationResults {
    herald::mail::reader::authentication::parse(value).unwrap()
}

/// The Subject of a mail herald sent.
fn subject(mail: &herald::referee::records::OutgoingRecord) -> String {
    use mailparse::MailHeaderMap;
    mailparse::parse_mail(&mail.message().expect("the mail as sent"))
        .unwrap()
        .headers
        .get_first_value("Subject")
        .unwrap()
}

impl Table {
    /// This table with the club's sender policy as configured by default (confirmation of
    /// unauthenticated game endings), trusting [`TRUSTED`].
    fn with_default_senders() -> Table {
        let mut t = Table::new();
        t.settings.senders =
            herald::referee::senders::SenderPolicy { trusted_authserv_id: Some(TRUSTED.into()), ..Default::default() };
        t
    }

    /// `body` from `from`, as a reply to herald's mail with `subject`.
    fn reply_to(&mut self, from: &str, subject: &str, body: &str) -> Decision {
        let color = if from == ALICE { Color::White } else { Color::Black };
        let mut mail = self.mail(from, color, body);
        mail.subject = format!("Re: {subject}");
        self.handle(&mail)
    }

    /// `body` from `from` in a mail the trusted server authenticated with `results`.
    fn say_authenticated(&mut self, from: &str, results: &str, body: &str) -> Decision {
        let color = if from == ALICE { Color::White } else { Color::Black };
        let mut mail = self.mail(from, color, body);
        mail.authentication_results = vec![authentication_results(results)];
        self.handle(&mail)
    }
}

#[test]
fn an_unauthenticated_resignation_waits_for_the_confirmation_sent_to_the_player() {
    let mut t = Table::with_default_senders();
    t.say(ALICE, "e4");
    let before = t.record.clone();
    // Anyone who saw one of Bob's mails can write his From and his token.
    let d = t.say(BOB, "resign");
    assert_eq!(d.verdict, Verdict::ConfirmationAsked);
    assert_eq!(recipients(&d), [BOB], "only the address on file hears of it; Alice is told nothing");
    assert!(d.effects.moves.is_empty());
    assert_eq!(t.record.status, GameStatus::Active);
    assert_eq!((t.record.snapshot.clone(), t.record.result.clone()), (before.snapshot, before.result));
    let request = subject(&d.effects.mails[0]);
    assert!(request.contains("[confirm:"), "{request}");
    assert!(body(&d.effects.mails[0]).contains("    resign"), "{}", body(&d.effects.mails[0]));
    // "resign" again without the code (a second forged mail, or a reply to another mail)
    // does not confirm: it asks again.
    assert_eq!(t.say(BOB, "resign").verdict, Verdict::ConfirmationAsked);
    // A reply to the request with another first line does not confirm.
    assert_ne!(t.reply_to(BOB, &request, "No, I did not send that!").verdict, Verdict::Resigned);
    assert_eq!(t.record.status, GameStatus::Active);
    // Bob's reply to the request, with the command, ends the game as "resign" would have.
    let d = t.reply_to(BOB, &request, "resign");
    assert_eq!(d.verdict, Verdict::Resigned);
    assert_eq!(recipients(&d), [ALICE, BOB]);
    assert_eq!(t.record.result.as_ref().unwrap().score, "1-0");
}

#[test]
fn a_confirmation_is_stale_after_a_move() {
    let mut t = Table::with_default_senders();
    t.say(ALICE, "e4");
    let d = t.say(BOB, "resign");
    let request = subject(&d.effects.mails[0]);
    t.say(BOB, "e5");
    t.say(ALICE, "Nf3");
    let d = t.reply_to(BOB, &request, "resign");
    assert_eq!(d.verdict, Verdict::ConfirmationAsked, "the old code is stale: asked afresh");
    assert_eq!(t.record.status, GameStatus::Active);
    assert_ne!(subject(&d.effects.mails[0]), request);
    // The fresh request confirms.
    assert_eq!(t.reply_to(BOB, &subject(&d.effects.mails[0]), "resign").verdict, Verdict::Resigned);
}

#[test]
fn accepting_a_draw_by_accept_or_draw_waits_for_its_confirmation() {
    let mut t = Table::with_default_senders();
    t.say(ALICE, "e4 draw");
    let d = t.say(BOB, "accept");
    assert_eq!(d.verdict, Verdict::ConfirmationAsked);
    assert_eq!(t.record.draw_offer, Some(Color::White), "the offer stays open");
    let request = subject(&d.effects.mails[0]);
    // A resignation code does not confirm an acceptance, nor the reverse.
    assert_eq!(t.reply_to(BOB, &request, "resign").verdict, Verdict::ConfirmationAsked);
    assert_eq!(t.reply_to(BOB, &request, "draw").verdict, Verdict::Draw, "draw accepts the offer, as accept does");
    assert_eq!(t.record.result.as_ref().unwrap().score, "1/2-1/2");
}

#[test]
fn an_authenticated_resignation_needs_no_confirmation_unless_the_club_asks_always() {
    let mut t = Table::with_default_senders();
    let dkim = format!("{TRUSTED}; dkim=pass header.d=players.test header.s=s1");
    // Another server's pass, or a pass for another domain, is no authentication.
    let other_server = "mx.players.test; dkim=pass header.d=players.test";
    assert_eq!(t.say_authenticated(BOB, other_server, "resign").verdict, Verdict::ConfirmationAsked);
    let misaligned = format!("{TRUSTED}; dkim=pass header.d=elsewhere.test");
    assert_eq!(t.say_authenticated(BOB, &misaligned, "resign").verdict, Verdict::ConfirmationAsked);
    let spf = format!("{TRUSTED}; spf=pass smtp.mailfrom=bob@players.test");
    let mut always = Table::with_default_senders();
    always.settings.senders.confirm_game_ending = herald::config::ConfirmGameEnding::Always;
    assert_eq!(always.say_authenticated(BOB, &dkim, "resign").verdict, Verdict::ConfirmationAsked);
    assert_eq!(t.say_authenticated(BOB, &spf, "resign").verdict, Verdict::Resigned);
}

#[test]
fn when_authentication_is_required_an_unauthenticated_players_mail_counts_as_a_strangers() {
    let mut t = Table::with_default_senders();
    t.settings.senders.require = herald::config::Required::Dkim;
    let before = t.record.clone();
    let cases = [
        None,
        Some(format!("{TRUSTED}; none")),
        Some(format!("{TRUSTED}; dkim=fail header.d=players.test")),
        Some(format!("{TRUSTED}; spf=pass smtp.mailfrom=alice@players.test")),
        Some(format!("{TRUSTED}; dkim=pass header.d=elsewhere.test")),
        Some("mx.players.test; dkim=pass header.d=players.test".to_string()),
    ];
    for results in cases {
        let d = match &results {
            Some(r) => t.say_authenticated(ALICE, r, "e4"),
            None => t.say(ALICE, "e4"),
        };
        assert_eq!(d.verdict, Verdict::Unverified, "{results:?}");
        assert!(d.effects.game.is_none() && d.effects.moves.is_empty(), "{results:?}");
        assert_eq!(recipients(&d), [ALICE]);
        assert!(subject(&d.effects.mails[0]).contains("could not be verified"));
        assert!(d.effects.events[0].detail.contains("not authenticated"), "{}", d.effects.events[0].detail);
        assert_eq!(t.record, before);
    }
    let d = t.say_authenticated(ALICE, &format!("{TRUSTED}; dkim=pass header.d=players.test"), "e4");
    assert_eq!(d.verdict, Verdict::Move);
    // dkim-or-spf takes an aligned SPF pass too.
    t.settings.senders.require = herald::config::Required::DkimOrSpf;
    let spf = format!("{TRUSTED}; spf=pass smtp.mailfrom=bob@players.test");
    assert_eq!(t.say_authenticated(BOB, &spf, "e5").verdict, Verdict::Move);
}
