//! One online room's game, as the server decides it: the rules' [`Game`] and
//! the [`Sitting`] of its people (wrong claims cool down), judged claim by
//! claim in the order the room receives them.
//!
//! The room numbers its events: event `n` is the game's `n`-th move (a set,
//! a wrong claim or a hint), so [`RoomGame::seq`] is a function of the log,
//! and a room rebuilt from its stored moves ([`RoomGame::restore`]) numbers
//! them as before. A claim carries `seen`, the last event its sender had
//! applied; the rules of [`RoomGame::claim`]:
//! - `seen` from the future, a card id that is no card, a repeated card or
//!   the wrong number of cards: refused, nothing changes;
//! - every card still in play: judged on its cards (a set, or a wrong claim
//!   with its reason), however the table changed since `seen`;
//! - a card that another claim took after `seen`: **taken**, naming who took
//!   it; it is no wrong claim and changes nothing;
//! - a card that was not in play at `seen` either (never dealt, or gone
//!   before the sender saw the table): refused as not in play. Only a client
//!   that knows hidden cards, or a broken one, sends it.
//!
//! A "no set" call (in a room whose extra cards wait for one) carries
//! `seen` too. Judged on the table its sender saw: if a claim was found or
//! another call was right after `seen`, the table it judged is gone, and the
//! call is **late** (naming who changed the table first): no wrong claim,
//! nothing changes. Of two calls at once, the first is judged and the
//! second is late.
//!
//! What a client may see of it is its [`View`]: the table, the previous set
//! (Set-Chain) and counts, never the deck's order, and in Memory never a
//! card face down ([`turns`]: cards turned up one at a time, in turns).

use crate::players::bot::{self, BotPlan};
use crate::players::level::Level;
use crate::players::sitting::{Effect, Kind, Refusal, Seat, SeatError, Seats, Sitting, Standing, Verdict};
use crate::rules::card::Card;
use crate::rules::game::{Action, AuditError, CallOutcome, Claim, Game, GameError, HintOutcome, Move, ReplayError};
use crate::rules::variant::{Dealing, Variant};
use std::fmt;

mod turns;
pub use turns::{Flipped, MAX_TURN_MISSES, TURN_FLIP_MS};

/// Where a room is in its life: waiting for its players, playing, or over.
/// The server stores it, and each player's page keeps the last it was told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Status {
    #[default]
    /// Its players are sitting down; the game has not started.
    Waiting,
    /// The game is on.
    Playing,
    /// The game has ended.
    Over,
}

impl Status {
    /// Its name on the wire and in the store.
    pub fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }

    /// The status of that name, if it is one.
    pub fn from_name(name: &str) -> Option<Status> {
        [Status::Waiting, Status::Playing, Status::Over].into_iter().find(|s| s.name() == name)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// Why the room does not take a claim in: nothing changed.
pub enum ClaimError {
    /// The sender says it applied an event the room has not had.
    FutureSeen {
        /// The last event the sender says it applied.
        seen: u32,
        /// The room's last event.
        seq: u32,
    },
    /// A number that is no card id of the room's deck.
    NoSuchCard(i64),
    /// A card that was not in play when the sender last looked.
    NotInPlay(Card),
    /// The sitting refused it (a lockout, a cool-down, the rules).
    Refused(Refusal),
    /// A "no set" call sent before the table changed: this seat found a
    /// claim or called rightly after the sender last looked.
    Late {
        /// Who changed the table first.
        by: Seat,
    },
    /// A card turned up in a way whose cards lie face up.
    NotFaceDown,
    /// A card turned up by slot on a table that changed since the sender looked.
    TableChanged {
        /// The room's last event.
        seq: u32,
    },
    /// A slot the table does not have.
    NoSuchSlot(usize),
    /// A card turned up already this turn.
    TurnedUp(usize),
    /// A person's claim of cards by id where cards lie face down: they are
    /// turned up one at a time.
    TurnCardsUp,
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ClaimError::FutureSeen { seen, seq } => {
                write!(f, "event {seen} has not happened: the room is at event {seq}")
            }
            ClaimError::NoSuchCard(id) => write!(f, "{id} is not the id of a card of this way's deck"),
            ClaimError::NotInPlay(card) => write!(f, "card id {} is not on the table", card.id()),
            ClaimError::Refused(refusal) => refusal.fmt(f),
            ClaimError::Late { by } => write!(f, "player {} changed the table before this call arrived", by.0),
            ClaimError::NotFaceDown => write!(f, "this way's cards lie face up: claim them by id"),
            ClaimError::TableChanged { seq } => {
                write!(f, "the table changed before this card was turned up: the room is at event {seq}")
            }
            ClaimError::NoSuchSlot(slot) => write!(f, "the table has no slot {slot}"),
            ClaimError::TurnedUp(slot) => write!(f, "the card in slot {slot} is turned up already"),
            ClaimError::TurnCardsUp => write!(f, "the cards lie face down: turn them up one at a time"),
        }
    }
}

