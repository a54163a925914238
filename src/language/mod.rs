//! The languages herald writes to players in: each one a folder of Project Fluent files
//! (`locales/CODE/*.ftl`), the same message ids in every folder, and nothing of a language in
//! the code.
//!
//! The templates (`templates/`) say how a mail is laid out and which messages it holds; a
//! language says each message's words, with its own plurals ("1 день", "2 дня", "5 дней"),
//! its chess terms and its piece letters ([`letters`]), the form of its dates and numbers
//! ([`Language::date`], [`Language::decimal`]) and the words of its commands
//! (`command-*`, read by `referee::commands` in every language at once). English is complete
//! by definition; every other shipped language is checked against it by the tests (every id
//! there, no variable the English message does not pass, the glossary of
//! `docs/languages.md`).
//!
//! A player chooses with `language CODE` (kept with their address, like `zone`), else a
//! tournament's default, else the club's (`referee.language`), else English.

pub mod letters;
mod results;

use std::collections::HashMap;
use std::sync::Arc;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

pub use letters::PieceLetters;
pub use results::result_words;

/// The shipped languages: their code and their Fluent files, English first.
const SHIPPED: &[(&str, &[&str])] = &[
    (
        "en",
        &[
            include_str!("../../locales/en/herald.ftl"),
            include_str!("../../locales/en/mails.ftl"),
            include_str!("../../locales/en/variants.ftl"),
            include_str!("../../locales/en/moves.ftl"),
        ],
    ),
    (
        "ru",
        &[
            include_str!("../../locales/ru/herald.ftl"),
            include_str!("../../locales/ru/mails.ftl"),
            include_str!("../../locales/ru/variants.ftl"),
            include_str!("../../locales/ru/moves.ftl"),
        ],
    ),
    (
        "de",
        &[
            include_str!("../../locales/de/herald.ftl"),
            include_str!("../../locales/de/mails.ftl"),
            include_str!("../../locales/de/variants.ftl"),
            include_str!("../../locales/de/moves.ftl"),
        ],
    ),
    (
        "es",
        &[
            include_str!("../../locales/es/herald.ftl"),
            include_str!("../../locales/es/mails.ftl"),
            include_str!("../../locales/es/variants.ftl"),
            include_str!("../../locales/es/moves.ftl"),
        ],
    ),
    (
        "fr",
        &[
            include_str!("../../locales/fr/herald.ftl"),
            include_str!("../../locales/fr/mails.ftl"),
            include_str!("../../locales/fr/variants.ftl"),
            include_str!("../../locales/fr/moves.ftl"),
        ],
    ),
];

/// The language every message exists in, and the one a player reads when nothing else is chosen.
pub const ENGLISH: &str = "en";

/// The files of a shipped language, by its code (for the tests that check them).
pub fn shipped_files(code: &str) -> Option<&'static [&'static str]> {
    SHIPPED.iter().find(|(c, _)| *c == code).map(|&(_, files)| files)
}

/// Each message of `files` (as `bundle` holds them) that says the same whatever it is
/// given, with what it says: those that use no variable, directly or through another
/// message, since saying one of those without its variables is an error.
fn fixed_messages(bundle: &Bundle, files: &[&str]) -> HashMap<String, String> {
    let mut fixed = HashMap::new();
    for (id, _) in files.iter().flat_map(|file| entries_of(file)) {
        let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) else { continue };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, None, &mut errors).into_owned();
        if errors.is_empty() {
            fixed.insert(id, text);
        }
    }
    fixed
}

/// The codes of the shipped languages, English first.
pub fn shipped_codes() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|&(code, _)| code)
}

/// A name (a variant's id, "chess+ninja") as part of a message id, which is letters, digits
/// and hyphens: "chess-with-ninja".
pub fn message_key(name: &str) -> String {
    name.replace('+', "-with-")
}

/// A language's files could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanguageError(pub String);

impl std::fmt::Display for LanguageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "language: {}", self.0)
    }
}

impl std::error::Error for LanguageError {}

type Bundle = FluentBundle<FluentResource>;

