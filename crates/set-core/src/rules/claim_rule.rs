//! What a claim is in each way to play, on any deck, and finding claims.
//!
//! Every rule is arithmetic on the cards' digits ([`Deck::digits`]):
//! - in a ternary deck, three values of a trait are all the same or all
//!   different exactly when they add up to a multiple of 3. A *set* is 3
//!   cards whose digits add up to 0 mod 3 in every place; an *UltraSet* is 4
//!   cards that split into two pairs needing the same third card, that is
//!   two pairs with the same digit sums mod 3; a *GhostSet* is 6 cards whose
//!   digits add up to 0 mod 3 in every place;
//! - in a base-4 deck, a digit is two bits, and four values are all the
//!   same, all different or two pairs exactly when they XOR to 0. A *4Set*
//!   is 4 cards whose ids XOR to 0.
//!
//! The tests hold each rule to a plain reference written from its words.
//! The finders list every claim once, as ascending indices into the cards
//! given, in lexicographic order.

use crate::rules::card::{Card, third_card};
use crate::rules::deck::{Deck, Values};
use crate::rules::finder::RepeatedCard;
use crate::sort::sort_by_key;
use std::fmt;

/// What a claim is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimRule {
    /// 3 cards, each trait all the same or all different.
    Set,
    /// 4 cards: two pairs that need the same third card.
    UltraSet,
    /// 6 cards whose values in every trait add up to a multiple of 3.
    GhostSet,
    /// 4 cards where, in every trait, the values are all the same, all
    /// different, or two pairs.
    FourSet,
}

/// The most cards a GhostSet search looks through: there are
/// n choose 6 six-card hands to try, and a table never comes near this.
pub const MOST_GHOST_CARDS: usize = 32;

/// Why claims cannot be listed among some cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// A card is given twice.
    Repeated(RepeatedCard),
    /// More cards than this rule's search looks through.
    TooManyCards {
        /// The rule.
        rule: ClaimRule,
        /// The most it searches.
        most: usize,
        /// How many were given.
        given: usize,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Repeated(repeated) => repeated.fmt(f),
            SearchError::TooManyCards { rule, most, given } => {
                write!(f, "{}s are searched for among at most {most} cards, not {given}", rule.name())
            }
        }
    }
}

impl std::error::Error for SearchError {}

impl From<RepeatedCard> for SearchError {
    fn from(repeated: RepeatedCard) -> SearchError {
        SearchError::Repeated(repeated)
    }
}

impl ClaimRule {
    /// Cards in one claim.
    pub const fn size(self) -> usize {
        match self {
            ClaimRule::Set => 3,
            ClaimRule::UltraSet | ClaimRule::FourSet => 4,
            ClaimRule::GhostSet => 6,
        }
    }

