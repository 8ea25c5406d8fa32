//! What the page's address asks for, and the address of a game:
//! `?seed=42` deals a known classic game, `?mode=junior|chain|ultra&seed=42`
//! another way to play, `?mode=daily&date=2026-11-23` a day's puzzle (today's
//! without a date); on the page that plays with others, `&bots=hard,easy`
//! adds computer opponents and `&players=Ann,Ben` people sharing the screen
//! (names percent-encoded, as browsers write them); any other key (`?gallery`, which the page's loader reads
//! to open the gallery) asks for no game. [`opening`] weighs
//! what an address asks for against the saved game: a link never ends a game
//! in progress by itself.

use crate::play::bot::Level;
use crate::play::sitting::{Kind, SeatError, Seats};
use crate::rules::daily::{Date, InvalidDate};
use crate::rules::game::Game;
use crate::rules::variant::{UnknownMode, Variant};
use crate::text::{split_at_each, split_once_at};
use std::fmt;

/// The largest seed a page or script can pass: JavaScript numbers are exact
/// up to 2^53 − 1, and a seed must survive the trip through `state()` and back.
pub const MAX_SEED: u64 = (1 << 53) - 1;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageOptions {
    /// The way to play asked for; `None` when the address does not say.
    pub variant: Option<Variant>,
    pub seed: Option<u64>,
    /// The players asked for; `None` when the address names none.
    pub seats: Option<Seats>,
}

/// A game an address asks for (its players, if it names them, are
/// [`PageOptions::seats`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskedGame {
    pub variant: Variant,
    /// `None`: any new game of that way to play.
    pub seed: Option<u64>,
}

impl PageOptions {
    /// The game the address asks for (classic when it names no way to play).
    pub fn game(&self) -> AskedGame {
        AskedGame { variant: self.variant.unwrap_or(Variant::Classic), seed: self.seed }
    }

    /// Whether `game` is a game this address asks for: every part the
    /// address names matches (a bare address matches any game).
    pub fn matches(&self, game: &Game) -> bool {
        self.seed.is_none_or(|seed| seed == game.seed()) && self.variant.is_none_or(|variant| variant == game.variant())
    }

    /// Whether these are the players the address asks for (any, when it
    /// names none).
    pub fn seats_match(&self, seats: &Seats) -> bool {
        self.seats.as_ref().is_none_or(|asked| asked == seats)
    }
}

/// How the page's first game follows from its address and the saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// The saved game carries on: the address asks for it, or for nothing.
    Resume,
    /// The address's game starts: nothing is saved, or the saved game is over.
    Deal,
    /// The address asks for another game while the saved one is unfinished.
    /// The saved game carries on, and the address's game starts only when the
    /// player asks: following a link must not end a game in progress.
    ResumeAndOffer,
}

/// `same_players`: the saved game's players are the ones the address asks
/// for ([`PageOptions::seats_match`]; always, on the page that plays alone).
pub fn opening(options: &PageOptions, saved: Option<&Game>, same_players: bool) -> Opening {
    match saved {
        Some(game) if same_players && options.matches(game) => Opening::Resume,
        Some(game) if !game.is_over() => Opening::ResumeAndOffer,
        _ => Opening::Deal,
    }
}

/// Whether these players can play this way: the daily puzzle is played alone.
pub fn check_race(variant: Variant, seats: &Seats) -> Result<(), SeatError> {
    match variant {
        Variant::Daily(_) if !seats.is_solo() => Err(SeatError::Alone),
        _ => Ok(()),
    }
}

/// A `seed` parameter that is not a whole number in 0..=2^53−1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidSeed(pub String);

impl fmt::Display for InvalidSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seed \"{}\" is not a whole number from 0 to {MAX_SEED}", self.0)
    }
}

impl std::error::Error for InvalidSeed {}

/// Why an address cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadAddress {
    Seed(InvalidSeed),
    Mode(UnknownMode),
    Date(InvalidDate),
    /// Players that cannot play, and why (in words, so that the page that
    /// plays alone carries no seat code).
    Players(String),
}

