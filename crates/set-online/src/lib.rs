//! The part of SET that plays in an online room: online.html's client,
//! which the server also sends for `/?room=<id>`, the link players share.
//! The solo page never fetches it (README, "What loads later").
//!
//! It keeps one WebSocket to the server, which decides everything: the
//! room as this player sees it is set-core's `Remote`. One funnel, as in
//! the page: an event (a frame, a tap, a timer, the socket opening or
//! closing) → `Online::update` (`page`) → one render (`view`). The socket comes
//! back by itself after a drop, with backoff, and asks for what it missed.
//! [`wire`] reads the server's frames with the browser's JSON parser (and
//! natively, in the contract test that holds it to crates/set-protocol);
//! `exports` is the JS API, whose requests take the same funnel.

// The page is browser-only; natively this crate is its wire alone, for the
// contract test.
#[cfg(target_arch = "wasm32")]
mod deal;
#[cfg(target_arch = "wasm32")]
mod exports;
#[cfg(target_arch = "wasm32")]
mod fetch;
#[cfg(target_arch = "wasm32")]
mod page;
#[cfg(target_arch = "wasm32")]
mod view;
pub mod wire;
