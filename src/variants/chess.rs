//! FIDE chess (the FIDE Laws of Chess, articles 3 to 5 and 9).
//!
//! Everything here is data: six pieces in Betza notation, castling to the g and c files,
//! promotion to queen, rook, bishop or knight, the pawn's double step from its second rank
//! with en passant, and stalemate as a draw. The rules core does the rest.

use std::sync::OnceLock;

use super::standard::OpenVariant;
use crate::engine::geometry::BoardSize;
use crate::engine::piece::Role;
use crate::engine::rules::{CastlingDef, DoubleStep, PieceDef, Rules, StalemateRule, VariantDef};

/// The FIDE pieces, in the role order the other chess-family variants extend.
pub(crate) fn fide_pieces() -> Vec<PieceDef> {
    vec![
        PieceDef::new("Pawn", 'P', "fmWfcF").pawn(),
        PieceDef::new("Knight", 'N', "N").minor(),
        PieceDef::new("Bishop", 'B', "B").minor().color_bound(),
        PieceDef::new("Rook", 'R', "R"),
        PieceDef::new("Queen", 'Q', "Q"),
        PieceDef::new("King", 'K', "K").royal(),
    ]
}

/// Role of the rook in [`fide_pieces`].
pub(crate) const ROOK: Role = Role(3);
/// Role of the king in [`fide_pieces`].
pub(crate) const KING: Role = Role(5);

/// FIDE chess.
pub struct Chess;

impl OpenVariant for Chess {
    fn id(&self) -> &'static str {
        "chess"
    }

    fn name(&self) -> &'static str {
        "Chess"
    }

    fn summary(&self) -> &'static str {
        "FIDE chess: castling, en passant, promotion, check and checkmate; stalemate draws"
    }

    fn rules(&self) -> &'static Rules {
        static RULES: OnceLock<Rules> = OnceLock::new();
        RULES.get_or_init(|| {
            Rules::new(VariantDef {
                size: BoardSize::CHESS,
                pieces: fide_pieces(),
                start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                castling: vec![CastlingDef::new(KING, ROOK, [6, 2], [5, 3])],
                promotion: "QRBN",
                double_step: DoubleStep::FromRank(1),
                en_passant: true,
                stalemate: StalemateRule::Draw,
            })
            .expect("the chess definition is valid")
        })
    }
}
