//! The pages' sounds (`set_client::page::sound`) and vibrations: the
//! bridge that index.html, race.html and online.html hold to the sound
//! part, www/sound.js, which every page fetches once it has started and
//! puts in `window.soundPart` (no sound can play before the player's first
//! gesture anyway, so it never waits in the first load). The bridge knows
//! whether the player has made a gesture and whether the page is hidden,
//! and hands the part each cue's tones, defined once in the client crate.
//! A cue before the part is in is not heard; a failure of Web Audio is
//! silence, never an error the game sees.

#![warn(missing_docs)]
#![cfg(target_arch = "wasm32")]

use set_client::page::sound::Cue;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The part's `play(tones, gain, vibration)`.
    #[wasm_bindgen(catch, js_namespace = soundPart, js_name = play)]
    fn part_play(tones: &[f64], gain: f64, vibration: &[u32]) -> Result<(), JsValue>;
    /// The part's `hidden(yes)`.
    #[wasm_bindgen(catch, js_namespace = soundPart, js_name = hidden)]
    fn part_hidden(hidden: bool) -> Result<(), JsValue>;
}

/// A page's way to the sound part.
#[derive(Default)]
pub struct Speaker {
    /// The player has touched, clicked or typed: sound may start.
    heard_gesture: bool,
    hidden: bool,
}

impl Speaker {
    /// The player made a gesture: from now on a cue may start sound.
    pub fn gesture(&mut self) {
        self.heard_gesture = true;
    }

    /// Sounds a cue at `loudness` (0 to 1, `Settings::loudness`), and
    /// vibrates for it if `vibrate` and it has a vibration. Nothing before a
    /// gesture or while the page is hidden.
    pub fn play(&self, cue: Cue, loudness: f64, vibrate: bool) {
        let vibration = cue.vibration().filter(|_| vibrate).unwrap_or(&[]);
        if !self.heard_gesture || self.hidden || (loudness <= 0.0 && vibration.is_empty()) {
            return;
        }
        // Loudness is heard roughly as the square of the gain. Not in yet: not heard.
        let _ = part_play(cue.table(), loudness * loudness, vibration);
    }

    /// The page was hidden (sound stops) or shown again.
    pub fn set_hidden(&mut self, hidden: bool) {
        self.hidden = hidden;
        let _ = part_hidden(hidden);
    }
}
