//! Each claim rule against a plain reference written from the rule's words,
//! on every hand of a small deck and on random tables of the large ones,
//! and the finders against a plain loop over every hand.

use super::reference::{by_words, words_set};
use super::*;
use crate::rules::hands::each_hand;
use crate::rules::rng::SplitMix64;

const DECKS: [Deck; 5] = [Deck::Classic, Deck::Junior, Deck::Mega, Deck::Four, Deck::FourJunior];

fn exhaustive(rule: ClaimRule, deck: Deck) -> usize {
    let cards: Vec<Card> = deck.cards().collect();
    let mut claims = 0;
    each_hand(cards.len(), rule.size(), &mut |hand| {
        let hand: Vec<Card> = hand.iter().map(|&i| cards[i]).collect();
        let holds = rule.holds(deck, &hand);
        assert_eq!(holds, by_words(rule, deck, &hand), "{rule:?} {deck:?} {hand:?}");
        claims += usize::from(holds);
    });
    claims
}

#[test]
fn sets_agree_with_the_words_on_every_hand_of_the_classic_and_junior_decks() {
    assert_eq!(exhaustive(ClaimRule::Set, Deck::Classic), 1080);
    assert_eq!(exhaustive(ClaimRule::Set, Deck::Junior), 117);
}

#[test]
fn ultrasets_agree_with_the_words_on_every_hand_of_the_junior_deck() {
    // Every pair of the 27 needs a third card, and pairs needing the same
    // one (none of them in the pair) make an UltraSet.
    assert_eq!(exhaustive(ClaimRule::UltraSet, Deck::Junior), 2106);
}

#[test]
fn ghostsets_agree_with_the_words_on_every_hand_of_the_junior_deck() {
    // A sixth of the 296,010 six-card hands would be 10,961; the exact
    // count comes from the plain reference, hand by hand.
    let claims = exhaustive(ClaimRule::GhostSet, Deck::Junior);
    assert!((10_000..12_000).contains(&claims), "{claims}");
}

#[test]
fn four_sets_agree_with_the_words_on_every_hand_of_the_four_junior_deck() {
    // Any three distinct cards fix the fourth (their XOR), which is never one of them.
    assert_eq!(exhaustive(ClaimRule::FourSet, Deck::FourJunior), 64 * 63 * 62 / 24);
}

/// The rules a deck's cards can be claimed by: 4Set in base 4, the others in base 3.
fn rules_of(deck: Deck) -> &'static [ClaimRule] {
    if deck.base() == 4 { &[ClaimRule::FourSet] } else { &[ClaimRule::Set, ClaimRule::UltraSet, ClaimRule::GhostSet] }
}

#[test]
fn each_rule_agrees_with_the_words_on_random_hands_of_every_deck() {
    let mut rng = SplitMix64::new(40);
    for deck in DECKS {
        let rules = rules_of(deck);
        let mut cards: Vec<Card> = deck.cards().collect();
        for &rule in rules {
            let mut found = 0;
            for _ in 0..20_000 {
                rng.shuffle(&mut cards);
                let hand = &cards[..rule.size()];
                let holds = rule.holds(deck, hand);
                assert_eq!(holds, by_words(rule, deck, hand), "{rule:?} {deck:?} {hand:?}");
                found += usize::from(holds);
            }
            assert!(found > 0 || deck == Deck::Mega, "{rule:?} {deck:?}: random hands hold some claims");
        }
    }
}

#[test]
fn every_pair_of_the_mega_deck_has_one_third_card_and_it_makes_a_set() {
    let cards: Vec<Card> = Deck::Mega.cards().collect();
    let mut rng = SplitMix64::new(5);
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            let third = third_of(Deck::Mega, a, b).unwrap();
            assert!(third != a && third != b);
            assert!(ClaimRule::Set.holds(Deck::Mega, &[a, b, third]));
            assert!(words_set(Deck::Mega, &[a, b, third]));
            let other = cards[rng.below(243) as usize];
            if ![a, b, third].contains(&other) {
                assert!(!ClaimRule::Set.holds(Deck::Mega, &[a, b, other]));
            }
        }
    }
}

