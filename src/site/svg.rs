//! Board diagrams as SVG, drawn from a [`View`] alone: the graphical sibling of
//! [`crate::variants::diagram`], so that a picture on the site can never show more than its
//! observer may know.
//!
//! Pieces are herald's own drawings: a disc with the piece's letter, light with a dark letter
//! for White and dark with a light letter for Black, so every piece of every variant (the
//! fairy pieces included) is told apart by its letter alone, and the page lists the letters
//! it uses. A piece whose identity is hidden is a dashed disc with a question mark and the
//! label it is tracked by; a crowd (several pieces on one square) shows up to four small
//! discs, or three and a count of the rest. A crown of Krithala is a checker with a gold milled
//! edge: a ring around the piece that carries it, or alone where it lies. Each SVG is self-contained: colours and fonts are
//! attributes, nothing is fetched, nothing refers to another element of the page, so a
//! diagram can be copied out of the page and still draw.

use std::fmt::Write as _;

use crate::engine::geometry::Square;
use crate::engine::piece::Color;
use crate::markup::escape;
use crate::variants::diagram::file_label;
use crate::variants::{Cell, View};

/// The side of one square, in the SVG's own units.
const SQUARE: i32 = 100;
/// Room for the rank labels on the left and the file labels below.
const LABEL_MARGIN: i32 = 40;
/// A little room on the other two sides, so the frame is not cut.
const PAD: i32 = 6;

const LIGHT: &str = "#e9edf1";
const DARK: &str = "#8fa5b2";
const MARK: &str = "#f2c94c";
const FONT: &str = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif";

/// A crowd of up to this many pieces shows each of them; a larger one shows this many less
/// one and a count of the rest.
const CROWD_SHOWN: usize = 4;

/// The squares whose contents differ between two views of the same observer: the last move
/// as anyone can see it (from and to, both squares of a castling, the pawn taken en passant),
/// without reading any variant's notation.
pub fn changed_squares(before: &View, after: &View) -> Vec<Square> {
    let mut changed: Vec<Square> = Vec::new();
    for (square, cell) in &after.cells {
        let was = before.cells.iter().find(|(s, _)| s == square).map(|(_, c)| c);
        if was != Some(cell) {
            changed.push(*square);
        }
    }
    for (square, _) in &before.cells {
        if !after.cells.iter().any(|(s, _)| s == square) {
            changed.push(*square);
        }
    }
    changed
}

