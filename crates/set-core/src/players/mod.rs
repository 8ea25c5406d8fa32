//! Who plays a game, and how their claims are settled: the [`seats`] (who
//! sits where, names checked once), the [`sitting`] (each seat's moves,
//! verdicts and standings), the [`ranking`] an end screen shows, and the
//! [`bot`]s' model of how people find sets and their [`level`]s. Below
//! the save format, which writes seats and sittings; above the rules, which
//! know no players.

pub mod bot;
pub mod level;
pub mod names;
pub mod ranking;
pub mod seats;
pub mod sitting;
