//! The page's elements: the canvas and its backing store, the status line,
//! the end screen, the notice and the text description of the table.
//!
//! Element ids are the contract with index.html. A page without `#board`
//! (a test page, a page that only wants the exports) gets no view at all.

use crate::storage::SetAside;
use set_client::page::layout::{Board, Place, Plan};
use set_client::page::settings::{Settings, Theme};
use set_client::play::stopwatch::format_clock;
use set_core::rules::card::Card;
use set_core::rules::deck::Deck;
use set_core::rules::variant::Variant;
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, Document, Element, HtmlCanvasElement, HtmlElement, MediaQueryList, Window};

/// Counters shown in the status line and on the end screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Stats {
    /// `None` where the game deals from no deck (the daily puzzle).
    pub deck_left: Option<usize>,
    pub sets_found: usize,
    /// How many sets finish the game, where a fixed number does.
    pub sets_to_find: Option<usize>,
    pub elapsed_ms: f64,
    pub hints_used: u32,
    pub wrong_claims: u32,
}

impl Stats {
    /// As shown: deck ("–" without one), sets ("2 of 6" with a goal),
    /// time, hints, wrong claims.
    fn texts(&self) -> [String; 5] {
        let mut sets = String::new();
        set_core::text::push_small(&mut sets, self.sets_found);
        if let Some(goal) = self.sets_to_find {
            sets.push_str(" of ");
            set_core::text::push_small(&mut sets, goal);
        }
        [
            self.deck_left.map_or_else(|| "–".to_owned(), |left| left.to_string()),
            sets,
            format_clock(self.elapsed_ms),
            self.hints_used.to_string(),
            self.wrong_claims.to_string(),
        ]
    }
}

/// What only race.html has: the scoreboard, and its markup as last written
/// (rewriting a button under a finger would drop its tap), and the end
/// screen's ranking of the players.
struct OthersView {
    scores: HtmlElement,
    scores_markup: RefCell<String>,
    ranking: HtmlElement,
}

pub(crate) struct View {
    pub window: Window,
    pub canvas: HtmlCanvasElement,
    pub ctx: CanvasRenderingContext2d,
    /// Canvas size in CSS pixels and the device pixel ratio of its backing store.
    pub css_width: f64,
    pub css_height: f64,
    pub pixel_ratio: f64,
    status: [HtmlElement; 5],
    end_screen: HtmlElement,
    end_stats: [HtmlElement; 4],
    end_button: HtmlElement,
    /// The daily puzzle's Copy result button: the end screen's first control then.
    copy_button: HtmlElement,
    end_title: HtmlElement,
    /// The daily puzzle's result, to copy and share.
    share: HtmlElement,
    share_text: HtmlElement,
    mode_chooser: HtmlElement,
    notice: HtmlElement,
    notice_text: HtmlElement,
    /// Downloads a save that could not be restored.
    download: HtmlElement,
    /// Plays the game a link asked for, in place of the unfinished one.
    offer_button: HtmlElement,
    /// Goes back to the unfinished game a new game replaced.
    back_button: HtmlElement,
    /// "No set": shown where extra cards wait for a call.
    no_set_button: HtmlElement,
    /// The settings panel's controls: colour cues, key labels, palette,
    /// theme, motion, sound, volume, vibration and when extra cards come
    /// (`setting-…` in index.html).
    setting_controls: [HtmlElement; 9],
    /// The cards' buttons, over the canvas.
    card_buttons: HtmlElement,
    /// Their markup as last written: rewriting it would take focus away.
    card_markup: RefCell<String>,
    /// The polite live region: what just happened, for screen readers.
    announcer: HtmlElement,
    /// The scoreboard and the end screen's ranking of the players, on the
    /// page that plays with others (race.html); none on index.html.
    others: Option<OthersView>,
    /// The daily puzzle's found sets (`#found-sets`), and the cards of those
    /// it shows now (`crate::app::found`, index.html's build only).
    #[cfg(feature = "solo")]
    pub found: Option<HtmlElement>,
    #[cfg(feature = "solo")]
    pub found_shown: RefCell<Vec<u8>>,
    /// Called on the next animation frame while an effect plays.
    pub frame_callback: js_sys::Function,
    pub frame_pending: bool,
    /// The query last written to the address bar.
    address: RefCell<String>,
    /// The system's preferences, as live queries: read on every draw (the
    /// scheme) and every claim (motion), so made once.
    pub dark_scheme: Option<MediaQueryList>,
    less_motion: Option<MediaQueryList>,
    /// A finger, not a mouse: vibration's default follows it.
    coarse_pointer: Option<MediaQueryList>,
}

