//! The daily puzzle's sets found so far, small above the table: each a
//! picture of its three cards, drawn by the game's renderer and named in
//! words for screen readers. Other ways to play show none (its region is
//! hidden), and the list is made again only when what it shows changed.

use super::App;
use super::host::Hosted;
use set_canvas::{CardLook, draw_card, paint};
use set_client::page::layout::{CARD_ASPECT, Rect};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// A small card's height, in CSS pixels (the list's height in the style
/// sheet holds it).
const SMALL_CARD: f64 = 22.0;
/// The gap between two small cards, in CSS pixels.
const GAP: f64 = 3.0;

impl<T: Hosted> App<T> {
    /// Shows the claims found on a puzzle's table (the daily puzzle's and
    /// the puzzle ways'), or hides the list in any other way to play.
    pub(super) fn show_found(&self) {
        let Some(view) = &self.view else { return };
        let Some(list) = &view.found else { return };
        let game = self.play().game();
        let daily = game.variant().is_puzzle();
        // The list's region (its landmark, named "Sets found") shows in the puzzles only.
        if let Some(region) = list.parent_element().map(JsCast::unchecked_into::<web_sys::HtmlElement>) {
            if region.hidden() == daily {
                region.set_hidden(!daily);
            }
        }
        let found = if daily { game.found_on_table() } else { &[] };
        let shown: Vec<u8> = found.iter().flat_map(|claim| claim.cards().iter().map(|c| c.id())).collect();
        if *view.found_shown.borrow() == shown {
            return;
        }
        list.set_text_content(None);
        let look = CardLook {
            palette: self.settings.palette,
            cue: self.settings.colour_cues,
            dark: self.settings.dark(view.system_prefers_dark()),
            deck: game.variant().deck(),
            ..CardLook::default()
        };
        let Some(document) = view.window.document() else { return };
        let (card_h, ratio) = (SMALL_CARD, view.pixel_ratio);
        let card_w = (card_h * CARD_ASPECT).round();
        for (at, claim) in found.iter().enumerate() {
            let (Ok(item), Ok(canvas)) = (document.create_element("li"), document.create_element("canvas")) else {
                return;
            };
            let canvas: HtmlCanvasElement = canvas.unchecked_into();
            let cards = claim.cards();
            let width = cards.len() as f64 * (card_w + GAP) + GAP;
            let height = card_h + 2.0 * GAP;
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
                    let rect = Rect { x: GAP + i as f64 * (card_w + GAP), y: GAP, w: card_w, h: card_h };
                    draw_card(&ctx, card, rect, look);
                }
            }
            let _ = item.append_child(&canvas);
            let _ = list.append_child(&item);
        }
        *view.found_shown.borrow_mut() = shown;
    }
}
