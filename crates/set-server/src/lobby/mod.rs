//! The lobby: the public rooms with someone in them, who is online, and
//! the lobby's chat, told live to every connection watching it.
//!
//! Rooms tell the lobby what they are ([`Lobby::publish`]) whenever their
//! seats, status or watchers change, and withdraw when they are over or
//! empty, or their task ends; the lobby holds nothing a room did not say,
//! so it is never a second truth about a room. The watchers are told what
//! changed every [`CHANGES_EVERY`], in one frame ([`Lobby::tell_changes`]):
//! a room's changes come in bursts (five players sit, it starts), and each
//! would otherwise go to every watcher (BENCHMARKS.md, decisions). Who is
//! online is told at most every [`ONLINE_EVERY`].
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
//! a room's, and a watcher too slow to read is closed by its outbox.

pub mod peers;

use crate::chat;
use crate::metrics::{Limit, limit_hit};
use crate::presence::Presence;
use crate::proto::{BusHealth, LobbyChatMsg, LobbyMsg, LobbyRoomMsg, OnlineMsg, ServerMsg};
use crate::rooms::{ConnId, Outbox, ROOM_MODES};
use peers::{Changed, NodeLobby, PeerMsg, Peers};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedMutexGuard, mpsc};

/// Who is online is told to the lobby's watchers at most this often.
pub const ONLINE_EVERY: Duration = Duration::from_secs(1);
/// The lobby's rooms are told to its watchers at most this often.
pub const CHANGES_EVERY: Duration = Duration::from_millis(250);

/// Why the lobby refused a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyError {
    /// `--max-lobby-watchers` watch already.
    Full,
    /// A name that cannot be shown, or that someone in the lobby has.
    BadName(String),
    /// Chat from a connection not watching the lobby.
    NotWatching,
}

impl std::fmt::Display for LobbyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LobbyError::Full => write!(f, "the lobby is full: try again soon"),
            LobbyError::BadName(why) => write!(f, "{why}"),
            LobbyError::NotWatching => write!(f, "open the lobby (or join a room) to chat"),
        }
    }
}

struct Watcher {
    player: String,
    name: Option<String>,
    outbox: Outbox,
}

struct State {
    /// This node's public rooms.
    rooms: HashMap<String, LobbyRoomMsg>,
    watchers: HashMap<ConnId, Watcher>,
    chat: VecDeque<LobbyChatMsg>,
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
}

impl Default for State {
    fn default() -> State {
        State {
            rooms: HashMap::new(),
            watchers: HashMap::new(),
            chat: VecDeque::new(),
            online: Presence::default(),
            online_changed: false,
            changed: Default::default(),
            peers: Peers::default(),
            bus: BusHealth::Alone,
            to_peers: None,
        }
    }
}

