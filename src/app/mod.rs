//! The page's controller around the core's [`Session`]: what the board
//! shows, the short animations, the notice, and whether
//! the game is saved. Every event goes one way: [`Input`] →
//! [`App::handle`] → session update → at most one save and one redraw.
//! Nothing else saves or draws.
//!
//! This file is the funnel: the inputs, what each one changes, and the one
//! save and one redraw after it. The controller's other jobs have rooms of
//! their own beside it: [`persistence`] (whether and where the game is
//! saved, and following another tab), [`notice`] (the notice and the live
//! region), [`effect`] (a wrong claim's shake), [`motion`] (cards that
//! move and the sounds after a move), [`board`]
//! (where the cards lie and drawing them), [`card_buttons`] (a button over
//! each card), [`others`] (what other players do by themselves, and calls),
//! [`state`] (the object `state()` returns) and [`host`] (the game the page
//! hosts, the same shape alone and with others).

mod board;
mod card_buttons;
mod effect;
// The daily puzzle is played alone: race.html's build leaves its found sets out.
#[cfg(feature = "solo")]
mod found;
pub(crate) mod host;
mod motion;
mod notice;
mod others;
mod persistence;
pub(crate) mod state;

use host::{Host, Hosted};
pub(crate) use notice::add_sentence;
pub(crate) use persistence::Guarded;
use set_client::play::session::Session;
use set_client::play::table::Table;
pub(crate) use state::ids;

use crate::dom::{Stats, View};
use crate::storage::{SaveSlot, SetAside};
use effect::Effect;
use host::{Refused, Said};
use motion::Moves;
use persistence::Persistence;
use set_client::page::keyboard::Command;
use set_client::page::layout::{Direction, Place, Rect};
use set_client::page::options::{AskedGame, PageOptions};
use set_client::page::settings::{Change, Settings};
use set_client::page::sound::Cue;
use set_client::play::session::Happened;
use set_core::players::sitting::{Seat, Seats};
use set_core::rules::card::Card;
use set_core::rules::variant::{Dealing, Variant};
use wasm_bindgen::JsValue;

/// What the page tells the game, reduced to plain values at the edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Input {
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
    /// A new game of the same way to play, with this seed, its extra cards
    /// coming as the settings say.
    NewGame(u64),
    /// A way to play chosen on the page: a new game of it, with this seed,
    /// its extra cards coming as the settings say.
    Chosen(Variant, u64),
    /// A new game of this way to play, with this seed and dealing, for the
    /// same players (other players come by [`App::seat`] first).
    Play(Variant, u64, Dealing),
    /// The player asks for the game a link offered (with this seed when the
    /// link named none).
    PlayOffer(u64),
    /// Back to the unfinished game the last new game replaced.
    GoBack,
    /// The notice was tapped: a passing one goes at once, uncovering the
    /// header's controls it floats over.
    DismissNotice,
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
    /// A part that loads later could not be loaded or opened (index.html's
    /// loader; the browser's console tells why).
    PartFailed,
    /// A person calls a claim: their key, or a tap on their name (a game
    /// alone takes no calls).
    Call(Seat),
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

/// The page's controller around the game it hosts, `T`: a `Session` on
/// index.html, a `Race` on race.html. Generic, so that each page's download
/// holds the controller of its own table only, with what a game alone
/// never does compiled out of index.html's.
pub(crate) struct App<T: Hosted> {
    /// The game: alone on index.html, with others on race.html.
    table: T,
    /// A wrong claim's shake.
    effect: Option<Effect>,
    /// The cards moving after a move (see [`motion`]).
    motion: Option<set_client::page::motion::Motion>,
    /// What the moves of the input being handled did, for the motion and the sounds.
    moves: Moves,
    speaker: set_sound::Speaker,
    /// The countdown's second last sounded.
    counted: Option<u32>,
    /// The board's canvas shows what is at rest now (the cards that move
    /// are on layers of their own): a frame while they move draws no board.
    drawn_at_rest: bool,
    /// The moving cards' layers.
    sprites: set_canvas::sprites::Sprites,
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
    /// The seat whose claim the board shows before it is made, as last drawn.
    showing: Option<Seat>,
    /// The players the next `Input::Play` deals for (`deal({ bots, players })`).
    players_asked: Option<Seats>,
    /// The players of the game a link offers.
    offer_players: Option<Seats>,
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
    /// Entries for the record's inbox (games started and finished) not yet
    /// written: they go with the next save.
    inbox: String,
}

