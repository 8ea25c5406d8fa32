//! online.html's later part, fetched once the room page has drawn, so that
//! its first load carries only the room (docs/page.md, "What loads later"):
//! the leaderboards and players' profiles ([`standings`], read from the
//! server's HTTP API by `fetch`), and the SHA-256 of a finished game's
//! deal ([`digest`]), which the room page asks for to check the deal
//! against the server's commitment. The page's elements and the wire are
//! set-online's, shared with the room page.

#![warn(missing_docs)]
// The part is browser-only; natively this crate is empty.
#[cfg(target_arch = "wasm32")]
pub mod digest;
#[cfg(target_arch = "wasm32")]
mod fetch;
#[cfg(target_arch = "wasm32")]
mod profile;
#[cfg(target_arch = "wasm32")]
pub mod standings;

#[cfg(target_arch = "wasm32")]
use set_alloc as _;
