//! The lobby's leaderboard of the way chosen (shown without a click, read
//! again when another way is chosen) and a player's profile view
//! (`online.html?player=<id>`, drawn by `crate::profile`), read from the
//! server's HTTP API (`fetch`), and the JS API's `online_leaderboard` and
//! `online_profile`. It owns the leaderboard's and the profile's elements;
//! the room page's client never touches them.
//!
//! One funnel, as in the page: a choice or an answer → [`Standings::update`]
//! → one render.

use crate::fetch;
use js_sys::{Function, Promise, Reflect};
use set_core::text::counted;
use set_online::dom::{Piece, document, element, fill_list, select_value, set_in_items, set_text, window};
use set_online::wire::Js;
use set_protocol::api::{LeaderMsg, ProfileMsg};
use set_protocol::read;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local! {
    static STANDINGS: RefCell<Standings> = const { RefCell::new(Standings { board: None, profile: None }) };
}

/// What the part shows: the leaderboard (none until it came), and the
/// profile the address names (or the server's words when there is none).
struct Standings {
    board: Option<Result<Vec<LeaderMsg>, String>>,
    profile: Option<Result<ProfileMsg, String>>,
}

enum Event {
    /// The way to play of the leaderboard, chosen.
    Chosen(String),
    /// This player's own profile asked for.
    OwnProfile,
    Board(JsValue),
    BoardRefused(String),
    Profile(JsValue),
    Refused(String),
}

impl Standings {
    fn update(&mut self, event: Event) {
        match event {
            Event::Chosen(mode) => {
                self.board = None;
                ask(&leaderboard_path(&mode), Event::Board, Event::BoardRefused);
            }
            Event::OwnProfile => match own_player() {
                Some(player) => {
                    let _ = window().location().assign(&profile_address(&player));
                }
                None => set_text("board-note", "Not connected yet: your profile opens once the page is."),
            },
            Event::Board(value) => self.board = Some(Ok(read::leaderboard(&Js(value)))),
            Event::BoardRefused(why) => self.board = Some(Err(why)),
            Event::Profile(value) => {
                self.profile = Some(read::profile(&Js(value)).ok_or_else(|| "The profile did not read.".to_owned()));
            }
            Event::Refused(why) => self.profile = Some(Err(why)),
        }
    }

