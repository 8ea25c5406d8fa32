//! A waiting room's host: handing the room over when the host leaves,
//! taking a seat away before the start, and a banned player's seat going.

use super::Room;
use crate::proto::ErrorCode;
use crate::rooms::ConnId;
use crate::store::{SeatRecord, Speaker, Status};

impl Room {
    /// When the host's last connection leaves a waiting room, the next
    /// seated player who is here hosts it (the one after the host, in seat order).
    pub(super) async fn hand_over(&mut self, left: &str) {
        if self.record.status != Status::Waiting || left != self.record.host {
            return;
        }
        if self.conns.values().any(|c| c.player == self.record.host) {
            return;
        }
        let from = self.seats.iter().position(|s| s.player == self.record.host).unwrap_or(0);
        let here = |s: &&SeatRecord| self.conns.values().any(|c| c.seat == Some(s.seat));
        let Some(next) = self.seats.iter().cycle().skip(from + 1).take(self.seats.len()).find(here) else { return };
        let next = next.player.clone();
        if let Err(err) = self.store.set_host(&self.record.id, self.epoch, &next).await {
            self.not_kept(&err, "the new host");
            return;
        }
        self.record.host = next;
        self.send_snapshots();
    }

    /// The host takes a seat (not their own) away before the start: the
    /// seats after it move down one, and its player watches.
    pub(super) async fn remove(&mut self, conn: ConnId, seat: u8) {
        let Some(c) = self.conns.get(&conn) else { return };
        if c.player != self.record.host {
            return self.error(conn, None, ErrorCode::NotHost, "only the host removes a seat");
        }
        if self.record.status != Status::Waiting {
            return self.error(conn, None, ErrorCode::Started, "the game has started: its seats are fixed");
        }
        let Some(removed) = self.seats.get(usize::from(seat)).map(|s| s.player.clone()) else {
            return self.error(conn, None, ErrorCode::BadSeat, format!("there is no seat {seat}"));
        };
        if removed == self.record.host {
            return self.error(conn, None, ErrorCode::BadSeat, "the host keeps their own seat");
        }
        if !self.take_seat_away(seat, "the host took your seat: you are watching").await {
            self.error(conn, None, ErrorCode::Unavailable, "the seat could not be removed: try again");
        }
    }

    /// The operator banned `player` (its connections are closed by their
    /// own tasks): in a waiting room its seat is taken away, as a host
    /// takes one, so that no banned identity holds a seat a game would
    /// start with; a banned host first hands the room to the next seated
    /// player, here or not. A game being played goes on (the banned seat
    /// is away, and ranks as one).
    pub(super) async fn banish(&mut self, player: &str) {
        if self.record.status != Status::Waiting {
            return;
        }
        let Some(seat) = self.seats.iter().position(|s| s.player == player) else { return };
        if player == self.record.host {
            let Some(next) = self.seats.iter().find(|s| s.player != player).map(|s| s.player.clone()) else {
                // Alone in it: the room stays as it is, unlisted (no one
                // seated is here) until the sweep deletes it.
                return;
            };
            if let Err(err) = self.store.set_host(&self.record.id, self.epoch, &next).await {
                return self.not_kept(&err, "the new host");
            }
            self.record.host = next;
        }
        self.take_seat_away(seat as u8, "the server's operator banned that player").await;
    }

    /// Takes seat `seat` away before the start: the seats after it move
    /// down one, its player's connections are told `why` and watch. False
    /// if there is no such seat or the store did not keep it (nothing changed).
    async fn take_seat_away(&mut self, seat: u8, why: &str) -> bool {
        let Some(removed) = self.seats.get(usize::from(seat)).map(|s| s.player.clone()) else { return false };
        if let Err(err) = self.store.remove_seat(&self.record.id, self.epoch, seat).await {
            self.not_kept(&err, "a seat's removal");
            return false;
        }
        self.seats.remove(usize::from(seat));
        for (at, s) in self.seats.iter_mut().enumerate() {
            s.seat = at as u8;
        }
        if usize::from(seat) < self.rtt.len() {
            self.rtt.remove(usize::from(seat));
            self.attendance.seat_removed(usize::from(seat));
        }
        self.chat.retain(|line| line.by.seat() != Some(seat));
        for line in &mut self.chat {
            if let Speaker::Seat(later) = &mut line.by
                && *later > seat
            {
                *later -= 1;
            }
        }
        for c in self.conns.values_mut() {
            c.seat = match c.seat {
                Some(s) if s == seat => None,
                Some(s) if s > seat => Some(s - 1),
                other => other,
            };
        }
        self.removed.push(removed.clone());
        let gone: Vec<ConnId> = self.conns.iter().filter(|(_, c)| c.player == removed).map(|(&id, _)| id).collect();
        for id in gone {
            self.error(id, None, ErrorCode::Removed, why);
        }
        self.send_snapshots();
        self.publish();
        true
    }
}
