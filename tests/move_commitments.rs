//! Secrets committed during a game (README, "Commitments" and "The move log"): a move that
//! decides a secret commits it with the move, its chain record links the new hashes, both
//! players' mails list them, and `herald verify` checks each against the move that made it.

use crate::support;

use std::cell::Cell;
use std::io::Write;
use std::process::{Command, Stdio};

use herald::clock::Timestamp;
use herald::engine::{ClaimableDraw, Color, Outcome, Rules};
use herald::notation::input::MoveInputError;
use herald::referee::archive::{self, Archive};
use herald::referee::records::{Event, GameRecord, MoveRecord, OutgoingRecord, Player, Verdict};
use herald::referee::templates::Templates;
use herald::referee::token::Tokens;
use herald::referee::{Decision, Referee, RefereeError, Settings};
use herald::variants::standard::StandardGame;
use herald::variants::{self, Observer, PlayedMove, Secret, SnapshotError, Variant, VariantGame, View};
use serde_json::json;
use support::archive_schema;
use support::core::{club_settings, player_mail};
use support::hashes::mask_hashes;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// ---------------------------------------------------------------------------------------
// A variant of these tests' own. No variant of herald's commits a secret during a game yet
// (crown-2, crown-3 and crown-4 will); this one does, with the least rules that need it.

/// "noted-chess": chess in which each capture makes its player write a secret note about it,
/// `marked` when the player adds `*` to the move (`exd5*`), `plain` otherwise. The capture
/// decides the note, so the move commits it: label `white.note1`, `white.note2`, ... by the
/// capturer's captures counted. The rules open a note with the move two plies after the
/// capture that wrote it; the end of the game opens the rest. `*` on a move that captures
/// nothing is refused. The note is never part of the move's notation (`exd5`), as crown-2's
/// mined stone is never part of a drop's (`S@e4,f5`): replayed on `game_with_secrets`, as
/// `herald verify` replays it, a capture takes its note's value from the opened secrets.
struct NotedChess {
    /// The variant's mistake, for the referee to catch: every capture commits `note1` again.
    careless: bool,
    /// The hand-built archives' form: White writes a motto before the first move
    /// (`white.motto`, a secret of the setup, which the genesis links and no rule reads).
    motto: bool,
}

static NOTED: NotedChess = NotedChess { careless: false, motto: false };
static CARELESS: NotedChess = NotedChess { careless: true, motto: false };
static MOTTO: NotedChess = NotedChess { careless: false, motto: true };

/// Finds the tests' variants, and herald's.
fn lookup(id: &str) -> Option<&'static dyn Variant> {
    match id {
        "noted-chess" => Some(&NOTED),
        "careless-noted-chess" => Some(&CARELESS),
        "motto-noted-chess" => Some(&MOTTO),
        _ => variants::by_id(id),
    }
}

fn chess() -> &'static dyn Variant {
    variants::by_id("chess").unwrap()
}

impl Variant for NotedChess {
    fn id(&self) -> &'static str {
        match (self.careless, self.motto) {
            (true, _) => "careless-noted-chess",
            (false, true) => "motto-noted-chess",
            (false, false) => "noted-chess",
        }
    }
    fn name(&self) -> &'static str {
        "Noted chess"
    }
    fn summary(&self) -> &'static str {
        "chess with a secret note written with every capture"
    }
    fn rules(&self) -> &'static Rules {
        chess().rules()
    }
    fn new_game(&'static self) -> Box<dyn VariantGame> {
        Box::new(Noted { variant: self, inner: StandardGame::new(self, self.start_position()), known: Vec::new() })
    }
    fn game_from_fen(&'static self, _fen: &str) -> Result<Box<dyn VariantGame>, String> {
        Err("noted-chess starts from the start".into())
    }
    fn game_with_secrets(&'static self, secrets: &[Secret]) -> Result<Box<dyn VariantGame>, String> {
        let inner = StandardGame::new(self, self.start_position());
        Ok(Box::new(Noted { variant: self, inner, known: secrets.to_vec() }))
    }
    fn restore(&'static self, snapshot: &str) -> Result<Box<dyn VariantGame>, SnapshotError> {
        Ok(Box::new(Noted { variant: self, inner: StandardGame::restore(self, snapshot)?, known: Vec::new() }))
    }
}

/// A game of noted chess: chess, and the notes' values where they are known in advance.
struct Noted {
    variant: &'static NotedChess,
    inner: StandardGame,
    /// The opened secrets an auditor's game is given; none in a game the referee runs.
    known: Vec<Secret>,
}

