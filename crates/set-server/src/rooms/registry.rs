//! The registry of live rooms: which rooms are loaded, their inboxes, and
//! loading a room from the store when someone joins it.
//!
//! Its lock is held only to look a room up or list it, never across a read
//! of the store or a replay: a join of an unknown or unloaded room does not
//! hold up the joins of live ones. At most `--max-rooms-loaded` rooms are
//! in memory. Whenever a room loads, the finished rooms nobody is in are
//! unloaded, and at the cap the one used least lately with nobody in it
//! (each loads again from its log). A log that does not replay is
//! not read again for a while, however often it is joined.

use super::room::{Presence, Room};
use super::{Command, INBOX, RoomsError, checked_names, room_bots, room_variant};
use crate::ids;
use crate::lobby::Lobby;
use crate::store::{Expiry, RoomRecord, SeatRecord, Status, Store, StoreResult, Taken};
use set_core::online::fair::Policy;
use set_core::rules::variant::Dealing;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, mpsc};
use tokio::task::JoinSet;

/// What the registry and each room bound.
#[derive(Clone, Copy, Debug)]
pub struct RoomLimits {
    /// Rooms loaded in memory at once.
    pub max_loaded: usize,
    /// Connections watching one room (not seated in it).
    pub max_watchers: usize,
    /// Which finished games count for ratings (`set_core::online::fair`).
    pub fair: Policy,
    /// How long a quick-play room counts down to its start; zero: it waits
    /// for its host, as a room made by hand does.
    pub quick_start: Duration,
}

/// How the socket that asks for a room reached this node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// Routed by the room (`/ws?room=<id>`, the proxy's hash): this node is
    /// where the room's players meet. A room a live node holds is asked
    /// for, and the join waits (up to [`HAND_OVER_WAIT`]) for the owner to
    /// let it go ([`Rooms::hand_over`]) or for its lease to run out.
    ByTheRoom,
    /// Any other way (a lobby's socket, spread over the nodes): the room is
    /// taken only from no owner, this node, or an owner whose lease ran
    /// out; else the client is told where it is played (`found`).
    Other,
}

/// How long a node's lease lasts unless renewed (every second).
pub(crate) const LEASE: Duration = Duration::from_secs(5);

/// How long a node holds a room before it lets it go to a node that asks:
/// a room moves at most once in this long, however its sockets arrive.
pub(crate) const TENURE: Duration = Duration::from_secs(2);

/// How long a join routed by its room waits for the room's owner to let
/// it go: past the tenure and one look for asks (every second), or past a
/// frozen owner's lease.
const HAND_OVER_WAIT: Duration = Duration::from_secs(8);

/// How often a waiting join tries to take the room again.
const HAND_OVER_TRY: Duration = Duration::from_millis(200);

/// What a new room is to be: its way to play, whether hints are allowed,
/// whether the lobby lists it, and its computer opponents' levels.
#[derive(Clone, Debug, Default)]
pub struct RoomSettings {
    pub mode: String,
    pub hints: bool,
    /// When extra cards come (a way that takes no calls deals them itself).
    pub dealing: Dealing,
    pub public: bool,
    pub bots: Vec<String>,
    /// Made by quick play: it starts by itself (`RoomRecord::quick`).
    pub quick: bool,
}

/// A room loaded in memory: its task's generation, its inbox, who is in it
/// and whether it is over (which the room keeps up to date), and when it
/// was last asked for.
struct Live {
    generation: u64,
    /// The epoch this node took the room at.
    epoch: u64,
    inbox: mpsc::Sender<Command>,
    presence: Arc<Presence>,
    used: Instant,
    /// When this node took it ([`TENURE`]).
    taken: Instant,
}

impl Live {
    fn empty(&self) -> bool {
        self.presence.connections.load(Ordering::Relaxed) == 0
    }

    /// Over, with nobody in it: nothing it holds is needed until someone
    /// asks for it again, and then its log has it.
    fn finished(&self) -> bool {
        self.empty() && self.presence.over.load(Ordering::Relaxed)
    }
}

/// The live rooms, by id, and the store behind them.
pub struct Rooms {
    store: Arc<dyn Store>,
    /// This node's name: a room it loads is taken in the store under it.
    node: String,
    /// One load at a time per room: a room is taken (its epoch raised)
    /// once, by the join that loads it, and the joins that came meanwhile
    /// find it live.
    loading: std::sync::Mutex<HashMap<String, Arc<Mutex<()>>>>,
    /// Where public rooms list themselves.
    lobby: Arc<Lobby>,
    limits: RoomLimits,
    live: Mutex<HashMap<String, Live>>,
    /// Rooms whose log did not replay, and when: not read again before
    /// [`BROKEN_RETRY`] has passed.
    broken: std::sync::Mutex<HashMap<String, Instant>>,
    generation: AtomicU64,
    /// Each live room's task (with the watcher that unlists it), so that a
    /// stopping server can wait for the rooms to finish their work.
    tasks: std::sync::Mutex<JoinSet<()>>,
    /// Finished games' saves, built once each (a finished game never changes).
    exports: std::sync::Mutex<HashMap<String, Arc<str>>>,
}