impl<T: Hosted> App<T> {
    pub(crate) fn new(table: T, view: Option<View>) -> App<T> {
        App {
            table,
            effect: None,
            motion: None,
            moves: Moves::default(),
            speaker: set_sound::Speaker::default(),
            counted: None,
            drawn_at_rest: false,
            sprites: set_canvas::sprites::Sprites::default(),
            hover: None,
            card_focus: Place::Table(0),
            settings: Settings::default(),
            notice: String::new(),
            notice_until: None,
            announcement: String::new(),
            showing: None,
            players_asked: None,
            offer_players: None,
            save_slot: None,
            persistence: Persistence::NoStorage("the game has not been given storage".to_owned()),
            last_stored: None,
            set_aside: None,
            offer: None,
            back_offered: false,
            view,
            inbox: String::new(),
        }
    }

    /// The session the table plays: the game, the picks and the clock.
    pub(crate) fn play(&self) -> &Session {
        Table::session(&self.table)
    }

    pub(crate) fn offer_set_aside(&mut self, set_aside: SetAside) {
        self.set_aside = Some(set_aside);
    }

    /// The game a link asks for, and its players, if it names them.
    pub(crate) fn offer_game(&mut self, offer: Option<AskedGame>, players: Option<Seats>) {
        self.offer = offer;
        self.offer_players = players;
    }

    /// The players the next new game of `Input::Play` is for.
    pub(crate) fn seat(&mut self, players: Seats) {
        self.players_asked = Some(players);
    }

