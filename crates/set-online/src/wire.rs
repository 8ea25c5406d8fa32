//! The protocol as the page speaks it: the server's frames read field by
//! field into set-core's values, and the page's own frames written. The
//! protocol is defined once, in crates/set-protocol; the page does not link
//! its serde types (serde would cost the download more than this whole
//! reader) but reads with the browser's own `JSON.parse` through [`Json`].
//! The contract test (tests/contract.rs) reads frames written by the
//! protocol's types through the same reader, natively, and parses every
//! frame written here as the protocol's `ClientMsg`. A message that does not
//! read is passed over.

use set_client::remote::{Answer, PlayerLine, RemoteEvent, Snapshot, TableView};
use set_core::online::room::EventKind;
use set_core::online::room::Status;
use set_core::rules::card::Card;
use set_core::rules::variant::Variant;
use set_protocol::VERSION;

/// Who said a line of chat: a seat of the room, or a player in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Speaker {
    Seat(u8),
    Player(String),
}

/// A line of chat: who said it and what, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    pub by: Speaker,
    pub name: String,
    pub text: String,
}

/// A public room as the lobby lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct LobbyRoom {
    pub room: String,
    pub variant: Variant,
    pub hints: bool,
    pub rated: bool,
    pub status: Status,
    pub players: Vec<String>,
    pub watchers: u32,
    /// When it was made, Unix ms.
    pub created_at: f64,
}

/// Who is online: everyone connected, and the names of those in the lobby.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Online {
    pub count: u32,
    pub people: Vec<String>,
    /// The server cannot hear the rest of its cluster: rooms and people may be missing.
    pub out_of_date: bool,
}

/// The lobby as this page knows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lobby {
    pub rooms: Vec<LobbyRoom>,
    pub online: Online,
    pub chat: Vec<ChatLine>,
}

/// One seat's result of a rated game: its place and rating before and after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatResult {
    pub seat: u8,
    pub place: u32,
    pub before: i64,
    pub after: i64,
    pub provisional: bool,
}

/// A line of a leaderboard (the HTTP API's, `set_protocol::api::LeaderMsg`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLine {
    pub player: String,
    pub name: String,
    pub rating: i64,
    pub games: u32,
    pub provisional: bool,
}

/// A rated game of a profile's (`set_protocol::api::RecentGameMsg`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecentGame {
    pub room: String,
    pub mode: String,
    pub place: u32,
    pub players: u32,
    pub sets: u32,
    pub before: i64,
    pub after: i64,
    /// How long the game took, ms.
    pub ms: u32,
}

/// A way to play's game lengths on a profile (`set_protocol::api::TimesMsg`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Times {
    pub games: u32,
    pub fastest_win_ms: Option<u32>,
    pub median_ms: u32,
}

/// A player's profile (`set_protocol::api::ProfileMsg`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    pub player: String,
    pub name: String,
    /// Rating by way to play, in the order the server lists them.
    pub ratings: Vec<(String, i64)>,
    pub games: u32,
    pub wins: u32,
    pub sets: u32,
    /// Game lengths by way to play, in the order the server lists them.
    pub times: Vec<(String, Times)>,
    pub recent: Vec<RecentGame>,
}

/// A leaderboard as the HTTP API answers it; lines that do not read are passed over.
pub fn leaderboard<V: Json>(value: &V) -> Vec<BoardLine> {
    let line = |v: &V| {
        Some(BoardLine {
            player: text(v, "player")?,
            name: text(v, "name")?,
            rating: signed(v, "rating")?,
            games: whole(v, "games")?,
            provisional: v.field("provisional").flag()?,
        })
    };
    value.items().map(|lines| lines.iter().filter_map(line).collect()).unwrap_or_default()
}

