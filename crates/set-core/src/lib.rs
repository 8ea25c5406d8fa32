//! SET's core: everything the page, the parts that load later and the
//! server share. No dependencies, no browser, no clock, no randomness but a
//! seed: time and randomness come in as values, so every function here is
//! tested natively and deterministic.
//!
//! # Its rooms, and the one direction between them
//!
//! Each room uses only the rooms listed before it (`tests/layers.rs` reads
//! the sources and fails on an import against the flow):
//!
//! ```text
//! text, sort, storage    plain helpers, the one small sort, the browser's storage keys
//!    ↓
//! rules                  what SET is: cards, finding sets, a game from a seed
//!    ↓
//! players                who sits at a game, how their claims are settled, the bots
//!    ↓
//! save                   the saved-game format, formats 1 to 3
//!    ↓
//! play                   a sitting at the page: the solo session and the race
//! online                 an online room as the server judges it, and a player's picture of it
//! review                 looking back: analysis, statistics, drills
//! page                   the page's model: layout, keyboard, address, settings
//! ```
//!
//! - [`text`]: small text helpers shared by every format and edge (splits,
//!   numbers, percent-decoding, query strings, version lines, HTML
//!   escape); [`sort`]: the one sort for short lists (the byte
//!   policy's); [`storage`]: the browser's storage keys.
//! - [`rules`]: [`rules::card`], [`rules::finder`], [`rules::rng`],
//!   [`rules::game`] (a game, a deterministic function of seed and moves),
//!   [`rules::variant`], [`rules::daily`], [`rules::explain`].
//! - [`players`]: [`players::seats`] (who sits where), [`players::sitting`]
//!   (verdicts and standings), [`players::ranking`] (the end screen's
//!   order), [`players::bot`] (the model of human search).
//! - [`save`]: the format, checked field by field and by replay.
//! - [`play`]: [`play::session`] (the game, the picks, the play clock),
//!   [`play::race`] (calls and bots around a session), and
//!   [`play::table`], what the page asks of either.
//! - [`online`]: [`online::room`] (the server's judge of a room) and
//!   [`online::remote`] (one player's picture of it).
//! - [`review`]: [`review::analysis`], [`review::record`], [`review::drills`].
//! - [`page`]: [`page::layout`], [`page::keyboard`], [`page::options`] (what
//!   the address asks for), [`page::settings`].

pub mod online;
pub mod page;
pub mod play;
pub mod players;
pub mod review;
pub mod rules;
pub mod save;
pub mod sort;
pub mod storage;
pub mod text;
