//! The rules of every way to play over many seeded games, played by a simple
//! scripted player that mixes valid claims, invalid claims, bad input and
//! hints; and each variant's claim rule against a plain reference.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should

use set_core::rules::card::{Card, is_set};
use set_core::rules::claim_rule::ClaimRule;
use set_core::rules::claim_rule::reference::by_words;
use set_core::rules::daily::{DAILY_SETS, Date};
use set_core::rules::deck::Deck;
use set_core::rules::explain::set_reasons;
use set_core::rules::finder::find_sets;
use set_core::rules::game::{
    Action, Claim, ClaimOutcome, Game, GameError, HintOutcome, Invalid, Move, Outcome, TABLE_SIZE,
};
use set_core::rules::rng::SplitMix64;
use set_core::rules::variant::{Variant, WAYS};
use std::collections::HashSet;

use set_core::rules::invariants::assert_invariants;

fn claim(cards: &[Card]) -> Claim {
    Claim::new(cards).unwrap()
}

/// The set rule as players state it: each attribute all the same or all different.
fn plain_set(cards: &[Card]) -> bool {
    (0..4).all(|i| {
        let [a, b, c] = [cards[0].digits()[i], cards[1].digits()[i], cards[2].digits()[i]];
        (a == b && b == c) || (a != b && b != c && a != c)
    })
}

/// UltraSet by brute force: some split into pairs, and some card completing
/// both pairs to sets.
fn plain_ultra(cards: &[Card]) -> bool {
    [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]].iter().any(|&[a, b, c, d]| {
        Card::all().any(|x| plain_set(&[cards[a], cards[b], x]) && plain_set(&[cards[c], cards[d], x]))
    })
}

/// Any claim of `size` cards in play that is not valid (rule by reference).
fn an_invalid_claim(game: &Game) -> Option<Claim> {
    let t = game.table();
    let n = t.len();
    let size = game.variant().claim_size();
    if n < size {
        // A chain way's last links: too few table cards for a claim of them alone.
        return None;
    }
    let mut chance = SplitMix64::new(n as u64 * 31 + game.moves().len() as u64);
    for _ in 0..200 {
        let mut picks: Vec<Card> = Vec::new();
        while picks.len() < size {
            let card = t[chance.below(n as u64) as usize];
            if !picks.contains(&card) {
                picks.push(card);
            }
        }
        let claim = claim(&picks);
        let valid = match game.variant() {
            // A chain way after the first claim: all table cards, so never a link.
            variant if variant.links() > 0 && game.previous().is_some() => false,
            // The puzzles too: a claim already found is not "invalid".
            variant => plain_claim(variant, &picks),
        };
        if !valid {
            return Some(claim);
        }
    }
    None
}

