//! A puzzle's claims found on its table, drawn small in a list above the
//! table: each item a picture of its cards, named in words for screen
//! readers. The solo page and the online room show the same list.

use crate::{CardLook, draw_card, paint};
use set_client::page::layout::{CARD_ASPECT, Rect};
use set_core::rules::card::Card;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement};

/// A small card's height, in CSS pixels (the list's height in the style
/// sheet holds it).
const SMALL_CARD: f64 = 22.0;
/// The gap between two small cards, in CSS pixels.
const GAP: f64 = 3.0;

/// Fills `list` (an `<ol>`) with one item per claim, its cards drawn in
/// `look` at `ratio` device pixels to a CSS pixel.
pub fn list_claims<'a>(list: &Element, claims: impl Iterator<Item = &'a [Card]>, look: CardLook<'_>, ratio: f64) {
    list.set_text_content(None);
    let Some(document) = list.owner_document() else { return };
    let card_w = (SMALL_CARD * CARD_ASPECT).round();
    for (at, cards) in claims.enumerate() {
        let (Ok(item), Ok(canvas)) = (document.create_element("li"), document.create_element("canvas")) else {
            return;
        };
        let canvas: HtmlCanvasElement = canvas.unchecked_into();
        let width = cards.len() as f64 * (card_w + GAP) + GAP;
        let height = SMALL_CARD + 2.0 * GAP;
        let _ = canvas.set_attribute("style", &format!("width:{}px;height:{}px", width as u32, height as u32));
        canvas.set_width((width * ratio).round() as u32);
        canvas.set_height((height * ratio).round() as u32);
        let words: Vec<String> = cards.iter().map(|&card| look.deck.words(card)).collect();
        let _ = canvas.set_attribute("role", "img");
        let _ = canvas.set_attribute("aria-label", &format!("Set {}: {}", at + 1, words.join(", ")));
        if let Ok(Some(context)) = canvas.get_context("2d") {
            let ctx: CanvasRenderingContext2d = context.unchecked_into();
            paint(&ctx).scale_to(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
            for (i, &card) in cards.iter().enumerate() {
                let rect = Rect { x: GAP + i as f64 * (card_w + GAP), y: GAP, w: card_w, h: SMALL_CARD };
                draw_card(&ctx, card, rect, look);
            }
        }
        let _ = item.append_child(&canvas);
        let _ = list.append_child(&item);
    }
}
