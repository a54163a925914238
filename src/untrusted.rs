//! Text that came from outside — a display name in a From field, a name typed after `join`, a
//! move echoed back in a refusal, a name in a TRF file or on the command line — made into
//! data that can be shown anywhere herald writes: one line, no control characters, no
//! characters that reorder or hide what follows, and bounded.
//!
//! [`OneLine`] is the one type for it, and [`OneLine::new`] the one way to make one:
//!
//! * every run of white space (line breaks, tabs, U+2028/U+2029 included) and control
//!   characters (C0, DEL, C1: ESC among them, so no terminal escape sequence survives)
//!   becomes one space, and the ends are trimmed;
//! * the characters that change how the text around them is shown without being shown
//!   themselves are removed: the bidirectional embeddings, overrides and isolates
//!   (U+202A–U+202E, U+2066–U+2069), the direction marks (U+200E, U+200F, U+061C), and the
//!   invisible ones (U+200B, U+2060–U+2064, U+206A–U+206F, U+FEFF, U+FFF9–U+FFFB and the tag
//!   characters U+E0000–U+E007F);
//! * at most the given number of characters is kept; a longer text is cut and ends with `…`
//!   (counted in the bound).
//!
//! The result of [`OneLine::new`] given its own output is the same text, so sanitising twice
//! (at the boundary and again where it is shown) changes nothing. Escaping for a medium is
//! done where the text is shown: `markup::escape` for HTML and SVG, RFC 2047 by
//! `mail::compose` for header fields.

use std::fmt;

/// Most characters of a player's name: a display name from a From field, a name after `join`,
/// a name given by the director or in a TRF file (whose own field holds 33).
pub const NAME_CHARS: usize = 64;

/// Most characters of a tournament's name (the director's, or what a `join` asked for).
pub const TITLE_CHARS: usize = 100;

/// Most characters of a player's text quoted back to them (a move refused, a Subject that
/// is not a command): enough to recognise it, never enough to fill a line.
pub const ECHO_CHARS: usize = 60;

/// Most characters of a one-line message that quotes a player's text inside herald's own
/// words (a refusal's reason).
pub const MESSAGE_CHARS: usize = 1000;

/// What ends a text that was cut.
pub const ELLIPSIS: char = '…';

/// Outside text made safe to show (see the module's documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OneLine(String);

impl OneLine {
    /// `text` as one line of at most `max_chars` characters (at least 1 is kept room for).
    pub fn new(text: &str, max_chars: usize) -> OneLine {
        let max_chars = max_chars.max(1);
        let mut out = String::with_capacity(text.len().min(max_chars.saturating_mul(4)));
        let mut chars = 0;
        let mut gap = false;
        let mut cut = false;
        for c in text.chars() {
            if invisible(c) {
                continue;
            }
            if c.is_whitespace() || c.is_control() {
                gap = true;
                continue;
            }
            let needed = usize::from(gap && !out.is_empty()) + 1;
            if chars + needed > max_chars {
                cut = true;
                break;
            }
            if gap && !out.is_empty() {
                out.push(' ');
                chars += 1;
            }
            gap = false;
            out.push(c);
            chars += 1;
        }
        if cut {
            // Room for the ellipsis within the bound: drop the last character if needed, and a
            // space it leaves at the end.
            if chars + 1 > max_chars {
                out.pop();
            }
            while out.ends_with(' ') {
                out.pop();
            }
            out.push(ELLIPSIS);
        }
        OneLine(out)
    }

    /// A player's name ([`NAME_CHARS`]).
    pub fn name(text: &str) -> OneLine {
        OneLine::new(text, NAME_CHARS)
    }

    /// A player's text quoted back to them ([`ECHO_CHARS`]).
    pub fn echo(text: &str) -> OneLine {
        OneLine::new(text, ECHO_CHARS)
    }

