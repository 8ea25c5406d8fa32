//! The decks the ways to play use, and what a card id means in each.
//!
//! A card's id is its traits written as digits in the deck's base (3 or 4),
//! most significant first, in the order colour, shape, fill, number, border
//! (a deck without a trait leaves its digit out):
//!
//! | deck | base | traits | ids |
//! | --- | --- | --- | --- |
//! | classic | 3 | colour, shape, fill, number | 0..=80 |
//! | junior | 3 | colour, shape, number (the 27 solid cards of the 81) | classic ids with fill 2 |
//! | mega | 3 | colour, shape, fill, number, border | 0..=242: a classic id × 3 + border |
//! | four | 4 | colour, shape, fill, number | 0..=255 |
//! | four junior | 4 | colour, shape, number | 0..=63 |
//!
//! Junior keeps the classic ids of its cards, so saves and the classic
//! drawing stay true; its [`Deck::values`] leave the fill out, which all its
//! cards share. The 81-card deck's fast set check and finders
//! ([`crate::rules::card`], [`crate::rules::finder`]) apply to classic and
//! junior ids only; [`crate::rules::claim_rule`] judges every deck.

use crate::rules::card::Card;
use std::fmt;

/// The card with this id in whichever deck is played: every deck's ids are
/// below 256, so any byte is some deck's card. For the edges that carry ids
/// without their deck (the wire, a card's place on the page); what a way
/// takes is [`Deck::card`]'s to say.
pub fn card_of_any_deck(id: u8) -> Card {
    Card::of_byte(id)
}

/// One trait a card shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trait {
    /// Its colour.
    Colour,
    /// Its shape.
    Shape,
    /// How its shapes are filled.
    Fill,
    /// How many shapes it shows.
    Number,
    /// The drawing around its edge (MegaSet's fifth trait).
    Border,
}

impl Trait {
    /// Its name in words and in the API.
    pub fn name(self) -> &'static str {
        match self {
            Trait::Colour => "colour",
            Trait::Shape => "shape",
            Trait::Fill => "fill",
            Trait::Number => "number",
            Trait::Border => "border",
        }
    }

    /// Its name at the start of a line: "Colour", "Shape"…
    pub fn title(self) -> &'static str {
        match self {
            Trait::Colour => "Colour",
            Trait::Shape => "Shape",
            Trait::Fill => "Fill",
            Trait::Number => "Number",
            Trait::Border => "Border",
        }
    }

    /// A value's name in words ("red", "an hourglass" is "hourglass"): the
    /// fourth of each trait is the 4Set decks' own.
    pub fn value_name(self, value: u8) -> &'static str {
        VALUE_NAMES[self as usize].get(usize::from(value)).copied().unwrap_or("")
    }
}

/// Each trait's values in words, in [`Trait`]'s order (a table, not a
/// `match` of arrays: that is built on every call, in more code).
const VALUE_NAMES: [[&str; 4]; 5] = [
    ["red", "green", "purple", "orange"],
    ["diamond", "squiggle", "oval", "hourglass"],
    ["open", "striped", "solid", "checkered"],
    ["one", "two", "three", "four"],
    ["borderless", "single-bordered", "double-bordered", ""],
];

/// A deck of cards: which traits its cards show, and how many values each has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Deck {
    /// 81 cards: 4 traits of 3 values.
    #[default]
    Classic,
    /// The 27 solid cards of the classic deck.
    Junior,
    /// 243 cards: the classic traits and a border, 3 values each.
    Mega,
    /// 256 cards: 4 traits of 4 values.
    Four,
    /// 64 cards: colour, shape and number, 4 values each.
    FourJunior,
}

/// A number that is not the id of a card of this deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotInDeck {
    /// The deck asked.
    pub deck: Deck,
    /// The number given.
    pub id: i64,
}

impl fmt::Display for NotInDeck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.deck {
            Deck::Junior => write!(f, "card id {} is not one of the 27 solid cards of the junior deck", self.id),
            deck => write!(f, "card id {} is out of range 0..={}", self.id, deck.size() - 1),
        }
    }
}

impl std::error::Error for NotInDeck {}

/// A card's values, one per trait of its deck, in the deck's trait order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Values {
    values: [u8; 5],
    len: u8,
}

impl Values {
    /// The values, 0..base each.
    pub fn as_slice(&self) -> &[u8] {
        &self.values[..self.len as usize]
    }
}

