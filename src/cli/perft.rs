//! `herald perft`.

use crate::outln;
use clap::Args;

/// Arguments of `herald perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Variant to count in.
    #[arg(long, default_value = "chess", value_parser = super::VariantId, hide_possible_values = true)]
    variant: String,
    /// Position to start from (default: the variant's start position).
    #[arg(long)]
    fen: Option<String>,
    /// A secret of the game, for variants that have them: `white.crown=king`. Repeat for
    /// each secret. Without it a Crown monarch whose crown is not known is no royal piece,
    /// and its capture ends no line.
    #[arg(long = "secret", value_name = "LABEL=VALUE")]
    secrets: Vec<String>,
    /// Print the count under each legal first move, as its player would write it, before
    /// the total.
    #[arg(long)]
    divide: bool,
    /// Plies to count.
    depth: u32,
}

/// Prints the leaf count as the last line. The variant counts its own full move set
/// ([`crate::variants::Variant::move_tree`]) or refuses.
pub fn run(args: PerftArgs) -> Result<(), String> {
    let variant = super::variant(&args.variant)?;
    let secrets = super::secrets(&args.secrets)?;
    let tree = variant.move_tree(args.fen.as_deref(), &secrets).map_err(|e| match &args.fen {
        Some(_) => format!("--fen: {e}"),
        None => e,
    })?;
    if args.divide {
        let mut total = 0;
        for (m, nodes) in tree.divide(args.depth) {
            outln!("{m}: {nodes}");
            total += nodes;
        }
        outln!("{total}");
    } else {
        outln!("{}", tree.perft(args.depth));
    }
    Ok(())
}