impl Noted {
    /// The label of the note written by the capture at ply index `i` (from 0), if it was one.
    fn note_of(&self, moves: &[String], i: usize) -> Option<String> {
        if !moves[i].contains('x') {
            return None;
        }
        let by = if i.is_multiple_of(2) { Color::White } else { Color::Black };
        let n = if self.variant.careless {
            1
        } else {
            (0..=i).filter(|j| j % 2 == i % 2 && moves[*j].contains('x')).count()
        };
        Some(format!("{}.note{n}", by.name()))
    }
}

impl VariantGame for Noted {
    fn variant(&self) -> &'static dyn Variant {
        self.variant
    }
    fn secrets(&self) -> Vec<Secret> {
        if self.variant.motto {
            vec![Secret { label: "white.motto".into(), value: "fortune".into() }]
        } else {
            Vec::new()
        }
    }
    fn turn(&self) -> Color {
        self.inner.turn()
    }
    fn move_number(&self) -> u32 {
        self.inner.move_number()
    }
    fn play(&mut self, text: &str) -> Result<PlayedMove, MoveInputError> {
        let text = text.trim();
        let (written, marked) = match text.strip_suffix('*') {
            Some(rest) => (rest.trim_end(), true),
            None => (text, false),
        };
        let before = self.inner.snapshot();
        let mut played = self.inner.play(written)?;
        let moves = self.inner.moves();
        let ply = moves.len() - 1;
        match self.note_of(&moves, ply) {
            Some(label) => {
                let value = match self.known.iter().find(|s| s.label == label) {
                    Some(known) => known.value.clone(),
                    None => (if marked { "marked" } else { "plain" }).to_string(),
                };
                played.commit.push(Secret { label, value });
            }
            None if marked => {
                self.inner = StandardGame::restore(self.variant, &before).unwrap();
                return Err(MoveInputError::NoMatch {
                    input: text.to_string(),
                    reason: "only a capture writes a note (*)".into(),
                });
            }
            None => {}
        }
        if let Some(opened) = ply.checked_sub(2).and_then(|i| self.note_of(&moves, i)) {
            played.reveal.push(opened);
        }
        Ok(played)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }
    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        self.inner.claimable_draws()
    }
    fn snapshot(&self) -> String {
        self.inner.snapshot()
    }
    fn fen(&self) -> String {
        self.inner.fen()
    }
    fn start_fen(&self) -> String {
        self.inner.start_fen()
    }
    fn moves(&self) -> Vec<String> {
        self.inner.moves()
    }
    fn view(&self, observer: Observer) -> View {
        self.inner.view(observer)
    }
}

// ---------------------------------------------------------------------------------------
// Independent arithmetic: every hash a test expects is computed by the real `sha256sum` over
// bytes written here from README's words, never by herald.

/// `sha256sum` of `text`, through the real program.
fn sha256sum(text: &str) -> String {
    let mut child = Command::new("sha256sum").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap().to_string()
}

/// README's commitment bytes.
fn commitment_hash(game: i64, label: &str, value: &str, nonce: &str) -> String {
    sha256sum(&format!("herald-commitment-v1\ngame:{game}\nlabel:{label}\nvalue:{value}\nnonce:{nonce}\n"))
}

/// README's move record: the `move:` line, then one `commitment:` line per commitment the move
/// made, as given (the caller sorts them).
fn move_hash(prev: &str, ply: u32, color: &str, number: u32, notation: &str, lines: &[(&str, &str)]) -> String {
    let mut text = format!("herald-move-v1\nprev:{prev}\nply:{ply}\ncolor:{color}\nnumber:{number}\nmove:{notation}\n");
    for (label, hash) in lines {
        text.push_str(&format!("commitment:{label}:{hash}\n"));
    }
    sha256sum(&text)
}

// ---------------------------------------------------------------------------------------
// The referee core, driven by mails as tests/referee.rs drives it, with the tests' variant.

/// The club's side of the referee core: settings, templates, the token secret, and nonces
/// from a counter (1, 2, ... each as 16 equal bytes).
struct Club {
    settings: Settings,
    templates: Templates,
    tokens: Tokens,
    nonces: Box<dyn Fn() -> [u8; 16]>,
}

impl Club {
    fn new() -> Club {
        let counter = Cell::new(0u8);
        Club {
            settings: club_settings(),
            templates: Templates::built_in(),
            tokens: Tokens::new(b"the same secret"),
            nonces: Box::new(move || {
                counter.set(counter.get() + 1);
                [counter.get(); 16]
            }),
        }
    }

