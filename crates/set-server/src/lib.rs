//! `set-server`: SET online. It serves the page (`dist/`), runs the rooms
//! over WebSockets, deciding every claim with set-core's rules, and keeps
//! every room's log in SQLite, or in Postgres shared by the nodes of a
//! cluster, which hear each other's lobbies over NATS. It is a library with two
//! binaries: `set-server` itself (src/main.rs) and the load generator.
//!
//! ```text
//! set-server [--addr 127.0.0.1:8080] [--db data/set.db] [--dist dist] [--origin https://example.org]…
//!            [--trusted-proxy IP]… [--secret-file FILE] [--node NAME] [--bus nats://HOST:PORT]
//!            [limits: see --help]
//! ```
//!
//! It prints the address it serves on once it is listening (tests read it;
//! `--addr 127.0.0.1:0` picks a free port). A second server on the same
//! database file refuses to start: it would fork the rooms' logs.
//!
//! The modules: `app` (flags, the database lock, housekeeping, the drain),
//! `serve` (accepting connections), `http` (the routes, headers and static
//! files), `ws` (one connection: identity, shapes, rates and silences),
//! `limits` (every bound a client meets, and its flag), `lobby` (the public
//! rooms, who is online, the lobby's chat, quick play's turns, and the other
//! nodes' lobbies), `bus` (what the nodes tell each other over NATS), `metrics` (what
//! `/metrics` counts), `names` (players' names: NFC, nothing invisible, no
//! look-alikes), `chat` (a room's chat lines, checked the same way), `rooms` (one task
//! per room, the only writer of its log), `store` (the
//! store by role, [`Store`](store::Store) all of them, on SQLite or Postgres, fenced by epochs), `ids` (room ids, tokens, the
//! seed's commitment), `transfer` (one-time codes that move an identity) and [`proto`] (the wire, whose messages are
//! crates/set-protocol's).
//!
//! # The design
//!
//! `docs/online.md` says how a room decides (the fairness rule, events and
//! the log, the commitment), what is bounded and stored, and where this
//! server chose otherwise than the design it weighed.

// Beyond the workspace's lints: an index from a client's message must never
// panic a room, so the server reads with `get`.
#![warn(clippy::indexing_slicing)]
#![warn(missing_docs)]
// The server is a native program; a workspace-wide wasm build (as
// Trunk's) sees an empty library.
#![cfg(not(target_arch = "wasm32"))]

mod admin;
mod app;
mod bus;
mod chat;
mod conn;
mod http;
mod ids;
mod limits;
mod lobby;
mod metrics;
mod moderation;
mod names;
mod presence;
pub mod proto;
mod ratings;
mod reads;
mod rooms;
mod route;
mod serve;
mod sign_outs;
mod store;
mod tokens;
mod transfer;
mod ws;

pub use app::{AppState, main, unix_ms};

/// A frame heard on the bus, read and held to its bounds as a node does
/// (`lobby::peers::checked`): whether the node would believe it. For the
/// bus's fuzz target (fuzz/), which gives it any bytes.
pub fn bus_frame_believed(payload: &[u8]) -> bool {
    serde_json::from_slice::<lobby::peers::PeerFrame>(payload)
        .ok()
        .and_then(|frame| lobby::peers::checked(frame).ok())
        .is_some()
}
