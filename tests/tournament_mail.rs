//! Whole tournaments by mail through a real Postfix (tests/support/club.rs), as a club's TD and
//! players run them: entries by mail with their confirmation (and a forged one that enters
//! nobody), every game played by replying to herald's mails, a withdrawal by mail, a loss on
//! time, the standings mailed after each game, and the final crosstable.
//!
//! Needs root and the Debian packages `postfix` and `postfix-sqlite` (scripts/test.sh
//! installs them); nothing is skipped.

use crate::support;

use support::club::{Club, Mail, REFEREE};

/// A player of these tests: name and address.
#[derive(Clone, Copy)]
struct Player {
    name: &'static str,
    email: &'static str,
}

const fn p(name: &'static str, email: &'static str) -> Player {
    Player { name, email }
}

/// A game of the tournament as `herald game list` shows it.
#[derive(Debug)]
struct Listed {
    id: i64,
    white: String,
    black: String,
    in_play: bool,
}

fn games(club: &Club) -> Vec<Listed> {
    let listed: serde_json::Value = serde_json::from_str(&club.herald_ok(&["game", "list", "--json"])).unwrap();
    listed
        .as_array()
        .expect("an array of games")
        .iter()
        .map(|game| Listed {
            id: game["id"].as_i64().unwrap(),
            white: game["white"]["email"].as_str().unwrap().to_string(),
            black: game["black"]["email"].as_str().unwrap().to_string(),
            in_play: game["status"] == "active",
        })
        .collect()
}

/// The latest mail of game `id` in `email`'s Maildir.
#[track_caller]
fn latest_of_game(club: &Club, email: &str, id: i64) -> Mail {
    let tag = format!("[herald #{id}]");
    club.mails(email)
        .into_iter()
        .rev()
        .find(|m| m.subject().contains(&tag))
        .unwrap_or_else(|| panic!("{email} has no mail of game #{id}"))
}

/// `email` answers their latest mail of game `id` with `text`, and the club settles.
#[track_caller]
fn say(club: &Club, email: &str, id: i64, text: &str) {
    let mail = latest_of_game(club, email, id);
    club.reply(email, &mail, text);
    club.settle();
}

/// A first mail to the referee, written by hand as a mail client would.
fn first_mail(from: Player, subject: &str, text: &str, message_id: &str) -> Vec<u8> {
    format!(
        "From: {} <{}>\r\nTo: {REFEREE}\r\nSubject: {subject}\r\nMessage-ID: <{message_id}>\r\n\
         Date: Tue, 24 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{text}\r\n",
        from.name, from.email
    )
    .into_bytes()
}

/// The latest tournament mail (not a game's) in `email`'s Maildir.
#[track_caller]
fn latest_tournament_mail(club: &Club, email: &str) -> Mail {
    club.mails(email)
        .into_iter()
        .rev()
        .find(|m| !m.subject().contains("[herald #"))
        .unwrap_or_else(|| panic!("{email} has no tournament mail"))
}

/// Moves a game's deadline into the past, as if its days had gone by.
fn expire(club: &Club, game: i64) {
    let db = rusqlite::Connection::open(club.database()).unwrap();
    db.execute("UPDATE games SET deadline = 1000 WHERE id = ?1", [game]).unwrap();
}

const ANN: Player = p("Ann", "ann@players.test");
const BEN: Player = p("Ben", "ben@players.test");
const CY: Player = p("Cy", "cy@players.test");
const DI: Player = p("Di", "di@players.test");
const EVE: Player = p("Eve", "eve@players.test");
const FAY: Player = p("Fay", "fay@players.test");
const MALLORY: Player = p("Mallory", "mallory@players.test");

