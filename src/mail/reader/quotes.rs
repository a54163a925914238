//! Reply stripping: the sender's own new lines of a reply, without what it quotes, forwards
//! or signs with.

/// Reduces a reply to the sender's own new lines.
///
/// Lines are read top to bottom; trailing whitespace is ignored when
/// matching. The rules:
///
/// * **Quoted lines** — first non-blank character `>` — are dropped, and
///   reading goes on: the sender's text may stand above the quote
///   (top-posting) or below and between quoted blocks (bottom-posting).
/// * **Attribution lines** introduce a quote: `On ... wrote:`, `Am ...
///   schrieb ...:`, `Le ... a écrit :`, `El ... escribió:`, `Op ... schreef
///   ...:` and `Il ... ha scritto:`, on one line or wrapped over up to three.
///   If quoted lines follow (after at most two blank lines) only the
///   attribution is dropped and the quote rule handles the rest; if not, the
///   client pasted the original unquoted and everything from here on is
///   dropped. A wrapped attribution counts only when quoted lines follow,
///   so that a player's sentence starting with "On" is not mistaken for one.
///   In any other language (`... escreveu:`, `... napisał(a):`, `... пишет:`,
///   `2025年1月6日(月) ... <x@y>:`) a line, or up to three wrapped lines,
///   ending in `:` with a digit or an `@` in it, followed by quoted lines, is
///   an attribution too: mail clients write a date or an address there, and a
///   move does not end in a colon.
/// * **Separators** end the reply — everything from them on is the original:
///   `-----Original Message-----` (and its German, French and Spanish
///   forms), `---------- Forwarded message ---------` and other dash-framed
///   forward markers, `Begin forwarded message:`, and a line of 20 or more
///   underscores (Outlook's rule above its header block).
/// * **Outlook's header block** ends the reply: a `From:` line (or `Von:`,
///   `De:`, `Da:`, `Van:`, `Od:`, `Från:`, `От:`, `差出人:`) followed within
///   three lines by `Sent:` (or `Date:`, `Gesendet:`, `Datum:`, `Envoyé:`,
///   `Enviado:`, `Inviato:`, `Verzonden:`, `Wysłano:`, `Skickat:`,
///   `Отправлено:`, `送信日時:`). A horizontal rule just above it goes too.
/// * **Signature**: a line that is exactly `-- ` (RFC 3676 §4.3), or `--`
///   after a client stripped the trailing space, ends the reply.
/// * A last line `Sent from my ...` or `Get Outlook for ...` (mobile
///   clients' footer) is dropped.
///
/// The result has runs of blank lines collapsed to one, trailing whitespace
/// removed from each line, and is trimmed.
pub fn strip_quoted_text(text: &str) -> String {
    strip_reply(text).text
}

/// A reply reduced to the sender's own lines, and what was dropped.
pub(super) struct Stripped {
    /// The sender's own lines (see [`strip_quoted_text`]).
    pub text: String,
    /// Something was dropped as quoted: quoted lines, an attribution, a separator and what
    /// follows it, or a header block.
    pub quoted: bool,
    /// A signature (or a mobile client's footer) was dropped.
    pub signature: bool,
}

