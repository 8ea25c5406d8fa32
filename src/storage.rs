//! The game's place in the browser's localStorage: the saved game under one
//! key, and saves that could not be restored, each set aside under a key of
//! its own with the time and the reason, never deleted by the game.
//!
//! Storage can be missing, disabled, full or throwing on every call; each of
//! those is an error message here, never a panic, and the game plays on.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Storage, Window};

pub(crate) use set_client::storage::{SET_ASIDE_PREFIX, SETTINGS_KEY};

/// The release this browser last ran (its wasm's address), so that a new
/// one is told once.
pub(crate) const RELEASE_KEY: &str = "set-game/release";
const PROBE_KEY: &str = "set-game/probe";

pub(crate) struct SaveSlot {
    storage: Storage,
    /// Where this page keeps its game (the page's own: `crate::app::SAVE_KEY`).
    save_key: &'static str,
}

/// A save that could not be restored: kept in storage and offered for download.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SetAside {
    /// The text exactly as it was stored.
    pub text: String,
    /// When it was found, as an ISO 8601 time.
    pub at: String,
    pub reason: String,
}

impl SetAside {
    pub(crate) fn new(text: String, reason: String) -> SetAside {
        SetAside { text, at: js_sys::Date::new_0().to_iso_string().into(), reason }
    }

    /// A `data:` address that downloads the text as it was stored.
    pub(crate) fn download_href(&self) -> String {
        format!("data:text/plain;charset=utf-8,{}", js_sys::encode_uri_component(&self.text))
    }

    pub(crate) fn file_name(&self) -> String {
        format!("set-save-{}.txt", self.at.replace(':', "-"))
    }
}

/// A thrown JavaScript value in words: an Error's message, or the value
/// itself, without a closing full stop (the notices add their own).
fn reason(error: JsValue) -> String {
    let text = match error.dyn_ref::<js_sys::Error>() {
        Some(error) => String::from(error.message()),
        None => error.as_string().unwrap_or_else(|| "the browser refused".to_owned()),
    };
    text.strip_suffix('.').unwrap_or(&text).to_owned()
}

impl SaveSlot {
    /// localStorage, checked by writing to it: some browsers hand out a
    /// storage that throws on every write (private modes, a full quota).
    pub(crate) fn open(window: &Window, save_key: &'static str) -> Result<SaveSlot, String> {
        let storage = window.local_storage().map_err(reason)?.ok_or("this browser offers no storage")?;
        storage.set_item(PROBE_KEY, "1").map_err(reason)?;
        storage.remove_item(PROBE_KEY).map_err(reason)?;
        Ok(SaveSlot { storage, save_key })
    }

    pub(crate) fn read(&self) -> Result<Option<String>, String> {
        self.storage.get_item(self.save_key).map_err(reason)
    }

    pub(crate) fn write(&self, text: &str) -> Result<(), String> {
        self.write_at(self.save_key, text)
    }

    /// What a key holds; nothing when it is empty or storage refuses.
    pub(crate) fn read_at(&self, key: &str) -> Option<String> {
        self.storage.get_item(key).ok().flatten()
    }

    pub(crate) fn write_at(&self, key: &str, text: &str) -> Result<(), String> {
        self.storage.set_item(key, text).map_err(reason)
    }

    /// Keeps a save under a key of its own, as JSON `{ at, reason, save }`.
    /// The saved game's key may only be written over once this has succeeded.
    pub(crate) fn set_aside(&self, aside: &SetAside) -> Result<(), String> {
        let record = js_sys::Object::new();
        for (name, value) in [("at", &aside.at), ("reason", &aside.reason), ("save", &aside.text)] {
            js_sys::Reflect::set(&record, &name.into(), &value.into()).map_err(reason)?;
        }
        let json = js_sys::JSON::stringify(&record).map_err(reason)?;
        self.storage.set_item(&format!("{SET_ASIDE_PREFIX}{}", aside.at), &String::from(json)).map_err(reason)
    }
}