/// A 6-player Crown round robin, from `tournament new` to the final crosstable, by mail.
#[test]
fn a_crown_round_robin_is_played_to_its_final_crosstable_by_mail() {
    let club = Club::start();
    let players = [ANN, BEN, CY, DI].map(|pl| format!("{} <{}>", pl.name, pl.email)).join(",");
    let id = club.herald_ok(&[
        "tournament",
        "new",
        "--name",
        "Autumn Crown 2026",
        "--variant",
        "crown",
        "--system",
        "round-robin",
        "--players",
        &players,
    ]);
    assert_eq!(id.trim(), "1");
    club.herald_ok(&["tournament", "open", "1"]);

    // Eve joins by mail and confirms by a reply.
    club.submit(&first_mail(EVE, "entry", "join Autumn Crown 2026", "join-eve@players.test"), EVE.email, REFEREE);
    club.settle();
    let ask = latest_tournament_mail(&club, EVE.email);
    assert!(ask.subject().contains("please confirm your entry"), "{}", ask.subject());
    assert!(
        club.herald_ok(&["tournament", "show", "1"]).contains("Eve <eve@players.test>  (waiting for confirmation)")
    );
    club.reply(EVE.email, &ask, "yes");
    club.settle();
    assert!(latest_tournament_mail(&club, EVE.email).subject().contains("you are entered"));

    // Mallory forges Fay's address: Fay is asked, not entered; Mallory gets nothing.
    club.submit(&first_mail(FAY, "join", "join 1", "forged-fay@players.test"), MALLORY.email, REFEREE);
    club.settle();
    assert!(club.mails(MALLORY.email).is_empty());
    let ask = latest_tournament_mail(&club, FAY.email);
    assert!(ask.subject().contains("please confirm"));
    let shown = club.herald_ok(&["tournament", "show", "1"]);
    assert!(shown.contains("Fay <fay@players.test>  (waiting for confirmation)"), "{shown}");
    // A reply to Fay's confirmation from Mallory's address enters nobody.
    club.reply(MALLORY.email, &ask, "yes");
    club.settle();
    assert!(club.herald_ok(&["tournament", "show", "1"]).contains("(waiting for confirmation)"));
    // Fay, who does want to play, answers the request herself.
    club.reply(FAY.email, &ask, "yes please");
    club.settle();
    let shown = club.herald_ok(&["tournament", "show", "1"]);
    assert!(!shown.contains("waiting for confirmation"), "{shown}");

    let started = club.herald_ok(&["tournament", "start", "1"]);
    let lines: Vec<&str> = started.lines().collect();
    assert_eq!(lines[..2], ["15 game(s) started", "Round 1"], "6 players meet each other once:\n{started}");
    assert_eq!(lines[2..].iter().filter(|l| l.contains(" - ") && l.contains("game #")).count(), 3, "{started}");
    club.serve_once();
    club.settle();
    let all = games(&club);
    assert_eq!(all.len(), 15);
    for pl in [ANN, BEN, CY, DI, EVE, FAY] {
        let mine = all.iter().filter(|g| g.white == pl.email || g.black == pl.email).count();
        assert_eq!(mine, 5, "{} plays everyone else once", pl.name);
        let invitations = club.mails(pl.email).iter().filter(|m| m.subject().contains("crown: ")).count();
        assert_eq!(invitations, 5, "{} is invited to each game", pl.name);
        let begins = latest_tournament_mail(&club, pl.email);
        assert!(begins.subject().contains("the tournament begins"), "{}", begins.subject());
        assert!(begins.body().contains("Round 1"), "{}", begins.body());
    }
    let invitation = latest_of_game(&club, all[0].white.as_str(), all[0].id);
    assert!(invitation.body().contains("Autumn Crown 2026, round"), "{}", invitation.body());

    // Di withdraws by replying to the tournament's mail before playing: every game of hers is
    // lost by forfeit (the club's default rule), and her opponents are told.
    let begins = latest_tournament_mail(&club, DI.email);
    club.reply(DI.email, &begins, "withdraw");
    club.settle();
    assert!(latest_tournament_mail(&club, DI.email).subject().contains("you have withdrawn"));

    // One game is lost on time: once both have chosen (before that the clock only tells),
    // White's deadline passes; the daemon's pass reminds, and at the next deadline White loses.
    let on_time = all
        .iter()
        .find(|g| g.white == ANN.email && g.black == BEN.email || g.white == BEN.email && g.black == ANN.email)
        .unwrap();
    for email in [&on_time.white, &on_time.black] {
        say(&club, email, on_time.id, "crown king");
    }
    expire(&club, on_time.id);
    club.serve_once();
    club.settle();
    expire(&club, on_time.id);
    club.serve_once();
    club.settle();

    let listed = club.herald_ok(&["game", "list"]);
    let line = listed.lines().find(|l| l.starts_with(&format!("#{:<5}", on_time.id))).unwrap();
    assert!(
        line.contains("wins on time"),
        "the deadline passed with reminders on: a reminder, then the loss\n{listed}"
    );

    // Every other game: both players choose their crowned monarch, then White resigns, or
    // the players agree a draw.
    for (i, g) in games(&club).iter().filter(|g| g.in_play).enumerate() {
        for email in [&g.white, &g.black] {
            say(&club, email, g.id, "crown king");
        }
        if i % 3 == 2 {
            say(&club, &g.white, g.id, "draw");
            say(&club, &g.black, g.id, "accept");
        } else {
            say(&club, &g.white, g.id, "resign");
        }
    }
    club.serve_once();
    club.settle();
    assert!(games(&club).iter().all(|g| !g.in_play), "every game is over");

    // Standings after each game, and the final crosstable, to everyone who played.
    for pl in [ANN, BEN, CY, EVE, FAY] {
        let results = club.mails(pl.email).iter().filter(|m| m.subject().contains("Autumn Crown 2026: Round")).count();
        assert!(results >= 10, "{} got the standings after each game ({results})", pl.name);
    }
    let finals: Vec<Mail> =
        club.mails(ANN.email).into_iter().filter(|m| m.subject().contains("final crosstable")).collect();
    assert_eq!(finals.len(), 1, "one final crosstable\n{}", club.herald_ok(&["tournament", "show", "1"]));
    let last = &finals[0];
    let crosstable = club.herald_ok(&["tournament", "crosstable", "1"]);
    let standings = club.herald_ok(&["tournament", "standings", "1"]);
    assert!(last.body().contains(standings.lines().nth(2).unwrap().trim()), "{}\n{standings}", last.body());
    assert!(last.body().contains(crosstable.lines().nth(1).unwrap().trim()), "{}\n{crosstable}", last.body());
    for line in last.body().lines() {
        assert!(line.chars().count() <= 78, "crosstable line over 78 columns: {line:?}");
    }
    let shown = club.herald_ok(&["tournament", "show", "1"]);
    assert!(shown.contains("Status: finished"), "{shown}");
    assert!(shown.contains("withdrew after round"), "{shown}");
    // The loss on time and the forfeits show as such.
    assert!(crosstable.contains('+') && crosstable.contains('-'), "{crosstable}");

    // Every game's archive names its tournament and verifies.
    let dir = club.dir().join("archives");
    std::fs::create_dir_all(&dir).unwrap();
    for g in games(&club) {
        let json = club.herald_ok(&["game", "export", &g.id.to_string(), "--json"]);
        assert!(json.contains("\"tournament\""), "{json}");
        let path = dir.join(format!("{}.json", g.id));
        std::fs::write(&path, json).unwrap();
        let verified = club.herald_ok(&["verify", path.to_str().unwrap()]);
        assert!(verified.contains("verified"), "{verified}");
    }
    // Ratings moved for the played games.
    let ratings = club.herald_ok(&["ratings", "--variant", "crown"]);
    assert!(ratings.lines().count() >= 4, "{ratings}");
}

