//! Royal Chess rules, each with positions that exercise it. Expectations are the seed's
//! words read afresh here (see the quotes), not the engine's output.

use std::collections::BTreeSet;

use herald::engine::{Color, DrawReason, Outcome, WinReason};
use herald::variants::royal::{Castling, Royal, RoyalMove, RoyalPosition, notation};
use herald::variants::{self, Variant, VariantGame};

/// 0-based (file, rank) of a numeric square name: "64", "106".
fn coords(name: &str) -> (u8, u8) {
    let (file, rank) = name.split_at(name.len() - 1);
    (file.parse::<u8>().unwrap() - 1, rank.parse::<u8>().unwrap() - 1)
}

/// A FEN written here from a list of pieces on numeric squares (H is the King's Guard).
fn fen(pieces: &[(&str, char)], turn: char, castling: &str) -> String {
    let mut board = [[None; 10]; 8];
    for &(sq, letter) in pieces {
        let (f, r) = coords(sq);
        board[r as usize][f as usize] = Some(letter);
    }
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|r| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in board[r] {
                match cell {
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                        }
                        empty = 0;
                        out.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {turn} {castling} - 0 1", ranks.join("/"))
}

fn position(pieces: &[(&str, char)], turn: char, castling: &str) -> RoyalPosition {
    Royal.read_fen(&fen(pieces, turn, castling)).unwrap()
}

fn name(sq: herald::engine::Square) -> String {
    sq.numeric()
}

/// Numeric names of the squares the piece on `from` may move to (castling aside).
fn destinations(pos: &RoyalPosition, from: &str) -> BTreeSet<String> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| !matches!(m, RoyalMove::Castle(_)) && name(m.from()) == from)
        .map(|m| name(m.to()))
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

/// Squares `steps` away from `from` along (df, dr), 1..=reach, on the 10x8 board.
fn line(from: &str, df: i8, dr: i8, reach: i8) -> Vec<String> {
    let (f, r) = coords(from);
    (1..=reach)
        .map(|k| (f as i8 + df * k, r as i8 + dr * k))
        .take_while(|&(f, r)| (0..10).contains(&f) && (0..8).contains(&r))
        .map(|(f, r)| format!("{}{}", f + 1, r + 1))
        .collect()
}

/// How far a White Guard's minor move from `rank` (1-based) goes in direction `dr`, read from
/// the seed: "Immediately upon crossing the center line of the board into the opponents
/// territory, the Minor move ends on the first square into enemy territory (the fifth rank).
/// While in enemy territory, Minor moves are limited to one square only, unless that one
/// square brings it back into its own territory, in which case, it may make a complete two
/// or three square move." and, for the Queen's Guard, "While on the fifth rank ... the Queen's
/// Guard may still move the complete Minor move horizontally of one to three squares."
fn minor_reach(rank: i8, dr: i8) -> i8 {
    let enemy = |r: i8| r >= 5;
    if enemy(rank) {
        if dr == 0 && rank == 5 {
            3
        } else if enemy(rank + dr) {
            1
        } else {
            3
        }
    } else {
        (1..=3).find(|&k| enemy(rank + k * dr)).unwrap_or(3)
    }
}

const KINGS_FAR: [(&str, char); 2] = [("11", 'K'), ("108", 'k')];

#[test]
fn the_start_position_and_its_twenty_four_moves() {
    let start = RoyalPosition::new(Royal.start_position(), 0);
    let record = herald::variants::royal::write_record(&start);
    // "R G N B Q K B N G' R" from White's left, pawns in front, Black straight across.
    assert!(record.ends_with(
        "r g n b q k b n g' r,\np p p p p p p p p p,\n0,\n0,\n0,\n0,\nP P P P P P P P P P,\nR G N B Q K B N G' R,"
    ));
    // Ten pawns with one or two steps, two Knights with two moves each; the Guards, hemmed in
    // by their own pieces, have none.
    assert_eq!(start.legal_moves().len(), 10 * 2 + 2 * 2);
}

