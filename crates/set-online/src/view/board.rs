//! The room's board: its canvas fitted to its box and drawn only when what
//! it shows changed, the buttons over the cards, the moving cards' layers,
//! and where each card is at rest (`card_rect`).

use crate::dom::{document, element, window};
use crate::state::Online;
use crate::wire::tenths;
use js_sys::Array;
use set_canvas::board::{Drawn, Looks, Marks, draw_table, looks};
use set_client::page::layout::{Place, Plan, Rect};
use set_client::remote::Remote;
use set_core::online::room::Status;
use set_core::rules::card::Card;
use set_core::rules::deck::Deck;
use set_core::rules::variant::Variant;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement};

/// The canvas fitted to its box, whether that resized it (and so cleared
/// it), and its size in CSS pixels. Its scale is set by whoever draws: any
/// call on a canvas the compositor holds makes the browser copy it.
fn fitted_canvas() -> Option<(CanvasRenderingContext2d, bool, f64, f64)> {
    let canvas: HtmlCanvasElement = document().get_element_by_id("board")?.unchecked_into();
    let main: HtmlElement = canvas.parent_element()?.unchecked_into();
    let (w, h) = (f64::from(main.client_width()), f64::from(main.client_height()));
    let ratio = window().device_pixel_ratio().max(1.0);
    let (pw, ph) = ((w * ratio).round() as u32, (h * ratio).round() as u32);
    let resized = canvas.width() != pw || canvas.height() != ph;
    if resized {
        canvas.set_width(pw);
        canvas.set_height(ph);
        let style = canvas.unchecked_ref::<HtmlElement>().style();
        let _ = style.set_property("width", &format!("{}px", tenths(w)));
        let _ = style.set_property("height", &format!("{}px", tenths(h)));
    }
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.unchecked_into();
    Some((ctx, resized, w, h))
}

/// The room's board as it is laid out now, and the canvas's width: what
/// the motion is measured on.
pub(crate) fn board_now(online: &Online) -> Option<(set_client::page::layout::Board, f64)> {
    let canvas = document().get_element_by_id("board")?;
    let main: HtmlElement = canvas.parent_element()?.unchecked_into();
    let (w, h) = (f64::from(main.client_width()), f64::from(main.client_height()));
    let remote = &online.room.remote;
    let (table, _) = table_of(remote);
    let row = row_of(remote);
    Some((
        Drawn { table: &table, row: &row, plan: plan_of(remote), motion: None, deck: deck_of(remote) }.board(w, h),
        w,
    ))
}

/// The table as drawn, by slot, and the slots whose cards lie face down
/// (Memory: the page is not sent them, and a stand-in card, drawn as a
/// back, holds each such slot); none while the room waits.
pub(crate) fn table_of(remote: &Remote) -> (Vec<Card>, Vec<usize>) {
    if remote.status == Status::Waiting {
        return (Vec::new(), Vec::new());
    }
    let stand_in = set_core::rules::deck::card_of_any_deck(0);
    let table = remote.view.table.iter().map(|slot| slot.unwrap_or(stand_in)).collect();
    let down = remote.view.table.iter().enumerate().filter(|(_, slot)| slot.is_none()).map(|(at, _)| at).collect();
    (table, down)
}

/// The cards turned up this turn (Memory), ringed as picks are.
fn turned_of(remote: &Remote) -> Vec<Card> {
    remote.turned.iter().filter_map(|&slot| remote.view.table.get(usize::from(slot)).copied().flatten()).collect()
}

/// Hands a motion new now to the moving cards' layers, or takes them away
/// once it is over: an animation frame while cards move draws nothing
/// (set_canvas::sprites).
pub(crate) fn show_sprites(online: &mut Online) {
    let Some(board) = document().get_element_by_id("board") else { return };
    let board: HtmlCanvasElement = board.unchecked_into();
    let now = crate::state::now();
    let feel = &mut online.feel;
    match &feel.motion {
        Some(motion) if motion.is_running(now) => {
            let look = feel.looks.unwrap_or_else(looks).card();
            let ratio = window().device_pixel_ratio().max(1.0);
            feel.sprites.follow(&board, motion, now, look, ratio);
        }
        _ => feel.sprites.clear(),
    }
}

/// Draws the canvas alone, in the looks the motion started with: the board at rest once cards stop moving.
pub(crate) fn draw_board(online: &Online) {
    let _ = draw_canvas(online, online.feel.looks.unwrap_or_else(looks));
}

/// What the room's board is laid out for: its way to play's most cards.
fn plan_of(remote: &Remote) -> Plan {
    remote.variant.map_or(Plan::for_variant(Variant::Classic), Plan::for_variant)
}

fn deck_of(remote: &Remote) -> Deck {
    remote.variant.map_or(Deck::Classic, Variant::deck)
}

fn row_of(remote: &Remote) -> Vec<Card> {
    remote.view.previous.clone().unwrap_or_default()
}

/// The board's canvas (when what it shows changed) and the cards' buttons over it.
pub(crate) fn draw(online: &Online) {
    if let Some((board, table)) = draw_canvas(online, looks()) {
        draw_buttons(online, board, &table);
    }
}

