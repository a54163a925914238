//! `herald replay`: check every move of PGN games or a bare move list.

use std::io::Read;

use clap::Args;

use crate::engine::Game;
use crate::notation::{fen, input, pgn};

/// Arguments of `herald replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// Variant the games are played in.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// PGN file or bare move list; "-" or nothing reads standard input.
    file: Option<String>,
}

/// Replays every game and prints its final FEN, one line per game. The first illegal,
/// ambiguous or unreadable move stops the replay with an error naming the game, the move
/// number, the move and the reason.
pub fn run(args: ReplayArgs) -> Result<(), String> {
    let variant = super::variant(&args.variant)?;
    let mut bytes = Vec::new();
    match args.file.as_deref() {
        None | Some("-") => std::io::stdin().read_to_end(&mut bytes).map(drop),
        Some(path) => std::fs::read(path).map(|b| bytes = b),
    }
    .map_err(|e| format!("cannot read {}: {e}", args.file.as_deref().unwrap_or("standard input")))?;
    let games = pgn::parse(&pgn::decode(&bytes));
    if games.is_empty() {
        return Err("no game found in the input".to_string());
    }
    for (index, record) in games.iter().enumerate() {
        let name = match record.players() {
            Some(players) => format!("game {} ({players})", index + 1),
            None => format!("game {}", index + 1),
        };
        let start = match record.tag("FEN") {
            Some(text) => fen::read(variant.rules(), text).map_err(|e| format!("{name}: FEN tag: {e}"))?,
            None => variant.start_position(),
        };
        let mut game = Game::new(start);
        for written in &record.moves {
            let pos = *game.position();
            let number = pos.fullmoves();
            let dots = if pos.turn().is_white() { "." } else { "..." };
            let m = input::parse_move(&pos, &written.text)
                .map_err(|e| format!("{name}, move {number}{dots} {}: {e}", written.text))?;
            game.play(m).map_err(|e| format!("{name}, move {number}{dots} {}: {e}", written.text))?;
        }
        println!("{}", fen::write(game.position()));
    }
    Ok(())
}