#[test]
fn each_guard_moves_by_territory_for_both_sides() {
    for rank in 2..=7i8 {
        for (letter, major_diagonal) in [('H', false), ('G', true)] {
            let from = format!("5{rank}");
            let pos = position(&[KINGS_FAR[0], KINGS_FAR[1], (&from, letter)], 'w', "-");
            let mut expected = BTreeSet::new();
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let diagonal = df != 0 && dr != 0;
                let reach = if diagonal == major_diagonal { 3 } else { minor_reach(rank, dr) };
                expected.extend(line(&from, df, dr, reach));
            }
            assert_eq!(destinations(&pos, &from), expected, "White {letter} on {from}");

            // Black's Guard on the mirrored square moves as the mirror image.
            let mirrored = format!("5{}", 9 - rank);
            let pos = position(&[KINGS_FAR[0], KINGS_FAR[1], (&mirrored, letter.to_ascii_lowercase())], 'b', "-");
            let flipped: BTreeSet<String> = expected
                .iter()
                .map(|s| {
                    let (f, r) = coords(s);
                    format!("{}{}", f + 1, 8 - r)
                })
                .collect();
            assert_eq!(destinations(&pos, &mirrored), flipped, "Black {letter} on {mirrored}");
        }
    }
}

#[test]
fn guards_capture_anywhere_with_the_major_move_and_only_next_door_with_the_minor() {
    // White King's Guard on 54: enemy Knights three squares up (major: capturable), on the
    // first diagonal square (minor: capturable) and on the second diagonal square with the
    // first empty (minor: "It can ONLY capture an opponent's piece on the FIRST adjacent
    // diagonal square").
    let pos = position(&[KINGS_FAR[0], KINGS_FAR[1], ("54", 'H'), ("57", 'n'), ("65", 'n'), ("32", 'p')], 'w', "-");
    let d = destinations(&pos, "54");
    assert!(d.contains("57") && d.contains("65"), "{d:?}");
    assert!(!d.contains("32") && d.contains("43"), "{d:?}");
    // The Queen's Guard the other way round.
    let pos = position(&[KINGS_FAR[0], KINGS_FAR[1], ("54", 'G'), ("76", 'n'), ("55", 'n'), ("52", 'n')], 'w', "-");
    let d = destinations(&pos, "54");
    assert!(d.contains("76") && d.contains("55"), "{d:?}");
    assert!(!d.contains("52") && d.contains("53"), "{d:?}");
}

#[test]
fn a_guard_jumps_its_own_king_on_the_first_rank_without_capturing() {
    // "A Guard CAN jump over its own King if the King is on its first rank. A Guard CANNOT
    // capture a piece when jumping over its King. A Guard CANNOT jump over any other piece."
    let d = destinations(&position(&[("61", 'K'), ("71", 'H'), ("108", 'k')], 'w', "-"), "71");
    assert!(d.contains("51") && d.contains("41") && !d.contains("31"), "three squares along the rank: {d:?}");
    let d = destinations(&position(&[("61", 'K'), ("51", 'G'), ("108", 'k')], 'w', "-"), "51");
    assert!(d.contains("71") && d.contains("81") && !d.contains("91"), "{d:?}");
    // No capture over the King, and no jump over the King and another piece.
    let d = destinations(&position(&[("61", 'K'), ("71", 'H'), ("51", 'b'), ("108", 'k')], 'w', "-"), "71");
    assert!(!d.contains("51") && !d.contains("41"), "{d:?}");
    let d = destinations(&position(&[("61", 'K'), ("71", 'H'), ("51", 'G'), ("108", 'k')], 'w', "-"), "71");
    assert!(!d.contains("41"), "{d:?}");
    // Off the first rank there is no jump.
    let d = destinations(&position(&[("62", 'K'), ("52", 'G'), ("108", 'k')], 'w', "-"), "52");
    assert!(!d.contains("72"), "{d:?}");
}

#[test]
fn rooks_jump_their_guards_on_the_first_rank_and_between_two_rooks() {
    // "A Rook can always jump over its own Guards on the first rank."
    let pos = position(&[("11", 'R'), ("21", 'G'), ("51", 'b'), ("68", 'K'), ("108", 'k')], 'w', "-");
    let d = destinations(&pos, "11");
    assert!(d.contains("31") && d.contains("41"), "{d:?}");
    assert!(d.contains("51"), "on the first rank the jump may capture: {d:?}");
    assert!(!d.contains("61"), "{d:?}");

    // "Two Rooks on any other identical rank or file may jump over their own Guards anywhere
    // between them, but they cannot capture an opponent's piece".
    let pair = [("13", 'R'), ("33", 'H'), ("63", 'R'), ("61", 'K'), ("108", 'k')];
    let d = destinations(&position(&pair, 'w', "-"), "13");
    for sq in ["23", "43", "53"] {
        assert!(d.contains(sq), "{sq}: {d:?}");
    }
    assert!(!d.contains("63") && !d.contains("73"), "{d:?}");
    // A lone Rook does not jump, nor capture over its Guard.
    let lone = [("13", 'R'), ("33", 'H'), ("63", 'b'), ("61", 'K'), ("108", 'k')];
    let d = destinations(&position(&lone, 'w', "-"), "13");
    assert_eq!(d.iter().filter(|s| s.ends_with('3')).cloned().collect::<BTreeSet<_>>(), set(&["23"]));
    // On a file too.
    let file = [("31", 'R'), ("33", 'G'), ("36", 'R'), ("61", 'K'), ("108", 'k')];
    let d = destinations(&position(&file, 'w', "-"), "31");
    assert!(d.contains("34") && d.contains("35") && !d.contains("36"), "{d:?}");
}

