//! Other players on the page: what computer opponents and running-out
//! calls do on their own, and calls. A game alone has none of it: its
//! host does nothing here ([`super::Others`]); race.html's build adds the
//! race's (`crate::race`), with its scoreboard and `state().players`.

use super::host::{Host, Hosted};
use super::{App, Changes};
use set_client::page::sound::Cue;
use set_core::players::sitting::Seat;

impl<T: Hosted> App<T> {
    /// What happened by itself by `now`: a call whose time ran out, claims
    /// of computer opponents. A bot's claim starting to show redraws.
    pub(super) fn let_others_play(&mut self, now: f64) -> Changes {
        let happened = Host::advance(&mut self.table, now);
        let showing = self.table.showing(now).map(|plan| plan.seat);
        let mut changes = Changes::NONE;
        if showing != self.showing {
            self.showing = showing;
            changes = Changes::DRAW;
        }
        for happened in happened {
            self.after_move(happened, now);
            changes = Changes::SAVE_AND_REFRESH;
        }
        if changes != Changes::NONE {
            self.drawn_at_rest = false;
        }
        // The caller's seconds left, on the scoreboard, and heard.
        let countdown = self.table.countdown(now);
        if countdown != self.counted {
            self.counted = countdown;
            if countdown.is_some_and(|left| left > 0) {
                self.moves.cues.push(Cue::Countdown);
            }
        }
        if self.table.calling().is_some() && changes == Changes::NONE {
            changes = Changes::REFRESH;
        }
        changes
    }

    /// A person calls a claim (their key, or a tap on their name), when
    /// several people share the screen.
    pub(super) fn call(&mut self, seat: Seat, now: f64) -> Changes {
        match Host::call(&mut self.table, seat, now) {
            Ok(None) => Changes::NONE,
            Ok(Some(said)) => {
                self.announce(said);
                Changes::REFRESH
            }
            Err(refusal) => self.refused(refusal, now),
        }
    }
}
