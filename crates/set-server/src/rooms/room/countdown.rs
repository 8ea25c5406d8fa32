//! A quick-play room starts by itself: once two or more of its seats are
//! here, it counts down (`RoomLimits::quick_start`, `--quick-start-seconds`)
//! and deals; each player who sits down meanwhile starts the count again,
//! so that no one arrives to a game already under way, and below two the
//! count stops. A room made by hand waits for its host, as before; its
//! host may start a counting room at once. Every page is told the time
//! left with who is here (`starts_in_ms`).

use super::Room;
use crate::store::Status;
use std::time::Instant;

impl Room {
    /// The seats with a connection here.
    fn seats_here(&self) -> usize {
        self.seats.iter().filter(|s| self.conns.values().any(|c| c.seat == Some(s.seat))).count()
    }

    /// Sets, sets again or stops the countdown after anything that changes
    /// who is here or the room's status; the pages are told when it changed.
    pub(super) fn plan_start(&mut self) {
        let counts = self.record.quick
            && self.record.status == Status::Waiting
            && !self.limits.quick_start.is_zero()
            && self.seats_here() >= 2;
        let here = if counts { self.seats_here() } else { 0 };
        let before = self.start_due;
        if !counts {
            self.start_due = None;
        } else if self.start_due.is_none() || here > self.start_seats {
            self.start_due = Some(Instant::now() + self.limits.quick_start);
        }
        self.start_seats = here;
        if self.start_due != before {
            self.broadcast_players();
        }
    }

    /// The time left to the countdown's start, in ms, while it runs.
    pub(super) fn starts_in_ms(&self) -> Option<u64> {
        self.start_due.map(|due| due.saturating_duration_since(Instant::now()).as_millis() as u64)
    }

    /// The countdown ran out: the game starts, if the room still waits
    /// with two or more here (else the count is set again as it stands).
    pub(super) async fn start_by_itself(&mut self) {
        if self.record.status != Status::Waiting || self.seats_here() < 2 {
            return self.plan_start();
        }
        if let Err((_, why)) = self.begin().await {
            tracing::warn!(room = %self.record.id, %why, "a quick-play room did not start by itself");
            self.plan_start();
        }
    }
}
