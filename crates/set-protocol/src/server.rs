//! What the server sends: [`ServerMsg`] and the parts it is made of, and
//! the [`ErrorCode`] of a refusal.

use crate::client::ClientKind;
use serde::{Deserialize, Serialize};
use set_core::online::room::{EventKind, Status, View};
use set_core::rules::card::Card;
use set_core::rules::variant::{Dealing, Variant};

/// The table as everyone sees it.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct ViewMsg {
    #[serde(with = "crate::values::slots")]
    /// The cards on the table, in slot order; `null` for a card face down (Memory).
    pub table: Vec<Option<Card>>,
    /// Cards left in the deck.
    pub deck_left: usize,
    #[serde(default, with = "crate::values::cards_or_none")]
    /// A chain way's previous set, shown above the table.
    pub previous: Option<Vec<Card>>,
    /// Sets found so far.
    pub found: usize,
    /// A puzzle way: the claims found on the table now out, each its cards
    /// (left out of the frame in every other way, as before puzzles were played online).
    #[serde(default, skip_serializing_if = "Vec::is_empty", with = "crate::values::card_lists")]
    pub found_on_table: Vec<Vec<Card>>,
    #[serde(with = "crate::values::cards")]
    /// The cards hints have revealed.
    pub hinted: Vec<Card>,
    /// The game is over.
    pub over: bool,
    /// Memory: whose turn it is (left out of the frame in every other way).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u8>,
    /// Memory: when a person's turn runs out, in the game's time (ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_ends_ms: Option<u64>,
}

impl ViewMsg {
    /// The cards face up on the table, in slot order.
    pub fn face_up(&self) -> Vec<Card> {
        self.table.iter().flatten().copied().collect()
    }

    /// The slot a face-up card lies in.
    pub fn slot_of(&self, card: Card) -> Option<usize> {
        self.table.iter().position(|&slot| slot == Some(card))
    }
}

impl From<View> for ViewMsg {
    /// The table as a room's game shows it to everyone.
    fn from(view: View) -> ViewMsg {
        ViewMsg {
            table: view.table,
            deck_left: view.deck_left,
            previous: view.previous.map(|p| p.cards().to_vec()),
            found: view.found,
            found_on_table: view.found_on_table.iter().map(|claim| claim.cards().to_vec()).collect(),
            hinted: view.hinted,
            over: view.over,
            turn: view.turn.map(|seat| seat.0),
            turn_ends_ms: view.turn_ends_ms,
        }
    }
}

/// One seat's line of the scores.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PlayerMsg {
    /// Its seat, from 0.
    pub seat: u8,
    /// The name the player sits under.
    pub name: String,
    /// The player's id (public: a profile's address, and whom a report
    /// names); empty for a computer opponent.
    #[serde(default)]
    pub player: String,
    /// Sets found (a wrong claim costs no point online, only a cooldown).
    pub score: u32,
    /// Wrong claims (each costs a cooldown online, not a point).
    pub wrong: u32,
    /// Connected now.
    pub connected: bool,
    /// The player's last measured round trip to the server, ms.
    pub rtt: Option<u32>,
    /// A computer opponent, whose claims the room makes on its clock.
    #[serde(default)]
    pub bot: bool,
}

/// The answer to a claim.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// A set: it counts.
    Accepted,
    /// Not a claim: a wrong claim, with why.
    Wrong,
    /// Another player's claim took one of its cards first: no penalty.
    Taken,
}

impl Verdict {
    /// The name on the wire (and in `/metrics`).
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::Wrong => "wrong",
            Verdict::Taken => "taken",
        }
    }
}

/// One event of the room's log, as clients see it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct MoveMsg {
    /// The event's number in the room's log, from 1.
    pub seq: u32,
    /// The seat whose move it was.
    pub by: u8,
    #[serde(with = "crate::values::kind")]
    /// What happened: a set, a wrong claim or a hint.
    pub kind: EventKind,
    /// The claim's cards (none for a hint).
    #[serde(with = "crate::values::cards")]
    pub cards: Vec<Card>,
    /// When, in the game's time (ms from its start).
    pub at_ms: u64,
}

