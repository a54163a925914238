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
        "$ herald player leave ann@example.org --json | jq .left",
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
        /// The same as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// `herald player ...`.
pub fn player(config: ConfigPath<'_>, args: PlayerArgs) -> Result<(), String> {
    let mut service = open(config)?;
    match args.command {
        PlayerCommand::Leave { email, grant, year, json } => {
            let report = match grant {
                Some(days) => service.grant_leave(&email, year, days),
                None => service.leave_report(&email, year),
            }
            .map_err(|e| e.to_string())?;
            let email = email.trim().to_ascii_lowercase();
            if json {
                let vacations: Vec<serde_json::Value> = report
                    .vacations
                    .iter()
                    .map(|v| {
                        serde_json::json!({
                            "first_day": v.first_day.to_string(),
                            "last_day": v.last_day.to_string(),
                            "days": v.length(),
                        })
                    })
                    .collect();
                let shown = serde_json::json!({
                    "email": email,
                    "year": report.year,
                    "allowed": report.allowed,
                    "granted": report.granted,
                    "taken": report.taken,
                    "left": report.allowed.saturating_sub(report.taken),
                    "vacations": vacations,
                });
                outln!("{}", serde_json::to_string_pretty(&shown).map_err(|e| e.to_string())?);
                return Ok(());
            }
            outln!(
                "{}: {} vacation days in {} ({} granted by the director), {} taken or booked, {} left",
                email,
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
