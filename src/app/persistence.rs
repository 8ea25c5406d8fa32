//! Whether the game is written to storage, and if not, why; the one save
//! after an input; the settings' own key; the record's inbox (games started
//! and finished, which the part that keeps the statistics takes in); and
//! following a game another tab saved. A save that must stay as it is (a newer version's, or an
//! unreadable one that could not be kept aside) is never written over.

use super::host::NotTaken;
use super::host::{Host, Hosted};
use super::{App, Changes};
use crate::storage::{SETTINGS_KEY, SaveSlot};
use set_client::page::settings::Settings;
use set_client::play::session::Adopted;
use set_client::play::table::Table;
use set_client::review::record::{INBOX_FINISHED, INBOX_STARTED};
use set_client::storage::INBOX_KEY;

/// Whether the game is written to storage, and if not, why.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Persistence {
    /// Written after every change.
    Saving,
    /// The browser refused the last write (a full quota, say); every change
    /// tries again, and a write that succeeds ends this.
    Refused(String),
    /// The browser gives no storage at all.
    NoStorage(String),
    /// Storage holds a save this page must never write over.
    Guarding(Guarded),
}

/// A save that stays as it is, and so the game is not saved.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Guarded {
    /// Written by a newer version of the game; the text says which.
    NewerSave(String),
    /// Unreadable, and storage refused to keep a copy aside (why).
    BadSaveNotKept(String),
}

impl<T: Hosted> App<T> {
    /// A game was dealt: the record counts it as started.
    pub(crate) fn note_started(&mut self) {
        self.inbox.push_str(INBOX_STARTED);
        self.inbox.push_str(self.play().game().variant().name());
        self.inbox.push('\n');
    }

    /// The game just finished: the record keeps it, as its save text.
    pub(super) fn note_finished(&mut self, now: f64) {
        let entry = format!("{INBOX_FINISHED}{}\n{}", js_sys::Date::now() as u64, Table::save_text(&self.table, now));
        self.inbox.push_str(&entry);
    }

    /// Appends the entries noted since the last write to the inbox key. A
    /// refused write is said as the game's is, and tried again with the next
    /// save; nothing noted is dropped.
    pub(super) fn write_inbox(&mut self) {
        let Some(slot) = &self.save_slot else { return };
        if self.inbox.is_empty() {
            return;
        }
        let stored = slot.read_at(INBOX_KEY).unwrap_or_default();
        match slot.write_at(INBOX_KEY, &(stored + &self.inbox)) {
            Ok(()) => self.inbox.clear(),
            Err(why) if matches!(self.persistence, Persistence::Saving) => self.persistence = Persistence::Refused(why),
            Err(_) => {}
        }
    }

    /// What the notice says of storage, if anything is amiss.
    pub(super) fn storage_notice(&self) -> Option<String> {
        match &self.persistence {
            Persistence::Saving => None,
            Persistence::Refused(reason) | Persistence::NoStorage(reason) => {
                Some(format!("This game will not be saved: {reason}."))
            }
            Persistence::Guarding(Guarded::NewerSave(why)) => Some(format!(
                "Your saved game is not opened here: {why}. It is kept as it is, and this game will not be saved over it; reload to get the newer version."
            )),
            Persistence::Guarding(Guarded::BadSaveNotKept(why)) => {
                Some(format!("It could not be kept aside ({why}), so this game will not be saved over it."))
            }
        }
    }

    /// From now on the game is saved to `slot` (unless `guarding`, when
    /// storage holds a save that must stay as it is); `Err` says why there
    /// is no storage. `stored` is what the slot held at start-up. The first
    /// save happens at `Input::Start`.
    pub(crate) fn use_storage(
        &mut self,
        slot: Result<SaveSlot, String>,
        guarding: Option<Guarded>,
        stored: Option<String>,
    ) {
        self.last_stored = stored;
        self.persistence = match (&slot, guarding) {
            (Err(reason), _) => Persistence::NoStorage(reason.clone()),
            (Ok(_), Some(guarded)) => Persistence::Guarding(guarded),
            (Ok(_), None) => Persistence::Saving,
        };
        self.save_slot = slot.ok();
    }

    /// Writes the game to storage while that is allowed. A failure is shown,
    /// never raised: the game plays on unsaved, and the next change tries again.
    pub(super) fn save(&mut self, now: f64) {
        let Some(slot) = &self.save_slot else { return };
        if !matches!(self.persistence, Persistence::Saving | Persistence::Refused(_)) {
            return;
        }
        let text = Table::save_text(&self.table, now);
        self.persistence = match slot.write(&text) {
            Ok(()) => {
                self.last_stored = Some(text);
                Persistence::Saving
            }
            Err(reason) => Persistence::Refused(reason),
        };
    }

    /// Another tab saved its game: this one shows the same game from now on,
    /// so that neither writes over the other's moves. Nothing is saved here.
    pub(super) fn follow_other_tab(&mut self, now: f64) -> Changes {
        let Some(slot) = &self.save_slot else { return Changes::NONE };
        if matches!(self.persistence, Persistence::Guarding(_)) {
            return Changes::NONE;
        }
        // Whatever is stored now, not what the event carried: the last writer
        // wins everywhere. What this tab wrote itself is no news, even when
        // its later writes failed and its game has moved on since.
        let Ok(Some(text)) = slot.read() else { return Changes::NONE };
        if self.last_stored.as_ref() == Some(&text) {
            return Changes::NONE;
        }
        let adopted = Host::adopt_text(&mut self.table, &text, now);
        self.last_stored = Some(text);
        let adopted = match adopted {
            Ok(adopted) => adopted,
            Err(NotTaken::Newer(why)) => {
                self.persistence = Persistence::Guarding(Guarded::NewerSave(why));
                return Changes::REFRESH;
            }
            // A text this page cannot use: its own game stays.
            Err(NotTaken::Unreadable) => return Changes::NONE,
        };
        match adopted {
            Adopted::Same => Changes::NONE,
            adopted => {
                if adopted == Adopted::Other {
                    self.notice = "Another tab started a new game: this tab now shows it too.".to_owned();
                }
                self.effect = None;
                Changes::REFRESH
            }
        }
    }

    /// Stores the settings under their own key; a refusal is said, and the
    /// settings still hold on this page.
    pub(super) fn keep_settings(&mut self, now: f64) -> Changes {
        if let Some(Err(why)) =
            self.save_slot.as_ref().map(|slot| slot.write_at(SETTINGS_KEY, &self.settings.to_text()))
        {
            self.say_for_a_while(&format!("Your settings will not be kept: {why}."), now);
        }
        Changes::REFRESH
    }

    /// Settings read from storage at start-up.
    pub(crate) fn use_settings(&mut self, settings: Settings) {
        self.settings = settings;
    }
}
