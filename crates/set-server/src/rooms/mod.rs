//! The rooms: one task per live room owns its game and is the only writer
//! of its log, so the order in which its inbox receives claims is the order
//! of the game. Every decision is the core's ([`RoomGame`]); this module
//! adds who is connected, the store, and telling everyone.
//!
//! An accepted or wrong claim is applied to a copy, appended to the store,
//! and only then swapped in, broadcast and answered: if the append fails the
//! claim is refused (`unavailable`) and the game is as it was. A room that
//! is not live is loaded from the store, replayed through the rules and
//! audited; a room whose task panicked is dropped from the registry, its
//! connections are closed ([`close::ROOM_LOST`]), and the clients'
//! reconnection loads it again from its log. Other rooms go on.

use crate::ids;
use crate::proto::close;
use crate::store::{RoomRecord, SeatRecord, Status, Store};
use set_core::players::sitting::Seats;
use set_core::rules::variant::Variant;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, Notify, mpsc};
use tokio::task::JoinSet;

mod room;

use room::Room;

/// How many commands may wait in a room's inbox.
const INBOX: usize = 256;
/// How many messages may wait for one slow connection before it is closed.
pub const OUTBOX: usize = 512;
/// A room with nobody connected unloads after this long; it loads again from its log.
const IDLE_UNLOAD: Duration = Duration::from_secs(300);
/// The claims whose answers a room remembers, for a client that resends one.
const REMEMBERED_CLAIMS: usize = 256;
/// The ways to play a room offers (the daily puzzle is played alone).
pub const ROOM_MODES: [Variant; 4] = [Variant::Classic, Variant::Junior, Variant::Chain, Variant::Ultra];

pub type ConnId = u64;

/// What a room sends a connection: a frame, or "close with this code".
#[derive(Clone, Debug)]
pub enum Outgoing {
    Text(Arc<str>),
    Close(u16, &'static str),
}

/// A connection's way back: its outbox, a bell that closes it when the
/// outbox is over its budget (a client too slow to keep up reconnects and
/// resyncs), and the bytes waiting in it.
#[derive(Clone)]
pub struct Outbox {
    pub tx: mpsc::Sender<Outgoing>,
    pub kick: Arc<Notify>,
    /// Bytes queued and not yet written to the socket.
    pub queued: Arc<AtomicUsize>,
    /// The most bytes that may wait (`--outbox-bytes`).
    pub budget: usize,
}

impl Outbox {
    pub fn new(tx: mpsc::Sender<Outgoing>, budget: usize) -> Outbox {
        Outbox { tx, kick: Arc::new(Notify::new()), queued: Arc::default(), budget }
    }

    /// Queues a frame; over the byte budget or the message count, the
    /// connection is closed instead of holding more for a reader that
    /// does not read.
    pub fn send(&self, text: Arc<str>) {
        let size = text.len();
        let queued = self.queued.fetch_add(size, Ordering::Relaxed) + size;
        if queued > self.budget || self.tx.try_send(Outgoing::Text(text)).is_err() {
            self.queued.fetch_sub(size, Ordering::Relaxed);
            self.kick.notify_one();
        }
    }
}

/// What a connection asks of its room.
pub enum Command {
    Join {
        conn: ConnId,
        player: String,
        name: Option<String>,
        since: u32,
        outbox: Outbox,
    },
    Leave {
        conn: ConnId,
    },
    Start {
        conn: ConnId,
    },
    Claim {
        conn: ConnId,
        id: u32,
        cards: Vec<i64>,
        seen: u32,
        received: Instant,
    },
    Hint {
        conn: ConnId,
        id: u32,
    },
    Rtt {
        conn: ConnId,
        ms: u32,
    },
    Rematch {
        conn: ConnId,
    },
    /// Debug builds only: panic inside this room, to test that the others live on.
    #[cfg(debug_assertions)]
    Crash,
}

/// Why a room cannot be reached.
#[derive(Debug)]
pub enum RoomsError {
    NoRoom,
    BadMode(String),
    BadName(String),
    Store(crate::store::StoreError),
    /// A stored log that does not replay: the room stays closed.
    Broken(String),
}

impl std::fmt::Display for RoomsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoomsError::NoRoom => write!(f, "there is no such room"),
            RoomsError::BadMode(mode) => {
                write!(f, "\"{mode}\" is no way to play online: classic, junior, chain or ultra")
            }
            RoomsError::BadName(why) => write!(f, "{why}"),
            RoomsError::Store(err) => write!(f, "{err}"),
            RoomsError::Broken(why) => write!(f, "the room's log does not replay: {why}"),
        }
    }
}

/// A room loaded in memory: its task's generation, its inbox, and how many
/// connections are in it now (which the room keeps up to date).
struct Live {
    generation: u64,
    inbox: mpsc::Sender<Command>,
    present: Arc<AtomicUsize>,
}

/// The live rooms, by id, and the store behind them.
pub struct Rooms {
    store: Arc<dyn Store>,
    live: Mutex<HashMap<String, Live>>,
    generation: AtomicU64,
    /// Each live room's task (with the watcher that unlists it), so that a
    /// stopping server can wait for the rooms to finish their work.
    tasks: std::sync::Mutex<JoinSet<()>>,
}

/// How long a stopping server waits for its rooms to finish the command in hand.
const STOP_WAIT: Duration = Duration::from_secs(5);

impl Rooms {
    pub fn new(store: Arc<dyn Store>) -> Arc<Rooms> {
        Arc::new(Rooms {
            store,
            live: Mutex::new(HashMap::new()),
            generation: AtomicU64::new(0),
            tasks: std::sync::Mutex::new(JoinSet::new()),
        })
    }

