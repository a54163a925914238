//! Why a move (or a variant's setup answer) is not accepted, as a message of the player's
//! language: a [`Reason`] is a message id of `locales/CODE/moves.ftl` and its arguments, said
//! by [`Reason::say`] in any language and shown in English by `Display` (logs, tests, the
//! command line).
//!
//! The arguments are values, not words: a square, a number, a piece by the name its variant
//! gives it (said through the language's `piece-*` messages), a list of moves in standard
//! letters (written in the language's letters), another reason. The grammar around them
//! (English's "a"/"an", a plural verb, a Russian case) is the message's own.

use std::fmt;
use std::sync::{Arc, LazyLock};

use fluent_bundle::FluentValue;

use crate::language::{Language, Languages};

/// Why no legal move matches what a player wrote: a message of `moves.ftl` and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The message id (`reason-*`).
    pub id: &'static str,
    /// The message's variables, by name.
    pub args: Vec<(&'static str, ReasonArg)>,
}

/// A value a reason names; each language says it in its own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReasonArg {
    /// Said as it is: a square ("e4"), what the player wrote, a label.
    Text(String),
    /// A number, which chooses plural forms.
    Number(i64),
    /// A piece, by the name its variant gives it in English ("knight", "Pawn").
    Piece(String),
    /// Moves in standard letters ("Nf3", "e8=Q"), said in the language's piece letters.
    Moves(Vec<String>),
    /// A reason within a reason (a castling's, a crown's state, a word like "piece").
    Reason(Box<Reason>),
    /// Several reasons, said one after another.
    Reasons(Vec<Reason>),
    /// A game's outcome as its `Display` says it in English ("White wins by checkmate"), said
    /// with the language's result words (`result-*`, `how-*`).
    Outcome(String),
}

impl Reason {
    /// The reason `id`, which takes no variable, or whose variables follow.
    pub fn new(id: &'static str) -> Reason {
        Reason { id, args: Vec::new() }
    }

    /// With `name` a text said as it is (a square, a label, what the player wrote).
    pub fn text(mut self, name: &'static str, value: impl fmt::Display) -> Reason {
        self.args.push((name, ReasonArg::Text(value.to_string())));
        self
    }

    /// With `name` a number.
    pub fn number(mut self, name: &'static str, value: impl Into<i64>) -> Reason {
        self.args.push((name, ReasonArg::Number(value.into())));
        self
    }

    /// With `name` a piece, by its variant's English name.
    pub fn piece(mut self, name: &'static str, english: impl Into<String>) -> Reason {
        self.args.push((name, ReasonArg::Piece(english.into())));
        self
    }

    /// With `name` a list of moves in standard letters.
    pub fn moves(mut self, name: &'static str, moves: Vec<String>) -> Reason {
        self.args.push((name, ReasonArg::Moves(moves)));
        self
    }

    /// With `name` a game's outcome.
    pub fn outcome(mut self, name: &'static str, outcome: impl fmt::Display) -> Reason {
        self.args.push((name, ReasonArg::Outcome(outcome.to_string())));
        self
    }

    /// With `name` another reason.
    pub fn reason(mut self, name: &'static str, reason: Reason) -> Reason {
        self.args.push((name, ReasonArg::Reason(Box::new(reason))));
        self
    }

    /// Several reasons at once (every castling the text could mean, each piece's moves).
    pub fn all(reasons: Vec<Reason>) -> Reason {
        Reason { id: "reason-list", args: vec![("reasons", ReasonArg::Reasons(reasons))] }
    }

    /// The reason in `language`.
    pub fn say(&self, language: &Language) -> String {
        let args: Vec<(&str, FluentValue)> = self
            .args
            .iter()
            .map(|(name, arg)| {
                let value: FluentValue = match arg {
                    ReasonArg::Text(text) => text.clone().into(),
                    ReasonArg::Number(n) => (*n).into(),
                    ReasonArg::Piece(name) => piece_name(name, language).into(),
                    ReasonArg::Moves(moves) => {
                        moves.iter().map(|m| language.letters().written(m)).collect::<Vec<_>>().join(", ").into()
                    }
                    ReasonArg::Reason(reason) => reason.say(language).into(),
                    ReasonArg::Outcome(outcome) => crate::language::result_words(outcome, language).into(),
                    // One reason after another, as English joins them; a list of clauses reads
                    // the same way in the shipped languages.
                    ReasonArg::Reasons(reasons) => {
                        reasons.iter().map(|r| r.say(language)).collect::<Vec<_>>().join("; ").into()
                    }
                };
                (*name, value)
            })
            .collect();
        language.say(self.id, &args)
    }
}

/// A variant's own words, said as they are in every language: the reason of a variant herald
/// does not ship (a test's), which has no messages of its own.
impl From<String> for Reason {
    fn from(text: String) -> Reason {
        Reason::new("reason-text").text("text", text)
    }
}

impl From<&str> for Reason {
    fn from(text: &str) -> Reason {
        Reason::from(text.to_string())
    }
}

