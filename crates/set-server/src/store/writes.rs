//! Group commit: every write of the rooms (a room made, a room taken by a
//! node, a seat taken, a start, a move, a rematch's link) goes through one task, which takes all
//! the writes waiting at once and commits them in one transaction, in the
//! order they came. With each commit on the disk before it returns
//! (`--durability power-loss`), the disk's flush is paid once per batch
//! instead of once per write, so that a burst of players sitting down does
//! not queue the moves of the rooms already playing behind a flush each
//! (BENCHMARKS.md, decisions); each room still hears of its write only once
//! it is kept. A batch the database refuses as a whole is tried again one
//! write at a time, so that one refused write never fails the others.

use super::{
    ChatRecord, FlagRecord, MoveRecord, ResultRecord, RoomRecord, SeatRecord, Speaker, StoreError, StoreResult, Taken,
    WATCHER_SEAT, insert_move, insert_seat,
};
use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

/// The most writes one transaction takes.
const BATCH: usize = 256;
/// How many writes may wait for the writer.
const WAITING: usize = 4096;

/// One write of a room's.
pub(super) enum Write {
    /// A new room, with its host's seat: no node owns it yet.
    CreateRoom { room: RoomRecord, host: SeatRecord },
    /// A change of a room its owner made: kept only if the room's epoch is
    /// still the one the owner took it at.
    Room { room: String, epoch: u64, change: Change },
    /// `node` takes `room` (its epoch raised) if it may (`Store::take`):
    /// with the moves, so that a burst of rooms loading does not pay a
    /// flush each while the rooms already playing wait behind them.
    Take { room: String, node: String, now: i64, wanted: bool },
}

/// What a write did.
#[derive(Debug)]
pub(super) enum Written {
    /// Kept.
    Kept,
    /// A take's outcome.
    Taken(Taken),
}

/// What a room's owner changes in it.
pub(super) enum Change {
    Seat(SeatRecord),
    Start {
        at: i64,
    },
    /// A move of the log; `last`: the move that ended the game, which marks
    /// the room over with it and keeps a rated game's results and ratings.
    Move {
        mv: MoveRecord,
        last: Option<Vec<ResultRecord>>,
    },
    /// The rematch's room.
    NextRoom(String),
    /// A waiting room's computer opponents, as the column holds them.
    Bots(String),
    /// Another host for a waiting room (their player id).
    Host(String),
    /// A seat taken away before the start (those after it move down one).
    RemoveSeat(u8),
    /// A line of the room's chat.
    Chat(ChatRecord),
    /// Its players marked for the operator.
    Flags(Vec<FlagRecord>),
}

/// A write and where its result goes.
struct Queued {
    write: Write,
    done: oneshot::Sender<StoreResult<Written>>,
}

/// The way to the writing task.
pub(super) struct Writes {
    tx: mpsc::Sender<Queued>,
}

impl Writes {
    /// Starts the task that writes through `writer`.
    pub(super) fn start(writer: AnyPool) -> Writes {
        let (tx, rx) = mpsc::channel(WAITING);
        tokio::spawn(write_batches(writer, rx));
        Writes { tx }
    }

    /// Writes in the next batch; resolves once it is committed.
    pub(super) async fn write(&self, write: Write) -> StoreResult<()> {
        self.queue(write).await.map(drop)
    }

    /// Takes `room` for `node` in the next batch: what came of it, once committed.
    pub(super) async fn take(&self, room: &str, node: &str, now: i64, wanted: bool) -> StoreResult<Taken> {
        let take = Write::Take { room: room.to_owned(), node: node.to_owned(), now, wanted };
        match self.queue(take).await? {
            Written::Taken(taken) => Ok(taken),
            Written::Kept => Err(StoreError::Corrupt("a take written as no take".into())),
        }
    }

    async fn queue(&self, write: Write) -> StoreResult<Written> {
        let (done, result) = oneshot::channel();
        self.tx.send(Queued { write, done }).await.map_err(|_| StoreError::Corrupt("the writer has stopped".into()))?;
        result.await.map_err(|_| StoreError::Corrupt("the writer has stopped".into()))?
    }
}

async fn write_batches(writer: AnyPool, mut rx: mpsc::Receiver<Queued>) {
    let mut batch = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut batch, BATCH).await > 0 {
        if let Ok(written) = commit(&writer, &batch).await {
            for (queued, written) in batch.drain(..).zip(written) {
                let _ = queued.done.send(Ok(written));
            }
            continue;
        }
        for queued in batch.drain(..) {
            let result = commit(&writer, std::slice::from_ref(&queued)).await;
            let result = result.and_then(|mut one| one.pop().ok_or(StoreError::Corrupt("a write lost".into())));
            let _ = queued.done.send(result);
        }
    }
}

