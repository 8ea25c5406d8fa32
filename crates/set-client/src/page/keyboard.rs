//! The keyboard: which key does what.
//!
//! Each of the 21 slots has a key: the digits 1–9 and 0 for the first ten,
//! then the top letter row and `a`. The row above the table (Set-Chain's
//! previous set) has Z, X and C. H (hint), N (new game), D ("no set", where
//! extra cards wait for a call) and B (back to the game a new game
//! replaced, while that is offered) are not card keys, so
//! they keep their meaning whatever the table size. When several people
//! share the screen, each calls a claim with a key of their own
//! ([`CALL_KEYS`]). The arrow keys move
//! focus between the cards' buttons; Space or Enter picks the focused card.

use crate::page::layout::{Direction, Place};
use set_core::players::sitting::{MAX_PLAYERS, Seat};

/// Slot keys by slot, as drawn on the cards; letters work in either case.
pub const SLOT_KEYS: [&str; 21] =
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "Q", "W", "E", "R", "T", "Y", "U", "I", "O", "P", "A"];
/// Keys of the places in the row above the table.
pub const ROW_KEYS: [&str; 3] = ["Z", "X", "C"];
/// The key each person calls a claim with when several share the screen,
/// by seat: far apart, and none of them a card's or a command's.
pub const CALL_KEYS: [&str; MAX_PLAYERS] = ["S", "L", "V", "M"];

/// The seat whose call key a `KeyboardEvent.key` value is; either case.
pub fn call_for_key(key: &str) -> Option<Seat> {
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    let c = c.to_ascii_uppercase();
    CALL_KEYS.iter().position(|k| k.chars().eq([c])).map(|seat| Seat(seat as u8))
}

/// What a key press asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Pick or put back the card at a place.
    Pick(Place),
    /// Put back every picked card.
    ClearSelection,
    /// Reveal one more card of a claim.
    Hint,
    /// Call "no set".
    CallNoSet,
    /// A new game of the same way to play.
    NewGame,
    /// Back to the game the last new game replaced.
    GoBack,
    /// Show or hide the keys on the cards.
    ToggleKeyLabels,
    /// Show or hide the letters for the cards' colours.
    ToggleColourCues,
}

/// The key that picks the card in a place, as shown on the card, if it has one.
pub fn key_label(place: Place) -> Option<&'static str> {
    match place {
        Place::Table(slot) => SLOT_KEYS.get(slot).copied(),
        Place::Row(index) => ROW_KEYS.get(index).copied(),
    }
}

/// The command for a `KeyboardEvent.key` value; letters in either case.
pub fn command_for_key(key: &str) -> Option<Command> {
    match key {
        "Escape" => return Some(Command::ClearSelection),
        "?" => return Some(Command::ToggleKeyLabels),
        _ => {}
    }
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    let key = c.to_ascii_uppercase();
    match key {
        'H' => Some(Command::Hint),
        'D' => Some(Command::CallNoSet),
        'N' => Some(Command::NewGame),
        'B' => Some(Command::GoBack),
        _ => {
            let is_key = |k: &&str| k.chars().eq([key]);
            let table = SLOT_KEYS.iter().position(is_key).map(Place::Table);
            table.or_else(|| ROW_KEYS.iter().position(is_key).map(Place::Row)).map(Command::Pick)
        }
    }
}

/// The direction of an arrow key's `KeyboardEvent.key` value.
pub fn direction_for_key(key: &str) -> Option<Direction> {
    match key {
        "ArrowLeft" => Some(Direction::Left),
        "ArrowRight" => Some(Direction::Right),
        "ArrowUp" => Some(Direction::Up),
        "ArrowDown" => Some(Direction::Down),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_key_maps_back_to_its_slot() {
        let places = (0..21).map(Place::Table).chain((0..3).map(Place::Row));
        for place in places {
            let key = key_label(place).unwrap();
            assert_eq!(command_for_key(&key.to_lowercase()), Some(Command::Pick(place)));
            assert_eq!(command_for_key(&key.to_uppercase()), Some(Command::Pick(place)));
        }
        assert_eq!(key_label(Place::Table(21)), None);
        assert_eq!(key_label(Place::Row(3)), None);
    }

    #[test]
    fn commands_and_unknown_keys() {
        assert_eq!(command_for_key("Escape"), Some(Command::ClearSelection));
        assert_eq!(command_for_key("h"), Some(Command::Hint));
        assert_eq!(command_for_key("N"), Some(Command::NewGame));
        assert_eq!(command_for_key("b"), Some(Command::GoBack));
        assert_eq!(command_for_key("?"), Some(Command::ToggleKeyLabels));
        assert_eq!(command_for_key("v"), None);
        assert_eq!(command_for_key("Enter"), None);
        assert_eq!(command_for_key(" "), None, "Space is left to the focused button");
        assert_eq!(command_for_key("ArrowUp"), None);
        assert_eq!(direction_for_key("ArrowUp"), Some(Direction::Up));
        assert_eq!(direction_for_key("ArrowLeft"), Some(Direction::Left));
        assert_eq!(direction_for_key("ArrowRight"), Some(Direction::Right));
        assert_eq!(direction_for_key("ArrowDown"), Some(Direction::Down));
        assert_eq!(direction_for_key("Up"), None);
        assert_eq!(command_for_key(""), None);
        let keys: std::collections::HashSet<&str> = SLOT_KEYS.into_iter().chain(ROW_KEYS).collect();
        assert_eq!(keys.len(), 24, "card keys are distinct");
        assert!(keys.iter().all(|k| k.chars().count() == 1), "each slot key is one character");
        assert!(!keys.contains("H") && !keys.contains("N") && !keys.contains("B"));
        for (seat, key) in CALL_KEYS.iter().enumerate() {
            assert!(!keys.contains(key) && command_for_key(key).is_none(), "calling is never picking: {key}");
            assert_eq!(call_for_key(&key.to_lowercase()), Some(Seat(seat as u8)));
        }
        assert_eq!(call_for_key("h"), None);
    }
}
