//! Conditional moves, as ICCF's server and Lichess's correspondence games ("conditional
//! premoves") offer them: with their move, or while the opponent is to move, a player leaves
//! lines of the form "if the opponent plays this, I answer that", several deep and several at
//! once:
//!
//! ```text
//! 14. Nf3 if 14... Bg4 15. h3 if 15... Bh5 16. g4
//! if 14... Nc6 15. d4
//! ```
//!
//! herald keeps them from the opponent, and when the opponent's move is one a line waits for,
//! plays that line's answer at once, as an ordinary move of the game with its own time; the
//! lines that waited for another move are dropped. Whatever the opponent does, their mails are
//! the mails they would have had without the conditions, until one is used.
//!
//! This module is the pure part: reading what a player wrote ([`read`]), checking every line
//! on a copy of the game, move by move ([`validate`]), the tree the lines make ([`Branch`]), its
//! stored form and how it is written back in mails.

use serde::{Deserialize, Serialize};

use super::commands::{MoveNumber, label, split_number};
use crate::engine::Color;
use crate::language::Language;
use crate::variants::VariantGame;

/// Why conditional moves were refused, naming the line as the player wrote it (`line`); said
/// in the player's language by [`ConditionError::said`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConditionError {
    /// More lines than [`MOST_LINES`].
    TooManyLines { lines: usize },
    /// Text before the first `if`.
    NoIf { line: String },
    /// More steps than [`MOST_PAIRS`].
    TooManySteps { line: String, steps: usize },
    /// "14... 15."
    TwoNumbers { line: String },
    /// A number and no move after it.
    NumberAlone { line: String },
    /// `if` and nothing after it.
    NoMove { line: String },
    /// `if Bg4` without the answer.
    NoAnswer { line: String, expect: String },
    /// `if Bg4 h3 Bh5`: a third move without its `if`.
    ThirdMove { line: String, expect: String, answer: String, third: String },
    /// A move after the game would be over.
    AfterTheEnd { line: String, numbered: String },
    /// A move numbered as no move of the line.
    WrongNumber { line: String, numbered: String, would_be: String },
    /// A move that cannot be played there; `own`: the player's answer, not the opponent's move.
    Unplayable { line: String, own: bool, numbered: String, why: String },
    /// Two lines answer the same move differently.
    TwoAnswers { line: String, expect: String, first: String, second: String },
    /// The stored game could not be copied to check them.
    Stored(String),
}

impl ConditionError {
    /// Why, in `language`.
    pub fn said(&self, language: &Language) -> String {
        use fluent_bundle::FluentValue;
        let text = |s: &String| FluentValue::from(s.clone());
        match self {
            ConditionError::TooManyLines { lines } => {
                language.say("conditions-too-many-lines", &[("lines", (*lines).into()), ("most", MOST_LINES.into())])
            }
            ConditionError::NoIf { line } => language.say("conditions-no-if", &[("line", text(line))]),
            ConditionError::TooManySteps { line, steps } => language.say(
                "conditions-too-many-steps",
                &[("line", text(line)), ("steps", (*steps).into()), ("most", MOST_PAIRS.into())],
            ),
            ConditionError::TwoNumbers { line } => language.say("conditions-two-numbers", &[("line", text(line))]),
            ConditionError::NumberAlone { line } => language.say("conditions-number-alone", &[("line", text(line))]),
            ConditionError::NoMove { line } => language.say("conditions-no-move", &[("line", text(line))]),
            ConditionError::NoAnswer { line, expect } => {
                language.say("conditions-no-answer", &[("line", text(line)), ("expect", text(expect))])
            }
            ConditionError::ThirdMove { line, expect, answer, third } => language.say(
                "conditions-third-move",
                &[("line", text(line)), ("expect", text(expect)), ("answer", text(answer)), ("third", text(third))],
            ),
            ConditionError::AfterTheEnd { line, numbered } => {
                language.say("conditions-after-the-end", &[("line", text(line)), ("move", text(numbered))])
            }
            ConditionError::WrongNumber { line, numbered, would_be } => language.say(
                "conditions-wrong-number",
                &[("line", text(line)), ("move", text(numbered)), ("number", text(would_be))],
            ),
            ConditionError::Unplayable { line, own, numbered, why } => language.say(
                "conditions-unplayable-move",
                &[
                    ("line", text(line)),
                    ("whose", if *own { "yours" } else { "theirs" }.into()),
                    ("move", text(numbered)),
                    ("why", text(why)),
                ],
            ),
            ConditionError::TwoAnswers { line, expect, first, second } => language.say(
                "conditions-two-answers",
                &[("line", text(line)), ("expect", text(expect)), ("first", text(first)), ("second", text(second))],
            ),
            ConditionError::Stored(why) => why.clone(),
        }
    }
}

