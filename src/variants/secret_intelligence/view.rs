//! What each observer sees of a Secret Intelligence game: one's own pieces, the enemy pieces
//! that have moved as unknowns with their tracking ids, the notices the page lists, and, for
//! the public, only what both players know.

use super::board::Board;
use super::{SiGame, rules, setup};
use crate::engine::piece::Color;
use crate::variants::{Cell, Observer};

impl SiGame {
    /// The cells `observer` sees: everything for everyone; for a player, their own pieces and
    /// the enemy pieces that have moved or been swapped, as hidden pieces with tracking ids.
    pub(super) fn cells(&self, observer: Observer) -> Vec<(crate::engine::geometry::Square, Cell)> {
        let rules = rules();
        Board::squares()
            .map(|sq| {
                // A piece is known to this observer if it is the observer's own (or the observer
                // sees everything); otherwise it shows, as a piece of unknown kind, only once it
                // has moved.
                let knows = |color: Color| match observer {
                    Observer::Player(me) => color == me,
                    Observer::Public => false,
                    Observer::Everyone => true,
                };
                let cell = match self.board.unit(sq) {
                    None => Cell::Empty,
                    Some(u) if knows(u.piece.color) => Cell::Piece(u.piece.color, rules.piece(u.piece.role).letter),
                    Some(u) if u.shown => Cell::Hidden(u.piece.color, u.origin.to_string()),
                    Some(_) => Cell::Empty,
                };
                (sq, cell)
            })
            .collect()
    }

    pub(super) fn notices(&self, observer: Observer) -> Vec<String> {
        let rules = rules();
        let mut notices = Vec::new();
        let going_on = self.begun && !self.over();
        if observer == Observer::Public {
            // Both players are told every capture; nothing else is known to both.
            return self.captures();
        }
        let Some(me) = observer.side() else {
            if let Some(pairs) = self.pairs {
                for color in Color::BOTH {
                    let [a, b] = setup::PAIRS[pairs[color.index()]];
                    notices.push(format!(
                        "{}'s pair: {} and {}.",
                        color.title(),
                        rules.piece(a).name,
                        rules.piece(b).name
                    ));
                }
            }
            return notices;
        };
        if !self.begun {
            // The mail asks for the seed and says whom it waits for.
            return notices;
        }
        if let Some(pairs) = self.pairs {
            let [a, b] = setup::PAIRS[pairs[me.index()]];
            notices.push(format!("Your pair: {} and {}.", rules.piece(a).name, rules.piece(b).name));
        }
        let turn = self.board.turn();
        if going_on && turn == me {
            if self.board.in_check(me) {
                notices.push("You are in check.".to_string());
            } else if self.board.decoy_in_check(me) {
                notices.push("Check: the check is on your Decoy (your King is not in check).".to_string());
            }
        }
        let last_was_mine = !self.plies.is_empty() && self.mover_of_ply(self.plies.len() - 1) == me;
        if last_was_mine && (self.board.in_check(me.other()) || self.board.decoy_in_check(me.other())) {
            notices.push("Check: your move attacks the enemy King or Decoy.".to_string());
        }
        notices.extend(self.captures());
        notices
    }

    /// "White pieces captured: Knight, Pawn." for each side that lost any: both players are
    /// told the kind of every captured piece.
    fn captures(&self) -> Vec<String> {
        let rules = rules();
        let mut notices = Vec::new();
        for color in Color::BOTH {
            let taken: Vec<&str> = self
                .plies
                .iter()
                .filter_map(|p| p.captured)
                .filter(|p| p.color == color)
                .map(|p| rules.piece(p.role).name)
                .collect();
            if !taken.is_empty() {
                notices.push(format!("{} pieces captured: {}.", color.title(), taken.join(", ")));
            }
        }
        notices
    }
}
