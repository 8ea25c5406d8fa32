//! The keyboard: which key does what.
//!
//! Each of the 21 slots has a key: the digits 1–9 and 0 for the first ten,
//! then the top letter row and `a`. H (hint) and N (new game) are not slot
//! keys, so they keep their meaning whatever the table size.

/// Slot keys, by slot.
pub const SLOT_KEYS: [char; 21] =
    ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p', 'a'];

/// The slot keys as drawn on the cards.
const SLOT_KEY_LABELS: [&str; 21] =
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

/// The key that picks a slot, if it has one.
pub fn key_for_slot(slot: usize) -> Option<char> {
    SLOT_KEYS.get(slot).copied()
}

/// The label of a slot's key, as shown on its card.
pub fn key_label(slot: usize) -> Option<&'static str> {
    SLOT_KEY_LABELS.get(slot).copied()
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
    match c.to_ascii_lowercase() {
        'h' => Some(Command::Hint),
        'n' => Some(Command::NewGame),
        c => SLOT_KEYS.iter().position(|&k| k == c).map(Command::Pick),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_key_maps_back_to_its_slot() {
        for slot in 0..21 {
            let key = key_for_slot(slot).unwrap();
            assert_eq!(command_for_key(&key.to_string()), Some(Command::Pick(slot)));
            assert_eq!(command_for_key(&key.to_ascii_uppercase().to_string()), Some(Command::Pick(slot)));
        }
        assert_eq!(key_for_slot(21), None);
        for (slot, label) in SLOT_KEY_LABELS.iter().enumerate() {
            assert_eq!(label.to_lowercase(), key_for_slot(slot).unwrap().to_string());
        }
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
        let keys: std::collections::HashSet<char> = SLOT_KEYS.into_iter().collect();
        assert_eq!(keys.len(), 21, "slot keys are distinct");
        assert!(!keys.contains(&'h') && !keys.contains(&'n'));
    }
}