#[test]
fn a_rook_recaptures_over_its_guards_on_the_very_next_move_only() {
    // "If one of the Rooks is captured, the other Rook may recapture the opponent's capturing
    // piece ONLY on the very next move or forfeit this ability."
    let pieces = [("13", 'R'), ("33", 'H'), ("63", 'R'), ("74", 'b'), ("61", 'K'), ("108", 'k'), ("97", 'p')];
    let royal = variants::by_id("royal").unwrap();
    let text = fen(&pieces, 'b', "-");
    let mut game = royal.game_from_fen(&text).unwrap();
    game.play("Bx63").unwrap();
    assert!(
        game.view(herald::variants::Observer::Player(Color::White)).notices.iter().any(|n| n.contains("recapture"))
    );
    let mut recapture = royal.game_from_fen(&text).unwrap();
    recapture.play("Bx63").unwrap();
    assert_eq!(recapture.play("Rx63").unwrap().notation, "Rx63");

    // Forfeited after another move.
    game.play("K-62").unwrap();
    game.play("96").unwrap();
    let refused = game.play("Rx63");
    assert!(refused.is_err(), "{refused:?}");
}

/// The castlings of a position, as (King's square, Rook's square, Guard move) triples.
/// A castling as the squares the King and Rook land on and the Guard's move, if any.
type CastlingSquares = (String, String, Option<(String, String)>);

fn castlings(pos: &RoyalPosition) -> BTreeSet<CastlingSquares> {
    pos.legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            RoyalMove::Castle(Castling { king_to, rook_to, guard, .. }) => {
                Some((name(king_to), name(rook_to), guard.map(|(a, b)| (name(a), name(b)))))
            }
            _ => None,
        })
        .collect()
}

fn plain_castlings(pos: &RoyalPosition) -> BTreeSet<(String, String)> {
    castlings(pos).into_iter().filter(|c| c.2.is_none()).map(|c| (c.0, c.1)).collect()
}