/// The settings panel's controls are `setting-<name>`, with these names:
/// the names of the settings' text lines (`set_client::page::settings::Change`).
pub(crate) const SETTING_PREFIX: &str = "setting-";

/// Binds each name to the page's element of that id: one list, so that a
/// name and its id cannot come apart (an array looked up in one loop, not a
/// call per element, for the page's bytes: BENCHMARKS.md).
macro_rules! find_elements {
    ($document:expr, { $($name:ident: $id:literal,)* }) => {
        let [$($name),*] = elements($document, [$($id),*])?;
    };
}

/// The page's elements by id, in the order given; an error names the first missing one.
fn elements<const N: usize>(document: &Document, ids: [&str; N]) -> Result<[HtmlElement; N], JsValue> {
    let mut found = Vec::with_capacity(N);
    for id in ids {
        let element =
            document.get_element_by_id(id).ok_or_else(|| JsValue::from_str(&format!("the page has no #{id}")))?;
        // Every id above is an HTML element in index.html, the contract.
        found.push(element.unchecked_into());
    }
    found.try_into().map_err(|_| JsValue::from_str("element count"))
}

impl View {
    /// The view of this page, or `None` when it has no `#board` canvas.
    pub(crate) fn find(window: Window, frame_callback: js_sys::Function) -> Result<Option<View>, JsValue> {
        let document = window.document().ok_or("no document")?;
        let Some(board) = document.get_element_by_id("board") else { return Ok(None) };
        let canvas: HtmlCanvasElement = board.dyn_into().map_err(|_| "#board is not a canvas")?;
        let ctx: CanvasRenderingContext2d =
            canvas.get_context("2d")?.ok_or("the canvas has no 2d context")?.unchecked_into();
        find_elements!(&document, {
            deck: "deck-left",
            sets: "sets-found",
            time: "time",
            hints: "hints-used",
            wrong: "wrong-claims",
            end_screen: "end-screen",
            end_sets: "end-sets",
            end_time: "end-time",
            end_hints: "end-hints",
            end_wrong: "end-wrong",
            end_button: "end-new-game",
            end_title: "end-title",
            share: "share",
            share_text: "share-text",
            mode_chooser: "mode",
            notice: "notice",
            notice_text: "notice-text",
            download: "save-download",
            offer_button: "play-offer",
            back_button: "go-back",
            no_set_button: "no-set-button",
            card_buttons: "cards",
            announcer: "announce",
            colour_cues: "setting-colour-cues",
            key_labels: "setting-key-labels",
            palette: "setting-palette",
            theme: "setting-theme",
            motion: "setting-motion",
            sound: "setting-sound",
            volume: "setting-volume",
            vibration: "setting-vibration",
            deal: "setting-deal",
            copy_button: "copy-result",
        });
        // The scoreboard and the ranking, on the page that plays with others.
        let find = |id: &str| document.get_element_by_id(id).map(JsCast::unchecked_into::<HtmlElement>);
        let others = find("scores").zip(find("end-ranking")).map(|(scores, ranking)| OthersView {
            scores,
            scores_markup: RefCell::default(),
            ranking,
        });
        let query = |media: &str| window.match_media(media).ok().flatten();
        let (dark_scheme, less_motion, coarse_pointer) = (
            query("(prefers-color-scheme: dark)"),
            query("(prefers-reduced-motion: reduce)"),
            query("(pointer: coarse)"),
        );
        let mut view = View {
            status: [deck, sets, time, hints, wrong],
            end_screen,
            end_stats: [end_sets, end_time, end_hints, end_wrong],
            end_button,
            copy_button,
            end_title,
            share,
            share_text,
            mode_chooser,
            notice,
            notice_text,
            download,
            offer_button,
            back_button,
            no_set_button,
            card_buttons,
            card_markup: RefCell::default(),
            others,
            #[cfg(feature = "solo")]
            found: find("found-sets"),
            #[cfg(feature = "solo")]
            found_shown: RefCell::default(),
            announcer,
            setting_controls: [colour_cues, key_labels, palette, theme, motion, sound, volume, vibration, deal],
            window,
            canvas,
            ctx,
            css_width: 0.0,
            css_height: 0.0,
            pixel_ratio: 1.0,
            frame_callback,
            frame_pending: false,
            address: RefCell::default(),
            dark_scheme,
            less_motion,
            coarse_pointer,
        };
        view.fit();
        Ok(Some(view))
    }