/// The most finished games' saves kept built; past it the keeping starts over.
const EXPORTS_KEPT: usize = 256;

/// Lets go of the live copy of `id`, if there is one: it leaves the live
/// rooms and its task is told, so that its connections reconnect to the
/// node that has the room now. Whether there was one.
fn let_go(live: &mut HashMap<String, Live>, id: &str) -> bool {
    let Some(stale) = live.remove(id) else { return false };
    let _ = stale.inbox.try_send(Command::Superseded);
    true
}

/// Lets go of the live copy of `id` if this node took it before `epoch`
/// (another node took it at `epoch` since). Whether there was such a copy.
fn let_go_if_older(live: &mut HashMap<String, Live>, id: &str, epoch: u64) -> bool {
    live.get(id).is_some_and(|room| room.epoch < epoch) && let_go(live, id)
}

fn used_now(live: &mut HashMap<String, Live>, id: &str) -> Option<mpsc::Sender<Command>> {
    let room = live.get_mut(id).filter(|room| !room.inbox.is_closed())?;
    room.used = Instant::now();
    Some(room.inbox.clone())
}

/// How long a stopping server waits for its rooms to finish the command in hand.
const STOP_WAIT: Duration = Duration::from_secs(5);
/// How long a room whose log does not replay stays closed before it is read again.
const BROKEN_RETRY: Duration = Duration::from_mins(1);

impl Rooms {
    pub fn new(store: Arc<dyn Store>, node: &str, limits: RoomLimits, lobby: Arc<Lobby>) -> Arc<Rooms> {
        Arc::new(Rooms {
            store,
            node: node.to_owned(),
            loading: std::sync::Mutex::new(HashMap::new()),
            lobby,
            limits,
            live: Mutex::new(HashMap::new()),
            broken: std::sync::Mutex::new(HashMap::new()),
            generation: AtomicU64::new(0),
            tasks: std::sync::Mutex::new(JoinSet::new()),
            exports: std::sync::Mutex::new(HashMap::new()),
        })
    }

    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// Which games count for ratings and who the leaderboards list.
    pub fn fair_play(&self) -> Policy {
        self.limits.fair
    }

