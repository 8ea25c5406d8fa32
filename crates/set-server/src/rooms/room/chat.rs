//! A room's chat: its players' and its watchers' lines, kept with the
//! room's log and told to everyone in the room. A watcher's line is marked
//! as one, and bound as a player's is (the connection's rate limits, the
//! room's most lines), and the watchers together say at most their share
//! of the room's lines (`chat::MAX_WATCHER_LINES`), so that fresh watchers
//! cannot spend the players' chat.

use super::Room;
use crate::proto::{ChatMsg, ErrorCode, ServerMsg};
use crate::rooms::ConnId;
use crate::store::{ChatRecord, Speaker};
use std::time::Instant;

impl Room {
    pub(super) fn chat_msg(&self, line: &ChatRecord) -> ChatMsg {
        let (text, at_ms) = (line.text.clone(), line.at_ms);
        match &line.by {
            Speaker::Seat(seat) => {
                let name = self.seats.get(usize::from(*seat)).map(|s| s.name.clone()).unwrap_or_default();
                ChatMsg { seat: *seat, watcher: None, name, text, at_ms }
            }
            Speaker::Watcher { player, name } => {
                ChatMsg { seat: 0, watcher: Some(player.clone()), name: name.clone(), text, at_ms }
            }
        }
    }

    /// A line of chat from someone in the room (checked by the connection,
    /// which says the name its player goes by online): kept with the
    /// room's log, then told to everyone in the room.
    pub(super) async fn chat(&mut self, conn: ConnId, text: String, goes_by: Option<String>) {
        let Some(here) = self.conns.get(&conn) else {
            return self.error(conn, None, ErrorCode::NotSeated, "join the room to chat in it");
        };
        // A watcher speaks under the name they watch by, or the one they go by online.
        let by = if let Some(seat) = here.seat {
            Speaker::Seat(seat)
        } else {
            let name = here.name.clone().or(goes_by).filter(|name| !name.trim().is_empty());
            Speaker::Watcher { player: here.player.clone(), name: name.unwrap_or_else(|| "A watcher".to_owned()) }
        };
        if self.chat_next >= crate::chat::MAX_ROOM_LINES {
            let why = format!("this room has kept its {} lines of chat: no more", crate::chat::MAX_ROOM_LINES);
            return self.error(conn, None, ErrorCode::BadChat, why);
        }
        let watching = matches!(by, Speaker::Watcher { .. });
        if watching && self.watcher_lines >= crate::chat::MAX_WATCHER_LINES {
            let why = format!(
                "this room's watchers have said their {} lines: the rest are the players'",
                crate::chat::MAX_WATCHER_LINES
            );
            return self.error(conn, None, ErrorCode::BadChat, why);
        }
        let line = ChatRecord { n: self.chat_next, by, at_ms: self.now_ms(Instant::now()), text, hidden: false };
        if let Err(err) = self.store.chat(&self.record.id, self.epoch, &line).await {
            self.not_kept(&err, "a chat line");
            return self.error(conn, None, ErrorCode::Unavailable, "the line was not kept: try again");
        }
        self.chat_next += 1;
        self.watcher_lines += u32::from(watching);
        self.broadcast(&ServerMsg::Chat(self.chat_msg(&line)));
        self.chat.push_back(line);
        if self.chat.len() > crate::chat::KEPT {
            self.chat.pop_front();
        }
    }
}
