//! A line of chat as the server takes it: NFC, 1 to [`MAX_CHARS`]
//! characters once trimmed, no control character, nothing invisible and no
//! text-direction control (the same Unicode data as players' names). It is
//! kept as text and reaches pages as text: markup in it is only characters.

use crate::names::{NameError, normalized};
pub(crate) use set_protocol::chat::{KEPT, MAX_CHARS};

/// The lines one room's chat keeps in the database; the next are refused.
/// A game's talk is a few dozen lines: this bounds what a room left open
/// can be made to store, whatever the rate limits let through.
pub(crate) const MAX_ROOM_LINES: u32 = 500;

/// Of a room's [`MAX_ROOM_LINES`], the most its watchers may say: however
/// many watch, the players keep the rest for their own talk (a "gg" at the end).
pub(crate) const MAX_WATCHER_LINES: u32 = 200;

/// The line to keep, or why it is refused (words for the sender).
pub(crate) fn checked(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("say something: the line is empty".into());
    }
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(format!("a chat line may not hold a control character (U+{:04X})", u32::from(c)));
    }
    let text = normalized(text).map_err(|err| match err {
        NameError::Invisible(code) => format!("a chat line may not hold an invisible character (U+{code:04X})"),
        NameError::Bidi(code) => format!("a chat line may not hold a text-direction control (U+{code:04X})"),
        NameError::Marks => format!("a chat line may put at most {} accents on one letter", crate::names::MAX_MARKS),
        NameError::LooksLike { .. } => "a chat line that cannot be read".into(),
    })?;
    let count = text.chars().count();
    if count > MAX_CHARS {
        return Err(format!("a chat line of {count} characters: at most {MAX_CHARS}"));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn chat_is_one_to_250_visible_characters_and_markup_is_text() {
        assert_eq!(checked("  gg  ").unwrap(), "gg");
        assert_eq!(checked("<b>hi</b> & \"you\"").unwrap(), "<b>hi</b> & \"you\"");
        assert_eq!(checked("A\u{30a}").unwrap(), "\u{c5}", "NFC");
        assert_eq!(checked(&"é".repeat(250)).unwrap().chars().count(), 250);
        let tower = "a\u{0300}\u{0301}\u{0302}\u{0303}\u{0304}";
        for bad in ["", "   ", "two\nlines", "bell\u{7}", "zero\u{200b}width", "\u{202e}reversed", tower] {
            assert!(checked(bad).is_err(), "{bad:?}");
        }
        assert!(checked(&"x".repeat(251)).unwrap_err().contains("251"));
    }
}