/// Plays a game of `variant` to its end; returns it.
fn play(variant: Variant, seed: u64) -> Game {
    let mut game = Game::new(variant, seed);
    let mut chance = SplitMix64::new(seed ^ 0xABCD);
    assert_invariants(&game);
    let mut at = 0;
    let mut turns = 0;
    while !game.is_over() {
        turns += 1;
        at += 1 + chance.below(5000);
        assert!(turns < 2000, "{variant:?} seed {seed}: the game does not end");
        match chance.below(10) {
            0 => {
                if let Some(bad) = an_invalid_claim(&game) {
                    let (table, found, wrong) = (game.table().to_vec(), game.found().len(), game.wrong_claims());
                    let outcome = game.claim(bad, at).unwrap();
                    assert!(matches!(outcome, ClaimOutcome::Invalid(_)), "{variant:?}: {outcome:?}");
                    assert_eq!(
                        (table, found, wrong + 1),
                        (game.table().to_vec(), game.found().len(), game.wrong_claims())
                    );
                }
            }
            1 => {
                let before = game.clone();
                let n = game.table().len();
                let off = game.deck().first().copied();
                assert_eq!(game.claim_at(&[0, n, 1]), Err(GameError::EmptySlot { slot: n, table_len: n }));
                if let Some(off) = off.filter(|_| n >= game.variant().claim_size()) {
                    let mut cards = game.table()[..game.variant().claim_size() - 1].to_vec();
                    cards.push(off);
                    assert_eq!(game.claim(claim(&cards), at), Err(GameError::NotInPlay { card: off }));
                }
                assert_eq!(game, before, "a refused claim changes nothing");
            }
            2 | 3 => {
                let hinted = game.hint_claim();
                let outcome = game.hint(at).unwrap();
                assert_eq!(game.hint_claim(), hinted, "hints keep revealing the same claim");
                if let HintOutcome::Revealed { revealed } = outcome {
                    assert_eq!(game.hinted_cards().len(), revealed as usize);
                }
            }
            _ => {
                let next = game.hint_claim().expect("a game that is not over has a claim");
                let cards = next.cards().to_vec();
                let valid = plain_claim(variant, &cards);
                assert!(valid, "{variant:?}: the hinted claim {cards:?} breaks the plain rule");
                let before = game.table().to_vec();
                let found = game.found().len();
                let outcome = game.claim(next, at).unwrap();
                assert!(matches!(outcome, ClaimOutcome::Found { .. }), "{outcome:?}");
                assert_eq!(game.found().len(), found + 1);
                match variant {
                    Variant::Daily(_) => assert_eq!(game.table(), before.as_slice(), "daily cards stay"),
                    _ if variant.is_puzzle() => {
                        if game.found_on_table().is_empty() {
                            assert!(before.iter().all(|card| !game.table().contains(card)), "a solved table leaves");
                        } else {
                            assert_eq!(game.table(), before.as_slice(), "a puzzle's cards stay");
                        }
                    }
                    _ if variant.links() > 0 => {
                        assert_eq!(game.previous().map(|p| p.cards().to_vec()), Some(cards.clone()));
                        for card in &cards {
                            assert!(!game.table().contains(card));
                        }
                    }
                    _ => {
                        for card in &cards {
                            assert!(!game.table().contains(card), "claimed cards leave the table");
                        }
                    }
                }
                assert!(game.hinted_cards().is_empty(), "a valid claim ends the hint");
            }
        }
        assert_invariants(&game);
    }
    game
}

fn variants() -> Vec<Variant> {
    WAYS.to_vec()
}

/// The way's claim rule as players state it (values read from the deck).
fn plain_claim(variant: Variant, cards: &[Card]) -> bool {
    match variant.deck() {
        Deck::Classic | Deck::Junior if variant.rule() == ClaimRule::Set => plain_set(cards),
        Deck::Classic if variant.rule() == ClaimRule::UltraSet => plain_ultra(cards),
        deck => by_words(variant.rule(), deck, cards),
    }
}

#[test]
fn seeded_games_of_every_variant_keep_every_invariant_and_end() {
    for variant in variants() {
        let games = match variant {
            Variant::Classic => 500,
            _ => 200,
        };
        let mut ends = HashSet::new();
        for seed in 0..games {
            let game = play(variant, seed);
            assert!(game.deck().is_empty(), "{variant:?} seed {seed}");
            ends.insert(game.table().len());
            let mut over = game.clone();
            let some = claim(
                &game
                    .table()
                    .iter()
                    .copied()
                    .chain(game.found()[0].cards().iter().copied())
                    .take(variant.claim_size())
                    .collect::<Vec<_>>(),
            );
            assert_eq!(over.claim(some, 0), Err(GameError::GameOver));
            assert_eq!(over.hint(0), Err(GameError::GameOver));
            assert_eq!(over, game);
        }
        match variant {
            Variant::Classic => assert!(ends.len() > 1 && ends.iter().all(|&n| n <= 20), "{ends:?}"),
            Variant::Junior => assert!(ends.iter().all(|&n| n <= 9), "{ends:?}"),
            _ => {}
        }
    }
}

