//! Where the browser keeps things (localStorage keys): one name for each,
//! shared by the page and the parts that load later, which both read them.

/// The game in progress. The text format is [`set_core::save`]'s.
pub const SAVE_KEY: &str = "set-game/save";
/// The game with other players (race.html), kept apart from the game alone:
/// each page carries on its own.
pub const RACE_SAVE_KEY: &str = "set-game/race";
/// The player's settings ([`crate::page::settings`]), apart from any game.
pub const SETTINGS_KEY: &str = "set-game/settings";
/// Whatever could not be read (a save, statistics) is kept under this prefix
/// and the time it was set aside (`set-game/set-aside/2026-11-22T11:16:00.000Z`).
pub const SET_ASIDE_PREFIX: &str = "set-game/set-aside/";
/// The record of games ([`crate::review::record`]).
pub const RECORD_KEY: &str = "set-game/stats";
/// Games started and finished, appended by the page for the record to take in.
pub const INBOX_KEY: &str = "set-game/stats-inbox";
/// Where online.html keeps the player's anonymous identity (a token the server signed).
pub const TOKEN_KEY: &str = "set-game/online-token";
/// The name the player last gave online, offered again.
pub const NAME_KEY: &str = "set-game/online-name";
/// The names whose chat this player muted online, one a line (names hold no line breaks).
pub const MUTED_KEY: &str = "set-game/online-muted";
/// The last setup of race.html's players (`{"players":[names],"bots":[levels]}`),
/// offered again on its first screen: written and read by its setup script,
/// www/pages/race-players.js, which names it too (the test below holds the two together).
pub const RACE_SETUP_KEY: &str = "set-game/race-setup";

#[cfg(test)]
mod tests {
    #[test]
    fn the_race_setup_script_keeps_the_setup_under_this_key() {
        let script = include_str!("../../../www/pages/race-players.js");
        assert!(script.contains(&format!("\"{}\"", super::RACE_SETUP_KEY)), "race-players.js names the key");
    }
}
