//! The ninja in the Crown family (the seed: shared/seeds/crown.txt, section "Additional
//! pieces"; herald's reading: docs/rules/ninja.md, "A ninja meeting the other rules"). The
//! seed made the piece for Crown — "many chess players ... desire to introduce into the crown
//! some powerful piece" — so it belongs to the core, not to any one extension: every variant
//! of the family is also played with it (`crown+ninja`, `crown-3+ninja`, ...,
//! [`CrownVariant::with_ninja`]), and the extensions meet it only as the core shows it to them.
//!
//! - "at the beginning this piece is in reserve": [`Core::ninjas`] holds each side's reserve;
//!   FEN writes it in the brackets with the extension's pieces in hand, White's letters first
//!   (`[SSSJsssj]`).
//! - Its moves are [`ninja::legal_moves`], filtered by the check rule only for a side whose
//!   royal piece is known to both (the engine's royal square, which the core sets only then);
//!   the engine's own table moves of the ninja are never a player's.
//! - A move is carried out step by step, through the same path as a board move: "the piece can
//!   take in each its step opponent's pieces", so each piece it captures goes through the
//!   core's loss of a monarch and [`Extension::lost`], the ninja standing on the square it
//!   captured on, as any capturer does. A capture that decides the game on the first step (a
//!   crowned monarch, a crowned half, a whole hidden-crown army) ends the move there, the
//!   ninja on that square; a capture whose aftermath blows the capturer up (crown-2's mined
//!   stone) removes the ninja and ends the move, its second step not made. Then the last step:
//!   the ninja lands, capturing there, or goes over the edge into reserve, or, a drop, is
//!   placed.
//! - Its stops ([`Extension::stopped`]) are the drop square and the square its move ends on;
//!   never its first step (crown-3: "a figure should stop instead of cross the field").
//! - It is no secret: every view says where both ninjas are ([`ninja::status`]).

use super::{Core, CrownGame, CrownVariant, Extension};
use crate::engine::Position;
use crate::engine::geometry::Square;
use crate::engine::piece::{Color, Piece};
use crate::notation::input::MoveInputError;
use crate::variants::SnapshotError;
use crate::variants::ninja::{self, NinjaMove, Reserve};
use crate::variants::standard::snapshot_field;

/// The pieces in hand `held` (the extension's, White's upper case first) with the ninjas of
/// `ninjas`, White's letters first: `SSS` `J` `sss` `j`.
fn with_ninjas(held: &str, ninjas: Reserve) -> String {
    let (white, black): (String, String) = held.chars().partition(char::is_ascii_uppercase);
    format!("{white}{}{black}{}", ninjas.holdings(Color::White), ninjas.holdings(Color::Black))
}

/// A reserve as the snapshot's `ninjas` line writes it: its FEN holdings, or `-`.
fn reserve_word(ninjas: Reserve) -> String {
    let held = with_ninjas("", ninjas);
    if held.is_empty() { "-".to_string() } else { held }
}

impl<E: Extension> CrownVariant<E> {
    /// The pieces in hand at the start, as FEN writes them in brackets: the extension's and,
    /// in a variant with the ninja, both ninjas.
    pub(super) fn start_holdings(&self) -> String {
        with_ninjas(E::start_holdings(), if self.ninja { Reserve::BOTH } else { Reserve::EMPTY })
    }

    /// Takes the ninjas out of a FEN's holdings into `core`'s reserve, in a variant with the
    /// ninja, and refuses a side with two; returns the other letters, the extension's.
    pub(super) fn take_ninjas(&self, core: &mut Core, held: Option<&str>) -> Result<Option<String>, String> {
        if !self.ninja {
            return Ok(held.map(str::to_string));
        }
        let (ninjas, others) = match held {
            Some(held) => {
                let (ninjas, others) = Reserve::take_from_holdings(held)?;
                (ninjas, Some(others))
            }
            None => (Reserve::EMPTY, None),
        };
        ninja::check_count(core.position(), ninjas)?;
        core.ninjas = ninjas;
        Ok(others)
    }

    /// Reads the snapshot's `ninjas` line (a variant with the ninja has one; others none).
    pub(super) fn restore_ninjas(&self, core: &Core, snapshot: &str) -> Result<Reserve, SnapshotError> {
        if !self.ninja {
            return Ok(Reserve::EMPTY);
        }
        let word = snapshot_field(snapshot, "ninjas")?.trim();
        let held = if word == "-" { "" } else { word };
        let bad = |why: String| SnapshotError(format!("ninjas: {why}"));
        match Reserve::take_from_holdings(held) {
            Ok((ninjas, others)) if others.is_empty() => {
                ninja::check_count(core.position(), ninjas).map_err(bad)?;
                Ok(ninjas)
            }
            Ok(_) => Err(bad(format!("{word:?} holds more than ninjas"))),
            Err(e) => Err(bad(e)),
        }
    }
}