    fn render(&self) {
        if let Some(list) = element("board-lines") {
            let lines = match &self.board {
                Some(Ok(lines)) => lines.as_slice(),
                _ => &[],
            };
            let items: Vec<(&'static str, Vec<Piece>)> = lines
                .iter()
                .map(|line| {
                    let settling = if line.provisional { ", provisional" } else { "" };
                    let about = format!(" {} ({}{settling})", line.rating, counted(line.games.into(), "game", "games"));
                    ("", vec![("a", "", line.name.clone()), ("span", "", about)])
                })
                .collect();
            if fill_list(&list, &items) {
                set_in_items(&list, "a", "href", lines.iter().map(|line| profile_address(&line.player)));
            }
            let note = match &self.board {
                None => "Loading…".to_owned(),
                Some(Ok(lines)) if lines.is_empty() => {
                    "No one is listed yet: a rating is listed once it is settled, after enough rated games.".to_owned()
                }
                Some(Ok(_)) => String::new(),
                Some(Err(why)) => format!("The leaderboard did not load: {why}"),
            };
            set_text("board-note", &note);
        }
        match &self.profile {
            Some(Ok(profile)) => crate::profile::render(profile),
            Some(Err(why)) => crate::profile::render_missing(why),
            None => {}
        }
    }
}

/// The funnel: an event → the update → one render.
fn dispatch(event: Event) {
    STANDINGS.with(|cell| {
        if let Ok(mut standings) = cell.try_borrow_mut() {
            standings.update(event);
            standings.render();
        }
    });
}

fn leaderboard_path(mode: &str) -> String {
    let mode: String = mode.chars().filter(char::is_ascii_alphanumeric).collect();
    format!("/api/leaderboard/{mode}")
}

fn profile_path(player: &str) -> String {
    let player: String = player.chars().filter(char::is_ascii_hexdigit).collect();
    format!("/api/players/{player}")
}

/// This browser's player, as the room page's client says it (its JS API's
/// `state().online.player`), once the server has welcomed it.
fn own_player() -> Option<String> {
    let bindings = Reflect::get(&window(), &"wasmBindings".into()).ok()?;
    let state: Function = Reflect::get(&bindings, &"state".into()).ok()?.dyn_into().ok()?;
    let online = Reflect::get(&state.call0(&bindings).ok()?, &"online".into()).ok()?;
    Reflect::get(&online, &"player".into()).ok()?.as_string()
}

/// Asks the server's HTTP API; its answer comes back through the funnel as
/// `answered(json)`, or its refusal as `refused(why)`.
fn ask(path: &str, answered: fn(JsValue) -> Event, refused: fn(String) -> Event) {
    let Ok(promise) = fetch::json(path) else { return };
    let done = Closure::once_into_js(move |value: JsValue| dispatch(answered(value)));
    let failed = Closure::once_into_js(move |error: JsValue| {
        let why = Reflect::get(&error, &"message".into()).ok().and_then(|m| m.as_string());
        dispatch(refused(why.unwrap_or_default()));
    });
    let next = fetch::then(&promise, &done);
    let catch = Reflect::get(&next, &"catch".into()).ok().and_then(|c| c.dyn_into::<Function>().ok());
    if let Some(catch) = catch {
        let _ = catch.call1(&next, &failed);
    }
}

/// The profile view's address for a player.
fn profile_address(player: &str) -> String {
    let player: String = player.chars().filter(char::is_ascii_hexdigit).collect();
    format!("online.html?player={player}")
}

/// The player the page's address names, if it is a profile's.
fn player_in_address() -> Option<String> {
    let search = window().location().search().ok()?;
    set_core::text::query_value(&search, "player").map(str::to_owned)
}

/// The part's start: the profile the address names, or the leaderboard of
/// the way chosen; then the leaderboard's choices into the funnel.
#[wasm_bindgen(start)]
pub fn start() {
    match player_in_address() {
        Some(player) => ask(&profile_path(&player), Event::Profile, Event::Refused),
        None => dispatch(Event::Chosen(select_value("board-mode").unwrap_or_else(|| "classic".to_owned()))),
    }
    let click = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        if target.and_then(|t| t.closest("#my-profile").ok().flatten()).is_some() {
            dispatch(Event::OwnProfile);
        }
    });
    let _ = document().add_event_listener_with_callback("click", click.as_ref().unchecked_ref());
    click.forget();
    let chosen = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        if target.is_some_and(|t| t.id() == "board-mode") {
            dispatch(Event::Chosen(select_value("board-mode").unwrap_or_else(|| "classic".to_owned())));
        }
    });
    let _ = document().add_event_listener_with_callback("change", chosen.as_ref().unchecked_ref());
    chosen.forget();
}

/// A way to play's leaderboard: a Promise of `[{ player, name, rating,
/// games, provisional }]`, settled ratings first, each part best first.
#[wasm_bindgen]
pub fn online_leaderboard(mode: String) -> Result<Promise, JsError> {
    fetch::json(&leaderboard_path(&mode))
}

/// A player's profile (this player's without an argument): a Promise of
/// `{ player, name, ratings: { classic: 1532, … }, games, wins, sets, times:
/// { classic: { games, fastest_win_ms, median_ms }, … }, recent: [{ room,
/// mode, place, players, sets, before, after, ms }] }`; rejects for a player
/// who has played no rated game.
#[wasm_bindgen]
pub fn online_profile(player: Option<String>) -> Result<Promise, JsError> {
    let player = player.or_else(own_player).ok_or_else(|| JsError::new("not connected yet"))?;
    fetch::json(&profile_path(&player))
}
