//! The ways to play, as one closed set. Each rule that differs between them
//! is one `match` here, so a way to play is read in one place; the game
//! ([`crate::rules::game`]) asks these methods and names no way but the
//! daily puzzle.
//!
//! | way | `name` | deck | claim | links | table | after a claim |
//! | --- | --- | --- | --- | --- | --- | --- |
//! | Classic | classic | 81 | set | | 12 | refilled |
//! | Junior | junior | 27 solid | set | | 9 | refilled |
//! | Set-Chain | chain | 81 | set | 1 | 12 | refilled |
//! | UltraSet | ultra | 81 | UltraSet | | 12 | refilled |
//! | UltraSet-Chain | ultrachain | 81 | UltraSet | 2 | 12 | refilled |
//! | Ultra9 | ultra9 | 81 | UltraSet | | 9 | refilled |
//! | MegaSet | mega | 243 | set of 5 traits | | 16 | refilled |
//! | GhostSet | ghost | 81 | GhostSet | | 10 | refilled |
//! | 4Set | 4set | 256 | 4Set | | 15 | refilled |
//! | 4Set Junior | 4setjr | 64 | 4Set | | 11 | refilled |
//! | 4Set Junior-Chain | 4setjrchain | 64 | 4Set | 2 | 11 | refilled |
//! | Puzzle | puzzle | 81 | set | | 12 | stays until all its claims are found |
//! | Ultra9 Puzzle | ultra9puzzle | 81 | UltraSet | | 9 | stays until all are found |
//! | 4Set Junior Puzzle | 4setjrpuzzle | 64 | 4Set | | 11 | stays until all are found |
//! | Shuffle | shuffle | 81 | set | | 12 | refilled, then every card moves |
//! | Memory | memory | 81 | set, among cards face down | | 21 | refilled |
//! | Daily puzzle | daily | 81, a board for the date | set | | 12 with exactly 6 sets | stays |
//!
//! *Links*: a claim after the first holds exactly this many cards of the
//! previous claim, and the rest from the table. While no claim can be made
//! from what lies out and the deck is not empty, 3 more cards are dealt. A
//! claimed slot is refilled in place while the table holds no more than its
//! first size, otherwise the table closes up. A puzzle's table is dealt anew
//! once every claim on it is found.

use crate::rules::card::Card;
use crate::rules::claim_rule::ClaimRule;
use crate::rules::daily::{DAILY_CARDS, DAILY_SETS, Date};
use crate::rules::deck::Deck;
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
    /// Each UltraSet after the first holds two cards of the previous one.
    UltraChain,
    /// UltraSet on 9 cards.
    Ultra9,
    /// Sets of 243 cards with a fifth trait, a border.
    Mega,
    /// Six cards whose values in every trait add up to a multiple of 3.
    Ghost,
    /// Four cards of 256, in every trait all same, all different or two pairs.
    FourSet,
    /// 4Set with colour, shape and number only (64 cards).
    FourSetJunior,
    /// 4Set Junior where each claim after the first holds two cards of the previous one.
    FourSetJuniorChain,
    /// Sets; the table stays until every set on it is found.
    Puzzle,
    /// UltraSets on 9 cards, puzzle-style.
    Ultra9Puzzle,
    /// 4Set Junior, puzzle-style.
    FourSetJuniorPuzzle,
    /// Sets; the table's cards move to new places after each claim.
    Shuffle,
    /// Sets among 21 cards dealt face down.
    Memory,
    /// The day's puzzle: find the six sets among twelve cards.
    Daily(Date),
}

/// Every way to play but the daily puzzle, in the order the chooser lists them.
pub const WAYS: [Variant; 16] = [
    Variant::Classic,
    Variant::Junior,
    Variant::Chain,
    Variant::Ultra,
    Variant::UltraChain,
    Variant::Ultra9,
    Variant::Mega,
    Variant::Ghost,
    Variant::FourSet,
    Variant::FourSetJunior,
    Variant::FourSetJuniorChain,
    Variant::Puzzle,
    Variant::Ultra9Puzzle,
    Variant::FourSetJuniorPuzzle,
    Variant::Shuffle,
    Variant::Memory,
];

/// The ways to play an online room offers, in [`WAYS`]' order: every way
/// played online ([`Variant::played_online`]).
pub const ONLINE_VARIANTS: [Variant; ONLINE_COUNT] = online_ways();

/// How many ways are played online.
const ONLINE_COUNT: usize = {
    let (mut i, mut n) = (0, 0);
    while i < WAYS.len() {
        if WAYS[i].played_online() {
            n += 1;
        }
        i += 1;
    }
    n
};

