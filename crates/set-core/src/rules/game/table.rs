//! Dealing: the first table, the cards that refill or close up the slots a
//! claim empties, and the extra cards while no claim lies out.

use super::{Game, MOST_CLAIM_CARDS};
use crate::rules::card::Card;
use crate::sort::sort_by_key;

impl Game {
    pub(super) fn draw(&mut self) -> Option<Card> {
        let card = self.order.get(self.dealt).copied()?;
        self.dealt += 1;
        Some(card)
    }

    /// Removes claimed table cards. Their slots are refilled in place, in
    /// the order claimed, as far as it takes to bring the table back to its
    /// first size; the table closes up over the rest. (Classic: a set taken
    /// from 12 is refilled, one taken from 15 or more closes up. Set-Chain
    /// takes two cards, so 13 becomes 12 with one refill.)
    pub(super) fn take_from_table(&mut self, slots: &[usize]) {
        let mut refills = self.variant.table_size().saturating_sub(self.table.len() - slots.len());
        let mut holes = [0usize; MOST_CLAIM_CARDS];
        let mut n = 0;
        for &slot in slots {
            let card = if refills > 0 { self.draw() } else { None };
            refills = refills.saturating_sub(1);
            if let Some(card) = card {
                self.table[slot] = card;
            } else {
                holes[n] = slot;
                n += 1;
            }
        }
        self.close_up(&mut holes[..n]);
    }

    /// Moves the last cards into the holes (fewest cards move), then shortens the table.
    pub(super) fn close_up(&mut self, holes: &mut [usize]) {
        sort_by_key(holes, |&slot| slot);
        let new_len = self.table.len() - holes.len();
        let movers: Vec<Card> =
            (new_len..self.table.len()).filter(|slot| !holes.contains(slot)).map(|slot| self.table[slot]).collect();
        for (&hole, card) in holes.iter().filter(|&&hole| hole < new_len).zip(movers) {
            self.table[hole] = card;
        }
        self.table.truncate(new_len);
    }

    /// Deals the way's first table, then more while it holds no claim.
    pub(super) fn deal_table(&mut self) {
        while self.table.len() < self.variant.table_size() {
            let Some(card) = self.draw() else { break };
            self.table.push(card);
        }
        self.deal_until_a_claim();
    }

    /// Deals 3 more cards while no claim lies out, unless they wait for a call.
    pub(super) fn deal_until_a_claim(&mut self) {
        while !self.dealing.is_called() && self.first_claim().is_none() && !self.deck().is_empty() {
            self.deal_extra();
        }
    }

    pub(super) fn deal_extra(&mut self) {
        for _ in 0..3 {
            if let Some(card) = self.draw() {
                self.table.push(card);
            }
        }
    }
}