fn pair(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

/// White's first rank with the kingside Bishop and Knight gone, the King's Guard home, and
/// Black's King far away; `extra` adds pieces.
fn kingside(extra: &[(&'static str, char)], castling: &str) -> RoyalPosition {
    let mut pieces = vec![("61", 'K'), ("91", 'H'), ("101", 'R'), ("11", 'R'), ("48", 'k')];
    pieces.extend_from_slice(extra);
    position(&pieces, 'w', castling)
}

#[test]
fn castling_puts_the_king_on_the_bishop_s_or_knight_s_square_and_the_rook_beyond_it() {
    // "the King is placed either on the King's Bishop, King's Knight or the King's Guard
    // square, provided the square is vacant. The King's Rook is then placed on the opposite
    // side of the King on the first vacant square nearest to the King." The Guard's square is
    // taken; the long castling is blocked by nothing (only the Rook's corner).
    let pos = kingside(&[], "KQ");
    let kingside_only: BTreeSet<(String, String)> =
        plain_castlings(&pos).into_iter().filter(|(k, _)| k.starts_with('7') || k.starts_with('8')).collect();
    assert_eq!(kingside_only, BTreeSet::from([pair("71", "61"), pair("81", "71")]));
    // Queenside: the Bishop's, Knight's and Guard's squares 41, 31, 21, the Rook beside.
    let queenside: BTreeSet<(String, String)> =
        plain_castlings(&pos).into_iter().filter(|(k, _)| k.len() == 2 && k.as_str() < "51").collect();
    assert_eq!(queenside, BTreeSet::from([pair("21", "31"), pair("31", "41"), pair("41", "51")]));
    // With the King's Guard moved first, the King may take its square.
    assert!(castlings(&pos).contains(&("91".into(), "81".into(), Some(("91".into(), "93".into())))));
}

#[test]
fn castling_with_a_guard_move_out_of_check() {
    // "The Guard may actually capture or block a piece checking the King ... thereby allowing
    // the King to Castle out of check." A Black Rook on 66 checks the King on 61; the King's
    // Guard on 71 steps to 62 and blocks; the King castles to 81, the Rook to 71.
    let pos = position(&[("61", 'K'), ("71", 'H'), ("101", 'R'), ("18", 'k'), ("66", 'r')], 'w', "K");
    let all = castlings(&pos);
    assert!(all.iter().all(|c| c.2.is_some()), "in check, only a Guard move first helps: {all:?}");
    assert!(all.contains(&("81".into(), "71".into(), Some(("71".into(), "62".into())))), "{all:?}");
    let legal = pos.legal_moves();
    let m = legal
        .iter()
        .copied()
        .find(|m| matches!(m, RoyalMove::Castle(c) if name(c.king_to) == "81" && c.guard.is_some()))
        .unwrap();
    // The Guard leaves the first rank, so its square is written out.
    let written = notation::write(&pos, &legal, m);
    assert_eq!(written, "C8-G'62");
    assert_eq!(notation::read(&pos, &legal, &written), Ok(m));
}

#[test]
fn each_castling_condition() {
    // 1. Neither the King nor the Rook has moved: no right, no castling.
    assert!(plain_castlings(&kingside(&[], "Q")).iter().all(|(k, _)| k.as_str() < "51"));
    assert!(castlings(&kingside(&[], "-")).is_empty());
    // 2. Not out of check (without a Guard move that ends it): a Black Rook on 65.
    assert!(castlings(&kingside(&[("65", 'r')], "KQ")).iter().all(|c| c.2.is_some()));
    // 3. Not into check: a Black Rook on 88 covers 81; the King may still go to 71.
    let into = plain_castlings(&kingside(&[("88", 'r')], "K"));
    assert_eq!(into, BTreeSet::from([pair("71", "61")]));
    // 4. Not over an attacked square: a Black Rook on 78 covers 71, which the King passes to
    // reach 81 and would land on otherwise.
    assert!(plain_castlings(&kingside(&[("78", 'r')], "K")).is_empty());
    // 5. Only Guards between: a Bishop on 71 forbids the kingside castling.
    assert!(plain_castlings(&kingside(&[("71", 'B')], "K")).is_empty());
    assert!(castlings(&kingside(&[("71", 'B')], "K")).is_empty());
}

#[test]
fn pawns_promote_only_to_pieces_their_side_has_lost() {
    // "It CANNOT be promoted to a King. It can ONLY be promoted to a piece that has been
    // previously captured." A full army but for the Queen and a Knight.
    let mut army = vec![
        ("17", 'P'),
        ("61", 'K'),
        ("11", 'R'),
        ("101", 'R'),
        ("21", 'G'),
        ("91", 'H'),
        ("41", 'B'),
        ("71", 'B'),
        ("31", 'N'),
        ("88", 'k'),
        ("58", 'q'),
    ];
    let pos = position(&army, 'w', "-");
    let promotions: BTreeSet<String> = pos
        .legal_moves()
        .into_iter()
        .filter_map(|m| m.promotion().map(|r| notation::designator(r).to_string()))
        .collect();
    assert_eq!(promotions, set(&["N", "Q"]));
    // With nothing lost, the pawn cannot step onto the last rank at all.
    army.push(("81", 'N'));
    army.push(("51", 'Q'));
    assert!(destinations(&position(&army, 'w', "-"), "17").is_empty());
}

#[test]
fn a_promoted_guard_has_the_queen_s_powers_for_one_move_unless_waived() {
    // White has lost all but its King; a pawn on 17 promotes on 18. Black's King on 98 stands
    // on the same rank: a Queen on 18 checks it along the rank, a Queen's Guard does not.
    let pieces = [("17", 'P'), ("61", 'K'), ("98", 'k'), ("55", 'p')];
    let royal = variants::by_id("royal").unwrap();
    let text = fen(&pieces, 'w', "-");
    let start = Royal.read_fen(&text).unwrap();
    let with_power = start
        .legal_moves()
        .into_iter()
        .find(|m| matches!(m, RoyalMove::Plain(mv) if mv.promotion().is_some_and(|r| notation::designator(r) == "G")))
        .unwrap();
    let after = start.after(with_power).unwrap();
    assert!(after.is_check(), "the Queen's powers check along the rank");
    let waived = start
        .legal_moves()
        .into_iter()
        .find(|m| matches!(m, RoyalMove::Waived(mv) if mv.promotion().is_some_and(|r| notation::designator(r) == "G")))
        .unwrap();
    assert!(!start.after(waived).unwrap().is_check());

    let mut game = royal.game_from_fen(&text).unwrap();
    assert_eq!(game.play("18=G").unwrap().notation, "18=G+");
    game.play("K-97").unwrap();
    // The first move from the promotion square may be a Queen's: 18 to 12 down the file.
    let mut queen_move = royal.restore(&game.snapshot()).unwrap();
    assert_eq!(queen_move.play("G-12").unwrap().notation, "G-12");
    // A Guard's move ends the powers: from 27 it moves as a Queen's Guard again.
    game.play("G-27").unwrap();
    game.play("K-98").unwrap();
    assert!(game.play("G-21").is_err(), "six squares down the file is a Queen's move, not a Guard's");

    let mut waiving = royal.game_from_fen(&text).unwrap();
    assert_eq!(waiving.play("18=G(w)").unwrap().notation, "18=G(w)");
    waiving.play("K-97").unwrap();
    assert!(waiving.play("G-12").is_err(), "the powers were waived");
}

fn game_from(pieces: &[(&str, char)], turn: char) -> Box<dyn VariantGame> {
    variants::by_id("royal").unwrap().game_from_fen(&fen(pieces, turn, "-")).unwrap()
}

fn points(outcome: Outcome) -> (u16, u16) {
    Royal.points(outcome)
}

#[test]
fn checkmate_scores_one_and_nothing() {
    let game = game_from(&[("18", 'k'), ("27", 'Q'), ("36", 'K')], 'b');
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::Win { winner: Color::White, reason: WinReason::Checkmate });
    assert_eq!(points(outcome), (1000, 0));
}

#[test]
fn stalemate_wins_for_the_side_that_forces_it() {
    // "a stalemate ... considered a win for the player forcing the situation ... Scores .7
    // points for the winner and .25 for the loser." Black's King on 18 has no square (the
    // Queen on 37 covers 17, 27, 28) and its pawn on 13 is blocked; Black is not in check.
    let mut game = game_from(&[("18", 'k'), ("13", 'p'), ("12", 'P'), ("46", 'Q'), ("101", 'K')], 'w');
    assert_eq!(game.play("Q-37").unwrap().notation, "Q-37S#");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::Win { winner: Color::White, reason: WinReason::Stalemate });
    assert_eq!(points(outcome), (700, 250));
}

#[test]
fn baring_the_king_wins() {
    // "When a player is left with only the King ... and the other player has a King and any
    // other piece, the 'Bared King' is defeated. Scores .75 points for the winner and .20".
    let mut game = game_from(&[("18", 'k'), ("55", 'p'), ("51", 'R'), ("101", 'K')], 'w');
    assert_eq!(game.outcome(), None);
    game.play("Rx55").unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::Win { winner: Color::White, reason: WinReason::BareKing });
    assert_eq!(points(outcome), (750, 200));
    // For Black the points are the other way round.
    assert_eq!(points(Outcome::Win { winner: Color::Black, reason: WinReason::BareKing }), (200, 750));
    // Two bare Kings: neither can mate or stalemate.
    let kings = game_from(&[("18", 'k'), ("101", 'K')], 'w');
    assert_eq!(kings.outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
}

#[test]
fn perpetual_check_wins_when_the_position_comes_back_the_third_time() {
    // The Queen checks from 58 and 57 by turns while Black's King goes between 108 and 107.
    let pieces = [("108", 'k'), ("13", 'p'), ("12", 'P'), ("57", 'Q'), ("31", 'K')];
    let mut game = game_from(&pieces, 'w');
    let cycle = ["Q-58", "K-107", "Q-57", "K-108"];
    for (i, text) in cycle.iter().chain(&cycle).enumerate() {
        assert_eq!(game.outcome(), None, "before ply {i}");
        game.play(text).unwrap();
    }
    // The start position stands on the board for the third time; White checked on each move.
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::Win { winner: Color::White, reason: WinReason::PerpetualCheck });
    assert_eq!(points(outcome), (650, 300));

    // The same shuffle without checks is a repetition the players may claim as a draw.
    let mut quiet = game_from(&[("108", 'k'), ("13", 'p'), ("12", 'P'), ("31", 'K')], 'w');
    for text in ["K-41", "K-107", "K-31", "K-108"].iter().cycle().take(8) {
        quiet.play(text).unwrap();
    }
    assert_eq!(quiet.outcome(), None);
    assert_eq!(quiet.claimable_draws(), vec![herald::engine::ClaimableDraw::ThreefoldRepetition]);
    // "either player can declare the game a draw": Black, not to move, may claim it too, where
    // in FIDE chess (and herald's other variants) only the side to move claims.
    assert_eq!(quiet.turn(), Color::White);
    for side in Color::BOTH {
        assert_eq!(quiet.claimable_draws_by(side), vec![herald::engine::ClaimableDraw::ThreefoldRepetition], "{side}");
    }
    let mut chess = variants::by_id("chess").unwrap().new_game();
    for text in ["Nf3", "Nf6", "Ng1", "Ng8"].iter().cycle().take(8) {
        chess.play(text).unwrap();
    }
    assert_eq!(chess.claimable_draws_by(Color::White).len(), 1);
    assert!(chess.claimable_draws_by(Color::Black).is_empty(), "in chess only the side to move claims");
    assert_eq!(points(Outcome::Draw { reason: DrawReason::ThreefoldRepetition }), (400, 500));
}

