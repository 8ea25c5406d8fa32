//! A table of cards laid out and drawn on a canvas, in the player's stored
//! settings (palette, theme, colour cues): for the parts that load later
//! (the review's views, the online room), which draw whole tables from
//! values rather than from the page's game.

use crate::CardLook;
use set_client::page::layout::{Board, Layout, Place, Rect};
use set_client::page::settings::Settings;
use set_core::rules::card::Card;
use web_sys::CanvasRenderingContext2d as Ctx;

/// How the player's settings ask cards to look.
#[derive(Clone, Copy)]
pub struct Looks {
    settings: Settings,
    /// The dark theme, as the settings and the system choose it.
    pub dark: bool,
}

/// The settings the page keeps (docs/playing.md, "Settings") and the system's theme.
pub fn looks() -> Looks {
    let window = web_sys::window();
    let settings = window
        .as_ref()
        .and_then(|w| w.local_storage().ok()?)
        .and_then(|storage| storage.get_item(set_client::storage::SETTINGS_KEY).ok()?)
        .map_or_else(Settings::default, |text| Settings::from_text(&text));
    let system_dark =
        window.and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok()?).is_some_and(|query| query.matches());
    Looks { settings, dark: settings.dark(system_dark) }
}

impl Looks {
    /// A card's look under these settings, before its state (picked, hinted…).
    pub fn card(&self) -> CardLook<'static> {
        CardLook {
            cue: self.settings.colour_cues,
            palette: self.settings.palette,
            dark: self.dark,
            ..CardLook::default()
        }
    }
}

/// How a card is marked on a drawn table.
#[derive(Clone, Copy, Default)]
pub struct Marks<'a> {
    /// A claim made (or a set missed): ringed.
    pub outlined: &'a [Card],
    /// A wrong claim: in red.
    pub wrong: &'a [Card],
    /// Cards a hint revealed.
    pub hinted: &'a [Card],
    /// The player's picks.
    pub picked: &'a [Card],
}

/// Draws a table (and Set-Chain's previous set in a row above it) filling
/// the canvas.
pub fn draw_table(ctx: &Ctx, w: f64, h: f64, table: &[Card], row: &[Card], marks: Marks<'_>, looks: Looks) {
    crate::clear(ctx, w, h, looks.dark);
    let board = Board::new(w, h, table.len(), row.len());
    let places = row.iter().enumerate().map(|(i, &card)| (Place::Row(i), card));
    for (place, card) in places.chain(table.iter().enumerate().map(|(slot, &card)| (Place::Table(slot), card))) {
        let Some(rect) = board.rect(place) else { continue };
        let look = CardLook {
            found: marks.outlined.contains(&card),
            wrong: marks.wrong.contains(&card),
            hinted: marks.hinted.contains(&card),
            selected: marks.picked.contains(&card),
            ..looks.card()
        };
        crate::draw_card(ctx, card, rect, look);
    }
}

/// Draws one card filling a small canvas (a drill's candidate).
pub fn draw_one(ctx: &Ctx, w: f64, h: f64, card: Card, looks: Looks) {
    crate::clear(ctx, w, h, looks.dark);
    if let Some(rect) = Layout::new(w, h, 1).slot_rect(0) {
        crate::draw_card(ctx, card, Rect { ..rect }, looks.card());
    }
}
