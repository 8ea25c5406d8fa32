//! A rated room's results: which games may count (no hints, no computer
//! opponents, two or more people), and at the end whether this one does
//! (`set_core::online::fair`: long enough, everyone claimed, no claim
//! faster than a person), each player's place (one who stayed for less
//! than half of it is last) and new rating (`crate::ratings`, each moved by
//! its opponents' weight), kept with the game's last move.

use super::Room;
use crate::proto::{ResultMsg, UnratedMsg};
use crate::ratings::{self, Rating};
use crate::store::{FlagRecord, ResultRecord, StoreResult};
use set_core::online::fair::{self, Unrated};
use set_core::online::room::RoomGame;
use std::time::Instant;

impl Room {
    /// Whether this room's game may count for ratings, as set up.
    pub(super) fn rated(&self) -> bool {
        !self.record.hints && self.record.bots.is_empty() && self.seats.len() >= 2
    }

    /// Whether the room is shown as rated: as set up, and once over, only
    /// if its game counted.
    pub(super) fn shown_rated(&self) -> bool {
        self.rated() && (self.record.status != crate::store::Status::Over || !self.results.is_empty())
    }

    /// Why the game, rated as set up, did not count, once over: the rules'
    /// first reason, judged again from the log (so a room loaded after a
    /// restart says the same).
    pub(super) fn unrated(&self) -> Option<UnratedMsg> {
        if !self.rated() || self.record.status != crate::store::Status::Over || !self.results.is_empty() {
            return None;
        }
        let game = self.game.as_ref()?;
        fair::judge(game, self.seats.len(), &self.limits.fair).err().map(|why| unrated_msg(&why))
    }

    /// The shortest game of the room's way that counts, while its game may
    /// still count (no hints, no computer opponents, not over).
    pub(super) fn floor_ms(&self) -> Option<u64> {
        let may_count = !self.record.hints && self.record.bots.is_empty();
        (may_count && self.record.status != crate::store::Status::Over)
            .then(|| fair::min_game_ms(&self.limits.fair, self.record.mode))
    }

    /// The claims of `game` faster than a person, as marks for the
    /// operator (rated rooms only: elsewhere no one gains by them).
    pub(super) fn flags_of(&self, game: &RoomGame) -> Vec<FlagRecord> {
        if !self.rated() {
            return Vec::new();
        }
        fair::fast_claims(game, &self.limits.fair)
            .into_iter()
            .filter_map(|fast| {
                let seat = self.seats.get(usize::from(fast.seat.0))?;
                Some(FlagRecord { player: seat.player.clone(), seq: fast.seq, looked_ms: fast.looked_ms })
            })
            .collect()
    }

    /// The results of `game` (the game as it ends), if it counts: places
    /// by points (sets and right calls), those who did not stay last, and
    /// the ratings after.
    pub(super) async fn results_of(&self, game: &RoomGame) -> StoreResult<Vec<ResultRecord>> {
        if !self.rated() {
            return Ok(Vec::new());
        }
        if let Err(why) = fair::judge(game, self.seats.len(), &self.limits.fair) {
            crate::metrics::unrated(unrated_msg(&why).reason());
            tracing::info!(room = %self.record.id, %why, "a rated game did not count");
            return Ok(Vec::new());
        }
        let mode = self.record.mode.name();
        let players: Vec<String> = self.seats.iter().map(|s| s.player.clone()).collect();
        let before = self.store.ratings(mode, &players).await?;
        let day_ago = crate::unix_ms().saturating_sub(fair::DAY_MS as i64);
        let together = self.store.together(mode, &players, day_ago).await?;
        let standings = game.standings();
        let sets: Vec<u32> = (0..self.seats.len()).map(|at| standings.get(at).map_or(0, |s| s.sets)).collect();
        // Placed by points: sets, and right "no set" calls where the room takes them.
        let points: Vec<u32> = (0..self.seats.len())
            .map(|at| standings.get(at).map_or(0, set_core::players::sitting::Standing::points))
            .collect();
        let play_ms = game.last_move().map_or(0, |(_, mv)| mv.at_ms);
        let stayed: Vec<bool> =
            self.attendance.present_ms(Instant::now()).iter().map(|&ms| fair::stayed(ms, play_ms)).collect();
        let places = ratings::places(&points, &stayed);
        let updates = updates(&self.limits.fair, &before, &together);
        let after = ratings::rate(&before, &places, &updates, crate::unix_ms());
        Ok(self
            .seats
            .iter()
            .enumerate()
            .map(|(at, seat)| ResultRecord {
                seat: seat.seat,
                player: seat.player.clone(),
                name: seat.name.clone(),
                place: places.get(at).copied().unwrap_or(1),
                sets: sets.get(at).copied().unwrap_or(0),
                before: before.get(at).copied().unwrap_or_default(),
                after: after.get(at).copied().unwrap_or_default(),
            })
            .collect())
    }
}

