//! A rated room's results: which games count (no hints, no computer
//! opponents, two or more people), and at the end each player's place and
//! new rating (`crate::ratings`), kept with the game's last move.

use super::Room;
use crate::proto::ResultMsg;
use crate::ratings::{self, Rating};
use crate::store::{ResultRecord, StoreResult};
use set_core::online::room::RoomGame;

impl Room {
    /// Whether this room's game counts for ratings.
    pub(super) fn rated(&self) -> bool {
        !self.record.hints && self.record.bots.is_empty() && self.seats.len() >= 2
    }

    /// The results of `game` (the game as it ends), if the room is rated:
    /// places by sets, those not here last, and the ratings after.
    pub(super) async fn results_of(&self, game: &RoomGame) -> StoreResult<Vec<ResultRecord>> {
        if !self.rated() {
            return Ok(Vec::new());
        }
        let players: Vec<String> = self.seats.iter().map(|s| s.player.clone()).collect();
        let before = self.store.ratings(self.record.mode.name(), &players).await?;
        let standings = game.standings();
        let sets: Vec<u32> = (0..self.seats.len()).map(|at| standings.get(at).map_or(0, |s| s.sets)).collect();
        let present: Vec<bool> =
            self.seats.iter().map(|s| self.conns.values().any(|c| c.seat == Some(s.seat))).collect();
        let places = ratings::places(&sets, &present);
        let after = ratings::rate(&before, &places);
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