/// Shipped English, which `Display` says reasons in: one copy for the process.
static ENGLISH: LazyLock<Arc<Language>> = LazyLock::new(|| Languages::shipped().english().clone());

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(&ENGLISH))
    }
}

/// A piece's name as the variants write it ("Knight", "knight"), in `language`: from its
/// `piece-*` message, or as written where English is the language (whose case the variant
/// chose) or no message names it (a variant herald does not ship). A name's apostrophe is
/// left out of its id, which Fluent keeps to letters, digits and hyphens: Royal's "King's
/// Guard" is `piece-kings-guard`.
pub fn piece_name(name: &str, language: &Language) -> String {
    let key = format!("piece-{}", name.to_lowercase().replace(' ', "-").replace('\'', ""));
    match language.say_if_known(&key, &[]) {
        Some(said) if language.code() != crate::language::ENGLISH => said,
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `Reason::new("…")` in the source, and the ids this module makes itself.
    fn ids_in_source() -> Vec<String> {
        let mut ids = vec!["reason-list".to_string(), "reason-text".to_string()];
        let mut dirs = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    for (_, rest) in text.match_indices("Reason::new(\"").map(|(i, m)| (i, &text[i + m.len()..])) {
                        let id = rest.split('"').next().unwrap_or_default();
                        // This file's own doc and test text name the call without an id.
                        if id.starts_with("reason-") {
                            ids.push(id.to_string());
                        }
                    }
                }
            }
        }
        ids.sort();
        ids.dedup();
        ids
    }

    #[test]
    fn every_reason_the_code_gives_is_a_message_of_english() {
        let languages = Languages::shipped();
        let english = languages.english();
        let ids = ids_in_source();
        assert!(ids.len() > 40, "only {} reason ids found: {ids:?}", ids.len());
        for id in ids {
            assert!(english.has(&id), "the code gives the reason {id}, which locales/en/moves.ftl lacks");
        }
    }

    /// "The game is over: ..." says its outcome in the language's result words; in English,
    /// every outcome reads exactly as its `Display` always wrote it.
    #[test]
    fn the_game_over_reason_says_its_outcome_in_the_language() {
        use crate::engine::{Color, DrawReason, Outcome, WinReason};
        let languages = Languages::shipped();
        let outcomes = Color::BOTH
            .into_iter()
            .flat_map(|winner| WinReason::ALL.map(|reason| Outcome::Win { winner, reason }))
            .chain(DrawReason::ALL.map(|reason| Outcome::Draw { reason }));
        for outcome in outcomes {
            let over = Reason::new("reason-game-over").outcome("outcome", outcome);
            assert_eq!(over.to_string(), format!("the game is over: {outcome}"));
            for language in languages.all().into_iter().filter(|l| l.code() != crate::language::ENGLISH) {
                let said = over.say(language);
                assert!(!said.contains(&outcome.to_string()), "{}: {said}", language.code());
            }
        }
        let mate = Outcome::Win { winner: Color::White, reason: WinReason::Checkmate };
        let russian = Reason::new("reason-game-over").outcome("outcome", mate).say(languages.get("ru").unwrap());
        assert_eq!(russian, "партия окончена: победа белых (мат)");
    }

    /// Royal Chess's Guards, whose English names hold an apostrophe, have names of their own in
    /// every language; English keeps the variant's.
    #[test]
    fn royal_s_guards_are_named_in_every_language() {
        let languages = Languages::shipped();
        let name = |code: &str, piece: &str| piece_name(piece, languages.get(code).unwrap());
        assert_eq!(name("en", "King's Guard"), "King's Guard");
        assert_eq!(name("en", "Queen's Guard"), "Queen's Guard");
        assert_eq!(name("ru", "King's Guard"), "королевский страж");
        assert_eq!(name("ru", "Queen's Guard"), "ферзевый страж");
        assert_eq!(name("de", "King's Guard"), "Königswächter");
        assert_eq!(name("es", "Queen's Guard"), "guardia de la dama");
        assert_eq!(name("fr", "King's Guard"), "garde du roi");
        for piece in crate::variants::by_id("royal").unwrap().rules().pieces() {
            for language in languages.all() {
                let said = piece_name(piece.name, language);
                if language.code() != crate::language::ENGLISH {
                    assert_ne!(said, piece.name, "{}: {} has no name", language.code(), piece.name);
                }
            }
        }
    }

    #[test]
    fn a_reason_says_its_pieces_and_moves_in_the_language() {
        let languages = Languages::shipped();
        let reason = Reason::new("reason-own-piece-there").text("square", "e4").piece("piece", "knight");
        assert_eq!(reason.to_string(), "e4 is occupied by your own knight");
        let russian = reason.say(languages.get("ru").unwrap());
        assert!(russian.contains("конь") && russian.contains("e4"), "{russian}");
        let promotions = Reason::new("reason-promote-to-what").moves("moves", vec!["e8=Q".into(), "e8=N".into()]);
        let german = promotions.say(languages.get("de").unwrap());
        assert!(german.contains("e8=D, e8=S"), "{german}");
    }
}
