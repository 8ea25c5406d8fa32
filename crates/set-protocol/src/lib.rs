//! SET online's wire protocol (v1), defined once: JSON text frames over a
//! WebSocket, one object per frame, its type in `t`. Unknown fields are
//! ignored; an unknown `t` is an error. docs/online.md says how a room
//! decides; docs/protocol.md shows every message
//! with an example.
//!
//! - [`client`]: what a client may send ([`ClientMsg`]);
//! - [`server`]: what the server sends ([`ServerMsg`]) and its
//!   [`ErrorCode`]s;
//! - [`api`]: what the HTTP API answers (leaderboards, profiles);
//! - [`read`]: the server's frames and the API's answers read without serde
//!   (the room page's reader, over the browser's `JSON.parse`);
//! - [`write`]: a client's frames written without serde (the page's writer,
//!   and every client's);
//! - [`values`]: the core's values (ways to play, statuses, event kinds,
//!   cards) as the wire writes them;
//! - [`VERSION`] and the WebSocket [`close`] codes.
//!
//! Who uses it: the server (crates/set-server) reads and writes these types
//! with serde, and so do its load generator and its tests. The room page
//! (crates/set-online, through set-client's model) uses the same types but
//! reads and writes them with [`read`] and [`write`], over the browser's
//! `JSON.parse` (serde would cost its download more than both); the
//! contract test (tests/contract.rs) holds those to the serde derives.

#![warn(missing_docs)]
pub mod api;
pub mod client;
pub mod read;
pub mod server;
pub mod values;
pub mod write;

pub use client::ClientMsg;
pub use server::{
    ChatMsg, ErrorCode, LobbyChatMsg, LobbyMsg, LobbyRoomMsg, MoveMsg, OnlineMsg, PlayerMsg, ResultMsg, RoomMsg,
    ServerMsg, UnratedMsg, Verdict, ViewMsg,
};

/// The protocol's major version, sent in `hello`: a client that speaks
/// another is closed with [`close::VERSION`] and asked to reload. 2: the
/// lobby's chat lines and the names in it come with its changes
/// (`lobby_changes`), no longer as `lobby_chat` frames and whole lists.
/// 3: the "no set" call (`call_no_set`, the `noset` and `wrongcall`
/// events, a room's `dealing`), which a page of 2 could not show.
/// 4: Memory online (`flip`, `flipped`, a view's face-down slots as
/// nulls), which a page of 3 could not read. 5: a refusal names the kind
/// of request it answers (`error`'s `to`), by which the page routes it; a
/// page of 4 would route a refusal by what it was waiting for.
pub const VERSION: u32 = 5;

/// A room's chat, as both ends must agree on it.
pub mod chat {
    /// The longest line, in characters (after trimming).
    pub const MAX_CHARS: usize = 250;
    /// How many of a room's last lines a `room` message carries, and a page keeps.
    pub const KEPT: usize = 50;
}

/// WebSocket close codes of the protocol.
pub mod close {
    /// A token this server did not sign: start again without it.
    pub const BAD_TOKEN: u16 = 4001;
    /// Another protocol version: reload the page.
    pub const VERSION: u16 = 4002;
    /// Rate limits or repeated protocol errors; or a client too slow to keep up.
    pub const POLICY: u16 = 4008;
    /// Silent too long: no hello in time, or nothing said.
    pub const SILENT: u16 = 4009;
    /// The server's operator banned this identity: do not reconnect.
    pub const BANNED: u16 = 4010;
    /// Another node took the room (its epoch was raised): reconnect, and the
    /// proxy sends the page to the node that has it now.
    pub const MOVED: u16 = 4003;
    /// The room's task stopped: reconnect, and it is rebuilt from its log.
    pub const ROOM_LOST: u16 = 4011;
    /// The server is stopping (WebSocket's "service restart"): reconnect.
    pub const RESTARTING: u16 = 1012;
}

#[cfg(test)]
mod docs {
    /// The protocol's page names the version this crate speaks, and lists it.
    #[test]
    fn docs_protocol_md_names_this_version_in_its_title_and_its_versions() {
        let page = include_str!("../../../docs/protocol.md");
        let title = page.lines().next().unwrap_or_default();
        assert_eq!(title, format!("# The online protocol (version {})", crate::VERSION));
        assert!(
            page.contains(&format!("\n| {} | ", crate::VERSION)),
            "a row for version {} in its Versions",
            crate::VERSION
        );
    }
}