/// The most lines one mail may leave.
pub const MOST_LINES: usize = 24;
/// The most pairs (the opponent's move and the answer) one line may hold.
pub const MOST_PAIRS: usize = 16;

/// A move as the player wrote it in a line, with the number written before it, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// "14..." before "Bg4".
    pub number: Option<MoveNumber>,
    /// "Bg4".
    pub text: String,
}

/// One step of a line: the opponent's move it waits for, and the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenPair {
    /// The opponent's move.
    pub expect: Written,
    /// The player's answer to it.
    pub answer: Written,
}

/// A line as written: its steps, in order.
pub type WrittenLine = Vec<WrittenPair>;

/// One condition of the tree: when the opponent plays `expect`, play `answer`; then the
/// conditions `then` wait for the opponent's next move. Moves are held as the variant writes
/// them (what `VariantGame::play` returned when the line was checked), so a played move is
/// matched by its text.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch {
    /// The opponent's move this condition waits for.
    #[serde(rename = "if")]
    pub expect: String,
    /// The answer.
    #[serde(rename = "play")]
    pub answer: String,
    /// What waits for the opponent's move after the answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub then: Vec<Branch>,
}

impl std::fmt::Debug for Branch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Branch(<secret>)")
    }
}

/// A player's pending conditional moves: they wait for the opponent's move after `plies` moves
/// of the game (the game is then at that many moves, with the opponent to move). Its `Debug`
/// says how many lines there are, never which: the opponent must not learn them, and debug
/// output ends up in logs.
#[derive(Clone, PartialEq, Eq)]
pub struct Conditions {
    /// Moves played when the conditions wait for the opponent's next move.
    pub plies: u32,
    /// The conditions on that move.
    pub branches: Vec<Branch>,
}

impl std::fmt::Debug for Conditions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Conditions {{ plies: {}, lines: {}, <secret> }}", self.plies, count_lines(&self.branches))
    }
}

fn count_lines(branches: &[Branch]) -> usize {
    branches.iter().map(|b| if b.then.is_empty() { 1 } else { count_lines(&b.then) }).sum()
}

/// What became of pending conditions when the opponent moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Matched {
    /// A condition waited for this move: its answer, and what waits after it (empty: nothing).
    Answer(String, Vec<Branch>),
    /// No condition waited for it: they are all dropped.
    Deviated,
}

