//! The page's controller: one game, the player's picks, the clock, what the
//! board shows and whether the game is saved. Every event goes one way:
//! [`Input`] → [`App::handle`] → core update → at most one save and one
//! redraw. Nothing else saves or draws.

use super::dom::{Stats, View, describe_slot};
use super::render::{self, CardLook};
use super::storage::{SaveSlot, SetAside};
use crate::rules::card::Card;
use crate::rules::explain::reasons;
use crate::rules::game::{ClaimOutcome, Game};
use crate::play::keys::{Command, key_label};
use crate::play::layout::Rect;
use crate::save::{self, SaveError, SavedGame};
use crate::play::selection::{Selection, Toggle};
use crate::play::stopwatch::Stopwatch;
use wasm_bindgen::{JsCast, JsValue};

/// How long the found and wrong effects play, in milliseconds.
const FOUND_MS: f64 = 450.0;
const WRONG_MS: f64 = 600.0;
/// How long a passing notice (why a claim is not valid) stays.
const PASSING_NOTICE_MS: f64 = 5000.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Play,
    /// All 81 cards in id order, to check every drawing at a glance.
    Gallery,
}

/// A short animation over the board after a claim.
#[derive(Clone, Copy, Debug)]
enum Effect {
    /// The claimed cards shrink and fade out where they lay.
    Found { cards: [Card; 4], rects: [Rect; 4], len: usize, started: f64 },
    /// The wrongly claimed cards shake and glow red (unused places hold usize::MAX).
    Wrong { slots: [usize; 4], started: f64 },
}

impl Effect {
    fn progress(&self, now: f64) -> f64 {
        let (started, length) = match *self {
            Effect::Found { started, .. } => (started, FOUND_MS),
            Effect::Wrong { started, .. } => (started, WRONG_MS),
        };
        ((now - started) / length).clamp(0.0, 1.0)
    }
}

/// What the page tells the game, reduced to plain values at the edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input {
    /// The page is mounted and the first game is in place.
    Start,
    /// A click or tap at a viewport point.
    Click { x: f64, y: f64 },
    /// The mouse moved to a viewport point, or left the board.
    Hover(Option<(f64, f64)>),
    Resize,
    /// A key or button command; new games come as `NewGame`.
    Key(Command),
    /// A new game with this seed.
    NewGame(u64),
    ShowGallery,
    Visibility { hidden: bool },
    /// The page is going away: save.
    PageHide,
    /// The clock's display is due.
    Tick,
    /// An animation frame while an effect plays.
    Frame,
    /// Another tab wrote the saved game.
    SaveChangedElsewhere,
}

/// What an input changed: `handle` then saves once and draws once.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Changes {
    save: bool,
    /// Texts, end screen and board.
    refresh: bool,
    /// The board only.
    draw: bool,
    /// The clock's text only.
    time: bool,
}

impl Changes {
    const NONE: Changes = Changes { save: false, refresh: false, draw: false, time: false };
    const DRAW: Changes = Changes { draw: true, ..Changes::NONE };
    const REFRESH: Changes = Changes { refresh: true, ..Changes::NONE };
    const SAVE_AND_REFRESH: Changes = Changes { save: true, refresh: true, ..Changes::NONE };
    const TIME: Changes = Changes { time: true, ..Changes::NONE };
}

/// Whether the game is written to storage, and if not, why.
#[derive(Clone, Debug, PartialEq)]
pub enum Persistence {
    /// Written after every change.
    Saving,
    /// The browser refused the last write (a full quota, say); every change
    /// tries again, and a write that succeeds ends this.
    Refused(String),
    /// The browser gives no storage at all.
    NoStorage(String),
    /// Storage holds a save this page must never write over.
    Guarding(Guarded),
}

/// A save that stays as it is, and so the game is not saved.
#[derive(Clone, Debug, PartialEq)]
pub enum Guarded {
    /// Written by a newer version of the game; the text says which.
    NewerSave(String),
    /// Unreadable, and storage refused to keep a copy aside (why).
    BadSaveNotKept(String),
}

