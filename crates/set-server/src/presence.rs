//! Who is online: each player with a connection open, counted once however
//! many tabs they have, and the name each goes by now. Names are unique
//! among those online: two players whose names have the same confusable
//! skeleton (`crate::names::confusable`) are never online under them at
//! once. A player's name is theirs until they give another (a rename) or
//! their last connection closes. The lobby keeps this under its lock.

use std::collections::HashMap;

/// A player online: their connections, and the name they go by (with its skeleton).
#[derive(Default)]
struct Present {
    connections: u32,
    name: Option<(String, String)>,
}

#[derive(Default)]
pub(crate) struct Presence {
    players: HashMap<String, Present>,
    /// Whose each name is, by the name's skeleton.
    names: HashMap<String, String>,
}

/// A name's confusable skeleton (Unicode TS #39): two names with one are too alike.
pub(crate) fn skeleton(name: &str) -> String {
    unicode_security::skeleton(name).collect()
}

impl Presence {
    /// A connection of `player` opened; whether they were not online before.
    pub(crate) fn arrived(&mut self, player: &str) -> bool {
        let present = self.players.entry(player.to_owned()).or_default();
        present.connections += 1;
        present.connections == 1
    }

    /// A connection of `player` closed; whether that was their last (and
    /// their name is free again).
    pub(crate) fn departed(&mut self, player: &str) -> bool {
        let Some(present) = self.players.get_mut(player) else { return false };
        present.connections = present.connections.saturating_sub(1);
        if present.connections > 0 {
            return false;
        }
        if let Some((_, skeleton)) = self.players.remove(player).and_then(|p| p.name) {
            self.names.remove(&skeleton);
        }
        true
    }

    /// Players online.
    pub(crate) fn len(&self) -> usize {
        self.players.len()
    }

    /// Whether `player` is online here.
    pub(crate) fn contains(&self, player: &str) -> bool {
        self.players.contains_key(player)
    }

    /// The players online.
    pub(crate) fn players(&self) -> impl Iterator<Item = &String> {
        self.players.keys()
    }

    /// The name each player online goes by, where they gave one: `(player, name)`.
    pub(crate) fn names(&self) -> impl Iterator<Item = (&String, &String)> {
        self.players.iter().filter_map(|(player, present)| present.name.as_ref().map(|(name, _)| (player, name)))
    }

    /// The name `player` goes by, if they are online with one.
    pub(crate) fn name_of(&self, player: &str) -> Option<&str> {
        self.players.get(player)?.name.as_ref().map(|(name, _)| name.as_str())
    }

    /// The name of whoever online (but `player`) has a name with `skeleton`.
    pub(crate) fn holder(&self, skeleton: &str, player: &str) -> Option<&str> {
        let holder = self.names.get(skeleton).filter(|holder| *holder != player)?;
        self.players.get(holder)?.name.as_ref().map(|(name, _)| name.as_str())
    }

    /// `player` (online) goes by `name` (already normalised) from now on,
    /// giving up the name they had; or the name of whoever online has one
    /// too like it, and nothing changes.
    pub(crate) fn take_name(&mut self, player: &str, name: &str) -> Result<(), String> {
        let skeleton = skeleton(name);
        if let Some(holder) = self.names.get(&skeleton).filter(|holder| *holder != player) {
            let held = self.players.get(holder).and_then(|p| p.name.as_ref()).map_or(name, |(name, _)| name);
            return Err(held.to_owned());
        }
        let Some(present) = self.players.get_mut(player) else { return Ok(()) };
        if let Some((_, before)) = present.name.replace((name.to_owned(), skeleton.clone()))
            && before != skeleton
        {
            self.names.remove(&before);
        }
        self.names.insert(skeleton, player.to_owned());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_one_players_while_they_are_online_and_free_once_they_go_or_rename() {
        let mut presence = Presence::default();
        assert!(presence.arrived("p1"));
        assert!(!presence.arrived("p1"), "a second tab");
        assert!(presence.arrived("p2"));
        assert_eq!(presence.len(), 2);
        assert_eq!(presence.take_name("p1", "Ann"), Ok(()));
        assert_eq!(presence.take_name("p1", "Ann"), Ok(()), "one's own name again");
        assert_eq!(presence.take_name("p2", "Ann"), Err("Ann".to_owned()));
        assert_eq!(presence.take_name("p2", "\u{410}nn"), Err("Ann".to_owned()), "Cyrillic А: too alike");
        // Ann renames herself: her old name is free, her new one is hers.
        assert_eq!(presence.take_name("p1", "Bea"), Ok(()));
        assert_eq!(presence.take_name("p2", "Ann"), Ok(()));
        assert_eq!(presence.take_name("p2", "Bea"), Err("Bea".to_owned()));
        // Her name goes with her last connection, not her first.
        assert!(!presence.departed("p1"));
        assert_eq!(presence.take_name("p2", "Bea"), Err("Bea".to_owned()));
        assert!(presence.departed("p1"));
        assert_eq!(presence.len(), 1);
        assert_eq!(presence.take_name("p2", "Bea"), Ok(()));
        assert!(!presence.departed("nobody"));
        // Whole state: p2 alone, named Bea; Ann's name free.
        assert_eq!(presence.names.len(), 1);
        assert_eq!(presence.names.get(&skeleton("Bea")).map(String::as_str), Some("p2"));
    }
}
