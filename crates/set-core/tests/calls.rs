#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
//! The "no set" call: games whose extra cards wait for one, played to their
//! end in every way that takes calls. Whether a claim lies out is decided
//! here by brute force over the rule as players state it
//! (`claim_rule::reference::by_words`), not by the game's finders.

use set_core::online::room::{ClaimError, EventKind, RoomGame};
use set_core::players::level::Level;
use set_core::players::sitting::{Refusal, Seat, Seats, Sitting, Standing};
use set_core::rules::card::Card;
use set_core::rules::claim_rule::reference::{by_words, hands};
use set_core::rules::game::{Action, CallOutcome, ClaimOutcome, Game, GameError};
use set_core::rules::invariants::assert_invariants;
use set_core::rules::rng::SplitMix64;
use set_core::rules::variant::{Dealing, Variant, WAYS};
use set_core::save::{decode, decode_seated, encode, encode_seated};

/// Whether a claim can be made from what is in play, by the rule's words:
/// a chain way's links to the previous claim, else any hand of the table.
fn a_claim_lies_out(game: &Game) -> bool {
    let variant = game.variant();
    let (deck, rule, size) = (variant.deck(), variant.rule(), variant.claim_size());
    match game.previous().filter(|_| variant.links() > 0) {
        Some(previous) => hands(previous.cards(), variant.links()).iter().any(|links| {
            hands(game.table(), size - links.len())
                .iter()
                .any(|rest| by_words(rule, deck, &[links.clone(), rest.clone()].concat()))
        }),
        None => hands(game.table(), size).iter().any(|hand| by_words(rule, deck, hand)),
    }
}

fn called_ways() -> Vec<Variant> {
    WAYS.into_iter().filter(|way| way.takes_calls()).collect()
}

/// The state a wrong call may change: everything but its move and the count of wrong claims.
fn without_the_call(game: &Game) -> (Vec<Card>, Vec<Card>, usize, u32, Vec<Card>) {
    (game.table().to_vec(), game.deck().to_vec(), game.found().len(), game.hints_used(), game.hinted_cards().to_vec())
}

/// Plays a game whose extra cards wait for a call to its end: claims when
/// a claim lies out (and now and then calls wrongly first), calls when none
/// does (and checks that a hint then is refused).
fn play_called(variant: Variant, seed: u64) -> Game {
    let mut game = Game::dealt(variant, seed, Dealing::WhenCalled);
    assert_eq!(game.dealing(), Dealing::WhenCalled);
    assert_eq!(game.table().len(), variant.table_size(), "{variant:?}: the first table is dealt, no more");
    let mut chance = SplitMix64::new(seed ^ 0x5EED);
    let (mut at, mut right, mut wrong) = (0, 0, 0);
    while !game.is_over() {
        at += 1 + chance.below(3000);
        assert!(game.moves().len() < 3000, "{variant:?} seed {seed}: the game does not end");
        let lies_out = a_claim_lies_out(&game);
        assert_eq!(game.awaits_call(), !lies_out, "{variant:?} seed {seed}: waiting for a call");
        if lies_out && chance.below(6) == 0 {
            let before = game.clone();
            let outcome = game.call_no_set(at).unwrap();
            let CallOutcome::Wrong { missed } = outcome else { panic!("{variant:?}: {outcome:?} with a claim out") };
            assert!(by_words(variant.rule(), variant.deck(), missed.cards()), "the missed claim is one");
            assert!(missed.cards().iter().all(|&card| game.in_play(card)), "the missed claim is in play");
            assert_eq!(without_the_call(&game), without_the_call(&before), "a wrong call deals nothing");
            assert_eq!(game.wrong_claims(), before.wrong_claims() + 1, "a wrong call is a wrong claim");
            assert_eq!(game.moves().last().map(|m| m.action), Some(Action::CallNoSet));
            wrong += 1;
        } else if lies_out {
            let claim = game.hint_claim().unwrap();
            let table = game.table().len();
            let outcome = game.claim(claim, at).unwrap();
            assert!(matches!(outcome, ClaimOutcome::Found { .. }), "{outcome:?}");
            assert!(game.table().len() <= table.max(variant.table_size()), "no card comes by itself");
        } else {
            let before = game.clone();
            assert_eq!(game.hint(at), Err(GameError::NothingToHint));
            assert_eq!(game, before, "a refused hint changes nothing");
            let outcome = game.call_no_set(at).unwrap();
            let dealt = game.table().len() - before.table().len();
            assert_eq!(outcome, CallOutcome::Right { dealt: dealt as u8 });
            assert_eq!(dealt, 3.min(before.deck().len()), "a right call deals three");
            assert_eq!(game.right_calls(), before.right_calls() + 1);
            assert_eq!(&game.table()[..before.table().len()], before.table(), "the table stays where it lies");
            right += 1;
        }
        assert_invariants(&game);
        assert!(game.table().len() <= variant.max_table());
    }
    assert!(game.deck().is_empty() && !a_claim_lies_out(&game), "{variant:?}: ends with no deck and no claim");
    let over = game.clone();
    assert_eq!(game.call_no_set(at), Err(GameError::GameOver));
    assert_eq!(game, over);
    assert_eq!((game.right_calls(), game.wrong_claims()), (right, wrong));
    game
}

