//! One game of SET in any of its variants, as a deterministic state machine.
//!
//! A [`Game`] is a function of its [`Variant`], its seed and the [`Move`]s
//! applied to it: [`Game::replay`] rebuilds any game from those, which is what
//! saving, replay and analysis stand on. Nothing here reads a clock or a
//! random source: a move carries its play time as a value, and the rules
//! ignore it.
//!
//! Claims name cards, not slots: a card id stays true however the table is
//! laid out, closed up or refilled. What each variant deals, accepts, takes
//! away and ends on is described in [`crate::rules::variant`]. Common to all:
//! - a claim that breaks the rule counts as a wrong claim and changes nothing
//!   else; one naming a card that is not in play is refused and changes nothing;
//! - each hint reveals one more card of one claim that can be made (the same
//!   claim until it is made), up to all of its cards.
//!
//! Extra cards come when the table holds no claim: by themselves
//! ([`Dealing::Automatic`]), or ([`Dealing::WhenCalled`]) when a player
//! calls "no set" and is right. A right call deals 3 more cards; a call
//! while a claim lies out is a wrong claim, and the claim it missed (the one
//! the hints reveal) is its reason.

use crate::rules::card::{Card, is_set};
use crate::rules::claim_rule::ClaimRule;
use crate::rules::daily::{daily_order, seed_of};
use crate::rules::deck::Deck;
use crate::rules::finder::ultra_split;
use crate::rules::rng::SplitMix64;
use crate::rules::variant::{Dealing, Variant};

/// The largest seed a page or script can pass: JavaScript numbers are exact
/// up to 2^53 − 1, and a seed must survive the trip through `state()` and back.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// Cards face up at the start of a classic game and after each refill.
pub const TABLE_SIZE: usize = 12;

mod audit;
mod moves;
mod search;
mod table;
#[cfg(test)]
mod tests;

pub use audit::AuditError;
pub use moves::{
    Action, CallOutcome, Claim, ClaimOutcome, GameError, HintOutcome, Invalid, MOST_CLAIM_CARDS, Move, Outcome,
    ReplayError,
};

/// The claim the hints are revealing, and how much of it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hint {
    claim: Claim,
    revealed: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// A game: a deterministic function of its way to play, its seed and its moves.
pub struct Game {
    variant: Variant,
    seed: u64,
    dealing: Dealing,
    /// The variant's deck, shuffled; `order[dealt..]` is still to be dealt.
    order: Vec<Card>,
    dealt: usize,
    /// Face-up cards by slot; no holes.
    table: Vec<Card>,
    /// The valid claims so far, in the order they were made.
    found: Vec<Claim>,
    /// A puzzle way: where in `found` the claims of the table now out begin.
    board_start: usize,
    /// A puzzle way: the cards of its finished tables, in the order they left.
    cleared: Vec<Card>,
    /// A chain way: the last claim, which the next claim must link to.
    previous: Option<Claim>,
    wrong_claims: u32,
    hints_used: u32,
    /// Right "no set" calls.
    right_calls: u32,
    hint: Option<Hint>,
    moves: Vec<Move>,
}

impl Game {
    /// A new game: the variant's deck shuffled from `seed` (a daily puzzle's
    /// board comes from its date, and its seed is the date's) and the first
    /// cards dealt.
    pub fn new(variant: Variant, seed: u64) -> Game {
        Game::dealt(variant, seed, Dealing::Automatic)
    }

    /// A new game whose extra cards come as `dealing` says; a way that
    /// takes no calls ([`Variant::takes_calls`]) deals them by itself.
    pub fn dealt(variant: Variant, seed: u64, dealing: Dealing) -> Game {
        let dealing = if variant.takes_calls() { dealing } else { Dealing::Automatic };
        let (seed, order) = if let Variant::Daily(date) = variant {
            (seed_of(date), daily_order(date).to_vec())
        } else {
            let mut order: Vec<Card> = variant.deck().cards().collect();
            SplitMix64::new(seed).shuffle(&mut order);
            (seed, order)
        };
        let mut game = Game {
            variant,
            seed,
            dealing,
            order,
            dealt: 0,
            table: Vec::with_capacity(variant.max_table()),
            found: Vec::new(),
            board_start: 0,
            cleared: Vec::new(),
            previous: None,
            wrong_claims: 0,
            hints_used: 0,
            right_calls: 0,
            hint: None,
            moves: Vec::new(),
        };
        game.deal_table();
        game
    }

    /// A classic game: the same seed deals the same game as every release.
    pub fn classic(seed: u64) -> Game {
        Game::new(Variant::Classic, seed)
    }

    /// Rebuilds a game from its variant, seed and moves; fails at the first refused move.
    pub fn replay(variant: Variant, seed: u64, moves: &[Move]) -> Result<Game, ReplayError> {
        Game::new(variant, seed).then(moves)
    }

