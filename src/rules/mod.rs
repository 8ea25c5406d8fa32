//! What SET is: the cards, the set rule, finding sets, the seeded shuffle and
//! the rules of a game. No clock, no browser, no randomness but a seed.

pub mod card;
pub mod finder;
pub mod game;
pub mod rng;
