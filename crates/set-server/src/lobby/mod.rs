//! The lobby: the public rooms with someone in them, who is online, and
//! the lobby's chat, told live to every connection watching it.
//!
//! Rooms tell the lobby what they are ([`Lobby::publish`]) whenever their
//! seats, status or watchers change, and withdraw when they are over or
//! empty, or their task ends; the lobby holds nothing a room did not say,
//! so it is never a second truth about a room. The watchers are told what
//! changed every [`CHANGES_EVERY`], in one frame ([`Lobby::tell_changes`]):
//! the rooms that changed, the chat lines said and the names that came and
//! went since. A room's changes come in bursts (five players sit, it
//! starts), chat from many at once, and each would otherwise go to every
//! watcher as a frame of its own (BENCHMARKS.md, decisions); the names go
//! as changes, since the whole list to every watcher grows with the square
//! of their number. How many are online is told at most every
//! [`ONLINE_EVERY`].
//!
//! Quick play is matched here: [`Lobby::quick_turn`] lets one quick play
//! of a way to play at a time look for a room and sit in it, so that two
//! players pressing it together meet in one room (`crate::ws`).
//!
//! In a cluster the lobby is every node's: each node tells the others its
//! rooms, who is online there and its chat over the bus (`crate::bus`),
//! and shows theirs beside its own ([`peers`]). Names are unique among
//! everyone online on every node the bus reaches. When the bus is down
//! the lobby shows this node's own and says it is out of date
//! (`OnlineMsg::out_of_date`); it heals as the other nodes are heard again.
//!
//! Bounds: at most `--max-lobby-watchers` connections watch at once (the
//! next is refused, `lobby_full`), its chat keeps the last
//! [`chat::KEPT`] lines in memory and is rate limited per connection like
//! a room's, a watcher too slow to read is closed by its outbox, and no
//! frame is larger than half an outbox ([`frame`]: the most useful rooms,
//! people and chat that fit), so that no one can close the lobby by
//! filling it.

mod frame;
mod names;
mod nodes;
pub(crate) mod peers;

use crate::chat;
use crate::conn::{ConnId, Outbox};
use crate::metrics::{Limit, limit_hit};
use crate::presence::Presence;
use crate::proto::{BusHealth, LobbyChatMsg, LobbyMsg, LobbyRoomMsg, OnlineMsg, ServerMsg};
use crate::store::Status;
use peers::{Changed, PeerMsg, Peers};
use set_core::players::sitting::MAX_ONLINE_PLAYERS;
use set_core::rules::variant::ONLINE_VARIANTS;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedMutexGuard, mpsc};

/// Who is online is told to the lobby's watchers at most this often.
pub(crate) const ONLINE_EVERY: Duration = Duration::from_secs(1);
/// How long a public room just made counts for its address before its host
/// sits in it and it is listed.
pub(crate) const LISTING_GRACE: Duration = Duration::from_mins(1);
/// The lobby's rooms are told to its watchers at most this often.
pub(crate) const CHANGES_EVERY: Duration = Duration::from_millis(250);

/// Why the lobby refused a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyError {
    /// `--max-lobby-watchers` watch already.
    Full,
    /// A name that cannot be shown.
    BadName(String),
    /// A name someone in the lobby or online has one too like, and a free
    /// one like it to offer.
    Taken {
        /// Why, in words.
        why: String,
        /// A name like it that no one has now.
        suggestion: Option<String>,
    },
    /// Chat from a connection not watching the lobby.
    NotWatching,
}

impl std::fmt::Display for LobbyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LobbyError::Full => write!(f, "the lobby is full: try again soon"),
            LobbyError::BadName(why) | LobbyError::Taken { why, .. } => write!(f, "{why}"),
            LobbyError::NotWatching => write!(f, "open the lobby (or join a room) to chat"),
        }
    }
}

struct Watcher {
    player: String,
    name: Option<String>,
    outbox: Outbox,
}

/// A public room a client address made.
struct MadeRoom {
    room: String,
    at: Instant,
    listed: bool,
}

