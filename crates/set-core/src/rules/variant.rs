//! The ways to play, as one value. Each rule that differs between them is
//! one `match` here or in [`crate::rules::game`], so a way to play is read
//! in one place:
//!
//! | variant | deck | out at first | a claim | what leaves the table | the end |
//! | --- | --- | --- | --- | --- | --- |
//! | classic | 81 | 12 | 3 cards, a set | the 3 | deck empty, no set out |
//! | junior | the 27 solid cards | 9 | 3 cards, a set | the 3 | deck empty, no set out |
//! | chain | 81 | 12 | a set; after the first, exactly one card of the previous set and two from the table | the table cards | deck empty, no link out |
//! | ultra | 81 | 12 | 4 cards: two pairs needing the same third card | the 4 | deck empty, none out |
//! | daily | 81, a board for the date | 12 with exactly 6 sets | 3 cards, a set not yet found | nothing | all 6 found |
//!
//! While no claim can be made from what lies out and the deck is not empty,
//! 3 more cards are dealt. A claimed slot is refilled in place while the
//! table holds no more than its first size, otherwise the table closes up.

use crate::rules::card::{Card, Fill};
use crate::rules::daily::{DAILY_CARDS, DAILY_SETS, Date};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// A way to play SET.
pub enum Variant {
    /// Three cards, every attribute all the same or all different; 12 on the table.
    Classic,
    /// Classic with one fill only (27 cards).
    Junior,
    /// Each set after the first holds one card of the previous set.
    Chain,
    /// Four cards: two pairs that need the same third card.
    Ultra,
    /// The day's puzzle: find the six sets among twelve cards.
    Daily(Date),
}

/// The ways to play an online room offers (the daily puzzle is played alone).
pub const ONLINE_VARIANTS: [Variant; 4] = [Variant::Classic, Variant::Junior, Variant::Chain, Variant::Ultra];

/// A mode name that is not one of the ways to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMode(pub String);

impl fmt::Display for UnknownMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "mode \"{}\" is not one of classic, junior, chain, ultra, daily", self.0)
    }
}

impl std::error::Error for UnknownMode {}

impl Variant {
    /// The name in addresses, saves and the API.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Junior => "junior",
            Variant::Chain => "chain",
            Variant::Ultra => "ultra",
            Variant::Daily(_) => "daily",
        }
    }

    /// Its title as players read it: on buttons, in lists and headings.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Classic => "Classic",
            Variant::Junior => "Junior",
            Variant::Chain => "Set-Chain",
            Variant::Ultra => "UltraSet",
            Variant::Daily(_) => "Daily puzzle",
        }
    }

    /// The way to play an online room offers that has this name (one of
    /// [`ONLINE_VARIANTS`]).
    pub fn online(name: &str) -> Option<Variant> {
        ONLINE_VARIANTS.into_iter().find(|v| v.name() == name)
    }

    /// The variant of a mode name; a daily puzzle needs its date.
    pub fn from_name(name: &str, date: Option<Date>) -> Result<Variant, UnknownMode> {
        match (name, date) {
            ("classic", _) => Ok(Variant::Classic),
            ("junior", _) => Ok(Variant::Junior),
            ("chain", _) => Ok(Variant::Chain),
            ("ultra", _) => Ok(Variant::Ultra),
            ("daily", Some(date)) => Ok(Variant::Daily(date)),
            _ => Err(UnknownMode(crate::text::short(name))),
        }
    }

    /// Whether a card belongs to this variant's deck.
    pub fn in_deck(self, card: Card) -> bool {
        match self {
            Variant::Junior => card.fill() == Fill::Solid,
            _ => true,
        }
    }

    /// Cards face up at the start, and the most a refill tops the table up to.
    pub fn table_size(self) -> usize {
        match self {
            Variant::Junior => 9,
            Variant::Daily(_) => DAILY_CARDS,
            _ => 12,
        }
    }

    /// How many sets finish a game when a fixed number does: the daily
    /// puzzle's, all on its one table, which never deals from a deck. The
    /// other ways to play end when the deck and the table run out.
    pub fn sets_to_find(self) -> Option<usize> {
        match self {
            Variant::Daily(_) => Some(DAILY_SETS),
            _ => None,
        }
    }

    /// Cards in one claim.
    pub fn claim_size(self) -> usize {
        match self {
            Variant::Ultra => 4,
            _ => 3,
        }
    }

    /// The most cards that can lie out: more always hold a claim, so none
    /// are dealt past it. Junior: any 10 cards of its 27 hold a set; classic:
    /// any 21 of 81. Chain and UltraSet have no such bound below the deck.
    pub fn max_table(self) -> usize {
        match self {
            Variant::Classic => 21,
            Variant::Junior => 12,
            Variant::Daily(_) => DAILY_CARDS,
            Variant::Chain | Variant::Ultra => crate::rules::card::DECK_SIZE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_online_ways_are_found_by_name_and_the_daily_puzzle_and_unknown_names_are_not() {
        for variant in ONLINE_VARIANTS {
            assert_eq!(Variant::online(variant.name()), Some(variant));
        }
        assert_eq!(Variant::online("daily"), None);
        assert_eq!(Variant::online("Classic"), None);
        assert_eq!(Variant::online(""), None);
    }
}
