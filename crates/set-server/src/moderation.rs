//! The operator's sanctions as the server enforces them: kept in memory and
//! read again from the database every [`REFRESH`], so that a sanction the
//! operator puts in force from the command line (`set-server admin`, on
//! the server's machine, never through the public port) takes hold on
//! every node within that time:
//! - a banned identity's sockets are refused at hello and closed as soon as
//!   the ban is read (its name is freed as it leaves), its seats in waiting
//!   rooms go (`Rooms::banish`), and its ratings leave the leaderboards
//!   (the store's query);
//! - a muted identity may not chat;
//! - no socket opens from an address in a banned prefix.
//!
//! Players report others with the `report` message: a few a day per
//! reporter ([`REPORTS_PER_DAY`]), kept for the operator to list.

use crate::store::{SanctionKind, SanctionRecord};
use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::RwLock;
use std::time::Duration;

/// How often the sanctions in force are read again.
pub(crate) const REFRESH: Duration = Duration::from_secs(2);

/// Reports one player may make in a day: enough to report everyone who
/// was rude in a bad evening, too few to bury the operator.
pub(crate) const REPORTS_PER_DAY: u32 = 10;

/// An address prefix, `ADDRESS/BITS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Prefix {
    address: IpAddr,
    bits: u8,
}

impl Prefix {
    /// `203.0.113.0/24`, `2001:db8::/48`, or an address alone (all its bits).
    pub(crate) fn parse(text: &str) -> Result<Prefix, String> {
        let (address, bits) = text.split_once('/').unwrap_or((text, ""));
        let address: IpAddr = address.trim().parse().map_err(|_| format!("{text:?}: no address"))?;
        let most = if address.is_ipv4() { 32 } else { 128 };
        let bits =
            if bits.is_empty() { most } else { bits.parse().map_err(|_| format!("{text:?}: no prefix length"))? };
        if bits > most {
            return Err(format!("{text:?}: a prefix of {bits} bits, at most {most}"));
        }
        Ok(Prefix { address, bits })
    }

    /// Whether `address` is in the prefix.
    pub(crate) fn holds(&self, address: IpAddr) -> bool {
        let keep = |width: u32| if self.bits == 0 { 0 } else { u128::MAX << (width - u32::from(self.bits)) };
        match (self.address, address) {
            (IpAddr::V4(p), IpAddr::V4(a)) => {
                let mask = keep(32) as u32;
                u32::from(p) & mask == u32::from(a) & mask
            }
            (IpAddr::V6(p), IpAddr::V6(a)) => {
                let mask = keep(128);
                u128::from(p) & mask == u128::from(a) & mask
            }
            _ => false,
        }
    }
}

#[derive(Default)]
struct InForce {
    banned: HashSet<String>,
    muted: HashSet<String>,
    prefixes: Vec<Prefix>,
}

/// The sanctions in force, as last read.
pub struct Sanctions {
    in_force: RwLock<InForce>,
    /// Counts the reads that banned someone new: every connection watches
    /// it, and closes at once if its player is one of them.
    bans: tokio::sync::watch::Sender<u64>,
}

impl Default for Sanctions {
    fn default() -> Sanctions {
        Sanctions { in_force: RwLock::default(), bans: tokio::sync::watch::Sender::new(0) }
    }
}

impl Sanctions {
    /// Replaces what is in force with `records` (a prefix that does not
    /// parse is left out, and said): the identities banned now that were
    /// not before (their connections are told to look).
    pub(crate) fn replace(&self, records: &[SanctionRecord]) -> Vec<String> {
        let mut next = InForce::default();
        for record in records {
            match record.kind {
                SanctionKind::Ban => drop(next.banned.insert(record.target.clone())),
                SanctionKind::Mute => drop(next.muted.insert(record.target.clone())),
                SanctionKind::BanPrefix => match Prefix::parse(&record.target) {
                    Ok(prefix) => next.prefixes.push(prefix),
                    Err(why) => tracing::warn!(sanction = record.id, %why, "a prefix ban that does not parse"),
                },
            }
        }
        let Ok(mut in_force) = self.in_force.write() else { return Vec::new() };
        let newly: Vec<String> = next.banned.difference(&in_force.banned).cloned().collect();
        *in_force = next;
        drop(in_force);
        if !newly.is_empty() {
            self.bans.send_modify(|n| *n += 1);
        }
        newly
    }

    /// Told whenever someone new is banned.
    pub(crate) fn watch_bans(&self) -> tokio::sync::watch::Receiver<u64> {
        self.bans.subscribe()
    }

    pub(crate) fn is_banned(&self, player: &str) -> bool {
        self.in_force.read().is_ok_and(|f| f.banned.contains(player))
    }

    /// Muted, or banned (who may not chat either).
    pub(crate) fn is_muted(&self, player: &str) -> bool {
        self.in_force.read().is_ok_and(|f| f.muted.contains(player) || f.banned.contains(player))
    }

    pub(crate) fn address_banned(&self, address: IpAddr) -> bool {
        self.in_force.read().is_ok_and(|f| f.prefixes.iter().any(|p| p.holds(address)))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn record(kind: SanctionKind, target: &str) -> SanctionRecord {
        SanctionRecord { id: 1, kind, target: target.into(), note: String::new(), at: 0 }
    }

    #[test]
    fn prefixes_hold_their_addresses_only() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let net = Prefix::parse("203.0.113.0/24").unwrap();
        assert!(net.holds(ip("203.0.113.77")) && !net.holds(ip("203.0.114.1")) && !net.holds(ip("2001:db8::1")));
        let one = Prefix::parse("198.51.100.7").unwrap();
        assert!(one.holds(ip("198.51.100.7")) && !one.holds(ip("198.51.100.8")));
        let v6 = Prefix::parse("2001:db8:5::/48").unwrap();
        assert!(v6.holds(ip("2001:db8:5:ffff::1")) && !v6.holds(ip("2001:db8:6::1")));
        assert!(Prefix::parse("0.0.0.0/0").unwrap().holds(ip("8.8.8.8")));
        for bad in ["nonsense", "10.0.0.0/33", "2001:db8::/129", "10.0.0.0/x"] {
            assert!(Prefix::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn what_is_in_force_is_what_was_read_last() {
        let sanctions = Sanctions::default();
        sanctions.replace(&[
            record(SanctionKind::Ban, "eve"),
            record(SanctionKind::Mute, "mal"),
            record(SanctionKind::BanPrefix, "10.9.0.0/16"),
        ]);
        assert!(sanctions.is_banned("eve") && sanctions.is_muted("eve"), "a ban mutes too");
        assert!(!sanctions.is_banned("mal") && sanctions.is_muted("mal"));
        assert!(!sanctions.is_muted("ann"));
        assert!(sanctions.address_banned("10.9.3.4".parse().unwrap()));
        assert!(!sanctions.address_banned("10.8.3.4".parse().unwrap()));
        sanctions.replace(&[]);
        assert!(!sanctions.is_banned("eve") && !sanctions.is_muted("mal"), "lifted");
    }
}
