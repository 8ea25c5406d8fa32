//! Drawing cards on a 2D canvas: the one renderer of SET's cards, shared by
//! the page and the parts that load later (replay, drills), so that a card
//! looks the same wherever it is drawn.
//!
//! Everything is drawn in CSS pixels; the caller scales the context by the
//! device pixel ratio once per frame, so the same code is crisp on any screen.
//! Symbols stand upright on landscape cards, as on a real SET table.

#![warn(missing_docs)]
#![cfg(target_arch = "wasm32")]

pub mod board;
pub mod sprites;

use set_client::page::layout::{Layout, Rect};
use set_client::page::settings::{COLOUR_LETTERS, Palette};
use set_core::rules::card::{Card, Colour, Fill, Shape};
use std::f64::consts::PI;
use wasm_bindgen::prelude::*;
use web_sys::CanvasRenderingContext2d as Ctx;

// Canvas calls that web-sys declares as throwing. They throw only for a
// negative radius, which this module never passes (every radius is clamped
// at zero or above), so they are bound here without the exception check:
// less glue in the download and no error paths through the drawing code.
#[wasm_bindgen]
extern "C" {
    /// A 2D context (the same object as web-sys's `Ctx`) seen through the calls below.
    pub type Paint;
    #[wasm_bindgen(method, js_name = arc)]
    fn arc_path(this: &Paint, x: f64, y: f64, radius: f64, start: f64, end: f64);
    #[wasm_bindgen(method, js_name = arcTo)]
    fn arc_to_path(this: &Paint, x1: f64, y1: f64, x2: f64, y2: f64, radius: f64);
    #[wasm_bindgen(method, js_name = setLineDash)]
    fn line_dash(this: &Paint, segments: &[f64]);
    #[wasm_bindgen(method, js_name = fillText)]
    fn text_at(this: &Paint, text: &str, x: f64, y: f64);
    /// `setTransform`: the canvas's scale to its pixels.
    #[wasm_bindgen(method, js_name = setTransform)]
    pub fn scale_to(this: &Paint, a: f64, b: f64, c: f64, d: f64, e: f64, f: f64);
}

/// A 2D context seen as [`Paint`], for the calls bound above.
pub fn paint(ctx: &Ctx) -> &Paint {
    ctx.unchecked_ref()
}

/// The table's felt in the dark theme and in the light one (the page
/// around it is www/style.css's `--felt`).
const FELT: [&str; 2] = ["#1e5b45", "#d9e7de"];
/// The band behind the row above the table.
const BAND: [&str; 2] = ["rgba(255, 255, 255, 0.2)", "rgba(22, 70, 53, 0.12)"];
/// A card's edge: darker on the light felt, where the white face alone
/// would hardly stand out (3:1 against the felt, as WCAG asks of a
/// component's edge).
const EDGE: [&str; 2] = ["#c9cfd6", "#6b7888"];
/// The ring of the card under the mouse: 3:1 against the white face it is
/// drawn on, and on the light felt also against the felt, since it takes
/// the edge's place there.
const HOVER: [&str; 2] = ["#7d8a99", "#3f4b59"];

/// Index into the theme pairs above.
fn theme(dark: bool) -> usize {
    usize::from(!dark)
}

const FACE: &str = "#ffffff";
const SELECTED: &str = "#1a66d9";
const SELECTED_FACE: &str = "#e9f1ff";
/// Amber dark enough for 3:1 against the white face.
const HINTED: &str = "#b87400";
const WRONG: &str = "#d3302f";
const WRONG_FACE: &str = "#fdeceb";
const FOUND: &str = "#1f9d55";
/// Each seat's colour, on the board and the scoreboard: seat 0 in the
/// selection's blue, then orange, purple and teal, apart from the cards' own.
pub const SEAT_COLOURS: [&str; 4] = [SELECTED, "#c2410c", "#7e22ce", "#0f766e"];

