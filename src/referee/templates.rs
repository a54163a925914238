//! The wording of herald's mails: minijinja templates, the built-in ones (the files in
//! `templates/`, embedded in the binary) overridden by whichever the club wrote (read from its
//! templates directory by the service, at the edge), so the wording can change without a
//! rebuild.
//!
//! A template's first line is `Subject: ...`; the rest, after one blank line, is the body.
//!
//! Every line a person reads is at most [`WIDTH`] characters: a rendered line that is longer
//! (a paragraph with names and dates in it, a variant's notice) is wrapped at spaces, its
//! continuation lines indented as it is. So that a paragraph of prose is wrapped as a whole,
//! never broken where the template's own line ended, a template line that ends with `\\` goes
//! on in the next line (whose indentation is dropped): the paragraph is one line until it is
//! wrapped.

use std::fmt;
use std::sync::Arc;

use fluent_bundle::FluentValue;
use minijinja::value::{Kwargs, Value};
use minijinja::{Environment, State};
use serde::Serialize;

use crate::language::{Language, Languages};

/// The widest line of a mail's text, in characters: 78, as RFC 5322 recommends.
pub const WIDTH: usize = 78;

/// The built-in templates, by name.
const BUILT_IN: &[(&str, &str)] = &[
    ("game.txt", include_str!("../../templates/game.txt")),
    ("rejected.txt", include_str!("../../templates/rejected.txt")),
    ("help.txt", include_str!("../../templates/help.txt")),
    ("unverified.txt", include_str!("../../templates/unverified.txt")),
    ("confirm.txt", include_str!("../../templates/confirm.txt")),
    ("too_large.txt", include_str!("../../templates/too_large.txt")),
    ("_status.txt", include_str!("../../templates/_status.txt")),
    ("_commands.txt", include_str!("../../templates/_commands.txt")),
    ("tournament.txt", include_str!("../../templates/tournament.txt")),
    ("unreachable.txt", include_str!("../../templates/unreachable.txt")),
    ("pause_over.txt", include_str!("../../templates/pause_over.txt")),
    ("pairing_failed.txt", include_str!("../../templates/pairing_failed.txt")),
];

/// A template that could not be loaded or rendered.
#[derive(Debug)]
pub struct TemplateError(pub String);

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "template: {}", self.0)
    }
}

impl std::error::Error for TemplateError {}

/// A rendered mail text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    /// The subject line.
    pub subject: String,
    /// The body.
    pub body: String,
}

/// The loaded templates, and the languages their words are said in: a template names each
/// sentence by its message id (`{{ t("moved", move=played) }}`), and the recipient's language
/// says it (see [`crate::language`]).
pub struct Templates {
    env: Environment<'static>,
    languages: Arc<Languages>,
}

