//! Online play: a [`room`]'s game as the server judges it (claims by cards
//! and `seen`, events numbered, the commitment to the deal), and a player's
//! picture of a room ([`remote`]) as the page keeps it, and the protocol's
//! version and close codes ([`protocol`]). The server and the
//! room page (crates/set-online) both build on these, so a claim is judged
//! by one piece of code wherever it is shown.

pub mod protocol;
pub mod remote;
pub mod room;
