//! The exports and the drawing, in headless Chromium (wasm-bindgen-test).
//!
//! The page under test is index.html's own body, so element ids cannot drift
//! apart. Tests share one app (as a page does) and each starts with `deal`.
//! Run with `cargo test --target wasm32-unknown-unknown --test web`; natively
//! this file compiles to nothing.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect, Uint8Array};
use set_api::{check, explain, sets};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::*;
use web_sys::{
    CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement, KeyboardEvent, KeyboardEventInit, MouseEvent,
    MouseEventInit,
};

wasm_bindgen_test_configure!(run_in_browser);

const CANVAS_W: f64 = 800.0;
const CANVAS_H: f64 = 520.0;

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Puts index.html's body on the test page once and mounts the game on it.
fn page() -> HtmlCanvasElement {
    let doc = document();
    if doc.get_element_by_id("board").is_none() {
        let html = include_str!("../index.html");
        let body = &html[html.find("<body>").unwrap() + 6..html.find("</body>").unwrap()];
        let container = doc.create_element("div").unwrap();
        container.set_inner_html(body);
        doc.body().unwrap().append_child(&container).unwrap();
        // The game sizes the canvas to its container, as on the real page.
        let main: HtmlElement = doc.get_element_by_id("board").unwrap().parent_element().unwrap().dyn_into().unwrap();
        main.style().set_property("width", &format!("{CANVAS_W}px")).unwrap();
        main.style().set_property("height", &format!("{CANVAS_H}px")).unwrap();
        set_game::solo::mount().unwrap();
    }
    doc.get_element_by_id("board").unwrap().dyn_into().unwrap()
}

/// Gives the API part the page's side of the bridge, as index.html's loader
/// does: `window.wasmBindings` with the page's `page_deal`, `page_hint`,
/// `page_state`, `page_slot_rect` and `page_card_rect` (here the page and the part are one module, so the
/// functions are wrapped in closures instead of read from the glue). The
/// page's game is mounted first: the bridge answers a started game only.
fn bridge() {
    page();
    let window = web_sys::window().unwrap();
    if Reflect::has(&window, &"wasmBindings".into()).unwrap() {
        return;
    }
    let bindings = js_sys::Object::new();
    let deal = Closure::<dyn Fn(String) -> JsValue>::new(|query: String| set_game::page_deal(&query));
    let hint = Closure::<dyn Fn() -> JsValue>::new(set_game::page_hint);
    let state = Closure::<dyn Fn() -> JsValue>::new(set_game::page_state);
    let slot = Closure::<dyn Fn(u32) -> JsValue>::new(set_game::page_slot_rect);
    let card = Closure::<dyn Fn(u8) -> JsValue>::new(set_game::page_card_rect);
    Reflect::set(&bindings, &"page_deal".into(), &deal.into_js_value()).unwrap();
    Reflect::set(&bindings, &"page_hint".into(), &hint.into_js_value()).unwrap();
    Reflect::set(&bindings, &"page_state".into(), &state.into_js_value()).unwrap();
    Reflect::set(&bindings, &"page_slot_rect".into(), &slot.into_js_value()).unwrap();
    Reflect::set(&bindings, &"page_card_rect".into(), &card.into_js_value()).unwrap();
    Reflect::set(&window, &"wasmBindings".into(), &bindings).unwrap();
}

/// The JS API's functions that ask the page's game (the API part's), with
/// the bridge in place.
fn hint() -> Result<Array, JsError> {
    bridge();
    set_api::hint()
}

fn state() -> Result<JsValue, JsError> {
    bridge();
    set_api::state()
}

fn deal(options: JsValue) -> Result<Array, JsError> {
    bridge();
    set_api::deal(options)
}

fn slot_rect(slot: JsValue) -> Result<Array, JsError> {
    bridge();
    set_api::slot_rect(slot)
}

fn card_rect(id: JsValue) -> Result<JsValue, JsError> {
    bridge();
    set_api::card_rect(id)
}

/// `sets(ids)` as JavaScript calls it: no mode, the classic deck.
fn sets_of(ids: JsValue) -> Result<JsValue, JsError> {
    sets(ids, JsValue::UNDEFINED)
}

