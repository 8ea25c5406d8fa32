#![cfg(not(target_arch = "wasm32"))]
//! Property tests: random action sequences, including claims of arbitrary
//! (often invalid) slots, hints, new games and save/restore round trips.
//! After every step the invariants hold, a refused action changes nothing,
//! and a restored game equals the saved one.

mod common;

use common::assert_invariants;
use proptest::collection::vec;
use proptest::prelude::*;
use set_game::rules::game::Game;
use set_game::play::options::MAX_SEED;
use set_game::save::{SavedGame, decode, encode};

#[derive(Clone, Debug)]
enum Step {
    /// Any three slots, in range or not, repeated or not.
    Claim([usize; 3]),
    /// The set the hint points at: moves the game forward.
    ClaimHinted,
    Hint,
    NewGame(u64),
    SaveAndRestore(u64),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => [0..24usize, 0..24usize, 0..24usize].prop_map(Step::Claim),
        6 => Just(Step::ClaimHinted),
        3 => Just(Step::Hint),
        1 => (0..=MAX_SEED).prop_map(Step::NewGame),
        2 => (0..10_000_000u64).prop_map(Step::SaveAndRestore),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_action_sequences_keep_every_invariant(seed in 0..=MAX_SEED, steps in vec(step(), 0..150)) {
        let mut game = Game::new(seed);
        assert_invariants(&game);
        for step in steps {
            match step {
                Step::Claim(slots) => {
                    let before = game.clone();
                    if game.claim(slots).is_err() {
                        prop_assert_eq!(&game, &before, "a refused claim changed the game");
                    }
                }
                Step::ClaimHinted => {
                    if let Some(slots) = game.hint_set() {
                        let found = game.found().len();
                        game.claim(slots).unwrap();
                        prop_assert_eq!(game.found().len(), found + 1);
                    }
                }
                Step::Hint => {
                    let before = game.clone();
                    if game.hint().is_err() {
                        prop_assert!(before.is_over());
                        prop_assert_eq!(&game, &before);
                    }
                }
                Step::NewGame(seed) => game = Game::new(seed),
                Step::SaveAndRestore(elapsed_ms) => {
                    let restored = decode(&encode(&game, elapsed_ms)).unwrap();
                    prop_assert_eq!(&restored, &SavedGame { game: game.clone(), elapsed_ms });
                    game = restored.game;
                }
            }
            assert_invariants(&game);
            prop_assert_eq!(Game::replay(game.seed(), game.actions()).unwrap(), game.clone());
        }
    }

    #[test]
    fn any_text_decodes_to_a_sound_game_or_an_error(text in ".{0,400}") {
        if let Ok(saved) = decode(&text) {
            assert_invariants(&saved.game);
        }
    }

    #[test]
    fn any_single_byte_edit_of_a_save_is_caught_or_harmless(seed in 0..=MAX_SEED, at in any::<prop::sample::Index>(), byte in 0u8..128) {
        let mut game = Game::new(seed);
        for _ in 0..3 {
            let slots = game.hint_set().unwrap();
            game.claim(slots).unwrap();
        }
        let text = encode(&game, 1234);
        let mut bytes = text.into_bytes();
        let at = at.index(bytes.len());
        bytes[at] = byte;
        // An edit that still decodes describes a consistent game: the same
        // one, or (an edited seed or move that replays and matches) another
        // sound one. Refused edits restore nothing, which is all they must do.
        if let Some(saved) = String::from_utf8(bytes).ok().and_then(|edited| decode(&edited).ok()) {
            assert_invariants(&saved.game);
            prop_assert_eq!(Game::replay(saved.game.seed(), saved.game.actions()).unwrap(), saved.game);
        }
    }
}
