//! Perft: counting the leaves of the legal move tree, the standard proof that a move
//! generator is exact.

use super::position::{Move, Position};

/// Number of leaf nodes `depth` plies below `pos`. At the last ply the legal moves are
/// counted rather than played ("bulk counting"), as Stockfish and Fairy-Stockfish do.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(128)).collect();
    count(pos, depth, &mut buffers)
}

fn count(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    pos.legal_moves_into(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in moves.iter() {
        let mut child = *pos;
        child.play_unchecked(m);
        nodes += count(&child, depth - 1, rest);
    }
    nodes
}

/// Perft for a variant's own position type (moves the engine's tables do not make): the
/// leaves `depth` plies below `pos`, with `legal` its legal moves and `play` making one, the
/// last ply counted in bulk.
pub fn leaves<P: Clone, M>(pos: &P, depth: u32, legal: &impl Fn(&P) -> Vec<M>, play: &impl Fn(&mut P, M)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            play(&mut child, m);
            leaves(&child, depth - 1, legal, play)
        })
        .sum()
}

/// Perft below each legal move, in move generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, if depth <= 1 { 1 } else { perft(&child, depth - 1) })
        })
        .collect()
}
