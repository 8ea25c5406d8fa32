//! The dialog every view draws into, made on first use, and the one
//! callback that hears it: clicks, keys, sliders, choices, a file read, a
//! resize. Its element ids all start with `review-`, and its events stop at
//! the dialog, so the page's own keys (H, N, the slot keys) never act while
//! it is open.

use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, Document, Element, HtmlCanvasElement, HtmlDialogElement, HtmlElement, Window};

/// What the player did in the dialog, reduced to plain values.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Event {
    Close,
    Resize,
    /// A click on an element with an id (a button, a canvas), at a point
    /// relative to that element's top-left corner in CSS pixels.
    Click {
        id: String,
        x: f64,
        y: f64,
    },
    /// A key pressed in the dialog (not in a text field or on the slider).
    Key(String),
    /// A slider or a choice changed.
    Input {
        id: String,
        value: String,
    },
    /// An import file's text, once read.
    Imported(String),
    Export,
}

pub(crate) struct Shell {
    window: Window,
    document: Document,
    dialog: HtmlDialogElement,
    title: HtmlElement,
    said: HtmlElement,
    body: HtmlElement,
    /// The part's one callback, which every event of the dialog reaches.
    on_event: fn(JsValue),
}

/// The part's own styles, put in the page with its dialog: the page's
/// stylesheet, fetched before the first board, carries none of them.
const STYLE: &str = "#review{color-scheme:light;width:min(780px,96vw);max-height:96vh}\
#review canvas{position:static}\
#review:has(.review-gallery){width:96vw}\
#review .panel{text-align:left;max-height:94vh;overflow:auto;padding:16px 20px}\
#review h3{margin:14px 0 6px;font-size:1.05em}\
#review .review-figures{display:grid;grid-template-columns:auto auto;gap:2px 16px;margin:8px 0}\
#review .review-figures dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}\
#review .review-chart{display:block;width:100%;height:170px}\
#review .review-board{display:block;width:100%;height:min(50vh,400px);border-radius:8px}\
#review .review-gallery{display:block;width:100%;height:min(78vh,760px);border-radius:8px}\
#review .review-gallery-large{height:min(300vw,2400px)}\
#review .review-table{border-collapse:collapse;font-variant-numeric:tabular-nums}\
#review .review-table th,#review .review-table td{padding:2px 8px;text-align:right}\
#review .review-missed{list-style:none;padding:0;display:grid;gap:4px}\
#review .review-missed button{text-align:left;width:100%}\
#review button[aria-pressed=true]{outline:3px solid #1a66d9}\
#review .review-pair{display:grid;grid-template-columns:1fr 1fr;gap:8px;max-width:360px;margin:0 auto 10px}\
#review .review-candidates{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}\
#review .review-pick{padding:3px;background:#eef2ef}\
#review .review-card{display:block;width:100%;aspect-ratio:1.55}\
#review .review-steps{display:flex;gap:8px;align-items:center}\
#review .review-steps input{flex:1}\
#review .review-counts{display:flex;flex-wrap:wrap;gap:6px}\
#review .review-warn{background:#fff1cc;padding:6px 8px;border-radius:6px}\
#review .review-note{font-size:.9em;opacity:.8}\
#review select{background:#eef2ef;color:#1b2a24}";

const MARKUP: &str = r#"<div class="panel review"><h2 id="review-title"></h2><p id="review-said" role="status"></p><div id="review-body"></div><p class="review-actions"><button id="review-close" type="button">Close</button></p></div>"#;

