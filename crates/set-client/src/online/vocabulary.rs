//! online.html's model's vocabulary: the events it takes ([`Event`]), the
//! commands it returns ([`Command`]) with what a promise waits for and is
//! settled with, and the small values the view reads (the link's state,
//! chat lines, the form's errors, the lobby's tabs).

use set_core::rules::variant::Dealing;
use set_protocol::{ClientMsg, ServerMsg};

/// How long a player waits alone in a room before the page offers a computer opponent.
pub const OFFER_BOTS_MS: f64 = 20_000.0;

/// The state of the connection to the server.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Link {
    /// The first socket is opening.
    Connecting,
    /// The server has said welcome on the open socket.
    Open,
    /// The socket dropped: the page waits, then tries again.
    Reconnecting,
}

impl Link {
    /// Its name in `state()`.
    pub fn name(self) -> &'static str {
        match self {
            Link::Connecting => "connecting",
            Link::Open => "open",
            Link::Reconnecting => "reconnecting",
        }
    }
}

/// What a promise of the JS API waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WaitFor {
    /// The room the page asked for, made.
    Created,
    /// The player seated in a room, or watching it when the join gave no name.
    Seated,
    /// The room's game started.
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

/// What a settled promise holds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Settled {
    /// Nothing to hand over.
    Nothing,
    /// A room's id.
    Room(String),
    /// A player's id.
    Player(String),
    /// The lobby as the page knows it now.
    Lobby,
    /// A one-time code and how long it lasts, in seconds.
    Code {
        /// The code.
        code: String,
        /// How long it lasts, in seconds.
        seconds: u64,
    },
}

/// Who said a line of chat: a seat of the room, or a player in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Speaker {
    /// A seat of the room.
    Seat(u8),
    /// A player of the lobby, by id.
    Player(String),
}

/// A line of chat as the page keeps it, the room's and the lobby's alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// Who said it: a seat of the room, or a player (in the lobby, or watching the room).
    pub by: Speaker,
    /// Said by someone watching the room, not playing in it.
    pub watching: bool,
    /// Their name when they said it.
    pub name: String,
    /// What they said.
    pub text: String,
}

impl From<set_protocol::ChatMsg> for ChatLine {
    fn from(line: set_protocol::ChatMsg) -> ChatLine {
        let (by, watching) = match line.watcher {
            Some(player) => (Speaker::Player(player), true),
            None => (Speaker::Seat(line.seat), false),
        };
        ChatLine { by, watching, name: line.name, text: line.text }
    }
}

impl From<set_protocol::LobbyChatMsg> for ChatLine {
    fn from(line: set_protocol::LobbyChatMsg) -> ChatLine {
        ChatLine { by: Speaker::Player(line.player), watching: false, name: line.name, text: line.text }
    }
}

/// A refusal the lobby's form shows beside what caused it, in the page's
/// words, until the player acts again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormError {
    /// The name field's: a name that cannot be shown, or one someone online
    /// has (with a free one like it to offer).
    Name {
        /// Why, in words.
        message: String,
        /// A name like it that no one online has, to offer.
        suggestion: Option<String>,
    },
    /// The form's as a whole: a room not made, a quick play not seated.
    Form(String),
}

/// The lobby's part shown on a narrow screen, where its parts are tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LobbyTab {
    /// Quick play, the games to join or watch, making a room.
    #[default]
    Games,
    /// The lobby's chat and who is in it.
    Chat,
    /// The leaderboard.
    Leaders,
}

impl LobbyTab {
    /// Every tab, in the order shown.
    pub const ALL: [LobbyTab; 3] = [LobbyTab::Games, LobbyTab::Chat, LobbyTab::Leaders];

    /// Its name: its button's id is `tab-<name>`.
    pub fn name(self) -> &'static str {
        match self {
            LobbyTab::Games => "games",
            LobbyTab::Chat => "chat",
            LobbyTab::Leaders => "leaders",
        }
    }

    /// The tab of a name.
    pub fn from_name(name: &str) -> Option<LobbyTab> {
        LobbyTab::ALL.into_iter().find(|tab| tab.name() == name)
    }
}

