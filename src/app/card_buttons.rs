//! One button per card that can be picked, lying over its drawing and
//! named in words, and which of them holds the focus.

use super::App;
use super::host::Hosted;
use crate::dom::{describe_card, place_id};
use set_client::page::keyboard::key_label;
use set_client::page::layout::Place;

impl<T: Hosted> App<T> {
    /// How many places of the row above the table can be picked (and so
    /// have buttons).
    pub(super) fn row_places(&self) -> usize {
        self.play().row().pickable().len()
    }

    /// The card that takes focus in the cards' group: the one last moved
    /// to or picked, or the nearest still on the board.
    pub(super) fn focus_place(&self) -> Option<Place> {
        self.card_focus.clamped(self.row_places(), self.play().game().table().len())
    }

    /// One button per card that can be picked, over its drawing, named in
    /// words: the previous set's, then the table's. Only the focused card
    /// is in the Tab order; the arrow keys move between them.
    pub(super) fn show_card_buttons(&self) {
        let Some(view) = &self.view else { return };
        let mut buttons = String::new();
        let focus = self.focus_place();
        let board = self.board(view);
        let game = self.play().game();
        let row = self.play().row();
        let row = row.pickable().iter().enumerate().map(|(i, &card)| (Place::Row(i), card));
        for (place, card) in row.chain(game.table().iter().enumerate().map(|(slot, &card)| (Place::Table(slot), card)))
        {
            let Some(rect) = board.rect(place) else { continue };
            // A card face down (Memory) is named so, not by what it is.
            let deck = self.play().is_face_up(card).then(|| game.variant().deck());
            let label = describe_card(place, card, deck, key_label(place), game.hinted_cards().contains(&card));
            // Whole pixels: integer formatting keeps float formatting out of the wasm.
            let [x, y, w, h] = [rect.x, rect.y, rect.w, rect.h].map(|n| n as u32);
            buttons.push_str(&format!(
                r#"<button id="{}" tabindex="{}" aria-pressed="{}" aria-label="{label}" style="left:{x}px;top:{y}px;width:{w}px;height:{h}px"></button>"#,
                place_id(place),
                if Some(place) == focus { "0" } else { "-1" },
                self.play().is_selected(card),
            ));
        }
        view.show_card_buttons(&buttons, &focus.map(place_id).unwrap_or_default());
    }
}
