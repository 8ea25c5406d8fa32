//! What the rules promise of every state of a game, checked: for tests,
//! fuzzers and anyone holding a game of unknown origin.

use super::{Claim, ClaimOutcome, Game};
use std::fmt;

/// A promise of the rules that a game state breaks (see [`Game::audit`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AuditError {
    /// A card lies in two places (deck and table, or twice in one).
    CardInTwoPlaces(u8),
    /// A card that is not in the variant's deck is in play.
    NotInDeck(u8),
    /// Deck, table and the cards claimed away hold this many, not the deck's size.
    CardCount(usize),
    /// A found claim that is not valid, or (a puzzle) found twice or not on its table.
    FoundNotValid(Vec<u8>),
    /// The table holds more cards than the variant allows.
    TableSize(usize),
    /// The deck is not empty, yet the table has too few cards or no claim.
    TableNeedsCards(usize),
    /// The hint points at cards that are not a claim that can be made.
    HintNotValid(Vec<u8>),
    /// No hint, yet the game is not over (and does not wait for a call).
    NoHint,
}

impl fmt::Display for AuditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuditError::CardInTwoPlaces(id) => write!(f, "card {id} is in two places"),
            AuditError::NotInDeck(id) => write!(f, "card {id} is not in this deck"),
            AuditError::CardCount(n) => write!(f, "{n} cards are accounted for, not the whole deck"),
            AuditError::FoundNotValid(ids) => write!(f, "found cards {ids:?} are not a valid claim"),
            AuditError::TableSize(n) => write!(f, "{n} cards are on the table"),
            AuditError::TableNeedsCards(n) => {
                write!(f, "the deck is not empty, yet the table's {n} cards are too few or hold no claim")
            }
            AuditError::HintNotValid(ids) => write!(f, "the hint {ids:?} is not a claim that can be made"),
            AuditError::NoHint => write!(f, "no hint, yet the game is not over"),
        }
    }
}

impl std::error::Error for AuditError {}

impl Game {
    /// Checks what the rules promise of every state: each card of the deck
    /// in exactly one place (deck, table, or claimed away), every found claim
    /// valid, no more cards out than the variant allows, a claim among them
    /// while the deck lasts, and a hint that points at a claim. For tests,
    /// fuzzers and anyone holding a game of unknown origin.
    pub fn audit(&self) -> Result<(), AuditError> {
        let mut seen = [false; 256];
        for &card in self.deck().iter().chain(&self.table).chain(&self.cleared) {
            if !self.variant.in_deck(card) {
                return Err(AuditError::NotInDeck(card.id()));
            }
            if std::mem::replace(&mut seen[card.id() as usize], true) {
                return Err(AuditError::CardInTwoPlaces(card.id()));
            }
        }
        let puzzle = self.variant.is_puzzle();
        // Cards claimed away: in a found claim and off the table (in a
        // chain way a linking card is in two found claims; it counts once).
        // A puzzle's found cards stay on their table, now out or cleared.
        let mut away = 0;
        for (i, claim) in self.found.iter().enumerate() {
            let ids = || claim.cards().iter().map(|c| c.id()).collect::<Vec<u8>>();
            let valid = claim.cards().len() == self.variant.claim_size() && self.holds(claim.cards());
            let repeated = puzzle && self.found[..i].iter().any(|f| f.same_cards(claim));
            if !valid || repeated {
                return Err(AuditError::FoundNotValid(ids()));
            }
            let on_its_table = if i >= self.board_start { &self.table } else { &self.cleared };
            for &card in claim.cards() {
                match (puzzle, self.table.contains(&card)) {
                    (true, _) if !on_its_table.contains(&card) => return Err(AuditError::FoundNotValid(ids())),
                    (false, true) => return Err(AuditError::CardInTwoPlaces(card.id())),
                    (false, false) if !std::mem::replace(&mut seen[card.id() as usize], true) => away += 1,
                    _ => {}
                }
            }
        }
        let total = self.variant.deck().size();
        let out = self.deck().len() + self.table.len() + self.cleared.len() + away;
        if out != total {
            return Err(AuditError::CardCount(out));
        }
        let n = self.table.len();
        if n > self.variant.max_table() {
            return Err(AuditError::TableSize(n));
        }
        let daily = self.variant.sets_to_find().is_some();
        let short = n < self.variant.table_size() || (self.first_claim().is_none() && !self.dealing.is_called());
        if !daily && !self.deck().is_empty() && short {
            return Err(AuditError::TableNeedsCards(n));
        }
        match self.hint_claim() {
            Some(claim) if self.claim_can_be_made(claim) => Ok(()),
            None if self.is_over() || self.awaits_call() => Ok(()),
            Some(claim) => Err(AuditError::HintNotValid(claim.cards().iter().map(|c| c.id()).collect())),
            None => Err(AuditError::NoHint),
        }
    }

    /// Whether a claim is in play and valid now, without making it.
    fn claim_can_be_made(&self, claim: Claim) -> bool {
        claim.cards().iter().all(|&card| self.in_play(card)) && matches!(self.judge(claim), ClaimOutcome::Found { .. })
    }
}
