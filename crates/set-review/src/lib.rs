//! The part of SET that loads later: statistics across games, a game's
//! analysis, its replay, and the Practice drills.
//!
//! It is a wasm-bindgen module of its own, fetched the first time one of its
//! views is opened (never before the first board), then kept by the service
//! worker like every file of the release (docs/page.md, "What loads later"). The
//! page's loader (index.html, `setPart`) calls [`open`] with a view's name
//! and, for the analysis and the replay, the game's save text; a failure to
//! load is told in the page's notice and leaves the game as it was.
//!
//! Its rooms: [`ledger`] keeps the record of games in storage (set aside
//! when unreadable, never written over when newer); [`shell`] is the dialog
//! the views draw into and the one callback that hears it; [`stats_view`],
//! [`analysis_view`], [`replay_view`] and [`practice`] are the views;
//! [`chart`] draws bars on a HiDPI canvas; `set_canvas::board` lays out and draws cards
//! with the page's own renderer; [`transfer`] exports and imports the record.
//! One funnel, as in the page: an event → [`Part::update`] → one render.
#![warn(missing_docs)]
#![cfg(target_arch = "wasm32")]

mod analysis_view;
mod chart;
mod gallery_view;
mod ledger;
mod practice;
mod replay_view;
mod shell;
mod stats_view;
mod transfer;
mod words;

use ledger::Ledger;
use set_client::page::options::gallery_deck;
use set_client::review::analysis::Analysis;
use set_client::review::record::mode_index;
use set_core::players::sitting::Sitting;
use set_core::rules::daily::Date;
use set_core::save::{self, SavedGame};
use shell::{Event, Shell};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[cfg(target_arch = "wasm32")]
use set_alloc as _;

thread_local! {
    static PART: RefCell<Option<Part>> = const { RefCell::new(None) };
}

/// A game to look back on, and who played it (one person, for a save of a
/// game alone).
pub struct Played {
    /// The game: its way to play, seed and timed moves.
    pub saved: SavedGame,
    /// Who played it, and each seat's moves.
    pub sitting: Sitting,
}

impl std::ops::Deref for Played {
    type Target = SavedGame;
    fn deref(&self) -> &SavedGame {
        &self.saved
    }
}

/// Any save of either page, with its players.
fn read(text: &str) -> Result<Played, save::SeatedError> {
    save::decode_seated(text).map(|(saved, sitting)| Played { saved, sitting })
}

/// What the dialog shows.
pub enum View {
    /// The statistics of one way to play.
    Stats {
        /// Index into the record's ways to play.
        mode: usize,
    },
    /// The analysis of one game.
    Analysis {
        /// The game.
        saved: Played,
        /// What its moves say.
        analysis: Analysis,
        /// The missed set whose table is shown, if one was picked.
        shown: Option<usize>,
    },
    /// The replay of one game.
    Replay {
        /// The game.
        saved: Played,
        /// How many of its moves are shown played.
        step: usize,
    },
    /// A drill in progress.
    Practice(practice::Drilling),
    /// Every card of a deck: the one the address that asked for it names.
    Gallery(set_core::rules::deck::Deck),
}

/// The part: its dialog, the view it shows and the record in storage.
pub struct Part {
    shell: Shell,
    view: View,
    ledger: Ledger,
}

/// Milliseconds since 1970, from the page's clock.
pub fn epoch_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// Today in the player's time zone (the daily puzzle's date).
pub fn today() -> Date {
    let now = js_sys::Date::new_0();
    Date::new(now.get_full_year() as u16, now.get_month() as u8 + 1, now.get_date() as u8)
        .or_else(|| Date::from_days(0))
        .unwrap_or_else(|| unreachable!())
}