pub struct App {
    pub game: Game,
    pub selection: Selection,
    pub clock: Stopwatch,
    pub mode: Mode,
    effect: Option<Effect>,
    hover: Option<usize>,
    show_keys: bool,
    hidden: bool,
    /// A message (a bad `?seed=`, a save that could not be restored, why a
    /// claim is not valid), and when it goes, if it passes by itself.
    notice: String,
    notice_until: Option<f64>,
    /// Where the game is saved; `None` when the browser gives no storage.
    save_slot: Option<SaveSlot>,
    persistence: Persistence,
    /// The save text this tab last wrote or took from storage: a stored text
    /// that differs from it was written by another tab.
    last_stored: Option<String>,
    /// A save that could not be restored, offered for download.
    set_aside: Option<SetAside>,
    pub view: Option<View>,
}

impl App {
    pub fn new(seed: u64, now: f64, view: Option<View>) -> App {
        App::resume(SavedGame { game: Game::classic(seed), elapsed_ms: 0 }, now, view)
    }

    /// Carries on a restored game; its clock runs from the time it had.
    pub fn resume(saved: SavedGame, now: f64, view: Option<View>) -> App {
        let mut clock = Stopwatch::stopped_at(saved.elapsed_ms as f64);
        if !saved.game.is_over() {
            clock.start(now);
        }
        App {
            game: saved.game,
            selection: Selection::default(),
            clock,
            mode: Mode::Play,
            effect: None,
            hover: None,
            show_keys: false,
            hidden: false,
            notice: String::new(),
            notice_until: None,
            save_slot: None,
            persistence: Persistence::NoStorage("the game has not been given storage".to_owned()),
            last_stored: None,
            set_aside: None,
            view,
        }
    }

    /// From now on the game is saved to `slot` (unless `guarding`, when
    /// storage holds a save that must stay as it is); `Err` says why there
    /// is no storage. `stored` is what the slot held at start-up. The first
    /// save happens at `Input::Start`.
    pub fn use_storage(&mut self, slot: Result<SaveSlot, String>, guarding: Option<Guarded>, stored: Option<String>) {
        self.last_stored = stored;
        self.persistence = match (&slot, guarding) {
            (Err(reason), _) => Persistence::NoStorage(reason.clone()),
            (Ok(_), Some(guarded)) => Persistence::Guarding(guarded),
            (Ok(_), None) => Persistence::Saving,
        };
        self.save_slot = slot.ok();
    }

    pub fn offer_set_aside(&mut self, set_aside: SetAside) {
        self.set_aside = Some(set_aside);
    }

    pub fn set_notice(&mut self, text: &str) {
        self.notice = text.to_owned();
    }

    /// The one way in: an input updates the game, then the page is saved
    /// once and drawn once, as the update asks.
    pub fn handle(&mut self, input: Input, now: f64) {
        let mut changes = self.update(input, now);
        if changes.save {
            let before = self.persistence.clone();
            self.save(now);
            // A write that starts or stops failing changes the notice.
            changes.refresh |= self.persistence != before;
        }
        if changes.refresh {
            self.refresh(now);
        } else if changes.draw {
            self.draw(now);
        } else if changes.time {
            self.tick(now);
        }
    }

