//! How the claims of one game's players are settled: each seat's standing,
//! and the verdict on a claim from any seat. Who sits where is
//! [`crate::players::seats`]'s (re-exported here, where callers meet it).
//!
//! A [`Sitting`] keeps who made each of the game's moves (the rules know
//! nothing of players) and the calls that ran out of time; every standing
//! is derived from those and the game's moves, so a replayed or restored
//! game has the same scores, penalties and lockouts. [`Sitting::settle`]
//! decides a claim from any seat on its cards alone, whatever that seat last
//! saw, so claims that arrive from several players at once (on one screen,
//! or at a server) are settled by the order they arrive in:
//! - a claim naming a card that an earlier claim took is **taken** (it names
//!   who took it), is not a wrong claim, and changes nothing;
//! - a claim whose cards are all still in play is judged on its cards, even
//!   if the table changed since the player looked;
//! - a wrong claim, or a called claim whose time ran out, is a penalty: it
//!   costs a point, and the seat is **locked out** until the next claim is
//!   found. Should every person at a game without computer opponents be
//!   locked out, nobody could play on, so then nobody is.
//! - A right "no set" call (when extra cards wait for one) scores a point
//!   like a claim; a wrong one is a wrong claim. A call sent before the
//!   table changed (a claim found, or another player's right call) is
//!   judged by the room that saw both ([`crate::online::room`]).
//! - Memory with others is played in turns ([`turns`]): only the seat
//!   whose turn it is may claim, and a miss passes the turn, costing nothing
//!   (online too: no cool-down, no cap per seat; the room bounds the misses).
//! - A game alone has one seat and no lockouts: solo play as it always was.
//! - Online ([`Sitting::online`], up to [`MAX_ONLINE_PLAYERS`] people, no
//!   computer opponents), a wrong claim costs no point and locks nobody out:
//!   it is counted, and the seat may not claim for [`WRONG_COOLDOWN_MS`]
//!   (setwithfriends' rule, against guessing); after
//!   [`MAX_ONLINE_WRONG_CLAIMS`] of them only its sets are taken. Many
//!   strangers racing would otherwise hand the game to whoever did not guess.

pub use crate::players::seats::{
    Kind, MAX_BOTS, MAX_NAME_CHARS, MAX_ONLINE_PLAYERS, MAX_PLAYERS, Player, SOLO_NAME, Seat, SeatError, Seats,
    check_name,
};
use crate::rules::card::Card;
use crate::rules::finder::UltraSplit;
use crate::rules::game::{CallOutcome, Claim, ClaimOutcome, Game, GameError, HintOutcome, Invalid};
use std::fmt;

mod turns;

/// Online, how long after a wrong claim its seat may not claim again.
pub const WRONG_COOLDOWN_MS: u64 = 1500;
/// Online, the most wrong claims one seat may make in a game: with every
/// seat at it, a game's moves still fit a save (`save::MAX_ACTIONS`).
pub const MAX_ONLINE_WRONG_CLAIMS: usize = 200;

/// A right "no set" call: who, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RightCall {
    /// Whose call it was.
    pub by: Seat,
    /// Play time of the call, in ms.
    pub at_ms: u64,
}

/// Who found a valid claim, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Whose claim it was.
    pub by: Seat,
    /// Play time of the claim, in ms.
    pub at_ms: u64,
}

/// A wrong claim or a time-out: who, and how many claims had been found
/// when it happened (a penalty counts until the next claim is found).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Penalty {
    /// Whose penalty it is.
    pub by: Seat,
    /// How many claims had been found (it counts until the next one).
    pub found_before: u32,
    /// Play time of the wrong claim or of the time-out.
    pub at_ms: u64,
}

/// A called claim whose time ran out: a penalty that is no move of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeOut {
    /// Whose call ran out.
    pub by: Seat,
    /// Play time at which it ran out, in ms.
    pub at_ms: u64,
    /// How many claims had been found when it ran out.
    pub found_before: u32,
}

