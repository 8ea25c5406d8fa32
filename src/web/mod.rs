//! The browser edge: wasm-bindgen exports, page start-up and input wiring.
//!
//! One [`App`] per page lives in a thread-local. Exports and event listeners
//! reach it through [`with_app`], which never panics on re-entry: a call made
//! while the app is busy gets an error instead. Randomness enters here and
//! only here, as the seed of a new game.
//!
//! The exports (`window.wasmBindings` under Trunk) are `deal`, `check`,
//! `explain`, `hint`, `sets`, `state`, `slot_rect`, `card_rect` and
//! `gallery`; the README documents them.

mod app;
mod args;
mod dom;
pub mod render;
mod storage;

use crate::play::keys::{Command, command_for_key, direction_for_key};
use crate::play::layout::Place;
use crate::play::options::{MAX_SEED, Opening, opening, parse_query};
use crate::play::session::Session;
use crate::play::settings::{Change, Settings, on_off};
use crate::rules::card::is_set;
use crate::rules::daily::Date;
use crate::rules::explain::set_reasons;
use crate::rules::finder::{find_sets, find_sets_flat, ultra_split};
use crate::rules::variant::Variant;
use crate::save;
use app::{App, Guarded, Input, add_sentence};
use args::js_error;
use dom::View;
use js_sys::{Array, Uint8Array};
use std::cell::RefCell;
use storage::{RELEASE_KEY, SAVE_KEY, SETTINGS_KEY, SaveSlot, SetAside};
use wasm_bindgen::prelude::*;
use web_sys::{KeyboardEvent, MouseEvent, PointerEvent, StorageEvent};

#[cfg(not(target_feature = "atomics"))]
#[global_allocator]
// SAFETY: this build has no threads (no `atomics`), which is what
// AssumeSingleThreaded asks of its user.
static ALLOCATOR: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };

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
    App::new(Session::new(Variant::Classic, random_seed(), now()), None)
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

/// Today in the player's time zone: the daily puzzle's date.
fn today() -> Date {
    let now = js_sys::Date::new_0();
    let date = Date::new(now.get_full_year() as u16, now.get_month() as u8 + 1, now.get_date() as u8);
    // A clock set before 1970 or after 9999 gets the first day there is.
    date.or_else(|| Date::from_days(0)).unwrap_or_else(|| unreachable!())
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
/// (`?mode=`, `?seed=`, `?date=`, or a random classic game; `?gallery`
/// shows all cards). Does nothing on a page without a board.
///
/// A saved game carries on when the address asks for it (a reload of
/// `?seed=42` carries on game 42, and of `?mode=chain` a saved Set-Chain
/// game). An address that asks for another game deals it, unless the saved
/// game is unfinished: then that carries on, and the address's game waits
/// for the player to ask for it ([`opening`]). A save that cannot be
/// restored is set aside under its own key before anything is written over
/// it; a newer version's save is never written over.
pub fn mount() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    // The first-paint benchmark's split: the wasm is compiled and running from
    // here. (A mark throws only for a name the timeline reserves.)
    let performance = window.performance();
    if let Some(performance) = &performance {
        let _ = performance.mark("mount");
    }
    // One callback for every event, frame and tick: one closure in the
    // download instead of one per kind of event.
    let callback = Closure::<dyn FnMut(JsValue)>::new(on_signal);
    let callback: js_sys::Function = callback.into_js_value().unchecked_into();
    let Some(view) = View::find(window.clone(), callback.clone())? else { return Ok(()) };
    let release = view.release();
    let dark_scheme = view.dark_scheme.clone();
    let search = window.location().search().unwrap_or_default();
    let mut notices = String::new();
    let options = parse_query(&search, today()).unwrap_or_else(|err| {
        add_sentence(&mut notices, &format!("{err}; dealt a random game instead."));
        Default::default()
    });
    let slot = SaveSlot::open(&window);
    // Read once: what is decoded here is also what this tab knows it did not write.
    let stored = slot.as_ref().ok().and_then(|slot| slot.read().ok().flatten());
    let found = found_in(stored.as_deref());
    let (mut resumed, mut offer, mut guarding, mut set_aside) = (None, None, None, None);
    match found {
        Found::Game(saved) => match opening(&options, Some(&saved.game)) {
            Opening::Resume => resumed = Some(saved),
            Opening::ResumeAndOffer => {
                resumed = Some(saved);
                offer = Some(options.game());
            }
            Opening::Deal => {}
        },
        Found::Nothing => {}
        Found::Newer(why) => guarding = Some(Guarded::NewerSave(why)),
        Found::Unreadable(aside) => {
            add_sentence(&mut notices, &format!("Your saved game could not be restored: {}.", aside.reason));
            match slot.as_ref().map_err(Clone::clone).and_then(|slot| slot.set_aside(&aside)) {
                Ok(()) => add_sentence(&mut notices, "It is kept aside in this browser, and a new game was dealt."),
                Err(why) => guarding = Some(Guarded::BadSaveNotKept(why)),
            }
            set_aside = Some(aside);
        }
    }
    let started = now();
    let session = match resumed {
        Some(saved) => Session::resume(saved, started),
        None => {
            let asked = options.game();
            Session::new(asked.variant, asked.seed.unwrap_or_else(random_seed), started)
        }
    };
    if let (Ok(slot), Some(release)) = (&slot, release) {
        if is_new_release(slot.read_at(RELEASE_KEY).as_deref(), &release) {
            add_sentence(&mut notices, "SET has been updated; your game carries on.");
        }
        let _ = slot.write_at(RELEASE_KEY, &release);
    }
    let mut app = App::new(session, Some(view));
    app.set_notice(notices);
    if let Some(text) = slot.as_ref().ok().and_then(|slot| slot.read_at(SETTINGS_KEY)) {
        app.use_settings(Settings::from_text(&text));
    }
    app.use_storage(slot, guarding, stored);
    if let Some(aside) = set_aside {
        app.offer_set_aside(aside);
    }
    app.offer_game(offer);
    APP.with(|cell| cell.replace(Some(app)));
    listen_for_input(&window, &callback, dark_scheme.as_ref())?;
    dispatch(Input::Start);
    if window.document().is_some_and(|d| d.hidden()) {
        dispatch(Input::Visibility { hidden: true });
    }
    if options.gallery {
        dispatch(Input::ShowGallery);
    }
    // What the first-paint benchmark measures: navigation start to a full board.
    if let Some(performance) = performance {
        let _ = performance.mark("first-board");
    }
    Ok(())
}