    fn update(&mut self, input: Input, now: f64) -> Changes {
        match input {
            Input::Start => Changes::SAVE_AND_REFRESH,
            // A click on a card of a finished game, or on no card, does nothing.
            Input::Click { x, y } => self.slot_at(x, y).map_or(Changes::NONE, |slot| self.pick(slot, now)),
            Input::Hover(point) => self.hover_at(point),
            Input::Resize => {
                // A fading card's place is gone with the old layout.
                if matches!(self.effect, Some(Effect::Found { .. })) {
                    self.effect = None;
                }
                Changes::DRAW
            }
            Input::Key(command) => self.command(command, now),
            Input::NewGame(seed) => self.new_game(seed, now),
            Input::ShowGallery => {
                self.mode = Mode::Gallery;
                self.selection.clear();
                self.effect = None;
                Changes::REFRESH
            }
            Input::Visibility { hidden } => self.visibility_changed(hidden, now),
            Input::PageHide => Changes { save: true, ..Changes::NONE },
            Input::Tick if self.notice_until.is_some_and(|until| now >= until) => {
                self.notice.clear();
                self.notice_until = None;
                Changes::REFRESH
            }
            Input::Tick => Changes::TIME,
            Input::Frame => {
                if let Some(view) = &mut self.view {
                    view.frame_pending = false;
                }
                Changes::DRAW
            }
            Input::SaveChangedElsewhere => self.follow_other_tab(now),
        }
    }

    /// Writes the game to storage while that is allowed. A failure is shown,
    /// never raised: the game plays on unsaved, and the next change tries again.
    fn save(&mut self, now: f64) {
        let Some(slot) = &self.save_slot else { return };
        if !matches!(self.persistence, Persistence::Saving | Persistence::Refused(_)) {
            return;
        }
        let text = save::encode(&self.game, self.clock.elapsed_ms(now) as u64);
        self.persistence = match slot.write(&text) {
            Ok(()) => {
                self.last_stored = Some(text);
                Persistence::Saving
            }
            Err(reason) => Persistence::Refused(reason),
        };
    }

    /// Another tab saved its game: this one shows the same game from now on,
    /// so that neither writes over the other's moves. Nothing is saved here.
    fn follow_other_tab(&mut self, now: f64) -> Changes {
        let Some(slot) = &self.save_slot else { return Changes::NONE };
        if matches!(self.persistence, Persistence::Guarding(_)) {
            return Changes::NONE;
        }
        // Whatever is stored now, not what the event carried: the last writer
        // wins everywhere. What this tab wrote itself is no news, even when
        // its later writes failed and its game has moved on since.
        let Ok(Some(text)) = slot.read() else { return Changes::NONE };
        if self.last_stored.as_ref() == Some(&text) {
            return Changes::NONE;
        }
        let decoded = save::decode(&text);
        self.last_stored = Some(text);
        match decoded {
            Ok(saved) if saved.game != self.game => {
                if saved.game.seed() != self.game.seed() {
                    self.notice = "Another tab started a new game: this tab now shows it too.".to_owned();
                }
                let mut clock = Stopwatch::stopped_at(saved.elapsed_ms as f64);
                if !self.hidden && !saved.game.is_over() {
                    clock.start(now);
                }
                self.game = saved.game;
                self.clock = clock;
                self.selection.clear();
                self.effect = None;
                Changes::REFRESH
            }
            Err(err @ SaveError::Newer { .. }) => {
                self.persistence = Persistence::Guarding(Guarded::NewerSave(err.to_string()));
                Changes::REFRESH
            }
            // The same game, or a text this page cannot use: its own game stays.
            _ => Changes::NONE,
        }
    }

    /// The page was hidden or shown again: the clock runs only while it is
    /// visible, and a hidden page may never come back, so it is saved. A page
    /// shown again catches up with what another tab saved meanwhile.
    fn visibility_changed(&mut self, hidden: bool, now: f64) -> Changes {
        self.hidden = hidden;
        if hidden {
            self.clock.stop(now);
            return Changes { save: true, time: true, ..Changes::NONE };
        }
        let followed = self.follow_other_tab(now);
        if !self.game.is_over() {
            self.clock.start(now);
        }
        Changes { time: true, ..followed }
    }

    fn new_game(&mut self, seed: u64, now: f64) -> Changes {
        // A new game keeps the way to play.
        self.game = Game::new(self.game.variant(), seed);
        self.selection.clear();
        self.clock = Stopwatch::started_at(now);
        if self.hidden {
            self.clock.stop(now);
        }
        self.mode = Mode::Play;
        self.effect = None;
        self.hover = None;
        self.notice.clear();
        Changes::SAVE_AND_REFRESH
    }