/// Everything a client needs to draw a room: sent on joining, on start, at
/// the end and after a rematch is offered.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RoomMsg {
    /// The room's id.
    pub room: String,
    /// The receiver's seat; none for someone watching.
    pub seat: Option<u8>,
    /// The host's seat.
    pub host: u8,
    #[serde(with = "crate::values::status")]
    /// Waiting for players, playing, or over.
    pub status: Status,
    #[serde(with = "crate::values::mode")]
    /// Its way to play.
    pub mode: Variant,
    /// Hints allowed.
    pub hints: bool,
    /// When extra cards come: by themselves, or on a "no set" call.
    #[serde(default, with = "crate::values::dealing", skip_serializing_if = "crate::values::dealing::is_automatic")]
    pub dealing: Dealing,
    /// The last event in its log.
    pub seq: u32,
    /// The table; none while the room waits.
    pub view: Option<ViewMsg>,
    /// The seats and their scores, in seat order.
    pub players: Vec<PlayerMsg>,
    /// The commitment to the deal: SHA-256 of room, seed and salt, in hex.
    pub commitment: String,
    /// Revealed when the game is over, with the salt.
    pub seed: Option<String>,
    /// The commitment's salt, revealed with the seed.
    pub salt: Option<String>,
    /// The rematch's room, once one is offered.
    pub next_room: Option<String>,
    /// The events after the `since` of the join.
    pub moves: Vec<MoveMsg>,
    /// The room's recent chat, oldest first.
    #[serde(default)]
    pub chat: Vec<ChatMsg>,
    /// Listed in the lobby (or reached by its link only).
    #[serde(default)]
    pub public: bool,
    /// The names of those watching (not seated), in the order they came.
    #[serde(default)]
    pub watchers: Vec<String>,
    /// The computer opponents' levels, seated after the people at the start.
    #[serde(default)]
    pub bots: Vec<String>,
    /// Whether the game counts for ratings: no hints, no computer
    /// opponents, two or more people.
    #[serde(default)]
    pub rated: bool,
    /// The game's clock when this was sent, ms from its start (the same on
    /// every page, paused for no one); at its end once over; none while it
    /// waits.
    #[serde(default)]
    pub elapsed_ms: Option<u64>,
    /// A rated game's results, by seat, once it is over.
    #[serde(default)]
    pub results: Vec<ResultMsg>,
    /// Why its game, rated as set up, did not count, once it is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrated: Option<UnratedMsg>,
    /// The shortest game of its way that counts for ratings, ms, while it
    /// may count (what the room says a rated game needs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor_ms: Option<u64>,
    /// A quick-play room's game starts by itself in this many ms; none
    /// while it does not (as [`ServerMsg::Players`] says it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_in_ms: Option<u64>,
}

/// Why a game rated as set up did not count, as the room says it (the
/// first reason, in the order the fair-play rules judge them).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum UnratedMsg {
    /// It lasted `ms`, less than its way's shortest rated game, `floor_ms`.
    Short {
        /// The game's length.
        ms: u64,
        /// Its way's shortest rated game.
        floor_ms: u64,
    },
    /// This seat found no set, nor made a right "no set" call.
    Idle {
        /// The seat.
        seat: u8,
    },
    /// This seat claimed a set `looked_ms` after its newest card came onto
    /// the table: faster than a person can look.
    TooFast {
        /// The seat.
        seat: u8,
        /// How long the claim's newest card had been in play.
        looked_ms: u64,
    },
}

impl UnratedMsg {
    /// The reason's name, on the wire and in the server's metrics.
    pub const fn reason(&self) -> &'static str {
        match self {
            UnratedMsg::Short { .. } => "short",
            UnratedMsg::Idle { .. } => "idle",
            UnratedMsg::TooFast { .. } => "too_fast",
        }
    }
}

/// One seat's result of a rated game: its place and its player's rating
/// before and after, as shown.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ResultMsg {
    /// Its seat.
    pub seat: u8,
    /// Its place (1 for a win; ties share a place).
    pub place: u32,
    /// The player's rating before, as shown.
    pub before: i64,
    /// The player's rating after, as shown.
    pub after: i64,
    /// The rating after is still provisional (few games yet).
    pub provisional: bool,
}