/// Who found the claim that took `card` out of play, given the game's findings.
fn taken_in(game: &Game, findings: &[Finding], card: Card) -> Option<Seat> {
    if game.in_play(card) {
        return None;
    }
    let taken = game.found().iter().rposition(|claim| claim.contains(card))?;
    findings.get(taken).map(|finding| finding.by)
}

/// One seat's standing, derived from the game's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Standing {
    /// Claims found.
    pub sets: u32,
    /// Wrong claims (and wrong "no set" calls) and time-outs: each costs a point.
    pub penalties: u32,
    /// Right "no set" calls: each scores a point.
    pub calls: u32,
    /// May not claim until the next claim is found.
    pub locked_out: bool,
}

impl Standing {
    /// What an online room counts, where a wrong claim costs a wait and no
    /// point: sets found and right calls.
    pub fn points(&self) -> u32 {
        self.sets + self.calls
    }

    /// Sets found and right calls, less penalties.
    pub fn score(&self) -> i64 {
        i64::from(self.sets) + i64::from(self.calls) - i64::from(self.penalties)
    }
}

/// The verdict on a claim the rules took in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Valid: the claim is the seat's.
    Accepted {
        /// The cards claimed.
        claim: Claim,
        /// UltraSet: the two pairs and the third card they share.
        split: Option<UltraSplit>,
    },
    /// Daily puzzle: a set found before. Not a wrong claim.
    AlreadyFound,
    /// Not valid, and why: a penalty.
    Wrong(Invalid),
    /// An earlier claim took one of its cards: nothing changed, no penalty.
    Taken {
        /// Whose claim took it.
        by: Seat,
        /// The card the earlier claim took.
        card: Card,
    },
}

/// A claim the sitting does not take in: nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A seat nobody sits at.
    NoSuchSeat(Seat),
    /// Penalised since the last claim was found.
    LockedOut(Seat),
    /// Another person called a claim and has the cards until it is made or
    /// their time runs out.
    NotTheirTurn {
        /// The seat whose call is running.
        calling: Seat,
    },
    /// Several people share the screen: call a claim before picking.
    CallFirst,
    /// The seats take turns (Memory with others), and it is this seat's.
    OthersTurn(Seat),
    /// A computer opponent's move made by anyone but the computer.
    NotAPerson(Seat),
    /// Online: a wrong claim was made less than [`WRONG_COOLDOWN_MS`] ago.
    CoolingDown {
        /// The seat that made the wrong claim.
        seat: Seat,
        /// Play time from which it may claim again, in ms.
        until_ms: u64,
    },
    /// Online: the seat has made [`MAX_ONLINE_WRONG_CLAIMS`] wrong claims this
    /// game, and this one is wrong too (its sets still count).
    TooManyWrong(Seat),
    /// The rules refused the move.
    Rules(GameError),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::NoSuchSeat(seat) => write!(f, "there is no player {}", seat.0),
            Refusal::LockedOut(seat) => write!(f, "player {} is locked out until the next set is found", seat.0),
            Refusal::NotTheirTurn { calling } => write!(f, "player {} has called a set", calling.0),
            Refusal::CallFirst => write!(f, "call a set first: press your key or tap your name"),
            Refusal::OthersTurn(seat) => write!(f, "it is player {}'s turn", seat.0),
            Refusal::NotAPerson(seat) => write!(f, "player {} is a computer opponent", seat.0),
            Refusal::CoolingDown { seat, until_ms } => {
                write!(f, "player {} made a wrong claim and may claim again at {until_ms} ms", seat.0)
            }
            Refusal::TooManyWrong(seat) => {
                write!(f, "player {} has made {MAX_ONLINE_WRONG_CLAIMS} wrong claims, the most in one game", seat.0)
            }
            Refusal::Rules(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for Refusal {}

impl From<GameError> for Refusal {
    fn from(error: GameError) -> Refusal {
        Refusal::Rules(error)
    }
}

/// Why a sitting's log does not fit its game (a hand-edited save).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogError {
    /// The seats named do not cover the game's moves one for one.
    MoveCount {
        /// The game's moves.
        moves: usize,
        /// The seats the log names, one a move.
        seats: usize,
    },
    /// A move or time-out names a seat nobody sits at.
    NoSuchSeat(Seat),
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LogError::MoveCount { moves, seats } => write!(f, "it names the players of {seats} moves, not {moves}"),
            LogError::NoSuchSeat(seat) => write!(f, "it names player {}, who does not sit at the game", seat.0),
        }
    }
}

