//! What becomes of a withdrawn player's games.

/// The club's rule for a withdrawn player's games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WithdrawalPolicy {
    /// Annul every game of the player when fewer than half were played (round robin);
    /// otherwise forfeit the rest.
    AnnulIfUnderHalf,
    /// Every game the player has not finished is lost by forfeit.
    ForfeitRemaining,
}

impl WithdrawalPolicy {
    /// The stored and configured name.
    pub fn as_str(self) -> &'static str {
        match self {
            WithdrawalPolicy::AnnulIfUnderHalf => "annul-if-under-half",
            WithdrawalPolicy::ForfeitRemaining => "forfeit-remaining",
        }
    }

    /// From the stored name.
    pub fn parse(name: &str) -> Option<WithdrawalPolicy> {
        [WithdrawalPolicy::AnnulIfUnderHalf, WithdrawalPolicy::ForfeitRemaining]
            .into_iter()
            .find(|p| p.as_str() == name)
    }
}