impl std::error::Error for ClaimError {}

impl From<Refusal> for ClaimError {
    fn from(refusal: Refusal) -> ClaimError {
        match refusal {
            Refusal::Rules(GameError::NotInPlay { card }) => ClaimError::NotInPlay(card),
            other => ClaimError::Refused(other),
        }
    }
}

/// Why a stored log does not rebuild its room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// The stored seats are not players who can sit.
    Seats(SeatError),
    /// A move names a seat nobody sits at.
    NoSuchSeat(Seat),
    /// A stored move the rules refuse.
    Replay(ReplayError),
    /// A replayed game that does not match its stored state.
    Audit(AuditError),
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Seats(err) => write!(f, "its players cannot sit together: {err}"),
            RestoreError::NoSuchSeat(seat) => write!(f, "a move names player {}, who does not sit there", seat.0),
            RestoreError::Replay(err) => write!(f, "its moves do not replay: {err}"),
            RestoreError::Audit(err) => write!(f, "its replayed game fails the audit: {err}"),
        }
    }
}

impl std::error::Error for RestoreError {}

/// What every client may know of the game: no deck order, no seed, no
/// card face down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The table's cards in slot order; `None` for a card face down (Memory).
    pub table: Vec<Option<Card>>,
    /// How many cards are still to be dealt (not which).
    pub deck_left: usize,
    /// Set-Chain: the last set found, one of whose cards the next set holds.
    pub previous: Option<Claim>,
    /// How many claims have been found.
    pub found: usize,
    /// A puzzle way: the claims found on the table now out (none in another way).
    pub found_on_table: Vec<Claim>,
    /// The cards the room's hints have revealed so far.
    pub hinted: Vec<Card>,
    /// Whether the game has ended.
    pub over: bool,
    /// Whose turn it is, where the seats take turns (Memory).
    pub turn: Option<Seat>,
    /// When a person's turn runs out, in ms of play time.
    pub turn_ends_ms: Option<u64>,
}

/// The game of one online room and who made each of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomGame {
    game: Game,
    sitting: Sitting,
    /// The cards in play (on the table, or Set-Chain's link) after each
    /// event, the deal first: one bit per card id. A stale claim is checked
    /// against the table its sender saw without replaying the game.
    in_play: Vec<CardBits>,
    /// Memory: the cards turned up so far this turn (not moves: a room
    /// rebuilt from its log begins the turn again), and when the last was.
    turned: Vec<Card>,
    turned_at_ms: u64,
}

/// A set of cards, one bit per id (ids reach 255 in the largest deck).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct CardBits([u128; 2]);

impl CardBits {
    fn with(mut self, card: Card) -> CardBits {
        self.0[card.id() as usize / 128] |= 1 << (card.id() % 128);
        self
    }

    fn has(self, card: Card) -> bool {
        self.0[card.id() as usize / 128] >> (card.id() % 128) & 1 == 1
    }
}

fn in_play_now(game: &Game) -> CardBits {
    let link = game.previous().map(|claim| claim.cards().to_vec()).unwrap_or_default();
    game.table().iter().chain(&link).fold(CardBits::default(), |bits, &card| bits.with(card))
}

impl RoomGame {
    /// A fresh deal for the people of a room, in seat order, then its
    /// computer opponents.
    pub fn new<S: AsRef<str>>(
        variant: Variant,
        seed: u64,
        people: &[S],
        bots: &[Level],
    ) -> Result<RoomGame, SeatError> {
        RoomGame::dealt(Game::new(variant, seed), people, bots)
    }

    /// A room for the people and bots at this game, before its first move
    /// (any [`Dealing`]).
    pub fn dealt<S: AsRef<str>>(game: Game, people: &[S], bots: &[Level]) -> Result<RoomGame, SeatError> {
        let seats = Seats::online_with_bots(people, bots)?;
        let game = game.restarted();
        let in_play = vec![in_play_now(&game)];
        Ok(RoomGame { game, sitting: Sitting::online(seats), in_play, turned: Vec::new(), turned_at_ms: 0 })
    }

