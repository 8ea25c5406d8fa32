//! Format 3: a game with other players. It is format 2 with the
//! [`Sitting`]'s lines after the mode: who sits where (people first, then
//! computer opponents by level, whose names follow from their levels), who
//! made each of the game's moves, and the calls that ran out of time, each
//! as `CLAIMS-FOUND:PLAY-MS@SEAT`:
//!
//! ```text
//! SET save 3
//! mode classic
//! seat-0 human Ann
//! seat-1 human Ben Lee
//! seat-2 bot hard
//! by 1 2 2 0 0
//! time-outs 0:8000@0
//! seed 2026
//! …the lines of format 2
//! ```
//!
//! An online room's game (up to eight people, no computer opponents) adds
//! `wrong-claims cool-down`: there a wrong claim costs no point but a wait
//! ([`WrongClaims::CoolDown`]).
//!
//! A game alone is written as format 2, which it is exactly, so that every
//! page keeps reading solo saves. Reading format 3 strips the sitting's
//! lines and reads the rest as format 2, so both formats share one reader:
//! this module adds code only to what plays with others.

use super::{CALLED_MAJOR, HEADER, SaveError, SavedGame, decode, digits, encode, parse_header};
use crate::players::level::Level;
use crate::players::sitting::{
    Kind, LogError, MAX_ONLINE_PLAYERS, Seat, SeatError, Seats, Sitting, TimeOut, WrongClaims,
};
use crate::rules::game::Game;
use crate::text::{split_at_each, split_once_at};
use std::fmt;

/// The format of a game with other players.
pub(super) const SEATED_MAJOR: u32 = 3;
/// The format of a game with other players whose extra cards wait for a
/// call: format 3 whose game is format 4.
pub(super) const SEATED_CALLED_MAJOR: u32 = 5;
/// The `seat-N` lines, by seat: one screen seats four, an online room eight.
const SEAT_FIELDS: [&str; MAX_ONLINE_PLAYERS] =
    ["seat-0", "seat-1", "seat-2", "seat-3", "seat-4", "seat-5", "seat-6", "seat-7"];
/// The line of a game whose wrong claims cool down (online).
const COOL_DOWN_LINE: &str = "wrong-claims cool-down";

/// Why a text is not a usable save of a game with players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatedError {
    /// What is wrong with its game (format 2's reasons).
    Save(SaveError),
    /// Written by a newer build, in a format this one cannot read: keep it.
    Newer(u32),
    /// A sitting's line that is not one, or seats out of order.
    BadLine(String),
    /// The players cannot sit together.
    Players(SeatError),
    /// The sitting's log does not fit the game.
    Log(LogError),
}

