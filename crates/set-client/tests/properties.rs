#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
#![cfg(not(target_arch = "wasm32"))]
//! Property tests: random move sequences in every variant, extra cards by
//! themselves or on a "no set" call, including claims of arbitrary (often
//! invalid) slots, hints, calls, new games and save/restore round trips. After every step the invariants hold, a refused move changes
//! nothing, and a restored game equals the saved one.

use proptest::collection::vec;
use proptest::prelude::*;
use set_client::play::session::{Happened, Session};
use set_core::players::sitting::{Seat, Seats, Sitting, Verdict};
use set_core::rules::card::Card;
use set_core::rules::daily::Date;
use set_core::rules::game::MAX_SEED;
use set_core::rules::game::{CallOutcome, Claim, Game, GameError};
use set_core::rules::invariants::assert_invariants;
use set_core::rules::variant::{Dealing, Variant, WAYS};
use set_core::save::{SavedGame, decode, encode};

#[derive(Clone, Debug)]
enum Step {
    /// Any slots, in range or not, repeated or not.
    Claim([usize; 6]),
    /// The claim the hint points at: moves the game forward.
    ClaimHinted,
    Hint,
    CallNoSet,
    NewGame(u8, u64),
    SaveAndRestore(u64),
}

fn variant(pick: u8, seed: u64) -> Variant {
    // Every way, and the daily puzzle as often as each.
    match WAYS.get(pick as usize % (WAYS.len() + 1)) {
        Some(&way) => way,
        None => Variant::Daily(Date::from_days(19_000 + seed % 20_000).unwrap()),
    }
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => [0..24usize, 0..24usize, 0..24usize, 0..24usize, 0..24usize, 0..24usize].prop_map(Step::Claim),
        6 => Just(Step::ClaimHinted),
        3 => Just(Step::Hint),
        3 => Just(Step::CallNoSet),
        1 => (any::<u8>(), 0..=MAX_SEED).prop_map(|(v, s)| Step::NewGame(v, s)),
        2 => (0..10_000_000u64).prop_map(Step::SaveAndRestore),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_move_sequences_keep_every_invariant(pick in any::<u8>(), seed in 0..=MAX_SEED, calls in any::<bool>(), steps in vec(step(), 0..150)) {
        let dealing = Dealing::called_if(calls);
        let mut game = Game::dealt(variant(pick, seed), seed, dealing);
        assert_invariants(&game);
        let mut at = 0;
        for step in steps {
            at += 250;
            match step {
                Step::Claim(slots) => {
                    let size = game.variant().claim_size();
                    let before = game.clone();
                    let refused = match game.claim_at(&slots[..size]) {
                        Ok(claim) => game.claim(claim, at).is_err(),
                        Err(_) => true,
                    };
                    if refused {
                        prop_assert_eq!(&game, &before, "a refused claim changed the game");
                    }
                }
                Step::ClaimHinted => {
                    if let Some(claim) = game.hint_claim() {
                        let found = game.found().len();
                        game.claim(claim, at).unwrap();
                        prop_assert_eq!(game.found().len(), found + 1);
                    }
                }
                Step::Hint => {
                    let before = game.clone();
                    if game.hint(at).is_err() {
                        prop_assert!(before.is_over() || before.awaits_call());
                        prop_assert_eq!(&game, &before);
                    }
                }
                Step::CallNoSet => {
                    let before = game.clone();
                    match game.call_no_set(at) {
                        Ok(CallOutcome::Right { dealt }) => {
                            prop_assert!(before.awaits_call(), "a right call only where none lies out");
                            prop_assert_eq!(game.table().len(), before.table().len() + usize::from(dealt));
                        }
                        Ok(CallOutcome::Wrong { missed }) => {
                            prop_assert_eq!(before.hint_claim(), Some(missed));
                            prop_assert_eq!(game.table(), before.table());
                            prop_assert_eq!(game.wrong_claims(), before.wrong_claims() + 1);
                        }
                        Err(error) => {
                            let why = if before.dealing().is_called() { GameError::GameOver } else { GameError::CallsOff };
                            prop_assert_eq!(error, why);
                            prop_assert_eq!(&game, &before, "a refused call changed the game");
                        }
                    }
                }
                Step::NewGame(pick, seed) => game = Game::dealt(variant(pick, seed), seed, dealing),
                Step::SaveAndRestore(elapsed_ms) => {
                    let restored = decode(&encode(&game, elapsed_ms)).unwrap();
                    prop_assert_eq!(&restored, &SavedGame { game: game.clone(), elapsed_ms });
                    game = restored.game;
                }
            }
            assert_invariants(&game);
            prop_assert_eq!(game.restarted().then(game.moves()).unwrap(), game.clone());
        }
    }

    #[test]
    fn any_text_decodes_to_a_sound_game_or_an_error(text in ".{0,400}") {
        if let Ok(saved) = decode(&text) {
            assert_invariants(&saved.game);
        }
    }

    #[test]
    fn any_single_byte_edit_of_a_save_is_caught_or_harmless(pick in any::<u8>(), seed in 0..=MAX_SEED, calls in any::<bool>(), at in any::<prop::sample::Index>(), byte in 0u8..128) {
        let mut game = Game::dealt(variant(pick, seed), seed, Dealing::called_if(calls));
        for i in 0..3 {
            match game.hint_claim() {
                Some(claim) => drop(game.claim(claim, 1000 * i).unwrap()),
                None => drop(game.call_no_set(1000 * i).unwrap()),
            }
        }
        let text = encode(&game, 1234);
        let mut bytes = text.into_bytes();
        let at = at.index(bytes.len());
        bytes[at] = byte;
        // An edit that still decodes describes a consistent game: the same
        // one, or (an edited time, seed or move that replays and matches)
        // another sound one. Refused edits restore nothing, which is all they must do.
        if let Some(saved) = String::from_utf8(bytes).ok().and_then(|edited| decode(&edited).ok()) {
            assert_invariants(&saved.game);
            let replayed = saved.game.restarted().then(saved.game.moves()).unwrap();
            prop_assert_eq!(replayed, saved.game);
        }
    }

    #[test]
    fn random_picks_of_any_card_keep_the_session_sound(
        pick in any::<u8>(),
        seed in 0..=MAX_SEED,
        picks in vec((0..81i64, 0..5u8), 0..200),
    ) {
        let mut session = Session::new(variant(pick, seed), seed, 0.0);
        let mut now = 0.0;
        for (id, action) in picks {
            now += 100.0;
            let card = Card::new(id).unwrap();
            let before = session.clone();
            match action {
                // Now and then the card a claim needs, so that games move on.
                0 => {
                    let Some(claim) = session.game().hint_claim() else { continue };
                    let next = claim.cards().iter().copied().find(|c| !session.is_selected(*c)).unwrap();
                    session.pick(next, now).unwrap();
                }
                1 => {
                    let _ = session.hint(now);
                }
                2 => {
                    session.set_hidden(id % 2 == 0, now);
                }
                _ => match session.pick(card, now) {
                    // A refused pick (not in play, or the game is over) changes nothing.
                    Err(_) => prop_assert_eq!(&session, &before),
                    Ok(Happened::Invalid { claim, .. }) => {
                        prop_assert_eq!(session.game().wrong_claims(), before.game().wrong_claims() + 1);
                        prop_assert_eq!(claim.cards().len(), session.game().variant().claim_size());
                    }
                    Ok(_) => {}
                },
            }
            let game = session.game();
            assert_invariants(game);
            // Fewer picks than a claim, each a distinct card in play.
            prop_assert!(session.selection().len() < game.variant().claim_size());
            prop_assert!(session.selection().iter().all(|&c| game.in_play(c)));
            // The clock never runs backwards, and stands still once the game is over.
            prop_assert!(session.elapsed_ms(now) >= before.elapsed_ms(now - 100.0));
            if game.is_over() {
                prop_assert!(!session.clock_running());
            }
            // What is saved restores the same game.
            let restored = decode(&session.save_text(now)).unwrap();
            prop_assert_eq!(&restored.game, game);
        }
    }
}

