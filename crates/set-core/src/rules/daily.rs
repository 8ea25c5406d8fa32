//! The daily puzzle's board: for each calendar date, 12 cards holding exactly
//! 6 sets, the same for everyone and in every future version.
//!
//! The board is found by a seeded search: shuffle the deck from the date's
//! seed, look at the first 12 cards, and try again until they hold exactly 6
//! sets (about 1 shuffle in 43 does). The search is bounded; a date whose
//! search ran out would get [`FALLBACK_BOARD`], and the tests check that no
//! date from 2000 to 2200 comes near the bound. Changing anything here
//! changes every date's board: the tests pin several dates to hold it still.

use crate::rules::card::{Card, DECK, DECK_SIZE};
use crate::rules::finder::count_sets;
use crate::rules::rng::SplitMix64;
use std::fmt;

/// Cards on the daily board, and sets among them.
pub const DAILY_CARDS: usize = 12;
/// Sets the daily board holds: the puzzle is to find them all.
pub const DAILY_SETS: usize = 6;
/// Shuffles tried before the fallback; the tests show the search never needs
/// more than a small part of this.
pub const MAX_SHUFFLES: u32 = 5_000;
/// Mixed into the date's day number, so daily boards are not the deals of
/// small classic seeds.
const DAILY_SALT: u64 = 0x5E7_DA11_0000_0000;

/// A day of the Gregorian calendar, from 1970-01-01 to 9999-12-31.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Text that is not a date `YYYY-MM-DD` from 1970 to 9999.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidDate(pub String);

impl fmt::Display for InvalidDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "date \"{}\" is not a day YYYY-MM-DD from 1970-01-01 to 9999-12-31", self.0)
    }
}

impl std::error::Error for InvalidDate {}

const fn is_leap(year: u16) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

const fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// The date, if it is a day of the calendar from 1970 to 9999.
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        let valid =
            (1970..=9999).contains(&year) && (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month);
        valid.then_some(Date { year, month, day })
    }

    /// `YYYY-MM-DD`, digits only. Read byte by byte: slicing a `str` at
    /// computed places would bring the whole of Rust's char-boundary panic
    /// message (and its Unicode tables) into the download.
    pub fn parse(text: &str) -> Result<Date, InvalidDate> {
        let bad = || InvalidDate(crate::text::short(text));
        let bytes = text.as_bytes();
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return Err(bad());
        }
        let number = |from: usize, to: usize| -> Option<u16> {
            bytes[from..to].iter().try_fold(0u16, |n, &b| b.is_ascii_digit().then(|| n * 10 + u16::from(b - b'0')))
        };
        match (number(0, 4), number(5, 7), number(8, 10)) {
            (Some(y), Some(m), Some(d)) => Date::new(y, m as u8, d as u8).ok_or_else(bad),
            _ => Err(bad()),
        }
    }

    /// The date of a day number (days since 1970-01-01), if in range.
    pub fn from_days(days: u64) -> Option<Date> {
        // Howard Hinnant's civil_from_days, for non-negative day numbers.
        let z = days + 719_468;
        let era = z / 146_097;
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = yoe + era * 400 + u64::from(month <= 2);
        Date::new(u16::try_from(year).ok()?, month, day)
    }

    /// Days since 1970-01-01.
    pub fn days(self) -> u64 {
        let (year, month, day) = (u64::from(self.year), u64::from(self.month), u64::from(self.day));
        let y = if month <= 2 { year - 1 } else { year };
        let era = y / 400;
        let yoe = y - era * 400;
        let mp = (month + 9) % 12;
        let doy = (153 * mp + 2) / 5 + day - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let two = |n: u8| [b'0' + n / 10, b'0' + n % 10];
        let [m1, m2] = two(self.month);
        let [d1, d2] = two(self.day);
        write!(f, "{}-{}{}-{}{}", self.year, m1 as char, m2 as char, d1 as char, d2 as char)
    }
}

/// A board of 12 cards with exactly 6 sets, used only if a date's search ran
/// out (none does from 2000 to 2200; see the tests).
pub const FALLBACK_BOARD: [u8; DAILY_CARDS] = [48, 32, 12, 22, 52, 36, 27, 26, 76, 11, 67, 73];

/// The seed a date's board is searched from; also the daily game's seed.
pub fn seed_of(date: Date) -> u64 {
    DAILY_SALT ^ date.days()
}

