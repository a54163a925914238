//! Text diagrams of a board as one observer sees it, for plain-text mail: drawn from a
//! [`View`] alone, beside which they live, so a diagram can never show more than its observer
//! may know.
//!
//! The side given as `bottom` is at the bottom, as a player sees the board from their own
//! side: White has rank 1 at the bottom and the a-file on the left; Black sees it turned
//! round. Files are labelled as the variant's notation names them ([`Coordinates`]): letters,
//! or Royal Chess's numbers 1 to 9 and 0. Upper case is
//! White, lower case Black, "." an empty square, "?" a piece whose identity is hidden (listed
//! under the board with the label it is tracked by); a
//! crowd shows all its pieces' letters together ("PNp"); a piece carrying its side's crown of
//! Krithala has a "*" after its letter ("K*"), and a crown lying alone is "O" (White's) or "o"
//! (Black's), a checker seen from above. Every column is as wide as the
//! widest cell, so the diagram stays aligned in a monospaced font; a crowd of more than
//! [`MAX_CROWD_LETTERS`] pieces is marked "*1", "*2"... on the board and listed under it, so
//! that the board stays narrower than a mail line.
//!
//! [`legend`] names, under the board, every letter on it that is not one of chess's six
//! pieces moving as in chess (an Archbishop's `A`, Crown's king-stepping `Q`, a stone's `S`),
//! and the crown's marks: only what this observer sees, so it tells nothing the board does not.

use std::fmt::Write;

use super::{Cell, Coordinates, View};
use crate::engine::geometry::{BoardSize, Square, file_letter};
use crate::engine::piece::Color;
use crate::engine::rules::PieceDef;

fn letter(color: Color, c: char) -> char {
    if color.is_white() { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() }
}

fn cell_text(cell: &Cell) -> String {
    match cell {
        Cell::Empty => ".".to_string(),
        Cell::Piece(color, c) => letter(*color, *c).to_string(),
        Cell::Hidden(color, _) => (if color.is_white() { "?" } else { "¿" }).to_string(),
        Cell::Crowd(pieces) => pieces.iter().map(|&(color, c)| letter(color, c)).collect(),
        Cell::Crowned(color, c) => format!("{}*", letter(*color, *c)),
        Cell::Crown(color) => letter(*color, 'O').to_string(),
    }
}

/// The most letters a crowd shows on the board itself: eight columns of seven characters
/// and the rank labels stay within 64 characters.
pub const MAX_CROWD_LETTERS: usize = 6;

/// The label of file `file` (0-based) as the variant's notation names it: its letter, or its
/// number with the tenth file as `0`. The text diagram, the site's SVG and the mail's picture
/// all label files so.
pub fn file_label(coordinates: Coordinates, file: u8) -> char {
    match coordinates {
        Coordinates::Algebraic => file_letter(file),
        Coordinates::Numeric => char::from_digit(u32::from(file + 1) % 10, 10).unwrap_or('?'),
    }
}

/// The words before the list of pieces of unknown kind under a board: a mail in another
/// language says its own in their place.
pub const UNKNOWN_PIECES: &str = "Unknown pieces, with the square each started on:";

/// Renders `view`'s board with `bottom`'s side at the bottom, and under it its [`notes`].
pub fn render(view: &View, bottom: Color) -> String {
    let (texts, notes) = cells_and_notes(view);
    let width = texts.iter().flatten().map(|t| t.chars().count()).max().unwrap_or(1).max(1);
    let mut out = layout(view.size, view.coordinates, bottom, width, |sq| texts[sq.index()].as_deref().unwrap_or("."));
    out.push_str(&notes);
    out
}

/// What the text under the board says of it: each crowd too large for its square ("*1 = e4:
/// PPNBpp"), and the pieces whose identity is hidden, with the square each started on. The HTML
/// mail shows them under its picture, as the text does under its diagram.
pub fn notes(view: &View) -> String {
    cells_and_notes(view).1
}

/// Each square's text (`None`: empty, shown as `.`), and the notes under the board.
fn cells_and_notes(view: &View) -> (Vec<Option<String>>, String) {
    let mut texts = vec![None; crate::engine::geometry::LAYOUT_SQUARES];
    let mut large_crowds = Vec::new();
    // Hidden pieces by the label they are tracked by, so the reader can follow each one.
    let mut tracked: Vec<(Square, &str)> = Vec::new();
    for (sq, cell) in &view.cells {
        if let Cell::Hidden(_, label) = cell {
            tracked.push((*sq, label));
        }
        let text = cell_text(cell);
        texts[sq.index()] = Some(if text.chars().count() > MAX_CROWD_LETTERS {
            large_crowds.push(format!("*{} = {sq}: {text}", large_crowds.len() + 1));
            format!("*{}", large_crowds.len())
        } else {
            text
        });
    }
    let mut out = String::new();
    for line in large_crowds {
        out.push_str(&line);
        out.push('\n');
    }
    if !tracked.is_empty() {
        tracked.sort_by_key(|(sq, _)| sq.index());
        let list: Vec<String> = tracked.iter().map(|(sq, label)| format!("{sq} ({label})")).collect();
        out.push_str(&format!("{UNKNOWN_PIECES} {}\n", list.join(", ")));
    }
    (texts, out)
}

