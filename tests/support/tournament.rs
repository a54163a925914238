//! A tournament's terms as the tests make them: one place for every field, so that a test
//! names only what it is about.

use herald::clock::Timestamp;
use herald::engine::Color;
use herald::tournament::standings::{TieBreak, TieBreakEdition};
use herald::tournament::withdrawal::WithdrawalPolicy;
use herald::tournament::{Points, Stage, System, Tournament};

/// A new, rated chess round robin called `name`: Sonneborn-Berger under the newest tie-break
/// edition, a bye worth a point, the remaining games forfeited at a withdrawal, the club's time
/// control. Tests change what they need with `Tournament { .., ..terms(name) }`.
pub fn terms(name: &str) -> Tournament {
    Tournament {
        id: 0,
        name: name.into(),
        variant: "chess".into(),
        system: System::RoundRobin,
        rounds: 0,
        time_control: None,
        stage: Stage::New,
        tiebreaks: vec![TieBreak::SonnebornBerger],
        tiebreak_edition: TieBreakEdition::NEWEST,
        bye_points: Points::ONE,
        withdrawal: WithdrawalPolicy::ForfeitRemaining,
        initial_colour: Color::White,
        rated: true,
        language: None,
        created_at: Timestamp::UNIX_EPOCH,
    }
}
