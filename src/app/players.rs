//! Other players on the page (race.html's build only): what computer
//! opponents and running-out calls do on their own, calls, the scoreboard,
//! and `state().players`. A game alone shows none of it. What both pages
//! share (refusals' words, the end screen's ranking) is read through the
//! core's `Table` in the funnel.

use super::state::put;
use super::{App, Changes};
use js_sys::{Array, Object};
use set_canvas::SEAT_COLOURS;
use set_client::page::keyboard::CALL_KEYS;
use set_core::players::sitting::Kind;
use set_core::players::sitting::Seat;
use set_core::text::escape_html as escape;
use wasm_bindgen::JsValue;

impl App {
    /// What happened by itself by `now`: a call whose time ran out, claims
    /// of computer opponents. A bot's claim starting to show redraws.
    pub(super) fn let_others_play(&mut self, now: f64) -> Changes {
        let happened = self.session.advance(now);
        let showing = self.session.showing(now).map(|plan| plan.seat);
        let mut changes = Changes::NONE;
        if showing != self.showing {
            self.showing = showing;
            changes = Changes::DRAW;
        }
        for happened in &happened {
            self.after_move(*happened, now);
            changes = Changes::SAVE_AND_REFRESH;
        }
        // The caller's seconds left, on the scoreboard.
        if self.session.call().is_some() && changes == Changes::NONE {
            changes = Changes::REFRESH;
        }
        changes
    }

    /// A person calls a claim (their key, or a tap on their name), when
    /// several people share the screen.
    pub(super) fn call(&mut self, seat: Seat, now: f64) -> Changes {
        if !self.session.seats().call_first() {
            return Changes::NONE;
        }
        match self.session.call_claim(seat, now) {
            Ok(None) => Changes::NONE,
            Ok(Some(turn)) => {
                self.announce(turn);
                Changes::REFRESH
            }
            Err(refusal) => self.refused(&refusal, now),
        }
    }

    /// The scoreboard's markup: each player's colour, name, key (people
    /// who call), score, and whether they are out or calling; empty alone.
    pub(super) fn scoreboard(&self, now: f64) -> String {
        let seats = self.session.seats();
        if seats.is_solo() {
            return String::new();
        }
        let call = self.session.call();
        let mut markup = String::new();
        for ((seat, player), standing) in seats.players().iter().enumerate().zip(self.session.standings()) {
            let name = escape(&player.name);
            let mut state = String::new();
            if standing.locked_out {
                state.push_str(" out");
            }
            if let Some(call) = call.filter(|call| call.seat.0 as usize == seat) {
                let left = (call.until_ms as f64 - self.session.elapsed_ms(now)).max(0.0) / 1000.0;
                state = format!(" calling {}s", left.ceil() as u32);
            }
            let score = standing.score();
            let inner = format!("{name} <b>{score}</b><small>{state}</small>");
            // A person's button is named by what it shows (name, score, key, state).
            let entry = match (player.kind, seats.call_first()) {
                (Kind::Human, true) => {
                    format!(r#"<button id="seat-{seat}" type="button">{inner} <kbd>{}</kbd></button>"#, CALL_KEYS[seat])
                }
                _ => inner,
            };
            markup.push_str(&format!(r#"<li style="--seat:{}">{entry}</li>"#, SEAT_COLOURS[seat]));
        }
        markup
    }

    /// `[{ name, kind, level, score, sets, wrong, lockedOut }]` by seat.
    pub(crate) fn players_array(&self) -> Array {
        let seats = self.session.seats();
        seats
            .players()
            .iter()
            .zip(self.session.standings())
            .map(|(player, standing)| {
                let object = Object::new();
                put(&object, "name", player.name.as_ref().into());
                let (kind, level) = match player.kind {
                    Kind::Human => ("human", JsValue::NULL),
                    Kind::Bot(level) => ("bot", level.name().into()),
                };
                put(&object, "kind", kind.into());
                put(&object, "level", level);
                put(&object, "score", (standing.score() as f64).into());
                put(&object, "sets", standing.sets.into());
                put(&object, "wrong", standing.penalties.into());
                put(&object, "lockedOut", standing.locked_out.into());
                JsValue::from(object)
            })
            .collect()
    }
}