    /// The same game as dealt, before its first move.
    pub fn restarted(&self) -> Game {
        Game::dealt(self.variant, self.seed, self.dealing)
    }

    /// This game after `moves`; fails at the first refused move.
    pub fn then(mut self, moves: &[Move]) -> Result<Game, ReplayError> {
        for (index, &mv) in moves.iter().enumerate() {
            self.apply(mv).map_err(|error| ReplayError { index, error })?;
        }
        Ok(self)
    }

    /// When extra cards come.
    pub fn dealing(&self) -> Dealing {
        self.dealing
    }

    /// Right "no set" calls so far.
    pub fn right_calls(&self) -> u32 {
        self.right_calls
    }

    /// Whether the table waits for a "no set" call: no claim lies out, the
    /// deck is not empty, and extra cards come only when called.
    pub fn awaits_call(&self) -> bool {
        self.dealing.is_called() && !self.deck().is_empty() && self.first_claim().is_none()
    }

    /// The way to play.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The seed the deck was shuffled from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Face-up cards in slot order.
    pub fn table(&self) -> &[Card] {
        &self.table
    }

    /// Cards still to be dealt, next first.
    pub fn deck(&self) -> &[Card] {
        &self.order[self.dealt..]
    }

    /// The valid claims so far, in the order they were made.
    pub fn found(&self) -> &[Claim] {
        &self.found
    }

    /// A chain way: the claim the next claim must link to.
    pub fn previous(&self) -> Option<Claim> {
        self.previous
    }

    /// A puzzle way: the claims found on the table now out (the daily
    /// puzzle's one table: all of them). None in another way, whose claims
    /// leave the table as they are found.
    pub fn found_on_table(&self) -> &[Claim] {
        if self.variant.is_puzzle() { &self.found[self.board_start..] } else { &[] }
    }

    /// Wrong claims so far.
    pub fn wrong_claims(&self) -> u32 {
        self.wrong_claims
    }

