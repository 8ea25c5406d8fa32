//! The page's events, animation frames and clock ticks, heard by one
//! callback and turned into [`Input`]s for the funnel.

use crate::app::Input;
use crate::app::host::Hosted;
use crate::{dispatch, dom, heard_gesture, random_seed, today};
use set_client::page::keyboard::{Command, call_for_key, command_for_key, direction_for_key};
use set_client::page::settings::{Change, on_off};
use set_core::players::sitting::Seat;
use set_core::rules::variant::Variant;
use wasm_bindgen::prelude::*;
use web_sys::{KeyboardEvent, MouseEvent, PointerEvent, StorageEvent};

/// Sends the page's events, animation frames and clock ticks to the one
/// callback; `dark_scheme` (the view's query) tells when the system switches
/// between light and dark.
pub(crate) fn listen_for_input(
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
        // "partfailed": index.html's loader could not load a part (docs/page.md,
        // "What loads later").
        (&document, &["click", "keydown", "visibilitychange", "change", "partfailed"]),
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

/// The one callback of the page that hosts `T`: a timer tick (no
/// argument), an animation frame (a timestamp) or an event.
pub(crate) fn on_signal<T: Hosted>(value: JsValue) {
    let input = if value.is_undefined() {
        Some(Input::Tick)
    } else if value.as_f64().is_some() {
        Some(Input::Frame)
    } else {
        let event: &web_sys::Event = value.unchecked_ref();
        // A person's own click, key or choice (not a script's): sound may start.
        if event.is_trusted() && matches!(event.type_().as_str(), "click" | "keydown" | "change") {
            heard_gesture();
        }
        input_for::<T>(event)
    };
    if let Some(input) = input {
        dispatch(input);
    }
}

/// What an event asks of the game `T`, if anything.
fn input_for<T: Hosted>(event: &web_sys::Event) -> Option<Input> {
    // Keys pressed with nothing focused, or sent to the document, have no element to name.
    let target_id = || js_sys::Reflect::get(event.target()?.as_ref(), &"id".into()).ok()?.as_string();
    let point = || {
        let mouse: &MouseEvent = event.unchecked_ref();
        (f64::from(mouse.client_x()), f64::from(mouse.client_y()))
    };
    match event.type_().as_str() {
        "click" => match target_id()?.as_str() {
            "board" => {
                let (x, y) = point();
                Some(Input::Click { x, y })
            }
            "hint-button" => Some(Input::Key(Command::Hint)),
            "no-set-button" => Some(Input::Key(Command::CallNoSet)),
            "new-game-button" | "end-new-game" => Some(Input::NewGame(random_seed())),
            "play-offer" => Some(Input::PlayOffer(random_seed())),
            "go-back" => Some(Input::GoBack),
            "notice" | "notice-text" => Some(Input::DismissNotice),
            // A player's name on the scoreboard: they call a set.
            id if T::HEARS_CALLS && id.starts_with("seat-") => {
                let seat = set_core::text::digits(id.strip_prefix("seat-")?)?;
                Some(Input::Call(Seat(seat as u8)))
            }
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
            // A call key is the page's only where people call (race.html).
            if let Some(seat) = T::HEARS_CALLS.then(|| call_for_key(&name)).flatten() {
                event.prevent_default();
                return Some(Input::Call(seat));
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
        "partfailed" => Some(Input::PartFailed),
        "storage" if event.unchecked_ref::<StorageEvent>().key().as_deref() == Some(T::SAVE_KEY) => {
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
                return Some(Input::Chosen(variant, random_seed()));
            }
            // A checkbox says on or off by `checked`; a select or a slider by its value.
            let checkbox = read("type")?.as_string().as_deref() == Some("checkbox");
            let value = match read("checked")?.as_bool() {
                Some(on) if checkbox => on_off(on),
                _ => &value,
            };
            Change::parse(id.strip_prefix(dom::SETTING_PREFIX)?, value).map(Input::Setting)
        }
        _ => None,
    }
}
