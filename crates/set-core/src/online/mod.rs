//! Online play: a [`room`]'s game as the server judges it (claims by cards
//! and `seen`, events numbered, the commitment to the deal), and a player's
//! picture of a room ([`remote`]) as the page keeps it. The server and the
//! room page (crates/set-online) both build on these, so a claim is judged
//! by one piece of code wherever it is shown; the wire between them is
//! crates/set-protocol.

pub mod remote;
pub mod room;
