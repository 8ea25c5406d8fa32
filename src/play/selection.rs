//! The cards a player has picked but not yet claimed.
//!
//! Clicking, tapping or pressing a slot's key toggles it; the pick that
//! completes a claim (the third, or the fourth in UltraSet) turns into a
//! claim at once and the selection empties. Knows nothing of the table: the
//! caller checks that a slot holds a card before toggling it.

/// The picked slots, fewer than a claim, in the order they were picked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    slots: Vec<usize>,
}

/// What a toggle did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Toggle {
    Picked,
    Unpicked,
    /// The pick that completes a claim: these slots (in pick order) are to be claimed.
    Claim(Vec<usize>),
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

    /// Toggles a slot; a claim is `claim_size` slots.
    pub fn toggle(&mut self, slot: usize, claim_size: usize) -> Toggle {
        if let Some(at) = self.slots.iter().position(|&s| s == slot) {
            self.slots.remove(at);
            return Toggle::Unpicked;
        }
        self.slots.push(slot);
        if self.slots.len() >= claim_size {
            return Toggle::Claim(std::mem::take(&mut self.slots));
        }
        Toggle::Picked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_pick_claims_and_empties_the_selection() {
        let mut selection = Selection::default();
        assert_eq!(selection.toggle(4, 3), Toggle::Picked);
        assert_eq!(selection.toggle(0, 3), Toggle::Picked);
        assert_eq!(selection.slots(), &[4, 0]);
        assert_eq!(selection.toggle(7, 3), Toggle::Claim(vec![4, 0, 7]));
        assert!(selection.slots().is_empty());
        // UltraSet: the fourth pick claims.
        for slot in [1, 2, 3] {
            assert_eq!(selection.toggle(slot, 4), Toggle::Picked);
        }
        assert_eq!(selection.toggle(9, 4), Toggle::Claim(vec![1, 2, 3, 9]));
    }

    #[test]
    fn picking_a_picked_slot_unpicks_it() {
        let mut selection = Selection::default();
        selection.toggle(2, 3);
        selection.toggle(3, 3);
        assert_eq!(selection.toggle(2, 3), Toggle::Unpicked);
        assert_eq!(selection.slots(), &[3]);
        assert!(!selection.contains(2));
        selection.clear();
        assert!(selection.slots().is_empty());
    }
}
