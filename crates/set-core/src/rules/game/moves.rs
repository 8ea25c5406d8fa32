//! A game's vocabulary: a claim's cards, the moves a player makes, what
//! each did, and why the rules refuse one.

use crate::rules::card::Card;
use crate::rules::finder::UltraSplit;
use std::fmt;

/// The most cards in one claim (a GhostSet's).
pub const MOST_CLAIM_CARDS: usize = 6;

/// The cards of one claim: 3, 4 or 6 by the way to play, in the order given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Claim {
    cards: [Card; MOST_CLAIM_CARDS],
    len: u8,
}

impl Claim {
    /// A claim of 3 to 6 cards; `None` for any other count.
    pub fn new(cards: &[Card]) -> Option<Claim> {
        if !(3..=MOST_CLAIM_CARDS).contains(&cards.len()) {
            return None;
        }
        let mut all = [cards[0]; MOST_CLAIM_CARDS];
        all[..cards.len()].copy_from_slice(cards);
        Some(Claim { cards: all, len: cards.len() as u8 })
    }

    /// The claim's cards, in the order they were given.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// Whether the claim holds the card.
    pub fn contains(&self, card: Card) -> bool {
        self.cards().contains(&card)
    }

    /// The same cards, in any order.
    pub fn same_cards(&self, other: &Claim) -> bool {
        self.len == other.len && self.cards().iter().all(|&card| other.contains(card))
    }
}

/// One thing a player does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Claim these cards.
    Claim(Claim),
    /// Reveal one more card of a claim that can be made.
    Hint,
    /// Say "no set": there is no claim on the table (when extra cards
    /// wait for a call).
    CallNoSet,
}

/// An action and when it was made, in ms of play time since the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Play time since the deal, in ms.
    pub at_ms: u64,
    /// What was done.
    pub action: Action,
}

/// An action that the rules refuse. A refused action changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// A claim names a card that is neither on the table nor (in a chain
    /// way) in the previous claim.
    NotInPlay {
        /// The card.
        card: Card,
    },
    /// A claim names a card more than once.
    RepeatedCard {
        /// The card.
        card: Card,
    },
    /// A claim of the wrong number of cards.
    ClaimSize {
        /// The cards a claim holds in this way to play.
        expected: usize,
        /// The cards this one held.
        got: usize,
    },
    /// No card lies in this slot.
    EmptySlot {
        /// The slot named.
        slot: usize,
        /// The cards on the table.
        table_len: usize,
    },
    /// A pick names the same slot more than once.
    RepeatedSlot {
        /// The slot named twice.
        slot: usize,
    },
    /// The game has ended; only a new game can be started.
    GameOver,
    /// A "no set" call in a game that deals its extra cards by itself.
    CallsOff,
    /// A hint while no claim lies out: the table waits for a "no set" call.
    NothingToHint,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameError::NotInPlay { card } => write!(f, "card id {} is not in play", card.id()),
            GameError::RepeatedCard { card } => write!(f, "card id {} is claimed more than once", card.id()),
            GameError::ClaimSize { expected, got } => write!(f, "a claim here is {expected} cards, not {got}"),
            GameError::EmptySlot { slot, table_len } => write!(
                f,
                "slot {slot} is empty: the table has {table_len} cards (slots 0..={})",
                table_len.saturating_sub(1)
            ),
            GameError::RepeatedSlot { slot } => write!(f, "slot {slot} is claimed more than once"),
            GameError::GameOver => write!(f, "the game is over"),
            GameError::CallsOff => f.write_str("extra cards come by themselves in this game: there is nothing to call"),
            GameError::NothingToHint => f.write_str("no claim lies out: call \"no set\" for more cards"),
        }
    }
}

impl std::error::Error for GameError {}

/// Why a claim of cards in play is not valid (see [`crate::rules::explain`]
/// for the reasons in words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Three cards that are not a set: an attribute is neither all the same nor all different.
    NotASet,
    /// No split into two pairs needs the same third card.
    NotAnUltraSet,
    /// Six cards whose values in some trait do not add up to a multiple of 3.
    NotAGhostSet,
    /// Four cards whose values in some trait are neither all the same, all
    /// different, nor two pairs.
    NotAFourSet,
    /// A chain way's claim after the first must hold exactly
    /// [`Variant::links`] cards of the previous claim; this one held this many.
    ChainLink {
        /// The previous set's cards this claim held.
        previous_cards: u8,
    },
}

/// What a claim did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimOutcome {
    /// A valid claim; in UltraSet, with its split and the shared third card.
    Found {
        /// The cards found.
        claim: Claim,
        /// UltraSet: the two pairs and the third card they share.
        split: Option<UltraSplit>,
    },
    /// Daily puzzle: a set found before. Not a wrong claim.
    AlreadyFound,
    /// Counted as a wrong claim; nothing else changed.
    Invalid(Invalid),
}

/// What a hint did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintOutcome {
    /// One more card is revealed; `revealed` cards of the claim are now shown.
    Revealed {
        /// How many of the claim's cards are shown.
        revealed: u8,
    },
    /// All cards of the hinted claim are already shown; not counted.
    AlreadyRevealed,
}

/// What a "no set" call did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallOutcome {
    /// Right: no claim lay out, and this many cards were dealt.
    Right {
        /// Cards dealt.
        dealt: u8,
    },
    /// Wrong, and counted as a wrong claim: this claim lay out.
    Wrong {
        /// The claim missed (the one the hints reveal).
        missed: Claim,
    },
}

/// What applying an action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A claim was judged.
    Claim(ClaimOutcome),
    /// A hint was given.
    Hint(HintOutcome),
    /// A "no set" call was judged.
    Call(CallOutcome),
}

/// A move in a replayed list that the rules refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The refused move's place in the list.
    pub index: usize,
    /// Why the rules refused it.
    pub error: GameError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} is refused: {}", self.index, self.error)
    }
}

impl std::error::Error for ReplayError {}
