//! Reading the DOM headless Chromium dumps (`--dump-dom`: attributes in double quotes, text
//! escaped), as the site's tests look at a page: elements found by a marker in their start tag,
//! their text without tags, their attributes.

/// `html`'s text with the character references Chromium writes turned back into characters
/// (`&amp;` last, so that an escaped reference stays as written).
pub fn unescape(html: &str) -> String {
    html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}

/// `html` without its tags, unescaped, trimmed.
pub fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    unescape(out.trim())
}

/// The start tag and the text (tags removed) of every `<tag ...>` element whose start tag
/// contains `marker`, up to its closing `</tag>` (elements of one kind do not nest in these
/// pages).
pub fn elements(dom: &str, tag: &str, marker: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let open = format!("<{tag}");
    let close = format!("</{tag}>");
    let mut rest = dom;
    while let Some(start) = rest.find(&open) {
        let after = &rest[start..];
        let Some(end_of_tag) = after.find('>') else { break };
        let whole_name = after[open.len()..].starts_with([' ', '>']);
        if whole_name && after[..end_of_tag].contains(marker) {
            let Some(end) = after.find(&close) else { break };
            found.push((after[..=end_of_tag].to_string(), strip_tags(&after[end_of_tag + 1..end])));
        }
        rest = &after[end_of_tag + 1..];
    }
    found
}

/// The text of every `<tag ...>` element whose start tag contains `marker`.
pub fn texts_of(dom: &str, tag: &str, marker: &str) -> Vec<String> {
    elements(dom, tag, marker).into_iter().map(|(_, text)| text).collect()
}

/// The value of attribute `name` in the start tag that begins `start_tag`.
pub fn attribute(start_tag: &str, name: &str) -> Option<String> {
    let tag = &start_tag[..start_tag.find('>')?];
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(unescape(&tag[at..at + tag[at..].find('"')?]))
}
