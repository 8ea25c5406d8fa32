//! A wrong claim's shake: the claimed cards shake and glow red where they
//! lie. (A set taken moves: see [`super::motion`].)

use set_core::rules::card::Card;

/// How long the shake plays, in milliseconds.
const WRONG_MS: f64 = 600.0;

/// A short animation over the board after a claim.
#[derive(Clone, Copy, Debug)]
pub(super) enum Effect {
    /// The wrongly claimed cards shake and glow red.
    Wrong { cards: [Card; 4], len: usize, started: f64 },
}

impl Effect {
    pub(super) fn progress(&self, now: f64) -> f64 {
        let Effect::Wrong { started, .. } = *self;
        ((now - started) / WRONG_MS).clamp(0.0, 1.0)
    }
}