impl Conditions {
    /// The lines of the tree, each from the root to a leaf.
    pub fn lines(&self) -> Vec<Vec<(&str, &str)>> {
        fn walk<'a>(
            branches: &'a [Branch],
            path: &mut Vec<(&'a str, &'a str)>,
            out: &mut Vec<Vec<(&'a str, &'a str)>>,
        ) {
            for b in branches {
                path.push((&b.expect, &b.answer));
                if b.then.is_empty() {
                    out.push(path.clone());
                } else {
                    walk(&b.then, path, out);
                }
                path.pop();
            }
        }
        let mut out = Vec::new();
        walk(&self.branches, &mut Vec::new(), &mut out);
        out
    }

    /// The lines written as a player writes them, each move numbered: `if 14... Bg4 15. h3 if
    /// 15... Bh5 16. g4`, the first move being move `number` of `color` (the opponent's).
    pub fn written(&self, number: u32, color: Color) -> Vec<String> {
        self.lines()
            .into_iter()
            .map(|line| {
                let (mut n, mut c) = (number, color);
                let mut text = String::new();
                for (expect, answer) in line {
                    for (i, m) in [expect, answer].into_iter().enumerate() {
                        if i == 0 {
                            if !text.is_empty() {
                                text.push(' ');
                            }
                            text.push_str("if ");
                        } else {
                            text.push(' ');
                        }
                        text.push_str(&format!("{} {m}", label(n, c)));
                        if !c.is_white() {
                            n += 1;
                        }
                        c = c.other();
                    }
                }
                text
            })
            .collect()
    }

    /// What the conditions do with the opponent's move `played` (as the variant wrote it).
    pub fn answer_to(&self, played: &str) -> Matched {
        match self.branches.iter().find(|b| b.expect == played) {
            Some(b) => Matched::Answer(b.answer.clone(), b.then.clone()),
            None => Matched::Deviated,
        }
    }

    /// The stored form: the tree as JSON (`[{"if": "Bg4", "play": "h3", "then": [...]}]`).
    pub fn to_stored(&self) -> String {
        serde_json::to_string(&self.branches).unwrap_or_else(|_| "[]".into())
    }

    /// The tree from its stored form.
    pub fn from_stored(plies: u32, text: &str) -> Result<Conditions, String> {
        let branches = serde_json::from_str(text).map_err(|e| format!("conditional moves: {e}"))?;
        Ok(Conditions { plies, branches })
    }
}

/// True when `line` (a line of a mail, trimmed) begins with the word `if`: a line of conditions.
pub fn is_condition_line(line: &str) -> bool {
    let lower = line.trim_start().get(..3).map(str::to_ascii_lowercase);
    match lower.as_deref() {
        Some("if ") => true,
        _ => line.trim().eq_ignore_ascii_case("if"),
    }
}

/// The line before its first `if` word and the conditions from there (empty when there are
/// none): `14. Nf3 if 14... Bg4 15. h3` is `14. Nf3` and `if 14... Bg4 15. h3`.
pub fn split_line(line: &str) -> (&str, Option<&str>) {
    let mut at = 0;
    for word in line.split_whitespace() {
        let start = line[at..].find(word).map_or(at, |i| at + i);
        if word.eq_ignore_ascii_case("if") {
            return (line[..start].trim_end(), Some(&line[start..]));
        }
        at = start + word.len();
    }
    (line, None)
}

/// Reads the lines of conditions a player wrote, each beginning with `if` (a line may hold
/// several `if`s: each begins the next step of the same line). A step is the opponent's move
/// and the answer, each optionally numbered with its dots (`14... Bg4 15. h3`; a number
/// without dots would be read as a move, since Royal Chess writes `54`); `then` and commas
/// between them are allowed. `Err` says what is wrong, naming the line.
pub fn read(lines: &[String]) -> Result<Vec<WrittenLine>, ConditionError> {
    if lines.len() > MOST_LINES {
        return Err(ConditionError::TooManyLines { lines: lines.len() });
    }
    lines.iter().map(|line| read_line(line)).collect()
}

fn read_line(line: &str) -> Result<WrittenLine, ConditionError> {
    let shown = line.trim();
    let mut steps: Vec<Vec<&str>> = Vec::new();
    for word in shown.split(|c: char| c.is_whitespace() || c == ',' || c == ';') {
        if word.is_empty() {
            continue;
        }
        if word.eq_ignore_ascii_case("if") {
            steps.push(Vec::new());
            continue;
        }
        let Some(step) = steps.last_mut() else {
            return Err(ConditionError::NoIf { line: shown.to_string() });
        };
        if word.eq_ignore_ascii_case("then") {
            continue;
        }
        step.push(word);
    }
    if steps.len() > MOST_PAIRS {
        return Err(ConditionError::TooManySteps { line: shown.to_string(), steps: steps.len() });
    }
    steps.iter().map(|words| read_step(shown, words)).collect()
}

