//! What every fuzz target checks, one function a target: no input from outside may panic,
//! hang or break what herald promises of the result. The cargo-fuzz targets in
//! `fuzz_targets/` call these with libFuzzer's inputs; the main crate's test
//! `tests/fuzz_corpus.rs` calls them over the saved corpus in `fuzz/seeds/` and mutations of
//! it, so that every target runs in every test run, with or without cargo-fuzz.
#![allow(dead_code)]

use std::cell::RefCell;
use std::sync::Arc;

use herald::clock::FixedClock;
use herald::clock::TimeControl;
use herald::engine::{BoardSize, Color};
use herald::mail::inbox::imap::{LONGEST_LINE, starttls_exchange};
use herald::mail::oauth::token_from_output;
use herald::mail::reader::{
    self as mail_reader_api, Action, DeliveryReport, Failure, ReadError, ReadLimits, read_headers, read_mail,
    strip_quoted_text,
};
use herald::notation::{fen, input, numeric, pgn, record, san};
use herald::referee::archive::{self, Archive};
use herald::referee::commands::{self, LeaveCommand, OverviewCommand, PreferenceCommand};
use herald::referee::records::{Player, Verdict};
use herald::service::{Ingested, Service};
use herald::tournament::trf;
use herald::untrusted::{self, OneLine};
use herald::variants::crown::CrownVariant;
use herald::variants::crown::{CROWN_2, stones};
use herald::variants::ninja::open::NinjaPosition;
use herald::variants::ninja::{self, Reserve};
use herald::variants::royal::{self, Royal};
use herald::variants::safety_in_numbers::{self, SafetyInNumbers};
use herald::variants::secret_intelligence::board::Board;
use herald::variants::{self, Observer, Secret, Variant, VariantGame};

/// The first byte chooses among `n` things; the rest is the input proper.
fn choose(data: &[u8], n: usize) -> Option<(usize, &[u8])> {
    let (&selector, rest) = data.split_first()?;
    Some((selector as usize % n, rest))
}

/// FEN for every variant whose positions the engine reads: what is read is written back and
/// read again to the same text; moves and outcomes of what was read never panic.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for variant in variants::all() {
        if let Ok(pos) = fen::read(variant.rules(), text) {
            let written = fen::write(&pos);
            let again = fen::read(variant.rules(), &written).expect("herald reads the FEN it wrote");
            assert_eq!(fen::write(&again), written);
            let _ = pos.legal_moves();
            let _ = pos.outcome();
        }
    }
}

