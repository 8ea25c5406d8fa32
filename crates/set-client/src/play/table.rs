//! What a page asks of the game it hosts, whichever it is: the solo
//! [`Session`] (index.html) or the [`Race`] of several players around one
//! (race.html). The page is written once against [`Table`]; each page's
//! entry names the table it hosts, and only race.html's build has the
//! race's (the page crate's `race` feature adds it), so index.html carries
//! none of the race's code.
//!
//! A [`Race`] is also a [`Session`] (it derefs to the one it wraps), so
//! what both share (the game, the picks, the clock) the page reads from
//! [`Table::session`]; every move goes through the table, so that a race's
//! sitting keeps one seat per move. The trait names what differs: what a
//! save holds, what a move says, who plays, and where the game is kept.

use crate::play::race::{Race, Turn};
use crate::play::session::{Adopted, Happened, Session};
use crate::storage::{RACE_SAVE_KEY, SAVE_KEY};
use set_core::players::sitting::{Refusal, Seat, Seats, Sitting, Standing};
use set_core::rules::card::Card;
use set_core::rules::game::{Game, GameError};
use set_core::rules::variant::{Dealing, Variant};
use set_core::save::{self, SaveError, SavedGame, SeatedError};
use std::fmt::Display;

/// What the page says of a hint on a table that waits for a "no set" call;
/// nothing of any other refusal of the rules (a tap on a finished game or
/// an empty place).
fn nothing_to_hint(error: &GameError, variant: Variant) -> Option<String> {
    let lies_out = || format!("No {} lies out: call \u{201c}No set\u{201d} (D).", variant.rule().name());
    (*error == GameError::NothingToHint).then(lies_out)
}

/// A game as a page hosts it: see the module documentation.
pub trait Table: Sized {
    /// A stored game as this table restores it.
    type Stored;
    /// Why a stored text is not a game this table can restore.
    type StoreError: Display;
    /// What a move did, as the page tells it.
    type Turn;
    /// Why a move was refused.
    type Refusal;

    /// Where the browser keeps this table's game: each page carries on its own.
    const SAVE_KEY: &'static str;

    /// Reads a stored text.
    fn decode(text: &str) -> Result<Self::Stored, Self::StoreError>;
    /// Whether a text could not be read because a newer version wrote it:
    /// it is kept untouched, never written over.
    fn is_newer(error: &Self::StoreError) -> bool;
    /// The game a stored text holds.
    fn stored_game(stored: &Self::Stored) -> &Game;
    /// Who played the game a stored text holds: `None` alone.
    fn stored_players(stored: &Self::Stored) -> Option<&Seats>;
    /// A new game of this way to play for these players (one person
    /// without them, and always on a table that plays alone), its clock
    /// running from `now`.
    fn deal(variant: Variant, seed: u64, dealing: Dealing, players: Option<Seats>, now: f64) -> Self;
    /// Carries on a stored game, its clock running from `now`.
    fn resume(stored: Self::Stored, now: f64) -> Self;
    /// Takes over a game another tab stored.
    fn adopt(&mut self, stored: Self::Stored, now: f64) -> Adopted;
    /// The text to store for the game as it stands `now`.
    fn save_text(&self, now: f64) -> String;
    /// What a move did on the board.
    fn happened(turn: &Self::Turn) -> Happened;
    /// Whose move it was (alone, always the one player's).
    fn mover(turn: &Self::Turn) -> Seat;
    /// What a screen reader is told of a move, once it changed the game.
    fn announcement(&self, turn: &Self::Turn) -> Option<String>;
    /// A new game of this way to play, for these players (the same as now
    /// without them), its clock running from `now`.
    fn play_for(&mut self, variant: Variant, seed: u64, dealing: Dealing, players: Option<Seats>, now: f64);
    /// The session the table plays: the game, the picks and the clock, to read.
    fn session(&self) -> &Session;
    /// A new game of the same way to play, for the same players.
    fn new_game(&mut self, seed: u64, now: f64);
    /// Back to the unfinished game the last new game replaced, if any.
    fn go_back(&mut self, now: f64) -> bool;
    /// The page was hidden or shown: the clock runs only while it shows.
    fn set_hidden(&mut self, hidden: bool, now: f64);
    /// Puts back every picked card.
    fn clear_selection(&mut self);
    /// Picks or puts back a card in play; the last pick of a claim claims it.
    fn pick(&mut self, card: Card, now: f64) -> Result<Self::Turn, Self::Refusal>;
    /// Reveals one more card of a claim, where the way to play has hints.
    fn hint(&mut self, now: f64) -> Result<Self::Turn, Self::Refusal>;
    /// "No set", where extra cards wait for a call.
    fn call_no_set(&mut self, now: f64) -> Result<Self::Turn, Self::Refusal>;
    /// What the page says of a refusal, if anything: alone, a refused pick
    /// is a tap on a finished game or an empty place, and says nothing.
    fn refusal_words(&self, refusal: &Self::Refusal) -> Option<String>;
    /// Who plays, when more than one seat can: `None` alone, so a page that
    /// plays alone shows no scoreboard or ranking, and its address names no
    /// players.
    fn players(&self) -> Option<&Seats>;
    /// How each seat stands (replayed from the game): none alone.
    fn standings(&self) -> Vec<Standing>;
}

