//! What the page's address asks for, and the address of a game:
//! `?seed=42` deals a known classic game, `?mode=junior|chain|ultra&seed=42`
//! another way to play, `?mode=daily&date=2026-11-23` a day's puzzle (today's
//! without a date), `&calls=1` a game whose extra cards wait for a "no set"
//! call (`&calls=0`, or none, deals them by itself); any other key (`?gallery`, which the page's loader reads
//! to open the gallery) asks for no game. [`opening`] weighs
//! what an address asks for against the saved game: a link never ends a game
//! in progress by itself.

use set_core::players::level::Level;
use set_core::players::sitting::{Kind, SeatError, Seats};
use set_core::rules::daily::{Date, InvalidDate};
use set_core::rules::deck::Deck;
use set_core::rules::game::{Game, MAX_SEED};
use set_core::rules::variant::{Dealing, UnknownMode, Variant};
use set_core::text::{Encoded, digits, percent_decode, percent_encode, query_pairs, split_at_each};
use std::fmt;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
/// What an address asks of the page.
pub struct PageOptions {
    /// The way to play asked for; `None` when the address does not say.
    pub variant: Option<Variant>,
    /// The seed asked for; `None` for any.
    pub seed: Option<u64>,
    /// When extra cards come, if the address says (`calls`).
    pub dealing: Option<Dealing>,
}

/// A game an address asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskedGame {
    /// The way to play.
    pub variant: Variant,
    /// `None`: any new game of that way to play.
    pub seed: Option<u64>,
    /// When extra cards come: by themselves unless the address asks for calls.
    pub dealing: Dealing,
}

impl PageOptions {
    /// The game the address asks for (classic when it names no way to play).
    pub fn game(&self) -> AskedGame {
        AskedGame {
            variant: self.variant.unwrap_or(Variant::Classic),
            seed: self.seed,
            dealing: self.dealing.unwrap_or_default(),
        }
    }

    /// Whether `game` is a game this address asks for: every part the
    /// address names matches (a bare address matches any game).
    pub fn matches(&self, game: &Game) -> bool {
        self.seed.is_none_or(|seed| seed == game.seed())
            && self.variant.is_none_or(|variant| variant == game.variant())
            && self.dealing.is_none_or(|dealing| dealing == game.dealing())
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

/// Which first game the page opens on, given its address and the saved game.
pub fn opening(options: &PageOptions, saved: Option<&Game>) -> Opening {
    match saved {
        Some(game) if options.matches(game) => Opening::Resume,
        Some(game) if !game.is_over() => Opening::ResumeAndOffer,
        _ => Opening::Deal,
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
    /// The seed is not one.
    Seed(InvalidSeed),
    /// The mode is no way to play.
    Mode(UnknownMode),
    /// The date is not a day.
    Date(InvalidDate),
    /// `calls` is neither 1 nor 0.
    Calls(String),
    /// Calls asked for in a way whose tables are dealt whole or face down.
    NoCalls(Variant),
}

impl fmt::Display for BadAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadAddress::Seed(err) => err.fmt(f),
            BadAddress::Mode(err) => err.fmt(f),
            BadAddress::Date(err) => err.fmt(f),
            BadAddress::Calls(text) => write!(f, "calls \"{text}\" is not 1 (extra cards when called) or 0"),
            BadAddress::NoCalls(variant) => {
                write!(f, "{} takes no \u{201c}no set\u{201d} calls: its cards are dealt without them", variant.title())
            }
        }
    }
}

impl std::error::Error for BadAddress {}

/// The deck the gallery shows (`?gallery&mode=4set`): that of the way to
/// play the address names, the classic one when it names none.
pub fn gallery_deck(search: &str) -> Result<Deck, UnknownMode> {
    let mode = query_pairs(search).find(|&(key, _)| key == "mode").map(|(_, value)| value);
    match mode {
        // The daily puzzle is dealt from the classic deck, whatever its date.
        None | Some("daily") => Ok(Deck::Classic),
        Some(name) => Variant::from_name(name, None).map(Variant::deck),
    }
}

/// A seed as an address writes it: a whole number from 0 to 2^53−1.
pub fn parse_seed(text: &str) -> Result<u64, InvalidSeed> {
    digits(text.trim_ascii()).filter(|&seed| seed <= MAX_SEED).ok_or_else(|| InvalidSeed(text.to_owned()))
}

/// Reads `location.search` (with or without its leading `?`); `today` is
/// the daily puzzle's date when the address names none.
pub fn parse_query(search: &str, today: Date) -> Result<PageOptions, BadAddress> {
    let mut options = PageOptions::default();
    let (mut mode, mut date) = (None, None);
    for (key, value) in query_pairs(search) {
        match key {
            "seed" => options.seed = Some(parse_seed(value).map_err(BadAddress::Seed)?),
            "mode" => mode = Some(value),
            "date" => date = Some(Date::parse(value).map_err(BadAddress::Date)?),
            "calls" => {
                options.dealing = Some(match value {
                    "1" => Dealing::WhenCalled,
                    "0" => Dealing::Automatic,
                    other => return Err(BadAddress::Calls(other.to_owned())),
                });
            }
            _ => {}
        }
    }
    // A date alone asks for that day's puzzle.
    let mode = mode.or(date.map(|_| "daily"));
    options.variant = match mode {
        Some(name) => Some(Variant::from_name(name, Some(date.unwrap_or(today))).map_err(BadAddress::Mode)?),
        None => None,
    };
    let variant = options.variant.unwrap_or(Variant::Classic);
    if options.dealing.is_some_and(Dealing::is_called) && !variant.takes_calls() {
        return Err(BadAddress::NoCalls(variant));
    }
    Ok(options)
}

