//! A line of chat: said in the lobby when the connection watches it, else
//! to its room. The socket's own chat credit is spent before it comes here;
//! its player's (over all its connections) and its address's are drawn
//! here, so that a player with twenty sockets, or twenty identities on one
//! machine, say no more than one would.

use super::Connection;
use super::budget::CHAT_REFUSED;
use crate::metrics::Limit;
use crate::proto::ErrorCode;
use crate::rooms::Command;

/// Where a line goes.
#[derive(Debug, PartialEq, Eq)]
enum Place {
    Lobby,
    Room,
}

/// The lobby's when the connection watches it and is in no room; else the
/// room's (which refuses it when there is none).
fn place(in_room: bool, in_lobby: bool) -> Place {
    if !in_room && in_lobby { Place::Lobby } else { Place::Room }
}

impl Connection {
    pub(super) async fn chat(&mut self, player: &str, text: &str) -> bool {
        if self.state.sanctions.is_muted(player) {
            self.refuse(ErrorCode::Muted, "this server's operator has muted you");
            return true;
        }
        if !self.state.chat_by.take(player.to_owned()) || !self.state.chat_from.take(self.address) {
            return self.throttled(None, Limit::Chat, CHAT_REFUSED);
        }
        let text = match crate::chat::checked(text) {
            Ok(text) => text,
            Err(why) => {
                self.refuse(ErrorCode::BadChat, why);
                return true;
            }
        };
        match place(self.room.is_some(), self.in_lobby) {
            Place::Lobby => {
                if let Err(err) = self.state.lobby.say(self.id, text) {
                    self.refuse(ErrorCode::BadChat, err.to_string());
                }
                true
            }
            Place::Room => self.forward(Command::Chat { conn: self.id, text, goes_by: self.named.clone() }).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_goes_to_the_lobby_only_from_a_watcher_in_no_room() {
        assert_eq!(place(false, true), Place::Lobby);
        assert_eq!(place(true, false), Place::Room);
        // Neither: the room's, which answers "join a room first".
        assert_eq!(place(false, false), Place::Room);
    }
}
