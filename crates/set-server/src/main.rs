//! `set-server`: SET online, in one process. It serves the page (`dist/`),
//! runs the rooms over WebSockets, deciding every claim with set-core's
//! rules, and keeps every room's log in SQLite.
//!
//! ```text
//! set-server [--addr 127.0.0.1:8080] [--db data/set.db] [--dist dist] [--origin https://example.org]…
//! ```
//!
//! It prints the address it serves on once it is listening (tests read it;
//! `--addr 127.0.0.1:0` picks a free port). A second server on the same
//! database file refuses to start: it would fork the rooms' logs.
//!
//! The modules: `app` (flags, the database lock, serving), `http` (the
//! routes, headers and static files), `ws` (one connection: identity,
//! shapes and rates), `rooms` (one task per room, the only writer of its
//! log), `store` (the [`Store`](store::Store) trait and SQLite), `ids`
//! (room ids, tokens, the seed's commitment) and `proto` (the wire).
//!
//! # Where this differs from ONLINE.md's design
//!
//! That design was weighed, not copied. Its first milestone is here, and
//! where this server chose otherwise:
//! - **The messages.** A claim's answer is `result` (not `claim_result`),
//!   and the end of a game is a `room` snapshot with `status: "over"`, the
//!   seed and the salt (not a separate `ended`): a client that reconnects
//!   after the end needs that snapshot anyway, so there is one way to learn
//!   it. There are no ratings to carry.
//! - **`seen` has no age limit** (the design refused claims more than 64
//!   events old). The room keeps its whole log, a game's log is short, and a
//!   player who was away long still deserves "taken" rather than an error.
//! - **Wrong claims** cool down for 1.5 s and cost no point (the design's
//!   default), with no room option for −1 or lockouts yet; after 200 in a
//!   game a seat's further wrong claims are refused, so a game always fits
//!   a save (set-core's `MAX_ONLINE_WRONG_CLAIMS`).
//! - **Joining a game already started** does not seat anyone: late joiners
//!   watch (there is no rated/unrated distinction yet to decide by).
//! - **Strikes**: 20 protocol errors close a connection (the design said 3);
//!   a page that lags can send a few stale or malformed claims honestly.
//! - **No players table, lobby, spectator list, chat or ratings** (the
//!   design's second milestone): a player is the id in their signed token,
//!   and a seat records it.
//! - **One command serves everything**: `scripts/play.sh` runs this binary
//!   for the solo page, race.html and online.html with `data/set.db` (not a
//!   separate `online.sh` and `data/online.db`), and a room's link is
//!   `/?room=<id>` (not `/r/<id>`), answered with online.html, a static
//!   page the service worker and Trunk already know how to serve.

// Beyond the workspace's lints: an index from a client's message must never
// panic a room, so the server reads with `get`.
#![warn(clippy::indexing_slicing)]

// The server is a native program; a workspace-wide wasm build (as
// Trunk's) sees an empty one.
#[cfg(not(target_arch = "wasm32"))]
mod app;
#[cfg(not(target_arch = "wasm32"))]
mod http;
#[cfg(not(target_arch = "wasm32"))]
mod ids;
#[cfg(not(target_arch = "wasm32"))]
mod proto;
#[cfg(not(target_arch = "wasm32"))]
mod rooms;
#[cfg(not(target_arch = "wasm32"))]
mod store;
#[cfg(not(target_arch = "wasm32"))]
mod ws;

#[cfg(not(target_arch = "wasm32"))]
pub use app::{AppState, main, unix_ms};

#[cfg(target_arch = "wasm32")]
fn main() {}
