//! Draws each example of the page: its cards in a row, as large as its
//! box allows, sharp at the screen's pixel ratio.

use set_canvas::{CardLook, draw_card, paint};
use set_client::page::layout::Rect;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

// A card's width over its height, as on the table.
use set_client::page::layout::CARD_ASPECT as CARD_RATIO;
/// The gap between two cards, as a share of a card's height.
const GAP: f64 = 0.12;

/// The part's start: every example drawn once.
#[wasm_bindgen(start)]
pub fn start() {
    let Some(window) = web_sys::window() else { return };
    let Some(document) = window.document() else { return };
    let looks = set_canvas::board::looks();
    let ratio = window.device_pixel_ratio().max(1.0);
    let Ok(examples) = document.query_selector_all("canvas[data-cards]") else { return };
    for at in 0..examples.length() {
        let Some(canvas) = examples.item(at).and_then(|node| node.dyn_into::<HtmlCanvasElement>().ok()) else {
            continue;
        };
        let mode = canvas.parent_element().and_then(|figure| figure.get_attribute("data-mode"));
        let Some(deck) = crate::example_deck(mode.as_deref()) else { continue };
        let Some(cards) = canvas.get_attribute("data-cards").and_then(|text| crate::example_cards(&text, deck)) else {
            continue;
        };
        draw(&canvas, &cards, CardLook { deck, ..looks.card() }, ratio);
    }
}

/// One example: `cards` in a row on a clear canvas of the height its
/// markup gives, a card's width each and a gap between.
fn draw(canvas: &HtmlCanvasElement, cards: &[set_core::rules::card::Card], look: CardLook<'_>, ratio: f64) {
    let height = f64::from(canvas.height().max(1));
    let count = cards.len() as f64;
    let card_h = height - 6.0;
    let (card_w, gap) = (card_h * CARD_RATIO, card_h * GAP);
    let width = count * card_w + (count - 1.0).max(0.0) * gap + 6.0;
    // The markup's height is the CSS size; the pixels are the ratio's. Only
    // the width is set: on a narrow screen the example shrinks, its shape kept.
    let _ = canvas.set_attribute("style", &format!("width:{width}px"));
    canvas.set_width((width * ratio).round() as u32);
    canvas.set_height((height * ratio).round() as u32);
    let Ok(Some(context)) = canvas.get_context("2d") else { return };
    let ctx: Ctx = context.unchecked_into();
    paint(&ctx).scale_to(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    for (i, &card) in cards.iter().enumerate() {
        let rect = Rect { x: 3.0 + i as f64 * (card_w + gap), y: 2.0, w: card_w, h: card_h };
        draw_card(&ctx, card, rect, look);
    }
}