/// The moves and the clock both tables have as methods of their own, with
/// the same names and arguments: written once for the two impls below.
macro_rules! forwarded_to_the_tables_own_methods {
    ($table:ident) => {
        fn save_text(&self, now: f64) -> String {
            $table::save_text(self, now)
        }

        fn session(&self) -> &Session {
            self
        }

        fn new_game(&mut self, seed: u64, now: f64) {
            $table::new_game(self, seed, now);
        }

        fn go_back(&mut self, now: f64) -> bool {
            $table::go_back(self, now)
        }

        fn set_hidden(&mut self, hidden: bool, now: f64) {
            $table::set_hidden(self, hidden, now);
        }

        fn clear_selection(&mut self) {
            $table::clear_selection(self);
        }

        fn pick(&mut self, card: Card, now: f64) -> Result<Self::Turn, Self::Refusal> {
            $table::pick(self, card, now)
        }

        fn hint(&mut self, now: f64) -> Result<Self::Turn, Self::Refusal> {
            $table::hint(self, now)
        }

        fn call_no_set(&mut self, now: f64) -> Result<Self::Turn, Self::Refusal> {
            $table::call_no_set(self, now)
        }
    };
}

impl Table for Session {
    forwarded_to_the_tables_own_methods!(Session);

    type Stored = SavedGame;
    type StoreError = SaveError;
    type Turn = Happened;
    type Refusal = GameError;

    const SAVE_KEY: &'static str = SAVE_KEY;

    /// Formats 1 and 2: to a page that plays alone, a game with players is
    /// a newer format, kept untouched.
    fn decode(text: &str) -> Result<SavedGame, SaveError> {
        save::decode(text)
    }

    fn is_newer(error: &SaveError) -> bool {
        matches!(error, SaveError::Newer { .. })
    }

    fn stored_game(stored: &SavedGame) -> &Game {
        &stored.game
    }

    fn stored_players(_: &SavedGame) -> Option<&Seats> {
        None
    }

    fn deal(variant: Variant, seed: u64, dealing: Dealing, _: Option<Seats>, now: f64) -> Session {
        Session::dealt(Game::dealt(variant, seed, dealing), now)
    }

    fn resume(stored: SavedGame, now: f64) -> Session {
        Session::resume(stored, now)
    }

    fn adopt(&mut self, stored: SavedGame, now: f64) -> Adopted {
        Session::adopt(self, stored, now)
    }

    fn happened(turn: &Happened) -> Happened {
        *turn
    }

    fn mover(_: &Happened) -> Seat {
        Seat(0)
    }

    fn announcement(&self, turn: &Happened) -> Option<String> {
        turn.announcement(self.game())
    }

    fn play_for(&mut self, variant: Variant, seed: u64, dealing: Dealing, _: Option<Seats>, now: f64) {
        Session::play(self, variant, seed, dealing, now);
    }

    fn refusal_words(&self, refusal: &GameError) -> Option<String> {
        nothing_to_hint(refusal, self.game().variant())
    }

    fn players(&self) -> Option<&Seats> {
        None
    }

