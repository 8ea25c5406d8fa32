//! What a client may send.

use serde::{Deserialize, Serialize};
use set_core::rules::variant::Dealing;

/// One frame of a client's.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMsg {
    /// First: who the client is (no token: a new anonymous player).
    Hello {
        /// The protocol's version the client speaks ([`crate::VERSION`]).
        v: u32,
        /// The token a welcome gave, to be the same player; none: a new one.
        token: Option<String>,
    },
    /// A new room; the answer is `created`, and the client then joins it.
    /// A public room is listed in the lobby; a private one is reached by
    /// its link only.
    Create {
        /// The way to play by name. Text, not the core's `Variant`, because
        /// it comes from a client: an unknown name is answered `bad_mode`
        /// with the ways there are, not refused as a frame that does not read.
        mode: String,
        /// Hints allowed in the room (a room with hints is never rated).
        hints: bool,
        /// The host's name.
        name: String,
        #[serde(default)]
        /// Listed in the lobby.
        public: bool,
        /// Computer opponents by level ("easy", "medium", "hard", "expert"),
        /// at most 3; a room with any is never rated.
        #[serde(default)]
        bots: Vec<String>,
        /// When extra cards come: by themselves, or when a player calls
        /// "no set" (in a way that takes calls; any other deals by itself).
        #[serde(default, with = "crate::values::dealing")]
        dealing: Dealing,
    },
    /// Sit at (or come back to) a room; `since` is the last event applied.
    Join {
        /// The room's id.
        room: String,
        /// The name to sit (or watch) under; none: back by the token.
        name: Option<String>,
        /// The last event the client applied: the room sends the ones after it.
        since: Option<u32>,
    },
    /// The host starts the game.
    Start,
    /// Three cards (by id) the client says are a set, seen after event `seen`.
    Claim {
        /// The client's number for it, echoed in the answer.
        id: u32,
        /// The cards, by id (a client may send anything: the room checks).
        cards: Vec<i64>,
        /// The last event the client had applied when it saw them.
        seen: u32,
    },
    /// Memory: turn up the card in `slot` of the table seen after event
    /// `seen`, on the sender's turn. Everyone is told (`flipped`); a refusal
    /// is an `error` without an id.
    Flip {
        /// The slot, from 0.
        slot: u8,
        /// The last event the client had applied when it looked.
        seen: u32,
    },
    /// Ask for a hint (rooms with hints only).
    Hint {
        /// The client's number for it, echoed in a refusal.
        id: u32,
    },
    /// Call "no set" on the table seen after event `seen` (rooms whose
    /// extra cards wait for a call). The answer is a `result`: `accepted`
    /// (right: more cards), `wrong` (a claim lies out), or `taken` (late:
    /// `by` changed the table first; nothing happened).
    CallNoSet {
        /// The client's number for it, echoed in the answer.
        id: u32,
        /// The last event the client had applied when it looked.
        seen: u32,
    },
    /// `c` comes back in the pong; `rtt` is the client's last measurement, shown to all.
    Ping {
        /// The client's clock, echoed in the pong.
        c: f64,
        /// The client's last round trip, ms.
        rtt: Option<u32>,
    },
    /// Offer (or accept) another game with the same players.
    Rematch,
    /// A line of chat: to the room (its seated players), or to the lobby
    /// outside a room; 1 to [`crate::chat::MAX_CHARS`] characters.
    Chat {
        /// The line.
        text: String,
    },
    /// Watch the lobby: its public rooms, who is online, its chat. The
    /// answer is `lobby`, then its changes as they happen, until the client
    /// joins a room. With a name, the others see it among those in the lobby.
    Lobby {
        /// The name to be seen under; none: unseen.
        name: Option<String>,
    },
    /// Sit at the oldest public room of `mode` waiting for players (no
    /// hints), or make one and wait in it: the answer is the room's `room`.
    QuickPlay {
        /// The way to play by name (text, as `create`'s).
        mode: String,
        /// The name to sit under.
        name: String,
    },
    /// The host takes a seat away before the start (its player may watch,
    /// but not sit again in this room).
    Remove {
        /// The seat taken away.
        seat: u8,
    },
    /// The host sets the computer opponents of a waiting room (by level, at most 3).
    Bots {
        /// Their levels' names ("easy", "medium", "hard", "expert").
        bots: Vec<String>,
    },
    /// A one-time code that moves this identity to another browser.
    TransferCode,
    /// Become the player a code from another browser names: the answer is
    /// `welcome`, with a token of this browser's own.
    Redeem {
        /// The code, as typed.
        code: String,
    },
    /// Sign this player out of every other browser: their tokens stop
    /// working, and this connection is welcomed again with a new one.
    SignOutElsewhere,
    /// Report a player to the server's operator (a few a day at most).
    Report {
        /// The player's id (as a profile or the lobby's chat names it).
        player: String,
        /// Why, in a chat line's bounds.
        why: String,
    },
}

