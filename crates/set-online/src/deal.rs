//! The end of a room's game, checked by the player's own page: the server
//! published SHA-256 of `room:seed:salt` when the room was made, and reveals
//! the seed and salt when the game is over. Hashing them again here shows
//! whether the cards were fixed before the first was dealt, without taking
//! the server's word for it.
//!
//! The hashing itself is the later part's (`digest`, in
//! crates/set-standings, which the page fetches right after its first board), so that
//! SHA-256 is no part of the room page's first load (BENCHMARKS.md,
//! decisions); the page asks it through `window.wasmBindings.sha256_hex`
//! once the part has set it.

use js_sys::{Function, Reflect};
use set_client::remote::Remote;
use set_core::online::room::commitment_text;
use wasm_bindgen::{JsCast, JsValue};

/// Whether the revealed deal hashes to the room's commitment; `None` until
/// the seed and salt are revealed, and while the part that hashes has not
/// come yet.
pub(crate) fn matches(remote: &Remote) -> Option<bool> {
    let (seed, salt) = (remote.seed.as_deref()?, remote.salt.as_deref()?);
    let bindings = Reflect::get(&crate::dom::window(), &"wasmBindings".into()).ok()?;
    let hash: Function = Reflect::get(&bindings, &"sha256_hex".into()).ok()?.dyn_into().ok()?;
    let text = JsValue::from_str(&commitment_text(&remote.room, seed, salt));
    let hex = hash.call1(&JsValue::NULL, &text).ok()?.as_string()?;
    Some(hex == remote.commitment)
}
