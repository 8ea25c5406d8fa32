//! The cards that move, each drawn once on a small canvas of its own laid
//! over the board and moved by the compositor (a CSS transform and an
//! opacity a frame), as setwithfriends moves its cards: the board's canvas
//! changes only when a motion starts and ends, never in between. Without a
//! GPU, a browser copies a changed canvas whole each frame, and a board's
//! canvas a frame is more than a phone-class CPU does 60 times a second
//! (BENCHMARKS.md, "Cards that move").
//!
//! The layers take no input (`pointer-events: none`): a tap goes to the
//! board beneath, where the places at rest are.

use crate::{CardLook, SEAT_COLOURS, draw_card, draw_claimed};
use set_client::page::layout::Rect;
use set_client::page::motion::{Moving, Sprite};
use set_core::rules::card::Card;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

/// Room around a card on its layer for its shadow and its mark's ring.
const PAD: f64 = 6.0;

/// The layers shown now, one a card (and whether it is leaving).
#[derive(Default)]
pub struct Sprites {
    shown: Vec<Layer>,
}

struct Layer {
    card: Card,
    leaving: bool,
    canvas: HtmlCanvasElement,
    /// The card's size as drawn on the layer: a sprite of another size is scaled.
    size: (f64, f64),
}

impl Sprites {
    /// Shows `sprites` over the board's canvas `board` (the layers are its
    /// siblings, placed from its offset): a layer is made and drawn for each
    /// card new to them, moved for each that was there, and taken away for
    /// each no longer in them. `ratio`: the device pixel ratio the layers
    /// are drawn at.
    pub fn show(&mut self, board: &HtmlCanvasElement, sprites: &[Moving], look: CardLook<'_>, ratio: f64) {
        self.shown.retain(|layer| {
            let kept = sprites.iter().any(|m| m.sprite.card == layer.card && m.leaving == layer.leaving);
            if !kept {
                layer.canvas.remove();
            }
            kept
        });
        let origin = (f64::from(board.offset_left()), f64::from(board.offset_top()));
        for &Moving { sprite, leaving, rest } in sprites {
            let found = self.shown.iter().position(|layer| layer.card == sprite.card && layer.leaving == leaving);
            let at = if let Some(at) = found {
                at
            } else {
                let Some(layer) = Layer::new(board, Sprite { rect: rest, ..sprite }, leaving, look, ratio) else {
                    continue;
                };
                self.shown.push(layer);
                self.shown.len() - 1
            };
            self.shown[at].place(sprite, origin);
        }
    }

    /// Takes every layer away: the motion is over and the board shows all at rest.
    pub fn clear(&mut self) {
        for layer in self.shown.drain(..) {
            layer.canvas.remove();
        }
    }
}

impl Layer {
    /// A layer for `sprite`, drawn once at its size at rest, put after the board.
    fn new(board: &HtmlCanvasElement, sprite: Sprite, leaving: bool, look: CardLook<'_>, ratio: f64) -> Option<Layer> {
        let document = board.owner_document()?;
        let canvas: HtmlCanvasElement = document.create_element("canvas").ok()?.unchecked_into();
        let Rect { w, h, .. } = sprite.rect;
        canvas.set_width(((w + 2.0 * PAD) * ratio).round() as u32);
        canvas.set_height(((h + 2.0 * PAD) * ratio).round() as u32);
        let _ = canvas.set_attribute("aria-hidden", "true");
        let _ = canvas.set_attribute("class", "sprite");
        let ctx: Ctx = canvas.get_context("2d").ok()??.unchecked_into();
        crate::paint(&ctx).scale_to(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        let rect = Rect { x: PAD, y: PAD, w, h };
        draw_card(&ctx, sprite.card, rect, look);
        if let Some(seat) = sprite.mark {
            draw_claimed(&ctx, rect, SEAT_COLOURS[seat % SEAT_COLOURS.len()]);
        }
        board.after_with_node_1(&canvas).ok()?;
        Some(Layer { card: sprite.card, leaving, canvas, size: (w, h) })
    }

    /// Moves the layer to where `sprite` is, over a board at `origin`.
    fn place(&self, sprite: Sprite, (left, top): (f64, f64)) {
        let (w, h) = self.size;
        let (sx, sy) = (sprite.rect.w / w, sprite.rect.h / h);
        let x = left + sprite.rect.x - PAD * sx;
        let y = top + sprite.rect.y - PAD * sy;
        let style = format!(
            "position:absolute;left:0;top:0;width:{}px;height:{}px;pointer-events:none;will-change:transform,opacity;\
             transform-origin:0 0;transform:translate({}px,{}px) scale({},{});opacity:{}",
            milli(w + 2.0 * PAD),
            milli(h + 2.0 * PAD),
            milli(x),
            milli(y),
            milli(sx),
            milli(sy),
            milli(sprite.alpha)
        );
        let _ = self.canvas.set_attribute("style", &style);
    }
}

/// `x` with three decimals, written from integers: a float's own
/// formatting with a precision would add kilobytes to every page.
fn milli(x: f64) -> String {
    let thousandths = (x * 1000.0).round() as i64;
    let sign = if thousandths < 0 { "-" } else { "" };
    let n = thousandths.unsigned_abs();
    format!("{sign}{}.{:03}", n / 1000, n % 1000)
}