const CLASSIC_TRAITS: [Trait; 4] = [Trait::Colour, Trait::Shape, Trait::Fill, Trait::Number];
const JUNIOR_TRAITS: [Trait; 3] = [Trait::Colour, Trait::Shape, Trait::Number];
const MEGA_TRAITS: [Trait; 5] = [Trait::Colour, Trait::Shape, Trait::Fill, Trait::Number, Trait::Border];

/// The classic fill digit every junior card has (solid).
const JUNIOR_FILL: u8 = 2;

impl Deck {
    /// How many values each trait has: 3, or 4 in the 4Set decks.
    pub const fn base(self) -> u8 {
        match self {
            Deck::Four | Deck::FourJunior => 4,
            _ => 3,
        }
    }

    /// The traits its cards show, in id digit order.
    pub const fn traits(self) -> &'static [Trait] {
        match self {
            Deck::Classic | Deck::Four => &CLASSIC_TRAITS,
            Deck::Junior | Deck::FourJunior => &JUNIOR_TRAITS,
            Deck::Mega => &MEGA_TRAITS,
        }
    }

    /// How many cards it holds.
    pub const fn size(self) -> usize {
        match self {
            Deck::Classic => 81,
            Deck::Junior => 27,
            Deck::Mega => 243,
            Deck::Four => 256,
            Deck::FourJunior => 64,
        }
    }

    /// One past the largest id of a card of this deck.
    pub const fn id_bound(self) -> usize {
        match self {
            Deck::Junior => 81,
            deck => deck.size(),
        }
    }

    /// Whether a card is one of this deck's.
    pub fn contains(self, card: Card) -> bool {
        let id = card.id() as usize;
        match self {
            Deck::Junior => id < 81 && id / 3 % 3 == JUNIOR_FILL as usize,
            deck => id < deck.size(),
        }
    }

    /// The card of this deck with this id, or an error naming the id.
    pub fn card(self, id: i64) -> Result<Card, NotInDeck> {
        let card = u8::try_from(id).map(Card::of_byte).map_err(|_| NotInDeck { deck: self, id })?;
        if self.contains(card) { Ok(card) } else { Err(NotInDeck { deck: self, id }) }
    }

    /// Every card of the deck, in id order.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        (0..self.id_bound()).map(|id| Card::of_byte(id as u8)).filter(move |&card| self.contains(card))
    }

    /// The card's digits in the deck's base, most significant first: its id
    /// written out. Junior's are the classic four, fill included.
    pub fn digits(self, card: Card) -> Values {
        let (base, len) = match self {
            Deck::Junior => (3, 4),
            deck => (deck.base(), deck.traits().len()),
        };
        let mut values = [0u8; 5];
        let mut id = card.id();
        for value in values[..len].iter_mut().rev() {
            *value = id % base;
            id /= base;
        }
        Values { values, len: len as u8 }
    }

    /// The card's values, one per trait in [`Deck::traits`] order.
    pub fn values(self, card: Card) -> Values {
        let digits = self.digits(card);
        match self {
            Deck::Junior => {
                let [colour, shape, _fill, number, _] = digits.values;
                Values { values: [colour, shape, number, 0, 0], len: 3 }
            }
            _ => digits,
        }
    }

    /// The card in plain words, for messages and screen readers: the
    /// classic "2 solid green diamonds" (Junior's cards, drawn solid, are
    /// named so: `Card`'s own words), "4 checkered orange hourglasses", and
    /// MegaSet's border after a comma: "1 open red oval, double-bordered".
    pub fn words(self, card: Card) -> String {
        // The classic card's own words (Junior's cards are classic cards).
        if matches!(self, Deck::Classic | Deck::Junior) {
            return card.to_string();
        }
        let traits = self.traits();
        let mut named = [""; 5];
        let mut count = 1;
        for (&feature, &value) in traits.iter().zip(self.digits(card).as_slice()) {
            match feature {
                Trait::Number => count = value + 1,
                other => named[other as usize] = other.value_name(value),
            }
        }
        let mut words = String::new();
        words.push(char::from(b'0' + count));
        for feature in [Trait::Fill, Trait::Colour, Trait::Shape] {
            if !named[feature as usize].is_empty() {
                words.push(' ');
                words.push_str(named[feature as usize]);
            }
        }
        if count > 1 {
            words.push_str(if named[Trait::Shape as usize] == "hourglass" { "es" } else { "s" });
        }
        if !named[Trait::Border as usize].is_empty() {
            words.push_str(", ");
            words.push_str(named[Trait::Border as usize]);
        }
        words
    }

    /// The card with these digits (as [`Deck::digits`] gives them), if it is one of the deck's.
    pub fn card_of_digits(self, digits: &[u8]) -> Option<Card> {
        let base = if self == Deck::Junior { 3 } else { u32::from(self.base()) };
        let id = digits
            .iter()
            .try_fold(0u32, |id, &digit| (u32::from(digit) < base).then_some(id * base + u32::from(digit)))?;
        let card = Card::of_byte(u8::try_from(id).ok()?);
        self.contains(card).then_some(card)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_of_every_deck_has_its_own_words() {
        for deck in [Deck::Classic, Deck::Junior, Deck::Mega, Deck::Four, Deck::FourJunior] {
            let words: std::collections::HashSet<String> = deck.cards().map(|card| deck.words(card)).collect();
            assert_eq!(words.len(), deck.size(), "{deck:?}");
        }
        let four = Deck::Four.card_of_digits(&[3, 3, 3, 3]).unwrap();
        assert_eq!(Deck::Four.words(four), "4 checkered orange hourglasses");
        let mega = Deck::Mega.card_of_digits(&[0, 2, 0, 0, 2]).unwrap();
        assert_eq!(Deck::Mega.words(mega), "1 open red oval, double-bordered");
        let junior = Deck::FourJunior.card_of_digits(&[1, 0, 1]).unwrap();
        assert_eq!(Deck::FourJunior.words(junior), "2 green diamonds");
        // The classic words, from the digits by a plain table.
        for deck in [Deck::Classic, Deck::Junior] {
            for card in deck.cards() {
                let id = usize::from(card.id());
                let (colour, shape, fill, number) = (id / 27, id / 9 % 3, id / 3 % 3, id % 3);
                let plain = format!(
                    "{} {} {} {}{}",
                    number + 1,
                    ["open", "striped", "solid"][fill],
                    ["red", "green", "purple"][colour],
                    ["diamond", "squiggle", "oval"][shape],
                    if number > 0 { "s" } else { "" }
                );
                assert_eq!(deck.words(card), plain);
                assert_eq!(card.to_string(), plain);
            }
        }
    }

    #[test]
    fn each_deck_has_its_size_of_distinct_cards_whose_values_round_trip() {
        for deck in [Deck::Classic, Deck::Junior, Deck::Mega, Deck::Four, Deck::FourJunior] {
            let cards: Vec<Card> = deck.cards().collect();
            assert_eq!(cards.len(), deck.size(), "{deck:?}");
            let values: std::collections::HashSet<Values> = cards.iter().map(|&c| deck.values(c)).collect();
            assert_eq!(values.len(), deck.size(), "{deck:?}: every card shows different values");
            for &card in &cards {
                let v = deck.values(card);
                assert_eq!(v.as_slice().len(), deck.traits().len());
                assert!(v.as_slice().iter().all(|&x| x < deck.base()));
                assert_eq!(deck.card_of_digits(deck.digits(card).as_slice()), Some(card));
                assert_eq!(deck.card(i64::from(card.id())), Ok(card));
            }
        }
    }

    #[test]
    fn ids_are_the_traits_as_digits_most_significant_first() {
        // Two solid green diamonds: classic 34 (1, 0, 2, 1).
        assert_eq!(Deck::Classic.values(Card::of_byte(34)).as_slice(), &[1, 0, 2, 1]);
        assert_eq!(Deck::Junior.values(Card::of_byte(34)).as_slice(), &[1, 0, 1]);
        // MegaSet: the classic id × 3 + border.
        assert_eq!(Deck::Mega.values(Card::of_byte(34 * 3 + 2)).as_slice(), &[1, 0, 2, 1, 2]);
        // 4Set: base 4, 3·64 + 1·16 + 2·4 + 3.
        assert_eq!(Deck::Four.values(Card::of_byte(219)).as_slice(), &[3, 1, 2, 3]);
        assert_eq!(Deck::FourJunior.values(Card::of_byte(63)).as_slice(), &[3, 3, 3]);
    }

    #[test]
    fn ids_outside_a_deck_are_errors_that_name_the_id() {
        assert_eq!(Deck::Classic.card(81), Err(NotInDeck { deck: Deck::Classic, id: 81 }));
        assert_eq!(Deck::Mega.card(243).unwrap_err().to_string(), "card id 243 is out of range 0..=242");
        assert_eq!(Deck::FourJunior.card(64).unwrap_err().to_string(), "card id 64 is out of range 0..=63");
        assert!(Deck::Four.card(255).is_ok());
        assert!(Deck::Four.card(256).is_err());
        assert!(Deck::Four.card(-1).is_err());
        assert!(Deck::Junior.card(0).is_err(), "an open card is not a junior card");
        assert!(Deck::Junior.card(8).is_ok());
    }
}