impl std::error::Error for LogError {}

/// The players of one game, who made each of its moves, and the calls that
/// ran out of time. Every move of the game goes through here, so that the
/// log keeps one seat per move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sitting {
    seats: Seats,
    by: Vec<Seat>,
    time_outs: Vec<TimeOut>,
    wrong: WrongClaims,
    /// What each move of `by` did, as the rules judged it when it was made
    /// (a restored log is replayed for it once): the standings are read
    /// from here, and never replay the game again.
    judged: Vec<Judged>,
}

/// What one move did to its seat's standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Judged {
    /// It found a claim.
    Found,
    /// It was a wrong claim, made when this many claims had been found.
    Penalty { found_before: u32 },
    /// A right "no set" call.
    RightCall,
    /// A hint, or a claim the rules took without a finding or a penalty.
    Neither,
}

/// What each move of a game did, from the game's moves replayed.
fn judge_all(game: &Game) -> Vec<Judged> {
    let mut replay = game.restarted();
    let mut judged = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        let before = Before::of(&replay);
        // The moves are the game's own, which the rules took in once already.
        if replay.apply(mv).is_err() {
            break;
        }
        judged.push(judge(before, &replay));
    }
    judged
}

/// The counts a move is judged by, before it.
#[derive(Clone, Copy)]
struct Before {
    found: usize,
    wrong: u32,
    calls: u32,
}

impl Before {
    fn of(game: &Game) -> Before {
        Before { found: game.found().len(), wrong: game.wrong_claims(), calls: game.right_calls() }
    }
}

/// What a move did, from the game's counts before it and the game after it.
fn judge(before: Before, after: &Game) -> Judged {
    if after.found().len() > before.found {
        Judged::Found
    } else if after.wrong_claims() > before.wrong {
        Judged::Penalty { found_before: before.found as u32 }
    } else if after.right_calls() > before.calls {
        Judged::RightCall
    } else {
        Judged::Neither
    }
}

/// What one move did to its seat's standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// It found a claim.
    Found,
    /// A wrong claim or a wrong "no set" call.
    Penalty,
    /// A right "no set" call.
    RightCall,
    /// A hint, or a claim the rules took without a finding or a penalty.
    Neither,
}

/// What a wrong claim costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum WrongClaims {
    /// A point, and the seat is locked out until the next claim is found
    /// (one screen: the box's rule).
    #[default]
    LockOut,
    /// No point: the seat waits [`WRONG_COOLDOWN_MS`] (online).
    CoolDown,
}

impl Sitting {
    /// A sitting at a game with no moves yet.
    pub fn new(seats: Seats) -> Sitting {
        Sitting { seats, by: Vec::new(), time_outs: Vec::new(), wrong: WrongClaims::LockOut, judged: Vec::new() }
    }

    /// An online room's sitting: wrong claims cool down instead of locking out.
    pub fn online(seats: Seats) -> Sitting {
        Sitting { wrong: WrongClaims::CoolDown, ..Sitting::new(seats) }
    }

    /// The same sitting under another rule for wrong claims.
    pub fn under(self, wrong: WrongClaims) -> Sitting {
        Sitting { wrong, ..self }
    }

