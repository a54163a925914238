//! The crown's notation (docs/rules/krithala.md, "Notation"): a move of the base as the base
//! writes it, then at most one crown sign; or a transfer.
//!
//! ```text
//! krithala-move = transfer / base-move [crown-act]
//! transfer      = carrier ">" square           ; K>d1, Ke1>d1, e1>d1, P>d3; Royal: K>52
//! carrier       = designator [square] / square
//! crown-act     = "^" [square]                  ; pick up on a square passed over, or
//!                                               ;   (bare) where the piece stops
//!               / "@" [square]                  ; drop where the move starts (bare), or on
//!                                               ;   a square passed over
//! ```
//!
//! The reader splits the text at the first `>`, `^` or `@`, reads the part before it with the
//! base's own reader (among the base moves the crown's rules allow), and matches the crown
//! sign against the legal moves: one match, or an error that says why.

use super::base::Base;
use super::moves::{Barred, Choices, Crown, CrownAct, KrithalaMove, KrithalaPosition};
use crate::engine::geometry::Square;
use crate::notation::input::MoveInputError;
use crate::notation::reason::Reason;

/// `m`, a legal move of `choices`, as herald writes it.
pub fn write<B: Base>(pos: &KrithalaPosition<B>, choices: &Choices<B>, m: KrithalaMove<B::Move>) -> String {
    match m {
        KrithalaMove::Transfer { from, to } => {
            let rules = pos.board().rules();
            let carrier = pos.board().piece_at(from).map_or_else(String::new, |p| B::designator(rules, p.role));
            format!("{carrier}>{}", B::square_name(to))
        }
        KrithalaMove::Base { base, act } => {
            let mut out = B::write(&choices.board, &choices.allowed, base);
            match act {
                None => {}
                Some(CrownAct::Drop(sq)) => {
                    out.push('@');
                    out.push_str(&B::square_name(sq));
                }
                Some(CrownAct::PickUp(sq)) => {
                    out.push('^');
                    if sq != B::shape(&choices.board, base).main().1 {
                        out.push_str(&B::square_name(sq));
                    }
                }
            }
            out
        }
    }
}

/// What follows a crown sign, without the marks a player or the record may add after a move
/// (`+`, `!`, Royal's `S#`).
fn without_marks(text: &str) -> &str {
    let mut rest = text.trim();
    loop {
        let before = rest.len();
        rest = rest.strip_suffix("S#").unwrap_or(rest).trim_end_matches(['+', '#', '!', '?']).trim_end();
        if rest.len() == before {
            return rest;
        }
    }
}

/// A player's text as a legal move of `choices`.
pub fn read<B: Base>(
    pos: &KrithalaPosition<B>,
    choices: &Choices<B>,
    text: &str,
) -> Result<KrithalaMove<B::Move>, MoveInputError> {
    let shown = text.trim().to_string();
    if shown.is_empty() {
        return Err(MoveInputError::Empty);
    }
    let refuse = |reason: Reason| MoveInputError::NoMatch { input: shown.clone(), reason };
    let sign_at = shown.find(['>', '^', '@']);
    let (base_text, sign) = match sign_at {
        Some(i) => (&shown[..i], Some((&shown[i..i + 1], without_marks(&shown[i + 1..])))),
        None => (shown.as_str(), None),
    };
    if let Some((">", target)) = sign {
        return read_transfer(pos, choices, base_text, target).map_err(refuse);
    }
    if base_text.trim().is_empty() {
        return Err(refuse(Reason::new("reason-crown-sign-first")));
    }
    let base =
        B::read(&choices.board, &choices.allowed, base_text).map_err(|e| explain_barred(pos, choices, base_text, e))?;
    let acts: Vec<Option<CrownAct>> = choices
        .legal
        .iter()
        .filter_map(|&m| match m {
            KrithalaMove::Base { base: b, act } if b == base => Some(act),
            _ => None,
        })
        .collect();
    let destination = B::shape(&choices.board, base).main().1;
    let size = pos.board().rules().size();
    let square = |text: &str, bare: Option<Square>| -> Result<Option<Square>, Reason> {
        if text.is_empty() {
            return Ok(bare);
        }
        B::read_square(size, text)
            .map(Some)
            .ok_or_else(|| Reason::new("reason-not-a-square-of-the-board").text("text", text))
    };
    let wanted = match sign {
        None if acts.contains(&None) => None,
        None => acts.first().copied().flatten(),
        Some(("@", at)) => square(at, pos.crown(pos.turn()).square()).map_err(refuse)?.map(CrownAct::Drop),
        Some((_, at)) => square(at, Some(destination)).map_err(refuse)?.map(CrownAct::PickUp),
    };
    if acts.contains(&wanted) {
        return Ok(KrithalaMove::Base { base, act: wanted });
    }
    let written: Vec<String> = acts.iter().map(|&act| write(pos, choices, KrithalaMove::Base { base, act })).collect();
    let from = B::shape(&choices.board, base).main().0;
    Err(refuse(
        Reason::new("reason-crown-act-written").reason("why", why_not(pos, from, wanted)).moves("moves", written),
    ))
}