#[test]
fn called_games_of_every_way_that_takes_calls_deal_only_on_a_right_call_and_end() {
    let mut calls = 0;
    for variant in called_ways() {
        let games = if variant == Variant::Ghost { 12 } else { 40 };
        for seed in 0..games {
            let game = play_called(variant, seed);
            calls += game.right_calls();
            // The moves alone rebuild it, and so does its save.
            assert_eq!(game.restarted().then(game.moves()), Ok(game.clone()));
            let text = encode(&game, 1234);
            assert!(text.starts_with("SET save 4\nmode ") && text.contains("\ndeal called\n"), "{text}");
            assert_eq!(decode(&text).map(|saved| saved.game), Ok(game));
        }
    }
    assert!(calls > 100, "the games called {calls} times");
}

#[test]
fn the_ways_whose_tables_are_dealt_whole_or_face_down_deal_by_themselves() {
    for dealing in Dealing::ALL {
        assert_eq!(Dealing::from_name(dealing.name()), Some(dealing));
    }
    assert_eq!(Dealing::from_name("Called"), None);
    assert_eq!(called_ways().len(), 12);
    for variant in WAYS.into_iter().filter(|way| !way.takes_calls()) {
        assert!(variant.is_puzzle() || variant.face_down(), "{variant:?}");
        let mut game = Game::dealt(variant, 3, Dealing::WhenCalled);
        assert_eq!(game.dealing(), Dealing::Automatic, "{variant:?}");
        let before = game.clone();
        assert_eq!(game.call_no_set(10), Err(GameError::CallsOff));
        assert_eq!(game, before, "a refused call changes nothing");
    }
    let mut classic = Game::new(Variant::Classic, 3);
    let before = classic.clone();
    assert_eq!(classic.call_no_set(10), Err(GameError::CallsOff));
    assert_eq!(classic, before);
    assert_eq!(encode(&classic, 0).lines().next(), Some("SET save 2"), "a game that deals by itself stays format 2");
}

#[test]
fn a_called_save_is_refused_by_readers_that_would_deal_it_otherwise() {
    let game = play_called(Variant::Classic, 5);
    let text = encode(&game, 99);
    // Format 3 and format 5 are games with players: newer to a reader of games alone.
    for major in [5, 6] {
        let newer = text.replacen("SET save 4", &format!("SET save {major}"), 1);
        assert!(matches!(decode(&newer), Err(set_core::save::SaveError::Newer { .. })), "{major}");
    }
    // Read as format 2, the `deal` line is no line of that format.
    let as_two = text.replacen("SET save 4", "SET save 2", 1);
    assert!(decode(&as_two).is_err());
    // A `deal` line in a way that takes no calls, or one that is not `called`.
    let puzzle = text.replacen("mode classic", "mode puzzle", 1);
    assert!(matches!(decode(&puzzle), Err(set_core::save::SaveError::BadDealing(_))));
    let auto = text.replacen("deal called", "deal auto", 1);
    assert!(matches!(decode(&auto), Err(set_core::save::SaveError::BadDealing(_))));
}

