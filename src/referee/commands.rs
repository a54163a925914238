//! What a player's reply asks for: read from the first lines of the reply's own text
//! (quoted text and signatures are already gone).
//!
//! The first non-empty line is the command: one of the words `resign`, `draw`, `accept`,
//! `decline`, `board` (or `moves`), `help`, `cancel`, or a move, optionally numbered ("12.
//! Nf3", "12... Nf3") and optionally followed by `draw` on the same line or the next, and by
//! conditional moves (`if 12... Bg4 13. h3`, see `conditions`) on the same line or the lines
//! after it. A mail may also begin with conditional moves alone, left while the opponent is to
//! move. Whatever follows is the player's own words and is not read. The commands that are the
//! player's rather than one game's (`vacation N`, `back`, `zone NAME`, `notation STYLE`,
//! `games`, `board N`) are read apart, before these ([`leave`], [`preference`], [`overview`]).

use crate::engine::Color;
use crate::variants::MoveStyle;

/// A move number as the player wrote it: "12." for White's twelfth move, "12..." for Black's,
/// "12" (as the seeds print some games) for the twelfth move of whoever is to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number.
    pub number: u32,
    /// Whose move the dots say it is; `None` when the number has no dots.
    pub color: Option<Color>,
}

impl MoveNumber {
    /// "12.", "12..." or "12".
    pub fn label(self) -> String {
        match self.color {
            Some(color) => label(self.number, color),
            None => self.number.to_string(),
        }
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
        /// Conditional moves left with it: each line as written, from its first `if`.
        conditions: Vec<String>,
    },
    /// Conditional moves left while the opponent is to move, replacing any left before.
    Conditions(Vec<String>),
    /// Drop the pending conditional moves.
    Cancel,
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
        "board" | "position" | "moves" => Command::Board,
        "help" | "?" => Command::Help,
        "cancel" | "cancel conditions" | "cancel conditional moves" => Command::Cancel,
        _ => return None,
    })
}

/// What a player asks of their vacation: the days of one from tomorrow, or its end. A
/// vacation is the player's, in all their games, so these are read apart from a game's commands
/// (see `vacations`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaveCommand {
    /// `vacation N`: N days from the next day (or, during a vacation, N more days after today).
    Vacation {
        /// The days asked for.
        days: u32,
    },
    /// `back`: the vacation ends today (a vacation booked and not begun is cancelled).
    Back,
}

/// The most days one `vacation N` may ask for.
pub const MOST_VACATION_DAYS: u32 = 366;

/// The vacation command on a mail's command line, if it is one: `vacation N` (also `vacation N
/// days`, and `holiday` or `leave` for `vacation`) or `back`; `Err` with what to write for a
/// line that begins with the word but gives no number of days that can be taken.
pub fn leave(line: &str) -> Option<Result<LeaveCommand, String>> {
    let words: Vec<String> =
        line.trim().trim_end_matches(['.', '!']).split_whitespace().map(str::to_lowercase).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let how = || {
        format!(
            "Write the days of your vacation after the word, e.g. \"vacation 7\" for seven days from tomorrow \
             (at most {MOST_VACATION_DAYS})."
        )
    };
    match words.as_slice() {
        ["back"] => Some(Ok(LeaveCommand::Back)),
        ["vacation" | "holiday" | "leave", rest @ ..] => Some(match rest {
            [n] | [n, "days" | "day"] => match n.parse::<u32>() {
                Ok(days) if (1..=MOST_VACATION_DAYS).contains(&days) => Ok(LeaveCommand::Vacation { days }),
                _ => Err(how()),
            },
            _ => Err(how()),
        }),
        _ => None,
    }
}

/// What a player asks of herald about their games rather than of the game a mail answers: the
/// list of their games, or another game's mail. Read apart from a game's commands, like a
/// vacation (see `overview`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverviewCommand {
    /// `games`: every game of theirs still going on, with whose move it is and by when.
    Games,
    /// `board N` or `moves N` (also `#N`): game N's position and move list, from their side.
    Game(i64),
}

