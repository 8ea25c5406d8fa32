//! Online play as the server judges it: a [`room`]'s game (claims by cards
//! and `seen`, events numbered, the commitment to the deal). The server
//! builds on it, and so does the player's picture of a room
//! (`set_client::remote`), so a claim is judged by one piece of code
//! wherever it is shown; the wire between them is crates/set-protocol.

pub mod fair;
pub mod room;
