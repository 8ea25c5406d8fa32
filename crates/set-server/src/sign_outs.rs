//! The players' sign-outs of their other browsers (`crate::tokens`), as a
//! node holds them for the check every frame makes: only those of players
//! connected here, made since they connected. A hello's token is checked
//! by key in the store, which holds every sign-out still in force.
//!
//! A client can make sign-outs (each a row), so nothing here grows with
//! the table: the store is read by change (the sign-outs made since the
//! last read, every `moderation::REFRESH`), never whole, and memory holds
//! what concerns this node's connections and nothing else. Rows are
//! forgotten once older than any token the server takes (`--token-days`),
//! and each address makes few (`--sign-out-burst`).

use std::collections::HashMap;
use std::sync::RwLock;

/// How far back each read by change starts before the last: a sign-out
/// another node wrote with a clock a little behind, or committed late, is
/// still read.
const OVERLAP_MS: i64 = 30_000;

/// The sign-outs of the players connected here, and how far the store was read.
#[derive(Default)]
pub struct SignOuts {
    held: RwLock<Held>,
}

#[derive(Default)]
struct Held {
    /// Connections here, by player.
    connected: HashMap<String, u32>,
    /// The last sign-out of each player connected here, made since.
    signed_out: HashMap<String, i64>,
    /// When the store was last read by change (Unix ms).
    read_at: Option<i64>,
}

impl SignOuts {
    /// Whether a token of `player` issued at `issued_ms` was signed out
    /// since (`player` being connected here).
    pub(crate) fn signed_out(&self, player: &str, issued_ms: i64) -> bool {
        self.held.read().is_ok_and(|held| held.signed_out.get(player).is_some_and(|&at| issued_ms < at))
    }

    /// A connection here is `player` from now on.
    pub(crate) fn arrived(&self, player: &str) {
        if let Ok(mut held) = self.held.write() {
            *held.connected.entry(player.to_owned()).or_default() += 1;
        }
    }

    /// A connection here is no longer `player`.
    pub(crate) fn departed(&self, player: &str) {
        let Ok(mut held) = self.held.write() else { return };
        let Some(count) = held.connected.get_mut(player) else { return };
        *count -= 1;
        if *count == 0 {
            held.connected.remove(player);
            held.signed_out.remove(player);
        }
    }

    /// Where the next read by change starts (Unix ms): a little before the
    /// last read, or before `now` at the first (what came before is the
    /// store's to say, at hello).
    pub(crate) fn read_after(&self, now: i64) -> i64 {
        self.held.read().ok().and_then(|held| held.read_at).unwrap_or(now) - OVERLAP_MS
    }

    /// Takes in the sign-outs read by change at `now` (`(player, at)`):
    /// those of players connected here are held.
    pub(crate) fn read(&self, sign_outs: impl IntoIterator<Item = (String, i64)>, now: i64) {
        let Ok(mut held) = self.held.write() else { return };
        for (player, at) in sign_outs {
            held.hold(player, at);
        }
        held.read_at = Some(now);
    }

    /// `player` signed out their other browsers here, at `at`.
    pub(crate) fn made(&self, player: &str, at: i64) {
        if let Ok(mut held) = self.held.write() {
            held.hold(player.to_owned(), at);
        }
    }

    /// How many sign-outs are held, and for how many players connected.
    #[cfg(test)]
    fn sizes(&self) -> (usize, usize) {
        self.held.read().map_or((0, 0), |held| (held.signed_out.len(), held.connected.len()))
    }
}

impl Held {
    fn hold(&mut self, player: String, at: i64) {
        if self.connected.contains_key(&player) {
            let kept = self.signed_out.entry(player).or_insert(at);
            *kept = (*kept).max(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_sign_outs_of_players_connected_here_are_held_and_the_store_is_read_by_change() {
        let outs = SignOuts::default();
        let now = 1_000_000;
        assert_eq!(outs.read_after(now), now - OVERLAP_MS, "at first, from now: older ones are asked at hello");
        outs.arrived("p1");
        outs.arrived("p1");
        outs.read((0..1000).map(|n| (format!("farm{n}"), now - n)).chain([("p1".to_owned(), now - 5)]), now);
        assert_eq!(outs.sizes(), (1, 1), "a thousand read, one held");
        assert!(outs.signed_out("p1", now - 6));
        assert!(!outs.signed_out("p1", now - 5), "the token the signing-out browser was given then");
        assert!(!outs.signed_out("farm1", 0), "not connected here");
        assert_eq!(outs.read_after(now + 2_000), now - OVERLAP_MS, "the next read starts before the last");
        // An older one read again (the overlap) does not undo a newer.
        outs.read([("p1".to_owned(), now - 50)], now + 2_000);
        assert!(outs.signed_out("p1", now - 6));
        assert_eq!(outs.read_after(now + 4_000), now + 2_000 - OVERLAP_MS);
        outs.made("p2", now);
        assert!(!outs.signed_out("p2", 0), "p2 is not connected here");
        // Held while any of p1's connections is here.
        outs.departed("p1");
        assert!(outs.signed_out("p1", now - 6));
        outs.departed("p1");
        outs.departed("p1");
        assert_eq!(outs.sizes(), (0, 0));
    }
}