/// The overview command on a mail's command line, if it is one: `games` (also `my games`), or
/// `board`, `moves` or `position` followed by a game's number (`board 12`, `moves #12`).
/// `board` alone is the game's own command.
pub fn overview(line: &str) -> Option<OverviewCommand> {
    let words: Vec<String> =
        line.trim().trim_end_matches(['.', '!', '?']).split_whitespace().map(str::to_lowercase).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["games"] | ["my", "games"] => Some(OverviewCommand::Games),
        ["board" | "moves" | "position", id] | ["board" | "moves" | "position", "game" | "#", id] => {
            let id = id.strip_prefix('#').unwrap_or(id);
            // A game number as the mails write it: digits only, no sign, no leading zero.
            if id.is_empty() || id.len() > 18 || !id.bytes().all(|b| b.is_ascii_digit()) || id.starts_with('0') {
                return None;
            }
            id.parse().ok().map(OverviewCommand::Game)
        }
        _ => None,
    }
}

/// A preference a player sets for all their games. Read apart from a game's commands, like a
/// vacation (see `preferences`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PreferenceCommand {
    /// `zone NAME`: the time zone their mails show times in, as written (the referee checks
    /// the name); `None` for `zone club`, the club's again.
    Zone(Option<String>),
    /// `notation san|long|iccf`: how they read a chess-like game's moves; `Err` with the word
    /// written when it names no notation.
    Notation(Result<MoveStyle, String>),
    /// `format text|html`: whether their mails are plain text alone or carry the HTML
    /// alternative with the board picture; `Err` with the word written when it names neither.
    Format(Result<MailFormat, String>),
    /// `language CODE`: the language of their mails, as written (the referee checks it);
    /// `None` for `language club`, the club's again.
    Language(Option<String>),
}

/// What a player's mails are made of (`format ...`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MailFormat {
    /// Plain text alone.
    Text,
    /// Plain text and, as its alternative, HTML with the board drawn as a picture (herald's
    /// default).
    Html,
}

impl MailFormat {
    /// Its own name: `text` or `html`.
    pub fn name(self) -> &'static str {
        match self {
            MailFormat::Text => "text",
            MailFormat::Html => "html",
        }
    }

    /// The format a word names: its own name, or what players call it.
    pub fn parse(word: &str) -> Option<MailFormat> {
        Some(match word.to_lowercase().as_str() {
            "text" | "plain" | "plaintext" | "plain-text" | "txt" => MailFormat::Text,
            "html" | "picture" | "pictures" | "rich" => MailFormat::Html,
            _ => return None,
        })
    }
}

/// The preference on a mail's command line, if it is one: `zone NAME` (also `time zone NAME`,
/// `timezone NAME`, `tz NAME`), with an IANA name such as `Europe/Berlin`, or `club` (also
/// `default`) for the club's own; `notation san`, `notation long` or `notation iccf` (see
/// [`MoveStyle::parse`] for the other names of each); `format text` or `format html` (see
/// [`MailFormat::parse`]).
pub fn preference(line: &str) -> Option<PreferenceCommand> {
    let words: Vec<&str> = line.trim().trim_end_matches(['.', '!']).split_whitespace().collect();
    let (keyword, name) = match words.as_slice() {
        [word, name] => (word.to_lowercase(), *name),
        [time, zone, name] if time.eq_ignore_ascii_case("time") => (format!("time {}", zone.to_lowercase()), *name),
        _ => return None,
    };
    // No name ends in a full stop or an exclamation mark: "zone Europe/Berlin! !".
    let name = name.trim_end_matches(['.', '!']);
    if name.is_empty() {
        return None;
    }
    match keyword.as_str() {
        "notation" => Some(PreferenceCommand::Notation(MoveStyle::parse(name).ok_or_else(|| name.to_string()))),
        "format" => Some(PreferenceCommand::Format(MailFormat::parse(name).ok_or_else(|| name.to_string()))),
        "language" | "lang" => Some(PreferenceCommand::Language(match name.to_lowercase().as_str() {
            "club" | "default" => None,
            _ => Some(name.to_string()),
        })),
        "zone" | "timezone" | "tz" | "time zone" => Some(PreferenceCommand::Zone(match name.to_lowercase().as_str() {
            "club" | "default" => None,
            _ => Some(name.to_string()),
        })),
        _ => None,
    }
}

/// Splits a leading move number off ("12.", "12...", "12…", "12. ...", and "12" before a move
/// that does not begin with a digit, as in "4 Ke1-e2": a move in numeric notation may be all
/// digits, "54").
pub(super) fn split_number(line: &str) -> (Option<MoveNumber>, &str) {
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || digits > 5 {
        return (None, line);
    }
    let Ok(number) = line[..digits].parse::<u32>() else { return (None, line) };
    let rest = &line[digits..];
    let dots: String = rest.chars().take_while(|c| *c == '.' || *c == '…' || c.is_whitespace()).collect();
    let marks: String = dots.chars().filter(|c| !c.is_whitespace()).collect();
    if marks.is_empty() {
        let after = rest.trim_start();
        if rest.starts_with(char::is_whitespace) && after.starts_with(|c: char| !c.is_ascii_digit()) {
            return (Some(MoveNumber { number, color: None }), after.trim_end());
        }
        return (None, line);
    }
    let color = if marks == "." { Color::White } else { Color::Black };
    (Some(MoveNumber { number, color: Some(color) }), rest[dots.len()..].trim())
}

