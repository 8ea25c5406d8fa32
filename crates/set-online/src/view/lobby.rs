//! The lobby as the page shows it: who is online, the public rooms (each to
//! join or watch), who is in the lobby (each to mute), and the code that
//! moves an identity.

use crate::dom::{Piece, element, fill_list, set_text, show};
use crate::state::Online;
use set_core::online::room::Status;
use set_core::rules::variant::Variant;

/// A way to play as the lobby's buttons name it.
fn mode_title(variant: Variant) -> &'static str {
    match variant {
        Variant::Classic => "Classic",
        Variant::Junior => "Junior",
        Variant::Chain => "Set-Chain",
        Variant::Ultra => "UltraSet",
        Variant::Daily(_) => "Daily",
    }
}

/// How long ago, in words: "just now", "5 min", "2 h".
fn age(since_ms: f64) -> String {
    let minutes = ((js_sys::Date::now() - since_ms) / 60_000.0).max(0.0) as u64;
    match minutes {
        0 => "just now".to_owned(),
        1..60 => format!("{minutes} min"),
        _ => format!("{} h", minutes / 60),
    }
}

/// The lobby: who is online, the public rooms (each to join or watch), and
/// who is in the lobby (each to mute).
pub(crate) fn render_lobby(online: &Online) {
    let Some(lobby) = &online.lobby else {
        set_text("online-count", "");
        return;
    };
    let code = match &online.transfer_code {
        Some(code) => format!("{code}: type it on your other browser within 10 minutes. It works once."),
        None if online.signed_out_elsewhere => {
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
                let watching = if r.watchers > 0 { format!(", {} watching", r.watchers) } else { String::new() };
                let about =
                    format!(" {} ({state}{hints}{watching}, {}) ", r.players.join(", "), age(r.created_at as f64));
                let action = if waiting { "Join" } else { "Watch" };
                (
                    "",
                    vec![
                        ("b", "", mode_title(r.mode).to_owned()),
                        ("span", "", about),
                        ("button", "enter", action.into()),
                    ],
                )
            })
            .collect();
        fill_list(&list, &items);
    }
    if let Some(list) = element("lobby-people") {
        let me = if online.named_in_lobby() { online.name.as_str() } else { "" };
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
