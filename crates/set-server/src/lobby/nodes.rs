//! The lobby across a cluster's nodes: its queue to the bus, the bus's
//! health, what this node tells the others (its rooms taken, its lobby
//! whole) and what it hears from them, and forgetting the silent ones.

use super::Lobby;
use super::chat;
use super::peers::{NodeLobby, PeerMsg};
use crate::proto::{BusHealth, LobbyChatMsg};
use std::time::Instant;
use tokio::sync::mpsc;

impl Lobby {
    /// The bus's queue: from now on this lobby tells the other nodes its
    /// changes through it.
    pub fn join_bus(&self, to_peers: mpsc::Sender<PeerMsg>) {
        self.state().to_peers = Some(to_peers);
    }

    /// Whether the bus is up; when it goes down, the lobby says it is out
    /// of date (told with who is online).
    pub fn set_bus(&self, health: BusHealth) {
        let mut state = self.state();
        if state.bus != health {
            state.bus = health;
            state.online_changed = true;
        }
    }

    pub fn bus(&self) -> BusHealth {
        self.state().bus
    }

    /// Tells the other nodes that this one took `room` at `epoch`.
    pub fn took(&self, room: &str, epoch: u64) {
        self.state().tell_peers(PeerMsg::Taken { room: room.to_owned(), epoch });
    }

    /// Whether `room` is another node's (listed by it, and not by this one).
    pub fn elsewhere(&self, room: &str) -> bool {
        let state = self.state();
        !state.rooms.contains_key(room) && state.peers.room(room).is_some()
    }

    /// The lobby chat's last lines, oldest first, for a node that starts.
    pub fn chat_history(&self) -> Vec<LobbyChatMsg> {
        let state = self.state();
        state.chat.iter().chain(&state.chat_untold).cloned().collect()
    }

    /// This node's lobby, whole, for the other nodes.
    pub fn own(&self) -> NodeLobby {
        let state = self.state();
        NodeLobby {
            rooms: state.rooms.values().cloned().collect(),
            players: state.online.players().cloned().collect(),
            names: state.online.names().map(|(player, name)| (player.clone(), name.clone())).collect(),
            people: state.own_people(),
            present: state
                .present
                .iter()
                .filter(|(room, _)| state.rooms.contains_key(*room))
                .map(|(room, &n)| (room.clone(), n))
                .collect(),
        }
    }

    /// What another node said, heard at `now`.
    pub fn heard(&self, node: &str, msg: PeerMsg, now: Instant) {
        let mut state = self.state();
        match msg {
            // (It was checked and rate limited on its own node.)
            PeerMsg::Chat { line } => return state.hear_chat(line),
            // What was said before this node started: kept, if nothing has been said here since.
            PeerMsg::ChatHistory { lines } => {
                if state.chat.is_empty() && state.chat_untold.is_empty() {
                    let skip = lines.len().saturating_sub(chat::KEPT);
                    state.chat = lines.into_iter().skip(skip).collect();
                }
                return;
            }
            _ => {}
        }
        let changed = state.peers.heard(node, msg, now);
        state.take_in(changed);
    }

    /// Forgets the other nodes not heard from for a while (dead, or out of
    /// the bus's reach); called every [`ONLINE_EVERY`].
    pub fn forget_silent(&self, now: Instant) {
        let mut state = self.state();
        // (And the rooms made that count against no address any more: so
        // that an address that made one room once is not kept for ever.)
        state.forget_made(None);
        let changed = state.peers.forget_silent(now);
        state.take_in(changed);
    }
}
