//! The page's wasm-bindgen exports (`window.wasmBindings` under Trunk):
//! `deal`, `hint`, `state`, `slot_rect`, `card_rect` and `simulate_crash`;
//! the README documents them. `check`, `explain` and `sets` need no game and
//! come with the API part after the first board (crates/set-api). Each checks its
//! arguments ([`crate::args`]) and throws an `Error` naming a bad value,
//! leaving the game as it was.

use crate::app::{self, Input};
use crate::args::{self, js_error};
use crate::{now, random_seed, today, with_app};
use js_sys::Array;
use set_core::page::layout::Place;
use wasm_bindgen::prelude::*;

/// Starts a new game on the page and redraws it. `deal(seed)` deals a
/// classic game (`seed` optional: a whole number 0..=2^53−1);
/// `deal({ seed, mode, date })` any way to play (`mode` one of "classic",
/// "junior", "chain", "ultra", "daily"; `date` "YYYY-MM-DD" for "daily",
/// today's puzzle without it; `bots` levels and `players` names, as in
/// `{ bots: ["hard"], players: ["Ann", "Ben"] }`, for another race, the
/// same players as now without either). Returns the table's card ids in
/// slot order.
#[wasm_bindgen]
pub fn deal(options: JsValue) -> Result<Array, JsError> {
    let (variant, seed, players) = args::deal_options(&options, today).map_err(js_error)?;
    let seed = seed.unwrap_or_else(random_seed);
    with_app(|app| {
        if let Some(players) = players {
            app.seat(players);
        }
        app.handle(Input::Play(variant, seed), now());
        Array::from(&app::ids(app.session.game().table()))
    })
}

/// The slots (ascending) of the table cards of the claim the Hint button
/// reveals, or `[]` when there is none. Changes nothing.
#[wasm_bindgen]
pub fn hint() -> Result<Array, JsError> {
    with_app(|app| {
        let game = app.session.game();
        let Some(claim) = game.hint_claim() else { return Array::new() };
        // Slot order is ascending order.
        let table = game.table().iter().enumerate();
        table.filter(|(_, card)| claim.contains(**card)).map(|(slot, _)| JsValue::from(slot as u32)).collect()
    })
}

/// The game as a plain object: `table`, `deck`, `setsFound`, `wrongClaims`,
/// `hintsUsed`, `selected`, `picked`, `hinted`, `elapsedMs`, `over`, `seed`,
/// `mode`; `previous` in Set-Chain; `date` and `found` in the
/// daily puzzle, whose `seed` is `null`; `lastUltra` in UltraSet after a
/// claim; on race.html also `players` (`[{ name, kind, level, score, sets,
/// wrong, lockedOut }]`, one even alone), `calling` (the seat of a call, or
/// `null`) and `botClaim` (the card ids a bot is about to claim, or `null`).
#[wasm_bindgen]
pub fn state() -> Result<JsValue, JsError> {
    with_app(|app| app.state_object(now()))
}

fn rect_array(rect: set_core::page::layout::Rect) -> Array {
    [rect.x, rect.y, rect.w, rect.h].iter().map(|&n| JsValue::from(n)).collect()
}

/// `[x, y, width, height]` of a table slot in viewport CSS pixels.
#[wasm_bindgen]
pub fn slot_rect(slot: JsValue) -> Result<Array, JsError> {
    let slot = args::slot(&slot).map_err(js_error)?;
    let rect = with_app(|app| app.place_rect(Place::Table(slot)))?.map_err(js_error)?;
    Ok(rect_array(rect))
}

/// `[x, y, width, height]` of a card where it is drawn (on the table or in
/// the row above it) in viewport CSS pixels, or `null` when it is not shown.
#[wasm_bindgen]
pub fn card_rect(id: JsValue) -> Result<JsValue, JsError> {
    let card = args::card(&id, "card id").map_err(js_error)?;
    Ok(with_app(|app| app.card_rect(card))?.map_or(JsValue::NULL, |rect| rect_array(rect).into()))
}

/// Panics on purpose, so that tests can check the crash screen. The page
/// needs its New game button (a reload) afterwards. Only race.html has it:
/// the crash screen is the same on both pages, and index.html's download
/// carries no test hook.
#[cfg(feature = "race")]
#[wasm_bindgen]
pub fn simulate_crash() {
    panic!("simulate_crash() was called");
}