/// The address that deals this game again: [`query_for`], and `&calls=1`
/// where extra cards wait for a call.
pub fn game_query(game: &Game) -> String {
    let query = query_for(game.variant(), game.seed());
    if game.dealing().is_called() { format!("{query}&calls=1") } else { query }
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

/// What the address of the page that plays with others asks for: a game,
/// and its players (`&bots=hard,easy&players=Ann,Ben`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RaceOptions {
    /// The game asked for.
    pub page: PageOptions,
    /// `None` when the address names no players.
    pub seats: Option<Seats>,
}

/// Why the address of the page that plays with others cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadRaceAddress {
    /// The game's part of the address.
    Address(BadAddress),
    /// The players cannot sit together.
    Players(SeatError),
}

impl fmt::Display for BadRaceAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadRaceAddress::Address(err) => err.fmt(f),
            BadRaceAddress::Players(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for BadRaceAddress {}

/// Whether these players can play this way: the daily puzzle is played alone.
pub fn check_race(variant: Variant, seats: &Seats) -> Result<(), SeatError> {
    match variant {
        Variant::Daily(_) if !seats.is_solo() => Err(SeatError::Alone),
        _ => Ok(()),
    }
}

/// Reads `location.search` as [`parse_query`] does, and the players too.
pub fn parse_race_query(search: &str, today: Date) -> Result<RaceOptions, BadRaceAddress> {
    let page = parse_query(search, today).map_err(BadRaceAddress::Address)?;
    // The daily puzzle is checked with its players below (alone, it plays here).
    let (mut bots, mut people) = (None, None);
    for (key, value) in query_pairs(search) {
        match key {
            "bots" => bots = Some(value),
            "players" => people = Some(value),
            _ => {}
        }
    }
    if bots.is_none() && people.is_none() {
        return Ok(RaceOptions { page, seats: None });
    }
    let list = |text: Option<&str>| -> Vec<String> {
        // A name whose escapes cannot be undone is taken as written.
        let decoded = |part: &str| percent_decode(part, Encoded::Query).unwrap_or_else(|_| part.to_owned());
        // An empty list names no one; an empty name in a list is refused as
        // the seats refuse it (`deal({ players })` writes every name given).
        match text.unwrap_or("") {
            "" => Vec::new(),
            text => split_at_each(text, b',').map(decoded).collect(),
        }
    };
    let mut levels = Vec::new();
    for name in list(bots) {
        levels.push(Level::from_name(&name).ok_or(BadRaceAddress::Players(SeatError::UnknownLevel(name)))?);
    }
    let seats = Seats::new(&list(people), &levels).map_err(BadRaceAddress::Players)?;
    check_race(page.variant.unwrap_or(Variant::Classic), &seats).map_err(BadRaceAddress::Players)?;
    Ok(RaceOptions { page, seats: Some(seats) })
}

/// The address that deals this game again for the same players.
pub fn race_query_for(game: &Game, seats: &Seats) -> String {
    let mut query = game_query(game);
    let people: Vec<String> = match seats.only_person() {
        Some(_) => Vec::new(),
        None => seats.players().iter().filter(|p| p.kind == Kind::Human).map(|p| percent_encode(&p.name)).collect(),
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
        PageOptions { variant, seed, dealing: None }
    }

    #[test]
    fn the_gallery_shows_the_deck_of_the_way_its_address_names() {
        assert_eq!(gallery_deck("?gallery"), Ok(Deck::Classic));
        assert_eq!(gallery_deck("?gallery&mode=daily"), Ok(Deck::Classic));
        assert_eq!(gallery_deck("?gallery&mode=4set"), Ok(Deck::Four));
        assert_eq!(gallery_deck("?mode=4setjrchain&gallery"), Ok(Deck::FourJunior));
        assert_eq!(gallery_deck("?gallery&mode=mega"), Ok(Deck::Mega));
        assert_eq!(gallery_deck("?gallery&mode=junior"), Ok(Deck::Junior));
        assert!(gallery_deck("?gallery&mode=5set").is_err());
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
    fn a_link_to_another_game_never_ends_one_in_progress() {
        let classic_42 = Game::new(Variant::Classic, 42);
        let address = |query: &str| parse_query(query, today()).unwrap();
        // The address asks for the saved game, or names nothing: it carries on.
        for query in ["", "?seed=42", "?mode=classic", "?mode=classic&seed=42", "?gallery"] {
            assert_eq!(opening(&address(query), Some(&classic_42)), Opening::Resume, "{query}");
        }
        // Another seed, another way to play, a daily puzzle: offered, not dealt.
        for query in ["?seed=43", "?mode=chain", "?mode=chain&seed=42", "?mode=daily", "?date=2026-11-21"] {
            assert_eq!(opening(&address(query), Some(&classic_42)), Opening::ResumeAndOffer, "{query}");
        }
        // Nothing saved, or a finished game: the address's game is dealt.
        assert_eq!(opening(&address("?seed=43"), None), Opening::Deal);
        let mut finished = Game::new(Variant::Daily(today()), 0);
        while let Some(claim) = finished.first_claim() {
            finished.claim(claim, 0).unwrap();
        }
        assert!(finished.is_over());
        assert_eq!(opening(&address("?mode=chain&seed=1"), Some(&finished)), Opening::Deal);
        assert_eq!(opening(&address("?mode=daily"), Some(&finished)), Opening::Resume);
        // The offered game: the address's way to play (classic by default) and seed.
        let asked = |variant, seed| AskedGame { variant, seed, dealing: Dealing::Automatic };
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
        assert!(
            mode.to_string().starts_with("mode \"speed\" is not one of classic, junior, chain, ultra, ultrachain,")
        );
        assert!(mode.to_string().ends_with(", memory, daily"));
        let memory = parse_race_query("?mode=memory&bots=hard", today()).map(|o| o.page.variant);
        assert_eq!(memory, Ok(Some(Variant::Memory)), "Memory is played with others, in turns");
        assert_eq!(parse_query("?mode=memory", today()).map(|o| o.variant), Ok(Some(Variant::Memory)));
        assert_eq!(parse_query("?mode=4set&seed=3", today()).map(|o| o.variant), Ok(Some(Variant::FourSet)));
        assert_eq!(parse_query("?mode=ghost&seed=3", today()).map(|o| o.variant), Ok(Some(Variant::Ghost)));
        let date = parse_query("?mode=daily&date=2026-02-30", today()).unwrap_err();
        assert!(date.to_string().contains("2026-02-30"), "{date}");
    }

    #[test]
    fn an_address_names_the_players_and_deals_them_again() {
        // The page that plays alone passes over the players.
        assert_eq!(parse_query("?seed=3&bots=hard&players=Ann", today()), Ok(options(None, Some(3))));
        let asked = parse_race_query("?bots=hard&players=Ann,Ben%20Lee,%C3%85sa", today()).unwrap();
        let seats = asked.seats.clone().unwrap();
        let names: Vec<&str> = seats.players().iter().map(|p| p.name.as_ref()).collect();
        assert_eq!(names, ["Ann", "Ben Lee", "Åsa", "Hard bot"]);
        let query = race_query_for(&Game::new(Variant::Chain, 5), &seats);
        assert_eq!(query, "?mode=chain&seed=5&players=Ann,Ben%20Lee,%C3%85sa&bots=hard");
        assert_eq!(parse_race_query(&query, today()).unwrap().seats, Some(seats));
        // One person and bots: the person is "You", and not in the address.
        let with_bots = parse_race_query("?seed=3&bots=expert", today()).unwrap().seats.unwrap();
        assert_eq!(race_query_for(&Game::new(Variant::Classic, 3), &with_bots), "?seed=3&bots=expert");
        let called = Game::dealt(Variant::Classic, 3, Dealing::WhenCalled);
        assert_eq!(race_query_for(&called, &with_bots), "?seed=3&calls=1&bots=expert");
        let asked = parse_race_query("?seed=3&calls=1&bots=expert", today()).unwrap();
        assert!(asked.page.matches(&called) && !asked.page.matches(&Game::new(Variant::Classic, 3)));
        assert_eq!(asked.page.game().dealing, Dealing::WhenCalled);
        assert_eq!(parse_query("?mode=puzzle&calls=1", today()), Err(BadAddress::NoCalls(Variant::Puzzle)));
        assert_eq!(parse_query("?calls=yes", today()), Err(BadAddress::Calls("yes".into())));
        assert_eq!(parse_query("?mode=memory&calls=0", today()).map(|o| o.dealing), Ok(Some(Dealing::Automatic)));
        assert_eq!(parse_race_query("?seed=3", today()).unwrap().seats, None);
        // Bad players are named.
        let bad = |query: &str| parse_race_query(query, today()).unwrap_err().to_string();
        assert!(bad("?bots=godlike").contains("\"godlike\" is not a level"));
        assert!(bad("?bots=easy,easy,easy,easy").contains("too many"));
        assert!(bad("?players=Ann,%07").contains("control character"));
        assert!(bad("?players=Ann,").contains("name is empty"), "an empty name in a list");
        assert_eq!(parse_race_query("?players=&bots=easy", today()).unwrap().seats.unwrap().players().len(), 2);
        assert!(bad("?mode=daily&bots=easy").contains("played alone"));
        assert!(bad("?seed=x&bots=easy").contains("seed"));
    }
}