/// Text folded to what herald reads: the full-width forms of ASCII (U+FF01 to U+FF5E, which
/// East Asian input methods type: `Ｎｆ３`) as ASCII, and the ideographic space as a space. A
/// player sees `Nf3` either way, and so does herald.
pub fn fold(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            c => c,
        })
        .collect()
}

/// The first line that is not blank, trimmed: where a command is written.
pub fn first_line(text: &str) -> Option<&str> {
    text.lines().map(str::trim).find(|l| !l.is_empty())
}

/// Prefixes mail clients put before a Subject they answer or forward, lowercased, in the
/// languages herald's players write in.
const REPLY_PREFIXES: &[&str] = &[
    "re",
    "aw",
    "sv",
    "vs",
    "antw",
    "odp",
    "ynt",
    "rv",
    "res",
    "fwd",
    "fw",
    "wg",
    "tr",
    "enc",
    "doorst",
    "ответ",
    "отв",
    "回复",
    "答复",
    "转发",
    "返信",
    "転送",
];

/// `text` without one leading reply or forward prefix (`Re:`, `AW:`, `Re[2]:`, `回复：`), if it
/// starts with one.
fn strip_reply_prefix(text: &str) -> Option<&str> {
    let text = text.trim_start();
    let colon = text.find([':', '：'])?;
    let head = text[..colon].trim_end();
    // "Re[2]" and "Re(2)": a counter some clients add.
    let word = head.split(['[', '(']).next().unwrap_or(head).trim();
    let known = REPLY_PREFIXES.iter().any(|p| word.to_lowercase() == *p);
    let rest = &text[colon..];
    known.then(|| rest[rest.chars().next().map_or(0, char::len_utf8)..].trim_start())
}

/// The command a Subject holds, read when the mail's own text holds none (as players of
/// RPBS-style servers write their move in the Subject): the Subject without the reply and
/// forward prefixes mail clients add, without herald's `[ref:...]` tag, and without herald's own
/// subject (from `[herald #` on), if anything is left.
pub fn from_subject(subject: &str) -> Option<String> {
    let mut text = fold(subject);
    while let Some(start) = text.to_ascii_lowercase().find("[ref:") {
        let end = text[start..].find(']').map_or(text.len(), |e| start + e + 1);
        text.replace_range(start..end, " ");
    }
    let mut rest = text.as_str();
    if let Some(herald) = rest.find("[herald #") {
        rest = &rest[..herald];
    }
    // Prefixes may stand before the player's words ("Re: Nf3") or after them ("Nf3 Re: [herald
    // #3] ...", when the player typed in front of the subject).
    while let Some(stripped) = strip_reply_prefix(rest) {
        rest = stripped;
    }
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    while words.last().is_some_and(|w| strip_reply_prefix(w).is_some_and(str::is_empty)) {
        words.pop();
    }
    let command = words.join(" ");
    (!command.is_empty()).then_some(command)
}