/// Every write of `batch` in one transaction: what each did.
async fn commit(writer: &AnyPool, batch: &[Queued]) -> StoreResult<Vec<Written>> {
    let mut tx = super::begin_write(writer).await?;
    let mut written = Vec::with_capacity(batch.len());
    for queued in batch {
        written.push(apply(&mut tx, &queued.write).await?);
    }
    tx.commit().await?;
    Ok(written)
}

/// A rated game's result for one seat, and its player's new rating.
async fn keep_result(tx: &mut sqlx::AnyConnection, room: &str, mode: &str, result: &ResultRecord) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO results (room, seat, player, name, mode, place, sets, mu_before, sigma_before, mu_after, sigma_after)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
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
        "INSERT INTO ratings (player, mode, mu, sigma, games, wins, sets, opponents, played_at, vouched, days, unvouched)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $9, $10, $11, $12, $13)
         ON CONFLICT (player, mode) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
             games = excluded.games, wins = excluded.wins, sets = ratings.sets + excluded.sets,
             opponents = excluded.opponents, played_at = excluded.played_at,
             vouched = excluded.vouched, days = excluded.days, unvouched = excluded.unvouched
         WHERE ratings.games = $8",
    )
    .bind(&result.player)
    .bind(mode)
    .bind(result.after.mu)
    .bind(result.after.sigma)
    .bind(i64::from(result.after.games))
    .bind(i64::from(result.after.wins))
    .bind(i64::from(result.sets))
    .bind(i64::from(result.before.games))
    .bind(i64::from(result.after.opponents))
    .bind(result.after.played_at_ms)
    .bind(i64::from(result.after.vouched))
    .bind(i64::from(result.after.days))
    .bind(result.after.unvouched)
    .execute(&mut *tx)
    .await?;
    if written.rows_affected() != 1 {
        return Err(StoreError::StaleRating { player: result.player.clone() });
    }
    Ok(())
}

async fn apply(tx: &mut sqlx::AnyConnection, write: &Write) -> StoreResult<Written> {
    match write {
        Write::Take { room, node, now, wanted } => take(tx, room, node, *now, *wanted).await.map(Written::Taken),
        Write::CreateRoom { room, host } => {
            sqlx::query(
                "INSERT INTO rooms (id, mode, hints, dealing, public, bots, seed, salt, commitment, host, status, created_at,
                                    quick)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
            )
            .bind(&room.id)
            .bind(room.mode.name())
            .bind(i64::from(room.hints))
            .bind(room.dealing.name())
            .bind(i64::from(room.public))
            .bind(super::levels_text(&room.bots))
            .bind(room.seed as i64)
            .bind(&room.salt)
            .bind(&room.commitment)
            .bind(&room.host)
            .bind(room.status.name())
            .bind(room.created_at)
            .bind(i64::from(room.quick))
            .execute(&mut *tx)
            .await?;
            insert_seat(tx, &room.id, host).await.map(|()| Written::Kept)
        }
        Write::Room { room, epoch, change } => {
            // The fence: the room's row, locked until the commit (so that no
            // other node raises its epoch in between), must still hold this
            // owner's epoch. One statement in both dialects.
            let fenced = sqlx::query("UPDATE rooms SET epoch = epoch WHERE id = $1 AND epoch = $2")
                .bind(room)
                .bind(*epoch as i64)
                .execute(&mut *tx)
                .await?;
            if fenced.rows_affected() != 1 {
                return Err(StoreError::Superseded { room: room.to_owned() });
            }
            change_room(tx, room, change).await.map(|()| Written::Kept)
        }
    }
}

/// `node` takes `room` if it has no owner, or `node` owns it, or its
/// owner's lease ran out by `now`; else, if `wanted`, asks for it
/// (`Leases::take`).
async fn take(tx: &mut sqlx::AnyConnection, room: &str, node: &str, now: i64, wanted: bool) -> StoreResult<Taken> {
    let epoch: Option<i64> = sqlx::query_scalar(
        "UPDATE rooms SET owner = $1, epoch = epoch + 1, wanted_by = ''
         WHERE id = $2 AND (owner = '' OR owner = $1 OR NOT EXISTS (
             SELECT 1 FROM nodes WHERE nodes.name = rooms.owner AND nodes.lease_until > $3))
         RETURNING epoch",
    )
    .bind(node)
    .bind(room)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(epoch) = epoch {
        return Ok(Taken::Epoch(epoch as u64));
    }
    if wanted {
        sqlx::query("UPDATE rooms SET wanted_by = $1 WHERE id = $2").bind(node).bind(room).execute(&mut *tx).await?;
    }
    let owner: Option<String> =
        sqlx::query_scalar("SELECT owner FROM rooms WHERE id = $1").bind(room).fetch_optional(&mut *tx).await?;
    Ok(owner.map_or(Taken::NoRoom, Taken::OwnedBy))
}