/// The date's board: the whole deck in the order it is played from, its
/// first 12 cards the board. The same for everyone, in every version.
pub fn daily_order(date: Date) -> [Card; DECK_SIZE] {
    let mut rng = SplitMix64::new(seed_of(date));
    let mut order = DECK;
    for _ in 0..MAX_SHUFFLES {
        rng.shuffle(&mut order);
        if count_sets(&order[..DAILY_CARDS]) == Ok(DAILY_SETS) {
            return order;
        }
    }
    fallback_order()
}

fn fallback_order() -> [Card; DECK_SIZE] {
    let mut order = DECK;
    for (i, &id) in FALLBACK_BOARD.iter().enumerate() {
        if let Some(at) = order.iter().position(|c| c.id() == id) {
            order.swap(i, at);
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::finder::reference::sets_by_attribute_rule;

    #[test]
    fn dates_parse_print_and_count_days_like_the_calendar() {
        let date = Date::parse("2026-11-23").unwrap();
        assert_eq!(date.to_string(), "2026-11-23");
        assert_eq!(Date::parse("1970-01-01").unwrap().days(), 0);
        assert_eq!(Date::parse("2000-03-01").unwrap().days(), 11_017);
        assert_eq!(date.days(), 20_780);
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "1969-12-31",
            "2026-1-23",
            "2026/11/23",
            "20261123",
            "",
            "2026-11-2x",
            "+026-11-23",
        ] {
            assert_eq!(Date::parse(bad), Err(InvalidDate(bad.to_owned())), "{bad}");
        }
        assert!(Date::parse("2024-02-29").is_ok() && Date::parse("2000-02-29").is_ok());
        assert!(Date::parse("2100-02-29").is_err());
        // Every day from 1970 to 2200 round-trips through its day number and its text.
        let last = Date::parse("2200-12-31").unwrap().days();
        for days in 0..=last {
            let date = Date::from_days(days).unwrap();
            assert_eq!(date.days(), days);
            assert_eq!(Date::parse(&date.to_string()), Ok(date));
        }
    }

    #[test]
    fn the_fallback_board_holds_exactly_six_sets() {
        let cards: Vec<Card> = FALLBACK_BOARD.iter().map(|&id| Card::new(i64::from(id)).unwrap()).collect();
        assert_eq!(sets_by_attribute_rule(&cards).len(), DAILY_SETS);
        let order = fallback_order();
        assert_eq!(order[..DAILY_CARDS].iter().map(|c| c.id()).collect::<Vec<_>>(), FALLBACK_BOARD);
        let mut ids: Vec<u8> = order.iter().map(|c| c.id()).collect();
        ids.sort_unstable();
        assert_eq!(ids, (0..81).collect::<Vec<u8>>());
    }

    #[test]
    fn every_date_for_decades_finds_its_board_well_within_the_bound() {
        let (first, last) = (Date::parse("2024-01-01").unwrap().days(), Date::parse("2043-12-31").unwrap().days());
        let mut most = 0;
        for days in first..=last {
            let mut rng = SplitMix64::new(seed_of(Date::from_days(days).unwrap()));
            let mut order: [Card; DECK_SIZE] = std::array::from_fn(|i| Card::new(i as i64).unwrap());
            let shuffles = (1..=MAX_SHUFFLES)
                .find(|_| {
                    rng.shuffle(&mut order);
                    count_sets(&order[..DAILY_CARDS]) == Ok(DAILY_SETS)
                })
                .expect("a board within the bound");
            most = most.max(shuffles);
        }
        // About 1 shuffle in 43 qualifies: 600 in a row failing is odds of
        // about 1 in a million per date.
        assert!(most < 600, "a date needed {most} shuffles");
    }

    /// Boards pinned when the daily puzzle was made: they must never change.
    #[test]
    fn pinned_dates_keep_their_boards() {
        let pinned: [(&str, [u8; 12]); 4] = [
            ("2026-11-23", [48, 32, 12, 22, 52, 36, 27, 26, 76, 11, 67, 73]),
            ("2026-12-25", [44, 22, 12, 25, 2, 13, 46, 77, 50, 67, 19, 57]),
            ("2027-01-01", [0, 76, 71, 3, 55, 33, 29, 78, 15, 44, 23, 57]),
            ("2030-06-15", [74, 31, 46, 7, 63, 6, 77, 55, 2, 35, 39, 40]),
        ];
        for (date, board) in pinned {
            let order = daily_order(Date::parse(date).unwrap());
            let ids: Vec<u8> = order[..DAILY_CARDS].iter().map(|c| c.id()).collect();
            assert_eq!(ids, board, "{date}");
            assert_eq!(sets_by_attribute_rule(&order[..DAILY_CARDS]).len(), DAILY_SETS, "{date}");
        }
    }
}
