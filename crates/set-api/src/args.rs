//! Reading what JavaScript passes to an export: the one reader of every JS
//! API's arguments, the page's and this part's.
//!
//! Exports take `JsValue` rather than `u8` or `usize`, because wasm-bindgen
//! would silently turn `3.5` into 3 and `"x"` into 0. Every reader here
//! fails with a message that names the bad value, before anything is
//! changed; the exports turn the message into a thrown JavaScript `Error`.

use js_sys::{Array, Uint8Array};
use set_core::rules::card::Card;
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
    NotANumber {
        what: &'static str,
        shown: String,
    },
    NotWhole {
        what: &'static str,
        shown: String,
    },
    CardOutOfRange {
        what: &'static str,
        shown: String,
    },
    RepeatedCard(u8),
    NotAnArray {
        what: &'static str,
        shown: String,
    },
    /// A bad element of an array argument.
    AtIndex {
        index: usize,
        problem: Box<BadValue>,
    },
    /// `check` was given this many card ids (5 stands for 5 or more).
    CardCount(usize),
}

impl Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadValue::NotANumber { what, shown } => write!(f, "{what} {shown} is not a number"),
            BadValue::NotWhole { what, shown } => write!(f, "{what} {shown} is not a whole number"),
            BadValue::CardOutOfRange { what, shown } => write!(f, "{what} {shown} is out of range 0..=80"),
            BadValue::RepeatedCard(id) => write!(f, "card id {id} is repeated"),
            BadValue::NotAnArray { what, shown } => write!(f, "{what} {shown} is not an array of card ids"),
            BadValue::AtIndex { index, problem } => write!(f, "{problem} (at index {index})"),
            BadValue::CardCount(5) => write!(f, "check takes 3 or 4 card ids, not more"),
            BadValue::CardCount(n) => write!(f, "check takes 3 or 4 card ids, not {n}"),
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
    js_sys::Number::from(number).to_string_with_radix(10).map(String::from).unwrap_or_else(|_| "a number".to_owned())
}

/// A finite whole number, or an error naming `what` and the value.
pub fn whole_number(value: &JsValue, what: &'static str) -> Result<f64, BadValue> {
    let number = value.as_f64().ok_or_else(|| BadValue::NotANumber { what, shown: describe(value) })?;
    if !number.is_finite() || number.fract() != 0.0 {
        return Err(BadValue::NotWhole { what, shown: number_text(number) });
    }
    Ok(number)
}

pub fn card(value: &JsValue, what: &'static str) -> Result<Card, BadValue> {
    card_numbered(whole_number(value, what)?, what)
}

/// The card a whole number names, or an error naming `what` and the number.
fn card_numbered(number: f64, what: &'static str) -> Result<Card, BadValue> {
    Card::new(number as i64).map_err(|_| BadValue::CardOutOfRange { what, shown: number_text(number) })
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
    Three([Card; 3]),
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
    if !Array::is_array(value) {
        return Err(BadValue::NotAnArray { what: "ids", shown: describe(value) });
    }
    let mut cards = Vec::new();
    for (index, id) in Array::from(value).iter().enumerate() {
        cards.push(card(&id, "card id").map_err(at_index(index))?);
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
    let mut bytes = vec![0; ids.length() as usize];
    copy_bytes(&mut bytes, ids);
    let mut cards = Vec::with_capacity(bytes.len());
    for (index, id) in bytes.into_iter().enumerate() {
        cards.push(card_numbered(id.into(), "card id").map_err(at_index(index))?);
    }
    Ok(cards)
}
