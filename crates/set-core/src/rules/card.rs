//! One SET card and the set rule.
//!
//! A card is its id. In the classic deck it is `0..=80`: four ternary digits, most significant first,
//! for colour, shape, fill and count. Two solid green diamonds are digits
//! `1,0,2,1`, so id `1*27 + 0*9 + 2*3 + 1 = 34`.
//!
//! The set check works on the card's *digit form*: the same four digits read
//! as a decimal number (id 34 → 1021). Adding three digit forms never carries
//! (each decimal digit of the sum is at most 6), so each decimal digit of the
//! sum is the sum of one attribute over the three cards, and the attribute is
//! all-same or all-different exactly when that digit is 0, 3 or 6. The 81 sums
//! whose digits are all 0, 3 or 6 are the valid ones; [`SET_SUMS`] is that
//! lookup, built at compile time.

use std::fmt;

/// Number of distinct cards in the deck.
pub const DECK_SIZE: usize = 81;

/// A card: its id. [`Card::new`] and everything in this module speak of the
/// 81-card deck (ids `0..=80`); [`crate::rules::deck::Deck`] makes and reads
/// the cards of the other decks, whose ids reach 255.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// All 81 cards in id order.
pub const DECK: [Card; DECK_SIZE] = {
    let mut deck = [Card(0); DECK_SIZE];
    let mut id = 0;
    while id < DECK_SIZE {
        deck[id] = Card(id as u8);
        id += 1;
    }
    deck
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// A card's colour: its id's first ternary digit.
pub enum Colour {
    /// The first colour (digit 0).
    Red,
    /// The second colour (digit 1).
    Green,
    /// The third colour (digit 2).
    Purple,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// A card's shape: its id's second ternary digit.
pub enum Shape {
    /// The first shape (digit 0).
    Diamond,
    /// The second shape (digit 1).
    Squiggle,
    /// The third shape (digit 2).
    Oval,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// A card's fill: its id's third ternary digit.
pub enum Fill {
    /// Outlined, empty inside (digit 0).
    Open,
    /// Hatched with lines (digit 1).
    Striped,
    /// Filled in (digit 2).
    Solid,
}

/// A number that is not the id of a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidCardId(pub i64);

impl fmt::Display for InvalidCardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "card id {} is out of range 0..=80", self.0)
    }
}

impl std::error::Error for InvalidCardId {}

impl Card {
    /// The card with this id, or an error naming the id when it is not 0..=80.
    pub fn new(id: i64) -> Result<Card, InvalidCardId> {
        if (0..DECK_SIZE as i64).contains(&id) { Ok(Card(id as u8)) } else { Err(InvalidCardId(id)) }
    }

    /// The card with these attributes; `count` is 1, 2 or 3.
    #[cfg(any(test, feature = "test-support"))]
    pub fn from_attributes(colour: Colour, shape: Shape, fill: Fill, count: u8) -> Option<Card> {
        if !(1..=3).contains(&count) {
            return None;
        }
        Some(Card(colour as u8 * 27 + shape as u8 * 9 + fill as u8 * 3 + (count - 1)))
    }

    /// The card with this id in some deck of [`crate::rules::deck`], which
    /// checks it: any byte is an id of a 4Set card.
    pub(crate) const fn of_byte(id: u8) -> Card {
        Card(id)
    }

    /// All 81 cards in id order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..DECK_SIZE as u8).map(Card)
    }

    /// The card's id, 0..=80: its four ternary digits as one number.
    pub const fn id(self) -> u8 {
        self.0
    }

    /// The four ternary digits: colour, shape, fill, count − 1.
    pub const fn digits(self) -> [u8; 4] {
        let id = self.0;
        [id / 27, id / 9 % 3, id / 3 % 3, id % 3]
    }

    /// The digits read as a decimal number: id 34 → 1021.
    pub const fn digit_form(self) -> u16 {
        DIGIT_FORMS[self.0 as usize]
    }

    /// The card's colour.
    pub const fn colour(self) -> Colour {
        match self.0 / 27 {
            0 => Colour::Red,
            1 => Colour::Green,
            _ => Colour::Purple,
        }
    }

    /// The card's shape.
    pub const fn shape(self) -> Shape {
        match self.0 / 9 % 3 {
            0 => Shape::Diamond,
            1 => Shape::Squiggle,
            _ => Shape::Oval,
        }
    }

    /// The card's fill.
    pub const fn fill(self) -> Fill {
        match self.0 / 3 % 3 {
            0 => Fill::Open,
            1 => Fill::Striped,
            _ => Fill::Solid,
        }
    }

    /// How many symbols the card shows: 1, 2 or 3.
    pub const fn count(self) -> u8 {
        self.0 % 3 + 1
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Card({} = {:04})", self.0, self.digit_form())
    }
}

