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
pub mod found;
pub mod sprites;

use set_client::page::layout::{Layout, Rect};
use set_client::page::palette::{COLOUR_LETTERS, colour_css};
use set_client::page::settings::Palette;
use set_core::rules::card::Card;
use set_core::rules::deck::Deck;
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

/// A card's back (Memory's cards face down): a greyed slate blue, with a lighter
/// frame, far from the white face and from every card colour.
const BACK: &str = "#45506b";
const BACK_FRAME: &str = "#a3adc2";

/// The lines of MegaSet's border: a dark grey, apart from every card colour
/// and from the rings drawn around a card (selection, hint, a wrong claim).
const BORDER_INK: &str = "#4a5361";

/// What a card shows, as drawn: each trait's value, 0..=3 (a count of
/// 1..=4). A deck without a fill draws its cards solid; one without a
/// border draws none.
#[derive(Clone, Copy)]
struct Face {
    colour: u8,
    shape: u8,
    fill: u8,
    count: u8,
    border: u8,
}

impl Face {
    /// From the card's digits (`Deck::digits`): colour, shape, number in the
    /// 4Set Junior deck; colour, shape, fill, number (and MegaSet's border)
    /// in every other, Junior's solid fill included.
    fn of(deck: Deck, card: Card) -> Face {
        match *deck.digits(card).as_slice() {
            [colour, shape, number] => Face { colour, shape, fill: 2, count: number + 1, border: 0 },
            [colour, shape, fill, number] => Face { colour, shape, fill, count: number + 1, border: 0 },
            [colour, shape, fill, number, border] => Face { colour, shape, fill, count: number + 1, border },
            _ => Face { colour: 0, shape: 0, fill: 2, count: 1, border: 0 },
        }
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
    /// The deck the card is of: what its id means.
    pub deck: Deck,
    /// Lying face down (Memory): its back is drawn, not its face.
    pub face_down: bool,
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

/// The band behind the row above the table: one behind a chain's previous
/// claim of `cards` cards, or one behind each of a split claim's `pairs`
/// (UltraSet's two, on either side of the third card they need; GhostSet's
/// three, each followed by its third).
pub fn draw_row_band(ctx: &Ctx, row: &Layout, cards: usize, pairs: usize, dark: bool) {
    let pad = row.gap * 0.45;
    ctx.set_fill_style_str(BAND[theme(dark)]);
    // A split claim's pairs lie at places 3k and 3k + 1, a third card after each.
    let bands = if pairs == 0 { 1 } else { pairs };
    for band in 0..bands {
        let (from, to) = if pairs == 0 { (0, cards.saturating_sub(1)) } else { (3 * band, 3 * band + 1) };
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
    let face = match (look.face_down, look.wrong, look.selected) {
        (true, ..) => BACK,
        (false, true, _) => WRONG_FACE,
        (false, false, true) => SELECTED_FACE,
        _ => FACE,
    };
    ctx.set_fill_style_str(face);
    rounded_rect(ctx, x, y, w, h, radius);
    ctx.fill();

    let face = Face::of(look.deck, card);
    if look.face_down {
        let inset = (h * 0.1).max(3.0);
        let frame = Rect { x: x + inset, y: y + inset, w: w - 2.0 * inset, h: h - 2.0 * inset };
        outline(ctx, frame, (radius - inset).max(1.0), (h * 0.03).max(1.0), BACK_FRAME);
    } else {
        draw_border(ctx, rect, radius, face.border);
        draw_symbols(ctx, face, rect, colour_css(face.colour, look.palette));
    }

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
    if look.cue && !look.face_down {
        draw_label(ctx, rect, COLOUR_LETTERS.get(usize::from(face.colour)).copied().unwrap_or(""), true);
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

/// MegaSet's border: none, one line or two, inside the card's edge.
fn draw_border(ctx: &Ctx, rect: Rect, radius: f64, border: u8) {
    let width = (rect.h * 0.022).max(1.2);
    let first = (rect.h * 0.07).max(3.0);
    for line in 0..border {
        let inset = first + f64::from(line) * width * 2.5;
        let inner = Rect { x: rect.x + inset, y: rect.y + inset, w: rect.w - 2.0 * inset, h: rect.h - 2.0 * inset };
        outline(ctx, inner, (radius - inset).max(1.0), width, BORDER_INK);
    }
}

fn draw_symbols(ctx: &Ctx, face: Face, rect: Rect, colour: &str) {
    let mut sh = rect.h * 0.6;
    let mut sw = sh * 0.48;
    let mut gap = sw * 0.32;
    let n = f64::from(face.count);
    let mut total = n * sw + (n - 1.0) * gap;
    // Four symbols are narrowed to stay clear of the edge and of a border.
    let room = rect.w - 2.0 * (rect.h * 0.16);
    if total > room {
        let scale = room / total;
        (sh, sw, gap, total) = (sh * scale, sw * scale, gap * scale, room);
    }
    let x0 = rect.x + (rect.w - total) / 2.0;
    let y0 = rect.y + (rect.h - sh) / 2.0;
    for i in 0..face.count {
        draw_symbol(ctx, face, colour, x0 + f64::from(i) * (sw + gap), y0, sw, sh);
    }
}

fn draw_symbol(ctx: &Ctx, face: Face, colour: &str, x: f64, y: f64, w: f64, h: f64) {
    let line = (w * 0.075).max(1.25);
    symbol_path(ctx, face.shape, x, y, w, h);
    match face.fill {
        // Solid.
        2 => {
            ctx.set_fill_style_str(colour);
            ctx.fill();
        }
        // Striped.
        1 => {
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
            symbol_path(ctx, face.shape, x, y, w, h);
        }
        // Checkered: squares in both directions, so that no row and no
        // column is a stripe.
        3 => {
            ctx.save();
            ctx.clip();
            let side = (w * 0.2).max(3.0);
            ctx.set_fill_style_str(colour);
            ctx.begin_path();
            let (mut row, mut sy) = (0u32, y);
            while sy < y + h {
                let mut sx = x + if row % 2 == 0 { 0.0 } else { side };
                while sx < x + w {
                    ctx.rect(sx, sy, side, side);
                    sx += 2.0 * side;
                }
                (row, sy) = (row + 1, sy + side);
            }
            ctx.fill();
            ctx.restore();
            symbol_path(ctx, face.shape, x, y, w, h);
        }
        // Open.
        _ => {}
    }
    ctx.set_line_width(line);
    ctx.set_line_join("round");
    ctx.set_stroke_style_str(colour);
    ctx.stroke();
}

/// The outline of one upright symbol in the box `x, y, w, h`.
fn symbol_path(ctx: &Ctx, shape: u8, x: f64, y: f64, w: f64, h: f64) {
    ctx.begin_path();
    match shape {
        // A diamond.
        0 => {
            ctx.move_to(x + w / 2.0, y);
            ctx.line_to(x + w, y + h / 2.0);
            ctx.line_to(x + w / 2.0, y + h);
            ctx.line_to(x, y + h / 2.0);
        }
        // An oval.
        2 => {
            let r = w / 2.0;
            ctx.move_to(x, y + r);
            paint(ctx).arc_path(x + r, y + r, r, PI, 0.0);
            ctx.line_to(x + w, y + h - r);
            paint(ctx).arc_path(x + r, y + h - r, r, 0.0, PI);
        }
        // An hourglass (the 4Set decks' fourth shape): wide at both ends,
        // narrow in the middle, where a diamond is widest.
        3 => {
            ctx.move_to(x, y);
            ctx.line_to(x + w, y);
            ctx.line_to(x + w * 0.62, y + h / 2.0);
            ctx.line_to(x + w, y + h);
            ctx.line_to(x, y + h);
            ctx.line_to(x + w * 0.38, y + h / 2.0);
        }
        // A squiggle.
        _ => {
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
