//! The keyboard: which key does what.
//!
//! Each of the 21 slots has a key: the digits 1–9 and 0 for the first ten,
//! then the top letter row and `a`. H (hint) and N (new game) are not slot
//! keys, so they keep their meaning whatever the table size.

/// Slot keys by slot, as drawn on the cards; letters work in either case.
pub const SLOT_KEYS: [&str; 21] =
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "Q", "W", "E", "R", "T", "Y", "U", "I", "O", "P", "A"];

/// What a key press asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Pick(usize),
    ClearSelection,
    Hint,
    NewGame,
    ToggleKeyLabels,
}

/// The key that picks a slot, as shown on its card, if the slot has one.
pub fn key_label(slot: usize) -> Option<&'static str> {
    SLOT_KEYS.get(slot).copied()
}

/// The command for a `KeyboardEvent.key` value; letters in either case.
pub fn command_for_key(key: &str) -> Option<Command> {
    match key {
        "Escape" => return Some(Command::ClearSelection),
        "?" => return Some(Command::ToggleKeyLabels),
        _ => {}
    }
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    let key = c.to_ascii_uppercase();
    match key {
        'H' => Some(Command::Hint),
        'N' => Some(Command::NewGame),
        _ => SLOT_KEYS.iter().position(|k| k.chars().eq([key])).map(Command::Pick),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_key_maps_back_to_its_slot() {
        for slot in 0..21 {
            let key = key_label(slot).unwrap();
            assert_eq!(command_for_key(&key.to_lowercase()), Some(Command::Pick(slot)));
            assert_eq!(command_for_key(&key.to_uppercase()), Some(Command::Pick(slot)));
        }
        assert_eq!(key_label(21), None);
    }

    #[test]
    fn commands_and_unknown_keys() {
        assert_eq!(command_for_key("Escape"), Some(Command::ClearSelection));
        assert_eq!(command_for_key("h"), Some(Command::Hint));
        assert_eq!(command_for_key("N"), Some(Command::NewGame));
        assert_eq!(command_for_key("?"), Some(Command::ToggleKeyLabels));
        assert_eq!(command_for_key("z"), None);
        assert_eq!(command_for_key("Enter"), None);
        assert_eq!(command_for_key(""), None);
        let keys: std::collections::HashSet<&str> = SLOT_KEYS.into_iter().collect();
        assert_eq!(keys.len(), 21, "slot keys are distinct");
        assert!(keys.iter().all(|k| k.chars().count() == 1), "each slot key is one character");
        assert!(!keys.contains("H") && !keys.contains("N"));
    }
}
