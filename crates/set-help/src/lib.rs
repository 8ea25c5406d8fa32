//! help.html's part: every example of the rules page drawn with the game's
//! own cards (`set_canvas`), in the player's palette, theme and colour cues.
//! An example is a `<canvas data-cards="…">` whose card ids (as the API
//! numbers them: the four ternary digits colour, shape, fill, number) the
//! page's markup gives; its words are the markup's, and `crates/set-help/tests/examples.rs`
//! holds each example's caption to the rules.

#![warn(missing_docs)]

#[cfg(target_arch = "wasm32")]
pub mod draw;

#[cfg(target_arch = "wasm32")]
use set_alloc as _;

/// The card ids an example's `data-cards` lists, in order; none if one is
/// not a card.
pub fn example_cards(text: &str) -> Option<Vec<set_core::rules::card::Card>> {
    text.split_whitespace().map(|id| set_core::rules::card::Card::new(id.parse().ok()?).ok()).collect()
}