struct State {
    /// This node's public rooms.
    rooms: HashMap<String, LobbyRoomMsg>,
    /// How many of each of this node's rooms' seats have their player in
    /// it now (a seat whose player left is no reason to join it), as the
    /// bus carries it.
    present: HashMap<String, u8>,
    watchers: HashMap<ConnId, Watcher>,
    chat: VecDeque<LobbyChatMsg>,
    /// Lines said (here or on another node) since the watchers were last
    /// told, oldest first: kept in `chat` once told.
    chat_untold: VecDeque<LobbyChatMsg>,
    /// The names in the lobby as the watchers were last told them.
    people_told: std::collections::BTreeSet<String>,
    /// Who is online, and the names they go by.
    online: Presence,
    /// Who is online changed since the watchers were last told.
    online_changed: bool,
    /// The rooms that changed (or went) since the watchers were last told.
    changed: std::collections::BTreeSet<String>,
    /// The other nodes' lobbies, as the bus told them.
    peers: Peers,
    bus: BusHealth,
    /// What this node tells the other nodes (the bus's queue), if it has a bus.
    to_peers: Option<mpsc::Sender<PeerMsg>>,
    /// The public rooms each client address made here: each, when, and
    /// whether it was listed yet.
    made_by: HashMap<std::net::IpAddr, Vec<MadeRoom>>,
    /// Which address made each room of `made_by`, so that a room's every
    /// change finds its entry at once.
    made_from: HashMap<String, std::net::IpAddr>,
}

impl Default for State {
    fn default() -> State {
        State {
            rooms: HashMap::new(),
            present: HashMap::new(),
            watchers: HashMap::new(),
            chat: VecDeque::new(),
            chat_untold: VecDeque::new(),
            people_told: std::collections::BTreeSet::new(),
            online: Presence::default(),
            online_changed: false,
            changed: std::collections::BTreeSet::default(),
            peers: Peers::default(),
            bus: BusHealth::Alone,
            to_peers: None,
            made_by: HashMap::new(),
            made_from: HashMap::new(),
        }
    }
}

impl State {
    /// A line of lobby chat, said here or on another node: told to every
    /// watcher with the next changes, then kept among the last few.
    fn hear_chat(&mut self, line: LobbyChatMsg) {
        self.chat_untold.push_back(line);
        if self.chat_untold.len() > chat::KEPT {
            self.chat_untold.pop_front();
        }
    }

    /// A line told to the watchers: kept among the last few.
    fn keep_chat(&mut self, line: LobbyChatMsg) {
        self.chat.push_back(line);
        if self.chat.len() > chat::KEPT {
            self.chat.pop_front();
        }
    }

    fn tell_watchers(&self, msg: &ServerMsg) {
        let text: Arc<str> = msg.to_text().into();
        for watcher in self.watchers.values() {
            watcher.outbox.send(Arc::clone(&text));
        }
    }

    /// The names given by those watching this node's lobby, sorted, each once.
    fn own_people(&self) -> Vec<String> {
        let mut people: Vec<String> = self.watchers.values().filter_map(|w| w.name.clone()).collect();
        people.sort();
        people.dedup();
        people
    }

    /// The names in the lobby, here and on the other nodes, sorted, each once.
    fn people(&self) -> std::collections::BTreeSet<String> {
        let mut people: std::collections::BTreeSet<String> = self.own_people().into_iter().collect();
        people.extend(self.peers.people().cloned());
        people
    }

    /// How many are online, and whether that is up to date.
    fn online_msg(&self) -> OnlineMsg {
        OnlineMsg { online: self.online_count(), out_of_date: self.bus == BusHealth::Down }
    }

    /// Players online here and on the other nodes, each once.
    fn online_count(&self) -> u32 {
        let elsewhere: std::collections::HashSet<&String> =
            self.peers.players().filter(|player| !self.online.contains(player)).collect();
        (self.online.len() + elsewhere.len()) as u32
    }

    /// A public room on this node or another (this node's own first).
    fn room(&self, id: &str) -> Option<&LobbyRoomMsg> {
        self.rooms.get(id).or_else(|| self.peers.room(id))
    }

