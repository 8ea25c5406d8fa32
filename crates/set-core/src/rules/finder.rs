//! Finding sets among a list of distinct cards.
//!
//! Pair + third card: for every pair `i < j` the one card that completes it is
//! looked up, and a set is counted when that card sits later in the list. That
//! is n(n−1)/2 lookups instead of the n³/6 triples of the plain loop, and each
//! set is reported exactly once, as ascending indices `[i, j, k]`.

use crate::rules::card::{Card, third_card, third_cards_of};
use crate::sort::sort_by_key;
use std::fmt;

/// A list handed to the finder holds the same card twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepeatedCard {
    /// The card given twice.
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

/// One past where each card id sits in the list, 0 when absent: then a hot
/// loop's single test `k > j + 1` also rejects absent cards. 128 entries so
/// that `id & 127` needs no bounds check.
fn places(cards: &[Card]) -> Result<[u8; 128], RepeatedCard> {
    let mut place = [0u8; 128];
    for (index, &card) in cards.iter().enumerate() {
        let slot = &mut place[card.id() as usize & 127];
        if *slot != 0 {
            return Err(RepeatedCard { card, index });
        }
        // Distinct cards: at most 81 of them, so the index fits.
        *slot = index as u8 + 1;
    }
    Ok(place)
}

/// Visits every pair `i < j` with `k`, one past the index of its third card
/// (0 when that card is absent); `(i, j, k - 1)` is a set when `k > j + 1`.
#[allow(clippy::inline_always)] // measured: the shipped module kept it a call per pair (BENCHMARKS.md, the finder)
#[inline(always)]
fn each_pair(cards: &[Card], place: &[u8; 128], mut visit: impl FnMut(usize, usize, usize) -> bool) {
    for (i, &a) in cards.iter().enumerate() {
        let thirds = third_cards_of(a);
        // A plain slice walk: at opt-level z, `enumerate().skip(i + 1)`
        // left the iterator's `next` as a call per pair in the shipped build.
        for (j, &b) in (i + 1..).zip(&cards[i + 1..]) {
            let k = place[thirds[b.id() as usize & 127] as usize & 127] as usize;
            if !visit(i, j, k) {
                return;
            }
        }
    }
}

/// Every set among `cards`, as ascending index triples in lexicographic
/// order (the scan order already is: `k` is fixed by `(i, j)`).
pub fn find_sets(cards: &[Card]) -> Result<Vec<[usize; 3]>, RepeatedCard> {
    // Sets share no pair, so there are at most n(n−1)/2 ÷ 3 of them: one allocation.
    let mut sets = Vec::with_capacity(cards.len() * cards.len().saturating_sub(1) / 6);
    find_sets_into(cards, &mut sets)?;
    Ok(sets)
}

/// [`find_sets`] as one flat list of index bytes, `[i, j, k, i, j, k, …]`
/// (at most 81 distinct cards, so every index fits in a byte): what the JS
/// API's fast path hands over as it is.
pub fn find_sets_flat(cards: &[Card]) -> Result<Vec<u8>, RepeatedCard> {
    let place = places(cards)?;
    // At most n(n−1)/2 ÷ 3 sets: one allocation. Pushed whole triples
    // rather than `extend_from_slice` of three bytes, which opt-level z
    // left as a call per set.
    let mut sets = Vec::with_capacity(cards.len() * cards.len().saturating_sub(1) / 6);
    each_pair(cards, &place, |i, j, k| {
        if k > j + 1 {
            sets.push([i as u8, j as u8, (k - 1) as u8]);
        }
        true
    });
    Ok(sets.into_flattened())
}

/// [`find_sets`] into a buffer the caller keeps: `sets` is cleared, then
/// filled, and allocates only when it has never held this many sets.
#[inline]
pub fn find_sets_into(cards: &[Card], sets: &mut Vec<[usize; 3]>) -> Result<(), RepeatedCard> {
    sets.clear();
    let place = places(cards)?;
    each_pair(cards, &place, |i, j, k| {
        if k > j + 1 {
            sets.push([i, j, k - 1]);
        }
        true
    });
    Ok(())
}

/// The lexicographically first set among `cards`, if any.
pub fn first_set(cards: &[Card]) -> Result<Option<[usize; 3]>, RepeatedCard> {
    let place = places(cards)?;
    let mut first = None;
    each_pair(cards, &place, |i, j, k| {
        if k > j + 1 {
            first = Some([i, j, k - 1]);
        }
        first.is_none()
    });
    Ok(first)
}

