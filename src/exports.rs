//! The page's wasm-bindgen exports (`window.wasmBindings`): the page's
//! side of the bridge to the
//! API part (crates/set-api), which holds the whole JS API that docs/page.md
//! documents. The part reads the arguments of `deal`, `hint`, `state`,
//! `slot_rect` and `card_rect`, throws an `Error` naming a bad value, and
//! asks the page's game with checked values only: `page_deal`, `page_hint`,
//! `page_state`, `page_slot_rect`, `page_card_rect`. Keeping the readers
//! and the API's errors there keeps them out of the first load
//! (BENCHMARKS.md, "What stays bent for bytes").

use crate::app::{self, Input};
use crate::{Unreachable, now, random_seed, with_app};
use js_sys::Array;
use set_client::page::keyboard::Command;
use set_client::page::layout::{Place, Rect};
use set_core::rules::game::GameError;
use wasm_bindgen::prelude::*;

/// The bridge's `deal`: starts the game an address asks for (`query`, as
/// `location.search` without its `?`: `mode=chain&seed=5`, on race.html
/// also `players=…&bots=…`), read by the reader of the page's own address,
/// and redraws. Without a seed, a random one; without players, the same as
/// now. Returns the table's card ids in slot order, or why not in words
/// ([`answer`]).
#[wasm_bindgen]
pub fn page_deal(query: &str) -> JsValue {
    answer(with_app(|app| {
        let (options, players) = app.asked(query)?;
        let game = options.game();
        let seed = game.seed.unwrap_or_else(random_seed);
        if let Some(players) = players {
            app.seat(players);
        }
        app.handle(Input::Play(game.variant, seed, game.dealing), now());
        Ok(app::ids(app.play().game().table()))
    }))
}

/// What the bridge answers the API part: a value, or an error's words (a
/// string), which the part throws as an `Error`. Not a `Result`: each
/// export returning one carries a shim of its own (BENCHMARKS.md, "What
/// stays bent for bytes").
fn answer(result: Result<Result<JsValue, String>, Unreachable>) -> JsValue {
    match result {
        Ok(Ok(value)) => value,
        Ok(Err(why)) => why.into(),
        Err(why) => why.words().into(),
    }
}

/// The bridge's `hint`: the slots (ascending) of the table cards of the
/// claim the Hint button reveals, or `[]` when there is none. Changes nothing.
#[wasm_bindgen]
pub fn page_hint() -> JsValue {
    answer(with_app(|app| {
        let game = app.play().game();
        let Some(claim) = game.hint_claim() else { return Ok(Array::new().into()) };
        // Slot order is ascending order.
        let table = game.table().iter().enumerate();
        Ok(table
            .filter(|(_, card)| claim.contains(**card))
            .map(|(slot, _)| JsValue::from(slot as u32))
            .collect::<Array>()
            .into())
    }))
}

/// The bridge's `call_no_set`: "No set", as its button; or why not, in
/// words, when the game's extra cards come by themselves or it is over.
#[wasm_bindgen]
pub fn page_call_no_set() -> JsValue {
    answer(with_app(|app| {
        let game = app.play().game();
        if !game.dealing().is_called() {
            return Err(GameError::CallsOff.to_string());
        }
        if game.is_over() {
            return Err(GameError::GameOver.to_string());
        }
        app.handle(Input::Key(Command::CallNoSet), now());
        Ok(JsValue::UNDEFINED)
    }))
}

/// The bridge's `state`: the game as a plain object (docs/page.md's "The
/// JavaScript API" names its fields).
#[wasm_bindgen]
pub fn page_state() -> JsValue {
    answer(with_app(|app| Ok(app.state_object(now()))))
}

fn rect_array(rect: Rect) -> Array {
    [rect.x, rect.y, rect.w, rect.h].iter().map(|&n| JsValue::from(n)).collect()
}

/// The bridge's `slot_rect`: `[x, y, width, height]` of a table slot in
/// viewport CSS pixels, or (a string) why there is none: an empty slot.
#[wasm_bindgen]
pub fn page_slot_rect(slot: u32) -> JsValue {
    answer(with_app(|app| app.place_rect(Place::Table(slot as usize)).map(|rect| rect_array(rect).into())))
}

/// The bridge's `card_rect`: `[x, y, width, height]` of a card where it is
/// drawn (on the table or in the row above it) in viewport CSS pixels, or
/// `null` when it is not shown (or `id` names no card).
#[wasm_bindgen]
pub fn page_card_rect(id: u8) -> JsValue {
    let card = set_core::rules::deck::card_of_any_deck(id);
    answer(with_app(|app| Ok(app.card_rect(card).map_or(JsValue::NULL, |rect| rect_array(rect).into()))))
}
