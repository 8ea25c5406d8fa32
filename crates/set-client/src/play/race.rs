//! A game with other players, around a [`Session`]: people sharing the
//! screen and computer opponents ([`Sitting`] settles every claim and keeps
//! who made each move; [`set_core::players::bot`] is how a bot finds a claim).
//! - When several people share the screen, a person calls a claim first
//!   (their key, or a tap on their name) and then has [`CALL_MS`] of play
//!   time to pick its cards; letting it run out is a penalty.
//! - With one person, their picks and hints are theirs without calling.
//! - Where extra cards wait for a call, "No set" is a move of the caller or
//!   the only person, like a pick: right, a point; wrong, a penalty. A
//!   computer opponent calls too, when its plan says it has looked enough.
//! - Memory with others is played in turns ([`Sitting::turn`]): the person
//!   whose turn it is picks without calling, and a bot plays its turn as
//!   [`set_core::players::bot::memory`] says.
//! - A computer opponent claims when its plan ([`Race::bot_plan`]) comes due,
//!   shown on the board for [`SHOW_MS`] first; a bot's claim due while a
//!   person has called waits for the call to end.
//! - Time-outs and bot claims happen in [`Race::advance`], which the page
//!   calls before every input and on each tick of its clock. All of it is
//!   play time, so it stands still while the page is hidden; and it is all
//!   drawn from the game's seed and its moves, so a reload carries on
//!   exactly where it was.
//!
//! What a session does alone a race does too ([`Race`] dereferences to its
//! [`Session`] to read); every move goes through the race, so that the
//! sitting's log keeps one seat per move.

use crate::play::selection::Toggle;
use crate::play::session::{Adopted, Happened, Session, called};
use set_core::players::bot::{self, BotMove};
use set_core::players::sitting::{Kind, Refusal, Seat, Seats, Sitting, Standing, Verdict};
use set_core::rules::card::Card;
use set_core::rules::game::{Claim, Game, GameError, HintOutcome};
use set_core::rules::variant::{Dealing, Variant};
use set_core::save::{self, SavedGame};
use std::ops::Deref;

/// Play time a person has to pick a claim's cards after calling it.
pub const CALL_MS: u64 = 5_000;
/// How long a computer opponent's claim shows on the board before its cards leave.
pub const SHOW_MS: u64 = 700;

/// A person's call: their seat, and the play time their picks run out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    /// The seat that called.
    pub seat: Seat,
    /// Play time at which their picks run out, in ms.
    pub until_ms: u64,
}

pub use set_core::players::bot::BotPlan;

/// What one input or moment did at a game with others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A seat's pick, claim or hint, as a session says it.
    Move {
        /// Whose move it was.
        by: Seat,
        /// What it did.
        happened: Happened,
    },
    /// A person called a claim: the cards are theirs to pick for [`CALL_MS`].
    Called(Seat),
    /// A person's call ran out of time: a penalty.
    TimedOut(Seat),
}