/// How many sets there are among `cards`.
pub fn count_sets(cards: &[Card]) -> Result<usize, RepeatedCard> {
    let place = places(cards)?;
    let mut count = 0;
    each_pair(cards, &place, |_, j, k| {
        count += usize::from(k > j + 1);
        true
    });
    Ok(count)
}

/// How four cards split into two pairs that need the same third card: the
/// UltraSet rule. At most one of the three splits works (the tests check all
/// 4-card hands of a shuffled deck), so this is the split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UltraSplit {
    /// Indices into the four cards: two pairs.
    pub pairs: [[usize; 2]; 2],
    /// The card both pairs need; never one of the four.
    pub third: Card,
}

/// The split of four distinct cards into two pairs needing the same third card.
pub fn ultra_split(cards: [Card; 4]) -> Option<UltraSplit> {
    const SPLITS: [[[usize; 2]; 2]; 3] = [[[0, 1], [2, 3]], [[0, 2], [1, 3]], [[0, 3], [1, 2]]];
    SPLITS.into_iter().find_map(|pairs| {
        let [[a, b], [c, d]] = pairs;
        let third = third_card(cards[a], cards[b]);
        (third == third_card(cards[c], cards[d])).then_some(UltraSplit { pairs, third })
    })
}

/// The first UltraSet among distinct `cards`: the earliest pair, by the scan
/// order, whose third card an earlier pair also needs. Ascending indices.
pub fn first_ultra(cards: &[Card]) -> Option<[usize; 4]> {
    // For each third card, one past the first pair (as i * 128 + j) needing it.
    let mut first_pair = [0u16; 128];
    for (i, &a) in cards.iter().enumerate() {
        for (j, &b) in cards.iter().enumerate().skip(i + 1) {
            let slot = &mut first_pair[third_card(a, b).id() as usize & 127];
            if *slot == 0 {
                *slot = (i * 128 + j) as u16 + 1;
                continue;
            }
            let (k, l) = ((*slot - 1) as usize / 128, (*slot - 1) as usize % 128);
            let mut four = [i, j, k, l];
            sort_by_key(&mut four, |&index| index);
            return Some(four);
        }
    }
    None
}

/// The first chain link: one card of `previous` and two of `table` that make
/// a set, as (index into previous, ascending indices into table).
pub fn first_link(previous: &[Card], table: &[Card]) -> Option<(usize, [usize; 2])> {
    let place = places(table).ok()?;
    for (p, &link) in previous.iter().enumerate() {
        let thirds = third_cards_of(link);
        for (i, &card) in table.iter().enumerate() {
            let k = place[thirds[card.id() as usize & 127] as usize & 127] as usize;
            if k > i + 1 {
                return Some((p, [i, k - 1]));
            }
        }
    }
    None
}

/// The slower ways to find sets, kept as references: tests check the finder
/// against them and the benchmarks measure it against them.
#[cfg(any(test, feature = "test-support"))]
pub mod reference {
    use crate::rules::card::{Card, is_set};
    use crate::rules::rng::SplitMix64;

    /// The plain triple loop with the rule as players state it: every
    /// attribute all the same or all different.
    pub fn sets_by_attribute_rule(cards: &[Card]) -> Vec<[usize; 3]> {
        triple_loop(cards, |a, b, c| {
            let (a, b, c) = (a.digits(), b.digits(), c.digits());
            (0..4).all(|i| (a[i] == b[i]) == (b[i] == c[i]) && (a[i] == b[i]) == (a[i] == c[i]))
        })
    }

    /// The triple loop with the digit-sum lookup.
    pub fn sets_by_digit_sum(cards: &[Card]) -> Vec<[usize; 3]> {
        triple_loop(cards, is_set)
    }

