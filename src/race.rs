//! race.html's page: the game with other players (people sharing the
//! screen, computer opponents), which the `race` feature adds to the page
//! beside the game alone. Its entry, `start_race`, hosts a [`Race`]; the
//! controller is the same as index.html's, and asks the race, through
//! [`Others`] and [`Hosted`], for what only a game with others does: moves
//! of its own (bots, calls running out), calls, the scoreboard, the end
//! screen's ranking, the players in the address and `state().players`.
//! Refusals' and moves' words come through the core's `Table`, as alone.

use crate::app::host::{Hosted, Others};
use crate::app::ids;
use crate::app::state::put;
use crate::start::start_hosting;
use crate::today;
use js_sys::{Array, Object};
use set_canvas::SEAT_COLOURS;
use set_client::page::keyboard::CALL_KEYS;
use set_client::page::options::{PageOptions, parse_race_query, race_query_for};
use set_client::play::race::{BotPlan, Race, Turn};
use set_client::play::session::Session;
use set_core::players::ranking::{self, Tally};
use set_core::players::sitting::{Kind, Refusal, Seat, Seats};
use set_core::rules::game::Game;
use set_core::text::escape_html as escape;
use wasm_bindgen::prelude::*;

/// race.html's entry: the game with others.
#[wasm_bindgen]
pub fn start_race() -> Result<(), JsValue> {
    start_hosting::<Race>()
}

/// Panics on purpose, so that tests can check the crash screen. The page
/// needs its New game button (a reload) afterwards. Only race.html has it:
/// the crash screen is the same on both pages, and index.html's download
/// carries no test hook.
#[wasm_bindgen]
pub fn simulate_crash() {
    panic!("simulate_crash() was called");
}

impl Hosted for Race {
    const HEARS_CALLS: bool = true;

    fn asked(search: &str) -> Result<(PageOptions, Option<Seats>), String> {
        parse_race_query(search, today()).map(|asked| (asked.page, asked.seats)).map_err(|err| err.to_string())
    }

    fn advance(&mut self, now: f64) -> Vec<Turn> {
        Race::advance(self, now)
    }

    /// Taken only when several people share the screen.
    fn call(&mut self, seat: Seat, now: f64) -> Result<Option<Turn>, Refusal> {
        if !self.seats().call_first() {
            return Ok(None);
        }
        self.call_claim(seat, now)
    }
}

impl Others for Race {
    fn calling(&self) -> Option<Seat> {
        self.call().map(|call| call.seat)
    }

    fn showing(&self, now: f64) -> Option<BotPlan> {
        Race::showing(self, now)
    }

    fn is_bot(&self, seat: Seat) -> bool {
        self.seats().player(seat).is_some_and(|player| player.kind != Kind::Human)
    }

    fn countdown(&self, now: f64) -> Option<u32> {
        let call = self.call()?;
        Some(((call.until_ms as f64 - self.elapsed_ms(now)).max(0.0) / 1000.0).ceil() as u32)
    }

    /// Taking turns (Memory with others), a miss only passes the turn: no
    /// wrong claim is counted.
    fn wrong_claims(&self, game: &Game) -> u32 {
        if self.sitting().in_turns(game) { 0 } else { game.wrong_claims() }
    }

    fn seat_element(&self, seat: Seat) -> Option<String> {
        (!self.seats().is_solo()).then(|| format!("#scores > li:nth-child({})", seat.0 + 1))
    }

    /// Each player's colour, name, key (people who call), score, and
    /// whether they are out, calling or to play (taking turns); empty alone.
    fn scoreboard(&self, now: f64) -> String {
        let seats = self.seats();
        if seats.is_solo() {
            return String::new();
        }
        let call = self.call();
        let turn = self.sitting().turn(self.game());
        let mut markup = String::new();
        for ((seat, player), standing) in seats.players().iter().enumerate().zip(self.standings()) {
            let name = escape(&player.name);
            let mut state = String::new();
            if standing.locked_out {
                state.push_str(" out");
            }
            if turn.is_some_and(|turn| turn.0 as usize == seat) {
                state.push_str(" to play");
            }
            if let Some(left) = self.countdown(now).filter(|_| call.is_some_and(|call| call.seat.0 as usize == seat)) {
                state = format!(" calling {left}s");
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

    /// The ranking in [`ranking`]'s order, and its title naming the winner;
    /// `None` for one player.
    fn ranking(&self) -> Option<(String, String)> {
        let seats = Some(self.seats()).filter(|seats| !seats.is_solo())?;
        let standings = self.standings();
        let tallies: Vec<Tally> = standings.iter().map(|s| Tally { score: s.score(), wrong: s.penalties }).collect();
        let order = ranking::order(&tallies);
        let names: Vec<&str> = seats.players().iter().map(|player| player.name.as_ref()).collect();
        let title = ranking::title(&tallies, &order, &names);
        let mut list = String::new();
        for seat in order {
            let s = standings[seat];
            let name = escape(&seats.players()[seat].name);
            list.push_str(&format!("<li>{name}: {} ({} sets, {} penalties)</li>", s.score(), s.sets, s.penalties));
        }
        Some((title, list))
    }

    /// With the players (`players=…&bots=…`).
    fn query(&self, session: &Session) -> String {
        race_query_for(session.game(), self.seats())
    }

    /// `players`: `[{ name, kind, level, score, sets, wrong, lockedOut }]`
    /// by seat; `calling`: the calling seat; `turn`: whose turn it is
    /// (Memory with others), else `null`; `botClaim`: the cards of a
    /// computer opponent's claim on show.
    fn put_players(&self, object: &Object, now: f64) {
        let players: Array = self
            .seats()
            .players()
            .iter()
            .zip(self.standings())
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
                put(&object, "rightCalls", standing.calls.into());
                put(&object, "lockedOut", standing.locked_out.into());
                JsValue::from(object)
            })
            .collect();
        put(object, "players", players.into());
        put(object, "calling", self.call().map_or(JsValue::NULL, |call| call.seat.0.into()));
        let turn = self.sitting().turn(self.game());
        put(object, "turn", turn.map_or(JsValue::NULL, |seat| seat.0.into()));
        put(
            object,
            "botClaim",
            Race::showing(self, now).and_then(|plan| plan.claim()).map_or(JsValue::NULL, |claim| ids(claim.cards())),
        );
    }
}
