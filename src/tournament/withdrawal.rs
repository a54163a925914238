//! What a player's withdrawal does to the tournament's pairings.
//!
//! The rule (FIDE Tournament Rules, older Handbook C.06, for round robins; chosen per club
//! as a [`WithdrawalPolicy`]):
//! - **Round robin, [`WithdrawalPolicy::AnnulIfUnderHalf`]**: if the player completed fewer
//!   than half of their games (games with a result against an opponent, finished over the
//!   board or not, out of every game the schedule gives them; exactly half is not fewer),
//!   *all* their games are annulled: their results are removed, so they count for nobody's
//!   points or tie-breaks. Otherwise their results stand and every game of theirs still
//!   without a result is forfeited: the opponent gets a win's points (1000), they get 0.
//! - **Round robin, [`WithdrawalPolicy::ForfeitRemaining`]**: their results always stand,
//!   and every game of theirs without a result is forfeited (ICCF's practice: finished games
//!   stand).
//! - **Swiss, either policy**: points stay (annulling would change scores that past pairings
//!   were made on); they are not paired again, and a game of theirs already paired but
//!   without a result is forfeited.
//!
//! Games in progress (a herald game started, no result) are stopped, and then annulled or
//! forfeited like any other game without a result. Byes of rounds after the withdrawal are
//! annulled (the player no longer takes part); earlier byes follow their games.
//!
//! The function is pure: it says what changes, and [`Withdrawal::apply`] applies it. Marking
//! the entrant's `withdrawn_after` is the caller's.

use super::{Finish, Pairing, Points, Score, System};

/// A club's choice of what a round-robin withdrawal does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WithdrawalPolicy {
    /// FIDE: under half the games completed, all are annulled; otherwise the rest are
    /// forfeited.
    AnnulIfUnderHalf,
    /// Finished games always stand; the rest are forfeited.
    ForfeitRemaining,
}

impl WithdrawalPolicy {
    /// Every policy.
    pub const ALL: [WithdrawalPolicy; 2] = [WithdrawalPolicy::AnnulIfUnderHalf, WithdrawalPolicy::ForfeitRemaining];

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            WithdrawalPolicy::AnnulIfUnderHalf => "annul-if-under-half",
            WithdrawalPolicy::ForfeitRemaining => "forfeit-remaining",
        }
    }

    /// From the stored name.
    pub fn parse(name: &str) -> Option<WithdrawalPolicy> {
        WithdrawalPolicy::ALL.into_iter().find(|p| p.as_str() == name)
    }
}

/// One pairing's change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The result is removed: the game counts for nobody.
    Annul { round: u32, board: u32 },
    /// The game is forfeited with this score.
    Forfeit { round: u32, board: u32, score: Score },
}

/// What a withdrawal changes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Withdrawal {
    /// True if the round robin's under-half rule annulled the player's games.
    pub annulled_all: bool,
    /// The pairings that change, in the order of `pairings`.
    pub changes: Vec<Change>,
    /// The herald games in progress to stop (each also has its change above).
    pub stopped_games: Vec<i64>,
}

impl Withdrawal {
    /// Applies the changes to the tournament's pairings.
    pub fn apply(&self, pairings: &mut [Pairing]) {
        for change in &self.changes {
            let (round, board, score) = match *change {
                Change::Annul { round, board } => (round, board, None),
                Change::Forfeit { round, board, score } => (round, board, Some(score)),
            };
            if let Some(p) = pairings.iter_mut().find(|p| p.round == round && p.board == board) {
                p.score = score;
            }
        }
    }
}

/// What `player`'s withdrawal after round `after_round` (0: before the first) changes in a
/// tournament of `system` with `pairings` so far, under the club's `policy`.
pub fn withdraw(
    system: System,
    pairings: &[Pairing],
    player: u32,
    after_round: u32,
    policy: WithdrawalPolicy,
) -> Withdrawal {
    let theirs: Vec<&Pairing> = pairings.iter().filter(|p| p.white == player || p.black == Some(player)).collect();
    let games: Vec<&&Pairing> = theirs.iter().filter(|p| !p.is_bye()).collect();
    let completed = games.iter().filter(|p| p.score.is_some()).count();
    let annul_all = system != System::Swiss
        && policy == WithdrawalPolicy::AnnulIfUnderHalf
        && !games.is_empty()
        && completed * 2 < games.len();

    let mut withdrawal = Withdrawal { annulled_all: annul_all, ..Withdrawal::default() };
    for p in theirs {
        let (round, board) = (p.round, p.board);
        if p.is_bye() {
            if p.round > after_round && p.score.is_some() {
                withdrawal.changes.push(Change::Annul { round, board });
            }
            continue;
        }
        if p.score.is_none()
            && let Some(game) = p.game
        {
            withdrawal.stopped_games.push(game);
        }
        if annul_all {
            if p.score.is_some() || p.game.is_some() {
                withdrawal.changes.push(Change::Annul { round, board });
            }
        } else if p.score.is_none() {
            let withdrawn_white = p.white == player;
            let score = Score {
                white: if withdrawn_white { Points::ZERO } else { Points::ONE },
                black: if withdrawn_white { Points::ONE } else { Points::ZERO },
                finish: Finish::Forfeit,
            };
            withdrawal.changes.push(Change::Forfeit { round, board, score });
        }
    }
    withdrawal
}