    fn triple_loop(cards: &[Card], is_set: impl Fn(Card, Card, Card) -> bool) -> Vec<[usize; 3]> {
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

    /// The straightforward fast finder that [`super::find_sets_into`] is
    /// held to: an 81 × 81 table of third cards built once, a position index
    /// of the list, and an output buffer the caller reuses.
    pub struct TableFinder {
        third: Vec<[u8; 81]>,
    }

    impl Default for TableFinder {
        fn default() -> Self {
            let all: Vec<Card> = Card::all().collect();
            let third =
                all.iter().map(|&a| std::array::from_fn(|b| crate::rules::card::third_card(a, all[b]).id())).collect();
            TableFinder { third }
        }
    }

    impl TableFinder {
        /// Every set among distinct `cards`, into `sets` (cleared first).
        pub fn sets_into(&self, cards: &[Card], sets: &mut Vec<[usize; 3]>) {
            sets.clear();
            let mut position = [u8::MAX; 81];
            for (index, card) in cards.iter().enumerate() {
                position[card.id() as usize] = index as u8;
            }
            for (i, a) in cards.iter().enumerate() {
                let row = &self.third[a.id() as usize];
                for (j, b) in cards.iter().enumerate().skip(i + 1) {
                    let k = position[row[b.id() as usize] as usize];
                    if k != u8::MAX && k as usize > j {
                        sets.push([i, j, k as usize]);
                    }
                }
            }
        }
    }

    /// `n` distinct cards (at most 81) in an order shuffled from `seed`:
    /// the fixed tables that the benchmarks time.
    pub fn seeded_cards(seed: u64, n: usize) -> Vec<Card> {
        let mut deck: Vec<Card> = Card::all().collect();
        SplitMix64::new(seed).shuffle(&mut deck);
        deck.truncate(n);
        deck
    }
}

#[cfg(test)]
mod tests {
    use super::reference::{sets_by_attribute_rule, sets_by_digit_sum};
    use super::*;

    fn cards(ids: &[i64]) -> Vec<Card> {
        ids.iter().map(|&id| Card::new(id).unwrap()).collect()
    }

    #[test]
    fn the_full_deck_holds_1080_sets() {
        let deck: Vec<Card> = Card::all().collect();
        assert_eq!(count_sets(&deck), Ok(1080));
        assert_eq!(find_sets(&deck).unwrap(), sets_by_digit_sum(&deck));
        assert_eq!(sets_by_attribute_rule(&deck).len(), 1080);
        let flat: Vec<u8> = sets_by_digit_sum(&deck).iter().flatten().map(|&index| index as u8).collect();
        assert_eq!(find_sets_flat(&deck).unwrap(), flat);
    }

    #[test]
    fn agrees_with_the_triple_loop_on_many_subsets_and_orders() {
        let mut rng = crate::rules::rng::SplitMix64::new(7);
        let table = reference::TableFinder::default();
        let (mut reused, mut by_table) = (Vec::new(), Vec::new());
        for round in 0..2000 {
            let mut deck: Vec<Card> = Card::all().collect();
            rng.shuffle(&mut deck);
            let n = round % 22;
            let subset = &deck[..n];
            let expected = sets_by_attribute_rule(subset);
            assert_eq!(sets_by_digit_sum(subset), expected);
            assert_eq!(find_sets(subset).unwrap(), expected);
            let flat: Vec<u8> = expected.iter().flatten().map(|&index| index as u8).collect();
            assert_eq!(find_sets_flat(subset).unwrap(), flat);
            assert_eq!(first_set(subset).unwrap(), expected.first().copied());
            assert_eq!(count_sets(subset).unwrap(), expected.len());
            // The same buffers across rounds: cleared, never stale.
            find_sets_into(subset, &mut reused).unwrap();
            assert_eq!(reused, expected);
            table.sets_into(subset, &mut by_table);
            assert_eq!(by_table, expected);
        }
    }

    #[test]
    fn a_known_set_is_found_at_its_indices() {
        // 0 = 1 open red diamond, 1 = 2 open red diamonds, 2 = 3 open red diamonds.
        assert_eq!(find_sets(&cards(&[40, 0, 5, 1, 2])).unwrap(), vec![[1, 3, 4]]);
        assert_eq!(first_set(&cards(&[3, 4, 9])).unwrap(), None);
        assert_eq!(find_sets(&[]).unwrap(), Vec::<[usize; 3]>::new());
        assert_eq!(find_sets_flat(&[]).unwrap(), Vec::<u8>::new());
    }

    #[test]
    fn repeated_cards_are_rejected_naming_the_card() {
        let err = find_sets(&cards(&[5, 7, 5])).unwrap_err();
        assert_eq!(err, RepeatedCard { card: Card::new(5).unwrap(), index: 2 });
        assert_eq!(err.to_string(), "card id 5 is repeated (again at index 2)");
        assert!(first_set(&cards(&[1, 1])).is_err());
    }
}
