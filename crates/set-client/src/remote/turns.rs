//! Memory in a player's picture of a room: the cards lie face down (the
//! server sends none of them), the seats take turns, and a tap turns up
//! the card in its slot ([`Remote::flip`]) rather than picking a card the
//! page does not know. The server tells everyone each card turned up
//! (`flipped`); the third makes the claim, whose move follows.

use super::{Remote, WATCHERS_DO_NOT_CLAIM};
use set_core::online::room::Status;
use set_protocol::{ClientMsg, ViewMsg};

impl Remote {
    /// Whether the room's cards lie face down (Memory).
    pub fn face_down(&self) -> bool {
        self.variant.is_some_and(set_core::rules::variant::Variant::face_down)
    }

    /// Whether it is this player's turn.
    pub fn my_turn(&self) -> bool {
        self.seat.is_some() && self.view.turn == self.seat
    }

    /// A tap on a slot in Memory: the frame that turns its card up, or none
    /// (and the page says why) when this player may not turn it now.
    pub fn flip(&mut self, slot: usize) -> Option<ClientMsg> {
        if self.status != Status::Playing {
            return None;
        }
        if self.seat.is_none() {
            self.said = WATCHERS_DO_NOT_CLAIM.to_owned();
            return None;
        }
        if !self.my_turn() {
            let turn = self.view.turn.map_or("Someone", |seat| self.name(seat)).to_owned();
            self.said = format!("It is {turn}\u{2019}s turn.");
            return None;
        }
        let slot = u8::try_from(slot).ok().filter(|&slot| usize::from(slot) < self.view.table.len())?;
        if self.flipping.is_some() || self.turned.contains(&slot) {
            return None;
        }
        self.flipping = Some(slot);
        Some(ClientMsg::Flip { slot, seen: self.seq })
    }

    /// A card turned up by `by`, for everyone, with the table after it.
    pub fn apply_flipped(&mut self, by: u8, slot: u8, view: ViewMsg) {
        self.view = view;
        if !self.turned.contains(&slot) {
            self.turned.push(slot);
        }
        if Some(by) == self.seat {
            self.flipping = None;
            self.said = match self.turned.len() {
                1 => "Turn up another card.".to_owned(),
                _ => "And a third…".to_owned(),
            };
        } else {
            self.said = format!("{} turned up a card.", self.name(by));
        }
    }

    /// What a Memory claim did, in words, after its move: a set keeps the
    /// turn, a miss passes it.
    pub(super) fn said_of_turn(&self, by: u8, set: bool) -> String {
        let who = if Some(by) == self.seat { "You" } else { self.name(by) };
        let what = if set { "found a set" } else { "missed: no set" };
        match self.view.turn {
            Some(seat) if Some(seat) == self.seat => format!("{who} {what}. Your turn."),
            Some(seat) => format!("{who} {what}. {}\u{2019}s turn.", self.name(seat)),
            None => format!("{who} {what}."),
        }
    }
}
