//! The rooms: one task per live room owns its game and is the only writer
//! of its log, so the order in which its inbox receives claims is the order
//! of the game. Every decision is the core's ([`RoomGame`]); this module
//! adds who is connected, the store, and telling everyone.
//!
//! An accepted or wrong claim is applied to a copy, appended to the store,
//! and only then swapped in, broadcast and answered: if the append fails the
//! claim is refused (`unavailable`) and the game is as it was. A room that
//! is not live is loaded from the store, replayed through the rules and
//! audited; a room whose task panicked is dropped from the registry, its
//! connections are closed ([`close::ROOM_LOST`]), and the clients'
//! reconnection loads it again from its log. Other rooms go on.

use crate::proto::{ClientKind, ClientMsg, close};
use set_core::players::level::Level;
use set_core::players::seats::MAX_BOTS;
use set_core::rules::variant::Variant;
use std::time::{Duration, Instant};

mod registry;
pub(crate) mod replay;
mod room;

pub(crate) use registry::{LEASE, RoomLimits, RoomSettings, Rooms, Route};

/// How many commands may wait in a room's inbox.
const INBOX: usize = 256;
/// How many messages may wait for one slow connection before it is closed.
pub(crate) const OUTBOX: usize = 512;
/// A room with nobody connected unloads after this long; it loads again from its log.
const IDLE_UNLOAD: Duration = Duration::from_mins(5);
/// The claims whose answers a room remembers, for a client that resends one.
const REMEMBERED_CLAIMS: usize = 256;
pub(crate) use crate::conn::{ConnId, Outbox, Outgoing};

/// How a join went: the seat taken (none: watching), or why it was refused.
pub(crate) type Seated = tokio::sync::oneshot::Sender<Result<Option<u8>, (crate::proto::ErrorCode, String)>>;

/// One of the room's own messages from connection `conn`, as the protocol
/// defines it (`ClientMsg`'s start, claim, flip, hint, call_no_set, rematch,
/// remove and bots): a new message of the room's is a variant in
/// set-protocol and an arm in the room's `request`, and nothing here.
pub struct Request {
    pub conn: ConnId,
    pub msg: ClientMsg,
    /// When the socket read it: a claim's time in the server counts from here.
    pub received: Instant,
    /// Why the connection may make no room now (its budgets are spent), if
    /// so: a rematch is refused unless it is made already.
    pub refused: Option<&'static str>,
}

/// What a connection asks of its room.
pub enum Command {
    Join {
        conn: ConnId,
        player: String,
        name: Option<String>,
        since: u32,
        outbox: Outbox,
        /// Where to say how the join went (the seat, or why it was refused)
        /// instead of telling the connection a refusal: quick play's way.
        seated: Option<Seated>,
    },
    Leave {
        conn: ConnId,
    },
    /// One of the room's own messages, as the wire has it.
    Request(Request),
    Rtt {
        conn: ConnId,
        ms: u32,
    },
    /// A line of chat, already checked (`crate::chat`).
    Chat {
        conn: ConnId,
        text: String,
        /// The name the connection's player goes by online (a watcher's, if unnamed in the room).
        goes_by: Option<String>,
    },
    /// Another node has taken the room since this one loaded it: let go of
    /// it (its connections are told to reconnect, to that node).
    Superseded,
    /// The operator banned this player: its seat in a waiting room goes.
    Banish {
        player: String,
    },
    /// Debug builds only: panic inside this room, to test that the others live on.
    #[cfg(debug_assertions)]
    Crash,
}

impl Command {
    /// The kind of the client's message this command carries, whose
    /// refusals name it; none for what the socket or the node says itself.
    pub fn answers(&self) -> Option<ClientKind> {
        match self {
            Command::Join { .. } => Some(ClientKind::Join),
            Command::Request(request) => Some(request.msg.kind()),
            Command::Chat { .. } => Some(ClientKind::Chat),
            Command::Leave { .. } | Command::Rtt { .. } | Command::Superseded | Command::Banish { .. } => None,
            #[cfg(debug_assertions)]
            Command::Crash => None,
        }
    }
}

/// Why a room cannot be reached.
#[derive(Debug)]
pub enum RoomsError {
    NoRoom,
    BadMode(String),
    BadName(String),
    /// An unknown level of computer opponent, or too many.
    BadBots(String),
    Store(crate::store::StoreError),
    /// A stored log that does not replay: the room stays closed.
    Broken(String),
    /// `--max-rooms-loaded` rooms are loaded, each with someone in it.
    Full,
    /// Another node owns the room and is alive (this node's socket was not
    /// routed by the room, or the owner did not let it go in time): the
    /// client reaches it over a socket that names it.
    Elsewhere(String),
}

impl std::fmt::Display for RoomsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoomsError::NoRoom => write!(f, "there is no such room"),
            RoomsError::BadMode(mode) => {
                write!(f, "\"{mode}\" is no way to play online: classic, junior, chain or ultra")
            }
            RoomsError::BadName(why) | RoomsError::BadBots(why) => write!(f, "{why}"),
            RoomsError::Store(err) => write!(f, "{err}"),
            RoomsError::Broken(why) => write!(f, "the room's log does not replay: {why}"),
            RoomsError::Full => write!(f, "the server holds as many rooms as it may: try again soon"),
            RoomsError::Elsewhere(node) => write!(f, "the room is played on {node}"),
        }
    }
}

fn room_variant(mode: &str) -> Result<Variant, RoomsError> {
    Variant::online(mode).ok_or_else(|| RoomsError::BadMode(set_core::text::short(mode)))
}

/// The names as a room seats them ([`crate::names::seatable`]).
pub(crate) fn checked_names(names: &[&str]) -> Result<Vec<String>, RoomsError> {
    crate::names::seatable(names).map_err(RoomsError::BadName)
}

/// A room's computer opponents from their levels' names: at most
/// [`MAX_BOTS`](set_core::players::seats::MAX_BOTS), each a level.
pub(crate) fn room_bots(names: &[String]) -> Result<Vec<Level>, RoomsError> {
    if names.len() > MAX_BOTS {
        return Err(RoomsError::BadBots(format!("{} computer opponents: at most {MAX_BOTS}", names.len())));
    }
    names
        .iter()
        .map(|name| {
            Level::from_name(name).ok_or_else(|| {
                RoomsError::BadBots(format!(
                    "\"{}\" is no level: easy, medium, hard or expert",
                    set_core::text::short(name)
                ))
            })
        })
        .collect()
}

/// Tells a connection its room is gone, so that it reconnects (and reloads it).
pub(crate) fn room_lost(outbox: &Outbox) {
    let _ = outbox.tx.try_send(Outgoing::Close(close::ROOM_LOST, "the room restarted: reconnect"));
}

/// Tells a connection its room moved to another node, so that it
/// reconnects (through the proxy, to that node).
pub(crate) fn room_moved(outbox: &Outbox) {
    let _ = outbox.tx.try_send(Outgoing::Close(close::MOVED, "the room moved to another server: reconnect"));
}

#[cfg(test)]
mod tests;
