//! The JS API of online.html (`window.wasmBindings` there): the requests
//! a test or a console makes of the room (each a Promise, through the same
//! funnel as the page's events), `state()`, and where cards are drawn.

use crate::page::{request, with_online};
use crate::view;
use js_sys::{Promise, Reflect};
use set_client::online::{Event, WaitFor};
use set_client::page::layout::Place;
use set_core::rules::variant::Dealing;
use wasm_bindgen::prelude::*;

fn option_text(options: &JsValue, name: &str) -> Option<String> {
    Reflect::get(options, &name.into()).ok()?.as_string()
}

fn option_flag(options: &JsValue, name: &str) -> bool {
    Reflect::get(options, &name.into()).ok().and_then(|h| h.as_bool()).unwrap_or(false)
}

/// Creates a room: `online_create({ mode, name, hints, public, bots, calls })`
/// (`calls: true`: extra cards only when someone calls "no set")
/// (without a name, under the name this page goes by),
/// `mode` one of "classic", "junior", "chain", "ultra"; a public room is
/// listed in the lobby; `bots` the computer opponents' levels ("easy",
/// "medium", "hard", "expert"), at most 3. Resolves to the room's id once the server made it (the page
/// then moves to `?room=<id>` and sits there); rejects with the server's reason.
#[wasm_bindgen]
pub fn online_create(options: JsValue) -> Result<Promise, JsError> {
    let mode = option_text(&options, "mode").unwrap_or_else(|| "classic".to_owned());
    let name = option_text(&options, "name").unwrap_or_default();
    let (hints, public) = (option_flag(&options, "hints"), option_flag(&options, "public"));
    let dealing = Dealing::called_if(option_flag(&options, "calls"));
    let bots = match Reflect::get(&options, &"bots".into()) {
        Ok(list) if list.is_array() => {
            js_sys::Array::from(&list).iter().map(|level| level.as_string().unwrap_or_default()).collect()
        }
        _ => Vec::new(),
    };
    request(WaitFor::Created, Event::Create { mode, name, hints, public, bots, dealing })
}

/// Quick play: `online_quick_play({ mode, name })` sits at the oldest public
/// room of that way to play waiting for players, or makes one and waits in
/// it; without a name, under the name this page goes by (`state().online.name`,
/// given by the server to a page that never chose one). Resolves to the
/// room's id once seated; rejects with the server's reason.
#[wasm_bindgen]
pub fn online_quick_play(options: JsValue) -> Result<Promise, JsError> {
    let mode = option_text(&options, "mode").unwrap_or_else(|| "classic".to_owned());
    let name = option_text(&options, "name").unwrap_or_default();
    request(WaitFor::Seated, Event::QuickPlay { mode, name })
}

/// The lobby (outside a room): `{ rooms: [{ room, mode, hints, status,
/// players: [names], watchers }], online, people: [names] }`, once the
/// server has sent it; it stays live in `state().online.lobby`.
#[wasm_bindgen]
pub fn online_lobby() -> Result<Promise, JsError> {
    with_online(crate::page::lobby_promise)
}

/// Sits at a room under a name; resolves once seated.
#[wasm_bindgen]
pub fn online_join(room: String, name: String) -> Result<Promise, JsError> {
    request(WaitFor::Seated, Event::Join { room, name })
}

/// Says a line in the room's chat (a player's, or a watcher's marked as one), or the lobby's outside
/// a room (under the name given there); resolves once the
/// server has kept it and sent it back, rejects with why it was refused
/// (empty, too long, too fast, or holding control or invisible characters).
#[wasm_bindgen]
pub fn online_chat(text: String) -> Result<Promise, JsError> {
    request(WaitFor::Chatted, Event::Chat { text, name: view::name_given() })
}

/// A one-time code that moves this identity to another browser:
/// `{ code, seconds }` (how long it lasts). Asking again replaces it.
#[wasm_bindgen]
pub fn online_transfer_code() -> Result<Promise, JsError> {
    request(WaitFor::Code, Event::TransferCode)
}

/// Becomes the player of a code from another browser: resolves to the
/// player's id once the server has said so (the page keeps its new token);
/// a wrong, used or expired code, or too many tries, rejects with why.
#[wasm_bindgen]
pub fn online_use_code(code: String) -> Result<Promise, JsError> {
    request(WaitFor::Welcomed, Event::Redeem(code))
}

/// The host starts the game; resolves once it is being played.
#[wasm_bindgen]
pub fn online_start() -> Result<Promise, JsError> {
    request(WaitFor::Started, Event::Start)
}

/// `{ table, picks, pending, said, link, formError, online: { room, player,
/// name (the name this page goes by), node, seat, status,
/// players: [{ name, score, wrong, connected, rtt }], seq, commitment, seed,
/// salt, nextRoom, mode, chat: [{ name, text, watching }], muted, spectators: [names],
/// lobby: online_lobby()'s value or null } }`.
#[wasm_bindgen]
pub fn state() -> Result<JsValue, JsError> {
    with_online(|online| view::state_object(online))
}

/// `[x, y, width, height]` of a card on the table in viewport CSS pixels,
/// or `null` when it is not on it.
#[wasm_bindgen]
pub fn card_rect(id: u32) -> Result<JsValue, JsError> {
    let id = u8::try_from(id).map_err(|_| JsError::new(&format!("card id {id} is out of range 0..=255")))?;
    let card = set_core::rules::deck::card_of_any_deck(id);
    with_online(|online| view::card_rect(online, card))
}

/// `[x, y, width, height]` of a table slot in viewport CSS pixels.
#[wasm_bindgen]
pub fn slot_rect(slot: u32) -> Result<JsValue, JsError> {
    with_online(|online| {
        // A slot face down (Memory) has its place too.
        let on_table = (slot as usize) < online.room.remote.view.table.len();
        if on_table { view::place_rect(online, Place::Table(slot as usize)) } else { JsValue::NULL }
    })
}
