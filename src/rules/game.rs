//! The rules of one game of SET, as a deterministic state machine.
//!
//! A [`Game`] is a function of its seed and the [`Action`]s applied to it:
//! [`Game::replay`] rebuilds any game from those two, which is what saving,
//! replay and analysis stand on. Nothing here reads a clock or a random source.
//!
//! Rules:
//! - the 81 cards are shuffled from the seed; 12 are dealt face up;
//! - while the table holds no set and the deck is not empty, 3 more are dealt
//!   (21 cards always hold a set, so the table never exceeds 21);
//! - a claimed set leaves the table; its slots are refilled from the deck while
//!   at most 12 cards are out, otherwise the table closes up;
//! - a claim that is not a set counts as a wrong claim and changes nothing else;
//! - each hint reveals one more card of one set on the table (1, 2, then 3);
//! - the game is over when the deck is empty and the table holds no set.

use crate::rules::card::{Card, DECK_SIZE, is_set};
#[cfg(any(test, feature = "test-support"))]
use crate::rules::finder::find_sets;
use crate::rules::finder::first_set;
use crate::rules::rng::SplitMix64;
use std::fmt;

/// Cards face up at the start and after each refill.
pub const TABLE_SIZE: usize = 12;
/// The most cards the table can ever hold: 20 cards can be free of sets, 21 cannot.
pub const MAX_TABLE: usize = 21;

/// One thing a player does; a game is its seed plus a list of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Claim the cards in these three table slots as a set.
    Claim([usize; 3]),
    /// Reveal one more card of a set on the table.
    Hint,
}

/// An action that the rules refuse. A refused action changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// No card lies in this slot.
    EmptySlot { slot: usize, table_len: usize },
    /// A claim names the same slot more than once.
    RepeatedSlot { slot: usize },
    /// The game has ended; only a new game can be started.
    GameOver,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameError::EmptySlot { slot, table_len } => write!(
                f,
                "slot {slot} is empty: the table has {table_len} cards (slots 0..={})",
                table_len.saturating_sub(1)
            ),
            GameError::RepeatedSlot { slot } => write!(f, "slot {slot} is claimed more than once"),
            GameError::GameOver => write!(f, "the game is over"),
        }
    }
}

impl std::error::Error for GameError {}

/// What a claim did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimOutcome {
    /// The cards were a set and left the table.
    Set([Card; 3]),
    /// Not a set: counted as a wrong claim, nothing else changed.
    NotASet,
}

/// What a hint did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintOutcome {
    /// One more card is revealed; `revealed` cards of the set are now shown (1..=3).
    Revealed { revealed: u8 },
    /// All three cards of the hinted set are already shown; not counted.
    AlreadyRevealed,
}

/// What applying an action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Claim(ClaimOutcome),
    Hint(HintOutcome),
}

/// The set the hints are revealing, and how much of it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hint {
    set: [Card; 3],
    revealed: u8,
}

/// An action in a replayed list that the rules refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub index: usize,
    pub error: GameError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "action {} is refused: {}", self.index, self.error)
    }
}

impl std::error::Error for ReplayError {}

/// A promise of the rules that a game state breaks (see [`Game::audit`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AuditError {
    /// A card lies in two places (deck, table or a found set).
    CardInTwoPlaces(u8),
    /// Deck, table and found sets together hold this many cards, not 81.
    CardCount(usize),
    /// A found "set" that is not a set.
    FoundNotASet([u8; 3]),
    /// The table holds more than 21 cards, or not a multiple of 3.
    TableSize(usize),
    /// The deck is not empty, yet the table has fewer than 12 cards or no set.
    TableNeedsCards(usize),
    /// The hint points at slots that are not a set on the table.
    HintNotASet([usize; 3]),
    /// No hint, yet the game is not over.
    NoHint,
}

impl fmt::Display for AuditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AuditError::CardInTwoPlaces(id) => write!(f, "card {id} is in two places"),
            AuditError::CardCount(n) => write!(f, "{n} cards are accounted for, not 81"),
            AuditError::FoundNotASet([a, b, c]) => write!(f, "found cards {a}, {b}, {c} are not a set"),
            AuditError::TableSize(n) => write!(f, "{n} cards are on the table"),
            AuditError::TableNeedsCards(n) => {
                write!(f, "the deck is not empty, yet the table's {n} cards are too few or hold no set")
            }
            AuditError::HintNotASet([i, j, k]) => write!(f, "the hint (slots {i}, {j}, {k}) is not a set on the table"),
            AuditError::NoHint => write!(f, "no hint, yet the game is not over"),
        }
    }
}

