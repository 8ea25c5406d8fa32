//! Group commit: every write of the rooms (a room made, a seat taken, a
//! start, a move, a rematch's link) goes through one task, which takes all
//! the writes waiting at once and commits them in one transaction, in the
//! order they came. With each commit on the disk before it returns
//! (`--durability power-loss`), the disk's flush is paid once per batch
//! instead of once per write, so that a burst of players sitting down does
//! not queue the moves of the rooms already playing behind a flush each
//! (BENCHMARKS.md, decisions); each room still hears of its write only once
//! it is kept. A batch the database refuses as a whole is tried again one
//! write at a time, so that one refused write never fails the others.

use super::{
    ChatRecord, MoveRecord, ResultRecord, RoomRecord, SeatRecord, StoreError, StoreResult, insert_move, insert_seat,
};
use sqlx::SqlitePool;
use tokio::sync::{mpsc, oneshot};

/// The most writes one transaction takes.
const BATCH: usize = 256;
/// How many writes may wait for the writer.
const WAITING: usize = 4096;

/// One write of a room's.
pub enum Write {
    /// A new room, with its host's seat.
    CreateRoom {
        room: RoomRecord,
        host: SeatRecord,
    },
    Seat {
        room: String,
        seat: SeatRecord,
    },
    Start {
        room: String,
        at: i64,
    },
    /// A move of the log; `last`: the move that ended the game, which marks
    /// the room over with it and keeps a rated game's results and ratings.
    Move {
        room: String,
        mv: MoveRecord,
        last: Option<Vec<ResultRecord>>,
    },
    /// The rematch's room.
    NextRoom {
        room: String,
        next: String,
    },
    /// A waiting room's computer opponents, as the column holds them.
    Bots {
        room: String,
        bots: String,
    },
    /// Another host for a waiting room.
    Host {
        room: String,
        player: String,
    },
    /// A seat taken away before the start (those after it move down one).
    RemoveSeat {
        room: String,
        seat: u8,
    },
    /// A line of the room's chat.
    Chat {
        room: String,
        line: ChatRecord,
    },
}

/// A write and where its result goes.
struct Queued {
    write: Write,
    done: oneshot::Sender<StoreResult<()>>,
}

/// The way to the writing task.
pub struct Writes {
    tx: mpsc::Sender<Queued>,
}

impl Writes {
    /// Starts the task that writes through `writer`.
    pub fn start(writer: SqlitePool) -> Writes {
        let (tx, rx) = mpsc::channel(WAITING);
        tokio::spawn(write_batches(writer, rx));
        Writes { tx }
    }

    /// Writes in the next batch; resolves once it is committed.
    pub async fn write(&self, write: Write) -> StoreResult<()> {
        let (done, result) = oneshot::channel();
        self.tx.send(Queued { write, done }).await.map_err(|_| StoreError::Corrupt("the writer has stopped".into()))?;
        result.await.map_err(|_| StoreError::Corrupt("the writer has stopped".into()))?
    }
}

async fn write_batches(writer: SqlitePool, mut rx: mpsc::Receiver<Queued>) {
    let mut batch = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut batch, BATCH).await > 0 {
        if commit(&writer, &batch).await.is_ok() {
            for queued in batch.drain(..) {
                let _ = queued.done.send(Ok(()));
            }
            continue;
        }
        for queued in batch.drain(..) {
            let result = commit(&writer, std::slice::from_ref(&queued)).await;
            let _ = queued.done.send(result);
        }
    }
}

