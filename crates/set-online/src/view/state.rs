//! The page's state as the JavaScript API hands it out: `state()` and the
//! lobby's object, built from the model (docs/page.md, "online.html").

use crate::state::Online;
use js_sys::{Array, Object, Reflect};
use set_canvas::board::looks;
use set_core::rules::card::Card;
use set_core::rules::variant::Variant;
use wasm_bindgen::prelude::*;

fn put(object: &Object, name: &str, value: JsValue) {
    let _ = Reflect::set(object, &name.into(), &value);
}

fn ids(cards: &[Card]) -> JsValue {
    cards.iter().map(|c| JsValue::from(c.id())).collect::<Array>().into()
}

fn text_or_null(text: Option<&str>) -> JsValue {
    text.map_or(JsValue::NULL, JsValue::from_str)
}

fn texts(list: &[String]) -> JsValue {
    list.iter().map(|text| JsValue::from_str(text)).collect::<Array>().into()
}

/// `{ rooms: [{ room, mode, hints, status, players: [names], watchers }], online, people }`.
pub(crate) fn lobby_object(online: &Online) -> JsValue {
    let lobby = Object::new();
    let Some(known) = &online.lobby.shown else { return lobby.into() };
    let rooms = Array::new();
    for r in &known.rooms {
        let room = Object::new();
        put(&room, "room", r.room.as_str().into());
        put(&room, "mode", r.mode.name().into());
        put(&room, "hints", r.hints.into());
        put(&room, "calls", r.dealing.is_called().into());
        put(&room, "rated", r.rated.into());
        put(&room, "status", r.status.name().into());
        put(&room, "players", texts(&r.players));
        put(&room, "watchers", r.watchers.into());
        rooms.push(&room);
    }
    put(&lobby, "rooms", rooms.into());
    put(&lobby, "online", known.online.online.into());
    put(&lobby, "people", texts(&known.people));
    put(&lobby, "outOfDate", known.online.out_of_date.into());
    lobby.into()
}

pub(crate) fn state_object(online: &Online) -> JsValue {
    let remote = &online.room.remote;
    let players = Array::new();
    for (seat, p) in remote.players.iter().enumerate() {
        let player = Object::new();
        let result = online.room.results.iter().find(|r| usize::from(r.seat) == seat);
        let rating = result.map_or(JsValue::NULL, |r| {
            let change = Object::new();
            put(&change, "before", JsValue::from(r.before as f64));
            put(&change, "after", JsValue::from(r.after as f64));
            put(&change, "provisional", r.provisional.into());
            change.into()
        });
        put(&player, "rating", rating);
        put(&player, "name", p.name.as_str().into());
        put(&player, "score", p.score.into());
        put(&player, "wrong", p.wrong.into());
        put(&player, "connected", p.connected.into());
        put(&player, "rtt", p.rtt.map_or(JsValue::NULL, JsValue::from));
        players.push(&player);
    }
    let room = Object::new();
    put(&room, "room", remote.room.as_str().into());
    put(&room, "player", text_or_null(online.identity.player.as_deref()));
    put(&room, "name", online.identity.name.as_str().into());
    put(&room, "node", JsValue::from_str(&online.connection.node));
    put(&room, "rated", online.room.rated.into());
    put(&room, "seat", remote.seat.map_or(JsValue::NULL, JsValue::from));
    put(&room, "status", remote.status.name().into());
    put(&room, "players", players.into());
    put(&room, "seq", remote.seq.into());
    put(&room, "commitment", remote.commitment.as_str().into());
    put(&room, "seed", text_or_null(remote.seed.as_deref()));
    put(&room, "salt", text_or_null(remote.salt.as_deref()));
    put(&room, "dealMatches", crate::deal::matches(remote).map_or(JsValue::NULL, JsValue::from));
    put(&room, "nextRoom", text_or_null(remote.next_room.as_deref()));
    put(&room, "mode", remote.variant.map_or(JsValue::NULL, |v| v.name().into()));
    put(&room, "calls", remote.dealing.is_called().into());
    let spectators: Array = online.room.watchers.iter().map(|name| JsValue::from_str(name)).collect();
    put(&room, "spectators", spectators.into());
    put(&room, "lobby", if online.lobby.shown.is_some() { lobby_object(online) } else { JsValue::NULL });
    let chat = Array::new();
    for line in &online.chat {
        let said = Object::new();
        put(&said, "name", line.name.as_str().into());
        put(&said, "text", line.text.as_str().into());
        put(&said, "watching", line.watching.into());
        chat.push(&said);
    }
    put(&room, "chat", chat.into());
    let elapsed = online.room.log.elapsed_ms(crate::state::now());
    put(&room, "elapsedMs", elapsed.map_or(JsValue::NULL, |ms| JsValue::from(ms as f64)));
    let log = Array::new();
    for set in online.room.log.sets() {
        let entry = Object::new();
        let name = remote.players.get(usize::from(set.seat)).map_or("", |p| p.name.as_str());
        put(&entry, "name", name.into());
        let cards: Array = set.cards.iter().map(|&id| JsValue::from(id)).collect();
        put(&entry, "cards", cards.into());
        put(&entry, "atMs", JsValue::from(set.at_ms as f64));
        log.push(&entry);
    }
    put(&room, "log", log.into());
    let muted: Array = online.muted.iter().map(|name| JsValue::from_str(name)).collect();
    put(&room, "muted", muted.into());
    let state = Object::new();
    put(&state, "online", room.into());
    put(&state, "animating", online.feel.animating(crate::state::now()).into());
    let settings = looks().settings();
    let sound = Object::new();
    put(&sound, "on", settings.sound.into());
    put(&sound, "volume", JsValue::from(f64::from(settings.volume) / 100.0));
    put(&state, "sound", sound.into());
    // A card face down (Memory) is `null`: the page is not sent it.
    let table: Array = remote.view.table.iter().map(|slot| slot.map_or(JsValue::NULL, |c| c.id().into())).collect();
    put(&state, "table", table.into());
    if remote.face_down() {
        put(&state, "turn", remote.view.turn.map_or(JsValue::NULL, JsValue::from));
        put(&state, "turnEndsMs", remote.view.turn_ends_ms.map_or(JsValue::NULL, |ms| JsValue::from(ms as f64)));
        let turned: Array = remote.turned.iter().map(|&slot| JsValue::from(slot)).collect();
        put(&state, "turned", turned.into());
    }
    put(&state, "previous", remote.view.previous.as_ref().map_or(JsValue::NULL, |p| ids(p)));
    if remote.variant.is_some_and(Variant::is_puzzle) {
        let found: Array = remote.view.found_on_table.iter().map(|claim| ids(claim)).collect();
        put(&state, "found", found.into());
    }
    put(&state, "deckLeft", remote.view.deck_left.into());
    put(&state, "picks", ids(&remote.picks));
    put(&state, "pending", remote.pending.as_ref().map_or(JsValue::NULL, |p| ids(&p.cards)));
    put(&state, "said", remote.said.as_str().into());
    put(&state, "link", online.connection.link.name().into());
    let form_error = match &online.lobby.form_error {
        Some(set_client::online::FormError::Name { message, .. } | set_client::online::FormError::Form(message)) => {
            JsValue::from_str(message)
        }
        None => JsValue::NULL,
    };
    put(&state, "formError", form_error);
    state.into()
}