/// `check(a, b, c)` as JavaScript calls it: the places after the third are `undefined`.
fn check3(a: JsValue, b: JsValue, c: JsValue) -> Result<bool, JsError> {
    check(a, b, c, JsValue::UNDEFINED, JsValue::UNDEFINED)
}

fn message(err: impl Into<JsValue>) -> String {
    js_sys::Error::from(err.into()).message().into()
}

fn field(state: &JsValue, name: &str) -> JsValue {
    Reflect::get(state, &name.into()).unwrap()
}

fn numbers(value: &JsValue) -> Vec<f64> {
    Array::from(value).iter().map(|v| v.as_f64().unwrap()).collect()
}

/// The whole state as JSON, with only the running clock zeroed.
fn snapshot() -> String {
    let state = state().unwrap();
    Reflect::set(&state, &"elapsedMs".into(), &0.into()).unwrap();
    js_sys::JSON::stringify(&state).unwrap().as_string().unwrap()
}

/// RGBA of one CSS pixel of the board.
fn pixel(canvas: &HtmlCanvasElement, x: f64, y: f64) -> [u8; 4] {
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    let ratio = f64::from(canvas.width()) / f64::from(canvas.client_width());
    let data = ctx.get_image_data((x * ratio).floor(), (y * ratio).floor(), 1.0, 1.0).unwrap().data();
    [data[0], data[1], data[2], data[3]]
}

fn near(actual: [u8; 4], expected: [u8; 3]) -> bool {
    (0..3).all(|i| (i32::from(actual[i]) - i32::from(expected[i])).abs() <= 12)
}

/// A slot's rectangle relative to the canvas.
fn local_rect(canvas: &HtmlCanvasElement, slot: u32) -> [f64; 4] {
    let r = numbers(&slot_rect(slot.into()).unwrap().into());
    let origin = canvas.get_bounding_client_rect();
    [r[0] - origin.left(), r[1] - origin.top(), r[2], r[3]]
}

fn click_slot(canvas: &HtmlCanvasElement, slot: u32) {
    let r = numbers(&slot_rect(slot.into()).unwrap().into());
    let init = MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x((r[0] + r[2] / 2.0) as i32);
    init.set_client_y((r[1] + r[3] / 2.0) as i32);
    let event = MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    canvas.dispatch_event(&event).unwrap();
}