    /// A room rebuilt from its stored log, replayed through the rules and audited.
    pub fn restore<S: AsRef<str>>(
        variant: Variant,
        seed: u64,
        dealing: Dealing,
        people: &[S],
        bots: &[Level],
        log: &[(Seat, Move)],
    ) -> Result<RoomGame, RestoreError> {
        let seats = Seats::online_with_bots(people, bots).map_err(RestoreError::Seats)?;
        if let Some(&(seat, _)) = log.iter().find(|(seat, _)| seat.0 as usize >= seats.players().len()) {
            return Err(RestoreError::NoSuchSeat(seat));
        }
        let moves: Vec<Move> = log.iter().map(|&(_, mv)| mv).collect();
        let mut game = Game::dealt(variant, seed, dealing);
        let mut in_play = Vec::with_capacity(moves.len() + 1);
        in_play.push(in_play_now(&game));
        for (index, &mv) in moves.iter().enumerate() {
            game.apply(mv).map_err(|error| RestoreError::Replay(ReplayError { index, error }))?;
            in_play.push(in_play_now(&game));
        }
        game.audit().map_err(RestoreError::Audit)?;
        let by = log.iter().map(|&(seat, _)| seat).collect();
        let sitting = Sitting::restore(seats, by, Vec::new(), &game)
            .map_err(|_| RestoreError::NoSuchSeat(Seat(u8::MAX)))?
            .under(crate::players::sitting::WrongClaims::CoolDown);
        Ok(RoomGame { game, sitting, in_play, turned: Vec::new(), turned_at_ms: 0 })
    }

    /// The game the room judges (the server's alone: it holds the deck's order).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Who sits at the room and who made each move.
    pub fn sitting(&self) -> &Sitting {
        &self.sitting
    }

    /// The claim the room's computer opponents make next, and at what play
    /// time ([`bot::plan`], from when the table last changed); `None`
    /// without bots, or once over. The server plays it on its clock, as a
    /// move of its log like any other.
    pub fn bot_plan(&self) -> Option<BotPlan> {
        if self.is_over() {
            return None;
        }
        let since = self.game.moves().last().map_or(0, |mv| mv.at_ms);
        if self.sitting.in_turns(&self.game) {
            return self.sitting.bot_turn(&self.game, since);
        }
        bot::plan(&self.game, self.sitting.seats(), since)
    }

    /// The number of the room's last event: its moves so far.
    pub fn seq(&self) -> u32 {
        self.game.moves().len() as u32
    }

    /// The last move and who made it.
    pub fn last_move(&self) -> Option<(Seat, Move)> {
        Some((*self.sitting.by().last()?, *self.game.moves().last()?))
    }

    /// How each seat stands, replayed from the game.
    pub fn standings(&self) -> Vec<Standing> {
        self.sitting.standings(&self.game)
    }

    /// What every client may know of the game now.
    pub fn view(&self) -> View {
        let game = &self.game;
        View {
            table: self.shown_table(),
            deck_left: game.deck().len(),
            previous: game.previous(),
            found: game.found().len(),
            found_on_table: game.found_on_table().to_vec(),
            hinted: game.hinted_cards().to_vec(),
            over: self.is_over(),
            turn: self.turn(),
            turn_ends_ms: self.turn_ends_ms(),
        }
    }

    /// Judges `by`'s claim of the cards with these ids, `at_ms` into the
    /// game; the sender had applied events up to `seen`.
    pub fn claim(&mut self, by: Seat, ids: &[i64], seen: u32, at_ms: u64) -> Result<Verdict, ClaimError> {
        let seq = self.seq();
        if seen > seq {
            return Err(ClaimError::FutureSeen { seen, seq });
        }
        let person = self.sitting.seats().player(by).is_some_and(|p| p.kind == Kind::Human);
        if self.game.variant().face_down() && person {
            return Err(ClaimError::TurnCardsUp);
        }
        let deck = self.game.variant().deck();
        let mut cards = Vec::with_capacity(ids.len());
        for &id in ids {
            cards.push(deck.card(id).map_err(|_| ClaimError::NoSuchCard(id))?);
        }
        let expected = self.game.variant().claim_size();
        if cards.len() != expected {
            return Err(Refusal::Rules(GameError::ClaimSize { expected, got: cards.len() }).into());
        }
        if let Some((i, _)) = cards.iter().enumerate().find(|&(i, card)| cards[..i].contains(card)) {
            return Err(Refusal::Rules(GameError::RepeatedCard { card: cards[i] }).into());
        }
        if cards.iter().any(|&card| !self.game.in_play(card)) {
            // Taken only if every card was in play at `seen`: a card the sender
            // never saw on the table is a card it should not know of.
            let then = self.in_play.get(seen as usize).copied().unwrap_or_default();
            if let Some(&card) = cards.iter().find(|&&card| !then.has(card)) {
                return Err(ClaimError::NotInPlay(card));
            }
        }
        self.judge(by, &cards, at_ms)
    }