/// Makes `change` in `room` (its fence passed).
async fn change_room(tx: &mut sqlx::AnyConnection, room: &str, change: &Change) -> StoreResult<()> {
    match change {
        Change::Seat(seat) => insert_seat(tx, room, seat).await,
        Change::Bots(bots) => {
            set_in_room(tx, "UPDATE rooms SET bots = $1 WHERE id = $2 AND status = 'waiting'", bots, room).await
        }
        Change::Host(player) => {
            set_in_room(tx, "UPDATE rooms SET host = $1 WHERE id = $2 AND status = 'waiting'", player, room).await
        }
        Change::RemoveSeat(seat) => {
            let seat = i64::from(*seat);
            // Through negative numbers: (room, seat) is a key, and the rows
            // are not updated in seat order.
            for statement in [
                "DELETE FROM seats WHERE room = $1 AND seat = $2",
                "UPDATE seats SET seat = -seat WHERE room = $1 AND seat > $2",
                "UPDATE seats SET seat = -seat - 1 WHERE room = $1 AND seat < 0",
                "DELETE FROM chat WHERE room = $1 AND seat = $2",
                "UPDATE chat SET seat = seat - 1 WHERE room = $1 AND seat > $2",
            ] {
                sqlx::query(statement).bind(room).bind(seat).execute(&mut *tx).await?;
            }
            Ok(())
        }
        Change::Start { at } => {
            let statement = "UPDATE rooms SET status = 'playing', started_at = $1 WHERE id = $2 AND status = 'waiting'";
            set_in_room(tx, statement, *at, room).await
        }
        Change::Move { mv, last } => {
            insert_move(&mut *tx, room, mv).await?;
            if let Some(results) = last {
                if !results.is_empty() {
                    let mode: String = sqlx::query_scalar("SELECT mode FROM rooms WHERE id = $1")
                        .bind(room)
                        .fetch_one(&mut *tx)
                        .await?;
                    for result in results {
                        keep_result(tx, room, &mode, result).await?;
                    }
                }
                sqlx::query(
                    "UPDATE rooms SET status = 'over', ended_at_ms = $1, ended_at = $2 WHERE id = $3 AND status = 'playing'",
                )
                .bind(mv.at_ms as i64)
                .bind(crate::unix_ms())
                .bind(room)
                .execute(&mut *tx)
                .await?;
            }
            Ok(())
        }
        Change::Chat(line) => {
            let (seat, watcher, name) = match &line.by {
                Speaker::Seat(seat) => (i64::from(*seat), None, None),
                Speaker::Watcher { player, name } => (WATCHER_SEAT, Some(player.as_str()), Some(name.as_str())),
            };
            sqlx::query(
                "INSERT INTO chat (room, n, seat, watcher, watcher_name, at_ms, text) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(room)
            .bind(i64::from(line.n))
            .bind(seat)
            .bind(watcher)
            .bind(name)
                .bind(line.at_ms as i64)
                .bind(&line.text)
                .execute(&mut *tx)
                .await?;
            Ok(())
        }
        Change::Flags(flags) => {
            for flag in flags {
                sqlx::query("INSERT INTO flags (player, room, seq, looked_ms, at) VALUES ($1, $2, $3, $4, $5)")
                    .bind(&flag.player)
                    .bind(room)
                    .bind(i64::from(flag.seq))
                    .bind(flag.looked_ms as i64)
                    .bind(crate::unix_ms())
                    .execute(&mut *tx)
                    .await?;
            }
            Ok(())
        }
        Change::NextRoom(next) => set_in_room(tx, "UPDATE rooms SET next_room = $1 WHERE id = $2", next, room).await,
    }
}

/// Runs an update of one room's row: `statement` takes `value` as `$1` and
/// the room's id as `$2`.
async fn set_in_room<'q, T>(
    tx: &mut sqlx::AnyConnection,
    statement: &'static str,
    value: T,
    room: &'q str,
) -> StoreResult<()>
where
    T: 'q + Send + sqlx::Encode<'q, sqlx::Any> + sqlx::Type<sqlx::Any>,
{
    sqlx::query(statement).bind(value).bind(room).execute(&mut *tx).await?;
    Ok(())
}
