//! The page's controller around the core's [`Session`]: what the board
//! shows (play or gallery), the short animations, the notice, and whether
//! the game is saved. Every event goes one way: [`Input`] →
//! [`App::handle`] → session update → at most one save and one redraw.
//! Nothing else saves or draws.

use crate::dom::{Stats, View, describe_card, place_id};
use crate::render::{self, CardLook};
use crate::storage::{SETTINGS_KEY, SaveSlot, SetAside};
use set_core::play::keys::{Command, key_label};
use set_core::play::layout::{Board, Direction, Place, Rect};
use set_core::play::options::{AskedGame, query_for};
use set_core::play::session::{Adopted, Happened, Row, Session};
use set_core::play::settings::{Change, Settings};
use set_core::rules::card::Card;
use set_core::rules::variant::Variant;
use set_core::save::SaveError;
use wasm_bindgen::JsValue;

/// How long the found and wrong effects play, in milliseconds.
const FOUND_MS: f64 = 450.0;
const WRONG_MS: f64 = 600.0;
/// How long a passing notice (why a claim is not valid) stays.
const PASSING_NOTICE_MS: f64 = 5000.0;

/// What the board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Play,
    /// All 81 cards in id order, to check every drawing at a glance.
    Gallery,
}

/// A short animation over the board after a claim.
#[derive(Clone, Copy, Debug)]
enum Effect {
    /// The claimed cards shrink and fade out where they lay.
    Found { cards: [Card; 4], rects: [Rect; 4], len: usize, started: f64 },
    /// The wrongly claimed cards shake and glow red.
    Wrong { cards: [Card; 4], len: usize, started: f64 },
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
    Click {
        x: f64,
        y: f64,
    },
    /// The mouse moved to a viewport point, or left the board.
    Hover(Option<(f64, f64)>),
    Resize,
    /// A key or button command; new games come as `NewGame`.
    Key(Command),
    /// A setting changed on the settings panel.
    Setting(Change),
    /// The system switched between light and dark.
    SystemThemeChanged,
    /// An arrow key pressed on the button of the card in `from`.
    Arrow {
        from: Place,
        direction: Direction,
    },
    /// A new game of the same way to play, with this seed.
    NewGame(u64),
    /// A new game of this way to play, with this seed.
    Play(Variant, u64),
    /// The player asks for the game a link offered (with this seed when the
    /// link named none).
    PlayOffer(u64),
    /// Back to the unfinished game the last new game replaced.
    GoBack,
    /// The notice was tapped: a passing one goes at once, uncovering the
    /// header's controls it floats over.
    DismissNotice,
    ShowGallery,
    Visibility {
        hidden: bool,
    },
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
    pub session: Session,
    pub screen: Screen,
    effect: Option<Effect>,
    hover: Option<Place>,
    /// The card whose button takes focus (see [`App::focus_place`]).
    card_focus: Place,
    settings: Settings,
    /// A message (a bad `?seed=`, a save that could not be restored, why a
    /// claim is not valid), and when it goes, if it passes by itself.
    notice: String,
    notice_until: Option<f64>,
    /// What the live region tells screen readers of the last claim or hint.
    announcement: String,
    /// Where the game is saved; `None` when the browser gives no storage.
    save_slot: Option<SaveSlot>,
    persistence: Persistence,
    /// The save text this tab last wrote or took from storage: a stored text
    /// that differs from it was written by another tab.
    last_stored: Option<String>,
    /// A save that could not be restored, offered for download.
    set_aside: Option<SetAside>,
    /// The game a link asked for while another was unfinished: it starts
    /// when the player asks, until a game starts.
    offer: Option<AskedGame>,
    /// The passing notice is the one after a new game that replaced an
    /// unfinished one, with its button back to that game.
    back_offered: bool,
    pub view: Option<View>,
}