#[test]
fn fifty_moves_without_a_capture_draw_and_pawn_moves_do_not_reset_them() {
    // "No piece has been captured by either side for fifty moves."
    let pieces = [("18", 'k'), ("17", 'p'), ("12", 'P'), ("101", 'K')];
    let text = fen(&pieces, 'w', "-").replace(" 0 1", " 98 60");
    let mut game = variants::by_id("royal").unwrap().game_from_fen(&text).unwrap();
    game.play("13").unwrap();
    assert_eq!(game.outcome(), None);
    game.play("16").unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::Draw { reason: DrawReason::FiftyMoves });
    // "a draw counts as a half point for the 'black' player, and 2/5 of a point for the
    // 'white' player."
    assert_eq!(points(outcome), (400, 500));
    assert_eq!(points(Outcome::Draw { reason: DrawReason::Agreement }), (400, 500));
}

#[test]
fn the_seed_s_check_marks() {
    // "+ Check, -+ Discovered Check, ++ Double Check": the Rook on 18 looks along the eighth
    // rank at Black's King on 108 once the Knight on 68 steps away.
    let pieces = [("18", 'R'), ("68", 'N'), ("108", 'k'), ("17", 'p'), ("61", 'K')];
    let mut discovered = game_from(&pieces, 'w');
    assert_eq!(discovered.play("N-76").unwrap().notation, "N-76-+");
    // From 87 the Knight checks too.
    let mut double = game_from(&pieces, 'w');
    assert_eq!(double.play("N-87").unwrap().notation, "N-87++");
    let mut plain = game_from(&[("108", 'k'), ("17", 'p'), ("61", 'K'), ("22", 'R')], 'w');
    assert_eq!(plain.play("R-28").unwrap().notation, "R-28+");
}

