//! Finding sets among a list of distinct cards.
//!
//! Pair + third card: for every pair `i < j` the one card that completes it is
//! looked up, and a set is counted when that card sits later in the list. That
//! is n(n−1)/2 lookups instead of the n³/6 triples of the plain loop, and each
//! set is reported exactly once, as ascending indices `[i, j, k]`.

use crate::card::{Card, DECK_SIZE, third_card};
use std::fmt;

/// A list handed to the finder holds the same card twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepeatedCard {
    pub card: Card,
    /// Index of the second occurrence.
    pub index: usize,
}

impl fmt::Display for RepeatedCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "card id {} is repeated (again at index {})", self.card.id(), self.index)
    }
}

impl std::error::Error for RepeatedCard {}

const ABSENT: u8 = u8::MAX;

/// Where each card sits in the list (`ABSENT` when it does not).
fn positions(cards: &[Card]) -> Result<[u8; DECK_SIZE], RepeatedCard> {
    let mut position = [ABSENT; DECK_SIZE];
    for (index, &card) in cards.iter().enumerate() {
        let slot = &mut position[card.id() as usize];
        if *slot != ABSENT {
            return Err(RepeatedCard { card, index });
        }
        // Distinct cards: at most 81 of them, so the index fits.
        *slot = index as u8;
    }
    Ok(position)
}

/// Calls `found` with every set in `cards` (ascending indices, in order of
/// the first two indices) until it returns `false`.
fn each_set(cards: &[Card], mut found: impl FnMut([usize; 3]) -> bool) -> Result<(), RepeatedCard> {
    let position = positions(cards)?;
    for (i, &a) in cards.iter().enumerate() {
        for (j, &b) in cards.iter().enumerate().skip(i + 1) {
            let k = position[third_card(a, b).id() as usize];
            if k != ABSENT && k as usize > j && !found([i, j, k as usize]) {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Every set among `cards`, as ascending index triples, sorted.
pub fn find_sets(cards: &[Card]) -> Result<Vec<[usize; 3]>, RepeatedCard> {
    let mut sets = Vec::new();
    each_set(cards, |set| {
        sets.push(set);
        true
    })?;
    sets.sort_unstable();
    Ok(sets)
}

/// The lexicographically first set among `cards`, if any.
pub fn first_set(cards: &[Card]) -> Result<Option<[usize; 3]>, RepeatedCard> {
    // The scan order is by (i, j), which is lexicographic order of the triples
    // because k is fixed by (i, j).
    let mut first = None;
    each_set(cards, |set| {
        first = Some(set);
        false
    })?;
    Ok(first)
}

/// How many sets there are among `cards`.
pub fn count_sets(cards: &[Card]) -> Result<usize, RepeatedCard> {
    let mut count = 0;
    each_set(cards, |_| {
        count += 1;
        true
    })?;
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::is_set;

    fn cards(ids: &[i64]) -> Vec<Card> {
        ids.iter().map(|&id| Card::new(id).unwrap()).collect()
    }

    fn triple_loop(cards: &[Card]) -> Vec<[usize; 3]> {
        let n = cards.len();
        let mut sets = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    if is_set(cards[i], cards[j], cards[k]) {
                        sets.push([i, j, k]);
                    }
                }
            }
        }
        sets
    }

    #[test]
    fn the_full_deck_holds_1080_sets() {
        let deck: Vec<Card> = Card::all().collect();
        assert_eq!(count_sets(&deck), Ok(1080));
        assert_eq!(find_sets(&deck).unwrap(), triple_loop(&deck));
    }

    #[test]
    fn agrees_with_the_triple_loop_on_many_subsets_and_orders() {
        let mut rng = crate::rng::SplitMix64::new(7);
        for round in 0..2000 {
            let mut deck: Vec<Card> = Card::all().collect();
            rng.shuffle(&mut deck);
            let n = round % 22;
            let subset = &deck[..n];
            let expected = triple_loop(subset);
            assert_eq!(find_sets(subset).unwrap(), expected);
            assert_eq!(first_set(subset).unwrap(), expected.first().copied());
            assert_eq!(count_sets(subset).unwrap(), expected.len());
        }
    }

    #[test]
    fn a_known_set_is_found_at_its_indices() {
        // 0 = 1 open red diamond, 1 = 2 open red diamonds, 2 = 3 open red diamonds.
        assert_eq!(find_sets(&cards(&[40, 0, 5, 1, 2])).unwrap(), vec![[1, 3, 4]]);
        assert_eq!(first_set(&cards(&[3, 4, 9])).unwrap(), None);
        assert_eq!(find_sets(&[]).unwrap(), Vec::<[usize; 3]>::new());
    }

    #[test]
    fn repeated_cards_are_rejected_naming_the_card() {
        let err = find_sets(&cards(&[5, 7, 5])).unwrap_err();
        assert_eq!(err, RepeatedCard { card: Card::new(5).unwrap(), index: 2 });
        assert_eq!(err.to_string(), "card id 5 is repeated (again at index 2)");
        assert!(first_set(&cards(&[1, 1])).is_err());
    }
}