impl Turn {
    /// What it did on the board, as a session says it (a call or a time-out
    /// only changes who may pick).
    pub fn happened(&self) -> Happened {
        match *self {
            Turn::Move { happened, .. } => happened,
            Turn::Called(_) | Turn::TimedOut(_) => Happened::Nothing,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
/// A game with others around one session: see the module documentation.
pub struct Race {
    session: Session,
    sitting: Sitting,
    call: Option<Call>,
    /// The sitting of the game the last new game replaced, which going back
    /// restores with it.
    replaced: Option<Sitting>,
}

impl Deref for Race {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.session
    }
}

impl Race {
    /// A new game for these players, its clock running from `now`; the
    /// daily puzzle is played alone, whoever was asked for.
    pub fn seated(variant: Variant, seed: u64, seats: Seats, now: f64) -> Race {
        Race::dealt(Game::new(variant, seed), seats, now)
    }

    /// A game just dealt, before its first move (any [`Dealing`]), for these players.
    pub fn dealt(game: Game, seats: Seats, now: f64) -> Race {
        let seats = if matches!(game.variant(), Variant::Daily(_)) { Seats::solo() } else { seats };
        Race { session: Session::dealt(game, now), sitting: Sitting::new(seats), call: None, replaced: None }
    }

    /// A new game alone.
    pub fn new(variant: Variant, seed: u64, now: f64) -> Race {
        Race::seated(variant, seed, Seats::solo(), now)
    }

    /// Carries on a restored game with its sitting ([`save::decode_seated`]).
    pub fn resume(saved: SavedGame, sitting: Sitting, now: f64) -> Race {
        Race { session: Session::resume(saved, now), sitting, call: None, replaced: None }
    }

    /// Who plays.
    pub fn seats(&self) -> &Seats {
        self.sitting.seats()
    }

    /// The seats and who made each move.
    pub fn sitting(&self) -> &Sitting {
        &self.sitting
    }

    /// Every seat's standing, by seat.
    pub fn standings(&self) -> Vec<Standing> {
        self.sitting.standings(self.game())
    }

    /// The call in progress, if a person has called a claim.
    pub fn call(&self) -> Option<Call> {
        self.call
    }

    /// The name of the player at a seat.
    pub fn name(&self, seat: Seat) -> &str {
        self.seats().player(seat).map_or("", |player| player.name.as_ref())
    }

    /// The page was hidden or shown: the clock runs only while it shows.
    pub fn set_hidden(&mut self, hidden: bool, now: f64) {
        self.session.set_hidden(hidden, now);
    }

    /// Puts back every picked card.
    pub fn clear_selection(&mut self) -> Happened {
        self.session.clear_selection()
    }

    /// A new game of the same way to play, for the same players, its extra
    /// cards coming as now.
    pub fn new_game(&mut self, seed: u64, now: f64) {
        let (variant, dealing) = (self.game().variant(), self.game().dealing());
        self.play(variant, seed, dealing, now);
    }

    /// A new game of this way to play, for the same players.
    pub fn play(&mut self, variant: Variant, seed: u64, dealing: Dealing, now: f64) {
        self.play_seated(variant, seed, dealing, self.seats().clone(), now);
    }

    /// A new game for these players; the daily puzzle is played alone.
    pub fn play_seated(&mut self, variant: Variant, seed: u64, dealing: Dealing, seats: Seats, now: f64) {
        let seats = if matches!(variant, Variant::Daily(_)) { Seats::solo() } else { seats };
        self.call = None;
        self.replaced = Some(std::mem::replace(&mut self.sitting, Sitting::new(seats)));
        self.session.play(variant, seed, dealing, now);
    }

    /// Back to the unfinished game the last new game replaced, with its players.
    pub fn go_back(&mut self, now: f64) -> bool {
        let back = self.session.go_back(now);
        if back {
            self.call = None;
            self.sitting = self.replaced.take().unwrap_or_else(|| Sitting::solo(self.session.game()));
        }
        back
    }

    /// Takes over a game another tab saved, with its sitting.
    pub fn adopt(&mut self, saved: SavedGame, sitting: Sitting, now: f64) -> Adopted {
        self.call = None;
        let other_players = sitting.seats() != self.seats();
        self.sitting = sitting;
        match self.session.adopt(saved, now) {
            Adopted::Same | Adopted::Moved if other_players => Adopted::Other,
            adopted => adopted,
        }
    }

    /// The save text of the game and its sitting as it stands `now`.
    pub fn save_text(&self, now: f64) -> String {
        save::encode_seated(self.game(), &self.sitting, self.play_ms(now))
    }

    /// What the page says of a refused pick, hint or call, by the
    /// players' names; `None` for a refusal a person need not hear of.
    pub fn refusal_words(&self, refusal: &Refusal) -> Option<String> {
        Some(match *refusal {
            Refusal::LockedOut(seat) => format!("{} is out until the next set.", self.name(seat)),
            Refusal::NotTheirTurn { calling } => format!("{} has called a set.", self.name(calling)),
            Refusal::CallFirst => "Call a set first: press your key or tap your name.".to_owned(),
            Refusal::OthersTurn(seat) => format!("It is {}\u{2019}s turn.", self.name(seat)),
            _ => return None,
        })
    }

    /// Whose picks they are: the caller's, or the only person's; taking
    /// turns (Memory with others), the person's whose turn it is.
    fn picker(&self) -> Result<Seat, Refusal> {
        if let Some(turn) = self.sitting.turn(self.game()) {
            return match self.seats().player(turn) {
                Some(player) if player.kind == Kind::Human => Ok(turn),
                _ => Err(Refusal::OthersTurn(turn)),
            };
        }
        match (self.call, self.seats().only_person()) {
            (Some(call), _) => Ok(call.seat),
            (None, Some(seat)) if !self.seats().call_first() => Ok(seat),
            _ => Err(Refusal::CallFirst),
        }
    }

    /// Picks a card in play for the caller or the only person, as a session
    /// alone does; refused to a person who is locked out, or who has not
    /// called while others share the screen. Refusals change nothing.
    pub fn pick(&mut self, card: Card, now: f64) -> Result<Turn, Refusal> {
        let by = self.picker()?;
        self.sitting.may_claim(self.game(), by)?;
        if !self.game().in_play(card) {
            return Err(GameError::NotInPlay { card }.into());
        }
        let happened = |happened| Ok(Turn::Move { by, happened });
        let cards = match self.session.toggle(card) {
            None => return happened(Happened::Nothing),
            Some(Toggle::Picked) => return happened(Happened::Picked(card)),
            Some(Toggle::Unpicked) => return happened(Happened::Unpicked(card)),
            Some(Toggle::Claim(cards)) => cards,
        };
        self.call = None;
        let at_ms = self.play_ms(now);
        self.claim_for(by, &cards, at_ms, now)
    }

    /// Settles a claim by a seat at a play time, and says what happened.
    fn claim_for(&mut self, by: Seat, cards: &[Card], at_ms: u64, now: f64) -> Result<Turn, Refusal> {
        let deck_before = self.game().deck().len();
        let verdict = self.sitting.settle(self.session.game_mut(), by, cards, at_ms)?;
        self.session.run_clock(now);
        self.session.show_miss(if matches!(verdict, Verdict::Wrong(_)) { cards } else { &[] });
        let happened = match verdict {
            Verdict::Accepted { claim, split } => {
                // Picks that are still in play stay picked after another's claim.
                let game = self.session.game().clone();
                self.session.selection_mut().keep_only(|card| game.in_play(card));
                Happened::Found { claim, split, dealt: deck_before - self.game().deck().len() }
            }
            Verdict::AlreadyFound => Happened::AlreadyFound,
            Verdict::Wrong(why) => Happened::Invalid { claim: Claim::new(cards).ok_or(GameError::GameOver)?, why },
            Verdict::Taken { .. } => Happened::Nothing,
        };
        Ok(Turn::Move { by, happened })
    }

    /// Reveals one more card of a claim that can be made, for the caller or
    /// the only person (the hint counts for them).
    pub fn hint(&mut self, now: f64) -> Result<Turn, Refusal> {
        let by = self.picker()?;
        let at_ms = self.play_ms(now);
        let happened = match self.sitting.hint(self.session.game_mut(), by, at_ms)? {
            HintOutcome::Revealed { .. } => {
                self.game().hinted_cards().last().map_or(Happened::Nothing, |&c| Happened::Hinted(c))
            }
            HintOutcome::AlreadyRevealed => Happened::Nothing,
        };
        Ok(Turn::Move { by, happened })
    }

    /// "No set", for the caller or the only person (where extra cards wait
    /// for a call): right, a point and more cards; wrong, a penalty.
    pub fn call_no_set(&mut self, now: f64) -> Result<Turn, Refusal> {
        let by = self.picker()?;
        let at_ms = self.play_ms(now);
        self.call = None;
        self.call_no_set_for(by, at_ms, now)
    }

    fn call_no_set_for(&mut self, by: Seat, at_ms: u64, now: f64) -> Result<Turn, Refusal> {
        let before = self.game().table().len();
        let outcome = self.sitting.call_no_set(self.session.game_mut(), by, at_ms)?;
        self.session.selection_mut().clear();
        self.session.run_clock(now);
        Ok(Turn::Move { by, happened: called(outcome, self.game().table().len() - before) })
    }

    /// Calls a claim for a person, when several share the screen: the cards
    /// are theirs to pick for [`CALL_MS`] of play time.
    pub fn call_claim(&mut self, seat: Seat, now: f64) -> Result<Option<Turn>, Refusal> {
        let player = self.seats().player(seat).ok_or(Refusal::NoSuchSeat(seat))?;
        if player.kind != Kind::Human {
            return Err(Refusal::NotAPerson(seat));
        }
        // Taking turns, nobody calls: the cards are the turn's.
        if let Some(turn) = self.sitting.turn(self.game()) {
            return if turn == seat { Ok(None) } else { Err(Refusal::OthersTurn(turn)) };
        }
        if let Some(call) = self.call.filter(|call| call.seat != seat) {
            return Err(Refusal::NotTheirTurn { calling: call.seat });
        }
        self.sitting.may_claim(self.game(), seat)?;
        if self.call.is_some() {
            return Ok(None);
        }
        self.session.selection_mut().clear();
        self.call = Some(Call { seat, until_ms: self.play_ms(now) + CALL_MS });
        Ok(Some(Turn::Called(seat)))
    }

    /// What a computer opponent will claim next, and when: each bot's horse
    /// race ([`set_core::players::bot`]) drawn from the game's seed, the bot's seat
    /// and the number of claims found, from the play time the table last
    /// changed; the earliest bot wins. `None` without bots, or once over.
    pub fn bot_plan(&self) -> Option<BotPlan> {
        let game = self.game();
        // Taking turns, the bot whose turn it is plays, from the turn's start.
        if self.sitting.in_turns(game) {
            return self.sitting.bot_turn(game, self.last_event_ms().unwrap_or(0));
        }
        // The table last changed at the last claim found or right call.
        let found = self.sitting.findings(game).last().map_or(0, |finding| finding.at_ms);
        let called = self.sitting.right_calls(game).last().map_or(0, |call| call.at_ms);
        bot::plan(game, self.seats(), found.max(called))
    }

    /// Play time of the last move or time-out, if any.
    fn last_event_ms(&self) -> Option<u64> {
        let last = self.game().moves().last().map(|mv| mv.at_ms);
        last.into_iter().chain(self.sitting.time_outs().last().map(|t| t.at_ms)).max()
    }

    /// A computer opponent's claim to show on the board `now`: in the last
    /// [`SHOW_MS`] before it is made, while nobody has called a claim.
    pub fn showing(&self, now: f64) -> Option<BotPlan> {
        let plan = self.bot_plan().filter(|_| self.call.is_none())?;
        (self.play_ms(now) + SHOW_MS >= plan.due_ms).then_some(plan)
    }

    /// What happens on its own by `now`: a call whose time ran out, and
    /// computer opponents' claims that came due (held back while a person
    /// has called one). In the order they happen.
    pub fn advance(&mut self, now: f64) -> Vec<Turn> {
        let mut turns = Vec::new();
        let play_ms = self.play_ms(now);
        if let Some(call) = self.call.filter(|call| call.until_ms <= play_ms) {
            self.call = None;
            self.session.selection_mut().clear();
            if self.sitting.time_out(self.session.game(), call.seat, call.until_ms).is_ok() {
                turns.push(Turn::TimedOut(call.seat));
            }
        }
        while self.call.is_none() {
            let Some(plan) = self.bot_plan().filter(|plan| plan.due_ms <= play_ms) else { break };
            // Not before the last move: a claim held back by a call comes after it.
            let last = self.last_event_ms();
            let at_ms = last.map_or(plan.due_ms, |at| at.max(plan.due_ms));
            let made = match plan.what {
                BotMove::Claim(claim) => self.claim_for(plan.seat, claim.cards(), at_ms, now),
                BotMove::CallNoSet => self.call_no_set_for(plan.seat, at_ms, now),
            };
            match made {
                Ok(turn) => turns.push(turn),
                Err(_) => break,
            }
        }
        turns
    }

    /// What a screen reader is told of a turn (see [`Happened::announcement`]);
    /// with other players, said with the name of whoever did it: "Hard bot:
    /// Set! 3 new cards.", "Ann calls a set: 5 seconds to pick its cards.".
    pub fn announcement(&self, turn: &Turn) -> Option<String> {
        let (by, happened) = match *turn {
            Turn::Called(seat) => {
                return Some(format!("{} calls a set: {} seconds to pick its cards.", self.name(seat), CALL_MS / 1000));
            }
            Turn::TimedOut(seat) => {
                return Some(format!("{}: time is up. Minus one point, out until the next set.", self.name(seat)));
            }
            Turn::Move { by, happened } => (by, happened),
        };
        let text = happened.announcement(self.game())?;
        if self.seats().is_solo() {
            return Some(text);
        }
        let penalty = match happened {
            Happened::Invalid { .. } | Happened::WrongCall { .. } => " Minus one point.",
            Happened::CalledNoSet { .. } => " One point.",
            _ => "",
        };
        Some(format!("{}: {text}{penalty}", self.name(by)))
    }
}
