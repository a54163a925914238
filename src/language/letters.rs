//! Piece letters as each language writes chess: English K Q R B N, German K D T L S, French
//! R D T F C, Spanish R D T A C, Russian Кр Ф Л С К (FIDE Handbook, national usage). A pawn's
//! move carries no letter in any of them.
//!
//! herald keeps and compares moves with the English letters only; a language's letters are a
//! way of writing them. [`PieceLetters::written`] turns a move herald wrote into the player's
//! letters; [`PieceLetters::read`]'s inverse, [`PieceLetters::to_english`], turns what a
//! player wrote with them back. The same letter means different pieces in different languages
//! (French `R` is the king, English `R` the rook; Latin `C` is a knight in French and
//! Capablanca's chancellor), so which language a move is read in is the referee's choice (the
//! player's own first: `referee::moves`), never guessed here.

/// The English letters, in the order every language lists its own: king, queen, rook, bishop,
/// knight.
const ENGLISH: [&str; 5] = ["K", "Q", "R", "B", "N"];

/// A language's five piece letters (a letter may be two characters: Russian `Кр`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceLetters {
    letters: [String; 5],
}

impl PieceLetters {
    /// English's letters, the ones herald keeps.
    pub const ENGLISH: PieceLetters =
        PieceLetters { letters: [String::new(), String::new(), String::new(), String::new(), String::new()] };

    /// The letters listed as a language's `piece-letters` message says them: five words, king
    /// to knight, each of letters only.
    pub fn read(text: &str) -> Option<PieceLetters> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let letters: [&str; 5] = words.try_into().ok()?;
        if letters.iter().any(|l| l.is_empty() || l.chars().count() > 2 || !l.chars().all(char::is_alphabetic)) {
            return None;
        }
        let english = letters == ENGLISH;
        Some(PieceLetters {
            letters: if english { Self::ENGLISH.letters.clone() } else { letters.map(str::to_string) },
        })
    }

    /// True for English's letters, which need no rewriting.
    pub fn is_english(&self) -> bool {
        self.letters.iter().all(String::is_empty)
    }

    /// The five letters, king to knight.
    pub fn all(&self) -> [&str; 5] {
        if self.is_english() { ENGLISH } else { std::array::from_fn(|i| self.letters[i].as_str()) }
    }

    /// A move herald wrote (SAN, long algebraic, a conditional line) in these letters: each of
    /// K Q R B N that stands as a piece letter (an upper-case letter: files are lower case, and
    /// castling is written with the letter O) becomes this language's.
    pub fn written(&self, text: &str) -> String {
        if self.is_english() {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len() + 4);
        for (at, c) in text.char_indices() {
            let after = &text[at + c.len_utf8()..];
            match ENGLISH.iter().position(|e| e.starts_with(c)).filter(|_| is_piece_letter_before(after)) {
                Some(i) => out.push_str(&self.letters[i]),
                None => out.push(c),
            }
        }
        out
    }

    /// True if none of `others` (a variant's other piece letters, upper case) is one of these
    /// letters, so that a move written in them reads as one move only (Capablanca's
    /// chancellor `C` is a French knight: Capablanca keeps English's letters in French).
    pub fn fit(&self, others: &[char]) -> bool {
        !self.all().iter().any(|letter| letter.chars().any(|c| others.contains(&c.to_ascii_uppercase())))
    }

    /// What a player wrote with these letters, in English's; `None` when nothing in it is one
    /// of them where a piece letter stands (at the start of a move, after a promotion's `=` or
    /// an opening bracket), so there is no other reading to try.
    pub fn to_english(&self, text: &str) -> Option<String> {
        if self.is_english() {
            return None;
        }
        // The longest letters first, so that Russian's "Кр" (king) is not read as "К" (knight).
        let mut order: Vec<usize> = (0..5).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.letters[i].chars().count()));
        let mut out = String::with_capacity(text.len());
        let mut changed = false;
        let mut rest = text;
        let mut previous: Option<char> = None;
        while let Some(c) = rest.chars().next() {
            let at_piece = previous.is_none_or(|p| p.is_whitespace() || matches!(p, '.' | '=' | '(' | '/' | ','));
            let letter =
                at_piece.then(|| order.iter().copied().find(|&i| starts_with_letter(rest, &self.letters[i]))).flatten();
            match letter {
                Some(i) => {
                    out.push_str(ENGLISH[i]);
                    rest = &rest[self.letters[i].len()..];
                    previous = ENGLISH[i].chars().next();
                    changed = true;
                }
                None => {
                    out.push(c);
                    rest = &rest[c.len_utf8()..];
                    previous = Some(c);
                }
            }
        }
        (changed && out != text).then_some(out)
    }
}