const MOVE_POSITIONS: [(&str, &str); 5] = [
    ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
    ("chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
    ("capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"),
    // Crown with both monarchs free to castle: K0-0, Q0-0 and their refusals.
    ("crown", "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w ADEHadeh - 0 1"),
];

/// What players type, in SAN and every form herald reads: a move read is legal, and its SAN
/// reads back as the same move.
pub fn move_input(data: &[u8]) {
    let Some((i, rest)) = choose(data, MOVE_POSITIONS.len()) else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let (variant, fen_text) = MOVE_POSITIONS[i];
    let pos = fen::read(variants::by_id(variant).unwrap().rules(), fen_text).unwrap();
    if let Ok(m) = input::parse_move(&pos, text) {
        assert!(pos.is_legal(m));
        let written = san::write(&pos, m);
        assert_eq!(input::parse_move(&pos, &written), Ok(m), "{written}");
    }
}

/// PGN files: read, and replayed until the first move that does not play.
pub fn pgn(data: &[u8]) {
    let text = pgn::decode(data);
    for (n, record) in pgn::parse(&text).into_iter().enumerate() {
        let variant = variants::all()[n % variants::all().len()];
        let mut game = variant.new_game();
        for m in &record.moves {
            if game.play(&m.text).is_err() {
                break;
            }
        }
    }
}

/// A raw mail, as a mail server delivers it: read within its limits, deterministically, with
/// the body in the documented shape; its headers alone read too.
pub fn mail_reader(data: &[u8]) {
    let limits = ReadLimits::default();
    match read_mail(data, &limits) {
        Ok(mail) => {
            assert!(mail.body.chars().count() <= limits.max_body_chars);
            assert_eq!(mail.body.trim(), mail.body, "body is trimmed");
            assert!(!mail.body.contains('\r'), "body has LF line ends only");
            assert!(mail.dedupe_key.starts_with("delivery:") && mail.dedupe_key.len() == 9 + 64);
            assert_eq!(mail.body.is_empty(), mail.no_text.is_some(), "an empty body says why");
            assert!(mail.to.len() <= 100 && mail.delivered_to.len() <= 100);
            assert!(mail.references.len() <= 100);
            assert!(mail.subject.chars().count() <= 998);
            // A display name is outside text made one line: clean, bounded, never empty.
            if let Some(name) = mail.from.as_ref().and_then(|a| a.name.as_deref()) {
                assert!(!name.is_empty() && untrusted::is_one_line(name, untrusted::NAME_CHARS), "{name:?}");
            }
            // Reading is deterministic (the delivery key relies on it).
            assert_eq!(read_mail(data, &limits).ok(), Some(mail));
        }
        Err(ReadError::TooLarge { .. }) => assert!(data.len() > limits.max_bytes),
        Err(ReadError::Malformed(_)) => {}
    }
    // The header-only path used for too-large mails, with a limit small enough that the
    // inputs often exceed it.
    let small = ReadLimits { max_bytes: 512, ..limits };
    if let Ok(head) = read_headers(data, &small) {
        assert!(head.body.is_empty());
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let stripped = strip_quoted_text(text);
        assert!(stripped.len() <= text.len());
    }
}

/// Outside text made one line (`untrusted::OneLine`), with the bound from the first byte: no
/// line break, control, bidirectional or invisible character, no space at either end or twice,
/// within the bound, ending in `…` exactly when it was cut; the same again when given its own
/// output. A message (herald's words quoting a player's) keeps every word an echo.
pub fn untrusted_text(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let max = usize::from(first);
    let text = String::from_utf8_lossy(rest);
    let line = OneLine::new(&text, max);
    let s = line.as_str();
    assert!(untrusted::is_one_line(s, max), "{s:?}");
    assert!(s.chars().all(|c| c == ' ' || !(c.is_whitespace() || c.is_control())), "{s:?}");
    for c in ['\u{202E}', '\u{2066}', '\u{200F}', '\u{061C}', '\u{FEFF}', '\u{2028}', '\x1b', '\u{85}'] {
        assert!(!s.contains(c), "{s:?}");
    }
    assert!(s.chars().count() <= max.max(1));
    assert_eq!(OneLine::new(s, max), line, "idempotent");
    // Cut only when the whole cleaned text does not fit, and then a beginning of it.
    let whole = OneLine::new(&text, usize::MAX);
    if whole.as_str().chars().count() <= max.max(1) {
        assert_eq!(line, whole);
    } else {
        assert!(s.ends_with(untrusted::ELLIPSIS), "{s:?}");
        assert!(whole.as_str().starts_with(s.trim_end_matches(untrusted::ELLIPSIS)), "{s:?}");
    }
    let message = OneLine::message(&text);
    assert!(message.as_str().chars().count() <= untrusted::MESSAGE_CHARS);
    assert!(message.as_str().split(' ').all(|w| w.chars().count() <= untrusted::ECHO_CHARS));
    assert_eq!(OneLine::message(message.as_str()), message, "idempotent");
}

const SI_POSITIONS: [&str; 4] = [
    "r2n3r/kpbpppnp/bspy2pp/8/8/P1PPPPR1/B1NPQPP1/R1C2NBK w - - 0 1",
    "r3k2r/1s2y3/8/3pP3/2S5/8/1Y3PPP/R3K2R w - d6 0 1 e5=e3,d5=d7,c4=b1,b7=c8",
    "4k3/1P2y1P1/8/2s1Pp2/8/3S4/1Y6/4K2R w - f6 0 1 f5=f7",
    "1s2k1y1/8/8/8/8/8/6p1/SY2K3 b - - 0 1",
];

/// Secret Intelligence moves and positions: a move read is legal, and both the way herald
/// records it and the way it lists it read back as the same move; a position read is written
/// back to itself.
pub fn si_move_input(data: &[u8]) {
    use herald::variants::secret_intelligence::notation;
    let Some((i, rest)) = choose(data, SI_POSITIONS.len()) else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let board = Board::from_fen(SI_POSITIONS[i]).unwrap();
    let legal = board.legal_moves();
    if let Ok(m) = notation::read(&board, &legal, text) {
        assert!(legal.contains(&m));
        for written in [notation::write(&board, m), notation::write_listed(&board, m)] {
            assert_eq!(notation::read(&board, &legal, &written), Ok(m), "{written}");
        }
    }
    if let Ok(read) = Board::from_fen(text) {
        assert_eq!(Board::from_fen(&read.to_fen()), Ok(read));
    }
}

const ROYAL_POSITIONS: [&str; 4] = [
    "rgnbqkbnhr/pppppppppp/10/10/10/10/PPPPPPPPPP/RGNBQKBNHR w KQkq - 0 1",
    "r3k4r/pp1ppppppp/10/10/10/10/PPPPPPPPPP/RG3KH2R w KQkq - 0 1",
    "5k4/P8p/10/10/10/10/10/5K4 w - - 0 1",
    "r3k4r/pppppppppp/10/2G7/6b3/R1H2R4/10/4K5 b - - 0 1",
];

/// Royal Chess's numeric notation: what is read is written back to the same reading; a move
/// read is legal and reads back as itself.
pub fn royal_notation(data: &[u8]) {
    use herald::variants::royal::notation;
    let Some((i, rest)) = choose(data, ROYAL_POSITIONS.len()) else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    if let Some(q) = numeric::read(text, BoardSize::TEN_BY_EIGHT) {
        let written = q.to_string();
        assert_eq!(numeric::read(&written, BoardSize::TEN_BY_EIGHT), Some(q), "{written}");
    }
    let pos = Royal.read_fen(ROYAL_POSITIONS[i]).unwrap();
    let legal = pos.legal_moves();
    if let Ok(m) = notation::read(&pos, &legal, text) {
        assert!(legal.contains(&m));
        let written = notation::write(&pos, &legal, m);
        assert_eq!(notation::read(&pos, &legal, &written), Ok(m), "{written}");
    }
}

/// Crown-2 positions for the drop reader, with their secrets: the first drop (the mine in
/// reserve), a later one (the mine placed), drops in check, and the start (no stone usable).
const STONE_POSITIONS: [(&str, &[(&str, &str)]); 4] = [
    ("3qk3/8/8/8/8/8/8/4K3[SSSsss] w - - 0 1", &[("black.crown", "king")]),
    ("S2qk3/8/8/8/8/8/8/4K3[SSsss] w - - 0 1", &[("black.crown", "king"), ("white.stone1", "mined")]),
    ("4k3/8/8/8/4r3/8/8/4K3[SSS] w - - 0 1", &[]),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[SSSsss] w ADEHadeh - 0 1",
        &[("white.crown", "king"), ("black.crown", "queen")],
    ),
];