#[test]
fn daily_puzzles_are_solved_by_finding_their_six_sets() {
    let mut date = Date::parse("2026-11-20").unwrap();
    for _ in 0..40 {
        let game = play(Variant::Daily(date), 0);
        assert_eq!(Variant::Daily(date).sets_to_find(), Some(DAILY_SETS));
        for other in [Variant::Classic, Variant::Junior, Variant::Chain, Variant::Ultra] {
            assert_eq!(other.sets_to_find(), None, "{other:?} ends when the deck runs out");
        }
        assert_eq!(game.found().len(), DAILY_SETS);
        let sets = find_sets(game.table()).unwrap();
        assert_eq!(sets.len(), DAILY_SETS, "{date}: the board holds exactly six sets");
        date = Date::from_days(date.days() + 1).unwrap();
    }
}

#[test]
fn a_daily_set_found_twice_is_said_so_and_is_not_a_wrong_claim() {
    let date = Date::parse("2026-11-23").unwrap();
    let mut game = Game::new(Variant::Daily(date), 12345);
    assert_eq!(game.seed(), Game::new(Variant::Daily(date), 0).seed(), "the date is the seed");
    let first = game.hint_claim().unwrap();
    assert!(matches!(game.claim(first, 100), Ok(ClaimOutcome::Found { .. })));
    let reversed = claim(&[first.cards()[2], first.cards()[0], first.cards()[1]]);
    assert_eq!(game.claim(reversed, 200), Ok(ClaimOutcome::AlreadyFound));
    assert_eq!((game.wrong_claims(), game.found().len()), (0, 1));
    assert!(!game.hint_claim().unwrap().same_cards(&first), "hints move on to a set not found");
}

#[test]
fn set_chain_claims_must_link_by_exactly_one_card_of_the_previous_set() {
    let mut game = Game::new(Variant::Chain, 8);
    let first = game.hint_claim().unwrap();
    game.claim(first, 10).unwrap();
    let previous = game.previous().unwrap();
    assert_eq!(previous.cards().to_vec(), first.cards().to_vec());
    // A set of three table cards is refused for not linking, and counts.
    let table_set = find_sets(game.table())
        .unwrap()
        .first()
        .map(|&[i, j, k]| claim(&[game.table()[i], game.table()[j], game.table()[k]]));
    if let Some(table_set) = table_set {
        assert_eq!(game.claim(table_set, 20), Ok(ClaimOutcome::Invalid(Invalid::ChainLink { previous_cards: 0 })));
    }
    // Two previous cards and one table card.
    let two = claim(&[previous.cards()[0], previous.cards()[1], game.table()[0]]);
    assert_eq!(game.claim(two, 30), Ok(ClaimOutcome::Invalid(Invalid::ChainLink { previous_cards: 2 })));
    // A link: one previous card, two table cards; only the two leave the table.
    let link = game.hint_claim().unwrap();
    let linked = link.cards().iter().filter(|&&c| previous.contains(c)).count();
    assert_eq!(linked, 1);
    let table_len = game.table().len();
    game.claim(link, 40).unwrap();
    assert_eq!(game.previous().unwrap().cards().to_vec(), link.cards().to_vec());
    assert!(game.table().len() >= table_len.min(TABLE_SIZE) - 2);
    assert_invariants(&game);
}

#[test]
fn junior_deals_nine_of_the_twenty_seven_solid_cards() {
    for seed in 0..50 {
        let game = Game::new(Variant::Junior, seed);
        assert!(game.table().len() == 9 || game.table().len() == 12);
        assert_eq!(game.table().len() + game.deck().len(), 27);
        assert!(game.table().iter().chain(game.deck()).all(|c| c.digits()[2] == 2), "only solid cards");
    }
}

#[test]
fn the_claim_rules_agree_with_plain_references() {
    let all: Vec<Card> = Card::all().collect();
    let mut chance = SplitMix64::new(7);
    for _ in 0..20_000 {
        let mut four = Vec::new();
        while four.len() < 4 {
            let card = all[chance.below(81) as usize];
            if !four.contains(&card) {
                four.push(card);
            }
        }
        assert_eq!(is_set(four[0], four[1], four[2]), plain_set(&four[..3]));
        let split = set_core::rules::finder::ultra_split([four[0], four[1], four[2], four[3]]);
        assert_eq!(split.is_some(), plain_ultra(&four), "{four:?}");
        if let Some(split) = split {
            let [[a, b], [c, d]] = split.pairs;
            assert!(plain_set(&[four[a], four[b], split.third]) && plain_set(&[four[c], four[d], split.third]));
            assert!(!four.contains(&split.third));
        }
        assert_eq!(set_reasons([four[0], four[1], four[2]]).is_empty(), plain_set(&four[..3]));
    }
}