/// The colours red, green and purple are drawn in, by palette.
pub fn colour_css(colour: Colour, palette: Palette) -> &'static str {
    let [red, green, purple] = match palette {
        Palette::Classic => ["#dc2a3a", "#139a4f", "#6a35a8"],
        // Okabe and Ito's vermillion, bluish green and blue.
        Palette::OkabeIto => ["#d55e00", "#009e73", "#0072b2"],
        Palette::HighContrast => ["#b3001b", "#006b2c", "#4b0f8c"],
    };
    match colour {
        Colour::Red => red,
        Colour::Green => green,
        Colour::Purple => purple,
    }
}

/// How one card looks beyond its face.
#[derive(Clone, Copy, Debug, Default)]
pub struct CardLook<'a> {
    /// Picked by the player.
    pub selected: bool,
    /// Revealed by a hint.
    pub hinted: bool,
    /// Under the mouse.
    pub hovered: bool,
    /// In a wrong claim: drawn in red.
    pub wrong: bool,
    /// Ringed: the card both pairs of an UltraSet need.
    pub found: bool,
    /// Small text in the top-left corner: a slot key, or an id in the gallery.
    pub label: Option<&'a str>,
    /// The colour's letter in the bottom-right corner (colour cues).
    pub cue: bool,
    /// The card colours (classic or colour-blind safe).
    pub palette: Palette,
    /// The dark theme (else the light one).
    pub dark: bool,
}

/// Fills the table with its felt.
pub fn clear(ctx: &Ctx, width: f64, height: f64, dark: bool) {
    clear_rect(ctx, Rect { x: 0.0, y: 0.0, w: width, h: height }, dark);
}

/// Fills part of the canvas with the felt.
pub fn clear_rect(ctx: &Ctx, rect: Rect, dark: bool) {
    ctx.set_fill_style_str(FELT[theme(dark)]);
    ctx.fill_rect(rect.x, rect.y, rect.w, rect.h);
}

/// The band behind the row above the table: one behind Set-Chain's
/// previous set, or (`pairs`) one behind each of UltraSet's two pairs, on
/// either side of the third card they need.
pub fn draw_row_band(ctx: &Ctx, row: &Layout, pairs: bool, dark: bool) {
    let groups: &[[usize; 2]] = if pairs { &[[0, 1], [3, 4]] } else { &[[0, 2]] };
    let pad = row.gap * 0.45;
    ctx.set_fill_style_str(BAND[theme(dark)]);
    for &[from, to] in groups {
        if let (Some(first), Some(last)) = (row.slot_rect(from), row.slot_rect(to)) {
            rounded_rect(
                ctx,
                first.x - pad,
                first.y - pad,
                last.x + last.w - first.x + 2.0 * pad,
                first.h + 2.0 * pad,
                pad * 2.0,
            );
            ctx.fill();
        }
    }
}

/// Draws one card in its place, with its look.
pub fn draw_card(ctx: &Ctx, card: Card, rect: Rect, look: CardLook<'_>) {
    let Rect { x, y, w, h } = rect;
    let radius = (h * 0.09).clamp(3.0, 14.0);

    // A soft shadow under the card, then the face.
    ctx.set_fill_style_str("rgba(0, 0, 0, 0.28)");
    rounded_rect(ctx, x, y + 2.0, w, h, radius);
    ctx.fill();
    let face = match (look.wrong, look.selected) {
        (true, _) => WRONG_FACE,
        (false, true) => SELECTED_FACE,
        _ => FACE,
    };
    ctx.set_fill_style_str(face);
    rounded_rect(ctx, x, y, w, h, radius);
    ctx.fill();

    draw_symbols(ctx, card, rect, colour_css(card.colour(), look.palette));

    let ring = (h * 0.05).clamp(2.5, 5.0);
    let border = if look.wrong {
        Some(WRONG)
    } else if look.found {
        Some(FOUND)
    } else if look.selected {
        Some(SELECTED)
    } else {
        None
    };
    match border {
        Some(colour) => outline(ctx, rect, radius, ring, colour),
        None if look.hovered => outline(ctx, rect, radius, 2.0, HOVER[theme(look.dark)]),
        None => outline(ctx, rect, radius, 1.0, EDGE[theme(look.dark)]),
    }
    if look.hinted {
        // Inside any selection ring, dashed, so "hinted" and "selected" read apart.
        let inset = if border.is_some() { ring } else { 0.0 };
        let inner = Rect { x: x + inset, y: y + inset, w: w - 2.0 * inset, h: h - 2.0 * inset };
        paint(ctx).line_dash(&[ring * 2.0, ring * 1.2]);
        outline(ctx, inner, (radius - inset).max(1.0), ring, HINTED);
        paint(ctx).line_dash(&[]);
        draw_hint_badge(ctx, rect, ring);
    }
    if let Some(text) = look.label {
        draw_label(ctx, rect, text, false);
    }
    if look.cue {
        draw_label(ctx, rect, COLOUR_LETTERS[card.colour() as usize], true);
    }
}

