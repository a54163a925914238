//! How each piece is drawn: herald's own drawings, made of the bundled font's glyphs and
//! simple shapes (see `assets/fonts/README.md` for the font and its licence).
//!
//! * Chess's six pieces (by name: a King, Queen, Rook, Bishop, Knight or Pawn, however a
//!   variant lets it move) are the font's chess figures: a White piece is the solid figure
//!   filled white under the outlined one, a Black piece the solid figure in black with a pale
//!   rim, so both stand out on light and dark squares alike.
//! * Every other piece (an Archbishop, Chancellor, King's or Queen's Guard, Generalissimo,
//!   Centaur, Marshall, Dragon Horse, Dragon King, Spy, Decoy, ninja) is a disc bearing its
//!   letter, White's white with a dark letter and Black's dark with a white one: no two kinds
//!   of a variant share a letter, so no two share a drawing. A piece that never moves
//!   (crown-2's stone) is a rounded square instead of a disc.
//! * A piece whose identity the observer may not know is a disc with "?" and, under it, the
//!   label the observer tracks it by.
//! * A crowd is all its pieces, smaller, in a grid, bottom piece first.
//! * A crown of Krithala is a gold-rimmed checker with a star; a piece carrying it stands on
//!   the checker.

use std::fmt::Write as _;

use crate::engine::piece::Color;
use crate::engine::rules::PieceDef;
use crate::markup::escape;
use crate::variants::Cell;

use super::Rgb;

/// The pieces' colours: ink and paper for the two sides, gold for a crown's rim.
pub const INK: Rgb = Rgb([0x1f, 0x1f, 0x1f]);
pub const PAPER: Rgb = Rgb([0xff, 0xff, 0xff]);
pub const GOLD: Rgb = Rgb([0xc9, 0xa2, 0x27]);

/// The font's solid chess figure of a piece named as one of chess's six, and its outline.
fn figures(name: &str) -> Option<(char, char)> {
    Some(match name {
        "King" => ('\u{265A}', '\u{2654}'),
        "Queen" => ('\u{265B}', '\u{2655}'),
        "Rook" => ('\u{265C}', '\u{2656}'),
        "Bishop" => ('\u{265D}', '\u{2657}'),
        "Knight" => ('\u{265E}', '\u{2658}'),
        "Pawn" => ('\u{265F}', '\u{2659}'),
        _ => return None,
    })
}

/// How a kind of piece is drawn, as its definition in the variant decides: one of chess's six
/// figures (by the piece's name), a disc bearing its letter, or a rounded square for a piece
/// that never moves. A mail's picture keeps these with it ([`super::Drawing`]), not the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Look {
    Figure { solid: char, outline: char },
    Disc,
    Still,
}

/// Each of the variant's `pieces` by its letter, and how it is drawn.
pub fn looks(pieces: &[PieceDef]) -> Vec<(char, Look)> {
    pieces
        .iter()
        .map(|def| {
            let look = match figures(def.name) {
                Some((solid, outline)) => Look::Figure { solid, outline },
                None if def.betza.is_empty() && def.confined.is_empty() => Look::Still,
                None => Look::Disc,
            };
            (def.letter, look)
        })
        .collect()
}

/// Draws what `cell` holds on the square whose top left corner is (`x`, `y`), `size` wide,
/// each piece as `looks` says its letter is drawn (a disc if it does not say).
pub fn draw_cell(svg: &mut String, cell: &Cell, pieces: &[(char, Look)], x: f64, y: f64, size: f64) {
    match cell {
        Cell::Empty => {}
        Cell::Piece(color, letter) => draw_piece(svg, *color, *letter, pieces, x, y, size),
        Cell::Hidden(color, label) => draw_hidden(svg, *color, label, x, y, size),
        Cell::Crowd(crowd) => {
            // The smallest square grid that holds them all: 2x2 up to four, 3x3 up to nine.
            let columns = (1..).find(|n| n * n >= crowd.len()).unwrap_or(1).max(2);
            let cell_size = size / columns as f64;
            for (i, (color, letter)) in crowd.iter().enumerate() {
                let (column, row) = (i % columns, i / columns);
                // Bottom piece first, from the bottom left, as a crowd is listed.
                let cx = x + column as f64 * cell_size;
                let cy = y + size - (row as f64 + 1.0) * cell_size;
                draw_piece(svg, *color, *letter, pieces, cx, cy, cell_size);
            }
        }
        Cell::Crowned(color, letter) => {
            // The checker shows under the piece standing on it.
            draw_checker(svg, *color, x + size / 2.0, y + size * 0.74, size * 0.24);
            draw_piece(svg, *color, *letter, pieces, x + size * 0.12, y - size * 0.04, size * 0.76);
        }
        Cell::Crown(color) => draw_checker(svg, *color, x + size / 2.0, y + size / 2.0, size * 0.36),
    }
}