    fn referee(&self) -> Referee<'_> {
        Referee::new(&self.settings, &self.templates, &self.tokens, &*self.nonces).with_variants(lookup)
    }
}

/// One game on the referee core: the record as the store would keep it, and the moves and
/// events it would append.
struct Table {
    club: Club,
    record: GameRecord,
    moves: Vec<MoveRecord>,
    events: Vec<Event>,
    now: Timestamp,
    sent: u32,
}

impl Table {
    /// A new game of `variant`, Alice (White) against Bob (Black), and its invitations.
    fn new(variant: &'static NotedChess) -> (Table, Vec<OutgoingRecord>) {
        let club = Club::new();
        let now: Timestamp = "2026-11-21T12:00:00Z".parse().unwrap();
        let white = Player { email: ALICE.into(), name: Some("Alice".into()) };
        let black = Player { email: BOB.into(), name: Some("Bob".into()) };
        let effects = club.referee().start_game(1, variant, white, black, now).unwrap();
        let record = effects.game.unwrap();
        (Table { club, record, moves: Vec::new(), events: effects.events, now, sent: 0 }, effects.mails)
    }

    /// `who` mails `body`; the decision, or the referee's error.
    fn try_say(&mut self, who: &str, body: &str) -> Result<Decision, RefereeError> {
        self.sent += 1;
        let color = if who == ALICE { Color::White } else { Color::Black };
        let token = self.club.tokens.token(self.record.id, color);
        let mail = player_mail(self.sent, who, &token, "Re: [herald #1] noted-chess", body);
        let decision = self.club.referee().handle_mail(&mail, Some(self.record.clone()), self.now)?;
        if let Some(game) = &decision.effects.game {
            self.record = game.clone();
        }
        self.moves.extend(decision.effects.moves.iter().cloned());
        self.events.extend(decision.effects.events.iter().cloned());
        self.now = self.now.checked_add(jiff::SignedDuration::from_mins(10)).unwrap();
        Ok(decision)
    }

    fn say(&mut self, who: &str, body: &str) -> Decision {
        self.try_say(who, body).unwrap()
    }

    fn archive(&self) -> Archive {
        Archive::of(&self.record, START, &self.moves)
    }
}

/// The readable text of a mail as sent: headers, decoded text parts, and its picture by digest.
fn text(mail: &OutgoingRecord) -> String {
    support::mime::readable(&mail.message().expect("the mail as sent"))
}

/// The one mail `decision` sends to `who`.
fn mail_to(decision: &Decision, who: &str) -> String {
    let mails: Vec<&OutgoingRecord> = decision.effects.mails.iter().filter(|m| m.recipient == who).collect();
    assert_eq!(mails.len(), 1, "one mail to {who}");
    text(mails[0])
}

/// The commitment of `label` in the game.
fn note<'r>(record: &'r GameRecord, label: &str) -> &'r herald::referee::records::CommitmentRecord {
    record.commitments.iter().find(|c| c.commitment.label == label).unwrap_or_else(|| panic!("no {label}"))
}

/// A Scandinavian with four captures: 2. exd5 (White's first note, marked), 2... Qxd5 (Black's
/// first), 6... Bxd3 (Black's second, marked), 7. Qxd3 (White's second); then Black resigns.
const SCANDINAVIAN: &[(&str, &str)] = &[
    (ALICE, "e4"),
    (BOB, "d5"),
    (ALICE, "exd5*"),
    (BOB, "Qxd5"),
    (ALICE, "Nc3"),
    (BOB, "Qa5"),
    (ALICE, "d4"),
    (BOB, "Nf6"),
    (ALICE, "Nf3"),
    (BOB, "Bf5"),
    (ALICE, "Bd3"),
    (BOB, "Bxd3*"),
    (ALICE, "Qxd3"),
    (BOB, "resign"),
];

