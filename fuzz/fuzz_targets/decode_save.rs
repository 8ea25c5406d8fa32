//! Any text handed to the saved-game decoder: it must never panic, and what
//! it accepts must be a sound game that saves back to an equal game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use set_core::save::{decode, encode};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(saved) = decode(text) {
        if let Err(problem) = saved.game.audit() {
            panic!("a decoded save is unsound: {problem}");
        }
        assert_eq!(decode(&encode(&saved.game, saved.elapsed_ms)), Ok(saved));
    }
});
