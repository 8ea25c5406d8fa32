//! The page's elements: the canvas and its backing store, the status line,
//! the end screen, the notice and the text description of the table.
//!
//! Element ids are the contract with index.html. A page without `#board`
//! (a test page, a page that only wants the exports) gets no view at all.

use crate::rules::card::Card;
use crate::play::layout::Layout;
use crate::play::stopwatch::format_clock;
use super::storage::SetAside;
use std::cell::Cell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, Document, Element, HtmlCanvasElement, HtmlElement, Window};

/// Counters shown in the status line and on the end screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stats {
    pub deck_left: usize,
    pub sets_found: usize,
    pub elapsed_ms: f64,
    pub hints_used: u32,
    pub wrong_claims: u32,
}

impl Stats {
    /// As shown: deck, sets, time, hints, wrong claims.
    fn texts(&self) -> [String; 5] {
        [
            self.deck_left.to_string(),
            self.sets_found.to_string(),
            format_clock(self.elapsed_ms),
            self.hints_used.to_string(),
            self.wrong_claims.to_string(),
        ]
    }
}

pub struct View {
    pub window: Window,
    pub canvas: HtmlCanvasElement,
    pub ctx: CanvasRenderingContext2d,
    /// Canvas size in CSS pixels and the device pixel ratio of its backing store.
    pub css_width: f64,
    pub css_height: f64,
    pub pixel_ratio: f64,
    status: [Element; 5],
    end_screen: HtmlElement,
    end_stats: [Element; 4],
    end_button: HtmlElement,
    notice: HtmlElement,
    notice_text: Element,
    /// Downloads a save that could not be restored.
    download: HtmlElement,
    keys_button: Element,
    description: Element,
    /// Called on the next animation frame while an effect plays.
    pub frame_callback: Closure<dyn FnMut(f64)>,
    pub frame_pending: bool,
    /// The seed last written to the address bar.
    address_seed: Cell<Option<u64>>,
}

fn element(document: &Document, id: &str) -> Result<Element, JsValue> {
    document.get_element_by_id(id).ok_or_else(|| JsValue::from_str(&format!("the page has no #{id} element")))
}

fn elements<const N: usize>(document: &Document, ids: [&str; N]) -> Result<[Element; N], JsValue> {
    let mut found = Vec::with_capacity(N);
    for id in ids {
        found.push(element(document, id)?);
    }
    found.try_into().map_err(|_| JsValue::from_str("element count"))
}

fn html_element(document: &Document, id: &str) -> Result<HtmlElement, JsValue> {
    element(document, id)?
        .dyn_into::<HtmlElement>()
        .map_err(|_| JsValue::from_str(&format!("#{id} is not an HTML element")))
}

impl View {
    /// The view of this page, or `None` when it has no `#board` canvas.
    pub fn find(window: Window, frame_callback: Closure<dyn FnMut(f64)>) -> Result<Option<View>, JsValue> {
        let document = window.document().ok_or("no document")?;
        let Some(board) = document.get_element_by_id("board") else { return Ok(None) };
        let canvas: HtmlCanvasElement = board.dyn_into().map_err(|_| "#board is not a canvas")?;
        let ctx: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or("the canvas has no 2d context")?
            .dyn_into()
            .map_err(|_| "not a 2d context")?;
        let mut view = View {
            status: elements(&document, ["deck-left", "sets-found", "time", "hints-used", "wrong-claims"])?,
            end_screen: html_element(&document, "end-screen")?,
            end_stats: elements(&document, ["end-sets", "end-time", "end-hints", "end-wrong"])?,
            end_button: html_element(&document, "end-new-game")?,
            notice: html_element(&document, "notice")?,
            notice_text: element(&document, "notice-text")?,
            download: html_element(&document, "save-download")?,
            keys_button: element(&document, "keys-button")?,
            description: element(&document, "table-description")?,
            window,
            canvas,
            ctx,
            css_width: 0.0,
            css_height: 0.0,
            pixel_ratio: 1.0,
            frame_callback,
            frame_pending: false,
            address_seed: Cell::new(None),
        };
        view.fit();
        Ok(Some(view))
    }