    /// Sizes the canvas to the space its container has now (whole CSS
    /// pixels, so nothing is resampled) and its backing store to that size
    /// times the device pixel ratio, so lines stay sharp on HiDPI screens and
    /// after zooming. The canvas is taken out of the page's flow by the
    /// stylesheet, so its own size can never push the page into scrolling.
    pub(crate) fn fit(&mut self) {
        let ratio = self.window.device_pixel_ratio().clamp(0.5, 4.0);
        let area = self.canvas.parent_element().map(|parent| parent.get_bounding_client_rect());
        let (w, h) = area.map_or((1.0, 1.0), |r| (r.width().floor().max(1.0), r.height().floor().max(1.0)));
        if (w, h) != (self.css_width, self.css_height) {
            let style = self.canvas.style();
            // Whole numbers: integer formatting keeps float formatting out of the wasm.
            let _ = style.set_property("width", &format!("{}px", w as u32));
            let _ = style.set_property("height", &format!("{}px", h as u32));
        }
        let (pw, ph) = ((w * ratio).round() as u32, (h * ratio).round() as u32);
        if self.canvas.width() != pw || self.canvas.height() != ph {
            self.canvas.set_width(pw);
            self.canvas.set_height(ph);
        }
        (self.css_width, self.css_height, self.pixel_ratio) = (w, h, ratio);
    }

    /// The board for `table` cards, and `row` cards in a row above them,
    /// laid out for the plan.
    pub(crate) fn board(&self, table: usize, row: usize, plan: Plan) -> Board {
        Board::planned(self.css_width, self.css_height, table, row, plan)
    }

    /// Starts a frame: CSS-pixel coordinates from here on.
    pub(crate) fn begin_frame(&self) {
        let r = self.pixel_ratio;
        set_canvas::paint(&self.ctx).scale_to(r, 0.0, 0.0, r, 0.0, 0.0);
    }

    /// The canvas's top-left corner in viewport CSS pixels.
    pub(crate) fn canvas_origin(&self) -> (f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        (rect.left(), rect.top())
    }

    pub(crate) fn set_cursor(&self, pointer: bool) {
        let _ = self.canvas.style().set_property("cursor", if pointer { "pointer" } else { "default" });
    }

    pub(crate) fn show_stats(&self, stats: &Stats) {
        for (element, text) in self.status.iter().zip(&stats.texts()) {
            set_text(element, text);
        }
    }

    pub(crate) fn show_time(&self, elapsed_ms: f64) {
        set_text(&self.status[2], &format_clock(elapsed_ms));
    }

    /// Shows the end screen with the final counters and, for a daily
    /// puzzle, the result to share; or hides it. With other players
    /// (race.html), `ranking` is its title naming the winner and the list
    /// ranking them.
    pub(crate) fn show_end(&self, stats: Option<&Stats>, share: Option<&str>, ranking: Option<(String, String)>) {
        let plain = if share.is_some() { "Puzzle solved" } else { "No sets left" };
        let title = ranking.as_ref().filter(|_| stats.is_some()).map_or(plain, |(title, _)| title.as_str());
        self.show_end_titled(stats, share, title);
        if let Some(others) = &self.others {
            match ranking.filter(|_| stats.is_some()) {
                Some((_, list)) => {
                    others.ranking.set_inner_html(&list);
                    others.ranking.set_hidden(false);
                }
                None => others.ranking.set_hidden(true),
            }
        }
    }