impl fmt::Display for SeatedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatedError::Save(err) => err.fmt(f),
            SeatedError::Newer(major) => write!(
                f,
                "it was saved by a newer version of SET (save format {major}, this page reads {SEATED_MAJOR})"
            ),
            SeatedError::BadLine(line) => write!(f, "its line \"{line}\" is not who sits where or who moved"),
            SeatedError::Players(err) => write!(f, "its players cannot sit together: {err}"),
            SeatedError::Log(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for SeatedError {}

impl From<SaveError> for SeatedError {
    fn from(err: SaveError) -> SeatedError {
        SeatedError::Save(err)
    }
}

/// The save text of a game and its sitting: format 3, or format 2 for a
/// game alone.
pub fn encode_seated(game: &Game, sitting: &Sitting, elapsed_ms: u64) -> String {
    let text = encode(game, elapsed_ms);
    let seats = sitting.seats();
    if seats.is_solo() {
        return text;
    }
    let mut lines = String::new();
    for (seat, player) in seats.players().iter().enumerate() {
        match player.kind {
            Kind::Human => lines.push_str(&format!("seat-{seat} human {}\n", player.name)),
            Kind::Bot(level) => lines.push_str(&format!("seat-{seat} bot {}\n", level.name())),
        }
    }
    let by: Vec<String> = sitting.by().iter().map(|seat| seat.0.to_string()).collect();
    let outs: Vec<String> =
        sitting.time_outs().iter().map(|t| format!("{}:{}@{}", t.found_before, t.at_ms, t.by.0)).collect();
    lines.push_str(&format!("by {}\ntime-outs {}\n", by.join(" "), outs.join(" ")));
    if sitting.wrong_claims() == WrongClaims::CoolDown {
        lines.push_str(COOL_DOWN_LINE);
        lines.push('\n');
    }
    // Format 2's text, its header raised, with the sitting after the mode.
    let (header, rest) = split_once_at(&text, b'\n').unwrap_or((&text, ""));
    let (mode, rest) = split_once_at(rest, b'\n').unwrap_or((rest, ""));
    let header = header.replacen(&format!("{HEADER} 2"), &format!("{HEADER} {SEATED_MAJOR}"), 1).replacen(
        &format!("{HEADER} {CALLED_MAJOR}"),
        &format!("{HEADER} {SEATED_CALLED_MAJOR}"),
        1,
    );
    format!("{header}\n{mode}\n{lines}{rest}")
}

/// Reads any save with its sitting: format 3, or a game alone (formats 1
/// and 2, every move seat 0's).
pub fn decode_seated(text: &str) -> Result<(SavedGame, Sitting), SeatedError> {
    let first = split_at_each(text, b'\n').next().unwrap_or("");
    let (major, minor) = parse_header(first).unwrap_or((0, 0));
    if major > SEATED_CALLED_MAJOR {
        return Err(SeatedError::Newer(major));
    }
    let game_major = match major {
        SEATED_MAJOR => 2,
        SEATED_CALLED_MAJOR => CALLED_MAJOR,
        _ => 0,
    };
    if game_major == 0 {
        let saved = decode(text)?;
        let sitting = Sitting::solo(&saved.game);
        return Ok((saved, sitting));
    }
    // The sitting's lines out, and the rest read as format 2 of the same minor.
    let mut game_text = format!("{HEADER} {game_major}.{minor}\n");
    let (mut seat_lines, mut by, mut outs, mut online) = (Vec::new(), None, None, false);
    for line in split_at_each(text, b'\n').skip(1) {
        let (key, value) = split_once_at(line, b' ').unwrap_or((line, ""));
        match key {
            _ if line == COOL_DOWN_LINE => online = true,
            "by" => by = Some(value),
            "time-outs" => outs = Some(value),
            _ if SEAT_FIELDS.contains(&key) => seat_lines.push((key, value)),
            _ => {
                game_text.push_str(line);
                game_text.push('\n');
            }
        }
    }
    if !text.ends_with('\n') {
        return Err(SaveError::Truncated.into());
    }
    game_text.pop();
    let saved = decode(&game_text)?;
    let seats = seats_of(&seat_lines, online)?;
    let bad = |text: &str| SeatedError::BadLine(text.chars().take(30).collect());
    let by_text = by.ok_or(SaveError::MissingField("by"))?;
    let mut by = Vec::new();
    for token in by_text.split_ascii_whitespace() {
        by.push(Seat(digits(token).filter(|&seat| seat < MAX_ONLINE_PLAYERS as u64).ok_or_else(|| bad(token))? as u8));
    }
    let mut time_outs = Vec::new();
    for token in outs.unwrap_or("").split_ascii_whitespace() {
        let parse = || {
            let (found, rest) = split_once_at(token, b':')?;
            let (at, seat) = split_once_at(rest, b'@')?;
            let seat = digits(seat).filter(|&seat| seat < MAX_ONLINE_PLAYERS as u64)?;
            Some(TimeOut { by: Seat(seat as u8), at_ms: digits(at)?, found_before: digits(found)? as u32 })
        };
        time_outs.push(parse().ok_or_else(|| bad(token))?);
    }
    let sitting = Sitting::restore(seats, by, time_outs, &saved.game).map_err(SeatedError::Log)?;
    let sitting = if online { sitting.under(WrongClaims::CoolDown) } else { sitting };
    Ok((saved, sitting))
}

/// Format 3's players: `seat-N human NAME` or `seat-N bot LEVEL`, from seat
/// 0 on without a gap, people first.
fn seats_of(lines: &[(&str, &str)], online: bool) -> Result<Seats, SeatedError> {
    let (mut people, mut bots) = (Vec::new(), Vec::new());
    for (seat, field) in SEAT_FIELDS.iter().enumerate() {
        let Some(&(_, text)) = lines.iter().find(|(key, _)| key == field) else {
            if lines.len() > seat {
                return Err(SaveError::MissingField(field).into());
            }
            break;
        };
        let bad = || SeatedError::BadLine(format!("{field} {}", text.chars().take(30).collect::<String>()));
        match split_once_at(text, b' ').ok_or_else(bad)? {
            ("human", name) if bots.is_empty() => people.push(name),
            ("bot", level) => bots.push(Level::from_name(level).ok_or_else(bad)?),
            _ => return Err(bad()),
        }
    }
    if people.is_empty() {
        return Err(SaveError::MissingField("seat-0").into());
    }
    if online && bots.is_empty() {
        return Seats::online(&people).map_err(SeatedError::Players);
    }
    Seats::new(&people, &bots).map_err(SeatedError::Players)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Format 3, written by the first release with players (two people and
    /// a hard bot: a wrong claim, a time-out, the bot's sets, a hint and a
    /// set), must restore for good and be written back as it was.
    #[test]
    fn the_first_release_with_players_still_restores() {
        let v3 = include_str!("../../tests/fixtures/save-v3.txt");
        let (saved, sitting) = decode_seated(v3).unwrap();
        let names: Vec<&str> = sitting.seats().players().iter().map(|p| p.name.as_ref()).collect();
        assert_eq!(names, ["Ann", "Ben Lee", "Hard bot"]);
        let by: Vec<u8> = sitting.by().iter().map(|seat| seat.0).collect();
        assert_eq!(by, [1, 2, 2, 0, 0]);
        assert_eq!(sitting.time_outs(), [TimeOut { by: Seat(0), at_ms: 8000, found_before: 0 }]);
        let standings = sitting.standings(&saved.game);
        let scores: Vec<i64> = standings.iter().map(crate::players::sitting::Standing::score).collect();
        assert_eq!(scores, [0, -1, 2], "Ann: a set and a time-out; Ben: a wrong claim; the bot: two sets");
        assert_eq!(encode_seated(&saved.game, &sitting, saved.elapsed_ms), v3);
        // Formats 1 and 2 are games alone, every move seat 0's.
        let v2 = include_str!("../../tests/fixtures/save-v2.txt");
        let (saved, sitting) = decode_seated(v2).unwrap();
        assert!(sitting.seats().is_solo() && sitting.by().len() == saved.game.moves().len());
        assert_eq!(encode_seated(&saved.game, &sitting, saved.elapsed_ms), v2);
    }
}
