//! What the variants say (their notices, the secret choice a mail asks for), in the player's
//! language. The rules core writes these in English and knows no language; the sentences
//! herald knows are found here by their English form and said again from the language's
//! messages (`notice-*`, `prompt-*`), and any other stays as the variant wrote it, so a
//! variant's new sentence is never lost, only untranslated until it is added here and to
//! every language's files.

use crate::language::Language;

/// A setup prompt in `language`: "crown king or crown queen" is `prompt-crown`.
pub(super) fn prompt(english: &str, language: &Language) -> String {
    match english {
        "crown king or crown queen" => language.say("prompt-crown", &[]),
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
    said.unwrap_or_else(|| english.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::language::Languages;

    #[test]
    fn english_reads_as_the_variant_wrote_it() {
        let languages = Languages::shipped();
        let english = languages.english();
        for text in [
            "You are in check.",
            "Your crown: king.",
            "Your crowned queen is attacked.",
            "White's crown: queen (opened).",
            "Black's crown: king (still sealed for the players).",
            "Something a variant says that herald does not know.",
        ] {
            assert_eq!(notice(text, english), text);
        }
        assert_eq!(prompt("crown king or crown queen", english), "crown king or crown queen");
    }
}