/// A card claimed by another player: a ring in their colour around it
/// (drawn over the card, so the page that plays alone draws none).
pub fn draw_claimed(ctx: &Ctx, rect: Rect, colour: &str) {
    let radius = (rect.h * 0.09).clamp(3.0, 14.0);
    outline(ctx, rect, radius, (rect.h * 0.07).clamp(3.0, 7.0), colour);
}

/// Strokes a rounded rectangle inside `rect` (the stroke does not spill out).
fn outline(ctx: &Ctx, rect: Rect, radius: f64, width: f64, colour: &str) {
    let half = width / 2.0;
    ctx.set_line_width(width);
    ctx.set_stroke_style_str(colour);
    rounded_rect(ctx, rect.x + half, rect.y + half, rect.w - width, rect.h - width, (radius - half).max(0.5));
    ctx.stroke();
}

fn rounded_rect(ctx: &Ctx, x: f64, y: f64, w: f64, h: f64, r: f64) {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    ctx.begin_path();
    ctx.move_to(x + r, y);
    paint(ctx).arc_to_path(x + w, y, x + w, y + h, r);
    paint(ctx).arc_to_path(x + w, y + h, x, y + h, r);
    paint(ctx).arc_to_path(x, y + h, x, y, r);
    paint(ctx).arc_to_path(x, y, x + w, y, r);
    ctx.close_path();
}

fn draw_symbols(ctx: &Ctx, card: Card, rect: Rect, colour: &str) {
    let sh = rect.h * 0.6;
    let sw = sh * 0.48;
    let gap = sw * 0.32;
    let n = f64::from(card.count());
    let total = n * sw + (n - 1.0) * gap;
    let x0 = rect.x + (rect.w - total) / 2.0;
    let y0 = rect.y + (rect.h - sh) / 2.0;
    for i in 0..card.count() {
        draw_symbol(ctx, card, colour, x0 + f64::from(i) * (sw + gap), y0, sw, sh);
    }
}

fn draw_symbol(ctx: &Ctx, card: Card, colour: &str, x: f64, y: f64, w: f64, h: f64) {
    let line = (w * 0.075).max(1.25);
    symbol_path(ctx, card.shape(), x, y, w, h);
    match card.fill() {
        Fill::Solid => {
            ctx.set_fill_style_str(colour);
            ctx.fill();
        }
        Fill::Striped => {
            ctx.save();
            ctx.clip();
            // Stripes across the symbol; never closer than 3 CSS px, so small
            // cards keep readable stripes instead of a grey smear.
            let spacing = (h * 0.06).max(3.0);
            ctx.set_line_width((w * 0.035).max(0.9));
            ctx.set_stroke_style_str(colour);
            ctx.begin_path();
            let mut sy = y + spacing / 2.0;
            while sy < y + h {
                ctx.move_to(x - 1.0, sy);
                ctx.line_to(x + w + 1.0, sy);
                sy += spacing;
            }
            ctx.stroke();
            ctx.restore();
            symbol_path(ctx, card.shape(), x, y, w, h);
        }
        Fill::Open => {}
    }
    ctx.set_line_width(line);
    ctx.set_line_join("round");
    ctx.set_stroke_style_str(colour);
    ctx.stroke();
}