/// A profile as the HTTP API answers it.
pub fn profile<V: Json>(value: &V) -> Option<Profile> {
    const MODES: [&str; 4] = ["chain", "classic", "junior", "ultra"];
    let game = |v: &V| {
        Some(RecentGame {
            room: text(v, "room")?,
            mode: text(v, "mode")?,
            place: whole(v, "place")?,
            players: whole(v, "players")?,
            sets: whole(v, "sets")?,
            before: signed(v, "before")?,
            after: signed(v, "after")?,
            ms: whole(v, "ms")?,
        })
    };
    let ratings_value = value.field("ratings");
    let ratings = MODES.iter().filter_map(|&mode| Some((mode.to_owned(), signed(&ratings_value, mode)?))).collect();
    let times_value = value.field("times");
    let times = MODES
        .iter()
        .filter_map(|&mode| {
            let of_mode = times_value.field(mode);
            let fastest = of_mode.field("fastest_win_ms");
            let times = Times {
                games: whole(&of_mode, "games")?,
                fastest_win_ms: if fastest.is_null() { None } else { Some(whole(&of_mode, "fastest_win_ms")?) },
                median_ms: whole(&of_mode, "median_ms")?,
            };
            Some((mode.to_owned(), times))
        })
        .collect();
    Some(Profile {
        player: text(value, "player")?,
        name: text(value, "name")?,
        ratings,
        games: whole(value, "games")?,
        wins: whole(value, "wins")?,
        sets: whole(value, "sets")?,
        times,
        recent: value.field("recent").items()?.iter().filter_map(game).collect(),
    })
}

/// What the server said.
// One frame at a time is read and at once applied: the size of the largest
// (a room's snapshot) costs nothing kept, where a box would cost bytes.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, PartialEq)]
pub enum Incoming {
    Welcome {
        player: String,
        token: String,
        node: String,
    },
    Created {
        room: String,
    },
    Found {
        room: String,
    },
    Room {
        snapshot: Snapshot,
        moves: Vec<RemoteEvent>,
        chat: Vec<ChatLine>,
        watchers: Vec<String>,
        rated: bool,
        results: Vec<SeatResult>,
    },
    Chat(ChatLine),
    Move {
        event: RemoteEvent,
        view: TableView,
        players: Vec<PlayerLine>,
    },
    Result {
        id: u32,
        answer: Answer,
    },
    Players {
        players: Vec<PlayerLine>,
        watchers: Vec<String>,
    },
    Rematch {
        room: String,
    },
    Pong {
        c: f64,
    },
    Lobby(Lobby),
    LobbyChanges {
        rooms: Vec<LobbyRoom>,
        gone: Vec<String>,
    },
    Online(Online),
    LobbyChat(ChatLine),
    /// A one-time code for this identity, and how long it lasts.
    TransferCode {
        code: String,
        seconds: u32,
    },
    Error {
        id: Option<u32>,
        message: String,
    },
}

/// A parsed JSON value, as the reader needs it: the browser's in the page,
/// serde_json's in the contract test. A missing field reads as nothing.
pub trait Json: Sized {
    fn field(&self, name: &str) -> Self;
    fn text(&self) -> Option<String>;
    fn number(&self) -> Option<f64>;
    fn flag(&self) -> Option<bool>;
    fn is_null(&self) -> bool;
    fn items(&self) -> Option<Vec<Self>>;
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use js_sys::{Array, Reflect};
    use wasm_bindgen::{JsCast, JsValue};

    impl super::Json for JsValue {
        fn field(&self, name: &str) -> JsValue {
            Reflect::get(self, &name.into()).unwrap_or(JsValue::UNDEFINED)
        }
        fn text(&self) -> Option<String> {
            self.as_string()
        }
        fn number(&self) -> Option<f64> {
            self.as_f64()
        }
        fn flag(&self) -> Option<bool> {
            self.as_bool()
        }
        fn is_null(&self) -> bool {
            JsValue::is_null(self)
        }
        fn items(&self) -> Option<Vec<JsValue>> {
            Some(self.dyn_ref::<Array>()?.iter().collect())
        }
    }