    /// Settles a claim of cards checked to be the way's and distinct.
    fn judge(&mut self, by: Seat, cards: &[Card], at_ms: u64) -> Result<Verdict, ClaimError> {
        if self.is_over() {
            return Err(Refusal::Rules(GameError::GameOver).into());
        }
        let verdict = self.sitting.settle(&mut self.game, by, cards, at_ms)?;
        self.note_in_play();
        // A claim ends the turn's cards, whoever made it.
        self.turned.clear();
        self.turned_at_ms = 0;
        Ok(verdict)
    }

    /// Reveals one more card of a set, for everyone; counted for `by`.
    pub fn hint(&mut self, by: Seat, at_ms: u64) -> Result<HintOutcome, ClaimError> {
        if self.is_over() {
            return Err(Refusal::Rules(GameError::GameOver).into());
        }
        let outcome = self.sitting.hint(&mut self.game, by, at_ms)?;
        self.note_in_play();
        Ok(outcome)
    }

    /// Judges `by`'s "no set" call, `at_ms` into the game; the sender had
    /// applied events up to `seen` (see the module's rules for a late call).
    pub fn call_no_set(&mut self, by: Seat, seen: u32, at_ms: u64) -> Result<CallOutcome, ClaimError> {
        let seq = self.seq();
        if seen > seq {
            return Err(ClaimError::FutureSeen { seen, seq });
        }
        let since = seen as usize;
        let effects = self.sitting.effects(&self.game);
        let changed = effects[since..].iter().zip(&self.sitting.by()[since..]);
        if let Some((_, &first)) = changed.into_iter().find(|(e, _)| matches!(e, Effect::Found | Effect::RightCall)) {
            return Err(ClaimError::Late { by: first });
        }
        let outcome = self.sitting.call_no_set(&mut self.game, by, at_ms)?;
        self.note_in_play();
        Ok(outcome)
    }

    /// Keeps the cards in play after each event the last call made.
    fn note_in_play(&mut self) {
        while self.in_play.len() <= self.game.moves().len() {
            self.in_play.push(in_play_now(&self.game));
        }
    }

    /// The room's events from number `from` on, each as the rules judged it
    /// when it was made (kept by the sitting: nothing is replayed).
    pub fn events(&self, from: u32) -> Vec<Event> {
        let effects = self.sitting.effects(&self.game);
        let moves = self.game.moves().iter().zip(self.sitting.by()).zip(effects).enumerate();
        let mut events = Vec::new();
        for (i, ((&mv, &by), effect)) in moves.skip(from.saturating_sub(1) as usize) {
            let kind = match mv.action {
                Action::Hint => EventKind::Hint,
                Action::Claim(_) if effect == Effect::Found => EventKind::Set,
                Action::Claim(_) => EventKind::Wrong,
                Action::CallNoSet if effect == Effect::RightCall => EventKind::NoSet,
                Action::CallNoSet => EventKind::WrongCall,
            };
            events.push(Event { seq: i as u32 + 1, by, at_ms: mv.at_ms, kind, claim: claimed(&mv) });
        }
        events
    }

    /// How long the table had stood as it was when event `seq`, a call of
    /// "no set", was made, in ms of play time: how long its caller can have
    /// looked for a set among its cards. `None` for no such event.
    pub fn looked_at_table_ms(&self, seq: u32) -> Option<u64> {
        let index = (seq as usize).checked_sub(1)?;
        let mv = self.game.moves().get(index)?;
        // The last event before the call that changed what was in play.
        let changed = (1..=index).rev().find(|&k| self.in_play.get(k) != self.in_play.get(k - 1));
        let since = changed.and_then(|k| self.game.moves().get(k - 1)).map_or(0, |m| m.at_ms);
        Some(mv.at_ms.saturating_sub(since))
    }