/// One language: its messages, with English's behind them for an id it lacks (which the tests
/// never let a shipped language do).
pub struct Language {
    code: String,
    bundle: Bundle,
    english: Option<Arc<Language>>,
    letters: PieceLetters,
    /// [`Language::command_column`], worked out once: every mail's list of commands uses it.
    command_column: usize,
    /// The messages that use no variable, each said once: a mail says some fifty messages,
    /// most of them the same words every time (headings, labels, the list of commands).
    fixed: HashMap<String, String>,
}

impl std::fmt::Debug for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Language({})", self.code)
    }
}

/// A message's variables: names and values (text or numbers, which choose plurals).
pub type Args<'a> = [(&'a str, FluentValue<'a>)];

impl Language {
    fn new(code: &str, files: &[&str], english: Option<Arc<Language>>) -> Result<Language, LanguageError> {
        let id: unic_langid::LanguageIdentifier =
            code.parse().map_err(|_| LanguageError(format!("\"{code}\" is not a language code")))?;
        let mut bundle = Bundle::new_concurrent(vec![id]);
        // Mails are plain text: no Unicode isolation marks around each variable.
        bundle.set_use_isolating(false);
        for text in files {
            let resource = FluentResource::try_new(text.to_string())
                .map_err(|(_, errors)| LanguageError(format!("{code}: {errors:?}")))?;
            bundle.add_resource(resource).map_err(|errors| LanguageError(format!("{code}: {errors:?}")))?;
        }
        let fixed = fixed_messages(&bundle, files);
        let mut language = Language {
            code: code.to_string(),
            bundle,
            english,
            letters: PieceLetters::ENGLISH,
            command_column: 0,
            fixed,
        };
        language.letters = PieceLetters::read(&language.say("piece-letters", &[]))
            .ok_or_else(|| LanguageError(format!("{code}: piece-letters must be five letters or pairs")))?;
        language.command_column = language.widest_command() + 2;
        // `GROUPED($n)`: a number with the language's thousands separator ("262,144",
        // "262.144"), which Fluent's own number formatting here does not write; `$n` itself
        // stays a number for the message's plurals.
        let separator = language.say("thousands-separator", &[]);
        language
            .bundle
            .add_function("GROUPED", move |positional, _| match positional.first() {
                Some(FluentValue::Number(n)) if n.value.fract() == 0.0 && n.value.abs() < 1e15 => {
                    FluentValue::from(grouped(n.value as i64, &separator))
                }
                Some(other) => other.clone(),
                None => FluentValue::None,
            })
            .map_err(|e| LanguageError(format!("{code}: {e:?}")))?;
        Ok(language)
    }

    /// The language's code: `en`, `ru`.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The language's name in itself: "English", "русский".
    pub fn name(&self) -> String {
        self.say("language-name", &[])
    }

    /// The piece letters chess writes in this language.
    pub fn letters(&self) -> &PieceLetters {
        &self.letters
    }

