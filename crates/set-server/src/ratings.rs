//! Ratings, per player and way to play, from rated games only: no hints,
//! no computer opponents, two or more people, played to the end.
//!
//! The system is Weng-Lin's Bayesian approximation (the `skillratings`
//! crate; the same model as OpenSkill's): each player has a mean `mu` and an
//! uncertainty `sigma`, and a game of any number of players updates each by
//! their place against every other, moving an uncertain rating further
//! than a settled one. Shown as `mu × 60` (1,500 at the start), and as
//! provisional until `sigma` falls to [`SETTLED_SIGMA`]. Places come from
//! the sets found (ties share a place); a player who left and was not back
//! at the end takes the last place, whatever their sets. docs/playing.md, "Ratings",
//! says why this system and not multi-player Elo.

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// Below this uncertainty a rating is settled, no longer provisional.
pub(crate) const SETTLED_SIGMA: f64 = 5.0;
/// Shown rating points per unit of `mu`.
const SHOWN_PER_MU: f64 = 60.0;

/// One player's rating in one way to play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
    pub games: u32,
    pub wins: u32,
    /// Distinct opponents in rated games of its way (as long as games are kept).
    pub opponents: u32,
}

impl Default for Rating {
    fn default() -> Rating {
        let start = WengLinRating::new();
        Rating { mu: start.rating, sigma: start.uncertainty, games: 0, wins: 0, opponents: 0 }
    }
}

impl Rating {
    /// The rating as players see it.
    pub fn shown(&self) -> i64 {
        (self.mu * SHOWN_PER_MU).round() as i64
    }

    pub fn provisional(&self) -> bool {
        self.sigma > SETTLED_SIGMA
    }
}

/// Each player's place (1 is first) from their sets, the ones not present
/// at the end last; equal sets share a place.
pub(crate) fn places(sets: &[u32], present: &[bool]) -> Vec<u32> {
    // Absent players rank below everyone present: as if they had found fewer than none.
    let key = |i: usize| match (present.get(i), sets.get(i)) {
        (Some(true), Some(&sets)) => i64::from(sets),
        _ => -1,
    };
    (0..sets.len()).map(|i| 1 + (0..sets.len()).filter(|&j| key(j) > key(i)).count() as u32).collect()
}

/// The ratings after a game, each player by their place, each moved by its
/// weight (0 to 1, `set_core::online::fair::weight` over its opponents) of
/// the full update; `new_opponents`: how many of each one's opponents it
/// never played before.
pub(crate) fn rate(before: &[Rating], places: &[u32], weights: &[f64], new_opponents: &[u32]) -> Vec<Rating> {
    let teams: Vec<[WengLinRating; 1]> =
        before.iter().map(|r| [WengLinRating { rating: r.mu, uncertainty: r.sigma }]).collect();
    let game: Vec<(&[WengLinRating], MultiTeamOutcome)> =
        teams.iter().zip(places).map(|(team, &place)| (&team[..], MultiTeamOutcome::new(place as usize))).collect();
    let after = weng_lin_multi_team(&game, &WengLinConfig::new());
    before
        .iter()
        .zip(after)
        .zip(places)
        .enumerate()
        .map(|(at, ((r, team), &place))| {
            let new = team.first().copied().unwrap_or(WengLinRating { rating: r.mu, uncertainty: r.sigma });
            let weight = weights.get(at).copied().unwrap_or(1.0).clamp(0.0, 1.0);
            Rating {
                mu: r.mu + weight * (new.rating - r.mu),
                sigma: r.sigma + weight * (new.uncertainty - r.sigma),
                games: r.games + 1,
                wins: r.wins + u32::from(place == 1),
                opponents: r.opponents + new_opponents.get(at).copied().unwrap_or(0),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of OpenSkill's reference implementations (their
    /// docs/playing.md's: two teams of two, the first winning), which the crate's
    /// Weng-Lin must reproduce to the last digits.
    #[test]
    fn the_weng_lin_update_matches_the_reference_worked_example() {
        let rating = |mu, sigma| WengLinRating { rating: mu, uncertainty: sigma };
        let (a1, a2) = (WengLinRating::new(), rating(32.444, 5.123));
        let (b1, b2) = (rating(43.381, 2.421), rating(25.188, 6.211));
        let after = weng_lin_multi_team(
            &[(&[a1, a2][..], MultiTeamOutcome::new(1)), (&[b1, b2][..], MultiTeamOutcome::new(2))],
            &WengLinConfig::new(),
        );
        let expected = [
            [(28.669648436582808, 8.071520788025197), (33.83086971107981, 5.062772998705765)],
            [(43.071274808241974, 2.4166900452721256), (23.149503312339064, 6.1378606973362135)],
        ];
        for (team, want) in after.iter().zip(expected) {
            for (got, (mu, sigma)) in team.iter().zip(want) {
                assert!((got.rating - mu).abs() < 1e-9 && (got.uncertainty - sigma).abs() < 1e-9, "{got:?}");
            }
        }
    }

    #[test]
    fn places_follow_sets_with_ties_shared_and_those_who_left_last() {
        assert_eq!(places(&[5, 9, 5, 1], &[true; 4]), [2, 1, 2, 4]);
        assert_eq!(places(&[12, 3, 7], &[false, true, true]), [3, 2, 1], "most sets, but gone: last");
        assert_eq!(places(&[4, 2, 8], &[false, true, false]), [2, 1, 2], "the absent tie for last");
    }

    #[test]
    fn a_game_moves_the_winner_up_and_the_rest_down_and_settles_everyone() {
        let before = [Rating::default(); 3];
        let after = rate(&before, &[2, 1, 3], &[1.0; 3], &[2; 3]);
        assert!(after[1].mu > before[1].mu && after[0].mu < before[0].mu + 1e-9 && after[2].mu < before[2].mu);
        assert!(after.iter().all(|r| r.sigma < Rating::default().sigma && r.games == 1));
        assert_eq!(after.iter().map(|r| r.wins).collect::<Vec<_>>(), [0, 1, 0]);
        assert_eq!(Rating::default().shown(), 1500);
        assert!(Rating::default().provisional());
        // A settled rating moves less than a new one for the same result.
        let settled = Rating { sigma: 3.0, ..Rating::default() };
        let moved = |r: Rating| rate(&[r, Rating::default()], &[1, 2], &[1.0, 1.0], &[0, 0])[0].mu - r.mu;
        assert!(moved(settled) < moved(Rating::default()));
        assert!(after.iter().all(|r| r.opponents == 2));
    }

    #[test]
    fn a_weight_scales_the_move_and_a_weight_of_zero_changes_only_the_counts() {
        let before = [Rating::default(); 2];
        let full = rate(&before, &[1, 2], &[1.0, 1.0], &[1, 1]);
        let half = rate(&before, &[1, 2], &[0.5, 0.5], &[1, 1]);
        let none = rate(&before, &[1, 2], &[0.0, 0.0], &[1, 1]);
        for at in 0..2 {
            let (b, f, h) = (before[at], full[at], half[at]);
            assert!(((h.mu - b.mu) - 0.5 * (f.mu - b.mu)).abs() < 1e-12);
            assert!(((h.sigma - b.sigma) - 0.5 * (f.sigma - b.sigma)).abs() < 1e-12);
            assert_eq!((none[at].mu, none[at].sigma), (b.mu, b.sigma), "nothing moves");
            assert_eq!((none[at].games, none[at].opponents), (1, 1), "but the game is counted");
        }
        assert_eq!((none[0].wins, none[1].wins), (1, 0));
    }
}
