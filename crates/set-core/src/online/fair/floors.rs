//! Each way's rated floor from measured human games. A way's shortest
//! rated game is classic's in proportion to how long the way's games take
//! against classic's ([`super::min_game_ms`]). Until a server has played
//! enough games that proportion is the expert bot's
//! ([`super::game_length_percent`]); once its established players have
//! raced enough games of a way and of classic, the operator reads the
//! proportion their games measure (`set-server admin floors`, which asks
//! [`measured_percent`]) and runs the server with it
//! (`--rated-game-percent WAY=PERCENT`, a [`WayPercent`]). The proportion
//! is of medians, so that neither the fastest pair nor an abandoned game
//! moves it.

use super::{Experience, MIN_FOUND, Policy, established};
use crate::rules::variant::{Variant, WAYS};
use std::fmt;
use std::str::FromStr;

/// The games of a way, and of classic, a measured proportion needs: fewer
/// say too little about a way's players to set its floor by.
pub const MEASURED_GAMES: usize = 100;

/// One seat of a finished race, as a measure reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RaceSeat {
    /// Its player's past in the way.
    pub experience: Experience,
    /// The sets and right "no set" calls it made.
    pub found: u32,
}

/// Whether a finished race of people (no hints, no bots) measures its
/// way's length: two seats or more, each one's player fully established in
/// the way ([`established`]) and each one taking part ([`MIN_FOUND`]). A
/// race among the site's own players, none a puppet, none away: a farm's
/// games cannot shorten a floor, nor a newcomer's first lengthen it.
pub fn measures(policy: &Policy, seats: &[RaceSeat]) -> bool {
    seats.len() >= 2 && seats.iter().all(|seat| established(policy, &seat.experience) >= 1.0 && seat.found >= MIN_FOUND)
}

/// The median of `lengths` (the lower middle of an even count); `None`
/// for none.
pub fn median(lengths: &[u64]) -> Option<u64> {
    let mut sorted = lengths.to_vec();
    sorted.sort_unstable();
    sorted.get(sorted.len().saturating_sub(1) / 2).copied()
}

/// How long a way's games last against classic's, in percent (medians,
/// rounded to the nearest), from the lengths of each's measured games; `None`
/// while either has fewer than [`MEASURED_GAMES`].
pub fn measured_percent(classic_ms: &[u64], way_ms: &[u64]) -> Option<u64> {
    if classic_ms.len() < MEASURED_GAMES || way_ms.len() < MEASURED_GAMES {
        return None;
    }
    let classic = median(classic_ms)?.max(1);
    let way = median(way_ms)?;
    Some((way.saturating_mul(100) + classic / 2) / classic)
}

/// An operator's measured proportion for one way: `WAY=PERCENT`, as
/// `--rated-game-percent` takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WayPercent {
    /// The way (one played online).
    pub way: Variant,
    /// Its games' length in percent of classic's, 1 to [`MAX_PERCENT`].
    pub percent: u16,
}

/// The largest proportion taken: a way whose games ran a hundred times
/// classic's would be a typo.
pub const MAX_PERCENT: u16 = 10_000;

/// Why a `WAY=PERCENT` was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadWayPercent {
    /// No `=` between the way and the percent.
    NoEquals,
    /// No way played online has this name.
    UnknownWay(String),
    /// The percent is no whole number from 1 to [`MAX_PERCENT`].
    BadPercent(String),
}

impl fmt::Display for BadWayPercent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadWayPercent::NoEquals => f.write_str("expected WAY=PERCENT, as junior=8"),
            BadWayPercent::UnknownWay(way) => write!(f, "{way:?} is no way played online"),
            BadWayPercent::BadPercent(percent) => {
                write!(f, "{percent:?} is no whole percent from 1 to {MAX_PERCENT}")
            }
        }
    }
}

impl std::error::Error for BadWayPercent {}

impl FromStr for WayPercent {
    type Err = BadWayPercent;

    fn from_str(text: &str) -> Result<WayPercent, BadWayPercent> {
        let (way, percent) = text.split_once('=').ok_or(BadWayPercent::NoEquals)?;
        let way = Variant::online(way.trim()).ok_or_else(|| BadWayPercent::UnknownWay(crate::text::short(way)))?;
        let percent = percent.trim();
        match percent.parse::<u16>() {
            Ok(n) if (1..=MAX_PERCENT).contains(&n) => Ok(WayPercent { way, percent: n }),
            _ => Err(BadWayPercent::BadPercent(crate::text::short(percent))),
        }
    }
}

impl fmt::Display for WayPercent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.way.name(), self.percent)
    }
}

/// The measured proportions a server runs with, one slot a way of
/// [`WAYS`]; a way with none keeps the bot's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measured([Option<u16>; WAYS.len()]);

impl Measured {
    /// These proportions; a way named twice keeps the last.
    pub fn of(percents: &[WayPercent]) -> Measured {
        let mut measured = Measured::default();
        for given in percents {
            if let Some(slot) = WAYS.iter().position(|&way| way == given.way) {
                measured.0[slot] = Some(given.percent);
            }
        }
        measured
    }