    fn show_end_titled(&self, stats: Option<&Stats>, share: Option<&str>, title: &str) {
        let Some(stats) = stats else {
            self.end_screen.set_hidden(true);
            return;
        };
        set_text(&self.end_title, title);
        set_text(&self.share_text, share.unwrap_or_default());
        self.share.set_hidden(share.is_none());
        // The end screen shows every counter but the (empty) deck.
        for (element, text) in self.end_stats.iter().zip(&stats.texts()[1..]) {
            set_text(element, text);
        }
        if self.end_screen.hidden() {
            self.end_screen.set_hidden(false);
            let first = if share.is_some() { &self.copy_button } else { &self.end_button };
            let _ = first.focus();
        }
    }

    /// Puts the game's address (`?seed=…`, `?mode=…`) in the address bar
    /// without a new history entry, so that a reload carries on this game and
    /// a shared link deals it. Only when it changed: browsers throttle
    /// frequent history calls.
    pub(crate) fn show_in_address(&self, query: &str) {
        if *self.address.borrow() == query {
            return;
        }
        if let Ok(history) = self.window.history() {
            if history.replace_state_with_url(&JsValue::NULL, "", Some(query)).is_ok() {
                *self.address.borrow_mut() = query.to_owned();
            }
        }
    }

    /// This release: the address of its wasm (content-hashed by Trunk) in
    /// the page's preload link; `None` on a page without one (a test page).
    pub(crate) fn release(&self) -> Option<String> {
        let document = self.window.document()?;
        document.query_selector("link[rel=preload][href$='.wasm']").ok()??.get_attribute("href")
    }

    /// Whether the player asked their system for less motion.
    pub(crate) fn system_reduces_motion(&self) -> bool {
        self.less_motion.as_ref().is_some_and(MediaQueryList::matches)
    }

    /// Whether the page is used with a finger (a phone, a tablet).
    pub(crate) fn touch_device(&self) -> bool {
        self.coarse_pointer.as_ref().is_some_and(MediaQueryList::matches)
    }

    /// Whether the player's system prefers a dark page.
    pub(crate) fn system_prefers_dark(&self) -> bool {
        self.dark_scheme.as_ref().is_some_and(MediaQueryList::matches)
    }

    /// The mode chooser shows the way this game is played.
    pub(crate) fn show_variant(&self, variant: Variant) {
        let _ = js_sys::Reflect::set(&self.mode_chooser, &"value".into(), &variant.name().into());
    }

    /// The settings panel shows the settings, and the page takes their
    /// theme: `data-theme` on the root element when one is chosen, none to
    /// follow the system (the stylesheet follows `prefers-color-scheme`).
    pub(crate) fn show_settings(&self, settings: Settings) {
        let [colour_cues, key_labels, palette, theme, motion, sound, volume, vibration, deal] = &self.setting_controls;
        let switches =
            [(colour_cues, settings.colour_cues), (key_labels, settings.key_labels), (sound, settings.sound)];
        for (checkbox, on) in switches {
            let _ = js_sys::Reflect::set(checkbox, &"checked".into(), &on.into());
        }
        let choices = [
            (palette, settings.palette.name()),
            (theme, settings.theme.name()),
            (motion, settings.motion.name()),
            (vibration, settings.vibration.name()),
            (deal, settings.deal.name()),
        ];
        for (select, name) in choices {
            let _ = js_sys::Reflect::set(select, &"value".into(), &name.into());
        }
        let _ = js_sys::Reflect::set(volume, &"value".into(), &settings.volume.to_string().into());
        let root = self.window.document().and_then(|document| document.document_element());
        if let Some(root) = root {
            let _ = match settings.theme {
                Theme::System => root.remove_attribute("data-theme"),
                chosen => root.set_attribute("data-theme", chosen.name()),
            };
        }
    }

    /// Shows a notice above the board (`floating`: over the header, taking
    /// no room; a tap on it sends it away), or hides the notice when `text`
    /// is empty.
    pub(crate) fn set_notice(&self, text: &str, floating: bool) {
        set_text(&self.notice_text, text);
        self.notice.set_class_name(if floating { "floating" } else { "" });
        self.notice.set_hidden(text.is_empty());
    }

