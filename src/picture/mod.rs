//! The board as a picture, for the HTML part of a game mail: drawn from one observer's
//! [`View`] alone, as the plain-text [`diagram`](crate::variants::diagram) is, so a picture can
//! never show more than its observer may know.
//!
//! [`Board`] lays out the scene (squares, coordinates, the last move's squares marked, each
//! square's pieces drawn by [`pieces`]) as SVG, and [`raster`] renders that to PNG, the one
//! image format every mail client shows inline: Gmail and the new Outlook drop inline SVG, and
//! a picture fetched from elsewhere is blocked by most clients (and tells the sender who read
//! it), so the PNG travels in the mail itself, by `cid:`.
//!
//! The same view always gives the same bytes (no clock, no randomness, one bundled font), so
//! two mails that differ only in a secret the recipient may not know carry the same picture.

pub mod encode;
pub mod pieces;
pub mod raster;
pub mod tiles;

use std::fmt::Write as _;

use crate::engine::geometry::{BoardSize, Square};
use crate::engine::piece::Color;
use crate::engine::rules::PieceDef;
use crate::language::{ENGLISH, Language};
use crate::notation::reason::piece_name;
use crate::variants::diagram::file_label;
use crate::variants::{Cell, Coordinates, View};

/// Side of one square, in CSS pixels: 8x8 and 10x8 boards alike, so a wider board is wider,
/// never coarser.
pub const SQUARE: u32 = 44;
/// The margin around the board that holds the coordinates.
pub const MARGIN: u32 = 20;
/// Pixels per CSS pixel of the PNG: two, so the picture stays sharp on the high-density screens
/// of phones and laptops; the HTML gives its size in CSS pixels, as Outlook needs to show it
/// at that size.
pub const SCALE: f32 = 2.0;

/// A colour of the picture, written in SVG as `#rrggbb`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub [u8; 3]);

impl std::fmt::Display for Rgb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [r, g, b] = self.0;
        write!(f, "#{r:02x}{g:02x}{b:02x}")
    }
}

/// Colours of the board: light and dark squares, and the same with the last move's mark.
pub const LIGHT: Rgb = Rgb([0xf0, 0xd9, 0xb5]);
pub const DARK: Rgb = Rgb([0xb5, 0x88, 0x63]);
pub const LIGHT_MARKED: Rgb = Rgb([0xe6, 0xe2, 0x7a]);
pub const DARK_MARKED: Rgb = Rgb([0xc5, 0xb3, 0x47]);
/// The frame around the squares, the coordinates' ink, and the paper around the frame.
const FRAME: Rgb = Rgb([0x5b, 0x46, 0x32]);
const LABEL: Rgb = Rgb([0x4a, 0x4a, 0x4a]);
const BACKGROUND: Rgb = pieces::PAPER;

/// A board picture to draw later: what a [`Board`] is drawn from, owned, with the variant by
/// its id. A game mail is composed and kept in the outbox with its picture still to come
/// ([`crate::mail::compose::PICTURE_TO_COME`]) and this beside it, as JSON; the sender draws
/// it when it sends the mail, after the move's transaction has committed and on a thread of
/// its own, so that no commit waits for a picture. It holds one observer's view of the board,
/// as the picture would, and nothing else.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Drawing {
    /// How each kind of piece is drawn, by its letter.
    looks: Vec<(char, pieces::Look)>,
    files: u8,
    ranks: u8,
    coordinates: Coordinates,
    bottom: Color,
    /// The last move's squares, as (file, rank).
    marked: Vec<(u8, u8)>,
    /// What the observer sees on each square, as (file, rank, what).
    cells: Vec<(u8, u8, Cell)>,
}