    /// Its name as players say it: "set", "UltraSet", "GhostSet", "4Set".
    pub const fn name(self) -> &'static str {
        match self {
            ClaimRule::Set => "set",
            ClaimRule::UltraSet => "UltraSet",
            ClaimRule::GhostSet => "GhostSet",
            ClaimRule::FourSet => "4Set",
        }
    }

    /// Its name in a sentence, with its article: "a set", "an UltraSet",
    /// "a GhostSet", "a 4Set".
    pub const fn with_article(self) -> &'static str {
        match self {
            ClaimRule::Set => "a set",
            ClaimRule::UltraSet => "an UltraSet",
            ClaimRule::GhostSet => "a GhostSet",
            ClaimRule::FourSet => "a 4Set",
        }
    }

    /// Its name at the start of a sentence: "Set", "UltraSet", "GhostSet", "4Set".
    pub const fn title(self) -> &'static str {
        match self {
            ClaimRule::Set => "Set",
            rule => rule.name(),
        }
    }

    /// Whether these cards of `deck` make a claim: the rule's count of
    /// distinct cards that keep it. Any other count, or a repeated card, does not.
    pub fn holds(self, deck: Deck, cards: &[Card]) -> bool {
        if cards.len() != self.size() || cards.iter().enumerate().any(|(i, card)| cards[..i].contains(card)) {
            return false;
        }
        match self {
            ClaimRule::Set | ClaimRule::GhostSet => sums_to_zero(deck, cards),
            ClaimRule::UltraSet => ultra_pairs(deck, [cards[0], cards[1], cards[2], cards[3]]).is_some(),
            ClaimRule::FourSet => cards.iter().fold(0, |x, card| x ^ card.id()) == 0,
        }
    }

    /// Every claim among distinct `cards` of `deck`, as ascending indices, in
    /// lexicographic order.
    pub fn claims(self, deck: Deck, cards: &[Card]) -> Result<Vec<Vec<usize>>, SearchError> {
        let place = places(cards)?;
        let mut claims = Vec::new();
        match self {
            ClaimRule::Set => {
                for i in 0..cards.len() {
                    for j in i + 1..cards.len() {
                        let third = pair_key(deck, cards[i], cards[j], Pair::Third);
                        if let Some(k) = place[third as usize].filter(|&k| k > j) {
                            claims.push(vec![i, j, k]);
                        }
                    }
                }
            }
            ClaimRule::UltraSet | ClaimRule::FourSet => {
                // Each claim once, as i < j < k < l: for every three cards,
                // the fourth cards that complete them, later in the list.
                for i in 0..cards.len() {
                    for j in i + 1..cards.len() {
                        for k in j + 1..cards.len() {
                            let mut after = self.fourths(deck, [cards[i], cards[j], cards[k]]).map(|fourth| {
                                fourth.and_then(|id| place[id as usize]).filter(|&l| l > k).unwrap_or(usize::MAX)
                            });
                            // At most three, in increasing order: a claim list stays lexicographic.
                            sort_by_key(&mut after, |&l| l);
                            for l in after.into_iter().filter(|&l| l != usize::MAX) {
                                claims.push(vec![i, j, k, l]);
                            }
                        }
                    }
                }
            }
            ClaimRule::GhostSet => {
                if cards.len() > MOST_GHOST_CARDS {
                    return Err(SearchError::TooManyCards { rule: self, most: MOST_GHOST_CARDS, given: cards.len() });
                }
                let digits: Vec<[u8; 5]> = cards.iter().map(|&card| padded_digits(deck, card)).collect();
                ghost_search(&digits, &mut Vec::with_capacity(6), [0; 5], 0, &mut claims);
            }
        }
        Ok(claims)
    }
}

impl ClaimRule {
    /// The cards that make a claim of 4 with these three, by id (`None`
    /// past a byte): a 4Set's one (their XOR), an UltraSet's three (one per
    /// way of pairing the fourth: a + b − c, a + c − b, b + c − a).
    fn fourths(self, deck: Deck, [a, b, c]: [Card; 3]) -> [Option<u16>; 3] {
        if self == ClaimRule::FourSet {
            return [Some(u16::from(four_set_fourth_id([a, b, c]))), None, None];
        }
        let [a, b, c] = [a, b, c].map(|card| deck.digits(card));
        let fourth = |x: &Values, y: &Values, z: &Values| {
            let digits = x.as_slice().iter().zip(y.as_slice()).zip(z.as_slice());
            Some(digits.fold(0, |id, ((&x, &y), &z)| id * 3 + u16::from((x + y + 3 - z) % 3)))
        };
        [fourth(&a, &b, &c), fourth(&a, &c, &b), fourth(&b, &c, &a)]
    }
}

/// The split of four distinct ternary cards into two pairs with the same
/// digit sums, as indices; at most one split can work (two would make two
/// of the cards equal).
pub fn ultra_pairs(deck: Deck, cards: [Card; 4]) -> Option<[[usize; 2]; 2]> {
    const SPLITS: [[[usize; 2]; 2]; 3] = [[[0, 1], [2, 3]], [[0, 2], [1, 3]], [[0, 3], [1, 2]]];
    SPLITS.into_iter().find(|&[[a, b], [c, d]]| {
        pair_key(deck, cards[a], cards[b], Pair::Sum) == pair_key(deck, cards[c], cards[d], Pair::Sum)
    })
}