    /// Shows the link that downloads a save set aside, or hides it.
    pub(crate) fn offer_download(&self, set_aside: Option<&SetAside>) {
        let Some(set_aside) = set_aside else {
            self.download.set_hidden(true);
            return;
        };
        if self.download.hidden() {
            let _ = self.download.set_attribute("href", &set_aside.download_href());
            let _ = self.download.set_attribute("download", &set_aside.file_name());
            self.download.set_hidden(false);
        }
    }

    /// Shows the button that plays the game a link asked for, or hides it.
    pub(crate) fn offer_game(&self, offered: bool) {
        self.offer_button.set_hidden(!offered);
    }

    /// Shows "No set" while the game's extra cards wait for a call, or hides it.
    pub(crate) fn offer_no_set(&self, offered: bool) {
        self.no_set_button.set_hidden(!offered);
    }

    /// Shows the button back to the game a new game replaced, or hides it.
    pub(crate) fn offer_back(&self, offered: bool) {
        self.back_button.set_hidden(!offered);
    }

    /// Tells screen readers what just happened (a polite live region).
    pub(crate) fn announce(&self, text: &str) {
        set_text(&self.announcer, text);
    }

    /// The scoreboard: hidden when its markup is empty (a game alone).
    pub(crate) fn show_scores(&self, markup: &str) {
        let Some(others) = &self.others else { return };
        if *others.scores_markup.borrow() != markup {
            others.scores.set_inner_html(markup);
            others.scores.set_hidden(markup.is_empty());
            markup.clone_into(&mut others.scores_markup.borrow_mut());
        }
    }

    /// Writes the cards' buttons when they changed. A button that had focus
    /// is replaced, so focus goes to the one with id `focus`.
    pub(crate) fn show_card_buttons(&self, markup: &str, focus: &str) {
        if *self.card_markup.borrow() == markup {
            return;
        }
        let had_focus = self.card_buttons.matches(":focus-within").unwrap_or(false);
        self.card_buttons.set_inner_html(markup);
        markup.clone_into(&mut self.card_markup.borrow_mut());
        if !had_focus {
            return;
        }
        if let Some(button) = self.window.document().and_then(|document| document.get_element_by_id(focus)) {
            let _ = button.unchecked_into::<HtmlElement>().focus();
        }
    }
}

/// A card button's name: "Slot 1 (key 1): 2 solid green diamonds" in the
/// words of its `deck`, or "Slot 1 (key 1): face down" without one; the row
/// above the table is "Previous set 1 (key Z): …". Hinted cards end with
/// ", hinted"; being picked is the button's pressed state.
pub(crate) fn describe_card(place: Place, card: Card, deck: Option<Deck>, key: Option<&str>, hinted: bool) -> String {
    let mut line = match place {
        Place::Table(slot) => format!("Slot {}", slot + 1),
        Place::Row(index) => format!("Previous set {}", index + 1),
    };
    if let Some(key) = key {
        line.push_str(&format!(" (key {key})"));
    }
    line.push_str(": ");
    match deck {
        Some(deck) => line.push_str(&deck.words(card)),
        None => line.push_str("face down"),
    }
    if hinted {
        line.push_str(", hinted");
    }
    line
}

/// The id of the button of the card in a place: `card-3`, `row-0`.
pub(crate) fn place_id(place: Place) -> String {
    match place {
        Place::Table(slot) => format!("card-{slot}"),
        Place::Row(index) => format!("row-{index}"),
    }
}

/// The place of a card button's id.
pub(crate) fn place_of_id(id: &str) -> Option<Place> {
    let (kind, number) = set_core::text::split_once_at(id, b'-')?;
    let number = set_core::text::digits(number)? as usize;
    match kind {
        "card" => Some(Place::Table(number)),
        "row" => Some(Place::Row(number)),
        _ => None,
    }
}

fn set_text(element: &Element, text: &str) {
    if element.text_content().as_deref() != Some(text) {
        element.set_text_content(Some(text));
    }
}
