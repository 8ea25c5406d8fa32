//! The names people go by in the lobby: a name taken only when it is unlike
//! every other watcher's here and everyone's online on any node, with a
//! free one like it offered when it is not; and a friendly name given to
//! whoever has none.

use super::{LobbyError, State};
use crate::conn::ConnId;

/// How many friendly names are drawn for a player before numbered ones are tried.
const GIVING_TRIES: usize = 8;

impl State {
    /// `name` (given by `player`, connection `conn`) normalised, if it is
    /// unlike the name of anyone else online and of any other watcher here;
    /// taken by `player` from now on.
    pub(super) fn take_name(&mut self, conn: Option<ConnId>, player: &str, name: &str) -> Result<String, LobbyError> {
        let checked = crate::names::seatable(&[name]).map_err(LobbyError::BadName)?;
        let name = checked.into_iter().next().unwrap_or_default();
        if let Some(why) = self.clash(conn, player, &name) {
            let suggestion = set_core::players::names::alternatives(&name)
                .find(|other| crate::names::seatable(&[other]).is_ok() && self.clash(conn, player, other).is_none());
            return Err(LobbyError::Taken { why, suggestion });
        }
        self.online.take_name(player, &name).map_err(|other| LobbyError::Taken {
            why: format!("\"{name}\" looks too much like \"{other}\", the name of someone online: choose another name"),
            suggestion: None,
        })?;
        Ok(name)
    }

    /// Why `name` (normalised) cannot be `player`'s: a watcher here (on
    /// another connection than `conn`) or someone online has one too like it.
    fn clash(&self, conn: Option<ConnId>, player: &str, name: &str) -> Option<String> {
        // A watcher keeps showing the name they came under, even once its
        // player has given another elsewhere.
        let watching = self
            .watchers
            .iter()
            .filter(|(other, w)| Some(**other) != conn && w.player != player)
            .filter_map(|(_, w)| w.name.as_deref())
            .find(|other| crate::names::confusable(other, name));
        if let Some(other) = watching {
            return Some(format!(
                "\"{name}\" looks too much like \"{other}\", who is in the lobby: choose another name"
            ));
        }
        let skeleton = crate::presence::skeleton(name);
        let online = self.peers.name_held(&skeleton, player).or_else(|| self.online.holder(&skeleton, player));
        online.map(|other| {
            format!("\"{name}\" looks too much like \"{other}\", the name of someone online: choose another name")
        })
    }

    /// The name `player` (online here) goes by: theirs already, or a
    /// friendly one given now that no one else online has.
    pub(super) fn give_name(&mut self, player: &str) -> String {
        if let Some(name) = self.online.name_of(player) {
            return name.to_owned();
        }
        let picks = std::iter::repeat_with(crate::ids::random_u64).take(GIVING_TRIES);
        let mut friendly = picks.map(set_core::players::names::friendly);
        let first = friendly.next().unwrap_or_default();
        // Rarely all taken (a crowd online): the first with a number after it.
        let candidates = std::iter::once(first.clone())
            .chain(friendly)
            .chain(set_core::players::names::alternatives(&first).collect::<Vec<_>>());
        for name in candidates {
            if self.clash(None, player, &name).is_none() && self.online.take_name(player, &name).is_ok() {
                return name;
            }
        }
        String::new()
    }
}
