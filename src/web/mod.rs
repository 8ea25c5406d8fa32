//! The browser edge: wasm-bindgen exports, page start-up and input wiring.
//!
//! One [`App`] per page lives in a thread-local. Exports and event listeners
//! reach it through [`with_app`], which never panics on re-entry: a call made
//! while the app is busy gets an error instead. Randomness enters here and
//! only here, as the seed of a new game.
//!
//! The exports (`window.wasmBindings` under Trunk) are `deal`, `check`,
//! `hint`, `sets`, `state`, `slot_rect` and `gallery`; the README documents them.

mod app;
mod args;
mod dom;
pub mod render;
mod storage;

use crate::rules::card::is_set;
use crate::rules::finder::find_sets;
use crate::play::keys::{Command, command_for_key};
use crate::play::options::{MAX_SEED, parse_query};
use crate::save;
use app::{App, Guarded, Input};
use args::js_error;
use dom::View;
use js_sys::Array;
use std::cell::RefCell;
use storage::{SAVE_KEY, SaveSlot, SetAside};
use wasm_bindgen::convert::FromWasmAbi;
use wasm_bindgen::prelude::*;
use web_sys::{KeyboardEvent, MouseEvent, PointerEvent, StorageEvent};

#[cfg(not(target_feature = "atomics"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// Runs `f` on the page's app, creating a board-less one on first use (as on
/// a page that only wants the exports).
fn with_app<T>(f: impl FnOnce(&mut App) -> T) -> Result<T, JsError> {
    APP.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| busy())?;
        Ok(f(slot.get_or_insert_with(headless_app)))
    })
}

// Kept out of line: `with_app` is inlined into every listener and export, and
// these rare paths would be copied into each (kilobytes of download).
#[cold]
#[inline(never)]
fn headless_app() -> App {
    App::new(random_seed(), now(), None)
}

#[cold]
#[inline(never)]
fn busy() -> JsError {
    js_error("the game is busy with another call")
}

/// Milliseconds from the page's time origin.
fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or_else(js_sys::Date::now, |p| p.now())
}

/// A seed from the platform's secure random source, within JavaScript's exact integers.
fn random_seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| (js_sys::Math::random() * MAX_SEED as f64) as u64) & MAX_SEED
}

#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    std::panic::set_hook(Box::new(show_crash_screen));
    mount()
}

/// If the game ever panics, the page says so instead of freezing. With
/// `panic = "abort"` the module is gone afterwards, so the crash screen's
/// New game button is plain JavaScript in index.html.
fn show_crash_screen(info: &std::panic::PanicHookInfo<'_>) {
    web_sys::console::error_1(&format!("SET stopped: {info}").into());
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(message) = document.get_element_by_id("crash-message") {
        let text = "It hit an internal error it cannot recover from. New game starts afresh; the details are in the browser console.";
        message.set_text_content(Some(text));
    }
    if let Some(screen) = document.get_element_by_id("crash") {
        let _ = screen.remove_attribute("hidden");
    }
}

/// What storage held when the page started.
enum Found {
    Nothing,
    Game(save::SavedGame),
    /// A newer version's save (why it cannot be read here).
    Newer(String),
    /// A save that cannot be restored, to be set aside.
    Unreadable(SetAside),
}

fn found_in(stored: Option<&str>) -> Found {
    let Some(text) = stored else { return Found::Nothing };
    match save::decode(text) {
        Ok(saved) => Found::Game(saved),
        Err(err @ save::SaveError::Newer { .. }) => Found::Newer(err.to_string()),
        Err(err) => Found::Unreadable(SetAside::new(text.to_owned(), err.to_string())),
    }
}