/// A public room as the lobby lists it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LobbyRoomMsg {
    /// The room's id.
    pub room: String,
    #[serde(with = "crate::values::mode")]
    /// Its way to play.
    pub mode: Variant,
    /// Hints allowed.
    pub hints: bool,
    /// When extra cards come: by themselves, or on a "no set" call.
    #[serde(default, with = "crate::values::dealing", skip_serializing_if = "crate::values::dealing::is_automatic")]
    pub dealing: Dealing,
    /// Its game counts for ratings once two or more people play it (no
    /// hints, no computer opponents).
    #[serde(default)]
    pub rated: bool,
    /// Waiting or playing (a room that is over leaves the lobby).
    #[serde(with = "crate::values::status")]
    pub status: Status,
    /// The seated players' names, in seat order.
    pub players: Vec<String>,
    /// How many watch it.
    pub watchers: u32,
    /// When it was made, Unix ms.
    pub created_at: i64,
}

/// How many are online (the names of those in the lobby come whole with
/// the lobby, then as changes).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct OnlineMsg {
    /// Players connected to the server (a player with two tabs counts once).
    pub online: u32,
    /// The server cannot hear the other servers of its cluster now: rooms
    /// and players on them may be missing, until it can again.
    pub out_of_date: bool,
}

/// A line of the lobby's chat.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LobbyChatMsg {
    /// The speaker's player id (public: a profile's address).
    pub player: String,
    /// The name the speaker gave.
    pub name: String,
    /// What was said.
    pub text: String,
    /// When it was said, Unix ms.
    pub at: i64,
}

/// The lobby, whole: sent when a client starts watching it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LobbyMsg {
    /// The public rooms with someone in them, oldest first.
    pub rooms: Vec<LobbyRoomMsg>,
    #[serde(flatten)]
    /// How many are online.
    pub online: OnlineMsg,
    /// The names given by those watching the lobby, sorted (as many as fit
    /// in a frame: the count is whole).
    pub people: Vec<String>,
    /// Its recent chat, oldest first.
    pub chat: Vec<LobbyChatMsg>,
}

/// A line of a room's chat.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ChatMsg {
    /// The speaker's seat (0, and no one's, for a watcher's line).
    pub seat: u8,
    /// A watcher's line: the watcher's player id (none for a seat's line).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub watcher: Option<String>,
    /// The speaker's name.
    pub name: String,
    /// What was said.
    pub text: String,
    /// When it was said, in the game's time (ms).
    pub at_ms: u64,
}