/// Gives the document the dialog's style as a constructed stylesheet: the
/// server's Content-Security-Policy allows only the pages' own inline styles
/// (by hash), and a stylesheet made by the part's own script is not inline
/// markup. A browser without constructed stylesheets gets a `<style>`.
fn adopt_style(window: &Window, document: &Document) -> Result<(), String> {
    use js_sys::{Array, Function, Reflect};
    let constructed = (|| -> Result<(), JsValue> {
        let class: Function = Reflect::get(window, &"CSSStyleSheet".into())?.dyn_into()?;
        let sheet = Reflect::construct(&class, &Array::new())?;
        let replace: Function = Reflect::get(&sheet, &"replaceSync".into())?.dyn_into()?;
        replace.call1(&sheet, &STYLE.into())?;
        let adopted: Array = Reflect::get(document, &"adoptedStyleSheets".into())?.dyn_into()?;
        let sheets = Array::from(&adopted);
        sheets.push(&sheet);
        Reflect::set(document, &"adoptedStyleSheets".into(), &sheets)?;
        Ok(())
    })();
    if constructed.is_err() {
        let style = document.create_element("style").map_err(|_| "no style")?;
        style.set_text_content(Some(STYLE));
        if let Some(head) = document.head() {
            let _ = head.append_child(&style);
        }
    }
    Ok(())
}

impl Shell {
    /// The dialog, made and wired to `on_event` the first time.
    pub(crate) fn find_or_make(on_event: fn(JsValue)) -> Result<Shell, String> {
        let window = web_sys::window().ok_or("no window")?;
        let document = window.document().ok_or("no document")?;
        let dialog = if let Some(dialog) = document.get_element_by_id("review") {
            dialog
        } else {
            let callback: js_sys::Function =
                Closure::<dyn FnMut(JsValue)>::new(on_event).into_js_value().unchecked_into();
            adopt_style(&window, &document)?;
            let dialog = document.create_element("dialog").map_err(|_| "no dialog")?;
            dialog.set_id("review");
            let _ = dialog.set_attribute("aria-labelledby", "review-title");
            dialog.set_inner_html(MARKUP);
            document.body().ok_or("no body")?.append_child(&dialog).map_err(|_| "no room for the dialog")?;
            for kind in ["click", "keydown", "input", "change", "close"] {
                let _ = dialog.add_event_listener_with_callback(kind, &callback);
            }
            let _ = window.add_event_listener_with_callback("resize", &callback);
            dialog
        };
        let element = |id: &str| -> Result<HtmlElement, String> {
            Ok(document.get_element_by_id(id).ok_or(format!("no #{id}"))?.unchecked_into())
        };
        Ok(Shell {
            title: element("review-title")?,
            said: element("review-said")?,
            body: element("review-body")?,
            dialog: dialog.unchecked_into(),
            window,
            document,
            on_event,
        })
    }

    pub(crate) fn show(&self) {
        if !self.dialog.open() {
            let _ = self.dialog.show_modal();
        }
    }

    pub(crate) fn close(&self) {
        self.dialog.close();
    }

    pub(crate) fn is_open(&self) -> bool {
        self.dialog.open()
    }

    /// Writes a view: its title and its body's markup. The focus, if it was
    /// on an element that is written again, returns to it by id.
    pub(crate) fn write(&self, title: &str, body: &str) {
        let focused = self.document.active_element().map(|element| element.id()).filter(|id| !id.is_empty());
        self.title.set_text_content(Some(title));
        self.body.set_inner_html(body);
        if let Some(element) = focused.and_then(|id| self.document.get_element_by_id(&id)) {
            let _ = element.unchecked_ref::<HtmlElement>().focus();
        }
    }

    /// A line in the dialog's status region (read by screen readers).
    pub(crate) fn say(&self, text: &str) {
        self.said.set_text_content(Some(text));
    }

    pub(crate) fn element(&self, id: &str) -> Option<Element> {
        self.document.get_element_by_id(id)
    }

