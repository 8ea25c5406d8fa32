//! What the server's HTTP API answers, as JSON: a node's health
//! (`GET /healthz`), how many play (`GET /api/online`), the leaderboards
//! (`GET /api/leaderboard/<mode>`) and players' profiles
//! (`GET /api/players/<player>`). The room page hands these to the JS API
//! as they come (`online_leaderboard`, `online_profile`).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How many play now (`GET /api/online`), on every node the server hears:
/// the solo page shows it after its first board.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct OnlineCountMsg {
    pub online: u32,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LeaderMsg {
    pub player: String,
    /// The name they last played a rated game under.
    pub name: String,
    pub rating: i64,
    pub games: u32,
    /// Too few games yet for the rating to have settled: listed after the settled ones.
    pub provisional: bool,
}

/// A rated game of a player's, most recent first.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RecentGameMsg {
    /// Its room: `GET /api/games/<room>` downloads it, to open in the analysis.
    pub room: String,
    pub mode: String,
    pub place: u32,
    pub players: u32,
    pub sets: u32,
    pub before: i64,
    pub after: i64,
    /// How long the game took, start to last set, ms.
    pub ms: u64,
}

/// How long a player's rated games of one way to play took, start to last
/// set, over the most recent ones kept (`games` of them).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct TimesMsg {
    pub games: u32,
    /// The fastest game they won, ms; none if they won none.
    pub fastest_win_ms: Option<u64>,
    /// The middle game's length, ms (the mean of the two middle ones for an even count).
    pub median_ms: u64,
}

/// A player as others see them.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ProfileMsg {
    pub player: String,
    pub name: String,
    /// Rating by way to play (those played rated).
    pub ratings: BTreeMap<String, i64>,
    pub games: u32,
    pub wins: u32,
    /// Sets found in rated games.
    pub sets: u32,
    /// Game lengths by way to play.
    pub times: BTreeMap<String, TimesMsg>,
    pub recent: Vec<RecentGameMsg>,
}

/// A node's health (`GET /healthz`, 200 when its database answers, else
/// 503: a node without its bus still plays its games).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct HealthMsg {
    /// The node's name (`--node`).
    pub node: String,
    /// The rooms it has loaded now.
    pub rooms: u32,
    pub database: DatabaseHealth,
    pub bus: BusHealth,
}

/// Whether a node hears the other nodes of its cluster (`--bus`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum BusHealth {
    /// No `--bus`: a node on its own.
    Alone,
    Up,
    /// Not connected: its lobby shows only its own rooms and players.
    Down,
}

/// Whether a node's database answers.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DatabaseHealth {
    Ok,
    /// It refused.
    Down,
    /// No answer within 2 s.
    Slow,
}
