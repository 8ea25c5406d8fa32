//! The room page drawn from the client's state, once per event: the header,
//! the players (score, wrong claims, connection, round trip), the status
//! line, the lobby (create, join, wait with the link to share), the cards
//! (canvas, with a button over each for focus, keys and screen readers),
//! and the end screen (ranking, the revealed deal, download, rematch).
//! Everything the server sent is written as text, never as markup.

use crate::dom::{Piece, document, element, fill_list, select_value, set_text, show, window};
use crate::state::{Event, Online};
use crate::wire::tenths;
use js_sys::{Array, Object, Reflect};
use set_canvas::board::{Drawn, Looks, Marks, draw_table, looks};
use set_client::online::{self as model, Link};
use set_client::page::layout::{Place, Plan, Rect};
use set_client::remote::Remote;
use set_client::room_log::clock_text;
use set_core::online::room::Status;
use set_core::players::ranking::{self, Tally};
use set_core::rules::card::Card;
use set_core::rules::variant::Variant;
use set_protocol::ResultMsg;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement, HtmlInputElement};

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
    Some(match id {
        "create-room" => {
            let (mode, name, hints, public) = create_form();
            E::Create { mode, name, hints, public, bots: create_bots() }
        }
        // Alone in a room for a while: a computer opponent now, or keep waiting.
        "offer-bots" => E::AcceptBots,
        "keep-waiting" => E::KeepWaiting,
        "transfer-get" => E::TransferCode,
        "sign-out-elsewhere" => E::SignOutElsewhere,
        "transfer-use" => Some(take_transfer_code()).filter(|code| !code.trim().is_empty()).map(E::Redeem)?,
        "join-room" => E::Join { room: online.wanted_room.as_deref()?.to_owned(), name: join_name() },
        "start-game" => E::Start,
        "hint-button" => E::Hint,
        "end-rematch" => E::Rematch,
        // The name field of the lobby, changed: the lobby lists it.
        "create-name" => E::Rename(name_given()),
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
        _ if id.starts_with("enter-") => E::Enter { at: number("enter-")?, name: name_given() },
        _ if id.starts_with("hush-") => E::MuteInLobby(number("hush-")?),
        _ if id.starts_with("remove-") => E::Remove { seat: u8::try_from(number("remove-")?).ok()? },
        _ if id.starts_with("mute-") => E::MuteSeat(number("mute-")?),
        _ if id.starts_with("report-") => E::ReportSeat(number("report-")?),
        _ => return None,
    })
}

