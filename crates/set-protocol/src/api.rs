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
    /// Players connected, on every node this one hears.
    pub online: u32,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LeaderMsg {
    /// The player's id (a profile's address).
    pub player: String,
    /// The name they last played a rated game under.
    pub name: String,
    /// The rating as shown.
    pub rating: i64,
    /// Rated games played.
    pub games: u32,
    /// Too few games yet for the rating to have settled: listed after the settled ones.
    pub provisional: bool,
}

/// A rated game of a player's, most recent first.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RecentGameMsg {
    /// Its room: `GET /api/games/<room>` downloads it, to open in the analysis.
    pub room: String,
    /// Its way to play, by name.
    pub mode: String,
    /// The player's place (1 for a win; ties share a place).
    pub place: u32,
    /// How many people played it.
    pub players: u32,
    /// Sets the player found in it.
    pub sets: u32,
    /// The rating before the game, as shown.
    pub before: i64,
    /// The rating after the game, as shown.
    pub after: i64,
    /// How long the game took, start to last set, ms.
    pub ms: u64,
}

/// How long a player's rated games of one way to play took, start to last
/// set, over the most recent ones kept (`games` of them).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct TimesMsg {
    /// How many games the figures are of.
    pub games: u32,
    /// The fastest game they won, ms; none if they won none.
    pub fastest_win_ms: Option<u64>,
    /// The middle game's length, ms (the mean of the two middle ones for an even count).
    pub median_ms: u64,
}

/// A player as others see them.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ProfileMsg {
    /// The player's id.
    pub player: String,
    /// The name they last played a rated game under.
    pub name: String,
    /// Rating by way to play (those played rated).
    pub ratings: BTreeMap<String, i64>,
    /// Rated games played.
    pub games: u32,
    /// Rated games won.
    pub wins: u32,
    /// Sets found in rated games.
    pub sets: u32,
    /// Game lengths by way to play.
    pub times: BTreeMap<String, TimesMsg>,
    /// Their recent rated games, most recent first.
    pub recent: Vec<RecentGameMsg>,
    /// Each way to play they played rated, on its own.
    #[serde(default)]
    pub ways: BTreeMap<String, WayMsg>,
    /// Each way's rating over their most recent rated games of it, oldest
    /// first: the rating before the first of them, then after each.
    #[serde(default)]
    pub history: BTreeMap<String, Vec<i64>>,
    /// Finished games kept of each way to play, rated or not.
    #[serde(default)]
    pub played: BTreeMap<String, u32>,
    /// Their most recent finished games, rated or not, most recent first.
    #[serde(default)]
    pub last_games: Vec<PlayedGameMsg>,
}

/// A finished game of a player's, rated or not.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PlayedGameMsg {
    /// Its room: `GET /api/games/<room>` downloads it, to open in the analysis.
    pub room: String,
    /// Its way to play, by name.
    pub mode: String,
    /// How many people played it.
    pub players: u32,
    /// How long the game took, start to last move, ms.
    pub ms: u64,
    /// Whether it counted for ratings (`recent` has its rating change).
    pub rated: bool,
}

/// A player's standing in one way to play.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct WayMsg {
    /// The rating, as shown.
    pub rating: i64,
    /// Whether it is still provisional (too few games to be sure of it).
    pub provisional: bool,
    /// Rated games played.
    pub games: u32,
    /// Rated games won.
    pub wins: u32,
    /// Sets found in them.
    pub sets: u32,
}

/// A node's health (`GET /healthz`, 200 when its database answers, else
/// 503: a node without its bus still plays its games).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct HealthMsg {
    /// The node's name (`--node`).
    pub node: String,
    /// The rooms it has loaded now.
    pub rooms: u32,
    /// Whether its database answers.
    pub database: DatabaseHealth,
    /// Whether it hears the other nodes.
    pub bus: BusHealth,
}

/// Whether a node hears the other nodes of its cluster (`--bus`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum BusHealth {
    /// No `--bus`: a node on its own.
    Alone,
    /// Connected to the others.
    Up,
    /// Not connected: its lobby shows only its own rooms and players.
    Down,
}

/// Whether a node's database answers.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DatabaseHealth {
    /// It answered in time.
    Ok,
    /// It refused.
    Down,
    /// No answer within 2 s.
    Slow,
}