impl fmt::Display for Card {
    /// Plain words, for messages and screen readers: "2 solid green diamonds".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fill = match self.fill() {
            Fill::Open => "open",
            Fill::Striped => "striped",
            Fill::Solid => "solid",
        };
        let colour = match self.colour() {
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Purple => "purple",
        };
        let shape = match self.shape() {
            Shape::Diamond => "diamond",
            Shape::Squiggle => "squiggle",
            Shape::Oval => "oval",
        };
        let plural = if self.count() > 1 { "s" } else { "" };
        write!(f, "{} {fill} {colour} {shape}{plural}", self.count())
    }
}

const fn digit_form_of(id: u8) -> u16 {
    let d = [id / 27, id / 9 % 3, id / 3 % 3, id % 3];
    d[0] as u16 * 1000 + d[1] as u16 * 100 + d[2] as u16 * 10 + d[3] as u16
}

const DIGIT_FORMS: [u16; DECK_SIZE] = {
    let mut forms = [0u16; DECK_SIZE];
    let mut id = 0;
    while id < DECK_SIZE {
        forms[id] = digit_form_of(id as u8);
        id += 1;
    }
    forms
};

/// Largest possible sum of three digit forms (2222 × 3).
const MAX_SUM: usize = 6666;

/// The valid digit sums: bit `s` is set when every decimal digit of `s` is
/// 0, 3 or 6. 81 bits are set. 105 words, so the lookup costs 840 bytes.
pub struct SetSums([u64; MAX_SUM / 64 + 1]);

impl SetSums {
    /// Whether `sum` (of three digit forms) is the sum of a set.
    #[inline]
    pub const fn contains(&self, sum: u16) -> bool {
        let s = sum as usize;
        s <= MAX_SUM && self.0[s / 64] >> (s % 64) & 1 == 1
    }

    /// Every valid sum in increasing order.
    #[cfg(any(test, feature = "test-support"))]
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        (0..=MAX_SUM as u16).filter(|&s| self.contains(s))
    }
}

/// The sums of three ids' decimal digits that make a set: the lookup every set check reads.
pub const SET_SUMS: SetSums = {
    let mut bits = [0u64; MAX_SUM / 64 + 1];
    // Every number whose four decimal digits are each 0, 3 or 6.
    let mut i = 0;
    while i < 81 {
        let s = (i / 27 * 3) * 1000 + (i / 9 % 3 * 3) * 100 + (i / 3 % 3 * 3) * 10 + i % 3 * 3;
        bits[s / 64] |= 1 << (s % 64);
        i += 1;
    }
    SetSums(bits)
};

/// Whether three cards form a set, by the digit-sum lookup.
///
/// Three copies of one card sum to a valid number too; callers that accept
/// input must reject repeated cards first (as [`crate::rules::finder`] does).
#[inline]
pub fn is_set(a: Card, b: Card, c: Card) -> bool {
    SET_SUMS.contains(a.digit_form() + b.digit_form() + c.digit_form())
}

/// The one card that makes a set with `a` and `b`. For each attribute it is
/// the value that makes the digit sum divisible by 3; for `a == b` it is `a`.
#[inline]
pub fn third_card(a: Card, b: Card) -> Card {
    Card(third_cards_of(a)[b.0 as usize & 127])
}

/// The third card of `card` paired with each card, by id: one row of the
/// pair table, so that a finder looping over pairs does one load per pair.
/// Rows are 128 wide so that indexing with `id & 127` needs no bounds check.
#[inline]
pub(crate) fn third_cards_of(card: Card) -> &'static [u8; 128] {
    &third_table()[card.0 as usize]
}

