//! help.html's part: every example of the rules page drawn with the game's
//! own cards (`set_canvas`), in the player's palette, theme and colour cues.
//! An example is a `<canvas data-cards="…">` in a `<figure data-mode="…">`:
//! the card ids as the API numbers them in that way's deck (the classic
//! four ternary digits colour, shape, fill, number; MegaSet's five; the 4Set
//! decks' base-4 digits) are the markup's, and so are its words;
//! `crates/set-help/tests/examples.rs` holds each example's caption to the rules.

#![warn(missing_docs)]

#[cfg(target_arch = "wasm32")]
pub mod draw;

#[cfg(target_arch = "wasm32")]
use set_alloc as _;

use set_core::rules::card::Card;
use set_core::rules::deck::Deck;
use set_core::rules::variant::Variant;

/// The deck of the way an example's `data-mode` names (the classic one if
/// it names none); none if it is no way to play.
pub fn example_deck(mode: Option<&str>) -> Option<Deck> {
    match mode {
        None | Some("daily") => Some(Deck::Classic),
        Some(name) => Variant::from_name(name, None).ok().map(Variant::deck),
    }
}

/// The cards an example's `data-cards` lists, in order, in `deck`; none if
/// one is not a card of it.
pub fn example_cards(text: &str, deck: Deck) -> Option<Vec<Card>> {
    text.split_whitespace().map(|id| deck.card(id.parse().ok()?).ok()).collect()
}
