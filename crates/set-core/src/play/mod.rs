//! One sitting at the table: the [`session`] (a game, the player's picks,
//! the play clock and their rules), the keys, where the cards lie on the
//! board and what the page's address asks for.
//! Plain values in and out, so all of it is tested natively.

pub mod bot;
pub mod keys;
pub mod layout;
pub mod options;
pub mod race;
pub mod remote;
pub mod room;
pub mod seats;
pub mod selection;
pub mod session;
pub mod settings;
pub mod sitting;
pub mod stopwatch;