    /// Every public room of the cluster, oldest first, each once.
    fn all_rooms(&self) -> Vec<&LobbyRoomMsg> {
        let mut rooms: Vec<&LobbyRoomMsg> = self.rooms.values().collect();
        rooms.extend(self.peers.rooms().filter(|room| !self.rooms.contains_key(&room.room)));
        rooms.sort_by(|a, b| (a.created_at, &a.room).cmp(&(b.created_at, &b.room)));
        rooms.dedup_by(|a, b| a.room == b.room);
        rooms
    }

    /// Tells the other nodes `msg`, if there are any: dropped when the
    /// bus's queue is full (their next snapshot of this lobby mends it).
    fn tell_peers(&self, msg: PeerMsg) {
        if let Some(to_peers) = &self.to_peers {
            let _ = to_peers.try_send(msg);
        }
    }

    /// Forgets the rooms made that no longer count against their address
    /// (`address`'s only, or every address's): listed no longer, or never
    /// listed and past [`LISTING_GRACE`].
    fn forget_made(&mut self, address: Option<std::net::IpAddr>) {
        let State { made_by, made_from, rooms, .. } = self;
        let mut look = |made: &mut Vec<MadeRoom>| {
            made.retain(|m| {
                let counts = rooms.contains_key(&m.room) || (!m.listed && m.at.elapsed() < LISTING_GRACE);
                if !counts {
                    made_from.remove(&m.room);
                }
                counts
            });
            !made.is_empty()
        };
        match address {
            Some(address) => {
                if made_by.get_mut(&address).is_some_and(|made| !look(made)) {
                    made_by.remove(&address);
                }
            }
            None => made_by.retain(|_, made| look(made)),
        }
    }

    fn take_in(&mut self, changed: Changed) {
        self.changed.extend(changed.rooms);
        self.online_changed |= changed.online;
    }
}

/// The lobby of one server.
pub struct Lobby {
    state: Mutex<State>,
    max_watchers: usize,
    /// What one frame to a watcher may hold.
    budget: frame::Budget,
    /// One quick play at a time per way to play (in [`ONLINE_VARIANTS`]' order).
    quick: Vec<Arc<tokio::sync::Mutex<()>>>,
}