#[test]
fn a_capture_commits_its_note_with_the_move_and_both_players_get_the_hash() {
    let (mut t, invitations) = Table::new(&NOTED);
    // Nothing is decided before the first move: the genesis fixes no commitment.
    assert!(t.record.commitments.is_empty());
    let genesis = t.record.genesis.clone().unwrap();
    // README, "Players in the chain": the players are named by commitments to their addresses.
    let [white_nonce, black_nonce] = t.record.address_nonces.clone().expect("the players' address commitments");
    let player = |color: &str, address: &str, nonce: &str| {
        sha256sum(&format!("herald-commitment-v1\ngame:1\nlabel:{color}.address\nvalue:{address}\nnonce:{nonce}\n"))
    };
    let (white, black) = (player("white", ALICE, &white_nonce), player("black", BOB, &black_nonce));
    assert_eq!(
        genesis,
        sha256sum(&format!(
            "herald-chain-v1\ngame:1\nvariant:noted-chess\nwhite:{white}\nblack:{black}\nstart:{START}\n"
        ))
    );
    assert!(invitations.iter().all(|m| !text(m).contains("Commitments:")));
    t.say(ALICE, "e4");
    t.say(BOB, "d5");
    // A move that commits nothing has exactly the record it always had.
    assert_eq!(t.moves[0].hash, move_hash(&genesis, 1, "white", 1, "e4", &[]));
    assert_eq!(t.moves[1].hash, move_hash(&t.moves[0].hash, 2, "black", 1, "d5", &[]));

    let d = t.say(ALICE, "exd5*");
    assert_eq!(d.verdict, Verdict::Move);
    let made = note(&t.record, "white.note1");
    assert_eq!(
        (made.commitment.value.as_str(), made.committed_at_ply, made.revealed, made.revealed_at_ply),
        ("marked", 3, false, None)
    );
    // A fresh nonce from the injected source (the game's start drew the first two, for the
    // referee's seed, and its beginning the next two, for the players' address commitments),
    // and README's bytes.
    assert_eq!([white_nonce.as_str(), black_nonce.as_str()], ["03".repeat(16), "04".repeat(16)]);
    let nonce = "05".repeat(16);
    assert_eq!(made.commitment.nonce, nonce);
    let hash = commitment_hash(1, "white.note1", "marked", &nonce);
    assert_eq!(made.commitment.hash, hash);
    // The move's record links it after its `move:` line.
    let record = &d.effects.moves[0];
    assert_eq!(record.prev_hash, t.moves[1].hash);
    assert_eq!(record.hash, move_hash(&record.prev_hash, 3, "white", 2, "exd5", &[("white.note1", &hash)]));
    assert_eq!(t.record.chain_head.as_deref(), Some(record.hash.as_str()));
    // Both players are told the new hash, and only the hash.
    for who in [ALICE, BOB] {
        let mail = mail_to(&d, who);
        assert_eq!(support::mime::new_commitment(&mail, "white.note1"), Some(hash.clone()), "{mail}");
        let listed = support::mime::listed_commitment(&mail, "white.note1");
        assert_eq!(listed, Some(("white.note1, made with 2. exd5: sealed".into(), hash.clone())), "{mail}");
        assert!(!mail.contains("exd5*") && !mail.contains("marked"), "{mail}");
    }
    assert_eq!(d.effects.events[0].detail, "white played 2. exd5");

    // Black's capture commits Black's first note; White's is listed, no longer new.
    let d = t.say(BOB, "Qxd5");
    let black = note(&t.record, "black.note1");
    assert_eq!((black.commitment.value.as_str(), black.committed_at_ply), ("plain", 4));
    assert_eq!(black.commitment.nonce, "06".repeat(16));
    let black_hash = commitment_hash(1, "black.note1", "plain", &"06".repeat(16));
    for who in [ALICE, BOB] {
        let mail = mail_to(&d, who);
        assert_eq!(support::mime::new_commitment(&mail, "black.note1"), Some(black_hash.clone()), "{mail}");
        assert_eq!(support::mime::new_commitment(&mail, "white.note1"), None, "{mail}");
        let listed = support::mime::listed_commitment(&mail, "white.note1");
        assert_eq!(listed, Some(("white.note1, made with 2. exd5: sealed".into(), hash.clone())), "{mail}");
        let listed = support::mime::listed_commitment(&mail, "black.note1");
        assert_eq!(listed, Some(("black.note1, made with 2... Qxd5: sealed".into(), black_hash.clone())), "{mail}");
    }

    // Two plies after its capture the rules open White's note: both players get value and
    // nonce with the move that opens it, and it was made before, so no new hash comes.
    let d = t.say(ALICE, "Nc3");
    let opened = note(&t.record, "white.note1");
    assert_eq!((opened.revealed, opened.revealed_at_ply, opened.committed_at_ply), (true, Some(5), 3));
    for who in [ALICE, BOB] {
        let mail = mail_to(&d, who);
        let (line, opened_hash, _) = support::mime::opening(&mail, "white.note1").unwrap_or_else(|| panic!("{mail}"));
        assert_eq!((line, opened_hash), (format!("white.note1 = marked, nonce {nonce}"), hash.clone()), "{mail}");
        assert!(!mail.contains(" decided a secret") && !mail.contains(" decided secrets"), "{mail}");
    }
}

