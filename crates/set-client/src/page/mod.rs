//! The page's model, as plain values: where the cards lie and which one a
//! point hits ([`layout`]), how they move between tables ([`motion`]), which
//! key does what ([`keyboard`]), what the page's address asks for
//! ([`options`]), the player's [`settings`], and the sounds ([`sound`]).
pub mod flights;
pub mod keyboard;
pub mod layout;
pub mod motion;
pub mod options;
pub mod palette;
pub mod settings;
pub mod sound;
