//! `herald player ...`: what the director does for a player across their games.

use clap::{Args, Subcommand};

use super::referee::{ConfigPath, open};
use crate::outln;

/// `herald player`.
#[derive(Args, Debug)]
pub struct PlayerArgs {
    #[command(subcommand)]
    command: PlayerCommand,
}

#[derive(Subcommand, Debug)]
enum PlayerCommand {
    /// A player's vacation days in a year (taken, booked, left), and their vacations; with
    /// --grant, first give them more days than the club's allowance in that year.
    #[command(after_help = examples!(
        "$ herald player leave ann@example.org",
        "# Ten days more than the club's allowance in 2026:",
        "$ herald player leave ann@example.org --grant 10 --year 2026",
    ))]
    Leave {
        /// The player's address.
        email: String,
        /// Vacation days to add to the player's allowance in the year.
        #[arg(long)]
        grant: Option<u32>,
        /// The calendar year (default: this year, in the club's time zone).
        #[arg(long)]
        year: Option<i16>,
    },
}

/// `herald player ...`.
pub fn player(config: ConfigPath<'_>, args: PlayerArgs) -> Result<(), String> {
    let mut service = open(config)?;
    match args.command {
        PlayerCommand::Leave { email, grant, year } => {
            let report = match grant {
                Some(days) => service.grant_leave(&email, year, days),
                None => service.leave_report(&email, year),
            }
            .map_err(|e| e.to_string())?;
            outln!(
                "{}: {} vacation days in {} ({} granted by the director), {} taken or booked, {} left",
                email.trim().to_ascii_lowercase(),
                report.allowed,
                report.year,
                report.granted,
                report.taken,
                report.allowed.saturating_sub(report.taken)
            );
            for v in &report.vacations {
                outln!("  vacation {} to {} ({} days)", v.first_day, v.last_day, v.length());
            }
            Ok(())
        }
    }
}