/// One step's words: two moves, each perhaps after its number ("14..." or glued, "14...Bg4"),
/// an `e.p.` after a move belonging to it.
fn read_step(shown: &str, words: &[&str]) -> Result<WrittenPair, ConditionError> {
    let line = || shown.to_string();
    let mut moves: Vec<Written> = Vec::new();
    let mut number: Option<MoveNumber> = None;
    for &word in words {
        let lower = word.to_ascii_lowercase();
        if matches!(lower.as_str(), "e.p." | "e.p" | "ep" | "e.p.+" | "e.p.#")
            && let Some(last) = moves.last_mut()
        {
            last.text.push(' ');
            last.text.push_str(word);
            continue;
        }
        let (n, rest) = split_number(word);
        let rest = rest.trim();
        match n {
            // A number without dots is a move (Royal Chess's "54"), never a number here.
            Some(n) if n.color.is_some() => {
                if number.is_some() {
                    return Err(ConditionError::TwoNumbers { line: line() });
                }
                number = Some(n);
                if rest.is_empty() {
                    continue;
                }
                moves.push(Written { number: number.take(), text: rest.to_string() });
            }
            _ => moves.push(Written { number: number.take(), text: word.to_string() }),
        }
    }
    if number.is_some() {
        return Err(ConditionError::NumberAlone { line: line() });
    }
    let mut moves = moves.into_iter();
    match (moves.next(), moves.next(), moves.next()) {
        (Some(expect), Some(answer), None) => Ok(WrittenPair { expect, answer }),
        (None, ..) => Err(ConditionError::NoMove { line: line() }),
        (Some(expect), None, _) => Err(ConditionError::NoAnswer { line: line(), expect: expect.text }),
        (Some(expect), Some(answer), Some(third)) => {
            Err(ConditionError::ThirdMove { line: line(), expect: expect.text, answer: answer.text, third: third.text })
        }
    }
}

/// Checks `lines` on copies of `game` (the opponent of `owner` to move), every move legal in its
/// line, each number the move's own, no line going on after a move that ends the game, and no
/// two lines answering the same move differently; returns the tree they make. `Err` names the
/// line and the move, and why.
pub fn validate(game: &dyn VariantGame, owner: Color, lines: &[WrittenLine]) -> Result<Conditions, ConditionError> {
    let variant = game.variant();
    let snapshot = game.snapshot();
    let mut tree: Vec<Branch> = Vec::new();
    for line in lines {
        let mut copy = variant.restore(&snapshot).map_err(|e| ConditionError::Stored(e.to_string()))?;
        let shown = written_line(line);
        let mut path: Vec<(String, String)> = Vec::new();
        for pair in line {
            let mut step = Vec::new();
            for (who, written) in [(owner.other(), &pair.expect), (owner, &pair.answer)] {
                let (number, turn) = (copy.move_number(), copy.turn());
                if copy.outcome().is_some() {
                    let numbered = format!(
                        "{} {}",
                        written.number.map_or_else(|| label(number, who), |n| n.label()),
                        written.text
                    );
                    return Err(ConditionError::AfterTheEnd { line: shown, numbered });
                }
                debug_assert_eq!(turn, who);
                if let Some(n) = written.number
                    && (n.number != number || n.color.is_some_and(|c| c != turn))
                {
                    return Err(ConditionError::WrongNumber {
                        line: shown,
                        numbered: format!("{} {}", n.label(), written.text),
                        would_be: label(number, turn),
                    });
                }
                let played = copy.play(&written.text).map_err(|e| ConditionError::Unplayable {
                    line: shown.clone(),
                    own: who == owner,
                    numbered: format!("{} {}", label(number, turn), written.text),
                    why: e.to_string(),
                })?;
                step.push(played.notation);
            }
            let answer = step.pop().unwrap_or_default();
            let expect = step.pop().unwrap_or_default();
            path.push((expect, answer));
        }
        insert(&mut tree, &path, &shown)?;
    }
    Ok(Conditions { plies: game.plies() as u32, branches: tree })
}

/// A written line as the player wrote it, for messages.
fn written_line(line: &WrittenLine) -> String {
    let text = |w: &Written| match w.number {
        Some(n) => format!("{} {}", n.label(), w.text),
        None => w.text.clone(),
    };
    line.iter().map(|p| format!("if {} {}", text(&p.expect), text(&p.answer))).collect::<Vec<_>>().join(" ")
}

