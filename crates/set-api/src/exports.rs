//! The JS API: `check`, `explain` and `sets`, pure functions of card ids,
//! and `deal`, `hint`, `state`, `slot_rect` and `card_rect`, which read
//! their arguments here and ask the page's game through its bridge (below).
//! docs/page.md documents them ("The JavaScript API"). Each checks its
//! arguments ([`crate::args`]) and throws an `Error` naming a bad value,
//! before the page is asked anything.

use crate::args::{self, Checked, js_error};
use js_sys::{Array, Uint8Array};
use set_core::rules::card::is_set;
use set_core::rules::deck::Deck;
use set_core::rules::explain::set_reasons;
use set_core::rules::finder::{find_sets, find_sets_flat, ultra_split};
use wasm_bindgen::prelude::*;

/// `check(a, b, c)`: whether three distinct card ids form a set, by the
/// digit-sum lookup. `check(a, b, c, d)`: whether four form an UltraSet (two
/// pairs needing the same third card). Any other count throws.
/// `check(ids, mode)`: whether the array of distinct ids of that way's deck
/// is a claim of that way (`false` for a count its claims never have).
#[wasm_bindgen]
pub fn check(a: JsValue, b: JsValue, c: JsValue, d: JsValue, more: JsValue) -> Result<bool, JsError> {
    if Array::is_array(&a) {
        let (deck, rule) = args::way_rules(&b).map_err(js_error)?;
        let cards = args::distinct_cards_in(&a, deck).map_err(js_error)?;
        return Ok(rule.holds(deck, &cards));
    }
    match args::cards_to_check([&a, &b, &c, &d, &more]).map_err(js_error)? {
        Checked::Three([a, b, c]) => Ok(is_set(a, b, c)),
        Checked::Four(four) => Ok(ultra_split(four).is_some()),
    }
}

/// Why three distinct card ids are not a set: one sentence per attribute
/// that breaks the rule (colour, shape, fill, number); `[]` for a set.
#[wasm_bindgen]
pub fn explain(a: JsValue, b: JsValue, c: JsValue) -> Result<Array, JsError> {
    let cards = args::three_cards([&a, &b, &c]).map_err(js_error)?;
    Ok(set_reasons(cards).into_iter().map(JsValue::from).collect())
}

/// Every set among a list of distinct card ids, as triples of indices into
/// it. Given the ids as a `Uint8Array`, the answer is one flat `Uint8Array`
/// of index triples, `[i, j, k, i, j, k, …]`: the fast path, which builds no
/// array on either side (BENCHMARKS.md, "Through the JavaScript API").
/// `sets(ids, mode)`: every claim of that way among distinct ids of its
/// deck, as arrays of indices (3, 4 or 6), ascending, in lexicographic order.
#[wasm_bindgen]
pub fn sets(ids: JsValue, mode: JsValue) -> Result<JsValue, JsError> {
    if !mode.is_undefined() {
        let (deck, rule) = args::way_rules(&mode).map_err(js_error)?;
        let cards = match ids.dyn_ref::<Uint8Array>() {
            Some(bytes) => args::card_bytes_in(bytes, deck),
            None => args::card_list_in(&ids, deck),
        }
        .map_err(js_error)?;
        let claims = rule.claims(deck, &cards).map_err(js_error)?;
        let indices = |claim: &Vec<usize>| claim.iter().map(|&i| JsValue::from(i as u32)).collect::<Array>();
        return Ok(claims.iter().map(indices).collect::<Array>().into());
    }
    if let Some(bytes) = ids.dyn_ref::<Uint8Array>() {
        let cards = args::card_bytes(bytes).map_err(js_error)?;
        let flat = find_sets_flat(&cards).map_err(js_error)?;
        return Ok(Uint8Array::from(&flat[..]).into());
    }
    let cards = args::card_list(&ids).map_err(js_error)?;
    let sets = find_sets(&cards).map_err(js_error)?;
    let triple = |set: &[usize; 3]| set.iter().map(|&i| JsValue::from(i as u32)).collect::<Array>();
    Ok(sets.iter().map(triple).collect::<Array>().into())
}

/// `attributes(id, mode)`: the card's values, one per trait of that way's
/// deck, in the order colour, shape, fill, number, border (a deck without a
/// trait leaves it out); 0..=2, or 0..=3 in the 4Set ways. Without `mode`,
/// the classic deck.
#[wasm_bindgen]
pub fn attributes(id: JsValue, mode: JsValue) -> Result<Array, JsError> {
    let (deck, _) = args::way_rules(&mode).map_err(js_error)?;
    let card = args::card_in(&id, "card id", deck).map_err(js_error)?;
    Ok(deck.values(card).as_slice().iter().map(|&value| JsValue::from(u32::from(value))).collect())
}