/// The kind of a message a client sends: its `t` on the wire. A refusal
/// names the kind of the request it answers (`error`'s `to`), so that the
/// page routes it by what it asked, never by what it was waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClientKind {
    /// `hello`.
    Hello,
    /// `create`.
    Create,
    /// `join`.
    Join,
    /// `start`.
    Start,
    /// `claim`.
    Claim,
    /// `flip`.
    Flip,
    /// `hint`.
    Hint,
    /// `call_no_set`.
    CallNoSet,
    /// `ping`.
    Ping,
    /// `rematch`.
    Rematch,
    /// `chat`.
    Chat,
    /// `lobby`.
    Lobby,
    /// `quick_play`.
    QuickPlay,
    /// `remove`.
    Remove,
    /// `bots`.
    Bots,
    /// `transfer_code`.
    TransferCode,
    /// `redeem`.
    Redeem,
    /// `sign_out_elsewhere`.
    SignOutElsewhere,
    /// `report`.
    Report,
}

impl ClientKind {
    /// Every kind, in the order of [`ClientMsg`]'s variants.
    pub const ALL: [ClientKind; 19] = [
        ClientKind::Hello,
        ClientKind::Create,
        ClientKind::Join,
        ClientKind::Start,
        ClientKind::Claim,
        ClientKind::Flip,
        ClientKind::Hint,
        ClientKind::CallNoSet,
        ClientKind::Ping,
        ClientKind::Rematch,
        ClientKind::Chat,
        ClientKind::Lobby,
        ClientKind::QuickPlay,
        ClientKind::Remove,
        ClientKind::Bots,
        ClientKind::TransferCode,
        ClientKind::Redeem,
        ClientKind::SignOutElsewhere,
        ClientKind::Report,
    ];