/// Adds the checked line `path` to `tree`; two answers to the one move are refused.
fn insert(tree: &mut Vec<Branch>, path: &[(String, String)], shown: &str) -> Result<(), ConditionError> {
    let Some(((expect, answer), rest)) = path.split_first() else { return Ok(()) };
    let index = match tree.iter().position(|b| &b.expect == expect) {
        Some(i) if &tree[i].answer != answer => {
            return Err(ConditionError::TwoAnswers {
                line: shown.to_string(),
                expect: expect.clone(),
                first: tree[i].answer.clone(),
                second: answer.clone(),
            });
        }
        Some(i) => i,
        None => {
            tree.push(Branch { expect: expect.clone(), answer: answer.clone(), then: Vec::new() });
            tree.len() - 1
        }
    };
    insert(&mut tree[index].then, rest, shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(number: Option<(u32, Color)>, text: &str) -> Written {
        Written { number: number.map(|(number, c)| MoveNumber { number, color: Some(c) }), text: text.into() }
    }

    #[test]
    fn a_line_is_read_step_by_step() {
        let lines = read(&["if 14... Bg4 15. h3 if 15...Bh5 then 16.g4".to_string()]).unwrap();
        assert_eq!(
            lines,
            [vec![
                WrittenPair { expect: w(Some((14, Color::Black)), "Bg4"), answer: w(Some((15, Color::White)), "h3") },
                WrittenPair { expect: w(Some((15, Color::Black)), "Bh5"), answer: w(Some((16, Color::White)), "g4") },
            ]]
        );
        // Royal Chess's numeric moves are moves, not numbers.
        let royal = read(&["if 54 N-76".to_string()]).unwrap();
        assert_eq!(royal, [vec![WrittenPair { expect: w(None, "54"), answer: w(None, "N-76") }]]);
        let ep = read(&["IF exd6 e.p. Qxd6, if Nc6 Nf3".to_string()]).unwrap();
        assert_eq!(ep[0][0].expect.text, "exd6 e.p.");
        assert_eq!(ep[0][1].answer.text, "Nf3");
    }

    #[test]
    fn a_step_must_be_two_moves() {
        for wrong in ["if Bg4", "if", "if Bg4 h3 Bh5", "Bg4 h3", "if 14... 15. h3", "if Bg4 h3 14..."] {
            assert!(read(&[wrong.to_string()]).is_err(), "{wrong}");
        }
    }

    #[test]
    fn the_first_if_splits_a_line() {
        assert_eq!(split_line("14. Nf3 if 14... Bg4 15. h3"), ("14. Nf3", Some("if 14... Bg4 15. h3")));
        assert_eq!(split_line("Nf3 IF Bg4 h3"), ("Nf3", Some("IF Bg4 h3")));
        assert_eq!(split_line("Nf3 draw"), ("Nf3 draw", None));
        assert_eq!(split_line("Nf3 iffy"), ("Nf3 iffy", None));
        assert!(is_condition_line("if 14... Bg4 15. h3"));
        assert!(is_condition_line("If Bg4 h3"));
        assert!(!is_condition_line("iffy"));
    }

    #[test]
    fn the_tree_is_written_back_numbered() {
        let c = Conditions {
            plies: 27,
            branches: vec![
                Branch {
                    expect: "Bg4".into(),
                    answer: "h3".into(),
                    then: vec![Branch { expect: "Bh5".into(), answer: "g4".into(), then: Vec::new() }],
                },
                Branch { expect: "Nc6".into(), answer: "d4".into(), then: Vec::new() },
            ],
        };
        assert_eq!(c.written(14, Color::Black), ["if 14... Bg4 15. h3 if 15... Bh5 16. g4", "if 14... Nc6 15. d4"]);
        assert_eq!(format!("{c:?}"), "Conditions { plies: 27, lines: 2, <secret> }");
        let again = Conditions::from_stored(27, &c.to_stored()).unwrap();
        assert_eq!(again, c);
        assert_eq!(c.answer_to("Bg4"), Matched::Answer("h3".into(), c.branches[0].then.clone()));
        assert_eq!(c.answer_to("Bf5"), Matched::Deviated);
    }
}
