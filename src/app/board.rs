//! The board: where each card lies (table, the row above it, or the
//! gallery), hit testing in viewport pixels (on the places at rest: a tap
//! goes to the table the game holds), and drawing it all on the canvas
//! with the motion and the shake that play.

use super::effect::Effect;
use super::host::Hosted;
use super::{App, Changes};
use crate::dom::View;
use set_canvas::{self as render, CardLook};
use set_client::page::keyboard::key_label;
use set_client::page::layout::{Board, Place, Plan, Rect};
use set_client::play::session::Row;
use set_core::rules::card::Card;

impl<T: Hosted> App<T> {
    /// The board as laid out now: the table (or the gallery's 81 cards) and
    /// the row above it.
    pub(super) fn board(&self, view: &View) -> Board {
        let game = self.play().game();
        view.board(game.table().len(), self.play().row().cards().len(), Plan::for_variant(game.variant()))
    }

    /// The rectangle of a place in viewport CSS pixels.
    pub(crate) fn place_rect(&self, place: Place) -> Result<Rect, String> {
        if let Place::Table(slot) = place {
            self.play().game().check_slot(slot).map_err(|err| err.to_string())?;
        }
        let view = self.view.as_ref().ok_or("this page has no board to measure")?;
        let rect = self.board(view).rect(place).ok_or("the card is off the board")?;
        let (left, top) = view.canvas_origin();
        Ok(Rect { x: rect.x + left, y: rect.y + top, ..rect })
    }

    /// Where a card is drawn (on the table or in the row above it).
    pub(crate) fn card_rect(&self, card: Card) -> Option<Rect> {
        self.place_rect(self.place_of(card)?).ok()
    }

    /// Draws the board, fitted to the space it has now, and the cards that
    /// move on their layers; schedules another frame while an effect plays
    /// or cards move.
    pub(super) fn draw(&mut self, now: f64) {
        if self.effect.is_some_and(|effect| effect.progress(now) >= 1.0) {
            // The shake is over: the board draws the cards still once more.
            self.effect = None;
            self.drawn_at_rest = false;
        }
        if self.motion.as_ref().is_some_and(|motion| !motion.is_running(now)) {
            // All is at rest: the board draws every card again.
            self.motion = None;
            self.drawn_at_rest = false;
        }
        if let Some(view) = &mut self.view {
            view.fit();
        }
        let Some(view) = &self.view else { return };
        // While cards move and nothing else changes, a frame only moves their
        // layers: the board's canvas is drawn when what is at rest changes.
        if !self.drawn_at_rest || self.effect.is_some() {
            self.draw_board(view, now);
        }
        if (self.effect.is_some() || self.motion.is_some()) && !view.frame_pending {
            let requested = view.window.request_animation_frame(&view.frame_callback);
            if let Some(view) = &mut self.view {
                view.frame_pending = requested.is_ok();
            }
        }
        self.drawn_at_rest = true;
        self.show_sprites(now);
    }

    /// Hands a motion new at `now` to the moving cards' layers, or takes them away once there is none.
    fn show_sprites(&mut self, now: f64) {
        let Some(view) = &self.view else { return };
        match &self.motion {
            Some(motion) => {
                let dark = self.settings.dark(view.system_prefers_dark());
                let look = CardLook {
                    palette: self.settings.palette,
                    cue: self.settings.colour_cues,
                    dark,
                    deck: self.play().game().variant().deck(),
                    ..CardLook::default()
                };
                self.sprites.follow(&view.canvas, motion, now, look, view.pixel_ratio);
            }
            None => self.sprites.clear(),
        }
    }

