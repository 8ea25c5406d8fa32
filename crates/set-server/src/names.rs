//! A player's name as the server takes it, before the core seats it (which
//! trims it, bounds its length and refuses control characters and two
//! names alike):
//! - normalised to NFC, so that "Å" typed two ways is one name;
//! - at most [`MAX_MARKS`] combining marks on one character (a name of
//!   twenty characters each under a tower of marks is twenty characters to
//!   the length rule, and draws over the lines around it);
//! - no default-ignorable code point (a variation selector, a zero-width
//!   joiner, a tag character: invisible, so two names that look the same
//!   would differ) and no bidi control (which reorders what follows);
//! - not confusable with another name in the room: two names whose
//!   confusable skeletons (Unicode TS #39) are equal, "Ann" and Cyrillic
//!   "Аnn" say, cannot sit at one table.
//!
//! The Unicode data comes from maintained crates (ICU4X's properties and
//! normaliser, unicode-security's skeletons), not hand-written tables.

use icu_normalizer::ComposingNormalizerBorrowed;
use icu_properties::props::{BidiControl, DefaultIgnorableCodePoint, GeneralCategory};
use icu_properties::{CodePointMapData, CodePointSetData};
use set_core::players::sitting::Seats;
use std::fmt;

/// The most combining marks (nonspacing or enclosing) one character may
/// carry once composed: scripts written with stacked marks need two or
/// three; more only draws over the lines above and below.
pub(crate) const MAX_MARKS: usize = 3;

/// Why a name is refused here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NameError {
    /// A code point that does not show (U+ its number).
    Invisible(u32),
    /// A bidirectional control (U+ its number).
    Bidi(u32),
    /// More than [`MAX_MARKS`] combining marks on one character.
    Marks,
    /// Too like another name in the room.
    LooksLike { name: String, other: String },
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Invisible(code) => write!(f, "a name may not hold an invisible character (U+{code:04X})"),
            NameError::Bidi(code) => write!(f, "a name may not hold a text-direction control (U+{code:04X})"),
            NameError::Marks => write!(f, "a name may put at most {MAX_MARKS} accents on one letter"),
            NameError::LooksLike { name, other } => {
                write!(f, "\"{name}\" looks too much like \"{other}\", who is in the room: choose another name")
            }
        }
    }
}

/// The name in NFC, or why it cannot be one.
pub(crate) fn normalized(name: &str) -> Result<String, NameError> {
    let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>();
    let bidi = CodePointSetData::new::<BidiControl>();
    for c in name.chars() {
        // Bidi controls are default-ignorable too: named as what they do.
        if bidi.contains(c) {
            return Err(NameError::Bidi(c.into()));
        }
        if ignorable.contains(c) {
            return Err(NameError::Invisible(c.into()));
        }
    }
    let composed = ComposingNormalizerBorrowed::new_nfc().normalize(name).into_owned();
    let category = CodePointMapData::<GeneralCategory>::new();
    let mut marks = 0;
    for c in composed.chars() {
        let mark = matches!(category.get(c), GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark);
        marks = if mark { marks + 1 } else { 0 };
        if marks > MAX_MARKS {
            return Err(NameError::Marks);
        }
    }
    Ok(composed)
}

/// Whether two names would be mistaken for each other (equal skeletons).
pub(crate) fn confusable(a: &str, b: &str) -> bool {
    unicode_security::skeleton(a).eq(unicode_security::skeleton(b))
}

/// The names of a room, each normalised, the last checked against the
/// others (the ones already seated were checked when they sat down).
pub(crate) fn checked(names: &[&str]) -> Result<Vec<String>, NameError> {
    let names = names.iter().map(|name| normalized(name.trim())).collect::<Result<Vec<_>, _>>()?;
    if let Some((last, others)) = names.split_last() {
        // The same name twice is the core's to refuse, in its own words.
        if let Some(other) = others.iter().find(|other| *other != last && confusable(other, last)) {
            return Err(NameError::LooksLike { name: last.clone(), other: other.clone() });
        }
    }
    Ok(names)
}

/// The names checked as the server takes them ([`checked`]: NFC, nothing
/// invisible, no look-alikes) and as the core seats them (trimmed, 1 to 20
/// characters, no control characters, no two alike): what a room and the
/// lobby both take, with why not in words.
pub(crate) fn seatable(names: &[&str]) -> Result<Vec<String>, String> {
    let names = checked(names).map_err(|err| err.to_string())?;
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let seats = Seats::online(&names).map_err(|err| err.to_string())?;
    Ok(seats.players().iter().map(|p| p.name.to_string()).collect())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn names_are_nfc_and_hold_nothing_invisible() {
        assert_eq!(normalized("A\u{030A}sa").unwrap(), "\u{C5}sa", "decomposed Å is composed");
        assert_eq!(normalized("Ann\u{E0101}"), Err(NameError::Invisible(0xE0101)), "a variation selector");
        assert_eq!(normalized("A\u{200D}nn"), Err(NameError::Invisible(0x200D)), "a zero-width joiner");
        assert_eq!(normalized("A\u{202E}nn"), Err(NameError::Bidi(0x202E)), "right-to-left override");
        assert_eq!(normalized("Zoë 🎲").unwrap(), "Zoë 🎲");
        assert_eq!(normalized("Zq\u{0300}\u{0301}\u{0302}").unwrap(), "Zq\u{0300}\u{0301}\u{0302}", "three marks");
        assert_eq!(normalized(&"Z\u{0351}\u{0352}\u{0353}\u{0354}".repeat(5)), Err(NameError::Marks), "a tower");
        assert_eq!(normalized("e\u{0323}\u{0302}").unwrap(), "\u{1EC7}", "Vietnamese ệ composes to one character");
    }

    #[test]
    fn look_alikes_of_a_seated_name_are_refused() {
        assert!(confusable("Ann", "\u{410}nn"), "Cyrillic А");
        assert!(confusable("paypal", "pаypаl"));
        assert!(!confusable("Ann", "Ben"));
        let err = checked(&["Ann", "Ben", "\u{410}nn"]).unwrap_err();
        assert!(err.to_string().contains("looks too much like \"Ann\""), "{err}");
        assert_eq!(checked(&["Ann", "Ben"]).unwrap(), ["Ann", "Ben"]);
        assert_eq!(checked(&["Ann", "Ann"]).unwrap(), ["Ann", "Ann"], "the core names a repeat");
    }
}