/// Plays `script` on a new game of noted chess; the table and every decision.
fn play(script: &[(&str, &str)]) -> (Table, Vec<Decision>) {
    let (mut t, _) = Table::new(&NOTED);
    let decisions = script.iter().map(|(who, body)| t.say(who, body)).collect();
    (t, decisions)
}

/// The secret is in what the player typed (`exd5*`) and in nothing the opponent gets: two
/// games that differ only in it give Black the same mails, byte for byte once the hashes
/// (which differ with the values) are masked, and the log the same lines, until the note is
/// opened. A refused `*` is answered to its sender alone and not logged.
#[test]
fn the_opponent_and_the_log_cannot_tell_a_marked_capture_from_a_plain_one() {
    let script = |capture: &'static str| -> Vec<(&'static str, &'static str)> {
        vec![(ALICE, "e4"), (BOB, "d5"), (ALICE, capture), (BOB, "Nf6*"), (BOB, "Qxd5"), (ALICE, "Nf3*")]
    };
    let (marked, marked_decisions) = play(&script("exd5*"));
    let (plain, plain_decisions) = play(&script("exd5"));
    assert_eq!(note(&marked.record, "white.note1").commitment.value, "marked");
    assert_eq!(note(&plain.record, "white.note1").commitment.value, "plain");
    let bobs = |decisions: &[Decision]| -> Vec<String> {
        decisions.iter().flat_map(|d| &d.effects.mails).filter(|m| m.recipient == BOB).map(text).collect()
    };
    let (a, b) = (bobs(&marked_decisions), bobs(&plain_decisions));
    assert_eq!(a.len(), 5, "Bob's mails: 4 moves and his refusal");
    for (i, (a, b)) in a.iter().zip(&b).enumerate() {
        assert_eq!(mask_hashes(a), mask_hashes(b), "mail {i} to Black differs with White's note");
    }
    let log = |t: &Table| -> Vec<String> { t.events.iter().map(|e| mask_hashes(&e.detail)).collect() };
    assert_eq!(log(&marked), log(&plain));
    assert!(marked.events.iter().all(|e| !e.detail.contains('*')), "{:?}", marked.events);
    // The refusals: each to its sender only, the reason told, nothing logged of the text.
    for (i, who) in [(3, BOB), (5, ALICE)] {
        let refused = &marked_decisions[i];
        assert_eq!(refused.verdict, Verdict::Rejected);
        assert_eq!(refused.effects.mails.len(), 1);
        assert!(mail_to(refused, who).contains("only a capture writes a note"));
        assert!(refused.effects.events[0].detail.contains("not logged"), "{:?}", refused.effects.events);
    }
    // Nor is it in the archive.
    let json = serde_json::to_string(&marked.archive()).unwrap();
    assert!(!json.contains('*') && !json.contains("marked"), "{json}");
}

/// The archive of a finished game with secrets committed along the way verifies — by herald,
/// and by the verifier written from README alone — and says after which move each was made.
#[test]
fn a_finished_game_with_notes_verifies() {
    let (t, decisions) = play(SCANDINAVIAN);
    assert_eq!(decisions.last().unwrap().verdict, Verdict::Resigned);
    let archive = t.archive();
    let labels: Vec<&str> = archive.commitments.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["black.note1", "black.note2", "white.note1", "white.note2"], "sorted by label");
    let at = |label: &str| {
        let c = archive.commitments.iter().find(|c| c.label == label).unwrap();
        (c.committed_at_ply, c.revealed_at_ply, c.value.clone().unwrap())
    };
    // Opened by the rules two plies after each capture, or at the end (after 13 moves).
    assert_eq!(at("white.note1"), (3, Some(5), "marked".to_string()));
    assert_eq!(at("black.note1"), (4, Some(6), "plain".to_string()));
    assert_eq!(at("black.note2"), (12, Some(13), "marked".to_string()));
    assert_eq!(at("white.note2"), (13, Some(13), "plain".to_string()));
    let report = archive::verify_with(&archive, lookup);
    assert!(report.ok() && report.open.is_empty(), "{report:?}");
    assert!(
        report.passed.iter().any(|p| p.starts_with("4 secret(s) committed during the game were decided")),
        "{report:?}"
    );
    assert!(report.passed.iter().any(|p| p.contains("4 secret(s) were opened when the rules open them")));
    // herald's own variants do not know noted chess: the plain `verify` says so.
    assert!(archive::verify(&archive).failed.iter().any(|f| f.contains("unknown variant")));
    // The archive fits the schema (but for its variant, which the schema lists by name).
    let mut json = serde_json::to_value(&archive).unwrap();
    json["variant"] = json!("chess");
    archive_schema::check(&json.to_string());
    assert!(json["commitments"].as_array().unwrap().iter().all(|c| c["committed_at_ply"].is_u64()));
    let (passed, printed) = strangers_verifier_on(&archive);
    assert!(passed && !printed.contains("FAILED"), "{printed}");
}