/// A GhostSet's ghost: its six cards split into three pairs whose third
/// cards are three distinct cards, and those thirds, which make a set (the
/// six add up to a multiple of 3 in every trait, so their thirds do too).
/// The first split found; `None` when no split gives three distinct
/// thirds. GhostSet is played with the 81 classic cards (and Junior's are
/// among them), whose third card is one lookup.
pub fn ghost_split(cards: [Card; 6]) -> Option<([[Card; 2]; 3], [Card; 3])> {
    // The fifteen ways to pair six cards, each as its three pairs in a row
    // (bytes: a table of usize pairs cost the page's download).
    const PAIRINGS: [[u8; 6]; 15] = [
        [0, 1, 2, 3, 4, 5],
        [0, 1, 2, 4, 3, 5],
        [0, 1, 2, 5, 3, 4],
        [0, 2, 1, 3, 4, 5],
        [0, 2, 1, 4, 3, 5],
        [0, 2, 1, 5, 3, 4],
        [0, 3, 1, 2, 4, 5],
        [0, 3, 1, 4, 2, 5],
        [0, 3, 1, 5, 2, 4],
        [0, 4, 1, 2, 3, 5],
        [0, 4, 1, 3, 2, 5],
        [0, 4, 1, 5, 2, 3],
        [0, 5, 1, 2, 3, 4],
        [0, 5, 1, 3, 2, 4],
        [0, 5, 1, 4, 2, 3],
    ];
    for pairing in PAIRINGS {
        let mut pairs = [[cards[0]; 2]; 3];
        let mut thirds = [cards[0]; 3];
        for p in 0..3 {
            let pair = [cards[usize::from(pairing[2 * p]) % 6], cards[usize::from(pairing[2 * p + 1]) % 6]];
            pairs[p] = pair;
            thirds[p] = third_card(pair[0], pair[1]);
        }
        if thirds[0] != thirds[1] && thirds[1] != thirds[2] && thirds[0] != thirds[2] {
            return Some((pairs, thirds));
        }
    }
    None
}

/// The id of the one card that makes a 4Set with three distinct cards of a
/// 4-valued deck: the XOR of their ids, digit by base-4 digit (a value
/// thrice gives it again, three values the missing one, a pair and one the
/// one). Never one of the three.
pub fn four_set_fourth_id([a, b, c]: [Card; 3]) -> u8 {
    a.id() ^ b.id() ^ c.id()
}

/// The card that makes a set with two cards of a ternary deck.
pub fn third_of(deck: Deck, a: Card, b: Card) -> Option<Card> {
    let id = pair_key(deck, a, b, Pair::Third);
    deck.card(i64::from(id)).ok()
}

fn padded_digits(deck: Deck, card: Card) -> [u8; 5] {
    let mut padded = [0; 5];
    let digits = deck.digits(card);
    padded[..digits.as_slice().len()].copy_from_slice(digits.as_slice());
    padded
}

fn sums_to_zero(deck: Deck, cards: &[Card]) -> bool {
    let mut sums = [0u8; 5];
    for &card in cards {
        for (sum, digit) in sums.iter_mut().zip(padded_digits(deck, card)) {
            *sum += digit;
        }
    }
    sums.iter().all(|sum| sum % 3 == 0)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Pair {
    /// The id of the card completing the pair to a set.
    Third,
    /// The pair's digit sums mod 3, read as an id.
    Sum,
}

/// A number for a pair of cards of a ternary deck, below 243.
fn pair_key(deck: Deck, a: Card, b: Card, how: Pair) -> u16 {
    let (a, b) = (deck.digits(a), deck.digits(b));
    a.as_slice().iter().zip(b.as_slice()).fold(0, |key, (&x, &y)| {
        let digit = if how == Pair::Third { (6 - x - y) % 3 } else { (x + y) % 3 };
        key * 3 + u16::from(digit)
    })
}

/// Where each id sits in `cards`.
fn places(cards: &[Card]) -> Result<Vec<Option<usize>>, RepeatedCard> {
    let mut place = vec![None; 256];
    for (index, &card) in cards.iter().enumerate() {
        if place[card.id() as usize].replace(index).is_some() {
            return Err(RepeatedCard { card, index });
        }
    }
    Ok(place)
}

/// Every 6-card hand from `digits` onwards whose sums are 0 mod 3, in lexicographic order.
fn ghost_search(digits: &[[u8; 5]], hand: &mut Vec<usize>, sums: [u8; 5], from: usize, out: &mut Vec<Vec<usize>>) {
    if hand.len() == 6 {
        if sums.iter().all(|sum| sum % 3 == 0) {
            out.push(hand.clone());
        }
        return;
    }
    let still_needed = 6 - hand.len();
    for index in from..digits.len().saturating_sub(still_needed - 1) {
        let mut next = sums;
        for (sum, digit) in next.iter_mut().zip(digits[index]) {
            *sum = (*sum + digit) % 3;
        }
        hand.push(index);
        ghost_search(digits, hand, next, index + 1, out);
        hand.pop();
    }
}

/// The rules in the words players use, for tests.
#[cfg(any(test, feature = "test-support"))]
pub mod reference;
#[cfg(test)]
mod tests;