#[test]
fn a_game_is_its_variant_seed_and_moves() {
    for variant in variants() {
        for seed in [0, 1, 42, 9_007_199_254_740_991] {
            let game = play(variant, seed);
            let replayed = Game::replay(variant, seed, game.moves()).unwrap();
            assert_eq!(replayed, game);
            assert_eq!(Game::new(variant, seed), Game::new(variant, seed));
        }
        assert_ne!(Game::new(variant, 1).table(), Game::new(variant, 2).table());
    }
}

#[test]
fn replay_names_the_first_refused_move() {
    let game = Game::classic(3);
    let t = game.table();
    let moves =
        [Move { at_ms: 5, action: Action::Hint }, Move { at_ms: 9, action: Action::Claim(claim(&[t[0], t[0], t[1]])) }];
    let err = Game::replay(Variant::Classic, 3, &moves).unwrap_err();
    assert_eq!(err.index, 1);
    assert_eq!(err.to_string(), format!("move 1 is refused: card id {} is claimed more than once", t[0].id()));
}

#[test]
fn hints_reveal_one_card_at_a_time_then_stop_counting() {
    for variant in [Variant::Classic, Variant::Ultra] {
        let mut game = Game::new(variant, 11);
        let hinted = game.hint_claim().unwrap();
        assert!(game.hinted_cards().is_empty());
        let size = variant.claim_size() as u8;
        for revealed in 1..=size {
            let outcome = game.apply(Move { at_ms: u64::from(revealed), action: Action::Hint });
            assert_eq!(outcome, Ok(Outcome::Hint(HintOutcome::Revealed { revealed })));
            assert_eq!(game.hinted_cards(), &hinted.cards()[..revealed as usize]);
        }
        assert_eq!(game.hint(99), Ok(HintOutcome::AlreadyRevealed));
        assert_eq!(game.hints_used(), u32::from(size));
        assert_eq!(game.moves().len(), size as usize, "a hint that reveals nothing is not a move");
    }
}

#[test]
fn a_set_claimed_from_twelve_is_refilled_in_the_same_slots() {
    let mut game = (0..1_000).map(Game::classic).find(|g| g.table().len() == TABLE_SIZE).unwrap();
    let next_claim = game.hint_claim().unwrap();
    let slots: Vec<usize> = next_claim.cards().iter().map(|&c| game.slot_of(c).unwrap()).collect();
    let before = game.table().to_vec();
    let next: Vec<Card> = game.deck()[..3].to_vec();
    game.claim(next_claim, 0).unwrap();
    for (slot, card) in game.table().iter().enumerate().take(TABLE_SIZE) {
        if let Some(at) = slots.iter().position(|&s| s == slot) {
            assert_eq!(*card, next[at]);
        } else {
            assert_eq!(*card, before[slot], "untouched slots keep their cards");
        }
    }
}

#[test]
fn closing_up_moves_only_the_last_cards() {
    let (before, slots, after) = (0..)
        .find_map(|seed| {
            let mut game = Game::classic(seed);
            let before = game.table().to_vec();
            let next = game.hint_claim()?;
            let slots: Vec<usize> = next.cards().iter().map(|&c| game.slot_of(c).unwrap()).collect();
            game.claim(next, 0).ok()?;
            (before.len() == 15 && game.table().len() == 12 && slots[0] < 12)
                .then(|| (before, slots, game.table().to_vec()))
        })
        .unwrap();
    for slot in 0..12 {
        if !slots.contains(&slot) {
            assert_eq!(after[slot], before[slot], "slot {slot} moved");
        }
    }
    let kept: HashSet<Card> = after.iter().copied().collect();
    let expected: HashSet<Card> =
        before.iter().enumerate().filter(|(s, _)| !slots.contains(s)).map(|(_, &c)| c).collect();
    assert_eq!(kept, expected);
}
