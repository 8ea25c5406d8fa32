//! A waiting room's host: handing the room over when the host leaves, and
//! taking a seat away before the start.

use super::Room;
use crate::proto::ErrorCode;
use crate::rooms::ConnId;
use crate::store::{SeatRecord, Status};

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
        if let Err(err) = self.store.remove_seat(&self.record.id, self.epoch, seat).await {
            self.not_kept(&err, "a seat's removal");
            return self.error(conn, None, ErrorCode::Unavailable, "the seat could not be removed: try again");
        }
        self.seats.remove(usize::from(seat));
        for (at, s) in self.seats.iter_mut().enumerate() {
            s.seat = at as u8;
        }
        if usize::from(seat) < self.rtt.len() {
            self.rtt.remove(usize::from(seat));
            self.attendance.seat_removed(usize::from(seat));
        }
        self.chat.retain(|line| line.seat != seat);
        for line in self.chat.iter_mut().filter(|line| line.seat > seat) {
            line.seat -= 1;
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
            self.error(id, None, ErrorCode::Removed, "the host took your seat: you are watching");
        }
        self.send_snapshots();
        self.publish();
    }
}
