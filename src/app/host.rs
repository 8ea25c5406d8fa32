//! The game a page hosts, as the controller ([`super::App`], generic over
//! it) asks it: [`Host`] is the [`Table`] (index.html's solo `Session`,
//! race.html's `Race`) with its moves told in the page's words (a move's
//! words for screen readers, a refusal's words, the players as [`Seats`]),
//! written once for every table.
//!
//! What only a game with others has (players who act on their own, calls,
//! the scoreboard, the ranking, players in the address, `state().players`)
//! is [`Others`] and [`Hosted`], which do nothing alone: race.html's build
//! adds their implementations for the race (`crate::race`). The controller
//! asks them, never tests who plays, so that in index.html's build (a
//! `Session`, known to the compiler) what a game alone never does is
//! compiled out.

use set_client::page::options::{PageOptions, game_query};
use set_client::play::race::BotPlan;
use set_client::play::session::{Adopted, Happened, Session};
use set_client::play::table::Table;
use set_core::players::sitting::{Seat, Seats};
use set_core::rules::card::Card;
use set_core::rules::game::Game;

/// A move as the page tells it: what it did on the board, and what screen
/// readers are told of it (read once the move is made).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Said {
    pub happened: Happened,
    pub words: Option<String>,
    /// Whose move it was.
    pub by: Seat,
}

/// A refused move, in the page's words: `None` says nothing (a tap on a
/// finished game or an empty place).
pub(crate) type Refused = Option<String>;

/// A stored text another tab wrote that this page does not take.
pub(crate) enum NotTaken {
    /// A newer version wrote it (why it cannot be read here): it is kept
    /// untouched, never written over.
    Newer(String),
    /// Not a game this table can use: its own game stays.
    Unreadable,
}

/// The moves the controller makes and tells in the page's words: see the
/// module documentation. Reading the game, the picks and the clock goes
/// through the table's session; what a move does not tell (a new game,
/// going back, the clock, putting picks back, the save) it asks the
/// [`Table`] itself.
pub(crate) trait Host {
    /// Takes over the game another tab stored.
    fn adopt_text(&mut self, text: &str, now: f64) -> Result<Adopted, NotTaken>;
    /// Picks or puts back a card in play; the last pick of a claim claims it.
    fn pick(&mut self, card: Card, now: f64) -> Result<Said, Refused>;
    /// Reveals one more card of a claim.
    fn hint(&mut self, now: f64) -> Result<Said, Refused>;
    /// "No set", where extra cards wait for a call.
    fn call_no_set(&mut self, now: f64) -> Result<Said, Refused>;
    /// What happened by itself by `now` (see [`Others::advance`]).
    fn advance(&mut self, now: f64) -> Vec<Said>;
    /// A person calls a claim (see [`Others::call`]).
    fn call(&mut self, seat: Seat, now: f64) -> Result<Option<Said>, Refused>;
}

/// What only a game with others does; alone, each does nothing.
pub(crate) trait Others {
    /// The seat whose call is running, if any.
    fn calling(&self) -> Option<Seat> {
        None
    }
    /// A computer opponent's claim shown on the board before it is made.
    fn showing(&self, _now: f64) -> Option<BotPlan> {
        None
    }
    /// Whether a seat is a computer opponent's: its sets sound as a rival's.
    fn is_bot(&self, _seat: Seat) -> bool {
        false
    }
    /// The whole seconds left of a running call, for its countdown.
    fn countdown(&self, _now: f64) -> Option<u32> {
        None
    }
    /// Where a seat's name is shown, in viewport CSS pixels: a set taken
    /// flies there. `None` alone (it flies off the board).
    fn seat_element(&self, _seat: Seat) -> Option<String> {
        None
    }
    /// The wrong claims the header and the end screen count: the game's.
    fn wrong_claims(&self, game: &Game) -> u32 {
        game.wrong_claims()
    }
    /// The scoreboard's markup; empty alone.
    fn scoreboard(&self, _now: f64) -> String {
        String::new()
    }
    /// The players' fields of `state()`; none alone.
    fn put_players(&self, _object: &js_sys::Object, _now: f64) {}
    /// The end screen's title naming the winner and the list ranking the
    /// players (markup); `None` alone.
    fn ranking(&self) -> Option<(String, String)> {
        None
    }
    /// The address's query for the game as it stands: its way to play and
    /// seed, and on race.html its players.
    fn query(&self, session: &Session) -> String {
        game_query(session.game())
    }
}

/// What a page's table is, known when the page is built: the typed side
/// of [`Host`] that differs with others (their moves, calls, the address's
/// players); nothing alone.
pub(crate) trait Hosted: Table + Others + 'static {
    /// Whether the page hears calls (race.html: its call keys and the
    /// players' names are calls, taken when several people share the
    /// screen). Read by the page's listener before the funnel, which must
    /// know at once whether a key is the page's.
    const HEARS_CALLS: bool = false;
    /// What the page asks an address for (see [`Host::asked`]).
    fn asked(search: &str) -> Result<(PageOptions, Option<Seats>), String>;
    /// A call that ran out of time, claims of computer opponents, by `now`.
    fn advance(&mut self, _now: f64) -> Vec<Self::Turn> {
        Vec::new()
    }
    /// A person calls a claim: their key, or a tap on their name.
    fn call(&mut self, _seat: Seat, _now: f64) -> Result<Option<Self::Turn>, Self::Refusal> {
        Ok(None)
    }
}

impl<T: Hosted> Host for T {
    fn adopt_text(&mut self, text: &str, now: f64) -> Result<Adopted, NotTaken> {
        match T::decode(text) {
            Ok(stored) => Ok(Table::adopt(self, stored, now)),
            Err(err) if T::is_newer(&err) => Err(NotTaken::Newer(err.to_string())),
            Err(_) => Err(NotTaken::Unreadable),
        }
    }

    fn pick(&mut self, card: Card, now: f64) -> Result<Said, Refused> {
        match Table::pick(self, card, now) {
            Ok(turn) => Ok(said(self, &turn)),
            Err(refusal) => Err(self.refusal_words(&refusal)),
        }
    }

    fn hint(&mut self, now: f64) -> Result<Said, Refused> {
        match Table::hint(self, now) {
            Ok(turn) => Ok(said(self, &turn)),
            Err(refusal) => Err(self.refusal_words(&refusal)),
        }
    }

    fn call_no_set(&mut self, now: f64) -> Result<Said, Refused> {
        match Table::call_no_set(self, now) {
            Ok(turn) => Ok(said(self, &turn)),
            Err(refusal) => Err(self.refusal_words(&refusal)),
        }
    }

    fn advance(&mut self, now: f64) -> Vec<Said> {
        let turns = Hosted::advance(self, now);
        // Told as the game stands once every one of them is made.
        turns.iter().map(|turn| said(self, turn)).collect()
    }

    fn call(&mut self, seat: Seat, now: f64) -> Result<Option<Said>, Refused> {
        match Hosted::call(self, seat, now) {
            Ok(turn) => Ok(turn.map(|turn| said(self, &turn))),
            Err(refusal) => Err(self.refusal_words(&refusal)),
        }
    }
}

fn said<T: Table>(table: &T, turn: &T::Turn) -> Said {
    Said { happened: T::happened(turn), words: table.announcement(turn), by: T::mover(turn) }
}

/// Alone: no one else plays, and an address names no players.
impl Others for Session {}

impl Hosted for Session {
    fn asked(search: &str) -> Result<(PageOptions, Option<Seats>), String> {
        set_client::page::options::parse_query(search, crate::today())
            .map(|options| (options, None))
            .map_err(|err| err.to_string())
    }
}
