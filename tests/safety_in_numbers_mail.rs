//! Safety in Numbers Chess by mail through the real Postfix: the seed's first example game
//! forms a crowd, both players' mails draw it and name its pieces, a capture on the crowd is
//! refused with the rule, and the finished game's archive verifies.

use crate::support;

use support::club::{ALICE, BOB, Club, Mail};

/// `who` replies `text` to their latest mail; returns the new mails of Alice and Bob.
fn play(club: &Club, who: &str, text: &str) -> (Vec<Mail>, Vec<Mail>) {
    let latest = club.latest(who);
    let round = club.round(|| {
        club.reply(who, &latest, text);
    });
    (round.alice.clone(), round.bob.clone())
}

/// The diagram's rank line for `rank` in a mail body, e.g. the line starting "4 ".
fn rank_line(body: &str, rank: u8) -> String {
    body.lines()
        .find(|l| l.starts_with(&format!("{rank} ")) && l.trim_end().ends_with(&format!(" {rank}")))
        .unwrap_or_else(|| panic!("no rank {rank} in\n{body}"))
        .to_string()
}

#[test]
fn a_crowd_forms_by_mail_and_both_diagrams_show_it() {
    let club = Club::start();
    let id = club.new_game_of("safety-in-numbers");
    let invitation = club.latest(ALICE).body();
    support::mime::says(&invitation, "Safety in Numbers Chess");

    for (who, text) in [(ALICE, "e4"), (BOB, "e5"), (ALICE, "Nc3")] {
        let (alice, bob) = play(&club, who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
    }
    // Black's pawn steps onto White's: the first crowd.
    let (alice, bob) = play(&club, BOB, "e5-e4");
    for mail in [&alice[0], &bob[0]] {
        let body = mail.body();
        support::mime::says(&body, "2. Nc3 e5-e4");
        support::mime::says(&body, "e4 (white pawn; black pawn)");
    }
    // White's diagram has rank 4 with the crowd "Pp" on e4 (the fifth column from the left);
    // Black's is turned round, e4 the fourth column from the left.
    let white_rank = rank_line(&alice[0].body(), 4);
    let black_rank = rank_line(&bob[0].body(), 4);
    let cells = |line: &str| line.split_whitespace().skip(1).take(8).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(cells(&white_rank), [".", ".", ".", ".", "Pp", ".", ".", "."], "{white_rank}");
    assert_eq!(cells(&black_rank), [".", ".", ".", "Pp", ".", ".", ".", "."], "{black_rank}");

    // White's knight joins it.
    let (alice, _) = play(&club, ALICE, "Nc3-e4");
    assert!(alice[0].body().contains("3. Nc3-e4"), "{}", alice[0].body());
    assert_eq!(cells(&rank_line(&alice[0].body(), 4))[4], "PNp");

    // Black's queen cannot take on the crowd: Bob hears why, Alice hears nothing.
    play(&club, BOB, "Qh4");
    play(&club, ALICE, "a3");
    let (alice, bob) = play(&club, BOB, "Qxe4");
    assert_eq!((alice.len(), bob.len()), (0, 1));
    let refusal = bob[0].body();
    support::mime::says(&refusal, "nothing on a crowded square can be captured");

    // It may join the crowd instead, checking the king from it.
    let (alice, _) = play(&club, BOB, "Qh4-e4+");
    let body = alice[0].body();
    support::mime::says(&body, "Qh4-e4+");
    support::mime::says(&body, "You are in check.");
    assert_eq!(cells(&rank_line(&body, 4))[4], "PNpq");

    let (alice, bob) = play(&club, ALICE, "resign");
    for mail in [&alice[0], &bob[0]] {
        assert!(mail.body().contains("0-1"), "{}", mail.body());
    }

    // The archive replays and verifies with no database.
    let archive = club.herald_ok(&["game", "export", &id.to_string(), "--json"]);
    support::archive_schema::check(&archive);
    let path = club.dir().join("sin-archive.json");
    std::fs::write(&path, &archive).unwrap();
    assert!(club.herald_ok(&["verify", path.to_str().unwrap()]).contains("verified"));
}