    fn standings(&self) -> Vec<Standing> {
        Vec::new()
    }
}

/// A race's stored game: the game and who played it (format 3, or a game
/// alone, every move seat 0's).
#[derive(Clone, Debug, PartialEq)]
pub struct SeatedGame {
    /// The game.
    pub saved: SavedGame,
    /// Who played it.
    pub sitting: Sitting,
}

impl Table for Race {
    forwarded_to_the_tables_own_methods!(Race);

    type Stored = SeatedGame;
    type StoreError = SeatedError;
    type Turn = Turn;
    type Refusal = Refusal;

    const SAVE_KEY: &'static str = RACE_SAVE_KEY;

    fn decode(text: &str) -> Result<SeatedGame, SeatedError> {
        save::decode_seated(text).map(|(saved, sitting)| SeatedGame { saved, sitting })
    }

    fn is_newer(error: &SeatedError) -> bool {
        matches!(error, SeatedError::Newer(_) | SeatedError::Save(SaveError::Newer { .. }))
    }

    fn stored_game(stored: &SeatedGame) -> &Game {
        &stored.saved.game
    }

    fn stored_players(stored: &SeatedGame) -> Option<&Seats> {
        Some(stored.sitting.seats())
    }

    fn deal(variant: Variant, seed: u64, dealing: Dealing, players: Option<Seats>, now: f64) -> Race {
        Race::dealt(Game::dealt(variant, seed, dealing), players.unwrap_or_else(Seats::solo), now)
    }

    fn resume(stored: SeatedGame, now: f64) -> Race {
        Race::resume(stored.saved, stored.sitting, now)
    }

    fn adopt(&mut self, stored: SeatedGame, now: f64) -> Adopted {
        Race::adopt(self, stored.saved, stored.sitting, now)
    }

    fn happened(turn: &Turn) -> Happened {
        turn.happened()
    }

    fn mover(turn: &Turn) -> Seat {
        match *turn {
            Turn::Move { by, .. } => by,
            Turn::Called(seat) | Turn::TimedOut(seat) => seat,
        }
    }

    fn announcement(&self, turn: &Turn) -> Option<String> {
        Race::announcement(self, turn)
    }

    fn play_for(&mut self, variant: Variant, seed: u64, dealing: Dealing, players: Option<Seats>, now: f64) {
        match players {
            Some(seats) => Race::play_seated(self, variant, seed, dealing, seats, now),
            None => Race::play(self, variant, seed, dealing, now),
        }
    }

    fn refusal_words(&self, refusal: &Refusal) -> Option<String> {
        match refusal {
            Refusal::Rules(error) => nothing_to_hint(error, self.game().variant()),
            refusal => Race::refusal_words(self, refusal),
        }
    }

    fn players(&self) -> Option<&Seats> {
        Some(self.seats())
    }

    fn standings(&self) -> Vec<Standing> {
        Race::standings(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each table reads back what it stores, and tells a newer version's
    /// save from a broken one; the page that plays alone keeps a race's
    /// save as a newer format.
    #[test]
    fn each_table_restores_what_it_stores_and_keeps_a_newer_save() {
        let session = Session::new(Variant::Classic, 7, 0.0);
        let stored = <Session as Table>::decode(&Table::save_text(&session, 0.0)).unwrap();
        assert_eq!(Session::stored_game(&stored), session.game());
        let race = Race::seated(Variant::Classic, 7, Seats::new(&["Ann", "Ben"], &[]).unwrap(), 0.0);
        let text = Table::save_text(&race, 0.0);
        let stored = <Race as Table>::decode(&text).unwrap();
        assert_eq!((&stored.saved.game, stored.sitting.seats()), (race.game(), race.seats()));
        let alone = <Session as Table>::decode(&text).unwrap_err();
        assert!(Session::is_newer(&alone), "{alone}");
        let newer = text.replacen("SET save 3", "SET save 9", 1);
        assert!(Race::is_newer(&<Race as Table>::decode(&newer).unwrap_err()));
        assert!(!Race::is_newer(&<Race as Table>::decode("SET save 3\nnonsense\n").unwrap_err()));
        assert_ne!(Session::SAVE_KEY, Race::SAVE_KEY);
    }
}
