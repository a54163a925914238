//! The HTML alternative of a game mail: the same text as the plain part, with the board drawn
//! as a picture where the text has its diagram.
//!
//! The template is rendered a second time with [`BOARD_MARK`] in place of the text diagram, so
//! the HTML says exactly what the text says, in the club's wording if it has its own
//! templates. The text stays preformatted (`<pre>`, wrapped where a screen is narrow), as a
//! correspondence player's move list and commands read in a monospaced font; the picture is a
//! table cell holding an `<img>` of fixed size, which every client, Outlook's Word engine too,
//! lays out alike. Styles are inline, since Gmail drops a `<style>` it does not like.

use crate::language::Language;
use crate::mail::compose::{HtmlBody, InlineImage, PICTURE_TO_COME};
use crate::markup::escape;
use crate::picture::Board;

/// What stands for the board in the text the HTML is made from: a line no template writes.
/// Should a player's own words echoed in their answer hold it too, it is not there exactly once,
/// and that answer is text alone: a player can take the picture from their own mail, nothing
/// more.
pub(super) const BOARD_MARK: &str = "[[herald:board-picture]]";

/// The style of the text's blocks.
const TEXT_STYLE: &str = "margin:0;font-family:Menlo,Consolas,'DejaVu Sans Mono','Courier New',monospace;\
                          font-size:13px;line-height:1.45;white-space:pre-wrap;word-wrap:break-word;color:#1f1f1f";

/// The HTML for `body` (the template rendered with [`BOARD_MARK`] for the board), showing
/// `board` where the mark is and under it `notes` (what the text says under its diagram: the
/// unknown pieces, the large crowds) and `legend`; `None` if the mark is not there exactly once
/// (a club's template that shows no board): the mail is then text alone. The picture's alt
/// text names every piece and its square, so that a reader whose client blocks pictures, or
/// who listens to the mail, still has the position.
pub(super) fn html_body(
    subject: &str,
    body: &str,
    board: &Board<'_>,
    notes: &str,
    legend: Option<&str>,
    content_id: String,
    language: &Language,
) -> Option<HtmlBody> {
    let (before, after) = body.split_once(BOARD_MARK)?;
    if after.contains(BOARD_MARK) {
        return None;
    }
    let (width, height) = board.size();
    let mut html = String::new();
    html.push_str("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">");
    html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
    html.push_str(&format!("<title>{}</title></head>\n", escape(subject)));
    html.push_str("<body style=\"margin:0;padding:16px;background:#ffffff\">\n");
    html.push_str(&format!("<pre style=\"{TEXT_STYLE}\">{}</pre>\n", escape(before.trim_end_matches('\n'))));
    html.push_str("<table role=\"presentation\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\"><tr>");
    html.push_str(&format!(
        "<td style=\"padding:10px 0\"><img src=\"cid:{content_id}\" width=\"{width}\" height=\"{height}\" \
         alt=\"{}\" style=\"display:block;border:0;max-width:100%;height:auto\"></td>",
        escape(&board.alt(language))
    ));
    html.push_str("</tr></table>\n");
    let after = after.trim_start_matches('\n');
    let under: String = [notes.trim_end(), legend.map_or("", str::trim_end)]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    let rest = if under.is_empty() { after.to_string() } else { format!("{under}\n\n{after}") };
    html.push_str(&format!("<pre style=\"{TEXT_STYLE}\">{}</pre>\n", escape(rest.trim_end_matches('\n'))));
    html.push_str("</body></html>\n");
    // The picture is drawn when the mail is sent, after the commit (`picture::Drawing`).
    Some(HtmlBody { html, images: vec![InlineImage { content_id, png: PICTURE_TO_COME.to_vec() }] })
}