    /// Draws the board's canvas: the cards at rest (a card that moves is on its layer).
    fn draw_board(&self, view: &View, now: f64) {
        view.begin_frame();
        let dark = self.settings.dark(view.system_prefers_dark());
        render::clear(&view.ctx, view.css_width, view.css_height, dark);
        let palette = self.settings.palette;
        let board = self.board(view);
        let game = self.play().game();
        let hinted = game.hinted_cards();
        let (wrong, len, shake) = match self.effect {
            Some(effect @ Effect::Wrong { cards, len, .. }) => {
                let p = effect.progress(now);
                // JavaScript's sin: Rust's would add its own (libm) to the download.
                (cards, len, js_sys::Math::sin(p * 28.0) * 5.0 * (1.0 - p))
            }
            None => ([set_core::rules::card::DECK[0]; 4], 0, 0.0),
        };
        let wrong = &wrong[..len];
        // A computer opponent's claim, in its colour, just before it is made.
        let showing = self.table.showing(now);
        let row = self.play().row();
        if let (Some(strip), false) = (board.row, row == Row::Empty) {
            render::draw_row_band(&view.ctx, &strip, row.cards().len(), row.pairs(), dark);
        }
        let places = row.cards().into_iter().enumerate().map(|(i, card)| (Place::Row(i), card));
        let table = game.table().iter().enumerate().map(|(slot, &card)| (Place::Table(slot), card));
        for (place, card) in places.chain(table) {
            let Some(rect) = board.rect(place) else { continue };
            // A card that moves is on its layer until the motion ends.
            if matches!(place, Place::Table(_)) && self.motion.as_ref().is_some_and(|motion| motion.moves(card)) {
                continue;
            }
            let is_wrong = wrong.contains(&card);
            let pickable = match place {
                Place::Table(_) => true,
                Place::Row(index) => index < row.pickable().len(),
            };
            let look = CardLook {
                selected: pickable && self.play().is_selected(card),
                hinted: pickable && hinted.contains(&card),
                hovered: self.hover == Some(place),
                wrong: is_wrong,
                // UltraSet's and GhostSet's rows: the third cards the pairs need are ringed.
                found: matches!(place, Place::Row(index) if row.pairs() > 0 && index % 3 == 2),
                label: if self.settings.key_labels && pickable { key_label(place) } else { None },
                cue: self.settings.colour_cues,
                palette,
                dark,
                deck: game.variant().deck(),
                // Memory: a bot's turn shows its three cards turned up.
                face_down: matches!(place, Place::Table(_))
                    && !self.play().is_face_up(card)
                    && !showing.is_some_and(|plan| plan.claim().is_some_and(|claim| claim.contains(card))),
            };
            let dx = if is_wrong { shake } else { 0.0 };
            render::draw_card(&view.ctx, card, Rect { x: rect.x + dx, ..rect }, look);
            if let Some(plan) = showing.filter(|plan| plan.claim().is_some_and(|claim| claim.contains(card))) {
                let colour = render::SEAT_COLOURS[plan.seat.0 as usize % render::SEAT_COLOURS.len()];
                render::draw_claimed(&view.ctx, rect, colour);
            }
        }
    }

    /// The place under viewport point (x, y).
    pub(crate) fn place_at(&self, x: f64, y: f64) -> Option<Place> {
        let view = self.view.as_ref()?;
        let (left, top) = view.canvas_origin();
        self.board(view).hit_test(x - left, y - top)
    }

    /// The card in a place on the board (in play).
    pub(super) fn card_at(&self, place: Place) -> Option<Card> {
        match place {
            Place::Table(slot) => self.play().game().table().get(slot).copied(),
            Place::Row(index) => self.play().row().pickable().get(index).copied(),
        }
    }

    /// Where a card lies on the board, if it is shown.
    pub(super) fn place_of(&self, card: Card) -> Option<Place> {
        let in_row = self.play().row().cards().iter().position(|&c| c == card).map(Place::Row);
        self.play().game().slot_of(card).map(Place::Table).or(in_row)
    }

    /// The pointer moved to viewport point (x, y), or left the board (`None`).
    pub(super) fn hover_at(&mut self, point: Option<(f64, f64)>) -> Changes {
        let place = point.and_then(|(x, y)| self.place_at(x, y)).filter(|&p| self.card_at(p).is_some());
        if place == self.hover {
            return Changes::NONE;
        }
        self.hover = place;
        if let Some(view) = &self.view {
            view.set_cursor(place.is_some());
        }
        Changes::DRAW
    }
}
