//! The rules over many seeded games, played by a simple scripted player that
//! mixes correct claims, wrong claims, bad input and hints.

use set_game::rules::card::{Card, is_set};
use set_game::rules::finder::find_sets;
use set_game::rules::game::{Action, ClaimOutcome, Game, GameError, HintOutcome, Outcome, TABLE_SIZE};
use set_game::rules::rng::SplitMix64;
use std::collections::HashSet;

mod common;
use common::assert_invariants;

/// A slot triple on the table that is not a set.
fn a_non_set(game: &Game) -> Option<[usize; 3]> {
    let n = game.table().len();
    let t = game.table();
    (0..n)
        .flat_map(|i| (i + 1..n).flat_map(move |j| (j + 1..n).map(move |k| [i, j, k])))
        .find(|&[i, j, k]| !is_set(t[i], t[j], t[k]))
}

/// Plays a game to its end; returns it.
fn play(seed: u64) -> Game {
    let mut game = Game::new(seed);
    let mut chance = SplitMix64::new(seed ^ 0xABCD);
    assert_invariants(&game);
    let mut turns = 0;
    while !game.is_over() {
        turns += 1;
        assert!(turns < 1000, "seed {seed}: the game does not end");
        match chance.below(10) {
            0 => {
                if let Some(slots) = a_non_set(&game) {
                    let before = (game.table().to_vec(), game.found().len());
                    assert_eq!(game.claim(slots), Ok(ClaimOutcome::NotASet));
                    assert_eq!(before, (game.table().to_vec(), game.found().len()));
                }
            }
            1 => {
                let before = game.clone();
                let n = game.table().len();
                assert_eq!(game.claim([0, n, 1]), Err(GameError::EmptySlot { slot: n, table_len: n }));
                assert_eq!(game.claim([2, 1, 2]), Err(GameError::RepeatedSlot { slot: 2 }));
                assert_eq!(game, before, "a refused claim changes nothing");
            }
            2 | 3 => {
                let hinted = game.hint_set();
                let outcome = game.hint().unwrap();
                assert_eq!(game.hint_set(), hinted, "hints keep revealing the same set");
                if let HintOutcome::Revealed { revealed } = outcome {
                    assert_eq!(game.hinted_slots().len(), revealed as usize);
                }
            }
            _ => {
                let slots = game.hint_set().unwrap();
                let cards = slots.map(|s| game.table()[s]);
                let before = game.table().to_vec();
                assert_eq!(game.claim(slots), Ok(ClaimOutcome::Set(cards)));
                for card in cards {
                    assert!(!game.table().contains(&card));
                }
                if before.len() > TABLE_SIZE {
                    // Closed up: the first len − 3 slots hold only cards that were out
                    // already; anything after them was dealt because no set was left.
                    let kept = &game.table()[..before.len() - 3];
                    assert!(kept.iter().all(|card| before.contains(card)), "over 12 cards: the table closes up");
                    assert!(game.table().len() == before.len() - 3 || find_sets(kept).unwrap().is_empty());
                }
                assert!(game.hinted_slots().is_empty(), "a claimed set ends the hint");
            }
        }
        assert_invariants(&game);
    }
    game
}

#[test]
fn five_hundred_seeded_games_keep_every_invariant_and_end() {
    let mut ends = HashSet::new();
    for seed in 0..500 {
        let game = play(seed);
        assert!(game.deck().is_empty());
        assert!(game.found().len() >= 20, "seed {seed}: {} sets", game.found().len());
        ends.insert(game.table().len());
        let mut over = game.clone();
        assert_eq!(over.claim([0, 1, 2]), Err(GameError::GameOver));
        assert_eq!(over.hint(), Err(GameError::GameOver));
        assert_eq!(over, game);
    }
    // Games end with different numbers of cards left over, never with more than 20.
    assert!(ends.len() > 1 && ends.iter().all(|&n| n <= 20), "{ends:?}");
}

#[test]
fn a_game_is_its_seed_and_its_actions() {
    for seed in [0, 1, 42, 9_007_199_254_740_991] {
        let game = play(seed);
        let replayed = Game::replay(seed, game.actions()).unwrap();
        assert_eq!(replayed, game);
        assert_eq!(Game::new(seed), Game::new(seed));
    }
    assert_ne!(Game::new(1).table(), Game::new(2).table());
}

#[test]
fn replay_names_the_first_refused_action() {
    let actions = [Action::Hint, Action::Claim([0, 0, 1])];
    let err = Game::replay(3, &actions).unwrap_err();
    assert_eq!(err.index, 1);
    assert_eq!(err.to_string(), "action 1 is refused: slot 0 is claimed more than once");
}

#[test]
fn hints_reveal_one_card_at_a_time_then_stop_counting() {
    let mut game = Game::new(11);
    let set = game.hint_set().unwrap();
    assert!(game.hinted_slots().is_empty());
    for revealed in 1..=3u8 {
        assert_eq!(game.apply(Action::Hint), Ok(Outcome::Hint(HintOutcome::Revealed { revealed })));
        assert_eq!(game.hinted_slots(), set[..revealed as usize].to_vec());
    }
    assert_eq!(game.hint(), Ok(HintOutcome::AlreadyRevealed));
    assert_eq!(game.hints_used(), 3);
    assert_eq!(game.actions().len(), 3, "a hint that reveals nothing is not an action");
}

#[test]
fn a_wrong_claim_keeps_the_hint_and_counts() {
    let mut game = Game::new(5);
    game.hint().unwrap();
    let hinted = game.hinted_slots();
    let slots = a_non_set(&game).unwrap();
    assert_eq!(game.claim(slots), Ok(ClaimOutcome::NotASet));
    assert_eq!(game.wrong_claims(), 1);
    assert_eq!(game.hinted_slots(), hinted);
}

#[test]
fn a_set_claimed_from_twelve_is_refilled_in_the_same_slots() {
    // Find a seed whose opening table has exactly 12 cards and a set.
    let mut game = (0..).map(Game::new).find(|g| g.table().len() == TABLE_SIZE).unwrap();
    let slots = game.hint_set().unwrap();
    let before = game.table().to_vec();
    let next: Vec<Card> = game.deck()[..3].to_vec();
    game.claim(slots).unwrap();
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
    // A table of 15 where claiming the hinted set leaves 12: the survivors of
    // the last slots move into the holes and every other card stays put.
    let (before, slots, after) = (0..)
        .find_map(|seed| {
            let mut game = Game::new(seed);
            let before = game.table().to_vec();
            let slots = game.hint_set()?;
            game.claim(slots).ok()?;
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
