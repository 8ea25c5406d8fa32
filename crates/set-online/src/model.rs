//! The room page's state and what can happen to it: the model that the
//! page's funnel (`page`) updates and the view (`view`) draws. Apart from
//! both so that neither imports the other's module back.

use js_sys::Function;
use set_client::remote::Remote;
use set_protocol::{ClientMsg, LobbyMsg, ResultMsg};
use wasm_bindgen::prelude::*;
use web_sys::WebSocket;

use crate::wire::ChatLine;

/// The state of the connection to the server.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Link {
    Connecting,
    Open,
    Reconnecting,
}

impl Link {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Link::Connecting => "connecting",
            Link::Open => "open",
            Link::Reconnecting => "reconnecting",
        }
    }
}

/// What a promise of the JS API waits for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum WaitFor {
    Created,
    Seated,
    Started,
    /// The player's own line of chat, back from the server.
    Chatted,
    /// The whole lobby, from the server.
    Lobby,
    /// A one-time code for this identity.
    Code,
    /// A welcome as another player (a code redeemed).
    Welcomed,
}

pub(crate) struct Waiter {
    pub(crate) wait_for: WaitFor,
    pub(crate) resolve: Function,
    pub(crate) reject: Function,
}

/// What happens to the client.
pub(crate) enum Event {
    Opened,
    Frame(String),
    Closed {
        code: u16,
    },
    Reconnect,
    Ping,
    Click(String),
    Resize,
    /// The JS API's requests (their promises wait in [`Online::waiter`]).
    Create {
        mode: String,
        name: String,
        hints: bool,
        public: bool,
        bots: Vec<String>,
    },
    QuickPlay {
        mode: String,
        name: String,
    },
    Join {
        room: String,
        name: String,
    },
    Start,
    /// A line of chat to send.
    Chat(String),
    /// Ask for a one-time code that moves this identity.
    TransferCode,
    /// Become the player of a code from another browser.
    Redeem(String),
}

/// Everything the room page knows and holds.
pub(crate) struct Online {
    pub(crate) remote: Remote,
    /// The room's recent chat, oldest first.
    pub(crate) chat: Vec<ChatLine>,
    /// The names whose chat is not shown, kept in the page's storage.
    pub(crate) muted: Vec<String>,
    /// The names of those watching the room.
    pub(crate) watchers: Vec<String>,
    /// Whether the room's game counts for ratings, and its results once over.
    pub(crate) rated: bool,
    pub(crate) results: Vec<ResultMsg>,
    /// The lobby, while this page watches it (outside a room).
    pub(crate) lobby: Option<LobbyMsg>,
    /// The lobby was asked for under the player's name (else without one).
    pub(crate) lobby_named: bool,
    /// The name the lobby knows this page by, once it has said so.
    pub(crate) lobby_name: Option<String>,
    /// A new name given in the lobby, not yet taken or refused.
    pub(crate) renaming: bool,
    /// The name fields are to show `name` again (a new name was refused).
    pub(crate) refill_names: std::cell::Cell<bool>,
    /// This player's id, as the server said it.
    pub(crate) player: Option<String>,
    /// The server node this connection is served by, as its welcome said.
    pub(crate) node: String,
    /// When this player sat down in the waiting room they are in (the
    /// page's clock), for the offer of a computer opponent; none once
    /// turned down.
    pub(crate) waiting_since: Option<f64>,
    /// The last one-time code the server gave for this identity.
    pub(crate) transfer_code: Option<String>,
    pub(crate) socket: Option<WebSocket>,
    /// The room the socket's address names (`/ws?room=<id>`), if any.
    pub(crate) socket_room: Option<String>,
    /// The socket left for a new one, open until the new one is in the room.
    pub(crate) retiring: Option<WebSocket>,
    /// The name the last join from this page gave (a watcher keeps it when
    /// it joins again on a new socket).
    pub(crate) joined_as: Option<String>,
    /// The socket's callbacks, kept as long as it lives.
    pub(crate) handlers: Vec<Closure<dyn FnMut(JsValue)>>,
    pub(crate) token: Option<String>,
    pub(crate) welcomed: bool,
    pub(crate) link: Link,
    pub(crate) attempts: u32,
    /// Frames written before the server said welcome.
    pub(crate) queue: Vec<ClientMsg>,
    pub(crate) waiter: Option<Waiter>,
    pub(crate) rtt: Option<u32>,
    /// The room the address asks for, until it is joined.
    pub(crate) wanted_room: Option<String>,
    pub(crate) name: String,
}

impl Online {
    pub(crate) fn remote(&self) -> &Remote {
        &self.remote
    }

    pub(crate) fn link(&self) -> Link {
        self.link
    }

    pub(crate) fn rtt(&self) -> Option<u32> {
        self.rtt
    }

    pub(crate) fn wanted_room(&self) -> Option<&str> {
        self.wanted_room.as_deref()
    }
}