#[test]
fn the_first_called_save_still_restores_and_is_written_back_as_it_was() {
    let fixture = include_str!("fixtures/save-v4.txt");
    let saved = decode(fixture).unwrap();
    assert_eq!(saved.game.dealing(), Dealing::WhenCalled);
    assert!(saved.game.right_calls() > 0 && saved.game.wrong_claims() > 0);
    assert_eq!(encode(&saved.game, saved.elapsed_ms), fixture);
}

/// The first seed whose classic first table holds no set.
fn a_seed_with_no_set_dealt() -> u64 {
    (0..10_000).find(|&seed| Game::dealt(Variant::Classic, seed, Dealing::WhenCalled).awaits_call()).unwrap()
}

/// A race (people and a bot on one screen) whose first table holds no claim.
fn race_waiting_for_a_call() -> (Game, Sitting) {
    let game = Game::dealt(Variant::Classic, a_seed_with_no_set_dealt(), Dealing::WhenCalled);
    (game, Sitting::new(Seats::new(&["Ann", "Ben"], &[Level::Hard]).unwrap()))
}

#[test]
fn a_right_call_scores_a_point_and_a_wrong_one_costs_one_and_locks_out() {
    let (mut game, mut sitting) = race_waiting_for_a_call();
    assert_eq!(sitting.call_no_set(&mut game, Seat(1), 900), Ok(CallOutcome::Right { dealt: 3 }));
    let scores: Vec<i64> = sitting.standings(&game).iter().map(Standing::score).collect();
    assert_eq!(scores, [0, 1, 0]);
    assert_eq!(sitting.standings(&game)[1].calls, 1);
    // Now a claim lies out, or another call is due.
    while game.awaits_call() {
        sitting.call_no_set(&mut game, Seat(1), 1000).unwrap();
    }
    let before = (game.clone(), sitting.clone());
    let outcome = sitting.call_no_set(&mut game, Seat(0), 1500).unwrap();
    assert!(matches!(outcome, CallOutcome::Wrong { .. }), "{outcome:?}");
    let ann = sitting.standings(&game)[0];
    assert_eq!((ann.score(), ann.locked_out), (-1, true));
    assert_eq!(sitting.call_no_set(&mut game, Seat(0), 1600), Err(Refusal::LockedOut(Seat(0))));
    // Restored from its save, the sitting scores the same.
    let text = encode_seated(&game, &sitting, 2000);
    assert!(text.starts_with("SET save 5\nmode classic\n"), "{text}");
    let (saved, restored) = decode_seated(&text).unwrap();
    assert_eq!(saved.game, game);
    assert_eq!(restored.standings(&saved.game), sitting.standings(&game));
    assert_ne!(before.1.standings(&before.0), sitting.standings(&game));
}

#[test]
fn of_two_calls_at_once_in_a_room_the_first_is_judged_and_the_second_is_late() {
    let seed = a_seed_with_no_set_dealt();
    let game = Game::dealt(Variant::Classic, seed, Dealing::WhenCalled);
    let mut room = RoomGame::dealt(game, &["Ann", "Ben"], &[]).unwrap();
    assert_eq!(room.game().dealing(), Dealing::WhenCalled);
    // Both saw event 0, the deal.
    assert_eq!(room.call_no_set(Seat(1), 0, 700), Ok(CallOutcome::Right { dealt: 3 }));
    let after_first = room.clone();
    assert_eq!(room.call_no_set(Seat(0), 0, 710), Err(ClaimError::Late { by: Seat(1) }));
    assert_eq!(room, after_first, "a late call changes nothing");
    assert_eq!(room.events(1)[0].kind, EventKind::NoSet);
    // A call from a view that has seen the first call is judged.
    let outcome = room.call_no_set(Seat(0), 1, 900);
    match outcome {
        Ok(CallOutcome::Wrong { .. }) => assert_eq!(room.events(2)[0].kind, EventKind::WrongCall),
        Ok(CallOutcome::Right { .. }) => assert_eq!(room.events(2)[0].kind, EventKind::NoSet),
        other => panic!("{other:?}"),
    }
    // The stored log rebuilds the room, calls and all.
    let rebuilt = RoomGame::restore(Variant::Classic, seed, Dealing::WhenCalled, &["Ann", "Ben"], &[], &room.log());
    assert_eq!(rebuilt.map(|r| r.standings()), Ok(room.standings()));
}