    /// Slots that hold something in the current mode.
    pub fn slot_count(&self) -> usize {
        match self.mode {
            Mode::Play => self.game.table().len(),
            Mode::Gallery => crate::rules::card::DECK_SIZE,
        }
    }

    /// The rectangle of a slot in viewport CSS pixels.
    pub fn slot_rect(&self, slot: usize) -> Result<Rect, String> {
        if self.mode == Mode::Play {
            self.game.check_slot(slot).map_err(|err| err.to_string())?;
        } else if slot >= self.slot_count() {
            return Err(format!("slot {slot} is empty: the gallery has 81 cards (slots 0..=80)"));
        }
        let view = self.view.as_ref().ok_or("this page has no board to measure")?;
        let rect = view.layout(self.slot_count()).slot_rect(slot).ok_or("the slot is off the board")?;
        let (left, top) = view.canvas_origin();
        Ok(Rect { x: rect.x + left, y: rect.y + top, ..rect })
    }

    /// A click, tap or slot key on `slot`: toggles it; the pick that
    /// completes a claim claims. Picks in the gallery, on an empty slot or in
    /// a finished game do nothing.
    fn pick(&mut self, slot: usize, now: f64) -> Changes {
        if self.mode == Mode::Gallery || self.game.is_over() || self.game.check_slot(slot).is_err() {
            return Changes::NONE;
        }
        let size = self.game.variant().claim_size();
        let Toggle::Claim(slots) = self.selection.toggle(slot, size) else { return Changes::REFRESH };
        let Ok(claim) = self.game.claim_at(&slots) else { return Changes::REFRESH };
        let layout = self.view.as_ref().map(|view| view.layout(self.slot_count()));
        let rects: Vec<Rect> = slots.iter().filter_map(|&s| layout.and_then(|l| l.slot_rect(s))).collect();
        let cards_out = self.game.table().len();
        let Ok(outcome) = self.game.claim(claim, self.clock.elapsed_ms(now) as u64) else { return Changes::REFRESH };
        // The found cards fade out where they lay, unless the grid changed
        // (15 cards closing up to 12): their old places now hold other cards.
        let same_grid = self.game.table().len() == cards_out;
        self.effect = None;
        match outcome {
            ClaimOutcome::Found { .. } if same_grid && rects.len() == slots.len() => {
                let (mut cards, mut places) = ([claim.cards()[0]; 4], [rects[0]; 4]);
                cards[..slots.len()].copy_from_slice(claim.cards());
                places[..rects.len()].copy_from_slice(&rects);
                self.effect = Some(Effect::Found { cards, rects: places, len: rects.len(), started: now });
            }
            ClaimOutcome::Found { .. } => {}
            ClaimOutcome::Invalid(why) => {
                let mut wrong = [usize::MAX; 4];
                wrong[..slots.len()].copy_from_slice(&slots);
                self.effect = Some(Effect::Wrong { slots: wrong, started: now });
                self.say_for_a_while(&reasons(why, claim.cards()).join(" "), now);
            }
            ClaimOutcome::AlreadyFound => self.say_for_a_while("You found that set already.", now),
        }
        if self.game.is_over() {
            self.clock.stop(now);
        }
        Changes::SAVE_AND_REFRESH
    }

    /// A notice that goes by itself after a few seconds.
    fn say_for_a_while(&mut self, text: &str, now: f64) {
        self.notice = text.to_owned();
        self.notice_until = Some(now + PASSING_NOTICE_MS);
    }

    /// The slots of the cards the hints have revealed, in reveal order.
    fn hinted_slots(&self) -> Vec<usize> {
        self.game.hinted_cards().iter().filter_map(|&card| self.game.slot_of(card)).collect()
    }