fn players(error: SeatError) -> BadAddress {
    BadAddress::Players(error.to_string())
}

impl fmt::Display for BadAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadAddress::Seed(err) => err.fmt(f),
            BadAddress::Mode(err) => err.fmt(f),
            BadAddress::Date(err) => err.fmt(f),
            BadAddress::Players(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for BadAddress {}

pub fn parse_seed(text: &str) -> Result<u64, InvalidSeed> {
    crate::save::digits(text.trim_ascii()).filter(|&seed| seed <= MAX_SEED).ok_or_else(|| InvalidSeed(text.to_owned()))
}

/// The pairs of a query string (with or without its leading `?`).
fn pairs(search: &str) -> impl Iterator<Item = (&str, &str)> {
    split_at_each(search.strip_prefix('?').unwrap_or(search), b'&')
        .filter(|p| !p.is_empty())
        .map(|pair| split_once_at(pair, b'=').unwrap_or((pair, "")))
}

/// Reads `location.search` for the way to play and the seed, passing over
/// the players (see [`parse_race_query`]); `today` is the daily puzzle's
/// date when the address names none.
pub fn parse_query(search: &str, today: Date) -> Result<PageOptions, BadAddress> {
    let mut options = PageOptions::default();
    let (mut mode, mut date) = (None, None);
    for (key, value) in pairs(search) {
        match key {
            "seed" => options.seed = Some(parse_seed(value).map_err(BadAddress::Seed)?),
            "mode" => mode = Some(value),
            "date" => date = Some(Date::parse(value).map_err(BadAddress::Date)?),
            _ => {}
        }
    }
    // A date alone asks for that day's puzzle.
    let mode = mode.or(date.map(|_| "daily"));
    options.variant = match mode {
        Some(name) => Some(Variant::from_name(name, Some(date.unwrap_or(today))).map_err(BadAddress::Mode)?),
        None => None,
    };
    Ok(options)
}

/// Reads `location.search` as [`parse_query`] does, and the players too:
/// the page that plays with others.
pub fn parse_race_query(search: &str, today: Date) -> Result<PageOptions, BadAddress> {
    let mut options = parse_query(search, today)?;
    let (mut bots, mut people) = (None, None);
    for (key, value) in pairs(search) {
        match key {
            "bots" => bots = Some(value),
            "players" => people = Some(value),
            _ => {}
        }
    }
    if bots.is_some() || people.is_some() {
        let list = |text: Option<&str>| -> Vec<String> {
            split_at_each(text.unwrap_or(""), b',').filter(|part| !part.is_empty()).map(percent_decoded).collect()
        };
        let mut levels = Vec::new();
        for name in list(bots) {
            levels.push(Level::from_name(&name).ok_or_else(|| players(SeatError::UnknownLevel(name)))?);
        }
        let seats = Seats::new(&list(people), &levels).map_err(players)?;
        check_race(options.variant.unwrap_or(Variant::Classic), &seats).map_err(players)?;
        options.seats = Some(seats);
    }
    Ok(options)
}

/// `%XX` escapes and `+` (a space) undone; a bad escape stays as written,
/// and escapes that are not UTF-8 leave the text as written.
fn percent_decoded(text: &str) -> String {
    let (bytes, mut out) = (text.as_bytes(), Vec::with_capacity(text.len()));
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|&b| (b as char).to_digit(16));
        match (bytes[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
                continue;
            }
            (b'+', ..) => out.push(b' '),
            (byte, ..) => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

/// Every byte but ASCII letters, digits and `-._~` as `%XX`.
fn percent_encoded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &byte in text.as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push('%');
            out.push(char::from_digit(u32::from(byte >> 4), 16).unwrap_or('0').to_ascii_uppercase());
            out.push(char::from_digit(u32::from(byte & 15), 16).unwrap_or('0').to_ascii_uppercase());
        }
    }
    out
}

