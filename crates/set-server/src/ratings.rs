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

use set_core::online::fair::{Experience, UNVOUCHED_POINTS, Weight};
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
    /// Distinct opponents that were established when first played
    /// (`set_core::online::fair::established`).
    pub vouched: u32,
    /// Distinct days (UTC) with a rated game of its way.
    pub days: u32,
    /// The part of `mu` results against opponents not established moved
    /// it by, kept within `fair::UNVOUCHED_POINTS`.
    pub unvouched: f64,
    /// When its last rated game ended, Unix ms (0: none yet).
    pub played_at_ms: i64,
}

impl Default for Rating {
    fn default() -> Rating {
        let start = WengLinRating::new();
        Rating {
            mu: start.rating,
            sigma: start.uncertainty,
            games: 0,
            wins: 0,
            opponents: 0,
            vouched: 0,
            days: 0,
            unvouched: 0.0,
            played_at_ms: 0,
        }
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

    /// What the fair-play rules read of it as an opponent.
    pub fn experience(&self) -> Experience {
        Experience { vouched: self.vouched, games: self.games, days: self.days }
    }
}

/// What one game does to one player's rating besides its place: how much
/// its opponents weigh (`fair::weight`, their mean), and how many of them
/// are new to it, and of those, established.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Update {
    pub weight: Weight,
    pub new_opponents: u32,
    pub new_vouchers: u32,
}

