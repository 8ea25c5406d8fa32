//! How long each seat has been connected during the game, for the
//! fair-play rule that a seat connected for less than half of a rated game
//! left it (`set_core::online::fair::stayed`). Kept in memory: a room
//! reloaded after a restart credits every seat with the play before it.

use std::time::Instant;

/// Each seat's connected time since the game started.
#[derive(Debug, Default)]
pub(super) struct Attendance {
    /// Time counted so far, per seat, in ms.
    kept_ms: Vec<u64>,
    /// Since when each seat has been connected, if it is.
    since: Vec<Option<Instant>>,
}

impl Attendance {
    /// A room's attendance as it is loaded: `seats` seats, each credited
    /// with `played_ms` of play before (none of them is connected yet).
    pub(super) fn restored(seats: usize, played_ms: u64) -> Attendance {
        Attendance { kept_ms: vec![played_ms; seats], since: vec![None; seats] }
    }

    /// The game starts now: every seat's count begins at 0, running for the connected ones.
    pub(super) fn start(&mut self, connected: &[bool], now: Instant) {
        self.kept_ms = vec![0; connected.len()];
        self.since = connected.iter().map(|&on| on.then_some(now)).collect();
    }

    /// A seat added (or one more seat than counted): not connected yet.
    pub(super) fn seat_added(&mut self) {
        self.kept_ms.push(0);
        self.since.push(None);
    }

    /// A waiting room's seat taken away: those after it move down one.
    pub(super) fn seat_removed(&mut self, seat: usize) {
        if seat < self.kept_ms.len() {
            self.kept_ms.remove(seat);
            self.since.remove(seat);
        }
    }

    /// The seat's first connection came.
    pub(super) fn arrived(&mut self, seat: usize, now: Instant) {
        if let Some(since) = self.since.get_mut(seat) {
            since.get_or_insert(now);
        }
    }

    /// The seat's last connection went.
    pub(super) fn left(&mut self, seat: usize, now: Instant) {
        if let (Some(since), Some(kept)) = (self.since.get_mut(seat), self.kept_ms.get_mut(seat))
            && let Some(from) = since.take()
        {
            *kept += now.saturating_duration_since(from).as_millis() as u64;
        }
    }

    /// Each seat's connected time up to `now`, in ms.
    pub(super) fn present_ms(&self, now: Instant) -> Vec<u64> {
        self.kept_ms
            .iter()
            .zip(&self.since)
            .map(|(kept, since)| kept + since.map_or(0, |from| now.saturating_duration_since(from).as_millis() as u64))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_seat_counts_only_while_connected_from_the_start() {
        let t0 = Instant::now();
        let at = |ms| t0 + Duration::from_millis(ms);
        let mut attendance = Attendance::default();
        attendance.seat_added();
        attendance.seat_added();
        attendance.arrived(0, at(0));
        attendance.start(&[true, false], at(1_000));
        attendance.arrived(1, at(2_000));
        attendance.left(0, at(5_000));
        attendance.left(0, at(6_000)); // already gone: nothing more
        attendance.arrived(0, at(9_000));
        attendance.arrived(0, at(9_500)); // a second tab: still from 9 000
        assert_eq!(attendance.present_ms(at(10_000)), [5_000, 8_000]);
        attendance.seat_removed(0);
        assert_eq!(attendance.present_ms(at(10_000)), [8_000]);
    }

    #[test]
    fn a_restored_room_credits_the_play_before_it() {
        let t0 = Instant::now();
        let mut attendance = Attendance::restored(2, 40_000);
        attendance.arrived(1, t0);
        assert_eq!(attendance.present_ms(t0 + Duration::from_millis(500)), [40_000, 40_500]);
    }
}