impl Drawing {
    /// `board`'s drawing.
    pub fn of(board: &Board<'_>) -> Drawing {
        Drawing {
            looks: pieces::looks(board.pieces),
            files: board.view.size.files,
            ranks: board.view.size.ranks,
            coordinates: board.view.coordinates,
            bottom: board.bottom,
            marked: board.marked.iter().map(|sq| (sq.file(), sq.rank())).collect(),
            cells: board.view.cells.iter().map(|(sq, cell)| (sq.file(), sq.rank(), cell.clone())).collect(),
        }
    }

    /// The picture as PNG, the same bytes as [`Board::png`] of the board it was made of; an
    /// error if it names a square not on its board (a damaged row).
    pub fn png(&self) -> Result<Vec<u8>, String> {
        let size = BoardSize { files: self.files, ranks: self.ranks };
        let square = |(file, rank): (u8, u8)| {
            Square::new(file, rank)
                .filter(|_| file < size.files && rank < size.ranks)
                .ok_or_else(|| format!("the picture names square ({file}, {rank}), not on its board"))
        };
        let cells = self
            .cells
            .iter()
            .map(|(file, rank, cell)| Ok((square((*file, *rank))?, cell.clone())))
            .collect::<Result<_, String>>()?;
        let view = View::of_board(size, self.coordinates, cells);
        let marked: Vec<Square> = self.marked.iter().map(|&at| square(at)).collect::<Result<_, String>>()?;
        // The board's pieces are only named in its `alt` text; they are drawn by their looks.
        Ok(tiles::png(&Board { view: &view, bottom: self.bottom, pieces: &[], marked: &marked }, &self.looks))
    }
}

/// A board picture of one observer's view.
pub struct Board<'a> {
    /// What the observer sees.
    pub view: &'a View,
    /// The side at the bottom: the recipient's.
    pub bottom: Color,
    /// The variant's pieces, which say how each letter is drawn.
    pub pieces: &'a [PieceDef],
    /// The squares of the last move, as far as this observer can tell them.
    pub marked: &'a [Square],
}

