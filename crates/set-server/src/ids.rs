//! Random player and room ids, and the commitment to a room's seed (the
//! tokens that say who a player is: `crate::tokens`).

use set_core::text::hex;
use sha2::{Digest, Sha256};

/// Crockford's base32: no I, L, O or U, so a room id read aloud is unambiguous.
const ROOM_ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// 10 characters of 5 bits: 50 random bits, unguessable at any rate the server answers.
pub(crate) const ROOM_ID_CHARS: usize = 10;

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // Without the system's randomness no id or seed would be safe: stop.
    getrandom::fill(&mut bytes).expect("the system's random number source failed");
    bytes
}

pub(crate) fn new_room_id() -> String {
    // Each byte masked to 0..32 picks one of the alphabet's 32 characters.
    random_bytes::<ROOM_ID_CHARS>()
        .iter()
        .filter_map(|b| ROOM_ALPHABET.get(usize::from(b & 31)))
        .map(|&b| char::from(b))
        .collect()
}

/// A code that moves an identity to another browser: 10 characters of
/// the same alphabet, as unguessable as a room id.
pub(crate) fn new_transfer_code() -> String {
    new_room_id()
}

/// Whether a text has the shape of a room id (checked before any lookup).
pub(crate) fn is_room_id(text: &str) -> bool {
    text.len() == ROOM_ID_CHARS && text.bytes().all(|b| ROOM_ALPHABET.contains(&b))
}

/// 128 random bits.
pub(crate) fn new_player_id() -> String {
    hex(&random_bytes::<16>())
}

/// A node's name as `--node` takes it (and as the bus checks a frame's sender).
pub(crate) fn node_name(name: &str) -> Result<String, String> {
    let fits =
        (1..=32).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fits { Ok(name.to_owned()) } else { Err("1 to 32 letters, digits, '-' or '_'".to_owned()) }
}

/// Whether `text` has a player id's shape: 32 lowercase hex digits.
pub(crate) fn is_player_id(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A random number (to pick a friendly name with).
pub(crate) fn random_u64() -> u64 {
    u64::from_le_bytes(random_bytes::<8>())
}

pub(crate) fn new_salt() -> String {
    hex(&random_bytes::<16>())
}

/// A deal's seed, in the range the page's addresses and saves accept.
pub(crate) fn new_seed() -> u64 {
    u64::from_le_bytes(random_bytes::<8>()) % (set_core::rules::game::MAX_SEED + 1)
}

/// SHA-256 over `room:seed:salt`, published when the game starts; the seed
/// and salt are revealed when it is over, so anyone can check the deal.
pub(crate) fn commitment(room: &str, seed: u64, salt: &str) -> String {
    hex(&Sha256::digest(set_core::online::room::commitment_text(room, seed, salt).as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_ids_are_ten_unambiguous_characters() {
        let id = new_room_id();
        assert!(is_room_id(&id) && id.len() == 10, "{id}");
        assert_ne!(new_room_id(), id);
        assert!(!is_room_id("ILOU012345") && !is_room_id("../../etc") && !is_room_id("abc"));
    }

    #[test]
    fn the_commitment_is_sha256_of_room_seed_and_salt() {
        // Checked against `printf 'abc:42:00ff' | sha256sum`.
        assert_eq!(commitment("abc", 42, "00ff"), "8abbb459d0ebe435ee1ec122d9b9078edf22d46cd189bae82b07ce18c5598a08");
    }
}