/// Crown-2's drops as players type them (`S@e4*,f5`, `stones e4 f5*`): what the reader reads
/// it writes back and reads again the same; a drop a game accepts commits one secret per stone
/// and, replayed from its public notation on a game given those secrets (as an auditor
/// replays it), is the same move to the same position.
pub fn crown_drop(data: &[u8]) {
    let Some((i, rest)) = choose(data, STONE_POSITIONS.len()) else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    if let Some(Ok(written)) = stones::read_drop(text, BoardSize::CHESS) {
        let again = written.to_string();
        assert_eq!(stones::read_drop(&again, BoardSize::CHESS), Some(Ok(written)), "{again}");
    }
    let (fen, pairs) = STONE_POSITIONS[i];
    let given: Vec<Secret> =
        pairs.iter().map(|&(label, value)| Secret { label: label.into(), value: value.into() }).collect();
    let mut game = CROWN_2.game(Some(fen), &given).unwrap();
    let Ok(played) = game.play(text) else { return };
    if !played.notation.starts_with("S@") {
        return;
    }
    assert!(!played.notation.contains('*'), "{}", played.notation);
    assert_eq!(played.commit.len(), played.notation.split(',').count());
    let opened: Vec<Secret> = given.iter().chain(&played.commit).cloned().collect();
    let mut replay = CROWN_2.game(Some(fen), &opened).unwrap();
    let again = replay.play(&played.notation).expect("the public notation replays with the opened secrets");
    assert_eq!((again.notation, again.commit), (played.notation, played.commit));
    assert_eq!(replay.fen(), game.fen());
}

const KRITHALA_POSITIONS: [(&str, &str); 6] = [
    ("krithala", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e1 e8"),
    ("krithala", "r3k2r/ppp1qppp/2n2n2/3pP3/1bB2N2/2N5/PPPP1PPP/R1BQK2R w KQkq d6 0 8 d3Df4 e7R1"),
    ("krithala", "4k3/8/8/8/8/8/3K4/Q7 w - - 0 1 c3Da1 e8"),
    ("krithala", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 a7R2 e8"),
    ("krithala+capablanca", "4k5/10/10/10/10/10/10/A3K5 w - - 0 1 c3 e8"),
    ("krithala+royal", "r3k4r/pppp1ppppp/10/10/10/10/PPPPPPPPPP/RG3KH2R w KQkq - 0 1 f1 e7"),
];

/// The Crown of Krithala's moves as players type them (a base move with a crown sign, a
/// transfer): a move read is played, and what herald wrote reads back to the same move and
/// the same position.
pub fn krithala_move_input(data: &[u8]) {
    let Some((i, rest)) = choose(data, KRITHALA_POSITIONS.len()) else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let (id, fen_text) = KRITHALA_POSITIONS[i];
    let variant = variants::by_id(id).unwrap();
    let mut game = variant.game_from_fen(fen_text).unwrap();
    if let Ok(played) = game.play(text) {
        let mut again = variant.game_from_fen(fen_text).unwrap();
        let replayed = again.play(&played.notation).expect("herald reads the move it wrote");
        assert_eq!(replayed.notation, played.notation);
        assert_eq!(again.fen(), game.fen());
    }
}

/// The Crown of Krithala's FEN with the crown fields, over each base: what is read is written
/// back and read again to the same text; its moves, outcome and views never panic.
pub fn krithala_fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for id in ["krithala", "krithala+capablanca", "krithala+royal"] {
        let variant = variants::by_id(id).unwrap();
        if let Ok(game) = variant.game_from_fen(text) {
            let written = game.fen();
            let again = variant.game_from_fen(&written).expect("herald reads the FEN it wrote");
            assert_eq!(again.fen(), written);
            let _ = (game.outcome(), game.claimable_draws(), game.view(Observer::Player(Color::White)));
        }
    }
}

/// Crown-4 positions for [`crown_split`], with their secrets: White's split due; Black's,
/// with a rook beside its king; both halves on the board, no split due; the f-file pawns
/// beside an F half.
const SPLIT_POSITIONS: [(&str, &[(&str, &str)]); 4] = [
    ("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", &[("black.crown", "king")]),
    ("3Rk3/8/8/8/8/8/8/4K1Q1 b - - 0 1", &[("white.crown", "queen")]),
    ("3qk3/8/8/8/8/8/4Fr2/4W3 b - - 0 1", &[("black.crown", "king"), ("white.crowned-half", "W")]),
    ("3qk3/8/8/4p3/3F1P2/8/8/6W1 w - - 0 1", &[("black.crown", "king"), ("white.crowned-half", "F")]),
];

/// Crown-4's splits as players write them (`W@e1,F@e2*`, `split We1 Fe2*`): what the split
/// reader reads is written back and read again to the same halves; whatever a player writes
/// in a crown-4 position is one of the legal moves, split or SAN, with the crowned half it
/// starred, or is refused and changes nothing.
pub fn crown_split(data: &[u8]) {
    use herald::variants::crown::{CROWN_4, read_split};
    use herald::variants::{Secret, VariantGame};
    let Some((i, rest)) = choose(data, SPLIT_POSITIONS.len()) else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    if let Some(Ok(halves)) = read_split(text) {
        let written: Vec<String> = halves
            .iter()
            .map(|h| format!("{}@{}{}", h.half.letter(), h.square, if h.crowned { "*" } else { "" }))
            .collect();
        let written = written.join(",");
        assert_eq!(read_split(&written), Some(Ok(halves)), "{written}");
    }
    let (fen, pairs) = SPLIT_POSITIONS[i];
    let secrets: Vec<Secret> =
        pairs.iter().map(|&(label, value)| Secret { label: label.into(), value: value.into() }).collect();
    let mut game = CROWN_4.game(Some(fen), &secrets).unwrap();
    let legal: Vec<(String, String)> = game.legal_moves().iter().map(|m| game.write(m)).collect();
    let before = game.snapshot();
    match game.play(text) {
        Ok(played) => {
            let public = played.notation.trim_end_matches(['+', '#']);
            // The typed text: the public one with the committed half starred.
            let typed = match played.commit.first() {
                None => public.to_string(),
                Some(crowned) => public
                    .split(',')
                    .map(|part| if part.starts_with(&crowned.value) { format!("{part}*") } else { part.to_string() })
                    .collect::<Vec<_>>()
                    .join(","),
            };
            assert!(legal.contains(&(public.to_string(), typed.clone())), "{text:?} played as {typed}");
        }
        Err(_) => assert_eq!(game.snapshot(), before, "{text:?} was refused but changed the game"),
    }
}

/// Royal Chess's position records: read, written and read again to the same board.
pub fn position_record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(read) = record::read(text, BoardSize::TEN_BY_EIGHT) {
        let written = record::write(&read);
        assert_eq!(record::read(&written, BoardSize::TEN_BY_EIGHT), Ok(read), "{written}");
    }
    if let Ok(pos) = Royal.read_record(text) {
        let written = royal::write_record(&pos);
        let again = Royal.read_record(&written).expect("herald reads the record it wrote");
        assert_eq!(again.board().to_setup().board, pos.board().to_setup().board);
        let _ = pos.legal_moves();
    }
}