/// Clicks anywhere on the page, Enter in the chat field, a name given in the
/// lobby, and resizes, into the one funnel.
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
    let enter = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let in_chat =
            event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|t| t.id() == "chat-text");
        let key = Reflect::get(&event, &"key".into()).ok().and_then(|k| k.as_string());
        if in_chat && key.as_deref() == Some("Enter") {
            dispatch(Event::Click("chat-send".to_owned()));
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

/// The name fields start with the name the player gave last time.
pub(crate) fn prefill(online: &Online) {
    for id in ["create-name", "join-name"] {
        if let Some(input) = document().get_element_by_id(id) {
            input.unchecked_into::<HtmlInputElement>().set_value(&online.name);
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
    let (remote, muted) = (&online.remote, &online.muted);
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
            let label = if online.reported.contains(&p.player) { "Reported" } else { "Report" };
            pieces.push(("button", "report", label.to_owned()));
        }
        items.push((if p.connected { "on" } else { "off" }, pieces));
    }
    items
}

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
fn render_lobby(online: &Online) {
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
    let shown = online.log.elapsed_ms(crate::state::now()).map_or("–".to_owned(), clock_text);
    set_text("game-clock", &shown);
}

/// The page and its board, as the model says.
pub(crate) fn render(online: &Online) {
    render_page(online);
    draw(online);
}

/// Everything but the board's canvas: what lays the page out, so that the
/// board is measured (and its motion made) on the page as it will be shown.
pub(crate) fn render_page(online: &Online) {
    if online.refill_names {
        prefill(online);
    }
    let remote = &online.remote;
    let in_room = !remote.room.is_empty();
    set_text("room-name", if in_room { &remote.room } else { "–" });
    // A watcher is told so plainly, beside who else watches.
    let you_watch = in_room && remote.seat.is_none();
    let watching = match (you_watch, online.watchers.is_empty()) {
        (true, true) => "You are watching".to_owned(),
        (true, false) => format!("You are watching · Watching: {}", online.watchers.join(", ")),
        (false, true) => String::new(),
        (false, false) => format!("Watching: {}", online.watchers.join(", ")),
    };
    set_text("watchers", &watching);
    set_text("deck-left", &remote.view.deck_left.to_string());
    set_text("sets-found", &remote.view.found.to_string());
    let link = match (online.link, online.rtt) {
        // The node beside the round trip: where this room lives, for a player or an operator.
        (Link::Open, Some(ms)) if !online.node.is_empty() => format!("{ms} ms · {}", online.node),
        (Link::Open, Some(ms)) => format!("{ms} ms"),
        (link, _) => link.name().to_owned(),
    };
    set_text("link-state", &link);
    render_clock(online);
    // Shown, empty, from the game's start: the board's box does not change as it fills.
    show("set-log-section", in_room && remote.status != Status::Waiting);
    crate::set_log::render(online.log.sets(), remote);
    if let Some(roster) = element("roster") {
        fill_list(&roster, &roster_items(online, online.rtt));
    }
    // The chat: read by everyone in the room, written by its players; or the lobby's.
    show("chat", in_room || online.lobby.is_some());
    show("chat-form", remote.seat.is_some() || online.lobby.is_some());
    render_lobby(online);
    if let Some(lines) = element("chat-lines") {
        let items: Vec<(&'static str, Vec<Piece>)> = online
            .chat
            .iter()
            .filter(|line| !online.muted.contains(&line.name))
            .map(|line| ("", vec![("b", "", line.name.clone()), ("span", "", format!(" {}", line.text))]))
            .collect();
        // A new line shows at the bottom.
        if fill_list(&lines, &items) {
            lines.set_scroll_top(lines.scroll_height());
        }
    }
    let said =
        if online.link == Link::Reconnecting { "Connection lost: reconnecting…" } else { remote.said.as_str() };
    set_text("room-note", said);
    // The lobby: make a room, sit at one, or wait for the host.
    let waiting = remote.status == Status::Waiting;
    let wanted = online.wanted_room.is_some() || in_room;
    show("create-panel", !wanted);
    show("join-panel", wanted && waiting && remote.seat.is_none());
    show("waiting-panel", in_room && waiting && remote.seat.is_some());
    show("lobby", !wanted || (waiting && (in_room || online.link != Link::Open)));
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
        show("bot-offer", host && online.offer_bots(crate::state::now()));
        let needed = if host { "Start when everyone is here." } else { "The host starts the game." };
        set_text("waiting-for", needed);
    }
    show("hint-button", remote.hints && remote.status == Status::Playing && remote.seat.is_some());
    // The end.
    let over = remote.status == Status::Over;
    show("end-screen", over);
    if over {
        let (title, items) = ranking_items(remote, &online.results);
        set_text("end-title", &title);
        if let Some(list) = element("end-ranking") {
            fill_list(&list, &items);
        }
        let deal = match (&remote.seed, &remote.salt, crate::deal::matches(remote)) {
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
        set_text("end-rematch", if remote.next_room.is_some() { "Join the rematch" } else { "Rematch" });
    }
}

/// The canvas fitted to its box, whether that resized it (and so cleared
/// it), and its size in CSS pixels. Its scale is set by whoever draws: any
/// call on a canvas the compositor holds makes the browser copy it.
fn fitted_canvas() -> Option<(CanvasRenderingContext2d, bool, f64, f64)> {
    let canvas: HtmlCanvasElement = document().get_element_by_id("board")?.unchecked_into();
    let main: HtmlElement = canvas.parent_element()?.unchecked_into();
    let (w, h) = (f64::from(main.client_width()), f64::from(main.client_height()));
    let ratio = window().device_pixel_ratio().max(1.0);
    let (pw, ph) = ((w * ratio).round() as u32, (h * ratio).round() as u32);
    let resized = canvas.width() != pw || canvas.height() != ph;
    if resized {
        canvas.set_width(pw);
        canvas.set_height(ph);
        let style = canvas.unchecked_ref::<HtmlElement>().style();
        let _ = style.set_property("width", &format!("{}px", tenths(w)));
        let _ = style.set_property("height", &format!("{}px", tenths(h)));
    }
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.unchecked_into();
    Some((ctx, resized, w, h))
}

/// The room's board as it is laid out now, and the canvas's width: what
/// the motion is measured on.
pub(crate) fn board_now(online: &Online) -> Option<(set_client::page::layout::Board, f64)> {
    let canvas = document().get_element_by_id("board")?;
    let main: HtmlElement = canvas.parent_element()?.unchecked_into();
    let (w, h) = (f64::from(main.client_width()), f64::from(main.client_height()));
    let remote = &online.remote;
    let table: &[Card] = if remote.status == Status::Waiting { &[] } else { &remote.view.table };
    let row = row_of(remote);
    Some((Drawn { table, row: &row, plan: plan_of(remote), motion: None }.board(w, h), w))
}

/// Hands a motion new now to the moving cards' layers, or takes them away
/// once it is over: an animation frame while cards move draws nothing
/// (set_canvas::sprites).
pub(crate) fn show_sprites(online: &mut Online) {
    let Some(board) = document().get_element_by_id("board") else { return };
    let board: HtmlCanvasElement = board.unchecked_into();
    let now = crate::state::now();
    let feel = &mut online.feel;
    match &feel.motion {
        Some(motion) if motion.is_running(now) => {
            let look = feel.looks.unwrap_or_else(looks).card();
            let ratio = window().device_pixel_ratio().max(1.0);
            feel.sprites.follow(&board, Some(motion), now, look, ratio);
        }
        _ => feel.sprites.clear(),
    }
}

/// Draws the canvas alone, in the looks the motion started with: the board at rest once cards stop moving.
pub(crate) fn draw_board(online: &Online) {
    let _ = draw_canvas(online, online.feel.looks.unwrap_or_else(looks));
}

/// What the room's board is laid out for: its way to play's most cards.
fn plan_of(remote: &Remote) -> Plan {
    remote.variant.map_or(Plan::for_variant(Variant::Classic), Plan::for_variant)
}

fn row_of(remote: &Remote) -> Vec<Card> {
    remote.view.previous.clone().unwrap_or_default()
}

/// The board's canvas (when what it shows changed) and the cards' buttons over it.
pub(crate) fn draw(online: &Online) {
    if let Some((board, table)) = draw_canvas(online, looks()) {
        draw_buttons(online, board, table);
    }
}

/// Draws the room's canvas, in these looks, unless it shows that already
/// (a socket's frame that changes nothing on the table, a ping's answer, a
/// line of chat, draws no card); the board it is laid out on, and the table.
fn draw_canvas(online: &Online, looks: Looks) -> Option<(set_client::page::layout::Board, &[Card])> {
    let remote = &online.remote;
    let (ctx, resized, w, h) = fitted_canvas()?;
    let row = row_of(remote);
    let table: &[Card] = if remote.status == Status::Waiting { &[] } else { &remote.view.table };
    let motion = online.feel.motion.as_ref();
    let drawn = Drawn { table, row: &row, plan: plan_of(remote), motion };
    // A fingerprint (FNV-1a) of everything the drawing depends on.
    let mut shown: u64 = 0xcbf2_9ce4_8422_2325;
    let mut add = |part: u64| shown = (shown ^ part).wrapping_mul(0x0100_0000_01b3);
    for cards in [table, &row, &remote.picks, &remote.view.hinted] {
        for &card in cards {
            add(u64::from(card.id()) << 1 | u64::from(motion.is_some_and(|m| m.moves(card))));
        }
        add(u64::MAX);
    }
    let settings = looks.settings();
    for part in [
        u64::from(looks.dark),
        u64::from(settings.colour_cues),
        settings.palette as u64,
        (w * 10.0) as u64,
        (h * 10.0) as u64,
    ] {
        add(part);
    }
    if resized || online.feel.shown.replace(shown) != shown {
        let ratio = window().device_pixel_ratio().max(1.0);
        set_canvas::paint(&ctx).scale_to(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        let marks = Marks { hinted: &remote.view.hinted, picked: &remote.picks, ..Marks::default() };
        draw_table(&ctx, w, h, drawn, marks, looks);
    }
    Some((drawn.board(w, h), table))
}

/// The buttons over the cards, rewritten only when they change.
fn draw_buttons(online: &Online, board: set_client::page::layout::Board, table: &[Card]) {
    let remote = &online.remote;
    let mut buttons = String::new();
    for (slot, &card) in table.iter().enumerate() {
        let Some(r) = board.rect(Place::Table(slot)) else { continue };
        let picked = remote.picks.contains(&card);
        let pending = remote.pending.as_ref().is_some_and(|p| p.cards.contains(&card));
        let state = if pending { ", claim pending" } else { "" };
        buttons.push_str(&format!(
            r#"<button id="card-{slot}" type="button" aria-pressed="{picked}" aria-label="Slot {}: {card}{state}" style="left:{}px;top:{}px;width:{}px;height:{}px"></button>"#,
            slot + 1,
            tenths(r.x),
            tenths(r.y),
            tenths(r.w),
            tenths(r.h)
        ));
    }
    if let Some(cards) = element("cards") {
        if cards.inner_html() != buttons {
            cards.set_inner_html(&buttons);
        }
    }
}

fn rect_value(rect: Rect, offset: (f64, f64)) -> JsValue {
    [rect.x + offset.0, rect.y + offset.1, rect.w, rect.h].iter().map(|&n| JsValue::from(n)).collect::<Array>().into()
}

pub(crate) fn card_rect(online: &Online, card: Card) -> JsValue {
    let remote = &online.remote;
    let Some(slot) = remote.view.table.iter().position(|&c| c == card) else { return JsValue::NULL };
    let Some(canvas) = document().get_element_by_id("board") else { return JsValue::NULL };
    let bounds = canvas.get_bounding_client_rect();
    let row = row_of(remote);
    let drawn = Drawn { table: &remote.view.table, row: &row, plan: plan_of(remote), motion: None };
    let board = drawn.board(bounds.width(), bounds.height());
    board.rect(Place::Table(slot)).map_or(JsValue::NULL, |r| rect_value(r, (bounds.left(), bounds.top())))
}

fn put(object: &Object, name: &str, value: JsValue) {
    let _ = Reflect::set(object, &name.into(), &value);
}

fn ids(cards: &[Card]) -> JsValue {
    cards.iter().map(|c| JsValue::from(c.id())).collect::<Array>().into()
}

fn text_or_null(text: Option<&str>) -> JsValue {
    text.map_or(JsValue::NULL, JsValue::from_str)
}

fn texts(list: &[String]) -> JsValue {
    list.iter().map(|text| JsValue::from_str(text)).collect::<Array>().into()
}

/// `{ rooms: [{ room, mode, hints, status, players: [names], watchers }], online, people }`.
pub(crate) fn lobby_object(online: &Online) -> JsValue {
    let lobby = Object::new();
    let Some(known) = &online.lobby else { return lobby.into() };
    let rooms = Array::new();
    for r in &known.rooms {
        let room = Object::new();
        put(&room, "room", r.room.as_str().into());
        put(&room, "mode", r.mode.name().into());
        put(&room, "hints", r.hints.into());
        put(&room, "rated", r.rated.into());
        put(&room, "status", r.status.name().into());
        put(&room, "players", texts(&r.players));
        put(&room, "watchers", r.watchers.into());
        rooms.push(&room);
    }
    put(&lobby, "rooms", rooms.into());
    put(&lobby, "online", known.online.online.into());
    put(&lobby, "people", texts(&known.people));
    put(&lobby, "outOfDate", known.online.out_of_date.into());
    lobby.into()
}

pub(crate) fn state_object(online: &Online) -> JsValue {
    let remote = &online.remote;
    let players = Array::new();
    for (seat, p) in remote.players.iter().enumerate() {
        let player = Object::new();
        let result = online.results.iter().find(|r| usize::from(r.seat) == seat);
        let rating = result.map_or(JsValue::NULL, |r| {
            let change = Object::new();
            put(&change, "before", JsValue::from(r.before as f64));
            put(&change, "after", JsValue::from(r.after as f64));
            put(&change, "provisional", r.provisional.into());
            change.into()
        });
        put(&player, "rating", rating);
        put(&player, "name", p.name.as_str().into());
        put(&player, "score", p.score.into());
        put(&player, "wrong", p.wrong.into());
        put(&player, "connected", p.connected.into());
        put(&player, "rtt", p.rtt.map_or(JsValue::NULL, JsValue::from));
        players.push(&player);
    }
    let room = Object::new();
    put(&room, "room", remote.room.as_str().into());
    put(&room, "player", text_or_null(online.player.as_deref()));
    put(&room, "node", JsValue::from_str(&online.node));
    put(&room, "rated", online.rated.into());
    put(&room, "seat", remote.seat.map_or(JsValue::NULL, JsValue::from));
    put(&room, "status", remote.status.name().into());
    put(&room, "players", players.into());
    put(&room, "seq", remote.seq.into());
    put(&room, "commitment", remote.commitment.as_str().into());
    put(&room, "seed", text_or_null(remote.seed.as_deref()));
    put(&room, "salt", text_or_null(remote.salt.as_deref()));
    put(&room, "dealMatches", crate::deal::matches(remote).map_or(JsValue::NULL, JsValue::from));
    put(&room, "nextRoom", text_or_null(remote.next_room.as_deref()));
    put(&room, "mode", remote.variant.map_or(JsValue::NULL, |v| v.name().into()));
    let spectators: Array = online.watchers.iter().map(|name| JsValue::from_str(name)).collect();
    put(&room, "spectators", spectators.into());
    put(&room, "lobby", if online.lobby.is_some() { lobby_object(online) } else { JsValue::NULL });
    let chat = Array::new();
    for line in &online.chat {
        let said = Object::new();
        put(&said, "name", line.name.as_str().into());
        put(&said, "text", line.text.as_str().into());
        chat.push(&said);
    }
    put(&room, "chat", chat.into());
    let elapsed = online.log.elapsed_ms(crate::state::now());
    put(&room, "elapsedMs", elapsed.map_or(JsValue::NULL, |ms| JsValue::from(ms as f64)));
    let log = Array::new();
    for set in online.log.sets() {
        let entry = Object::new();
        let name = remote.players.get(usize::from(set.seat)).map_or("", |p| p.name.as_str());
        put(&entry, "name", name.into());
        let cards: Array = set.cards.iter().map(|&id| JsValue::from(id)).collect();
        put(&entry, "cards", cards.into());
        put(&entry, "atMs", JsValue::from(set.at_ms as f64));
        log.push(&entry);
    }
    put(&room, "log", log.into());
    let muted: Array = online.muted.iter().map(|name| JsValue::from_str(name)).collect();
    put(&room, "muted", muted.into());
    let state = Object::new();
    put(&state, "online", room.into());
    put(&state, "animating", online.feel.animating(crate::state::now()).into());
    let settings = looks().settings();
    let sound = Object::new();
    put(&sound, "on", settings.sound.into());
    put(&sound, "volume", JsValue::from(f64::from(settings.volume) / 100.0));
    put(&state, "sound", sound.into());
    put(&state, "table", ids(&remote.view.table));
    put(&state, "previous", remote.view.previous.as_ref().map_or(JsValue::NULL, |p| ids(p)));
    put(&state, "deckLeft", remote.view.deck_left.into());
    put(&state, "picks", ids(&remote.picks));
    put(&state, "pending", remote.pending.as_ref().map_or(JsValue::NULL, |p| ids(&p.cards)));
    put(&state, "said", remote.said.as_str().into());
    put(&state, "link", online.link.name().into());
    state.into()
}