    /// Rooms loaded now.
    pub async fn loaded(&self) -> usize {
        self.live.lock().await.len()
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
    /// `waiting`, and the finished games that ended before
    /// `over` (Unix ms), but none that someone is in; how many went.
    pub async fn sweep(&self, expiry: Expiry) -> Result<u64, RoomsError> {
        // A loaded room nobody is in may go, and is unloaded with it (its
        // task ends once its inbox is dropped).
        let mut live = self.live.lock().await;
        let occupied: Vec<String> = live.iter().filter(|(_, room)| !room.empty()).map(|(id, _)| id.clone()).collect();
        let deleted = self.store.delete_expired(expiry, &occupied).await.map_err(RoomsError::Store)?;
        for id in &deleted {
            live.remove(id);
        }
        Ok(deleted.len() as u64)
    }

    /// Creates a waiting room with its host seated; returns its id.
    pub async fn create(&self, host: &str, name: &str, settings: &RoomSettings) -> Result<String, RoomsError> {
        let variant = room_variant(&settings.mode)?;
        let bots = room_bots(&settings.bots)?;
        let name = checked_names(&[name])?.remove(0);
        let (hints, public) = (settings.hints, settings.public);
        let id = ids::new_room_id();
        let (seed, salt) = (ids::new_seed(), ids::new_salt());
        let record = RoomRecord {
            commitment: ids::commitment(&id, seed, &salt),
            id: id.clone(),
            mode: variant,
            hints,
            dealing: if variant.takes_calls() { settings.dealing } else { Dealing::Automatic },
            public,
            bots,
            seed,
            salt,
            host: host.to_owned(),
            status: Status::Waiting,
            created_at: crate::unix_ms(),
            ended_at_ms: None,
            next_room: None,
            quick: settings.quick,
        };
        let seat = SeatRecord { seat: 0, player: host.to_owned(), name };
        self.store.create_room(&record, &seat).await.map_err(RoomsError::Store)?;
        Ok(id)
    }

    /// The inbox of a room, loading it from the store if it is not live
    /// (taking it, as `route` allows).
    pub async fn inbox(self: &Arc<Self>, id: &str, route: Route) -> Result<mpsc::Sender<Command>, RoomsError> {
        if let Some(inbox) = self.owned_inbox(id).await? {
            return Ok(inbox);
        }
        if self.broken.lock().is_ok_and(|broken| broken.get(id).is_some_and(|at| at.elapsed() < BROKEN_RETRY)) {
            return Err(RoomsError::Broken("it did not replay a moment ago".into()));
        }
        // Read and replayed with no lock on the live rooms held; one load
        // of this room at a time.
        let gate = self.loading.lock().map(|mut gates| Arc::clone(gates.entry(id.to_owned()).or_default()));
        let gate = gate.map_err(|_| RoomsError::Broken("the loading gates".into()))?;
        let _loading = gate.lock().await;
        let loaded = self.load_live(id, route).await;
        if let Ok(mut gates) = self.loading.lock() {
            gates.remove(id);
        }
        loaded
    }

    /// Takes the room (raising its epoch, so that a node that had it can
    /// append nothing more), then reads it: everything the other node kept
    /// is read, and it runs here from now on.
    async fn load_live(self: &Arc<Self>, id: &str, route: Route) -> Result<mpsc::Sender<Command>, RoomsError> {
        if let Some(inbox) = self.live_inbox(id).await {
            return Ok(inbox);
        }
        // A finished game never changes: it is read as it is, at the epoch
        // it has, and not taken (a join of one of the rooms profiles list
        // costs no write, and moves no one). Any other room is taken first,
        // then read, so that nothing another node appended is missed.
        let (status, epoch) = self.store.status(id).await.map_err(RoomsError::Store)?.ok_or(RoomsError::NoRoom)?;
        let epoch = if status == Status::Over {
            epoch
        } else {
            let epoch = self.take(id, route).await?;
            self.lobby.took(id, epoch);
            epoch
        };
        let stored = self.store.load(id).await.map_err(RoomsError::Store)?.ok_or(RoomsError::NoRoom)?;
        let presence = Arc::new(Presence::default());
        let lobby = Some(Arc::clone(&self.lobby));
        let room = match Room::restore(stored, epoch, self.store.clone(), Arc::clone(&presence), self.limits, lobby) {
            Ok(room) => room,
            Err(err) => {
                if let (RoomsError::Broken(_), Ok(mut broken)) = (&err, self.broken.lock()) {
                    broken.retain(|_, at| at.elapsed() < BROKEN_RETRY);
                    broken.insert(id.to_owned(), Instant::now());
                }
                return Err(err);
            }
        };
        let mut live = self.live.lock().await;
        // Another join may have loaded it meanwhile: that one is the room.
        if let Some(inbox) = used_now(&mut live, id) {
            return Ok(inbox);
        }
        // Finished rooms nobody is in are unloaded first, all of them: they
        // are most of what a busy server holds (BENCHMARKS.md, decisions).
        live.retain(|_, room| !room.finished());
        if live.len() >= self.limits.max_loaded {
            let unused = live
                .iter()
                .filter(|(_, room)| room.empty())
                .min_by_key(|(_, room)| room.used)
                .map(|(id, _)| id.clone());
            match unused {
                Some(unused) => {
                    live.remove(&unused);
                }
                None => return Err(RoomsError::Full),
            }
        }
        let (tx, rx) = mpsc::channel(INBOX);
        let generation = self.generation.fetch_add(1, Ordering::Relaxed);
        let now = Instant::now();
        live.insert(id.to_owned(), Live { generation, epoch, inbox: tx.clone(), presence, used: now, taken: now });
        let rooms = Arc::clone(self);
        let id = id.to_owned();
        let task = tokio::spawn(tracing::Instrument::instrument(room.run(rx), tracing::Span::current()));
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

    /// Takes the room for this node: its epoch. A room a live node holds is
    /// never taken from it: routed by the room, the join asks for it and
    /// waits for the owner to let it go or its lease to run out; any other
    /// way, it is played elsewhere.
    async fn take(&self, id: &str, route: Route) -> Result<u64, RoomsError> {
        let wanted = route == Route::ByTheRoom;
        let deadline = Instant::now() + HAND_OVER_WAIT;
        loop {
            match self.store.take(id, &self.node, crate::unix_ms(), wanted).await.map_err(RoomsError::Store)? {
                Taken::Epoch(epoch) => return Ok(epoch),
                Taken::NoRoom => return Err(RoomsError::NoRoom),
                Taken::OwnedBy(node) if !wanted || Instant::now() >= deadline => {
                    return Err(RoomsError::Elsewhere(node));
                }
                Taken::OwnedBy(_) => tokio::time::sleep(HAND_OVER_TRY).await,
            }
        }
    }

    /// Lets go of the rooms this node holds that another node asked for
    /// (the one the proxy routes their players to), each once this node
    /// has held it for [`TENURE`]: its sockets are closed with 4003, and
    /// their pages come back through the proxy to the node that asked. A
    /// room asked for but not loaded here is let go at once. Run every
    /// second, with the lease.
    pub async fn hand_over(&self) -> StoreResult<()> {
        for (id, epoch) in self.store.wanted_of(&self.node).await? {
            {
                let mut live = self.live.lock().await;
                if live.get(&id).is_some_and(|room| room.epoch == epoch && room.taken.elapsed() < TENURE) {
                    continue;
                }
                let_go(&mut live, &id);
            }
            if self.store.let_go(&id, &self.node, epoch).await? {
                tracing::info!(room = %id, "another node asked for this room: let go of it");
            }
        }
        Ok(())
    }

    /// A live room's inbox, marked as used now.
    async fn live_inbox(&self, id: &str) -> Option<mpsc::Sender<Command>> {
        used_now(&mut *self.live.lock().await, id)
    }

    /// A live room's inbox, if this node still owns the room: a room another
    /// node has taken since (its epoch in the store is higher) is let go of
    /// here, and loaded again, so that no one joins a stale copy.
    async fn owned_inbox(&self, id: &str) -> Result<Option<mpsc::Sender<Command>>, RoomsError> {
        if !self.live.lock().await.contains_key(id) {
            return Ok(None);
        }
        let now = self.store.epoch(id).await.map_err(RoomsError::Store)?;
        let mut live = self.live.lock().await;
        if now.is_some_and(|now| let_go_if_older(&mut live, id, now)) {
            return Ok(None);
        }
        Ok(used_now(&mut live, id))
    }

    /// Another node took `id` at `epoch` (the bus said): a copy here from
    /// before is let go of now, so that its players move to the room's node.
    pub async fn taken_elsewhere(&self, id: &str, epoch: u64) {
        // Believed only when the store agrees: anyone on the bus could say it.
        if self.live.lock().await.get(id).is_none_or(|room| room.epoch >= epoch) {
            return;
        }
        match self.store.epoch(id).await {
            Ok(Some(stored)) if stored >= epoch => {}
            Ok(_) => {
                tracing::warn!(room = %id, epoch, "a `taken` the store does not agree with: ignored");
                return;
            }
            Err(err) => {
                tracing::warn!(room = %id, %err, "a `taken` not checked (the store): ignored");
                return;
            }
        }
        if let_go_if_older(&mut *self.live.lock().await, id, epoch) {
            tracing::info!(room = %id, "another node took this room: letting go of it");
        }
    }

    /// The operator banned `player`: every room loaded here takes its seat
    /// away if it waits (`Room::banish`). A room not loaded keeps the seat
    /// until it loads again, where no banned player's connection can reach it.
    pub async fn banish(&self, player: &str) {
        let inboxes: Vec<mpsc::Sender<Command>> = self.live.lock().await.values().map(|r| r.inbox.clone()).collect();
        for inbox in inboxes {
            let _ = inbox.send(Command::Banish { player: player.to_owned() }).await;
        }
    }

    /// The finished game of a room as a save file, if it is over; each is
    /// replayed from its log once, then kept.
    pub async fn export(&self, id: &str) -> Result<Option<Arc<str>>, RoomsError> {
        if let Some(save) = self.exports.lock().ok().and_then(|exports| exports.get(id).cloned()) {
            return Ok(Some(save));
        }
        let stored = self.store.load(id).await.map_err(RoomsError::Store)?.ok_or(RoomsError::NoRoom)?;
        if stored.room.status != Status::Over {
            return Ok(None);
        }
        // Read, never written: no epoch of its own.
        let room = Room::restore(
            stored,
            0,
            self.store.clone(),
            Arc::default(),
            RoomLimits { max_watchers: 0, ..self.limits },
            None,
        )?;
        let save: Arc<str> =
            room.finished_save().ok_or_else(|| RoomsError::Broken("an ended room without a game".into()))?.into();
        if let Ok(mut exports) = self.exports.lock() {
            if exports.len() >= EXPORTS_KEPT {
                exports.clear();
            }
            exports.insert(id.to_owned(), Arc::clone(&save));
        }
        Ok(Some(save))
    }
}
