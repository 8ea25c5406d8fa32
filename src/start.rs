//! Starting the page: the crash screen, what storage held, which game comes
//! first, and the first board. Each page's loader calls its entry once the
//! wasm is in: index.html's `start` (`crate::solo`), race.html's
//! `start_race` (`crate::race`), each naming the table the page hosts.

use crate::app::host::Hosted;
use crate::app::{App, Guarded, Input, add_sentence};
use crate::dom::View;
use crate::input::{listen_for_input, on_signal};
use crate::storage::{RELEASE_KEY, SETTINGS_KEY, SaveSlot, SetAside};
use crate::{APP, dispatch, now, random_seed};
use set_client::page::options::{Opening, opening};
use set_client::page::settings::Settings;
use set_client::play::table::Table;
use set_core::rules::variant::{Dealing, Variant};
use wasm_bindgen::prelude::*;

/// A page's entry, hosting `T`: the crash screen, then the game.
pub(crate) fn start_hosting<T: Hosted>() -> Result<(), JsValue> {
    std::panic::set_hook(Box::new(show_crash_screen));
    mount_hosting::<T>()
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
enum Found<T: Table> {
    Nothing,
    Game(T::Stored),
    /// A newer version's save (why it cannot be read here).
    Newer(String),
    /// A save that cannot be restored, to be set aside.
    Unreadable(SetAside),
}

fn found_in<T: Table>(stored: Option<&str>) -> Found<T> {
    let Some(text) = stored else { return Found::Nothing };
    match T::decode(text) {
        Ok(saved) => Found::Game(saved),
        Err(err) if T::is_newer(&err) => Found::Newer(err.to_string()),
        Err(err) => Found::Unreadable(SetAside::new(text.to_owned(), err.to_string())),
    }
}

/// Attaches the game `T` to this page's `#board` and starts the first game
/// (`?mode=`, `?seed=`, `?date=`, or a random classic game; `?gallery`
/// also opens the cards' gallery, a view of the part that loads later).
/// On a page without a board, the game is there for the exports only.
///
/// A saved game carries on when the address asks for it (a reload of
/// `?seed=42` carries on game 42, and of `?mode=chain` a saved Set-Chain
/// game). An address that asks for another game deals it, unless the saved
/// game is unfinished: then that carries on, and the address's game waits
/// for the player to ask for it ([`opening`]). A save that cannot be
/// restored is set aside under its own key before anything is written over
/// it; a newer version's save is never written over.
pub(crate) fn mount_hosting<T: Hosted>() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    // The first-paint benchmark's split: the wasm is compiled and running from
    // here. (A mark throws only for a name the timeline reserves.)
    let performance = window.performance();
    if let Some(performance) = &performance {
        let _ = performance.mark("mount");
    }
    // One callback for every event, frame and tick: one closure in the
    // download instead of one per kind of event.
    let callback = Closure::<dyn FnMut(JsValue)>::new(on_signal::<T>);
    let callback: js_sys::Function = callback.into_js_value().unchecked_into();
    let Some(view) = View::find(window.clone(), callback.clone())? else {
        let game = T::deal(Variant::Classic, random_seed(), Dealing::Automatic, None, now());
        APP.with(|cell| cell.replace(Some(Box::new(App::new(game, None)))));
        return Ok(());
    };
    let release = view.release();
    let dark_scheme = view.dark_scheme.clone();
    let search = window.location().search().unwrap_or_default();
    let mut notices = String::new();
    let (options, seats) = T::asked(&search).unwrap_or_else(|err| {
        add_sentence(&mut notices, &format!("{err}; dealt a random game instead."));
        Default::default()
    });
    let slot = SaveSlot::open(&window, T::SAVE_KEY);
    // Read once: what is decoded here is also what this tab knows it did not write.
    let stored = slot.as_ref().ok().and_then(|slot| slot.read().ok().flatten());
    let found = found_in::<T>(stored.as_deref());
    let (mut resumed, mut offer, mut guarding, mut set_aside) = (None, None, None, None);
    match found {
        Found::Game(stored) if seats.as_ref().is_some_and(|seats| Some(seats) != T::stored_players(&stored)) => {
            // The address asks for other players: their game is offered, in
            // place of a game in progress (a game with no move yet just goes).
            let game = T::stored_game(&stored);
            offer = (!game.is_over() && !game.moves().is_empty()).then(|| options.game());
            resumed = offer.is_some().then_some(stored);
        }
        Found::Game(stored) => match opening(&options, Some(T::stored_game(&stored))) {
            Opening::Resume => resumed = Some(stored),
            Opening::ResumeAndOffer => {
                resumed = Some(stored);
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
    let dealt = resumed.is_none();
    let settings =
        slot.as_ref().ok().and_then(|slot| slot.read_at(SETTINGS_KEY)).map(|text| Settings::from_text(&text));
    let session = if let Some(stored) = resumed {
        T::resume(stored, started)
    } else {
        let asked = options.game();
        let seed = asked.seed.unwrap_or_else(random_seed);
        // Extra cards as the address says, else as the settings do for every new game.
        let dealing = options.dealing.unwrap_or_else(|| settings.map(|s| s.deal).unwrap_or_default());
        T::deal(asked.variant, seed, dealing, seats.clone(), started)
    };
    if let (Ok(slot), Some(release)) = (&slot, release) {
        if is_new_release(slot.read_at(RELEASE_KEY).as_deref(), &release) {
            add_sentence(&mut notices, "SET has been updated; your game carries on.");
        }
        let _ = slot.write_at(RELEASE_KEY, &release);
    }
    let mut app = App::new(session, Some(view));
    if dealt {
        app.note_started();
    }
    app.set_notice(notices);
    if let Some(settings) = settings {
        app.use_settings(settings);
    }
    app.use_storage(slot, guarding, stored);
    if let Some(aside) = set_aside {
        app.offer_set_aside(aside);
    }
    app.offer_game(offer, seats);
    APP.with(|cell| cell.replace(Some(Box::new(app))));
    listen_for_input(&window, &callback, dark_scheme.as_ref())?;
    dispatch(Input::Start);
    if window.document().is_some_and(|d| d.hidden()) {
        dispatch(Input::Visibility { hidden: true });
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