    /// The rule for wrong claims at this sitting.
    pub fn wrong_claims(&self) -> WrongClaims {
        self.wrong
    }

    /// A sitting restored from its parts, checked against its game.
    pub fn restore(seats: Seats, by: Vec<Seat>, time_outs: Vec<TimeOut>, game: &Game) -> Result<Sitting, LogError> {
        if by.len() != game.moves().len() {
            return Err(LogError::MoveCount { moves: game.moves().len(), seats: by.len() });
        }
        let count = seats.players().len();
        if let Some(&seat) = by.iter().chain(time_outs.iter().map(|t| &t.by)).find(|seat| seat.0 as usize >= count) {
            return Err(LogError::NoSuchSeat(seat));
        }
        Ok(Sitting { seats, by, time_outs, wrong: WrongClaims::LockOut, judged: judge_all(game) })
    }

    /// A game alone, with all its moves seat 0's.
    pub fn solo(game: &Game) -> Sitting {
        Sitting { by: vec![Seat(0); game.moves().len()], judged: judge_all(game), ..Sitting::new(Seats::solo()) }
    }

    /// Who sits at the game.
    pub fn seats(&self) -> &Seats {
        &self.seats
    }

    /// Who made each of the game's moves, in order.
    pub fn by(&self) -> &[Seat] {
        &self.by
    }

    /// Calls whose time ran out, in order.
    pub fn time_outs(&self) -> &[TimeOut] {
        &self.time_outs
    }

    /// Who found each claim (in the order of [`Game::found`]), and the
    /// penalties in order (a call that ran out before a move at the same
    /// moment comes first). Read from what each move did as it was made;
    /// for a game this sitting did not keep (another number of moves), its
    /// moves are replayed: the rules decide what each move was.
    pub fn outcomes(&self, game: &Game) -> (Vec<Finding>, Vec<Penalty>) {
        let judged = self.judged(game);
        let (mut findings, mut penalties) = (Vec::new(), Vec::new());
        let mut time_outs = self.time_outs.iter().peekable();
        for ((&mv, &by), &judged) in game.moves().iter().zip(&self.by).zip(judged.iter()) {
            while let Some(t) = time_outs.next_if(|t| t.at_ms <= mv.at_ms) {
                penalties.push(Penalty { by: t.by, found_before: t.found_before, at_ms: t.at_ms });
            }
            match judged {
                Judged::Found => findings.push(Finding { by, at_ms: mv.at_ms }),
                Judged::Penalty { found_before } => penalties.push(Penalty { by, found_before, at_ms: mv.at_ms }),
                Judged::RightCall | Judged::Neither => {}
            }
        }
        penalties.extend(time_outs.map(|t| Penalty { by: t.by, found_before: t.found_before, at_ms: t.at_ms }));
        (findings, penalties)
    }

    /// For each move of the game, whether it found a claim (read from what
    /// was kept, as [`Sitting::outcomes`]).
    pub fn finds(&self, game: &Game) -> Vec<bool> {
        self.effects(game).iter().map(|&e| e == Effect::Found).collect()
    }

    /// For each move of the game, what it did to its seat's standing.
    pub fn effects(&self, game: &Game) -> Vec<Effect> {
        let effect = |judged: &Judged| match judged {
            Judged::Found => Effect::Found,
            Judged::Penalty { .. } => Effect::Penalty,
            Judged::RightCall => Effect::RightCall,
            Judged::Neither => Effect::Neither,
        };
        self.judged(game).iter().map(effect).collect()
    }