/// What the server sends.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to a hello: who the client is, and the token to keep.
    Welcome {
        /// The player's id.
        player: String,
        /// A token naming the player, signed by the server.
        token: String,
        /// The node serving this connection (`--node`), for the page to show.
        node: String,
        /// The name the player goes by online now: the last they gave, or
        /// one given them (a friendly pair of words, unique among everyone
        /// online) until they give their own.
        #[serde(default)]
        name: String,
    },
    /// A room made for the client; it joins it next.
    Created {
        /// The room's id.
        room: String,
    },
    /// Quick play found a room waiting for players on another node of the
    /// cluster: the client joins it there, over a socket that names it.
    Found {
        /// The room's id.
        room: String,
    },
    /// A room, whole.
    Room(Box<RoomMsg>),
    /// A new event, with the view and scores after it.
    Move {
        #[serde(flatten)]
        /// The event.
        event: MoveMsg,
        /// The table after it.
        view: ViewMsg,
        /// The scores after it.
        players: Vec<PlayerMsg>,
    },
    /// Memory: a card turned up by the seat whose turn it is, for
    /// everyone (the third makes a claim: its `move` follows), with the
    /// table after it.
    Flipped {
        /// The seat that turned it.
        by: u8,
        /// Its slot.
        slot: u8,
        /// The table after it.
        view: ViewMsg,
    },
    /// The answer to one claim (`id` is the client's).
    Result {
        /// The claim's id, as the client numbered it.
        id: u32,
        /// Accepted, wrong or taken.
        verdict: Verdict,
        /// The last event in the log after it.
        seq: u32,
        /// Taken: who took the card, and which card.
        by: Option<u8>,
        #[serde(default, with = "crate::values::card_or_none")]
        /// The card another claim took first.
        card: Option<Card>,
        /// Wrong: why, in words.
        why: Option<String>,
    },
    /// Who sits and who watches changed.
    Players {
        /// The seats and their scores.
        players: Vec<PlayerMsg>,
        /// The names of those watching.
        #[serde(default)]
        watchers: Vec<String>,
        /// A quick-play room's game starts by itself in this many ms
        /// (counted again each time someone sits down); none while it does not.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        starts_in_ms: Option<u64>,
    },
    /// Another game with the same players is offered, in this room.
    Rematch {
        /// The rematch's room.
        room: String,
        /// The seat that asked for it (and hosts it), when the room knows.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<u8>,
    },
    /// The answer to a ping.
    Pong {
        /// The ping's `c`, back.
        c: f64,
    },
    /// A line of chat, to everyone in the room (its sender too).
    Chat(ChatMsg),
    /// The lobby, whole, to a client that starts watching it.
    Lobby(LobbyMsg),
    /// What changed in the lobby since it was last told (at most a few
    /// times a second): rooms that appeared or changed, and rooms that
    /// left it (over, or nobody seated).
    LobbyChanges {
        /// Rooms that appeared or changed.
        rooms: Vec<LobbyRoomMsg>,
        /// Rooms that left the lobby, by id.
        gone: Vec<String>,
        /// Lines of the lobby's chat said since, oldest first.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        chat: Vec<LobbyChatMsg>,
        /// Names now given in the lobby.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        came: Vec<String>,
        /// Names no longer given in the lobby.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        went: Vec<String>,
    },
    /// How many are online changed (told at most about once a second).
    Online(OnlineMsg),
    /// A one-time code that moves this identity to another browser, and
    /// how long it lasts.
    TransferCode {
        /// The code, to type in the other browser.
        code: String,
        /// How long it lasts.
        seconds: u64,
    },
    /// A refusal, of a message or of the connection.
    Error {
        /// The id of the claim or hint refused, if it was one.
        id: Option<u32>,
        /// The kind of the request refused (version 5): none when the frame
        /// refused did not read as a request at all, or the refusal answers
        /// none (the connection's own, before it closes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<ClientKind>,
        /// Why, for programs.
        code: ErrorCode,
        /// Why, in words.
        message: String,
        /// A name like the one refused that no one online has, when the
        /// refusal is of a name someone has (`bad_name`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        suggestion: Option<String>,
    },
}

/// Why a message was refused, for programs; `message` says it in words.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// A frame that is no JSON.
    BadJson,
    /// A `t` no client message has.
    UnknownType,
    /// A message whose fields are not its fields.
    BadMessage,
    /// A frame over the size a client frame may have.
    TooBig,
    /// A message before the hello.
    HelloFirst,
    /// A token this server did not sign.
    BadToken,
    /// Another protocol version.
    Version,
    /// Over a rate limit.
    Throttled,
    /// No room of that id.
    NoRoom,
    /// A room message outside a room.
    NotInRoom,
    /// No seat left.
    RoomFull,
    /// The game has started.
    Started,
    /// Only the host may.
    NotHost,
    /// Only a seated player may.
    NotSeated,
    /// The game is not being played.
    NotPlaying,
    /// The game is not over.
    NotOver,
    /// A name refused, with why.
    BadName,
    /// No way to play online has that name.
    BadMode,
    /// Cards that are no claim: not in play, repeated, or too many or few.
    BadClaim,
    /// After a wrong claim, a moment before the next.
    CoolingDown,
    /// Too many wrong claims this game: only a set is taken now.
    TooManyWrong,
    /// The room has no hints.
    NoHints,
    /// Chat that is empty, too long, or holds control or invisible characters.
    BadChat,
    /// As many watch the lobby as may.
    LobbyFull,
    /// An unknown level of computer opponent, or too many of them.
    BadBots,
    /// A transfer code that is wrong, used or expired.
    BadCode,
    /// No such seat to remove, or the host's own.
    BadSeat,
    /// The host took this player's seat away: they may watch, not sit again.
    Removed,
    /// The store could not keep the move: nothing happened, try again.
    Unavailable,
    /// The server's operator banned this identity (or its address).
    Banned,
    /// The server's operator muted this identity: it may not chat.
    Muted,
}

