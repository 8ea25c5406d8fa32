//! The protocol as the page speaks it: the server's frames read into
//! set-protocol's own types by its serde-free reader
//! (`set_protocol::read`) over the browser's `JSON.parse`, and the page's
//! frames made as the protocol's `ClientMsg` and written by its one writer
//! (`set_protocol::write`). The contract test (tests/contract.rs) holds both to
//! the protocol's serde derives: every frame the server writes reads here to
//! the same value, and every frame written here parses as the `ClientMsg`
//! the page meant. A message that does not read is passed over.

use set_core::rules::card::Card;
use set_protocol::ClientMsg;

#[cfg(target_arch = "wasm32")]
mod browser {
    use js_sys::{Array, Object, Reflect};
    use set_protocol::read::Json;
    use wasm_bindgen::{JsCast, JsValue};

    /// The browser's parsed JSON, as the protocol's reader reads it.
    pub(crate) struct Js(pub(crate) JsValue);

    impl Json for Js {
        fn field(&self, name: &str) -> Js {
            Js(Reflect::get(&self.0, &name.into()).unwrap_or(JsValue::UNDEFINED))
        }
        fn text(&self) -> Option<String> {
            self.0.as_string()
        }
        fn number(&self) -> Option<f64> {
            self.0.as_f64()
        }
        fn flag(&self) -> Option<bool> {
            self.0.as_bool()
        }
        fn is_null(&self) -> bool {
            self.0.is_null()
        }
        fn items(&self) -> Option<Vec<Js>> {
            Some(self.0.dyn_ref::<Array>()?.iter().map(Js).collect())
        }
        fn is_missing(&self) -> bool {
            self.0.is_undefined()
        }
        fn keys(&self) -> Option<Vec<String>> {
            let object = self.0.dyn_ref::<Object>().filter(|_| !Array::is_array(&self.0))?;
            Object::keys(object).iter().map(|key| key.as_string()).collect()
        }
    }
}

#[cfg(target_arch = "wasm32")]
pub(crate) use browser::Js;

// The page's frames, as the protocol's messages: the socket writes them
// with the protocol's one writer as they go.

pub use set_protocol::write::tenths;

/// The host starts the game.
pub fn start() -> ClientMsg {
    ClientMsg::Start
}

/// A hint asked for by a button, not the JS API: nobody waits on its id.
pub fn hint() -> ClientMsg {
    ClientMsg::Hint { id: 0 }
}

/// Offer (or accept) another game with the same players.
pub fn rematch() -> ClientMsg {
    ClientMsg::Rematch
}

/// The first message on a connection: the protocol's version and who this is.
pub fn hello(token: Option<&str>) -> ClientMsg {
    set_protocol::write::hello(token)
}

fn owned(items: &[&str]) -> Vec<String> {
    items.iter().map(|&item| item.to_owned()).collect()
}

/// Make a room: its way to play, the host's name, hints, listed or not, and bots.
pub fn create(mode: &str, name: &str, hints: bool, public: bool, bots: &[&str]) -> ClientMsg {
    ClientMsg::Create { mode: mode.to_owned(), hints, name: name.to_owned(), public, bots: owned(bots) }
}

/// The host sets the waiting room's computer opponents.
pub fn bots(bots: &[&str]) -> ClientMsg {
    ClientMsg::Bots { bots: owned(bots) }
}

/// Watch the lobby, under a name or none.
pub fn lobby(name: Option<&str>) -> ClientMsg {
    ClientMsg::Lobby { name: name.map(str::to_owned) }
}

/// Ask for a one-time code that moves this identity to another browser.
pub fn transfer_code() -> ClientMsg {
    ClientMsg::TransferCode
}

/// Become the player of a code from another browser.
pub fn redeem(code: &str) -> ClientMsg {
    ClientMsg::Redeem { code: code.to_owned() }
}

/// The host takes a seat away before the start.
pub fn remove(seat: u8) -> ClientMsg {
    ClientMsg::Remove { seat }
}

/// Quick play of a way to play, under a name.
pub fn quick_play(mode: &str, name: &str) -> ClientMsg {
    ClientMsg::QuickPlay { mode: mode.to_owned(), name: name.to_owned() }
}

/// `c` is the page's clock (to a tenth of a ms), echoed back; `rtt` the
/// last round trip measured.
pub fn ping(c: f64, rtt: Option<u32>) -> ClientMsg {
    ClientMsg::Ping { c, rtt }
}

/// A claim of these cards, numbered `id`, seen after event `seen`.
pub fn claim(id: u32, cards: &[Card], seen: u32) -> ClientMsg {
    ClientMsg::Claim { id, cards: cards.iter().map(|card| i64::from(card.id())).collect(), seen }
}

/// A line of chat to the room (or to the lobby, outside one).
pub fn chat(text: &str) -> ClientMsg {
    ClientMsg::Chat { text: text.to_owned() }
}

/// Sit at (or watch) a room, and the events after `since`.
pub fn join(room: &str, name: Option<&str>, since: u32) -> ClientMsg {
    ClientMsg::Join { room: room.to_owned(), name: name.map(str::to_owned), since: Some(since) }
}
