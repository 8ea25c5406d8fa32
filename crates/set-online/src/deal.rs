//! The end of a room's game, checked by the player's own page: the server
//! published SHA-256 of `room:seed:salt` when the room was made, and reveals
//! the seed and salt when the game is over. Hashing them again here shows
//! whether the cards were fixed before the first was dealt, without taking
//! the server's word for it.

use set_client::remote::Remote;
use set_core::online::room::commitment_text;
use sha2::{Digest, Sha256};

/// Whether the revealed deal hashes to the room's commitment; `None` until
/// the seed and salt are revealed.
pub fn matches(remote: &Remote) -> Option<bool> {
    let (seed, salt) = (remote.seed.as_deref()?, remote.salt.as_deref()?);
    let digest = Sha256::digest(commitment_text(&remote.room, seed, salt).as_bytes());
    let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    Some(hex == remote.commitment)
}
