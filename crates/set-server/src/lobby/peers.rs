//! What the nodes of a cluster tell each other ([`PeerMsg`]), and what the
//! lobby knows of the other nodes, as they told it
//! over the bus (`crate::bus`): each node's public rooms, the players
//! online there and the names they hold, and the names in its lobby.
//!
//! A node's view is replaced whole by each [`NodeLobby`] it sends (every
//! [`crate::bus::SNAPSHOT_EVERY`]), changed in between by its rooms'
//! changes as they happen, and forgotten once the node has been silent for
//! [`SILENT_AFTER`]: a node that died, or that the bus cannot reach, leaves
//! the lobby by itself, and comes back with its next snapshot. Nothing
//! here is a second truth about a room: a room's own node says what it is.
//!
//! The messages are [`PeerMsg`]s, defined here once: every node runs this
//! code, so the bus's two sides cannot drift.

mod bounds;

pub(crate) use bounds::checked;

use crate::proto::{LobbyChatMsg, LobbyRoomMsg};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

/// A node not heard from for this long is gone from the lobby (three of
/// its snapshots missed).
pub(crate) const SILENT_AFTER: Duration = Duration::from_secs(3);

/// The nodes a lobby keeps a view of at most: a bus shared by more is
/// misconfigured, and the rest are not shown.
pub(crate) const MAX_PEERS: usize = 64;

/// What a node's lobby holds that the other nodes show.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct NodeLobby {
    /// Its public rooms with someone in them.
    pub rooms: Vec<LobbyRoomMsg>,
    /// The players with a connection to it.
    pub players: Vec<String>,
    /// The name each of them goes by, where they gave one: `(player, name)`.
    pub names: Vec<(String, String)>,
    /// The names given by those watching its lobby.
    pub people: Vec<String>,
    /// How many of each room's seats have their player in it now (quick
    /// play counts those, not the seats; absent from an older node's).
    #[serde(default)]
    pub present: Vec<(String, u8)>,
}

/// What one node tells the others.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PeerMsg {
    /// Its whole lobby: every few moments, and in answer to a hello.
    Lobby(NodeLobby),
    /// One of its rooms is new or changed, or how many of its seats have
    /// their player in it (`present`; none from an older node).
    Room {
        room: LobbyRoomMsg,
        #[serde(default)]
        present: Option<u8>,
    },
    /// One of its rooms left the lobby.
    Gone { room: String },
    /// A line of lobby chat said there.
    Chat { line: LobbyChatMsg },
    /// It took this room, raising its epoch to this: a node holding an
    /// older copy lets go of it now (its players reconnect to the room's
    /// node), rather than at its next write, which the epoch would refuse.
    Taken { room: String, epoch: u64 },
    /// It has just joined the bus: the others answer with their lobbies
    /// and their lobby chat's last lines.
    Hello,
    /// The lobby chat's last lines, oldest first: the answer to a hello,
    /// so that a node that starts shows what was said before.
    ChatHistory { lines: Vec<LobbyChatMsg> },
}

/// One frame on the bus: the node that sent it, and what it says.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub(crate) struct PeerFrame {
    pub node: String,
    pub msg: PeerMsg,
}

struct Peer {
    rooms: HashMap<String, LobbyRoomMsg>,
    players: HashSet<String>,
    /// Each name held there, by its confusable skeleton: `(player, name)`.
    names: HashMap<String, (String, String)>,
    people: Vec<String>,
    /// How many of each room's seats have their player in it, where told.
    present: HashMap<String, u8>,
    heard: Instant,
}

impl Peer {
    fn new(now: Instant) -> Peer {
        Peer {
            rooms: HashMap::new(),
            players: HashSet::new(),
            names: HashMap::new(),
            people: Vec::new(),
            present: HashMap::new(),
            heard: now,
        }
    }
}

/// What changed in the lobby's view by something heard or forgotten.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Changed {
    /// Rooms new, changed or gone.
    pub rooms: Vec<String>,
    /// Who is online (or their names) changed.
    pub online: bool,
}

/// The other nodes' lobbies.
#[derive(Default)]
pub(crate) struct Peers {
    nodes: HashMap<String, Peer>,
}

impl Peers {
    /// A room of another node, if one lists it.
    pub(crate) fn room(&self, id: &str) -> Option<&LobbyRoomMsg> {
        self.nodes.values().find_map(|peer| peer.rooms.get(id))
    }

