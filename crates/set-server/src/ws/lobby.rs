//! The lobby's endpoint: watching the lobby, the names a connection goes
//! by, making rooms, and quick play (sitting at a waiting room, or making one).

use super::Connection;
use crate::lobby::LobbyError;
use crate::metrics::Limit;
use crate::proto::{ErrorCode, ServerMsg};
use crate::rooms::{Command, RoomSettings, RoomsError, Route};
use set_core::players::sitting::MAX_ONLINE_PLAYERS;
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

/// The waiting rooms a quick play tries (a name taken in one, say) before it makes its own.
const QUICK_TRIES: usize = 4;
/// The rooms a connection's quick play remembers having sat it in.
const QUICK_REMEMBERED: usize = 8;
/// How long a quick play waits for a room to seat it.
const SIT_WAIT: Duration = Duration::from_secs(5);

/// The last rooms quick play sat a connection in, never offered it again:
/// a squatter's room that never starts would catch it again and again.
#[derive(Default)]
pub(super) struct QuickRooms(VecDeque<String>);

impl QuickRooms {
    fn contains(&self, room: &str) -> bool {
        self.0.iter().any(|kept| kept == room)
    }

    /// Remembers `room`, forgetting the oldest past [`QUICK_REMEMBERED`].
    fn remember(&mut self, room: String) {
        self.0.push_back(room);
        if self.0.len() > QUICK_REMEMBERED {
            self.0.pop_front();
        }
    }
}

impl Connection {
    /// Makes a room as `settings` say, its maker's seat under `name`.
    pub(super) async fn create(&mut self, player: &str, name: String, settings: RoomSettings) -> bool {
        let name = self.name_or_given(player, name);
        if settings.public && !self.may_list() {
            return true;
        }
        if !self.may_go_by(player, &name) || !self.may_make_room(player) {
            return true;
        }
        match self.state.rooms.create(player, &name, &settings).await {
            Ok(room) => {
                if settings.public {
                    self.state.lobby.made_public(self.address, &room);
                }
                self.send(&ServerMsg::Created { room });
                true
            }
            Err(err) => self.not_made(err),
        }
    }

    /// Watches the lobby (leaving any room), seen under `name` if one is given.
    pub(super) async fn watch_lobby(&mut self, player: &str, name: Option<String>) -> bool {
        if name.as_deref().is_some_and(|name| !self.may_rename(name)) {
            return true;
        }
        self.leave_room().await;
        match self.state.lobby.watch(self.id, player, name.as_deref(), &self.outbox) {
            Ok(()) => {
                self.in_lobby = true;
                if let Some(name) = name {
                    self.named = Some(name.trim().to_owned());
                }
            }
            Err(err @ LobbyError::Full) => {
                self.refuse(ErrorCode::LobbyFull, err.to_string());
            }
            Err(err) => self.refuse_name(err),
        }
        true
    }

    /// Whether this connection, its player and its address may make another
    /// room now (made, by quick play or by rematch: one budget); if not, it
    /// is told why.
    fn may_make_room(&mut self, player: &str) -> bool {
        match self.room_budget(player) {
            Ok(()) => true,
            Err(why) => {
                self.refuse(ErrorCode::Throttled, why);
                false
            }
        }
    }

    /// Whether this connection's address may list another public room
    /// (`--public-rooms-per-address`); if not, it is told why.
    fn may_list(&mut self) -> bool {
        let most = self.state.limits.public_rooms_per_address;
        if self.state.lobby.may_list(self.address, most) {
            return true;
        }
        let why = format!(
            "your address lists {most} public rooms already: make this one private (a link to share), or wait for one to fill"
        );
        !self.throttled(None, Limit::PublicRooms, why)
    }

    /// Tells the client why a room was not made; false when that ends the connection.
    fn not_made(&mut self, err: RoomsError) -> bool {
        match err {
            RoomsError::BadMode(mode) => {
                self.strike(None, ErrorCode::BadMode, format!("\"{mode}\" is no way to play online"))
            }
            RoomsError::BadName(why) => {
                self.refuse(ErrorCode::BadName, why);
                true
            }
            RoomsError::BadBots(why) => {
                self.refuse(ErrorCode::BadBots, why);
                true
            }
            err => {
                tracing::error!(%err, "a room not made");
                self.refuse(ErrorCode::Unavailable, "the room could not be made: try again");
                true
            }
        }
    }

