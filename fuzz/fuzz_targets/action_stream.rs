//! Any stream of moves on any game of any variant: the first byte picks the
//! variant, the next 8 are the seed, then each byte picks a move (claims of
//! arbitrary slots, the hinted claim, hints). The game must never panic,
//! refused moves must change nothing, every state must pass the audit, and
//! replay must rebuild it exactly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use set_core::rules::game::MAX_SEED;
use set_core::rules::daily::Date;
use set_core::rules::game::{Action, Game, Move};
use set_core::rules::variant::Variant;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let (seed, moves) = rest.split_at(rest.len().min(8));
    let mut seed_bytes = [0u8; 8];
    seed_bytes[..seed.len()].copy_from_slice(seed);
    let seed = u64::from_le_bytes(seed_bytes) & MAX_SEED;
    let variant = match pick % 5 {
        0 => Variant::Classic,
        1 => Variant::Junior,
        2 => Variant::Chain,
        3 => Variant::Ultra,
        _ => Variant::Daily(Date::from_days(19_000 + seed % 20_000).expect("a day in range")),
    };
    let mut game = Game::new(variant, seed);
    let mut bytes = moves.iter().copied();
    let mut at_ms = 0;
    while let Some(byte) = bytes.next() {
        at_ms += u64::from(byte) * 37;
        let action = match byte % 4 {
            0 => Some(Action::Hint),
            1 => game.hint_claim().map(Action::Claim),
            _ => {
                let mut slot = || usize::from(bytes.next().unwrap_or(byte)) % 24;
                let slots: Vec<usize> = (0..variant.claim_size()).map(|_| slot()).collect();
                game.claim_at(&slots).ok().map(Action::Claim)
            }
        };
        let Some(action) = action else { continue };
        let before = game.clone();
        if game.apply(Move { at_ms, action }).is_err() {
            assert_eq!(game, before, "a refused {action:?} changed the game");
        }
        if let Err(problem) = game.audit() {
            panic!("after {action:?}: {problem}");
        }
    }
    assert_eq!(Game::replay(variant, game.seed(), game.moves()).as_ref(), Ok(&game));
});
