//! Glicko-2 ratings, one pool per variant, as Lichess rates correspondence play: every rated
//! game, when it ends, updates both players at once (a rating period of one game), with
//! Lichess's starting values (1500, deviation 500, volatility 0.09), its system constant
//! τ = 0.75 and its bounds on the deviation (45 to 500). The computation is the `skillratings`
//! crate's; this module only says which result a game counts as.
//!
//! A game counts as what its result says it is — `1-0`, `0-1` or `1/2-1/2` — whatever the
//! variant's points: Royal Chess's stalemate (0.7 to 0.25), perpetual check (0.65 to 0.3) and
//! bared King (0.75 to 0.2) are wins, and its draws (0.4 White, 0.5 Black) are draws.
//! Glicko-2 estimates the chance of winning a game, and the crate takes outcomes, not
//! fractions; the fractions belong to the tournament's scores.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// Lichess's starting rating.
pub const START: Rating = Rating { rating: 1500.0, deviation: 500.0, volatility: 0.09 };

/// The smallest deviation a rating keeps (Lichess).
const MIN_DEVIATION: f64 = 45.0;
/// The largest (Lichess).
const MAX_DEVIATION: f64 = 500.0;

/// A player's Glicko-2 rating.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its deviation: how uncertain it is.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

impl Rating {
    /// Provisional while the deviation is 110 or more (Lichess shows such ratings with a "?").
    pub fn is_provisional(&self) -> bool {
        self.deviation >= 110.0
    }
}

/// The ratings of White and Black after a game whose PGN result is `result` (`1-0`, `0-1`,
/// `1/2-1/2`); `None` for anything else (a game without a result is not rated).
pub fn rate(white: Rating, black: Rating, result: &str) -> Option<(Rating, Rating)> {
    let outcome = match result {
        "1-0" => Outcomes::WIN,
        "0-1" => Outcomes::LOSS,
        "1/2-1/2" => Outcomes::DRAW,
        _ => return None,
    };
    let config = Glicko2Config { tau: 0.75, ..Glicko2Config::default() };
    let (w, b) = glicko2(&to_crate(white), &to_crate(black), &outcome, &config);
    Some((from_crate(w), from_crate(b)))
}

fn to_crate(r: Rating) -> Glicko2Rating {
    Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
}

fn from_crate(r: Glicko2Rating) -> Rating {
    Rating { rating: r.rating, deviation: r.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION), volatility: r.volatility }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_moves_equal_players_apart_by_the_same_amount() {
        let (w, b) = rate(START, START, "1-0").unwrap();
        assert!(w.rating > 1500.0 && b.rating < 1500.0);
        assert!(((w.rating - 1500.0) - (1500.0 - b.rating)).abs() < 1e-9);
        assert!(w.deviation < START.deviation);
        let (d, _) = rate(START, START, "1/2-1/2").unwrap();
        assert!((d.rating - 1500.0).abs() < 1e-9, "a draw between equals changes no rating");
        assert_eq!(rate(START, START, "*"), None);
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", 2013): a 1500 player with
    /// deviation 200 and volatility 0.06 beats a 1400/30 player, loses to 1550/100 and to
    /// 1700/300, and ends at 1464.06/151.52 with τ = 0.5. One game at a time (as herald rates)
    /// the first game alone must move the rating up, by the example's own formulas.
    #[test]
    fn one_game_follows_glickmans_formulas() {
        let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let opponent = Rating { rating: 1400.0, deviation: 30.0, volatility: 0.06 };
        // Step by step from the paper, for one win against the 1400 player (τ irrelevant to
        // the first decimals here: the volatility barely moves).
        let scale = 173.7178;
        let (mu, phi) = ((player.rating - 1500.0) / scale, player.deviation / scale);
        let (mu_j, phi_j) = ((opponent.rating - 1500.0) / scale, opponent.deviation / scale);
        let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / std::f64::consts::PI.powi(2)).sqrt();
        let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
        let v = 1.0 / (g * g * e * (1.0 - e));
        let phi_star = (phi * phi + 0.06f64 * 0.06).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * g * (1.0 - e);
        let (w, _) = rate(player, opponent, "1-0").unwrap();
        assert!((w.rating - (1500.0 + scale * mu_new)).abs() < 0.5, "{} vs {}", w.rating, 1500.0 + scale * mu_new);
        assert!((w.deviation - scale * phi_new).abs() < 0.5);
    }
}
