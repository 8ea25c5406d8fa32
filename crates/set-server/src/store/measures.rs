//! What the operator measures from the games kept: the newest finished
//! races among people (no hints, no bots), each with its seats' players'
//! standing in the way, for `admin floors` to set the ways' rated floors by
//! (`set_core::online::fair::floors`).

use super::{SqlStore, StoreResult};
use set_core::online::fair::Experience;
use sqlx::Row;

/// One finished race, its seats in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Race {
    pub room: String,
    /// Each seat's player's experience in the room's way, as the rules read it.
    pub seats: Vec<Experience>,
}

impl SqlStore {
    /// The newest `limit` finished races, newest first.
    pub(crate) async fn races(&self, limit: i64) -> StoreResult<Vec<Race>> {
        let statement = "SELECT r.id, COALESCE(g.vouched, 0) AS vouched, COALESCE(g.games, 0) AS games,
                COALESCE(g.days, 0) AS days
             FROM (SELECT id, mode, COALESCE(ended_at, 0) AS ended FROM rooms
                   WHERE status = 'over' AND hints = 0 AND bots = ''
                   ORDER BY ended DESC, id LIMIT $1) r
             JOIN seats s ON s.room = r.id
             LEFT JOIN ratings g ON g.player = s.player AND g.mode = r.mode
             ORDER BY r.ended DESC, r.id, s.seat";
        let rows = sqlx::query(statement).bind(limit).fetch_all(&self.reader).await?;
        let count = |row: &sqlx::any::AnyRow, column: &str| -> StoreResult<u32> {
            Ok(u32::try_from(row.try_get::<i64, _>(column)?).unwrap_or(u32::MAX))
        };
        let mut races: Vec<Race> = Vec::new();
        for row in &rows {
            let room: String = row.try_get("id")?;
            let seat =
                Experience { vouched: count(row, "vouched")?, games: count(row, "games")?, days: count(row, "days")? };
            match races.last_mut() {
                Some(race) if race.room == room => race.seats.push(seat),
                _ => races.push(Race { room, seats: vec![seat] }),
            }
        }
        Ok(races)
    }
}