/// Opens a view: `"stats"`, `"practice"`, `"gallery"`, `"analysis"` or
/// `"replay"` (the last two of the game whose save text is `save`; the
/// gallery of the deck that the address in `save` names, `?gallery&mode=4set`,
/// the classic one when it names none), or `"fold"`, which only
/// takes the page's inbox into the record and shows nothing. An unknown view
/// or a save that cannot be read throws an Error naming it, and nothing
/// changes.
#[wasm_bindgen]
pub fn open(view: &str, save: Option<String>) -> Result<(), JsError> {
    let saved = || -> Result<Played, JsError> {
        let text = save.as_deref().ok_or_else(|| JsError::new(&format!("the {view} view needs a game's save text")))?;
        read(text).map_err(|err| JsError::new(&format!("the game to show cannot be read: {err}")))
    };
    let view = match view {
        "fold" => return with_ledger(|_| ()),
        // The statistics open on the way to play of the game on the board.
        "stats" => View::Stats {
            mode: save.as_deref().and_then(|text| read(text).ok()).map_or(0, |saved| mode_index(saved.game.variant())),
        },
        "practice" => View::Practice(practice::Drilling::Choosing),
        // The address as the page was opened: the game has written its own since.
        "gallery" => View::Gallery(gallery_deck(save.as_deref().unwrap_or_default()).unwrap_or_default()),
        "analysis" => {
            let saved = saved()?;
            View::Analysis { analysis: analyse(&saved)?, saved, shown: None }
        }
        "replay" => View::Replay { saved: saved()?, step: 0 },
        other => {
            return Err(JsError::new(&format!(
                "\"{other}\" is not a view: stats, practice, gallery, analysis, replay or fold"
            )));
        }
    };
    let shell = Shell::find_or_make(on_event).map_err(|err| JsError::new(&err))?;
    PART.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| JsError::new("the review is busy"))?;
        let part = slot.get_or_insert_with(|| Part { shell, view: View::Stats { mode: 0 }, ledger: Ledger::open() });
        part.ledger.fold();
        part.view = view;
        // Shown first: a closed dialog's canvases have no size to draw at.
        part.shell.show();
        part.render(true);
        Ok(())
    })
}

/// The open part's ledger, or the record as storage holds it when no view
/// has been opened (no dialog is made), after taking in the page's inbox.
fn with_ledger<T>(f: impl FnOnce(&Ledger) -> T) -> Result<T, JsError> {
    PART.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| JsError::new("the review is busy"))?;
        let mut fresh = None;
        let ledger = match slot.as_mut() {
            Some(part) => &mut part.ledger,
            None => fresh.insert(Ledger::open()),
        };
        ledger.fold();
        Ok(f(ledger))
    })
}

/// A game's analysis; a game whose moves the rules refuse cannot come from
/// a save that decoded, but is named all the same.
fn analyse(played: &Played) -> Result<Analysis, JsError> {
    Analysis::of_seated(&played.game, played.sitting.by(), played.elapsed_ms)
        .map_err(|err| JsError::new(&err.to_string()))
}

/// What the open view shows, for tests and tools: `{ view, step, steps,
/// table, marked, caption }` in the replay, `{ view, ... }` elsewhere.
#[wasm_bindgen]
pub fn view_state() -> Result<JsValue, JsError> {
    PART.with(|cell| {
        let slot = cell.try_borrow().map_err(|_| JsError::new("the review is busy"))?;
        let part = slot.as_ref().ok_or_else(|| JsError::new("no view has been opened"))?;
        Ok(part.state_object())
    })
}

/// The statistics as a plain object, per way to play (docs/page.md, "The
/// JavaScript API": `stats()`), after taking in the page's inbox.
#[wasm_bindgen]
pub fn stats() -> Result<JsValue, JsError> {
    with_ledger(|ledger| transfer::stats_object(ledger.record(), today()))
}

/// The analysis of a game as a plain object (docs/page.md, "The JavaScript API":
/// `analysis()`): of the save text given; without one, of the game in
/// progress, or of the last finished game when the game in storage has no
/// move yet. A text that is not a save throws an Error naming why.
#[wasm_bindgen]
pub fn analysis(save: Option<String>) -> Result<JsValue, JsError> {
    let text = match save.or_else(game_in_progress) {
        Some(text) => text,
        None => with_ledger(|ledger| ledger.record().history().last().map(|game| game.save.clone()))?
            .ok_or_else(|| JsError::new("there is no game to analyse yet"))?,
    };
    let saved = read(&text).map_err(|err| JsError::new(&format!("the game cannot be read: {err}")))?;
    Ok(transfer::analysis_object(&analyse(&saved)?))
}