/// Attaches the game to this page's `#board` and starts the first game
/// (`?seed=` or random; `?gallery` shows all cards). Does nothing on a page
/// without a board.
///
/// A saved game carries on, unless `?seed=` asks for another game (a reload
/// of `?seed=42` carries on game 42). A save that cannot be restored is set
/// aside under its own key before anything is written over it; a newer
/// version's save is never written over.
pub fn mount() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let frame = Closure::<dyn FnMut(f64)>::new(|_| dispatch(Input::Frame));
    let Some(view) = View::find(window.clone(), frame)? else { return Ok(()) };
    let search = window.location().search().unwrap_or_default();
    let mut notices = Vec::new();
    let options = parse_query(&search).unwrap_or_else(|err| {
        notices.push(format!("{err}; dealt a random game instead."));
        Default::default()
    });
    let slot = SaveSlot::open(&window);
    // Read once: what is decoded here is also what this tab knows it did not write.
    let stored = slot.as_ref().ok().and_then(|slot| slot.read().ok().flatten());
    let found = found_in(stored.as_deref());
    let (mut resumed, mut guarding, mut set_aside) = (None, None, None);
    match found {
        Found::Game(saved) if options.seed.is_none_or(|seed| seed == saved.game.seed()) => resumed = Some(saved),
        Found::Game(_) | Found::Nothing => {}
        Found::Newer(why) => guarding = Some(Guarded::NewerSave(why)),
        Found::Unreadable(aside) => {
            notices.push(format!("Your saved game could not be restored: {}.", aside.reason));
            match slot.as_ref().map_err(Clone::clone).and_then(|slot| slot.set_aside(&aside)) {
                Ok(()) => notices.push("It is kept aside in this browser, and a new game was dealt.".to_owned()),
                Err(why) => guarding = Some(Guarded::BadSaveNotKept(why)),
            }
            set_aside = Some(aside);
        }
    }
    let started = now();
    let mut app = match resumed {
        Some(saved) => App::resume(saved, started, Some(view)),
        None => App::new(options.seed.unwrap_or_else(random_seed), started, Some(view)),
    };
    app.set_notice(&notices.join(" "));
    app.use_storage(slot, guarding, stored);
    if let Some(aside) = set_aside {
        app.offer_set_aside(aside);
    }
    APP.with(|cell| cell.replace(Some(app)));
    listen_for_input(&window)?;
    dispatch(Input::Start);
    if window.document().is_some_and(|d| d.hidden()) {
        dispatch(Input::Visibility { hidden: true });
    }
    if options.gallery {
        dispatch(Input::ShowGallery);
    }
    // What the first-paint benchmark measures: navigation start to a full board.
    if let Some(performance) = window.performance() {
        performance.mark("first-board")?;
    }
    Ok(())
}

/// Adds a listener that lives as long as the page.
fn listen<E: FromWasmAbi + 'static>(
    target: &web_sys::EventTarget,
    kind: &str,
    handler: impl FnMut(E) + 'static,
) -> Result<(), JsValue> {
    let closure = Closure::<dyn FnMut(E)>::new(handler);
    target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref())?;
    closure.forget();
    Ok(())
}

fn listen_for_input(window: &web_sys::Window) -> Result<(), JsValue> {
    let document = window.document().ok_or("no document")?;
    let by_id =
        |id: &str| document.get_element_by_id(id).ok_or_else(|| JsValue::from_str(&format!("the page has no #{id}")));
    let board = by_id("board")?;

    listen(&board, "click", |event: MouseEvent| {
        dispatch(Input::Click { x: event.client_x() as f64, y: event.client_y() as f64 });
    })?;
    listen(&board, "pointermove", |event: PointerEvent| {
        if event.pointer_type() == "mouse" {
            dispatch(Input::Hover(Some((event.client_x() as f64, event.client_y() as f64))));
        }
    })?;
    listen(&board, "pointerleave", |_: PointerEvent| dispatch(Input::Hover(None)))?;
    listen(window, "resize", |_: web_sys::Event| dispatch(Input::Resize))?;
    listen(&document, "keydown", |event: KeyboardEvent| {
        if event.ctrl_key() || event.meta_key() || event.alt_key() {
            return;
        }
        let Some(command) = command_for_key(&event.key()) else { return };
        event.prevent_default();
        dispatch(match command {
            Command::NewGame => Input::NewGame(random_seed()),
            other => Input::Key(other),
        });
    })?;
    let visibility = document.clone();
    listen(&document, "visibilitychange", move |_: web_sys::Event| {
        dispatch(Input::Visibility { hidden: visibility.hidden() });
    })?;
    listen(window, "pagehide", |_: web_sys::Event| dispatch(Input::PageHide))?;
    // Fired in every other tab of this site when one of them writes storage.
    listen(window, "storage", |event: StorageEvent| {
        if event.key().as_deref() == Some(SAVE_KEY) {
            dispatch(Input::SaveChangedElsewhere);
        }
    })?;
    let hint_button = by_id("hint-button")?;
    listen(&hint_button, "click", |_: MouseEvent| dispatch(Input::Key(Command::Hint)))?;
    for id in ["new-game-button", "end-new-game"] {
        let button = by_id(id)?;
        listen(&button, "click", |_: MouseEvent| dispatch(Input::NewGame(random_seed())))?;
    }
    let keys_button = by_id("keys-button")?;
    listen(&keys_button, "click", |_: MouseEvent| dispatch(Input::Key(Command::ToggleKeyLabels)))?;
    let tick = Closure::<dyn FnMut()>::new(|| dispatch(Input::Tick));
    window.set_interval_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), 250)?;
    tick.forget();
    Ok(())
}