/// One piece, as its letter's look says.
fn draw_piece(svg: &mut String, color: Color, letter: char, pieces: &[(char, Look)], x: f64, y: f64, size: f64) {
    let upper = letter.to_ascii_uppercase();
    match pieces.iter().find(|(l, _)| *l == upper).map_or(Look::Disc, |(_, look)| *look) {
        Look::Figure { solid, outline } => draw_figure(svg, color, solid, outline, x, y, size),
        Look::Disc => draw_token(svg, color, &upper.to_string(), false, x, y, size),
        Look::Still => draw_token(svg, color, &upper.to_string(), true, x, y, size),
    }
}

/// A chess figure from the font.
fn draw_figure(svg: &mut String, color: Color, solid: char, outline: char, x: f64, y: f64, size: f64) {
    let font = size * 0.82;
    let cx = x + size / 2.0;
    // The figures sit on the font's baseline; this puts their middle at the square's.
    let baseline = y + size * 0.80;
    if color.is_white() {
        let _ = write!(
            svg,
            r#"<text x="{cx:.1}" y="{baseline:.1}" font-size="{font:.1}" text-anchor="middle" fill="{PAPER}">{solid}</text><text x="{cx:.1}" y="{baseline:.1}" font-size="{font:.1}" text-anchor="middle" fill="{INK}">{outline}</text>"#
        );
    } else {
        let rim = (size / 30.0).max(0.6);
        let _ = write!(
            svg,
            r#"<text x="{cx:.1}" y="{baseline:.1}" font-size="{font:.1}" text-anchor="middle" fill="{INK}" stroke="{PAPER}" stroke-width="{rim:.2}" paint-order="stroke">{solid}</text>"#
        );
    }
}

/// A disc (a rounded square for a piece that never moves) bearing `text`.
fn draw_token(svg: &mut String, color: Color, text: &str, still: bool, x: f64, y: f64, size: f64) {
    let (fill, ink) = if color.is_white() { (PAPER, INK) } else { (INK, PAPER) };
    let cx = x + size / 2.0;
    let cy = y + size / 2.0;
    let r = size * 0.38;
    let stroke = (size / 22.0).max(0.8);
    if still {
        let side = 2.0 * r;
        let _ = write!(
            svg,
            r#"<rect x="{:.1}" y="{:.1}" width="{side:.1}" height="{side:.1}" rx="{:.1}" fill="{fill}" stroke="{INK}" stroke-width="{stroke:.2}"/>"#,
            cx - r,
            cy - r,
            r * 0.45
        );
    } else {
        let _ = write!(
            svg,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="{INK}" stroke-width="{stroke:.2}"/>"#
        );
    }
    let font = size * 0.46;
    let _ = write!(
        svg,
        r#"<text x="{cx:.1}" y="{:.1}" font-size="{font:.1}" text-anchor="middle" fill="{ink}">{}</text>"#,
        cy + font * 0.36,
        escape(text)
    );
}

/// A piece the observer cannot identify: "?" on its side's disc, with its tracking label.
fn draw_hidden(svg: &mut String, color: Color, label: &str, x: f64, y: f64, size: f64) {
    draw_token(svg, color, "?", false, x, y - size * 0.08, size * 0.84);
    let font = size * 0.24;
    let _ = write!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" font-size="{font:.1}" text-anchor="middle" fill="{INK}" stroke="{PAPER}" stroke-width="{:.2}" paint-order="stroke">{}</text>"#,
        x + size / 2.0,
        y + size - size * 0.06,
        size / 15.0,
        escape(label)
    );
}

/// The crown of Krithala, a checker seen from above: the side's colour, rimmed in gold, with
/// a star, centred at (`cx`, `cy`), of radius `r`.
fn draw_checker(svg: &mut String, color: Color, cx: f64, cy: f64, r: f64) {
    let (fill, ink) = if color.is_white() { (PAPER, INK) } else { (INK, PAPER) };
    let _ = write!(
        svg,
        r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="{GOLD}" stroke-width="{:.2}"/>"#,
        r / 3.6
    );
    let font = r * 1.15;
    let _ = write!(
        svg,
        r#"<text x="{cx:.1}" y="{:.1}" font-size="{font:.1}" text-anchor="middle" fill="{ink}">{}</text>"#,
        cy + font * 0.36,
        '\u{2605}'
    );
}