    /// Keyboard and button commands other than new game (which needs a fresh seed).
    fn command(&mut self, command: Command, now: f64) -> Changes {
        match command {
            // A key for a slot past the table's end does nothing.
            Command::Pick(slot) => self.pick(slot, now),
            Command::ClearSelection => {
                self.selection.clear();
                Changes::REFRESH
            }
            Command::Hint if self.mode == Mode::Play && self.game.hint(self.clock.elapsed_ms(now) as u64).is_ok() => {
                Changes::SAVE_AND_REFRESH
            }
            Command::Hint | Command::NewGame => Changes::NONE,
            Command::ToggleKeyLabels => {
                self.show_keys = !self.show_keys;
                Changes::REFRESH
            }
        }
    }

    /// The pointer moved to viewport point (x, y), or left the board (`None`).
    fn hover_at(&mut self, point: Option<(f64, f64)>) -> Changes {
        let slot = point.and_then(|(x, y)| self.slot_at(x, y));
        if slot == self.hover {
            return Changes::NONE;
        }
        self.hover = slot;
        if let Some(view) = &self.view {
            view.set_cursor(slot.is_some() && self.mode == Mode::Play);
        }
        Changes::DRAW
    }

    /// The slot under viewport point (x, y).
    pub fn slot_at(&self, x: f64, y: f64) -> Option<usize> {
        let view = self.view.as_ref()?;
        let (left, top) = view.canvas_origin();
        view.layout(self.slot_count()).hit_test(x - left, y - top)
    }

    fn tick(&self, now: f64) {
        if let Some(view) = &self.view {
            view.show_time(self.clock.elapsed_ms(now));
        }
    }

    pub fn stats(&self, now: f64) -> Stats {
        Stats {
            deck_left: self.game.deck().len(),
            sets_found: self.game.found().len(),
            elapsed_ms: self.clock.elapsed_ms(now),
            hints_used: self.game.hints_used(),
            wrong_claims: self.game.wrong_claims(),
        }
    }

    /// Brings the page in line with the state: text, end screen, drawing.
    fn refresh(&mut self, now: f64) {
        let Some(view) = &self.view else { return };
        let stats = self.stats(now);
        view.show_stats(&stats);
        view.show_end((self.mode == Mode::Play && self.game.is_over()).then_some(&stats));
        let storage = match &self.persistence {
            Persistence::Saving => None,
            Persistence::Refused(reason) | Persistence::NoStorage(reason) => {
                Some(format!("This game will not be saved: {reason}."))
            }
            Persistence::Guarding(Guarded::NewerSave(why)) => Some(format!(
                "Your saved game is not opened here: {why}. It is kept as it is, and this game will not be saved over it; reload to get the newer version."
            )),
            Persistence::Guarding(Guarded::BadSaveNotKept(why)) => Some(format!(
                "It could not be kept aside ({why}), so this game will not be saved over it."
            )),
        };
        let notice = [Some(self.notice.as_str()).filter(|n| !n.is_empty()), storage.as_deref()];
        // One kind of join in the download: of owned strings.
        let notice: Vec<String> = notice.into_iter().flatten().map(str::to_owned).collect();
        view.set_notice(&notice.join(" "));
        view.offer_download(self.set_aside.as_ref());
        view.show_key_labels_pressed(self.show_keys);
        if self.mode == Mode::Play {
            view.show_seed_in_address(self.game.seed());
        }
        let hinted = self.hinted_slots();
        let lines = self.game.table().iter().enumerate().map(|(slot, &card)| {
            describe_slot(slot, card, key_label(slot), self.selection.contains(slot), hinted.contains(&slot))
        });
        view.describe_table(lines);
        self.draw(now);
    }

    /// Draws the board, fitted to the space it has now; schedules another
    /// frame while an effect plays.
    fn draw(&mut self, now: f64) {
        if self.effect.is_some_and(|effect| effect.progress(now) >= 1.0) {
            self.effect = None;
        }
        if let Some(view) = &mut self.view {
            view.fit();
        }
        let Some(view) = &self.view else { return };
        if let Err(err) = self.draw_board(view, now) {
            web_sys::console::error_2(&"SET: drawing failed:".into(), &err);
        }
        if self.effect.is_some() && !view.frame_pending {
            let requested = view.window.request_animation_frame(view.frame_callback.as_ref().unchecked_ref());
            if let Some(view) = &mut self.view {
                view.frame_pending = requested.is_ok();
            }
        }
    }

