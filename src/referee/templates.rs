//! The wording of herald's mails: minijinja templates, the built-in ones (the files in
//! `templates/`, embedded in the binary) overridden by whichever the club wrote (read from its
//! templates directory by the service, at the edge), so the wording can change without a
//! rebuild.
//!
//! A template's first line is `Subject: ...`; the rest, after one blank line, is the body.

use std::fmt;

use minijinja::Environment;
use serde::Serialize;

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

/// The loaded templates.
pub struct Templates {
    env: Environment<'static>,
}

impl Templates {
    /// The names of the templates, each a file a club may replace.
    pub fn names() -> impl Iterator<Item = &'static str> {
        BUILT_IN.iter().map(|&(name, _)| name)
    }

    /// The built-in templates.
    pub fn built_in() -> Templates {
        Templates::with_overrides(Vec::new()).expect("the built-in templates are valid")
    }

    /// The built-in templates, with those named in `overrides` replaced by the given text.
    pub fn with_overrides(overrides: Vec<(String, String)>) -> Result<Templates, TemplateError> {
        let mut env = Environment::new();
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
            env.add_template_owned(name, text).map_err(|e| TemplateError(format!("{name}: {e}")))?;
        }
        Ok(Templates { env })
    }

    /// Renders `name` with `context` into a subject and a body.
    pub fn render(&self, name: &str, context: impl Serialize) -> Result<Rendered, TemplateError> {
        let template = self.env.get_template(name).map_err(|e| TemplateError(format!("{name}: {e}")))?;
        let text =
            template.render(minijinja::value::Serde(&context)).map_err(|e| TemplateError(format!("{name}: {e:#}")))?;
        let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
        let subject = first
            .strip_prefix("Subject:")
            .ok_or_else(|| TemplateError(format!("{name} must begin with a \"Subject:\" line")))?
            .trim()
            .to_string();
        Ok(Rendered { subject, body: tidy(rest) })
    }
}

/// Trims leading blank lines, trailing spaces (but not the signature separator "-- "),
/// runs of more than one blank line, and ends with exactly one newline.
fn tidy(body: &str) -> String {
    let mut out = String::new();
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
        out.push_str(line);
        out.push('\n');
    }
    out
}
