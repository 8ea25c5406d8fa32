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
//! Bounds: at most `--max-lobby-watchers` connections watch at once (the
//! next is refused, `lobby_full`), its chat keeps the last
//! [`chat::KEPT`] lines in memory and is rate limited per connection like
//! a room's, and a watcher too slow to read is closed by its outbox.

use crate::chat;
use crate::metrics::{Limit, limit_hit};
use crate::presence::Presence;
use crate::proto::{LobbyChatMsg, LobbyMsg, LobbyRoomMsg, OnlineMsg, ServerMsg};
use crate::rooms::{ConnId, Outbox, ROOM_MODES};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::OwnedMutexGuard;

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

#[derive(Default)]
struct State {
    rooms: HashMap<String, LobbyRoomMsg>,
    watchers: HashMap<ConnId, Watcher>,
    chat: VecDeque<LobbyChatMsg>,
    /// Who is online, and the names they go by.
    online: Presence,
    /// Who is online changed since the watchers were last told.
    online_changed: bool,
    /// The rooms that changed (or went) since the watchers were last told.
    changed: std::collections::BTreeSet<String>,
}

impl State {
    fn tell_watchers(&self, msg: &ServerMsg) {
        let text: Arc<str> = msg.to_text().into();
        for watcher in self.watchers.values() {
            watcher.outbox.send(Arc::clone(&text));
        }
    }

    fn online_msg(&self) -> OnlineMsg {
        let mut people: Vec<String> = self.watchers.values().filter_map(|w| w.name.clone()).collect();
        people.sort();
        people.dedup();
        OnlineMsg { online: self.online.len() as u32, people }
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
        state.rooms.insert(summary.room.clone(), summary);
    }

    /// A room leaves the lobby (if it was in it).
    pub fn withdraw(&self, room: &str) {
        let mut state = self.state();
        if state.rooms.remove(room).is_some() {
            state.changed.insert(room.to_owned());
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
            match state.rooms.get(&id) {
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
        let mut rooms: Vec<&LobbyRoomMsg> = state
            .rooms
            .values()
            .filter(|r| r.mode == mode && !r.hints && r.status == "waiting" && r.players.len() < seats)
            .collect();
        rooms.sort_by(|a, b| (a.created_at, &a.room).cmp(&(b.created_at, &b.room)));
        rooms.into_iter().map(|r| r.room.clone()).collect()
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
        let mut rooms: Vec<LobbyRoomMsg> = state.rooms.values().cloned().collect();
        rooms.sort_by(|a, b| (a.created_at, &a.room).cmp(&(b.created_at, &b.room)));
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
        state.tell_watchers(&ServerMsg::LobbyChat(line.clone()));
        state.chat.push_back(line);
        if state.chat.len() > chat::KEPT {
            state.chat.pop_front();
        }
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
        assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 2, people: vec![] })]);
        lobby.departed("p1");
        lobby.tell_online();
        assert!(heard(&mut rx).is_empty(), "p1 still has a connection");
        lobby.departed("p1");
        lobby.tell_online();
        assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 1, people: vec![] })]);
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
}
