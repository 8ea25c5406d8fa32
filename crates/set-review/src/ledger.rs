//! The record of games in the browser's storage, under its own versioned
//! key, and the page's inbox folded into it. Nothing is lost:
//! - an unreadable record is set aside under its own key (as an unreadable
//!   save is) before a fresh one is started; if storage will not keep the
//!   copy, the record is left as it is and nothing is written over it;
//! - a newer version's record is never written over;
//! - the inbox is emptied only once the record that took it in is written,
//!   and a refused write is said, as the saved game's is;
//! - the record is read again just before every write and merged, so two
//!   tabs that each finish a game keep both.

use set_client::review::record::{DrillRun, Record, RecordError};
use set_client::storage::{INBOX_KEY, RECORD_KEY, SET_ASIDE_PREFIX};
use web_sys::Storage;

/// Whether the record may be written, and if not, why.
#[derive(Clone, Debug, PartialEq)]
enum Keeping {
    Writing,
    /// The last write failed (why); the next change tries again.
    Refused(String),
    /// The stored record must stay as it is (why).
    Guarding(String),
    NoStorage(String),
}

pub(crate) struct Ledger {
    storage: Option<Storage>,
    record: Record,
    keeping: Keeping,
    /// Said once, when the record was set aside.
    set_aside: Option<String>,
    /// The start of the stored inbox that the record here has taken in but
    /// that is not yet written: taken in only once, and removed from the
    /// inbox only once the record holding it is written.
    taken: String,
}

fn reason(error: wasm_bindgen::JsValue) -> String {
    js_sys::Reflect::get(&error, &"message".into())
        .ok()
        .and_then(|message| message.as_string())
        .unwrap_or_else(|| "the browser refused".to_owned())
}

/// Now, as the set-aside keys name their time (`2026-11-24T07:00:00.000Z`).
fn now_iso() -> String {
    js_sys::Date::new_0().to_iso_string().as_string().unwrap_or_default()
}

impl Ledger {
    /// The record as storage holds it (see the module documentation).
    pub(crate) fn open() -> Ledger {
        let (storage, keeping) = match web_sys::window().map(|w| w.local_storage()) {
            Some(Ok(Some(storage))) => (Some(storage), Keeping::Writing),
            Some(Err(error)) => (None, Keeping::NoStorage(reason(error))),
            _ => (None, Keeping::NoStorage("the browser gives no storage".to_owned())),
        };
        let mut ledger = Ledger { storage, record: Record::default(), keeping, set_aside: None, taken: String::new() };
        match ledger.read() {
            Ok(record) => ledger.record = record,
            Err(RecordError::Newer { major }) => {
                ledger.keeping = Keeping::Guarding(format!(
                    "your statistics were kept by a newer version of SET (format {major}); they are left as they are"
                ));
            }
            Err(error) => ledger.set_aside(error),
        }
        ledger
    }

    fn get(&self, key: &str) -> Option<String> {
        self.storage.as_ref()?.get_item(key).ok()?
    }

    fn put(&self, key: &str, text: &str) -> Result<(), String> {
        let storage = self.storage.as_ref().ok_or("the browser gives no storage")?;
        storage.set_item(key, text).map_err(reason)
    }

    fn read(&self) -> Result<Record, RecordError> {
        self.get(RECORD_KEY).map_or(Ok(Record::default()), |text| Record::decode(&text))
    }

    /// Keeps an unreadable record aside, as `{ at, reason, stats }`, then
    /// starts afresh; or, if storage will not keep it, guards it.
    fn set_aside(&mut self, error: RecordError) {
        let Some(text) = self.get(RECORD_KEY) else { return };
        let at = now_iso();
        let object = js_sys::Object::new();
        for (name, value) in [("at", at.as_str()), ("reason", &error.to_string()), ("stats", &text)] {
            let _ = js_sys::Reflect::set(&object, &name.into(), &value.into());
        }
        let json = js_sys::JSON::stringify(&object).ok().and_then(|json| json.as_string()).unwrap_or_default();
        match self.put(&format!("{SET_ASIDE_PREFIX}stats-{at}"), &json) {
            Ok(()) => {
                self.set_aside = Some(format!(
                    "Your statistics could not be read ({error}). They are kept aside in this browser, and new ones were started."
                ));
                let _ = self.storage.as_ref().map(|s| s.remove_item(RECORD_KEY));
            }
            Err(why) => {
                self.keeping = Keeping::Guarding(format!(
                    "your statistics could not be read ({error}) nor kept aside ({why}), so nothing is written over them"
                ));
            }
        }
    }

