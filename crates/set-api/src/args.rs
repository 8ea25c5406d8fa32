//! Reading what JavaScript passes to an export: the one reader of every JS
//! API's arguments. The part reads `deal`'s, `slot_rect`'s and
//! `card_rect`'s too, and hands the page only checked values (the bridge in
//! [`crate`]'s docs).
//!
//! Exports take `JsValue` rather than `u8` or `usize`, because wasm-bindgen
//! would silently turn `3.5` into 3 and `"x"` into 0. Every reader here
//! fails with a message that names the bad value, before anything is
//! changed; the exports turn the message into a thrown JavaScript `Error`.

use js_sys::{Array, Uint8Array};
use set_core::rules::card::Card;
use set_core::rules::claim_rule::ClaimRule;
use set_core::rules::daily::Date;
use set_core::rules::deck::Deck;
use set_core::rules::game::MAX_SEED;
use set_core::rules::variant::{Variant, WAYS};
use set_core::text::percent_encode;
use std::fmt::{self, Display};
use wasm_bindgen::prelude::*;

/// A `JsError` (a JavaScript `Error` once thrown) with this message.
pub fn js_error(message: impl Display) -> JsError {
    JsError::new(&message.to_string())
}

/// What was wrong with a value. Each case names the argument (`what`:
/// "card id", "slot", "seed", "ids") and shows the value as written in
/// JavaScript.
#[derive(Clone, Debug, PartialEq)]
pub enum BadValue {
    /// Not a number at all.
    NotANumber {
        /// Which argument.
        what: &'static str,
        /// The value as written in JavaScript.
        shown: String,
    },
    /// A number with a fraction.
    NotWhole {
        /// Which argument.
        what: &'static str,
        /// The value as written in JavaScript.
        shown: String,
    },
    /// A number that is no card id of the deck (0 to 80 in the classic one).
    CardOutOfRange {
        /// Which argument.
        what: &'static str,
        /// The value as written in JavaScript.
        shown: String,
        /// The deck of the way to play asked about.
        deck: Deck,
    },
    /// The same card twice.
    RepeatedCard(u8),
    /// `calls` that is not `true` or `false`.
    NotAFlag {
        /// Which argument.
        what: &'static str,
        /// The value as written in JavaScript.
        shown: String,
    },
    /// Not an array (of ids).
    NotAnArray {
        /// Which argument.
        what: &'static str,
        /// The value as written in JavaScript.
        shown: String,
    },
    /// A bad element of an array argument.
    AtIndex {
        /// Its place in the array.
        index: usize,
        /// What was wrong with it.
        problem: Box<BadValue>,
    },
    /// `check` was given this many card ids (5 stands for 5 or more).
    CardCount(usize),
    /// A slot below zero.
    NegativeSlot(String),
    /// A slot past any table's end (kept as given, not clamped).
    SlotPastAnyTable(String),
    /// A seed past the largest a game takes.
    SeedOutOfRange(String),
    /// No way to play has this name.
    UnknownMode(String),
    /// Not a date of the form 2026-11-23.
    BadDate(String),
    /// A date given for a way to play other than the daily puzzle.
    DateNotDaily(String),
    /// `bots` or `players` is not an array of strings.
    NotAList {
        /// Which argument.
        what: &'static str,
        /// The value as written in JavaScript.
        shown: String,
    },
}