// The page's side of the bridge: its exports on `window.wasmBindings`, which
// take values this part has checked (src/exports.rs). Each answers a value,
// or a string that says why not (the game busy, a slot with no card), which
// is thrown here as an `Error`.
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = wasmBindings)]
    fn page_deal(query: &str) -> JsValue;
    #[wasm_bindgen(js_namespace = wasmBindings)]
    fn page_hint() -> JsValue;
    #[wasm_bindgen(js_namespace = wasmBindings)]
    fn page_call_no_set() -> JsValue;
    #[wasm_bindgen(js_namespace = wasmBindings)]
    fn page_state() -> JsValue;
    #[wasm_bindgen(js_namespace = wasmBindings)]
    fn page_slot_rect(slot: u32) -> JsValue;
    #[wasm_bindgen(js_namespace = wasmBindings)]
    fn page_card_rect(id: u8) -> JsValue;
}

/// The page's answer: its value, or its words thrown as an `Error`.
fn answered(value: JsValue) -> Result<JsValue, JsError> {
    match value.as_string() {
        Some(why) => Err(js_error(why)),
        None => Ok(value),
    }
}

/// Starts a new game on the page and redraws it. `deal(seed)` deals a
/// classic game (`seed` optional: a whole number 0..=2^53−1);
/// `deal({ seed, mode, date })` any way to play (`mode` one of "classic",
/// "junior", "chain", "ultra", "daily"; `date` "YYYY-MM-DD" for "daily",
/// today's puzzle without it; `bots` levels and `players` names, as in
/// `{ bots: ["hard"], players: ["Ann", "Ben"] }`, for another race on
/// race.html, the same players as now without either). Returns the table's
/// card ids in slot order.
#[wasm_bindgen]
pub fn deal(options: JsValue) -> Result<Array, JsError> {
    let query = args::deal_query(&options).map_err(js_error)?;
    answered(page_deal(&query)).map(JsCast::unchecked_into)
}

/// The slots (ascending) of the table cards of the claim the Hint button
/// reveals, or `[]` when there is none. Changes nothing.
#[wasm_bindgen]
pub fn hint() -> Result<Array, JsError> {
    answered(page_hint()).map(JsCast::unchecked_into)
}

/// Calls "no set", as the No set button does: right, more cards; wrong, a
/// wrong claim. Throws an `Error` when the game's extra cards come by
/// themselves (`deal({ calls: true })` turns calls on).
#[wasm_bindgen]
pub fn call_no_set() -> Result<(), JsError> {
    answered(page_call_no_set()).map(|_| ())
}

/// The game as a plain object: `table`, `deck`, `setsFound`, `wrongClaims`,
/// `hintsUsed`, `selected`, `picked`, `hinted`, `elapsedMs`, `over`, `seed`,
/// `mode`, `calls` (whether extra cards wait for a "no set" call) and
/// `rightCalls`; `previous` in Set-Chain; `date` and `found` in the
/// daily puzzle, whose `seed` is `null`; `lastUltra` in UltraSet and
/// `lastGhost` in GhostSet after a claim; on race.html also `players` (`[{ name, kind, level, score, sets,
/// wrong, rightCalls, lockedOut }]`, one even alone), `calling` (the seat of
/// a call, or `null`) and `botClaim` (the card ids a bot is about to claim,
/// or `null`).
#[wasm_bindgen]
pub fn state() -> Result<JsValue, JsError> {
    answered(page_state())
}

/// `[x, y, width, height]` of a table slot in viewport CSS pixels.
#[wasm_bindgen]
pub fn slot_rect(slot: JsValue) -> Result<Array, JsError> {
    let slot = args::slot(&slot).map_err(js_error)?;
    answered(page_slot_rect(slot)).map(JsCast::unchecked_into)
}

/// `[x, y, width, height]` of a card where it is drawn (on the table or in
/// the row above it) in viewport CSS pixels, or `null` when it is not shown.
#[wasm_bindgen]
pub fn card_rect(id: JsValue) -> Result<JsValue, JsError> {
    // Any deck's id: the page knows its game's deck, and answers null for a card it does not show.
    let card = args::card_in(&id, "card id", Deck::Four).map_err(js_error)?;
    answered(page_card_rect(card.id()))
}
