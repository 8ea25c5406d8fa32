//! One sitting at the table: the player's picks, the play clock, the keys,
//! where the cards lie on the board and what the page's address asks for.
//! Plain values in and out, so all of it is tested natively.

pub mod keys;
pub mod layout;
pub mod options;
pub mod selection;
pub mod stopwatch;
