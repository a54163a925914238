//! Secret Intelligence Chess by mail through the real Postfix: the referee's seed committed in
//! the invitations, each player's own seed added before the setup is drawn, a whole game
//! played from the legal-move lists the mails give, and a leak scan of every mail a player
//! got before the end against the true game, rebuilt afterwards from the opened secrets.
//! Then `herald verify` recomputes the setup and every ciphered entry, and fails on an
//! altered token even when the forger rebuilds the chain around it.

use crate::support;

use std::collections::BTreeSet;

use herald::engine::Color;
use herald::referee::archive::{self, Archive};
use herald::referee::chain;
use herald::variants::{self, Secret};
use support::club::{ALICE, BOB, Club, Mail};

/// Names of the pair pieces, by letter, as players read them.
const PAIR_NAMES: [(char, &str); 8] = [
    ('Q', "Queen"),
    ('C', "Centaur"),
    ('M', "Marshall"),
    ('H', "Dragon Horse"),
    ('A', "Archbishop"),
    ('D', "Dragon King"),
    ('Y', "Decoy"),
    ('S', "Spy"),
];

/// `who` replies `text` to their latest mail; returns the new mails of Alice and Bob.
fn play(club: &Club, who: &str, text: &str) -> (Vec<Mail>, Vec<Mail>) {
    let latest = club.latest(who);
    let round = club.round(|| {
        club.reply(who, &latest, text);
    });
    (round.alice.clone(), round.bob.clone())
}

/// The moves a mail lists as the reader's legal moves.
fn legal_moves(body: &str) -> Vec<String> {
    support::mime::legal_moves(body).unwrap_or_default()
}

/// The number of moves the mail's move-log line says are recorded.
fn plies(body: &str) -> usize {
    let line = body.lines().find(|l| l.starts_with("Move log: ")).expect("every mail after the start has the log");
    line["Move log: ".len()..].split_whitespace().next().unwrap().parse().unwrap()
}

/// What a mail shows its reader: the decoded body and every header but the opaque message
/// ids (which are keyed hashes, and whose letters could look like squares).
fn shown(mail: &Mail) -> String {
    let parsed = mailparse::parse_mail(&mail.raw).unwrap();
    let mut text = String::new();
    for h in parsed.get_headers() {
        let key = h.get_key().to_ascii_lowercase();
        if !["message-id", "in-reply-to", "references"].contains(&key.as_str()) {
            text.push_str(&format!("{}: {}\n", h.get_key(), h.get_value()));
        }
    }
    text.push_str(&mail.body());
    text
}

/// The squares named in `text` as whole words ("e4", not the "e4" inside "3fe4c1").
fn squares_named(text: &str) -> BTreeSet<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = BTreeSet::new();
    for i in 0..chars.len().saturating_sub(1) {
        let (f, r) = (chars[i], chars[i + 1]);
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 2).copied();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
        if ('a'..='h').contains(&f) && ('1'..='8').contains(&r) && !word(before) && !word(after) {
            found.insert(format!("{f}{r}"));
        }
    }
    found
}

/// The pieces of a FEN's board, by square ("e1" → 'K').
fn board(fen: &str) -> Vec<(String, char)> {
    let mut pieces = Vec::new();
    for (row, rank) in fen.split_whitespace().next().unwrap().split('/').enumerate() {
        let mut file = 0u8;
        for c in rank.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as u8;
            } else {
                pieces.push((format!("{}{}", (b'a' + file) as char, 8 - row), c));
                file += 1;
            }
        }
    }
    pieces
}

/// From and to squares of a true move in herald's full notation ("Nb1-c3", "Pd5xe6",
/// "Nb1<>Bc3"): every square it names.
fn move_squares(notation: &str) -> Vec<String> {
    // The piece letters go too: "Nb1-c3" names b1 as much as c3, "Pd2<>Nd3" both squares,
    // and so does the capture sign: "Be6xb3" names e6 and b3.
    let spaced: String = notation
        .chars()
        .map(|c| if (c.is_ascii_lowercase() && c != 'x') || c.is_ascii_digit() { c } else { ' ' })
        .collect();
    squares_named(&spaced).into_iter().collect()
}

