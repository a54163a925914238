//! What a player's reply asks for: read from the first lines of the reply's own text
//! (quoted text and signatures are already gone).
//!
//! The first non-empty line is the command: one of the words `resign`, `draw`, `accept`,
//! `decline`, `board`, `help`, or a move, optionally numbered ("12. Nf3", "12... Nf3") and
//! optionally followed by `draw` on the same line or the next. Whatever follows is the
//! player's own words and is not read.

use crate::engine::Color;

/// A move number as the player wrote it: "12." for White's twelfth move, "12..." for Black's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number.
    pub number: u32,
    /// Whose move the dots say it is.
    pub color: Color,
}

impl MoveNumber {
    /// "12." or "12...".
    pub fn label(self) -> String {
        label(self.number, self.color)
    }
}

/// "12." for White, "12..." for Black.
pub fn label(number: u32, color: Color) -> String {
    if color.is_white() { format!("{number}.") } else { format!("{number}...") }
}

/// A player's command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move, perhaps numbered, perhaps with a draw offer.
    Move {
        /// The number written before it.
        number: Option<MoveNumber>,
        /// The move as written.
        text: String,
        /// "draw" followed the move.
        offer_draw: bool,
    },
    /// Resign.
    Resign,
    /// Offer a draw, accept an open offer, or claim one.
    Draw,
    /// Accept the opponent's draw offer.
    Accept,
    /// Decline it.
    Decline,
    /// Send the position again.
    Board,
    /// Explain the commands.
    Help,
    /// Nothing readable was written.
    Empty,
}

fn keyword(word: &str) -> Option<Command> {
    let word = word.trim().trim_end_matches(['.', '!', '?']).to_lowercase();
    Some(match word.as_str() {
        "resign" | "i resign" => Command::Resign,
        "draw" | "offer draw" | "draw offer" | "claim draw" => Command::Draw,
        "accept" | "accept draw" => Command::Accept,
        "decline" | "decline draw" => Command::Decline,
        "board" | "position" => Command::Board,
        "help" | "?" => Command::Help,
        _ => return None,
    })
}

/// Splits a leading move number off ("12.", "12...", "12…", "12. ...").
fn split_number(line: &str) -> (Option<MoveNumber>, &str) {
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || digits > 5 {
        return (None, line);
    }
    let rest = &line[digits..];
    let dots: String = rest.chars().take_while(|c| *c == '.' || *c == '…' || c.is_whitespace()).collect();
    let marks: String = dots.chars().filter(|c| !c.is_whitespace()).collect();
    if marks.is_empty() {
        return (None, line);
    }
    let Ok(number) = line[..digits].parse::<u32>() else { return (None, line) };
    let color = if marks == "." { Color::White } else { Color::Black };
    (Some(MoveNumber { number, color }), rest[dots.len()..].trim())
}

/// Reads the command from a reply's text.
pub fn read(body: &str) -> Command {
    let mut lines = body.lines().map(str::trim).filter(|l| !l.is_empty());
    let Some(first) = lines.next() else { return Command::Empty };
    if let Some(command) = keyword(first) {
        return command;
    }
    let (number, rest) = split_number(first);
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    let mut offer_draw = false;
    if words.len() > 1 && words.last().is_some_and(|w| matches!(keyword(w), Some(Command::Draw))) {
        words.pop();
        offer_draw = true;
    }
    if !offer_draw && lines.next().is_some_and(|l| matches!(keyword(l), Some(Command::Draw))) {
        offer_draw = true;
    }
    Command::Move { number, text: words.join(" "), offer_draw }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(number: Option<(u32, Color)>, text: &str, offer_draw: bool) -> Command {
        Command::Move {
            number: number.map(|(number, color)| MoveNumber { number, color }),
            text: text.to_string(),
            offer_draw,
        }
    }

    #[test]
    fn keywords_on_the_first_line() {
        assert_eq!(read("resign\n"), Command::Resign);
        assert_eq!(read("\n\n  Draw.\nthanks"), Command::Draw);
        assert_eq!(read("accept"), Command::Accept);
        assert_eq!(read("DECLINE"), Command::Decline);
        assert_eq!(read("board"), Command::Board);
        assert_eq!(read("help"), Command::Help);
        assert_eq!(read(""), Command::Empty);
        assert_eq!(read("  \n \n"), Command::Empty);
    }

    #[test]
    fn moves_with_numbers_and_draw_offers() {
        assert_eq!(read("Nf3"), mv(None, "Nf3", false));
        assert_eq!(read("12. Nf3"), mv(Some((12, Color::White)), "Nf3", false));
        assert_eq!(read("12.Nf3"), mv(Some((12, Color::White)), "Nf3", false));
        assert_eq!(read("12... Nf3"), mv(Some((12, Color::Black)), "Nf3", false));
        assert_eq!(read("12 ... Nf3"), mv(Some((12, Color::Black)), "Nf3", false));
        assert_eq!(read("12… Nf3"), mv(Some((12, Color::Black)), "Nf3", false));
        assert_eq!(read("Nf3 draw"), mv(None, "Nf3", true));
        assert_eq!(read("Nf3\ndraw\n"), mv(None, "Nf3", true));
        assert_eq!(read("exd6 e.p."), mv(None, "exd6 e.p.", false));
        assert_eq!(read("5254"), mv(None, "5254", false));
        // Only the first line is a command; the rest is the player's own words.
        assert_eq!(read("e4\nGood luck!\nresign"), mv(None, "e4", false));
    }
}