/// One change to the referee's own archive of the Scandinavian at a time; each must fail,
/// naming what broke.
#[test]
fn a_referee_s_archive_with_a_commitment_put_at_another_move_fails() {
    let (t, _) = play(SCANDINAVIAN);
    let archive = t.archive();
    let index = |label: &str| archive.commitments.iter().position(|c| c.label == label).unwrap();
    type Change = (&'static str, Box<dyn Fn(&mut Archive)>, &'static [&'static str]);
    let (white, black) = (index("white.note1"), index("black.note1"));
    let changes: Vec<Change> = vec![
        (
            "White's note said to be made with 3. Nc3",
            Box::new(move |a| a.commitments[white].committed_at_ply = 5),
            &[
                "move record 3 (2 exd5) links commitment white.note1, but the archive says it was made after 5 moves",
                "move record 5 (3 Nc3) does not link commitment white.note1, which the archive says was made after \
                 5 moves",
                "move 2 exd5 commits white.note1, but the archive says it was made after 5 moves",
                "the archive says white.note1 was made with move 3 Nc3, but that move decides no such secret when \
                 replayed",
            ],
        ),
        (
            "Black's note said to be made before the first move",
            Box::new(move |a| a.commitments[black].committed_at_ply = 0),
            &[
                "the genesis record does not link commitment black.note1, which the archive says was made before \
                 the first move",
                "move record 4 (2 Qxd5) links commitment black.note1, but the archive says it was made before the \
                 first move",
            ],
        ),
        (
            "a note said to be made after the last move",
            Box::new(move |a| a.commitments[white].committed_at_ply = 14),
            &["commitment white.note1 is said to be made after 14 moves, but the archive has 13 moves"],
        ),
        (
            "a note opened before it was made",
            Box::new(move |a| a.commitments[black].revealed_at_ply = Some(2)),
            &["commitment black.note1 was opened after 2 moves, before it was made (after 4 moves)"],
        ),
    ];
    for (what, change, named) in &changes {
        let mut changed = archive.clone();
        change(&mut changed);
        let report = archive::verify_with(&changed, lookup);
        for name in *named {
            assert!(report.failed.iter().any(|f| f == name), "{what}: no failure {name:?} in {:#?}", report.failed);
        }
        assert!(!strangers_verifier_on(&changed).0 || what.contains("opened before"), "{what}: the stranger agrees");
    }
}

/// A hand-built archive of noted chess, every hash computed here by `sha256sum` from README's
/// bytes: game 9, 1. e4 d5 2. exd5 with White's note `marked`, then Black resigns.
/// `white.motto` is a secret of the setup (motto-noted-chess's, which no rule reads; it is there
/// for the genesis to fix). The archive says White's note was made after `note_archived_at` moves;
/// the chain links it in the record of ply `note_linked_at` (0: the genesis), or nowhere.
fn hand_built(note_archived_at: u32, note_linked_at: Option<u32>) -> Archive {
    let (motto_nonce, note_nonce) = ("0a".repeat(16), "0b".repeat(16));
    let motto = commitment_hash(9, "white.motto", "fortune", &motto_nonce);
    let note = commitment_hash(9, "white.note1", "marked", &note_nonce);
    let linked = |ply: u32| if note_linked_at == Some(ply) { vec![("white.note1", note.as_str())] } else { vec![] };
    let mut genesis =
        format!("herald-chain-v1\ngame:9\nvariant:motto-noted-chess\nwhite:{ALICE}\nblack:{BOB}\nstart:{START}\n");
    for (label, hash) in [("white.motto", motto.as_str())].into_iter().chain(linked(0)) {
        genesis.push_str(&format!("commitment:{label}:{hash}\n"));
    }
    // Sorted by label in byte order: "white.motto" < "white.note1".
    let genesis = sha256sum(&genesis);
    let mut prev = genesis.clone();
    let mut moves = Vec::new();
    for (ply, color, number, notation) in [(1, "white", 1, "e4"), (2, "black", 1, "d5"), (3, "white", 2, "exd5")] {
        let hash = move_hash(&prev, ply, color, number, notation, &linked(ply));
        moves.push(
            json!({"ply": ply, "color": color, "number": number, "notation": notation, "prev": prev, "hash": hash}),
        );
        prev = hash;
    }
    let reason = "White wins by resignation";
    let result = sha256sum(&format!("herald-result-v1\nprev:{prev}\nscore:1-0\nreason:{reason}\n"));
    serde_json::from_value(json!({
        "format": "herald-archive-v1",
        "game": 9,
        "variant": "motto-noted-chess",
        "white": ALICE,
        "black": BOB,
        "start": START,
        "genesis": genesis,
        "commitments": [
            {"label": "white.motto", "hash": motto, "committed_at_ply": 0, "value": "fortune", "nonce": motto_nonce,
             "revealed_at_ply": 3},
            {"label": "white.note1", "hash": note, "committed_at_ply": note_archived_at, "value": "marked",
             "nonce": note_nonce, "revealed_at_ply": 3},
        ],
        "moves": moves,
        "chain_head": result,
        "result": {"score": "1-0", "reason": reason, "prev": prev, "hash": result},
    }))
    .unwrap()
}

#[test]
fn a_hand_built_archive_verifies_and_each_tampering_fails_with_its_own_message() {
    let good = hand_built(3, Some(3));
    let report = archive::verify_with(&good, lookup);
    assert!(report.ok() && report.open.is_empty(), "{report:#?}");
    assert!(report.passed.iter().any(|p| p.starts_with("1 secret(s) committed during the game")), "{report:#?}");
    let (passed, printed) = strangers_verifier_on(&good);
    assert!(passed, "{printed}");

    let mut changed_hash = good.clone();
    changed_hash.commitments[1]
        .hash
        .replace_range(0..1, if good.commitments[1].hash.starts_with('0') { "1" } else { "0" });
    let mut without_note = good.clone();
    without_note.commitments.pop();
    let cases: Vec<(&str, Archive, &[&str])> = vec![
        (
            "a commitment moved to another ply",
            hand_built(2, Some(3)),
            &[
                "move record 3 (2 exd5) links commitment white.note1, but the archive says it was made after 2 moves",
                "move record 2 (1 d5) does not link commitment white.note1, which the archive says was made after 2 \
                 moves",
                "move 2 exd5 commits white.note1, but the archive says it was made after 2 moves",
            ],
        ),
        (
            "a commitment line dropped from the move's record",
            hand_built(3, None),
            &["move record 3 (2 exd5) does not link commitment white.note1, which the archive says was made after \
               3 moves"],
        ),
        (
            "a commitment's hash changed",
            changed_hash,
            &[
                "commitment white.note1 does not open",
                "move record 3 (2 exd5) was changed: its fields and the \
               commitments made with it (white.note1) hash to",
            ],
        ),
        (
            "the genesis fixing a secret a move decided",
            hand_built(3, Some(0)),
            &[
                "the genesis record links commitment white.note1, but the archive says it was made after 3 moves",
                "move record 3 (2 exd5) does not link commitment white.note1, which the archive says was made after \
                 3 moves",
            ],
        ),
        (
            "a move's commitment missing from the archive",
            without_note,
            &[
                "move record 3 (2 exd5) was changed: its fields hash to",
                "move 2 exd5 commits white.note1, but the archive has no commitment white.note1",
            ],
        ),
    ];
    for (what, archive, named) in &cases {
        let report = archive::verify_with(archive, lookup);
        assert!(!report.ok(), "{what} went unnoticed");
        for name in *named {
            assert!(
                report.failed.iter().any(|f| f.starts_with(name)),
                "{what}: no failure {name:?} in {:#?}",
                report.failed
            );
        }
        let (passed, printed) = strangers_verifier_on(archive);
        assert!(!passed, "{what}: the verifier from README accepts it:\n{printed}");
    }
}

/// A variant that commits a label twice is mistaken: the mail is not carried out (the
/// service then rolls it back and apologises), and the secret committed first stays as it was.
#[test]
fn a_secret_committed_twice_is_refused_by_the_referee() {
    let (mut t, _) = Table::new(&CARELESS);
    for (who, body) in &SCANDINAVIAN[..11] {
        t.say(who, body);
    }
    // 2... Qxd5 committed black.note1; the careless variant names 6... Bxd3's note the same.
    assert_eq!(note(&t.record, "black.note1").committed_at_ply, 4);
    match t.try_say(BOB, "Bxd3") {
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains("decides the secret black.note1, which was committed before"), "{e}");
            assert!(!e.contains("plain"), "the error names the label, never a value: {e}");
        }
        Ok(d) => panic!("a second black.note1 was accepted: {:?}", d.verdict),
    }
}