    /// Its `t` on the wire.
    pub fn name(self) -> &'static str {
        match self {
            ClientKind::Hello => "hello",
            ClientKind::Create => "create",
            ClientKind::Join => "join",
            ClientKind::Start => "start",
            ClientKind::Claim => "claim",
            ClientKind::Flip => "flip",
            ClientKind::Hint => "hint",
            ClientKind::CallNoSet => "call_no_set",
            ClientKind::Ping => "ping",
            ClientKind::Rematch => "rematch",
            ClientKind::Chat => "chat",
            ClientKind::Lobby => "lobby",
            ClientKind::QuickPlay => "quick_play",
            ClientKind::Remove => "remove",
            ClientKind::Bots => "bots",
            ClientKind::TransferCode => "transfer_code",
            ClientKind::Redeem => "redeem",
            ClientKind::SignOutElsewhere => "sign_out_elsewhere",
            ClientKind::Report => "report",
        }
    }

    /// The kind a `t` names; `None` for a type no client sends, which a
    /// server tells apart from a known type with bad fields.
    pub fn from_name(name: &str) -> Option<ClientKind> {
        ClientKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

impl ClientMsg {
    /// The frame's text, as every client writes it ([`crate::write`]).
    pub fn to_text(&self) -> String {
        self.write()
    }

    /// The client's number for it (a claim's, a hint's, a call's), which
    /// its answer or its refusal echoes.
    pub fn id(&self) -> Option<u32> {
        match self {
            ClientMsg::Claim { id, .. } | ClientMsg::Hint { id } | ClientMsg::CallNoSet { id, .. } => Some(*id),
            _ => None,
        }
    }

    /// The message's kind (its `t`).
    pub fn kind(&self) -> ClientKind {
        match self {
            ClientMsg::Hello { .. } => ClientKind::Hello,
            ClientMsg::Create { .. } => ClientKind::Create,
            ClientMsg::Join { .. } => ClientKind::Join,
            ClientMsg::Start => ClientKind::Start,
            ClientMsg::Claim { .. } => ClientKind::Claim,
            ClientMsg::Flip { .. } => ClientKind::Flip,
            ClientMsg::Hint { .. } => ClientKind::Hint,
            ClientMsg::CallNoSet { .. } => ClientKind::CallNoSet,
            ClientMsg::Ping { .. } => ClientKind::Ping,
            ClientMsg::Rematch => ClientKind::Rematch,
            ClientMsg::Chat { .. } => ClientKind::Chat,
            ClientMsg::Lobby { .. } => ClientKind::Lobby,
            ClientMsg::QuickPlay { .. } => ClientKind::QuickPlay,
            ClientMsg::Remove { .. } => ClientKind::Remove,
            ClientMsg::Bots { .. } => ClientKind::Bots,
            ClientMsg::TransferCode => ClientKind::TransferCode,
            ClientMsg::Redeem { .. } => ClientKind::Redeem,
            ClientMsg::SignOutElsewhere => ClientKind::SignOutElsewhere,
            ClientMsg::Report { .. } => ClientKind::Report,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds a server tells an unknown type from a known one by are the
    /// enum's own: serde names every variant it reads in its refusal of an
    /// unknown `t`, and a message added to the enum without its kind would
    /// be refused by every server as "not a message type".
    #[test]
    fn the_client_types_are_every_message_the_enum_reads() {
        let Err(err) = serde_json::from_str::<ClientMsg>(r#"{"t":"no_such_type"}"#) else {
            panic!("an unknown type read");
        };
        let err = err.to_string();
        let listed = err.split("expected one of ").nth(1).unwrap_or_else(|| panic!("serde's words changed: {err}"));
        // Each name in backticks: `hello`, `create`, … `report`.
        let mut read: Vec<&str> = listed.split('`').skip(1).step_by(2).collect();
        let mut known = ClientKind::ALL.map(ClientKind::name).to_vec();
        read.sort_unstable();
        known.sort_unstable();
        assert_eq!(read, known);
    }

    #[test]
    fn every_message_names_its_type_as_the_wire_does() {
        let all = [
            ClientMsg::Hello { v: crate::VERSION, token: None },
            ClientMsg::Create {
                mode: "classic".into(),
                hints: false,
                name: "Ann".into(),
                public: true,
                bots: vec!["hard".into()],
                dealing: Dealing::WhenCalled,
            },
            ClientMsg::Join { room: "r".into(), name: None, since: None },
            ClientMsg::Start,
            ClientMsg::Claim { id: 1, cards: vec![0, 1, 2], seen: 0 },
            ClientMsg::Flip { slot: 20, seen: 3 },
            ClientMsg::Hint { id: 1 },
            ClientMsg::CallNoSet { id: 2, seen: 7 },
            ClientMsg::Ping { c: 1.5, rtt: Some(3) },
            ClientMsg::Rematch,
            ClientMsg::Chat { text: "hi <b>".into() },
            ClientMsg::Lobby { name: Some("Bo".into()) },
            ClientMsg::QuickPlay { mode: "classic".into(), name: "Cy".into() },
            ClientMsg::Remove { seat: 2 },
            ClientMsg::Bots { bots: vec!["easy".into(), "expert".into()] },
            ClientMsg::TransferCode,
            ClientMsg::Redeem { code: "k7q2m9xd4p".into() },
            ClientMsg::SignOutElsewhere,
            ClientMsg::Report { player: "0123456789abcdef0123456789abcdef".into(), why: "rude <b>".into() },
        ];
        assert_eq!(all.len(), ClientKind::ALL.len());
        for (message, kind) in all.iter().zip(ClientKind::ALL) {
            let value: serde_json::Value = serde_json::from_str(&message.to_text()).unwrap();
            assert_eq!(value["t"], kind.name());
            assert_eq!(message.kind(), kind);
            // A refusal's `to` names it as its `t` does, and reads back.
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.name());
            assert_eq!(ClientKind::from_name(kind.name()), Some(kind));
            assert_eq!(serde_json::from_value::<ClientMsg>(value).ok().as_ref(), Some(message));
        }
    }
}
