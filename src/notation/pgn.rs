//! Reading PGN files, and bare move lists, into games to replay.
//!
//! Tolerant of what real files contain: several games per file, tag pairs, `{...}` and `;`
//! comments, `%` escape lines, NAGs (`$14`), nested side variations `( ... )`, move numbers
//! glued to moves (`12.e4`, `12...Nf3`), results. A file without tags is one game. Text that
//! is not valid UTF-8 is read as Latin-1, which is how older PGN files write names.

/// One game of a PGN file: its tags and the moves of its main line as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves as the file writes them.
    pub moves: Vec<PgnMove>,
    /// The result token ("1-0", "0-1", "1/2-1/2", "*"), if the game has one.
    pub result: Option<String>,
}

/// A move of the main line with the move number printed before it, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move number that precedes the move in the text ("12." or "12...").
    pub number: Option<u32>,
    /// The move text.
    pub text: String,
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// "White - Black" from the tags, or `None` when they are missing.
    pub fn players(&self) -> Option<String> {
        Some(format!("{} - {}", self.tag("White")?, self.tag("Black")?))
    }
}

/// Decodes a file's bytes: UTF-8 (with or without a byte order mark), else Latin-1.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// Reads every game of a PGN text.
pub fn parse(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    let mut number: Option<u32> = None;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut at_line_start = true;
    let finish = |game: &mut PgnGame, games: &mut Vec<PgnGame>| {
        if !game.tags.is_empty() || !game.moves.is_empty() || game.result.is_some() {
            games.push(std::mem::take(game));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if at_line_start && c == '%' {
            // An escape line: ignored to its end.
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        at_line_start = c == '\n';
        match c {
            '[' => {
                if in_moves {
                    // Tags after moves start the next game.
                    finish(&mut game, &mut games);
                    in_moves = false;
                }
                let (tag, next) = read_tag(&chars, i + 1);
                if let Some(tag) = tag {
                    game.tags.push(tag);
                }
                i = next;
            }
            '{' => {
                while i < chars.len() && chars[i] != '}' {
                    i += 1;
                }
                i += 1;
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '(' => {
                // A side variation, possibly nested, possibly with comments inside.
                let mut depth = 0;
                while i < chars.len() {
                    match chars[i] {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        '{' => {
                            while i < chars.len() && chars[i] != '}' {
                                i += 1;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            _ => {
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && !"{}();[]".contains(chars[i]) {
                    i += 1;
                }
                // A promotion or waiver written in brackets right after its move (`e8(Q)`,
                // Royal Chess's `18=G(w)`) belongs to the move; a variation is more than a few
                // letters, and a writer puts a space before it.
                if i > start
                    && chars.get(i) == Some(&'(')
                    && let Some(len) = chars[i + 1..].iter().position(|&c| c == ')')
                    && (1..=6).contains(&len)
                    && chars[i + 1..i + 1 + len].iter().all(|c| c.is_ascii_alphabetic() || *c == '\'')
                {
                    i += len + 2;
                }
                if i == start {
                    // A stray closing bracket: nothing to read.
                    i += 1;
                    continue;
                }
                let token: String = chars[start..i].iter().collect();
                in_moves = true;
                if is_result(&token) {
                    game.result = Some(token.replace('½', "1/2"));
                    finish(&mut game, &mut games);
                    in_moves = false;
                    continue;
                }
                read_move_token(&token, &mut number, &mut game.moves);
            }
        }
    }
    finish(&mut game, &mut games);
    games
}

/// Splits a token like "12.", "12...Nf3", "Nf3", "$14" into move numbers and moves.
fn read_move_token(token: &str, number: &mut Option<u32>, moves: &mut Vec<PgnMove>) {
    // NAGs, annotations written apart from their move ("exd6 e.p.", "Nf3 !?"), and Royal
    // Chess's "RR" (the seed's mark for "resigns", not a move).
    if token.starts_with('$')
        || matches!(token, "e.p." | "ep" | "(ep)" | "RR")
        || token.chars().all(|c| "!?+#".contains(c))
    {
        return;
    }
    // "14. Bx75!...": dots after a move say the game goes on.
    let token = match token.trim_end_matches(['.', '…']) {
        stripped if !stripped.is_empty() && !stripped.chars().all(|c| c.is_ascii_digit()) => stripped,
        _ => token,
    };
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    let rest = &token[digits..];
    let dots = rest.chars().take_while(|&c| c == '.' || c == '…').count();
    // A token of digits alone is a move in numeric notation ("5254", Royal Chess's "54"),
    // not a move number, which has its dots.
    let mut text = token;
    if digits > 0 && dots > 0 {
        *number = token[..digits].parse().ok();
        text = &rest[rest.char_indices().nth(dots).map_or(rest.len(), |(b, _)| b)..];
    }
    if !text.is_empty() {
        moves.push(PgnMove { number: number.take(), text: text.to_string() });
    }
}

/// Reads a tag pair after its "[": `Name "value"]`, with `\"` and `\\` escapes.
fn read_tag(chars: &[char], mut i: usize) -> (Option<(String, String)>, usize) {
    let mut name = String::new();
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '"' && chars[i] != ']' {
        name.push(chars[i]);
        i += 1;
    }
    while i < chars.len() && chars[i] != '"' && chars[i] != ']' {
        i += 1;
    }
    let mut value = String::new();
    if chars.get(i) == Some(&'"') {
        i += 1;
        while i < chars.len() && chars[i] != '"' {
            if chars[i] == '\\' && i + 1 < chars.len() {
                i += 1;
            }
            value.push(chars[i]);
            i += 1;
        }
    }
    while i < chars.len() && chars[i] != ']' && chars[i] != '\n' {
        i += 1;
    }
    let tag = (!name.is_empty()).then_some((name, value));
    (tag, i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_comments_nags_and_variations_are_skipped() {
        let text = "[Event \"Club \\\"A\\\"\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n\n1. e4 {best by test} e5 $1 2. Nf3 (2. f4 exf4 (2... d5)) 2... Nc6; comment\n% escape\n3. Bb5 1-0\n";
        let games = parse(text);
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.tag("event"), Some("Club \"A\""));
        let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(g.moves[3].number, Some(2));
        assert_eq!(g.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn several_games_and_bare_lists() {
        let text = "[White \"A\"]\n1.e4 e5 *\n[White \"B\"]\n1.d4 d5 2.c4 1/2-1/2";
        let games = parse(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].moves.len(), 3);
        let bare = parse("1. e4 e5 2. Nf3");
        assert_eq!(bare.len(), 1);
        assert_eq!(bare[0].moves.len(), 3);
        assert_eq!(bare[0].result, None);
    }

    #[test]
    fn moves_of_digits_alone_are_moves() {
        let games = parse("1. 54 N-76 2. 5254 6x55 *");
        let texts: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["54", "N-76", "5254", "6x55"]);
        assert_eq!(games[0].moves[2].number, Some(2));
    }

    #[test]
    fn brackets_glued_to_a_move_are_part_of_it_and_the_seeds_marks_are_not_moves() {
        let games = parse("18. 18=G(w) 85 19. e8(Q) (19. e8=N e5) 20. Bx75!... RR (black resigns) ???");
        let texts: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["18=G(w)", "85", "e8(Q)", "Bx75!"]);
    }

    #[test]
    fn stray_closing_brackets_are_skipped() {
        let games = parse(") } ] 1. e4 ) e5");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves.len(), 2, "{:?}", games[0].moves);
    }

    #[test]
    fn latin1_is_decoded() {
        assert_eq!(decode(b"[White \"J\xf6rg\"]"), "[White \"Jörg\"]");
        assert_eq!(decode("[White \"Jörg\"]".as_bytes()), "[White \"Jörg\"]");
    }
}