const fn online_ways() -> [Variant; ONLINE_COUNT] {
    let mut ways = [Variant::Classic; ONLINE_COUNT];
    let (mut i, mut n) = (0, 0);
    while i < WAYS.len() {
        if WAYS[i].played_online() {
            ways[n] = WAYS[i];
            n += 1;
        }
        i += 1;
    }
    ways
}

/// When cards are added to a table that holds no claim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dealing {
    /// The game deals them by itself, as soon as the table holds no claim.
    #[default]
    Automatic,
    /// Only when a player calls "no set" and is right (the table rule of
    /// the game in a box); a wrong call is a wrong claim.
    WhenCalled,
}

impl Dealing {
    /// Both, for tests that go through every one.
    pub const ALL: [Dealing; 2] = [Dealing::Automatic, Dealing::WhenCalled];

    /// The name in saves, addresses and the wire: "auto" or "called".
    pub const fn name(self) -> &'static str {
        match self {
            Dealing::Automatic => "auto",
            Dealing::WhenCalled => "called",
        }
    }

    /// The dealing of a name ([`Dealing::name`]).
    pub fn from_name(name: &str) -> Option<Dealing> {
        match name {
            "auto" => Some(Dealing::Automatic),
            "called" => Some(Dealing::WhenCalled),
            _ => None,
        }
    }

    /// `WhenCalled` for `true`.
    pub const fn called_if(on: bool) -> Dealing {
        if on { Dealing::WhenCalled } else { Dealing::Automatic }
    }

    /// Whether extra cards wait for a call.
    pub const fn is_called(self) -> bool {
        matches!(self, Dealing::WhenCalled)
    }
}

/// A mode name that is not one of the ways to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMode(pub String);

impl fmt::Display for UnknownMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "mode \"{}\" is not one of ", self.0)?;
        for way in WAYS {
            write!(f, "{}, ", way.name())?;
        }
        f.write_str("daily")
    }
}

impl std::error::Error for UnknownMode {}