/// Safety in Numbers's FEN with crowds: read, written and read again to the same position.
pub fn crowd_fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let rules = SafetyInNumbers.rules();
    if let Ok(pos) = safety_in_numbers::fen::read(rules, text) {
        let written = safety_in_numbers::fen::write(&pos);
        let again = safety_in_numbers::fen::read(rules, &written).expect("herald reads the FEN it wrote");
        // The same position for the repetition rules (an en passant square without a legal
        // capture is not written, so the setups may differ in that alone), and the same text.
        assert_eq!(again.repetition_key(), pos.repetition_key(), "{written}");
        assert_eq!(safety_in_numbers::fen::write(&again), written);
        let _ = pos.legal_moves();
        let _ = pos.outcome();
    }
}

const CROWD_POSITIONS: [&str; 4] = [
    "rnb1kbnr/ppp2ppp/8/3p4/4[PNpq]3/4K3/PPPP1PPP/R1BQ1BNR w kq - 4 6",
    "rnbq1bnr/pppppppp/8/8/8/5[Kk]2/PPPPPPPP/RNBQ1BNR w - - 0 1",
    "r3k2r/pP3p[Pb]1/8/3[Pn]4/4pP2/2[pN]5/6p1/R3K2[Rn] b KQkq f3 0 1",
    "4k3/8/2[NR]5/3[PPQbnr]4/8/4[Kp]3/3N1N2/8 w - - 0 1",
];

/// Safety in Numbers's moves: a move read is legal and reads back as itself.
pub fn crowd_move_input(data: &[u8]) {
    use herald::variants::safety_in_numbers::notation;
    let Some((i, rest)) = choose(data, CROWD_POSITIONS.len()) else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let pos = safety_in_numbers::fen::read(SafetyInNumbers.rules(), CROWD_POSITIONS[i]).unwrap();
    if let Ok(m) = notation::parse_move(&pos, text) {
        assert!(pos.is_legal(m));
        let written = notation::write(&pos, m);
        assert_eq!(notation::parse_move(&pos, &written), Ok(m), "{written}");
    }
}

/// A FEN with ninjas in reserve, for both variants with a ninja: what is read is written back
/// and read again to the same position and reserve; its moves and outcome never panic. The
/// holdings alone: the ninjas taken out of them are each side's one at most, and the other
/// letters are left in order.
pub fn ninja_fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for variant in [&ninja::open::CHESS, &ninja::open::CAPABLANCA] {
        let rules = variant.rules();
        if let Ok((pos, reserve)) = ninja::read_fen(rules, text) {
            let written = ninja::write_fen(&pos, reserve);
            let (again, again_reserve) = ninja::read_fen(rules, &written).expect("herald reads the FEN it wrote");
            assert_eq!((ninja::write_fen(&again, again_reserve), again_reserve), (written.clone(), reserve));
            let position = NinjaPosition::new(pos, reserve).expect("read_fen checks the ninjas' count");
            let _ = (position.legal_moves(), position.outcome());
        }
    }
    if let Ok((reserve, others)) = Reserve::take_from_holdings(text) {
        assert!(!others.contains(['J', 'j']), "{others}");
        let held = format!("{}{}", reserve.holdings(Color::White), reserve.holdings(Color::Black));
        assert_eq!(Reserve::take_from_holdings(&held), Ok((reserve, String::new())));
    }
}

const NINJA_POSITIONS: [(&str, &str); 5] = [
    ("chess+ninja", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Jj] w KQkq - 0 1"),
    // Surrounded by enemies: double captures and returns; Black's ninja in reserve.
    ("chess+ninja", "k7/8/8/3ppp2/3pJp2/3ppp2/8/7K[j] w - - 0 1"),
    // In the corner among enemies: exits after a capture.
    ("chess+ninja", "k7/8/8/8/8/8/nn6/Jb5K w - - 0 1"),
    // Pinned: most of what is written is refused as leaving the king in check.
    ("chess+ninja", "4k3/4r3/8/8/8/8/4J3/4K3 w - - 0 1"),
    // 10x8, Black to move: the j-file beside J.
    ("capablanca+ninja", "rnabqkbcnr/pppppppppp/10/10/4J5/10/PPPPPPPPPP/RNABQKBCNR[j] b KQkq - 0 1"),
];

/// A ninja's move as a player types it: what the grammar reads writes back to the same
/// reading; a move read is legal, and herald's own notation of it reads back as the same
/// move.
pub fn ninja_move_input(data: &[u8]) {
    use herald::variants::ninja::notation;
    let Some((i, rest)) = choose(data, NINJA_POSITIONS.len()) else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    for size in [BoardSize::CHESS, BoardSize::TEN_BY_EIGHT] {
        if let Some(written) = notation::read(&input::clean(text), size) {
            assert_eq!(notation::read(&written.to_string(), size), Some(written), "{written}");
        }
    }
    let (variant, fen_text) = NINJA_POSITIONS[i];
    let pos = NinjaPosition::read_fen(variants::by_id(variant).unwrap().rules(), fen_text).unwrap();
    if let Ok(m) = pos.parse(text) {
        assert!(pos.legal_moves().contains(&m));
        let written = pos.write(m);
        assert_eq!(pos.parse(&written), Ok(m), "{written}");
    }
}

/// A position of a Crown game: its FEN (`None`: the start; the variant's own pieces in hand
/// are added) and the notes of sides with both monarchs, as (label, value).
type CrownPosition = (Option<&'static str>, &'static [(&'static str, &'static str)]);

