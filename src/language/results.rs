//! A game's result in a language's words: the records keep it in English (the outcome's
//! `Display`), and mails, refusals ("the game is over: ...") and crosstables say it again in
//! the reader's language.

use super::Language;

/// A result's reason as the records keep it (in English: "White wins by checkmate", see
/// [`crate::engine::Outcome`]'s `Display`), in `language`, with the `how-*` and `result-*`
/// words of its `herald.ftl`; a reason herald does not know (a record of another version) as
/// it is kept.
pub fn result_words(reason: &str, language: &Language) -> String {
    const HOWS: &[(&str, &str)] = &[
        ("by checkmate", "how-checkmate"),
        ("by stalemate", "how-stalemate"),
        ("by capturing the royal piece", "how-royal-captured"),
        ("by resignation", "how-resignation"),
        ("by perpetual check", "how-perpetual-check"),
        ("by baring the king", "how-bare-king"),
        ("on time", "how-timeout"),
        ("by finding the hidden crown", "how-crown-found"),
        ("by destroying the whole army", "how-army-destroyed"),
        ("by capturing the crown", "how-crown-captured"),
        ("by insufficient material", "how-insufficient-material"),
        ("by the fifty-move rule", "how-fifty-moves"),
        ("by the seventy-five-move rule", "how-seventy-five-moves"),
        ("by threefold repetition", "how-threefold-repetition"),
        ("by fivefold repetition", "how-fivefold-repetition"),
        ("by agreement", "how-agreement"),
        ("by a monarch walled in by its own stones", "how-walled-in"),
        ("by forfeit", "how-forfeit"),
        ("by the director's decision", "how-directors-decision"),
    ];
    let how = |text: &str| HOWS.iter().find(|(english, _)| *english == text).map(|&(_, id)| language.say(id, &[]));
    let side = |name: &str| match name {
        "White" => Some("white"),
        "Black" => Some("black"),
        _ => None,
    };
    // A director's decision may end with the points it scored, "(0.7:0.25)": kept as they are.
    let (reason, points) = match reason.rsplit_once(" (") {
        Some((head, tail)) if tail.ends_with(')') && tail.contains(':') => (head, format!(" ({tail}")),
        _ => (reason, String::new()),
    };
    let said = if let Some(rest) = reason.strip_prefix("Draw ") {
        how(rest).map(|how| language.say("result-draw", &[("how", how.into())]))
    } else if let Some((winner, rest)) = reason.split_once(" wins ") {
        side(winner)
            .zip(how(rest))
            .map(|(winner, how)| language.say("result-win", &[("winner", winner.into()), ("how", how.into())]))
    } else if let Some((winner, _)) = reason.split_once(" wins: ") {
        let id = if reason.ends_with("stopped on its own hidden crown") {
            Some("result-own-hidden-crown")
        } else if reason.ends_with("was blown up by a mined stone") {
            Some("result-crown-blown-up")
        } else {
            None
        };
        side(winner).zip(id).map(|(winner, id)| language.say(id, &[("winner", winner.into())]))
    } else {
        None
    };
    said.map_or_else(|| format!("{reason}{points}"), |said| format!("{said}{points}"))
}
