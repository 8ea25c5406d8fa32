//! Memory in an online room: the cards lie face down, and the room, not
//! the pages, keeps them so. A page is sent a card only once it is face up
//! for everyone ([`RoomGame::view`]): turned up this turn, revealed by a
//! hint, the last miss (until the next card is turned), or the game over.
//!
//! The seats take turns ([`crate::players::sitting`]'s rule for Memory with
//! others). A person turns up one card at a time ([`RoomGame::flip`], by
//! slot: the page does not know the card); the third makes the claim, a
//! set that keeps the turn or a miss that passes it. A claim of three ids
//! is refused from a person (a page that names a face-down card knows
//! what it should not); the room's bots play their turn whole, on the
//! room's clock, as the race on one screen does.
//!
//! Bounds, against a seat that stalls or plays on forever:
//! - a person's turn runs out [`TURN_FLIP_MS`] after it began or after
//!   their last card turned up; the room then turns up the rest of the
//!   three itself ([`RoomGame::time_out_turn`]: face-down cards drawn at
//!   random among those that make no claim), a miss like any other, kept in the
//!   log as a claim, so a restored room has the same turn;
//! - misses cost nothing (no cool-down, no cap per seat: they are the
//!   game's way on), so the game ends after [`MAX_TURN_MISSES`] of them in
//!   all, whoever has most sets winning.

use super::{ClaimError, RoomGame};
use crate::players::sitting::{Kind, Refusal, Seat, Verdict};
use crate::rules::card::Card;
use crate::rules::game::{Action, GameError};
use crate::rules::rng::SplitMix64;

/// How long a person's turn waits for its next card, in ms of play time.
pub const TURN_FLIP_MS: u64 = 10_000;

/// The most misses a room's game of Memory holds: then it is over. With
/// the claims and hints a game holds besides, its log still fits a save
/// (`save::MAX_ACTIONS`).
pub const MAX_TURN_MISSES: usize = 1_000;

/// What turning up a card did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flipped {
    /// The card is up; the turn goes on.
    Card(Card),
    /// The card was the third: the claim it made, judged.
    Claimed {
        /// The card turned up last.
        card: Card,
        /// The claim's verdict: a set, or a miss that passed the turn.
        verdict: Verdict,
    },
}

impl RoomGame {
    /// Whether the game is over: by the rules, or, in a way dealt face
    /// down, after [`MAX_TURN_MISSES`] misses.
    pub fn is_over(&self) -> bool {
        self.game.is_over() || self.game.variant().face_down() && self.sitting.misses(&self.game) >= MAX_TURN_MISSES
    }

    /// Whose turn it is, where the seats take turns.
    pub fn turn(&self) -> Option<Seat> {
        self.sitting.turn(&self.game).filter(|_| !self.is_over())
    }

    /// The cards turned up so far this turn, in order (fewer than a claim's).
    pub fn turned(&self) -> &[Card] {
        &self.turned
    }

    /// The table as every page may see it, by slot: each card, or `None`
    /// for one face down. Every card lies face up but in a way dealt face
    /// down, where only the cards turned up this turn, the hinted ones, the
    /// last miss's (until the next card is turned up) and, once the game is
    /// over, every card are.
    pub fn shown_table(&self) -> Vec<Option<Card>> {
        let table = self.game.table();
        if !self.game.variant().face_down() || self.is_over() {
            return table.iter().copied().map(Some).collect();
        }
        let missed = if self.turned.is_empty() { self.last_miss().unwrap_or_default() } else { Vec::new() };
        let hinted = self.game.hinted_cards();
        let up = |card: &Card| self.turned.contains(card) || hinted.contains(card) || missed.contains(card);
        table.iter().map(|card| up(card).then_some(*card)).collect()
    }

    /// The cards of the last move, if it was a claim that missed.
    fn last_miss(&self) -> Option<Vec<Card>> {
        match self.game.moves().last()?.action {
            Action::Claim(claim) if self.sitting.last_missed(&self.game) => Some(claim.cards().to_vec()),
            _ => None,
        }
    }

    /// When a person's turn runs out, in ms of play time: [`TURN_FLIP_MS`]
    /// after it began (the last move) or after their last card turned up.
    /// `None` where nobody takes turns, on a bot's turn, or once over.
    pub fn turn_ends_ms(&self) -> Option<u64> {
        let turn = self.turn()?;
        if self.sitting.seats().player(turn)?.kind != Kind::Human {
            return None;
        }
        let began = self.game.moves().last().map_or(0, |mv| mv.at_ms);
        Some(began.max(self.turned_at_ms) + TURN_FLIP_MS)
    }