/// Positions for every variant of the Crown family: the start with both crowns chosen, and
/// positions where an uncrowned monarch is gone, so that each extension's own moves (a hide,
/// a drop, a split) are possible.
const CROWN_POSITIONS: [CrownPosition; 7] = [
    (None, &[("white.crown", "king"), ("black.crown", "queen")]),
    (None, &[("white.crown", "queen"), ("black.crown", "king")]),
    // White's uncrowned queen taken: White's crown is known, on the king; Black's is not.
    (Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w AEHadeh - 0 1"), &[("black.crown", "king")]),
    // Each side lost its uncrowned monarch (White its king, Black its queen); Black to move,
    // an en passant capture open.
    (Some("rnb1kbnr/pppp1ppp/8/8/3PpP2/8/PPP3PP/RNBQ1BNR b ADHaeh f3 0 4"), &[]),
    // The lone monarchs and their rooks, free to castle.
    (Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2Q3R w ADHaeh - 0 1"), &[]),
    // The two lone monarchs.
    (Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), &[]),
    // Promotions for both; Black's crown unknown.
    (Some("3qk3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"), &[("black.crown", "queen")]),
];

/// Which variant of the Crown family, and which of [`CROWN_POSITIONS`], the input chose; what
/// it says; and the ids of the family's variants visited.
struct CrownMoveInput<'a> {
    chosen: usize,
    position: usize,
    lines: Vec<&'a str>,
    visited: Vec<&'static str>,
}

impl herald::variants::crown::VisitMember for CrownMoveInput<'_> {
    fn visit<E: herald::variants::crown::Extension>(&mut self, variant: &'static CrownVariant<E>) {
        self.visited.push(variant.id());
        if self.visited.len() - 1 == self.chosen {
            crown_lines(variant, self.position, &self.lines);
        }
    }
}

/// The moves players of every variant of the Crown family type (every variant whose id starts
/// with `crown`): the first byte chooses the variant and the position, each further line is
/// read as the referee reads it (a setup answer first, then a move). Nothing panics; a refusal
/// changes nothing; an accepted move is one of the game's legal moves — the game after it is
/// the game after that move — and the move as its player would type it reads back as itself.
pub fn crown_move_input(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let family: Vec<&str> = variants::all().iter().map(|v| v.id()).filter(|id| id.starts_with("crown")).collect();
    let mut input = CrownMoveInput {
        chosen: usize::from(selector) % family.len(),
        position: usize::from(selector) / family.len() % CROWN_POSITIONS.len(),
        lines: text.split('\n').take(12).collect(),
        visited: Vec::new(),
    };
    herald::variants::crown::visit_members(&mut input);
    assert_eq!(input.visited, family, "herald::variants::crown::visit_members visits every variant of the family");
}

/// [`crown_move_input`] for one variant.
fn crown_lines<E: herald::variants::crown::Extension>(
    variant: &'static CrownVariant<E>,
    position: usize,
    lines: &[&str],
) {
    use herald::variants::{Secret, VariantGame};
    let (fen, notes) = CROWN_POSITIONS[position];
    let fen = fen.map(|f| match E::start_holdings() {
        "" => f.to_string(),
        held => fen::join_holdings(f, held),
    });
    let secrets: Vec<Secret> = notes.iter().map(|&(l, v)| Secret { label: l.into(), value: v.into() }).collect();
    let mut game = variant
        .game(fen.as_deref(), &secrets)
        .unwrap_or_else(|e| panic!("{}: position {position} ({fen:?}): {e}", variant.id()));
    for line in lines {
        let before = game.clone();
        let snapshot = game.snapshot();
        if let Some(answer) = game.setup(game.turn(), line) {
            assert!(answer.is_err(), "{line:?}: both notes are written, no setup answer is taken");
            assert_eq!(game.snapshot(), snapshot, "{line:?}: a refused setup answer changes nothing");
            continue;
        }
        let Ok(played) = game.play(line) else {
            assert_eq!(game.snapshot(), snapshot, "{line:?}: a refused move changes nothing");
            continue;
        };
        let after = game.snapshot();
        let public = played.notation.trim_end_matches(['+', '#']);
        let legal = before.legal_moves();
        let matched = legal.iter().find(|m| {
            before.write(m).0 == public && {
                let mut other = before.clone();
                other.play_move(m) == played && other.snapshot() == after
            }
        });
        let Some(m) = matched else {
            panic!("{} in {}: {line:?} was played as {public}, none of the legal moves", variant.id(), before.fen())
        };
        let typed = before.write(m).1;
        let mut again = before.clone();
        assert_eq!(again.play(&typed).as_ref(), Ok(&played), "{typed} reads back as the move written so");
        assert_eq!(again.snapshot(), after, "{typed}");
    }
}

/// An archive given to `herald verify`: any JSON it accepts is verified without a panic, and
/// reads back from its own JSON to the same archive.
pub fn archive(data: &[u8]) {
    let Ok(archive) = serde_json::from_slice::<Archive>(data) else { return };
    let report = archive::verify(&archive);
    if report.ok() && report.open.is_empty() {
        assert!(archive.result.is_some(), "a fully verified archive is of a finished game");
    }
    let json = serde_json::to_string(&archive).unwrap();
    assert_eq!(serde_json::from_str::<Archive>(&json).unwrap(), archive);
}

/// A stored snapshot (the database is outside input too: a restored backup, an older herald's
/// rows): any snapshot a variant accepts resumes a game that writes the same snapshot again,
/// and shows itself to every observer without a panic.
pub fn snapshot(data: &[u8]) {
    // The first line names the variant, so that a seed keeps its variant as variants come.
    let Ok(input) = std::str::from_utf8(data) else { return };
    let Some((id, text)) = input.split_once('\n') else { return };
    let Some(variant) = variants::by_id(id) else { return };
    let Ok(game) = variant.restore(text) else { return };
    let written = game.snapshot();
    let again = variant.restore(&written).expect("herald resumes the snapshot it wrote");
    assert_eq!(again.snapshot(), written);
    for observer in
        [Observer::Player(Color::White), Observer::Player(Color::Black), Observer::Public, Observer::Everyone]
    {
        let _ = game.view(observer);
    }
    let _ = (game.outcome(), game.claimable_draws(), game.setup_requests(), game.secrets());
}

