//! The protocol as the page speaks it: the server's messages read with the
//! browser's own `JSON.parse`, field by field, into set-core's values
//! (serde would cost the download more than this whole part), and the
//! page's own messages written. The protocol is the server's
//! (`crates/set-server/src/proto.rs`; README, "Playing online"); a message
//! that does not read is passed over.

use js_sys::{Array, JSON, Reflect};
use set_core::online::protocol::VERSION;
use set_core::online::remote::{Answer, PlayerLine, RemoteEvent, Snapshot, TableView};
use set_core::online::room::EventKind;
use set_core::online::room::Status;
use set_core::rules::card::Card;
use set_core::rules::variant::Variant;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;

/// What the server said.
pub enum Incoming {
    Welcome { token: String },
    Created { room: String },
    Room { snapshot: Snapshot, moves: Vec<RemoteEvent> },
    Move { event: RemoteEvent, view: TableView, players: Vec<PlayerLine> },
    Result { id: u32, answer: Answer },
    Players(Vec<PlayerLine>),
    Rematch { room: String },
    Pong { c: f64 },
    Error { id: Option<u32>, message: String },
}

fn field(value: &JsValue, name: &str) -> JsValue {
    Reflect::get(value, &name.into()).unwrap_or(JsValue::UNDEFINED)
}

fn text(value: &JsValue, name: &str) -> Option<String> {
    field(value, name).as_string()
}

fn number(value: &JsValue, name: &str) -> Option<f64> {
    field(value, name).as_f64()
}

fn whole(value: &JsValue, name: &str) -> Option<u32> {
    number(value, name).filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= u32::MAX as f64).map(|n| n as u32)
}

fn cards(value: &JsValue) -> Option<Vec<Card>> {
    let array: &Array = value.dyn_ref()?;
    array.iter().map(|id| Card::new(id.as_f64()? as i64).ok()).collect()
}

fn view(value: &JsValue) -> Option<TableView> {
    let previous = match cards(&field(value, "previous")) {
        Some(p) if p.len() == 3 => Some([p[0], p[1], p[2]]),
        _ => None,
    };
    Some(TableView {
        table: cards(&field(value, "table"))?,
        previous,
        deck_left: whole(value, "deck_left")?,
        found: whole(value, "found")?,
        hinted: cards(&field(value, "hinted")).unwrap_or_default(),
        over: field(value, "over").as_bool().unwrap_or(false),
    })
}

fn players(value: &JsValue) -> Option<Vec<PlayerLine>> {
    let array: &Array = value.dyn_ref()?;
    array
        .iter()
        .map(|p| {
            Some(PlayerLine {
                name: text(&p, "name")?,
                score: whole(&p, "score")?,
                wrong: whole(&p, "wrong")?,
                connected: field(&p, "connected").as_bool()?,
                rtt: whole(&p, "rtt"),
            })
        })
        .collect()
}

fn event(value: &JsValue) -> Option<RemoteEvent> {
    let kind = EventKind::from_name(&text(value, "kind")?)?;
    Some(RemoteEvent {
        seq: whole(value, "seq")?,
        by: whole(value, "by")? as u8,
        kind,
        cards: cards(&field(value, "cards"))?,
    })
}

fn snapshot(value: &JsValue) -> Option<(Snapshot, Vec<RemoteEvent>)> {
    let mode = text(value, "mode")?;
    let variant = Variant::from_name(&mode, None).ok()?;
    let view_value = field(value, "view");
    let snapshot = Snapshot {
        room: text(value, "room")?,
        seat: whole(value, "seat").map(|s| s as u8),
        host: whole(value, "host")? as u8,
        status: Status::from_name(&text(value, "status")?)?,
        variant,
        hints: field(value, "hints").as_bool()?,
        seq: whole(value, "seq")?,
        view: if view_value.is_null() { None } else { Some(view(&view_value)?) },
        players: players(&field(value, "players"))?,
        commitment: text(value, "commitment")?,
        seed: text(value, "seed"),
        salt: text(value, "salt"),
        next_room: text(value, "next_room"),
    };
    let moves = field(value, "moves");
    let moves: Vec<RemoteEvent> =
        moves.dyn_ref::<Array>().map(|a| a.iter().filter_map(|m| event(&m)).collect()).unwrap_or_default();
    Some((snapshot, moves))
}

/// Reads one frame of the server's.
pub fn read(frame: &str) -> Option<Incoming> {
    let value = JSON::parse(frame).ok()?;
    Some(match text(&value, "t")?.as_str() {
        "welcome" => Incoming::Welcome { token: text(&value, "token")? },
        "created" => Incoming::Created { room: text(&value, "room")? },
        "room" => {
            let (snapshot, moves) = snapshot(&value)?;
            Incoming::Room { snapshot, moves }
        }
        "move" => Incoming::Move {
            event: event(&value)?,
            view: view(&field(&value, "view"))?,
            players: players(&field(&value, "players"))?,
        },
        "result" => {
            let answer = match text(&value, "verdict")?.as_str() {
                "accepted" => Answer::Accepted,
                "wrong" => Answer::Wrong { why: text(&value, "why").unwrap_or_default() },
                "taken" => Answer::Taken {
                    by: whole(&value, "by")? as u8,
                    card: Card::new(number(&value, "card")? as i64).ok()?,
                },
                _ => return None,
            };
            Incoming::Result { id: whole(&value, "id")?, answer }
        }
        "players" => Incoming::Players(players(&field(&value, "players"))?),
        "rematch" => Incoming::Rematch { room: text(&value, "room")? },
        "pong" => Incoming::Pong { c: number(&value, "c")? },
        "error" => Incoming::Error { id: whole(&value, "id"), message: text(&value, "message").unwrap_or_default() },
        _ => return None,
    })
}

/// A JSON string literal (names typed by the player go out through this).
pub fn quoted(text: &str) -> String {
    JSON::stringify(&JsValue::from_str(text)).ok().and_then(|s| s.as_string()).unwrap_or_else(|| "\"\"".to_owned())
}

pub const START: &str = r#"{"t":"start"}"#;
/// A hint asked for by a button, not the JS API: nobody waits on its id.
pub const HINT: &str = r#"{"t":"hint","id":0}"#;
pub const REMATCH: &str = r#"{"t":"rematch"}"#;

/// The first message on a connection: the protocol's version and who this is.
pub fn hello(token: Option<&str>) -> String {
    format!(r#"{{"t":"hello","v":{VERSION},"token":{}}}"#, token.map_or("null".to_owned(), quoted))
}

pub fn create(mode: &str, name: &str, hints: bool) -> String {
    format!(r#"{{"t":"create","mode":{},"hints":{hints},"name":{}}}"#, quoted(mode), quoted(name))
}

/// `c` is the page's clock, echoed back; `rtt` the last round trip measured.
pub fn ping(c: f64, rtt: Option<u32>) -> String {
    format!(r#"{{"t":"ping","c":{c},"rtt":{}}}"#, rtt.map_or("null".to_owned(), |ms| ms.to_string()))
}

pub fn claim(id: u32, cards: &[Card], seen: u32) -> String {
    let ids: Vec<String> = cards.iter().map(|c| c.id().to_string()).collect();
    format!(r#"{{"t":"claim","id":{id},"cards":[{}],"seen":{seen}}}"#, ids.join(","))
}

pub fn join(room: &str, name: Option<&str>, since: u32) -> String {
    let name = name.map_or("null".to_owned(), quoted);
    format!(r#"{{"t":"join","room":{},"name":{name},"since":{since}}}"#, quoted(room))
}
