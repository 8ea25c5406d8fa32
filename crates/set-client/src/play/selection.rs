//! The cards a player has picked but not yet claimed.
//!
//! Clicking, tapping or pressing a card's key toggles it; the pick that
//! completes a claim (the third, or the fourth in UltraSet) turns into a
//! claim at once and the selection empties. Picks are cards, not slots, so a
//! Set-Chain pick in the previous set's row is a pick like any other. Knows
//! nothing of the table: the session checks that a card is in play first.

use set_core::rules::card::Card;

/// The picked cards, fewer than a claim, in the order they were picked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    cards: Vec<Card>,
}

/// What a toggle did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Toggle {
    /// The card is now picked.
    Picked,
    /// The card was put back.
    Unpicked,
    /// The pick that completes a claim: these cards (in pick order) are to be claimed.
    Claim(Vec<Card>),
}

impl Selection {
    /// The picked cards, in pick order.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// Whether the card is picked.
    pub fn contains(&self, card: Card) -> bool {
        self.cards.contains(&card)
    }

    /// Puts back every card.
    pub fn clear(&mut self) {
        self.cards.clear();
    }

    /// Keeps only the picks that `keep` says, in order.
    pub fn keep_only(&mut self, keep: impl Fn(Card) -> bool) {
        self.cards.retain(|&card| keep(card));
    }

    /// Toggles a card; a claim is `claim_size` cards.
    pub fn toggle(&mut self, card: Card, claim_size: usize) -> Toggle {
        if let Some(at) = self.cards.iter().position(|&c| c == card) {
            self.cards.remove(at);
            return Toggle::Unpicked;
        }
        self.cards.push(card);
        if self.cards.len() >= claim_size {
            return Toggle::Claim(std::mem::take(&mut self.cards));
        }
        Toggle::Picked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(id: i64) -> Card {
        Card::new(id).unwrap()
    }

    fn cs(ids: &[i64]) -> Vec<Card> {
        ids.iter().map(|&id| c(id)).collect()
    }

    #[test]
    fn the_third_pick_claims_and_empties_the_selection() {
        let mut selection = Selection::default();
        assert_eq!(selection.toggle(c(4), 3), Toggle::Picked);
        assert_eq!(selection.toggle(c(0), 3), Toggle::Picked);
        assert_eq!(selection.cards(), cs(&[4, 0]));
        assert_eq!(selection.toggle(c(7), 3), Toggle::Claim(cs(&[4, 0, 7])));
        assert!(selection.cards().is_empty());
        // UltraSet: the fourth pick claims.
        for id in [1, 2, 3] {
            assert_eq!(selection.toggle(c(id), 4), Toggle::Picked);
        }
        assert_eq!(selection.toggle(c(9), 4), Toggle::Claim(cs(&[1, 2, 3, 9])));
    }

    #[test]
    fn picking_a_picked_slot_unpicks_it() {
        let mut selection = Selection::default();
        selection.toggle(c(2), 3);
        selection.toggle(c(3), 3);
        assert_eq!(selection.toggle(c(2), 3), Toggle::Unpicked);
        assert_eq!(selection.cards(), cs(&[3]));
        assert!(!selection.contains(c(2)));
        selection.clear();
        assert!(selection.cards().is_empty());
    }
}
