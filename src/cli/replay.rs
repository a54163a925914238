//! `herald replay`: check every move of PGN games or a bare move list.

use crate::outln;
use std::io::Read;

use clap::Args;

use crate::notation::pgn;
use crate::variants::VariantGame;

/// Arguments of `herald replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// Variant the games are played in.
    #[arg(long, default_value = "chess", value_parser = super::VariantId, hide_possible_values = true)]
    variant: String,
    /// A secret of the game, for variants that have them: `white.crown=king`. Repeat for
    /// each secret.
    #[arg(long = "secret", value_name = "LABEL=VALUE")]
    secrets: Vec<String>,
    /// PGN file or bare move list; "-" or nothing reads standard input.
    file: Option<String>,
}

/// Replays every game and prints its final FEN, one line per game. The first illegal,
/// ambiguous or unreadable move stops the replay with an error naming the game, the move
/// number, the move and the reason. Games are played through the variant's own rules, so a
/// variant with secrets (Crown) needs them given with `--secret`.
pub fn run(args: ReplayArgs) -> Result<(), String> {
    let variant = super::variant(&args.variant)?;
    let secrets = super::secrets(&args.secrets)?;
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
        let mut game: Box<dyn VariantGame> = match record.tag("FEN") {
            Some(text) => {
                variant.game_from_fen_with_secrets(text, &secrets).map_err(|e| format!("{name}: FEN tag: {e}"))?
            }
            None => variant.game_with_secrets(&secrets).map_err(|e| format!("{name}: {e}"))?,
        };
        let missing: Vec<String> = game.setup_requests().into_iter().map(|r| r.label).collect();
        if !missing.is_empty() {
            return Err(format!(
                "{name}: {} keeps secrets; give them with --secret, e.g. --secret {}=... ({})",
                variant.id(),
                missing[0],
                missing.join(", ")
            ));
        }
        for written in &record.moves {
            let number = game.move_number();
            let dots = if game.turn().is_white() { "." } else { "..." };
            match game.play(&written.text) {
                Ok(_) => {}
                // A move number printed without its period ("4 Ke1-e2", as a seed prints a
                // game): digits that are no move and are the number of the move to come.
                Err(_) if written.text.parse::<u32>().ok() == Some(number) => {}
                Err(e) => return Err(format!("{name}, move {number}{dots} {}: {e}", written.text)),
            }
        }
        outln!("{}", game.fen());
    }
    Ok(())
}
