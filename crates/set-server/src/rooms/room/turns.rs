//! Memory's turns in a room: a person turns up one card at a time, and
//! everyone is told each (`flipped`); the third makes the claim, appended
//! and broadcast like any other, its `flipped` told only once the claim is
//! kept. A person's turn that runs out is played out by the room
//! ([`RoomGame::time_out_turn`]) on its clock, while someone is in the
//! room to see it, as the bots' turns are. The rules are the core's
//! (`set_core::online::room`'s `turns`): the cards a page is never sent,
//! whose turn it is, when it runs out.

use super::{Room, refused};
use crate::proto::{ErrorCode, ServerMsg, ViewMsg};
use crate::rooms::ConnId;
use crate::store::Status;
use set_core::online::room::{EventKind, Flipped, RoomGame};
use set_core::players::sitting::{Seat, Verdict};
use std::time::{Duration, Instant};

/// After a turn's end the store could not keep, the room tries again this much later.
const RETRY: Duration = Duration::from_secs(1);

impl Room {
    /// When the person whose turn it is runs out of time: none outside
    /// Memory, on a bot's turn, outside play, or with nobody in the room.
    pub(super) fn plan_turn(&mut self) {
        let playing = self.record.status == Status::Playing && !self.conns.is_empty();
        let ends = self.game.as_ref().filter(|_| playing).and_then(RoomGame::turn_ends_ms);
        self.turn_due = ends.map(|ms| self.clock + Duration::from_millis(ms));
    }

    /// A seat turns up the card in `slot`: told to everyone; the third
    /// card's claim is kept and broadcast as a move.
    pub(super) async fn flip(&mut self, conn: ConnId, slot: u8, seen: u32, received: Instant) {
        let Some(seat) = self.seat_of(conn) else {
            return self.error(conn, None, ErrorCode::NotSeated, "only the room's players turn cards up");
        };
        let Some(game) = self.game.as_ref().filter(|_| self.record.status == Status::Playing) else {
            return self.error(conn, None, ErrorCode::NotPlaying, "the game is not being played");
        };
        let at_ms = self.now_ms(received);
        let mut next = game.clone();
        match next.flip(Seat(seat), usize::from(slot), seen, at_ms) {
            Err(err) => self.tell(conn, &refused(self.answering, None, &err, at_ms)),
            Ok(Flipped::Card(_)) => {
                self.broadcast(&ServerMsg::Flipped { by: seat, slot, view: ViewMsg::from(next.view()) });
                self.game = Some(next);
                self.plan_turn();
            }
            Ok(Flipped::Claimed { card, verdict }) => {
                // Everyone sees the third card up beside the other two before the claim's move.
                let mut shown = game.view();
                if let Some(up) = shown.table.get_mut(usize::from(slot)) {
                    *up = Some(card);
                }
                let kind = if matches!(verdict, Verdict::Accepted { .. }) { EventKind::Set } else { EventKind::Wrong };
                let flipped = ServerMsg::Flipped { by: seat, slot, view: ViewMsg::from(shown) };
                if !self.commit_told_after(next, kind, Some(flipped)).await {
                    self.error(conn, None, ErrorCode::Unavailable, "the card could not be kept: turn it again");
                }
            }
        }
    }

    /// The turn that ran out: the room turns up the rest of its cards, as
    /// that seat's claim.
    pub(super) async fn time_out_turn(&mut self) {
        self.turn_due = None;
        let Some(game) = self.game.as_ref().filter(|_| self.record.status == Status::Playing) else { return };
        let at_ms = self.now_ms(Instant::now());
        let mut next = game.clone();
        let Some((_, verdict)) = next.time_out_turn(at_ms) else { return self.plan_turn() };
        let kind = if matches!(verdict, Verdict::Accepted { .. }) { EventKind::Set } else { EventKind::Wrong };
        if !self.commit(next, kind).await {
            self.turn_due = Some(Instant::now() + RETRY);
        }
    }
}