impl Lobby {
    /// A lobby for at most `max_watchers` watchers, each with an outbox of `outbox_bytes`.
    pub fn new(max_watchers: usize, outbox_bytes: usize) -> Arc<Lobby> {
        let quick = ONLINE_VARIANTS.iter().map(|_| Arc::default()).collect();
        let budget = frame::Budget::within(outbox_bytes);
        Arc::new(Lobby { state: Mutex::default(), max_watchers, budget, quick })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere while holding it leaves plain data behind: go on with it.
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A public room's summary, new or changed: told to the watchers with
    /// the next changes, if it differs; `present`: how many of its seats
    /// have their player in it now, told to the other nodes when it changes.
    pub fn publish(&self, summary: LobbyRoomMsg, present: u8) {
        let mut state = self.state();
        let present_before = state.present.insert(summary.room.clone(), present);
        if state.rooms.get(&summary.room) == Some(&summary) {
            // Only who is in it changed: the others' quick play hears it.
            if present_before != Some(present) {
                state.tell_peers(PeerMsg::Room { room: summary, present: Some(present) });
            }
            return;
        }
        state.changed.insert(summary.room.clone());
        let State { made_by, made_from, .. } = &mut *state;
        if let Some(made) = made_from
            .get(&summary.room)
            .and_then(|address| made_by.get_mut(address))
            .and_then(|made| made.iter_mut().find(|m| m.room == summary.room))
        {
            made.listed = true;
        }
        state.tell_peers(PeerMsg::Room { room: summary.clone(), present: Some(present) });
        state.rooms.insert(summary.room.clone(), summary);
    }

    /// A room leaves the lobby (if it was in it).
    pub fn withdraw(&self, room: &str) {
        let mut state = self.state();
        state.present.remove(room);
        if state.rooms.remove(room).is_some() {
            state.changed.insert(room.to_owned());
            state.tell_peers(PeerMsg::Gone { room: room.to_owned() });
        }
    }

    /// Tells the watchers what changed since they were last told, if
    /// anything did; called every [`CHANGES_EVERY`] by the server.
    pub fn tell_changes(&self) {
        let mut state = self.state();
        let people = state.people();
        let came: Vec<String> = people.difference(&state.people_told).cloned().collect();
        let went: Vec<String> = state.people_told.difference(&people).cloned().collect();
        if state.changed.is_empty() && state.chat_untold.is_empty() && came.is_empty() && went.is_empty() {
            return;
        }
        let changed = std::mem::take(&mut state.changed);
        let (mut rooms, mut gone) = (Vec::new(), Vec::new());
        for id in changed {
            match state.room(&id) {
                Some(room) => rooms.push(room),
                None => gone.push(id),
            }
        }
        // What fits goes now; the rest with the next changes.
        let fit = frame::first_that_fit(&rooms, self.budget.rooms);
        let later: Vec<String> = rooms.split_off(fit).into_iter().map(|room| room.room.clone()).collect();
        let rooms: Vec<LobbyRoomMsg> = rooms.into_iter().cloned().collect();
        state.changed.extend(later);
        let chat = frame::fitting(state.chat_untold.iter().cloned().collect(), self.budget.chat);
        state.chat_untold.drain(..chat.len());
        for line in &chat {
            state.keep_chat(line.clone());
        }
        let came = frame::fitting(came, self.budget.people / 2);
        let went = frame::fitting(went, self.budget.people / 2);
        state.people_told.extend(came.iter().cloned());
        for name in &went {
            state.people_told.remove(name);
        }
        state.tell_watchers(&ServerMsg::LobbyChanges { rooms, gone, chat, came, went });
    }

    /// The public rooms of `mode` waiting for players, without hints and
    /// with a free seat: where a quick play sits. The fullest first (the
    /// nearest to starting), by the players in it now where this node
    /// knows (a seat whose player left counts for nothing: a room of stale
    /// seats is no fuller than an empty one), then the newest (a room left
    /// waiting for long is likelier a squatter's than a host's about to
    /// start), so that quick plays spread over the rooms instead of all
    /// catching the oldest.
    pub fn waiting_rooms(&self, mode: &str, seats: usize) -> Vec<String> {
        let state = self.state();
        let present = |r: &LobbyRoomMsg| {
            let here = state.present.get(&r.room).map(|&n| usize::from(n));
            here.or_else(|| state.peers.present(&r.room)).unwrap_or(r.players.len())
        };
        let mut rooms: Vec<&LobbyRoomMsg> = state
            .all_rooms()
            .into_iter()
            .filter(|r| r.mode.name() == mode && !r.hints && !r.dealing.is_called())
            .filter(|r| r.status == Status::Waiting && r.players.len() < seats && present(r) > 0)
            .collect();
        rooms.sort_by_key(|r| (std::cmp::Reverse(present(r)), std::cmp::Reverse(r.created_at)));
        rooms.into_iter().map(|r| r.room.clone()).collect()
    }

    /// Whether `address` may make another public room: it lists fewer than
    /// `most` (a room counts while listed, and, until it is first listed,
    /// for [`LISTING_GRACE`] after it was made, before its host sits in it).
    pub fn may_list(&self, address: std::net::IpAddr, most: usize) -> bool {
        let mut state = self.state();
        state.forget_made(Some(address));
        state.made_by.get(&address).map_or(0, Vec::len) < most
    }

    /// `address` made the public room `room`.
    pub fn made_public(&self, address: std::net::IpAddr, room: &str) {
        let made = MadeRoom { room: room.to_owned(), at: Instant::now(), listed: false };
        let mut state = self.state();
        state.made_from.insert(room.to_owned(), address);
        state.made_by.entry(address).or_default().push(made);
    }

    /// The quick play of one way to play whose turn it is: held while it
    /// looks for a room and sits in it (or makes one).
    pub async fn quick_turn(&self, mode: &str) -> Option<OwnedMutexGuard<()>> {
        let at = ONLINE_VARIANTS.iter().position(|v| v.name() == mode)?;
        Some(Arc::clone(self.quick.get(at)?).lock_owned().await)
    }

    /// A connection starts watching the lobby, under `name` if it gives one
    /// (checked as a room checks names, and unlike any other in the lobby):
    /// it is sent the whole lobby, then every change.
    pub fn watch(&self, conn: ConnId, player: &str, name: Option<&str>, outbox: &Outbox) -> Result<(), LobbyError> {
        let mut state = self.state();
        if !state.watchers.contains_key(&conn) && state.watchers.len() >= self.max_watchers {
            limit_hit(Limit::LobbyWatchers);
            return Err(LobbyError::Full);
        }
        let name = match name {
            None => None,
            Some(name) => Some(state.take_name(Some(conn), player, name)?),
        };
        // (Watching again under the same name changes no one's list: the
        // names go as changes, and this one did not change.)
        state.watchers.insert(conn, Watcher { player: player.to_owned(), name, outbox: outbox.clone() });
        let (rooms, _) = frame::rooms(state.all_rooms(), self.budget.rooms, MAX_ONLINE_PLAYERS);
        let rooms: Vec<LobbyRoomMsg> = rooms.into_iter().cloned().collect();
        let chat = frame::chat(state.chat.iter(), self.budget.chat);
        let people = frame::people(state.people().into_iter().collect(), self.budget.people);
        let whole = LobbyMsg { rooms, online: state.online_msg(), people, chat };
        outbox.send(ServerMsg::Lobby(whole).to_text().into());
        Ok(())
    }

    /// A connection stops watching (it joined a room, or closed).
    pub fn leave(&self, conn: ConnId) {
        self.state().watchers.remove(&conn);
    }

    /// A line of the lobby's chat (checked by the connection), from a
    /// watcher: told to every watcher, and kept among the last few.
    pub fn say(&self, conn: ConnId, text: String) -> Result<(), LobbyError> {
        let mut state = self.state();
        let watcher = state.watchers.get(&conn).ok_or(LobbyError::NotWatching)?;
        let name = watcher.name.clone().ok_or_else(|| LobbyError::BadName("give a name to chat".into()))?;
        let line = LobbyChatMsg { player: watcher.player.clone(), name, text, at: crate::unix_ms() };
        state.tell_peers(PeerMsg::Chat { line: line.clone() });
        state.hear_chat(line);
        Ok(())
    }

    /// A connection of `player` said hello.
    /// A connection of `player` opened: the name they go by online, given
    /// them now (unique among everyone online) if they had none.
    pub fn arrived(&self, player: &str) -> String {
        let mut state = self.state();
        state.online_changed |= state.online.arrived(player);
        state.give_name(player)
    }

    /// The name `player` goes by online, if they are online here with one.
    pub fn name_of(&self, player: &str) -> Option<String> {
        self.state().online.name_of(player).map(str::to_owned)
    }

    /// A connection of `player` closed.
    pub fn departed(&self, player: &str) {
        let mut state = self.state();
        state.online_changed |= state.online.departed(player);
    }

    /// `player` goes by `name` from now on (to sit in a room, or make one):
    /// refused, and nothing changes, if someone else online has a name too
    /// like it. An empty name is the room's to refuse, in its own words.
    pub fn take_name(&self, player: &str, name: &str) -> Result<(), LobbyError> {
        if name.trim().is_empty() {
            return Ok(());
        }
        self.state().take_name(None, player, name).map(drop)
    }

    /// Players connected now (each once, however many tabs), on this node
    /// and the others the bus hears.
    pub fn online(&self) -> usize {
        self.state().online_count() as usize
    }

    /// Connections watching the lobby now.
    pub fn watchers(&self) -> usize {
        self.state().watchers.len()
    }

    /// Tells the watchers who is online, if that changed; called every
    /// [`ONLINE_EVERY`] by the server's housekeeping.
    pub fn tell_online(&self) {
        let mut state = self.state();
        if std::mem::take(&mut state.online_changed) {
            let msg = ServerMsg::Online(state.online_msg());
            state.tell_watchers(&msg);
        }
    }
}

#[cfg(test)]
mod tests;
