//! The notice above the board and the live region that screen readers
//! hear: messages that pass by themselves, lasting ones (a link's offer,
//! storage trouble), the way back to a replaced game, and what is said of
//! each claim and hint.

use super::host::Hosted;
use super::{App, Changes};
use crate::dom::View;

/// How long a passing notice (why a claim is not valid) stays.
const PASSING_NOTICE_MS: f64 = 5000.0;

impl<T: Hosted> App<T> {
    /// Shows the notice: the passing or start-up message, then what the
    /// link's offer and storage add to it. A passing notice alone floats over
    /// the board instead of pushing it down, and back up when it goes: the
    /// cards stay where they are.
    pub(super) fn show_notice(&self, view: &View) {
        let storage = self.storage_notice();
        let lasting = self.offer.is_some() || storage.is_some() || self.set_aside.is_some();
        let floating = self.notice_until.is_some() && !lasting;
        let mut notice = self.notice.clone();
        if self.offer.is_some() {
            add_sentence(
                &mut notice,
                "The link is for another game; yours is unfinished and carries on here. Playing the linked game ends it.",
            );
        }
        if let Some(storage) = storage {
            add_sentence(&mut notice, &storage);
        }
        view.set_notice(&notice, floating);
        view.announce(&self.announcement);
        view.offer_game(self.offer.is_some());
        view.offer_back(self.back_shown());
    }

    pub(crate) fn set_notice(&mut self, text: String) {
        self.notice = text;
    }

    /// Puts what happened in the live region. The same words twice in a
    /// row (two sets, each "Set! 3 new cards.") differ by a no-break space,
    /// so that screen readers tell both.
    pub(super) fn announce(&mut self, said: super::Said) {
        if let Some(text) = said.words {
            self.tell_readers(text);
        }
    }

    /// Puts a text in the live region; the same text again is made to differ
    /// (a no-break space), so that it is read again.
    pub(super) fn tell_readers(&mut self, mut text: String) {
        if self.announcement == text {
            text.push('\u{a0}');
        }
        self.announcement = text;
    }

    /// The passing notice goes, and with it the way back it offered.
    pub(super) fn end_passing_notice(&mut self) -> Changes {
        self.notice.clear();
        self.notice_until = None;
        Changes::REFRESH
    }

    /// A notice that goes by itself after a few seconds.
    pub(super) fn say_for_a_while(&mut self, text: &str, now: f64) {
        self.back_offered = false;
        self.notice = text.to_owned();
        self.notice_until = Some(now + PASSING_NOTICE_MS);
    }

    /// Whether the way back to the game the last new game replaced is on
    /// show: its notice has not passed, and the new game has no move yet.
    pub(super) fn back_shown(&self) -> bool {
        self.back_offered && !self.notice.is_empty() && self.play().can_go_back()
    }

    /// The page after the session dealt a new game, told to screen readers;
    /// when it replaced an unfinished game, a passing notice offers the way
    /// back to that one.
    pub(super) fn show_dealt(&mut self, now: f64) -> Changes {
        let changes = self.show_new_game();
        self.note_started();
        let mut said = "A new game was dealt.".to_owned();
        if self.play().can_go_back() {
            self.say_for_a_while(&said, now);
            self.back_offered = true;
            said.push_str(" B goes back to the last one.");
        }
        self.tell_readers(said);
        changes
    }
}

/// Appends a sentence to a text, a space apart.
pub(crate) fn add_sentence(text: &mut String, sentence: &str) {
    if !text.is_empty() {
        text.push(' ');
    }
    text.push_str(sentence);
}