    /// The one way in: an input updates the game, then the page is saved
    /// once and drawn once, as the update asks.
    pub(crate) fn handle(&mut self, input: Input, now: f64) {
        let before = self.before();
        // Anything but a frame may change what is at rest.
        if input != Input::Frame {
            self.drawn_at_rest = false;
        }
        let mut changes = self.update(input, now);
        if changes.refresh || changes.draw {
            self.show_moves(before, now);
        }
        if changes.save {
            let before = self.persistence.clone();
            self.save(now);
            self.write_inbox();
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
        // What others did by now comes first: a bot's claim due before a
        // click is made before it. Alone, nothing.
        let others = self.let_others_play(now);
        let changes = self.update_for(input, now);
        Changes {
            save: others.save || changes.save,
            refresh: others.refresh || changes.refresh,
            draw: others.draw || changes.draw,
            time: others.time || changes.time,
        }
    }

    fn update_for(&mut self, input: Input, now: f64) -> Changes {
        match input {
            Input::Start => Changes::SAVE_AND_REFRESH,
            // A click on a card of a finished game, or on no card, does nothing.
            Input::Click { x, y } => self.place_at(x, y).map_or(Changes::NONE, |place| self.pick(place, now)),
            Input::Hover(point) => self.hover_at(point),
            Input::Resize => {
                // A moving card's places are gone with the old layout.
                self.motion = None;
                // The cards' buttons follow their drawings.
                Changes::REFRESH
            }
            Input::Key(command) => self.command(command, now),
            // The page follows by itself (CSS); the canvas is redrawn.
            Input::SystemThemeChanged => Changes::DRAW,
            Input::Setting(change) => {
                self.settings.apply(change);
                // Sound turned on or a new volume: heard at once, as it will be.
                if matches!(change, Change::Sound(true) | Change::Volume(_)) {
                    self.moves.cues.push(Cue::Hint);
                }
                self.keep_settings(now)
            }
            Input::Arrow { from, direction } => {
                let Some(view) = &self.view else { return Changes::NONE };
                self.card_focus = self.board(view).neighbour(from, direction, self.row_places());
                Changes::REFRESH
            }
            Input::NewGame(seed) => {
                let variant = self.play().game().variant();
                Table::play_for(&mut self.table, variant, seed, self.settings.deal, None, now);
                self.show_dealt(now)
            }
            Input::Chosen(variant, seed) => {
                Table::play_for(&mut self.table, variant, seed, self.settings.deal, None, now);
                self.show_dealt(now)
            }
            Input::Play(variant, seed, dealing) => {
                let players = self.players_asked.take();
                Table::play_for(&mut self.table, variant, seed, dealing, players, now);
                self.show_dealt(now)
            }
            Input::PlayOffer(any_seed) => {
                let Some(AskedGame { variant, seed, dealing }) = self.offer else { return Changes::NONE };
                let (seed, players) = (seed.unwrap_or(any_seed), self.offer_players.clone());
                Table::play_for(&mut self.table, variant, seed, dealing, players, now);
                self.show_dealt(now)
            }
            Input::GoBack if self.back_shown() && Table::go_back(&mut self.table, now) => {
                self.tell_readers("Back to the last game.".to_owned());
                self.show_new_game()
            }
            Input::Visibility { hidden } => self.visibility_changed(hidden, now),
            Input::PageHide => Changes { save: true, ..Changes::NONE },
            Input::Tick if self.notice_until.is_some_and(|until| now >= until) => self.end_passing_notice(),
            Input::DismissNotice if self.notice_until.is_some() => self.end_passing_notice(),
            Input::GoBack | Input::DismissNotice => Changes::NONE,
            Input::Tick => Changes::TIME,
            Input::Frame => {
                if let Some(view) = &mut self.view {
                    view.frame_pending = false;
                }
                Changes::DRAW
            }
            Input::SaveChangedElsewhere => self.follow_other_tab(now),
            Input::Call(seat) => self.call(seat, now),
            Input::PartFailed => {
                let why = "It could not be opened (offline?); your game is as it was.";
                self.say_for_a_while(why, now);
                self.tell_readers(why.to_owned());
                Changes::REFRESH
            }
        }
    }

    /// The page was hidden or shown again: the clock runs only while it is
    /// visible, and a hidden page may never come back, so it is saved. A page
    /// shown again catches up with what another tab saved meanwhile.
    fn visibility_changed(&mut self, hidden: bool, now: f64) -> Changes {
        Table::set_hidden(&mut self.table, hidden, now);
        self.speaker.set_hidden(hidden);
        if hidden {
            return Changes { save: true, time: true, ..Changes::NONE };
        }
        Changes { time: true, ..self.follow_other_tab(now) }
    }

    /// The page after the session changed games: the board in play,
    /// without the last game's effect, hover, notice or a link's offer.
    fn show_new_game(&mut self) -> Changes {
        self.offer = None;
        self.effect = None;
        self.motion = None;
        self.hover = None;
        self.notice.clear();
        Changes::SAVE_AND_REFRESH
    }

    /// A click, tap or key on a place: picks its card; the pick that
    /// completes a claim claims. Picks on an empty place or
    /// in a finished game do nothing.
    fn pick(&mut self, place: Place, now: f64) -> Changes {
        let Some(card) = self.card_at(place) else { return Changes::NONE };
        // The cards a claim would take.
        let picked = self.play().selection();
        let len = (picked.len() + 1).min(4);
        let mut four = [card; 4];
        four[..len - 1].copy_from_slice(&picked[..len - 1]);
        let said = match Host::pick(&mut self.table, card, now) {
            Ok(said) => said,
            Err(refusal) => return self.refused(refusal, now),
        };
        let still = self.view.as_ref().is_some_and(|view| self.settings.reduced_motion(view.system_reduces_motion()));
        match said.happened {
            Happened::Picked(_) | Happened::Unpicked(_) => return Changes::REFRESH,
            // Less motion: the claim shows at once, told by the notice and the counters.
            Happened::Invalid { .. } if !still => self.effect = Some(Effect::Wrong { cards: four, len, started: now }),
            _ => self.effect = None,
        }
        self.after_move(said, now);
        Changes::SAVE_AND_REFRESH
    }

    /// After a claim or time-out by anyone: the live region, the record of
    /// a game finished, and the notice.
    fn after_move(&mut self, said: Said, now: f64) {
        let happened = said.happened;
        match happened {
            Happened::Found { claim, .. } => {
                self.moves.taken.push((claim.cards().to_vec(), said.by));
                self.moves.cues.push(if self.table.is_bot(said.by) { Cue::RivalSet } else { Cue::OwnSet });
            }
            Happened::Invalid { .. } | Happened::WrongCall { .. } => self.moves.cues.push(Cue::Wrong),
            Happened::CalledNoSet { .. } => self.moves.cues.push(Cue::Dealt),
            _ => {}
        }
        self.announce(said);
        if matches!(happened, Happened::Found { .. } | Happened::CalledNoSet { .. }) && self.play().game().is_over() {
            self.note_finished(now);
        }
        // A claim's message replaces the last one; a claim without one ends it.
        if let Some(text) = happened.message(self.play().game().variant()) {
            self.say_for_a_while(&text, now);
        } else if self.notice_until.take().is_some() {
            self.notice.clear();
        }
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
                Table::clear_selection(&mut self.table);
                Changes::REFRESH
            }
            Command::CallNoSet => match Host::call_no_set(&mut self.table, now) {
                Ok(said) => {
                    self.after_move(said, now);
                    Changes::SAVE_AND_REFRESH
                }
                Err(refusal) => self.refused(refusal, now),
            },
            Command::Hint => match Host::hint(&mut self.table, now) {
                Ok(said) => {
                    if matches!(said.happened, Happened::Hinted(_)) {
                        self.moves.cues.push(Cue::Hint);
                    }
                    self.announce(said);
                    Changes::SAVE_AND_REFRESH
                }
                Err(refusal) => self.refused(refusal, now),
            },
            // New games and going back come as inputs of their own.
            Command::NewGame | Command::GoBack => Changes::NONE,
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

    fn tick(&self, now: f64) {
        if let Some(view) = &self.view {
            view.show_time(self.play().elapsed_ms(now));
        }
    }

    pub(crate) fn stats(&self, now: f64) -> Stats {
        let game = self.play().game();
        let sets_to_find = game.variant().sets_to_find();
        Stats {
            // A game with a fixed number of sets to find deals from no deck.
            deck_left: sets_to_find.is_none().then(|| game.deck().len()),
            sets_found: game.found().len(),
            sets_to_find,
            elapsed_ms: self.play().elapsed_ms(now),
            hints_used: game.hints_used(),
            wrong_claims: self.table.wrong_claims(game),
        }
    }

    /// Says why a pick, hint or call was refused, where the game has words
    /// for it (by the players' names on race.html).
    fn refused(&mut self, refusal: Refused, now: f64) -> Changes {
        let Some(text) = refusal else { return Changes::NONE };
        self.say_for_a_while(&text, now);
        self.tell_readers(text);
        Changes::REFRESH
    }

    /// Brings the page in line with the state: text, end screen, drawing.
    fn refresh(&mut self, now: f64) {
        let Some(view) = &self.view else { return };
        let stats = self.stats(now);
        view.show_stats(&stats);
        let over = self.play().game().is_over();
        view.show_end(over.then_some(&stats), self.play().share_text(now).as_deref(), self.table.ranking());
        view.show_scores(&self.table.scoreboard(now));
        view.show_variant(self.play().game().variant());
        view.offer_no_set(self.play().game().dealing().is_called() && !over);
        #[cfg(feature = "solo")]
        self.show_found();
        self.show_notice(view);
        view.offer_download(self.set_aside.as_ref());
        view.show_settings(self.settings);
        view.show_in_address(&self.table.query(self.play()));
        self.draw(now);
        self.show_card_buttons();
    }
}

/// The controller as the exports reach it, whichever table it hosts: the
/// one thread-local app is a `Box<dyn Page>`, so that the exports exist
/// once.
pub(crate) trait Page {
    /// The one way in (see [`App::handle`]).
    fn handle(&mut self, input: Input, now: f64);
    /// The session the table plays, to read.
    fn play(&self) -> &Session;
    /// What an address asks for, read by this page's reader.
    fn asked(&self, search: &str) -> Result<(PageOptions, Option<Seats>), String>;
    /// The players the next new game of `Input::Play` is for.
    fn seat(&mut self, players: Seats);
    /// `state()`'s object.
    fn state_object(&self, now: f64) -> JsValue;
    /// The player touched, clicked or typed: sound may start from now on
    /// (the browsers' autoplay rule).
    fn heard_gesture(&mut self);
    /// Where a place's card is drawn, or why there is none.
    fn place_rect(&self, place: Place) -> Result<Rect, String>;
    /// Where a card is drawn, if it is.
    fn card_rect(&self, card: Card) -> Option<Rect>;
}

impl<T: Hosted> Page for App<T> {
    fn handle(&mut self, input: Input, now: f64) {
        App::handle(self, input, now);
    }

    fn play(&self) -> &Session {
        App::play(self)
    }

    fn asked(&self, search: &str) -> Result<(PageOptions, Option<Seats>), String> {
        T::asked(search)
    }

    fn seat(&mut self, players: Seats) {
        App::seat(self, players);
    }

    fn state_object(&self, now: f64) -> JsValue {
        App::state_object(self, now)
    }

    fn heard_gesture(&mut self) {
        self.speaker.gesture();
    }

    fn place_rect(&self, place: Place) -> Result<Rect, String> {
        App::place_rect(self, place)
    }

    fn card_rect(&self, card: Card) -> Option<Rect> {
        App::card_rect(self, card)
    }
}
