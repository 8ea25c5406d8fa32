//! The leaderboards and players' profiles, read from the
//! server's HTTP API (`fetch`) and drawn into the lobby, and the JS API's
//! `online_leaderboard` and `online_profile`. It owns the leaderboard's and
//! the profile's elements; the room page's client never touches them.
//!
//! One funnel, as in the page: a click or an answer → [`Standings::update`]
//! → one render.

use crate::fetch;
use js_sys::{Function, Promise, Reflect};
use set_client::play::stopwatch::format_clock;
use set_core::text::counted;
use set_online::dom::{Piece, document, element, fill_list, select_value, set_text, show, window};
use set_online::wire::Js;
use set_protocol::api::{LeaderMsg, ProfileMsg};
use set_protocol::read;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local! {
    static STANDINGS: RefCell<Standings> = const { RefCell::new(Standings { board: Vec::new(), profile: None }) };
}

/// What the part shows: a leaderboard, and the profile opened from it (or
/// the server's words when there is none to open).
struct Standings {
    board: Vec<LeaderMsg>,
    profile: Option<Result<ProfileMsg, String>>,
}

enum Event {
    Click(String),
    Board(JsValue),
    Profile(JsValue),
    Refused(String),
}

impl Standings {
    fn update(&mut self, event: Event) {
        match event {
            Event::Click(id) => match id.as_str() {
                "board-show" => {
                    let mode = select_value("board-mode").unwrap_or_else(|| "classic".to_owned());
                    ask(&leaderboard_path(&mode), Event::Board);
                }
                "my-profile" => match own_player() {
                    Some(player) => ask(&profile_path(&player), Event::Profile),
                    None => self.profile = Some(Err("Not connected yet.".to_owned())),
                },
                "profile-close" => self.profile = None,
                _ => {
                    let at = id.strip_prefix("profile-").and_then(|s| s.parse::<usize>().ok());
                    if let Some(line) = at.and_then(|at| self.board.get(at)) {
                        ask(&profile_path(&line.player), Event::Profile);
                    }
                }
            },
            Event::Board(value) => self.board = read::leaderboard(&Js(value)),
            Event::Profile(value) => {
                self.profile = Some(read::profile(&Js(value)).ok_or_else(|| "The profile did not read.".to_owned()));
            }
            Event::Refused(why) => self.profile = Some(Err(why)),
        }
    }

    fn render(&self) {
        if let Some(list) = element("board-lines") {
            let items: Vec<(&'static str, Vec<Piece>)> = self
                .board
                .iter()
                .map(|line| {
                    let settling = if line.provisional { ", provisional" } else { "" };
                    let about =
                        format!(" {} ({}{settling}) ", line.rating, counted(line.games.into(), "game", "games"));
                    ("", vec![("button", "profile", line.name.clone()), ("span", "", about)])
                })
                .collect();
            fill_list(&list, &items);
        }
        show("profile", self.profile.is_some());
        match &self.profile {
            Some(Ok(profile)) => render_profile(profile),
            Some(Err(why)) => {
                set_text("profile-title", "No profile");
                set_text("profile-summary", why);
                if let Some(list) = element("profile-games") {
                    fill_list(&list, &[]);
                }
            }
            None => {}
        }
    }
}

fn render_profile(profile: &ProfileMsg) {
    let clock = |ms: u64| format_clock(ms as f64);
    set_text("profile-title", &profile.name);
    let ratings: Vec<String> = profile.ratings.iter().map(|(mode, rating)| format!("{mode} {rating}")).collect();
    let times: Vec<String> = profile
        .times
        .iter()
        .map(|(mode, times)| {
            let fastest = times.fastest_win_ms.map(|ms| format!(", fastest win {}", clock(ms))).unwrap_or_default();
            format!("{mode} median {}{fastest}", clock(times.median_ms))
        })
        .collect();
    let summary = format!(
        "{}, {} won, {}. Ratings: {}. Game times: {}.",
        counted(profile.games.into(), "rated game", "rated games"),
        profile.wins,
        counted(profile.sets.into(), "set", "sets"),
        ratings.join(", "),
        times.join("; ")
    );
    set_text("profile-summary", &summary);
    let Some(list) = element("profile-games") else { return };
    let items: Vec<(&'static str, Vec<Piece>)> = profile
        .recent
        .iter()
        .map(|game| {
            let text = format!(
                "{}: place {} of {}, {} in {}, {} → {} ",
                game.mode,
                game.place,
                game.players,
                counted(game.sets.into(), "set", "sets"),
                clock(game.ms),
                game.before,
                game.after
            );
            ("", vec![("span", "", text), ("a", "", "Open in the analysis".to_owned())])
        })
        .collect();
    if fill_list(&list, &items) {
        // Each game's link: the solo page, which fetches the game's save and opens its analysis.
        for (at, game) in profile.recent.iter().enumerate() {
            if let Ok(Some(link)) = list.query_selector(&format!("li:nth-child({}) a", at + 1)) {
                let _ = link.set_attribute("href", &format!("./?analyse={}", game.room));
            }
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
/// `answered(json)`, or its refusal as [`Event::Refused`].
fn ask(path: &str, answered: fn(JsValue) -> Event) {
    let Ok(promise) = fetch::json(path) else { return };
    let done = Closure::once_into_js(move |value: JsValue| dispatch(answered(value)));
    let failed = Closure::once_into_js(|error: JsValue| {
        let why = Reflect::get(&error, &"message".into()).ok().and_then(|m| m.as_string());
        dispatch(Event::Refused(why.unwrap_or_default()));
    });
    let next = fetch::then(&promise, &done);
    let catch = Reflect::get(&next, &"catch".into()).ok().and_then(|c| c.dyn_into::<Function>().ok());
    if let Some(catch) = catch {
        let _ = catch.call1(&next, &failed);
    }
}

/// The part's start: the leaderboard's and the profile's buttons into the funnel.
#[wasm_bindgen(start)]
pub fn start() {
    let click = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let button = target.and_then(|t| t.closest("button[id]").ok().flatten());
        let Some(id) = button.map(|b| b.id()) else { return };
        if matches!(id.as_str(), "board-show" | "my-profile") || id.starts_with("profile-") {
            dispatch(Event::Click(id));
        }
    });
    let _ = document().add_event_listener_with_callback("click", click.as_ref().unchecked_ref());
    click.forget();
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