impl App {
    pub fn new(session: Session, view: Option<View>) -> App {
        App {
            session,
            screen: Screen::Play,
            effect: None,
            hover: None,
            card_focus: Place::Table(0),
            settings: Settings::default(),
            notice: String::new(),
            notice_until: None,
            announcement: String::new(),
            save_slot: None,
            persistence: Persistence::NoStorage("the game has not been given storage".to_owned()),
            last_stored: None,
            set_aside: None,
            offer: None,
            back_offered: false,
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

    pub fn offer_game(&mut self, offer: Option<AskedGame>) {
        self.offer = offer;
    }

    pub fn set_notice(&mut self, text: String) {
        self.notice = text;
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
            Input::Click { x, y } => self.place_at(x, y).map_or(Changes::NONE, |place| self.pick(place, now)),
            Input::Hover(point) => self.hover_at(point),
            Input::Resize => {
                // A fading card's place is gone with the old layout.
                if matches!(self.effect, Some(Effect::Found { .. })) {
                    self.effect = None;
                }
                // The cards' buttons follow their drawings.
                Changes::REFRESH
            }
            Input::Key(command) => self.command(command, now),
            // The page follows by itself (CSS); the canvas is redrawn.
            Input::SystemThemeChanged => Changes::DRAW,
            Input::Setting(change) => {
                self.settings.apply(change);
                self.keep_settings(now)
            }
            Input::Arrow { from, direction } => {
                let Some(view) = &self.view else { return Changes::NONE };
                self.card_focus = self.board(view).neighbour(from, direction, self.row_places());
                Changes::REFRESH
            }
            Input::NewGame(seed) => {
                self.session.new_game(seed, now);
                self.show_dealt(now)
            }
            Input::Play(variant, seed) => {
                self.session.play(variant, seed, now);
                self.show_dealt(now)
            }
            Input::PlayOffer(any_seed) => {
                let Some(AskedGame { variant, seed }) = self.offer else { return Changes::NONE };
                self.session.play(variant, seed.unwrap_or(any_seed), now);
                self.show_dealt(now)
            }
            Input::GoBack if self.back_shown() && self.session.go_back(now) => {
                self.tell_readers("Back to the last game.".to_owned());
                self.show_new_game()
            }
            Input::GoBack => Changes::NONE,
            Input::ShowGallery => {
                self.screen = Screen::Gallery;
                self.session.clear_selection();
                self.effect = None;
                Changes::REFRESH
            }
            Input::Visibility { hidden } => self.visibility_changed(hidden, now),
            Input::PageHide => Changes { save: true, ..Changes::NONE },
            Input::Tick if self.notice_until.is_some_and(|until| now >= until) => self.end_passing_notice(),
            Input::DismissNotice if self.notice_until.is_some() => self.end_passing_notice(),
            Input::DismissNotice => Changes::NONE,
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
        let text = self.session.save_text(now);
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
        let decoded = set_core::save::decode(&text);
        self.last_stored = Some(text);
        match decoded {
            Ok(saved) => match self.session.adopt(saved, now) {
                Adopted::Same => Changes::NONE,
                adopted => {
                    if adopted == Adopted::Other {
                        self.notice = "Another tab started a new game: this tab now shows it too.".to_owned();
                    }
                    self.effect = None;
                    Changes::REFRESH
                }
            },
            Err(err @ SaveError::Newer { .. }) => {
                self.persistence = Persistence::Guarding(Guarded::NewerSave(err.to_string()));
                Changes::REFRESH
            }
            // A text this page cannot use: its own game stays.
            Err(_) => Changes::NONE,
        }
    }

    /// The page was hidden or shown again: the clock runs only while it is
    /// visible, and a hidden page may never come back, so it is saved. A page
    /// shown again catches up with what another tab saved meanwhile.
    fn visibility_changed(&mut self, hidden: bool, now: f64) -> Changes {
        self.session.set_hidden(hidden, now);
        if hidden {
            return Changes { save: true, time: true, ..Changes::NONE };
        }
        Changes { time: true, ..self.follow_other_tab(now) }
    }

    /// The page after the session dealt a new game, told to screen readers;
    /// when it replaced an unfinished game, a passing notice offers the way
    /// back to that one.
    fn show_dealt(&mut self, now: f64) -> Changes {
        let changes = self.show_new_game();
        let mut said = "A new game was dealt.".to_owned();
        if self.session.can_go_back() {
            self.say_for_a_while(&said, now);
            self.back_offered = true;
            said.push_str(" B goes back to the last one.");
        }
        self.tell_readers(said);
        changes
    }

    /// Whether the way back to the game the last new game replaced is on
    /// show: its notice has not passed, and the new game has no move yet.
    fn back_shown(&self) -> bool {
        self.back_offered && !self.notice.is_empty() && self.session.can_go_back()
    }

    /// The page after the session changed games: the board in play,
    /// without the last game's effect, hover, notice or a link's offer.
    fn show_new_game(&mut self) -> Changes {
        self.offer = None;
        self.screen = Screen::Play;
        self.effect = None;
        self.hover = None;
        self.notice.clear();
        Changes::SAVE_AND_REFRESH
    }

    /// The board as laid out now: the table (or the gallery's 81 cards) and
    /// the row above it.
    fn board(&self, view: &View) -> Board {
        match self.screen {
            Screen::Play => view.board(self.session.game().table().len(), self.session.row().cards().len()),
            Screen::Gallery => view.board(set_core::rules::card::DECK_SIZE, 0),
        }
    }

    /// The card in a place on the board (in play).
    fn card_at(&self, place: Place) -> Option<Card> {
        match place {
            Place::Table(slot) => self.session.game().table().get(slot).copied(),
            Place::Row(index) => self.session.row().pickable().get(index).copied(),
        }
    }

    /// Where a card lies on the board, if it is shown.
    fn place_of(&self, card: Card) -> Option<Place> {
        let in_row = self.session.row().cards().iter().position(|&c| c == card).map(Place::Row);
        self.session.game().slot_of(card).map(Place::Table).or(in_row)
    }

    /// The rectangle of a place in viewport CSS pixels.
    pub fn place_rect(&self, place: Place) -> Result<Rect, String> {
        match (self.screen, place) {
            (Screen::Play, Place::Table(slot)) => {
                self.session.game().check_slot(slot).map_err(|err| err.to_string())?;
            }
            (Screen::Gallery, Place::Table(slot)) if slot >= set_core::rules::card::DECK_SIZE => {
                return Err(format!("slot {slot} is empty: the gallery has 81 cards (slots 0..=80)"));
            }
            _ => {}
        }
        let view = self.view.as_ref().ok_or("this page has no board to measure")?;
        let rect = self.board(view).rect(place).ok_or("the card is off the board")?;
        let (left, top) = view.canvas_origin();
        Ok(Rect { x: rect.x + left, y: rect.y + top, ..rect })
    }

    /// Where a card is drawn (on the table or in the row above it).
    pub fn card_rect(&self, card: Card) -> Option<Rect> {
        if self.screen != Screen::Play {
            return None;
        }
        self.place_rect(self.place_of(card)?).ok()
    }

    /// A click, tap or key on a place: picks its card; the pick that
    /// completes a claim claims. Picks in the gallery, on an empty place or
    /// in a finished game do nothing.
    fn pick(&mut self, place: Place, now: f64) -> Changes {
        let Some(card) = self.card_at(place).filter(|_| self.screen == Screen::Play) else { return Changes::NONE };
        // The cards a claim would take, and where they lie before it does.
        let picked = self.session.selection();
        let len = (picked.len() + 1).min(4);
        let mut four = [card; 4];
        four[..len - 1].copy_from_slice(&picked[..len - 1]);
        let board = self.view.as_ref().map(|view| self.board(view));
        let mut rects = [Rect { x: 0.0, y: 0.0, w: 0.0, h: 0.0 }; 4];
        let mut placed = 0;
        for (rect, &c) in rects.iter_mut().zip(&four[..len]) {
            if let Some(found) = board.and_then(|board| board.rect(self.place_of(c)?)) {
                *rect = found;
                placed += 1;
            }
        }
        let cards_out = self.session.game().table().len();
        let Ok(happened) = self.session.pick(card, now) else { return Changes::NONE };
        // The found cards fade out where they lay, unless the grid changed
        // (15 cards closing up to 12): their old places now hold other cards.
        let same_grid = self.session.game().table().len() == cards_out;
        let still = self.view.as_ref().is_some_and(|view| self.settings.reduced_motion(view.system_reduces_motion()));
        match happened {
            Happened::Picked(_) | Happened::Unpicked(_) => return Changes::REFRESH,
            // Less motion: the claim shows at once, told by the notice and the counters.
            _ if still => self.effect = None,
            // Cards that stay on the table (the daily puzzle) do not fade out.
            Happened::Found { .. } if same_grid && placed == len && !self.session.game().table().contains(&card) => {
                self.effect = Some(Effect::Found { cards: four, rects, len, started: now });
            }
            Happened::Invalid { .. } => self.effect = Some(Effect::Wrong { cards: four, len, started: now }),
            _ => self.effect = None,
        }
        self.announce(happened);
        // A claim's message replaces the last one; a claim without one ends it.
        if let Some(text) = happened.message() {
            self.say_for_a_while(&text, now);
        } else if self.notice_until.take().is_some() {
            self.notice.clear();
        }
        Changes::SAVE_AND_REFRESH
    }

    /// Stores the settings under their own key; a refusal is said, and the
    /// settings still hold on this page.
    fn keep_settings(&mut self, now: f64) -> Changes {
        if let Some(Err(why)) =
            self.save_slot.as_ref().map(|slot| slot.write_at(SETTINGS_KEY, &self.settings.to_text()))
        {
            self.say_for_a_while(&format!("Your settings will not be kept: {why}."), now);
        }
        Changes::REFRESH
    }

    /// Settings read from storage at start-up.
    pub fn use_settings(&mut self, settings: Settings) {
        self.settings = settings;
    }

    /// Puts what happened in the live region. The same words twice in a
    /// row (two sets, each "Set! 3 new cards.") differ by a no-break space,
    /// so that screen readers tell both.
    fn announce(&mut self, happened: Happened) {
        if let Some(text) = happened.announcement(self.session.game()) {
            self.tell_readers(text);
        }
    }

    /// Puts a text in the live region; the same text again is made to differ
    /// (a no-break space), so that it is read again.
    fn tell_readers(&mut self, mut text: String) {
        if self.announcement == text {
            text.push('\u{a0}');
        }
        self.announcement = text;
    }

    /// The passing notice goes, and with it the way back it offered.
    fn end_passing_notice(&mut self) -> Changes {
        self.notice.clear();
        self.notice_until = None;
        Changes::REFRESH
    }

    /// A notice that goes by itself after a few seconds.
    fn say_for_a_while(&mut self, text: &str, now: f64) {
        self.back_offered = false;
        self.notice = text.to_owned();
        self.notice_until = Some(now + PASSING_NOTICE_MS);
    }

    /// The slots of the cards the hints have revealed, in reveal order.
    fn hinted_slots(&self) -> Vec<usize> {
        let game = self.session.game();
        game.hinted_cards().iter().filter_map(|&card| game.slot_of(card)).collect()
    }

    /// Keyboard and button commands other than new game (which needs a fresh seed).
    fn command(&mut self, command: Command, now: f64) -> Changes {
        match command {
            // A key for a slot past the table's end does nothing.
            Command::Pick(place) => {
                self.card_focus = place;
                self.pick(place, now)
            }
            Command::ClearSelection => {
                self.session.clear_selection();
                Changes::REFRESH
            }
            Command::Hint if self.screen == Screen::Play => match self.session.hint(now) {
                Ok(happened) => {
                    self.announce(happened);
                    Changes::SAVE_AND_REFRESH
                }
                Err(_) => Changes::NONE,
            },
            // New games and going back come as inputs of their own.
            Command::Hint | Command::NewGame | Command::GoBack => Changes::NONE,
            Command::ToggleKeyLabels => {
                self.settings.key_labels = !self.settings.key_labels;
                self.keep_settings(now)
            }
            Command::ToggleColourCues => {
                self.settings.colour_cues = !self.settings.colour_cues;
                self.keep_settings(now)
            }
        }
    }

    /// The pointer moved to viewport point (x, y), or left the board (`None`).
    fn hover_at(&mut self, point: Option<(f64, f64)>) -> Changes {
        let place = point.and_then(|(x, y)| self.place_at(x, y)).filter(|&p| self.card_at(p).is_some());
        if place == self.hover {
            return Changes::NONE;
        }
        self.hover = place;
        if let Some(view) = &self.view {
            view.set_cursor(place.is_some() && self.screen == Screen::Play);
        }
        Changes::DRAW
    }

    /// The place under viewport point (x, y).
    pub fn place_at(&self, x: f64, y: f64) -> Option<Place> {
        let view = self.view.as_ref()?;
        let (left, top) = view.canvas_origin();
        self.board(view).hit_test(x - left, y - top)
    }

    fn tick(&self, now: f64) {
        if let Some(view) = &self.view {
            view.show_time(self.session.elapsed_ms(now));
        }
    }

    pub fn stats(&self, now: f64) -> Stats {
        let game = self.session.game();
        let sets_to_find = game.variant().sets_to_find();
        Stats {
            // A game with a fixed number of sets to find deals from no deck.
            deck_left: sets_to_find.is_none().then(|| game.deck().len()),
            sets_found: game.found().len(),
            sets_to_find,
            elapsed_ms: self.session.elapsed_ms(now),
            hints_used: game.hints_used(),
            wrong_claims: game.wrong_claims(),
        }
    }

    /// Brings the page in line with the state: text, end screen, drawing.
    fn refresh(&mut self, now: f64) {
        let Some(view) = &self.view else { return };
        let stats = self.stats(now);
        view.show_stats(&stats);
        let over = self.screen == Screen::Play && self.session.game().is_over();
        view.show_end(over.then_some(&stats), self.session.share_text(now).as_deref());
        view.show_variant(self.session.game().variant());
        let storage = match &self.persistence {
            Persistence::Saving => None,
            Persistence::Refused(reason) | Persistence::NoStorage(reason) => {
                Some(format!("This game will not be saved: {reason}."))
            }
            Persistence::Guarding(Guarded::NewerSave(why)) => Some(format!(
                "Your saved game is not opened here: {why}. It is kept as it is, and this game will not be saved over it; reload to get the newer version."
            )),
            Persistence::Guarding(Guarded::BadSaveNotKept(why)) => {
                Some(format!("It could not be kept aside ({why}), so this game will not be saved over it."))
            }
        };
        // A passing notice alone floats over the board instead of pushing it
        // down, and back up when it goes: the cards stay where they are.
        let lasting = self.offer.is_some() || storage.is_some() || self.set_aside.is_some();
        let floating = self.notice_until.is_some() && !lasting;
        let mut notice = self.notice.clone();
        if self.offer.is_some() {
            add_sentence(
                &mut notice,
                "The link is for another game; yours is unfinished and carries on here. Playing the linked game ends it.",
            );
        }
        if let Some(storage) = storage {
            add_sentence(&mut notice, &storage);
        }
        view.set_notice(&notice, floating);
        view.announce(&self.announcement);
        view.offer_download(self.set_aside.as_ref());
        view.offer_game(self.offer.is_some());
        view.offer_back(self.back_shown());
        view.show_settings(self.settings);
        if self.screen == Screen::Play {
            let game = self.session.game();
            view.show_in_address(&query_for(game.variant(), game.seed()));
        }
        self.draw(now);
        self.show_card_buttons();
    }

    /// How many places of the row above the table can be picked (and so
    /// have buttons).
    fn row_places(&self) -> usize {
        self.session.row().pickable().len()
    }

    /// The card that takes focus in the cards' group: the one last moved
    /// to or picked, or the nearest still on the board.
    fn focus_place(&self) -> Option<Place> {
        self.card_focus.clamped(self.row_places(), self.session.game().table().len())
    }

    /// One button per card that can be picked, over its drawing, named in
    /// words: the previous set's, then the table's. Only the focused card
    /// is in the Tab order; the arrow keys move between them.
    fn show_card_buttons(&self) {
        let Some(view) = &self.view else { return };
        let mut buttons = String::new();
        let focus = self.focus_place();
        if self.screen == Screen::Play {
            let board = self.board(view);
            let game = self.session.game();
            let row = self.session.row();
            let row = row.pickable().iter().enumerate().map(|(i, &card)| (Place::Row(i), card));
            for (place, card) in
                row.chain(game.table().iter().enumerate().map(|(slot, &card)| (Place::Table(slot), card)))
            {
                let Some(rect) = board.rect(place) else { continue };
                let label = describe_card(place, card, key_label(place), game.hinted_cards().contains(&card));
                // Whole pixels: integer formatting keeps float formatting out of the wasm.
                let [x, y, w, h] = [rect.x, rect.y, rect.w, rect.h].map(|n| n as u32);
                buttons.push_str(&format!(
                    r#"<button id="{}" tabindex="{}" aria-pressed="{}" aria-label="{label}" style="left:{x}px;top:{y}px;width:{w}px;height:{h}px"></button>"#,
                    place_id(place),
                    if Some(place) == focus { "0" } else { "-1" },
                    self.session.is_selected(card),
                ));
            }
        }
        view.show_card_buttons(&buttons, &focus.map(place_id).unwrap_or_default());
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
        self.draw_board(view, now);
        if self.effect.is_some() && !view.frame_pending {
            let requested = view.window.request_animation_frame(&view.frame_callback);
            if let Some(view) = &mut self.view {
                view.frame_pending = requested.is_ok();
            }
        }
    }

    fn draw_board(&self, view: &View, now: f64) {
        view.begin_frame();
        let dark = self.settings.dark(view.system_prefers_dark());
        let palette = self.settings.palette;
        render::clear(&view.ctx, view.css_width, view.css_height, dark);
        let board = self.board(view);
        if self.screen == Screen::Gallery {
            for card in Card::all() {
                if let Some(rect) = board.rect(Place::Table(card.id() as usize)) {
                    let mut label = String::new();
                    set_core::text::push_small(&mut label, card.id() as usize);
                    let look = CardLook {
                        label: Some(&label),
                        cue: self.settings.colour_cues,
                        palette,
                        dark,
                        ..CardLook::default()
                    };
                    render::draw_card(&view.ctx, card, rect, look);
                }
            }
            return;
        }
        let game = self.session.game();
        let hinted = game.hinted_cards();
        let (wrong, len, shake) = match self.effect {
            Some(effect @ Effect::Wrong { cards, len, .. }) => {
                let p = effect.progress(now);
                // JavaScript's sin: Rust's would add its own (libm) to the download.
                (cards, len, js_sys::Math::sin(p * 28.0) * 5.0 * (1.0 - p))
            }
            _ => ([set_core::rules::card::DECK[0]; 4], 0, 0.0),
        };
        let wrong = &wrong[..len];
        let row = self.session.row();
        if let (Some(strip), false) = (board.row, row == Row::Empty) {
            render::draw_row_band(&view.ctx, &strip, matches!(row, Row::LastUltra { .. }), dark);
        }
        let places = row.cards().into_iter().enumerate().map(|(i, card)| (Place::Row(i), card));
        let table = game.table().iter().enumerate().map(|(slot, &card)| (Place::Table(slot), card));
        for (place, card) in places.chain(table) {
            let Some(rect) = board.rect(place) else { continue };
            let is_wrong = wrong.contains(&card);
            let pickable = match place {
                Place::Table(_) => true,
                Place::Row(index) => index < row.pickable().len(),
            };
            let look = CardLook {
                selected: pickable && self.session.is_selected(card),
                hinted: pickable && hinted.contains(&card),
                hovered: self.hover == Some(place),
                wrong: is_wrong,
                // UltraSet's row: the third card both pairs need is ringed.
                found: place == Place::Row(2) && matches!(row, Row::LastUltra { .. }),
                label: if self.settings.key_labels && pickable { key_label(place) } else { None },
                cue: self.settings.colour_cues,
                palette,
                dark,
            };
            let dx = if is_wrong { shake } else { 0.0 };
            render::draw_card(&view.ctx, card, Rect { x: rect.x + dx, ..rect }, look);
        }
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
                    let look = CardLook { found: true, palette, dark, ..CardLook::default() };
                    render::draw_card(&view.ctx, card, shrunk, look);
                }
            }
            view.ctx.set_global_alpha(1.0);
        }
    }

    /// The state as a plain JavaScript object, for `state()`.
    pub fn state_object(&self, now: f64) -> JsValue {
        let game = self.session.game();
        let selected: Vec<usize> = self.session.selection().iter().filter_map(|&c| game.slot_of(c)).collect();
        let object = js_sys::Object::new();
        put(&object, "table", ids(game.table()));
        put(&object, "deck", (game.deck().len() as u32).into());
        put(&object, "setsFound", (game.found().len() as u32).into());
        put(&object, "wrongClaims", game.wrong_claims().into());
        put(&object, "hintsUsed", game.hints_used().into());
        put(&object, "selected", numbers(&selected));
        put(&object, "picked", ids(self.session.selection()));
        put(&object, "hinted", numbers(&self.hinted_slots()));
        put(&object, "elapsedMs", self.session.elapsed_ms(now).round().into());
        put(&object, "over", game.is_over().into());
        // A daily puzzle's seed comes from its date and may pass 2^53, which
        // a JavaScript number cannot hold: its `date` names it instead.
        let seed = if let Variant::Daily(_) = game.variant() { JsValue::NULL } else { (game.seed() as f64).into() };
        put(&object, "seed", seed);
        put(&object, "mode", game.variant().name().into());
        put(&object, "screen", (if self.screen == Screen::Play { "play" } else { "gallery" }).into());
        match game.variant() {
            Variant::Chain => put(&object, "previous", game.previous().map_or(JsValue::NULL, |p| ids(&p))),
            Variant::Daily(date) => {
                let found: js_sys::Array = game.found().iter().map(|claim| ids(claim.cards())).collect();
                put(&object, "date", date.to_string().into());
                put(&object, "found", found.into());
            }
            _ => {}
        }
        if let Row::LastUltra { pairs: [[a, b], [c, d]], third } = self.session.row() {
            put(&object, "lastUltra", ids(&[a, b, c, d, third]));
        }
        object.into()
    }
}

/// Appends a sentence to a text, a space apart.
pub fn add_sentence(text: &mut String, sentence: &str) {
    if !text.is_empty() {
        text.push(' ');
    }
    text.push_str(sentence);
}

/// Card ids as a JavaScript array.
pub fn ids(cards: &[Card]) -> JsValue {
    cards.iter().map(|c| JsValue::from(c.id())).collect::<js_sys::Array>().into()
}

/// Slots or indices as a JavaScript array.
pub fn numbers(slots: &[usize]) -> JsValue {
    slots.iter().map(|&s| JsValue::from(s as u32)).collect::<js_sys::Array>().into()
}

/// Sets one field of a state object. Setting a property of a plain object
/// made here cannot fail (only a proxy or a frozen object refuses), so there
/// is no error to pass on.
#[inline(never)]
fn put(object: &js_sys::Object, name: &str, value: JsValue) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(name), &value);
}
