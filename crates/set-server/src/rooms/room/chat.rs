//! A room's chat: its players' lines, kept with the room's log and told to
//! everyone in the room.

use super::Room;
use crate::proto::{ChatMsg, ErrorCode, ServerMsg};
use crate::rooms::ConnId;
use crate::store::ChatRecord;
use std::time::Instant;

impl Room {
    pub(super) fn chat_msg(&self, line: &ChatRecord) -> ChatMsg {
        let name = self.seats.get(line.seat as usize).map(|s| s.name.clone()).unwrap_or_default();
        ChatMsg { seat: line.seat, name, text: line.text.clone(), at_ms: line.at_ms }
    }

    /// A seated player's line of chat (checked by the connection): kept with
    /// the room's log, then told to everyone in the room.
    pub(super) async fn chat(&mut self, conn: ConnId, text: String) {
        let Some(seat) = self.seat_of(conn) else {
            return self.error(conn, None, ErrorCode::NotSeated, "only the players chat: sit down to talk");
        };
        if self.chat_next >= crate::chat::MAX_ROOM_LINES {
            let why = format!("this room has kept its {} lines of chat: no more", crate::chat::MAX_ROOM_LINES);
            return self.error(conn, None, ErrorCode::BadChat, why);
        }
        let line = ChatRecord { n: self.chat_next, seat, at_ms: self.now_ms(Instant::now()), text, hidden: false };
        if let Err(err) = self.store.chat(&self.record.id, self.epoch, &line).await {
            self.not_kept(&err, "a chat line");
            return self.error(conn, None, ErrorCode::Unavailable, "the line was not kept: try again");
        }
        self.chat_next += 1;
        self.broadcast(&ServerMsg::Chat(self.chat_msg(&line)));
        self.chat.push_back(line);
        if self.chat.len() > crate::chat::KEPT {
            self.chat.pop_front();
        }
    }
}
