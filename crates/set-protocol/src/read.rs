//! The server's frames and the HTTP API's answers read without serde, into
//! this crate's own types, from any parsed JSON value that offers [`Json`]:
//! the browser's `JSON.parse` in the room page (where serde would cost the
//! download more than this whole reader: BENCHMARKS.md), serde_json's in the
//! contract test, which holds this reader to the serde derives it mirrors.
//!
//! A frame that does not read is `None`, and the page passes over it; in a
//! list of lobby rooms, chat lines, moves or results, an item that does not
//! read is passed over and the rest are kept.

use crate::api::{LeaderMsg, PlayedGameMsg, ProfileMsg, RecentGameMsg, TimesMsg, WayMsg};
use crate::client::ClientKind;
use crate::server::{
    ChatMsg, ErrorCode, LobbyChatMsg, LobbyMsg, LobbyRoomMsg, MoveMsg, OnlineMsg, PlayerMsg, ResultMsg, RoomMsg,
    ServerMsg, UnratedMsg, Verdict, ViewMsg,
};
use set_core::online::room::{EventKind, Status};
use set_core::rules::card::Card;
use set_core::rules::variant::{Dealing, Variant};
use std::collections::BTreeMap;

/// serde_json's value, seen through the reader: how the contract test and
/// the fuzz targets read, where the page reads the browser's values.
pub struct Parsed(pub serde_json::Value);

