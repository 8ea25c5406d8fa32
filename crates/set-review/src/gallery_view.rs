//! The gallery: every card of a deck in id order, each labelled with its
//! id, drawn by the page's renderer in the player's settings, to check
//! every drawing at a glance (`?gallery`, and `?gallery&mode=4set` for the
//! deck of another way to play, read from the address the page was opened
//! with: see `open`).

use crate::shell::Shell;
use set_canvas::board::looks;
use set_client::page::layout::{Layout, Rect};
use set_core::rules::deck::Deck;

const CANVAS: &str = "review-gallery";

pub(crate) fn render(shell: &Shell, deck: Deck) {
    let size = deck.size();
    let traits: Vec<&str> = deck.traits().iter().map(|t| t.name()).collect();
    let class = if size > 81 { "review-gallery review-gallery-large" } else { "review-gallery" };
    shell.write(
        &format!("All {size} cards"),
        &format!(
            r#"<canvas id="review-gallery" class="{class}" role="img" aria-label="All {size} cards in id order: {}, each a digit in base {}"></canvas>"#,
            traits.join(", "),
            deck.base()
        ),
    );
    let Some((ctx, w, h)) = shell.canvas(CANVAS) else { return };
    let looks = looks();
    set_canvas::clear(&ctx, w, h, looks.dark);
    let layout = Layout::new(w, h, size);
    for (slot, card) in deck.cards().enumerate() {
        let Some(rect) = layout.slot_rect(slot) else { continue };
        let label = card.id().to_string();
        set_canvas::draw_card(&ctx, card, rect, set_canvas::CardLook { label: Some(&label), deck, ..looks.card() });
    }
}

/// Each card's id and rectangle in viewport CSS pixels, in id order.
pub(crate) fn cards(shell: &Shell, deck: Deck) -> Vec<(u8, Rect)> {
    let Some(canvas) = shell.element(CANVAS) else { return Vec::new() };
    let bounds = canvas.get_bounding_client_rect();
    let layout = Layout::new(bounds.width(), bounds.height(), deck.size());
    deck.cards()
        .enumerate()
        .filter_map(|(slot, card)| Some((card.id(), layout.slot_rect(slot)?)))
        .map(|(id, rect)| (id, Rect { x: rect.x + bounds.left(), y: rect.y + bounds.top(), ..rect }))
        .collect()
}