    /// Hints given so far.
    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }

    /// Every move that changed the game, in order, with its time.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Whether the game has ended: every set to find found, or no claim left and no deck.
    pub fn is_over(&self) -> bool {
        match self.variant.sets_to_find() {
            Some(goal) => self.found.len() == goal,
            None => self.deck().is_empty() && self.first_claim().is_none(),
        }
    }

    /// The claim that hints reveal: the one being revealed, else the first
    /// that can be made. A query; changes nothing.
    pub fn hint_claim(&self) -> Option<Claim> {
        match self.hint {
            Some(hint) => Some(hint.claim),
            None => self.first_claim(),
        }
    }

    /// The cards the hints have revealed so far, in reveal order.
    pub fn hinted_cards(&self) -> &[Card] {
        match &self.hint {
            Some(hint) => &hint.claim.cards()[..hint.revealed as usize],
            None => &[],
        }
    }

    /// The slot of a table card.
    pub fn slot_of(&self, card: Card) -> Option<usize> {
        self.table.iter().position(|&c| c == card)
    }

    /// Ok with the card when `slot` holds one.
    pub fn check_slot(&self, slot: usize) -> Result<Card, GameError> {
        self.table.get(slot).copied().ok_or(GameError::EmptySlot { slot, table_len: self.table.len() })
    }

    /// The claim of the cards in these table slots (for slot-based callers).
    pub fn claim_at(&self, slots: &[usize]) -> Result<Claim, GameError> {
        let mut cards = Vec::with_capacity(slots.len());
        for (i, &slot) in slots.iter().enumerate() {
            if slots[..i].contains(&slot) {
                return Err(GameError::RepeatedSlot { slot });
            }
            cards.push(self.check_slot(slot)?);
        }
        Claim::new(&cards).ok_or(GameError::ClaimSize { expected: self.variant.claim_size(), got: slots.len() })
    }

    /// Whether a card can be named in a claim: on the table, or in the previous claim.
    pub fn in_play(&self, card: Card) -> bool {
        self.table.contains(&card) || self.previous.is_some_and(|previous| previous.contains(card))
    }

    /// Makes a move: a refused move changes nothing.
    pub fn apply(&mut self, mv: Move) -> Result<Outcome, GameError> {
        match mv.action {
            Action::Claim(claim) => self.claim(claim, mv.at_ms).map(Outcome::Claim),
            Action::Hint => self.hint(mv.at_ms).map(Outcome::Hint),
            Action::CallNoSet => self.call_no_set(mv.at_ms).map(Outcome::Call),
        }
    }

    /// Calls "no set", `at_ms` into the game: right when no claim lies out
    /// (3 more cards are dealt), wrong (a wrong claim) when one does.
    pub fn call_no_set(&mut self, at_ms: u64) -> Result<CallOutcome, GameError> {
        if !self.dealing.is_called() {
            return Err(GameError::CallsOff);
        }
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        self.moves.push(Move { at_ms, action: Action::CallNoSet });
        if let Some(missed) = self.hint_claim() {
            self.wrong_claims += 1;
            return Ok(CallOutcome::Wrong { missed });
        }
        self.right_calls += 1;
        let before = self.table.len();
        self.deal_extra();
        Ok(CallOutcome::Right { dealt: (self.table.len() - before) as u8 })
    }

    /// Claims these cards, `at_ms` into the game.
    pub fn claim(&mut self, claim: Claim, at_ms: u64) -> Result<ClaimOutcome, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let cards = claim.cards();
        if cards.len() != self.variant.claim_size() {
            return Err(GameError::ClaimSize { expected: self.variant.claim_size(), got: cards.len() });
        }
        for (i, &card) in cards.iter().enumerate() {
            if cards[..i].contains(&card) {
                return Err(GameError::RepeatedCard { card });
            }
            if !self.in_play(card) {
                return Err(GameError::NotInPlay { card });
            }
        }
        self.moves.push(Move { at_ms, action: Action::Claim(claim) });
        let outcome = self.judge(claim);
        match outcome {
            ClaimOutcome::Invalid(_) => self.wrong_claims += 1,
            ClaimOutcome::AlreadyFound => {}
            ClaimOutcome::Found { .. } => self.take(claim),
        }
        Ok(outcome)
    }

    /// Whether a claim of distinct cards in play is valid here.
    fn judge(&self, claim: Claim) -> ClaimOutcome {
        let cards = claim.cards();
        let links = self.variant.links();
        if let Some(previous) = self.previous.filter(|_| links > 0) {
            let linked = cards.iter().filter(|&&card| previous.contains(card)).count();
            if linked != links {
                return ClaimOutcome::Invalid(Invalid::ChainLink { previous_cards: linked as u8 });
            }
        }
        if !self.holds(cards) {
            return ClaimOutcome::Invalid(match self.variant.rule() {
                ClaimRule::Set => Invalid::NotASet,
                ClaimRule::UltraSet => Invalid::NotAnUltraSet,
                ClaimRule::GhostSet => Invalid::NotAGhostSet,
                ClaimRule::FourSet => Invalid::NotAFourSet,
            });
        }
        if self.found_on_table().iter().any(|found| found.same_cards(&claim)) {
            return ClaimOutcome::AlreadyFound;
        }
        let split = match (self.variant.rule(), cards) {
            (ClaimRule::UltraSet, &[a, b, c, d]) => ultra_split([a, b, c, d]),
            _ => None,
        };
        ClaimOutcome::Found { claim, split }
    }

    /// Whether distinct cards keep the way's claim rule: by the 81-card
    /// deck's lookups where they apply, which the finders of every move use.
    fn holds(&self, cards: &[Card]) -> bool {
        match (self.variant.deck(), self.variant.rule(), cards) {
            (Deck::Classic | Deck::Junior, ClaimRule::Set, &[a, b, c]) => is_set(a, b, c),
            (deck, rule, cards) => rule.holds(deck, cards),
        }
    }

    /// A valid claim: it is found; in a puzzle way it stays until the
    /// table's last claim is found, then the table is dealt anew; in the
    /// others its table cards leave and are replaced.
    fn take(&mut self, claim: Claim) {
        self.found.push(claim);
        self.hint = None;
        if self.variant.is_puzzle() {
            if self.variant.sets_to_find().is_none() && self.first_claim().is_none() {
                self.cleared.append(&mut self.table);
                self.board_start = self.found.len();
                self.deal_table();
            }
            return;
        }
        let mut slots = [usize::MAX; MOST_CLAIM_CARDS];
        let mut n = 0;
        for &card in claim.cards() {
            if let Some(slot) = self.slot_of(card) {
                slots[n] = slot;
                n += 1;
            }
        }
        if self.variant.links() > 0 {
            self.previous = Some(claim);
        }
        self.take_from_table(&slots[..n]);
        self.deal_until_a_claim();
        if self.variant.shuffles() {
            // A shuffle of its own for each claim, from the seed and the claim's number.
            SplitMix64::new(self.seed ^ (self.found.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
                .shuffle(&mut self.table);
        }
    }

    /// Reveals one more card of the hinted claim, `at_ms` into the game.
    pub fn hint(&mut self, at_ms: u64) -> Result<HintOutcome, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let Some(claim) = self.hint_claim() else { return Err(GameError::NothingToHint) };
        let hint = self.hint.unwrap_or(Hint { claim, revealed: 0 });
        if hint.revealed as usize == claim.cards().len() {
            return Ok(HintOutcome::AlreadyRevealed);
        }
        let revealed = hint.revealed + 1;
        self.hint = Some(Hint { revealed, ..hint });
        self.hints_used += 1;
        self.moves.push(Move { at_ms, action: Action::Hint });
        Ok(HintOutcome::Revealed { revealed })
    }
}

fn claim_of(cards: &[Card]) -> Claim {
    Claim::new(cards).expect("the finders return a claim's 3 to 6 cards")
}