    /// Stops taking commands and waits (a while) for every live room to
    /// finish the ones it has: a move being appended is kept and told, or
    /// never acknowledged. Called once the connections are closed.
    pub async fn stop(&self) {
        self.live.lock().await.clear();
        let mut tasks = match self.tasks.lock() {
            Ok(mut tasks) => std::mem::take(&mut *tasks),
            Err(_) => return,
        };
        let all_done = async { while tasks.join_next().await.is_some() {} };
        if tokio::time::timeout(STOP_WAIT, all_done).await.is_err() {
            tracing::warn!("rooms still busy at the stop");
        }
    }

    /// Deletes the rooms that never started and were made before
    /// `waiting_before`, and the finished games that ended before
    /// `over_before` (Unix ms), but none that is live; how many went.
    pub async fn sweep(&self, waiting_before: i64, over_before: i64) -> Result<u64, RoomsError> {
        // A room someone is in stays; a loaded one nobody is in may go, and
        // is unloaded with it (its task ends once its inbox is dropped).
        let mut live = self.live.lock().await;
        let occupied: Vec<String> = live
            .iter()
            .filter(|(_, room)| room.present.load(Ordering::Relaxed) > 0)
            .map(|(id, _)| id.clone())
            .collect();
        let deleted =
            self.store.delete_expired(waiting_before, over_before, &occupied).await.map_err(RoomsError::Store)?;
        if deleted.is_empty() {
            return Ok(0);
        }
        for id in &deleted {
            live.remove(id);
        }
        Ok(deleted.len() as u64)
    }

    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// Creates a waiting room with its host seated; returns its id.
    pub async fn create(&self, host: &str, name: &str, mode: &str, hints: bool) -> Result<String, RoomsError> {
        let variant = room_variant(mode)?;
        let name = checked_names(&[name])?.remove(0);
        let id = ids::new_room_id();
        let (seed, salt) = (ids::new_seed(), ids::new_salt());
        let record = RoomRecord {
            commitment: ids::commitment(&id, seed, &salt),
            id: id.clone(),
            mode: variant.name().to_owned(),
            hints,
            seed,
            salt,
            host: host.to_owned(),
            status: Status::Waiting,
            created_at: crate::unix_ms(),
            ended_at_ms: None,
            next_room: None,
        };
        let seat = SeatRecord { seat: 0, player: host.to_owned(), name };
        self.store.create_room(&record, &seat).await.map_err(RoomsError::Store)?;
        Ok(id)
    }

    /// The inbox of a room, loading it from the store if it is not live.
    pub async fn inbox(self: &Arc<Self>, id: &str) -> Result<mpsc::Sender<Command>, RoomsError> {
        let mut live = self.live.lock().await;
        if let Some(room) = live.get(id).filter(|room| !room.inbox.is_closed()) {
            return Ok(room.inbox.clone());
        }
        let stored = self.store.load(id).await.map_err(RoomsError::Store)?.ok_or(RoomsError::NoRoom)?;
        let present = Arc::new(AtomicUsize::new(0));
        let room = Room::restore(stored, self.store.clone(), Arc::clone(&present))?;
        let (tx, rx) = mpsc::channel(INBOX);
        let generation = self.generation.fetch_add(1, Ordering::Relaxed);
        live.insert(id.to_owned(), Live { generation, inbox: tx.clone(), present });
        let rooms = Arc::clone(self);
        let id = id.to_owned();
        let task = tokio::spawn(room.run(rx));
        let watcher = async move {
            if let Err(err) = task.await {
                tracing::error!(room = %id, %err, "room stopped; it reloads from its log on the next join");
            }
            let mut live = rooms.live.lock().await;
            if live.get(&id).is_some_and(|room| room.generation == generation) {
                live.remove(&id);
            }
        };
        if let Ok(mut tasks) = self.tasks.lock() {
            while tasks.try_join_next().is_some() {}
            tasks.spawn(watcher);
        }
        Ok(tx)
    }

    /// The finished game of a room as a save file, if it is over.
    pub async fn export(&self, id: &str) -> Result<Option<String>, RoomsError> {
        let stored = self.store.load(id).await.map_err(RoomsError::Store)?.ok_or(RoomsError::NoRoom)?;
        if stored.room.status != Status::Over {
            return Ok(None);
        }
        let room = Room::restore(stored, self.store.clone(), Arc::default())?;
        room.finished_save().map(Some).ok_or_else(|| RoomsError::Broken("an ended room without a game".into()))
    }
}

fn room_variant(mode: &str) -> Result<Variant, RoomsError> {
    ROOM_MODES.into_iter().find(|v| v.name() == mode).ok_or_else(|| RoomsError::BadMode(set_core::text::short(mode)))
}

/// The names checked as the core seats them (trimmed, 1 to 20 characters,
/// nothing invisible, no two alike).
fn checked_names(names: &[&str]) -> Result<Vec<String>, RoomsError> {
    let seats = Seats::online(names).map_err(|err| RoomsError::BadName(err.to_string()))?;
    Ok(seats.players().iter().map(|p| p.name.to_string()).collect())
}

/// Tells a connection its room is gone, so that it reconnects (and reloads it).
pub fn room_lost(outbox: &Outbox) {
    let _ = outbox.tx.try_send(Outgoing::Close(close::ROOM_LOST, "the room restarted: reconnect"));
}

#[cfg(test)]
mod tests;
