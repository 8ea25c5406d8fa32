//! A finished room's rematch: the next room, made once (by the first
//! player to ask, who hosts it) with the same players, way and settings,
//! and offered to everyone in the room.

use super::{NEW_ROOM_EPOCH, Room};
use crate::ids;
use crate::proto::{ErrorCode, ServerMsg};
use crate::rooms::ConnId;
use crate::store::{RoomRecord, SeatRecord, Status};

impl Room {
    pub(super) async fn rematch(&mut self, conn: ConnId, refused: Option<&'static str>) {
        let Some(c) = self.conns.get(&conn) else { return };
        if self.record.status != Status::Over {
            return self.error(conn, None, ErrorCode::NotOver, "a rematch is offered once the game is over");
        }
        if let Some(next) = &self.record.next_room {
            return self.tell(conn, &ServerMsg::Rematch { room: next.clone(), by: self.rematch_by });
        }
        let Some((seat, host)) = c.seat.and_then(|seat| Some((seat, self.seats.get(seat as usize)?))) else {
            return self.error(conn, None, ErrorCode::NotSeated, "only the room's players offer a rematch");
        };
        if let Some(why) = refused {
            return self.error(conn, None, ErrorCode::Throttled, why);
        }
        let id = ids::new_room_id();
        let (seed, salt) = (ids::new_seed(), ids::new_salt());
        let record = RoomRecord {
            commitment: ids::commitment(&id, seed, &salt),
            id: id.clone(),
            mode: self.record.mode,
            hints: self.record.hints,
            dealing: self.record.dealing,
            public: self.record.public,
            bots: self.record.bots.clone(),
            seed,
            salt,
            host: host.player.clone(),
            status: Status::Waiting,
            created_at: crate::unix_ms(),
            ended_at_ms: None,
            next_room: None,
            quick: self.record.quick,
        };
        // The same players, the one who asked first, so that they host it.
        let mut order = vec![host.clone()];
        order.extend(self.seats.iter().filter(|s| s.seat != seat).cloned());
        let made = async {
            self.store.create_room(&record, &SeatRecord { seat: 0, ..host.clone() }).await?;
            for (i, s) in order.iter().enumerate().skip(1) {
                self.store.add_seat(&id, NEW_ROOM_EPOCH, &SeatRecord { seat: i as u8, ..s.clone() }).await?;
            }
            self.store.set_next_room(&self.record.id, self.epoch, &id).await
        };
        if let Err(err) = made.await {
            tracing::error!(room = %self.record.id, %err, "a rematch not made");
            return self.error(conn, None, ErrorCode::Unavailable, "the rematch could not be made: try again");
        }
        self.record.next_room = Some(id.clone());
        self.rematch_by = Some(seat);
        self.broadcast(&ServerMsg::Rematch { room: id, by: Some(seat) });
    }
}
