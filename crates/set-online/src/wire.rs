//! The protocol as the page speaks it: the server's frames read into
//! set-protocol's own types by its serde-free reader
//! (`set_protocol::read`) over the browser's `JSON.parse`, and the page's
//! own frames written. The contract test (tests/contract.rs) holds both to
//! the protocol's serde derives: every frame the server writes reads here to
//! the same value, and every frame written here parses as the `ClientMsg`
//! the page meant. A message that does not read is passed over.

use set_core::rules::card::Card;
use set_protocol::VERSION;

/// Who said a line of chat: a seat of the room, or a player in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Speaker {
    Seat(u8),
    Player(String),
}

/// A line of chat as the page keeps it, the room's and the lobby's alike:
/// who said it and what, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    pub by: Speaker,
    pub name: String,
    pub text: String,
}

impl From<set_protocol::ChatMsg> for ChatLine {
    fn from(line: set_protocol::ChatMsg) -> ChatLine {
        ChatLine { by: Speaker::Seat(line.seat), name: line.name, text: line.text }
    }
}

impl From<set_protocol::LobbyChatMsg> for ChatLine {
    fn from(line: set_protocol::LobbyChatMsg) -> ChatLine {
        ChatLine { by: Speaker::Player(line.player), name: line.name, text: line.text }
    }
}

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
        fn keys(&self) -> Option<Vec<String>> {
            let object = self.0.dyn_ref::<Object>().filter(|_| !Array::is_array(&self.0))?;
            Object::keys(object).iter().map(|key| key.as_string()).collect()
        }
    }
}

#[cfg(target_arch = "wasm32")]
pub(crate) use browser::Js;

/// A JSON string literal (names typed by the player go out through this).
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 15] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub const START: &str = r#"{"t":"start"}"#;
/// A hint asked for by a button, not the JS API: nobody waits on its id.
pub const HINT: &str = r#"{"t":"hint","id":0}"#;
pub const REMATCH: &str = r#"{"t":"rematch"}"#;

/// The first message on a connection: the protocol's version and who this is.
pub fn hello(token: Option<&str>) -> String {
    format!(r#"{{"t":"hello","v":{VERSION},"token":{}}}"#, token.map_or("null".to_owned(), quoted))
}

pub fn create(mode: &str, name: &str, hints: bool, public: bool, bots: &[&str]) -> String {
    format!(
        r#"{{"t":"create","mode":{},"hints":{hints},"name":{},"public":{public},"bots":{}}}"#,
        quoted(mode),
        quoted(name),
        levels(bots)
    )
}

/// A list of computer opponents' levels.
fn levels(bots: &[&str]) -> String {
    let quoted: Vec<String> = bots.iter().map(|level| quoted(level)).collect();
    format!("[{}]", quoted.join(","))
}

/// The host sets the waiting room's computer opponents.
pub fn bots(bots: &[&str]) -> String {
    format!(r#"{{"t":"bots","bots":{}}}"#, levels(bots))
}

/// Watch the lobby, under a name or none.
pub fn lobby(name: Option<&str>) -> String {
    format!(r#"{{"t":"lobby","name":{}}}"#, name.map_or("null".to_owned(), quoted))
}

/// Ask for a one-time code that moves this identity to another browser.
pub const TRANSFER_CODE: &str = r#"{"t":"transfer_code"}"#;

/// Become the player of a code from another browser.
pub fn redeem(code: &str) -> String {
    format!(r#"{{"t":"redeem","code":{}}}"#, quoted(code))
}

/// The host takes a seat away before the start.
pub fn remove(seat: u8) -> String {
    format!(r#"{{"t":"remove","seat":{seat}}}"#)
}

pub fn quick_play(mode: &str, name: &str) -> String {
    format!(r#"{{"t":"quick_play","mode":{},"name":{}}}"#, quoted(mode), quoted(name))
}

/// `c` is the page's clock (to a tenth of a ms), echoed back; `rtt` the
/// last round trip measured.
pub fn ping(c: f64, rtt: Option<u32>) -> String {
    format!(r#"{{"t":"ping","c":{},"rtt":{}}}"#, tenths(c), rtt.map_or("null".to_owned(), |ms| ms.to_string()))
}

/// A number to one decimal place, written with integer formatting only:
/// the page then links none of the standard library's float formatting
/// (BENCHMARKS.md, decisions).
pub fn tenths(x: f64) -> String {
    let tenths = (x * 10.0).round() as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    format!("{sign}{}.{}", tenths.unsigned_abs() / 10, tenths.unsigned_abs() % 10)
}

pub fn claim(id: u32, cards: &[Card], seen: u32) -> String {
    let ids: Vec<String> = cards.iter().map(|c| c.id().to_string()).collect();
    format!(r#"{{"t":"claim","id":{id},"cards":[{}],"seen":{seen}}}"#, ids.join(","))
}

/// A line of chat to the room (or to the lobby, outside one).
pub fn chat(text: &str) -> String {
    format!(r#"{{"t":"chat","text":{}}}"#, quoted(text))
}

/// How every frame [`join`] writes begins, to find one among those queued.
pub const JOIN_START: &str = r#"{"t":"join","#;

pub fn join(room: &str, name: Option<&str>, since: u32) -> String {
    let name = name.map_or("null".to_owned(), quoted);
    format!(r#"{JOIN_START}"room":{},"name":{name},"since":{since}}}"#, quoted(room))
}
