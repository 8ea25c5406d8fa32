//! The wire as this server speaks it: the protocol's messages, version and
//! codes (defined once, in crates/set-protocol), and how long a frame this
//! server reads.

pub use set_protocol::api::BusHealth;
pub use set_protocol::client::ClientKind;
pub use set_protocol::{
    ChatMsg, ClientMsg, ErrorCode, LobbyChatMsg, LobbyMsg, LobbyRoomMsg, MoveMsg, OnlineMsg, PlayerMsg, ResultMsg,
    RoomMsg, ServerMsg, UnratedMsg, VERSION, Verdict, ViewMsg, close,
};

/// The longest text frame the server reads; anything longer is answered
/// `too_big` (frames longer than [`HARD_FRAME_LIMIT`] end the connection).
pub const FRAME_LIMIT: usize = 2048;
/// The longest frame read at all: past it, the connection ends.
pub const HARD_FRAME_LIMIT: usize = 16 * 1024;