impl std::error::Error for AuditError {}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    seed: u64,
    /// The whole shuffled deck; `order[dealt..]` is still to be dealt.
    order: [Card; DECK_SIZE],
    dealt: usize,
    /// Face-up cards by slot; no holes.
    table: Vec<Card>,
    found: Vec<[Card; 3]>,
    wrong_claims: u32,
    hints_used: u32,
    hint: Option<Hint>,
    actions: Vec<Action>,
}

impl Game {
    /// A new game: the deck shuffled from `seed` and the first cards dealt.
    pub fn new(seed: u64) -> Game {
        let mut order: [Card; DECK_SIZE] = std::array::from_fn(|i| Card::new(i as i64).expect("0..81 are card ids"));
        SplitMix64::new(seed).shuffle(&mut order);
        let mut game = Game {
            seed,
            order,
            dealt: 0,
            table: Vec::with_capacity(MAX_TABLE),
            found: Vec::new(),
            wrong_claims: 0,
            hints_used: 0,
            hint: None,
            actions: Vec::new(),
        };
        while game.table.len() < TABLE_SIZE {
            let card = game.draw().expect("a fresh deck has more than 12 cards");
            game.table.push(card);
        }
        game.deal_until_a_set();
        game
    }

    /// Rebuilds a game from its seed and actions; fails at the first refused action.
    pub fn replay(seed: u64, actions: &[Action]) -> Result<Game, ReplayError> {
        let mut game = Game::new(seed);
        for (index, &action) in actions.iter().enumerate() {
            game.apply(action).map_err(|error| ReplayError { index, error })?;
        }
        Ok(game)
    }

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

    /// The sets claimed so far, in the order they were found.
    pub fn found(&self) -> &[[Card; 3]] {
        &self.found
    }