/// What happens to the page. Buttons come already parsed, with what their
/// forms held when they were pressed.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The socket opened.
    Opened,
    /// A frame of the server's, read.
    Frame(ServerMsg),
    /// The socket closed (or could not be opened: 1006), with its code.
    Closed {
        /// The close code.
        code: u16,
    },
    /// The wait after a drop is over.
    RetryDue,
    /// Time to measure the round trip.
    PingDue,
    /// A card's place on the table tapped.
    Tap {
        /// The slot tapped.
        slot: usize,
    },
    /// A card of the previous set (a chain way's, above the table) tapped.
    TapRow {
        /// Its place in the row.
        index: usize,
    },
    /// Make a room (the form, or the JS API).
    Create {
        /// The way to play's name.
        mode: String,
        /// The player's name.
        name: String,
        /// Whether the room allows hints.
        hints: bool,
        /// Whether the lobby lists the room.
        public: bool,
        /// Computer opponents' levels, by name.
        bots: Vec<String>,
        /// When extra cards come.
        dealing: Dealing,
    },
    /// Quick play (a button, or the JS API).
    QuickPlay {
        /// The way to play's name.
        mode: String,
        /// The player's name.
        name: String,
    },
    /// Join a room under a name (none to watch unnamed).
    Join {
        /// The room's id.
        room: String,
        /// The player's name (empty to watch).
        name: String,
    },
    /// Join the room of the lobby's list at this place.
    Enter {
        /// The room's place in the lobby's list.
        at: usize,
        /// The player's name.
        name: String,
    },
    /// The host starts the game.
    Start,
    /// A hint.
    Hint,
    /// "No set" (the button, its key, or the JS API).
    CallNoSet,
    /// The end screen's rematch: to the rematch's room, or offer one.
    Rematch,
    /// The end screen put away, to look at the last board and the log.
    SeeBoard,
    /// The end screen shown again.
    ShowResults,
    /// A line of chat to send, and the name in the lobby's field.
    Chat {
        /// The line.
        text: String,
        /// The name in the lobby's field.
        name: String,
    },
    /// Ask for a one-time code that moves this identity.
    TransferCode,
    /// Become the player of a code from another browser.
    Redeem(String),
    /// The name field of the lobby, changed.
    Rename(String),
    /// The free name the lobby offered in place of one taken, accepted.
    UseSuggestion,
    /// A tab of the lobby chosen (on a narrow screen).
    ShowTab(LobbyTab),
    /// A computer opponent now, after waiting alone.
    AcceptBots,
    /// Keep waiting for people.
    KeepWaiting,
    /// The host takes a seat away.
    Remove {
        /// The seat taken away.
        seat: u8,
    },
    /// Mute (or show again) a player of the room, by seat.
    MuteSeat(usize),
    /// Mute (or show again) a person in the lobby, by place in its list.
    MuteInLobby(usize),
    /// Report the player of a seat of the room to the server's operator,
    /// naming the room (whose chat the operator can read).
    ReportSeat(usize),
    /// Sign this identity out of every other browser it is used in.
    SignOutElsewhere,
}

/// What the page's edge carries out.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Write this frame on the socket.
    Send(ClientMsg),
    /// Open a socket to `/ws`, naming the room if any (`?room=<id>`),
    /// leaving the current one, if any, open until `Retire`.
    Connect {
        /// The room's id.
        room: Option<String>,
    },
    /// Close the socket a move to a new one left open.
    Retire,
    /// Dispatch [`Event::RetryDue`] after this many ms.
    RetryAfter(f64),
    /// Keep a value in the page's storage (none: remove it).
    Store {
        /// The storage key.
        key: &'static str,
        /// The value (none: remove it).
        value: Option<String>,
    },
    /// Point the address at a room, without a reload.
    ShowRoomInAddress(String),
    /// Settle the promise waiting for this, if one is.
    Settle(WaitFor, Settled),
    /// Reject the promise waiting, if any, with this message.
    Fail(String),
}
