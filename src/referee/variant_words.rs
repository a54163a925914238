//! What the variants say (their notices, the secret choice a mail asks for), in the player's
//! language. The rules core writes these in English and knows no language; the sentences
//! herald knows are found here by their English form and said again from the language's
//! messages (`notice-*`, `prompt-*`), and any other stays as the variant wrote it, so a
//! variant's new sentence is never lost, only untranslated until it is added here and to
//! every language's files.

use crate::language::Language;
use fluent_bundle::FluentValue;

/// A setup prompt in `language`: "crown king or crown queen" is `prompt-crown`, Secret
/// Intelligence's "seed WORD ..." `prompt-seed`.
pub(super) fn prompt(english: &str, language: &Language) -> String {
    match english {
        "crown king or crown queen" => language.say("prompt-crown", &[]),
        crate::variants::secret_intelligence::SEED_PROMPT => language.say("prompt-seed", &[]),
        _ => english.to_string(),
    }
}

/// A monarch's name as the Crown's notices write it, in `language`.
fn monarch(name: &str, language: &Language) -> Option<String> {
    match name {
        "king" => Some(language.say("word-king", &[])),
        "queen" => Some(language.say("word-queen", &[])),
        _ => None,
    }
}

/// A colour's name as the notices write it ("White"), as a message's selector (`white`).
fn side(name: &str) -> Option<&'static str> {
    match name {
        "White" => Some("white"),
        "Black" => Some("black"),
        _ => None,
    }
}

/// A notice of a variant's view in `language`.
pub(super) fn notice(english: &str, language: &Language) -> String {
    let said = if english == "You are in check." {
        Some(language.say("notice-check", &[]))
    } else if let Some(name) = english.strip_prefix("Your crown: ").and_then(|r| r.strip_suffix('.')) {
        monarch(name, language).map(|m| language.say("notice-your-crown", &[("monarch", m.into())]))
    } else if let Some(name) = english.strip_prefix("Your crowned ").and_then(|r| r.strip_suffix(" is attacked.")) {
        monarch(name, language).map(|m| language.say("notice-crown-attacked", &[("monarch", m.into())]))
    } else if let Some((color, rest)) = english.split_once("'s crown: ") {
        let (name, state) = rest.strip_suffix(").").and_then(|r| r.split_once(" (")).unwrap_or(("", ""));
        let id = match state {
            "opened" => Some("notice-crown-opened"),
            "still sealed for the players" => Some("notice-crown-sealed"),
            _ => None,
        };
        side(color)
            .zip(monarch(name, language))
            .zip(id)
            .map(|((side, m), id)| language.say(id, &[("side", side.into()), ("monarch", m.into())]))
    } else {
        None
    };
    said.or_else(|| halves(english, language))
        .or_else(|| hidden(english, language))
        .or_else(|| stone_notices(english, language))
        .or_else(|| others(english, language))
        .or_else(|| {
            let (color, state) = english.split_once("'s crown: ")?;
            krithala_crown(side(color)?, state, language)
        })
        .unwrap_or_else(|| english.to_string())
}

/// A piece's name as the variants write it ("Knight", "knight"), in `language`: from its
/// `piece-*` message, or as written where English is the language (whose case the variant
/// chose) or no message names it (a variant herald does not ship). A name's apostrophe is
/// left out of its id, which Fluent keeps to letters, digits and hyphens: Royal's "King's
/// Guard" is `piece-kings-guard`.
fn piece(name: &str, language: &Language) -> Option<String> {
    Some(piece_name(name, language))
}

/// [`piece`]'s name, for the board's legend too; a move's refusal says its pieces the same way.
pub(super) use crate::notation::reason::piece_name;

/// Whose a notice says it is ("Your", "White's"), as a message's selector (`you`, `white`).
fn whose(name: &str) -> Option<&'static str> {
    match name {
        "Your" => Some("you"),
        "White's" => Some("white"),
        "Black's" => Some("black"),
        _ => None,
    }
}

/// A list of piece names ("pawn, knight"), each in `language`, joined as written.
fn pieces(list: &str, language: &Language) -> Option<String> {
    list.split(", ").map(|name| piece(name, language)).collect::<Option<Vec<_>>>().map(|v| v.join(", "))
}