/// Why the move of the piece on `from` cannot make the crown act `wanted`: what the side's
/// crown is doing.
fn why_not<B: Base>(pos: &KrithalaPosition<B>, from: Square, wanted: Option<CrownAct>) -> Reason {
    let state = describe_own(pos);
    match (wanted, pos.crown(pos.turn())) {
        (Some(CrownAct::Drop(_)), Crown::Carried { square, count: 2, .. }) if square == from => {
            Reason::new("reason-crown-third-move-drops").reason("state", state)
        }
        (Some(CrownAct::Drop(_)), Crown::Carried { square, .. }) if square == from => {
            Reason::new("reason-crown-drop-where").reason("state", state)
        }
        (Some(CrownAct::Drop(_)), _) => Reason::new("reason-crown-only-carrier-drops").reason("state", state),
        (Some(CrownAct::PickUp(sq)), Crown::Lying { square, dropper }) if sq == square && dropper == Some(from) => {
            Reason::new("reason-crown-dropper-passes").reason("state", state)
        }
        (Some(CrownAct::PickUp(sq)), _) => {
            Reason::new("reason-crown-none-to-pick-up").text("square", B::square_name(sq)).reason("state", state)
        }
        (None, _) => state,
    }
}

/// The side to move's crown in words, for a refusal.
fn describe_own<B: Base>(pos: &KrithalaPosition<B>) -> Reason {
    match pos.crown(pos.turn()) {
        // `count`: the carrier's moves in a row with the crown so far (0 to 2).
        Crown::Carried { square, count, .. } => {
            Reason::new("reason-crown-carried").reason("carrier", piece_on(pos, square)).number("count", count)
        }
        Crown::Lying { square, .. } => Reason::new("reason-crown-lies").text("square", B::square_name(square)),
        Crown::Captured => Reason::new("reason-crown-captured"),
    }
}

/// "the Queen on d1" (Royal: "the Queen on 41").
fn piece_on<B: Base>(pos: &KrithalaPosition<B>, sq: Square) -> Reason {
    match pos.board().piece_at(sq) {
        Some(p) => Reason::new("reason-piece-on")
            .piece("piece", pos.board().rules().piece(p.role).name)
            .text("square", B::square_name(sq)),
        None => Reason::new("reason-any-piece-on").text("square", B::square_name(sq)),
    }
}

/// The base reader's refusal, or, when the base's rules allow the move and the crown's do not,
/// the crown's reason.
fn explain_barred<B: Base>(
    pos: &KrithalaPosition<B>,
    choices: &Choices<B>,
    text: &str,
    refused: MoveInputError,
) -> MoveInputError {
    let MoveInputError::NoMatch { input, .. } = &refused else { return refused };
    let Ok(m) = B::read(&choices.board, &choices.base, text) else { return refused };
    let reason = match pos.barred(&B::shape(&choices.board, m)) {
        Some(Barred::CrownInCastling(sq)) => Reason::new("reason-crown-in-castling").text("square", B::square_name(sq)),
        Some(Barred::Dropper { piece, crown }) => Reason::new("reason-crown-dropper-barred")
            .reason("dropper", piece_on(pos, piece))
            .text("square", B::square_name(crown)),
        Some(Barred::PickUpInCastling(sq)) => {
            Reason::new("reason-crown-not-picked-up-castling").text("square", B::square_name(sq))
        }
        None => return refused,
    };
    MoveInputError::NoMatch { input: input.clone(), reason }
}

/// A transfer: `carrier` (a designator, a square or both) and the `target` square.
fn read_transfer<B: Base>(
    pos: &KrithalaPosition<B>,
    choices: &Choices<B>,
    carrier: &str,
    target: &str,
) -> Result<KrithalaMove<B::Move>, Reason> {
    let board = pos.board();
    let rules = board.rules();
    let size = rules.size();
    // A move number glued to the move ("3.K>d1").
    let carrier = carrier.trim();
    let carrier = match carrier.split_once('.') {
        Some((number, rest)) if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) => {
            rest.trim_start_matches('.').trim()
        }
        _ => carrier,
    };
    let to = B::read_square(size, target)
        .ok_or_else(|| Reason::new("reason-not-a-square-of-the-board").text("text", target))?;
    if carrier.is_empty() {
        return Err(Reason::new("reason-transfer-which-piece"));
    }
    let (role, square) = match B::read_square(size, carrier) {
        Some(sq) => (None, Some(sq)),
        None => {
            let named = (1..=carrier.len().min(2)).rev().find_map(|n| {
                let (designator, rest) = (carrier.get(..n)?, carrier.get(n..)?);
                let role = B::role_of(rules, designator)?;
                match rest {
                    "" => Some((Some(role), None)),
                    rest => B::read_square(size, rest).map(|sq| (Some(role), Some(sq))),
                }
            });
            named.ok_or_else(|| Reason::new("reason-transfer-names-no-piece").text("text", carrier))?
        }
    };
    let (from, transfer_lock) = match pos.crown(pos.turn()) {
        Crown::Carried { square, transfer_lock, .. } => (square, transfer_lock),
        Crown::Lying { square, .. } => {
            return Err(Reason::new("reason-transfer-crown-lies").text("square", B::square_name(square)));
        }
        Crown::Captured => return Err(Reason::new("reason-crown-captured")),
    };
    let carrier_role = board.piece_at(from).map(|p| p.role);
    if role.is_some_and(|r| Some(r) != carrier_role) || square.is_some_and(|sq| sq != from) {
        return Err(Reason::new("reason-crown-carried").reason("carrier", piece_on(pos, from)).number("count", 0));
    }
    if transfer_lock {
        return Err(Reason::new("reason-transfer-locked").reason("carrier", piece_on(pos, from)));
    }
    let m = KrithalaMove::Transfer { from, to };
    if choices.legal.contains(&m) {
        return Ok(m);
    }
    let targets: Vec<String> = choices
        .legal
        .iter()
        .filter(|m| matches!(m, KrithalaMove::Transfer { .. }))
        .map(|&m| write(pos, choices, m))
        .collect();
    Err(Reason::new("reason-transfer-cannot")
        .reason("carrier", piece_on(pos, from))
        .text("square", B::square_name(to))
        .number("count", targets.len() as i64)
        .moves("moves", targets))
}