    /// The proportion measured for `variant`, if one was given.
    pub fn percent(&self, variant: Variant) -> Option<u64> {
        let slot = WAYS.iter().position(|&way| way == variant)?;
        self.0[slot].map(u64::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::fair::{
        ESTABLISHED_DAYS, ESTABLISHED_GAMES, ESTABLISHED_OPPONENTS, MIN_RATED_GAME_MS, min_game_ms,
    };

    #[test]
    fn a_race_measures_only_when_every_seat_is_established_and_took_part() {
        let policy = Policy::default();
        let vouched = Experience { vouched: ESTABLISHED_OPPONENTS, ..Experience::default() };
        let seasoned = Experience { games: ESTABLISHED_GAMES, days: ESTABLISHED_DAYS, ..Experience::default() };
        let fresh = Experience { vouched: ESTABLISHED_OPPONENTS - 1, games: 99, days: ESTABLISHED_DAYS - 1 };
        let seat = |experience, found| RaceSeat { experience, found };
        assert!(measures(&policy, &[seat(vouched, 1), seat(seasoned, 12)]));
        assert!(measures(&policy, &[seat(vouched, 4), seat(seasoned, 3), seat(vouched, 1)]));
        assert!(!measures(&policy, &[seat(vouched, 9)]), "one seat is no race");
        assert!(!measures(&policy, &[seat(vouched, 5), seat(fresh, 4)]), "a seat not yet established");
        assert!(!measures(&policy, &[seat(vouched, 5), seat(seasoned, 0)]), "a seat that found nothing");
    }

    #[test]
    fn the_median_is_the_middle_length_or_the_lower_of_two() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[7]), Some(7));
        assert_eq!(median(&[9, 1, 5]), Some(5));
        assert_eq!(median(&[40, 10, 30, 20]), Some(20));
    }

    #[test]
    fn a_proportion_needs_enough_games_of_both_ways() {
        let classic = vec![60_000; MEASURED_GAMES];
        let junior = vec![6_000; MEASURED_GAMES];
        assert_eq!(measured_percent(&classic, &junior), Some(10));
        assert_eq!(measured_percent(&classic[1..], &junior), None);
        assert_eq!(measured_percent(&classic, &junior[1..]), None);
    }

    #[test]
    fn the_proportion_is_of_medians_so_a_few_abandoned_games_barely_move_it() {
        // Classic: 100 games of 40 s to 139 s (median 89 s); the way: each a
        // tenth of one of those, and ten games of an hour besides, abandoned.
        let classic: Vec<u64> = (0..100).map(|i| 40_000 + i * 1_000).collect();
        let mut way: Vec<u64> = classic.iter().map(|ms| ms / 10).collect();
        assert_eq!(measured_percent(&classic, &way), Some(10));
        way.extend([3_600_000; 10]);
        // By hand: 110 lengths, the lower middle is the 55th, 9.4 s; 9.4 s
        // of 89 s is 10.6%. A mean would have said 375%.
        assert_eq!(measured_percent(&classic, &way), Some(11));
    }

    #[test]
    fn a_way_percent_reads_as_the_flag_writes_it() {
        let given: WayPercent = "junior=8".parse().unwrap();
        assert_eq!(given, WayPercent { way: Variant::Junior, percent: 8 });
        assert_eq!(given.to_string(), "junior=8");
        assert_eq!(" 4setjr = 60 ".parse::<WayPercent>().map(|p| p.percent), Ok(60));
        assert_eq!("junior".parse::<WayPercent>(), Err(BadWayPercent::NoEquals));
        assert_eq!("daily=8".parse::<WayPercent>(), Err(BadWayPercent::UnknownWay("daily".into())));
        for bad in ["junior=0", "junior=-3", "junior=8.5", "junior=10001", "junior="] {
            assert!(matches!(bad.parse::<WayPercent>(), Err(BadWayPercent::BadPercent(_))), "{bad}");
        }
    }

    #[test]
    fn a_measured_proportion_sets_its_ways_floor_and_no_other() {
        let measured = Measured::of(&["junior=20".parse().unwrap(), "4setjr=150".parse().unwrap()]);
        let policy = Policy { measured, ..Policy::default() };
        assert_eq!(min_game_ms(&policy, Variant::Junior), MIN_RATED_GAME_MS * 20 / 100);
        // A way measured longer than classic keeps classic's floor.
        assert_eq!(min_game_ms(&policy, Variant::FourSetJunior), MIN_RATED_GAME_MS);
        for way in WAYS.into_iter().filter(|way| !matches!(way, Variant::Junior | Variant::FourSetJunior)) {
            assert_eq!(min_game_ms(&policy, way), min_game_ms(&Policy::default(), way), "{way:?}");
        }
        // Given twice, the last holds.
        let twice = Measured::of(&["junior=20".parse().unwrap(), "junior=30".parse().unwrap()]);
        assert_eq!(twice.percent(Variant::Junior), Some(30));
    }
}