    /// True if the message `id` exists in this language itself (not only in English).
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// The message `id` with `args`, in this language, or in English where it lacks it; the id
    /// itself where no language has it (a template's typo shows, and the tests catch it).
    pub fn say(&self, id: &str, args: &Args<'_>) -> String {
        if let Some(text) = self.fixed.get(id) {
            return text.clone();
        }
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return match &self.english {
                Some(english) => english.say(id, args),
                None => format!("[{id}]"),
            };
        };
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        let mut errors = Vec::new();
        let text = self.bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        text.into_owned()
    }

    /// The ways a command word message says its command: its value and its `.also`
    /// alternatives (separated by commas), lower case.
    pub fn phrases(&self, id: &str) -> Vec<String> {
        let Some(message) = self.bundle.get_message(id) else { return Vec::new() };
        let mut errors = Vec::new();
        let mut phrases: Vec<String> = Vec::new();
        if let Some(value) = message.value() {
            phrases.push(self.bundle.format_pattern(value, None, &mut errors).to_lowercase());
        }
        if let Some(also) = message.get_attribute("also") {
            let text = self.bundle.format_pattern(also.value(), None, &mut errors);
            phrases.extend(text.split(',').map(|p| p.trim().to_lowercase()).filter(|p| !p.is_empty()));
        }
        phrases
    }

    /// The width of the column of commands in a mail's list of them: the longest command as
    /// the list writes it ("notation N", "конец отпуска"), and two spaces.
    pub fn command_column(&self) -> usize {
        self.command_column
    }

    /// The longest command as the list of commands writes it.
    fn widest_command(&self) -> usize {
        const LISTED: &[(&str, &str)] = &[
            ("command-draw", ""),
            ("command-accept", ""),
            ("command-decline", ""),
            ("command-resign", ""),
            ("command-board", " N"),
            ("command-if", " ..."),
            ("command-cancel", ""),
            ("command-help", ""),
            ("command-games", ""),
            ("command-zone", " NAME"),
            ("command-notation", " N"),
            ("command-format", " F"),
            ("command-language", " L"),
            ("command-vacation", " N"),
            ("command-back", ""),
        ];
        LISTED.iter().map(|(id, after)| self.say(id, &[]).chars().count() + after.len()).max().unwrap_or(8)
    }

    /// The message `id` with `args`, where this language or English has it; `None` where
    /// neither does (a message some names have and others not: a piece's, a variant's help).
    pub fn say_if_known(&self, id: &str, args: &Args<'_>) -> Option<String> {
        let known = self.has(id) || self.english.as_ref().is_some_and(|english| english.has(id));
        known.then(|| self.say(id, args))
    }

    /// A number with its fraction as the language writes it: "0.65", "0,65".
    pub fn decimal(&self, text: &str) -> String {
        text.replace('.', &self.say("decimal-point", &[]))
    }

    /// A whole number as the language writes it, its thousands grouped: "262,144", "262.144",
    /// "262 144" (the separator is the language's `thousands-separator`).
    pub fn number(&self, n: i64) -> String {
        grouped(n, &self.say("thousands-separator", &[]))
    }

    /// A date as the language writes it: "2026-11-24", "24.11.2026".
    pub fn date(&self, date: jiff::civil::Date) -> String {
        self.say(
            "date",
            &[
                ("year", format!("{:04}", date.year()).into()),
                ("month", format!("{:02}", date.month()).into()),
                ("day", format!("{:02}", date.day()).into()),
            ],
        )
    }

    /// A minute as the language writes it, with its zone's abbreviation: "2026-11-24 12:01 UTC",
    /// "24.11.2026 12:01 UTC".
    pub fn minute(&self, zoned: &jiff::Zoned) -> String {
        format!("{} {}", self.date(zoned.date()), zoned.strftime("%H:%M %Z"))
    }

    /// A colour's name: "White", "Weiß".
    pub fn color(&self, color: crate::engine::Color) -> String {
        self.say(if color.is_white() { "color-white" } else { "color-black" }, &[])
    }
}

/// `n` with `separator` between each group of three digits from the right, from 1,000 on.
fn grouped(n: i64, separator: &str) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3 * separator.len() + 1);
    if n < 0 {
        text.push('-');
    }
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            text.push_str(separator);
        }
        text.push(digit);
    }
    text
}

/// The messages that are words players write (`command-*`, `word-*`), which every language
/// says, and which herald reads in all of them at once.
pub const COMMAND_WORDS: &[&str] = &[
    "command-resign",
    "command-draw",
    "command-accept",
    "command-decline",
    "command-board",
    "command-help",
    "command-cancel",
    "command-games",
    "command-back",
    "command-vacation",
    "command-zone",
    "command-notation",
    "command-format",
    "command-language",
    "command-if",
    "command-withdraw",
    "command-join",
    "word-club",
    "word-days",
    "word-crown",
    "word-king",
    "word-queen",
    "word-seed",
];

/// Every language herald writes in: the shipped ones, and any the club added.
pub struct Languages {
    by_code: HashMap<String, Arc<Language>>,
    english: Arc<Language>,
    /// The codes, English first, as the mails list them ("en, de, es, fr, ru").
    listed: String,
    /// Every other language's command words and phrases, lower case, with the English word
    /// each stands for: (phrase, English).
    phrases: Vec<(String, String)>,
}