impl Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadValue::NotANumber { what, shown } => write!(f, "{what} {shown} is not a number"),
            BadValue::NotWhole { what, shown } => write!(f, "{what} {shown} is not a whole number"),
            BadValue::CardOutOfRange { what, shown, deck: Deck::Junior } => {
                write!(f, "{what} {shown} is not one of the junior deck's 27 solid cards")
            }
            BadValue::CardOutOfRange { what, shown, deck } => {
                write!(f, "{what} {shown} is out of range 0..={}", deck.size() - 1)
            }
            BadValue::RepeatedCard(id) => write!(f, "card id {id} is repeated"),
            BadValue::NotAFlag { what, shown } => write!(f, "{what} {shown} is not true or false"),
            BadValue::NotAnArray { what, shown } => write!(f, "{what} {shown} is not an array of card ids"),
            BadValue::AtIndex { index, problem } => write!(f, "{problem} (at index {index})"),
            BadValue::CardCount(5) => write!(f, "check takes 3 or 4 card ids, not more"),
            BadValue::CardCount(n) => write!(f, "check takes 3 or 4 card ids, not {n}"),
            BadValue::NegativeSlot(shown) => write!(f, "slot {shown} is negative"),
            BadValue::SlotPastAnyTable(shown) => write!(f, "slot {shown} is empty: no table has that many slots"),
            BadValue::SeedOutOfRange(shown) => write!(f, "seed {shown} is not in 0..={MAX_SEED}"),
            BadValue::UnknownMode(shown) => {
                write!(f, "mode {shown} is not one of")?;
                for way in WAYS {
                    write!(f, " \"{}\",", way.name())?;
                }
                f.write_str(" \"daily\"")
            }
            BadValue::BadDate(shown) => write!(f, "date {shown} is not a day \"YYYY-MM-DD\" from 1970 to 9999"),
            BadValue::DateNotDaily(shown) => write!(f, "a date is only for mode \"daily\", not mode {shown}"),
            BadValue::NotAList { what, shown } => write!(f, "{what} {shown} is not an array of strings"),
        }
    }
}

/// The value as a person would write it in the console: `"x"`, `1.5`,
/// `undefined`, `[1,2]`. JavaScript does the quoting (JSON), which also keeps
/// Rust's string escaping and Unicode tables out of the download.
pub fn describe(value: &JsValue) -> String {
    if let Some(number) = value.as_f64() {
        return number_text(number);
    }
    if value.is_undefined() {
        return "undefined".to_owned();
    }
    js_sys::JSON::stringify(value)
        .ok()
        .and_then(|text| text.as_string())
        .unwrap_or_else(|| format!("of type {}", value.js_typeof().as_string().unwrap_or_default()))
}

/// The number as JavaScript writes it ("1.5", "NaN", "Infinity"). JavaScript
/// formats it, which also keeps Rust's float formatting out of the download.
pub fn number_text(number: f64) -> String {
    js_sys::Number::from(number).to_string_with_radix(10).map_or_else(|_| "a number".to_owned(), String::from)
}

/// A finite whole number, or an error naming `what` and the value.
pub fn whole_number(value: &JsValue, what: &'static str) -> Result<f64, BadValue> {
    let number = value.as_f64().ok_or_else(|| BadValue::NotANumber { what, shown: describe(value) })?;
    if !number.is_finite() || number.fract() != 0.0 {
        return Err(BadValue::NotWhole { what, shown: number_text(number) });
    }
    Ok(number)
}

/// A card id argument of the classic deck, checked.
pub fn card(value: &JsValue, what: &'static str) -> Result<Card, BadValue> {
    card_in(value, what, Deck::Classic)
}

/// A card id argument of this deck, checked.
pub fn card_in(value: &JsValue, what: &'static str, deck: Deck) -> Result<Card, BadValue> {
    card_numbered(whole_number(value, what)?, what, deck)
}

/// The card of `deck` a whole number names, or an error naming `what` and the number.
fn card_numbered(number: f64, what: &'static str, deck: Deck) -> Result<Card, BadValue> {
    deck.card(number as i64).map_err(|_| BadValue::CardOutOfRange { what, shown: number_text(number), deck })
}

/// The deck and the claim rule of a `mode` argument: `undefined` is
/// classic; "daily" is the classic deck and rule; a chain way's is its
/// plain rule (there is no previous claim here).
pub fn way_rules(value: &JsValue) -> Result<(Deck, ClaimRule), BadValue> {
    if value.is_undefined() {
        return Ok((Deck::Classic, ClaimRule::Set));
    }
    match value.as_string().as_deref() {
        Some("daily") => Ok((Deck::Classic, ClaimRule::Set)),
        Some(name) => Variant::from_name(name, None)
            .map(|way| (way.deck(), way.rule()))
            .map_err(|_| BadValue::UnknownMode(describe(value))),
        None => Err(BadValue::UnknownMode(describe(value))),
    }
}

/// Names the element of an array argument that a problem is about.
fn at_index(index: usize) -> impl FnOnce(BadValue) -> BadValue {
    move |problem| BadValue::AtIndex { index, problem: Box::new(problem) }
}