/// `id` said with a `side` and further variables.
fn say_side(language: &Language, id: &str, side: &str, more: Vec<(&'static str, String)>) -> String {
    let mut args: Vec<(&str, FluentValue)> = vec![("side", side.to_string().into())];
    args.extend(more.into_iter().map(|(k, v)| (k, v.into())));
    language.say(id, &args)
}

/// Ninja's "Ninjas: White's on e4; Black's in reserve." in `language`.
fn ninjas(rest: &str, language: &Language) -> Option<String> {
    let (white, black) = rest.strip_suffix('.')?.split_once("; ")?;
    let place = |text: &str| match text {
        "in reserve" => Some(language.say("notice-ninja-in-reserve", &[])),
        "captured" => Some(language.say("notice-ninja-captured", &[])),
        _ => text.strip_prefix("on ").map(|sq| language.say("notice-ninja-on", &[("square", sq.to_string().into())])),
    };
    let white = place(white.strip_prefix("White's ")?)?;
    let black = place(black.strip_prefix("Black's ")?)?;
    Some(language.say("notice-ninjas", &[("white", white.into()), ("black", black.into())]))
}

/// Crown-2's stones of one side ("e4 mined, f5 plain, 1 in reserve (plain)") in `language`.
fn stones(list: &str, language: &Language) -> Option<String> {
    // The reserve comes last, and its words may hold a comma.
    let (board, reserve) = match list.find(" in reserve (") {
        Some(at) => match list[..at].rfind(", ") {
            Some(comma) => (&list[..comma], Some(&list[comma + 2..])),
            None => ("", Some(list)),
        },
        None => (list, None),
    };
    let mut said = Vec::new();
    for part in board.split(", ").filter(|p| !p.is_empty()).chain(reserve) {
        if let Some((count, which)) = part.split_once(" in reserve (") {
            let which = match which.strip_suffix(')')? {
                "plain" => "plain",
                "the mined one: mark it with * as it enters" => "mined",
                "one of them mined: mark it with * as it enters, as in S@e4*" => "one-mined",
                _ => return None,
            };
            let count: u32 = count.parse().ok()?;
            said.push(language.say("notice-stones-in-reserve", &[("count", count.into()), ("which", which.into())]));
        } else if let Some(sq) = part.strip_suffix(" mined") {
            said.push(language.say("notice-stone-mined", &[("square", sq.to_string().into())]));
        } else if let Some(sq) = part.strip_suffix(" plain") {
            said.push(language.say("notice-stone-plain", &[("square", sq.to_string().into())]));
        } else {
            return None;
        }
    }
    Some(said.join(", "))
}

/// Crown-2's "In reserve: White 2 stones, Black 1 stone (usable: both)." in `language`.
fn reserve(rest: &str, language: &Language) -> Option<String> {
    let (counts, usable) = rest.strip_suffix(").")?.split_once(" (usable: ")?;
    let (white, black) = counts.strip_prefix("White ")?.split_once(", Black ")?;
    let count = |t: &str| -> Option<u32> {
        let (n, word) = t.split_once(' ')?;
        matches!(word, "stone" | "stones").then_some(())?;
        n.parse().ok()
    };
    let usable = match usable {
        "neither" => "neither",
        "White" => "white",
        "Black" => "black",
        "both" => "both",
        _ => return None,
    };
    Some(language.say(
        "notice-stones-in-reserve-both",
        &[("white", count(white)?.into()), ("black", count(black)?.into()), ("usable", usable.into())],
    ))
}

/// A piece and its square as Krithala writes them ("Knight g1", "piece 54").
fn piece_at(text: &str, language: &Language) -> Option<(String, String)> {
    let (name, sq) = text.rsplit_once(' ')?;
    Some((piece(name, language)?, sq.to_string()))
}

/// Krithala's crown in words (after "White's crown: ") in `language`.
fn krithala_crown(side: &str, state: &str, language: &Language) -> Option<String> {
    let (state, transfer) = match state.split_once(". ") {
        Some((s, t)) => (s.to_string() + ".", Some(t)),
        None => (state.to_string(), None),
    };
    let state = state.strip_suffix('.')?;
    let first = if state == "captured" {
        say_side(language, "notice-kcrown-captured", side, vec![])
    } else if let Some(rest) = state.strip_prefix("lying on ") {
        if let Some((sq, by)) = rest.split_once(", dropped by the ") {
            let (piece, from) = piece_at(by.strip_suffix(", which may not pick it up")?, language)?;
            say_side(
                language,
                "notice-kcrown-dropped",
                side,
                vec![("square", sq.to_string()), ("piece", piece), ("from", from)],
            )
        } else {
            say_side(language, "notice-kcrown-lying", side, vec![("square", rest.to_string())])
        }
    } else if let Some(rest) = state.strip_prefix("on the ") {
        if let Some(at) = rest.strip_suffix(" (moved with it once)") {
            let (piece, sq) = piece_at(at, language)?;
            say_side(language, "notice-kcrown-once", side, vec![("piece", piece), ("square", sq)])
        } else if let Some((at, rest)) =
            rest.split_once(" (moved with it twice in a row: its next move leaves the crown on ")
        {
            rest.strip_suffix(')')?;
            let (piece, sq) = piece_at(at, language)?;
            say_side(language, "notice-kcrown-twice", side, vec![("piece", piece), ("square", sq)])
        } else {
            let (piece, sq) = piece_at(rest, language)?;
            say_side(language, "notice-kcrown-on", side, vec![("piece", piece), ("square", sq)])
        }
    } else {
        return None;
    };
    let Some(transfer) = transfer else {
        return Some(first);
    };
    let (color, rest) = transfer.split_once(" transferred its crown last: it must move with the ")?;
    (Some(side) == self::side(color)).then_some(())?;
    let (piece, sq) = piece_at(rest.strip_suffix(" before another transfer.")?, language)?;
    let second = say_side(language, "notice-kcrown-transferred", side, vec![("piece", piece), ("square", sq)]);
    Some(format!("{first} {second}"))
}

/// Crown-4's notices of a side whose monarch split or must ("Your crown is on the W half on
/// e4.") in `language`.
fn halves(english: &str, language: &Language) -> Option<String> {
    let (owner, rest) = english.split_once(' ')?;
    if let Some(rest) = english.strip_prefix("Your crown is on the ") {
        let (half, sq) = rest.strip_suffix('.')?.split_once(" half on ")?;
        return Some(
            language.say("notice-half-yours", &[("half", half.to_string().into()), ("square", sq.to_string().into())]),
        );
    }
    if let Some(half) = english.strip_prefix("Your crowned ").and_then(|r| r.strip_suffix(" half is attacked.")) {
        return Some(language.say("notice-half-attacked", &[("half", half.to_string().into())]));
    }
    if let Some(rest) = english.strip_prefix("Your uncrowned monarch fell: your next move splits your ") {
        let (m, example) = rest.strip_suffix(").")?.split_once(" into its two halves, the crowned one starred (")?;
        let m = monarch(m, language)?;
        return Some(
            language.say("notice-split-yours", &[("monarch", m.into()), ("example", example.to_string().into())]),
        );
    }
    if let Some(half) = rest.strip_prefix("lost the crowned ").and_then(|r| r.strip_suffix(" half.")) {
        let who = match owner {
            "You" => "you",
            other => side(other)?,
        };
        return Some(say_side(language, "notice-half-lost", who, vec![("half", half.to_string())]));
    }
    let who = whose(owner)?;
    if rest == "crown is on one of its halves." {
        return Some(say_side(language, "notice-half-unknown", who, vec![]));
    }
    if let Some(rest) = rest.strip_prefix("crown: the ") {
        let (half, rest) = rest.split_once(" half on ")?;
        let (sq, state) = rest.strip_suffix(").")?.split_once(" (")?;
        let id = match state {
            "opened" => "notice-half-opened",
            "still sealed for the players" => "notice-half-sealed",
            _ => return None,
        };
        return Some(say_side(language, id, who, vec![("half", half.to_string()), ("square", sq.to_string())]));
    }
    let (m, rest) = rest.split_once(' ')?;
    let m = monarch(m, language)?;
    let id = match rest {
        "has no empty neighbouring square: it cannot split, and stays whole and royal." => "notice-split-blocked",
        "could not split: it stays whole and royal." => "notice-split-never",
        _ => {
            let color = rest.strip_prefix("must split at ")?.strip_suffix("'s next move.")?;
            (side(color)? == who).then_some(())?;
            "notice-split-due"
        }
    };
    Some(say_side(language, id, who, vec![("monarch", m)]))
}

/// Crown-3's notices (the hidden crowns and how the game ended) in `language`.
fn hidden(english: &str, language: &Language) -> Option<String> {
    if english == "You may hide your crown on any empty square as your move: write hide and the square (hide d5)." {
        return Some(language.say("notice-may-hide", &[]));
    }
    if let Some(sq) = english.strip_prefix("Your crown is hidden on ").and_then(|r| r.strip_suffix('.')) {
        return Some(language.say("notice-hidden-yours", &[("square", sq.to_string().into())]));
    }
    let (color, rest) = english.split_once(' ')?;
    if let Some(color) = color.strip_suffix("'s") {
        let side = side(color)?;
        if rest == "crown is hidden." {
            return Some(say_side(language, "notice-hidden", side, vec![]));
        }
        if let Some(sq) = rest.strip_prefix("crown is hidden on ").and_then(|r| r.strip_suffix('.')) {
            return Some(say_side(language, "notice-hidden-on", side, vec![("square", sq.to_string())]));
        }
        if let Some((head, grid)) = rest.strip_prefix("hidden crown: ").and_then(|r| r.split_once('\n')) {
            let (ruled, rest) = head.split_once(" of ")?;
            let (squares, rest) = rest.split_once(" squares ruled out (x), ")?;
            let left = rest.strip_suffix(" unsearched (.)")?;
            let head = say_side(
                language,
                "notice-hidden-grid",
                side,
                vec![("ruled", ruled.to_string()), ("squares", squares.to_string()), ("left", left.to_string())],
            );
            return Some(format!("{head}\n{grid}"));
        }
        // "White's knight stopped on White's own hidden crown on e4."
        let (name, rest) = rest.split_once(" stopped on ")?;
        let sq = rest.strip_prefix(&format!("{color}'s own hidden crown on "))?.strip_suffix('.')?;
        let piece = piece(name, language)?;
        return Some(say_side(
            language,
            "notice-stopped-piece",
            side,
            vec![("piece", piece), ("square", sq.to_string())],
        ));
    }
    let side = side(color)?;
    let other = if side == "white" { "Black" } else { "White" };
    if let Some(sq) = rest.strip_prefix(&format!("found {other}'s crown on ")).and_then(|r| r.strip_suffix('.')) {
        return Some(say_side(language, "notice-crown-found", side, vec![("square", sq.to_string())]));
    }
    if rest == format!("captured {other}'s whole army.") {
        return Some(say_side(language, "notice-army-captured", side, vec![]));
    }
    let sq = rest.strip_prefix(&format!("stopped on {color}'s own hidden crown on "))?.strip_suffix('.')?;
    Some(say_side(language, "notice-stopped", side, vec![("square", sq.to_string())]))
}

/// Crown-2's stones and blasts ("White's stones: e4 mined.") in `language`.
fn stone_notices(english: &str, language: &Language) -> Option<String> {
    if let Some(rest) = english.strip_prefix("In reserve: ") {
        return reserve(rest, language);
    }
    if let Some(list) = english.strip_prefix("Your stones: ").and_then(|r| r.strip_suffix('.')) {
        return Some(language.say("notice-stones-yours", &[("stones", stones(list, language)?.into())]));
    }
    let (color, rest) = english.split_once("'s ")?;
    let side = side(color)?;
    if let Some(list) = rest.strip_prefix("stones: ").and_then(|r| r.strip_suffix('.')) {
        return Some(say_side(language, "notice-stones", side, vec![("stones", stones(list, language)?)]));
    }
    let (sq, rest) = rest.strip_prefix("stone on ")?.split_once(" was mined: ")?;
    let other = if side == "white" { "Black" } else { "White" };
    let name = rest.strip_prefix(&format!("{other}'s "))?.strip_suffix(" was blown up.")?;
    let (crowned, name) = match name.strip_prefix("crowned ") {
        Some(name) => ("yes", name),
        None => ("no", name),
    };
    Some(say_side(
        language,
        "notice-stone-blast",
        side,
        vec![("square", sq.to_string()), ("crowned", crowned.to_string()), ("piece", piece(name, language)?)],
    ))
}

/// Safety in Numbers' crowds ("e4 (white pawn, knight; black queen), f5 (...)") in `language`.
fn crowds(list: &str, language: &Language) -> Option<String> {
    let mut said = Vec::new();
    for crowd in list.strip_suffix(')')?.split("), ") {
        let (sq, sides) = crowd.split_once(" (")?;
        let sides = sides
            .split("; ")
            .map(|one| {
                let (color, names) = one.split_once(' ')?;
                let side = match color {
                    "white" => "white",
                    "black" => "black",
                    _ => return None,
                };
                Some(say_side(language, "notice-crowd-side", side, vec![("pieces", pieces(names, language)?)]))
            })
            .collect::<Option<Vec<_>>>()?;
        said.push(format!("{sq} ({})", sides.join("; ")));
    }
    Some(said.join(", "))
}

/// Royal's, Krithala's, Safety in Numbers' and Secret Intelligence's notices in `language`.
fn others(english: &str, language: &Language) -> Option<String> {
    const NOTATION: &str = crate::variants::royal::NOTATION_NOTE;
    let fixed = match english {
        "Your crown is attacked." => Some("notice-your-crown-attacked"),
        "*: the piece carries its crown. O, o: White's, Black's crown lying alone." => Some("notice-krithala-legend"),
        "Check: the check is on your Decoy (your King is not in check)." => Some("notice-decoy-check"),
        "Check: your move attacks the enemy King or Decoy." => Some("notice-check-given"),
        _ if english == NOTATION => Some("notice-royal-notation"),
        _ => None,
    };
    if let Some(id) = fixed {
        return Some(language.say(id, &[]));
    }
    if let Some(record) = english.strip_prefix("Position record: ") {
        return Some(language.say("notice-position-record", &[("record", record.to_string().into())]));
    }
    if let Some(rest) = english.strip_prefix("Ninjas: ") {
        return ninjas(rest, language);
    }
    if let Some(list) = english
        .strip_prefix("Crowds, where nothing can be captured and a king is never in check: ")
        .and_then(|r| r.strip_suffix('.'))
    {
        return Some(language.say("notice-crowds", &[("crowds", crowds(list, language)?.into())]));
    }
    if let Some((a, b)) = english.strip_prefix("Your pair: ").and_then(|r| r.strip_suffix('.')?.split_once(" and ")) {
        return Some(language.say(
            "notice-your-pair",
            &[("first", piece(a, language)?.into()), ("second", piece(b, language)?.into())],
        ));
    }
    let (color, rest) = english.split_once(' ')?;
    if let Some(list) = rest.strip_prefix("pieces captured: ").and_then(|r| r.strip_suffix('.')) {
        return Some(say_side(
            language,
            "notice-pieces-captured",
            side(color)?,
            vec![("pieces", pieces(list, language)?)],
        ));
    }
    if let Some(rest) = rest.strip_prefix("may recapture on ") {
        let sq = rest.strip_suffix(" with a Rook over its Guards, on this move only.")?;
        return Some(say_side(language, "notice-recapture", side(color)?, vec![("square", sq.to_string())]));
    }
    let side = side(color.strip_suffix("'s")?)?;
    if let Some((a, b)) = rest.strip_prefix("pair: ").and_then(|r| r.strip_suffix('.')?.split_once(" and ")) {
        return Some(say_side(
            language,
            "notice-pair",
            side,
            vec![("first", piece(a, language)?), ("second", piece(b, language)?)],
        ));
    }
    let sq = rest
        .strip_prefix("promoted Guard on ")?
        .strip_suffix(" has the Queen's powers for its first move from there.")?;
    Some(say_side(language, "notice-guard-powered", side, vec![("square", sq.to_string())]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::language::Languages;

    /// One of every notice herald knows, as the variants write it.
    const KNOWN: &[&str] = &[
        "You are in check.",
        "Your crown: king.",
        "Your crowned queen is attacked.",
        "White's crown: queen (opened).",
        "Black's crown: king (still sealed for the players).",
        "Ninjas: White's on e4; Black's in reserve.",
        "Ninjas: White's captured; Black's on d5.",
        "You may hide your crown on any empty square as your move: write hide and the square (hide d5).",
        "Your crown is hidden on d5.",
        "White's crown is hidden on d5.",
        "Black's crown is hidden.",
        "Black's hidden crown: 3 of 64 squares ruled out (x), 61 unsearched (.)\n8 . . x\n  a b c",
        "White found Black's crown on c6.",
        "Black stopped on Black's own hidden crown on c6.",
        "Black's knight stopped on Black's own hidden crown on c6.",
        "White captured Black's whole army.",
        "White's king has no empty neighbouring square: it cannot split, and stays whole and royal.",
        "Your uncrowned monarch fell: your next move splits your queen into its two halves, the crowned one \
             starred (W@d1,F@d2*).",
        "Black's king must split at Black's next move.",
        "Your queen could not split: it stays whole and royal.",
        "White's crown is on one of its halves.",
        "You lost the crowned W half.",
        "Black lost the crowned F half.",
        "Your crown: the F half on e2 (opened).",
        "White's crown: the W half on e1 (still sealed for the players).",
        "Your crown is on the W half on e1.",
        "Your crowned F half is attacked.",
        "In reserve: White 1 stone, Black 3 stones (usable: White).",
        "In reserve: White 0 stones, Black 2 stones (usable: neither).",
        "Your stones: e4 mined, f5 plain, 1 in reserve (plain).",
        "Black's stones: 2 in reserve (one of them mined: mark it with * as it enters, as in S@e4*).",
        "White's stones: d4 plain, 1 in reserve (the mined one: mark it with * as it enters).",
        "White's stone on e4 was mined: Black's knight was blown up.",
        "Black's stone on d5 was mined: White's crowned queen was blown up.",
        "White's crown: on the King e1.",
        "Black's crown: on the King's Guard 51.",
        "Black's crown: on the Knight 78 (moved with it once).",
        "White's crown: on the Rook a1 (moved with it twice in a row: its next move leaves the crown on a1).",
        "Black's crown: lying on e5, dropped by the Bishop f6, which may not pick it up.",
        "White's crown: lying on d4.",
        "Black's crown: captured.",
        "White's crown: on the Queen d1. White transferred its crown last: it must move with the Queen d1 \
             before another transfer.",
        "Your crown is attacked.",
        "*: the piece carries its crown. O, o: White's, Black's crown lying alone.",
        crate::variants::royal::NOTATION_NOTE,
        "White's promoted Guard on 54 has the Queen's powers for its first move from there.",
        "Black may recapture on 106 with a Rook over its Guards, on this move only.",
        "Position record: WM 12 / rnbqkbnr/pppppppp",
        "Crowds, where nothing can be captured and a king is never in check: e4 (white pawn, knight; black \
             queen), f5 (black pawn, pawn).",
        "White's pair: Knight and Decoy.",
        "Your pair: Spy and Bishop.",
        "Check: the check is on your Decoy (your King is not in check).",
        "Check: your move attacks the enemy King or Decoy.",
        "Black pieces captured: Knight, Pawn.",
    ];

    #[test]
    fn english_reads_as_the_variant_wrote_it() {
        let languages = Languages::shipped();
        let english = languages.english();
        for &text in KNOWN.iter().chain(&["Something a variant says that herald does not know."]) {
            assert_eq!(notice(text, english), text);
        }
        assert_eq!(prompt("crown king or crown queen", english), "crown king or crown queen");
        let seed = crate::variants::secret_intelligence::SEED_PROMPT;
        assert_eq!(prompt(seed, english), seed);
    }

    #[test]
    fn every_known_notice_is_said_in_russian() {
        let languages = Languages::shipped();
        let russian = languages.get("ru").unwrap();
        for &text in KNOWN {
            let said = notice(text, russian);
            assert_ne!(said, text, "not recognised");
            assert!(!said.contains("[notice-"), "{said}");
        }
        // A grid keeps its lines, only its heading said again.
        let grid = notice("Black's hidden crown: 3 of 64 squares ruled out (x), 61 unsearched (.)\n8 . . x", russian);
        assert!(grid.ends_with("\n8 . . x") && grid.starts_with("Спрятанная корона чёрных"), "{grid}");
        let unknown = "Something a variant says that herald does not know.";
        assert_eq!(notice(unknown, russian), unknown);
    }
}