#[test]
fn a_secret_intelligence_game_by_mail_tells_each_player_only_what_the_rules_say() {
    let club = Club::start();
    let id = club.new_game_of("secret-intelligence");

    // The invitations carry the referee's commitment and ask for the players' seeds; no board.
    let invitation = club.latest(ALICE).body();
    assert!(invitation.contains("referee.seed: "), "{invitation}");
    assert!(invitation.contains("seed"), "{invitation}");
    let committed = invitation
        .lines()
        .find_map(|l| l.trim().strip_prefix("referee.seed: "))
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    assert_eq!(club.latest(BOB).body().lines().filter(|l| l.contains(&committed)).count(), 1);

    // No move before both seeds are in; a bad seed is refused; then both add theirs.
    let (alice, _) = play(&club, ALICE, "e4");
    assert!(alice[0].body().contains("has not begun"), "{}", alice[0].body());
    let (alice, _) = play(&club, ALICE, "seed two:words");
    assert!(alice[0].subject().contains("not accepted"), "{}", alice[0].subject());
    play(&club, ALICE, "seed alice-7");
    let (alice, bob) = play(&club, BOB, "seed bob-42");
    assert_eq!((alice.len(), bob.len()), (1, 1));
    assert!(!legal_moves(&alice[0].body()).is_empty(), "White moves first: {}", alice[0].body());
    assert!(legal_moves(&bob[0].body()).is_empty(), "Black waits: {}", bob[0].body());

    // A whole game's opening from the lists the mails give, as players would.
    let mut received: Vec<(Color, Mail)> =
        alice.into_iter().map(|m| (Color::White, m)).chain(bob.into_iter().map(|m| (Color::Black, m))).collect();
    let mut to_move = Color::White;
    for ply in 0..20usize {
        let who = if to_move == Color::White { ALICE } else { BOB };
        let moves = legal_moves(&club.latest(who).body());
        assert!(!moves.is_empty(), "ply {ply}: {who} has no moves listed");
        // Prefer captures now and then, so that captures and their notices are covered; in
        // the first six plies only moves that take nothing, since a capture may take a king
        // the random setup left exposed and end the game before the scan below has enough
        // mails to read (the list's own pick was once such a capture: 6 mails scanned).
        let capture = moves.iter().find(|m| m.contains('x'));
        let quiet: Vec<&String> = moves.iter().filter(|m| !m.contains('x')).collect();
        let choice = match capture {
            Some(m) if ply % 3 == 2 && ply >= 6 => m.clone(),
            _ if ply < 6 && !quiet.is_empty() => quiet[(ply * 7 + 3) % quiet.len()].clone(),
            _ => moves[(ply * 7 + 3) % moves.len()].clone(),
        };
        let (alice, bob) = play(&club, who, &choice);
        assert_eq!((alice.len(), bob.len()), (1, 1), "ply {ply}: {choice}");
        received.extend(alice.into_iter().map(|m| (Color::White, m)));
        received.extend(bob.into_iter().map(|m| (Color::Black, m)));
        if club.latest(ALICE).body().contains("Result:") {
            break;
        }
        to_move = to_move.other();
    }
    if !club.latest(ALICE).body().contains("Result:") {
        play(&club, ALICE, "resign");
    }
    let last = club.latest(BOB).body();
    assert!(last.contains("Result:"), "{last}");
    // The end opens the referee's seed and both players' seeds, each with its check command,
    // which a shell runs to the hash the mail shows.
    let mut opened = std::collections::BTreeMap::new();
    for label in ["referee.seed", "white.seed", "black.seed"] {
        let (line, hash, check) = support::mime::opening(&last, label).unwrap_or_else(|| panic!("{label}: {last}"));
        let out = std::process::Command::new("sh").arg("-c").arg(&check).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout).split_whitespace().next(), Some(hash.as_str()), "{check}");
        opened.insert(label, line);
    }
    assert!(opened["white.seed"].starts_with("white.seed = alice-7, nonce "), "{last}");
    assert!(opened["black.seed"].starts_with("black.seed = bob-42, nonce "), "{last}");

    // The truth, rebuilt from the archive's opened secrets and true moves.
    let json = club.herald_ok(&["game", "export", &id.to_string(), "--json"]);
    support::archive_schema::check(&json);
    let archive: Archive = serde_json::from_str(&json).unwrap();
    let secrets: Vec<Secret> = archive
        .commitments
        .iter()
        .map(|c| Secret { label: c.label.clone(), value: c.value.clone().expect("opened at the end") })
        .collect();
    // The referee's seed the last mail opened is the archive's.
    let referee_seed = secrets.iter().find(|s| s.label == "referee.seed").unwrap();
    assert!(opened["referee.seed"].starts_with(&format!("referee.seed = {}, nonce ", referee_seed.value)), "{last}");
    let variant = variants::by_id("secret-intelligence").unwrap();
    let mut game = variant.game_with_secrets(&secrets).unwrap();
    let start = board(&game.start_fen());
    let mut positions = vec![game.fen()];
    for m in &archive.moves {
        game.play(&m.notation).unwrap();
        positions.push(game.fen());
    }
    let pair_of = |color: Color| -> BTreeSet<char> {
        start
            .iter()
            .map(|(_, c)| *c)
            .filter(|c| c.is_ascii_uppercase() == (color == Color::White))
            .map(|c| c.to_ascii_uppercase())
            .filter(|c| PAIR_NAMES.iter().any(|(l, _)| l == c))
            .collect()
    };

    // The leak scan: every mail before the end.
    let mut scanned = 0;
    for (reader, mail) in &received {
        let body = mail.body();
        if body.contains("Result:") {
            continue;
        }
        let n = plies(&body);
        let enemy = reader.other();
        let is_enemy = |c: char| c.is_ascii_uppercase() == (enemy == Color::White);
        // Enemy pieces still on their setup square, never having moved (or been swapped), on a
        // square none of the reader's own moves went to (a square the reader captured on, and
        // the enemy recaptured on with a piece of the same kind, is no secret to the reader).
        let moved_from: BTreeSet<String> = archive.moves[..n].iter().flat_map(|m| move_squares(&m.notation)).collect();
        let now = board(&positions[n]);
        let unmoved: BTreeSet<String> = start
            .iter()
            .filter(|(sq, c)| is_enemy(*c) && !moved_from.contains(sq))
            .filter(|(sq, c)| now.iter().any(|(s, p)| s == sq && p == c))
            .map(|(sq, _)| sq.clone())
            .collect();
        // What the rules tell: one's own legal moves (which may name enemy squares, as
        // capture targets; the example move under "e.g." is one of them) and the kinds of
        // captured pieces.
        let all = shown(mail);
        let listed: BTreeSet<String> = support::mime::legal_moves(&all).unwrap_or_default().into_iter().collect();
        let example = |l: &str| l.trim().split_once(' ').is_some_and(|(_, m)| listed.contains(m));
        let text: String = all
            .lines()
            .filter(|l| {
                !support::mime::is_legal_moves_line(&all, l) && !l.to_lowercase().contains("captured") && !example(l)
            })
            .collect::<Vec<_>>()
            .join("\n");
        let named = squares_named(&text);
        let leaked: Vec<&String> = unmoved.iter().filter(|sq| named.contains(*sq)).collect();
        assert!(
            leaked.is_empty(),
            "a mail to {reader} after {n} plies names unmoved enemy squares {leaked:?}:\n{text}"
        );
        // Enemy piece kinds the reader does not have must not be named (the rules' own
        // notice "the enemy King or Decoy" names no piece the enemy has). The reader's own
        // kinds are its pair and whatever its Pawns promoted to: the legend under the board
        // names every kind the reader sees there, its own included.
        let text = text.replace("King or Decoy", "");
        let mut own = pair_of(*reader);
        own.extend(now.iter().map(|(_, c)| *c).filter(|c| !is_enemy(*c)).map(|c| c.to_ascii_uppercase()));
        for (letter, name) in PAIR_NAMES {
            if pair_of(enemy).contains(&letter) && !own.contains(&letter) {
                assert!(!text.contains(name), "a mail to {reader} names the enemy's {name}:\n{text}");
            }
        }
        // Every opponent move is a ciphered entry: no piece letter.
        for entry in text.split_whitespace().filter(|w| w.contains('@')) {
            if entry.contains("herald") || entry.contains(".test") {
                continue;
            }
            let (token, rest) = entry.split_once(':').unwrap_or_else(|| panic!("{entry} is not ciphered"));
            assert!(token.len() == 6 && token.chars().all(|c| c.is_ascii_hexdigit()), "{entry}");
            assert!(rest.starts_with(|c: char| ('a'..='h').contains(&c)), "{entry}");
        }
        scanned += 1;
    }
    assert!(scanned >= 10, "only {scanned} mails scanned");
    // Enemy pieces that have moved are drawn as "?" and listed with their tracking ids.
    assert!(
        received.iter().any(|(_, m)| m.body().contains("Unknown pieces, with the square each started on: ")),
        "no mail lists the enemy pieces seen"
    );

    // The archive verifies: setup recomputed, every ciphered entry recomputed, and its head
    // is the one in the players' last mails.
    let path = club.dir().join("si-archive.json");
    std::fs::write(&path, &json).unwrap();
    let verified = club.herald_ok(&["verify", path.to_str().unwrap()]);
    assert!(verified.contains("the setup drawn from the opened secrets is"), "{verified}");
    assert!(verified.contains("moves mailed in ciphered form recompute exactly"), "{verified}");
    assert!(last.contains(&archive.chain_head), "{last}");
    assert!(archive.moves.iter().all(|m| m.sealed.is_some()));

    // A forger changes one mailed token and rebuilds the whole chain around it: the chain is
    // whole again, but the opened key gives the true token, and verify says so.
    let mut forged = archive.clone();
    let sealed = forged.moves[3].sealed.clone().unwrap();
    let flipped = if sealed.starts_with('0') { "1" } else { "0" };
    forged.moves[3].sealed = Some(format!("{flipped}{}", &sealed[1..]));
    let mut prev = forged.genesis.clone();
    for m in &mut forged.moves {
        let color = if m.color == "white" { Color::White } else { Color::Black };
        m.prev = prev.clone();
        m.hash = chain::link(&m.prev, m.ply, color, m.number, m.sealed.as_deref().unwrap(), &[]);
        prev = m.hash.clone();
    }
    let result = forged.result.as_mut().unwrap();
    result.prev = prev.clone();
    result.hash = chain::close(&result.prev, &result.score, &result.reason);
    forged.chain_head = result.hash.clone();
    let report = archive::verify(&forged);
    assert!(!report.ok(), "{report:?}");
    assert!(report.failed.iter().any(|f| f.contains("was mailed to the opponent as")), "{:?}", report.failed);
    // And the forged head is not the one the players hold.
    assert!(!last.contains(&forged.chain_head));
}