/// Whether this page runs a release other than the one this browser ran
/// before; a first visit is no news.
fn is_new_release(last_seen: Option<&str>, this: &str) -> bool {
    last_seen.is_some_and(|last| last != this)
}

/// Sends the page's events, animation frames and clock ticks to the one
/// callback; `dark_scheme` (the view's query) tells when the system switches
/// between light and dark.
fn listen_for_input(
    window: &web_sys::Window,
    callback: &js_sys::Function,
    dark_scheme: Option<&web_sys::MediaQueryList>,
) -> Result<(), JsValue> {
    let document = window.document().ok_or("no document")?;
    let board = document.get_element_by_id("board").ok_or("the page has no #board")?;
    // Clicks and changes are heard once for the whole page, and told apart
    // by the id of the element they hit.
    let targets: [(&web_sys::EventTarget, &[&str]); 3] = [
        (&board, &["pointermove", "pointerleave"]),
        (&document, &["click", "keydown", "visibilitychange", "change"]),
        // "storage" fires in every other tab of this site when one of them writes storage.
        (window, &["resize", "pagehide", "storage"]),
    ];
    for (target, kinds) in targets {
        for kind in kinds {
            target.add_event_listener_with_callback(kind, callback)?;
        }
    }
    if let Some(scheme) = dark_scheme {
        scheme.add_event_listener_with_callback("change", callback)?;
    }
    window.set_interval_with_callback_and_timeout_and_arguments_0(callback, 250)?;
    Ok(())
}

/// The one callback: a timer tick (no argument), an animation frame (a
/// timestamp) or an event.
fn on_signal(value: JsValue) {
    let input = if value.is_undefined() {
        Some(Input::Tick)
    } else if value.as_f64().is_some() {
        Some(Input::Frame)
    } else {
        input_for(value.unchecked_ref())
    };
    if let Some(input) = input {
        dispatch(input);
    }
}

