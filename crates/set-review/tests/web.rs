//! The part that loads later, through its exports in headless Chromium
//! (`cargo test --target wasm32-unknown-unknown -p set-review`): the
//! analysis of a save against the core's own, bad input named and changing
//! nothing, the statistics after the page's inbox is taken in, and the views
//! opening in their dialog with their canvases drawn at the pixel ratio.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
#![cfg(target_arch = "wasm32")]

use js_sys::Reflect;
use set_client::review::analysis::Analysis;
use set_client::storage::{INBOX_KEY, RECORD_KEY, SAVE_KEY};
use set_core::rules::game::Game;
use set_core::rules::variant::Variant;
use set_core::save::encode;
use set_review::{analysis, open, stats, view_state};
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn field(object: &JsValue, name: &str) -> JsValue {
    Reflect::get(object, &name.into()).unwrap()
}

fn numbers(value: &JsValue) -> Vec<u64> {
    js_sys::Array::from(value).iter().map(|n| n.as_f64().unwrap() as u64).collect()
}

fn message(error: JsError) -> String {
    let value: JsValue = error.into();
    value.dyn_into::<js_sys::Error>().unwrap().message().into()
}

/// A classic game played to its end by first claims, a set every 1.5 s.
fn finished_save(seed: u64) -> String {
    let mut game = Game::new(Variant::Classic, seed);
    let mut at = 0;
    while let Some(claim) = game.first_claim() {
        at += 1_500;
        game.claim(claim, at).unwrap();
    }
    encode(&game, at)
}

#[wasm_bindgen_test]
fn the_analysis_export_gives_the_cores_analysis() {
    let save = finished_save(4);
    let object = analysis(Some(save.clone())).unwrap();
    let saved = set_core::save::decode(&save).unwrap();
    let core = Analysis::of(&saved.game, saved.elapsed_ms).unwrap();
    assert_eq!(numbers(&field(&object, "setsMs")), core.times_ms());
    assert_eq!(field(&object, "medianMs").as_f64(), core.median_ms().map(|ms| ms as f64));
    assert_eq!(field(&object, "over").as_bool(), Some(true));
    assert_eq!(js_sys::Array::from(&field(&object, "missed")).length() as usize, core.missed.len());
}

#[wasm_bindgen_test]
fn bad_input_is_named_and_changes_nothing() {
    storage().clear().unwrap();
    let before = js_sys::JSON::stringify(&stats().unwrap()).unwrap();
    let cases = [
        (open("nonsense", None), "\"nonsense\" is not a view"),
        (open("replay", None), "the replay view needs a game's save text"),
        (open("analysis", Some("SET save 7\n".into())), "newer version of SET (save format 7"),
        (analysis(Some("garbage".into())).map(|_| ()), "the game cannot be read: it is not a saved SET game"),
    ];
    for (result, expected) in cases {
        let said = message(result.unwrap_err());
        assert!(said.contains(expected), "{said}");
    }
    assert_eq!(js_sys::JSON::stringify(&stats().unwrap()).unwrap(), before);
    assert_eq!(storage().get_item(RECORD_KEY).unwrap(), None, "nothing written");
}

#[wasm_bindgen_test]
fn the_pages_inbox_becomes_statistics() {
    storage().clear().unwrap();
    let inbox = format!(
        "started classic\nfinished 100\n{}started classic\nfinished 200\n{}",
        finished_save(1),
        finished_save(2)
    );
    storage().set_item(INBOX_KEY, &inbox).unwrap();
    let classic = field(&stats().unwrap(), "classic");
    assert_eq!(field(&classic, "started").as_f64(), Some(2.0));
    assert_eq!(field(&classic, "finished").as_f64(), Some(2.0));
    assert_eq!(storage().get_item(INBOX_KEY).unwrap(), None, "taken in and cleared");
    assert!(storage().get_item(RECORD_KEY).unwrap().unwrap().starts_with("SET stats 1\nstarted classic 2\n"));
    // Taken again from an inbox that holds the same games: nothing doubles.
    storage().set_item(INBOX_KEY, &format!("finished 100\n{}", finished_save(1))).unwrap();
    assert_eq!(field(&field(&stats().unwrap(), "classic"), "finished").as_f64(), Some(2.0));
}

#[wasm_bindgen_test]
fn views_open_in_their_dialog_with_crisp_canvases() {
    storage().clear().unwrap();
    let save = finished_save(9);
    storage().set_item(SAVE_KEY, &save).unwrap();
    open("replay", Some(save.clone())).unwrap();
    let state = view_state().unwrap();
    assert_eq!(field(&state, "view").as_string().as_deref(), Some("replay"));
    assert_eq!(field(&state, "open").as_bool(), Some(true));
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: web_sys::HtmlCanvasElement = document.get_element_by_id("review-board").unwrap().unchecked_into();
    let ratio = web_sys::window().unwrap().device_pixel_ratio();
    let width = canvas.get_bounding_client_rect().width();
    assert!(width > 0.0);
    assert_eq!(f64::from(canvas.width()), (width * ratio).round());
    open("gallery", None).unwrap();
    let rects = js_sys::Array::from(&field(&view_state().unwrap(), "rects"));
    assert_eq!(rects.length(), 81);
    assert_eq!(
        storage().get_item(SAVE_KEY).unwrap().as_deref(),
        Some(save.as_str()),
        "the save is read, never written"
    );
}