const SWISS: [Player; 8] = [
    p("Ada", "ada@players.test"),
    p("Bo", "bo@players.test"),
    p("Cleo", "cleo@players.test"),
    p("Dan", "dan@players.test"),
    p("Ed", "ed@players.test"),
    p("Flo", "flo@players.test"),
    p("Gus", "gus@players.test"),
    p("Hal", "hal@players.test"),
];

/// Plays every game in play: White resigns, or, every third game, a draw is agreed (Royal
/// Chess scores it 0.4 to White, 0.5 to Black).
fn play_round(club: &Club) {
    for (i, g) in games(club).iter().filter(|g| g.in_play).enumerate() {
        if i % 3 == 1 {
            say(club, &g.white, g.id, "draw");
            say(club, &g.black, g.id, "accept");
        } else {
            say(club, &g.white, g.id, "resign");
        }
    }
}

/// The pairs of each round, from `herald game list` and the round each game's mail names.
fn pairs_of_round(club: &Club, round: u32) -> Vec<(String, String)> {
    let tag = format!("round {round}, board");
    games(club)
        .into_iter()
        .filter(|g| latest_of_game(club, &g.white, g.id).body().contains(&tag))
        .map(|g| (g.white, g.black))
        .collect()
}

/// An 8-player Royal Chess Swiss of 3 rounds, by mail: one player joins by mail, one loses on
/// time, one withdraws; rounds start by themselves when the last game of the one before ends.
#[test]
fn a_royal_swiss_of_three_rounds_is_played_to_its_final_crosstable_by_mail() {
    let club = Club::start();
    let players = SWISS[..7].iter().map(|pl| format!("{} <{}>", pl.name, pl.email)).collect::<Vec<_>>().join(",");
    club.herald_ok(&[
        "tournament",
        "new",
        "--name",
        "Winter Royal Swiss",
        "--variant",
        "royal",
        "--system",
        "swiss",
        "--rounds",
        "3",
        "--players",
        &players,
    ]);
    club.herald_ok(&["tournament", "open", "1"]);
    let hal = SWISS[7];
    club.submit(&first_mail(hal, "join", "join Winter Royal Swiss", "join-hal@players.test"), hal.email, REFEREE);
    club.settle();
    club.reply(hal.email, &latest_tournament_mail(&club, hal.email), "yes");
    club.settle();
    let started = club.herald_ok(&["tournament", "start", "1"]);
    let lines: Vec<&str> = started.lines().collect();
    assert_eq!(lines[..2], ["4 game(s) started", "Round 1"], "{started}");
    assert_eq!(lines[2..].iter().filter(|l| l.contains(" - ") && l.contains("game #")).count(), 4, "{started}");
    club.serve_once();
    club.settle();

    // Round 1: everyone plays.
    let round1 = pairs_of_round(&club, 1);
    assert_eq!(round1.len(), 4);
    play_round(&club);
    club.settle();

    // Round 2 was paired by itself: everyone was told; nobody meets a round-1 opponent again.
    for pl in SWISS {
        let told = club.mails(pl.email).iter().any(|m| m.subject().contains("round 2 is paired"));
        assert!(told, "{} was told of round 2", pl.name);
    }
    let round2 = pairs_of_round(&club, 2);
    assert_eq!(round2.len(), 4);
    let met = |a: &str, b: &str, round: &[(String, String)]| {
        round.iter().any(|(w, bl)| (w == a && bl == b) || (w == b && bl == a))
    };
    for (w, b) in &round2 {
        assert!(!met(w, b, &round1), "{w} and {b} meet again in round 2");
    }

    // Round 2: one game lost on time, one player withdraws (their game is forfeited), the
    // rest are played.
    let in_play: Vec<Listed> = games(&club).into_iter().filter(|g| g.in_play).collect();
    let timed = &in_play[0];
    expire(&club, timed.id);
    club.serve_once();
    club.settle();
    expire(&club, timed.id);
    club.serve_once();
    club.settle();
    let quitter = in_play[1].black.clone();
    let begins = club
        .mails(&quitter)
        .into_iter()
        .find(|m| m.subject().contains("the tournament begins"))
        .expect("the tournament's first mail");
    club.reply(&quitter, &begins, "withdraw");
    club.settle();
    play_round(&club);
    club.settle();

    // Round 3: seven players, so one bye; no rematch; the withdrawn player is not paired.
    let round3 = pairs_of_round(&club, 3);
    assert_eq!(round3.len(), 3, "seven players: three games and a bye");
    for (w, b) in &round3 {
        assert!(!met(w, b, &round1) && !met(w, b, &round2), "{w} and {b} meet again in round 3");
        assert!(w != &quitter && b != &quitter, "the withdrawn player is paired no more");
    }
    play_round(&club);
    club.serve_once();
    club.settle();
    assert!(games(&club).iter().all(|g| !g.in_play));

    let shown = club.herald_ok(&["tournament", "show", "1"]);
    assert!(shown.contains("Status: finished"), "{shown}");
    let finals: Vec<Mail> =
        club.mails(SWISS[0].email).into_iter().filter(|m| m.subject().contains("final crosstable")).collect();
    assert_eq!(finals.len(), 1);
    // For a person to read: `cargo test --test integration tournament_mail:: -- --nocapture`.
    println!("{}", finals[0].body());
    let crosstable = club.herald_ok(&["tournament", "crosstable", "1"]);
    for line in crosstable.lines().skip(1) {
        assert!(finals[0].body().contains(line.trim_end()), "{line:?} missing from\n{}", finals[0].body());
        assert!(line.chars().count() <= 78);
    }
    // Royal Chess's draws score 0.4 and 0.5: the standings carry the fractions exactly.
    let standings = club.herald_ok(&["tournament", "standings", "1"]);
    assert!(standings.contains(".4") || standings.contains(".9"), "{standings}");
    let listed = club.herald_ok(&["game", "list"]);
    assert!(listed.contains("wins on time"), "{listed}");
    // Every game as PGN, each naming its tournament and round.board.
    let pgn = club.herald_ok(&["tournament", "export", "1", "--pgn"]);
    assert_eq!(
        pgn.matches("[Event \"Winter Royal Swiss\"]").count(),
        11,
        "four games, four, and three beside the bye: {pgn}"
    );
    assert!(pgn.contains("[Round \"3.1\"]"), "{pgn}");
    // The TRF export names every round with its results.
    let trf = club.herald_ok(&["tournament", "export", "1", "--trf"]);
    assert!(trf.contains("XXR 3"), "{trf}");
    assert_eq!(trf.lines().filter(|l| l.starts_with("001")).count(), 8, "{trf}");
}