    /// A canvas of the view, its backing store sized to its CSS box at the
    /// device's pixel ratio and its context scaled to CSS pixels: crisp on
    /// any screen. Returns the context and the CSS size.
    pub(crate) fn canvas(&self, id: &str) -> Option<(CanvasRenderingContext2d, f64, f64)> {
        let canvas: HtmlCanvasElement = self.element(id)?.unchecked_into();
        let rect = canvas.get_bounding_client_rect();
        let (w, h, ratio) = (rect.width(), rect.height(), self.window.device_pixel_ratio());
        canvas.set_width((w * ratio).round() as u32);
        canvas.set_height((h * ratio).round() as u32);
        let ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.unchecked_into();
        set_canvas::paint(&ctx).scale_to(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        Some((ctx, w, h))
    }

    /// Reads the file chosen in a file input; its text comes back as
    /// [`Event::Imported`].
    pub(crate) fn read_file(&self, input_id: &str) {
        let Some(input) = self.element(input_id) else { return };
        let input: web_sys::HtmlInputElement = input.unchecked_into();
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        // One closure per file read, kept for as long as the page lives.
        let on_event = self.on_event;
        let read = Closure::<dyn FnMut(JsValue)>::new(move |text| on_event(imported(text)));
        let _ = file.text().then(&read);
        read.forget();
        input.set_value("");
    }
}

/// The text of a file read for import, as the one callback takes it.
fn imported(text: JsValue) -> JsValue {
    let wrapped = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&wrapped, &"imported".into(), &text);
    wrapped.into()
}

/// What an event of the dialog (or a file read) asks for, if anything.
pub(crate) fn event_of(value: &JsValue) -> Option<Event> {
    if let Ok(text) = js_sys::Reflect::get(value, &"imported".into()) {
        if let Some(text) = text.as_string() {
            return Some(Event::Imported(text));
        }
    }
    let event: &web_sys::Event = value.dyn_ref()?;
    let target: Option<Element> = event.target().and_then(|t| t.dyn_into().ok());
    let id = target.as_ref().map(Element::id).unwrap_or_default();
    let kind = event.type_();
    if kind != "resize" {
        // The page's own listeners never hear the dialog.
        event.stop_propagation();
    }
    match kind.as_str() {
        "resize" => Some(Event::Resize),
        "click" => {
            // A click inside a button (on a card drawn in it) is the button's.
            let target = target.map(|t| t.closest("button").ok().flatten().unwrap_or(t));
            let id = target.as_ref().map(nearest_id)?;
            match id.as_str() {
                "review-close" => Some(Event::Close),
                "review-export" => Some(Event::Export),
                "" => None,
                _ => {
                    let mouse: &web_sys::MouseEvent = event.dyn_ref()?;
                    let element = target?.closest(&format!("#{id}")).ok()??;
                    let rect = element.get_bounding_client_rect();
                    Some(Event::Click {
                        id,
                        x: f64::from(mouse.client_x()) - rect.left(),
                        y: f64::from(mouse.client_y()) - rect.top(),
                    })
                }
            }
        }
        "keydown" => {
            let key: &web_sys::KeyboardEvent = event.dyn_ref()?;
            // The slider and the choices handle their own keys; Escape is the dialog's.
            let tag = target.as_ref().map(Element::tag_name).unwrap_or_default();
            if tag == "INPUT"
                || tag == "SELECT"
                || key.key() == "Escape"
                || key.ctrl_key()
                || key.meta_key()
                || key.alt_key()
            {
                return None;
            }
            let name = key.key();
            if matches!(name.as_str(), "ArrowLeft" | "ArrowRight" | "Home" | "End" | "PageUp" | "PageDown") {
                event.prevent_default();
            }
            Some(Event::Key(name))
        }
        "input" | "change" => {
            let target = target?;
            if id == "review-import" {
                if kind == "change" {
                    return Some(Event::Input { id, value: String::new() });
                }
                return None;
            }
            let value = js_sys::Reflect::get(&target, &"value".into()).ok()?.as_string()?;
            // A slider is heard as it moves; a choice once it is made.
            (kind == "input" || target.tag_name() == "SELECT").then_some(Event::Input { id, value })
        }
        _ => None,
    }
}

/// The id of the element, or of the nearest ancestor that has one (a click
/// on a button's inner text).
fn nearest_id(element: &Element) -> String {
    let mut at = Some(element.clone());
    while let Some(element) = at {
        if !element.id().is_empty() {
            return element.id();
        }
        at = element.parent_element();
    }
    String::new()
}

/// Text made safe to put in markup: what storage or a file held may hold `<`.
pub(crate) use set_core::text::escape_html as escape;