impl ErrorCode {
    /// Every code, for readers that match a name to its code.
    pub const ALL: [ErrorCode; 31] = [
        ErrorCode::BadJson,
        ErrorCode::UnknownType,
        ErrorCode::BadMessage,
        ErrorCode::TooBig,
        ErrorCode::HelloFirst,
        ErrorCode::BadToken,
        ErrorCode::Version,
        ErrorCode::Throttled,
        ErrorCode::NoRoom,
        ErrorCode::NotInRoom,
        ErrorCode::RoomFull,
        ErrorCode::Started,
        ErrorCode::NotHost,
        ErrorCode::NotSeated,
        ErrorCode::NotPlaying,
        ErrorCode::NotOver,
        ErrorCode::BadName,
        ErrorCode::BadMode,
        ErrorCode::BadClaim,
        ErrorCode::CoolingDown,
        ErrorCode::TooManyWrong,
        ErrorCode::NoHints,
        ErrorCode::BadChat,
        ErrorCode::LobbyFull,
        ErrorCode::BadBots,
        ErrorCode::BadCode,
        ErrorCode::BadSeat,
        ErrorCode::Removed,
        ErrorCode::Unavailable,
        ErrorCode::Banned,
        ErrorCode::Muted,
    ];

    /// The name on the wire.
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::BadJson => "bad_json",
            ErrorCode::UnknownType => "unknown_type",
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::TooBig => "too_big",
            ErrorCode::HelloFirst => "hello_first",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::Version => "version",
            ErrorCode::Throttled => "throttled",
            ErrorCode::NoRoom => "no_room",
            ErrorCode::NotInRoom => "not_in_room",
            ErrorCode::RoomFull => "room_full",
            ErrorCode::Started => "started",
            ErrorCode::NotHost => "not_host",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::NotPlaying => "not_playing",
            ErrorCode::NotOver => "not_over",
            ErrorCode::BadName => "bad_name",
            ErrorCode::BadMode => "bad_mode",
            ErrorCode::BadClaim => "bad_claim",
            ErrorCode::CoolingDown => "cooling_down",
            ErrorCode::TooManyWrong => "too_many_wrong",
            ErrorCode::NoHints => "no_hints",
            ErrorCode::BadChat => "bad_chat",
            ErrorCode::LobbyFull => "lobby_full",
            ErrorCode::BadBots => "bad_bots",
            ErrorCode::BadCode => "bad_code",
            ErrorCode::BadSeat => "bad_seat",
            ErrorCode::Removed => "removed",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::Banned => "banned",
            ErrorCode::Muted => "muted",
        }
    }
}

impl ServerMsg {
    /// A refusal of the request of kind `to` (with its `id`, where it has
    /// one), as a frame.
    pub fn refusal(to: Option<ClientKind>, id: Option<u32>, code: ErrorCode, message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error { id, to, code, message: message.into(), suggestion: None }
    }

    /// A name refused because someone online has one like it, with a free one to offer.
    pub fn name_taken(to: Option<ClientKind>, message: impl Into<String>, suggestion: Option<String>) -> ServerMsg {
        ServerMsg::Error { id: None, to, code: ErrorCode::BadName, message: message.into(), suggestion }
    }

    /// The frame's text.
    pub fn to_text(&self) -> String {
        // Plain data with string keys: serialising it cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_codes_name_is_its_name_on_the_wire() {
        for code in ErrorCode::ALL {
            assert_eq!(serde_json::to_string(&code).ok(), Some(format!("\"{}\"", code.name())));
        }
    }

    #[test]
    fn a_verdicts_name_is_its_name_on_the_wire() {
        for verdict in [Verdict::Accepted, Verdict::Wrong, Verdict::Taken] {
            assert_eq!(serde_json::to_string(&verdict).ok(), Some(format!("\"{}\"", verdict.name())));
        }
    }
}