/// [`strangers_verifier`] on an archive value, through a file.
fn strangers_verifier_on(archive: &Archive) -> (bool, String) {
    let dir = std::env::temp_dir().join(format!("herald-move-commitments-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{}.json", sha256sum(&serde_json::to_string(archive).unwrap())));
    std::fs::write(&path, serde_json::to_string_pretty(archive).unwrap()).unwrap();
    let result = strangers_verifier(&path);
    let _ = std::fs::remove_file(&path);
    result
}

/// The archives saved as fuzzing seeds were written by a herald from before commitments could
/// be made during a game (they have no `committed_at_ply`): they still read, and still verify,
/// by herald and by the verifier written from README alone.
#[test]
fn archives_from_before_still_verify() {
    for variant in ["capablanca", "chess", "crown", "royal", "safety-in-numbers", "secret-intelligence"] {
        let path = std::path::PathBuf::from(format!("{}/fuzz/seeds/archive/{variant}", env!("CARGO_MANIFEST_DIR")));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("committed_at_ply"), "{} is an archive from before", path.display());
        let archive: Archive = serde_json::from_str(&text).unwrap();
        assert!(archive.commitments.iter().all(|c| c.committed_at_ply == 0));
        let report = archive::verify(&archive);
        assert!(report.ok(), "{}: {report:?}", path.display());
        let (passed, printed) = strangers_verifier(&path);
        assert!(passed, "{}: {printed}", path.display());
    }
}

