//! index.html's page: the game alone, which the `solo` feature (on by
//! default) adds: its entry, hosting a `Session`. race.html's build leaves
//! it out, so that its download holds no controller but the race's.

use crate::start::{mount_hosting, start_hosting};
use set_client::play::session::Session;
use wasm_bindgen::prelude::*;

/// index.html's entry: the crash screen, then the game alone.
#[wasm_bindgen]
pub fn start() -> Result<(), JsValue> {
    start_hosting::<Session>()
}

/// The game alone on this page, without the crash screen: see
/// `start::mount_hosting` (the wasm tests mount the page this way).
pub fn mount() -> Result<(), JsValue> {
    mount_hosting::<Session>()
}
