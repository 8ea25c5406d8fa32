//! The room this page is in, or is on its way to: the room's picture
//! ([`Remote`]), its clock and log of sets, who watches it, whether its
//! game is rated and its results, when this player sat down alone in it,
//! the room the address asks for, and the name its last join gave. It
//! knows nothing of the lobby.

use crate::remote::Remote;
use crate::room_log::RoomLog;
use set_core::online::room::Status;
use set_protocol::{ResultMsg, RoomMsg, UnratedMsg};

use super::OFFER_BOTS_MS;

/// The room, as the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    /// The picture of the room the page is in (empty in the lobby).
    pub remote: Remote,
    /// The room's clock and its log of sets taken.
    pub log: RoomLog,
    /// The names of those watching the room.
    pub watchers: Vec<String>,
    /// Whether the room's game counts for ratings.
    pub rated: bool,
    /// The results of the room's rated game, once over.
    pub results: Vec<ResultMsg>,
    /// Why the room's game, rated as set up, did not count, once over.
    pub unrated: Option<UnratedMsg>,
    /// The shortest game of the room's way that counts, while its game may.
    pub floor_ms: Option<u64>,
    /// Whether computer opponents play in the room (it is never rated).
    pub with_bots: bool,
    /// Whether the player put the end screen away to look at the board
    /// (a room entered anew shows it again).
    pub end_put_away: bool,
    /// When a quick-play room's game starts by itself (the page's clock),
    /// while it counts down.
    pub starts_at: Option<f64>,
    /// This player pressed Play again before the next room was made: the
    /// page goes there as soon as the server names it.
    pub rematch_asked: bool,
    /// The seat that asked for the rematch, when the server said.
    pub rematch_by: Option<u8>,
    /// When this player sat down in the waiting room they are in (the
    /// page's clock), for the offer of a computer opponent; none once
    /// turned down.
    pub waiting_since: Option<f64>,
    /// The room the address asks for, until it is joined.
    pub wanted: Option<String>,
    /// The name the last join from this page gave (a watcher keeps it when
    /// it joins again on a new socket).
    pub joined_as: Option<String>,
}

impl Room {
    /// No room yet; `wanted`, the one the address names. The first claim
    /// id is drawn at random at the edge: see [`Remote::new`].
    pub(super) fn new(first_claim_id: u32, wanted: Option<String>) -> Room {
        Room {
            remote: Remote::new(first_claim_id),
            log: RoomLog::default(),
            watchers: Vec::new(),
            rated: false,
            results: Vec::new(),
            unrated: None,
            floor_ms: None,
            with_bots: false,
            end_put_away: false,
            starts_at: None,
            rematch_asked: false,
            rematch_by: None,
            waiting_since: None,
            wanted,
            joined_as: None,
        }
    }

    /// Whether the page is in a room (else it is the lobby).
    pub fn is_in(&self) -> bool {
        !self.remote.room.is_empty()
    }

    /// The room this page is in, or else the one it was asked to join.
    pub(super) fn to_be_in(&self) -> Option<String> {
        if self.is_in() { Some(self.remote.room.clone()) } else { self.wanted.clone() }
    }

    /// Whether to offer a computer opponent `now`: alone in the waiting
    /// room for [`OFFER_BOTS_MS`], and not turned down.
    pub fn offer_bots(&self, now: f64) -> bool {
        self.remote.players.len() == 1 && self.waiting_since.is_some_and(|since| now - since >= OFFER_BOTS_MS)
    }

    /// A room's snapshot, as far as the room's own record goes: its clock,
    /// its rating and results, who watches, and when this player sat down
    /// alone in a room that waits. The picture is applied after (by
    /// [`Remote::apply_room`]), once the page has read what it changes.
    pub(super) fn on_room(&mut self, room: &mut RoomMsg, now: f64) {
        self.log.on_room(room, now);
        self.rated = room.rated;
        self.results = std::mem::take(&mut room.results);
        self.unrated = room.unrated;
        self.floor_ms = room.floor_ms;
        self.with_bots = !room.bots.is_empty();
        self.starts_at = room.starts_in_ms.map(|ms| now + ms as f64);
        if room.room != self.remote.room {
            self.end_put_away = false;
        }
        let sat_down = room.room != self.remote.room || self.remote.seat.is_none();
        if sat_down && room.seat.is_some() && room.status == Status::Waiting {
            self.waiting_since = Some(now);
        }
        self.watchers = std::mem::take(&mut room.watchers);
    }

