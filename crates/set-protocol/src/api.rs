//! What the server's HTTP API answers, as JSON: the leaderboards
//! (`GET /api/leaderboard/<mode>`) and players' profiles
//! (`GET /api/players/<player>`). The room page hands these to the JS API
//! as they come (`online_leaderboard`, `online_profile`).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
    pub recent: Vec<RecentGameMsg>,
}
