//! Capablanca chess: FIDE chess on a 10x8 board with two more pieces, the Archbishop
//! (bishop + knight, letter A) and the Chancellor (rook + knight, letter C).
//!
//! The setup, piece letters and castling follow Fairy-Stockfish's `capablanca`: the king
//! starts on f1, castles to i1 (short) or c1 (long), the rook lands next to it on h1 or d1.

use std::sync::OnceLock;

use super::chess::{KING, ROOK, fide_pieces};
use super::standard::OpenVariant;
use crate::engine::geometry::BoardSize;
use crate::engine::rules::{CastlingDef, DoubleStep, PieceDef, Rules, StalemateRule, VariantDef};

/// Capablanca chess.
pub struct Capablanca;

impl OpenVariant for Capablanca {
    fn id(&self) -> &'static str {
        "capablanca"
    }

    fn name(&self) -> &'static str {
        "Capablanca chess"
    }

    fn summary(&self) -> &'static str {
        "10x8 chess with the Archbishop (A, bishop+knight) and the Chancellor (C, rook+knight)"
    }

    fn notation_help(&self) -> &'static str {
        "Moves may be written in SAN (Nc3, exd5, e8=Q, O-O), with A for the Archbishop\n\
         and C for the Chancellor (Ci3), or in long algebraic (e2-e4, Nb1-c3). Files\n\
         run from a to j."
    }

    fn example_moves(&self) -> [&'static str; 2] {
        ["Nc3", "Nc6"]
    }

    fn rules(&self) -> &'static Rules {
        static RULES: OnceLock<Rules> = OnceLock::new();
        RULES.get_or_init(|| {
            let mut pieces = fide_pieces();
            pieces.push(PieceDef::new("Archbishop", 'A', "BN"));
            pieces.push(PieceDef::new("Chancellor", 'C', "RN"));
            Rules::new(VariantDef {
                size: BoardSize::TEN_BY_EIGHT,
                pieces,
                start_fen: "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
                castling: vec![CastlingDef::new(KING, ROOK, [8, 2], [7, 3])],
                promotion: "QCARBN",
                double_step: DoubleStep::FromRank(1),
                en_passant: true,
                stalemate: StalemateRule::Draw,
            })
            .expect("the Capablanca definition is valid")
        })
    }
}