/// A club in a temporary folder for [`ingest`]: its service and the game being played.
struct Club {
    service: Service,
    game: i64,
    games: usize,
}

thread_local! {
    static CLUB: RefCell<Option<Club>> = const { RefCell::new(None) };
}

/// The whole path from raw mail bytes through `Service::ingest`, with a valid token so that
/// the referee is reached: whatever the player's mail holds, it is handled — a move, a
/// refusal, the help — and herald never fails on it (a failure would be a bug: the club's
/// state is sound). The first byte chooses the writer and whether the rest is the mail's text
/// or its header lines and body; a game that ends is followed by a new one of the next variant.
pub fn ingest(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else { return };
    CLUB.with_borrow_mut(|club| {
        let club = club.get_or_insert_with(open_club);
        let color = if selector & 1 == 0 { Color::White } else { Color::Black };
        let from = if color.is_white() { "alice@players.test" } else { "bob@players.test" };
        let token = club.service.tokens().token(club.game, color);
        let head = format!(
            "From: {from}\r\nTo: referee+{token}@club.test\r\nSubject: Re: move [ref:{token}]\r\n\
             Message-ID: <{}.{selector}@players.test>\r\n",
            herald::hex::sha256(rest)
        );
        let mut raw = head.into_bytes();
        if selector & 2 == 0 {
            raw.extend_from_slice(b"Content-Type: text/plain; charset=utf-8\r\n\r\n");
        }
        raw.extend_from_slice(rest);
        match club.service.ingest(&raw, None) {
            Ok(Ingested::Handled(verdict)) => {
                assert_ne!(verdict, Verdict::Failed, "herald failed on a mail of a sound club");
            }
            Ok(Ingested::Duplicate) => {}
            Err(e) => panic!("a mail was handed back to the mail server: {e}"),
        }
        let over = club.service.store().read(|tx| tx.game(club.game)).unwrap().is_some_and(|g| g.result.is_some());
        if over {
            club.games += 1;
            club.game = new_game(&mut club.service, club.games);
        }
    });
}

fn open_club() -> Club {
    let root = std::env::temp_dir().join(format!("herald-fuzz-ingest-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let config = herald::config::Config {
        referee: herald::config::Referee {
            address: "referee@club.test".into(),
            name: "herald referee".into(),
            domain: None,
            director: None,
            commitments_url: None,
            language: None,
        },
        database: root.join("herald.db"),
        outgoing: herald::config::Outgoing {
            transport: herald::config::Transport::Maildir { path: root.join("sent") },
            retry: Default::default(),
            // Mails of text alone: drawing a board picture for each answer would make every
            // run many times slower, and reading mail, not drawing boards, is what is fuzzed
            // here (a hostile line in the HTML is tested in tests/preferences.rs).
            plain_text: true,
            ..Default::default()
        },
        ..herald::config::Config::default()
    };
    Service::init(&config).unwrap();
    let clock = Arc::new(FixedClock::new("2026-11-24T12:00:00Z".parse().unwrap()));
    let mut service = Service::open(config, clock).unwrap();
    let game = new_game(&mut service, 0);
    Club { service, game, games: 0 }
}

fn new_game(service: &mut Service, n: usize) -> i64 {
    let all = variants::all();
    let white = Player { email: "alice@players.test".into(), name: None };
    let black = Player { email: "bob@players.test".into(), name: None };
    service.new_game(all[n % all.len()].id(), white, black).unwrap()
}

/// Tournament Report Files (FIDE TRF-16) from other programs: reading never panics, and what
/// is read is written and read back to the same tournament (the text written a second time is
/// the same text).
pub fn trf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(tournament) = trf::parse(text) {
        let written = trf::export(&tournament);
        let again = trf::parse(&written).unwrap_or_else(|e| panic!("herald reads the TRF it wrote: {e}\n{written}"));
        assert_eq!(again, tournament);
        assert_eq!(trf::export(&again), written);
    }
}

/// `Authentication-Results` values: reading never panics and is deterministic; what is read
/// keeps the caps; judging it against any server and domain never panics, and says nothing
/// for a server whose id is empty.
pub fn authentication_results(data: &[u8]) {
    use herald::mail::reader::authentication::{judge, parse};
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Some(field) = parse(text) else { return };
    assert_eq!(parse(text).as_ref(), Some(&field), "reading is deterministic");
    assert!(!field.authserv_id.is_empty());
    assert!(field.results.len() <= 16 && field.results.iter().all(|r| r.properties.len() <= 16));
    for r in &field.results {
        assert!(!r.method.is_empty() && !r.result.is_empty());
        assert_eq!(r.method, r.method.to_ascii_lowercase());
    }
    let fields = [field];
    let id = fields[0].authserv_id.clone();
    // What a sender writes below a field of another server (here one that does not parse)
    // is never the trusted server's own, whatever it says (`judge`).
    let forged_pass = parse(&format!("{id}; dkim=pass header.d=players.test; spf=pass smtp.mailfrom=players.test"));
    // (Only when the field above is the trusted server's: judge compares the id trimmed.)
    let forged_pass = forged_pass.filter(|_| fields[0].authserv_id.eq_ignore_ascii_case(id.trim()));
    let mut below = fields.to_vec();
    below.push(herald::mail::reader::authentication::AuthenticationResults {
        authserv_id: String::new(),
        hop: fields[0].hop,
        results: Vec::new(),
    });
    below.extend(forged_pass);
    for domain in [Some("players.test"), Some(""), None] {
        let judged = judge(&fields, &id, domain);
        assert_eq!(judge(&below, &id, domain), judged, "a field below another server's counted");
        assert_eq!(judge(&fields, "", domain), Default::default());
    }
}

