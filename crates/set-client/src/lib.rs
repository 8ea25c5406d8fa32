//! SET on the player's side: what a page keeps and decides between the
//! player's input and the rules (`set_core`), as plain values, so all of it
//! is tested natively. The server never depends on this crate: what it
//! judges lives in `set_core`, and Cargo keeps the two apart.
//!
//! # Its rooms, and the one direction between them
//!
//! Each room uses only the rooms listed before it, and `set_core` below
//! them all (`tests/layers.rs` reads the sources and fails on an import
//! against the flow):
//!
//! ```text
//! storage                the browser's storage keys
//!    ↓
//! play                   a sitting at the page: the solo session and the race
//! remote                 a player's picture of an online room
//! connection             the online page's link: backoff, frames after a welcome, the lobby
//!    ↓
//! online                 online.html's model: its state, its events, the commands for its edge
//! review                 looking back: analysis, statistics, drills
//! page                   the page's model: layout, keyboard, address, settings
//! ```
//!
//! - [`storage`]: the browser's storage keys, one name for each.
//! - [`play`]: [`play::session`] (the game, the picks, the play clock),
//!   [`play::race`] (calls and bots around a session), and
//!   [`play::table`], what the page asks of either.
//! - [`remote`]: one player's picture of an online room, kept in step with
//!   the server's judge (`set_core::online::room`).
//! - [`connection`]: the online page's connection as plain values (the
//!   wait before trying again, the frames once welcomed, the lobby's
//!   changes, mutes).
//! - [`online`]: online.html's model, [`online::OnlinePage`]: an event →
//!   the page changed and the [`online::Command`]s its edge carries out.
//! - [`review`]: [`review::analysis`], [`review::record`], [`review::drills`].
//! - [`page`]: [`page::layout`], [`page::keyboard`], [`page::options`] (what
//!   the address asks for), [`page::settings`].
#![warn(missing_docs)]

pub mod connection;
pub mod online;
pub mod page;
pub mod play;
pub mod remote;
pub mod review;
pub mod room_log;
pub mod storage;