impl Templates {
    /// The names of the templates, each a file a club may replace.
    pub fn names() -> impl Iterator<Item = &'static str> {
        BUILT_IN.iter().map(|&(name, _)| name)
    }

    /// The built-in templates, in the shipped languages.
    pub fn built_in() -> Templates {
        Templates::with_overrides(Vec::new()).expect("the built-in templates are valid")
    }

    /// The built-in templates, with those named in `overrides` replaced by the given text, in
    /// the shipped languages.
    pub fn with_overrides(overrides: Vec<(String, String)>) -> Result<Templates, TemplateError> {
        Templates::with_languages(overrides, Languages::shipped())
    }

    /// The built-in templates, with those named in `overrides` replaced by the given text, in
    /// `languages`.
    pub fn with_languages(overrides: Vec<(String, String)>, languages: Languages) -> Result<Templates, TemplateError> {
        let languages = Arc::new(languages);
        let mut env = Environment::new();
        // `t(id, name=value, ...)`: the message `id` in the language the mail is rendered in
        // (the context's `lang`), its variables from the keyword arguments (`you_play` is the
        // message's `$you-play`; a number chooses plurals).
        let words = languages.clone();
        env.add_function("t", move |state: &State, id: &str, kwargs: Kwargs| -> Result<String, minijinja::Error> {
            let code = state.lookup("lang").and_then(|v| v.as_str().map(str::to_string));
            let language = words.or_english(code.as_deref());
            let mut args: Vec<(String, FluentValue<'static>)> = Vec::new();
            for name in kwargs.args() {
                let value: Value = kwargs.get(name)?;
                args.push((name.replace('_', "-"), fluent_value(&value)));
            }
            let args: Vec<(&str, FluentValue<'static>)> = args.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
            Ok(language.say(id, &args))
        });
        // `text | column(width)`: the text and spaces to `width` characters, at least one: a
        // command's column in the list of commands.
        env.add_filter("column", |text: &str, width: usize| -> String {
            let chars = text.chars().count();
            format!("{text}{}", " ".repeat(width.saturating_sub(chars).max(1)))
        });
        // Block tags on lines of their own leave no blank lines behind (as in Jinja with
        // trim_blocks and lstrip_blocks), so the templates read like the mails they make.
        let syntax = minijinja::syntax::SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .keep_trailing_newline(true)
            .build()
            .map_err(|e| TemplateError(e.to_string()))?;
        env.set_syntax(syntax);
        for &(name, built_in) in BUILT_IN {
            let text = match overrides.iter().find(|(n, _)| n == name) {
                Some((_, text)) => text.clone(),
                None => built_in.to_string(),
            };
            env.add_template_owned(name, joined(&text)).map_err(|e| TemplateError(format!("{name}: {e}")))?;
        }
        Ok(Templates { env, languages })
    }

    /// The languages the templates are said in.
    pub fn languages(&self) -> &Languages {
        &self.languages
    }

    /// Renders `name` with `context` in `language` into a subject and a body.
    pub fn render(&self, name: &str, language: &Language, context: impl Serialize) -> Result<Rendered, TemplateError> {
        let template = self.env.get_template(name).map_err(|e| TemplateError(format!("{name}: {e}")))?;
        let context = minijinja::context! {
            lang => language.code(),
            command_width => language.command_column(),
            languages => self.languages.listed(),
            ..Value::from(minijinja::value::Serde(&context))
        };
        let text = template.render(context).map_err(|e| TemplateError(format!("{name}: {e:#}")))?;
        let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
        let subject = first
            .strip_prefix("Subject:")
            .ok_or_else(|| TemplateError(format!("{name} must begin with a \"Subject:\" line")))?
            .trim()
            .to_string();
        Ok(Rendered { subject, body: tidy(rest) })
    }
}

/// A template value as a Fluent variable: a number stays a number (it chooses plurals), and
/// anything else is its text.
fn fluent_value(value: &Value) -> FluentValue<'static> {
    if let Ok(n) = i64::try_from(value.clone()) {
        return FluentValue::from(n);
    }
    if let Ok(n) = f64::try_from(value.clone()) {
        return FluentValue::from(n);
    }
    if value.is_none() || value.is_undefined() {
        return FluentValue::from("");
    }
    FluentValue::from(value.to_string())
}

/// A template's text with each line that ends with `\\` joined to the next, whose indentation
/// is dropped.
fn joined(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut lines = text.split_inclusive('\n').peekable();
    let mut continued = false;
    while let Some(line) = lines.next() {
        let line = if continued { line.trim_start_matches([' ', '\t']) } else { line };
        let body = line.strip_suffix('\n').unwrap_or(line);
        match body.strip_suffix('\\') {
            Some(head) if lines.peek().is_some() => {
                out.push_str(head);
                continued = true;
            }
            _ => {
                out.push_str(line);
                continued = false;
            }
        }
    }
    out
}

