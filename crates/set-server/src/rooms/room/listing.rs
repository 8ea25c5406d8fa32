//! How a room shows itself to those outside it: the names of its watchers,
//! and its line in the lobby when it is public.

use super::Room;
use crate::proto::LobbyRoomMsg;
use crate::rooms::ConnId;
use crate::store::Status;

impl Room {
    /// The names of those watching, in the order they came (those who gave none left out).
    pub(super) fn watchers(&self) -> Vec<String> {
        let mut watching: Vec<(ConnId, &str)> = self
            .conns
            .iter()
            .filter(|(_, c)| c.seat.is_none())
            .filter_map(|(&id, c)| Some((id, c.name.as_deref()?)))
            .collect();
        watching.sort();
        let mut names: Vec<String> = Vec::new();
        for (_, name) in watching {
            if !names.iter().any(|n| n == name) {
                names.push(name.to_owned());
            }
        }
        names
    }

    /// Tells the lobby what this room is now, if it is public: listed while
    /// someone sits in it and its game is not over, withdrawn otherwise.
    pub(super) fn publish(&self) {
        let Some(lobby) = self.lobby.as_ref().filter(|_| self.record.public) else { return };
        let mut present: Vec<_> = self.conns.values().filter_map(|c| c.seat).collect();
        present.sort_unstable();
        present.dedup();
        if present.is_empty() || self.record.status == Status::Over {
            return lobby.withdraw(&self.record.id);
        }
        // At most a room's eight seats.
        let seated_here = u8::try_from(present.len()).unwrap_or(u8::MAX);
        lobby.publish(
            LobbyRoomMsg {
                room: self.record.id.clone(),
                mode: self.record.mode,
                hints: self.record.hints,
                dealing: self.record.dealing,
                rated: !self.record.hints && self.record.bots.is_empty(),
                status: self.record.status,
                players: self.players().into_iter().map(|p| p.name).collect(),
                watchers: self.conns.values().filter(|c| c.seat.is_none()).count() as u32,
                created_at: self.record.created_at,
            },
            seated_here,
        );
    }
}