/// Draws the room's canvas, in these looks, unless it shows that already
/// (a socket's frame that changes nothing on the table, a ping's answer, a
/// line of chat, draws no card); the board it is laid out on, and the table.
fn draw_canvas(online: &Online, looks: Looks) -> Option<(set_client::page::layout::Board, Vec<Card>)> {
    let remote = &online.room.remote;
    let (ctx, resized, w, h) = fitted_canvas()?;
    let row = row_of(remote);
    let (table, face_down) = table_of(remote);
    let picked = if remote.face_down() { turned_of(remote) } else { remote.picks.clone() };
    let motion = online.feel.motion.as_ref();
    let drawn = Drawn { table: &table, row: &row, plan: plan_of(remote), motion, deck: deck_of(remote) };
    // A fingerprint (FNV-1a) of everything the drawing depends on.
    let mut shown: u64 = 0xcbf2_9ce4_8422_2325;
    let mut add = |part: u64| shown = (shown ^ part).wrapping_mul(0x0100_0000_01b3);
    for &slot in &face_down {
        add(slot as u64);
    }
    add(u64::MAX);
    for cards in [&table, &row, &picked, &remote.view.hinted] {
        for &card in cards {
            add(u64::from(card.id()) << 1 | u64::from(motion.is_some_and(|m| m.moves(card))));
        }
        add(u64::MAX);
    }
    let settings = looks.settings();
    for part in [
        u64::from(looks.dark),
        u64::from(settings.colour_cues),
        settings.palette as u64,
        (w * 10.0) as u64,
        (h * 10.0) as u64,
    ] {
        add(part);
    }
    if resized || online.feel.shown.replace(shown) != shown {
        let ratio = window().device_pixel_ratio().max(1.0);
        set_canvas::paint(&ctx).scale_to(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
        let marks = Marks { hinted: &remote.view.hinted, picked: &picked, face_down: &face_down, ..Marks::default() };
        draw_table(&ctx, w, h, drawn, marks, looks);
    }
    Some((drawn.board(w, h), table))
}

/// The buttons over the cards, rewritten only when they change: one per
/// table card (`card-N`), and one per card of a chain way's previous set,
/// which a claim may hold (`row-N`).
fn draw_buttons(online: &Online, board: set_client::page::layout::Board, table: &[Card]) {
    let remote = &online.room.remote;
    let deck = deck_of(remote);
    let mut buttons = String::new();
    let row = row_of(remote);
    let places = table.iter().enumerate().map(|(slot, &card)| (Place::Table(slot), card));
    for (place, card) in places.chain(row.iter().enumerate().map(|(index, &card)| (Place::Row(index), card))) {
        let Some(r) = board.rect(place) else { continue };
        let up = |slot: usize| remote.view.table.get(slot).copied().flatten();
        let picked = match place {
            Place::Table(slot) if remote.face_down() => remote.turned.contains(&(slot as u8)),
            _ => remote.picks.contains(&card),
        };
        let pending = remote.pending.as_ref().is_some_and(|p| p.cards.contains(&card));
        let state = if pending { ", claim pending" } else { "" };
        let (id, label) = match place {
            Place::Table(slot) => (format!("card-{slot}"), format!("Slot {}", slot + 1)),
            Place::Row(index) => (format!("row-{index}"), format!("Last set, card {}", index + 1)),
        };
        let words = match place {
            Place::Table(slot) if up(slot).is_none() => "face down".to_owned(),
            _ => deck.words(card),
        };
        buttons.push_str(&format!(
            r#"<button id="{id}" type="button" aria-pressed="{picked}" aria-label="{label}: {}{state}" style="left:{}px;top:{}px;width:{}px;height:{}px"></button>"#,
            words,
            tenths(r.x),
            tenths(r.y),
            tenths(r.w),
            tenths(r.h)
        ));
    }
    if let Some(cards) = element("cards") {
        if cards.inner_html() != buttons {
            cards.set_inner_html(&buttons);
        }
    }
}

fn rect_value(rect: Rect, offset: (f64, f64)) -> JsValue {
    [rect.x + offset.0, rect.y + offset.1, rect.w, rect.h].iter().map(|&n| JsValue::from(n)).collect::<Array>().into()
}

pub(crate) fn card_rect(online: &Online, card: Card) -> JsValue {
    let remote = &online.room.remote;
    // On the table, or in the row above it (a chain way's previous set).
    let place = match remote.view.slot_of(card) {
        Some(slot) => Place::Table(slot),
        None => match row_of(remote).iter().position(|&c| c == card) {
            Some(index) => Place::Row(index),
            None => return JsValue::NULL,
        },
    };
    place_rect(online, place)
}

/// Where a place of the board lies, in viewport CSS pixels (`null` if nowhere).
pub(crate) fn place_rect(online: &Online, place: Place) -> JsValue {
    let remote = &online.room.remote;
    let row = row_of(remote);
    let (table, _) = table_of(remote);
    let Some(canvas) = document().get_element_by_id("board") else { return JsValue::NULL };
    let bounds = canvas.get_bounding_client_rect();
    let drawn = Drawn { table: &table, row: &row, plan: plan_of(remote), motion: None, deck: deck_of(remote) };
    let board = drawn.board(bounds.width(), bounds.height());
    board.rect(place).map_or(JsValue::NULL, |r| rect_value(r, (bounds.left(), bounds.top())))
}