    /// Reads one frame of the server's.
    pub fn read(frame: &str) -> Option<super::Incoming> {
        super::read_value(&js_sys::JSON::parse(frame).ok()?)
    }
}

#[cfg(target_arch = "wasm32")]
pub use browser::read;

fn text<V: Json>(value: &V, name: &str) -> Option<String> {
    value.field(name).text()
}

fn number<V: Json>(value: &V, name: &str) -> Option<f64> {
    value.field(name).number()
}

fn whole<V: Json>(value: &V, name: &str) -> Option<u32> {
    number(value, name).filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(u32::MAX)).map(|n| n as u32)
}

fn cards<V: Json>(value: &V) -> Option<Vec<Card>> {
    value.items()?.iter().map(|id| Card::new(id.number()? as i64).ok()).collect()
}

fn view<V: Json>(value: &V) -> Option<TableView> {
    let previous = match cards(&value.field("previous")) {
        Some(p) if p.len() == 3 => Some([p[0], p[1], p[2]]),
        _ => None,
    };
    Some(TableView {
        table: cards(&value.field("table"))?,
        previous,
        deck_left: whole(value, "deck_left")?,
        found: whole(value, "found")?,
        hinted: cards(&value.field("hinted")).unwrap_or_default(),
        over: value.field("over").flag().unwrap_or(false),
    })
}

fn players<V: Json>(value: &V) -> Option<Vec<PlayerLine>> {
    value
        .items()?
        .iter()
        .map(|p| {
            Some(PlayerLine {
                name: text(p, "name")?,
                score: whole(p, "score")?,
                wrong: whole(p, "wrong")?,
                connected: p.field("connected").flag()?,
                rtt: whole(p, "rtt"),
            })
        })
        .collect()
}

fn event<V: Json>(value: &V) -> Option<RemoteEvent> {
    let kind = EventKind::from_name(&text(value, "kind")?)?;
    Some(RemoteEvent {
        seq: whole(value, "seq")?,
        by: whole(value, "by")? as u8,
        kind,
        cards: cards(&value.field("cards"))?,
    })
}

fn chat_line<V: Json>(value: &V) -> Option<ChatLine> {
    let by = match text(value, "player") {
        Some(player) => Speaker::Player(player),
        None => Speaker::Seat(whole(value, "seat")? as u8),
    };
    Some(ChatLine { by, name: text(value, "name")?, text: text(value, "text")? })
}

/// A list of lines of chat; those that do not read are passed over.
fn chat_lines<V: Json>(value: &V) -> Vec<ChatLine> {
    value.items().map(|a| a.iter().filter_map(chat_line).collect()).unwrap_or_default()
}

fn texts<V: Json>(value: &V) -> Option<Vec<String>> {
    value.items()?.iter().map(Json::text).collect()
}

fn lobby_room<V: Json>(value: &V) -> Option<LobbyRoom> {
    Some(LobbyRoom {
        room: text(value, "room")?,
        variant: Variant::from_name(&text(value, "mode")?, None).ok()?,
        hints: value.field("hints").flag()?,
        rated: value.field("rated").flag().unwrap_or(false),
        status: Status::from_name(&text(value, "status")?)?,
        players: texts(&value.field("players"))?,
        watchers: whole(value, "watchers")?,
        created_at: number(value, "created_at")?,
    })
}

/// A signed whole number (a rating).
fn signed<V: Json>(value: &V, name: &str) -> Option<i64> {
    number(value, name).filter(|n| n.fract() == 0.0 && n.abs() < 1e15).map(|n| n as i64)
}

fn seat_result<V: Json>(value: &V) -> Option<SeatResult> {
    Some(SeatResult {
        seat: whole(value, "seat")? as u8,
        place: whole(value, "place")?,
        before: signed(value, "before")?,
        after: signed(value, "after")?,
        provisional: value.field("provisional").flag()?,
    })
}