/// One claim in a race: a seat, which of the claims it saw on the table
/// `lag` claims ago (or, when that table had none left, a wrong one), and
/// whether it claims a valid one.
#[derive(Clone, Debug)]
struct RacedClaim {
    seat: u8,
    lag: usize,
    pick: usize,
    valid: bool,
}

fn raced_claim() -> impl Strategy<Value = RacedClaim> {
    (0..4u8, 0..4usize, any::<usize>(), prop::bool::weighted(0.85)).prop_map(|(seat, lag, pick, valid)| RacedClaim {
        seat,
        lag,
        pick,
        valid,
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Claims from four seats, each made on a table it saw some claims ago,
    /// settled in the order they arrive: no card is taken twice, the scores
    /// add up to the claims found, a taken claim is never a penalty, a claim
    /// whose cards are all still in play is judged on its cards, and the
    /// moves replay to the same game.
    #[test]
    fn claims_racing_from_several_seats_are_settled_fairly(
        pick in 0..4u8, seed in 0..=MAX_SEED, race in vec(raced_claim(), 1..120)
    ) {
        let mut sitting = Sitting::new(Seats::new(&["A", "B", "C", "D"], &[]).unwrap());
        let mut game = Game::new(variant(pick, seed), seed);
        let mut seen: Vec<Game> = vec![game.clone()];
        for claim in race {
            if game.is_over() {
                break;
            }
            let looked_at = &seen[seen.len().saturating_sub(1 + claim.lag)];
            let claims = looked_at.claims();
            let cards: Vec<Card> = if let (false, true) = (claims.is_empty(), claim.valid) { claims[claim.pick % claims.len()].cards().to_vec() } else {
                let t = looked_at.table();
                let size = looked_at.variant().claim_size();
                (0..size).map(|i| t[(claim.pick + i * 5) % t.len()]).collect()
            };
            let by = Seat(claim.seat);
            let before = game.clone();
            let sitting_before = sitting.clone();
            let all_in_play = cards.iter().all(|&card| game.in_play(card));
            let penalties = sitting.outcomes(&game).1.len();
            let at_ms = game.moves().len() as u64;
            match sitting.settle(&mut game, by, &cards, at_ms) {
                Ok(Verdict::Taken { card, by: taker }) => {
                    prop_assert!(!all_in_play);
                    prop_assert_eq!(&game, &before, "a taken claim changes nothing");
                    prop_assert_eq!(&sitting, &sitting_before);
                    prop_assert_eq!(sitting_before.taken_by(&before, card), Some(taker));
                }
                Ok(Verdict::Accepted { claim: accepted, .. }) => {
                    prop_assert!(all_in_play);
                    prop_assert!(accepted.same_cards(&Claim::new(&cards).unwrap()));
                    prop_assert_eq!(sitting.findings(&game).last().unwrap().by, by);
                }
                Ok(Verdict::Wrong(_)) => prop_assert_eq!(sitting.outcomes(&game).1.len(), penalties + 1),
                Ok(Verdict::AlreadyFound) => prop_assert_eq!(&game.found(), &before.found()),
                Err(_) => {
                    prop_assert_eq!(&game, &before, "a refused claim changes nothing");
                    prop_assert_eq!(&sitting, &sitting_before);
                }
            }
            // A valid claim on cards all still in play is never refused or wrong.
            if all_in_play && claim.valid && !claims.is_empty() && !sitting_before.standings(&before)[by.0 as usize].locked_out {
                let still_valid = before.claims().iter().any(|c| c.same_cards(&Claim::new(&cards).unwrap()));
                if still_valid {
                    prop_assert!(game.found().len() == before.found().len() + 1);
                }
            }
            if game != before {
                seen.push(game.clone());
            }
        }
        let table_claims: Vec<Card> = if game.variant().links() > 0 || game.variant().is_puzzle() {
            Vec::new()
        } else {
            game.found().iter().flat_map(|claim| claim.cards().to_vec()).collect()
        };
        for (i, card) in table_claims.iter().enumerate() {
            prop_assert!(!table_claims[..i].contains(card), "card {} claimed twice", card.id());
        }
        let standings = sitting.standings(&game);
        prop_assert_eq!(standings.iter().map(|s| s.sets as usize).sum::<usize>(), game.found().len());
        prop_assert_eq!(standings.iter().map(|s| s.penalties as usize).sum::<usize>(), sitting.outcomes(&game).1.len());
        let replayed = Game::replay(game.variant(), game.seed(), game.moves()).unwrap();
        prop_assert_eq!(&replayed, &game);
        prop_assert_eq!(sitting.by().len(), game.moves().len(), "one seat per move");
    }
}