/// `third_card` for all 6,561 ordered pairs, built once on first use. It beat
/// a 625-byte table indexed by base-5 pair sums (three loads per pair instead
/// of one; BENCHMARKS.md, "Design decisions, measured once"). It is built at
/// run time rather than compile time: as data it costs the download far more
/// than the loop that builds it (same section).
fn third_table() -> &'static [[u8; 128]; DECK_SIZE] {
    static THIRD: std::sync::OnceLock<[[u8; 128]; DECK_SIZE]> = std::sync::OnceLock::new();
    THIRD.get_or_init(|| {
        let mut table = [[0u8; 128]; DECK_SIZE];
        for (a, row) in table.iter_mut().enumerate() {
            for (b, third) in row.iter_mut().enumerate().take(DECK_SIZE) {
                let (x, y) = (a as u8, b as u8);
                let (mut id, mut place) = (0u8, 27u8);
                while place > 0 {
                    // The digit that brings this attribute's sum of three to 0, 3 or 6.
                    id += (6 - x / place % 3 - y / place % 3) % 3 * place;
                    place /= 3;
                }
                *third = id;
            }
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule as a player states it: every attribute all same or all different.
    fn plain_rule(a: Card, b: Card, c: Card) -> bool {
        (0..4).all(|i| {
            let (x, y, z) = (a.digits()[i], b.digits()[i], c.digits()[i]);
            (x == y && y == z) || (x != y && y != z && x != z)
        })
    }

    #[test]
    fn two_solid_green_diamonds_is_id_34_and_digit_form_1021() {
        let card = Card::from_attributes(Colour::Green, Shape::Diamond, Fill::Solid, 2).unwrap();
        assert_eq!(card.id(), 34);
        assert_eq!(card.digits(), [1, 0, 2, 1]);
        assert_eq!(card.digit_form(), 1021);
        assert_eq!(card.to_string(), "2 solid green diamonds");
    }

    #[test]
    fn attributes_round_trip_through_the_id() {
        let colours = [Colour::Red, Colour::Green, Colour::Purple];
        let shapes = [Shape::Diamond, Shape::Squiggle, Shape::Oval];
        let fills = [Fill::Open, Fill::Striped, Fill::Solid];
        let mut seen = std::collections::HashSet::new();
        for colour in colours {
            for shape in shapes {
                for fill in fills {
                    for count in 1..=3 {
                        let card = Card::from_attributes(colour, shape, fill, count).unwrap();
                        assert_eq!(
                            (card.colour(), card.shape(), card.fill(), card.count()),
                            (colour, shape, fill, count)
                        );
                        assert!(seen.insert(card));
                    }
                }
            }
        }
        assert_eq!(seen.len(), 81);
        assert_eq!(Card::from_attributes(Colour::Red, Shape::Oval, Fill::Open, 0), None);
        assert_eq!(Card::from_attributes(Colour::Red, Shape::Oval, Fill::Open, 4), None);
    }

    #[test]
    fn ids_outside_the_deck_are_errors_that_name_the_id() {
        assert_eq!(Card::new(80).map(Card::id), Ok(80));
        assert_eq!(Card::new(81), Err(InvalidCardId(81)));
        assert_eq!(Card::new(-1), Err(InvalidCardId(-1)));
        assert_eq!(Card::new(81).unwrap_err().to_string(), "card id 81 is out of range 0..=80");
    }

    #[test]
    fn there_are_81_valid_sums_all_of_digits_0_3_6() {
        let sums: Vec<u16> = SET_SUMS.iter().collect();
        assert_eq!(sums.len(), 81);
        for s in &sums {
            assert!(format!("{s:04}").chars().all(|d| matches!(d, '0' | '3' | '6')), "{s}");
        }
        assert_eq!(sums.first(), Some(&0));
        assert_eq!(sums.last(), Some(&6666));
        assert!(!SET_SUMS.contains(6667));
        assert!(!SET_SUMS.contains(u16::MAX));
    }

    #[test]
    fn digit_sum_check_agrees_with_the_plain_rule_on_all_85320_triples() {
        let cards: Vec<Card> = Card::all().collect();
        let (mut triples, mut sets) = (0, 0);
        for (i, &a) in cards.iter().enumerate() {
            for (j, &b) in cards.iter().enumerate().skip(i + 1) {
                for &c in &cards[j + 1..] {
                    triples += 1;
                    let by_lookup = is_set(a, b, c);
                    assert_eq!(by_lookup, plain_rule(a, b, c), "{a:?} {b:?} {c:?}");
                    sets += u32::from(by_lookup);
                }
            }
        }
        assert_eq!(triples, 85_320);
        assert_eq!(sets, 1080);
    }

    #[test]
    fn third_card_completes_every_pair_and_is_unique() {
        for a in Card::all() {
            for b in Card::all().filter(|&b| b != a) {
                let c = third_card(a, b);
                assert!(c != a && c != b);
                assert!(plain_rule(a, b, c));
                assert_eq!(Card::all().filter(|&x| x != a && x != b && is_set(a, b, x)).count(), 1);
                assert_eq!(third_card(b, a), c);
            }
            assert_eq!(third_card(a, a), a);
        }
    }
}
