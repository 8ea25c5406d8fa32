//! A table of cards laid out and drawn on a canvas, in the player's stored
//! settings (palette, theme, colour cues): for the parts that load later
//! (the review's views, the online room), which draw whole tables from
//! values rather than from the page's game.

use crate::CardLook;
use set_client::page::layout::{Board, Layout, Place, Plan, Rect};
use set_client::page::motion::Motion;
use set_client::page::settings::Settings;
use set_core::rules::card::Card;
use set_core::rules::deck::Deck;
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
    /// The settings they come from (sound, motion…).
    pub fn settings(&self) -> Settings {
        self.settings
    }

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
    /// The table's slots whose cards lie face down (Memory online, where
    /// the page is not sent them): drawn as backs, unmarked, whatever card
    /// stands in the slot.
    pub face_down: &'a [usize],
}

/// A table to draw: its cards, Set-Chain's previous set in a row above
/// them, and what the board is laid out for.
#[derive(Clone, Copy)]
pub struct Drawn<'a> {
    /// The table's cards, by slot.
    pub table: &'a [Card],
    /// The row above the table.
    pub row: &'a [Card],
    /// What the board is laid out for ([`Plan::exactly`] for a still picture).
    pub plan: Plan,
    /// The cards moving: the board leaves their places empty.
    pub motion: Option<&'a Motion>,
    /// The deck the cards are of.
    pub deck: Deck,
}

impl<'a> Drawn<'a> {
    /// A still picture: laid out for exactly these cards.
    pub fn still(table: &'a [Card], row: &'a [Card]) -> Drawn<'a> {
        Drawn { table, row, plan: Plan::exactly(table.len(), row.len()), motion: None, deck: Deck::Classic }
    }

    /// The same, of cards of `deck`.
    pub fn of(self, deck: Deck) -> Drawn<'a> {
        Drawn { deck, ..self }
    }

    /// The board these cards are drawn on in a `w` × `h` area.
    pub fn board(&self, w: f64, h: f64) -> Board {
        Board::planned(w, h, self.table.len(), self.row.len(), self.plan)
    }
}

/// Draws a table (and Set-Chain's previous set in a row above it) filling
/// the canvas.
pub fn draw_table(ctx: &Ctx, w: f64, h: f64, drawn: Drawn<'_>, marks: Marks<'_>, looks: Looks) {
    crate::clear(ctx, w, h, looks.dark);
    let Drawn { table, row, .. } = drawn;
    let board = drawn.board(w, h);
    let places = row.iter().enumerate().map(|(i, &card)| (Place::Row(i), card));
    for (place, card) in places.chain(table.iter().enumerate().map(|(slot, &card)| (Place::Table(slot), card))) {
        let Some(rect) = board.rect(place) else { continue };
        // A card that moves is on its layer until the motion ends (crate::sprites).
        if matches!(place, Place::Table(_)) && drawn.motion.is_some_and(|motion| motion.moves(card)) {
            continue;
        }
        if matches!(place, Place::Table(slot) if marks.face_down.contains(&slot)) {
            crate::draw_card(ctx, card, rect, CardLook { face_down: true, deck: drawn.deck, ..looks.card() });
            continue;
        }
        let look = CardLook {
            found: marks.outlined.contains(&card),
            wrong: marks.wrong.contains(&card),
            hinted: marks.hinted.contains(&card),
            selected: marks.picked.contains(&card),
            deck: drawn.deck,
            ..looks.card()
        };
        crate::draw_card(ctx, card, rect, look);
    }
}

/// Where the first element `selector` matches lies relative to the page's
/// board (the `#board` canvas), in CSS pixels, outside it too: where a set
/// taken flies to and new cards come from.
pub fn element_rect(selector: &str) -> Option<Rect> {
    let document = web_sys::window()?.document()?;
    let element = document.query_selector(selector).ok()??;
    let board = document.get_element_by_id("board")?.get_bounding_client_rect();
    let r = element.get_bounding_client_rect();
    Some(Rect { x: r.left() - board.left(), y: r.top() - board.top(), w: r.width(), h: r.height() })
}

/// Draws one card of `deck` filling a small canvas (a drill's candidate, a logged set's card).
pub fn draw_one(ctx: &Ctx, w: f64, h: f64, card: Card, deck: Deck, looks: Looks) {
    crate::clear(ctx, w, h, looks.dark);
    if let Some(rect) = Layout::new(w, h, 1).slot_rect(0) {
        crate::draw_card(ctx, card, Rect { ..rect }, CardLook { deck, ..looks.card() });
    }
}
