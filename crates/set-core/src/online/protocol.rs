//! The numbers of the online protocol that the server and the page must
//! agree on, written once: its version and its close codes. The server
//! (crates/set-server, `proto`), the room page (crates/set-online) and the
//! load generator read them from here.

/// The protocol's major version, sent in `hello`: a client that speaks
/// another is closed with [`close::VERSION`] and asked to reload.
pub const VERSION: u32 = 1;

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
    /// The room's task stopped: reconnect, and it is rebuilt from its log.
    pub const ROOM_LOST: u16 = 4011;
    /// The server is stopping (WebSocket's "service restart"): reconnect.
    pub const RESTARTING: u16 = 1012;
}