impl Board<'_> {
    /// Width and height in CSS pixels.
    pub fn size(&self) -> (u32, u32) {
        let BoardSize { files, ranks } = self.view.size;
        (u32::from(files) * SQUARE + 2 * MARGIN, u32::from(ranks) * SQUARE + 2 * MARGIN)
    }

    /// Where `sq` is drawn: its top left corner, with `bottom`'s side at the bottom.
    fn corner(&self, sq: Square) -> (u32, u32) {
        let BoardSize { files, ranks } = self.view.size;
        let (column, row) = if self.bottom.is_white() {
            (sq.file(), ranks - 1 - sq.rank())
        } else {
            (files - 1 - sq.file(), sq.rank())
        };
        (MARGIN + u32::from(column) * SQUARE, MARGIN + u32::from(row) * SQUARE)
    }

    /// The scene as SVG, in CSS pixels.
    pub fn svg(&self) -> String {
        let looks = pieces::looks(self.pieces);
        let mut svg = self.squares_svg();
        for (sq, cell) in &self.view.cells {
            let (x, y) = self.corner(*sq);
            pieces::draw_cell(&mut svg, cell, &looks, f64::from(x), f64::from(y), f64::from(SQUARE));
        }
        svg.push_str("</svg>");
        svg
    }

    /// The scene without its pieces, still open for them to be drawn: paper, frame, squares
    /// (the last move's marked) and coordinates.
    fn squares_svg(&self) -> String {
        let (width, height) = self.size();
        let BoardSize { files, ranks } = self.view.size;
        let mut svg = String::new();
        let _ = write!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans" font-weight="bold">"#
        );
        let _ = write!(svg, r#"<rect width="{width}" height="{height}" fill="{BACKGROUND}"/>"#);
        let _ = write!(
            svg,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{FRAME}"/>"#,
            MARGIN - 2,
            MARGIN - 2,
            u32::from(files) * SQUARE + 4,
            u32::from(ranks) * SQUARE + 4
        );
        for sq in self.view.size.squares() {
            let (x, y) = self.corner(sq);
            let fill = self.fill(sq);
            let _ = write!(svg, r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#);
        }
        self.coordinates(&mut svg);
        svg
    }

    /// The colour of `sq`: light or dark, marked if the last move named it.
    fn fill(&self, sq: Square) -> Rgb {
        match (sq.is_dark(), self.marked.contains(&sq)) {
            (true, false) => DARK,
            (false, false) => LIGHT,
            (true, true) => DARK_MARKED,
            (false, true) => LIGHT_MARKED,
        }
    }

    /// File labels under and over the board, rank numbers on both sides, as the variant's
    /// notation names them.
    fn coordinates(&self, svg: &mut String) {
        let BoardSize { files, ranks } = self.view.size;
        let half = SQUARE / 2;
        let (width, height) = self.size();
        for file in 0..files {
            let Some(sq) = Square::new(file, 0) else { continue };
            let x = self.corner(sq).0 + half;
            let label = file_label(self.view.coordinates, file);
            for y in [MARGIN - 6, height - MARGIN + 15] {
                let _ = write!(
                    svg,
                    r#"<text x="{x}" y="{y}" font-size="12" fill="{LABEL}" text-anchor="middle">{label}</text>"#
                );
            }
        }
        for rank in 0..ranks {
            let Some(sq) = Square::new(0, rank) else { continue };
            let y = self.corner(sq).1 + half + 4;
            for x in [MARGIN / 2, width - MARGIN / 2] {
                let _ = write!(
                    svg,
                    r#"<text x="{x}" y="{y}" font-size="12" fill="{LABEL}" text-anchor="middle">{}</text>"#,
                    rank + 1
                );
            }
        }
    }

    /// The picture as PNG, [`SCALE`] pixels per CSS pixel: composed from tiles
    /// ([`tiles`]) and written by [`encode`].
    pub fn png(&self) -> Vec<u8> {
        tiles::png(self, &pieces::looks(self.pieces))
    }

    /// The picture as herald drew it before tiles: [`svg`](Self::svg) rasterised whole
    /// ([`raster::reference_png`]). The reference of `herald bench picture` and of the tests
    /// that hold the tiles against it.
    pub fn reference_png(&self) -> Vec<u8> {
        raster::reference_png(&self.svg(), SCALE)
    }

    /// What the picture shows, in words, for the HTML's `alt` (read aloud by screen readers
    /// and shown where images are not), in the recipient's `language`: each side's pieces with
    /// their squares, the pieces whose kind the observer may not know, the crowds and the
    /// crowns, as the variant's notation names the squares. "The board seen from White's side.
    /// White: king e1, queen d1, rooks a1 h1 (...). Black: ...". Each sentence is an `alt-*`
    /// message; only the lists' commas and spaces are joined here.
    pub fn alt(&self, language: &Language) -> String {
        let square = |sq: Square| match self.view.coordinates {
            Coordinates::Algebraic => sq.algebraic(),
            Coordinates::Numeric => sq.numeric(),
        };
        let def = |letter: char| self.pieces.iter().position(|p| p.letter == letter.to_ascii_uppercase());
        let name = |letter: char| {
            def(letter).map_or_else(
                || letter.to_string(),
                |i| {
                    // English keeps the variant's names lower-cased, as it always wrote them;
                    // another language's `piece-*` names are in the case its nouns take.
                    let said = piece_name(self.pieces[i].name, language);
                    if language.code() == ENGLISH { said.to_lowercase() } else { said }
                },
            )
        };
        let side = |color: Color| if color.is_white() { "white" } else { "black" };
        let mut text = language.say("alt-seen-from", &[("side", side(self.bottom).into())]);
        for color in [Color::White, Color::Black] {
            // (the piece's place in the variant's table, its name, its squares)
            let mut groups: Vec<(usize, String, Vec<String>)> = Vec::new();
            let mut others = Vec::new();
            for (sq, cell) in &self.view.cells {
                let (letter, at) = match cell {
                    Cell::Piece(c, letter) if *c == color => (*letter, square(*sq)),
                    Cell::Crowned(c, letter) if *c == color => {
                        (*letter, language.say("alt-crowned", &[("square", square(*sq).into())]))
                    }
                    Cell::Hidden(c, label) if *c == color => {
                        others.push(language.say(
                            "alt-unknown",
                            &[("square", square(*sq).into()), ("label", label.to_string().into())],
                        ));
                        continue;
                    }
                    Cell::Crown(c) if *c == color => {
                        others.push(language.say("alt-crown-alone", &[("square", square(*sq).into())]));
                        continue;
                    }
                    _ => continue,
                };
                let order = def(letter).unwrap_or(usize::MAX);
                match groups.iter_mut().find(|(o, n, _)| *o == order && *n == name(letter)) {
                    Some((.., squares)) => squares.push(at),
                    None => groups.push((order, name(letter), vec![at])),
                }
            }
            groups.sort_by_key(|(order, ..)| *order);
            let mut parts: Vec<String> = groups
                .into_iter()
                .map(|(_, name, squares)| {
                    language.say(
                        "alt-group",
                        &[
                            ("piece", name.into()),
                            ("count", (squares.len() as i64).into()),
                            ("squares", squares.join(" ").into()),
                        ],
                    )
                })
                .collect();
            parts.extend(others);
            text.push(' ');
            if parts.is_empty() {
                text.push_str(&language.say("alt-side-empty", &[("side", side(color).into())]));
            } else {
                text.push_str(
                    &language.say("alt-side", &[("side", side(color).into()), ("pieces", parts.join(", ").into())]),
                );
            }
        }
        let crowds: Vec<String> = self
            .view
            .cells
            .iter()
            .filter_map(|(sq, cell)| match cell {
                Cell::Crowd(pieces) => {
                    let list: Vec<String> = pieces
                        .iter()
                        .map(|&(c, l)| {
                            language.say("alt-crowd-piece", &[("side", side(c).into()), ("piece", name(l).into())])
                        })
                        .collect();
                    Some(format!("{}: {}", square(*sq), list.join(", ")))
                }
                _ => None,
            })
            .collect();
        if !crowds.is_empty() {
            text.push(' ');
            text.push_str(&language.say("alt-crowds", &[("crowds", crowds.join("; ").into())]));
        }
        text
    }
}

