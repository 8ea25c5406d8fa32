//! Any stream of actions on any game: the first 8 bytes are the seed, then
//! each byte picks an action (claims of arbitrary slots, the hinted set,
//! hints). The game must never panic, refused actions must change nothing,
//! every state must pass the audit, and replay must rebuild it exactly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use set_game::rules::game::{Action, Game};
use set_game::play::options::MAX_SEED;

fuzz_target!(|data: &[u8]| {
    let (seed, moves) = data.split_at(data.len().min(8));
    let mut seed_bytes = [0u8; 8];
    seed_bytes[..seed.len()].copy_from_slice(seed);
    let mut game = Game::new(u64::from_le_bytes(seed_bytes) & MAX_SEED);
    let mut bytes = moves.iter().copied();
    while let Some(byte) = bytes.next() {
        let action = match byte % 4 {
            0 => Action::Hint,
            1 => match game.hint_set() {
                Some(slots) => Action::Claim(slots),
                None => Action::Hint,
            },
            _ => {
                let mut slot = || usize::from(bytes.next().unwrap_or(byte)) % 24;
                Action::Claim([slot(), slot(), slot()])
            }
        };
        let before = game.clone();
        if game.apply(action).is_err() {
            assert_eq!(game, before, "a refused {action:?} changed the game");
        }
        if let Err(problem) = game.audit() {
            panic!("after {action:?}: {problem}");
        }
    }
    assert_eq!(Game::replay(game.seed(), game.actions()).as_ref(), Ok(&game));
});