/// The check that completes a perpetual check is written with its plain check mark: the seed's
/// "P+ Perpetual Check" glued to the square ("Q-58P+") would read as a promotion to a Pawn
/// (the numeric notation writes promotions without "=" too), and the result names the ending.
/// The seed's mark is still read, and an archive that recorded it still verifies.
#[test]
fn the_check_that_completes_a_perpetual_check_cannot_be_read_as_a_piece() {
    // Here the position that comes back is one with Black in check, so the third time it
    // stands, White's checking move ends the game.
    let pieces = [("108", 'k'), ("13", 'p'), ("12", 'P'), ("58", 'Q'), ("31", 'K')];
    let mut game = game_from(&pieces, 'b');
    let mut last = String::new();
    for text in ["K-107", "Q-57", "K-108", "Q-58"].iter().cycle().take(8) {
        last = game.play(text).unwrap().notation;
    }
    assert_eq!(last, "Q-58+");
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::PerpetualCheck }));
    let royal = variants::by_id("royal").unwrap();
    assert!(royal.same_notation("Q-58P+", "Q-58+"), "an older herald's record");
    assert!(!royal.same_notation("Q-57P+", "Q-58+"));
    let mut seed_marked = game_from(&pieces, 'b');
    for text in ["K-107", "Q-57", "K-108", "Q-58", "K-107", "Q-57", "K-108", "Q-58P+"] {
        seed_marked.play(text).unwrap();
    }
    assert_eq!(seed_marked.outcome(), game.outcome());
}
