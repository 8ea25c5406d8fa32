//! The gallery: all 81 cards in id order, each labelled with its id, drawn
//! by the page's renderer in the player's settings, to check every drawing
//! at a glance (`?gallery`).

use crate::shell::Shell;
use set_canvas::board::looks;
use set_client::page::layout::{Layout, Rect};
use set_core::rules::card::{Card, DECK_SIZE};

const CANVAS: &str = "review-gallery";

pub(crate) fn render(shell: &Shell) {
    shell.write(
        "All 81 cards",
        r#"<canvas id="review-gallery" class="review-gallery" role="img" aria-label="All 81 cards in id order: colour, shape, fill and count, each as a ternary digit"></canvas>"#,
    );
    let Some((ctx, w, h)) = shell.canvas(CANVAS) else { return };
    let looks = looks();
    set_canvas::clear(&ctx, w, h, looks.dark);
    let layout = Layout::new(w, h, DECK_SIZE);
    for card in Card::all() {
        let Some(rect) = layout.slot_rect(card.id() as usize) else { continue };
        let label = card.id().to_string();
        set_canvas::draw_card(&ctx, card, rect, set_canvas::CardLook { label: Some(&label), ..looks.card() });
    }
}

/// Each card's rectangle in viewport CSS pixels, by id.
pub(crate) fn rects(shell: &Shell) -> Vec<Rect> {
    let Some(canvas) = shell.element(CANVAS) else { return Vec::new() };
    let bounds = canvas.get_bounding_client_rect();
    let layout = Layout::new(bounds.width(), bounds.height(), DECK_SIZE);
    (0..DECK_SIZE)
        .filter_map(|slot| layout.slot_rect(slot))
        .map(|rect| Rect { x: rect.x + bounds.left(), y: rect.y + bounds.top(), ..rect })
        .collect()
}
