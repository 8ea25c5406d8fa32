//! SET in the browser.
//!
//! The core knows nothing of the browser and is tested natively:
//! - [`card`]: the 81 cards, the digit-sum lookup and the third card of a pair;
//! - [`finder`]: all sets among a list of cards, pair + third card;
//! - [`rng`]: the seeded shuffle;
//! - [`game`]: the rules, a deterministic function of seed and actions;
//! - [`selection`], [`stopwatch`]: the player's picks and the play clock;
//! - [`layout`]: slot rectangles and hit testing, as functions of sizes;
//! - [`options`]: what the page address asks for;
//! - [`save`]: the saved-game format, checked field by field and by replay.
//!
//! `web` (wasm32 only) is the thin edge: wasm-bindgen exports, the canvas
//! renderer and input. Randomness enters there, as a seed.

pub mod card;
pub mod finder;
pub mod game;
pub mod keys;
pub mod layout;
pub mod options;
pub mod rng;
pub mod save;
pub mod selection;
pub mod stopwatch;

#[cfg(target_arch = "wasm32")]
pub mod web;