/// Cards that must be distinct: every id is read first (a bad one is named
/// before any repeat), then a repeated card is named.
fn distinct_cards(values: &[&JsValue]) -> Result<Vec<Card>, BadValue> {
    let mut cards = Vec::with_capacity(values.len());
    for value in values {
        cards.push(card(value, "card id")?);
    }
    no_repeats(cards)
}

/// Distinct cards of `deck` in an array (`check(ids, mode)`).
pub fn distinct_cards_in(value: &JsValue, deck: Deck) -> Result<Vec<Card>, BadValue> {
    no_repeats(card_list_in(value, deck)?)
}

fn no_repeats(cards: Vec<Card>) -> Result<Vec<Card>, BadValue> {
    for (i, card) in cards.iter().enumerate() {
        if cards[..i].contains(card) {
            return Err(BadValue::RepeatedCard(card.id()));
        }
    }
    Ok(cards)
}

/// Three distinct cards.
pub fn three_cards(values: [&JsValue; 3]) -> Result<[Card; 3], BadValue> {
    let cards = distinct_cards(&values)?;
    Ok([cards[0], cards[1], cards[2]])
}

/// Distinct cards, three or four, for `check`.
pub enum Checked {
    /// Three cards: a set or not.
    Three([Card; 3]),
    /// Four cards: an UltraSet or not.
    Four([Card; 4]),
}

/// The card ids passed to `check` (up to five places, unused ones
/// `undefined`): three or four distinct ones.
pub fn cards_to_check(values: [&JsValue; 5]) -> Result<Checked, BadValue> {
    let given = values.iter().rposition(|v| !v.is_undefined()).map_or(0, |last| last + 1);
    if !(3..=4).contains(&given) {
        return Err(BadValue::CardCount(given));
    }
    let cards = distinct_cards(&values[..given])?;
    Ok(match cards[..] {
        [a, b, c] => Checked::Three([a, b, c]),
        [a, b, c, d] => Checked::Four([a, b, c, d]),
        _ => return Err(BadValue::CardCount(given)),
    })
}

/// An array of card ids. Repeats are the finder's to refuse (naming the card),
/// so the list is not scanned twice.
pub fn card_list(value: &JsValue) -> Result<Vec<Card>, BadValue> {
    card_list_in(value, Deck::Classic)
}

/// An array of card ids of `deck`.
pub fn card_list_in(value: &JsValue, deck: Deck) -> Result<Vec<Card>, BadValue> {
    if !Array::is_array(value) {
        return Err(BadValue::NotAnArray { what: "ids", shown: describe(value) });
    }
    let mut cards = Vec::new();
    for (index, id) in Array::from(value).iter().enumerate() {
        cards.push(card_in(&id, "card id", deck).map_err(at_index(index))?);
    }
    Ok(cards)
}

#[wasm_bindgen]
extern "C" {
    /// `Uint8Array.prototype.set.call(into, from)`: the typed array copied
    /// into wasm memory in one call. js-sys's `to_vec` does the same after an
    /// `assert_eq!` of the lengths, whose Debug formatting costs the download
    /// more (BENCHMARKS.md, "What stays bent for bytes"); here `into` is made
    /// `from`'s length.
    #[wasm_bindgen(js_namespace = Uint8Array, js_name = "prototype.set.call")]
    fn copy_bytes(into: &mut [u8], from: &Uint8Array);
}

/// The card ids of a `Uint8Array`, copied out at once: the fast path of `sets`.
pub fn card_bytes(ids: &Uint8Array) -> Result<Vec<Card>, BadValue> {
    card_bytes_in(ids, Deck::Classic)
}

/// The card ids of `deck` in a `Uint8Array`.
pub fn card_bytes_in(ids: &Uint8Array, deck: Deck) -> Result<Vec<Card>, BadValue> {
    let mut bytes = vec![0; ids.length() as usize];
    copy_bytes(&mut bytes, ids);
    let mut cards = Vec::with_capacity(bytes.len());
    for (index, id) in bytes.into_iter().enumerate() {
        cards.push(card_numbered(id.into(), "card id", deck).map_err(at_index(index))?);
    }
    Ok(cards)
}

