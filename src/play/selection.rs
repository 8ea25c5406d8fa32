//! The cards a player has picked but not yet claimed.
//!
//! Clicking, tapping or pressing a slot's key toggles it; the third pick turns
//! into a claim at once and the selection empties. Knows nothing of the table:
//! the caller checks that a slot holds a card before toggling it.

/// Up to two picked slots, in the order they were picked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    slots: Vec<usize>,
}

/// What a toggle did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Toggle {
    Picked,
    Unpicked,
    /// The third pick: these three slots (in pick order) are to be claimed.
    Claim([usize; 3]),
}

impl Selection {
    pub fn slots(&self) -> &[usize] {
        &self.slots
    }

    pub fn contains(&self, slot: usize) -> bool {
        self.slots.contains(&slot)
    }

    pub fn clear(&mut self) {
        self.slots.clear();
    }

    pub fn toggle(&mut self, slot: usize) -> Toggle {
        if let Some(at) = self.slots.iter().position(|&s| s == slot) {
            self.slots.remove(at);
            return Toggle::Unpicked;
        }
        if let [a, b] = self.slots[..] {
            self.slots.clear();
            return Toggle::Claim([a, b, slot]);
        }
        self.slots.push(slot);
        Toggle::Picked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_pick_claims_and_empties_the_selection() {
        let mut selection = Selection::default();
        assert_eq!(selection.toggle(4), Toggle::Picked);
        assert_eq!(selection.toggle(0), Toggle::Picked);
        assert_eq!(selection.slots(), &[4, 0]);
        assert_eq!(selection.toggle(7), Toggle::Claim([4, 0, 7]));
        assert!(selection.slots().is_empty());
    }

    #[test]
    fn picking_a_picked_slot_unpicks_it() {
        let mut selection = Selection::default();
        selection.toggle(2);
        selection.toggle(3);
        assert_eq!(selection.toggle(2), Toggle::Unpicked);
        assert_eq!(selection.slots(), &[3]);
        assert!(!selection.contains(2));
        selection.clear();
        assert!(selection.slots().is_empty());
    }
}
