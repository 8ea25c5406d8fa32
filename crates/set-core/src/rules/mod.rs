//! What SET is: the cards, the set rule, finding claims, the seeded shuffle,
//! the ways to play ([`variant`]), the daily board, why a claim is not valid,
//! and the rules of a game. No clock, no browser, no randomness but a seed.

pub mod card;
pub mod claim_rule;
pub mod daily;
pub mod deck;
pub mod explain;
pub mod finder;
pub mod game;
pub mod hands;
/// Test-only: what every game state must satisfy.
#[cfg(any(test, feature = "test-support"))]
pub mod invariants;
pub mod rng;
pub mod variant;
pub mod way_numbers;