fn press(key: &str) {
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    document().dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
fn deal_with_a_seed_is_deterministic_and_fills_the_table() {
    page();
    let first = numbers(&deal(42.into()).unwrap().into());
    let again = numbers(&deal(42.into()).unwrap().into());
    assert_eq!(first, again);
    assert!(first.len() >= 12 && first.len() % 3 == 0);
    let s = state().unwrap();
    assert_eq!(numbers(&field(&s, "table")), first);
    assert_eq!(field(&s, "deck").as_f64(), Some(81.0 - first.len() as f64));
    assert_eq!(field(&s, "seed").as_f64(), Some(42.0));
    assert_eq!(field(&s, "over").as_bool(), Some(false));
    assert_ne!(numbers(&deal(43.into()).unwrap().into()), first);
    // No seed: a random game, still a proper table.
    assert!(deal(JsValue::UNDEFINED).unwrap().length() >= 12);
}

#[wasm_bindgen_test]
fn check_uses_the_set_rule() {
    // 0, 1, 2: one, two and three open red diamonds.
    assert!(check3(0.into(), 1.into(), 2.into()).unwrap());
    assert!(!check3(0.into(), 1.into(), 3.into()).unwrap());
    // 34 = 2 solid green diamonds, 80 = 3 solid purple ovals, 9 = 1 open red
    // squiggle: colour, shape and count differ, but the fills are solid, solid, open.
    assert!(!check3(34.into(), 80.into(), 9.into()).unwrap());
    // 0, 40, 80: every attribute differs.
    assert!(check3(0.into(), 40.into(), 80.into()).unwrap());
}

#[wasm_bindgen_test]
fn bad_input_throws_an_error_naming_the_value_and_changes_nothing() {
    page();
    deal(7.into()).unwrap();
    let before = snapshot();
    let cases: Vec<(Result<(), JsError>, &str)> = vec![
        (check3(0.into(), 1.into(), 81.into()).map(drop), "card id 81 is out of range 0..=80"),
        (check3((-1).into(), 1.into(), 2.into()).map(drop), "card id -1 is out of range"),
        (check3(1.5.into(), 1.into(), 2.into()).map(drop), "card id 1.5 is not a whole number"),
        (check3("x".into(), 1.into(), 2.into()).map(drop), "card id \"x\" is not a number"),
        (check3(0.into(), 1.into(), JsValue::UNDEFINED).map(drop), "check takes 3 or 4 card ids, not 2"),
        (check3(0.into(), JsValue::UNDEFINED, 2.into()).map(drop), "card id undefined is not a number"),
        (check3(f64::NAN.into(), 1.into(), 2.into()).map(drop), "card id NaN is not a whole number"),
        (check3(5.into(), 5.into(), 2.into()).map(drop), "card id 5 is repeated"),
        // Every id is read before repeats are looked for, with three ids or four.
        (check3(5.into(), 5.into(), "x".into()).map(drop), "card id \"x\" is not a number"),
        (
            check(5.into(), 5.into(), 2.into(), "x".into(), JsValue::UNDEFINED).map(drop),
            "card id \"x\" is not a number",
        ),
        (sets_of(JsValue::from("nope")).map(drop), "ids \"nope\" is not an array"),
        (sets_of(Array::of3(&1.into(), &2.into(), &1.into()).into()).map(drop), "card id 1 is repeated"),
        (sets_of(Array::of2(&1.into(), &99.into()).into()).map(drop), "card id 99 is out of range 0..=80 (at index 1)"),
        (sets_of(Uint8Array::from(&[1, 2, 1][..]).into()).map(drop), "card id 1 is repeated (again at index 2)"),
        (sets_of(Uint8Array::from(&[1, 99][..]).into()).map(drop), "card id 99 is out of range 0..=80 (at index 1)"),
        (sets_of(Uint8Array::from(&[255][..]).into()).map(drop), "card id 255 is out of range 0..=80 (at index 0)"),
        (slot_rect(99.into()).map(drop), "slot 99 is empty"),
        (slot_rect(1e20.into()).map(drop), "slot 100000000000000000000 is empty"),
        (slot_rect((-1).into()).map(drop), "slot -1 is negative"),
        (slot_rect(0.5.into()).map(drop), "slot 0.5 is not a whole number"),
        (slot_rect(JsValue::NULL).map(drop), "slot null is not a number"),
        (deal((-3).into()).map(drop), "seed -3 is not in 0..=9007199254740991"),
        (deal(2.5.into()).map(drop), "seed 2.5 is not a whole number"),
        (deal("42".into()).map(drop), "seed \"42\" is not a number"),
    ];
    for (result, expected) in cases {
        let text = message(result.expect_err(expected));
        assert!(text.contains(expected), "{text:?} should contain {expected:?}");
    }
    assert_eq!(snapshot(), before, "refused calls leave the game as it was");
}

#[wasm_bindgen_test]
fn hint_points_at_a_set_on_the_table_and_changes_nothing() {
    page();
    for seed in 0..20 {
        let table = numbers(&deal(seed.into()).unwrap().into());
        let before = snapshot();
        let slots = numbers(&hint().unwrap().into());
        assert_eq!(slots.len(), 3);
        assert!(slots[0] < slots[1] && slots[1] < slots[2]);
        let ids: Vec<JsValue> = slots.iter().map(|&s| table[s as usize].into()).collect();
        assert!(check3(ids[0].clone(), ids[1].clone(), ids[2].clone()).unwrap());
        assert_eq!(snapshot(), before);
    }
}

#[wasm_bindgen_test]
fn sets_lists_index_triples_and_finds_all_1080_in_the_deck() {
    let deck: Array = (0..81).map(JsValue::from).collect();
    assert_eq!(Array::from(&sets_of(deck.into()).unwrap()).length(), 1080);
    let some = Array::of5(&40.into(), &0.into(), &5.into(), &1.into(), &2.into());
    let found = Array::from(&sets_of(some.into()).unwrap());
    assert_eq!(found.length(), 1);
    assert_eq!(numbers(&found.get(0)), vec![1.0, 3.0, 4.0]);
    assert_eq!(Array::from(&sets_of(Array::new().into()).unwrap()).length(), 0);
}

#[wasm_bindgen_test]
fn sets_of_a_uint8array_answers_the_same_triples_flat_in_a_uint8array() {
    // Lists of every length from the deck, in a scrambled order.
    for len in 0..=81u32 {
        let ids: Vec<u8> = (0..len).map(|i| ((i * 47 + len * 13) % 81) as u8).collect();
        let plain = Array::from(&sets_of(ids.iter().map(|&id| JsValue::from(id)).collect::<Array>().into()).unwrap());
        let typed = sets_of(Uint8Array::from(&ids[..]).into()).unwrap();
        let flat = typed.dyn_into::<Uint8Array>().expect("a Uint8Array answer").to_vec();
        let from_plain: Vec<u8> = plain.iter().flat_map(|set| numbers(&set)).map(|index| index as u8).collect();
        assert_eq!(flat, from_plain, "{len} cards");
        // Each triple is a set by the plain rule, and each set is there.
        let mut count = 0;
        for (a, b) in (0..ids.len()).flat_map(|a| (a + 1..ids.len()).map(move |b| (a, b))) {
            let c = ids.iter().position(|&id| u32::from(id) == third(ids[a].into(), ids[b].into()));
            count += usize::from(c.is_some_and(|c| c > b));
        }
        assert_eq!(flat.len(), count * 3, "{len} cards");
        for triple in flat.chunks(3) {
            let [a, b, c] = [triple[0], triple[1], triple[2]].map(|index| u32::from(ids[index as usize]));
            assert_eq!(third(a, b), c);
        }
    }
    assert_eq!(
        sets_of(Uint8Array::from(&(0..81).collect::<Vec<u8>>()[..]).into())
            .unwrap()
            .unchecked_into::<Uint8Array>()
            .length(),
        3240
    );
}

/// The card renderer the page and the gallery share (`set_canvas`), drawing
/// all 81 cards in id order on a canvas of their own, as the gallery does.
#[wasm_bindgen_test]
fn the_renderer_draws_every_card_in_its_colour_and_fill() {
    let canvas: HtmlCanvasElement = document().create_element("canvas").unwrap().dyn_into().unwrap();
    canvas.style().set_property("width", &format!("{CANVAS_W}px")).unwrap();
    canvas.style().set_property("height", &format!("{CANVAS_H}px")).unwrap();
    document().body().unwrap().append_child(&canvas).unwrap();
    let ratio = web_sys::window().unwrap().device_pixel_ratio();
    canvas.set_width((CANVAS_W * ratio).round() as u32);
    canvas.set_height((CANVAS_H * ratio).round() as u32);
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    set_canvas::paint(&ctx).scale_to(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    set_canvas::clear(&ctx, CANVAS_W, CANVAS_H, true);
    let layout = set_client::page::layout::Layout::new(CANVAS_W, CANVAS_H, 81);
    for card in set_core::rules::card::Card::all() {
        let look = set_canvas::CardLook { dark: true, ..Default::default() };
        set_canvas::draw_card(&ctx, card, layout.slot_rect(card.id() as usize).unwrap(), look);
    }
    let colours = [[0xdc, 0x2a, 0x3a], [0x13, 0x9a, 0x4f], [0x6a, 0x35, 0xa8]];
    let mut checked = 0;
    for id in 0..81u32 {
        let rect = layout.slot_rect(id as usize).unwrap();
        let [x, y, w, h] = [rect.x, rect.y, rect.w, rect.h];
        let (colour, fill, count) = (id / 27, id / 3 % 3, id % 3 + 1);
        let centre = pixel(&canvas, x + w / 2.0, y + h / 2.0);
        // Centre of the card = inside the middle symbol when there are 1 or 3.
        if count == 2 {
            // Two symbols: the centre is the white gap between them.
            assert!(near(centre, [255, 255, 255]), "card {id}: {centre:?}");
        } else {
            match fill {
                0 => assert!(near(centre, [255, 255, 255]), "open card {id}: {centre:?}"),
                2 => assert!(near(centre, colours[colour as usize]), "solid card {id}: {centre:?}"),
                _ => {}
            }
            checked += 1;
        }
        // The card's face is white just inside its edge.
        assert!(near(pixel(&canvas, x + w / 2.0, y + 3.0), [255, 255, 255]), "card {id} face");
    }
    assert_eq!(checked, 54);
    // Between cards is the table's felt, not white.
    let first = layout.slot_rect(0).unwrap();
    assert!(!near(pixel(&canvas, first.x + first.w + 1.0, first.y + 10.0), [255, 255, 255]));
    canvas.remove();
}

#[wasm_bindgen_test]
fn the_canvas_backing_store_matches_the_device_pixel_ratio() {
    let canvas = page();
    deal(1.into()).unwrap();
    let ratio = web_sys::window().unwrap().device_pixel_ratio();
    assert_eq!(f64::from(canvas.client_width()), CANVAS_W);
    assert_eq!(f64::from(canvas.width()), (CANVAS_W * ratio).round());
    assert_eq!(f64::from(canvas.height()), (CANVAS_H * ratio).round());
}

#[wasm_bindgen_test]
fn clicks_select_and_draw_the_selection_and_keys_drive_the_game() {
    let canvas = page();
    deal(3.into()).unwrap();
    click_slot(&canvas, 4);
    assert_eq!(numbers(&field(&state().unwrap(), "selected")), vec![4.0]);
    let [x, y, _, h] = local_rect(&canvas, 4);
    assert!(near(pixel(&canvas, x + 1.5, y + h / 2.0), [0x1a, 0x66, 0xd9]), "selected cards get a blue ring");
    let [x0, y0, _, h0] = local_rect(&canvas, 0);
    assert!(!near(pixel(&canvas, x0 + 1.5, y0 + h0 / 2.0), [0x1a, 0x66, 0xd9]));
    click_slot(&canvas, 4);
    assert!(numbers(&field(&state().unwrap(), "selected")).is_empty(), "a second click deselects");

    press("2");
    assert_eq!(numbers(&field(&state().unwrap(), "selected")), vec![1.0]);
    press("Escape");
    assert!(numbers(&field(&state().unwrap(), "selected")).is_empty());
    press("h");
    let s = state().unwrap();
    assert_eq!(field(&s, "hintsUsed").as_f64(), Some(1.0));
    assert_eq!(numbers(&field(&s, "hinted")).len(), 1);

    // Claim the hinted set with three clicks: it leaves the table.
    let table = numbers(&field(&s, "table"));
    let set = numbers(&hint().unwrap().into());
    for &slot in &set {
        click_slot(&canvas, slot as u32);
    }
    let s = state().unwrap();
    assert_eq!(field(&s, "setsFound").as_f64(), Some(1.0));
    let now_on_table = numbers(&field(&s, "table"));
    for &slot in &set {
        assert!(!now_on_table.contains(&table[slot as usize]));
    }
}

/// A card in words, written out from the id's digits here rather than taken
/// from the game's own `Display`.
fn card_words(id: u32) -> String {
    let count = id % 3 + 1;
    let fill = ["open", "striped", "solid"][(id / 3 % 3) as usize];
    let colour = ["red", "green", "purple"][(id / 27) as usize];
    let shape = ["diamond", "squiggle", "oval"][(id / 9 % 3) as usize];
    format!("{count} {fill} {colour} {shape}{}", if count > 1 { "s" } else { "" })
}

/// The cards' buttons: (accessible name, pressed, id) of each, in order.
fn card_buttons() -> Vec<(String, bool, String)> {
    let group = document().get_element_by_id("cards").unwrap();
    std::iter::successors(group.first_element_child(), web_sys::Element::next_element_sibling)
        .map(|button| {
            assert_eq!(button.tag_name(), "BUTTON");
            let pressed = button.get_attribute("aria-pressed").unwrap();
            assert!(pressed == "true" || pressed == "false", "{pressed}");
            (button.get_attribute("aria-label").unwrap(), pressed == "true", button.id())
        })
        .collect()
}

fn description() -> Vec<String> {
    card_buttons().into_iter().map(|(name, _, _)| name).collect()
}

#[wasm_bindgen_test]
fn each_card_is_a_button_named_in_words_with_its_pick_pressed_and_hints_named() {
    const KEYS: &str = "1234567890QWERTYUIOPA";
    let canvas = page();
    let table = numbers(&deal(11.into()).unwrap().into());
    let expected: Vec<String> = table
        .iter()
        .enumerate()
        .map(|(slot, &id)| format!("Slot {} (key {}): {}", slot + 1, &KEYS[slot..=slot], card_words(id as u32)))
        .collect();
    assert_eq!(description(), expected);
    let ids: Vec<String> = card_buttons().into_iter().map(|(_, _, id)| id).collect();
    assert_eq!(ids, (0..table.len()).map(|slot| format!("card-{slot}")).collect::<Vec<_>>());

    // Each button lies over its card, in whole pixels.
    for slot in 0..table.len() as u32 {
        let button: HtmlElement = document().get_element_by_id(&format!("card-{slot}")).unwrap().dyn_into().unwrap();
        let style = button.style();
        let px = |name: &str| style.get_property_value(name).unwrap().trim_end_matches("px").parse::<f64>().unwrap();
        let [x, y, w, h] = local_rect(&canvas, slot);
        for (got, want) in [(px("left"), x), (px("top"), y), (px("width"), w), (px("height"), h)] {
            assert!((got - want).abs() < 1.0, "slot {slot}: {got} vs {want}");
        }
    }

    // A pick shows as pressed, a hint in the name, on exactly those slots.
    let set = numbers(&hint().unwrap().into());
    let other = (0..table.len()).find(|s| !set.contains(&(*s as f64))).unwrap();
    click_slot(&canvas, other as u32);
    press("h");
    for (slot, (name, pressed, _)) in card_buttons().iter().enumerate() {
        assert_eq!(*pressed, slot == other, "{name}");
        assert_eq!(name.ends_with(", hinted"), slot == set[0] as usize, "{name}");
    }

    // After a set is claimed, the words follow the new table.
    press("Escape");
    assert!(card_buttons().iter().all(|(_, pressed, _)| !pressed));
    for &slot in &set {
        click_slot(&canvas, slot as u32);
    }
    let now = numbers(&field(&state().unwrap(), "table"));
    assert_ne!(now, table);
    let words: Vec<String> = now.iter().map(|&id| card_words(id as u32)).collect();
    let lines = description();
    assert_eq!(lines.len(), now.len());
    for (line, words) in lines.iter().zip(&words) {
        assert!(line.ends_with(&format!(": {words}")), "{line} should name {words}");
    }
}

/// The third card of a pair, from the ids' base-3 digits (a plain reference,
/// not the game's lookup table).
fn third(a: u32, b: u32) -> u32 {
    (0..4).map(|place| 3u32.pow(place)).map(|unit| (6 - a / unit % 3 - b / unit % 3) % 3 * unit).sum()
}

fn is_ultra(cards: [u32; 4]) -> bool {
    let [a, b, c, d] = cards;
    third(a, b) == third(c, d) || third(a, c) == third(b, d) || third(a, d) == third(b, c)
}

fn options(mode: &str, seed: Option<f64>, date: Option<&str>) -> JsValue {
    let object = js_sys::Object::new();
    Reflect::set(&object, &"mode".into(), &mode.into()).unwrap();
    if let Some(seed) = seed {
        Reflect::set(&object, &"seed".into(), &seed.into()).unwrap();
    }
    if let Some(date) = date {
        Reflect::set(&object, &"date".into(), &date.into()).unwrap();
    }
    object.into()
}

#[wasm_bindgen_test]
fn check_with_four_ids_is_the_ultraset_rule() {
    // The example: 0001, 0002, 1202, 2101 as digits.
    let example = [1, 2, 27 + 18 + 2, 54 + 9 + 1];
    assert!(is_ultra(example));
    let [a, b, c, d] = example.map(JsValue::from);
    assert!(check(a, b, c, d, JsValue::UNDEFINED).unwrap());
    let mut agreed = 0;
    for start in 0..60u32 {
        let four = [start, start + 7, start + 11, (start * 5 + 3) % 81];
        if four[3] == four[0] || four[3] == four[1] || four[3] == four[2] {
            continue;
        }
        let [a, b, c, d] = four.map(JsValue::from);
        assert_eq!(check(a, b, c, d, JsValue::UNDEFINED).unwrap(), is_ultra(four), "{four:?}");
        agreed += 1;
    }
    assert!(agreed > 50);
    let cases = [
        (check(1.into(), 2.into(), JsValue::UNDEFINED, JsValue::UNDEFINED, JsValue::UNDEFINED), "not 2"),
        (check(1.into(), 2.into(), 3.into(), 4.into(), 5.into()), "not more"),
        (check(1.into(), 2.into(), 3.into(), 1.into(), JsValue::UNDEFINED), "card id 1 is repeated"),
        (check(1.into(), 2.into(), 3.into(), 90.into(), JsValue::UNDEFINED), "card id 90 is out of range"),
    ];
    for (result, expected) in cases {
        let text = message(result.expect_err(expected));
        assert!(text.contains(expected), "{text:?} should contain {expected:?}");
    }
}

#[wasm_bindgen_test]
fn explain_names_each_broken_attribute_in_order() {
    let words =
        |value: JsValue| -> Vec<String> { Array::from(&value).iter().map(|v| v.as_string().unwrap()).collect() };
    assert!(words(explain(0.into(), 1.into(), 2.into()).unwrap().into()).is_empty());
    // 0 = 1 open red diamond, 1 = 2 open red diamonds, 54 + 18 + 1 = 2 open purple ovals.
    assert_eq!(
        words(explain(0.into(), 1.into(), 73.into()).unwrap().into()),
        vec![
            "Two are red and one is purple.",
            "Two are diamonds and one is an oval.",
            "Two have two symbols and one has one symbol."
        ]
    );
    // Against a plain count of broken attributes, over many triples.
    for a in (0..81u32).step_by(7) {
        for b in (a + 1..81).step_by(5) {
            let c = (a * 13 + b * 3 + 1) % 81;
            if c == a || c == b {
                continue;
            }
            let broken = (0..4)
                .map(|place| 3u32.pow(place))
                .filter(|unit| {
                    let [x, y, z] = [a, b, c].map(|id| id / unit % 3);
                    !((x == y && y == z) || (x != y && y != z && x != z))
                })
                .count();
            assert_eq!(words(explain(a.into(), b.into(), c.into()).unwrap().into()).len(), broken, "{a} {b} {c}");
        }
    }
    let text = message(explain(1.into(), 1.into(), 2.into()).unwrap_err());
    assert!(text.contains("card id 1 is repeated"), "{text}");
}

#[wasm_bindgen_test]
fn deal_takes_a_mode_and_state_tells_it() {
    page();
    for mode in ["classic", "junior", "chain", "ultra"] {
        let table = numbers(&deal(options(mode, Some(5.0), None)).unwrap().into());
        let s = state().unwrap();
        assert_eq!(field(&s, "mode").as_string().as_deref(), Some(mode));
        assert_eq!(field(&s, "seed").as_f64(), Some(5.0));
        assert_eq!(numbers(&field(&s, "table")), table);
        let expected = if mode == "junior" { 9 } else { 12 };
        assert!(table.len() >= expected, "{mode}: {}", table.len());
        if mode == "junior" {
            assert!(table.iter().all(|&id| id as u32 / 3 % 3 == 2), "junior deals solid cards only");
        }
    }
    // The same seed and mode deal the same game; the mode changes it.
    let chain = numbers(&deal(options("chain", Some(9.0), None)).unwrap().into());
    assert_eq!(numbers(&deal(options("chain", Some(9.0), None)).unwrap().into()), chain);
    assert_eq!(
        numbers(&deal(9.into()).unwrap().into()),
        numbers(&deal(options("classic", Some(9.0), None)).unwrap().into())
    );
    assert_eq!(field(&state().unwrap(), "mode").as_string().as_deref(), Some("classic"));

    let board = numbers(&deal(options("daily", None, Some("2026-11-23"))).unwrap().into());
    let s = state().unwrap();
    assert_eq!(field(&s, "date").as_string().as_deref(), Some("2026-11-23"));
    // Its seed comes from the date and may not fit a JavaScript number.
    assert!(field(&s, "seed").is_null());
    assert_eq!(Array::from(&field(&s, "found")).length(), 0);
    let all = Array::from(&sets_of(board.iter().map(|&id| JsValue::from(id)).collect::<Array>().into()).unwrap());
    assert_eq!((board.len(), all.length()), (12, 6), "a daily board is 12 cards with exactly 6 sets");
    assert_eq!(numbers(&deal(options("daily", Some(1.0), Some("2026-11-23"))).unwrap().into()), board);

    // Every way is dealt, Memory's cards face down.
    for (mode, first) in [
        ("ultrachain", 12),
        ("ultra9", 9),
        ("mega", 16),
        ("ghost", 10),
        ("4set", 15),
        ("4setjr", 11),
        ("4setjrchain", 11),
        ("puzzle", 12),
        ("ultra9puzzle", 9),
        ("4setjrpuzzle", 11),
        ("shuffle", 12),
        ("memory", 21),
    ] {
        let table = numbers(&deal(options(mode, Some(3.0), None)).unwrap().into());
        let s = state().unwrap();
        assert_eq!(field(&s, "mode").as_string().as_deref(), Some(mode));
        assert!(table.len() >= first, "{mode}: {}", table.len());
        if mode.contains("puzzle") {
            assert_eq!(Array::from(&field(&s, "found")).length(), 0, "{mode}: nothing found yet");
        }
        if mode == "memory" {
            assert_eq!(Array::from(&field(&s, "faceUp")).length(), 0, "dealt face down");
        } else {
            assert!(field(&s, "faceUp").is_undefined(), "{mode}: only Memory says which cards are up");
        }
    }

    let before = snapshot();
    let cases = [
        (deal(options("speed", None, None)), "mode \"speed\" is not one of"),
        (deal(options("daily", None, Some("2026-02-30"))), "date \"2026-02-30\" is not a day"),
        (deal(options("chain", None, Some("2026-01-01"))), "a date is only for mode \"daily\""),
        (deal(options("chain", Some(-1.0), None)), "seed -1 is not in"),
    ];
    for (result, expected) in cases {
        let text = message(result.map(drop).expect_err(expected));
        assert!(text.contains(expected), "{text:?} should contain {expected:?}");
    }
    assert_eq!(snapshot(), before, "refused deals leave the game as it was");
}

#[wasm_bindgen_test]
fn set_chain_draws_the_previous_set_in_its_own_row_and_its_cards_can_be_clicked() {
    let canvas = page();
    let table = numbers(&deal(options("chain", Some(4.0), None)).unwrap().into());
    assert!(field(&state().unwrap(), "previous").is_null());
    for slot in numbers(&hint().unwrap().into()) {
        let id = table[slot as usize];
        let r = numbers(&card_rect(id.into()).unwrap());
        click_at(&canvas, r[0] + r[2] / 2.0, r[1] + r[3] / 2.0);
    }
    let s = state().unwrap();
    let previous = numbers(&field(&s, "previous"));
    assert_eq!(previous.len(), 3);
    assert_eq!(field(&s, "setsFound").as_f64(), Some(1.0));
    // The previous set lies above the table, and is drawn there.
    let table_top = numbers(&slot_rect(0.into()).unwrap().into())[1];
    let origin = canvas.get_bounding_client_rect();
    for &id in &previous {
        let r = numbers(&card_rect(id.into()).unwrap());
        assert!(r[1] + r[3] <= table_top, "card {id} is in the row above the table");
        let face = pixel(&canvas, r[0] - origin.left() + r[2] / 2.0, r[1] - origin.top() + 3.0);
        assert!(near(face, [255, 255, 255]), "card {id} is drawn at its rect: {face:?}");
    }
    // Clicking a previous card picks it.
    let r = numbers(&card_rect(previous[0].into()).unwrap());
    click_at(&canvas, r[0] + r[2] / 2.0, r[1] + r[3] / 2.0);
    assert_eq!(numbers(&field(&state().unwrap(), "picked")), vec![previous[0]]);
    // A card no longer in play has no rect.
    let gone =
        table.iter().find(|id| !numbers(&field(&state().unwrap(), "table")).contains(id) && !previous.contains(id));
    if let Some(&gone) = gone {
        assert!(card_rect(gone.into()).unwrap().is_null());
    }
}

fn click_at(canvas: &HtmlCanvasElement, x: f64, y: f64) {
    let init = MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x(x as i32);
    init.set_client_y(y as i32);
    let event = MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    canvas.dispatch_event(&event).unwrap();
}