/// What `deal` asks for, as the address of that game (`mode=chain&seed=5`,
/// `mode=daily&date=2026-11-23`, `players=Ann,Ben&bots=hard`): the page
/// reads it with the reader of its own address, so a game `deal` asks for
/// and a link to the same game are one thing. `deal(seed)` asks for a
/// classic game, `deal({ seed, mode, date, calls, bots, players })` any
/// (`calls: true`: `&calls=1`); `bots`
/// and `players` are race.html's, which checks who can sit (the page that
/// plays alone passes over them, as over any key of its address it does not
/// know).
pub fn deal_query(value: &JsValue) -> Result<String, BadValue> {
    let mut query = String::new();
    let mut add = |key: &str, value: &str| {
        query.push_str(if query.is_empty() { "" } else { "&" });
        query.push_str(key);
        query.push('=');
        query.push_str(value);
    };
    if !value.is_object() {
        if let Some(seed) = seed(value)? {
            add("seed", &seed.to_string());
        }
        return Ok(query);
    }
    let field = |name: &str| js_sys::Reflect::get(value, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
    let (mode, date) = (field("mode"), field("date"));
    let name = if mode.is_undefined() { Some("classic".to_owned()) } else { mode.as_string() };
    let date = match date.as_string().map(|text| Date::parse(&text)) {
        _ if date.is_undefined() => None,
        Some(Ok(date)) => Some(date),
        _ => return Err(BadValue::BadDate(describe(&date))),
    };
    // The daily puzzle's day, when none is named, is the page's today.
    let mode_name = match name.as_deref() {
        Some("daily") => "daily",
        Some(_) if date.is_some() => return Err(BadValue::DateNotDaily(describe(&mode))),
        Some(name) => Variant::from_name(name, None).map_err(|_| BadValue::UnknownMode(describe(&mode)))?.name(),
        None => return Err(BadValue::UnknownMode(describe(&mode))),
    };
    add("mode", mode_name);
    if let Some(date) = date {
        add("date", &date.to_string());
    }
    if let Some(seed) = seed(&field("seed"))? {
        add("seed", &seed.to_string());
    }
    // `calls: true` asks for extra cards on a call; the page's reader says
    // which ways take none.
    let calls = field("calls");
    match calls.as_bool() {
        Some(true) => add("calls", "1"),
        Some(false) => add("calls", "0"),
        None if calls.is_undefined() => {}
        None => return Err(BadValue::NotAFlag { what: "calls", shown: describe(&calls) }),
    }
    for what in ["players", "bots"] {
        if let Some(list) = strings(&field(what), what)? {
            let encoded: Vec<String> = list.iter().map(|item| percent_encode(item)).collect();
            add(what, &encoded.join(","));
        }
    }
    Ok(query)
}

/// An optional array of strings (`undefined`: none).
fn strings(value: &JsValue, what: &'static str) -> Result<Option<Vec<String>>, BadValue> {
    if value.is_undefined() {
        return Ok(None);
    }
    let bad = || BadValue::NotAList { what, shown: describe(value) };
    if !Array::is_array(value) {
        return Err(bad());
    }
    Array::from(value).iter().map(|item| item.as_string().ok_or_else(bad)).collect::<Result<_, _>>().map(Some)
}

/// A slot index: a whole number from 0. Whether it holds a card is the game's call.
pub fn slot(value: &JsValue) -> Result<u32, BadValue> {
    let number = whole_number(value, "slot")?;
    if number < 0.0 {
        return Err(BadValue::NegativeSlot(number_text(number)));
    }
    // Smaller numbers go on as they are, and the game names an empty slot;
    // a clamped one would be named wrongly.
    if number > f64::from(u32::MAX) {
        return Err(BadValue::SlotPastAnyTable(number_text(number)));
    }
    Ok(number as u32)
}

/// An optional seed: `undefined` or `null` for a random game.
pub fn seed(value: &JsValue) -> Result<Option<u64>, BadValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let number = whole_number(value, "seed")?;
    if !(0.0..=MAX_SEED as f64).contains(&number) {
        return Err(BadValue::SeedOutOfRange(number_text(number)));
    }
    Ok(Some(number as u64))
}
