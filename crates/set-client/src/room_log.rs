//! An online room's clock and its log of sets taken, as a page keeps them
//! from the server's snapshots and events: the clock runs from the game's
//! start on the server's word (each snapshot says where it stands; each
//! event may move it on, never back), the same on every page and paused
//! for no one; the log is every set taken, in order, each once, also for a
//! watcher or a page that joined late (a snapshot carries the events after
//! the page's last).

use set_core::online::room::{EventKind, Status};
use set_protocol::{MoveMsg, RoomMsg};

/// A set taken, as the log shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedSet {
    /// Who took it.
    pub seat: u8,
    /// Its cards, by id.
    pub cards: Vec<u8>,
    /// When, in the game's time (ms from its start).
    pub at_ms: u64,
}

/// Where the game's clock stood at a moment of the page's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reading {
    elapsed_ms: u64,
    /// The page's clock then (ms, `performance.now()`).
    at: u64,
}

/// A room's clock and log of sets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomLog {
    room: String,
    status: Status,
    /// The last event looked at (of every kind): the next is this plus one.
    through: u32,
    sets: Vec<LoggedSet>,
    clock: Option<Reading>,
}

impl RoomLog {
    /// A snapshot of `room` came at `now` (the page's clock, ms).
    pub fn on_room(&mut self, room: &RoomMsg, now: f64) {
        if room.room != self.room {
            *self = RoomLog { room: room.room.clone(), ..RoomLog::default() };
        }
        self.status = room.status;
        for event in &room.moves {
            self.look_at(event);
        }
        self.clock = room.elapsed_ms.map(|elapsed_ms| Reading { elapsed_ms, at: page_ms(now) });
    }

    /// An event came at `now`, `over` if it ended the game.
    pub fn on_move(&mut self, event: &MoveMsg, over: bool, now: f64) {
        self.look_at(event);
        if over {
            self.status = Status::Over;
        }
        // The clock moves on to the event's time if it lagged, never back.
        if self.elapsed_ms(now).is_none_or(|elapsed| event.at_ms > elapsed) || over {
            self.clock = Some(Reading { elapsed_ms: event.at_ms, at: page_ms(now) });
        }
    }

    fn look_at(&mut self, event: &MoveMsg) {
        if event.seq != self.through + 1 {
            return;
        }
        self.through = event.seq;
        if event.kind == EventKind::Set {
            let cards = event.cards.iter().map(|card| card.id()).collect();
            self.sets.push(LoggedSet { seat: event.by, cards, at_ms: event.at_ms });
        }
    }

    /// The sets taken, oldest first.
    pub fn sets(&self) -> &[LoggedSet] {
        &self.sets
    }

    /// The game's clock at `now`: running while it is played, stopped at
    /// its end once over, none while it waits.
    pub fn elapsed_ms(&self, now: f64) -> Option<u64> {
        let reading = self.clock?;
        match self.status {
            Status::Waiting => None,
            Status::Playing => Some(reading.elapsed_ms + page_ms(now).saturating_sub(reading.at)),
            Status::Over => Some(reading.elapsed_ms),
        }
    }
}

fn page_ms(now: f64) -> u64 {
    now.max(0.0) as u64
}

/// A clock's time as the page shows it, in minutes and seconds: "4:05", "62:09".
pub fn clock_text(ms: u64) -> String {
    let seconds = ms / 1000;
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use set_core::rules::card::Card;
    use set_core::rules::variant::Variant;

    fn event(seq: u32, by: u8, kind: EventKind, at_ms: u64) -> MoveMsg {
        let cards = if kind == EventKind::Set {
            [0u8, 1, 2].map(|id| Card::new(i64::from(id + seq as u8)).unwrap()).to_vec()
        } else {
            vec![]
        };
        MoveMsg { seq, by, kind, cards, at_ms }
    }

    fn room(id: &str, status: Status, moves: Vec<MoveMsg>, elapsed_ms: Option<u64>) -> RoomMsg {
        RoomMsg {
            room: id.into(),
            seat: None,
            host: 0,
            status,
            mode: Variant::Classic,
            hints: false,
            dealing: set_core::rules::variant::Dealing::Automatic,
            seq: moves.last().map_or(0, |m| m.seq),
            view: None,
            players: vec![],
            commitment: String::new(),
            seed: None,
            salt: None,
            next_room: None,
            moves,
            chat: vec![],
            public: false,
            watchers: vec![],
            bots: vec![],
            rated: false,
            elapsed_ms,
            results: vec![],
            unrated: None,
            floor_ms: None,
            starts_in_ms: None,
        }
    }

    #[test]
    fn the_log_takes_each_set_once_in_order_from_snapshots_and_events() {
        let mut log = RoomLog::default();
        // A late joiner's snapshot: every event so far.
        let first = vec![
            event(1, 0, EventKind::Set, 900),
            event(2, 1, EventKind::Wrong, 1500),
            event(3, 1, EventKind::Set, 2100),
        ];
        log.on_room(&room("r1", Status::Playing, first, Some(2500)), 10_000.0);
        assert_eq!(log.sets().iter().map(|s| (s.seat, s.at_ms)).collect::<Vec<_>>(), [(0, 900), (1, 2100)]);
        // An event seen twice, one that skips (missed: the resync brings it), then the resync.
        log.on_move(&event(3, 1, EventKind::Set, 2100), false, 10_100.0);
        log.on_move(&event(5, 0, EventKind::Set, 4000), false, 10_200.0);
        assert_eq!(log.sets().len(), 2);
        log.on_room(
            &room(
                "r1",
                Status::Playing,
                vec![event(4, 0, EventKind::Hint, 3000), event(5, 0, EventKind::Set, 4000)],
                Some(4100),
            ),
            10_300.0,
        );
        assert_eq!(log.sets().iter().map(|s| s.at_ms).collect::<Vec<_>>(), [900, 2100, 4000]);
        assert_eq!(log.sets()[2].cards, [5, 6, 7]);
        // Another room starts afresh.
        log.on_room(&room("r2", Status::Waiting, vec![], None), 10_400.0);
        assert!(log.sets().is_empty());
        assert_eq!(log.elapsed_ms(10_500.0), None, "no clock while it waits");
    }

    #[test]
    fn the_clock_runs_on_the_servers_word_never_back_and_stops_at_the_end() {
        let mut log = RoomLog::default();
        log.on_room(&room("r1", Status::Playing, vec![], Some(5_000)), 1_000.0);
        assert_eq!(log.elapsed_ms(3_000.0), Some(7_000));
        // An event whose time is ahead of the page's reading moves it on...
        log.on_move(&event(1, 0, EventKind::Set, 9_000), false, 3_000.0);
        assert_eq!(log.elapsed_ms(3_500.0), Some(9_500));
        // ...one behind it does not move it back.
        log.on_move(&event(2, 0, EventKind::Set, 8_000), false, 4_000.0);
        assert_eq!(log.elapsed_ms(4_000.0), Some(10_000));
        // The last event stops it at its time.
        log.on_move(&event(3, 1, EventKind::Set, 10_200), true, 4_100.0);
        assert_eq!(log.elapsed_ms(60_000.0), Some(10_200));
        assert_eq!(clock_text(10_200), "0:10");
        assert_eq!(clock_text(3_725_000), "62:05");
    }
}
