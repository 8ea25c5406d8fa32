//! The room page drawn from the client's state, once per event: the header,
//! the players (score, wrong claims, connection, round trip), the status
//! line, the panels to create, join and wait (with the link to share), the
//! log of sets, the chat and the end screen (ranking, the revealed deal,
//! download, rematch). Everything the server sent is written as text,
//! never as markup. Its rooms: `form` reads the page's controls into the
//! model's events, `lobby` draws the lobby, `board` the cards, and `state`
//! builds what the JavaScript API hands out.

use crate::dom::{Piece, document, element, fill_list, set_text, show, window};
use crate::state::Online;
use js_sys::Reflect;
use set_client::online::Link;
use set_client::remote::Remote;
use set_client::room_log::clock_text;
use set_core::online::room::Status;
use set_core::players::ranking::{self, Tally};
use set_protocol::ResultMsg;
use wasm_bindgen::prelude::*;
use web_sys::HtmlInputElement;

mod board;
mod form;
mod lobby;
mod state;

pub(crate) use board::{board_now, card_rect, draw, draw_board, place_rect, show_sprites};
pub(crate) use form::{event_of_click, listen, name_given, prefill};
pub(crate) use state::{lobby_object, state_object};

use lobby::{render_home, render_lobby};

fn room_link(room: &str) -> String {
    format!("{}/?room={room}", window().location().origin().unwrap_or_default())
}

/// Copies the room's link with the browser's clipboard, where it is allowed.
pub(crate) fn copy_link(room: &str) {
    let navigator = Reflect::get(&window(), &"navigator".into()).unwrap_or(JsValue::UNDEFINED);
    let clipboard = Reflect::get(&navigator, &"clipboard".into()).unwrap_or(JsValue::UNDEFINED);
    if let Ok(write) = Reflect::get(&clipboard, &"writeText".into()) {
        if let Some(write) = write.dyn_ref::<js_sys::Function>() {
            let _ = write.call1(&clipboard, &room_link(room).into());
        }
    }
    set_text("copy-status", "Copied");
}

fn roster_items(online: &Online, rtt: Option<u32>) -> Vec<(&'static str, Vec<Piece>)> {
    let (remote, muted) = (&online.room.remote, &online.muted);
    let mut items = Vec::new();
    for (seat, p) in remote.players.iter().enumerate() {
        let seat = seat as u8;
        let you = remote.seat == Some(seat);
        let mut tags = Vec::new();
        if seat == remote.host {
            tags.push("host".to_owned());
        }
        if you {
            tags.push("you".to_owned());
        }
        // Memory: whose turn it is.
        if remote.status == Status::Playing && remote.face_down() && remote.view.turn == Some(seat) {
            tags.push("to play".to_owned());
        }
        let ms = if you { rtt.or(p.rtt) } else { p.rtt };
        let link = match (p.bot, p.connected) {
            (true, _) => "computer".to_owned(),
            (false, true) => ms.map_or("online".to_owned(), |ms| format!("{ms} ms")),
            (false, false) => "away".to_owned(),
        };
        let tags = if tags.is_empty() { String::new() } else { format!(" ({})", tags.join(", ")) };
        let sets = if p.score == 1 { "set" } else { "sets" };
        let mut pieces = vec![
            ("b", "", p.name.clone()),
            ("span", "tags", format!("{tags} ")),
            ("span", "", format!("{} {sets}, {} wrong ", p.score, p.wrong)),
            ("small", "", link),
        ];
        // The host may take another seat away before the start.
        if !you && remote.seat == Some(remote.host) && remote.status == Status::Waiting {
            pieces.push(("button", "remove", "Remove".to_owned()));
        }
        // Another player's chat can be muted, in this page only (a bot says nothing).
        if !you && !p.bot && remote.seat.is_some() {
            let label = if muted.contains(&p.name) { "Unmute" } else { "Mute" };
            pieces.push(("button", "mute", label.to_owned()));
        }
        // Anyone in the room may report a person in it to the operator.
        if !you && !p.bot && !p.player.is_empty() {
            let label = if online.identity.reported.contains(&p.player) { "Reported" } else { "Report" };
            pieces.push(("button", "report", label.to_owned()));
        }
        items.push((if p.connected { "on" } else { "off" }, pieces));
    }
    items
}