impl<E: Extension> CrownGame<E> {
    /// The pieces in hand now, as FEN writes them in brackets: the extension's and the ninjas
    /// in reserve, White's letters first.
    pub(super) fn holdings(&self) -> String {
        with_ninjas(&self.extension.holdings(), self.core.ninjas)
    }

    /// The snapshot's `ninjas` line, in a variant with the ninja: the ninjas in reserve now
    /// (`Jj`, `J`, `j`, or `-`). Where each one on the board stands the FEN says.
    pub(super) fn ninjas_snapshot(&self) -> String {
        if self.variant.ninja { format!("ninjas {}\n", reserve_word(self.core.ninjas)) } else { String::new() }
    }

    /// The side to move's legal ninja moves: none without the ninja, or while the extension
    /// bars the board's moves (a split that is due). The check rule applies only to a side
    /// whose royal piece is known to both, the only royal piece the engine knows of.
    pub(super) fn ninja_moves(&self) -> Vec<NinjaMove> {
        let mut moves = Vec::new();
        if self.variant.ninja && self.extension.board_moves_barred(&self.core).is_none() {
            ninja::legal_moves(self.core.position(), self.core.ninjas, &mut moves);
        }
        moves
    }

    /// Reads a player's text as a ninja's move, if it is written as one (see
    /// [`ninja::notation::parse`]).
    pub(super) fn read_ninja(&self, text: &str) -> Option<Result<NinjaMove, MoveInputError>> {
        if !self.variant.ninja {
            return None;
        }
        ninja::notation::parse(self.core.position(), self.core.ninjas, text, &self.ninja_moves())
    }

    /// Plays a legal ninja move step by step (see the module's documentation); returns its
    /// notation and the secrets its captures opened. The turn ends after the last step.
    pub(super) fn play_ninja(&mut self, m: NinjaMove) -> (String, Vec<String>) {
        // The position as the move builds it; each capture puts it into the core's game first,
        // for the core and the extension to see.
        let mut pos = *self.core.position();
        let us = pos.turn();
        let notation = ninja::notation::write(&pos, m);
        let mut reveal = Vec::new();
        let mut captured = false;
        let mut goes_on = true;
        if let (Some(from), Some((at, lost))) = (m.from(), ninja::first_step(&mut pos, m)) {
            captured = true;
            pos.relocate_piece(from, at).expect("the first step's capture emptied its square");
            let blown_up = self.capture(&mut pos, at, lost, &mut reveal);
            goes_on = !blown_up && !self.won();
            if goes_on {
                pos.relocate_piece(at, from).expect("the ninja's own square is empty");
            }
        }
        let mut stops = Vec::new();
        if goes_on {
            if let Some((at, lost)) = ninja::last_step(&mut pos, &mut self.core.ninjas, m) {
                captured = true;
                self.capture(&mut pos, at, lost, &mut reveal);
            }
            stops.extend(m.to());
        }
        pos.end_turn(captured);
        // After a capture the history starts again; a drop, a pass or an exit may recur.
        self.core.game.replace(pos, false);
        stops.retain(|&sq| pos.piece_at(sq).is_some_and(|p| p.color == us));
        reveal.extend(self.extension.stopped(&self.core, us, &stops).reveal);
        (notation, reveal)
    }

    /// A step of a ninja's move captured `lost` on `at`, where the ninja now stands in `pos`:
    /// the core's game shows `pos`, and the capture goes through the core and the extension as
    /// a board move's does, its secrets opened into `reveal`. If the aftermath blows the ninja
    /// up, it is removed (and lost in turn): returns true. `pos` is the position after all
    /// that.
    fn capture(&mut self, pos: &mut Position, at: Square, lost: Piece, reveal: &mut Vec<String>) -> bool {
        let us = pos.turn();
        self.core.game.amend(|p| *p = *pos);
        let after = self.core.lose(&mut self.extension, at, lost, us);
        reveal.extend(after.reveal);
        if after.blow_up_capturer
            && let Some(ninja) = self.core.game.amend(|p| p.remove_piece(at))
        {
            reveal.extend(self.core.lose(&mut self.extension, at, ninja, us).reveal);
        }
        *pos = *self.core.position();
        after.blow_up_capturer
    }
}