impl State {
    /// A line of lobby chat, said here or on another node: told to every
    /// watcher, and kept among the last few.
    fn hear_chat(&mut self, line: LobbyChatMsg) {
        self.tell_watchers(&ServerMsg::LobbyChat(line.clone()));
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

    fn online_msg(&self) -> OnlineMsg {
        let mut people: Vec<String> = self.watchers.values().filter_map(|w| w.name.clone()).collect();
        people.extend(self.peers.people().cloned());
        people.sort();
        people.dedup();
        let elsewhere: std::collections::HashSet<&String> =
            self.peers.players().filter(|player| !self.online.contains(player)).collect();
        let online = (self.online.len() + elsewhere.len()) as u32;
        OnlineMsg { online, people, out_of_date: self.bus == BusHealth::Down }
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

    fn take_in(&mut self, changed: Changed) {
        self.changed.extend(changed.rooms);
        self.online_changed |= changed.online;
    }

    /// `name` (given by `player`, connection `conn`) normalised, if it is
    /// unlike the name of anyone else online and of any other watcher here.
    fn take_name(&mut self, conn: Option<ConnId>, player: &str, name: &str) -> Result<String, LobbyError> {
        let checked = crate::rooms::checked_names(&[name]).map_err(|err| LobbyError::BadName(err.to_string()))?;
        let name = checked.into_iter().next().unwrap_or_default();
        // A watcher keeps showing the name they came under, even once its
        // player has given another elsewhere.
        let watching = self
            .watchers
            .iter()
            .filter(|(other, w)| Some(**other) != conn && w.player != player)
            .filter_map(|(_, w)| w.name.as_deref())
            .find(|other| crate::names::confusable(other, &name));
        if let Some(other) = watching {
            return Err(LobbyError::BadName(format!(
                "\"{name}\" looks too much like \"{other}\", who is in the lobby: choose another name"
            )));
        }
        if let Some(other) = self.peers.name_held(&crate::presence::skeleton(&name), player) {
            return Err(LobbyError::BadName(format!(
                "\"{name}\" looks too much like \"{other}\", the name of someone online: choose another name"
            )));
        }
        self.online.take_name(player, &name).map_err(|other| {
            LobbyError::BadName(format!(
                "\"{name}\" looks too much like \"{other}\", the name of someone online: choose another name"
            ))
        })?;
        Ok(name)
    }
}

/// The lobby of one server.
pub struct Lobby {
    state: Mutex<State>,
    max_watchers: usize,
    /// One quick play at a time per way to play (in [`ROOM_MODES`]' order).
    quick: Vec<Arc<tokio::sync::Mutex<()>>>,
}

impl Lobby {
    pub fn new(max_watchers: usize) -> Arc<Lobby> {
        let quick = ROOM_MODES.iter().map(|_| Arc::default()).collect();
        Arc::new(Lobby { state: Mutex::default(), max_watchers, quick })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere while holding it leaves plain data behind: go on with it.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A public room's summary, new or changed: told to the watchers with
    /// the next changes, if it differs.
    pub fn publish(&self, summary: LobbyRoomMsg) {
        let mut state = self.state();
        if state.rooms.get(&summary.room) == Some(&summary) {
            return;
        }
        state.changed.insert(summary.room.clone());
        state.tell_peers(PeerMsg::Room { room: summary.clone() });
        state.rooms.insert(summary.room.clone(), summary);
    }

    /// A room leaves the lobby (if it was in it).
    pub fn withdraw(&self, room: &str) {
        let mut state = self.state();
        if state.rooms.remove(room).is_some() {
            state.changed.insert(room.to_owned());
            state.tell_peers(PeerMsg::Gone { room: room.to_owned() });
        }
    }

    /// Tells the watchers what changed since they were last told, if
    /// anything did; called every [`CHANGES_EVERY`] by the server.
    pub fn tell_changes(&self) {
        let mut state = self.state();
        if state.changed.is_empty() {
            return;
        }
        let changed = std::mem::take(&mut state.changed);
        let (mut rooms, mut gone) = (Vec::new(), Vec::new());
        for id in changed {
            match state.room(&id) {
                Some(room) => rooms.push(room.clone()),
                None => gone.push(id),
            }
        }
        state.tell_watchers(&ServerMsg::LobbyChanges { rooms, gone });
    }

    /// The public rooms of `mode` waiting for players, without hints and
    /// with a free seat, oldest first: where a quick play sits.
    pub fn waiting_rooms(&self, mode: &str, seats: usize) -> Vec<String> {
        let state = self.state();
        let rooms = state.all_rooms().into_iter();
        rooms
            .filter(|r| r.mode == mode && !r.hints && r.status == "waiting" && r.players.len() < seats)
            .map(|r| r.room.clone())
            .collect()
    }

    /// The quick play of one way to play whose turn it is: held while it
    /// looks for a room and sits in it (or makes one).
    pub async fn quick_turn(&self, mode: &str) -> Option<OwnedMutexGuard<()>> {
        let at = ROOM_MODES.iter().position(|v| v.name() == mode)?;
        Some(Arc::clone(self.quick.get(at)?).lock_owned().await)
    }

    /// A connection starts watching the lobby, under `name` if it gives one
    /// (checked as a room checks names, and unlike any other in the lobby):
    /// it is sent the whole lobby, then every change.
    pub fn watch(&self, conn: ConnId, player: &str, name: Option<&str>, outbox: Outbox) -> Result<(), LobbyError> {
        let mut state = self.state();
        if !state.watchers.contains_key(&conn) && state.watchers.len() >= self.max_watchers {
            limit_hit(Limit::LobbyWatchers);
            return Err(LobbyError::Full);
        }
        let name = match name {
            None => None,
            Some(name) => Some(state.take_name(Some(conn), player, name)?),
        };
        let rooms: Vec<LobbyRoomMsg> = state.all_rooms().into_iter().cloned().collect();
        let named = name.is_some();
        state.watchers.insert(conn, Watcher { player: player.to_owned(), name, outbox: outbox.clone() });
        state.online_changed |= named;
        let whole = LobbyMsg { rooms, online: state.online_msg(), chat: state.chat.iter().cloned().collect() };
        outbox.send(ServerMsg::Lobby(whole).to_text().into());
        Ok(())
    }

    /// A connection stops watching (it joined a room, or closed).
    pub fn leave(&self, conn: ConnId) {
        let mut state = self.state();
        if let Some(watcher) = state.watchers.remove(&conn) {
            state.online_changed |= watcher.name.is_some();
        }
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
    pub fn arrived(&self, player: &str) {
        let mut state = self.state();
        state.online_changed |= state.online.arrived(player);
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

    /// Players connected now (each once, however many tabs).
    pub fn online(&self) -> usize {
        self.state().online.len()
    }

    /// Connections watching the lobby now.
    pub fn watchers(&self) -> usize {
        self.state().watchers.len()
    }

    /// The bus's queue: from now on this lobby tells the other nodes its
    /// changes through it.
    pub fn join_bus(&self, to_peers: mpsc::Sender<PeerMsg>) {
        self.state().to_peers = Some(to_peers);
    }

    /// Whether the bus is up; when it goes down, the lobby says it is out
    /// of date (told with who is online).
    pub fn set_bus(&self, health: BusHealth) {
        let mut state = self.state();
        if state.bus != health {
            state.bus = health;
            state.online_changed = true;
        }
    }

    pub fn bus(&self) -> BusHealth {
        self.state().bus
    }

    /// Tells the other nodes that this one took `room` at `epoch`.
    pub fn took(&self, room: &str, epoch: u64) {
        self.state().tell_peers(PeerMsg::Taken { room: room.to_owned(), epoch });
    }

    /// Whether `room` is another node's (listed by it, and not by this one).
    pub fn elsewhere(&self, room: &str) -> bool {
        let state = self.state();
        !state.rooms.contains_key(room) && state.peers.room(room).is_some()
    }

    /// This node's lobby, whole, for the other nodes.
    pub fn own(&self) -> NodeLobby {
        let state = self.state();
        let mut rooms: Vec<LobbyRoomMsg> = state.rooms.values().cloned().collect();
        rooms.sort_by(|a, b| a.room.cmp(&b.room));
        let mut people: Vec<String> = state.watchers.values().filter_map(|w| w.name.clone()).collect();
        people.sort();
        people.dedup();
        NodeLobby {
            rooms,
            players: state.online.players().cloned().collect(),
            names: state.online.names().map(|(player, name)| (player.clone(), name.clone())).collect(),
            people,
        }
    }

    /// What another node said, heard at `now`.
    pub fn heard(&self, node: &str, msg: PeerMsg, now: Instant) {
        let mut state = self.state();
        if let PeerMsg::Chat { line } = msg {
            // (It was checked and rate limited on its own node.)
            state.hear_chat(line);
            return;
        }
        let changed = state.peers.heard(node, msg, now);
        state.take_in(changed);
    }

    /// Forgets the other nodes not heard from for a while (dead, or out of
    /// the bus's reach); called every [`ONLINE_EVERY`].
    pub fn forget_silent(&self, now: Instant) {
        let mut state = self.state();
        let changed = state.peers.forget_silent(now);
        state.take_in(changed);
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
mod tests {
    use super::*;
    use crate::rooms::Outgoing;
    use tokio::sync::mpsc;

    fn watcher(lobby: &Lobby, conn: ConnId, name: Option<&str>) -> Result<mpsc::Receiver<Outgoing>, LobbyError> {
        let (tx, rx) = mpsc::channel(64);
        lobby.watch(conn, &format!("p{conn}"), name, Outbox::new(tx, 1 << 20))?;
        Ok(rx)
    }

    fn heard(rx: &mut mpsc::Receiver<Outgoing>) -> Vec<ServerMsg> {
        let mut all = Vec::new();
        while let Ok(Outgoing::Text(text)) = rx.try_recv() {
            all.push(serde_json::from_str(&text).expect("a frame of the protocol"));
        }
        all
    }

    fn summary(room: &str, mode: &str, created_at: i64, players: &[&str]) -> LobbyRoomMsg {
        LobbyRoomMsg {
            room: room.into(),
            mode: mode.into(),
            hints: false,
            rated: true,
            status: "waiting".into(),
            players: players.iter().map(|&p| p.to_owned()).collect(),
            watchers: 0,
            created_at,
        }
    }

    #[test]
    fn quick_play_finds_the_oldest_waiting_room_of_its_way_to_play_with_a_free_seat() {
        let lobby = Lobby::new(10);
        lobby.publish(summary("new", "classic", 30, &["A"]));
        lobby.publish(summary("old", "classic", 10, &["B"]));
        lobby.publish(summary("junior", "junior", 5, &["C"]));
        lobby.publish(summary("full", "classic", 1, &["D", "E"]));
        lobby.publish(LobbyRoomMsg { hints: true, ..summary("hinted", "classic", 2, &["F"]) });
        lobby.publish(LobbyRoomMsg { status: "playing".into(), ..summary("playing", "classic", 3, &["G"]) });
        assert_eq!(lobby.waiting_rooms("classic", 2), ["old", "new"]);
        assert_eq!(lobby.waiting_rooms("junior", 2), ["junior"]);
        lobby.withdraw("old");
        assert_eq!(lobby.waiting_rooms("classic", 2), ["new"]);
        assert!(lobby.waiting_rooms("ultra", 8).is_empty());
    }

    #[test]
    fn a_watcher_gets_the_whole_lobby_then_each_change_once() {
        let lobby = Lobby::new(10);
        lobby.publish(summary("r1", "classic", 1, &["A"]));
        lobby.tell_changes();
        let mut rx = watcher(&lobby, 1, Some("Ann")).unwrap();
        let first = heard(&mut rx);
        let [ServerMsg::Lobby(whole)] = first.as_slice() else { panic!("{first:?}") };
        assert_eq!(whole.rooms, [summary("r1", "classic", 1, &["A"])]);
        assert_eq!(whole.online.people, ["Ann"]);
        lobby.publish(summary("r1", "classic", 1, &["A"]));
        lobby.tell_changes();
        assert!(heard(&mut rx).is_empty(), "the same summary again is no change");
        // Changes between two tellings go out together, each room once, as it is now.
        lobby.publish(summary("r1", "classic", 1, &["A", "B"]));
        lobby.publish(summary("r2", "junior", 2, &["C"]));
        lobby.publish(summary("r2", "junior", 2, &["C", "D"]));
        assert!(heard(&mut rx).is_empty(), "nothing before the telling");
        lobby.tell_changes();
        lobby.withdraw("r1");
        lobby.withdraw("r1");
        lobby.withdraw("never");
        lobby.tell_changes();
        lobby.tell_changes();
        assert_eq!(
            heard(&mut rx),
            [
                ServerMsg::LobbyChanges {
                    rooms: vec![summary("r1", "classic", 1, &["A", "B"]), summary("r2", "junior", 2, &["C", "D"])],
                    gone: vec![]
                },
                ServerMsg::LobbyChanges { rooms: vec![], gone: vec!["r1".into()] }
            ]
        );
        // A room that came and went between two tellings is told as gone.
        lobby.publish(summary("r3", "ultra", 3, &["E"]));
        lobby.withdraw("r3");
        lobby.tell_changes();
        assert_eq!(heard(&mut rx), [ServerMsg::LobbyChanges { rooms: vec![], gone: vec!["r3".into()] }]);
    }

    #[test]
    fn the_lobby_holds_at_most_its_watchers_and_names_are_unlike_each_other() {
        let lobby = Lobby::new(2);
        let _a = watcher(&lobby, 1, Some("Ann")).unwrap();
        assert!(matches!(watcher(&lobby, 2, Some(" Ann ")), Err(LobbyError::BadName(_))), "the same, trimmed");
        assert!(matches!(watcher(&lobby, 2, Some("Аnn")), Err(LobbyError::BadName(_))), "Cyrillic А");
        let _b = watcher(&lobby, 2, None).unwrap();
        assert_eq!(watcher(&lobby, 3, Some("Cy")).err(), Some(LobbyError::Full));
        lobby.leave(2);
        let _c = watcher(&lobby, 3, Some("Cy")).unwrap();
        assert_eq!(lobby.watchers(), 2);
    }

    #[test]
    fn a_lobby_holds_more_named_watchers_than_a_table_seats() {
        let lobby = Lobby::new(100);
        let _all: Vec<_> = (0..30).map(|n| watcher(&lobby, n, Some(&format!("W{n}"))).unwrap()).collect();
        let mut last = watcher(&lobby, 99, None).unwrap();
        let first = heard(&mut last);
        let [ServerMsg::Lobby(whole)] = first.as_slice() else { panic!("{first:?}") };
        assert_eq!(whole.online.people.len(), 30);
    }

    #[test]
    fn who_is_online_counts_players_once_and_is_told_only_when_it_changed() {
        let lobby = Lobby::new(10);
        let mut rx = watcher(&lobby, 1, None).unwrap();
        heard(&mut rx);
        lobby.tell_online();
        assert!(heard(&mut rx).is_empty());
        lobby.arrived("p1");
        lobby.arrived("p1");
        lobby.arrived("p2");
        assert_eq!(lobby.online(), 2);
        lobby.tell_online();
        assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 2, people: vec![], out_of_date: false })]);
        lobby.departed("p1");
        lobby.tell_online();
        assert!(heard(&mut rx).is_empty(), "p1 still has a connection");
        lobby.departed("p1");
        lobby.tell_online();
        assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 1, people: vec![], out_of_date: false })]);
    }

    #[test]
    fn lobby_chat_needs_a_watcher_with_a_name_and_keeps_the_last_lines() {
        let lobby = Lobby::new(10);
        assert_eq!(lobby.say(9, "hi".into()), Err(LobbyError::NotWatching));
        let mut anonymous = watcher(&lobby, 2, None).unwrap();
        assert!(matches!(lobby.say(2, "hi".into()), Err(LobbyError::BadName(_))));
        let _ann = watcher(&lobby, 1, Some("Ann")).unwrap();
        heard(&mut anonymous);
        for n in 0..chat::KEPT + 3 {
            lobby.say(1, format!("line {n}")).unwrap();
        }
        let lines = heard(&mut anonymous);
        assert_eq!(lines.len(), chat::KEPT + 3, "every line told to every watcher");
        let kept: Vec<String> = lobby.state().chat.iter().map(|line| line.text.clone()).collect();
        assert_eq!(kept.len(), chat::KEPT);
        assert_eq!(kept.first().map(String::as_str), Some("line 3"));
    }

    fn from_node2(lobby: &Lobby, msg: PeerMsg, at: Instant) {
        lobby.heard("node-2", msg, at);
    }

    #[test]
    fn another_nodes_rooms_are_listed_beside_ours_and_leave_when_it_falls_silent() {
        let lobby = Lobby::new(10);
        let start = Instant::now();
        lobby.publish(summary("mine", "classic", 20, &["A"]));
        let theirs = NodeLobby {
            rooms: vec![summary("theirs", "classic", 10, &["B"]), summary("busy", "classic", 5, &["C", "D"])],
            players: vec!["pB".into(), "p1".into()],
            names: vec![("pB".into(), "Bea".into())],
            people: vec!["Bea".into()],
        };
        from_node2(&lobby, PeerMsg::Lobby(theirs.clone()), start);
        lobby.tell_changes();
        let mut rx = watcher(&lobby, 1, Some("Ann")).unwrap();
        lobby.arrived("p1");
        let first = heard(&mut rx);
        let [ServerMsg::Lobby(whole)] = first.as_slice() else { panic!("{first:?}") };
        let rooms: Vec<&str> = whole.rooms.iter().map(|r| r.room.as_str()).collect();
        assert_eq!(rooms, ["busy", "theirs", "mine"], "oldest first, from both nodes");
        assert_eq!(whole.online.people, ["Ann", "Bea"]);
        assert_eq!(whole.online.online, 2, "p1 (on both nodes) and pB, each once");
        // Quick play finds the other node's room first: it is older.
        assert_eq!(lobby.waiting_rooms("classic", 2), ["theirs", "mine"]);
        // A change on the other node is told; so is a room it no longer lists.
        from_node2(&lobby, PeerMsg::Room { room: summary("theirs", "classic", 10, &["B", "E"]) }, start);
        lobby.tell_changes();
        let changes = heard(&mut rx);
        assert_eq!(
            changes,
            [ServerMsg::LobbyChanges { rooms: vec![summary("theirs", "classic", 10, &["B", "E"])], gone: vec![] }]
        );
        let fewer = NodeLobby { rooms: vec![summary("theirs", "classic", 10, &["B", "E"])], ..theirs };
        from_node2(&lobby, PeerMsg::Lobby(fewer), start);
        lobby.tell_changes();
        assert_eq!(heard(&mut rx), [ServerMsg::LobbyChanges { rooms: vec![], gone: vec!["busy".into()] }]);
        // Silent for long enough: its rooms and people leave; ours stay.
        lobby.forget_silent(start + peers::SILENT_AFTER / 2);
        lobby.tell_changes();
        assert!(heard(&mut rx).is_empty(), "not silent long enough yet");
        lobby.forget_silent(start + peers::SILENT_AFTER);
        lobby.tell_changes();
        lobby.tell_online();
        assert_eq!(
            heard(&mut rx),
            [
                ServerMsg::LobbyChanges { rooms: vec![], gone: vec!["theirs".into()] },
                ServerMsg::Online(OnlineMsg { online: 1, people: vec!["Ann".into()], out_of_date: false })
            ]
        );
        assert_eq!(lobby.waiting_rooms("classic", 2), ["mine"]);
    }

    #[test]
    fn a_name_held_on_another_node_is_refused_here_and_free_once_it_goes() {
        let lobby = Lobby::new(10);
        let start = Instant::now();
        let bea =
            NodeLobby { players: vec!["pB".into()], names: vec![("pB".into(), "Bea".into())], ..NodeLobby::default() };
        from_node2(&lobby, PeerMsg::Lobby(bea), start);
        lobby.arrived("p1");
        assert!(matches!(lobby.take_name("p1", "Bea"), Err(LobbyError::BadName(_))));
        assert!(matches!(lobby.take_name("p1", "B\u{435}a"), Err(LobbyError::BadName(_))), "Cyrillic е");
        assert!(matches!(watcher(&lobby, 1, Some("Bea")), Err(LobbyError::BadName(_))));
        assert_eq!(lobby.take_name("pB", "Bea"), Ok(()), "her own name, on her other tab here");
        from_node2(&lobby, PeerMsg::Lobby(NodeLobby::default()), start);
        assert_eq!(lobby.take_name("p1", "Bea"), Ok(()));
    }

    #[test]
    fn chat_from_another_node_is_told_and_kept_and_ours_is_passed_on() {
        let lobby = Lobby::new(10);
        let (to_peers, mut told) = mpsc::channel(16);
        lobby.join_bus(to_peers);
        let mut rx = watcher(&lobby, 1, Some("Ann")).unwrap();
        heard(&mut rx);
        let line = LobbyChatMsg { player: "pB".into(), name: "Bea".into(), text: "hi all".into(), at: 5 };
        from_node2(&lobby, PeerMsg::Chat { line: line.clone() }, Instant::now());
        assert_eq!(heard(&mut rx), [ServerMsg::LobbyChat(line.clone())]);
        lobby.say(1, "hello Bea".into()).unwrap();
        let ours = heard(&mut rx);
        let [ServerMsg::LobbyChat(said)] = ours.as_slice() else { panic!("{ours:?}") };
        assert_eq!(told.try_recv().ok(), Some(PeerMsg::Chat { line: said.clone() }));
        let kept: Vec<String> = lobby.state().chat.iter().map(|l| l.text.clone()).collect();
        assert_eq!(kept, ["hi all", "hello Bea"]);
        // A room's changes go to the bus too.
        lobby.publish(summary("r1", "classic", 1, &["A"]));
        lobby.withdraw("r1");
        assert_eq!(told.try_recv().ok(), Some(PeerMsg::Room { room: summary("r1", "classic", 1, &["A"]) }));
        assert_eq!(told.try_recv().ok(), Some(PeerMsg::Gone { room: "r1".into() }));
    }

    #[test]
    fn the_lobby_says_it_is_out_of_date_while_the_bus_is_down() {
        let lobby = Lobby::new(10);
        let mut rx = watcher(&lobby, 1, None).unwrap();
        heard(&mut rx);
        lobby.set_bus(BusHealth::Up);
        lobby.tell_online();
        assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 0, people: vec![], out_of_date: false })]);
        lobby.set_bus(BusHealth::Down);
        lobby.set_bus(BusHealth::Down);
        lobby.tell_online();
        assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 0, people: vec![], out_of_date: true })]);
        let mut late = watcher(&lobby, 2, None).unwrap();
        let first = heard(&mut late);
        let [ServerMsg::Lobby(whole)] = first.as_slice() else { panic!("{first:?}") };
        assert!(whole.online.out_of_date);
        lobby.set_bus(BusHealth::Up);
        lobby.tell_online();
        assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 0, people: vec![], out_of_date: false })]);
    }
}