/// The stored game of this page, if it has moves.
fn game_in_progress() -> Option<String> {
    let window = web_sys::window()?;
    // Each page keeps its own game: race.html the game with others.
    let location = js_sys::Reflect::get(&window, &"location".into()).ok()?;
    let path = js_sys::Reflect::get(&location, &"pathname".into()).ok()?.as_string()?;
    let key =
        if path.ends_with("race.html") { set_client::storage::RACE_SAVE_KEY } else { set_client::storage::SAVE_KEY };
    let stored = window.local_storage().ok()??.get_item(key).ok()?;
    stored.filter(|text| read(text).is_ok_and(|saved| !saved.game.moves().is_empty()))
}

/// The dialog's one callback.
pub(crate) fn on_event(event: JsValue) {
    let Some(event) = shell::event_of(&event) else { return };
    PART.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else { return };
        if let Some(part) = slot.as_mut() {
            part.update(event);
        }
    });
}

impl Part {
    /// The one way in: an event changes the view, then it is drawn once.
    fn update(&mut self, event: Event) {
        let render = match event {
            Event::Close => {
                self.shell.close();
                false
            }
            Event::Resize => true,
            // A saved game (an online game's download, say) opens in its analysis.
            Event::Imported(text) if text.starts_with(save::HEADER) => {
                match read(&text).map_err(|err| err.to_string()).and_then(|saved| {
                    let analysis = analyse(&saved).map_err(|_| "its moves do not add up".to_owned())?;
                    Ok(View::Analysis { analysis, saved, shown: None })
                }) {
                    Ok(view) => self.view = view,
                    Err(why) => self.shell.say(&format!("That game cannot be opened: {why}. Nothing changed.")),
                }
                true
            }
            Event::Imported(text) => {
                let said = match transfer::import(&text) {
                    Ok(record) => self.ledger.merge(&record),
                    Err(why) => format!("That file was not imported: {why}. Nothing changed."),
                };
                self.shell.say(&said);
                true
            }
            Event::Input { id, .. } if id == "review-import" => {
                self.shell.read_file("review-import");
                false
            }
            Event::Export => {
                transfer::download(self.ledger.record(), today());
                false
            }
            other => match &mut self.view {
                View::Stats { mode } => stats_view::update(mode, other),
                View::Analysis { shown, analysis, .. } => analysis_view::update(shown, analysis, other),
                View::Replay { saved, step } => replay_view::update(step, saved, other),
                View::Practice(drilling) => practice::update(drilling, other, &mut self.ledger),
                View::Gallery(_) => false,
            },
        };
        if render {
            self.render(false);
        }
    }

    /// Draws the view; `fresh` when it was just opened.
    fn render(&mut self, fresh: bool) {
        match &self.view {
            View::Stats { mode } => stats_view::render(&self.shell, self.ledger.record(), *mode, self.ledger.notice()),
            View::Analysis { analysis, saved, shown } => analysis_view::render(&self.shell, saved, analysis, *shown),
            View::Replay { saved, step } => replay_view::render(&self.shell, saved, *step, fresh),
            View::Practice(drilling) => practice::render(&self.shell, drilling, self.ledger.record()),
            View::Gallery(deck) => gallery_view::render(&self.shell, *deck),
        }
    }

    fn state_object(&self) -> JsValue {
        let object = js_sys::Object::new();
        let put = |name: &str, value: JsValue| {
            let _ = js_sys::Reflect::set(&object, &name.into(), &value);
        };
        let name = match &self.view {
            View::Stats { .. } => "stats",
            View::Analysis { .. } => "analysis",
            View::Replay { saved, step } => {
                let frame = replay_view::frame(saved, *step);
                put("step", (*step as u32).into());
                put("steps", (replay_view::steps(saved) as u32).into());
                put("table", transfer::ids(&frame.table));
                put("marked", transfer::ids(&frame.marked));
                put("caption", frame.caption.into());
                "replay"
            }
            View::Practice(drilling) => {
                practice::put_state(drilling, &put);
                "practice"
            }
            View::Gallery(deck) => {
                let cards = gallery_view::cards(&self.shell, *deck);
                let rects: js_sys::Array = cards
                    .iter()
                    .map(|(_, r)| {
                        JsValue::from([r.x, r.y, r.w, r.h].into_iter().map(JsValue::from).collect::<js_sys::Array>())
                    })
                    .collect();
                let ids: js_sys::Array = cards.iter().map(|&(id, _)| JsValue::from(id)).collect();
                put("rects", rects.into());
                put("ids", ids.into());
                "gallery"
            }
        };
        put("view", name.into());
        put("open", self.shell.is_open().into());
        object.into()
    }
}
