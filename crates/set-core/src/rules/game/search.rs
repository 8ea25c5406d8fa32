//! Which claims can be made from what is in play: the first (for hints
//! and for dealing), every one (for looking back), and a chain way's links
//! to the previous claim.

use super::{Claim, Game, MOST_CLAIM_CARDS, claim_of};
use crate::rules::card::Card;
use crate::rules::claim_rule::ClaimRule;
use crate::rules::deck::Deck;
use crate::rules::finder::{find_sets, first_link, first_set, first_ultra};
use crate::rules::hands::each_hand;

impl Game {
    /// Every set on the table, as ascending slot triples.
    #[cfg(any(test, feature = "test-support"))]
    pub fn sets_on_table(&self) -> Vec<[usize; 3]> {
        find_sets(&self.table).expect("table cards are distinct")
    }

    /// The first claim that can be made from what is in play, in the
    /// finders' scan order, with table cards in slot order.
    pub fn first_claim(&self) -> Option<Claim> {
        let t = &self.table;
        let previous = self.previous.filter(|_| self.variant.links() > 0);
        match (self.variant.deck(), self.variant.rule(), previous) {
            (_, _, Some(previous)) if self.variant.links() == 1 && self.variant.rule() == ClaimRule::Set => {
                let p = previous.cards();
                first_link(p, t).map(|(link, [i, j])| claim_of(&[p[link], t[i], t[j]]))
            }
            (_, _, Some(_)) => self.links().into_iter().next(),
            _ if self.variant.is_puzzle() => self.claims().into_iter().next(),
            (Deck::Classic | Deck::Junior, ClaimRule::Set, None) => {
                first_set(t).ok()?.map(|[i, j, k]| claim_of(&[t[i], t[j], t[k]]))
            }
            (Deck::Classic, ClaimRule::UltraSet, None) => {
                first_ultra(t).map(|[a, b, c, d]| claim_of(&[t[a], t[b], t[c], t[d]]))
            }
            (deck, rule, None) => rule.claims(deck, t).ok()?.first().map(|hand| self.claim_of_slots(hand)),
        }
    }

    /// Every claim that can be made from what is in play now, by the
    /// way's rules: the table's claims (in a puzzle, those not yet found on
    /// it), or a chain way's links to the previous claim. Table cards in
    /// slot order. For looking back at a game; play itself only ever needs
    /// [`Game::first_claim`].
    pub fn claims(&self) -> Vec<Claim> {
        if self.previous.is_some() && self.variant.links() > 0 {
            return self.links();
        }
        let (deck, rule) = (self.variant.deck(), self.variant.rule());
        let hands = match (deck, rule) {
            (Deck::Classic | Deck::Junior, ClaimRule::Set) => {
                find_sets(&self.table).unwrap_or_default().into_iter().map(|hand| hand.to_vec()).collect()
            }
            _ => rule.claims(deck, &self.table).unwrap_or_default(),
        };
        hands
            .iter()
            .map(|hand| self.claim_of_slots(hand))
            .filter(|claim| !self.found_on_table().iter().any(|found| found.same_cards(claim)))
            .collect()
    }

    /// A chain way's claims: [`Variant::links`] cards of the previous claim
    /// (in its order) and the rest from the table (in slot order).
    pub(super) fn links(&self) -> Vec<Claim> {
        let Some(previous) = self.previous else { return Vec::new() };
        let (p, t) = (previous.cards(), &self.table);
        let links = self.variant.links();
        let mut claims = Vec::new();
        let mut hand = Vec::with_capacity(MOST_CLAIM_CARDS);
        each_hand(p.len(), links, &mut |from_previous| {
            each_hand(t.len(), self.variant.claim_size() - links, &mut |from_table| {
                hand.clear();
                hand.extend(from_previous.iter().map(|&i| p[i]));
                hand.extend(from_table.iter().map(|&i| t[i]));
                if self.holds(&hand) {
                    claims.push(claim_of(&hand));
                }
            });
        });
        claims
    }

    pub(super) fn claim_of_slots(&self, slots: &[usize]) -> Claim {
        let cards: Vec<Card> = slots.iter().map(|&slot| self.table[slot]).collect();
        claim_of(&cards)
    }
}