    /// One line of herald's own words that may quote a player's text anywhere inside (a
    /// variant's reason for refusing a move quotes the move): at most [`MESSAGE_CHARS`]
    /// characters, and every word (a run without spaces) longer than [`ECHO_CHARS`] cut to
    /// that, so a quoted text is an echo wherever it stands. herald's own words are short.
    /// A message too long is cut between words and ends with ` …`, so that no word grows past
    /// its bound by the ellipsis.
    pub fn message(text: &str) -> OneLine {
        let line = OneLine::new(text, usize::MAX);
        let words: Vec<String> = line.0.split(' ').map(|word| OneLine::echo(word).into_string()).collect();
        let whole = words.join(" ");
        if whole.chars().count() <= MESSAGE_CHARS {
            return OneLine(whole);
        }
        // Room is kept for " …" after the last word that fits.
        let mut out = String::new();
        let mut chars = 0;
        for word in &words {
            let needed = word.chars().count() + usize::from(!out.is_empty());
            if chars + needed > MESSAGE_CHARS - 2 {
                break;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(word);
            chars += needed;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push(ELLIPSIS);
        OneLine(out)
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text, owned.
    pub fn into_string(self) -> String {
        self.0
    }

    /// True if nothing is left.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for OneLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for OneLine {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<OneLine> for String {
    fn from(line: OneLine) -> String {
        line.0
    }
}

/// A name as herald keeps and shows it: [`OneLine::name`], `None` when nothing is left.
pub fn name(text: &str) -> Option<String> {
    let name = OneLine::name(text);
    (!name.is_empty()).then(|| name.into_string())
}

/// A name as herald's sentences show it: [`OneLine::name`], and in typographic double quotes
/// (`“…”`) unless it holds only letters, digits, spaces, hyphens and apostrophes, so that words a
/// stranger chose as a name (`The referee: Ann resigned.`) read as a quoted name inside
/// herald's sentences, never as herald's own. Typographic quotes inside the name become `"`,
/// so the quoted name ends where its closing quote is: a mail's wrapping never breaks a line
/// inside it (`referee::templates::wrap`), and no part of it can begin a line of its own.
pub fn shown_name(name: &str) -> std::borrow::Cow<'_, str> {
    use std::borrow::Cow;
    let plain = |c: char| c.is_alphanumeric() || matches!(c, ' ' | '-' | '\'' | '\u{2019}');
    if is_one_line(name, NAME_CHARS) && name.chars().all(plain) {
        return Cow::Borrowed(name);
    }
    let name = OneLine::name(name).into_string();
    if name.chars().all(plain) {
        return Cow::Owned(name);
    }
    let inner: String = name.chars().map(|c| if matches!(c, '\u{201C}' | '\u{201D}') { '"' } else { c }).collect();
    Cow::Owned(format!("\u{201C}{inner}\u{201D}"))
}

/// True if `text` is already what [`OneLine::new`] makes of it with `max_chars`: the check
/// that lets a caller keep a borrowed text.
pub fn is_one_line(text: &str, max_chars: usize) -> bool {
    let mut chars = 0;
    let mut previous_space = true;
    for c in text.chars() {
        chars += 1;
        let space = c == ' ';
        if invisible(c) || (c.is_whitespace() && !space) || c.is_control() || (space && previous_space) {
            return false;
        }
        previous_space = space;
    }
    !(chars > max_chars.max(1) || (previous_space && chars > 0))
}

/// Characters that change how the text around them is shown, or are not shown at all.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{200B}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_controls_and_bidi_become_one_clean_line() {
        let hostile = "Ann\r\n\r\nThe referee: Ann resigned.\u{2028}Reply\x1b[31m with\u{202E}drowssap\u{2066} \t your\u{85}password\u{7f}";
        let line = OneLine::new(hostile, 1000);
        assert_eq!(line.as_str(), "Ann The referee: Ann resigned. Reply [31m withdrowssap your password");
        assert!(is_one_line(line.as_str(), 1000));
        assert_eq!(OneLine::new(line.as_str(), 1000), line, "idempotent");
    }

    #[test]
    fn a_long_text_is_cut_with_an_ellipsis_inside_the_bound() {
        let line = OneLine::new(&"N".repeat(3000), ECHO_CHARS);
        assert_eq!(line.as_str().chars().count(), ECHO_CHARS);
        assert!(line.as_str().ends_with(ELLIPSIS));
        assert_eq!(OneLine::new(line.as_str(), ECHO_CHARS), line);
        // A cut at a space does not leave the space before the ellipsis.
        assert_eq!(OneLine::new("abc defg", 5).as_str(), "abc…");
        assert_eq!(OneLine::new("abcd efg", 5).as_str(), "abcd…");
        assert_eq!(OneLine::new("abcde", 5).as_str(), "abcde");
        assert_eq!(OneLine::new("abcdef", 5).as_str(), "abcd…");
    }

    #[test]
    fn a_message_cuts_every_long_word_it_quotes() {
        let error = format!("\"{}f3\" is not a legal move: no piece\ncan go there", "N".repeat(3000));
        let line = OneLine::message(&error);
        assert!(line.as_str().ends_with("is not a legal move: no piece can go there"), "{line}");
        assert!(line.as_str().split(' ').all(|w| w.chars().count() <= ECHO_CHARS));
        assert_eq!(OneLine::message(line.as_str()), line, "idempotent");
        assert!(OneLine::message(&"ab ".repeat(5000)).as_str().chars().count() <= MESSAGE_CHARS);
    }

    #[test]
    fn nothing_left_is_no_name() {
        assert_eq!(name(" \u{202E}\r\n\x1b "), None);
        assert_eq!(name(" Ann  Lee ").as_deref(), Some("Ann Lee"));
        assert!(!is_one_line(" Ann", 10) && !is_one_line("Ann ", 10) && !is_one_line("A  B", 10));
        assert!(is_one_line("", 10) && is_one_line("Ann Lee", 10));
    }
}
