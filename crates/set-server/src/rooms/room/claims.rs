//! A room's claims, hints and no-set calls: each judged by the core
//! (`RoomGame`), appended, then answered and told to everyone; a claim
//! sent again is given the verdict it had.

use super::{ClaimKey, Room, refused};
use crate::proto::{ErrorCode, ServerMsg, Verdict as WireVerdict};
use crate::rooms::{ConnId, REMEMBERED_CLAIMS};
use crate::store::Status;
use set_core::online::room::{ClaimError, EventKind, RoomGame};
use set_core::players::sitting::{Seat, Verdict};
use set_core::rules::explain::reasons;
use set_core::rules::game::CallOutcome;
use std::time::Instant;

impl Room {
    /// Judges a claim, answers it, counts it (`crate::metrics`), and
    /// remembers a verdict for a claim sent again.
    pub(super) async fn claim(&mut self, conn: ConnId, id: u32, cards: &[i64], seen: u32, received: Instant) {
        let Some(seat) = self.seat_of(conn) else {
            return self.error(conn, Some(id), ErrorCode::NotSeated, "only the room's players claim");
        };
        let key = ClaimKey { seat, id, cards: cards.to_vec(), seen };
        if let Some((_, answer)) = self.answered.iter().find(|(answered, _)| *answered == key) {
            return self.tell(conn, answer);
        }
        let answer = self.judge(seat, id, cards, seen, received).await;
        self.tell(conn, &answer);
        let verdict = match &answer {
            ServerMsg::Result { verdict, .. } => verdict.name(),
            _ => "refused",
        };
        crate::metrics::claim_answered(verdict, received.elapsed().as_secs_f64());
        if let ServerMsg::Result { .. } = answer {
            self.answered.push_back((key, answer));
            if self.answered.len() > REMEMBERED_CLAIMS {
                self.answered.pop_front();
            }
        }
    }

    /// The answer to a claim: its verdict (the move kept first), or why it was refused.
    pub(super) async fn judge(&mut self, seat: u8, id: u32, cards: &[i64], seen: u32, received: Instant) -> ServerMsg {
        let to = self.answering;
        let refuse = |code, message: String| ServerMsg::refusal(to, Some(id), code, message);
        let Some(game) = self.game.as_ref().filter(|_| self.record.status == Status::Playing) else {
            return refuse(ErrorCode::NotPlaying, "the game is not being played".into());
        };
        let at_ms = self.now_ms(received);
        let mut next = game.clone();
        let verdict = match next.claim(Seat(seat), cards, seen, at_ms) {
            Ok(verdict) => verdict,
            Err(err) => return refused(to, Some(id), &err, at_ms),
        };
        match verdict {
            Verdict::Taken { by, card } => ServerMsg::Result {
                id,
                verdict: WireVerdict::Taken,
                seq: game.seq(),
                by: Some(by.0),
                card: Some(card),
                why: None,
            },
            Verdict::Accepted { .. } | Verdict::Wrong(_) | Verdict::AlreadyFound => {
                let accepted = matches!(verdict, Verdict::Accepted { .. });
                // A claim that found no new set is a wrong one in the log (as `RoomGame::events` tells it).
                let kind = if accepted { EventKind::Set } else { EventKind::Wrong };
                if !self.commit(next, kind).await {
                    return refuse(ErrorCode::Unavailable, "the claim could not be kept: try again".into());
                }
                let seq = self.game.as_ref().map_or(0, RoomGame::seq);
                let why = match verdict {
                    Verdict::Wrong(invalid) => {
                        let variant = self.record.mode;
                        let cards: Vec<_> = cards.iter().filter_map(|&c| variant.deck().card(c).ok()).collect();
                        Some(reasons(variant, invalid, &cards).join(" "))
                    }
                    _ => None,
                };
                ServerMsg::Result {
                    id,
                    verdict: if accepted { WireVerdict::Accepted } else { WireVerdict::Wrong },
                    seq,
                    by: None,
                    card: None,
                    why,
                }
            }
        }
    }

    pub(super) async fn hint(&mut self, conn: ConnId, id: u32) {
        let Some(seat) = self.seat_of(conn) else {
            return self.error(conn, Some(id), ErrorCode::NotSeated, "only the room's players ask for hints");
        };
        if !self.record.hints {
            return self.error(conn, Some(id), ErrorCode::NoHints, "this room plays without hints");
        }
        let Some(game) = self.game.as_ref().filter(|_| self.record.status == Status::Playing) else {
            return self.error(conn, Some(id), ErrorCode::NotPlaying, "the game is not being played");
        };
        let mut next = game.clone();
        if let Err(err) = next.hint(Seat(seat), self.now_ms(Instant::now())) {
            return self.error(conn, Some(id), ErrorCode::BadClaim, err.to_string());
        }
        if next.seq() == game.seq() {
            return; // every card of the hinted set is shown already
        }
        if !self.commit(next, EventKind::Hint).await {
            self.error(conn, Some(id), ErrorCode::Unavailable, "the hint could not be kept: try again");
        }
    }

    /// Judges a "no set" call as a claim is judged (the room's order; a
    /// call from a table that has changed since is late, not wrong), keeps
    /// it, and answers it: `accepted` (right), `wrong`, or `taken` (late).
    pub(super) async fn call_no_set(&mut self, conn: ConnId, id: u32, seen: u32, received: Instant) -> ServerMsg {
        let to = self.answering;
        let refuse = |code, message: String| ServerMsg::refusal(to, Some(id), code, message);
        let Some(seat) = self.seat_of(conn) else {
            return refuse(ErrorCode::NotSeated, "only the room's players call".into());
        };
        let Some(game) = self.game.as_ref().filter(|_| self.record.status == Status::Playing) else {
            return refuse(ErrorCode::NotPlaying, "the game is not being played".into());
        };
        let at_ms = self.now_ms(received);
        let mut next = game.clone();
        let outcome = match next.call_no_set(Seat(seat), seen, at_ms) {
            Ok(outcome) => outcome,
            Err(ClaimError::Late { by }) => {
                let seq = game.seq();
                return ServerMsg::Result {
                    id,
                    verdict: WireVerdict::Taken,
                    seq,
                    by: Some(by.0),
                    card: None,
                    why: None,
                };
            }
            Err(err) => return refused(to, Some(id), &err, at_ms),
        };
        let (kind, verdict, why) = match outcome {
            CallOutcome::Right { .. } => (EventKind::NoSet, WireVerdict::Accepted, None),
            // The claim missed is named after the game, not now: it would be a hint.
            CallOutcome::Wrong { .. } => {
                (EventKind::WrongCall, WireVerdict::Wrong, Some("There is a set on the table.".to_owned()))
            }
        };
        if !self.commit(next, kind).await {
            return refuse(ErrorCode::Unavailable, "the call could not be kept: try again".into());
        }
        crate::metrics::claim_answered(verdict.name(), received.elapsed().as_secs_f64());
        let seq = self.game.as_ref().map_or(0, RoomGame::seq);
        ServerMsg::Result { id, verdict, seq, by: None, card: None, why }
    }
}