    /// Quick play: sits at a public room of `mode` waiting for players (the
    /// fullest, then the newest: `Lobby::waiting_rooms`) that it has not sat
    /// this connection in before, or makes one and sits in it. Looking, and
    /// making a room and sitting in it, take the way's turn, so that two
    /// quick plays at once meet in one room; sitting at a room already
    /// listed does not (the room orders its joins), so that quick plays
    /// pressed together do not each wait for the others' seats to be
    /// stored. It sits under `name`, or the name the player goes by when
    /// that is empty, if it may go by it.
    pub(super) async fn quick_play(&mut self, player: &str, mode: &str, name: String) -> bool {
        let name = self.name_or_given(player, name);
        if !self.may_go_by(player, &name) {
            return true;
        }
        let name = name.as_str();
        let lobby = Arc::clone(&self.state.lobby);
        let Some(mut turn) = lobby.quick_turn(mode).await else {
            let shown = set_core::text::short(mode);
            return self.strike(None, ErrorCode::BadMode, format!("\"{shown}\" is no way to play online"));
        };
        let rooms = lobby.waiting_rooms(mode, MAX_ONLINE_PLAYERS).into_iter().filter(|r| !self.quick_rooms.contains(r));
        let rooms: Vec<String> = rooms.take(QUICK_TRIES).collect();
        if !rooms.is_empty() {
            drop(turn);
            for room in rooms {
                // Another node's room: the client sits there itself, over a
                // socket that names the room, so that it reaches that node.
                if lobby.elsewhere(&room) {
                    self.send(&ServerMsg::Found { room });
                    return true;
                }
                if self.sit(player, &room, name).await.is_ok() {
                    self.quick_rooms.remember(room);
                    return true;
                }
            }
            // None took it: a room of its own, in turn.
            let Some(again) = lobby.quick_turn(mode).await else { return true };
            turn = again;
        }
        let _turn = turn;
        if !self.may_list() || !self.may_make_room(player) {
            return true;
        }
        // Quick play meets in rooms whose extra cards come by themselves.
        let settings = RoomSettings { mode: mode.to_owned(), public: true, quick: true, ..RoomSettings::default() };
        let room = match self.state.rooms.create(player, name, &settings).await {
            Ok(room) => room,
            Err(err) => return self.not_made(err),
        };
        self.state.lobby.made_public(self.address, &room);
        if let Err((code, message)) = self.sit(player, &room, name).await {
            self.refuse(code, message);
        }
        true
    }

    /// Joins `room` under `name` and waits to hear the seat taken: Ok once
    /// seated (the room has sent its `room`), or why not (and the
    /// connection is in no room).
    async fn sit(&mut self, player: &str, room: &str, name: &str) -> Result<(), (ErrorCode, String)> {
        let unavailable = || (ErrorCode::Unavailable, "the room cannot be opened now: try again".to_owned());
        let inbox = self.state.rooms.inbox(room, Route::Other).await.map_err(|_| unavailable())?;
        self.leave_room().await;
        let (seated, answer) = tokio::sync::oneshot::channel();
        let join = Command::Join {
            conn: self.id,
            player: player.to_owned(),
            name: Some(name.to_owned()),
            since: 0,
            outbox: self.outbox.clone(),
            seated: Some(seated),
        };
        inbox.send(join).await.map_err(|_| unavailable())?;
        match tokio::time::timeout(SIT_WAIT, answer).await {
            Ok(Ok(Ok(Some(_)))) => {
                self.room = Some(inbox);
                self.leave_lobby();
                Ok(())
            }
            // Watching (the game started meanwhile): not what quick play is for.
            Ok(Ok(Ok(None))) => {
                let _ = inbox.send(Command::Leave { conn: self.id }).await;
                Err((ErrorCode::Started, "the game has started".to_owned()))
            }
            Ok(Ok(Err(refused))) => Err(refused),
            _ => {
                let _ = inbox.send(Command::Leave { conn: self.id }).await;
                Err(unavailable())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_play_remembers_its_last_rooms_and_no_more() {
        let mut rooms = QuickRooms::default();
        for n in 0..QUICK_REMEMBERED + 3 {
            rooms.remember(format!("room{n}"));
        }
        assert_eq!(rooms.0.len(), QUICK_REMEMBERED);
        assert!(!rooms.contains("room0") && !rooms.contains("room2"), "the oldest are forgotten");
        assert!(rooms.contains("room3") && rooms.contains(&format!("room{}", QUICK_REMEMBERED + 2)));
    }
}