/// Every listener ends here, so the game's handling exists once in the wasm.
#[inline(never)]
fn dispatch(input: Input) {
    let _ = with_app(|app| app.handle(input, now()));
}

fn card_ids(cards: &[crate::rules::card::Card]) -> Array {
    cards.iter().map(|card| JsValue::from(card.id())).collect()
}

fn slot_triple(slots: [usize; 3]) -> Array {
    slots.iter().map(|&slot| JsValue::from(slot as u32)).collect()
}

/// Starts a new game on the page and redraws it; `seed` is optional (a whole
/// number 0..=2^53−1). Returns the table's card ids in slot order.
#[wasm_bindgen]
pub fn deal(seed: JsValue) -> Result<Array, JsError> {
    let seed = args::seed(&seed).map_err(js_error)?.unwrap_or_else(random_seed);
    with_app(|app| {
        app.handle(Input::NewGame(seed), now());
        card_ids(app.game.table())
    })
}

/// Whether three distinct card ids form a set, by the digit-sum lookup.
#[wasm_bindgen]
pub fn check(a: JsValue, b: JsValue, c: JsValue) -> Result<bool, JsError> {
    let [a, b, c] = args::three_cards([&a, &b, &c]).map_err(js_error)?;
    Ok(is_set(a, b, c))
}

/// The slots (ascending) of one set on the table, or `[]` when there is none:
/// the set the Hint button reveals. Changes nothing.
#[wasm_bindgen]
pub fn hint() -> Result<Array, JsError> {
    with_app(|app| {
        let Some(claim) = app.game.hint_claim() else { return Array::new() };
        // Slot order is ascending order.
        let table = app.game.table().iter().enumerate();
        table.filter(|(_, card)| claim.contains(**card)).map(|(slot, _)| JsValue::from(slot as u32)).collect()
    })
}

/// Every set among a list of distinct card ids, as triples of indices into it.
#[wasm_bindgen]
pub fn sets(ids: JsValue) -> Result<Array, JsError> {
    let cards = args::card_list(&ids).map_err(js_error)?;
    let sets = find_sets(&cards).map_err(js_error)?;
    Ok(sets.into_iter().map(slot_triple).collect())
}

/// The game as a plain object: `table`, `deck`, `setsFound`, `wrongClaims`,
/// `hintsUsed`, `selected`, `hinted`, `elapsedMs`, `over`, `seed`, `mode`.
#[wasm_bindgen]
pub fn state() -> Result<JsValue, JsError> {
    with_app(|app| app.state_object(now()))?.map_err(|_| js_error("the state object could not be built"))
}

/// `[x, y, width, height]` of a slot in viewport CSS pixels.
#[wasm_bindgen]
pub fn slot_rect(slot: JsValue) -> Result<Array, JsError> {
    let slot = args::slot(&slot).map_err(js_error)?;
    let rect = with_app(|app| app.slot_rect(slot))?.map_err(js_error)?;
    Ok([rect.x, rect.y, rect.w, rect.h].iter().map(|&n| JsValue::from(n)).collect())
}

/// Panics on purpose, so that tests can check the crash screen. The page
/// needs its New game button (a reload) afterwards.
#[wasm_bindgen]
pub fn simulate_crash() {
    panic!("simulate_crash() was called");
}

/// Shows all 81 cards in id order (slot = card id); `deal()` returns to play.
#[wasm_bindgen]
pub fn gallery() -> Result<(), JsError> {
    with_app(|app| app.handle(Input::ShowGallery, now()))
}