    /// What the room says of ratings now: what a rated game needs while it
    /// may be one, whether the game counted once over and why not, or why
    /// the room is never rated (`rated`'s words).
    pub fn rated_line(&self) -> String {
        let remote = &self.remote;
        let names: Vec<&str> = remote.players.iter().map(|p| p.name.as_str()).collect();
        if !self.results.is_empty() {
            return super::rated::moved(&self.results, &names);
        }
        if let Some(why) = &self.unrated {
            return super::rated::not_rated(why, &names);
        }
        if let Some(never) = super::rated::never(remote.hints, self.with_bots) {
            return never.to_owned();
        }
        match (self.floor_ms, remote.status) {
            (Some(floor_ms), Status::Waiting | Status::Playing) => super::rated::needs(floor_ms),
            (_, Status::Over) if remote.players.len() < 2 => {
                "Not rated: a rated game has two players or more.".to_owned()
            }
            _ => String::new(),
        }
    }

    /// What the waiting room says of its start: the countdown's seconds
    /// left at `now` while a quick-play room counts down, else who starts it.
    pub fn start_line(&self, now: f64) -> String {
        if let Some(at) = self.starts_at {
            // A whole number: formatting an f64 would bring float printing into the page.
            let seconds = ((at - now) / 1000.0).ceil().max(0.0) as u64;
            return format!("The game starts in {seconds} s.");
        }
        if self.remote.seat == Some(self.remote.host) {
            return "You start the game when everyone is here.".to_owned();
        }
        let host = self.remote.players.get(usize::from(self.remote.host)).map_or("The host", |p| p.name.as_str());
        format!("{host} starts the game when everyone is here.")
    }

    /// The end screen's button: Play again, or, once someone asked, who
    /// is in the next game to join.
    pub fn play_again_label(&self) -> String {
        if self.remote.next_room.is_none() {
            return "Play again".to_owned();
        }
        match self.rematch_by.and_then(|seat| self.remote.players.get(usize::from(seat))) {
            Some(player) => format!("Play again ({} is in)", player.name),
            None => "Play again (the next game is made)".to_owned(),
        }
    }

    /// On to another room (a rematch), its picture new; claim ids go on.
    pub(super) fn go_to(&mut self, room: &str) {
        self.remote = Remote::new(self.remote.next_claim_id());
        self.end_put_away = false;
        self.starts_at = None;
        self.rematch_asked = false;
        self.rematch_by = None;
        self.wanted = Some(room.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The room to be in is the one the page is in, else the one asked
    /// for; a rematch's room starts a new picture and keeps the claim ids
    /// going.
    #[test]
    fn the_room_to_be_in_is_the_one_entered_else_the_one_asked_for() {
        let mut room = Room::new(40, Some("asked".into()));
        assert_eq!((room.is_in(), room.to_be_in().as_deref()), (false, Some("asked")));
        room.remote.room = "entered".into();
        assert_eq!(room.to_be_in().as_deref(), Some("entered"));
        let next = room.remote.next_claim_id();
        room.go_to("next");
        assert_eq!((room.is_in(), room.wanted.as_deref(), room.remote.next_claim_id()), (false, Some("next"), next));
        assert!(!room.offer_bots(1e9), "no one sat down alone");
    }

    /// The room's line on ratings follows what the server sent: what a
    /// rated game needs before the end, then the results or the reason.
    #[test]
    fn the_rated_line_says_what_a_game_needs_then_whether_it_counted() {
        use set_protocol::{PlayerMsg, UnratedMsg};
        let mut room = Room::new(1, None);
        room.remote.room = "r".into();
        room.remote.status = Status::Waiting;
        let player = |seat: u8, name: &str| PlayerMsg {
            seat,
            name: name.into(),
            player: String::new(),
            score: 0,
            wrong: 0,
            connected: true,
            rtt: None,
            bot: false,
        };
        room.remote.players = vec![player(0, "Ann"), player(1, "Ben")];
        room.floor_ms = Some(30_000);
        assert!(room.rated_line().starts_with("Rated: the game counts once it lasts 30 s"), "{}", room.rated_line());
        room.remote.status = Status::Over;
        room.floor_ms = None;
        room.unrated = Some(UnratedMsg::Idle { seat: 1 });
        assert_eq!(room.rated_line(), "Not rated: Ben found no set; in a rated game every player finds one.");
        room.unrated = None;
        room.results = vec![ResultMsg { seat: 0, place: 1, before: 1500, after: 1512, provisional: true }];
        assert_eq!(room.rated_line(), "Rated: Ann 1500 → 1512.");
        room.results.clear();
        room.remote.hints = true;
        assert_eq!(room.rated_line(), "Not rated: hints are allowed in this room.");
    }
}
