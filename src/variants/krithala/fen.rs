//! FEN with the crowns (docs/rules/krithala.md, "FEN with crowns"): the base's six fields,
//! then White's crown and Black's.
//!
//! ```text
//! crown-field = square [ "T" / "R1" / "R2" / "D" square ] / "-"
//! ```
//!
//! The square says where the crown is; an own piece there carries it, an empty square means
//! it lies there. `T`: carried, and the side's last crown act was a transfer. `R1`, `R2`:
//! carried by a piece other than the King that made the side's last one or two moves with it.
//! `D` and a square: lying, dropped by the own piece on that square. `-`: captured (the game
//! is over). A FEN with the base's fields alone puts each crown under its side's King.

use super::base::Base;
use super::moves::{Crown, KrithalaPosition};
use crate::engine::geometry::Square;
use crate::engine::piece::Color;
use crate::engine::position::Position;
use crate::engine::rules::Rules;
use crate::notation::fen;

/// Reads a FEN with or without the crown fields.
pub fn read<B: Base>(rules: &'static Rules, text: &str) -> Result<KrithalaPosition<B>, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (base, crown_fields) = match fields.len() {
        8 => (fields[..6].join(" "), Some([fields[6], fields[7]])),
        4..=6 => (fields.join(" "), None),
        n => {
            return Err(format!(
                "a FEN of the Crown of Krithala has the six fields of the base and the two crowns (e1 e8), or the \
                 base's fields alone; this one has {n}"
            ));
        }
    };
    let board = fen::read(rules, &base).map_err(|e| e.to_string())?;
    let mut crowns = [Crown::Captured; 2];
    for color in Color::BOTH {
        crowns[color.index()] = match crown_fields {
            Some(texts) => read_crown(&board, color, texts[color.index()])
                .map_err(|why| format!("{}'s crown {:?}: {why}", color.title(), texts[color.index()]))?,
            None => Crown::under(the_king(&board, color)?),
        };
    }
    match crowns.map(Crown::square) {
        [None, None] => return Err("both crowns are captured".to_string()),
        [Some(a), Some(b)] if a == b => return Err(format!("both crowns are on {a}")),
        _ => {}
    }
    Ok(KrithalaPosition::from_parts(B::from_board(board), crowns))
}

/// The square of `color`'s only King, under which its crown starts.
fn the_king(board: &Position, color: Color) -> Result<Square, String> {
    let kings: Vec<Square> = board
        .occupied_by(color)
        .into_iter()
        .filter(|&sq| board.piece_at(sq).is_some_and(|p| board.rules().piece(p.role).letter == 'K'))
        .collect();
    match kings.as_slice() {
        [king] => Ok(*king),
        _ => Err(format!(
            "{} has {} kings: without the crown fields (e1 e8) the crown starts under the King",
            color.title(),
            kings.len()
        )),
    }
}

/// One crown field.
fn read_crown(board: &Position, color: Color, text: &str) -> Result<Crown, String> {
    if text == "-" {
        return Ok(Crown::Captured);
    }
    let size = board.rules().size();
    let square_at = |text: &str| -> Result<(Square, usize), String> {
        let digits = text.get(1..).unwrap_or("").chars().take_while(char::is_ascii_digit).count();
        let name = text.get(..1 + digits).unwrap_or(text);
        let sq = size.parse_algebraic(name).ok_or_else(|| format!("{name:?} is not a square of the board"))?;
        Ok((sq, name.len()))
    };
    let (square, used) = square_at(text)?;
    let flag = &text[used..];
    let own = |sq: Square| board.piece_at(sq).is_some_and(|p| p.color == color);
    match board.piece_at(square) {
        Some(p) if p.color == color => {
            let king = board.rules().piece(p.role).letter == 'K';
            let (count, transfer_lock) = match flag {
                "" => (0, false),
                "T" => (0, true),
                "R1" | "R2" if king => return Err("a King has no count of moves in a row".to_string()),
                "R1" => (1, false),
                "R2" => (2, false),
                _ => return Err(format!("{flag:?} is not T, R1 or R2")),
            };
            Ok(Crown::Carried { square, count, transfer_lock })
        }
        Some(_) => Err(format!("an enemy piece stands on {square}")),
        None => match flag.strip_prefix('D') {
            None if flag.is_empty() => Ok(Crown::Lying { square, dropper: None }),
            Some(rest) => {
                let (dropper, used) = square_at(rest)?;
                if used != rest.len() || !own(dropper) {
                    return Err(format!("the crown's dropper must be a piece of its side, not {rest:?}"));
                }
                Ok(Crown::Lying { square, dropper: Some(dropper) })
            }
            None => Err(format!("{flag:?} on a crown lying on {square}: only D and a square may follow")),
        },
    }
}

/// Writes a position with its crown fields.
pub fn write<B: Base>(pos: &KrithalaPosition<B>) -> String {
    let crowns = Color::BOTH.map(|c| write_crown(pos.crown(c)));
    format!("{} {} {}", B::fen(pos.base()), crowns[0], crowns[1])
}

/// One crown field.
pub fn write_crown(crown: Crown) -> String {
    match crown {
        Crown::Carried { square, transfer_lock: true, .. } => format!("{square}T"),
        Crown::Carried { square, count: 0, .. } => square.algebraic(),
        Crown::Carried { square, count, .. } => format!("{square}R{count}"),
        Crown::Lying { square, dropper: Some(d) } => format!("{square}D{d}"),
        Crown::Lying { square, dropper: None } => square.algebraic(),
        Crown::Captured => "-".to_string(),
    }
}