impl std::fmt::Debug for Languages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.codes()).finish()
    }
}

impl Languages {
    /// The shipped languages.
    pub fn shipped() -> Languages {
        Languages::with_added(Vec::new()).expect("the shipped languages are valid")
    }

    /// The shipped languages, and those in `added`: a code and the text of each of its Fluent
    /// files (a club's `locales/CODE/*.ftl`); a shipped code added again has its messages
    /// replaced where the club's files say them.
    pub fn with_added(added: Vec<(String, Vec<String>)>) -> Result<Languages, LanguageError> {
        let (_, english_files) = SHIPPED[0];
        let english_files: Vec<String> = english_files
            .iter()
            .map(|f| f.to_string())
            .chain(added.iter().filter(|(c, _)| c == ENGLISH).flat_map(|(_, files)| files.iter().cloned()))
            .collect();
        let english = Arc::new(overridden(ENGLISH, &english_files, None)?);
        let mut by_code = HashMap::new();
        by_code.insert(ENGLISH.to_string(), english.clone());
        for &(code, files) in &SHIPPED[1..] {
            let files: Vec<String> = files
                .iter()
                .map(|f| f.to_string())
                .chain(added.iter().filter(|(c, _)| c == code).flat_map(|(_, files)| files.iter().cloned()))
                .collect();
            by_code.insert(code.to_string(), Arc::new(overridden(code, &files, Some(english.clone()))?));
        }
        for (code, files) in &added {
            if !by_code.contains_key(code) {
                by_code.insert(code.clone(), Arc::new(overridden(code, files, Some(english.clone()))?));
            }
        }
        let mut phrases = Vec::new();
        for language in by_code.values().filter(|l| l.code != ENGLISH) {
            for id in COMMAND_WORDS {
                let word = english.say(id, &[]);
                for phrase in language.phrases(id) {
                    if phrase != word && !phrases.iter().any(|(p, _)| *p == phrase) {
                        phrases.push((phrase, word.clone()));
                    }
                }
            }
        }
        let mut languages = Languages { by_code, english, phrases, listed: String::new() };
        languages.listed = languages.codes().join(", ");
        Ok(languages)
    }

    /// `text` with each word or line that is a command in another language (`сдаюсь`,
    /// `aufgeben`, `отпуск 7`, `Кf3 ничья`) put in English, which `referee::commands` reads.
    /// A line that is a whole phrase ("ich gebe auf") becomes its command; otherwise each word
    /// that is a one-word command in some language becomes the English one. Moves are never
    /// touched: no command word reads as a move (the tests check every language's).
    pub fn in_english<'t>(&self, text: &'t str) -> std::borrow::Cow<'t, str> {
        let known = |word: &str| {
            let bare = word.trim_end_matches(['.', '!', '?', ',']).to_lowercase();
            self.phrases.iter().find(|(phrase, _)| *phrase == bare).map(|(_, english)| english.as_str())
        };
        if !text.split_whitespace().any(|w| known(w).is_some()) && !text.lines().any(|l| known(l.trim()).is_some()) {
            return std::borrow::Cow::Borrowed(text);
        }
        let lines: Vec<String> = text
            .lines()
            .map(|line| match known(line.trim()) {
                Some(english) => english.to_string(),
                None => line.split_whitespace().map(|w| known(w).unwrap_or(w)).collect::<Vec<_>>().join(" "),
            })
            .collect();
        std::borrow::Cow::Owned(lines.join("\n"))
    }

    /// The language of `code`, if herald has it.
    pub fn get(&self, code: &str) -> Option<&Arc<Language>> {
        self.by_code.get(&code.to_ascii_lowercase())
    }

    /// The language of `code`, or English.
    pub fn or_english(&self, code: Option<&str>) -> &Arc<Language> {
        code.and_then(|c| self.get(c)).unwrap_or(&self.english)
    }

    /// English.
    pub fn english(&self) -> &Arc<Language> {
        &self.english
    }

    /// Every language, English first, then by code.
    pub fn all(&self) -> Vec<&Arc<Language>> {
        let mut all: Vec<_> = self.by_code.values().collect();
        all.sort_by_key(|l| (l.code != ENGLISH, l.code.clone()));
        all
    }

    /// The codes, English first, as one line: "en, de, es, fr, ru".
    pub fn listed(&self) -> &str {
        &self.listed
    }

    /// The codes, English first.
    pub fn codes(&self) -> Vec<String> {
        self.all().into_iter().map(|l| l.code.clone()).collect()
    }
}