/// The squares a move's text names, each once, in the order written: "Ng1-f3" names g1 and
/// f3, "S@e4,f5" e4 and f5, "3f09c1:b1-c3@b1" b1 and c3 (what follows "@" after a square
/// is a tracking label, see Secret Intelligence's rules page), Royal Chess's "N-76" 76, ICCF's "5254" e2 and e4 (`iccf`). Only
/// squares on the board count; nothing else of the text is read, so whatever the observer's
/// move list says of a move is all its mark can say.
pub fn named_squares(text: &str, view: &View, iccf: bool) -> Vec<Square> {
    let size = view.size;
    let chars: Vec<char> = text.chars().collect();
    let mut squares = Vec::new();
    let digits_at = |i: usize| chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    if iccf {
        // Four digits, and a fifth for a promotion's piece: file and rank of each square.
        if chars.len() >= 4 && chars[..4].iter().all(char::is_ascii_digit) {
            for pair in chars[..4].chunks(2) {
                let file = pair[0].to_digit(10).unwrap_or(0) as u8;
                let rank = pair[1].to_digit(10).unwrap_or(0) as u8;
                if let Some(sq) = file
                    .checked_sub(1)
                    .zip(rank.checked_sub(1))
                    .and_then(|(f, r)| Square::new(f, r))
                    .filter(|sq| size.contains(*sq))
                {
                    squares.push(sq);
                }
            }
        }
        return squares;
    }
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match view.coordinates {
            Coordinates::Algebraic => {
                // A square stands apart from letters and digits around it, but for a piece's
                // letter before it ("Nf3"), a capture's x ("exd5", "e4xd5") and a promotion's
                // letter after it ("e8Q"): so the letters and digits of a cipher ("6463f3")
                // are not read as squares.
                let apart = |c: Option<&char>| {
                    c.is_none_or(|c| !c.is_ascii_alphanumeric() || c.is_ascii_uppercase() || *c == 'x')
                };
                let run = if c.is_ascii_lowercase() && apart(i.checked_sub(1).and_then(|j| chars.get(j))) {
                    digits_at(i + 1)
                } else {
                    0
                };
                if (1..=2).contains(&run) && apart(chars.get(i + run + 1)) {
                    let name: String = chars[i..=i + run].iter().collect();
                    if let Some(sq) = size.parse_algebraic(&name).filter(|sq| size.contains(*sq)) {
                        squares.push(sq);
                    }
                    i += run + 1;
                    // "@" after a square begins the labels a hidden piece is tracked by
                    // (Secret Intelligence's "3f09c1:b1-c3@b1"), which are not the move's.
                    if chars.get(i) == Some(&'@') {
                        break;
                    }
                    continue;
                }
            }
            Coordinates::Numeric => {
                let run = digits_at(i);
                if run == 2 {
                    let file = chars[i].to_digit(10).unwrap_or(0) as u8;
                    let rank = chars[i + 1].to_digit(10).unwrap_or(0) as u8;
                    // The tenth file is written 0.
                    let file = if file == 0 { 9 } else { file - 1 };
                    if let Some(sq) =
                        rank.checked_sub(1).and_then(|r| Square::new(file, r)).filter(|sq| size.contains(*sq))
                    {
                        squares.push(sq);
                    }
                }
                if run > 0 {
                    i += run;
                    continue;
                }
            }
        }
        i += 1;
    }
    let mut seen = Vec::new();
    squares.retain(|sq| {
        let first = !seen.contains(sq);
        seen.push(*sq);
        first
    });
    squares
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::language::Languages;
    use crate::variants::Observer;

    /// The alt text of `variant`'s start, seen by White, in the language `code`.
    fn start_alt(variant: &str, code: &str) -> String {
        let variant = crate::variants::by_id(variant).unwrap();
        let view = variant.new_game().view(Observer::Player(Color::White));
        let board = Board { view: &view, bottom: Color::White, pieces: variant.rules().pieces(), marked: &[] };
        board.alt(Languages::shipped().get(code).unwrap())
    }

    /// The alt text is said in the recipient's language, its pieces by their `piece-*` names;
    /// English's is as it always was.
    #[test]
    fn the_alt_text_is_said_in_the_recipient_s_language() {
        let english = start_alt("chess", "en");
        assert!(english.starts_with("The board seen from White's side. White: pawns a2 b2 c2"), "{english}");
        assert!(english.contains("rooks a1 h1, queen d1, king e1. Black: pawns a7"), "{english}");
        let russian = start_alt("chess", "ru");
        assert!(russian.starts_with("Доска со стороны белых. Белые: пешка (8): a2 b2"), "{russian}");
        assert!(russian.contains("ладья (2): a1 h1, ферзь d1, король e1. Чёрные: пешка (8): a7"), "{russian}");
        let german = start_alt("chess", "de");
        assert!(german.contains("Schwarz: Bauer (8): a7") && german.contains("Dame d8, König e8."), "{german}");
        // Royal's Guards by their names, on its numbered squares.
        let royal = start_alt("royal", "fr");
        assert!(royal.contains("garde du roi") && royal.contains("garde de la dame"), "{royal}");
        for code in ["ru", "de", "es", "fr"] {
            let alt = start_alt("royal", code);
            for english in ["seen from", "King's Guard", "Queen's Guard", "rooks", "nothing on the board"] {
                assert!(!alt.contains(english), "{code}: English {english:?} in {alt}");
            }
        }
    }
}
