//! SET's core: everything the page, the parts that load later and the
//! server share. No dependencies, no browser, no clock, no randomness but a
//! seed: time and randomness come in as values, so every function here is
//! tested natively and deterministic.
//!
//! Four rooms:
//! - [`rules`]: what SET is. [`rules::card`]: the 81 cards, the digit-sum
//!   lookup and the third card of a pair; [`rules::finder`]: all sets among a
//!   list of cards; [`rules::rng`]: the seeded shuffle; [`rules::game`]: a
//!   game, a deterministic function of seed and actions.
//! - [`play`]: one sitting. [`play::session`]: the game, the picks and the
//!   play clock; [`play::layout`]: slot rectangles and hit testing, as
//!   functions of sizes; [`play::keys`]; [`play::options`]: what the page
//!   address asks for; [`play::settings`].
//! - [`save`]: the saved-game format, checked field by field and by replay,
//!   and how it grows.
//! - [`review`]: looking back: a game's analysis, and the statistics and
//!   history across games.
//!
//! [`keys`] names where the browser edges keep each of these.

pub mod keys;
pub mod play;
pub mod review;
pub mod rules;
pub mod save;
pub mod text;