/// Draws `view`'s board with `bottom`'s side at the bottom, the squares in `marked` (the last
/// move) highlighted; `title` names the diagram for screen readers and as its tooltip.
pub fn board(view: &View, bottom: Color, marked: &[Square], title: &str) -> String {
    let size = view.size;
    let files = i32::from(size.files);
    let ranks = i32::from(size.ranks);
    let width = LABEL_MARGIN + files * SQUARE + PAD;
    let height = PAD + ranks * SQUARE + LABEL_MARGIN;
    let flipped = bottom == Color::Black;
    // Where a square's top-left corner is drawn.
    let corner = |square: Square| -> (i32, i32) {
        let file = i32::from(square.file());
        let rank = i32::from(square.rank());
        let column = if flipped { files - 1 - file } else { file };
        let row = if flipped { rank } else { ranks - 1 - rank };
        (LABEL_MARGIN + column * SQUARE, PAD + row * SQUARE)
    };

    let mut svg = String::with_capacity(8 * 1024);
    let title = escape(title);
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {width} {height}" role="img" aria-label="{title}" font-family="{FONT}"><title>{title}</title>"#
    );
    // The light squares are one rectangle under the dark ones.
    let _ = write!(
        svg,
        r#"<rect x="{LABEL_MARGIN}" y="{PAD}" width="{}" height="{}" fill="{LIGHT}"/>"#,
        files * SQUARE,
        ranks * SQUARE
    );
    for square in size.squares() {
        let (x, y) = corner(square);
        if square.is_dark() {
            let _ = write!(svg, r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{DARK}"/>"#);
        }
        if marked.contains(&square) {
            let _ = write!(
                svg,
                r#"<rect class="last-move" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{MARK}" fill-opacity="0.6"/>"#
            );
        }
    }
    let _ = write!(
        svg,
        r##"<rect x="{LABEL_MARGIN}" y="{PAD}" width="{}" height="{}" fill="none" stroke="#4a5a64" stroke-width="3"/>"##,
        files * SQUARE,
        ranks * SQUARE
    );
    // Coordinates as the variant's notation names them.
    for file in 0..size.files {
        let column = if flipped { files - 1 - i32::from(file) } else { i32::from(file) };
        let x = LABEL_MARGIN + column * SQUARE + SQUARE / 2;
        let y = PAD + ranks * SQUARE + 31;
        let _ = write!(
            svg,
            r##"<text x="{x}" y="{y}" font-size="28" fill="#44525b" text-anchor="middle">{}</text>"##,
            file_label(view.coordinates, file)
        );
    }
    for rank in 0..size.ranks {
        let row = if flipped { i32::from(rank) } else { ranks - 1 - i32::from(rank) };
        let y = PAD + row * SQUARE + SQUARE / 2 + 10;
        let _ = write!(
            svg,
            r##"<text x="{}" y="{y}" font-size="28" fill="#44525b" text-anchor="middle">{}</text>"##,
            LABEL_MARGIN / 2,
            rank + 1
        );
    }
    for (square, cell) in &view.cells {
        if !size.contains(*square) {
            continue;
        }
        let (x, y) = corner(*square);
        let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
        match cell {
            Cell::Empty => {}
            Cell::Piece(color, letter) => {
                let _ = write!(svg, r#"<g class="piece {}" data-square="{square}">"#, color.name());
                token(&mut svg, cx, cy, 38, *color, &letter.to_ascii_uppercase().to_string(), false);
                svg.push_str("</g>");
            }
            Cell::Crowned(color, letter) => {
                let _ = write!(
                    svg,
                    r#"<g class="piece crowned {}" data-square="{square}"><title>{} {}, carrying its crown</title>"#,
                    color.name(),
                    color.title(),
                    letter.to_ascii_uppercase()
                );
                checker(&mut svg, cx, cy, 47, *color);
                token(&mut svg, cx, cy, 34, *color, &letter.to_ascii_uppercase().to_string(), false);
                svg.push_str("</g>");
            }
            Cell::Crown(color) => {
                let _ = write!(
                    svg,
                    r#"<g class="crown {}" data-square="{square}"><title>{}'s crown, lying on {square}</title>"#,
                    color.name(),
                    color.title()
                );
                checker(&mut svg, cx, cy, 30, *color);
                svg.push_str("</g>");
            }
            Cell::Hidden(color, label) => {
                let _ = write!(svg, r#"<g class="hidden {}" data-square="{square}">"#, color.name());
                let _ = write!(svg, "<title>{} piece, unknown; tracked as {}</title>", color.title(), escape(label));
                token(&mut svg, cx, cy - 8, 32, *color, "?", true);
                let _ = write!(
                    svg,
                    r##"<rect x="{}" y="{}" width="70" height="24" rx="12" fill="#ffffff" fill-opacity="0.85"/><text x="{cx}" y="{}" font-size="19" fill="#222" text-anchor="middle">{}</text>"##,
                    cx - 35,
                    y + SQUARE - 27,
                    y + SQUARE - 9,
                    escape(label)
                );
                svg.push_str("</g>");
            }
            Cell::Crowd(pieces) => {
                let list: Vec<String> = pieces
                    .iter()
                    .map(|(color, letter)| format!("{} {}", color.name(), letter.to_ascii_uppercase()))
                    .collect();
                let _ = write!(
                    svg,
                    r#"<g class="crowd" data-square="{square}" data-count="{}"><title>{square}: {}</title>"#,
                    pieces.len(),
                    list.join(", ")
                );
                let offsets = [(-23, -23), (23, -23), (-23, 23), (23, 23)];
                let shown = if pieces.len() > CROWD_SHOWN { CROWD_SHOWN - 1 } else { pieces.len() };
                for (&(color, letter), (dx, dy)) in pieces.iter().take(shown).zip(offsets) {
                    token(&mut svg, cx + dx, cy + dy, 21, color, &letter.to_ascii_uppercase().to_string(), false);
                }
                if pieces.len() > shown {
                    let (dx, dy) = offsets[shown];
                    let _ = write!(
                        svg,
                        r##"<circle cx="{}" cy="{}" r="21" fill="#c0392b"/><text x="{}" y="{}" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">+{}</text>"##,
                        cx + dx,
                        cy + dy,
                        cx + dx,
                        cy + dy + 8,
                        pieces.len() - shown
                    );
                }
                svg.push_str("</g>");
            }
        }
    }
    svg.push_str("</svg>");
    svg
}

/// A crown of Krithala, a checker seen from above: a disc of its side's colour with a gold
/// milled edge and an inner ring, drawn under its carrier (a ring around the piece) or alone.
fn checker(svg: &mut String, cx: i32, cy: i32, radius: i32, color: Color) {
    let (fill, ring) = match color {
        Color::White => ("#fbfaf5", "#1d2226"),
        Color::Black => ("#23282c", "#f4f4f0"),
    };
    let _ = write!(
        svg,
        r##"<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{fill}" stroke="#b8860b" stroke-width="6" stroke-dasharray="4 3"/><circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{ring}" stroke-width="2"/>"##,
        radius * 7 / 10
    );
}

/// One disc with its text: light with a dark letter for White, dark with a light letter for
/// Black; dashed for a piece whose identity is hidden.
fn token(svg: &mut String, cx: i32, cy: i32, radius: i32, color: Color, text: &str, dashed: bool) {
    let (fill, stroke, ink) = match color {
        Color::White => ("#fbfaf5", "#1d2226", "#1d2226"),
        Color::Black => ("#23282c", "#f4f4f0", "#f4f4f0"),
    };
    let stroke_width = (radius / 9).max(2);
    let dash = if dashed { r#" stroke-dasharray="7 5""# } else { "" };
    // A dark outline around the black disc keeps it distinct on dark squares too.
    if color == Color::Black {
        let _ = write!(svg, r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="#0b0d0e"/>"##, radius + stroke_width);
    }
    let _ = write!(
        svg,
        r#"<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"{dash}/>"#
    );
    let font_size = radius * 5 / 4;
    let _ = write!(
        svg,
        r#"<text x="{cx}" y="{}" font-size="{font_size}" font-weight="700" fill="{ink}" text-anchor="middle">{}</text>"#,
        cy + font_size * 36 / 100,
        escape(text)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{self, Observer};

    #[test]
    fn a_chess_board_has_its_squares_pieces_and_coordinates() {
        let game = variants::by_id("chess").unwrap().new_game();
        let svg = board(&game.view(Observer::Everyone), Color::White, &[], "Start");
        assert_eq!(svg.matches(r#"class="piece white""#).count(), 16);
        assert_eq!(svg.matches(r#"class="piece black""#).count(), 16);
        // 32 dark squares, the light ones a single rectangle.
        assert_eq!(svg.matches(&format!(r#"fill="{DARK}""#)).count(), 32);
        for label in ["a", "h", "1", "8"] {
            assert!(svg.contains(&format!(">{label}</text>")), "{label}");
        }
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    }

    #[test]
    fn royal_chess_is_ten_files_labelled_by_numbers() {
        let game = variants::by_id("royal").unwrap().new_game();
        let view = game.view(Observer::Everyone);
        let svg = board(&view, Color::White, &[], "Start");
        assert!(svg.contains(r#"viewBox="0 0 1046 846""#), "{}", &svg[..200]);
        assert!(svg.contains(">0</text>") && !svg.contains(">j</text>"));
    }

    #[test]
    fn the_last_move_is_what_changed_between_two_views() {
        let mut game = variants::by_id("chess").unwrap().new_game();
        let before = game.view(Observer::Everyone);
        game.play("e4").unwrap();
        let after = game.view(Observer::Everyone);
        let changed = changed_squares(&before, &after);
        let names: Vec<String> = changed.iter().map(|s| s.algebraic()).collect();
        assert_eq!(names, ["e2", "e4"]);
        let svg = board(&after, Color::Black, &changed, "1. e4");
        assert_eq!(svg.matches("class=\"last-move\"").count(), 2);
    }

    #[test]
    fn outside_text_is_escaped() {
        let mut view = variants::by_id("chess").unwrap().new_game().view(Observer::Everyone);
        view.cells = vec![(Square::new(0, 0).unwrap(), Cell::Hidden(Color::White, "<b>&\"".into()))];
        let svg = board(&view, Color::White, &[], "a<b");
        assert!(svg.contains("&lt;b&gt;&amp;&quot;") && !svg.contains("<b>"));
        assert!(svg.contains("a&lt;b"));
    }
}
