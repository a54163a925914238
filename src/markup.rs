//! Text made safe inside HTML and SVG (XML) text and attribute values: the one escaping that
//! the site's pages, the mails' HTML and the board pictures use, so that whatever a player or
//! a club wrote is only ever text there.

/// `text` with `&`, `<`, `>`, `"` and `'` written as character references.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
