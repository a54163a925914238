//! The wording of herald's mails: minijinja templates loaded at run time from the club's
//! templates directory, so the wording can change without a rebuild, with the built-in
//! defaults (the files in `templates/`) embedded in the binary for any file the club did not
//! provide.
//!
//! A template's first line is `Subject: ...`; the rest, after one blank line, is the body.

use std::fmt;
use std::path::Path;

use minijinja::Environment;
use serde::Serialize;

/// The built-in templates, by name.
const BUILT_IN: &[(&str, &str)] = &[
    ("game.txt", include_str!("../../templates/game.txt")),
    ("rejected.txt", include_str!("../../templates/rejected.txt")),
    ("help.txt", include_str!("../../templates/help.txt")),
    ("unverified.txt", include_str!("../../templates/unverified.txt")),
    ("too_large.txt", include_str!("../../templates/too_large.txt")),
    ("_status.txt", include_str!("../../templates/_status.txt")),
    ("_commands.txt", include_str!("../../templates/_commands.txt")),
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
    /// The built-in templates, overridden by the files found in `dir`.
    pub fn load(dir: Option<&Path>) -> Result<Templates, TemplateError> {
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
            let text = match dir.map(|d| d.join(name)).filter(|p| p.exists()) {
                Some(path) => std::fs::read_to_string(&path)
                    .map_err(|e| TemplateError(format!("cannot read {}: {e}", path.display())))?,
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
