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
use set_client::page::motion::redraw_area;
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

    /// Draws the board, fitted to the space it has now; schedules another
    /// frame while an effect plays.
    pub(super) fn draw(&mut self, now: f64) {
        if self.effect.is_some_and(|effect| effect.progress(now) >= 1.0) {
            self.effect = None;
        }
        if self.motion.as_ref().is_some_and(|motion| !motion.is_running(now)) {
            self.motion = None;
        }
        if let Some(view) = &mut self.view {
            view.fit();
        }
        let Some(view) = &self.view else { return };
        // While cards move and nothing else changes, a frame redraws only
        // where moving cards were and are: a whole board of cards a frame is
        // more than a phone's CPU draws 60 times a second (BENCHMARKS.md).
        let table = self.play().game().table();
        let moved: Vec<Rect> = self.motion.iter().flat_map(|motion| motion.moving(table, now)).collect();
        if self.drawn_at_rest && self.effect.is_none() && self.motion.is_some() {
            self.draw_board(view, now, Some(&redraw_area(&self.moved_last, &moved)));
        } else {
            self.draw_board(view, now, None);
        }
        if (self.effect.is_some() || self.motion.is_some()) && !view.frame_pending {
            let requested = view.window.request_animation_frame(&view.frame_callback);
            if let Some(view) = &mut self.view {
                view.frame_pending = requested.is_ok();
            }
        }
        self.drawn_at_rest = true;
        self.moved_last = moved;
    }

    /// Draws the board: all of it, or (`only`) the felt in these
    /// rectangles and every card that touches them.
    fn draw_board(&self, view: &View, now: f64, only: Option<&[Rect]>) {
        view.begin_frame();
        let dark = self.settings.dark(view.system_prefers_dark());
        match only {
            None => render::clear(&view.ctx, view.css_width, view.css_height, dark),
            Some(dirty) => render::clip_to(&view.ctx, dirty, dark),
        }
        self.draw_places(view, now, only, dark);
        if only.is_some() {
            render::unclip(&view.ctx);
        }
    }

    /// Draws the band, the cards and the sets leaving: all of them, or those touching `only`.
    fn draw_places(&self, view: &View, now: f64, only: Option<&[Rect]>, dark: bool) {
        let palette = self.settings.palette;
        let touches = |rect: &Rect| only.is_none_or(|dirty| dirty.iter().any(|d| d.overlaps(&rect.grown(3.0))));
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
        // The strip of the row above the table, redrawn whole (band and cards) if any of it is.
        let strip_area = board.row.and_then(|strip| strip.slot_rect(0)).map(|first| Rect {
            x: 0.0,
            y: 0.0,
            w: view.css_width,
            h: first.y * 2.0 + first.h,
        });
        let band = strip_area.is_some_and(|area| touches(&area));
        if let (Some(strip), false, true) = (board.row, row == Row::Empty, band) {
            render::draw_row_band(&view.ctx, &strip, matches!(row, Row::LastUltra { .. }), dark);
        }
        let places = row.cards().into_iter().enumerate().map(|(i, card)| (Place::Row(i), card));
        let table = game.table().iter().enumerate().map(|(slot, &card)| (Place::Table(slot), card));
        for (place, card) in places.chain(table) {
            let Some(mut rect) = board.rect(place) else { continue };
            // A card coming to its place is drawn on its way (not at all
            // before it sets off); a card at rest, at its place.
            let sprite =
                self.motion.as_ref().and_then(|m| m.drawn(card, now)).filter(|_| matches!(place, Place::Table(_)));
            if let Some(sprite) = sprite {
                if sprite.alpha <= 0.0 {
                    continue;
                }
                rect = sprite.rect;
            }
            if !(touches(&rect) || band && matches!(place, Place::Row(_))) {
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
                // UltraSet's row: the third card both pairs need is ringed.
                found: place == Place::Row(2) && matches!(row, Row::LastUltra { .. }),
                label: if self.settings.key_labels && pickable { key_label(place) } else { None },
                cue: self.settings.colour_cues,
                palette,
                dark,
            };
            let dx = if is_wrong { shake } else { 0.0 };
            render::draw_card(&view.ctx, card, Rect { x: rect.x + dx, ..rect }, look);
            if let Some(plan) = showing.filter(|plan| plan.claim.contains(card)) {
                let colour = render::SEAT_COLOURS[plan.seat.0 as usize % render::SEAT_COLOURS.len()];
                render::draw_claimed(&view.ctx, rect, colour);
            }
        }
        // The sets taken: marked in the taker's colour, then off toward them.
        if let Some(motion) = &self.motion {
            set_canvas::board::draw_leaving(&view.ctx, motion, now, CardLook { palette, dark, ..CardLook::default() });
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
