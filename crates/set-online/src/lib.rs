//! The part of SET that plays in an online room: online.html's client,
//! which the server also sends for `/?room=<id>`, the link players share.
//! The solo page never fetches it (docs/page.md, "What loads later").
//!
//! It keeps one WebSocket to the server, which decides everything. The
//! page's model is set-client's `online::OnlinePage` (tested natively);
//! this crate is its edge. One funnel: an event (a frame, a tap, a timer,
//! the socket opening or closing, a request of the JS API) → the model's
//! update (`page`) → its commands carried out → the board's motion and
//! sounds (`motion`) → one render (`view`, with the log of sets in `set_log`).
//! `state` holds the model beside what only a browser holds (the socket,
//! a promise waiting); [`wire`] reads the server's frames with the
//! protocol's reader over the browser's JSON parser and makes the page's
//! frames; `exports` is the JS API, whose requests take the same funnel.
//!
//! The room page is the default feature, `page`. Without it the crate is
//! what online.html's later part (`crates/set-standings`: the leaderboards
//! and profiles, the hashing of a finished game's deal) shares with it:
//! [`dom`] (the page's elements) and [`wire`].

#![warn(missing_docs)]
// The page is browser-only; natively this crate is empty.
#[cfg(all(target_arch = "wasm32", feature = "page"))]
mod deal;
#[cfg(target_arch = "wasm32")]
pub mod dom;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod exports;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
mod motion;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
mod page;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
mod set_log;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
mod state;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
mod view;
#[cfg(target_arch = "wasm32")]
pub mod wire;

#[cfg(target_arch = "wasm32")]
use set_alloc as _;
