//! What the server sends: [`ServerMsg`] and the parts it is made of, and
//! the [`ErrorCode`] of a refusal.

use serde::{Deserialize, Serialize};
use set_core::online::room::{EventKind, Status};
use set_core::rules::card::Card;
use set_core::rules::variant::Variant;

/// The table as everyone sees it.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct ViewMsg {
    #[serde(with = "crate::values::cards")]
    pub table: Vec<Card>,
    pub deck_left: usize,
    #[serde(default, with = "crate::values::cards_or_none")]
    pub previous: Option<Vec<Card>>,
    pub found: usize,
    #[serde(with = "crate::values::cards")]
    pub hinted: Vec<Card>,
    pub over: bool,
}

/// One seat's line of the scores.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PlayerMsg {
    pub seat: u8,
    pub name: String,
    /// Sets found (a wrong claim costs no point online, only a cooldown).
    pub score: u32,
    pub wrong: u32,
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
    Accepted,
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
    pub seq: u32,
    pub by: u8,
    #[serde(with = "crate::values::kind")]
    pub kind: EventKind,
    /// The claim's cards (none for a hint).
    #[serde(with = "crate::values::cards")]
    pub cards: Vec<Card>,
    pub at_ms: u64,
}

/// Everything a client needs to draw a room: sent on joining, on start, at
/// the end and after a rematch is offered.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RoomMsg {
    pub room: String,
    /// The receiver's seat; none for someone watching.
    pub seat: Option<u8>,
    pub host: u8,
    #[serde(with = "crate::values::status")]
    pub status: Status,
    #[serde(with = "crate::values::mode")]
    pub mode: Variant,
    pub hints: bool,
    pub seq: u32,
    pub view: Option<ViewMsg>,
    pub players: Vec<PlayerMsg>,
    pub commitment: String,
    /// Revealed when the game is over, with the salt.
    pub seed: Option<String>,
    pub salt: Option<String>,
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
    /// A rated game's results, by seat, once it is over.
    #[serde(default)]
    pub results: Vec<ResultMsg>,
}

/// One seat's result of a rated game: its place and its player's rating
/// before and after, as shown.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ResultMsg {
    pub seat: u8,
    pub place: u32,
    pub before: i64,
    pub after: i64,
    /// The rating after is still provisional (few games yet).
    pub provisional: bool,
}

/// A public room as the lobby lists it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LobbyRoomMsg {
    pub room: String,
    #[serde(with = "crate::values::mode")]
    pub mode: Variant,
    pub hints: bool,
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

/// Who is online: everyone connected, and the names of those in the lobby.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct OnlineMsg {
    /// Players connected to the server (a player with two tabs counts once).
    pub online: u32,
    /// The names given by those watching the lobby, sorted.
    pub people: Vec<String>,
    /// The server cannot hear the other servers of its cluster now: rooms
    /// and players on them may be missing, until it can again.
    pub out_of_date: bool,
}

/// A line of the lobby's chat.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct LobbyChatMsg {
    /// The speaker's player id (public: a profile's address).
    pub player: String,
    pub name: String,
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
    pub online: OnlineMsg,
    /// Its recent chat, oldest first.
    pub chat: Vec<LobbyChatMsg>,
}

/// A line of a room's chat.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ChatMsg {
    pub seat: u8,
    pub name: String,
    pub text: String,
    /// When it was said, in the game's time (ms).
    pub at_ms: u64,
}

/// What the server sends.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMsg {
    Welcome {
        player: String,
        token: String,
        /// The node serving this connection (`--node`), for the page to show.
        node: String,
    },
    Created {
        room: String,
    },
    /// Quick play found a room waiting for players on another node of the
    /// cluster: the client joins it there, over a socket that names it.
    Found {
        room: String,
    },
    Room(Box<RoomMsg>),
    /// A new event, with the view and scores after it.
    Move {
        #[serde(flatten)]
        event: MoveMsg,
        view: ViewMsg,
        players: Vec<PlayerMsg>,
    },
    /// The answer to one claim (`id` is the client's).
    Result {
        id: u32,
        verdict: Verdict,
        seq: u32,
        /// Taken: who took the card, and which card.
        by: Option<u8>,
        #[serde(default, with = "crate::values::card_or_none")]
        card: Option<Card>,
        /// Wrong: why, in words.
        why: Option<String>,
    },
    Players {
        players: Vec<PlayerMsg>,
        /// The names of those watching.
        #[serde(default)]
        watchers: Vec<String>,
    },
    Rematch {
        room: String,
    },
    Pong {
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
        rooms: Vec<LobbyRoomMsg>,
        gone: Vec<String>,
    },
    /// Who is online changed (told at most about once a second).
    Online(OnlineMsg),
    /// A line of the lobby's chat, to everyone watching the lobby.
    LobbyChat(LobbyChatMsg),
    /// A one-time code that moves this identity to another browser, and
    /// how long it lasts.
    TransferCode {
        code: String,
        seconds: u64,
    },
    Error {
        id: Option<u32>,
        code: ErrorCode,
        message: String,
    },
}

/// Why a message was refused, for programs; `message` says it in words.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    BadJson,
    UnknownType,
    BadMessage,
    TooBig,
    HelloFirst,
    BadToken,
    Version,
    Throttled,
    NoRoom,
    NotInRoom,
    RoomFull,
    Started,
    NotHost,
    NotSeated,
    NotPlaying,
    NotOver,
    BadName,
    BadMode,
    BadClaim,
    CoolingDown,
    TooManyWrong,
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
}

impl ErrorCode {
    /// Every code, for readers that match a name to its code.
    pub const ALL: [ErrorCode; 29] = [
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
        }
    }
}

impl ServerMsg {
    pub fn error(id: Option<u32>, code: ErrorCode, message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error { id, code, message: message.into() }
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