/// What an event asks of the game, if anything.
fn input_for(event: &web_sys::Event) -> Option<Input> {
    // Keys pressed with nothing focused, or sent to the document, have no element to name.
    let target_id = || js_sys::Reflect::get(event.target()?.as_ref(), &"id".into()).ok()?.as_string();
    let point = || {
        let mouse: &MouseEvent = event.unchecked_ref();
        (mouse.client_x() as f64, mouse.client_y() as f64)
    };
    match event.type_().as_str() {
        "click" => match target_id()?.as_str() {
            "board" => {
                let (x, y) = point();
                Some(Input::Click { x, y })
            }
            "hint-button" => Some(Input::Key(Command::Hint)),
            "new-game-button" | "end-new-game" => Some(Input::NewGame(random_seed())),
            "play-offer" => Some(Input::PlayOffer(random_seed())),
            "go-back" => Some(Input::GoBack),
            "notice" | "notice-text" => Some(Input::DismissNotice),
            // A card's button, pressed with Space or Enter (or a screen reader).
            id => dom::place_of_id(id).map(|place| Input::Key(Command::Pick(place))),
        },
        "pointermove" if event.unchecked_ref::<PointerEvent>().pointer_type() == "mouse" => {
            Some(Input::Hover(Some(point())))
        }
        "pointerleave" => Some(Input::Hover(None)),
        "resize" => Some(Input::Resize),
        "keydown" => {
            let key: &KeyboardEvent = event.unchecked_ref();
            if key.ctrl_key() || key.meta_key() || key.alt_key() {
                return None;
            }
            let target = target_id().unwrap_or_default();
            // Keys typed in the settings panel (`settings`, `setting-…`,
            // `settings-done`) are the panel's: Escape closes it.
            if target.starts_with("setting") {
                return None;
            }
            let name = key.key();
            if let (Some(direction), Some(from)) = (direction_for_key(&name), dom::place_of_id(&target)) {
                event.prevent_default();
                return Some(Input::Arrow { from, direction });
            }
            let command = command_for_key(&name)?;
            event.prevent_default();
            Some(match command {
                Command::NewGame => Input::NewGame(random_seed()),
                Command::GoBack => Input::GoBack,
                other => Input::Key(other),
            })
        }
        "visibilitychange" => Some(Input::Visibility { hidden: web_sys::window()?.document()?.hidden() }),
        "pagehide" => Some(Input::PageHide),
        "storage" if event.unchecked_ref::<StorageEvent>().key().as_deref() == Some(SAVE_KEY) => {
            Some(Input::SaveChangedElsewhere)
        }
        "change" => {
            // Only the colour-scheme query, among the things heard, has no id.
            let Some(id) = target_id() else { return Some(Input::SystemThemeChanged) };
            let control = event.target()?;
            let read = |name: &str| js_sys::Reflect::get(&control, &name.into()).ok();
            let value = read("value")?.as_string()?;
            if id == "mode" {
                let variant = Variant::from_name(&value, Some(today())).ok()?;
                return Some(Input::Play(variant, random_seed()));
            }
            // A checkbox says on or off by `checked`; a select by its value.
            let value = match read("checked")?.as_bool() {
                Some(on) => on_off(on),
                None => &value,
            };
            Change::parse(id.strip_prefix(dom::SETTING_PREFIX)?, value).map(Input::Setting)
        }
        _ => None,
    }
}

/// Every listener ends here, so the game's handling exists once in the wasm.
#[inline(never)]
fn dispatch(input: Input) {
    let _ = with_app(|app| app.handle(input, now()));
}

/// Starts a new game on the page and redraws it. `deal(seed)` deals a
/// classic game (`seed` optional: a whole number 0..=2^53−1);
/// `deal({ seed, mode, date })` any way to play (`mode` one of "classic",
/// "junior", "chain", "ultra", "daily"; `date` "YYYY-MM-DD" for "daily",
/// today's puzzle without it). Returns the table's card ids in slot order.
#[wasm_bindgen]
pub fn deal(options: JsValue) -> Result<Array, JsError> {
    let (variant, seed) = args::deal_options(&options, today).map_err(js_error)?;
    let seed = seed.unwrap_or_else(random_seed);
    with_app(|app| {
        app.handle(Input::Play(variant, seed), now());
        Array::from(&app::ids(app.session.game().table()))
    })
}

/// `check(a, b, c)`: whether three distinct card ids form a set, by the
/// digit-sum lookup. `check(a, b, c, d)`: whether four form an UltraSet (two
/// pairs needing the same third card). Any other count throws.
#[wasm_bindgen]
pub fn check(a: JsValue, b: JsValue, c: JsValue, d: JsValue, more: JsValue) -> Result<bool, JsError> {
    match args::cards_to_check([&a, &b, &c, &d, &more]).map_err(js_error)? {
        args::Checked::Three([a, b, c]) => Ok(is_set(a, b, c)),
        args::Checked::Four(four) => Ok(ultra_split(four).is_some()),
    }
}

/// Why three distinct card ids are not a set: one sentence per attribute
/// that breaks the rule (colour, shape, fill, number); `[]` for a set.
#[wasm_bindgen]
pub fn explain(a: JsValue, b: JsValue, c: JsValue) -> Result<Array, JsError> {
    let cards = args::three_cards([&a, &b, &c]).map_err(js_error)?;
    Ok(set_reasons(cards).into_iter().map(JsValue::from).collect())
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
    Ok(sets.iter().map(|set| app::numbers(set)).collect::<Array>().into())
}

/// The game as a plain object: `table`, `deck`, `setsFound`, `wrongClaims`,
/// `hintsUsed`, `selected`, `picked`, `hinted`, `elapsedMs`, `over`, `seed`,
/// `mode`, `screen`; `previous` in Set-Chain; `date` and `found` in the
/// daily puzzle, whose `seed` is `null`; `lastUltra` in UltraSet after a claim.
#[wasm_bindgen]
pub fn state() -> Result<JsValue, JsError> {
    with_app(|app| app.state_object(now()))
}

fn rect_array(rect: crate::play::layout::Rect) -> Array {
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