/// The address (a query string) that deals this game again: classic games
/// keep the `?seed=N` of every earlier release.
pub fn query_for(variant: Variant, seed: u64) -> String {
    match variant {
        Variant::Classic => format!("?seed={seed}"),
        Variant::Daily(date) => format!("?mode=daily&date={date}"),
        other => format!("?mode={}&seed={seed}", other.name()),
    }
}

/// The address that deals this game again for the same players.
pub fn race_query_for(variant: Variant, seed: u64, seats: &Seats) -> String {
    let mut query = query_for(variant, seed);
    let people: Vec<String> = match seats.only_person() {
        Some(_) => Vec::new(),
        None => seats.players().iter().filter(|p| p.kind == Kind::Human).map(|p| percent_encoded(&p.name)).collect(),
    };
    if !people.is_empty() {
        query = format!("{query}&players={}", people.join(","));
    }
    let bots: Vec<&str> = seats.bots().map(|(_, level)| level.name()).collect();
    if !bots.is_empty() {
        query = format!("{query}&bots={}", bots.join(","));
    }
    query
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> Date {
        Date::parse("2026-11-22").unwrap()
    }

    fn options(variant: Option<Variant>, seed: Option<u64>) -> PageOptions {
        PageOptions { variant, seed, seats: None }
    }

    #[test]
    fn reads_seed_mode_and_date_and_passes_over_other_keys() {
        assert_eq!(parse_query("", today()), Ok(PageOptions::default()));
        assert_eq!(parse_query("?seed=42", today()), Ok(options(None, Some(42))));
        assert_eq!(parse_query("?gallery&x=1", today()), Ok(options(None, None)));
        assert_eq!(parse_query("seed=9007199254740991", today()).unwrap().seed, Some(MAX_SEED));
        assert_eq!(parse_query("?mode=chain&seed=5", today()), Ok(options(Some(Variant::Chain), Some(5))));
        assert_eq!(parse_query("?mode=junior", today()), Ok(options(Some(Variant::Junior), None)));
        assert_eq!(parse_query("?mode=daily", today()), Ok(options(Some(Variant::Daily(today())), None)));
        let day = Date::parse("2025-02-28").unwrap();
        assert_eq!(parse_query("?mode=daily&date=2025-02-28", today()).unwrap().variant, Some(Variant::Daily(day)));
        assert_eq!(parse_query("?date=2025-02-28", today()).unwrap().variant, Some(Variant::Daily(day)));
    }

    #[test]
    fn every_game_has_an_address_that_deals_it_again() {
        let day = Date::parse("2024-02-29").unwrap();
        for variant in [Variant::Classic, Variant::Junior, Variant::Chain, Variant::Ultra, Variant::Daily(day)] {
            let query = query_for(variant, 1234);
            let read = parse_query(&query, today()).unwrap();
            assert_eq!(read.variant.unwrap_or(Variant::Classic), variant, "{query}");
            if !matches!(variant, Variant::Daily(_)) {
                assert_eq!(read.seed, Some(1234), "{query}");
            }
        }
        assert_eq!(query_for(Variant::Classic, 7), "?seed=7");
        assert_eq!(query_for(Variant::Daily(day), 7), "?mode=daily&date=2024-02-29");
    }

    #[test]
    fn an_address_names_the_players_and_deals_them_again() {
        // The page alone passes over the players.
        assert_eq!(parse_query("?seed=3&bots=hard&players=Ann", today()), Ok(options(None, Some(3))));
        let asked = parse_race_query("?bots=hard&players=Ann,Ben%20Lee,%C3%85sa", today()).unwrap();
        let seats = asked.seats.clone().unwrap();
        let names: Vec<&str> = seats.players().iter().map(|p| p.name.as_ref()).collect();
        assert_eq!(names, ["Ann", "Ben Lee", "Åsa", "Hard bot"]);
        let query = race_query_for(Variant::Chain, 5, &seats);
        assert_eq!(query, "?mode=chain&seed=5&players=Ann,Ben%20Lee,%C3%85sa&bots=hard");
        assert_eq!(parse_race_query(&query, today()).unwrap().seats, Some(seats.clone()));
        // One person and bots: the person is "You", and not in the address.
        let with_bots = parse_race_query("?seed=3&bots=expert", today()).unwrap().seats.unwrap();
        assert_eq!(race_query_for(Variant::Classic, 3, &with_bots), "?seed=3&bots=expert");
        // The saved game carries on only for the same players.
        let game = Game::new(Variant::Classic, 3);
        let address = parse_race_query("?seed=3&bots=expert", today()).unwrap();
        assert_eq!(opening(&address, Some(&game), address.seats_match(&with_bots)), Opening::Resume);
        assert_eq!(opening(&address, Some(&game), address.seats_match(&Seats::solo())), Opening::ResumeAndOffer);
        // Bad players are named.
        let bad = |query: &str| parse_race_query(query, today()).unwrap_err().to_string();
        assert!(bad("?bots=godlike").contains("\"godlike\" is not a level"));
        assert!(bad("?bots=easy,easy,easy,easy").contains("too many"));
        assert!(bad("?players=Ann,%07").contains("control character"));
        assert!(bad("?mode=daily&bots=easy").contains("played alone"));
    }

    #[test]
    fn a_link_to_another_game_never_ends_one_in_progress() {
        let classic_42 = Game::new(Variant::Classic, 42);
        let address = |query: &str| parse_query(query, today()).unwrap();
        // The address asks for the saved game, or names nothing: it carries on.
        for query in ["", "?seed=42", "?mode=classic", "?mode=classic&seed=42", "?gallery"] {
            assert_eq!(opening(&address(query), Some(&classic_42), true), Opening::Resume, "{query}");
        }
        // Another seed, another way to play, a daily puzzle: offered, not dealt.
        for query in ["?seed=43", "?mode=chain", "?mode=chain&seed=42", "?mode=daily", "?date=2026-11-21"] {
            assert_eq!(opening(&address(query), Some(&classic_42), true), Opening::ResumeAndOffer, "{query}");
        }
        // Nothing saved, or a finished game: the address's game is dealt.
        assert_eq!(opening(&address("?seed=43"), None, true), Opening::Deal);
        let mut finished = Game::new(Variant::Daily(today()), 0);
        while let Some(claim) = finished.first_claim() {
            finished.claim(claim, 0).unwrap();
        }
        assert!(finished.is_over());
        assert_eq!(opening(&address("?mode=chain&seed=1"), Some(&finished), true), Opening::Deal);
        assert_eq!(opening(&address("?mode=daily"), Some(&finished), true), Opening::Resume);
        // The offered game: the address's way to play (classic by default) and seed.
        let asked = |variant, seed| AskedGame { variant, seed };
        assert_eq!(address("?mode=ultra&seed=7").game(), asked(Variant::Ultra, Some(7)));
        assert_eq!(address("?seed=7").game(), asked(Variant::Classic, Some(7)));
        assert_eq!(address("?mode=junior").game(), asked(Variant::Junior, None));
    }

    #[test]
    fn bad_values_are_named_in_the_error() {
        assert_eq!(parse_query("?seed=abc", today()), Err(BadAddress::Seed(InvalidSeed("abc".into()))));
        assert_eq!(parse_query("?seed=-1", today()), Err(BadAddress::Seed(InvalidSeed("-1".into()))));
        assert!(parse_query("?seed=9007199254740992", today()).is_err());
        assert_eq!(
            parse_seed("1.5").unwrap_err().to_string(),
            "seed \"1.5\" is not a whole number from 0 to 9007199254740991"
        );
        let mode = parse_query("?mode=speed", today()).unwrap_err();
        assert_eq!(mode.to_string(), "mode \"speed\" is not one of classic, junior, chain, ultra, daily");
        let date = parse_query("?mode=daily&date=2026-02-30", today()).unwrap_err();
        assert!(date.to_string().contains("2026-02-30"), "{date}");
    }
}
