//! Group commit: the moves of every room are appended by one task, which
//! takes all the appends waiting at once and commits them in one
//! transaction. With each commit on the disk before it returns
//! (`--durability power-loss`), the disk's flush is paid once per batch
//! instead of once per move, while each room still hears of its move only
//! once it is kept. A batch the database refuses as a whole is tried again
//! one move at a time, so that one refused move never fails the others.

use super::{MoveRecord, StoreError, StoreResult, insert_move};
use sqlx::SqlitePool;
use tokio::sync::{mpsc, oneshot};

/// The most moves one transaction takes.
const BATCH: usize = 256;
/// How many appends may wait for the writer.
const WAITING: usize = 4096;

/// One move to append, and where its result goes.
struct Append {
    room: String,
    mv: MoveRecord,
    /// The move that ended the game: the room is marked over with it.
    last: bool,
    done: oneshot::Sender<StoreResult<()>>,
}

/// The way to the appending task.
pub struct Appends {
    tx: mpsc::Sender<Append>,
}

impl Appends {
    /// Starts the task that appends through `writer`.
    pub fn start(writer: SqlitePool) -> Appends {
        let (tx, rx) = mpsc::channel(WAITING);
        tokio::spawn(write(writer, rx));
        Appends { tx }
    }

    /// Appends a move, in the next batch; resolves once it is committed.
    pub async fn append(&self, room: &str, mv: &MoveRecord, last: bool) -> StoreResult<()> {
        let (done, result) = oneshot::channel();
        let append = Append { room: room.to_owned(), mv: mv.clone(), last, done };
        self.tx.send(append).await.map_err(|_| StoreError::Corrupt("the writer has stopped".into()))?;
        result.await.map_err(|_| StoreError::Corrupt("the writer has stopped".into()))?
    }
}

async fn write(writer: SqlitePool, mut rx: mpsc::Receiver<Append>) {
    let mut batch = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut batch, BATCH).await > 0 {
        if commit(&writer, &batch).await.is_ok() {
            for append in batch.drain(..) {
                let _ = append.done.send(Ok(()));
            }
            continue;
        }
        for append in batch.drain(..) {
            let result = commit(&writer, std::slice::from_ref(&append)).await;
            let _ = append.done.send(result);
        }
    }
}

/// Appends every move of `batch` in one transaction.
async fn commit(writer: &SqlitePool, batch: &[Append]) -> StoreResult<()> {
    let mut tx = writer.begin().await?;
    for append in batch {
        insert_move(&mut *tx, &append.room, &append.mv).await?;
        if append.last {
            sqlx::query(
                "UPDATE rooms SET status = 'over', ended_at_ms = ?, ended_at = ? WHERE id = ? AND status = 'playing'",
            )
            .bind(append.mv.at_ms as i64)
            .bind(crate::unix_ms())
            .bind(&append.room)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
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

    fn hint(seq: u32) -> MoveRecord {
        MoveRecord { seq, seat: 0, at_ms: u64::from(seq), kind: MoveKind::Hint, cards: Vec::new() }
    }

    #[tokio::test]
    async fn moves_appended_together_are_each_kept_or_refused_on_their_own() {
        let dir = std::env::temp_dir().join(format!("set-appends-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let store = SqliteStore::open(&dir.join("set.db"), Durability::PowerLoss).await.unwrap();
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
            store.append_last("bbbbbbbbbb", &two),
        );
        assert!(first.is_ok() && b1.is_ok() && b2.is_ok(), "{first:?} {b1:?} {b2:?}");
        assert!(again.is_err(), "the same event twice is refused");
        let a = store.load("aaaaaaaaaa").await.unwrap().unwrap();
        let b = store.load("bbbbbbbbbb").await.unwrap().unwrap();
        assert_eq!(a.moves, [hint(1)]);
        assert_eq!((b.moves.len(), b.room.status), (2, Status::Over), "the last move marks the room over with it");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
