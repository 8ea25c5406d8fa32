//! The room's log of sets taken, as the page shows it: who took each, when
//! in the game's time, and its cards drawn small beside their words (as
//! setwithfriends' chat shows them), the same for a player, a watcher and
//! a page that came late (`set_client::room_log` keeps it).

use crate::dom::{Piece, append_items, element, window};
use set_canvas::board::{draw_one, looks};
use set_client::remote::Remote;
use set_client::room_log::{LoggedSet, clock_text};
use set_core::rules::card::Card;
use set_core::rules::deck::Deck;
use set_core::rules::variant::Variant;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

fn cards_of(set: &LoggedSet, deck: Deck) -> impl Iterator<Item = Card> + '_ {
    set.cards.iter().filter_map(move |&id| deck.card(i64::from(id)).ok())
}

/// Writes the log's list. A log only grows during a game: the sets shown
/// stay as they are, and only those it gained are added and drawn.
pub(crate) fn render(sets: &[LoggedSet], remote: &Remote) {
    let Some(list) = element("set-log") else { return };
    let deck = remote.variant.map_or(Deck::Classic, Variant::deck);
    // What the items shown depend on: the room, its players' names and its first set.
    let mut game = remote.room.clone();
    for player in &remote.players {
        game.push('\u{1f}');
        game.push_str(&player.name);
    }
    if let Some(first) = sets.first() {
        game.push_str(&format!("\u{1e}{}\u{1e}", first.at_ms));
        // A card id as one character: the key is compared, never read.
        game.extend(first.cards.iter().map(|&id| char::from(b'0'.saturating_add(id))));
    }
    let shown = list.child_element_count() as usize;
    let kept = if list.get_attribute("data-game").as_deref() == Some(game.as_str()) && shown <= sets.len() {
        shown
    } else {
        list.set_text_content(None);
        let _ = list.set_attribute("data-game", &game);
        0
    };
    let Some(gained) = sets.get(kept..).filter(|gained| !gained.is_empty()) else { return };
    let items: Vec<(&'static str, Vec<Piece>)> = gained
        .iter()
        .map(|set| {
            let name = remote.players.get(usize::from(set.seat)).map_or("?", |p| p.name.as_str());
            let mut pieces: Vec<Piece> = vec![("b", "", name.to_owned())];
            // A small canvas per card, drawn below; the words say the same.
            pieces.extend(cards_of(set, deck).map(|_| ("canvas", "mini", String::new())));
            let mut said = format!(" {} ", clock_text(set.at_ms));
            for (at, card) in cards_of(set, deck).enumerate() {
                said.push_str(if at > 0 { ", " } else { "" });
                said.push_str(&deck.words(card));
            }
            pieces.push(("span", "", said));
            ("", pieces)
        })
        .collect();
    append_items(&list, &items, kept);
    draw_cards(&list, sets, kept, deck);
    list.set_scroll_top(list.scroll_height());
}

/// Draws the cards of the sets from `first_new` on into their items' small
/// canvases, at the screen's pixel ratio: every size is read before any
/// canvas is resized, so the page is laid out once, not once a card.
fn draw_cards(list: &web_sys::HtmlElement, sets: &[LoggedSet], first_new: usize, deck: Deck) {
    let looks = looks();
    let ratio = window().device_pixel_ratio().max(1.0);
    let canvases = list.get_elements_by_tag_name("canvas");
    let shown: usize = sets.iter().take(first_new).map(|set| cards_of(set, deck).count()).sum();
    let new_cards = sets.iter().skip(first_new).flat_map(|set| cards_of(set, deck));
    let sized: Vec<(HtmlCanvasElement, Card, f64, f64)> = new_cards
        .enumerate()
        .filter_map(|(index, card)| {
            let canvas: HtmlCanvasElement = canvases.item((shown + index) as u32)?.unchecked_into();
            let bounds = canvas.get_bounding_client_rect();
            Some((canvas, card, bounds.width().max(1.0), bounds.height().max(1.0)))
        })
        .collect();
    for (canvas, card, w, h) in sized {
        let _ = canvas.set_attribute("aria-hidden", "true");
        canvas.set_width((w * ratio).round() as u32);
        canvas.set_height((h * ratio).round() as u32);
        let Some(ctx) = canvas.get_context("2d").ok().flatten() else { continue };
        let ctx: CanvasRenderingContext2d = ctx.unchecked_into();
        set_canvas::paint(&ctx).scale_to(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        draw_one(&ctx, w, h, card, deck, looks);
    }
}
