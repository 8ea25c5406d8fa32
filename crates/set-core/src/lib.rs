//! SET's rules: everything the server and every page share. No
//! dependencies, no browser, no clock, no randomness but a seed: time and
//! randomness come in as values, so every function here is tested natively
//! and deterministic. What only a player's page needs (a sitting at the
//! page, the page's model, looking back, storage keys, the picture of an
//! online room) is the client crate, `crates/set-client`, which the server
//! cannot reach.
//!
//! # Its rooms, and the one direction between them
//!
//! Each room uses only the rooms listed before it (`tests/layers.rs` reads
//! the sources and fails on an import against the flow):
//!
//! ```text
//! text, sort             plain helpers and the one small sort
//!    ↓
//! rules                  what SET is: cards, finding sets, a game from a seed
//!    ↓
//! players                who sits at a game, how their claims are settled, the bots
//!    ↓
//! save                   the saved-game format, formats 1 to 3
//! online                 an online room as the server judges it
//! ```
//!
//! - [`text`]: small text helpers shared by every format and edge (splits,
//!   numbers, percent-decoding, query strings, version lines, HTML
//!   escape); [`sort`]: the one sort for short lists (the byte policy's).
//! - [`rules`]: [`rules::card`], [`rules::finder`], [`rules::rng`],
//!   [`rules::game`] (a game, a deterministic function of seed and moves),
//!   [`rules::variant`], [`rules::daily`], [`rules::explain`] (the words of
//!   a wrong claim's reasons).
//! - [`players`]: [`players::level`] (a computer opponent's strength),
//!   [`players::seats`] (who sits where), [`players::sitting`] (verdicts and
//!   standings), [`players::ranking`] (the end screen's order),
//!   [`players::bot`] (the model of human search).
//! - [`save`]: the format, checked field by field and by replay.
//! - [`online`]: [`online::room`] (the server's judge of a room).
#![warn(missing_docs)]

pub mod online;
pub mod players;
pub mod rules;
pub mod save;
pub mod sort;
pub mod text;