#[test]
fn repeated_cards_and_wrong_counts_are_never_claims() {
    let deck = Deck::Classic;
    let c = |id| deck.card(id).unwrap();
    assert!(ClaimRule::Set.holds(deck, &[c(0), c(1), c(2)]));
    assert!(!ClaimRule::Set.holds(deck, &[c(0), c(0), c(0)]));
    assert!(!ClaimRule::Set.holds(deck, &[c(0), c(1)]));
    assert!(!ClaimRule::FourSet.holds(Deck::Four, &[c(5), c(5), c(7), c(7)]));
    assert!(!ClaimRule::GhostSet.holds(deck, &[c(0), c(1), c(2), c(0), c(1), c(2)]));
}

fn plain_claims(rule: ClaimRule, deck: Deck, cards: &[Card]) -> Vec<Vec<usize>> {
    let mut claims = Vec::new();
    each_hand(cards.len(), rule.size(), &mut |hand| {
        let picked: Vec<Card> = hand.iter().map(|&i| cards[i]).collect();
        if rule.holds(deck, &picked) {
            claims.push(hand.to_vec());
        }
    });
    claims
}

#[test]
fn the_finders_list_what_a_plain_loop_finds_on_random_tables() {
    let mut rng = SplitMix64::new(11);
    for deck in DECKS {
        let rules = rules_of(deck);
        let mut cards: Vec<Card> = deck.cards().collect();
        for &rule in rules {
            for round in 0..60 {
                rng.shuffle(&mut cards);
                let n = if rule == ClaimRule::GhostSet { 6 + round % 10 } else { round % 24 };
                let table = &cards[..n.min(cards.len())];
                assert_eq!(rule.claims(deck, table).unwrap(), plain_claims(rule, deck, table), "{rule:?} {deck:?}");
            }
        }
    }
}

#[test]
fn the_set_finder_agrees_with_the_classic_finder() {
    let cards: Vec<Card> = Deck::Classic.cards().collect();
    let classic: Vec<Vec<usize>> =
        crate::rules::finder::find_sets(&cards).unwrap().into_iter().map(|s| s.to_vec()).collect();
    assert_eq!(ClaimRule::Set.claims(Deck::Classic, &cards).unwrap(), classic);
}

#[test]
fn searches_refuse_repeats_and_ghost_searches_past_their_bound() {
    let deck = Deck::Classic;
    let c = |id| deck.card(id).unwrap();
    assert_eq!(
        ClaimRule::UltraSet.claims(deck, &[c(3), c(4), c(3)]),
        Err(SearchError::Repeated(RepeatedCard { card: c(3), index: 2 }))
    );
    let many: Vec<Card> = deck.cards().take(MOST_GHOST_CARDS + 1).collect();
    let err = ClaimRule::GhostSet.claims(deck, &many).unwrap_err();
    assert_eq!(err.to_string(), "GhostSets are searched for among at most 32 cards, not 33");
    assert!(ClaimRule::GhostSet.claims(deck, &many[..MOST_GHOST_CARDS]).is_ok());
}

#[test]
fn every_ghostset_of_the_junior_deck_splits_into_pairs_whose_thirds_are_a_set() {
    // Every six-card GhostSet of the 27 Junior cards: the split's pairs cover
    // the six once each, each third completes its pair by the words, and
    // the three thirds are a set by the words.
    let cards: Vec<Card> = Deck::Junior.cards().collect();
    let mut ghosts = 0;
    each_hand(cards.len(), 6, &mut |hand| {
        let six: [Card; 6] = std::array::from_fn(|i| cards[hand[i]]);
        if !ClaimRule::GhostSet.holds(Deck::Junior, &six) {
            return;
        }
        ghosts += 1;
        let Some((pairs, thirds)) = ghost_split(six) else { panic!("{six:?} has no ghost") };
        let mut covered: Vec<Card> = pairs.iter().flatten().copied().collect();
        covered.sort_unstable_by_key(|card| card.id());
        let mut sorted = six;
        sorted.sort_unstable_by_key(|card| card.id());
        assert_eq!(covered, sorted, "{pairs:?}");
        for ([a, b], third) in pairs.into_iter().zip(thirds) {
            assert!(words_set(Deck::Junior, &[a, b, third]), "{a:?} and {b:?} need {third:?}");
        }
        assert!(words_set(Deck::Junior, &thirds), "{thirds:?} is the ghost set");
    });
    assert!(ghosts > 10_000, "{ghosts}");
}