    /// `by` turns up the card in `slot`, `at_ms` into the game, having
    /// applied events up to `seen`. Refused, changing nothing: in a way not
    /// dealt face down, on another seat's turn, from a table that changed
    /// since `seen`, a slot with no card, or a card turned up already.
    pub fn flip(&mut self, by: Seat, slot: usize, seen: u32, at_ms: u64) -> Result<Flipped, ClaimError> {
        if !self.game.variant().face_down() {
            return Err(ClaimError::NotFaceDown);
        }
        let seq = self.seq();
        if seen > seq {
            return Err(ClaimError::FutureSeen { seen, seq });
        }
        // A slot names a card only on the table its sender saw.
        if self.in_play.get(seen as usize) != self.in_play.last() {
            return Err(ClaimError::TableChanged { seq });
        }
        if self.is_over() {
            return Err(Refusal::Rules(GameError::GameOver).into());
        }
        self.sitting.may_claim(&self.game, by)?;
        let card = *self.game.table().get(slot).ok_or(ClaimError::NoSuchSlot(slot))?;
        if self.turned.contains(&card) {
            return Err(ClaimError::TurnedUp(slot));
        }
        self.turned.push(card);
        self.turned_at_ms = at_ms;
        if self.turned.len() < self.game.variant().claim_size() {
            return Ok(Flipped::Card(card));
        }
        let cards = std::mem::take(&mut self.turned);
        match self.judge(by, &cards, at_ms) {
            Ok(verdict) => Ok(Flipped::Claimed { card, verdict }),
            Err(err) => {
                self.turned = cards;
                self.turned.pop();
                Err(err)
            }
        }
    }

    /// A person's turn that ran out by `at_ms` ([`RoomGame::turn_ends_ms`]):
    /// the room turns up the rest of its three and judges them as that
    /// seat's claim. The rest is drawn at random among the face-down cards
    /// that make no claim with those up (any, if every choice does), by a
    /// draw from the game's secret seed and the event's number: taking the
    /// first such cards in slot order told everyone that a card it skipped
    /// was the one completing a set with those up, which shows that card.
    /// `None`, and nothing changed, if no turn ran out.
    pub fn time_out_turn(&mut self, at_ms: u64) -> Option<(Seat, Verdict)> {
        if at_ms < self.turn_ends_ms()? {
            return None;
        }
        let by = self.turn()?;
        let variant = self.game.variant();
        let up = self.turned.clone();
        let rest: Vec<Card> = self.game.table().iter().copied().filter(|card| !up.contains(card)).collect();
        let need = variant.claim_size().checked_sub(up.len())?;
        // Every choice that makes no claim, in lexicographic order, and the
        // first choice of all (taken when every choice makes a claim).
        let (mut misses, mut first) = (Vec::new(), None);
        for_each_choice(rest.len(), need, &mut |picks| {
            let cards: Vec<Card> = up.iter().copied().chain(picks.iter().map(|&i| rest[i])).collect();
            first.get_or_insert_with(|| cards.clone());
            if !variant.rule().holds(variant.deck(), &cards) {
                misses.push(cards);
            }
            true
        });
        let mut draw = SplitMix64::new(self.game.seed() ^ u64::from(self.seq()).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let chosen = match misses.len() as u64 {
            0 => first,
            count => Some(misses.swap_remove(draw.below(count) as usize)),
        };
        let cards = chosen?;
        self.turned.clear();
        let judged = self.judge(by, &cards, at_ms);
        if judged.is_err() {
            self.turned = up;
        }
        Some((by, judged.ok()?))
    }
}

/// Calls `each` with every choice of `k` of `n` indices, ascending, in
/// lexicographic order, while it returns true.
fn for_each_choice(n: usize, k: usize, each: &mut dyn FnMut(&[usize]) -> bool) {
    fn walk(start: usize, n: usize, k: usize, picks: &mut Vec<usize>, each: &mut dyn FnMut(&[usize]) -> bool) -> bool {
        if picks.len() == k {
            return each(picks);
        }
        for i in start..n {
            picks.push(i);
            let go_on = walk(i + 1, n, k, picks, each);
            picks.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    walk(0, n, k, &mut Vec::with_capacity(k), each);
}

#[cfg(test)]
mod tests;
