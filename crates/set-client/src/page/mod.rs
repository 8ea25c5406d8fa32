//! The page's model, as plain values: where the cards lie and which one a
//! point hits ([`layout`]), which key does what ([`keyboard`]), what the
//! page's address asks for ([`options`]), and the player's [`settings`].
pub mod keyboard;
pub mod layout;
pub mod options;
pub mod settings;
