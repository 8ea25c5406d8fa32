//! The page: SET's browser edge around [`set_core`].
//!
//! A thin layer, compiled only for wasm32 (natively this crate is empty; the
//! core's tests are the native ones). Its rooms:
//! - [`start`]: mounting on the page, what storage held, the first game;
//! - [`input`]: the page's events turned into [`app::Input`]s;
//! - [`app`]: the funnel: input → session update → one save, one redraw;
//!   beside it in `app/`, the controller's other jobs, one file each:
//!   persistence, the notice, effects, the board, the card buttons, `state()`;
//! - [`exports`]: the wasm-bindgen functions on `window.wasmBindings`;
//! - `race` (race.html's build only, the `race` feature): the game with
//!   other players, added beside the game alone: its entry and its host;
//! - [`dom`] (the page's elements; the cards are drawn by `set_canvas`),
//!   [`storage`] (localStorage).
//!
//! One [`App`] per page lives in a thread-local. Exports and event listeners
//! reach it through [`with_app`], which never panics on re-entry: a call made
//! while the app is busy gets an error instead. Randomness enters here and
//! only here, as the seed of a new game.
#![cfg(target_arch = "wasm32")]
#![warn(missing_docs)]

mod app;
mod dom;
pub mod exports;
mod input;
// race.html's build: the game with other players (its entry, its host).
#[cfg(feature = "race")]
pub mod race;
mod start;
mod storage;

pub use exports::*;
pub use start::{mount, start};

use app::{App, Input};
use set_client::play::session::Session;
use set_core::rules::daily::Date;
use set_core::rules::game::MAX_SEED;
use set_core::rules::variant::Variant;
use std::cell::RefCell;

#[cfg(target_arch = "wasm32")]
use set_alloc as _;

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

/// Runs `f` on the page's app, creating a board-less one on first use (as on
/// a page that only wants the exports).
fn with_app<T>(f: impl FnOnce(&mut App) -> T) -> Result<T, Busy> {
    APP.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| Busy)?;
        Ok(f(slot.get_or_insert_with(headless_app)))
    })
}

fn headless_app() -> App {
    App::new(Box::new(Session::new(Variant::Classic, random_seed(), now())), None)
}

/// A call made while the app is busy with another (a listener that calls
/// the API, say): it is refused, and told so in these words.
struct Busy;

const BUSY: &str = "the game is busy with another call";

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

/// Every listener ends here, so the game's handling exists once in the wasm.
fn dispatch(input: Input) {
    let _ = with_app(|app| app.handle(input, now()));
}