    /// How long the newest card of event `seq`'s claim had been in play
    /// when the claim was made, in ms of play time: how long its maker can
    /// have looked at every card it claimed. `None` for a hint or no such event.
    pub fn looked_ms(&self, seq: u32) -> Option<u64> {
        let index = (seq as usize).checked_sub(1)?;
        let mv = self.game.moves().get(index)?;
        let claim = claimed(mv)?;
        let moves = self.game.moves();
        let arrived = claim
            .cards()
            .iter()
            .map(|card| {
                // Back from the table the claim was judged on, to the event
                // that brought the card (the deal is event 0, at 0 ms).
                let mut at = index;
                while at > 0 && self.in_play.get(at - 1).is_some_and(|bits| bits.has(*card)) {
                    at -= 1;
                }
                at.checked_sub(1).and_then(|brought| moves.get(brought)).map_or(0, |m| m.at_ms)
            })
            .max()?;
        Some(mv.at_ms.saturating_sub(arrived))
    }

    /// The stored form of every move: who made it, and the move.
    pub fn log(&self) -> Vec<(Seat, Move)> {
        self.sitting.by().iter().copied().zip(self.game.moves().iter().copied()).collect()
    }
}

/// What one event of a room's log was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A valid claim, taken.
    Set,
    /// A wrong claim, a penalty.
    Wrong,
    /// A card of a claim revealed.
    Hint,
    /// A right "no set" call: more cards were dealt.
    NoSet,
    /// A "no set" call while a claim lay out: a penalty.
    WrongCall,
}

impl EventKind {
    /// Every kind.
    pub const ALL: [EventKind; 5] =
        [EventKind::Set, EventKind::Wrong, EventKind::Hint, EventKind::NoSet, EventKind::WrongCall];

    /// Its name on the wire, for the server and the page alike.
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Set => "set",
            EventKind::Wrong => "wrong",
            EventKind::Hint => "hint",
            EventKind::NoSet => "noset",
            EventKind::WrongCall => "wrongcall",
        }
    }

    /// The kind of that wire name, if it is one.
    pub fn from_name(name: &str) -> Option<EventKind> {
        EventKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// One event of a room's log: its number, who, when, and what it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// Its number: the room's moves up to and including it.
    pub seq: u32,
    /// Who made it.
    pub by: Seat,
    /// Play time since the deal, in ms.
    pub at_ms: u64,
    /// What it was.
    pub kind: EventKind,
    /// The cards claimed; none for a hint.
    pub claim: Option<Claim>,
}

/// What a room's commitment is the SHA-256 of (hex): `room:seed:salt`. The
/// server publishes the hash when the room is made and reveals the seed and
/// salt at the end; the page hashes this text again to check the deal.
pub fn commitment_text(room: &str, seed: impl fmt::Display, salt: &str) -> String {
    format!("{room}:{seed}:{salt}")
}

/// The cards a claim names, if the move is one.
pub fn claimed(mv: &Move) -> Option<Claim> {
    match mv.action {
        Action::Claim(claim) => Some(claim),
        Action::Hint | Action::CallNoSet => None,
    }
}

