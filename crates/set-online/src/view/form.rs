//! What the room page's controls say: every button and field of the page
//! read into the model's events, and the browser's events (clicks, Enter in
//! the chat, a name given, a resize) into the page's one funnel.

use crate::dom::{document, select_value, window};
use crate::state::{Event, Online};
use js_sys::Reflect;
use set_client::online as model;
use set_core::rules::variant::Dealing;
use wasm_bindgen::prelude::*;
use web_sys::HtmlInputElement;

fn input_value(id: &str) -> String {
    document().get_element_by_id(id).map(|e| e.unchecked_into::<HtmlInputElement>().value()).unwrap_or_default()
}

fn checked(id: &str) -> bool {
    document().get_element_by_id(id).is_some_and(|e| e.unchecked_into::<HtmlInputElement>().checked())
}

/// The chat line typed, taken out of its field.
pub(crate) fn take_chat_text() -> String {
    take_value("chat-text")
}

/// What a field holds, taken out of it (the field left empty).
fn take_value(id: &str) -> String {
    let Some(input) = document().get_element_by_id(id) else { return String::new() };
    let input: HtmlInputElement = input.unchecked_into();
    let value = input.value();
    input.set_value("");
    value
}

/// The model's event for a button (or a field's Enter), with what its form
/// holds now: every button of the page is parsed here, and nowhere else.
pub(crate) fn event_of_click(online: &Online, id: &str) -> Option<model::Event> {
    use model::Event as E;
    let number = |prefix: &str| id.strip_prefix(prefix).and_then(|s| s.parse::<usize>().ok());
    if let Some(slot) = number("card-") {
        return Some(E::Tap { slot });
    }
    if let Some(index) = number("row-") {
        return Some(E::TapRow { index });
    }
    Some(match id {
        "create-room" => {
            let (mode, name, hints, public) = create_form();
            let dealing = Dealing::called_if(checked("create-calls"));
            E::Create { mode, name, hints, public, bots: create_bots(), dealing }
        }
        // Alone in a room for a while: a computer opponent now, or keep waiting.
        "offer-bots" => E::AcceptBots,
        "keep-waiting" => E::KeepWaiting,
        "transfer-get" => E::TransferCode,
        "sign-out-elsewhere" => E::SignOutElsewhere,
        "transfer-use" => Some(take_transfer_code()).filter(|code| !code.trim().is_empty()).map(E::Redeem)?,
        "join-room" => E::Join { room: online.room.wanted.as_deref()?.to_owned(), name: join_name() },
        "start-game" => E::Start,
        "hint-button" => E::Hint,
        "no-set-button" => E::CallNoSet,
        "end-rematch" => E::Rematch,
        "end-see-board" => E::SeeBoard,
        "show-results" => E::ShowResults,
        // The name field of the lobby, changed: the lobby lists it.
        "create-name" => E::Rename(name_given()),
        "use-suggestion" => E::UseSuggestion,
        "chat-send" => {
            let text = take_chat_text();
            if text.trim().is_empty() {
                return None;
            }
            E::Chat { text, name: name_given() }
        }
        _ if id.starts_with("quick-") => {
            E::QuickPlay { mode: id.get(6..).unwrap_or_default().to_owned(), name: name_given() }
        }
        _ if id.starts_with("tab-") => E::ShowTab(model::LobbyTab::from_name(id.get(4..)?)?),
        _ if id.starts_with("enter-") => E::Enter { at: number("enter-")?, name: name_given() },
        _ if id.starts_with("hush-") => E::MuteInLobby(number("hush-")?),
        _ if id.starts_with("remove-") => E::Remove { seat: u8::try_from(number("remove-")?).ok()? },
        _ if id.starts_with("mute-") => E::MuteSeat(number("mute-")?),
        _ if id.starts_with("report-") => E::ReportSeat(number("report-")?),
        _ => return None,
    })
}

/// Clicks anywhere on the page, Enter in the chat field, D for "No set" (as
/// on the other pages; not while typing), a name given in the lobby, and
/// resizes, into the one funnel.
pub(crate) fn listen(dispatch: fn(Event)) {
    let click = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let button = target.and_then(|t| t.closest("button[id]").ok().flatten());
        if let Some(button) = button {
            dispatch(Event::Click(button.id()));
        }
    });
    let _ = document().add_event_listener_with_callback("click", click.as_ref().unchecked_ref());
    click.forget();
    // Enter sends the chat's line, and gives the name typed again even
    // when it did not change (it may be free now).
    let enter = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let typing = target.as_ref().is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        let field = target.map(|t| t.id());
        let flag = |name: &str| Reflect::get(&event, &name.into()).ok().and_then(|v| v.as_bool()).unwrap_or(false);
        let modified = flag("ctrlKey") || flag("metaKey") || flag("altKey");
        let key = Reflect::get(&event, &"key".into()).ok().and_then(|k| k.as_string());
        match (field.as_deref(), key.as_deref()) {
            (Some("chat-text"), Some("Enter")) => dispatch(Event::Click("chat-send".to_owned())),
            (Some("create-name"), Some("Enter")) => dispatch(Event::Click("create-name".to_owned())),
            (_, Some("d" | "D")) if !typing && !modified => dispatch(Event::Click("no-set-button".to_owned())),
            // Play again, as setwithfriends' Ctrl+Enter (the model acts only once the game is over).
            (_, Some("Enter")) if field.as_deref() != Some("chat-text") && (flag("ctrlKey") || flag("metaKey")) => {
                dispatch(Event::Click("end-rematch".to_owned()));
            }
            _ => {}
        }
    });
    let _ = document().add_event_listener_with_callback("keydown", enter.as_ref().unchecked_ref());
    enter.forget();
    // A name given in the lobby (once typed and left): the lobby is told it.
    let named = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        if target.is_some_and(|t| t.id() == "create-name") {
            dispatch(Event::Click("create-name".to_owned()));
        }
    });
    let _ = document().add_event_listener_with_callback("change", named.as_ref().unchecked_ref());
    named.forget();
    let resize = Closure::<dyn FnMut()>::new(move || dispatch(Event::Resize));
    let _ = window().add_event_listener_with_callback("resize", resize.as_ref().unchecked_ref());
    resize.forget();
}

/// The name fields show the name the player goes by (the last they gave,
/// or the one the server gave), except a field being typed in: what a
/// player types is never overwritten under their fingers.
pub(crate) fn prefill(online: &Online) {
    let typing = document().active_element().map(|e| e.id());
    for id in ["create-name", "join-name"] {
        if typing.as_deref() == Some(id) {
            continue;
        }
        if let Some(input) = document().get_element_by_id(id) {
            input.unchecked_into::<HtmlInputElement>().set_value(&online.identity.name);
        }
    }
}

pub(crate) fn create_form() -> (String, String, bool, bool) {
    let mode = select_value("create-mode").unwrap_or_else(|| "classic".to_owned());
    (mode, input_value("create-name"), checked("create-hints"), checked("create-public"))
}

/// The computer opponent chosen in the form, if any.
pub(crate) fn create_bots() -> Vec<String> {
    let level = select_value("create-bots").unwrap_or_default();
    if level.is_empty() { Vec::new() } else { vec![level] }
}

/// The code typed to move an identity here, taken out of its field.
pub(crate) fn take_transfer_code() -> String {
    take_value("transfer-input")
}

/// The name typed in the lobby.
pub(crate) fn name_given() -> String {
    input_value("create-name")
}

pub(crate) fn join_name() -> String {
    input_value("join-name")
}
