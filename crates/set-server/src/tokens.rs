//! The tokens that say who a player is, signed with the server's keys.
//!
//! A token is `v2.<key id>.<player id>.<issued, Unix ms>.<tag>`, the tag
//! HMAC-SHA256 of everything before it under key `<key id>`, in hex. The
//! page keeps it in localStorage and sends it in its first message (never
//! in a URL, where it would be logged, nor in a cookie, which would let
//! another site's page use it).
//!
//! - **Keys have ids.** The newest key signs; the older ones still verify
//!   for [`KEY_OVERLAP`] after the next was made, so that an operator
//!   rotates the key (`set-server admin rotate-key`) without turning every
//!   player into a new one; each welcome gives a token of the newest key.
//! - **Tokens carry when they were issued.** A player who signs out every
//!   other browser (`sign_out_elsewhere`) makes every token issued before
//!   that moment worthless: those browsers are refused (4001) and start
//!   afresh, while the browser that asked is given a new token at once.
//! - A `v1.<player>.<tag>` token of the first release is read as one of key
//!   1, issued at 0: it verifies while key 1 does, and the next welcome
//!   replaces it.

use hmac::{Hmac, Mac};
use set_core::text::hex;
use sha2::Sha256;
use std::sync::RwLock;

type HmacSha256 = Hmac<Sha256>;

/// How long a key still verifies after the next one was made: a browser
/// away for longer comes back as a new player.
pub(crate) const KEY_OVERLAP_MS: i64 = 90 * 24 * 3_600_000;

/// A signing key and its id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    pub id: u32,
    pub secret: Vec<u8>,
}

/// A key as the database keeps it: its id, its secret and when it was made (Unix ms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptKey {
    pub id: u32,
    pub secret: Vec<u8>,
    pub made_at: i64,
}

/// Who a verified token names, and when it was issued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub player: String,
    /// Unix ms; 0 for a first release's token.
    pub issued_ms: i64,
}

/// The keys in use: the last signs, every one verifies.
pub struct Signer {
    keys: RwLock<Vec<Key>>,
}

impl Signer {
    /// A signer of `keys` (the newest last; at least one).
    pub fn new(keys: Vec<Key>) -> Signer {
        Signer { keys: RwLock::new(keys) }
    }

    /// The keys from now on (read again from the database after a rotation).
    pub fn replace(&self, keys: Vec<Key>) {
        if let (false, Ok(mut held)) = (keys.is_empty(), self.keys.write()) {
            *held = keys;
        }
    }

    fn mac(secret: &[u8], signed: &str) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes a key of any length");
        mac.update(signed.as_bytes());
        mac
    }

    /// A token for `player`, issued at `issued_ms`, under the newest key.
    pub fn token(&self, player: &str, issued_ms: i64) -> String {
        let Ok(keys) = self.keys.read() else { return String::new() };
        let Some(key) = keys.last() else { return String::new() };
        let signed = format!("v2.{}.{player}.{issued_ms}", key.id);
        let tag = hex(&Self::mac(&key.secret, &signed).finalize().into_bytes());
        format!("{signed}.{tag}")
    }

    /// Who a token names and when it was issued, if one of the keys signed it.
    pub fn verify(&self, token: &str) -> Option<Verified> {
        let (signed, tag) = token.rsplit_once('.')?;
        let parts: Vec<&str> = signed.split('.').collect();
        let (key_id, player, issued_ms, signed) = match parts.as_slice() {
            ["v2", id, player, issued] => (id.parse().ok()?, *player, issued.parse().ok()?, signed.to_owned()),
            ["v1", player] => (1, *player, 0, format!("v1.{player}")),
            _ => return None,
        };
        if !crate::ids::is_player_id(player) || issued_ms < 0 {
            return None;
        }
        let tag: Vec<u8> = (0..tag.len())
            .step_by(2)
            .map(|i| tag.get(i..i + 2).and_then(|pair| u8::from_str_radix(pair, 16).ok()))
            .collect::<Option<_>>()?;
        let keys = self.keys.read().ok()?;
        let key = keys.iter().find(|key| key.id == key_id)?;
        // Constant time, so the tag cannot be found byte by byte.
        Self::mac(&key.secret, &signed).verify_slice(&tag).ok()?;
        Some(Verified { player: player.to_owned(), issued_ms })
    }
}