/// Runs the verifier written from README alone (tests/fixtures/verify_archive.py) on the
/// archive at `path`: whether it passed, and what it printed.
fn strangers_verifier(path: &std::path::Path) -> (bool, String) {
    let script = format!("{}/tests/fixtures/verify_archive.py", env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new("python3").arg(script).arg(path).output().unwrap();
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

/// The hand-built game as an archive exported after its third move, before the rules open
/// anything: no result, both secrets sealed.
fn hand_built_in_progress() -> Archive {
    let mut a = hand_built(3, Some(3));
    a.result = None;
    a.chain_head = a.moves.last().unwrap().hash.clone();
    for c in &mut a.commitments {
        (c.value, c.nonce, c.revealed_at_ply) = (None, None, None);
    }
    a
}

/// A game in progress is replayed on the secrets opened so far: a secret a move decided, moved
/// into the genesis and every hash recomputed (a whole chain), is found, as in a finished game.
#[test]
fn a_commitment_moved_into_the_genesis_of_a_game_in_progress_is_found() {
    use herald::referee::chain;
    let good = hand_built_in_progress();
    let report = archive::verify_with(&good, lookup);
    assert!(report.ok(), "{report:#?}");
    assert!(report.passed.iter().any(|p| p == "all 3 moves are legal under the secrets opened so far"), "{report:#?}");
    let mut moved = good.clone();
    moved.commitments[1].committed_at_ply = 0;
    let setup: Vec<(String, String)> = moved.commitments.iter().map(|c| (c.label.clone(), c.hash.clone())).collect();
    moved.genesis = chain::genesis(9, &moved.variant, ALICE, BOB, START, None, &setup);
    let mut prev = moved.genesis.clone();
    for m in &mut moved.moves {
        let color = if m.color == "white" { Color::White } else { Color::Black };
        m.prev = prev.clone();
        m.hash = chain::link(&prev, m.ply, color, m.number, &m.notation, &[]);
        prev = m.hash.clone();
    }
    moved.chain_head = prev;
    let report = archive::verify_with(&moved, lookup);
    assert!(report.passed.iter().any(|p| p.starts_with("the move log is a whole chain")), "{report:#?}");
    for expected in [
        "the genesis links the commitments white.motto, white.note1, but a game of motto-noted-chess commits before \
         its first move white.motto",
        "move 2 exd5 commits white.note1, but the archive says it was made after 0 moves",
    ] {
        assert!(report.failed.iter().any(|f| f == expected), "{expected:?} in {report:#?}");
    }
}