/// [`strip_quoted_text`], telling also what it dropped.
pub(super) fn strip_reply(text: &str) -> Stripped {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let mut kept: Vec<&str> = Vec::new();
    let (mut quoted, mut signature) = (false, false);
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if is_quoted(line) {
            quoted = true;
            i += 1;
            continue;
        }
        if line == "--" {
            signature = lines[i + 1..].iter().any(|l| !l.trim().is_empty());
            break;
        }
        if is_separator(line) {
            quoted = true;
            break;
        }
        if starts_header_block(&lines, i) {
            while kept.last().is_some_and(|l| is_rule(l) || l.trim().is_empty()) {
                kept.pop();
            }
            quoted = true;
            break;
        }
        if let Some(n) = attribution_len(&lines, i) {
            quoted = true;
            if quote_follows(&lines, i + n) {
                i += n;
                continue;
            }
            break;
        }
        kept.push(line);
        i += 1;
    }
    while kept.last().is_some_and(|l| l.trim().is_empty()) {
        kept.pop();
    }
    if kept.last().is_some_and(|l| {
        let l = l.trim();
        l.chars().count() < 80 && (l.starts_with("Sent from my ") || l.starts_with("Get Outlook for "))
    }) {
        kept.pop();
        signature = true;
    }

    let mut out = String::new();
    let mut blank_run = false;
    for line in kept {
        if line.trim().is_empty() {
            blank_run = !out.is_empty();
            continue;
        }
        if blank_run {
            out.push('\n');
            blank_run = false;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    // Blank lines are gone from both ends; leading spaces of the first line
    // carry no meaning either.
    Stripped { text: out.trim_start().to_owned(), quoted, signature }
}

/// A quoted line: first non-blank character is `>`.
fn is_quoted(line: &str) -> bool {
    line.trim_start().starts_with('>')
}

/// A line drawn with one repeated rule character (`_`, `-`, `=`, `─`), as
/// html2text renders `<hr>` and as clients put above a quoted header block.
fn is_rule(line: &str) -> bool {
    let line = line.trim();
    line.chars().count() >= 5 && line.chars().all(|c| matches!(c, '_' | '-' | '=' | '─'))
}

/// See the separator rule of [`strip_quoted_text`].
fn is_separator(line: &str) -> bool {
    let line = line.trim();
    if line.len() >= 20 && line.bytes().all(|b| b == b'_') {
        return true;
    }
    if line.eq_ignore_ascii_case("Begin forwarded message:") {
        return true;
    }
    let inner = line.trim_start_matches('-');
    if line.len() - inner.len() < 3 {
        return false;
    }
    let trimmed = inner.trim_end_matches('-');
    if inner.len() - trimmed.len() < 3 {
        return false;
    }
    let marker = trimmed.trim().to_lowercase();
    [
        "original message",
        "ursprüngliche nachricht",
        "message d'origine",
        "mensaje original",
        "forwarded message",
        "weitergeleitete nachricht",
        "message transféré",
        "mensaje reenviado",
    ]
    .contains(&marker.as_str())
}

/// Whether `line` starts with one of `labels` followed by an optional space
/// and a colon, ignoring ASCII case.
fn has_label(line: &str, labels: &[&str]) -> bool {
    let line = line.trim_start();
    labels.iter().any(|label| {
        line.get(..label.len()).is_some_and(|head| head.eq_ignore_ascii_case(label))
            && line[label.len()..].trim_start_matches(' ').starts_with(':')
    })
}

/// See the Outlook header-block rule of [`strip_quoted_text`].
fn starts_header_block(lines: &[&str], i: usize) -> bool {
    const FROM: &[&str] = &["From", "Von", "De", "Da", "Van", "Od", "Från", "От", "差出人"];
    const SENT: &[&str] = &[
        "Sent",
        "Date",
        "Gesendet",
        "Datum",
        "Envoyé",
        "Enviado",
        "Inviato",
        "Verzonden",
        "Wysłano",
        "Skickat",
        "Отправлено",
        "送信日時",
    ];
    has_label(lines[i], FROM) && lines[i + 1..].iter().take(3).any(|l| has_label(l, SENT))
}

/// Whether `text` (one line, or wrapped lines joined by spaces) is an
/// attribution line in one of the languages herald knows by their words; see
/// [`strip_quoted_text`].
fn is_attribution(text: &str) -> bool {
    // French typography puts a (narrow) no-break space before the colon.
    let text = text.replace(['\u{00A0}', '\u{202F}'], " ");
    let t = text.trim();
    (t.starts_with("On ") && t.ends_with(" wrote:"))
        || (t.starts_with("Am ") && t.ends_with(':') && t.contains(" schrieb"))
        || (t.starts_with("Le ") && (t.ends_with(" a écrit :") || t.ends_with(" a écrit:")))
        || (t.starts_with("El ") && t.ends_with(" escribió:"))
        || (t.starts_with("Op ") && t.ends_with(':') && t.contains(" schreef"))
        || (t.starts_with("Il ") && t.ends_with(" ha scritto:"))
}

/// Whether `text` looks like an attribution in any language: it ends in a colon and holds a
/// digit (a date, a time) or an `@` (an address). Only ever trusted when quoted lines follow.
fn is_any_attribution(text: &str) -> bool {
    let t = text.trim();
    (t.ends_with(':') || t.ends_with('：')) && t.chars().any(|c| c.is_ascii_digit() || c == '@')
}

/// How many lines (1 to 3) the attribution starting at line `i` spans.
fn attribution_len(lines: &[&str], i: usize) -> Option<usize> {
    let first = lines[i].trim();
    if first.is_empty() {
        return None;
    }
    let known = ["On ", "Am ", "Le ", "El ", "Op ", "Il "].iter().any(|p| first.starts_with(p));
    let mut joined = first.to_owned();
    for n in 1..=3 {
        if n > 1 {
            let next = lines.get(i + n - 1)?.trim();
            if next.is_empty() || is_quoted(next) {
                return None;
            }
            joined.push(' ');
            joined.push_str(next);
        }
        let followed = quote_follows(lines, i + n);
        if known && is_attribution(&joined) && (n == 1 || followed) {
            return Some(n);
        }
        if followed && is_any_attribution(&joined) {
            return Some(n);
        }
    }
    None
}

/// Whether a quoted line comes at `lines[i]`, after at most two blank lines.
fn quote_follows(lines: &[&str], i: usize) -> bool {
    lines.iter().skip(i).take(3).find(|l| !l.trim().is_empty()).is_some_and(|l| is_quoted(l))
}