/// The keys that verify at `now_ms` out of those kept (oldest first): each
/// until [`KEY_OVERLAP_MS`] after the next was made.
pub(crate) fn in_use(kept: Vec<KeptKey>, now_ms: i64) -> Vec<Key> {
    let next_made: Vec<Option<i64>> = (0..kept.len()).map(|i| kept.get(i + 1).map(|k| k.made_at)).collect();
    kept.into_iter()
        .zip(next_made)
        .filter(|(_, next)| next.is_none_or(|made| now_ms - made < KEY_OVERLAP_MS))
        .map(|(kept, _)| Key { id: kept.id, secret: kept.secret })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::ids::new_player_id;

    fn key(id: u32, secret: &[u8]) -> Key {
        Key { id, secret: secret.to_vec() }
    }

    #[test]
    fn tokens_verify_and_any_change_is_refused() {
        let signer = Signer::new(vec![key(1, b"a key")]);
        let player = new_player_id();
        let token = signer.token(&player, 1_700_000_000_000);
        assert_eq!(signer.verify(&token), Some(Verified { player: player.clone(), issued_ms: 1_700_000_000_000 }));
        let mut tampered = token.clone().into_bytes();
        let last = tampered.len() - 1;
        tampered[last] = if tampered[last] == b'0' { b'1' } else { b'0' };
        assert_eq!(signer.verify(std::str::from_utf8(&tampered).unwrap()), None);
        let other = new_player_id();
        assert_eq!(signer.verify(&token.replace(&player, &other)), None, "a token names its own player only");
        assert_eq!(signer.verify(&token.replace("1700000000000", "1800000000000")), None, "and its own time");
        assert_eq!(Signer::new(vec![key(1, b"another key")]).verify(&token), None);
        for junk in ["", "v1", "v1..", "v2.x.y", &format!("{token}.x"), "v1.ZZ.00", "v2.1.p.-5.00"] {
            assert_eq!(signer.verify(junk), None, "{junk}");
        }
    }

    #[test]
    fn a_first_release_token_verifies_under_key_one_as_issued_at_zero() {
        // As the first release signed: HMAC(key, "v1." + player).
        let player = "0123456789abcdef0123456789abcdef";
        let tag = hex(&Signer::mac(b"old key", &format!("v1.{player}")).finalize().into_bytes());
        let old = format!("v1.{player}.{tag}");
        let signer = Signer::new(vec![key(1, b"old key"), key(2, b"new key")]);
        assert_eq!(signer.verify(&old), Some(Verified { player: player.into(), issued_ms: 0 }));
        assert!(signer.token(player, 5).starts_with("v2.2."), "the newest key signs");
    }

    #[test]
    fn a_rotation_keeps_old_tokens_for_the_overlap_then_not() {
        let day = 24 * 3_600_000;
        let kept = vec![
            KeptKey { id: 1, secret: b"first".to_vec(), made_at: 0 },
            KeptKey { id: 2, secret: b"second".to_vec(), made_at: 10 * day },
        ];
        let old = Signer::new(vec![key(1, b"first")]).token(&new_player_id(), 1);
        let soon = Signer::new(in_use(kept.clone(), 10 * day + KEY_OVERLAP_MS - 1));
        assert!(soon.verify(&old).is_some(), "within the overlap");
        let later = Signer::new(in_use(kept, 10 * day + KEY_OVERLAP_MS));
        assert!(later.verify(&old).is_none(), "past it");
        assert!(later.token("0123456789abcdef0123456789abcdef", 1).starts_with("v2.2."));
    }
}
