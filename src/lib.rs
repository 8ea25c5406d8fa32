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
//! - each page's entry, added by its feature: `solo` (index.html's, the
//!   default: the game alone) and `race` (race.html's: the game with other
//!   players, its entry and its host). Each page's wasm is built with its
//!   own feature only, so that it holds the controller of its own table;
//! - [`dom`] (the page's elements; the cards are drawn by `set_canvas`),
//!   [`storage`] (localStorage).
//!
//! One app per page (an `App` of the page's own table, as a `dyn Page`)
//! lives in a thread-local, put there by the page's entry. Exports and
//! event listeners reach it through [`with_app`], which never panics on
//! re-entry: a call made while the app is busy, or before the page has
//! started, gets an error instead. Randomness enters here and
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
// index.html's build (the default): the game alone (its entry).
#[cfg(feature = "solo")]
pub mod solo;
mod start;
mod storage;

pub use exports::*;

use app::{Input, Page};
use set_core::rules::daily::Date;
use set_core::rules::game::MAX_SEED;
use std::cell::RefCell;

#[cfg(target_arch = "wasm32")]
use set_alloc as _;

thread_local! {
    static APP: RefCell<Option<Box<dyn Page>>> = const { RefCell::new(None) };
}

/// Runs `f` on the page's app, which the page's entry put in place
/// (`start`, `start_race`; a page without a board gets one that draws
/// nothing).
fn with_app<T>(f: impl FnOnce(&mut dyn Page) -> T) -> Result<T, Unreachable> {
    APP.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| Unreachable::Busy)?;
        Ok(f(slot.as_deref_mut().ok_or(Unreachable::NotStarted)?))
    })
}

/// Why a call did not reach the page's app; it is refused, and told so in
/// [`Unreachable::words`].
#[derive(Clone, Copy)]
enum Unreachable {
    /// The app is busy with another call (a listener that calls the API, say).
    Busy,
    /// The page has not started its game yet.
    NotStarted,
}

impl Unreachable {
    fn words(self) -> &'static str {
        match self {
            Unreachable::Busy => "the game is busy with another call",
            Unreachable::NotStarted => "the game has not started",
        }
    }
}

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

/// The player made a gesture (see `app::Page::heard_gesture`).
fn heard_gesture() {
    let _ = with_app(|app| app.heard_gesture());
}
