//! The part of SET that plays in an online room: online.html's client,
//! which the server also sends for `/?room=<id>`, the link players share.
//! The solo page never fetches it (docs/page.md, "What loads later").
//!
//! It keeps one WebSocket to the server, which decides everything: the
//! room as this player sees it is set-core's `Remote`. One funnel, as in
//! the page: an event (a frame, a tap, a timer, the socket opening or
//! closing) → `Online::update` (`page`) → one render (`view`). The socket comes
//! back by itself after a drop, with backoff, and asks for what it missed.
//! [`wire`] reads the server's frames with the browser's JSON parser (and
//! natively, in the contract test that holds it to crates/set-protocol);
//! `exports` is the JS API, whose requests take the same funnel.

//!
//! Built with the `standings` feature, the crate is instead the page's later
//! part: the leaderboards and profiles (`standings`), which online.html
//! fetches once it has drawn, so that its first load carries only the room.
//! Both builds share `dom` (the page's elements) and `wire`.

// The page is browser-only; natively this crate is its wire alone, for the
// contract test.
#[cfg(all(target_arch = "wasm32", not(feature = "standings")))]
mod deal;
#[cfg(target_arch = "wasm32")]
mod dom;
#[cfg(all(target_arch = "wasm32", not(feature = "standings")))]
pub mod exports;
#[cfg(all(target_arch = "wasm32", feature = "standings"))]
mod fetch;
#[cfg(all(target_arch = "wasm32", not(feature = "standings")))]
mod page;
#[cfg(all(target_arch = "wasm32", feature = "standings"))]
pub mod standings;
#[cfg(all(target_arch = "wasm32", not(feature = "standings")))]
mod state;
#[cfg(all(target_arch = "wasm32", not(feature = "standings")))]
mod view;
pub mod wire;

#[cfg(target_arch = "wasm32")]
use set_alloc as _;