fn online<V: Json>(value: &V) -> Option<Online> {
    Some(Online {
        count: whole(value, "online")?,
        people: texts(&value.field("people"))?,
        // (A server from before clusters does not send it: up to date.)
        out_of_date: value.field("out_of_date").flag().unwrap_or(false),
    })
}

fn snapshot<V: Json>(value: &V) -> Option<(Snapshot, Vec<RemoteEvent>)> {
    let mode = text(value, "mode")?;
    let variant = Variant::from_name(&mode, None).ok()?;
    let view_value = value.field("view");
    let snapshot = Snapshot {
        room: text(value, "room")?,
        seat: whole(value, "seat").map(|s| s as u8),
        host: whole(value, "host")? as u8,
        status: Status::from_name(&text(value, "status")?)?,
        variant,
        hints: value.field("hints").flag()?,
        seq: whole(value, "seq")?,
        view: if view_value.is_null() { None } else { Some(view(&view_value)?) },
        players: players(&value.field("players"))?,
        commitment: text(value, "commitment")?,
        seed: text(value, "seed"),
        salt: text(value, "salt"),
        next_room: text(value, "next_room"),
    };
    let moves = value.field("moves").items().map(|a| a.iter().filter_map(event).collect()).unwrap_or_default();
    Some((snapshot, moves))
}

/// Reads one parsed frame of the server's.
pub fn read_value<V: Json>(value: &V) -> Option<Incoming> {
    Some(match text(value, "t")?.as_str() {
        "welcome" => Incoming::Welcome {
            player: text(value, "player")?,
            token: text(value, "token")?,
            node: text(value, "node").unwrap_or_default(),
        },
        "created" => Incoming::Created { room: text(value, "room")? },
        "found" => Incoming::Found { room: text(value, "room")? },
        "room" => {
            let (snapshot, moves) = snapshot(value)?;
            let watchers = texts(&value.field("watchers")).unwrap_or_default();
            let rated = value.field("rated").flag().unwrap_or(false);
            let results = value.field("results").items().map(|a| a.iter().filter_map(seat_result).collect());
            let results = results.unwrap_or_default();
            Incoming::Room { snapshot, moves, chat: chat_lines(&value.field("chat")), watchers, rated, results }
        }
        "chat" => Incoming::Chat(chat_line(value)?),
        "move" => Incoming::Move {
            event: event(value)?,
            view: view(&value.field("view"))?,
            players: players(&value.field("players"))?,
        },
        "result" => {
            let answer = match text(value, "verdict")?.as_str() {
                "accepted" => Answer::Accepted,
                "wrong" => Answer::Wrong { why: text(value, "why").unwrap_or_default() },
                "taken" => Answer::Taken {
                    by: whole(value, "by")? as u8,
                    card: Card::new(number(value, "card")? as i64).ok()?,
                },
                _ => return None,
            };
            Incoming::Result { id: whole(value, "id")?, answer }
        }
        "players" => Incoming::Players {
            players: players(&value.field("players"))?,
            watchers: texts(&value.field("watchers")).unwrap_or_default(),
        },
        "lobby" => Incoming::Lobby(Lobby {
            rooms: value.field("rooms").items()?.iter().filter_map(lobby_room).collect(),
            online: online(value)?,
            chat: chat_lines(&value.field("chat")),
        }),
        "lobby_changes" => Incoming::LobbyChanges {
            rooms: value.field("rooms").items()?.iter().filter_map(lobby_room).collect(),
            gone: texts(&value.field("gone"))?,
        },
        "online" => Incoming::Online(online(value)?),
        "lobby_chat" => Incoming::LobbyChat(chat_line(value)?),
        "transfer_code" => Incoming::TransferCode { code: text(value, "code")?, seconds: whole(value, "seconds")? },
        "rematch" => Incoming::Rematch { room: text(value, "room")? },
        "pong" => Incoming::Pong { c: number(value, "c")? },
        "error" => Incoming::Error { id: whole(value, "id"), message: text(value, "message").unwrap_or_default() },
        _ => return None,
    })
}

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
