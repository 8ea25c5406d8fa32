//! The end of a room's game, checked by the player's own page: the server
//! published SHA-256 of `room:seed:salt` when the room was made, and reveals
//! the seed and salt when the game is over. Hashing them again here shows
//! whether the cards were fixed before the first was dealt, without taking
//! the server's word for it.

use set_client::remote::Remote;
use set_core::online::room::commitment_text;
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// Whether the revealed deal hashes to the room's commitment; `None` until
/// the seed and salt are revealed.
pub(crate) fn matches(remote: &Remote) -> Option<bool> {
    let (seed, salt) = (remote.seed.as_deref()?, remote.salt.as_deref()?);
    let digest = Sha256::digest(commitment_text(&remote.room, seed, salt).as_bytes());
    let hex = digest.iter().fold(String::with_capacity(64), |mut hex, byte| {
        // Writing to a String cannot fail.
        let _ = write!(hex, "{byte:02x}");
        hex
    });
    Some(hex == remote.commitment)
}
