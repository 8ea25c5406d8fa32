//! The room's endpoint: joining a room (here, or told where it is played),
//! and passing the joined room the messages that are its to judge.

use super::Connection;
use crate::ids::is_room_id;
use crate::metrics::{Limit, limit_hit};
use crate::proto::{ClientMsg, ErrorCode, ServerMsg};
use crate::rooms::{Command, ConnId, Request, RoomsError, Route};
use std::time::Instant;

/// How a join reached this node: over the socket a proxy routed here by
/// the room it names (so the room may be taken over here), or another.
fn route(routed: Option<&str>, room: &str) -> Route {
    if routed == Some(room) { Route::ByTheRoom } else { Route::Other }
}

/// The room's request for one of its messages from connection `conn`.
/// `refused`: why a rematch may not make a room (the connection's room
/// budget is spent), which the room says if a room would be made.
fn request(conn: ConnId, msg: ClientMsg, refused: Option<&'static str>) -> Command {
    Command::Request(Request { conn, msg, received: Instant::now(), refused })
}

impl Connection {
    /// Joins `room` (leaving the lobby and any other room), as a player by
    /// this connection's identity or a watcher under `name`, sent what
    /// happened after event `since`.
    pub(super) async fn join(
        &mut self,
        player: String,
        room: String,
        name: Option<String>,
        since: Option<u32>,
    ) -> bool {
        if !is_room_id(&room) {
            return self.strike(None, ErrorCode::NoRoom, "there is no such room");
        }
        if name.as_deref().is_some_and(|name| !self.may_go_by(&player, name)) {
            return true;
        }
        if !self.state.joins_from.take(self.address) {
            return self.throttled(None, Limit::Joins, "too many rooms joined: wait a moment");
        }
        self.leave_room().await;
        self.leave_lobby();
        let inbox = match self.state.rooms.inbox(&room, route(self.routed.as_deref(), &room)).await {
            Ok(inbox) => inbox,
            // Played on a live node: the client sits there itself, over
            // a socket that names the room (as quick play's `found`).
            Err(RoomsError::Elsewhere(_)) => {
                self.send(&ServerMsg::Found { room });
                return true;
            }
            Err(RoomsError::NoRoom) => {
                return self.strike(None, ErrorCode::NoRoom, "there is no such room");
            }
            Err(RoomsError::Full) => {
                limit_hit(Limit::RoomsLoaded);
                self.refuse(ErrorCode::Unavailable, "the server is full: try again soon");
                return true;
            }
            Err(err) => {
                tracing::error!(%room, %err, "a room not opened");
                self.refuse(ErrorCode::Unavailable, "the room cannot be opened now");
                return true;
            }
        };
        let join = Command::Join {
            conn: self.id,
            player,
            name,
            since: since.unwrap_or(0),
            outbox: self.outbox.clone(),
            seated: None,
        };
        self.room = Some(inbox);
        self.forward(join).await
    }

    /// Passes one of the room's messages to the joined room. A rematch
    /// makes a room (unless one was made): it spends the same budget as
    /// making one, and the room says if it is spent.
    pub(super) async fn pass_to_room(&mut self, player: &str, msg: ClientMsg) -> bool {
        let refused = if matches!(msg, ClientMsg::Rematch) { self.room_budget(player).err() } else { None };
        self.forward(request(self.id, msg, refused)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_join_over_the_socket_routed_by_its_room_may_take_the_room_over() {
        assert!(matches!(route(Some("abc123"), "abc123"), Route::ByTheRoom));
        assert!(matches!(route(Some("abc123"), "xyz789"), Route::Other));
        assert!(matches!(route(None, "abc123"), Route::Other));
    }

    #[test]
    fn the_room_hears_its_message_whole_from_the_connection_with_a_rematchs_refusal() {
        let claim = ClientMsg::Claim { id: 4, cards: vec![1, 2, 3], seen: 9 };
        let Command::Request(Request { conn, msg, refused, .. }) = request(7, claim.clone(), None) else {
            panic!("not a request");
        };
        assert_eq!((conn, msg, refused), (7, claim, None));
        let Command::Request(Request { refused, .. }) = request(7, ClientMsg::Rematch, Some("spent")) else {
            panic!("not a request");
        };
        assert_eq!(refused, Some("spent"));
    }
}