    pub fn wrong_claims(&self) -> u32 {
        self.wrong_claims
    }

    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }

    /// Every action that changed the game, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Over when the deck is empty and no set is left on the table.
    pub fn is_over(&self) -> bool {
        self.deck().is_empty() && !self.table_has_set()
    }

    /// Every set on the table, as ascending slot triples.
    #[cfg(any(test, feature = "test-support"))]
    pub fn sets_on_table(&self) -> Vec<[usize; 3]> {
        find_sets(&self.table).expect("table cards are distinct")
    }

    /// The slots (ascending) of the set that hints reveal: the one being
    /// revealed, else the first on the table. A query; changes nothing.
    pub fn hint_set(&self) -> Option<[usize; 3]> {
        match self.hint {
            Some(hint) => Some(self.slots_of(hint.set)),
            None => first_set(&self.table).expect("table cards are distinct"),
        }
    }

    /// The slots whose cards the hints have revealed so far, in reveal order.
    pub fn hinted_slots(&self) -> Vec<usize> {
        match self.hint {
            Some(hint) => self.slots_of(hint.set)[..hint.revealed as usize].to_vec(),
            None => Vec::new(),
        }
    }

    /// Checks what the rules promise of every state: each of the 81 cards in
    /// exactly one place (deck, table or a found set), every found set a set,
    /// at most 21 cards out in threes, at least 12 and a set among them while
    /// the deck lasts, and a hint that points at a set. For tests, fuzzers
    /// and anyone holding a game of unknown origin.
    pub fn audit(&self) -> Result<(), AuditError> {
        let mut seen = [false; DECK_SIZE];
        for &card in self.deck().iter().chain(&self.table).chain(self.found.iter().flatten()) {
            if std::mem::replace(&mut seen[card.id() as usize], true) {
                return Err(AuditError::CardInTwoPlaces(card.id()));
            }
        }
        let out = self.deck().len() + self.table.len() + 3 * self.found.len();
        if out != DECK_SIZE {
            return Err(AuditError::CardCount(out));
        }
        if let Some([a, b, c]) = self.found.iter().find(|[a, b, c]| !is_set(*a, *b, *c)) {
            return Err(AuditError::FoundNotASet([a.id(), b.id(), c.id()]));
        }
        let n = self.table.len();
        if n > MAX_TABLE || n % 3 != 0 {
            return Err(AuditError::TableSize(n));
        }
        if !self.deck().is_empty() && (n < TABLE_SIZE || !self.table_has_set()) {
            return Err(AuditError::TableNeedsCards(n));
        }
        match self.hint_set() {
            Some([i, j, k]) if i < j && j < k && is_set(self.table[i], self.table[j], self.table[k]) => Ok(()),
            None if self.is_over() => Ok(()),
            Some(slots) => Err(AuditError::HintNotASet(slots)),
            None => Err(AuditError::NoHint),
        }
    }

    /// Ok when `slot` holds a card.
    pub fn check_slot(&self, slot: usize) -> Result<Card, GameError> {
        self.table.get(slot).copied().ok_or(GameError::EmptySlot { slot, table_len: self.table.len() })
    }

    pub fn apply(&mut self, action: Action) -> Result<Outcome, GameError> {
        match action {
            Action::Claim(slots) => self.claim(slots).map(Outcome::Claim),
            Action::Hint => self.hint().map(Outcome::Hint),
        }
    }

    /// Claims the cards in three slots as a set.
    pub fn claim(&mut self, slots: [usize; 3]) -> Result<ClaimOutcome, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let [a, b, c] = [self.check_slot(slots[0])?, self.check_slot(slots[1])?, self.check_slot(slots[2])?];
        if slots[1] == slots[0] {
            return Err(GameError::RepeatedSlot { slot: slots[1] });
        }
        if slots[2] == slots[0] || slots[2] == slots[1] {
            return Err(GameError::RepeatedSlot { slot: slots[2] });
        }
        self.actions.push(Action::Claim(slots));
        if !is_set(a, b, c) {
            self.wrong_claims += 1;
            return Ok(ClaimOutcome::NotASet);
        }
        self.found.push([a, b, c]);
        self.hint = None;
        self.take_from_table(slots);
        self.deal_until_a_set();
        Ok(ClaimOutcome::Set([a, b, c]))
    }

    /// Reveals one more card of the hinted set.
    pub fn hint(&mut self) -> Result<HintOutcome, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let hint = match self.hint {
            Some(hint) => hint,
            None => {
                let [i, j, k] = self.hint_set().expect("a game that is not over has a set on the table");
                Hint { set: [self.table[i], self.table[j], self.table[k]], revealed: 0 }
            }
        };
        if hint.revealed == 3 {
            return Ok(HintOutcome::AlreadyRevealed);
        }
        let revealed = hint.revealed + 1;
        self.hint = Some(Hint { revealed, ..hint });
        self.hints_used += 1;
        self.actions.push(Action::Hint);
        Ok(HintOutcome::Revealed { revealed })
    }

    fn table_has_set(&self) -> bool {
        first_set(&self.table).expect("table cards are distinct").is_some()
    }

    /// Slots of three cards known to be on the table, ascending.
    fn slots_of(&self, cards: [Card; 3]) -> [usize; 3] {
        let mut slots = cards.map(|card| {
            self.table.iter().position(|&c| c == card).expect("hinted cards stay on the table until claimed")
        });
        sort_slots(&mut slots);
        slots
    }

    fn draw(&mut self) -> Option<Card> {
        let card = self.order.get(self.dealt).copied()?;
        self.dealt += 1;
        Some(card)
    }

    /// Removes a claimed set: refill its slots in place while at most 12 cards
    /// are out, otherwise close the table up so no slot stays empty.
    fn take_from_table(&mut self, slots: [usize; 3]) {
        let refill = self.table.len() <= TABLE_SIZE;
        let mut holes = Vec::with_capacity(3);
        for slot in slots {
            let card = if refill { self.draw() } else { None };
            match card {
                Some(card) => self.table[slot] = card,
                None => holes.push(slot),
            }
        }
        self.close_up(&mut holes);
    }

    /// Moves the last cards into the holes (fewest cards move), then shortens the table.
    fn close_up(&mut self, holes: &mut [usize]) {
        sort_slots(holes);
        let new_len = self.table.len() - holes.len();
        let movers: Vec<Card> =
            (new_len..self.table.len()).filter(|slot| !holes.contains(slot)).map(|slot| self.table[slot]).collect();
        for (&hole, card) in holes.iter().filter(|&&hole| hole < new_len).zip(movers) {
            self.table[hole] = card;
        }
        self.table.truncate(new_len);
    }

    fn deal_until_a_set(&mut self) {
        while !self.table_has_set() && !self.deck().is_empty() {
            for _ in 0..3 {
                if let Some(card) = self.draw() {
                    self.table.push(card);
                }
            }
        }
        debug_assert!(self.table.len() <= MAX_TABLE);
    }
}

/// Insertion sort for the three or fewer slots sorted here: the standard
/// sorts bring kilobytes of generic code into the download for three numbers.
fn sort_slots(slots: &mut [usize]) {
    for i in 1..slots.len() {
        let mut j = i;
        while j > 0 && slots[j - 1] > slots[j] {
            slots.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_slots_sorts_every_order_of_three() {
        for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            let mut slots = order.map(|i| [3, 11, 20][i]);
            sort_slots(&mut slots);
            assert_eq!(slots, [3, 11, 20]);
        }
        let mut two = [9, 4];
        sort_slots(&mut two);
        assert_eq!(two, [4, 9]);
    }

    #[test]
    fn audit_passes_real_games_and_catches_broken_ones() {
        let game = Game::new(9);
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
        not_a_set.found.push(triple.map(|s| t[s]));
        for slot in triple {
            not_a_set.table[slot] = not_a_set.draw().unwrap();
        }
        assert_eq!(not_a_set.audit(), Err(AuditError::FoundNotASet(triple.map(|s| t[s].id()))));

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
    }
}