    /// What each move of `game` did: what was kept as it was made, or, for a
    /// game this sitting did not keep (another number of moves), a replay.
    fn judged(&self, game: &Game) -> std::borrow::Cow<'_, [Judged]> {
        if self.judged.len() == game.moves().len() {
            std::borrow::Cow::Borrowed(&self.judged)
        } else {
            std::borrow::Cow::Owned(judge_all(game))
        }
    }

    /// The outcomes from the game's moves replayed, whatever was kept: what
    /// the kept ones must equal (the tests hold them to it).
    pub fn replayed_outcomes(&self, game: &Game) -> (Vec<Finding>, Vec<Penalty>) {
        Sitting { judged: judge_all(game), ..self.clone() }.outcomes(game)
    }

    /// Each right "no set" call: who, and when, in order.
    pub fn right_calls(&self, game: &Game) -> Vec<RightCall> {
        let judged = self.judged(game);
        let moves = game.moves().iter().zip(&self.by).zip(judged.iter());
        moves
            .filter(|(_, j)| **j == Judged::RightCall)
            .map(|((mv, &by), _)| RightCall { by, at_ms: mv.at_ms })
            .collect()
    }

    /// Who found each claim and when, in the order of [`Game::found`].
    pub fn findings(&self, game: &Game) -> Vec<Finding> {
        self.outcomes(game).0
    }

    /// Who found the claim that took this card out of play, if one did.
    pub fn taken_by(&self, game: &Game, card: Card) -> Option<Seat> {
        taken_in(game, &self.findings(game), card)
    }

    /// Every seat's standing in `game`, by seat.
    pub fn standings(&self, game: &Game) -> Vec<Standing> {
        let seats = &self.seats;
        let mut standings = vec![Standing::default(); seats.players().len()];
        let (findings, penalties) = self.outcomes(game);
        for finding in findings {
            if let Some(standing) = standings.get_mut(finding.by.0 as usize) {
                standing.sets += 1;
            }
        }
        for call in self.right_calls(game) {
            if let Some(standing) = standings.get_mut(call.by.0 as usize) {
                standing.calls += 1;
            }
        }
        let found = game.found().len() as u32;
        // Taking turns, a miss only passes the turn (`turns`).
        let penalties = if self.in_turns(game) { Vec::new() } else { penalties };
        for penalty in penalties {
            if let Some(standing) = standings.get_mut(penalty.by.0 as usize) {
                standing.penalties += 1;
                let locks = self.wrong == WrongClaims::LockOut && !seats.is_solo();
                standing.locked_out |= locks && penalty.found_before == found;
            }
        }
        let people_locked = seats.players().iter().zip(&standings).all(|(p, s)| p.kind != Kind::Human || s.locked_out);
        if people_locked && seats.bots().next().is_none() {
            for standing in &mut standings {
                standing.locked_out = false;
            }
        }
        standings
    }

    /// Checks that a seat may claim now: it exists, and is not locked out.
    pub fn may_claim(&self, game: &Game, by: Seat) -> Result<(), Refusal> {
        if game.is_over() {
            return Err(Refusal::Rules(GameError::GameOver));
        }
        let standing = self.standings(game).get(by.0 as usize).copied().ok_or(Refusal::NoSuchSeat(by))?;
        if standing.locked_out {
            return Err(Refusal::LockedOut(by));
        }
        match self.turn(game) {
            Some(turn) if turn != by => Err(Refusal::OthersTurn(turn)),
            _ => Ok(()),
        }
    }

    /// Online: when a seat's last wrong claim stops barring it, if it still does at `at_ms`.
    /// Not in a way dealt face down, whose misses are its way on.
    pub fn cooling_until(&self, game: &Game, by: Seat, at_ms: u64) -> Option<u64> {
        if self.wrong != WrongClaims::CoolDown || game.variant().face_down() {
            return None;
        }
        let (_, penalties) = self.outcomes(game);
        let last = penalties.iter().rev().find(|penalty| penalty.by == by)?;
        let until = last.at_ms + WRONG_COOLDOWN_MS;
        (at_ms < until).then_some(until)
    }

    /// Online: whether a seat has made [`MAX_ONLINE_WRONG_CLAIMS`] wrong claims.
    fn at_the_most_wrong_claims(&self, game: &Game, by: Seat) -> bool {
        self.wrong == WrongClaims::CoolDown
            && !game.variant().face_down()
            && self.outcomes(game).1.iter().filter(|penalty| penalty.by == by).count() >= MAX_ONLINE_WRONG_CLAIMS
    }

    /// Settles a claim by a seat, `at_ms` into the game, on its cards alone.
    /// Refused claims, and taken ones, change nothing.
    pub fn settle(&mut self, game: &mut Game, by: Seat, cards: &[Card], at_ms: u64) -> Result<Verdict, Refusal> {
        self.may_claim(game, by)?;
        if let Some(until_ms) = self.cooling_until(game, by, at_ms) {
            return Err(Refusal::CoolingDown { seat: by, until_ms });
        }
        // The game is replayed for its findings once, and only when a card is gone.
        if cards.iter().any(|&card| !game.in_play(card)) {
            let findings = self.findings(game);
            if let Some((card, taker)) = cards.iter().find_map(|&card| Some((card, taken_in(game, &findings, card)?))) {
                return Ok(Verdict::Taken { by: taker, card });
            }
        }
        let expected = game.variant().claim_size();
        let claim = Claim::new(cards).ok_or(GameError::ClaimSize { expected, got: cards.len() })?;
        if self.at_the_most_wrong_claims(game, by) {
            // Sets still count; another wrong claim is refused, not kept.
            if let ClaimOutcome::Invalid(_) = game.clone().claim(claim, at_ms)? {
                return Err(Refusal::TooManyWrong(by));
            }
        }
        let before = Before::of(game);
        let outcome = game.claim(claim, at_ms)?;
        self.by.push(by);
        self.judged.push(judge(before, game));
        Ok(match outcome {
            ClaimOutcome::Found { claim, split } => Verdict::Accepted { claim, split },
            ClaimOutcome::AlreadyFound => Verdict::AlreadyFound,
            ClaimOutcome::Invalid(why) => Verdict::Wrong(why),
        })
    }

    /// A hint for a seat (it counts for them).
    pub fn hint(&mut self, game: &mut Game, by: Seat, at_ms: u64) -> Result<HintOutcome, Refusal> {
        if self.seats.player(by).is_none() {
            return Err(Refusal::NoSuchSeat(by));
        }
        let moves = game.moves().len();
        let before = Before::of(game);
        let outcome = game.hint(at_ms)?;
        if game.moves().len() > moves {
            self.by.push(by);
            self.judged.push(judge(before, game));
        }
        Ok(outcome)
    }

    /// A "no set" call by a seat, `at_ms` into the game: refused as a claim
    /// would be (a lockout, a cool-down); right, it scores; wrong, it is a
    /// wrong claim.
    pub fn call_no_set(&mut self, game: &mut Game, by: Seat, at_ms: u64) -> Result<CallOutcome, Refusal> {
        self.may_claim(game, by)?;
        if let Some(until_ms) = self.cooling_until(game, by, at_ms) {
            return Err(Refusal::CoolingDown { seat: by, until_ms });
        }
        if self.at_the_most_wrong_claims(game, by) && game.hint_claim().is_some() {
            return Err(Refusal::TooManyWrong(by));
        }
        let before = Before::of(game);
        let outcome = game.call_no_set(at_ms)?;
        self.by.push(by);
        self.judged.push(judge(before, game));
        Ok(outcome)
    }

    /// A seat's call ran out of time, `at_ms` into the game: a penalty.
    pub fn time_out(&mut self, game: &Game, by: Seat, at_ms: u64) -> Result<(), Refusal> {
        if game.is_over() {
            return Err(Refusal::Rules(GameError::GameOver));
        }
        if self.seats.player(by).is_none() {
            return Err(Refusal::NoSuchSeat(by));
        }
        self.time_outs.push(TimeOut { by, at_ms, found_before: game.found().len() as u32 });
        Ok(())
    }
}
