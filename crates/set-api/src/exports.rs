//! `check`, `explain` and `sets`: pure functions of card ids. The README
//! documents them ("The JavaScript API"). Each checks its arguments
//! ([`crate::args`]) and throws an `Error` naming a bad value.

use crate::args::{self, Checked, js_error};
use js_sys::{Array, Uint8Array};
use set_core::rules::card::is_set;
use set_core::rules::explain::set_reasons;
use set_core::rules::finder::{find_sets, find_sets_flat, ultra_split};
use wasm_bindgen::prelude::*;

/// `check(a, b, c)`: whether three distinct card ids form a set, by the
/// digit-sum lookup. `check(a, b, c, d)`: whether four form an UltraSet (two
/// pairs needing the same third card). Any other count throws.
#[wasm_bindgen]
pub fn check(a: JsValue, b: JsValue, c: JsValue, d: JsValue, more: JsValue) -> Result<bool, JsError> {
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
#[wasm_bindgen]
pub fn sets(ids: JsValue) -> Result<JsValue, JsError> {
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
