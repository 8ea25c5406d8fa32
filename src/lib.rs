//! SET in the browser.
//!
//! Three rooms. The first two know nothing of the browser and are tested natively:
//! - [`rules`]: what SET is. [`rules::card`]: the 81 cards, the digit-sum
//!   lookup and the third card of a pair; [`rules::finder`]: all sets among a
//!   list of cards; [`rules::rng`]: the seeded shuffle; [`rules::game`]: a
//!   game, a deterministic function of seed and actions.
//! - [`play`]: one sitting. [`play::selection`], [`play::stopwatch`]: the
//!   player's picks and the play clock; [`play::layout`]: slot rectangles and
//!   hit testing, as functions of sizes; [`play::keys`]; [`play::options`]:
//!   what the page address asks for.
//! - [`save`]: the saved-game format, checked field by field and by replay,
//!   and how it grows.
//!
//! `web` (wasm32 only) is the thin edge: wasm-bindgen exports, the canvas
//! renderer and input. Randomness enters there, as a seed.

pub mod play;
pub mod rules;
pub mod save;
pub mod text;

#[cfg(target_arch = "wasm32")]
pub mod web;
