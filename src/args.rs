//! Checking what JavaScript passes to the page's own exports (`deal`'s
//! options, a slot, a seed), with the values read by the one reader of
//! every JS API's arguments, [`set_api::args`].

use crate::app::Play;
#[cfg(feature = "race")]
use js_sys::Array;
use set_api::args::{BadValue, describe, number_text, whole_number};
pub use set_api::args::{card, js_error};
#[cfg(not(feature = "race"))]
use set_core::play::table::Alone;
use set_core::play::table::Table;
use set_core::rules::daily::Date;
use set_core::rules::game::MAX_SEED;
use set_core::rules::variant::Variant;
#[cfg(feature = "race")]
use set_core::{
    page::options::check_race,
    players::bot::Level,
    players::sitting::{SeatError, Seats},
};
use std::fmt::{self, Display};
use wasm_bindgen::JsValue;

/// What was wrong with an argument: a bad value (read by the one reader,
/// [`set_api::args`]), or one that only the page's exports take.
#[derive(Clone, Debug, PartialEq)]
pub enum BadArgument {
    Value(BadValue),
    NegativeSlot(String),
    /// A slot past any table's end (kept as given, not clamped).
    SlotPastAnyTable(String),
    SeedOutOfRange(String),
    UnknownMode(String),
    BadDate(String),
    /// A date given for a way to play other than the daily puzzle.
    DateNotDaily(String),
    /// `bots` or `players` is not an array of strings.
    #[cfg(feature = "race")]
    NotAList {
        what: &'static str,
        shown: String,
    },
    #[cfg(feature = "race")]
    Seats(SeatError),
}

impl From<BadValue> for BadArgument {
    fn from(bad: BadValue) -> BadArgument {
        BadArgument::Value(bad)
    }
}

impl Display for BadArgument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadArgument::Value(bad) => bad.fmt(f),
            BadArgument::NegativeSlot(shown) => write!(f, "slot {shown} is negative"),
            BadArgument::SlotPastAnyTable(shown) => write!(f, "slot {shown} is empty: no table has that many slots"),
            BadArgument::SeedOutOfRange(shown) => write!(f, "seed {shown} is not in 0..={MAX_SEED}"),
            BadArgument::UnknownMode(shown) => {
                write!(f, "mode {shown} is not one of \"classic\", \"junior\", \"chain\", \"ultra\", \"daily\"")
            }
            BadArgument::BadDate(shown) => write!(f, "date {shown} is not a day \"YYYY-MM-DD\" from 1970 to 9999"),
            BadArgument::DateNotDaily(shown) => write!(f, "a date is only for mode \"daily\", not mode {shown}"),
            #[cfg(feature = "race")]
            BadArgument::NotAList { what, shown } => write!(f, "{what} {shown} is not an array of strings"),
            #[cfg(feature = "race")]
            BadArgument::Seats(err) => err.fmt(f),
        }
    }
}

/// What `deal` asks for: a way to play, a seed, and on race.html the
/// players (`None`: the page's).
pub type Asked = (Variant, Option<u64>, Option<<Play as Table>::Players>);

/// What `deal` was asked for: a seed (or nothing) for a classic game, or
/// `{ seed, mode, date, bots, players }`. `today` gives the daily puzzle's
/// date when none is named.
pub fn deal_options(value: &JsValue, today: fn() -> Date) -> Result<Asked, BadArgument> {
    if !value.is_object() {
        return Ok((Variant::Classic, seed(value)?, None));
    }
    let field = |name: &str| js_sys::Reflect::get(value, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
    let (mode, date) = (field("mode"), field("date"));
    let name = if mode.is_undefined() { Some("classic".to_owned()) } else { mode.as_string() };
    let date = match date.as_string().map(|text| Date::parse(&text)) {
        _ if date.is_undefined() => None,
        Some(Ok(date)) => Some(date),
        _ => return Err(BadArgument::BadDate(describe(&date))),
    };
    let variant = match name.as_deref() {
        Some("daily") => Variant::Daily(date.unwrap_or_else(today)),
        Some(_) if date.is_some() => return Err(BadArgument::DateNotDaily(describe(&mode))),
        Some(name) => Variant::from_name(name, None).map_err(|_| BadArgument::UnknownMode(describe(&mode)))?,
        None => return Err(BadArgument::UnknownMode(describe(&mode))),
    };
    let seed = seed(&field("seed"))?;
    Ok((variant, seed, players(variant, &field)?))
}

/// On the page that plays alone, `bots` and `players` are passed over like
/// any field it does not know: they are race.html's.
#[cfg(not(feature = "race"))]
fn players(_: Variant, _: &dyn Fn(&str) -> JsValue) -> Result<Option<Alone>, BadArgument> {
    Ok(None)
}

/// The players `deal` was asked for: `bots` levels and `players` names;
/// `None` (the same players as now) without either.
#[cfg(feature = "race")]
fn players(variant: Variant, field: &dyn Fn(&str) -> JsValue) -> Result<Option<Seats>, BadArgument> {
    let (bots, people) = (field("bots"), field("players"));
    if bots.is_undefined() && people.is_undefined() {
        return Ok(None);
    }
    let (bots, people) = (&bots, &people);
    let mut levels = Vec::new();
    for name in strings(bots, "bots")? {
        levels.push(Level::from_name(&name).ok_or(BadArgument::Seats(SeatError::UnknownLevel(name)))?);
    }
    let seats = Seats::new(&strings(people, "players")?, &levels).map_err(BadArgument::Seats)?;
    check_race(variant, &seats).map_err(BadArgument::Seats)?;
    Ok(Some(seats))
}

/// An optional array of strings (`undefined`: none).
#[cfg(feature = "race")]
fn strings(value: &JsValue, what: &'static str) -> Result<Vec<String>, BadArgument> {
    if value.is_undefined() {
        return Ok(Vec::new());
    }
    let bad = || BadArgument::NotAList { what, shown: describe(value) };
    if !Array::is_array(value) {
        return Err(bad());
    }
    Array::from(value).iter().map(|item| item.as_string().ok_or_else(bad)).collect()
}

/// A slot index: a whole number from 0. Whether it holds a card is the game's call.
pub fn slot(value: &JsValue) -> Result<usize, BadArgument> {
    let number = whole_number(value, "slot")?;
    if number < 0.0 {
        return Err(BadArgument::NegativeSlot(number_text(number)));
    }
    // Smaller numbers go on as they are, and the game names an empty slot;
    // a clamped one would be named wrongly.
    if number > u32::MAX as f64 {
        return Err(BadArgument::SlotPastAnyTable(number_text(number)));
    }
    Ok(number as usize)
}

/// An optional seed: `undefined` or `null` for a random game.
pub fn seed(value: &JsValue) -> Result<Option<u64>, BadArgument> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let number = whole_number(value, "seed")?;
    if !(0.0..=MAX_SEED as f64).contains(&number) {
        return Err(BadArgument::SeedOutOfRange(number_text(number)));
    }
    Ok(Some(number as u64))
}