/// A board of one character a square (a record of the squares searched, say), laid out as
/// [`render`] lays out the board from `bottom`'s side, so that a reader can hold one against
/// the other.
pub fn marks(size: BoardSize, coordinates: Coordinates, bottom: Color, mark: impl Fn(Square) -> char) -> String {
    let mut marks = vec![String::new(); crate::engine::geometry::LAYOUT_SQUARES];
    for square in (0..size.ranks).flat_map(|rank| (0..size.files).filter_map(move |file| Square::new(file, rank))) {
        marks[square.index()] = mark(square).to_string();
    }
    layout(size, coordinates, bottom, 1, |sq| &marks[sq.index()])
}

/// The board's lines: file labels, each rank with its number on both sides, file labels again;
/// every column `width` characters wide.
fn layout<'a>(
    size: BoardSize,
    coordinates: Coordinates,
    bottom: Color,
    width: usize,
    text: impl Fn(Square) -> &'a str,
) -> String {
    let flipped = bottom == Color::Black;
    let files: Vec<u8> = if flipped { (0..size.files).rev().collect() } else { (0..size.files).collect() };
    let ranks: Vec<u8> = if flipped { (0..size.ranks).collect() } else { (0..size.ranks).rev().collect() };
    let label_width = if size.ranks >= 10 { 2 } else { 1 };
    let footer = {
        let mut line = " ".repeat(label_width + 1);
        for &f in &files {
            let _ = write!(line, " {:^width$}", file_label(coordinates, f));
        }
        line.truncate(line.trim_end().len());
        line
    };
    // Writing to a String cannot fail.
    let mut out = String::with_capacity((footer.len() + 1) * (usize::from(size.ranks) + 2));
    out.push_str(&footer);
    out.push('\n');
    for &r in &ranks {
        let _ = write!(out, "{:>label_width$} ", r + 1);
        for &f in &files {
            let cell = Square::new(f, r).map_or(".", &text);
            let _ = write!(out, " {cell:^width$}");
        }
        let _ = writeln!(out, "  {}", r + 1);
    }
    out.push_str(&footer);
    out.push('\n');
    out
}

/// The move list as numbered text, "1. e4 e5 2. Nf3", starting "1... e5" when Black moved
/// first in the list.
pub fn move_list(view: &View) -> String {
    let mut out = String::new();
    let mut number = view.first_move_number;
    let mut color = view.first_mover;
    for (i, m) in view.moves.iter().enumerate() {
        if color.is_white() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&format!("{number}. {m}"));
        } else {
            if i == 0 {
                out.push_str(&format!("{number}... {m}"));
            } else {
                out.push_str(&format!(" {m}"));
            }
            number += 1;
        }
        color = color.other();
    }
    out
}

/// One entry of a board's legend (see [`legend_entries`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LegendEntry {
    /// A letter and the piece's English name; `as_king`: a chess letter whose piece moves as a
    /// king (Crown's queen).
    Piece { letter: char, name: &'static str, as_king: bool },
    /// `*`: the piece carries the crown.
    CarriesCrown,
    /// `O`: the crown, lying alone.
    CrownAlone,
}

/// The legend of `view`'s board: each letter on it beyond chess's six pieces (or one of them
/// moving otherwise), named from the variant's `pieces`, and the crown's marks; `None` when the
/// board holds only chess's pieces. One line, `Pieces: A Archbishop, C Chancellor.`
pub fn legend(view: &View, pieces: &[PieceDef]) -> Option<String> {
    let entries: Vec<String> = legend_entries(view, pieces)
        .into_iter()
        .map(|entry| match entry {
            LegendEntry::Piece { letter, name, as_king: true } => format!("{letter} {name} (moves as a king)"),
            LegendEntry::Piece { letter, name, as_king: false } => format!("{letter} {name}"),
            LegendEntry::CarriesCrown => "* carries the crown".to_string(),
            LegendEntry::CrownAlone => "O the crown, lying alone".to_string(),
        })
        .collect();
    (!entries.is_empty()).then(|| format!("Pieces: {}.\n", entries.join(", ")))
}

/// What [`legend`] lists, as data, for a legend in another language.
pub fn legend_entries(view: &View, pieces: &[PieceDef]) -> Vec<LegendEntry> {
    // Chess's pieces and their moves in Betza notation (the pawn's as the engine writes it).
    const CHESS: [(char, &str); 6] = [('P', "fmWfcF"), ('N', "N"), ('B', "B"), ('R', "R"), ('Q', "Q"), ('K', "K")];
    let mut letters: Vec<char> = Vec::new();
    let mut crowned = false;
    let mut crown_alone = false;
    for (_, cell) in &view.cells {
        match cell {
            Cell::Piece(_, c) => letters.push(c.to_ascii_uppercase()),
            Cell::Crowd(crowd) => letters.extend(crowd.iter().map(|(_, c)| c.to_ascii_uppercase())),
            Cell::Crowned(_, c) => {
                letters.push(c.to_ascii_uppercase());
                crowned = true;
            }
            Cell::Crown(_) => crown_alone = true,
            Cell::Empty | Cell::Hidden(..) => {}
        }
    }
    letters.sort_unstable();
    letters.dedup();
    let mut entries: Vec<LegendEntry> = letters
        .iter()
        .filter_map(|&letter| {
            let def = pieces.iter().find(|p| p.letter == letter)?;
            match CHESS.iter().find(|(l, _)| *l == letter) {
                Some((_, betza)) if *betza == def.betza || def.pawn => None,
                Some(_) if def.betza == "K" => Some(LegendEntry::Piece { letter, name: def.name, as_king: true }),
                _ => Some(LegendEntry::Piece { letter, name: def.name, as_king: false }),
            }
        })
        .collect();
    if crowned {
        entries.push(LegendEntry::CarriesCrown);
    }
    if crown_alone {
        entries.push(LegendEntry::CrownAlone);
    }
    entries
}
