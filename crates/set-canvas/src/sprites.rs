//! The cards that move, each drawn once on a small canvas of its own laid
//! over the board and moved by the compositor: the whole motion is handed
//! to the browser as keyframes (Web Animations, a transform and an opacity)
//! when it starts, so the page does no work a frame, and the board's canvas
//! changes only when a motion starts and ends, never in between. Without a
//! GPU, a browser copies a changed canvas whole, and a layer moved by the
//! page is copied again each frame; either is more than a phone-class CPU
//! does 60 times a second (BENCHMARKS.md, "Cards that move").
//!
//! The layers take no input (`pointer-events: none`): a tap goes to the
//! board beneath, where the places at rest are. They live in one box at the
//! end of the document, above the page (under its dialogs) and placed in
//! the viewport's coordinates, so that a card flying to a name outside the
//! board is not clipped by the board's box.

use crate::{CardLook, SEAT_COLOURS, draw_card, draw_claimed};
use js_sys::{Array, Object, Reflect};
use set_client::page::flights::Flight;
use set_client::page::layout::Rect;
use set_client::page::motion::Motion;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

/// Room around a card on its layer for its shadow and its mark's ring.
const PAD: f64 = 6.0;

/// The layers of the motion playing now, one a moving card.
#[derive(Default)]
pub struct Sprites {
    shown: Vec<HtmlCanvasElement>,
    /// When the motion they play ends: a motion is handed to the browser once.
    playing: Option<f64>,
}

#[wasm_bindgen]
extern "C" {
    /// `Element.animate(keyframes, duration)` (Web Animations), bound here:
    /// web-sys offers it only behind its unstable APIs.
    type Animated;
    #[wasm_bindgen(method)]
    fn animate(this: &Animated, keyframes: &Object, duration: f64);
}

impl Sprites {
    /// Follows `motion` at `now` over the board's canvas `board` (placed
    /// from where it is in the viewport): a motion new to them gets a layer
    /// for each card it moves, drawn once and handed its keyframes to the
    /// motion's end (set_client::page::flights); the same motion again does
    /// nothing; one that is over takes the layers away. `ratio`: the device
    /// pixel ratio the layers are drawn at.
    pub fn follow(&mut self, board: &HtmlCanvasElement, motion: &Motion, now: f64, look: CardLook<'_>, ratio: f64) {
        if !motion.is_running(now) {
            return self.clear();
        }
        if self.playing == Some(motion.ends()) {
            return;
        }
        self.clear();
        let origin = viewport_origin(board);
        let span = motion.ends() - now;
        for flight in motion.flights(now) {
            if let Some(layer) = layer(board, &flight, origin, look, ratio) {
                layer.unchecked_ref::<Animated>().animate(&keyframes(&flight, origin), span);
                self.shown.push(layer);
            }
        }
        self.playing = Some(motion.ends());
    }

    /// Takes every layer away: the motion is over and the board shows all at rest.
    pub fn clear(&mut self) {
        for layer in self.shown.drain(..) {
            layer.remove();
        }
        self.playing = None;
    }
}

/// A layer for `flight`'s card, drawn once at its size at rest, put in the
/// layers' box and left where the flight ends (where it stays if the
/// browser's last frame comes before the page takes it away).
fn layer(
    board: &HtmlCanvasElement,
    flight: &Flight,
    origin: (f64, f64),
    look: CardLook<'_>,
    ratio: f64,
) -> Option<HtmlCanvasElement> {
    let document = board.owner_document()?;
    let canvas: HtmlCanvasElement = document.create_element("canvas").ok()?.unchecked_into();
    let Rect { w, h, .. } = flight.first.rest;
    canvas.set_width(((w + 2.0 * PAD) * ratio).round() as u32);
    canvas.set_height(((h + 2.0 * PAD) * ratio).round() as u32);
    let _ = canvas.set_attribute("class", "sprite");
    let ctx: Ctx = canvas.get_context("2d").ok()??.unchecked_into();
    crate::paint(&ctx).scale_to(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    let rect = Rect { x: PAD, y: PAD, w, h };
    draw_card(&ctx, flight.first.sprite.card, rect, look);
    if let Some(seat) = flight.first.sprite.mark {
        draw_claimed(&ctx, rect, SEAT_COLOURS[seat % SEAT_COLOURS.len()]);
    }
    let last = flight.frames.last()?;
    let style = format!(
        "position:absolute;left:0;top:0;width:{}px;height:{}px;will-change:transform,opacity;transform-origin:0 0;transform:{};opacity:{}",
        milli(w + 2.0 * PAD),
        milli(h + 2.0 * PAD),
        transform(flight.first.rest, last.rect, origin),
        milli(last.alpha)
    );
    let _ = canvas.set_attribute("style", &style);
    layers_box(&document)?.append_child(&canvas).ok()?;
    Some(canvas)
}

/// The CSS transform that puts a layer drawn for a card at `rest` where
/// `rect` is, on a board at `origin` in the viewport.
fn transform(rest: Rect, rect: Rect, (left, top): (f64, f64)) -> String {
    let (sx, sy) = (rect.w / rest.w, rect.h / rest.h);
    let x = left + rect.x - PAD * sx;
    let y = top + rect.y - PAD * sy;
    format!("translate({}px,{}px) scale({},{})", milli(x), milli(y), milli(sx), milli(sy))
}

/// `flight`'s keyframes as Web Animations takes them: one list a property.
fn keyframes(flight: &Flight, origin: (f64, f64)) -> Object {
    let (offsets, transforms, opacities) = (Array::new(), Array::new(), Array::new());
    for frame in &flight.frames {
        offsets.push(&JsValue::from_f64(frame.offset));
        transforms.push(&JsValue::from_str(&transform(flight.first.rest, frame.rect, origin)));
        opacities.push(&JsValue::from_f64(frame.alpha));
    }
    let object = Object::new();
    for (name, values) in [("offset", offsets), ("transform", transforms), ("opacity", opacities)] {
        let _ = Reflect::set(&object, &JsValue::from_str(name), &values);
    }
    object
}

/// Where `board`'s top left corner is in the viewport (the pages never scroll).
fn viewport_origin(board: &HtmlCanvasElement) -> (f64, f64) {
    let bounds = board.get_bounding_client_rect();
    (bounds.left(), bounds.top())
}

/// The box the layers live in, made the first time: the last thing in the
/// document's body, at the viewport's top left corner, above the page and
/// its notices but under its dialogs (the end screen comes with the end's
/// flourish).
fn layers_box(document: &web_sys::Document) -> Option<web_sys::Element> {
    if let Some(found) = document.get_element_by_id("card-layers") {
        return Some(found);
    }
    let made = document.create_element("div").ok()?;
    made.set_id("card-layers");
    let _ = made.set_attribute("aria-hidden", "true");
    let _ = made.set_attribute("style", "position:fixed;left:0;top:0;width:0;height:0;z-index:1;pointer-events:none");
    document.body()?.append_child(&made).ok()?;
    Some(made)
}

/// `x` with three decimals, written from integers: a float's own
/// formatting with a precision would add kilobytes to every page.
fn milli(x: f64) -> String {
    let thousandths = (x * 1000.0).round() as i64;
    let sign = if thousandths < 0 { "-" } else { "" };
    let n = thousandths.unsigned_abs();
    format!("{sign}{}.{:03}", n / 1000, n % 1000)
}