/// Reads the command from a reply's text.
pub fn read(body: &str) -> Command {
    let mut lines = body.lines().map(str::trim).filter(|l| !l.is_empty()).peekable();
    let Some(first) = lines.next() else { return Command::Empty };
    if let Some(command) = keyword(first) {
        return command;
    }
    let (head, conditions) = super::conditions::split_line(first);
    let mut conditions: Vec<String> = conditions.map(str::to_string).into_iter().collect();
    if head.is_empty() {
        conditions.extend(lines.take_while(|l| super::conditions::is_condition_line(l)).map(str::to_string));
        return Command::Conditions(conditions);
    }
    let (number, rest) = split_number(head);
    // A command word after a move number ("12. resign", "12... draw"), as players number every
    // line of their reply: the number counts for nothing, since a command is no move and any
    // player may send one at any turn. Only the whole rest is tried, so a move (which no
    // command word is) stays a move, and "12. e4 draw" stays a move with a draw offer.
    if number.is_some()
        && let Some(command) = keyword(rest)
    {
        return command;
    }
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    let mut offer_draw = false;
    if words.len() > 1 && words.last().is_some_and(|w| matches!(keyword(w), Some(Command::Draw))) {
        words.pop();
        offer_draw = true;
    }
    // The lines after the move that say "draw" or hold conditions belong to it.
    while let Some(line) = lines.peek() {
        if matches!(keyword(line), Some(Command::Draw)) {
            offer_draw = true;
        } else if super::conditions::is_condition_line(line) {
            conditions.push(line.to_string());
        } else {
            break;
        }
        lines.next();
    }
    Command::Move { number, text: words.join(" "), offer_draw, conditions }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(number: Option<(u32, Color)>, text: &str, offer_draw: bool) -> Command {
        Command::Move {
            number: number.map(|(number, color)| MoveNumber { number, color: Some(color) }),
            text: text.to_string(),
            offer_draw,
            conditions: Vec::new(),
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
    fn conditional_moves_follow_the_move_or_stand_alone() {
        let with = |number, text: &str, offer_draw, conditions: &[&str]| Command::Move {
            number,
            text: text.to_string(),
            offer_draw,
            conditions: conditions.iter().map(|c| c.to_string()).collect(),
        };
        let fourteen = Some(MoveNumber { number: 14, color: Some(Color::White) });
        assert_eq!(
            read("14. Nf3 if 14... Bg4 15. h3\nif 14... Nc6 15. d4\nThanks!\nif Bf5 Nh4"),
            with(fourteen, "Nf3", false, &["if 14... Bg4 15. h3", "if 14... Nc6 15. d4"])
        );
        assert_eq!(read("Nf3 draw\nif Bg4 h3"), with(None, "Nf3", true, &["if Bg4 h3"]));
        assert_eq!(read("Nf3\nif Bg4 h3\ndraw"), with(None, "Nf3", true, &["if Bg4 h3"]));
        assert_eq!(
            read("if 14... Bg4 15. h3\nIf Nc6 d4\nsee you"),
            Command::Conditions(vec!["if 14... Bg4 15. h3".into(), "If Nc6 d4".into()])
        );
        assert_eq!(read("Cancel."), Command::Cancel);
        assert_eq!(read("cancel conditions"), Command::Cancel);
    }

    #[test]
    fn overview_commands_are_read_apart() {
        assert_eq!(overview("games"), Some(OverviewCommand::Games));
        assert_eq!(overview("  My Games."), Some(OverviewCommand::Games));
        assert_eq!(overview("board 12"), Some(OverviewCommand::Game(12)));
        assert_eq!(overview("Moves #7"), Some(OverviewCommand::Game(7)));
        assert_eq!(overview("position game 3"), Some(OverviewCommand::Game(3)));
        for other in ["board", "moves", "board twelve", "board 0", "board -1", "board 012", "board 1 2", "e4", ""] {
            assert_eq!(overview(other), None, "{other}");
        }
        assert_eq!(overview("board 99999999999999999999"), None);
        // Alone, `board` and `moves` are the game's own command.
        assert_eq!(read("moves"), Command::Board);
    }

    #[test]
    fn preferences_are_read_apart() {
        let zone = |name: &str| Some(PreferenceCommand::Zone(Some(name.to_string())));
        assert_eq!(preference("zone Europe/Berlin"), zone("Europe/Berlin"));
        assert_eq!(preference("  Time Zone America/New_York."), zone("America/New_York"));
        assert_eq!(preference("TZ utc"), zone("utc"));
        // What a fuzzer found: the punctuation of a line is the name's too.
        assert_eq!(preference("zone r! !"), zone("r"));
        assert_eq!(preference("zone ! !"), None);
        assert_eq!(preference("Notation long."), Some(PreferenceCommand::Notation(Ok(MoveStyle::Long))));
        assert_eq!(preference("notation ICCF"), Some(PreferenceCommand::Notation(Ok(MoveStyle::Iccf))));
        assert_eq!(preference("notation SAN"), Some(PreferenceCommand::Notation(Ok(MoveStyle::San))));
        assert_eq!(preference("notation fancy"), Some(PreferenceCommand::Notation(Err("fancy".into()))));
        assert_eq!(preference("zone club"), Some(PreferenceCommand::Zone(None)));
        assert_eq!(preference("timezone Default"), Some(PreferenceCommand::Zone(None)));
        assert_eq!(preference("Format text."), Some(PreferenceCommand::Format(Ok(MailFormat::Text))));
        assert_eq!(preference("format plain"), Some(PreferenceCommand::Format(Ok(MailFormat::Text))));
        assert_eq!(preference("format HTML"), Some(PreferenceCommand::Format(Ok(MailFormat::Html))));
        assert_eq!(preference("format pdf"), Some(PreferenceCommand::Format(Err("pdf".into()))));
        for other in ["zone", "zone Europe Berlin", "time zone", "format", "format plain text", "e4", "board 3", ""] {
            assert_eq!(preference(other), None, "{other}");
        }
    }

    #[test]
    fn vacation_commands_are_read_apart() {
        assert_eq!(leave("vacation 7"), Some(Ok(LeaveCommand::Vacation { days: 7 })));
        assert_eq!(leave("  Vacation 14 days."), Some(Ok(LeaveCommand::Vacation { days: 14 })));
        assert_eq!(leave("holiday 1 day"), Some(Ok(LeaveCommand::Vacation { days: 1 })));
        assert_eq!(leave("Back!"), Some(Ok(LeaveCommand::Back)));
        for wrong in ["vacation", "vacation 0", "vacation 367", "vacation seven", "leave 3 weeks"] {
            assert!(leave(wrong).is_some_and(|r| r.is_err()), "{wrong}");
        }
        for other in ["e4", "resign", "back rank mate", "Nf3 vacation 3", ""] {
            assert_eq!(leave(other), None, "{other}");
        }
    }

    #[test]
    fn full_width_letters_are_read_as_ascii() {
        assert_eq!(fold("Ｎｆ３"), "Nf3");
        assert_eq!(fold("１２．\u{3000}ｅ４"), "12. e4");
        assert_eq!(read(&fold("ｒｅｓｉｇｎ")), Command::Resign);
    }

    #[test]
    fn a_subject_holds_a_command_only_beside_heralds_own_words() {
        let ours = "[herald #3] chess: your move (12.) [ref:3w0123456789abcdef0123]";
        assert_eq!(from_subject(ours), None);
        assert_eq!(from_subject(&format!("Re: {ours}")), None);
        assert_eq!(from_subject(&format!("AW: Re[2]: {ours}")), None);
        assert_eq!(from_subject(&format!("Re: Nf3 {ours}")), Some("Nf3".into()));
        assert_eq!(from_subject(&format!("12. Nf3 Re: {ours}")), Some("12. Nf3".into()));
        assert_eq!(from_subject("Re: Nf3"), Some("Nf3".into()));
        assert_eq!(from_subject("resign [ref:3w0123456789abcdef0123]"), Some("resign".into()));
        assert_eq!(from_subject("回复：Ｎｆ３"), Some("Nf3".into()));
        assert_eq!(from_subject(""), None);
        assert_eq!(from_subject("Re:"), None);
    }

    #[test]
    fn numbered_commands_are_the_commands() {
        for (word, command) in [
            ("resign", Command::Resign),
            ("I resign.", Command::Resign),
            ("draw", Command::Draw),
            ("claim draw", Command::Draw),
            ("accept", Command::Accept),
            ("decline draw", Command::Decline),
            ("board", Command::Board),
            ("moves", Command::Board),
            ("help", Command::Help),
            ("cancel", Command::Cancel),
        ] {
            for number in ["12.", "12...", "12. ...", "12…", "12"] {
                let line = format!("{number} {word}");
                assert_eq!(read(&format!("{line}\nthanks for the game")), command, "{line}");
            }
        }
        // A move after a number is still the move, with its offer.
        let twelve = Some((12, Color::White));
        assert_eq!(read("12. e4 draw"), mv(twelve, "e4", true));
        assert_eq!(read("12. Rd1\ndraw"), mv(twelve, "Rd1", true));
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
        assert_eq!(read("54"), mv(None, "54", false));
        // As the seeds print some games: a number without dots, before a move.
        let unmarked = |text: &str| Command::Move {
            number: Some(MoveNumber { number: 4, color: None }),
            text: text.to_string(),
            offer_draw: false,
            conditions: Vec::new(),
        };
        assert_eq!(read("4 Ke1-e2?!?"), unmarked("Ke1-e2?!?"));
        assert_eq!(read("4 N-76"), unmarked("N-76"));
        assert_eq!(read("52 54"), mv(None, "52 54", false));
        // Only the first line is a command; the rest is the player's own words.
        assert_eq!(read("e4\nGood luck!\nresign"), mv(None, "e4", false));
    }
}
