//! `herald perft`.

use crate::outln;
use clap::Args;

use crate::engine::perft;
use crate::notation::{fen, san};

/// Arguments of `herald perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Variant to count in.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Position to start from (default: the variant's start position).
    #[arg(long)]
    fen: Option<String>,
    /// Print the count under each legal first move, in SAN, before the total.
    #[arg(long)]
    divide: bool,
    /// Plies to count.
    depth: u32,
}

/// Prints the leaf count as the last line.
pub fn run(args: PerftArgs) -> Result<(), String> {
    let variant = super::variant(&args.variant)?;
    if !variant.engine_moves() {
        return Err(format!(
            "{} moves by rules of its own beyond the chess engine, so perft here would count the wrong \
             moves; its move counts are checked in its rules tests",
            variant.id()
        ));
    }
    let pos = match &args.fen {
        Some(text) => fen::read(variant.rules(), text).map_err(|e| format!("--fen: {e}"))?,
        None => variant.start_position(),
    };
    if args.divide {
        let mut total = 0;
        for (m, nodes) in perft::divide(&pos, args.depth) {
            outln!("{}: {nodes}", san::write(&pos, m));
            total += nodes;
        }
        outln!("{total}");
    } else {
        outln!("{}", perft::perft(&pos, args.depth));
    }
    Ok(())
}