impl Variant {
    /// The name in addresses, saves and the API.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Junior => "junior",
            Variant::Chain => "chain",
            Variant::Ultra => "ultra",
            Variant::UltraChain => "ultrachain",
            Variant::Ultra9 => "ultra9",
            Variant::Mega => "mega",
            Variant::Ghost => "ghost",
            Variant::FourSet => "4set",
            Variant::FourSetJunior => "4setjr",
            Variant::FourSetJuniorChain => "4setjrchain",
            Variant::Puzzle => "puzzle",
            Variant::Ultra9Puzzle => "ultra9puzzle",
            Variant::FourSetJuniorPuzzle => "4setjrpuzzle",
            Variant::Shuffle => "shuffle",
            Variant::Memory => "memory",
            Variant::Daily(_) => "daily",
        }
    }

    /// Its title as players read it: on buttons, in lists and headings.
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Classic => "Classic",
            Variant::Junior => "Junior",
            Variant::Chain => "Set-Chain",
            Variant::Ultra => "UltraSet",
            Variant::UltraChain => "UltraSet-Chain",
            Variant::Ultra9 => "Ultra9",
            Variant::Mega => "MegaSet",
            Variant::Ghost => "GhostSet",
            Variant::FourSet => "4Set",
            Variant::FourSetJunior => "4Set Junior",
            Variant::FourSetJuniorChain => "4Set Junior-Chain",
            Variant::Puzzle => "Puzzle",
            Variant::Ultra9Puzzle => "Ultra9 Puzzle",
            Variant::FourSetJuniorPuzzle => "4Set Junior Puzzle",
            Variant::Shuffle => "Shuffle",
            Variant::Memory => "Memory",
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
            ("daily", Some(date)) => Ok(Variant::Daily(date)),
            _ => WAYS.into_iter().find(|way| way.name() == name).ok_or_else(|| UnknownMode(crate::text::short(name))),
        }
    }

    /// The way's deck.
    pub const fn deck(self) -> Deck {
        match self {
            Variant::Junior => Deck::Junior,
            Variant::Mega => Deck::Mega,
            Variant::FourSet => Deck::Four,
            Variant::FourSetJunior | Variant::FourSetJuniorChain | Variant::FourSetJuniorPuzzle => Deck::FourJunior,
            _ => Deck::Classic,
        }
    }

    /// What a claim is.
    pub const fn rule(self) -> ClaimRule {
        match self {
            Variant::Ultra | Variant::UltraChain | Variant::Ultra9 | Variant::Ultra9Puzzle => ClaimRule::UltraSet,
            Variant::Ghost => ClaimRule::GhostSet,
            Variant::FourSet | Variant::FourSetJunior | Variant::FourSetJuniorChain | Variant::FourSetJuniorPuzzle => {
                ClaimRule::FourSet
            }
            _ => ClaimRule::Set,
        }
    }

    /// How many cards of the previous claim a claim after the first holds: 0 but in the chain ways.
    pub const fn links(self) -> usize {
        match self {
            Variant::Chain => 1,
            Variant::UltraChain | Variant::FourSetJuniorChain => 2,
            _ => 0,
        }
    }

    /// Whether found claims stay on the table until every claim on it is
    /// found (the puzzle ways and the daily puzzle).
    pub const fn is_puzzle(self) -> bool {
        matches!(self, Variant::Puzzle | Variant::Ultra9Puzzle | Variant::FourSetJuniorPuzzle | Variant::Daily(_))
    }

    /// Whether the table's cards move to new places after each claim.
    pub const fn shuffles(self) -> bool {
        matches!(self, Variant::Shuffle)
    }

    /// Whether cards lie face down until a player turns them up.
    pub const fn face_down(self) -> bool {
        matches!(self, Variant::Memory)
    }

    /// Whether it is played with others on one screen (race.html): every
    /// way but the daily puzzle, played alone. Memory with others is played
    /// in turns (`players::sitting`).
    pub const fn played_with_others(self) -> bool {
        !matches!(self, Variant::Daily(_))
    }

    /// Whether an online room plays it: every way played with others
    /// (Memory's face-down cards kept from the pages by the room,
    /// `online::room`).
    pub const fn played_online(self) -> bool {
        self.played_with_others()
    }

    /// Whether extra cards can wait for a "no set" call ([`Dealing`]): every
    /// way whose table grows while it holds no claim, but Memory, whose
    /// cards lie face down, and the puzzle ways, whose tables are dealt whole.
    pub const fn takes_calls(self) -> bool {
        !self.is_puzzle() && !self.face_down()
    }

    /// Whether a card belongs to this variant's deck.
    pub fn in_deck(self, card: Card) -> bool {
        self.deck().contains(card)
    }

    /// Cards face up at the start, and the most a refill tops the table up to.
    pub const fn table_size(self) -> usize {
        match self {
            Variant::Junior | Variant::Ultra9 | Variant::Ultra9Puzzle => 9,
            Variant::Ghost => 10,
            Variant::FourSetJunior | Variant::FourSetJuniorChain | Variant::FourSetJuniorPuzzle => 11,
            Variant::FourSet => 15,
            Variant::Mega => 16,
            Variant::Memory => 21,
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
    pub const fn claim_size(self) -> usize {
        self.rule().size()
    }

    /// The most cards that can lie out with no claim among them (for a
    /// chain way, none holding the links to the previous claim). Proven by
    /// exhaustive search in `crates/set-core/tests/table_bounds.rs`, but
    /// MegaSet's, the largest cap of AG(5,3) in print (docs/playing.md,
    /// "How large a table grows").
    pub const fn most_without_claim(self) -> usize {
        match self {
            Variant::Classic | Variant::Puzzle | Variant::Shuffle | Variant::Memory | Variant::Daily(_) => 20,
            Variant::Junior
            | Variant::Ultra
            | Variant::UltraChain
            | Variant::Ultra9
            | Variant::Ultra9Puzzle
            | Variant::FourSetJunior
            | Variant::FourSetJuniorPuzzle => 9,
            // A link card and a table pair: 13 pairs of classes of 3 cards
            // each, one class of each pair taken whole.
            Variant::Chain => 39,
            Variant::Mega => 45,
            Variant::Ghost => 12,
            Variant::FourSet => 18,
            // The 60 table cards fall in 15 fours that each link to the
            // previous 4Set: one of each.
            Variant::FourSetJuniorChain => 15,
        }
    }

    /// The most cards that can lie out: a table with no claim holds at most
    /// [`Variant::most_without_claim`], and 3 more are dealt to it; where
    /// claims take a multiple of 3 cards from the table (or none, in a
    /// puzzle), a table's size keeps its first size's remainder mod 3
    /// (classic: 18 with no set, then 21). `tests/table_bounds.rs` derives
    /// each from the bound; a plain table keeps it out of the page's download.
    pub const fn max_table(self) -> usize {
        match self {
            Variant::Junior | Variant::Ultra | Variant::UltraChain | Variant::Ultra9 | Variant::Ultra9Puzzle => 12,
            Variant::Ghost => 13,
            Variant::FourSetJunior | Variant::FourSetJuniorPuzzle => 11,
            Variant::FourSetJuniorChain => 18,
            Variant::Chain => 42,
            Variant::Mega => 46,
            Variant::Daily(_) => DAILY_CARDS,
            Variant::Classic | Variant::Puzzle | Variant::Shuffle | Variant::Memory | Variant::FourSet => 21,
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
