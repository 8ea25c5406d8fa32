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
use crate::rules::finder::{UltraSplit, find_sets, first_link, first_set, first_ultra, ultra_split};
use crate::rules::hands::each_hand;
use crate::rules::rng::SplitMix64;
use crate::rules::variant::{Dealing, Variant};
use crate::sort::sort_by_key;
use std::fmt;

/// The largest seed a page or script can pass: JavaScript numbers are exact
/// up to 2^53 − 1, and a seed must survive the trip through `state()` and back.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// Cards face up at the start of a classic game and after each refill.
pub const TABLE_SIZE: usize = 12;
/// The most cards a classic table can hold: 20 cards can be free of sets, 21 cannot.
pub const MAX_TABLE: usize = 21;

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

/// The claim the hints are revealing, and how much of it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hint {
    claim: Claim,
    revealed: u8,
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
            table: Vec::with_capacity(MAX_TABLE),
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
    /// puzzle's one table: all of them).
    pub fn found_on_table(&self) -> &[Claim] {
        &self.found[self.board_start..]
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

    /// Every set on the table, as ascending slot triples.
    #[cfg(any(test, feature = "test-support"))]
    pub fn sets_on_table(&self) -> Vec<[usize; 3]> {
        find_sets(&self.table).expect("table cards are distinct")
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
        if self.variant.is_puzzle() && self.found_on_table().iter().any(|found| found.same_cards(&claim)) {
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

    /// The first claim that can be made from what is in play, in the
    /// finders' scan order, with table cards in slot order.
    pub fn first_claim(&self) -> Option<Claim> {
        let t = &self.table;
        let previous = self.previous.filter(|_| self.variant.links() > 0);
        match (self.variant.deck(), self.variant.rule(), previous) {
            (_, _, Some(previous)) if self.variant.links() == 1 && self.variant.rule() == ClaimRule::Set => {
                let p = previous.cards();
                first_link(p, t).map(|(link, [i, j])| claim_of(&[p[link], t[i], t[j]]))
            }
            (_, _, Some(_)) => self.links().into_iter().next(),
            _ if self.variant.is_puzzle() => self.claims().into_iter().next(),
            (Deck::Classic | Deck::Junior, ClaimRule::Set, None) => {
                first_set(t).ok()?.map(|[i, j, k]| claim_of(&[t[i], t[j], t[k]]))
            }
            (Deck::Classic, ClaimRule::UltraSet, None) => {
                first_ultra(t).map(|[a, b, c, d]| claim_of(&[t[a], t[b], t[c], t[d]]))
            }
            (deck, rule, None) => rule.claims(deck, t).ok()?.first().map(|hand| self.claim_of_slots(hand)),
        }
    }

    /// Every claim that can be made from what is in play now, by the
    /// way's rules: the table's claims (in a puzzle, those not yet found on
    /// it), or a chain way's links to the previous claim. Table cards in
    /// slot order. For looking back at a game; play itself only ever needs
    /// [`Game::first_claim`].
    pub fn claims(&self) -> Vec<Claim> {
        if self.previous.is_some() && self.variant.links() > 0 {
            return self.links();
        }
        let (deck, rule) = (self.variant.deck(), self.variant.rule());
        let hands = match (deck, rule) {
            (Deck::Classic | Deck::Junior, ClaimRule::Set) => {
                find_sets(&self.table).unwrap_or_default().into_iter().map(|hand| hand.to_vec()).collect()
            }
            _ => rule.claims(deck, &self.table).unwrap_or_default(),
        };
        hands
            .iter()
            .map(|hand| self.claim_of_slots(hand))
            .filter(|claim| !self.found_on_table().iter().any(|found| found.same_cards(claim)))
            .collect()
    }

    /// A chain way's claims: [`Variant::links`] cards of the previous claim
    /// (in its order) and the rest from the table (in slot order).
    fn links(&self) -> Vec<Claim> {
        let Some(previous) = self.previous else { return Vec::new() };
        let (p, t) = (previous.cards(), &self.table);
        let links = self.variant.links();
        let mut claims = Vec::new();
        let mut hand = Vec::with_capacity(MOST_CLAIM_CARDS);
        each_hand(p.len(), links, &mut |from_previous| {
            each_hand(t.len(), self.variant.claim_size() - links, &mut |from_table| {
                hand.clear();
                hand.extend(from_previous.iter().map(|&i| p[i]));
                hand.extend(from_table.iter().map(|&i| t[i]));
                if self.holds(&hand) {
                    claims.push(claim_of(&hand));
                }
            });
        });
        claims
    }

    fn claim_of_slots(&self, slots: &[usize]) -> Claim {
        let cards: Vec<Card> = slots.iter().map(|&slot| self.table[slot]).collect();
        claim_of(&cards)
    }

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

    fn draw(&mut self) -> Option<Card> {
        let card = self.order.get(self.dealt).copied()?;
        self.dealt += 1;
        Some(card)
    }

    /// Removes claimed table cards. Their slots are refilled in place, in
    /// the order claimed, as far as it takes to bring the table back to its
    /// first size; the table closes up over the rest. (Classic: a set taken
    /// from 12 is refilled, one taken from 15 or more closes up. Set-Chain
    /// takes two cards, so 13 becomes 12 with one refill.)
    fn take_from_table(&mut self, slots: &[usize]) {
        let mut refills = self.variant.table_size().saturating_sub(self.table.len() - slots.len());
        let mut holes = [0usize; MOST_CLAIM_CARDS];
        let mut n = 0;
        for &slot in slots {
            let card = if refills > 0 { self.draw() } else { None };
            refills = refills.saturating_sub(1);
            if let Some(card) = card {
                self.table[slot] = card;
            } else {
                holes[n] = slot;
                n += 1;
            }
        }
        self.close_up(&mut holes[..n]);
    }

    /// Moves the last cards into the holes (fewest cards move), then shortens the table.
    fn close_up(&mut self, holes: &mut [usize]) {
        sort_by_key(holes, |&slot| slot);
        let new_len = self.table.len() - holes.len();
        let movers: Vec<Card> =
            (new_len..self.table.len()).filter(|slot| !holes.contains(slot)).map(|slot| self.table[slot]).collect();
        for (&hole, card) in holes.iter().filter(|&&hole| hole < new_len).zip(movers) {
            self.table[hole] = card;
        }
        self.table.truncate(new_len);
    }

    /// Deals the way's first table, then more while it holds no claim.
    fn deal_table(&mut self) {
        while self.table.len() < self.variant.table_size() {
            let Some(card) = self.draw() else { break };
            self.table.push(card);
        }
        self.deal_until_a_claim();
    }

    /// Deals 3 more cards while no claim lies out, unless they wait for a call.
    fn deal_until_a_claim(&mut self) {
        while !self.dealing.is_called() && self.first_claim().is_none() && !self.deck().is_empty() {
            self.deal_extra();
        }
    }

    fn deal_extra(&mut self) {
        for _ in 0..3 {
            if let Some(card) = self.draw() {
                self.table.push(card);
            }
        }
    }
}

fn claim_of(cards: &[Card]) -> Claim {
    Claim::new(cards).expect("the finders return a claim's 3 to 6 cards")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(ids: &[u8]) -> Vec<Card> {
        ids.iter().map(|&id| Card::new(i64::from(id)).unwrap()).collect()
    }

    #[test]
    fn audit_passes_real_games_and_catches_broken_ones() {
        let game = Game::classic(9);
        assert_eq!(game.audit(), Ok(()));

        let mut twice = game.clone();
        twice.table[0] = twice.table[1];
        assert_eq!(twice.audit(), Err(AuditError::CardInTwoPlaces(twice.table[1].id())));

        let mut lost = game.clone();
        lost.table.truncate(9);
        assert_eq!(lost.audit(), Err(AuditError::CardCount(78)));

        let mut not_a_set = game.clone();
        let t = not_a_set.table.clone();
        let n = t.len();
        let triple = (0..n)
            .flat_map(|a| (a + 1..n).flat_map(move |b| (b + 1..n).map(move |c| [a, b, c])))
            .find(|&[a, b, c]| !is_set(t[a], t[b], t[c]))
            .unwrap();
        not_a_set.found.push(claim_of(&triple.map(|s| t[s])));
        for slot in triple {
            not_a_set.table[slot] = not_a_set.draw().unwrap();
        }
        assert_eq!(not_a_set.audit(), Err(AuditError::FoundNotValid(triple.map(|s| t[s].id()).to_vec())));

        let mut crowded = game.clone();
        for _ in 0..12 {
            let card = crowded.draw().unwrap();
            crowded.table.push(card);
        }
        assert_eq!(crowded.audit(), Err(AuditError::TableSize(24)));

        // The last three cards dealt go back to the deck: 9 cards out.
        assert_eq!(game.table.len(), 12);
        let mut short = game.clone();
        short.table.truncate(9);
        short.dealt -= 3;
        assert_eq!(short.audit(), Err(AuditError::TableNeedsCards(9)));

        let mut foreign = Game::new(Variant::Junior, 9);
        foreign.table[0] = Card::new(0).unwrap();
        assert_eq!(foreign.audit(), Err(AuditError::NotInDeck(0)));
    }

    #[test]
    fn claims_of_cards_not_in_play_repeated_or_of_the_wrong_size_are_refused_and_change_nothing() {
        let mut game = Game::classic(5);
        let t = game.table().to_vec();
        let off_table = *game.deck().first().unwrap();
        let before = game.clone();
        let cases = [
            (claim_of(&[t[0], t[1], off_table]), GameError::NotInPlay { card: off_table }),
            (claim_of(&[t[0], t[1], t[0]]), GameError::RepeatedCard { card: t[0] }),
            (claim_of(&[t[0], t[1], t[2], t[3]]), GameError::ClaimSize { expected: 3, got: 4 }),
        ];
        for (claim, error) in cases {
            assert_eq!(game.claim(claim, 10), Err(error));
            assert_eq!(game, before);
        }
        assert_eq!(game.claim_at(&[0, 1]), Err(GameError::ClaimSize { expected: 3, got: 2 }));
        assert_eq!(game.claim_at(&[0, 1, 1]), Err(GameError::RepeatedSlot { slot: 1 }));
        assert_eq!(game.claim_at(&[0, 1, 40]), Err(GameError::EmptySlot { slot: 40, table_len: t.len() }));
        assert_eq!(Claim::new(&cards(&[1, 2])), None);
    }

    #[test]
    fn moves_keep_their_times_and_replay_rebuilds_the_game() {
        let mut game = Game::classic(77);
        game.hint(1200).unwrap();
        let claim = game.hint_claim().unwrap();
        game.claim(claim, 4500).unwrap();
        let times: Vec<u64> = game.moves().iter().map(|m| m.at_ms).collect();
        assert_eq!(times, vec![1200, 4500]);
        assert_eq!(Game::replay(Variant::Classic, 77, game.moves()), Ok(game));
    }

    #[test]
    fn ultra_claims_are_four_cards_split_into_pairs_needing_the_same_third() {
        // 0001, 0002, 1202, 2101 as digits: ids 1, 2, 47, 64.
        let [a, b, c, d] = [1, 2, 47, 64].map(|id| Card::new(id).unwrap());
        let split = ultra_split([a, b, c, d]).unwrap();
        assert_eq!(split.pairs, [[0, 1], [2, 3]]);
        assert_eq!(split.third, Card::new(0).unwrap());
        assert!(ultra_split([a, b, c, Card::new(65).unwrap()]).is_none());
    }
}
