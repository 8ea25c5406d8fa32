//! The short animations after a claim: the found cards shrink and fade
//! where they lay, the wrongly claimed ones shake red.

use set_client::page::layout::Rect;
use set_core::rules::card::Card;

/// How long the found and wrong effects play, in milliseconds.
const FOUND_MS: f64 = 450.0;
const WRONG_MS: f64 = 600.0;

/// A short animation over the board after a claim.
#[derive(Clone, Copy, Debug)]
pub(super) enum Effect {
    /// The claimed cards shrink and fade out where they lay.
    Found { cards: [Card; 4], rects: [Rect; 4], len: usize, started: f64 },
    /// The wrongly claimed cards shake and glow red.
    Wrong { cards: [Card; 4], len: usize, started: f64 },
}

impl Effect {
    pub(super) fn progress(&self, now: f64) -> f64 {
        let (started, length) = match *self {
            Effect::Found { started, .. } => (started, FOUND_MS),
            Effect::Wrong { started, .. } => (started, WRONG_MS),
        };
        ((now - started) / length).clamp(0.0, 1.0)
    }
}