impl Json for Parsed {
    fn field(&self, name: &str) -> Parsed {
        Parsed(self.0.get(name).cloned().unwrap_or(serde_json::Value::Null))
    }
    fn text(&self) -> Option<String> {
        self.0.as_str().map(str::to_owned)
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
    fn items(&self) -> Option<Vec<Parsed>> {
        Some(self.0.as_array()?.iter().cloned().map(Parsed).collect())
    }
    fn is_missing(&self) -> bool {
        false // serde_json reads a missing field as null
    }
    fn keys(&self) -> Option<Vec<String>> {
        Some(self.0.as_object()?.keys().cloned().collect())
    }
}

/// A parsed JSON value, as the reader needs it. A missing field reads as
/// nothing (a value for which every accessor answers `None`).
pub trait Json: Sized {
    /// The value of an object's field; a missing one reads as nothing.
    fn field(&self, name: &str) -> Self;
    /// The value as text, if it is text.
    fn text(&self) -> Option<String>;
    /// The value as a number, if it is a number.
    fn number(&self) -> Option<f64>;
    /// The value as a flag, if it is true or false.
    fn flag(&self) -> Option<bool>;
    /// Whether the value is null.
    fn is_null(&self) -> bool;
    /// A list's items, if it is a list.
    fn items(&self) -> Option<Vec<Self>>;
    /// Whether the value is not there at all (a missing field), where the
    /// parser tells that apart from null.
    fn is_missing(&self) -> bool;
    /// An object's keys, in the order the value keeps them.
    fn keys(&self) -> Option<Vec<String>>;
}

fn text<V: Json>(value: &V, name: &str) -> Option<String> {
    value.field(name).text()
}

fn flag<V: Json>(value: &V, name: &str) -> Option<bool> {
    value.field(name).flag()
}

/// A flag that an older server may not send: false without it.
fn flag_or_false<V: Json>(value: &V, name: &str) -> bool {
    flag(value, name).unwrap_or(false)
}

/// A room's dealing: by itself when not sent (an older server), `None`
/// for a name that is none of the core's (the frame does not read).
fn dealing<V: Json>(value: &V) -> Option<Dealing> {
    let field = value.field("dealing");
    if field.is_null() || field.is_missing() {
        return Some(Dealing::Automatic);
    }
    Dealing::from_name(&field.text()?)
}

fn number<V: Json>(value: &V, name: &str) -> Option<f64> {
    value.field(name).number()
}

/// A whole number that fits `T` (a count, a seat, an id, ms).
fn whole<V: Json, T: TryFrom<u64>>(value: &V, name: &str) -> Option<T> {
    whole_value(&value.field(name))
}

/// A value that is a whole number, as `T`.
fn whole_value<V: Json, T: TryFrom<u64>>(value: &V) -> Option<T> {
    let n = value.number()?;
    if n.fract() != 0.0 || !(0.0..=9_007_199_254_740_991.0).contains(&n) {
        return None;
    }
    T::try_from(n as u64).ok()
}

/// A signed whole number (a rating, a Unix time).
fn signed<V: Json>(value: &V, name: &str) -> Option<i64> {
    signed_value(&value.field(name))
}

/// A value that is a signed whole number.
fn signed_value<V: Json>(value: &V) -> Option<i64> {
    value.number().filter(|n| n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0).map(|n| n as i64)
}

/// An object's fields by name, each read by `read`; none if one does not read.
fn keyed<V: Json, T>(value: &V, read: impl Fn(&V) -> Option<T>) -> Option<BTreeMap<String, T>> {
    value.keys()?.into_iter().map(|key| Some((key.clone(), read(&value.field(&key))?))).collect()
}

/// As [`keyed`], for a field an older server does not send: none then (an
/// empty map), and a field there that does not read is not read.
fn keyed_if_sent<V: Json, T>(value: &V, read: impl Fn(&V) -> Option<T>) -> Option<BTreeMap<String, T>> {
    if value.keys().is_none() { Some(BTreeMap::new()) } else { keyed(value, read) }
}

/// A field there that does not read.
struct Unread;

/// A field that may be null or missing (`Ok(None)` then), read by `read`
/// when it is there.
fn maybe<V: Json, T>(value: &V, name: &str, read: impl FnOnce(&V, &str) -> Option<T>) -> Result<Option<T>, Unread> {
    let field = value.field(name);
    if field.is_null() || field.is_missing() { Ok(None) } else { read(value, name).map(Some).ok_or(Unread) }
}

fn card<V: Json>(value: &V) -> Option<Card> {
    let id = value.number()?;
    if id.fract() != 0.0 || !(0.0..256.0).contains(&id) {
        return None;
    }
    Some(set_core::rules::deck::card_of_any_deck(id as u8))
}

fn cards<V: Json>(value: &V) -> Option<Vec<Card>> {
    value.items()?.iter().map(card).collect()
}

/// A table's slots: a card, or null for one face down.
fn slots<V: Json>(value: &V) -> Option<Vec<Option<Card>>> {
    value.items()?.iter().map(|slot| if slot.is_null() { Some(None) } else { card(slot).map(Some) }).collect()
}

fn texts<V: Json>(value: &V) -> Option<Vec<String>> {
    value.items()?.iter().map(Json::text).collect()
}

/// The items of a list that read; none when it is not a list.
fn each<V: Json, T>(value: &V, read: impl Fn(&V) -> Option<T>) -> Option<Vec<T>> {
    Some(value.items()?.iter().filter_map(read).collect())
}

fn view<V: Json>(value: &V) -> Option<ViewMsg> {
    let previous = value.field("previous");
    Some(ViewMsg {
        table: slots(&value.field("table"))?,
        deck_left: whole(value, "deck_left")?,
        previous: if previous.is_null() || previous.is_missing() { None } else { Some(cards(&previous)?) },
        found: whole(value, "found")?,
        found_on_table: {
            let lists = value.field("found_on_table");
            if lists.is_null() || lists.is_missing() {
                Vec::new()
            } else {
                lists.items()?.iter().map(cards).collect::<Option<_>>()?
            }
        },
        hinted: cards(&value.field("hinted"))?,
        over: flag(value, "over")?,
        turn: maybe(value, "turn", whole).ok()?,
        turn_ends_ms: maybe(value, "turn_ends_ms", whole).ok()?,
    })
}

fn player<V: Json>(value: &V) -> Option<PlayerMsg> {
    Some(PlayerMsg {
        seat: whole(value, "seat")?,
        name: text(value, "name")?,
        player: text(value, "player").unwrap_or_default(),
        score: whole(value, "score")?,
        wrong: whole(value, "wrong")?,
        connected: flag(value, "connected")?,
        rtt: maybe(value, "rtt", whole).ok()?,
        bot: flag_or_false(value, "bot"),
    })
}

fn players<V: Json>(value: &V) -> Option<Vec<PlayerMsg>> {
    value.items()?.iter().map(player).collect()
}

fn event<V: Json>(value: &V) -> Option<MoveMsg> {
    Some(MoveMsg {
        seq: whole(value, "seq")?,
        by: whole(value, "by")?,
        kind: EventKind::from_name(&text(value, "kind")?)?,
        cards: cards(&value.field("cards"))?,
        at_ms: whole(value, "at_ms")?,
    })
}

fn chat<V: Json>(value: &V) -> Option<ChatMsg> {
    Some(ChatMsg {
        seat: whole(value, "seat")?,
        watcher: maybe(value, "watcher", text).ok()?,
        name: text(value, "name")?,
        text: text(value, "text")?,
        at_ms: whole(value, "at_ms")?,
    })
}

fn lobby_chat<V: Json>(value: &V) -> Option<LobbyChatMsg> {
    Some(LobbyChatMsg {
        player: text(value, "player")?,
        name: text(value, "name")?,
        text: text(value, "text")?,
        at: signed(value, "at")?,
    })
}

fn result<V: Json>(value: &V) -> Option<ResultMsg> {
    Some(ResultMsg {
        seat: whole(value, "seat")?,
        place: whole(value, "place")?,
        before: signed(value, "before")?,
        after: signed(value, "after")?,
        provisional: flag(value, "provisional")?,
    })
}

/// Why a game did not count; `None` for a reason this build does not know
/// (the room then says only that it was not rated).
fn unrated<V: Json>(value: &V) -> Option<UnratedMsg> {
    Some(match text(value, "reason")?.as_str() {
        "short" => UnratedMsg::Short { ms: whole(value, "ms")?, floor_ms: whole(value, "floor_ms")? },
        "idle" => UnratedMsg::Idle { seat: whole(value, "seat")? },
        "too_fast" => UnratedMsg::TooFast { seat: whole(value, "seat")?, looked_ms: whole(value, "looked_ms")? },
        _ => return None,
    })
}

fn lobby_room<V: Json>(value: &V) -> Option<LobbyRoomMsg> {
    Some(LobbyRoomMsg {
        room: text(value, "room")?,
        mode: Variant::online(&text(value, "mode")?)?,
        hints: flag(value, "hints")?,
        dealing: dealing(value)?,
        rated: flag_or_false(value, "rated"),
        status: Status::from_name(&text(value, "status")?)?,
        players: texts(&value.field("players"))?,
        watchers: whole(value, "watchers")?,
        created_at: signed(value, "created_at")?,
    })
}

fn online<V: Json>(value: &V) -> Option<OnlineMsg> {
    Some(OnlineMsg {
        online: whole(value, "online")?,
        // (A server from before clusters does not send it: up to date.)
        out_of_date: flag_or_false(value, "out_of_date"),
    })
}

fn room<V: Json>(value: &V) -> Option<RoomMsg> {
    let view_value = value.field("view");
    let optional_text = |name| maybe(value, name, text).ok();
    Some(RoomMsg {
        room: text(value, "room")?,
        seat: maybe(value, "seat", whole).ok()?,
        host: whole(value, "host")?,
        status: Status::from_name(&text(value, "status")?)?,
        mode: Variant::online(&text(value, "mode")?)?,
        hints: flag(value, "hints")?,
        dealing: dealing(value)?,
        seq: whole(value, "seq")?,
        view: if view_value.is_null() || view_value.is_missing() { None } else { Some(view(&view_value)?) },
        players: players(&value.field("players"))?,
        commitment: text(value, "commitment")?,
        seed: optional_text("seed")?,
        salt: optional_text("salt")?,
        next_room: optional_text("next_room")?,
        moves: each(&value.field("moves"), event).unwrap_or_default(),
        chat: each(&value.field("chat"), chat).unwrap_or_default(),
        public: flag_or_false(value, "public"),
        watchers: texts(&value.field("watchers")).unwrap_or_default(),
        bots: texts(&value.field("bots")).unwrap_or_default(),
        rated: flag_or_false(value, "rated"),
        elapsed_ms: maybe(value, "elapsed_ms", whole).ok()?,
        results: each(&value.field("results"), result).unwrap_or_default(),
        unrated: unrated(&value.field("unrated")),
        floor_ms: maybe(value, "floor_ms", whole).ok()?,
        starts_in_ms: maybe(value, "starts_in_ms", whole).ok()?,
    })
}

fn verdict(name: &str) -> Option<Verdict> {
    [Verdict::Accepted, Verdict::Wrong, Verdict::Taken].into_iter().find(|v| v.name() == name)
}

fn error_code(name: &str) -> Option<ErrorCode> {
    ErrorCode::ALL.into_iter().find(|code| code.name() == name)
}

/// Reads one parsed frame of the server's.
pub fn server_msg<V: Json>(value: &V) -> Option<ServerMsg> {
    Some(match text(value, "t")?.as_str() {
        "welcome" => ServerMsg::Welcome {
            player: text(value, "player")?,
            token: text(value, "token")?,
            node: text(value, "node").unwrap_or_default(),
            name: text(value, "name").unwrap_or_default(),
        },
        "created" => ServerMsg::Created { room: text(value, "room")? },
        "found" => ServerMsg::Found { room: text(value, "room")? },
        "room" => ServerMsg::Room(Box::new(room(value)?)),
        "move" => ServerMsg::Move {
            event: event(value)?,
            view: view(&value.field("view"))?,
            players: players(&value.field("players"))?,
        },
        "flipped" => ServerMsg::Flipped {
            by: whole(value, "by")?,
            slot: whole(value, "slot")?,
            view: view(&value.field("view"))?,
        },
        "result" => ServerMsg::Result {
            id: whole(value, "id")?,
            verdict: verdict(&text(value, "verdict")?)?,
            seq: whole(value, "seq")?,
            by: maybe(value, "by", whole).ok()?,
            card: match value.field("card") {
                c if c.is_null() || c.is_missing() => None,
                c => Some(card(&c)?),
            },
            why: maybe(value, "why", text).ok()?,
        },
        "players" => ServerMsg::Players {
            players: players(&value.field("players"))?,
            watchers: texts(&value.field("watchers")).unwrap_or_default(),
            starts_in_ms: maybe(value, "starts_in_ms", whole).ok()?,
        },
        "rematch" => ServerMsg::Rematch { room: text(value, "room")?, by: maybe(value, "by", whole).ok()? },
        "pong" => ServerMsg::Pong { c: number(value, "c")? },
        "chat" => ServerMsg::Chat(chat(value)?),
        "lobby" => ServerMsg::Lobby(LobbyMsg {
            rooms: each(&value.field("rooms"), lobby_room)?,
            online: online(value)?,
            people: texts(&value.field("people"))?,
            chat: each(&value.field("chat"), lobby_chat)?,
        }),
        "lobby_changes" => ServerMsg::LobbyChanges {
            rooms: each(&value.field("rooms"), lobby_room)?,
            gone: texts(&value.field("gone"))?,
            chat: each(&value.field("chat"), lobby_chat).unwrap_or_default(),
            came: texts(&value.field("came")).unwrap_or_default(),
            went: texts(&value.field("went")).unwrap_or_default(),
        },
        "online" => ServerMsg::Online(online(value)?),
        "transfer_code" => ServerMsg::TransferCode { code: text(value, "code")?, seconds: whole(value, "seconds")? },
        "error" => ServerMsg::Error {
            id: maybe(value, "id", whole).ok()?,
            to: text(value, "to").and_then(|to| ClientKind::from_name(&to)),
            code: error_code(&text(value, "code")?)?,
            message: text(value, "message").unwrap_or_default(),
            suggestion: text(value, "suggestion"),
        },
        _ => return None,
    })
}

/// A leaderboard as the HTTP API answers it; lines that do not read are passed over.
pub fn leaderboard<V: Json>(value: &V) -> Vec<LeaderMsg> {
    let line = |v: &V| {
        Some(LeaderMsg {
            player: text(v, "player")?,
            name: text(v, "name")?,
            rating: signed(v, "rating")?,
            games: whole(v, "games")?,
            provisional: flag(v, "provisional")?,
        })
    };
    each(value, line).unwrap_or_default()
}

/// A profile as the HTTP API answers it.
pub fn profile<V: Json>(value: &V) -> Option<ProfileMsg> {
    let game = |v: &V| {
        Some(RecentGameMsg {
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
    let times = |v: &V| {
        Some(TimesMsg {
            games: whole(v, "games")?,
            fastest_win_ms: maybe(v, "fastest_win_ms", whole).ok()?,
            median_ms: whole(v, "median_ms")?,
        })
    };
    let way = |v: &V| {
        Some(WayMsg {
            rating: signed(v, "rating")?,
            provisional: flag(v, "provisional")?,
            games: whole(v, "games")?,
            wins: whole(v, "wins")?,
            sets: whole(v, "sets")?,
        })
    };
    let ratings = keyed(&value.field("ratings"), signed_value)?;
    let by_mode = keyed(&value.field("times"), times)?;
    // An older server sends neither `ways` nor `history`: none then.
    let ways = keyed_if_sent(&value.field("ways"), way)?;
    let history = keyed_if_sent(&value.field("history"), |points| points.items()?.iter().map(signed_value).collect())?;
    // Nor `played` and `last_games` (a server from before every player had a profile).
    let played = keyed_if_sent(&value.field("played"), whole_value)?;
    let last_game = |v: &V| {
        Some(PlayedGameMsg {
            room: text(v, "room")?,
            mode: text(v, "mode")?,
            players: whole(v, "players")?,
            ms: whole(v, "ms")?,
            rated: flag(v, "rated")?,
        })
    };
    let last_games = each(&value.field("last_games"), last_game).unwrap_or_default();
    Some(ProfileMsg {
        played,
        last_games,
        ways,
        history,
        player: text(value, "player")?,
        name: text(value, "name")?,
        ratings,
        games: whole(value, "games")?,
        wins: whole(value, "wins")?,
        sets: whole(value, "sets")?,
        times: by_mode,
        recent: each(&value.field("recent"), game)?,
    })
}
