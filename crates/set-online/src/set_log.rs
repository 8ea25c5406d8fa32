//! The room's log of sets taken, as the page shows it: who took each, when
//! in the game's time, and its cards drawn small beside their words (as
//! setwithfriends' chat shows them), the same for a player, a watcher and
//! a page that came late (`set_client::room_log` keeps it).

use crate::dom::{Piece, element, fill_list, window};
use set_canvas::board::{draw_one, looks};
use set_client::remote::Remote;
use set_client::room_log::{LoggedSet, clock_text};
use set_core::rules::card::Card;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

fn cards_of(set: &LoggedSet) -> impl Iterator<Item = Card> + '_ {
    set.cards.iter().filter_map(|&id| Card::new(i64::from(id)).ok())
}

/// Writes the log's list, and draws its cards when it changed.
pub(crate) fn render(sets: &[LoggedSet], remote: &Remote) {
    let Some(list) = element("set-log") else { return };
    let items: Vec<(&'static str, Vec<Piece>)> = sets
        .iter()
        .map(|set| {
            let name = remote.players.get(usize::from(set.seat)).map_or("?", |p| p.name.as_str());
            let mut pieces: Vec<Piece> = vec![("b", "", name.to_owned())];
            // A small canvas per card, drawn below; the words say the same.
            pieces.extend(cards_of(set).map(|_| ("canvas", "mini", String::new())));
            let mut said = format!(" {} ", clock_text(set.at_ms));
            for (at, card) in cards_of(set).enumerate() {
                said.push_str(if at > 0 { ", " } else { "" });
                said.push_str(&card.to_string());
            }
            pieces.push(("span", "", said));
            ("", pieces)
        })
        .collect();
    if fill_list(&list, &items) {
        draw_cards(&list, sets);
        list.set_scroll_top(list.scroll_height());
    }
}

/// Draws each set's cards into its item's small canvases, at the screen's pixel ratio.
fn draw_cards(list: &web_sys::HtmlElement, sets: &[LoggedSet]) {
    let looks = looks();
    let ratio = window().device_pixel_ratio().max(1.0);
    let canvases = list.get_elements_by_tag_name("canvas");
    for (index, card) in sets.iter().flat_map(cards_of).enumerate() {
        let Some(canvas) = canvases.item(index as u32) else { return };
        let canvas: HtmlCanvasElement = canvas.unchecked_into();
        let _ = canvas.set_attribute("aria-hidden", "true");
        let bounds = canvas.get_bounding_client_rect();
        let (w, h) = (bounds.width().max(1.0), bounds.height().max(1.0));
        canvas.set_width((w * ratio).round() as u32);
        canvas.set_height((h * ratio).round() as u32);
        let Some(ctx) = canvas.get_context("2d").ok().flatten() else { continue };
        let ctx: CanvasRenderingContext2d = ctx.unchecked_into();
        set_canvas::paint(&ctx).scale_to(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        draw_one(&ctx, w, h, card, looks);
    }
}
