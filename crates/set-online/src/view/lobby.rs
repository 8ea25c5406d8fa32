//! The lobby as the page shows it: who is online, the public rooms (each to
//! join or watch), who is in the lobby (each to mute), and the code that
//! moves an identity.

use crate::dom::{Piece, element, fill_list, set_text, show};
use crate::state::Online;
use set_client::online::{FormError, LobbyTab};
use set_core::online::room::Status;

/// How long ago, in words: "just now", "5 min", "2 h".
fn age(since_ms: f64) -> String {
    let minutes = ((js_sys::Date::now() - since_ms) / 60_000.0).max(0.0) as u64;
    match minutes {
        0 => "just now".to_owned(),
        1..60 => format!("{minutes} min"),
        _ => format!("{} h", minutes / 60),
    }
}

/// The lobby's frame around its lists: which tab a narrow screen shows,
/// the chat moved into the lobby (or back under the board in a room), and
/// the form's refusals beside what caused them.
pub(crate) fn render_home(online: &Online, home: bool) {
    if let Some(lobby) = element("lobby") {
        let tab = if home { online.lobby.tab.name() } else { "room" };
        if lobby.get_attribute("data-tab").as_deref() != Some(tab) {
            let _ = lobby.set_attribute("data-tab", tab);
        }
    }
    show("lobby-tabs", home);
    show("lobby-talk", home);
    show("leaders", home);
    for tab in LobbyTab::ALL {
        if let Some(button) = element(&format!("tab-{}", tab.name())) {
            let selected = if tab == online.lobby.tab { "true" } else { "false" };
            if button.get_attribute("aria-selected").as_deref() != Some(selected) {
                let _ = button.set_attribute("aria-selected", selected);
            }
        }
    }
    // One chat element: in the lobby's column at home, under the board in a room.
    if let (Some(chat), Some(slot), Some(room_place)) =
        (element("chat"), element("lobby-chat-slot"), element("set-log-section"))
    {
        let in_slot = chat.parent_element().is_some_and(|parent| parent.id() == "lobby-chat-slot");
        if home && !in_slot {
            let _ = slot.append_child(&chat);
        } else if !home && in_slot {
            let _ = room_place.after_with_node_1(&chat);
        }
    }
    let (name_error, suggestion, form_error) = match &online.lobby.form_error {
        Some(FormError::Name { message, suggestion }) => (message.as_str(), suggestion.as_deref(), ""),
        Some(FormError::Form(message)) => ("", None, message.as_str()),
        None => ("", None, ""),
    };
    // The server's words, as they come: the style sheet capitalises their first letter.
    set_text("name-error", name_error);
    set_text("lobby-error", form_error);
    if let Some(field) = element("create-name") {
        let invalid = if name_error.is_empty() { "false" } else { "true" };
        if field.get_attribute("aria-invalid").as_deref() != Some(invalid) {
            let _ = field.set_attribute("aria-invalid", invalid);
        }
    }
    show("use-suggestion", suggestion.is_some());
    if let Some(free) = suggestion {
        set_text("use-suggestion", &format!("Use \u{201c}{free}\u{201d}"));
    }
}

/// The lobby: who is online, the public rooms (each to join or watch), and
/// who is in the lobby (each to mute).
pub(crate) fn render_lobby(online: &Online) {
    let Some(lobby) = &online.lobby.shown else {
        set_text("online-count", "");
        return;
    };
    let code = match &online.identity.transfer_code {
        Some(code) => format!("{code}: type it on your other browser within 10 minutes. It works once."),
        None if online.identity.signed_out_elsewhere => {
            "Every other browser of this identity is signed out: there it starts as someone new.".to_owned()
        }
        None => String::new(),
    };
    set_text("transfer-code", &code);
    let count = lobby.online.online;
    let players = if count == 1 { "player" } else { "players" };
    let stale = if lobby.online.out_of_date {
        ". Out of date: this server cannot reach the others now, so some rooms and players may be missing."
    } else {
        ""
    };
    set_text("online-count", &format!("{count} {players} online{stale}"));
    show("no-rooms", lobby.rooms.is_empty());
    if let Some(list) = element("lobby-rooms") {
        let items: Vec<(&'static str, Vec<Piece>)> = lobby
            .rooms
            .iter()
            .map(|r| {
                let waiting = r.status == Status::Waiting;
                let state = if waiting { "waiting" } else { "playing" };
                let hints = if r.hints {
                    ", hints"
                } else if r.rated {
                    ", rated"
                } else {
                    ""
                };
                let calls = if r.dealing.is_called() { ", \u{201c}no set\u{201d} called" } else { "" };
                let watching = if r.watchers > 0 { format!(", {} watching", r.watchers) } else { String::new() };
                let about = format!(
                    " {} ({state}{hints}{calls}{watching}, {}) ",
                    r.players.join(", "),
                    age(r.created_at as f64)
                );
                let action = if waiting { "Join" } else { "Watch" };
                (
                    "",
                    vec![("b", "", r.mode.title().to_owned()), ("span", "", about), ("button", "enter", action.into())],
                )
            })
            .collect();
        fill_list(&list, &items);
    }
    if let Some(list) = element("lobby-people") {
        let me = if online.lobby.named_in() { online.identity.name.as_str() } else { "" };
        let items: Vec<(&'static str, Vec<Piece>)> = lobby
            .people
            .iter()
            .map(|name| {
                let mut pieces = vec![("span", "", format!("{name} "))];
                if name != me {
                    let label = if online.muted.contains(name) { "Unmute" } else { "Mute" };
                    pieces.push(("button", "hush", label.to_owned()));
                }
                ("", pieces)
            })
            .collect();
        fill_list(&list, &items);
    }
}
