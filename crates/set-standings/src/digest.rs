//! SHA-256 for the room page's check of a finished game's deal (the page's
//! `deal`), in this later part so that the room page's first load carries
//! none of it. Compiled in rather than `crypto.subtle`, which exists only in
//! secure contexts: a room played over plain http on a home network is
//! checked too.

use sha2::{Digest, Sha256};
use wasm_bindgen::prelude::*;

/// The SHA-256 of a text, in lowercase hex.
#[wasm_bindgen]
pub fn sha256_hex(text: &str) -> String {
    set_core::text::hex(&Sha256::digest(text.as_bytes()))
}
