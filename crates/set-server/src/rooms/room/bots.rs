//! A room's computer opponents: the host chooses them while the room
//! waits; they sit after the people at the start, and the room makes their
//! claims itself, on its own clock, when the core's model of human search
//! says each is found (`RoomGame::bot_plan`). A bot's claim is judged and
//! appended like anyone's, so the log, a restart and a download hold it.
//! Bots play only while someone is in the room to see it.

use super::Room;
use crate::proto::ErrorCode;
use crate::rooms::{ConnId, room_bots};
use crate::store::Status;
use set_core::online::room::EventKind;
use set_core::players::bot::BotMove;
use set_core::players::sitting::{MAX_ONLINE_PLAYERS, Seats, Verdict};
use set_core::rules::game::CallOutcome;
use std::time::{Duration, Instant};

/// After a bot's claim the store could not keep, the room tries again this much later.
const RETRY: Duration = Duration::from_secs(1);

impl Room {
    /// The bots' names as they sit: after the people, each by its level.
    pub(super) fn bot_names(&self) -> Vec<String> {
        if self.record.bots.is_empty() {
            return Vec::new();
        }
        let people: Vec<&str> = self.seats.iter().map(|s| s.name.as_str()).collect();
        let seats = match &self.game {
            Some(game) => Some(game.sitting().seats().clone()),
            None => Seats::online_with_bots(&people, &self.record.bots).ok(),
        };
        seats
            .map(|seats| seats.players().iter().skip(people.len()).map(|p| p.name.to_string()).collect())
            .unwrap_or_default()
    }

    /// The host sets the waiting room's computer opponents.
    pub(super) async fn set_bots(&mut self, conn: ConnId, names: &[String]) {
        let Some(c) = self.conns.get(&conn) else { return };
        if c.player != self.record.host {
            return self.error(conn, None, ErrorCode::NotHost, "only the host chooses the computer opponents");
        }
        if self.record.status != Status::Waiting {
            return self.error(conn, None, ErrorCode::Started, "the game has started: its players are fixed");
        }
        let bots = match room_bots(names) {
            Ok(bots) => bots,
            Err(err) => return self.error(conn, None, ErrorCode::BadBots, err.to_string()),
        };
        if self.seats.len() + bots.len() > MAX_ONLINE_PLAYERS {
            let why = format!(
                "{} players and {} computer opponents: at most {MAX_ONLINE_PLAYERS} in all",
                self.seats.len(),
                bots.len()
            );
            return self.error(conn, None, ErrorCode::BadBots, why);
        }
        if let Err(err) = self.store.set_bots(&self.record.id, self.epoch, &bots).await {
            self.not_kept(&err, "the computer opponents");
            return self.error(
                conn,
                None,
                ErrorCode::Unavailable,
                "the computer opponents could not be kept: try again",
            );
        }
        self.record.bots = bots;
        self.send_snapshots();
        self.publish();
    }

    /// When the bots' next claim is due: none without bots, outside play,
    /// or with nobody in the room.
    pub(super) fn plan_bots(&mut self) {
        let playing = self.record.status == Status::Playing && !self.conns.is_empty();
        let plan = self.game.as_ref().filter(|_| playing).and_then(set_core::online::room::RoomGame::bot_plan);
        self.bot_due = plan.map(|plan| self.clock + Duration::from_millis(plan.due_ms));
    }

    /// Makes the bots' claim that came due, as a move of the log.
    pub(super) async fn play_bot(&mut self) {
        self.bot_due = None;
        let Some(game) = self.game.as_ref().filter(|_| self.record.status == Status::Playing) else { return };
        let Some(plan) = game.bot_plan() else { return };
        let last = game.last_move().map_or(0, |(_, mv)| mv.at_ms);
        let mut next = game.clone();
        let at_ms = plan.due_ms.max(last);
        let kind = match plan.what {
            BotMove::Claim(claim) => {
                let cards: Vec<i64> = claim.cards().iter().map(|card| i64::from(card.id())).collect();
                match next.claim(plan.seat, &cards, next.seq(), at_ms) {
                    Ok(Verdict::Accepted { .. }) => EventKind::Set,
                    // Memory: a bot turns up cards it does not know, and misses as a person does.
                    Ok(Verdict::Wrong(_)) if self.record.mode.face_down() => EventKind::Wrong,
                    // A plan is a set of the table it was drawn on: anything else is a bug, logged, and the bots stop.
                    other => {
                        return tracing::error!(room = %self.record.id, ?other, "a computer opponent's claim was not a set");
                    }
                }
            }
            BotMove::CallNoSet => match next.call_no_set(plan.seat, next.seq(), at_ms) {
                Ok(CallOutcome::Right { .. }) => EventKind::NoSet,
                // A bot calls only a table that holds no claim.
                other => return tracing::error!(room = %self.record.id, ?other, "a computer opponent's call was wrong"),
            },
        };
        if !self.commit(next, kind).await {
            self.bot_due = Some(Instant::now() + RETRY);
        }
    }
}