/// The day (UTC) of a Unix ms time.
fn day_of(ms: i64) -> i64 {
    ms.div_euclid(set_core::online::fair::DAY_MS as i64)
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

/// The ratings after a game that ended at `now_ms`, each player by their
/// place and its [`Update`]: the full Weng-Lin move scaled by the vouched
/// weight moves `mu` and `sigma`; scaled by the unvouched weight it moves
/// `mu` only, and only while the sum of such moves stays within
/// `fair::UNVOUCHED_POINTS` either way (never settling a rating).
pub(crate) fn rate(before: &[Rating], places: &[u32], updates: &[Update], now_ms: i64) -> Vec<Rating> {
    let teams: Vec<[WengLinRating; 1]> =
        before.iter().map(|r| [WengLinRating { rating: r.mu, uncertainty: r.sigma }]).collect();
    let game: Vec<(&[WengLinRating], MultiTeamOutcome)> =
        teams.iter().zip(places).map(|(team, &place)| (&team[..], MultiTeamOutcome::new(place as usize))).collect();
    let after = weng_lin_multi_team(&game, &WengLinConfig::new());
    let cap = f64::from(UNVOUCHED_POINTS) / SHOWN_PER_MU;
    before
        .iter()
        .zip(after)
        .zip(places)
        .enumerate()
        .map(|(at, ((r, team), &place))| {
            let new = team.first().copied().unwrap_or(WengLinRating { rating: r.mu, uncertainty: r.sigma });
            let update = updates.get(at).copied().unwrap_or_default();
            let vouched = update.weight.vouched.clamp(0.0, 1.0);
            let unvouched_weight = update.weight.unvouched.clamp(0.0, 1.0 - vouched);
            let full = new.rating - r.mu;
            let unvouched = (r.unvouched + unvouched_weight * full).clamp(-cap, cap);
            let new_day = r.games == 0 || day_of(r.played_at_ms) != day_of(now_ms);
            Rating {
                mu: r.mu + vouched * full + (unvouched - r.unvouched),
                sigma: r.sigma + vouched * (new.uncertainty - r.sigma),
                games: r.games + 1,
                wins: r.wins + u32::from(place == 1),
                opponents: r.opponents + update.new_opponents,
                vouched: r.vouched + update.new_vouchers,
                days: r.days + u32::from(new_day),
                unvouched,
                played_at_ms: now_ms,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Unix ms time, a day's start.
    const NOW: i64 = 20_000 * set_core::online::fair::DAY_MS as i64;

    /// Every opponent established and new: the full move.
    fn full(new_opponents: u32) -> Update {
        Update { weight: Weight { vouched: 1.0, unvouched: 0.0 }, new_opponents, new_vouchers: new_opponents }
    }

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
        let after = rate(&before, &[2, 1, 3], &[full(2); 3], NOW);
        assert!(after[1].mu > before[1].mu && after[0].mu < before[0].mu + 1e-9 && after[2].mu < before[2].mu);
        assert!(after.iter().all(|r| r.sigma < Rating::default().sigma && r.games == 1));
        assert_eq!(after.iter().map(|r| r.wins).collect::<Vec<_>>(), [0, 1, 0]);
        assert_eq!(Rating::default().shown(), 1500);
        assert!(Rating::default().provisional());
        // A settled rating moves less than a new one for the same result.
        let settled = Rating { sigma: 3.0, ..Rating::default() };
        let moved = |r: Rating| rate(&[r, Rating::default()], &[1, 2], &[full(0); 2], NOW)[0].mu - r.mu;
        assert!(moved(settled) < moved(Rating::default()));
        assert!(after.iter().all(|r| r.opponents == 2));
    }

    #[test]
    fn a_weight_scales_the_move_and_a_weight_of_zero_changes_only_the_counts() {
        let before = [Rating::default(); 2];
        let weighted =
            |vouched| Update { weight: Weight { vouched, unvouched: 0.0 }, new_opponents: 1, new_vouchers: 1 };
        let all = rate(&before, &[1, 2], &[weighted(1.0); 2], NOW);
        let half = rate(&before, &[1, 2], &[weighted(0.5); 2], NOW);
        let none = rate(&before, &[1, 2], &[weighted(0.0); 2], NOW);
        for at in 0..2 {
            let (b, f, h) = (before[at], all[at], half[at]);
            assert!(((h.mu - b.mu) - 0.5 * (f.mu - b.mu)).abs() < 1e-12);
            assert!(((h.sigma - b.sigma) - 0.5 * (f.sigma - b.sigma)).abs() < 1e-12);
            assert_eq!((none[at].mu, none[at].sigma), (b.mu, b.sigma), "nothing moves");
            assert_eq!((none[at].games, none[at].opponents, none[at].vouched), (1, 1, 1), "but the game is counted");
        }
        assert_eq!((none[0].wins, none[1].wins), (1, 0));
    }

    #[test]
    fn newcomers_move_each_other_within_the_unvouched_points_and_settle_no_one() {
        let fresh = Update { weight: Weight { vouched: 0.0, unvouched: 1.0 }, new_opponents: 1, new_vouchers: 0 };
        let mut pair = [Rating::default(); 2];
        let first = rate(&pair, &[1, 2], &[fresh; 2], NOW);
        assert!(first[0].shown() > 1500 && first[1].shown() < 1500, "both move: {first:?}");
        assert!(first[0].shown() <= 1600 && first[1].shown() >= 1400);
        assert_eq!((first[0].sigma, first[1].sigma), (pair[0].sigma, pair[1].sigma), "neither settles");
        // The same winner, game after game, a day apart: never past the cap.
        for n in 0..50 {
            let after = rate(&pair, &[1, 2], &[fresh; 2], NOW + n * set_core::online::fair::DAY_MS as i64);
            pair = [after[0], after[1]];
        }
        assert_eq!((pair[0].shown(), pair[1].shown()), (1600, 1400));
        assert!(pair[0].provisional());
        assert_eq!((pair[0].days, pair[0].games, pair[0].vouched), (50, 50, 0));
        // An established opponent's result then moves it fully, past the cap.
        let sure = Update { weight: Weight { vouched: 1.0, unvouched: 0.0 }, new_opponents: 1, new_vouchers: 1 };
        let on =
            rate(&[pair[0], Rating::default()], &[1, 2], &[sure; 2], NOW + 60 * set_core::online::fair::DAY_MS as i64);
        assert!(on[0].shown() > 1600 && on[0].sigma < pair[0].sigma, "{on:?}");
        assert_eq!(on[0].unvouched, pair[0].unvouched, "the unvouched part is kept as it was");
    }

    #[test]
    fn days_count_once_each() {
        let one = Update::default();
        let r = rate(&[Rating::default()], &[1], &[one], NOW)[0];
        let r = rate(&[r], &[1], &[one], NOW + 1_000)[0];
        assert_eq!(r.days, 1, "two games on a day");
        let r = rate(&[r], &[1], &[one], NOW + set_core::online::fair::DAY_MS as i64)[0];
        assert_eq!((r.days, r.played_at_ms), (2, NOW + set_core::online::fair::DAY_MS as i64));
    }
}