/// The outline of one upright symbol in the box `x, y, w, h`.
fn symbol_path(ctx: &Ctx, shape: Shape, x: f64, y: f64, w: f64, h: f64) {
    ctx.begin_path();
    match shape {
        Shape::Diamond => {
            ctx.move_to(x + w / 2.0, y);
            ctx.line_to(x + w, y + h / 2.0);
            ctx.line_to(x + w / 2.0, y + h);
            ctx.line_to(x, y + h / 2.0);
        }
        Shape::Oval => {
            let r = w / 2.0;
            ctx.move_to(x, y + r);
            paint(ctx).arc_path(x + r, y + r, r, PI, 0.0);
            ctx.line_to(x + w, y + h - r);
            paint(ctx).arc_path(x + r, y + h - r, r, 0.0, PI);
        }
        Shape::Squiggle => {
            // An S drawn along the long axis `u` (0 top, 1 bottom) with `v`
            // across (0 left, 1 right). The second half is the first turned
            // half a turn about the centre, so the S is symmetric and its two
            // ends are smooth, not pointed.
            const HALF: [[(f64, f64); 3]; 3] = [
                [(0.00, 0.22), (0.13, 0.02), (0.33, 0.04)],
                [(0.53, 0.06), (0.55, 0.38), (0.72, 0.36)],
                [(0.86, 0.34), (1.00, 0.12), (1.00, 0.38)],
            ];
            let at = |(u, v): (f64, f64)| (x + v * w, y + u * h);
            let (sx, sy) = at((0.0, 0.62));
            ctx.move_to(sx, sy);
            for turned in [false, true] {
                for [c1, c2, end] in HALF {
                    let [c1, c2, end] = [c1, c2, end].map(|(u, v)| if turned { (1.0 - u, 1.0 - v) } else { (u, v) });
                    let ((ax, ay), (bx, by), (ex, ey)) = (at(c1), at(c2), at(end));
                    ctx.bezier_curve_to(ax, ay, bx, by, ex, ey);
                }
            }
        }
    }
    ctx.close_path();
}

/// A small amber dot in the top-right corner, so a hint shows even in grey scale.
fn draw_hint_badge(ctx: &Ctx, rect: Rect, ring: f64) {
    let r = (rect.h * 0.07).clamp(3.5, 8.0);
    ctx.begin_path();
    paint(ctx).arc_path(rect.x + rect.w - ring - r - 3.0, rect.y + ring + r + 3.0, r, 0.0, 2.0 * PI);
    ctx.set_fill_style_str(HINTED);
    ctx.fill();
}

/// A short ASCII text in a dark box in the top-left corner, or the bottom-right one.
fn draw_label(ctx: &Ctx, rect: Rect, text: &str, bottom_right: bool) {
    // Small enough to sit in the corner beside the symbols, not over them.
    let size = (rect.h * 0.13).clamp(9.0, 15.0).round();
    let pad = (size * 0.25).round();
    let box_w = size * 0.75 * text.len() as f64 + pad * 2.0;
    let box_h = size + pad;
    let (bx, by) = if bottom_right {
        (rect.x + rect.w - 4.0 - box_w, rect.y + rect.h - 4.0 - box_h)
    } else {
        (rect.x + 4.0, rect.y + 4.0)
    };
    ctx.set_fill_style_str("rgba(38, 50, 56, 0.88)");
    rounded_rect(ctx, bx, by, box_w, box_h, box_h * 0.3);
    ctx.fill();
    ctx.set_fill_style_str("#ffffff");
    // Whole pixels: formatting an integer keeps float formatting out of the wasm.
    ctx.set_font(&format!("600 {}px system-ui, sans-serif", size as u32));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    paint(ctx).text_at(text, bx + box_w / 2.0, by + box_h / 2.0 + 1.0);
}
