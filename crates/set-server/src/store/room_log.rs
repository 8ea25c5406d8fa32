//! The room log: a room's record, seats, moves and chat, written by its owner at its epoch and read back whole; and its deletion once past its time, in SQL: [`RoomLog`] for [`SqlStore`].

use super::writes::Change;
use super::writes::Write;
use super::{
    ChatRecord, Expiry, MoveKind, MoveRecord, ResultRecord, RoomLog, RoomRecord, SeatRecord, Speaker, SqlStore, Status,
    StoreError, StoreResult, StoredRoom, levels, levels_text, online_variant, players, room_write,
};
use futures_util::future::BoxFuture;
use set_core::players::level::Level;
use set_core::rules::variant::Dealing;
use sqlx::Row;

impl RoomLog for SqlStore {
    fn create_room<'a>(&'a self, room: &'a RoomRecord, host_seat: &'a SeatRecord) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(self.writes.write(Write::CreateRoom { room: room.clone(), host: host_seat.clone() }))
    }

    fn add_seat<'a>(&'a self, room: &'a str, epoch: u64, seat: &'a SeatRecord) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(self.writes.write(room_write(room, epoch, Change::Seat(seat.clone()))))
    }

    fn start<'a>(&'a self, room: &'a str, epoch: u64, at: i64) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(self.writes.write(room_write(room, epoch, Change::Start { at })))
    }

    fn append<'a>(&'a self, room: &'a str, epoch: u64, mv: &'a MoveRecord) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(self.writes.write(room_write(room, epoch, Change::Move { mv: mv.clone(), last: None })))
    }

    fn append_last<'a>(
        &'a self,
        room: &'a str,
        epoch: u64,
        mv: &'a MoveRecord,
        results: &'a [ResultRecord],
    ) -> BoxFuture<'a, StoreResult<()>> {
        let last = Some(results.to_vec());
        Box::pin(self.writes.write(room_write(room, epoch, Change::Move { mv: mv.clone(), last })))
    }

    fn set_next_room<'a>(&'a self, room: &'a str, epoch: u64, next: &'a str) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(self.writes.write(room_write(room, epoch, Change::NextRoom(next.to_owned()))))
    }

    fn set_bots<'a>(&'a self, room: &'a str, epoch: u64, bots: &'a [Level]) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(self.writes.write(room_write(room, epoch, Change::Bots(levels_text(bots)))))
    }

    fn set_host<'a>(&'a self, room: &'a str, epoch: u64, player: &'a str) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(self.writes.write(room_write(room, epoch, Change::Host(player.to_owned()))))
    }

    fn remove_seat<'a>(&'a self, room: &'a str, epoch: u64, seat: u8) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(self.writes.write(room_write(room, epoch, Change::RemoveSeat(seat))))
    }

    fn chat<'a>(&'a self, room: &'a str, epoch: u64, line: &'a ChatRecord) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(self.writes.write(room_write(room, epoch, Change::Chat(line.clone()))))
    }

    fn load<'a>(&'a self, room: &'a str) -> BoxFuture<'a, StoreResult<Option<StoredRoom>>> {
        Box::pin(async move {
            // One read transaction: the record, seats and moves of one moment.
            let mut tx = self.reader.begin().await?;
            let Some(row) =
                sqlx::query("SELECT * FROM rooms WHERE id = $1").bind(room).fetch_optional(&mut *tx).await?
            else {
                return Ok(None);
            };
            let status: String = row.try_get("status")?;
            let record = RoomRecord {
                id: row.try_get("id")?,
                mode: online_variant(&row.try_get::<String, _>("mode")?)?,
                hints: row.try_get::<i64, _>("hints")? != 0,
                dealing: {
                    let name: String = row.try_get("dealing")?;
                    Dealing::from_name(&name).ok_or_else(|| StoreError::Corrupt(format!("dealing {name}")))?
                },
                public: row.try_get::<i64, _>("public")? != 0,
                bots: levels(&row.try_get::<String, _>("bots")?)?,
                seed: row.try_get::<i64, _>("seed")? as u64,
                salt: row.try_get("salt")?,
                commitment: row.try_get("commitment")?,
                host: row.try_get("host")?,
                status: Status::from_name(&status).ok_or_else(|| StoreError::Corrupt(format!("status {status}")))?,
                created_at: row.try_get("created_at")?,
                ended_at_ms: row.try_get::<Option<i64>, _>("ended_at_ms")?.map(|ms| ms as u64),
                next_room: row.try_get("next_room")?,
                quick: row.try_get::<i64, _>("quick")? != 0,
            };
            let seats = sqlx::query("SELECT seat, player, name FROM seats WHERE room = $1 ORDER BY seat")
                .bind(room)
                .fetch_all(&mut *tx)
                .await?
                .iter()
                .map(|row| {
                    Ok(SeatRecord {
                        seat: row.try_get::<i64, _>("seat")? as u8,
                        player: row.try_get("player")?,
                        name: row.try_get("name")?,
                    })
                })
                .collect::<StoreResult<Vec<_>>>()?;
            let mut moves = Vec::new();
            let rows = sqlx::query("SELECT seq, seat, at_ms, kind, cards FROM moves WHERE room = $1 ORDER BY seq")
                .bind(room)
                .fetch_all(&mut *tx)
                .await?;
            for row in rows {
                let kind: String = row.try_get("kind")?;
                let cards: String = row.try_get("cards")?;
                moves.push(MoveRecord {
                    seq: row.try_get::<i64, _>("seq")? as u32,
                    seat: row.try_get::<i64, _>("seat")? as u8,
                    at_ms: row.try_get::<i64, _>("at_ms")? as u64,
                    kind: MoveKind::from_name(&kind)
                        .ok_or_else(|| StoreError::Corrupt(format!("a move of kind {kind}")))?,
                    cards: cards
                        .split_ascii_whitespace()
                        .map(|id| id.parse().map_err(|_| StoreError::Corrupt(format!("card {id}"))))
                        .collect::<StoreResult<_>>()?,
                });
            }
            let rows = sqlx::query(
                "SELECT n, seat, watcher, watcher_name, at_ms, text, hidden FROM chat
                     WHERE room = $1 ORDER BY n DESC LIMIT $2",
            )
            .bind(room)
            .bind(crate::chat::KEPT as i64)
            .fetch_all(&mut *tx)
            .await?;
            let mut chat = rows
                .iter()
                .map(|row| {
                    let seat = row.try_get::<i64, _>("seat")?;
                    let by = match (u8::try_from(seat), row.try_get::<Option<String>, _>("watcher")?) {
                        (Ok(seat), None) => Speaker::Seat(seat),
                        (Err(_), Some(player)) => {
                            let name = row.try_get::<Option<String>, _>("watcher_name")?.unwrap_or_default();
                            Speaker::Watcher { player, name }
                        }
                        _ => return Err(StoreError::Corrupt(format!("chat line by seat {seat}"))),
                    };
                    Ok(ChatRecord {
                        n: row.try_get::<i64, _>("n")? as u32,
                        by,
                        at_ms: row.try_get::<i64, _>("at_ms")? as u64,
                        text: row.try_get("text")?,
                        hidden: row.try_get::<i64, _>("hidden")? != 0,
                    })
                })
                .collect::<StoreResult<Vec<_>>>()?;
            chat.reverse();
            let watcher_lines: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM chat WHERE room = $1 AND watcher IS NOT NULL")
                    .bind(room)
                    .fetch_one(&mut *tx)
                    .await?;
            let rows = sqlx::query(
                "SELECT seat, player, name, place, sets, mu_before, sigma_before, mu_after, sigma_after
                 FROM results WHERE room = $1 ORDER BY seat",
            )
            .bind(room)
            .fetch_all(&mut *tx)
            .await?;
            let results = rows
                .iter()
                .map(|row| {
                    Ok(ResultRecord {
                        seat: row.try_get::<i64, _>("seat")? as u8,
                        player: row.try_get("player")?,
                        name: row.try_get("name")?,
                        place: row.try_get::<i64, _>("place")? as u32,
                        sets: row.try_get::<i64, _>("sets")? as u32,
                        before: players::read_rating(row, "mu_before", "sigma_before")?,
                        after: players::read_rating(row, "mu_after", "sigma_after")?,
                    })
                })
                .collect::<StoreResult<Vec<_>>>()?;
            let watcher_lines = u32::try_from(watcher_lines).unwrap_or(u32::MAX);
            Ok(Some(StoredRoom { room: record, seats, moves, chat, watcher_lines, results }))
        })
    }

    fn delete_expired<'a>(&'a self, expiry: Expiry, keep: &'a [String]) -> BoxFuture<'a, StoreResult<Vec<String>>> {
        Box::pin(self.delete_rooms(expiry, keep))
    }
}