/// A language from `files`, where a later file's message replaces an earlier one's of the same
/// id (a club's own wording over the shipped one).
fn overridden(code: &str, files: &[String], english: Option<Arc<Language>>) -> Result<Language, LanguageError> {
    // Fluent refuses a second message of the same id in one bundle, so the files are merged by
    // id first: each entry of a later file replaces the earlier one's.
    let mut entries: Vec<(String, String)> = Vec::new();
    for (i, file) in files.iter().enumerate() {
        // Each file must read as Fluent on its own: the merging below takes only what reads
        // as entries, and would pass over the rest in silence.
        FluentResource::try_new(file.clone())
            .map_err(|(_, errors)| LanguageError(format!("{code}: file {} of its files: {errors:?}", i + 1)))?;
        for (id, text) in entries_of(file) {
            match entries.iter_mut().find(|(i, _)| *i == id) {
                Some(entry) => entry.1 = text,
                None => entries.push((id, text)),
            }
        }
    }
    let merged: String = entries.into_iter().map(|(_, text)| text).collect();
    Language::new(code, &[merged.as_str()], english)
}

/// A Fluent file's entries, each the id and its whole text (comments before it included), in
/// order. An entry begins at a line that starts with an identifier and `=`; its continuation
/// lines are indented or blank.
fn entries_of(file: &str) -> Vec<(String, String)> {
    let mut entries: Vec<(String, String)> = Vec::new();
    let mut pending = String::new();
    for line in file.split_inclusive('\n') {
        let starts_entry = line
            .split_once('=')
            .map(|(head, _)| head.trim_end())
            .filter(|head| !head.is_empty() && !line.starts_with([' ', '\t', '#', '.', '[', '*', '}']))
            .filter(|head| head.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        match starts_entry {
            Some(id) => {
                let mut text = std::mem::take(&mut pending);
                text.push_str(line);
                entries.push((id.to_string(), text));
            }
            None if line.starts_with('#') || entries.is_empty() => pending.push_str(line),
            None => match entries.last_mut() {
                Some((_, text)) if pending.is_empty() => text.push_str(line),
                _ => pending.push_str(line),
            },
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each language groups a number's thousands as its readers do, in Rust and in a message's
    /// `GROUPED($n)`, whose `$n` still chooses the plural.
    #[test]
    fn numbers_are_grouped_in_each_language_s_way() {
        let languages = Languages::shipped();
        let number = |code: &str, n: i64| languages.get(code).unwrap().number(n);
        assert_eq!(number("en", 262_144), "262,144");
        assert_eq!(number("de", 262_144), "262.144");
        assert_eq!(number("es", 262_144), "262.144");
        assert_eq!(number("ru", 262_144), "262\u{a0}144");
        assert_eq!(number("fr", 262_144), "262\u{202f}144");
        assert_eq!(number("en", 999), "999");
        assert_eq!(number("en", 1000), "1,000");
        assert_eq!(number("en", 1_234_567), "1,234,567");
        assert_eq!(number("en", -1_234_567), "-1,234,567");
        let limit = |code: &str, n: i64| languages.get(code).unwrap().say("too-large", &[("limit", n.into())]);
        assert!(limit("en", 262_144).contains("(the limit is 262,144 bytes)"));
        assert!(limit("de", 262_144).contains("262.144 Bytes"));
        assert!(limit("ru", 262_144).contains("262\u{a0}144 байта"), "{}", limit("ru", 262_144));
        assert!(limit("ru", 1_000_000).contains("1\u{a0}000\u{a0}000 байт)"), "{}", limit("ru", 1_000_000));
    }

    #[test]
    fn a_club_s_message_replaces_the_shipped_one_and_the_rest_stay() {
        let added = vec![("en".to_string(), vec!["color-white = Light\n".to_string()])];
        let languages = Languages::with_added(added).unwrap();
        let english = languages.english();
        assert_eq!(english.color(crate::engine::Color::White), "Light");
        assert_eq!(english.color(crate::engine::Color::Black), "Black");
    }

    #[test]
    fn a_language_the_club_adds_falls_back_to_english_for_what_it_lacks() {
        let added = vec![("eo".to_string(), vec!["language-name = Esperanto\ncolor-white = Blanko\n".to_string()])];
        let languages = Languages::with_added(added).unwrap();
        let esperanto = languages.get("eo").unwrap();
        assert_eq!(esperanto.name(), "Esperanto");
        assert_eq!(esperanto.color(crate::engine::Color::White), "Blanko");
        assert_eq!(esperanto.color(crate::engine::Color::Black), "Black");
        assert!(!esperanto.has("color-black"));
    }

    /// A message said once and kept (it uses no variable) says what Fluent says of it, and a
    /// message that uses a variable, directly or through a message it names, is said anew.
    #[test]
    fn a_message_without_variables_is_said_once_and_the_others_each_time() {
        let file = "fixed = the same words\nplural = { $n ->\n    [one] one day\n   *[other] { $n } days\n}\n\
                    named = ahead: { plural }\n";
        let added = vec![("eo".to_string(), vec![file.to_string()])];
        let languages = Languages::with_added(added).unwrap();
        let language = languages.get("eo").unwrap();
        assert_eq!(language.fixed.get("fixed").map(String::as_str), Some("the same words"));
        assert!(!language.fixed.contains_key("plural") && !language.fixed.contains_key("named"));
        assert_eq!(language.say("fixed", &[("n", 2.into())]), "the same words");
        assert_eq!(language.say("plural", &[("n", 1.into())]), "one day");
        assert_eq!(language.say("named", &[("n", 3.into())]), "ahead: 3 days");
    }

    #[test]
    fn plurals_follow_each_language_s_rules() {
        let languages = Languages::shipped();
        let russian = languages.get("ru").unwrap();
        let days = |n: i64| russian.say("days", &[("days", n.into())]);
        assert_eq!(days(1), "1 день");
        assert_eq!(days(2), "2 дня");
        assert_eq!(days(5), "5 дней");
        assert_eq!(days(21), "21 день");
        let english = languages.english();
        assert_eq!(english.say("days", &[("days", 1.into())]), "1 day");
        assert_eq!(english.say("days", &[("days", 2.into())]), "2 days");
    }

    #[test]
    fn dates_and_decimals_are_written_as_each_language_writes_them() {
        let languages = Languages::shipped();
        let date = jiff::civil::date(2026, 11, 4);
        assert_eq!(languages.english().date(date), "2026-11-04");
        assert_eq!(languages.get("de").unwrap().date(date), "04.11.2026");
        assert_eq!(languages.get("ru").unwrap().date(date), "04.11.2026");
        assert_eq!(languages.get("fr").unwrap().date(date), "04/11/2026");
        assert_eq!(languages.get("es").unwrap().date(date), "04/11/2026");
        assert_eq!(languages.english().decimal("0.65"), "0.65");
        assert_eq!(languages.get("de").unwrap().decimal("0.65"), "0,65");
    }

    #[test]
    fn an_entry_with_comments_and_variants_is_one_entry() {
        let file = "# a comment\nfirst = one\nsecond = { $n ->\n    [one] a\n   *[other] b\n}\n\nthird =\n    long\n";
        let ids: Vec<String> = entries_of(file).into_iter().map(|(id, _)| id).collect();
        assert_eq!(ids, ["first", "second", "third"]);
    }
}