/// Each player's [`ratings::Update`]: the mean of its opponents'
/// `fair::weight`s, and how many of them it never played before, and of
/// those how many were established (they vouch for it from now on).
fn updates(policy: &fair::Policy, before: &[Rating], together: &[Vec<crate::store::Together>]) -> Vec<ratings::Update> {
    let n = before.len();
    (0..n)
        .map(|i| {
            let others: Vec<usize> = (0..n).filter(|&j| j != i).collect();
            let pair = |j: usize| together.get(i).and_then(|row| row.get(j)).copied().unwrap_or_default();
            let experience = |j: usize| before.get(j).map(Rating::experience).unwrap_or_default();
            let mut weight = fair::Weight::default();
            for &j in &others {
                let one = fair::weight(policy, &experience(j), pair(j).since);
                weight.vouched += one.vouched / others.len() as f64;
                weight.unvouched += one.unvouched / others.len() as f64;
            }
            let new: Vec<usize> = others.iter().copied().filter(|&j| pair(j).ever == 0).collect();
            let vouchers = new.iter().filter(|&&j| fair::established(policy, &experience(j)) >= 1.0).count();
            ratings::Update { weight, new_opponents: new.len() as u32, new_vouchers: vouchers as u32 }
        })
        .collect()
}

/// The rules' reason as the room says it (and `/metrics` counts it).
fn unrated_msg(why: &Unrated) -> UnratedMsg {
    match *why {
        Unrated::Short { ms, floor_ms } => UnratedMsg::Short { ms, floor_ms },
        Unrated::Idle(seat) => UnratedMsg::Idle { seat: seat.0 },
        Unrated::TooFast(fast) => UnratedMsg::TooFast { seat: fast.seat.0, looked_ms: fast.looked_ms },
    }
}

/// A seat's result as the players see it.
pub(super) fn result_msg(result: &ResultRecord) -> ResultMsg {
    let shown = |r: &Rating| r.shown();
    ResultMsg {
        seat: result.seat,
        place: result.place,
        before: shown(&result.before),
        after: shown(&result.after),
        provisional: result.after.provisional(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Together;

    #[test]
    fn a_players_weight_is_the_mean_of_its_opponents_and_new_established_ones_vouch() {
        let established = Rating { vouched: fair::ESTABLISHED_OPPONENTS, ..Rating::default() };
        let fresh = Rating { opponents: 40, games: 300, days: 2, ..Rating::default() };
        let met = Together { ever: 4, since: 1 };
        let together = vec![
            vec![Together::default(), met, Together::default()],
            vec![met, Together::default(), Together::default()],
            vec![Together::default(); 3],
        ];
        let updates = updates(&fair::Policy::default(), &[established, established, fresh], &together);
        let weights: Vec<(f64, f64)> = updates.iter().map(|u| (u.weight.vouched, u.weight.unvouched)).collect();
        // 0 meets 1 (played once today: 1/2 of the vouched part) and the
        // fresh identity 2, whatever its games among its own (all unvouched).
        assert_eq!(weights, [(0.25, 0.5), (0.25, 0.5), (1.0, 0.0)]);
        let counts: Vec<(u32, u32)> = updates.iter().map(|u| (u.new_opponents, u.new_vouchers)).collect();
        assert_eq!(counts, [(1, 0), (1, 0), (2, 2)], "only the established, new to it, vouch");
    }
}