/// `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone),
/// never between a move number and its move ("15. h3"), nor before a lone `\` (a shell
/// command's line goes on in the next: the line of a check command with a word too long for it),
/// nor inside a name in typographic quotes (`“…”`, as `untrusted::shown_name` quotes a name that
/// could read as herald's own words: no part of it may begin a line).
fn wrap(text: &str, width: usize) -> String {
    // The units that must stay on one line, each a word or words joined by single spaces, laid
    // end to end in `glued`: unit i is `glued[starts[i]..starts[i + 1]]`, `lens[i]` characters.
    let mut glued = String::with_capacity(text.len());
    let (mut starts, mut lens): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    let mut numbered = false;
    let mut quoted = false;
    for word in text.split_whitespace() {
        let chars = word.chars().count();
        match lens.last_mut() {
            Some(len) if numbered || quoted || word == "\\" => {
                glued.push(' ');
                *len += 1 + chars;
            }
            _ => {
                starts.push(glued.len());
                lens.push(chars);
            }
        }
        glued.push_str(word);
        let quote = word.trim_start_matches(['"', '(']);
        numbered = quote.ends_with('.') && quote.trim_end_matches(['.', '…']).bytes().all(|b| b.is_ascii_digit());
        if let Some(open) = word.rfind('\u{201C}') {
            quoted = !word[open..].contains('\u{201D}');
        } else if word.contains('\u{201D}') {
            quoted = false;
        }
        // A quoted name is at most NAME_CHARS long: a quote mark that opens nothing that ends
        // (a player's own text echoed back) must not glue the rest of the paragraph together.
        quoted &= lens.last().is_some_and(|&len| len <= crate::untrusted::NAME_CHARS + 2);
    }
    starts.push(glued.len());
    let mut out = String::with_capacity(glued.len() + glued.len() / width.max(1) + 1);
    let mut line = 0;
    for (unit, &len) in starts.windows(2).map(|w| &glued[w[0]..w[1]]).zip(&lens) {
        if line > 0 && line + 1 + len > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(unit);
        line += len;
    }
    out
}

/// `line` wrapped to [`WIDTH`] onto `out`, each line indented as `line` is (a list's item
/// stays in its column), and a line break after each.
/// A line laid out in columns (a board's rank, a table's row: two spaces together after its
/// indentation) is left as it is, since wrapping would undo the columns.
fn push_wrapped(out: &mut String, line: &str) {
    if line.len() <= WIDTH || line.chars().count() <= WIDTH || line.trim_start().contains("  ") {
        out.push_str(line);
        out.push('\n');
        return;
    }
    let indent = &line[..line.len() - line.trim_start().len()];
    let width = WIDTH.saturating_sub(indent.chars().count()).max(20);
    for wrapped in wrap(line.trim_start(), width).lines() {
        out.push_str(indent);
        out.push_str(wrapped);
        out.push('\n');
    }
}

/// Trims leading blank lines, trailing spaces (but not the signature separator "-- "),
/// runs of more than one blank line, wraps lines longer than [`WIDTH`], and ends with exactly
/// one newline.
fn tidy(body: &str) -> String {
    let mut out = String::with_capacity(body.len() + body.len() / 16);
    let mut blank = 0;
    for line in body.lines() {
        let line = if line == "-- " { line } else { line.trim_end() };
        if line.is_empty() {
            blank += 1;
            continue;
        }
        if !out.is_empty() && blank > 0 {
            out.push('\n');
        }
        blank = 0;
        push_wrapped(&mut out, line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{joined, tidy, wrap};

    #[test]
    fn text_is_wrapped_at_spaces() {
        assert_eq!(wrap("a bb ccc dddd", 6), "a bb\nccc\ndddd");
        assert_eq!(wrap("averyveryverylongword x", 6), "averyveryverylongword\nx");
        assert_eq!(wrap("", 6), "");
        assert_eq!(wrap("if 14... Bg4 15. h3", 12), "if 14... Bg4\n15. h3");
        assert_eq!(wrap("printf 'value:a-very-long-seed' \\", 12), "printf\n'value:a-very-long-seed' \\");
        assert_eq!(
            wrap("Round 1: “Di The referee: Ann” 0-1 by resignation", 16),
            "Round 1:\n“Di The referee: Ann”\n0-1 by\nresignation"
        );
        let unclosed = format!("“{}", "word ".repeat(30));
        assert!(wrap(&unclosed, 20).lines().all(|l| l.chars().count() <= 80), "a quote that never closes");
    }

    #[test]
    fn a_line_ending_in_a_backslash_goes_on_in_the_next() {
        assert_eq!(joined("You are \\\n    invited.\nNext\n"), "You are invited.\nNext\n");
        assert_eq!(joined("end \\"), "end \\");
    }

    #[test]
    fn long_lines_are_wrapped_in_their_indentation() {
        let long = format!("    {}", "word ".repeat(30).trim_end());
        let tidied = tidy(&format!("{long}\nshort\n"));
        assert!(tidied.lines().all(|l| l.chars().count() <= 78 && (l == "short" || l.starts_with("    word"))));
        assert_eq!(tidied.split_whitespace().filter(|w| *w == "word").count(), 30);
    }
}