    fn draw_board(&self, view: &View, now: f64) -> Result<(), JsValue> {
        view.begin_frame()?;
        render::clear(&view.ctx, view.css_width, view.css_height);
        let layout = view.layout(self.slot_count());
        if self.mode == Mode::Gallery {
            for card in Card::all() {
                if let Some(rect) = layout.slot_rect(card.id() as usize) {
                    let label = card.id().to_string();
                    render::draw_card(&view.ctx, card, rect, CardLook { label: Some(&label), ..CardLook::default() })?;
                }
            }
            return Ok(());
        }
        let hinted = self.hinted_slots();
        let (wrong, shake) = match self.effect {
            Some(effect @ Effect::Wrong { slots, .. }) => {
                let p = effect.progress(now);
                // JavaScript's sin: Rust's would add its own (libm) to the download.
                (slots, js_sys::Math::sin(p * 28.0) * 5.0 * (1.0 - p))
            }
            _ => ([usize::MAX; 4], 0.0),
        };
        render::draw_table(&view.ctx, &layout, self.game.table(), |slot| {
            let is_wrong = wrong.contains(&slot);
            let look = CardLook {
                selected: self.selection.contains(slot),
                hinted: hinted.contains(&slot),
                hovered: self.hover == Some(slot),
                wrong: is_wrong,
                found: false,
                label: if self.show_keys { key_label(slot) } else { None },
            };
            (look, if is_wrong { shake } else { 0.0 })
        })?;
        if let Some(effect @ Effect::Found { cards, rects, len, .. }) = self.effect {
            let p = effect.progress(now);
            let scale = 1.0 - p * p;
            view.ctx.set_global_alpha(1.0 - p);
            for (card, rect) in cards.into_iter().zip(rects).take(len) {
                let (cx, cy) = rect.center();
                let shrunk = Rect {
                    x: cx - rect.w * scale / 2.0,
                    y: cy - rect.h * scale / 2.0,
                    w: rect.w * scale,
                    h: rect.h * scale,
                };
                if shrunk.w >= 2.0 {
                    render::draw_card(&view.ctx, card, shrunk, CardLook { found: true, ..CardLook::default() })?;
                }
            }
            view.ctx.set_global_alpha(1.0);
        }
        Ok(())
    }

    /// The state as a plain JavaScript object, for `state()`.
    pub fn state_object(&self, now: f64) -> Result<JsValue, JsValue> {
        let ids = |cards: &[Card]| cards.iter().map(|c| JsValue::from(c.id())).collect::<js_sys::Array>();
        let numbers = |slots: &[usize]| slots.iter().map(|&s| JsValue::from(s as u32)).collect::<js_sys::Array>();
        let object = js_sys::Object::new();
        let fields: [(&str, JsValue); 11] = [
            ("table", ids(self.game.table()).into()),
            ("deck", JsValue::from(self.game.deck().len() as u32)),
            ("setsFound", JsValue::from(self.game.found().len() as u32)),
            ("wrongClaims", JsValue::from(self.game.wrong_claims())),
            ("hintsUsed", JsValue::from(self.game.hints_used())),
            ("selected", numbers(self.selection.slots()).into()),
            ("hinted", numbers(&self.hinted_slots()).into()),
            ("elapsedMs", JsValue::from(self.clock.elapsed_ms(now).round())),
            ("over", JsValue::from(self.game.is_over())),
            ("seed", JsValue::from(self.game.seed() as f64)),
            ("mode", JsValue::from(if self.mode == Mode::Play { "play" } else { "gallery" })),
        ];
        for (name, value) in fields {
            js_sys::Reflect::set(&object, &JsValue::from(name), &value)?;
        }
        Ok(object.into())
    }
}