    /// Sizes the canvas to the space its container has now (whole CSS
    /// pixels, so nothing is resampled) and its backing store to that size
    /// times the device pixel ratio, so lines stay sharp on HiDPI screens and
    /// after zooming. The canvas is taken out of the page's flow by the
    /// stylesheet, so its own size can never push the page into scrolling.
    pub fn fit(&mut self) {
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

    pub fn layout(&self, slots: usize) -> Layout {
        Layout::new(self.css_width, self.css_height, slots)
    }

    /// Starts a frame: CSS-pixel coordinates from here on.
    pub fn begin_frame(&self) -> Result<(), JsValue> {
        let r = self.pixel_ratio;
        self.ctx.set_transform(r, 0.0, 0.0, r, 0.0, 0.0)
    }

    /// The canvas's top-left corner in viewport CSS pixels.
    pub fn canvas_origin(&self) -> (f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        (rect.left(), rect.top())
    }

    pub fn set_cursor(&self, pointer: bool) {
        let _ = self.canvas.style().set_property("cursor", if pointer { "pointer" } else { "default" });
    }

    pub fn show_stats(&self, stats: &Stats) {
        for (element, text) in self.status.iter().zip(&stats.texts()) {
            set_text(element, text);
        }
    }

    pub fn show_time(&self, elapsed_ms: f64) {
        set_text(&self.status[2], &format_clock(elapsed_ms));
    }

    /// Shows the end screen with the final counters, or hides it.
    pub fn show_end(&self, stats: Option<&Stats>) {
        let Some(stats) = stats else {
            self.end_screen.set_hidden(true);
            return;
        };
        // The end screen shows every counter but the (empty) deck.
        for (element, text) in self.end_stats.iter().zip(&stats.texts()[1..]) {
            set_text(element, text);
        }
        if self.end_screen.hidden() {
            self.end_screen.set_hidden(false);
            let _ = self.end_button.focus();
        }
    }

    /// Puts the game's seed in the address (without a new history entry), so
    /// that a reload carries on this game and a shared link deals it.
    /// Only when the seed changed: browsers throttle frequent history calls.
    pub fn show_seed_in_address(&self, seed: u64) {
        if self.address_seed.get() == Some(seed) {
            return;
        }
        if let Ok(history) = self.window.history() {
            if history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("?seed={seed}"))).is_ok() {
                self.address_seed.set(Some(seed));
            }
        }
    }

    pub fn show_key_labels_pressed(&self, shown: bool) {
        let _ = self.keys_button.set_attribute("aria-pressed", if shown { "true" } else { "false" });
    }

    pub fn set_notice(&self, text: &str) {
        set_text(&self.notice_text, text);
        self.notice.set_hidden(text.is_empty());
    }

    /// Shows the link that downloads a save set aside, or hides it.
    pub fn offer_download(&self, set_aside: Option<&SetAside>) {
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

    /// The table in words beside the canvas, for screen readers.
    pub fn describe_table(&self, lines: impl Iterator<Item = String>) {
        let items: String = lines.map(|line| format!("<li>{line}</li>")).collect();
        self.description.set_inner_html(&items);
    }
}

/// One line of the table's description: "Slot 1 (key 1): 2 solid green diamonds, selected".
pub fn describe_slot(slot: usize, card: Card, key: Option<&str>, selected: bool, hinted: bool) -> String {
    let mut line = format!("Slot {}", slot + 1);
    if let Some(key) = key {
        line.push_str(&format!(" (key {key})"));
    }
    line.push_str(&format!(": {card}"));
    if selected {
        line.push_str(", selected");
    }
    if hinted {
        line.push_str(", hinted");
    }
    line
}

fn set_text(element: &Element, text: &str) {
    if element.text_content().as_deref() != Some(text) {
        element.set_text_content(Some(text));
    }
}