    pub(crate) fn record(&self) -> &Record {
        &self.record
    }

    /// What the statistics view says about storage, if anything.
    pub(crate) fn notice(&self) -> Option<String> {
        let keeping = match &self.keeping {
            Keeping::Writing => None,
            Keeping::Refused(why) | Keeping::NoStorage(why) => {
                Some(format!("Your statistics are not being saved: {why}."))
            }
            Keeping::Guarding(why) => Some(format!("Your statistics are not saved here: {why}.")),
        };
        match (&self.set_aside, keeping) {
            (Some(aside), Some(keeping)) => Some(format!("{aside} {keeping}")),
            (aside, keeping) => aside.clone().or(keeping),
        }
    }

    /// Catches up with what another tab wrote to the record, then takes in
    /// what the page added to its inbox since, and writes the record.
    pub(crate) fn fold(&mut self) {
        if let (Keeping::Writing | Keeping::Refused(_), Ok(stored)) = (&self.keeping, self.read()) {
            self.record.merge(&stored);
        }
        let Some(inbox) = self.get(INBOX_KEY) else { return };
        let new = inbox.strip_prefix(self.taken.as_str()).unwrap_or(&inbox);
        if new.is_empty() {
            return;
        }
        let mut record = self.record.clone();
        if let Err(error) = record.take_inbox(new) {
            // An inbox entry that cannot be read is kept aside, not dropped.
            if self.put(&format!("{SET_ASIDE_PREFIX}stats-inbox-{}", now_iso()), &inbox).is_ok() {
                let _ = self.storage.as_ref().map(|s| s.remove_item(INBOX_KEY));
                self.taken.clear();
            }
            self.set_aside = Some(format!(
                "Some finished games could not be counted ({error}); they are kept aside in this browser."
            ));
            return;
        }
        self.record = record;
        self.taken = inbox;
        self.write();
    }

    /// Merges an imported record in; what to say of it.
    pub(crate) fn merge(&mut self, other: &Record) -> String {
        let before = self.record.history().len();
        self.record.merge(other);
        let added = self.record.history().len().saturating_sub(before);
        let saved = if self.write() { "" } else { " They are not saved in this browser." };
        format!("Imported: {added} new games.{saved}")
    }

    pub(crate) fn add_drill(&mut self, run: DrillRun) {
        self.record.add_drill(run);
        self.write();
    }

    /// Removes from the stored inbox what the written record holds; what the
    /// page appended since stays for the next time.
    fn clear_taken(&mut self) {
        if self.taken.is_empty() {
            return;
        }
        let rest = self.get(INBOX_KEY).and_then(|inbox| inbox.strip_prefix(self.taken.as_str()).map(str::to_owned));
        // An inbox that no longer starts with it was emptied by another tab
        // meanwhile: what it holds now is not this tab's to clear.
        if let (Some(storage), Some(rest)) = (&self.storage, rest) {
            let _ = if rest.is_empty() { storage.remove_item(INBOX_KEY) } else { storage.set_item(INBOX_KEY, &rest) };
        }
        self.taken.clear();
    }

    /// Writes the record, merged with whatever another tab wrote since;
    /// whether it was written.
    fn write(&mut self) -> bool {
        if matches!(self.keeping, Keeping::Guarding(_) | Keeping::NoStorage(_)) {
            return false;
        }
        match self.read() {
            Ok(stored) => self.record.merge(&stored),
            Err(RecordError::Newer { major }) => {
                self.keeping = Keeping::Guarding(format!("another tab runs a newer SET (statistics format {major})"));
                return false;
            }
            // Written over only once it is kept aside.
            Err(error) => {
                self.set_aside(error);
                if matches!(self.keeping, Keeping::Guarding(_)) {
                    return false;
                }
            }
        }
        match self.put(RECORD_KEY, &self.record.encode()) {
            Ok(()) => {
                self.keeping = Keeping::Writing;
                self.clear_taken();
                true
            }
            Err(why) => {
                self.keeping = Keeping::Refused(why);
                false
            }
        }
    }
}
