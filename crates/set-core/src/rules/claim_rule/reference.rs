//! The claim rules as players state them, value by value: the references
//! the fast rules and every game are held to.

use crate::rules::card::Card;
use crate::rules::claim_rule::ClaimRule;
use crate::rules::deck::Deck;

fn values(deck: Deck, card: Card) -> Vec<u8> {
    deck.values(card).as_slice().to_vec()
}

/// Three values are all the same or all different.
fn same_or_different(x: u8, y: u8, z: u8) -> bool {
    (x == y && y == z) || (x != y && y != z && x != z)
}

/// "Every trait all the same or all different."
pub fn words_set(deck: Deck, hand: &[Card]) -> bool {
    let v: Vec<Vec<u8>> = hand.iter().map(|&c| values(deck, c)).collect();
    (0..deck.traits().len()).all(|t| same_or_different(v[0][t], v[1][t], v[2][t]))
}

/// The values of the card completing a pair: where two agree, the same; else the value neither has.
pub fn third_by_words(a: &[u8], b: &[u8]) -> Vec<u8> {
    a.iter().zip(b).map(|(&x, &y)| if x == y { x } else { 3 - x - y }).collect()
}

/// "Two pairs that need the same third card."
fn words_ultra(deck: Deck, hand: &[Card]) -> bool {
    let v: Vec<Vec<u8>> = hand.iter().map(|&c| values(deck, c)).collect();
    [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]]
        .iter()
        .any(|&[a, b, c, d]| third_by_words(&v[a], &v[b]) == third_by_words(&v[c], &v[d]))
}

/// "Three disjoint pairs whose third cards form a set": their values, trait
/// by trait, all the same or all different.
fn words_ghost(deck: Deck, hand: &[Card]) -> bool {
    let v: Vec<Vec<u8>> = hand.iter().map(|&c| values(deck, c)).collect();
    let mut pairings = Vec::new();
    for second in 1..6 {
        let rest: Vec<usize> = (1..6).filter(|&i| i != second).collect();
        for k in 1..4 {
            let others: Vec<usize> = rest[1..].iter().copied().filter(|&i| i != rest[k]).collect();
            pairings.push([[0, second], [rest[0], rest[k]], [others[0], others[1]]]);
        }
    }
    assert_eq!(pairings.len(), 15);
    pairings.iter().any(|pairs| {
        let thirds: Vec<Vec<u8>> = pairs.iter().map(|&[a, b]| third_by_words(&v[a], &v[b])).collect();
        (0..deck.traits().len()).all(|t| same_or_different(thirds[0][t], thirds[1][t], thirds[2][t]))
    })
}

/// "In every trait the values are all the same, all different, or two pairs."
fn words_four_set(deck: Deck, hand: &[Card]) -> bool {
    let v: Vec<Vec<u8>> = hand.iter().map(|&c| values(deck, c)).collect();
    (0..deck.traits().len()).all(|t| {
        let mut counts = [0; 4];
        for card in &v {
            counts[card[t] as usize] += 1;
        }
        let mut shape: Vec<i32> = counts.into_iter().filter(|&n| n > 0).collect();
        shape.sort_unstable();
        matches!(shape[..], [4] | [1, 1, 1, 1] | [2, 2])
    })
}

/// Whether a hand keeps `rule`, by the words of the rule.
pub fn by_words(rule: ClaimRule, deck: Deck, hand: &[Card]) -> bool {
    match rule {
        ClaimRule::Set => words_set(deck, hand),
        ClaimRule::UltraSet => words_ultra(deck, hand),
        ClaimRule::GhostSet => words_ghost(deck, hand),
        ClaimRule::FourSet => words_four_set(deck, hand),
    }
}

/// Every `k` of `cards`, in order, by plain recursion: the walk a test
/// checks a rule or a game by, apart from the product's own
/// ([`crate::rules::hands::each_hand`]).
pub fn hands(cards: &[Card], k: usize) -> Vec<Vec<Card>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (i, &card) in cards.iter().enumerate() {
        for mut rest in hands(&cards[i + 1..], k - 1) {
            rest.insert(0, card);
            all.push(rest);
        }
    }
    all
}