fn ranking_items(remote: &Remote, results: &[ResultMsg]) -> (String, Vec<(&'static str, Vec<Piece>)>) {
    let tallies: Vec<Tally> =
        remote.players.iter().map(|p| Tally { score: i64::from(p.score), wrong: p.wrong }).collect();
    let order = ranking::order(&tallies);
    let names: Vec<&str> = remote.players.iter().map(|p| p.name.as_str()).collect();
    let title = ranking::title(&tallies, &order, &names);
    let items = order
        .iter()
        .filter_map(|&i| Some((i, remote.players.get(i)?)))
        .map(|(seat, p)| {
            let rating = match results.iter().find(|r| usize::from(r.seat) == seat) {
                Some(r) => {
                    let settling = if r.provisional { " (provisional)" } else { "" };
                    format!("; rating {} → {}{settling}", r.before, r.after)
                }
                None => String::new(),
            };
            ("", vec![("span", "", format!("{}: {} sets, {} wrong{rating}", p.name, p.score, p.wrong))])
        })
        .collect();
    (title, items)
}

/// The game's clock, from the server's start (once a second, and with
/// every render).
pub(crate) fn render_clock(online: &Online) {
    let shown = online.room.log.elapsed_ms(crate::state::now()).map_or("–".to_owned(), clock_text);
    set_text("game-clock", &shown);
    // A quick-play room's countdown, each second.
    if online.room.starts_at.is_some() && online.room.remote.status == Status::Waiting {
        set_text("waiting-for", &online.room.start_line(crate::state::now()));
    }
}

/// The page and its board, as the model says.
pub(crate) fn render(online: &Online) {
    render_page(online);
    draw(online);
}

/// Everything but the board's canvas: what lays the page out, so that the
/// board is measured (and its motion made) on the page as it will be shown.
pub(crate) fn render_page(online: &Online) {
    if online.lobby.refill_names {
        prefill(online);
    }
    let remote = &online.room.remote;
    let in_room = !remote.room.is_empty();
    // The header tells of a room only in one, and the players' bar is a room's.
    show("status", in_room);
    show("room-bar", in_room);
    show("lobby-link", in_room || online.room.wanted.is_some());
    set_text("room-name", if in_room { &remote.room } else { "–" });
    // A watcher is told so plainly, beside who else watches.
    let you_watch = in_room && remote.seat.is_none();
    let watching = match (you_watch, online.room.watchers.is_empty()) {
        (true, true) => "You are watching".to_owned(),
        (true, false) => format!("You are watching · Watching: {}", online.room.watchers.join(", ")),
        (false, true) => String::new(),
        (false, false) => format!("Watching: {}", online.room.watchers.join(", ")),
    };
    set_text("watchers", &watching);
    set_text("deck-left", &remote.view.deck_left.to_string());
    set_text("sets-found", &remote.view.found.to_string());
    let link = match (online.connection.link, online.connection.rtt) {
        // The node beside the round trip: where this room lives, for a player or an operator.
        (Link::Open, Some(ms)) if !online.connection.node.is_empty() => format!("{ms} ms · {}", online.connection.node),
        (Link::Open, Some(ms)) => format!("{ms} ms"),
        (link, _) => link.name().to_owned(),
    };
    set_text("link-state", &link);
    render_clock(online);
    // Shown, empty, from the game's start: the board's box does not change as it fills.
    show("set-log-section", in_room && remote.status != Status::Waiting);
    crate::set_log::render(online.room.log.sets(), remote);
    render_found(remote, in_room);
    if let Some(roster) = element("roster") {
        fill_list(&roster, &roster_items(online, online.connection.rtt));
    }
    // The chat: the room's (its players and its watchers), or the lobby's.
    show("chat", in_room || online.lobby.shown.is_some());
    show("chat-form", in_room || online.lobby.shown.is_some());
    render_lobby(online);
    if let Some(lines) = element("chat-lines") {
        let items: Vec<(&'static str, Vec<Piece>)> = online
            .chat
            .iter()
            .filter(|line| !online.muted.contains(&line.name))
            .map(|line| {
                let mut pieces = vec![("b", "", line.name.clone())];
                if line.watching {
                    pieces.push(("small", "watching", " (watching)".to_owned()));
                }
                pieces.push(("span", "", format!(" {}", line.text)));
                ("", pieces)
            })
            .collect();
        // A new line shows at the bottom.
        if fill_list(&lines, &items) {
            lines.set_scroll_top(lines.scroll_height());
        }
    }
    let said = if online.connection.link == Link::Reconnecting {
        "Connection lost: reconnecting…"
    } else {
        remote.said.as_str()
    };
    set_text("room-note", said);
    // Outside a room the note shows only when it has something to say (the form says its own).
    show("room-note", in_room || !said.is_empty());
    // The lobby: make a room, sit at one, or wait for the host.
    let waiting = remote.status == Status::Waiting;
    let wanted = online.room.wanted.is_some() || in_room;
    show("create-panel", !wanted);
    render_home(online, !wanted);
    show("join-panel", wanted && waiting && remote.seat.is_none());
    show("waiting-panel", in_room && waiting && remote.seat.is_some());
    show("lobby", !wanted || (waiting && (in_room || online.connection.link != Link::Open)));
    if in_room && waiting {
        if let Some(input) = document().get_element_by_id("room-link") {
            let input: HtmlInputElement = input.unchecked_into();
            let link = room_link(&remote.room);
            if input.value() != link {
                input.set_value(&link);
            }
        }
        let host = remote.seat == Some(remote.host);
        show("start-game", host);
        show("bot-offer", host && online.room.offer_bots(crate::state::now()));
        // Who is here, as they come, and who will start.
        if let Some(list) = element("waiting-people") {
            let items: Vec<(&'static str, Vec<Piece>)> = remote
                .players
                .iter()
                .enumerate()
                .map(|(seat, p)| {
                    let mut tags = Vec::new();
                    if seat == usize::from(remote.host) {
                        tags.push("host");
                    }
                    if remote.seat.is_some_and(|s| usize::from(s) == seat) {
                        tags.push("you");
                    }
                    if p.bot {
                        tags.push("computer");
                    }
                    let tags = if tags.is_empty() { String::new() } else { format!(" ({})", tags.join(", ")) };
                    ("", vec![("span", "", format!("{}{tags}", p.name))])
                })
                .collect();
            fill_list(&list, &items);
        }
        set_text("waiting-for", &online.room.start_line(crate::state::now()));
        set_text("rated-needs", &online.room.rated_line());
    }
    show("hint-button", remote.hints && remote.status == Status::Playing && remote.seat.is_some());
    show("no-set-button", remote.dealing.is_called() && remote.status == Status::Playing && remote.seat.is_some());
    // The end.
    let over = remote.status == Status::Over;
    show("end-screen", over && !online.room.end_put_away);
    show("show-results", over && online.room.end_put_away);
    // The log's line only once the end screen is put away (the log is
    // behind it until then): a line added at the end would reshape the
    // board under cards that stay.
    if !(over && online.room.end_put_away) {
        set_text("log-rated", "");
    }
    if over {
        let (title, items) = ranking_items(remote, &online.room.results);
        set_text("end-title", &title);
        if let Some(list) = element("end-ranking") {
            fill_list(&list, &items);
        }
        let rated = online.room.rated_line();
        set_text("end-rated", &rated);
        if online.room.end_put_away {
            set_text("log-rated", &rated);
        }
        let matches = crate::deal::matches(remote);
        show("end-proof", matches.is_some());
        set_text(
            "end-proof-title",
            if matches == Some(false) { "Fair deal: does not match" } else { "Fair deal: verified" },
        );
        let deal = match (&remote.seed, &remote.salt, matches) {
            (Some(seed), Some(salt), Some(true)) => format!(
                "The deal: seed {seed}, salt {salt}. This page checked it against SHA-256(room:seed:salt) = {}, which the server published at the start: the cards were fixed before the first was dealt.",
                remote.commitment
            ),
            (Some(seed), Some(salt), Some(false)) => format!(
                "The deal: seed {seed}, salt {salt}. It does not match SHA-256(room:seed:salt) = {}, which the server published at the start: this is not the deal it promised.",
                remote.commitment
            ),
            _ => String::new(),
        };
        set_text("end-deal", &deal);
        if let Some(a) = element("end-download") {
            let href = format!("/api/games/{}", remote.room);
            if a.get_attribute("href").as_deref() != Some(&href) {
                let _ = a.set_attribute("href", &href);
            }
        }
        set_text("end-rematch", &online.room.play_again_label());
    }
}

/// A puzzle room's claims found on its table, small above it, as the solo
/// page shows them (`set_canvas::found`); hidden in every other way. Drawn
/// again only when the claims change.
fn render_found(remote: &Remote, in_room: bool) {
    use set_core::rules::variant::Variant;
    let puzzle = in_room && remote.variant.is_some_and(Variant::is_puzzle);
    show("found-region", puzzle);
    let Some(list) = element("found-sets") else { return };
    let claims = if puzzle { &remote.view.found_on_table[..] } else { &[] };
    // A card id as one character (a way's claims are all of one size): compared, never read.
    let shown: String = claims.iter().flatten().map(|card| char::from(card.id())).collect();
    if list.get_attribute("data-shown").as_deref() == Some(shown.as_str()) {
        return;
    }
    let _ = list.set_attribute("data-shown", &shown);
    let mut look = set_canvas::board::looks().card();
    look.deck = remote.variant.map_or(set_core::rules::deck::Deck::Classic, Variant::deck);
    let ratio = window().device_pixel_ratio();
    set_canvas::found::list_claims(&list, claims.iter().map(Vec::as_slice), look, ratio);
}