/// A token command's output: a token is the output trimmed, one printable word; an error is
/// one of three fixed messages whatever the output was, so no part of it is ever shown.
pub fn oauth_token(data: &[u8]) {
    const KEY: &str = "inbox.imap.token_command";
    match token_from_output(data, KEY) {
        Ok(token) => {
            let text = std::str::from_utf8(data).expect("a token is text");
            assert_eq!(token.secret(), text.trim());
            assert!(!token.secret().is_empty() && token.secret().bytes().all(|b| b.is_ascii_graphic()));
        }
        Err(e) => {
            let fixed = [&b"\xff"[..], b"", b"a b"].map(|out| token_from_output(out, KEY).unwrap_err());
            assert!(fixed.contains(&e), "{e}");
        }
    }
}

/// An IMAP server's side of STARTTLS: the exchange succeeds exactly when the first line is an
/// untagged OK and a line tagged `h0 OK` comes before any other line tagged `h0` (each line at
/// most [`LONGEST_LINE`] bytes), and then nothing after that line has been read: the TLS
/// handshake's bytes are left for TLS.
pub fn imap_starttls(data: &[u8]) {
    struct Server<'a> {
        input: &'a [u8],
        read: usize,
        written: Vec<u8>,
    }
    impl std::io::Read for Server<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.input.len() - self.read);
            buf[..n].copy_from_slice(&self.input[self.read..self.read + n]);
            self.read += n;
            Ok(n)
        }
    }
    impl std::io::Write for Server<'_> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.written.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    // Where the exchange must end: after the tagged OK line, or nowhere.
    let expected = (|| {
        let mut end = 0;
        let mut lines = data.split_inclusive(|&b| b == b'\n').filter(|line| line.ends_with(b"\n"));
        let greeting = lines.next()?;
        if greeting.len() > LONGEST_LINE || !greeting.starts_with(b"* OK") {
            return None;
        }
        end += greeting.len();
        for line in lines {
            if line.len() > LONGEST_LINE {
                return None;
            }
            end += line.len();
            if line.starts_with(b"h0 OK") {
                return Some(end);
            }
            if line.starts_with(b"h0 ") {
                return None;
            }
        }
        None
    })();
    let mut server = Server { input: data, read: 0, written: Vec::new() };
    let result = starttls_exchange(&mut server, "IMAP fuzz:143");
    assert_eq!(result.is_ok(), expected.is_some(), "{result:?}");
    if let Some(end) = expected {
        assert_eq!(server.read, end, "read past the OK line");
        assert_eq!(server.written, b"h0 STARTTLS\r\n");
    }
}

/// Delivery reports (RFC 3464) in bounces: the first byte chooses between the text of a
/// `message/delivery-status` part and a whole raw mail that may carry one. Reading never
/// panics, is deterministic and bounded, keeps only well-formed status codes, and calls a
/// report permanent exactly when a recipient `failed` with a class 5 status.
pub fn delivery_report(data: &[u8]) {
    let Some((choice, rest)) = choose(data, 2) else { return };
    let read = |bytes: &[u8]| -> Option<DeliveryReport> {
        if choice == 0 {
            Some(mail_reader_api::parse_delivery_status(&String::from_utf8_lossy(bytes)))
        } else {
            mail_reader_api::read_delivery_report(bytes, &ReadLimits::default())
        }
    };
    let Some(report) = read(rest) else { return };
    assert_eq!(read(rest), Some(report.clone()), "reading is deterministic");
    assert!(report.recipients.len() <= 100, "at most 100 recipients");
    for recipient in &report.recipients {
        if let Some(status) = &recipient.status {
            let parts: Vec<&str> = status.split('.').collect();
            assert_eq!(parts.len(), 3, "{status:?}");
            assert!(["2", "4", "5"].contains(&parts[0]), "{status:?}");
            assert!(parts[1..].iter().all(|p| (1..=3).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit())));
        }
        for value in [&recipient.recipient, &recipient.diagnostic].into_iter().flatten() {
            assert!(value.chars().count() <= 998, "values are capped");
        }
    }
    let permanent = report
        .recipients
        .iter()
        .any(|r| r.action == Action::Failed && r.status.as_deref().is_some_and(|s| s.starts_with("5.")));
    assert_eq!(report.failure() == Failure::Permanent, permanent);
}

/// Time controls as a director writes them (`--time-control`, `games.time_control`): reading
/// never panics, and a control read is written as text that reads the same control; its
/// arithmetic never panics, whatever the clock and the moves.
pub fn time_control(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(control) = text.parse::<TimeControl>() else { return };
    let written = control.to_string();
    assert_eq!(written.parse::<TimeControl>(), Ok(control), "{written:?} does not read back");
    for left in [0, 1, 365, u32::MAX] {
        for moves in [0, 1, 2, 10, 199, u32::MAX] {
            let after = control.after_move(left, moves);
            if let TimeControl::Bank { max, .. } = control {
                assert!(after <= max, "a bank never holds more than its cap");
            }
            control.next_control(moves);
        }
    }
    assert!(control.days_for_one_move() >= 1);
}