/// True if `after` (what follows an upper-case letter in a move herald wrote) makes the letter a
/// piece's: nothing more, a square ("Nf3"), a capture or a file and a square ("Nbd2"), a
/// check mark; never a word ("King").
fn is_piece_letter_before(after: &str) -> bool {
    let mut next = after.chars();
    match (next.next(), next.next(), next.next()) {
        (None, _, _) => true,
        (Some(c), _, _)
            if c.is_ascii_digit() || matches!(c, 'x' | ':' | '-' | '@' | '+' | '#' | ' ' | ',' | ')' | '=') =>
        {
            true
        }
        (Some('a'..='l'), Some(d), _) if d.is_ascii_digit() || d == 'x' => true,
        (Some('a'..='l'), Some('a'..='l'), Some(d)) => d.is_ascii_digit(),
        _ => false,
    }
}

/// True if `text` begins with `letter` used as a piece letter: the rest of its word is nothing
/// (a promotion's letter, "e8=Ф") or a move's squares and marks with a rank in them ("Кf3",
/// "Лa1-d1", "Txd1+"), so that a word such as "Dame", or a command, is never taken for a move.
fn starts_with_letter(text: &str, letter: &str) -> bool {
    let Some(after) = text.strip_prefix(letter) else { return false };
    let word = after.split(|c: char| c.is_whitespace() || c == ',').next().unwrap_or("");
    word.is_empty()
        || (word.bytes().any(|b| b.is_ascii_digit())
            && word.bytes().all(|b| matches!(b, b'a'..=b'l' | b'0'..=b'9' | b'x' | b':' | b'-' | b'+' | b'#' | b'=' | b'!' | b'?' | b')')))
}

#[cfg(test)]
mod tests {
    use super::PieceLetters;

    fn letters(text: &str) -> PieceLetters {
        PieceLetters::read(text).unwrap()
    }

    #[test]
    fn a_move_is_written_in_the_language_s_letters() {
        let russian = letters("Кр Ф Л С К");
        assert_eq!(russian.written("Nf3"), "Кf3");
        assert_eq!(russian.written("Kxe2+"), "Крxe2+");
        assert_eq!(russian.written("exd8=Q#"), "exd8=Ф#");
        assert_eq!(russian.written("O-O-O"), "O-O-O");
        let german = letters("K D T L S");
        assert_eq!(german.written("Bb5 a6 Ba4 Nf6 O-O"), "Lb5 a6 La4 Sf6 O-O");
        assert_eq!(german.written("Nbd2 Rxe1+ Q"), "Sbd2 Txe1+ D");
        assert_eq!(german.written("King's crown"), "King's crown");
        assert_eq!(letters("K Q R B N").written("Nf3"), "Nf3");
    }

    #[test]
    fn what_a_player_wrote_in_their_letters_is_read_back_in_english_s() {
        let russian = letters("Кр Ф Л С К");
        assert_eq!(russian.to_english("Кf3").as_deref(), Some("Nf3"));
        assert_eq!(russian.to_english("Крe2").as_deref(), Some("Ke2"));
        assert_eq!(russian.to_english("14. Лa1-d1").as_deref(), Some("14. Ra1-d1"));
        assert_eq!(russian.to_english("e8=Ф").as_deref(), Some("e8=Q"));
        assert_eq!(russian.to_english("e4"), None);
        let french = letters("R D T F C");
        assert_eq!(french.to_english("Cf3").as_deref(), Some("Nf3"));
        assert_eq!(french.to_english("Re2").as_deref(), Some("Ke2"));
        assert_eq!(french.to_english("Txd1").as_deref(), Some("Rxd1"));
        // Words are not moves.
        let german = letters("K D T L S");
        assert_eq!(german.to_english("Dame"), None);
        assert_eq!(german.to_english("Dd1"), Some("Qd1".to_string()));
    }

    #[test]
    fn letters_are_five_short_words() {
        assert!(PieceLetters::read("K D T L").is_none());
        assert!(PieceLetters::read("K D T L Sss").is_none());
        assert!(PieceLetters::read("K Q R B N").unwrap().is_english());
    }
}