    /// How many of another node's room's seats have their player in it,
    /// if that node said.
    pub(crate) fn present(&self, id: &str) -> Option<usize> {
        self.nodes.values().find_map(|peer| peer.present.get(id)).map(|&n| usize::from(n))
    }

    /// Every room the other nodes list.
    pub(crate) fn rooms(&self) -> impl Iterator<Item = &LobbyRoomMsg> {
        self.nodes.values().flat_map(|peer| peer.rooms.values())
    }

    /// The players online on other nodes (a player on two is given twice).
    pub(crate) fn players(&self) -> impl Iterator<Item = &String> {
        self.nodes.values().flat_map(|peer| peer.players.iter())
    }

    /// The names in the other nodes' lobbies.
    pub(crate) fn people(&self) -> impl Iterator<Item = &String> {
        self.nodes.values().flat_map(|peer| peer.people.iter())
    }

    /// The name with this skeleton that someone other than `player` holds
    /// on another node, if anyone does.
    pub(crate) fn name_held(&self, skeleton: &str, player: &str) -> Option<&str> {
        self.nodes
            .values()
            .filter_map(|peer| peer.names.get(skeleton))
            .find(|(holder, _)| holder != player)
            .map(|(_, name)| name.as_str())
    }

    /// Takes in what `node` said (not a chat line, nor a hello: the lobby
    /// handles those), at `now`.
    pub(crate) fn heard(&mut self, node: &str, msg: PeerMsg, now: Instant) -> Changed {
        if !self.nodes.contains_key(node) && self.nodes.len() >= MAX_PEERS {
            return Changed::default();
        }
        let peer = self.nodes.entry(node.to_owned()).or_insert_with(|| Peer::new(now));
        peer.heard = now;
        match msg {
            PeerMsg::Lobby(lobby) => whole(peer, lobby),
            PeerMsg::Room { room, present } => {
                match present {
                    Some(present) => peer.present.insert(room.room.clone(), present),
                    None => peer.present.remove(&room.room),
                };
                if peer.rooms.get(&room.room) == Some(&room) {
                    return Changed::default();
                }
                let id = room.room.clone();
                peer.rooms.insert(id.clone(), room);
                Changed { rooms: vec![id], online: false }
            }
            PeerMsg::Gone { room } => {
                peer.present.remove(&room);
                match peer.rooms.remove(&room) {
                    Some(_) => Changed { rooms: vec![room], online: false },
                    None => Changed::default(),
                }
            }
            PeerMsg::Chat { .. } | PeerMsg::ChatHistory { .. } | PeerMsg::Hello | PeerMsg::Taken { .. } => {
                Changed::default()
            }
        }
    }

    /// Forgets the nodes not heard from since `SILENT_AFTER` before `now`.
    pub(crate) fn forget_silent(&mut self, now: Instant) -> Changed {
        let silent: Vec<String> = self
            .nodes
            .iter()
            .filter(|(_, peer)| now.saturating_duration_since(peer.heard) >= SILENT_AFTER)
            .map(|(node, _)| node.clone())
            .collect();
        let mut changed = Changed::default();
        for node in silent {
            if let Some(peer) = self.nodes.remove(&node) {
                tracing::info!(%node, "the bus has not heard this node for a while: its rooms leave the lobby");
                changed.rooms.extend(peer.rooms.into_keys());
                changed.online |= !peer.players.is_empty() || !peer.people.is_empty();
            }
        }
        changed
    }
}

/// Replaces a node's view by its whole lobby.
fn whole(peer: &mut Peer, lobby: NodeLobby) -> Changed {
    let rooms: HashMap<String, LobbyRoomMsg> = lobby.rooms.into_iter().map(|r| (r.room.clone(), r)).collect();
    let mut changed: Vec<String> =
        rooms.iter().filter(|(id, room)| peer.rooms.get(*id) != Some(*room)).map(|(id, _)| id.clone()).collect();
    changed.extend(peer.rooms.keys().filter(|id| !rooms.contains_key(*id)).cloned());
    let players: HashSet<String> = lobby.players.into_iter().collect();
    let names: HashMap<String, (String, String)> =
        lobby.names.into_iter().map(|(player, name)| (crate::presence::skeleton(&name), (player, name))).collect();
    let online = players != peer.players || names != peer.names || lobby.people != peer.people;
    peer.rooms = rooms;
    peer.players = players;
    peer.names = names;
    peer.people = lobby.people;
    peer.present = lobby.present.into_iter().filter(|(id, _)| peer.rooms.contains_key(id)).collect();
    Changed { rooms: changed, online }
}
