//! The saved game's place in the browser: one localStorage entry.
//!
//! Storage can be missing, disabled, full or throwing on every call; each of
//! those is an error message here, never a panic, and the game plays on.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Storage, Window};

/// Where the game is kept. The text format is `crate::save`'s.
pub const SAVE_KEY: &str = "set-game/save";
const PROBE_KEY: &str = "set-game/probe";

pub struct SaveSlot {
    storage: Storage,
}

/// A thrown JavaScript value in words: an Error's message, or the value itself.
fn reason(error: JsValue) -> String {
    match error.dyn_ref::<js_sys::Error>() {
        Some(error) => String::from(error.message()),
        None => error.as_string().unwrap_or_else(|| "the browser refused".to_owned()),
    }
}

impl SaveSlot {
    /// localStorage, checked by writing to it: some browsers hand out a
    /// storage that throws on every write (private modes, a full quota).
    pub fn open(window: &Window) -> Result<SaveSlot, String> {
        let storage = window.local_storage().map_err(reason)?.ok_or("this browser offers no storage")?;
        storage.set_item(PROBE_KEY, "1").map_err(reason)?;
        storage.remove_item(PROBE_KEY).map_err(reason)?;
        Ok(SaveSlot { storage })
    }

    pub fn read(&self) -> Result<Option<String>, String> {
        self.storage.get_item(SAVE_KEY).map_err(reason)
    }

    pub fn write(&self, text: &str) -> Result<(), String> {
        self.storage.set_item(SAVE_KEY, text).map_err(reason)
    }
}