/// Every write of `batch` in one transaction.
async fn commit(writer: &SqlitePool, batch: &[Queued]) -> StoreResult<()> {
    let mut tx = writer.begin().await?;
    for queued in batch {
        apply(&mut tx, &queued.write).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A rated game's result for one seat, and its player's new rating.
async fn keep_result(
    tx: &mut sqlx::SqliteConnection,
    room: &str,
    mode: &str,
    result: &ResultRecord,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO results (room, seat, player, name, mode, place, sets, mu_before, sigma_before, mu_after, sigma_after)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(room)
    .bind(i64::from(result.seat))
    .bind(&result.player)
    .bind(&result.name)
    .bind(mode)
    .bind(i64::from(result.place))
    .bind(i64::from(result.sets))
    .bind(result.before.mu)
    .bind(result.before.sigma)
    .bind(result.after.mu)
    .bind(result.after.sigma)
    .execute(&mut *tx)
    .await?;
    // The rating is replaced only if it is still the one the result was
    // rated from: its count of games is its version. A new player's row
    // must not exist yet.
    let written = sqlx::query(
        "INSERT INTO ratings (player, mode, mu, sigma, games, wins, sets) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (player, mode) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
             games = excluded.games, wins = excluded.wins, sets = ratings.sets + excluded.sets
         WHERE ratings.games = ?",
    )
    .bind(&result.player)
    .bind(mode)
    .bind(result.after.mu)
    .bind(result.after.sigma)
    .bind(i64::from(result.after.games))
    .bind(i64::from(result.after.wins))
    .bind(i64::from(result.sets))
    .bind(i64::from(result.before.games))
    .execute(&mut *tx)
    .await?;
    if written.rows_affected() != 1 {
        return Err(StoreError::StaleRating { player: result.player.clone() });
    }
    Ok(())
}

async fn apply(tx: &mut sqlx::SqliteConnection, write: &Write) -> StoreResult<()> {
    match write {
        Write::CreateRoom { room, host } => {
            sqlx::query(
                "INSERT INTO rooms (id, mode, hints, public, bots, seed, salt, commitment, host, status, created_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(&room.id)
            .bind(&room.mode)
            .bind(room.hints)
            .bind(room.public)
            .bind(super::levels_text(&room.bots))
            .bind(room.seed as i64)
            .bind(&room.salt)
            .bind(&room.commitment)
            .bind(&room.host)
            .bind(room.status.name())
            .bind(room.created_at)
            .execute(&mut *tx)
            .await?;
            insert_seat(tx, &room.id, host).await
        }
        Write::Seat { room, seat } => insert_seat(tx, room, seat).await,
        Write::Bots { room, bots } => {
            sqlx::query("UPDATE rooms SET bots = ? WHERE id = ? AND status = 'waiting'")
                .bind(bots)
                .bind(room)
                .execute(&mut *tx)
                .await?;
            Ok(())
        }
        Write::Host { room, player } => {
            sqlx::query("UPDATE rooms SET host = ? WHERE id = ? AND status = 'waiting'")
                .bind(player)
                .bind(room)
                .execute(&mut *tx)
                .await?;
            Ok(())
        }
        Write::RemoveSeat { room, seat } => {
            let seat = i64::from(*seat);
            // Through negative numbers: (room, seat) is a key, and the rows
            // are not updated in seat order.
            for statement in [
                "DELETE FROM seats WHERE room = ?1 AND seat = ?2",
                "UPDATE seats SET seat = -seat WHERE room = ?1 AND seat > ?2",
                "UPDATE seats SET seat = -seat - 1 WHERE room = ?1 AND seat < 0",
                "DELETE FROM chat WHERE room = ?1 AND seat = ?2",
                "UPDATE chat SET seat = seat - 1 WHERE room = ?1 AND seat > ?2",
            ] {
                sqlx::query(statement).bind(room).bind(seat).execute(&mut *tx).await?;
            }
            Ok(())
        }
        Write::Start { room, at } => {
            sqlx::query("UPDATE rooms SET status = 'playing', started_at = ? WHERE id = ? AND status = 'waiting'")
                .bind(at)
                .bind(room)
                .execute(&mut *tx)
                .await?;
            Ok(())
        }
        Write::Move { room, mv, last } => {
            insert_move(&mut *tx, room, mv).await?;
            if let Some(results) = last {
                if !results.is_empty() {
                    let mode: String = sqlx::query_scalar("SELECT mode FROM rooms WHERE id = ?")
                        .bind(room)
                        .fetch_one(&mut *tx)
                        .await?;
                    for result in results {
                        keep_result(tx, room, &mode, result).await?;
                    }
                }
                sqlx::query(
                    "UPDATE rooms SET status = 'over', ended_at_ms = ?, ended_at = ? WHERE id = ? AND status = 'playing'",
                )
                .bind(mv.at_ms as i64)
                .bind(crate::unix_ms())
                .bind(room)
                .execute(&mut *tx)
                .await?;
            }
            Ok(())
        }
        Write::Chat { room, line } => {
            sqlx::query("INSERT INTO chat (room, n, seat, at_ms, text) VALUES (?, ?, ?, ?, ?)")
                .bind(room)
                .bind(i64::from(line.n))
                .bind(i64::from(line.seat))
                .bind(line.at_ms as i64)
                .bind(&line.text)
                .execute(&mut *tx)
                .await?;
            Ok(())
        }
        Write::NextRoom { room, next } => {
            sqlx::query("UPDATE rooms SET next_room = ? WHERE id = ?").bind(next).bind(room).execute(&mut *tx).await?;
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::super::{Durability, MoveKind, RoomRecord, SeatRecord, SqliteStore, Status, Store};
    use super::*;

    fn room(id: &str) -> RoomRecord {
        RoomRecord {
            id: id.into(),
            mode: "classic".into(),
            hints: true,
            public: true,
            bots: Vec::new(),
            seed: 1,
            salt: "s".into(),
            commitment: "c".into(),
            host: "p".into(),
            status: Status::Waiting,
            created_at: 0,
            ended_at_ms: None,
            next_room: None,
        }
    }

    /// A store in a fresh folder of its own (the folder, to remove at the end).
    async fn scratch_store(name: &str) -> (SqliteStore, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        (SqliteStore::open(&dir.join("set.db"), Durability::PowerLoss).await.unwrap(), dir)
    }

    fn hint(seq: u32) -> MoveRecord {
        MoveRecord { seq, seat: 0, at_ms: u64::from(seq), kind: MoveKind::Hint, cards: Vec::new() }
    }

    #[tokio::test]
    async fn moves_appended_together_are_each_kept_or_refused_on_their_own() {
        let (store, dir) = scratch_store("set-writes").await;
        let seat = SeatRecord { seat: 0, player: "p".into(), name: "Ann".into() };
        for id in ["aaaaaaaaaa", "bbbbbbbbbb"] {
            store.create_room(&room(id), &seat).await.unwrap();
            store.start(id, 0).await.unwrap();
        }
        // Sent at once, so that they meet in one batch: a's move 1 twice
        // (the second is refused by the log's key), b's moves 1 and 2.
        let (one, two) = (hint(1), hint(2));
        let (first, again, b1, b2) = tokio::join!(
            store.append("aaaaaaaaaa", &one),
            store.append("aaaaaaaaaa", &one),
            store.append("bbbbbbbbbb", &one),
            store.append_last("bbbbbbbbbb", &two, &[]),
        );
        assert!(first.is_ok() && b1.is_ok() && b2.is_ok(), "{first:?} {b1:?} {b2:?}");
        assert!(again.is_err(), "the same event twice is refused");
        let a = store.load("aaaaaaaaaa").await.unwrap().unwrap();
        let b = store.load("bbbbbbbbbb").await.unwrap().unwrap();
        assert_eq!(a.moves, [hint(1)]);
        assert_eq!((b.moves.len(), b.room.status), (2, Status::Over), "the last move marks the room over with it");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Two games of one player's ending at once, both rated from the same
    /// rating: the first kept, the second refused whole (its move, its
    /// results, its rating) until it is rated from the rating as it is now.
    #[tokio::test]
    async fn a_game_rated_from_a_rating_that_changed_meanwhile_keeps_nothing() {
        use crate::ratings::{Rating, rate};
        let (store, dir) = scratch_store("set-writes-stale").await;
        let seat = |n: u8| SeatRecord { seat: n, player: format!("p{n}"), name: format!("N{n}") };
        for id in ["dddddddddd", "eeeeeeeeee"] {
            store.create_room(&room(id), &seat(0)).await.unwrap();
            store.add_seat(id, &seat(1)).await.unwrap();
            store.start(id, 0).await.unwrap();
        }
        let results = |before: &[Rating]| -> Vec<ResultRecord> {
            let after = rate(before, &[1, 2]);
            (0..2)
                .map(|n: u8| ResultRecord {
                    seat: n,
                    player: format!("p{n}"),
                    name: format!("N{n}"),
                    place: u32::from(n) + 1,
                    sets: 1,
                    before: before[usize::from(n)],
                    after: after[usize::from(n)],
                })
                .collect()
        };
        let (fresh, first) = (results(&[Rating::default(), Rating::default()]), hint(1));
        let (d, e) = tokio::join!(
            store.append_last("dddddddddd", &first, &fresh),
            store.append_last("eeeeeeeeee", &first, &fresh),
        );
        let stale = match (&d, &e) {
            (Ok(()), Err(StoreError::StaleRating { .. })) => "eeeeeeeeee",
            (Err(StoreError::StaleRating { .. }), Ok(())) => "dddddddddd",
            other => panic!("one of the two is kept, the other refused as stale: {other:?}"),
        };
        let refused = store.load(stale).await.unwrap().unwrap();
        assert_eq!((refused.moves.len(), refused.room.status, refused.results.len()), (0, Status::Playing, 0));
        let now = store.ratings("classic", &["p0".to_owned(), "p1".to_owned()]).await.unwrap();
        assert_eq!(now.iter().map(|r| r.games).collect::<Vec<_>>(), [1, 1]);
        store.append_last(stale, &first, &results(&now)).await.unwrap();
        let after = store.ratings("classic", &["p0".to_owned(), "p1".to_owned()]).await.unwrap();
        assert_eq!(after.iter().map(|r| (r.games, r.wins)).collect::<Vec<_>>(), [(2, 2), (2, 0)]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn a_removed_seat_takes_its_chat_and_the_seats_after_it_move_down_one() {
        use super::super::ChatRecord;
        let (store, dir) = scratch_store("set-writes-seat").await;
        let seat = |n: u8| SeatRecord { seat: n, player: format!("p{n}"), name: format!("N{n}") };
        store.create_room(&room("cccccccccc"), &seat(0)).await.unwrap();
        for n in 1..4 {
            store.add_seat("cccccccccc", &seat(n)).await.unwrap();
            let line = ChatRecord { n: u32::from(n), seat: n, at_ms: 0, text: format!("from {n}") };
            store.chat("cccccccccc", &line).await.unwrap();
        }
        store.remove_seat("cccccccccc", 1).await.unwrap();
        store.set_host("cccccccccc", "p2").await.unwrap();
        let stored = store.load("cccccccccc").await.unwrap().unwrap();
        let seats: Vec<(u8, &str)> = stored.seats.iter().map(|s| (s.seat, s.player.as_str())).collect();
        assert_eq!(seats, [(0, "p0"), (1, "p2"), (2, "p3")]);
        let chat: Vec<(u8, &str)> = stored.chat.iter().map(|l| (l.seat, l.text.as_str())).collect();
        assert_eq!(chat, [(1, "from 2"), (2, "from 3")]);
        assert_eq!(stored.room.host, "p2");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
