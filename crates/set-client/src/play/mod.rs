//! One sitting at the page: the solo [`session`] (a game, the player's
//! picks, the play clock and their rules), the [`race`] of several players
//! around it, and the picks ([`selection`]) and clock ([`stopwatch`]) both
//! use, and [`table`]: what the page asks of either. Plain values in and
//! out, so all of it is tested natively.

pub mod race;
pub mod selection;
pub mod session;
pub mod stopwatch;
pub mod table;