/// The commands that are a player's rather than one game's, on a mail's command line (see
/// `referee::vacations`, `referee::overview` and `referee::preferences`): reading never panics;
/// no line is read as two of them; what is read is `back`, a vacation of 1 to 366 days,
/// `games`, a game number above 0, a time zone name of one word or a notation, each reading the same when
/// written as the help writes it; a line that begins with `vacation` and cannot be carried out
/// says what to write. The game's command reader (`commands::read`) on the same text: a
/// command word read from the first line is read the same after a move number (`12. resign`,
/// `12... draw`), and a move written with a letter first stays the same move after one.
pub fn players_command(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    game_command(text);
    let leave = commands::leave(text);
    let overview = commands::overview(text);
    let preference = commands::preference(text);
    let read = usize::from(leave.is_some()) + usize::from(overview.is_some()) + usize::from(preference.is_some());
    assert!(read <= 1, "{text:?} is read as {leave:?}, {overview:?} and {preference:?}");
    match &preference {
        Some(PreferenceCommand::Zone(Some(name))) => {
            assert!(!name.is_empty() && !name.contains(char::is_whitespace), "{name:?}");
            assert_eq!(commands::preference(&format!("zone {name}")), preference);
        }
        Some(PreferenceCommand::Notation(Ok(style))) => {
            assert_eq!(commands::preference(&format!("notation {}", style.name())), preference);
        }
        Some(PreferenceCommand::Format(Ok(format))) => {
            assert_eq!(commands::preference(&format!("format {}", format.name())), preference);
        }
        _ => {}
    }
    match leave {
        Some(Ok(LeaveCommand::Vacation { days })) => {
            assert!((1..=commands::MOST_VACATION_DAYS).contains(&days));
            let again = commands::leave(&format!("vacation {days}"));
            assert_eq!(again, Some(Ok(LeaveCommand::Vacation { days })));
        }
        Some(Ok(LeaveCommand::Back)) | None => {}
        Some(Err(why)) => assert!(why.contains("vacation 7"), "{why}"),
    }
    match overview {
        Some(OverviewCommand::Game(id)) => {
            assert!(id > 0);
            assert_eq!(commands::overview(&format!("board {id}")), Some(OverviewCommand::Game(id)));
        }
        Some(OverviewCommand::Games) => assert_eq!(commands::overview("games"), Some(OverviewCommand::Games)),
        None => {}
    }
}

/// The game's commands under a move number (part of `players_command`).
fn game_command(text: &str) {
    use herald::referee::commands::Command;
    // Text that begins with a number or a mark numbers itself already.
    if !text.trim_start().starts_with(|c: char| c.is_ascii_alphabetic()) {
        return;
    }
    let read = commands::read(text);
    for number in ["12. ", "12... "] {
        let numbered = commands::read(&format!("{number}{}", text.trim_start()));
        match &read {
            Command::Resign
            | Command::Draw
            | Command::Accept
            | Command::Decline
            | Command::Board
            | Command::Help
            | Command::Cancel => assert_eq!(numbered, read, "{number}{text:?}"),
            // A move (the letters of a piece or a file first) stays that move; a text that is a
            // command word itself (a move's words before a trailing "draw") is none.
            Command::Move { number: None, text: moved, offer_draw, .. }
                if matches!(commands::read(moved), Command::Move { .. }) =>
            {
                match numbered {
                    Command::Move { text: again, offer_draw: offer, .. } => {
                        assert_eq!((&again, offer), (moved, *offer_draw), "{number}{text:?}")
                    }
                    other => panic!("the move {moved:?} is read as {other:?} after {number:?}"),
                }
            }
            _ => {}
        }
    }
}

/// `conditional_moves`: a mail's conditional moves (`14. Nf3 if 14... Bg4 15. h3`), read and
/// checked on a game of the variant the first byte selects among those that offer them,
/// after the opening moves the text's first line gives. Reading never panics; a tree that
/// checks holds no more lines than were written, each answer a legal move of its owner (the
/// tree is replayed on a fresh copy of the game), and checking never changes the game.
pub fn conditional_moves(data: &[u8]) {
    use herald::referee::conditions;
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let open: Vec<_> = variants::all().iter().filter(|v| v.conditional_moves().is_ok()).collect();
    let variant = *open[usize::from(selector) % open.len()];
    let mut lines = text.split('\n');
    let mut game = variant.new_game();
    for mv in lines.next().unwrap_or_default().split_whitespace().take(12) {
        if game.play(mv).is_err() {
            break;
        }
    }
    let rest: Vec<String> = lines.take(conditions::MOST_LINES + 2).map(str::to_string).collect();
    let Ok(written) = conditions::read(&rest) else { return };
    assert!(written.len() <= rest.len());
    let before = game.snapshot();
    let owner = game.turn().other();
    let Ok(tree) = conditions::validate(&*game, owner, &written) else { return };
    assert_eq!(game.snapshot(), before, "checking conditions changed the game");
    // Each branch is a move of the side to move, then its owner's answer: replayed from here.
    fn replay(
        game: &dyn herald::variants::VariantGame,
        branches: &[conditions::Branch],
        variant: &'static dyn variants::Variant,
    ) {
        for branch in branches {
            let mut copy = variant.restore(&game.snapshot()).expect("a snapshot restores");
            copy.play(&branch.expect).expect("the move a condition waits for is legal");
            copy.play(&branch.answer).expect("a condition's answer is legal");
            replay(&*copy, &branch.then, variant);
        }
    }
    replay(&*game, &tree.branches, variant);
}

/// The commands of a mail written in any of herald's languages (`Language::in_english`) and
/// the piece letters of each (`PieceLetters::to_english`): no text panics; reading in English
/// twice changes nothing more; what comes out is read by the game's command reader like anything a player writes;
/// and reading a language's piece letters changes nothing but piece letters.
pub fn command_languages(data: &[u8]) {
    use herald::language::Languages;
    thread_local! {
        static LANGUAGES: Languages = Languages::shipped();
    }
    let Ok(text) = std::str::from_utf8(data) else { return };
    LANGUAGES.with(|languages| {
        let english = languages.in_english(text);
        assert_eq!(languages.in_english(&english), english, "{text:?}");
        let _ = commands::read(&english);
        let _ = commands::leave(english.lines().next().unwrap_or_default());
        let _ = commands::preference(english.lines().next().unwrap_or_default());
        for language in languages.all() {
            if let Some(read) = language.letters().to_english(text) {
                assert_ne!(read, text, "{text:?}");
                // Only piece letters changed: without them, the two are the same text.
                let letters: String = language.letters().all().concat() + "KQRBN";
                let rest = |t: &str| t.chars().filter(|c| !letters.contains(*c)).collect::<String>();
                assert_eq!(rest(&read), rest(text), "{} {text:?} -> {read:?}", language.code());
            }
        }
    });
}