/// A player's picks after the table changed: those still in play, in their
/// order, so that a set found elsewhere keeps the picks it did not take.
pub fn keep_picks(picks: &[Card], table: &[Card], previous: Option<Claim>) -> Vec<Card> {
    let in_play = |card: &&Card| table.contains(card) || previous.is_some_and(|p| p.contains(**card));
    picks.iter().filter(in_play).copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::sitting::{MAX_ONLINE_PLAYERS, WRONG_COOLDOWN_MS};
    use crate::rules::card::is_set;
    use crate::rules::game::Invalid;

    fn ids(cards: &[Card]) -> Vec<i64> {
        cards.iter().map(|card| i64::from(card.id())).collect()
    }

    fn first_set(game: &Game) -> Vec<Card> {
        game.first_claim().expect("a set on the table").cards().to_vec()
    }

    fn a_non_set(game: &Game) -> Vec<Card> {
        let t = game.table();
        for a in 0..t.len() {
            for b in a + 1..t.len() {
                for c in b + 1..t.len() {
                    if !is_set(t[a], t[b], t[c]) {
                        return vec![t[a], t[b], t[c]];
                    }
                }
            }
        }
        unreachable!("twelve cards always hold a non-set")
    }

    #[test]
    fn the_second_claim_of_the_same_cards_is_taken_not_wrong() {
        let mut room = RoomGame::new(Variant::Classic, 7, &["Ann", "Ben"], &[]).unwrap();
        let set = first_set(room.game());
        let ann = room.claim(Seat(0), &ids(&set), 0, 1000).unwrap();
        assert!(matches!(ann, Verdict::Accepted { .. }));
        let before = room.clone();
        let ben = room.claim(Seat(1), &ids(&set), 0, 1001).unwrap();
        assert_eq!(ben, Verdict::Taken { by: Seat(0), card: set[0] });
        assert_eq!(room, before, "a taken claim changes nothing");
        let standings = room.standings();
        assert_eq!((standings[0].sets, standings[1].sets, standings[1].penalties), (1, 0, 0));
    }

    #[test]
    fn only_a_puzzle_rooms_view_lists_the_claims_found_on_its_table() {
        for (variant, listed) in [(Variant::Puzzle, true), (Variant::Chain, false), (Variant::Classic, false)] {
            let mut room = RoomGame::new(variant, 7, &["Ann"], &[]).unwrap();
            let claim = room.game().first_claim().expect("a claim on the table");
            room.claim(Seat(0), &ids(claim.cards()), 0, 1000).unwrap();
            let view = room.view();
            assert_eq!(view.found, 1, "{variant:?}");
            assert_eq!(view.found_on_table == vec![claim], listed, "{variant:?}: {:?}", view.found_on_table);
            if !listed {
                assert!(view.found_on_table.is_empty(), "{variant:?}");
            }
        }
    }

    #[test]
    fn a_card_gone_before_the_sender_looked_is_not_in_play() {
        let mut room = RoomGame::new(Variant::Classic, 7, &["Ann", "Ben"], &[]).unwrap();
        let set = first_set(room.game());
        room.claim(Seat(0), &ids(&set), 0, 1000).unwrap();
        let before = room.clone();
        assert_eq!(room.claim(Seat(1), &ids(&set), 1, 1001), Err(ClaimError::NotInPlay(set[0])));
        assert_eq!(room, before);
    }

    #[test]
    fn the_cards_in_play_after_each_event_are_those_a_replay_of_its_moves_has() {
        for variant in [Variant::Classic, Variant::Junior, Variant::Chain, Variant::Ultra] {
            let mut room = RoomGame::new(variant, 5, &["Ann", "Ben"], &[]).unwrap();
            let mut at_ms = 0;
            for step in 0..120u32 {
                if room.game().is_over() {
                    break;
                }
                at_ms += 2000;
                let seat = Seat((step % 2) as u8);
                // Hints, wrong claims and sets, each refused or taken as the rules say.
                let _ = match step % 6 {
                    0 => room.hint(seat, at_ms).map(|_| ()),
                    1 => room.claim(seat, &ids(&a_non_set(room.game())), room.seq(), at_ms).map(|_| ()),
                    _ => room.claim(seat, &ids(&first_set(room.game())), room.seq(), at_ms).map(|_| ()),
                };
            }
            assert!(room.seq() >= 8, "{variant:?}: a game was played");
            assert_eq!(room.in_play.len(), room.seq() as usize + 1);
            for seen in 0..=room.seq() as usize {
                let then = Game::replay(variant, 5, &room.game().moves()[..seen]).unwrap();
                for card in Card::all() {
                    let kept = room.in_play[seen].has(card);
                    assert_eq!(kept, then.in_play(card), "{variant:?} after event {seen}: card {}", card.id());
                }
            }
            let log = room.log();
            assert_eq!(
                RoomGame::restore(variant, 5, Dealing::Automatic, &["Ann", "Ben"], &[], &log).unwrap(),
                room,
                "{variant:?}: restored"
            );
        }
    }

    #[test]
    fn bad_claims_are_refused_and_change_nothing() {
        let mut room = RoomGame::new(Variant::Classic, 3, &["Ann", "Ben"], &[]).unwrap();
        let before = room.clone();
        let t: Vec<i64> = ids(room.game().table());
        assert_eq!(room.claim(Seat(0), &t[..3], 1, 0), Err(ClaimError::FutureSeen { seen: 1, seq: 0 }));
        assert_eq!(room.claim(Seat(0), &[t[0], t[1], 81], 0, 0), Err(ClaimError::NoSuchCard(81)));
        assert_eq!(room.claim(Seat(0), &[t[0], t[1], -1], 0, 0), Err(ClaimError::NoSuchCard(-1)));
        let repeated = room.claim(Seat(0), &[t[0], t[1], t[0]], 0, 0);
        assert!(matches!(repeated, Err(ClaimError::Refused(Refusal::Rules(GameError::RepeatedCard { .. })))));
        let size = room.claim(Seat(0), &t[..2], 0, 0);
        assert_eq!(size, Err(ClaimError::Refused(Refusal::Rules(GameError::ClaimSize { expected: 3, got: 2 }))));
        let hidden = room.game().deck()[0];
        assert_eq!(
            room.claim(Seat(0), &[t[0], t[1], i64::from(hidden.id())], 0, 0),
            Err(ClaimError::NotInPlay(hidden))
        );
        let nobody = room.claim(Seat(5), &t[..3], 0, 0);
        assert_eq!(nobody, Err(ClaimError::Refused(Refusal::NoSuchSeat(Seat(5)))));
        assert_eq!(room, before);
    }

    #[test]
    fn a_wrong_claim_costs_no_point_but_a_cooldown() {
        let mut room = RoomGame::new(Variant::Classic, 11, &["Ann", "Ben"], &[]).unwrap();
        let wrong = a_non_set(room.game());
        assert_eq!(room.claim(Seat(0), &ids(&wrong), 0, 2000).unwrap(), Verdict::Wrong(Invalid::NotASet));
        let set = first_set(room.game());
        let until_ms = 2000 + WRONG_COOLDOWN_MS;
        let early = room.claim(Seat(0), &ids(&set), 1, until_ms - 1);
        assert_eq!(early, Err(ClaimError::Refused(Refusal::CoolingDown { seat: Seat(0), until_ms })));
        // Nobody else waits, and Ann may claim once it is over.
        assert!(matches!(room.claim(Seat(1), &ids(&set), 1, until_ms - 1), Ok(Verdict::Accepted { .. })));
        let set = first_set(room.game());
        assert!(matches!(room.claim(Seat(0), &ids(&set), 2, until_ms), Ok(Verdict::Accepted { .. })));
        let standings = room.standings();
        assert_eq!((standings[0].sets, standings[0].penalties, standings[0].locked_out), (1, 1, false));
    }

    #[test]
    fn a_seat_stops_at_the_most_wrong_claims_and_the_game_still_fits_a_save() {
        use crate::players::sitting::MAX_ONLINE_WRONG_CLAIMS;
        let names: Vec<String> = (0..MAX_ONLINE_PLAYERS).map(|n| format!("P{n}")).collect();
        let mut room = RoomGame::new(Variant::Classic, 13, &names, &[]).unwrap();
        let wrong = ids(&a_non_set(room.game()));
        let mut at_ms = 0;
        for _ in 0..MAX_ONLINE_WRONG_CLAIMS {
            for seat in 0..MAX_ONLINE_PLAYERS as u8 {
                assert_eq!(
                    room.claim(Seat(seat), &wrong, room.seq(), at_ms).unwrap(),
                    Verdict::Wrong(Invalid::NotASet)
                );
            }
            at_ms += WRONG_COOLDOWN_MS;
        }
        let before = room.clone();
        let refused = room.claim(Seat(3), &wrong, room.seq(), at_ms);
        assert_eq!(refused, Err(ClaimError::Refused(Refusal::TooManyWrong(Seat(3)))));
        assert_eq!(room, before, "a refused claim changes nothing");
        // A set is still a set, for anyone.
        let set = first_set(room.game());
        assert!(matches!(room.claim(Seat(3), &ids(&set), room.seq(), at_ms), Ok(Verdict::Accepted { .. })));
        // Every seat at the most, and the moves still under a save's bound.
        assert!(room.log().len() < crate::save::MAX_ACTIONS, "{} moves", room.log().len());
    }

    #[test]
    fn event_kinds_read_back_from_their_names() {
        for kind in [EventKind::Set, EventKind::Wrong, EventKind::Hint] {
            assert_eq!(EventKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(EventKind::from_name("claim"), None);
    }

    #[test]
    fn the_commitment_text_is_room_seed_and_salt() {
        assert_eq!(commitment_text("k7q2m9xd4p", 42u64, "00ff"), "k7q2m9xd4p:42:00ff");
        assert_eq!(commitment_text("k7q2m9xd4p", "42", "00ff"), commitment_text("k7q2m9xd4p", 42u64, "00ff"));
    }

    #[test]
    fn a_stored_log_rebuilds_the_same_room() {
        let mut room = RoomGame::new(Variant::Chain, 5, &["Ann", "Ben", "Cy"], &[]).unwrap();
        for turn in 0..6u64 {
            let set = first_set(room.game());
            let seen = room.seq();
            room.claim(Seat((turn % 3) as u8), &ids(&set), seen, turn * 1000).unwrap();
        }
        room.hint(Seat(1), 7000).unwrap();
        let restored =
            RoomGame::restore(Variant::Chain, 5, Dealing::Automatic, &["Ann", "Ben", "Cy"], &[], &room.log()).unwrap();
        assert_eq!(restored, room);
        assert_eq!(restored.seq(), 7);
        let kinds: Vec<EventKind> = restored.events(6).iter().map(|e| e.kind).collect();
        assert_eq!(kinds, [EventKind::Set, EventKind::Hint]);
        assert_eq!(restored.events(1).len(), 7);
        let foreign = [(Seat(3), room.log()[0].1)];
        let err = RoomGame::restore(Variant::Chain, 5, Dealing::Automatic, &["Ann", "Ben", "Cy"], &[], &foreign);
        assert_eq!(err, Err(RestoreError::NoSuchSeat(Seat(3))));
    }

    #[test]
    fn picks_still_in_play_are_kept_in_order() {
        let room = RoomGame::new(Variant::Classic, 9, &["Ann"], &[]).unwrap();
        let table = room.game().table();
        let gone = room.game().deck()[0];
        let picks = [table[4], gone, table[1]];
        assert_eq!(keep_picks(&picks, table, None), vec![table[4], table[1]]);
        assert_eq!(keep_picks(&picks, &[], Claim::new(&[gone, table[4], table[1]])), picks.to_vec());
    }

    /// An online room's game (eight people, wrong claims cooling down)
    /// round-trips through format 3 with its rule.
    #[test]
    fn an_online_game_of_eight_round_trips() {
        use crate::save::{decode_seated, encode_seated};
        let names = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"];
        let mut room = RoomGame::new(Variant::Classic, 42, &names, &[]).unwrap();
        for seat in 0..8u8 {
            let cards: Vec<i64> =
                room.game().first_claim().unwrap().cards().iter().map(|c| i64::from(c.id())).collect();
            room.claim(Seat(7 - seat), &cards, room.seq(), u64::from(seat) * 900).unwrap();
        }
        let text = encode_seated(room.game(), room.sitting(), 9000);
        assert!(text.contains("seat-7 human Hal\n") && text.contains("\nwrong-claims cool-down\n"));
        let (saved, sitting) = decode_seated(&text).unwrap();
        assert_eq!((&saved.game, &sitting), (room.game(), room.sitting()));
    }

    /// Computer opponents in a room: each plan is a set on the table, due
    /// after the table last changed, the same for the same game; played
    /// move by move, the bots finish the game, and the log rebuilds it.
    #[test]
    fn a_rooms_bots_play_their_plans_to_the_end_and_the_log_rebuilds_the_game() {
        use crate::players::level::Level;
        use crate::players::sitting::Kind;
        for variant in [Variant::Classic, Variant::Junior, Variant::Chain, Variant::Ultra] {
            let bots = [Level::Expert, Level::Hard, Level::Expert];
            let mut room = RoomGame::new(variant, 77, &["Ann"], &bots).unwrap();
            let names: Vec<&str> = room.sitting().seats().players().iter().map(|p| p.name.as_ref()).collect();
            assert_eq!(names, ["Ann", "Expert bot", "Hard bot", "Expert bot 2"]);
            assert_eq!(room.sitting().seats().players()[0].kind, Kind::Human);
            let mut moves = 0;
            while let Some(plan) = room.bot_plan() {
                assert_eq!(room.bot_plan(), Some(plan), "{variant:?}: a plan is a function of the game");
                assert_ne!(plan.seat, Seat(0), "only bots plan");
                let last = room.game().moves().last().map_or(0, |mv| mv.at_ms);
                assert!(plan.due_ms > last, "{variant:?}: due after the table changed");
                let cards: Vec<i64> = plan.claim().unwrap().cards().iter().map(|c| i64::from(c.id())).collect();
                let verdict = room.claim(plan.seat, &cards, room.seq(), plan.due_ms).unwrap();
                assert!(matches!(verdict, Verdict::Accepted { .. }), "{variant:?}: {verdict:?}");
                moves += 1;
                assert!(moves < 200, "{variant:?}: the game ends");
            }
            assert!(room.game().is_over(), "{variant:?}: the bots played it to its end");
            let rebuilt = RoomGame::restore(variant, 77, Dealing::Automatic, &["Ann"], &bots, &room.log()).unwrap();
            assert_eq!(rebuilt, room, "{variant:?}");
            assert_eq!(RoomGame::new(variant, 77, &["Ann"], &[]).unwrap().bot_plan(), None, "no bots, no plan");
        }
        let too_many = RoomGame::new(Variant::Classic, 1, &["Ann"], &[Level::Easy; 4]);
        assert!(matches!(too_many, Err(SeatError::TooManyBots(4))));
    }
}
