//! One sitting at one game: the game, the player's picks and the play clock,
//! and the rules of a sitting that are not rules of SET: what a pick means,
//! when the clock runs, when a game is over for the player, what is saved,
//! and what the page shows above the table and says after each input.
//!
//! The page only feeds a [`Session`] with inputs and timestamps (ms from any
//! fixed origin, as values); everything it decides is tested natively.
//! - The clock runs while the game is not over and the page is visible.
//! - A pick toggles a card in play; the pick that completes a claim claims,
//!   at the play time of that pick, and the selection empties.
//! - Where extra cards wait for a call, "No set" calls: right, more cards;
//!   wrong, a wrong claim, said without naming the claim missed (that would
//!   be a free hint; the analysis names it after the game).
//! - A new game keeps the way to play and when extra cards come. An unfinished game it replaces, if it
//!   had moves, is kept so that the player can go back to it while the new
//!   game has none (a key pressed by mistake ends no game for good).

use crate::play::selection::{Selection, Toggle};
use crate::play::stopwatch::{Stopwatch, format_clock};
use set_core::rules::card::Card;
use set_core::rules::claim_rule::{ClaimRule, ghost_split};
use set_core::rules::daily::DAILY_SETS;
use set_core::rules::explain::reasons;
use set_core::rules::finder::{UltraSplit, ultra_split};
use set_core::rules::game::{CallOutcome, Claim, ClaimOutcome, Game, GameError, HintOutcome, Invalid};
use set_core::rules::variant::{Dealing, Variant};
use set_core::save::{self, SavedGame};

#[derive(Clone, Debug, PartialEq)]
/// One person's game on the page: the game, the picks and the play clock.
pub struct Session {
    game: Game,
    selection: Selection,
    clock: Stopwatch,
    /// The page is hidden: the clock stands still while nobody sees the game.
    hidden: bool,
    /// The unfinished game the last new game replaced (see [`Session::go_back`]).
    replaced: Option<SavedGame>,
    /// Memory: the cards of the last miss, face up until the next pick.
    shown: Vec<Card>,
}

/// What one input did, for the page to show and to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Happened {
    /// Nothing changed (clearing an empty selection, a hint with all of its
    /// cards already shown).
    Nothing,
    /// A card was picked.
    Picked(Card),
    /// A card was put back.
    Unpicked(Card),
    /// Every pick was put back.
    SelectionCleared,
    /// A valid claim; `dealt` cards came out after it.
    Found {
        /// The cards found.
        claim: Claim,
        /// UltraSet: the two pairs and the third card they share.
        split: Option<UltraSplit>,
        /// Cards dealt in their place.
        dealt: usize,
    },
    /// Daily puzzle: a set found before. Not a wrong claim.
    AlreadyFound,
    /// A wrong claim, and why.
    Invalid {
        /// The cards claimed.
        claim: Claim,
        /// Why it is not valid.
        why: Invalid,
    },
    /// A hint revealed this card.
    Hinted(Card),
    /// A right "no set" call: this many cards were dealt.
    CalledNoSet {
        /// Cards dealt.
        dealt: usize,
    },
    /// A "no set" call while a claim lay out: a wrong claim.
    WrongCall {
        /// The claim missed (named after the game, not now).
        missed: Claim,
    },
}

/// Cards the page shows in a row of their own, above the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// No row.
    Empty,
    /// A chain way: the previous claim; its cards can be picked.
    Previous(Claim),
    /// UltraSet: the last claim as its two pairs and the third card both
    /// need (which need not be on the table), shown between the pairs.
    /// Shown, not picked.
    LastUltra {
        /// The claim's two pairs.
        pairs: [[Card; 2]; 2],
        /// The third card both pairs need.
        third: Card,
    },
    /// GhostSet: the last claim as its three pairs, each followed by its
    /// third card; the three thirds, ringed, make the ghost set. Shown, not picked.
    LastGhost {
        /// The claim's three pairs.
        pairs: [[Card; 2]; 3],
        /// Each pair's third card: together, a set.
        thirds: [Card; 3],
    },
}

impl Row {
    /// The row's cards, left to right: UltraSet's third card in the middle,
    /// GhostSet's after each pair.
    pub fn cards(&self) -> Vec<Card> {
        match *self {
            Row::Empty => Vec::new(),
            Row::Previous(claim) => claim.cards().to_vec(),
            Row::LastUltra { pairs: [[a, b], [c, d]], third } => vec![a, b, third, c, d],
            Row::LastGhost { pairs: [[a, b], [c, d], [e, f]], thirds: [x, y, z] } => vec![a, b, x, c, d, y, e, f, z],
        }
    }

    /// How many pairs the row shows, each on a band of its own, with a
    /// third card after each but the last UltraSet pair: 2 for UltraSet, 3
    /// for GhostSet; 0 for a row drawn on one band.
    pub fn pairs(&self) -> usize {
        match self {
            Row::LastUltra { .. } => 2,
            Row::LastGhost { .. } => 3,
            _ => 0,
        }
    }

    /// The row's cards that can be picked, left to right: Set-Chain's
    /// previous set; UltraSet's last claim is only shown.
    pub fn pickable(&self) -> &[Card] {
        match self {
            Row::Previous(claim) => claim.cards(),
            _ => &[],
        }
    }
}

/// How another tab's game compares with this one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adopted {
    /// The same game at the same point: nothing to do.
    Same,
    /// The same game, moved on or back.
    Moved,
    /// Another game (another seed or way to play).
    Other,
}

impl Session {
    /// A new game, its clock running from `now`.
    pub fn new(variant: Variant, seed: u64, now: f64) -> Session {
        Session::dealt(Game::new(variant, seed), now)
    }

    /// A game just dealt, before its first move (any [`Dealing`]), its
    /// clock running from `now`.
    pub fn dealt(game: Game, now: f64) -> Session {
        Session::resume(SavedGame { game, elapsed_ms: 0 }, now)
    }

    /// Carries on a restored game; its clock runs on from the time it had.
    pub fn resume(saved: SavedGame, now: f64) -> Session {
        let mut session = Session {
            game: saved.game,
            selection: Selection::default(),
            clock: Stopwatch::stopped_at(saved.elapsed_ms as f64),
            hidden: false,
            replaced: None,
            shown: Vec::new(),
        };
        session.run_clock(now);
        session
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, for [`crate::play::race`], which makes moves for any seat.
    pub(crate) fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    pub(crate) fn selection_mut(&mut self) -> &mut Selection {
        &mut self.selection
    }

    /// A pick of a card in play, as the selection takes it; `None` where it
    /// does nothing. In Memory a card turned up stays up (picking it again
    /// does nothing), and the first pick turns the last miss down again.
    pub(crate) fn toggle(&mut self, card: Card) -> Option<Toggle> {
        if self.game.variant().face_down() && self.selection.contains(card) {
            return None;
        }
        self.shown.clear();
        Some(self.selection.toggle(card, self.game.variant().claim_size()))
    }

    /// Memory: a miss's cards stay face up until the next pick (or the next
    /// claim of another player); elsewhere nothing is kept up.
    pub(crate) fn show_miss(&mut self, cards: &[Card]) {
        self.shown.clear();
        if self.game.variant().face_down() {
            self.shown.extend_from_slice(cards);
        }
    }

    /// The picked cards, in pick order.
    pub fn selection(&self) -> &[Card] {
        self.selection.cards()
    }

    /// Whether the card is picked.
    pub fn is_selected(&self, card: Card) -> bool {
        self.selection.contains(card)
    }

    /// Whether the card lies face up: always, but in a way dealt face down
    /// (Memory), where only the picked cards, the hinted ones and the last
    /// miss (until the next pick) are.
    pub fn is_face_up(&self, card: Card) -> bool {
        !self.game.variant().face_down()
            || self.selection.contains(card)
            || self.shown.contains(&card)
            || self.game.hinted_cards().contains(&card)
    }

    /// Play time at `now`, in ms.
    pub fn elapsed_ms(&self, now: f64) -> f64 {
        self.clock.elapsed_ms(now)
    }

    /// Whether the play clock is counting (for tests).
    #[cfg(any(test, feature = "test-support"))]
    pub fn clock_running(&self) -> bool {
        self.clock.is_running()
    }

    /// Starts or stops the clock as the rule says.
    pub(crate) fn run_clock(&mut self, now: f64) {
        if self.hidden || self.game.is_over() {
            self.clock.stop(now);
        } else {
            self.clock.start(now);
        }
    }

    /// The play time of an action made `now`, as moves record it.
    pub(crate) fn play_ms(&self, now: f64) -> u64 {
        self.clock.elapsed_ms(now) as u64
    }

    /// A new game of the same way to play, its extra cards coming as now.
    pub fn new_game(&mut self, seed: u64, now: f64) {
        self.play(self.game.variant(), seed, self.game.dealing(), now);
    }

    /// A new game of this way to play, its extra cards coming as `dealing` says.
    pub fn play(&mut self, variant: Variant, seed: u64, dealing: Dealing, now: f64) {
        let elapsed_ms = self.play_ms(now);
        let old = std::mem::replace(&mut self.game, Game::dealt(variant, seed, dealing));
        self.replaced = (!old.is_over() && !old.moves().is_empty()).then_some(SavedGame { game: old, elapsed_ms });
        self.selection.clear();
        self.shown.clear();
        self.clock = Stopwatch::started_at(now);
        self.run_clock(now);
    }

    /// Whether [`Session::go_back`] would go back: the last new game replaced
    /// an unfinished game with moves, and has no move of its own yet.
    pub fn can_go_back(&self) -> bool {
        self.replaced.is_some() && self.game.moves().is_empty()
    }

    /// Back to the unfinished game the last new game replaced, its clock
    /// where it stood; the new game is dropped. Does nothing (`false`) unless
    /// [`Session::can_go_back`].
    pub fn go_back(&mut self, now: f64) -> bool {
        let Some(saved) = self.replaced.take_if(|_| self.game.moves().is_empty()) else { return false };
        let hidden = self.hidden;
        *self = Session::resume(saved, now);
        self.set_hidden(hidden, now);
        true
    }

    /// The page was hidden or shown again.
    pub fn set_hidden(&mut self, hidden: bool, now: f64) {
        self.hidden = hidden;
        self.run_clock(now);
    }

    /// Picks the card in a table slot.
    #[cfg(test)]
    pub fn pick_slot(&mut self, slot: usize, now: f64) -> Result<Happened, GameError> {
        let card = self.game.check_slot(slot)?;
        self.pick(card, now)
    }

    /// Picks a card in play (on the table or, in Set-Chain, in the previous
    /// set): toggles it, and the pick that completes a claim claims. A card
    /// not in play, or any pick once the game is over, is refused and
    /// changes nothing. In Memory a pick turns a card up: a card turned up
    /// stays up (a second pick does nothing), and the first pick after a
    /// miss turns the missed cards down again.
    pub fn pick(&mut self, card: Card, now: f64) -> Result<Happened, GameError> {
        if self.game.is_over() {
            return Err(GameError::GameOver);
        }
        if !self.game.in_play(card) {
            return Err(GameError::NotInPlay { card });
        }
        let cards = match self.toggle(card) {
            None => return Ok(Happened::Nothing),
            Some(Toggle::Picked) => return Ok(Happened::Picked(card)),
            Some(Toggle::Unpicked) => return Ok(Happened::Unpicked(card)),
            Some(Toggle::Claim(cards)) => cards,
        };
        let expected = self.game.variant().claim_size();
        let claim = Claim::new(&cards).ok_or(GameError::ClaimSize { expected, got: cards.len() })?;
        let deck_before = self.game.deck().len();
        let outcome = self.game.claim(claim, self.play_ms(now))?;
        self.run_clock(now);
        Ok(match outcome {
            ClaimOutcome::Found { claim, split } => {
                Happened::Found { claim, split, dealt: deck_before - self.game.deck().len() }
            }
            ClaimOutcome::AlreadyFound => Happened::AlreadyFound,
            ClaimOutcome::Invalid(why) => {
                self.show_miss(claim.cards());
                Happened::Invalid { claim, why }
            }
        })
    }

    /// Reveals one more card of a claim that can be made.
    pub fn hint(&mut self, now: f64) -> Result<Happened, GameError> {
        match self.game.hint(self.play_ms(now))? {
            HintOutcome::Revealed { .. } => {
                Ok(self.game.hinted_cards().last().map_or(Happened::Nothing, |&c| Happened::Hinted(c)))
            }
            HintOutcome::AlreadyRevealed => Ok(Happened::Nothing),
        }
    }

    /// Calls "no set" (where extra cards wait for a call): right, more
    /// cards are dealt; wrong, a wrong claim. The picks are put back.
    pub fn call_no_set(&mut self, now: f64) -> Result<Happened, GameError> {
        let before = self.game.table().len();
        let outcome = self.game.call_no_set(self.play_ms(now))?;
        self.selection.clear();
        self.shown.clear();
        self.run_clock(now);
        Ok(called(outcome, self.game.table().len() - before))
    }

    /// Puts back every picked card.
    pub fn clear_selection(&mut self) -> Happened {
        if self.selection.cards().is_empty() {
            return Happened::Nothing;
        }
        self.selection.clear();
        Happened::SelectionCleared
    }

    /// The save text of the game as it stands `now`.
    pub fn save_text(&self, now: f64) -> String {
        save::encode(&self.game, self.play_ms(now))
    }

    /// Takes over a game saved by another tab, unless it is this very state.
    pub fn adopt(&mut self, saved: SavedGame, now: f64) -> Adopted {
        if saved.game == self.game {
            return Adopted::Same;
        }
        let other = (saved.game.variant(), saved.game.seed()) != (self.game.variant(), self.game.seed());
        self.game = saved.game;
        self.clock = Stopwatch::stopped_at(saved.elapsed_ms as f64);
        self.selection.clear();
        // The game this tab's last new game replaced is no longer what goes back.
        self.replaced = None;
        self.run_clock(now);
        if other { Adopted::Other } else { Adopted::Moved }
    }

    /// What the page shows above the table.
    pub fn row(&self) -> Row {
        match self.game.variant() {
            way if way.links() > 0 => self.game.previous().map_or(Row::Empty, Row::Previous),
            way if way.rule() == ClaimRule::UltraSet => {
                let Some(&claim) = self.game.found().last() else { return Row::Empty };
                let c = claim.cards();
                let Some(split) = ultra_split([c[0], c[1], c[2], c[3]]) else { return Row::Empty };
                let [[a, b], [d, e]] = split.pairs;
                Row::LastUltra { pairs: [[c[a], c[b]], [c[d], c[e]]], third: split.third }
            }
            way if way.rule() == ClaimRule::GhostSet => {
                let Some(&claim) = self.game.found().last() else { return Row::Empty };
                let Ok(six) = <[Card; 6]>::try_from(claim.cards()) else { return Row::Empty };
                let Some((pairs, thirds)) = ghost_split(six) else { return Row::Empty };
                Row::LastGhost { pairs, thirds }
            }
            _ => Row::Empty,
        }
    }

    /// The daily puzzle's result to share, once all its sets are found:
    /// `SET daily 2026-11-23 · 6/6 · 1:42 · 0 hints`.
    pub fn share_text(&self, now: f64) -> Option<String> {
        let Variant::Daily(date) = self.game.variant() else { return None };
        if !self.game.is_over() {
            return None;
        }
        let hints = self.game.hints_used();
        Some(format!(
            "SET daily {date} · {}/{DAILY_SETS} · {} · {hints} hint{}",
            self.game.found().len(),
            format_clock(self.elapsed_ms(now)),
            if hints == 1 { "" } else { "s" }
        ))
    }
}

/// What a call did, as a session says it.
pub fn called(outcome: CallOutcome, dealt: usize) -> Happened {
    match outcome {
        CallOutcome::Right { .. } => Happened::CalledNoSet { dealt },
        CallOutcome::Wrong { missed } => Happened::WrongCall { missed },
    }
}

impl Happened {
    /// What the page says about it, if anything: why a claim is not valid,
    /// what an UltraSet's pairs need, and the like.
    pub fn message(&self, variant: Variant) -> Option<String> {
        match *self {
            Happened::WrongCall { .. } => {
                Some(format!("Wrong call: there is {} on the table.", variant.rule().with_article()))
            }
            Happened::Invalid { claim, why } => Some(reasons(variant, why, claim.cards()).join(" ")),
            Happened::AlreadyFound => Some("You found that set already.".to_owned()),
            Happened::Found { split: Some(split), .. } => {
                Some(format!("UltraSet! Both pairs need the same third card: {}.", split.third))
            }
            _ => None,
        }
    }

    /// What a screen reader is told of it in the page's live region, once
    /// the input has changed `game`: "Set! 3 new cards.", "Not a set. Two
    /// are red and one is purple.", "Hint: 2 striped green ovals.".
    pub fn announcement(&self, game: &Game) -> Option<String> {
        let mut text = match *self {
            Happened::Found { split, dealt, .. } => {
                let mut text = match (game.variant(), split) {
                    (Variant::Daily(_), _) => format!("Set! {} of {DAILY_SETS} found.", game.found().len()),
                    (_, Some(split)) => format!("UltraSet! Both pairs need {}.", split.third),
                    (way, _) => format!("{}!", way.rule().title()),
                };
                // Cards past the usual table size came out because the table held no set.
                let more = dealt.min(game.table().len().saturating_sub(game.variant().table_size()));
                if dealt > more {
                    text.push_str(&format!(" {} new cards.", dealt - more));
                }
                if more > 0 {
                    text.push_str(&format!(" No set on the table: {more} more cards."));
                }
                text
            }
            Happened::Invalid { why: Invalid::NotASet, .. } => format!("Not a set. {}", self.message(game.variant())?),
            Happened::Invalid { .. } | Happened::AlreadyFound | Happened::WrongCall { .. } => {
                self.message(game.variant())?
            }
            Happened::Hinted(card) => format!("Hint: {}.", game.variant().deck().words(card)),
            Happened::CalledNoSet { dealt } => {
                format!("No {}, rightly: {dealt} more cards.", game.variant().rule().name())
            }
            _ => return None,
        };
        if game.is_over() {
            text.push_str(" The game is over.");
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use set_core::rules::daily::Date;

    fn a_claim(session: &Session) -> Vec<Card> {
        session.game().first_claim().expect("a claim can be made").cards().to_vec()
    }

    /// Plays classic games by their first claims until a claim leaves a
    /// table without a set, and checks what the live region says of it.
    #[test]
    fn a_claim_that_leaves_no_set_says_more_cards_came_out() {
        let mut heard = Vec::new();
        for seed in 0..40 {
            let mut session = Session::new(Variant::Classic, seed, 0.0);
            while !session.game().is_over() {
                let before = session.game().table().len();
                let mut happened = None;
                for card in a_claim(&session) {
                    happened = Some(session.pick(card, 0.0).unwrap());
                }
                let Some(Happened::Found { dealt, .. }) = happened else { panic!("a claim is found") };
                let after = session.game().table().len();
                let said = happened.unwrap().announcement(session.game()).unwrap();
                // Plainly: a table of 12 refilled by 3, and any cards beyond 12 are the extra ones.
                let extra = after.saturating_sub(12).min(dealt);
                match (dealt - extra, extra) {
                    (0, 0) => assert!(said.starts_with("Set!") && !said.contains("cards"), "{said}"),
                    (new, 0) => assert!(said.starts_with(&format!("Set! {new} new cards.")), "{said}"),
                    (new, more) => {
                        let start = if new > 0 { format!("Set! {new} new cards. ") } else { "Set! ".to_owned() };
                        assert!(
                            said.starts_with(&format!("{start}No set on the table: {more} more cards.")),
                            "{said} ({before} → {after})"
                        );
                        heard.push(said);
                    }
                }
            }
        }
        assert!(heard.len() >= 3, "games whose table ran out of sets: {heard:?}");
    }

    #[test]
    fn the_pick_that_completes_a_claim_claims_at_its_play_time() {
        let mut session = Session::new(Variant::Classic, 7, 1000.0);
        let cards = a_claim(&session);
        assert_eq!(session.pick(cards[0], 1100.0), Ok(Happened::Picked(cards[0])));
        assert_eq!(session.pick(cards[1], 1200.0), Ok(Happened::Picked(cards[1])));
        let Ok(Happened::Found { claim, split: None, dealt: 3 }) = session.pick(cards[2], 3500.0) else {
            panic!("a set is found")
        };
        assert_eq!(claim.cards(), cards);
        assert!(session.selection().is_empty());
        assert_eq!(session.game().moves().last().map(|m| m.at_ms), Some(2500));
    }

    #[test]
    fn each_claim_and_hint_is_announced_in_words() {
        let mut session = Session::new(Variant::Classic, 7, 0.0);
        let hinted = session.hint(0.0).unwrap();
        let Happened::Hinted(card) = hinted else { panic!("a hint reveals a card") };
        assert_eq!(hinted.announcement(session.game()), Some(format!("Hint: {card}.")));
        let mut last = Happened::Nothing;
        for card in a_claim(&session) {
            last = session.pick(card, 0.0).unwrap();
            if session.selection().len() == 1 {
                assert_eq!(last.announcement(session.game()), None, "a pick is told by the card's name, not here");
            }
        }
        assert_eq!(last.announcement(session.game()).as_deref(), Some("Set! 3 new cards."));
        // A wrong claim: "Not a set." and the reasons, as the notice shows them.
        let table = session.game().table().to_vec();
        let k = (2..table.len()).find(|&k| !set_core::rules::card::is_set(table[0], table[1], table[k])).unwrap();
        let wrong = [table[0], table[1], table[k]].map(|card| session.pick(card, 0.0).unwrap())[2];
        assert_eq!(
            wrong.announcement(session.game()),
            Some(format!("Not a set. {}", wrong.message(session.game().variant()).unwrap()))
        );
        // The daily puzzle counts the sets found, and says when it is over.
        let mut daily = Session::new(Variant::Daily(Date::parse("2026-11-23").unwrap()), 0, 0.0);
        let mut said = Vec::new();
        while let Some(claim) = daily.game().first_claim() {
            let happened = claim.cards().iter().map(|&card| daily.pick(card, 0.0).unwrap()).last().unwrap();
            said.push(happened.announcement(daily.game()).unwrap());
        }
        assert_eq!(said[0], "Set! 1 of 6 found.");
        assert_eq!(said[5], "Set! 6 of 6 found. The game is over.");
    }

    #[test]
    fn memory_deals_face_down_turns_up_what_is_picked_and_turns_a_miss_down_at_the_next_pick() {
        let mut session = Session::new(Variant::Memory, 5, 0.0);
        let table = session.game().table().to_vec();
        assert_eq!(table.len(), 21);
        assert!(table.iter().all(|&card| !session.is_face_up(card)), "dealt face down");
        // A card turned up stays up: a second pick changes nothing.
        session.pick(table[0], 0.0).unwrap();
        assert!(session.is_face_up(table[0]));
        let before = session.clone();
        assert_eq!(session.pick(table[0], 0.0), Ok(Happened::Nothing));
        assert_eq!(session, before);
        // A miss: the three stay up until the next pick, which turns them down.
        let k = (2..table.len()).find(|&k| !set_core::rules::card::is_set(table[0], table[1], table[k])).unwrap();
        session.pick(table[1], 0.0).unwrap();
        assert!(matches!(session.pick(table[k], 0.0), Ok(Happened::Invalid { .. })));
        assert!([table[0], table[1], table[k]].iter().all(|&card| session.is_face_up(card)));
        let other = (2..table.len()).find(|&at| at != k).map(|at| table[at]).unwrap();
        session.pick(other, 0.0).unwrap();
        assert!([table[0], table[1], table[k]].iter().all(|&card| !session.is_face_up(card)));
        assert!(session.is_face_up(other));
        // A set turned up is taken.
        session.clear_selection();
        let claim = session.game().first_claim().unwrap();
        let happened = claim.cards().iter().map(|&card| session.pick(card, 0.0).unwrap()).last().unwrap();
        assert!(matches!(happened, Happened::Found { .. }));
        // Every other way deals face up.
        assert!(
            Session::new(Variant::Classic, 5, 0.0).game().table().iter().all(|&c| Session::new(
                Variant::Classic,
                5,
                0.0
            )
            .is_face_up(c))
        );
    }

    #[test]
    fn a_card_not_in_play_is_refused_and_changes_nothing() {
        let mut session = Session::new(Variant::Classic, 7, 0.0);
        session.pick(session.game().table()[0], 1.0).unwrap();
        let before = session.clone();
        let gone = session.game().deck()[0];
        assert_eq!(session.pick(gone, 2.0), Err(GameError::NotInPlay { card: gone }));
        assert_eq!(session.pick_slot(99, 2.0), Err(GameError::EmptySlot { slot: 99, table_len: 12 }));
        assert_eq!(session, before);
    }

    #[test]
    fn a_wrong_claim_says_why_and_a_found_ultra_says_what_its_pairs_need() {
        let mut session = Session::new(Variant::Classic, 7, 0.0);
        let table = session.game().table().to_vec();
        let wrong = (2..table.len())
            .find(|&k| !set_core::rules::card::is_set(table[0], table[1], table[k]))
            .expect("not every card completes a set");
        for card in [table[0], table[1]] {
            session.pick(card, 0.0).unwrap();
        }
        let happened = session.pick(table[wrong], 0.0).unwrap();
        assert!(matches!(happened, Happened::Invalid { why: Invalid::NotASet, .. }));
        let message = happened.message(session.game().variant()).unwrap();
        assert!(message.starts_with("Two "), "{message}");
        assert_eq!(session.game().wrong_claims(), 1);

        let mut ultra = Session::new(Variant::Ultra, 3, 0.0);
        assert_eq!(ultra.row(), Row::Empty);
        let cards = a_claim(&ultra);
        let mut last = Happened::Nothing;
        for card in cards.iter().copied() {
            last = ultra.pick(card, 0.0).unwrap();
        }
        let Happened::Found { split: Some(split), .. } = last else { panic!("an UltraSet is found") };
        assert!(last.message(session.game().variant()).unwrap().contains(&split.third.to_string()));
        let Row::LastUltra { pairs, third } = ultra.row() else { panic!("the row shows the claim") };
        assert_eq!(third, split.third);
        assert_eq!(ultra.row().pickable(), &[] as &[Card], "UltraSet's row is only shown");
        let shown: Vec<Card> =
            ultra.row().cards().into_iter().filter(|card| !ultra.game().table().contains(card)).collect();
        assert!(!shown.is_empty());
        for card in shown {
            assert!(ultra.pick(card, 0.0).is_err(), "{card} is shown, not in play");
        }
        for [x, y] in pairs {
            assert_eq!(set_core::rules::card::third_card(x, y), third);
        }
    }

    #[test]
    fn a_found_ghostset_shows_its_pairs_each_with_its_third_and_the_thirds_make_a_set() {
        use set_core::rules::card::{is_set, third_card};
        for seed in 0..20 {
            let mut ghost = Session::new(Variant::Ghost, seed, 0.0);
            assert_eq!(ghost.row(), Row::Empty);
            let cards = a_claim(&ghost);
            for card in cards.iter().copied() {
                ghost.pick(card, 0.0).unwrap();
            }
            assert_eq!(ghost.game().found().len(), 1, "seed {seed}: the GhostSet is found");
            let Row::LastGhost { pairs, thirds } = ghost.row() else { panic!("seed {seed}: the row shows the claim") };
            let mut paired: Vec<Card> = pairs.concat();
            let mut claimed = cards.clone();
            paired.sort_unstable_by_key(|card| card.id());
            claimed.sort_unstable_by_key(|card| card.id());
            assert_eq!(paired, claimed, "seed {seed}: the pairs are the claim's six cards");
            // Checked by the classic deck's own third card, not the split's arithmetic.
            for ([x, y], third) in pairs.into_iter().zip(thirds) {
                assert_eq!(third_card(x, y), third, "seed {seed}");
            }
            assert!(is_set(thirds[0], thirds[1], thirds[2]), "seed {seed}: the ghost is a set");
            let row = ghost.row();
            assert_eq!(
                row.cards(),
                [
                    pairs[0][0],
                    pairs[0][1],
                    thirds[0],
                    pairs[1][0],
                    pairs[1][1],
                    thirds[1],
                    pairs[2][0],
                    pairs[2][1],
                    thirds[2]
                ]
            );
            assert_eq!(row.pairs(), 3);
            assert_eq!(row.pickable(), &[] as &[Card], "GhostSet's row is only shown");
        }
    }

    #[test]
    fn set_chain_picks_reach_the_previous_set() {
        let mut session = Session::new(Variant::Chain, 11, 0.0);
        for card in a_claim(&session) {
            session.pick(card, 0.0).unwrap();
        }
        let Row::Previous(previous) = session.row() else { panic!("the previous set is shown") };
        assert_eq!(session.row().pickable(), previous.cards(), "the previous set can be picked");
        assert!(previous.cards().iter().all(|&card| session.game().in_play(card)));
        let link = a_claim(&session);
        assert_eq!(link.iter().filter(|&&c| previous.contains(c)).count(), 1);
        for card in link.iter().copied() {
            session.pick(card, 0.0).unwrap();
        }
        assert_eq!(session.game().found().len(), 2);
        // A previous card from before this claim is no longer in play.
        let gone = previous.cards().iter().copied().find(|&card| !session.game().in_play(card)).unwrap();
        assert_eq!(session.pick(gone, 0.0), Err(GameError::NotInPlay { card: gone }));
    }

    #[test]
    fn the_clock_runs_while_visible_and_until_the_game_is_over() {
        let mut session = Session::new(Variant::Junior, 5, 0.0);
        session.set_hidden(true, 1000.0);
        assert_eq!(session.elapsed_ms(50_000.0), 1000.0);
        session.set_hidden(false, 60_000.0);
        assert_eq!(session.elapsed_ms(61_000.0), 2000.0);
        while !session.game().is_over() {
            for card in a_claim(&session) {
                session.pick(card, 61_000.0).unwrap();
            }
        }
        assert!(!session.clock_running());
        assert_eq!(session.elapsed_ms(99_000.0), 2000.0);
        assert_eq!(session.pick(session.game().table()[0], 99_000.0), Err(GameError::GameOver));
        // A new game keeps the way to play, and its clock starts at zero.
        session.new_game(8, 100_000.0);
        assert_eq!(session.game().variant(), Variant::Junior);
        assert_eq!(session.elapsed_ms(100_500.0), 500.0);
    }

    #[test]
    fn a_solved_daily_puzzle_offers_its_result_to_share() {
        let date = Date::parse("2026-11-23").unwrap();
        let mut session = Session::new(Variant::Daily(date), 0, 0.0);
        assert_eq!(session.share_text(0.0), None);
        session.hint(1000.0).unwrap();
        while let Some(claim) = session.game().first_claim() {
            for &card in claim.cards() {
                session.pick(card, 102_000.0).unwrap();
            }
        }
        assert_eq!(session.share_text(500_000.0).as_deref(), Some("SET daily 2026-11-23 · 6/6 · 1:42 · 1 hint"));
        // Found again: said so, and not a wrong claim.
        let again = session.game().found()[0];
        let mut replay = Session::new(Variant::Daily(date), 0, 0.0);
        for &card in again.cards() {
            replay.pick(card, 0.0).unwrap();
        }
        let last = again.cards().iter().map(|&card| replay.pick(card, 0.0).unwrap()).last();
        assert_eq!(last, Some(Happened::AlreadyFound));
        assert_eq!(replay.game().wrong_claims(), 0);
    }

    #[test]
    fn another_tabs_game_is_adopted_with_its_clock() {
        let mut here = Session::new(Variant::Classic, 1, 0.0);
        let mut there = here.clone();
        assert_eq!(here.adopt(SavedGame { game: there.game().clone(), elapsed_ms: 0 }, 10.0), Adopted::Same);
        there.hint(0.0).unwrap();
        let saved = SavedGame { game: there.game().clone(), elapsed_ms: 4000 };
        assert_eq!(here.adopt(saved, 10.0), Adopted::Moved);
        assert_eq!(here.elapsed_ms(510.0), 4500.0);
        let other = SavedGame { game: Game::new(Variant::Ultra, 1), elapsed_ms: 0 };
        assert_eq!(here.adopt(other, 10.0), Adopted::Other);
        assert_eq!(here.game().variant(), Variant::Ultra);
    }

    #[test]
    fn a_new_game_can_be_taken_back_until_it_has_a_move() {
        let mut session = Session::new(Variant::Classic, 3, 0.0);
        // A fresh game with no move: nothing to go back to once it is replaced.
        session.new_game(4, 1000.0);
        assert!(!session.can_go_back());
        for card in a_claim(&session) {
            session.pick(card, 2000.0).unwrap();
        }
        session.pick(session.game().table()[0], 2500.0).unwrap();
        let before = session.clone();
        // Another way to play replaces the unfinished game; going back restores
        // it whole: moves, picks aside, and the clock where it stood.
        session.play(Variant::Ultra, 9, Dealing::Automatic, 3000.0);
        assert!(session.can_go_back());
        assert!(session.go_back(60_000.0));
        assert_eq!(session.game(), before.game());
        assert_eq!(session.elapsed_ms(61_000.0), 3000.0);
        assert!(session.selection().is_empty());
        assert!(!session.can_go_back() && !session.go_back(61_000.0), "only once");
        // A move in the new game settles it.
        session.new_game(10, 62_000.0);
        assert!(session.can_go_back());
        session.hint(63_000.0).unwrap();
        let settled = session.clone();
        assert!(!session.go_back(64_000.0));
        assert_eq!(session, settled, "a refused go-back changes nothing");
        // A finished game is not kept; a hidden page stays hidden across going back.
        let mut finished = Session::new(Variant::Daily(Date::parse("2026-11-23").unwrap()), 0, 0.0);
        while let Some(claim) = finished.game().first_claim() {
            for &card in claim.cards() {
                finished.pick(card, 1000.0).unwrap();
            }
        }
        finished.new_game(1, 2000.0);
        assert!(!finished.can_go_back());
        let mut hidden = Session::new(Variant::Classic, 5, 0.0);
        hidden.hint(100.0).unwrap();
        hidden.new_game(6, 200.0);
        hidden.set_hidden(true, 300.0);
        assert!(hidden.go_back(400.0));
        assert!(!hidden.clock_running());
        // Another tab's game taken over: there is no going back from it.
        let mut adopting = Session::new(Variant::Classic, 7, 0.0);
        adopting.hint(100.0).unwrap();
        adopting.new_game(8, 200.0);
        adopting.adopt(SavedGame { game: Game::new(Variant::Chain, 1), elapsed_ms: 0 }, 300.0);
        assert!(!adopting.can_go_back());
    }

    #[test]
    fn what_is_saved_restores_the_same_session() {
        let mut session = Session::new(Variant::Chain, 21, 0.0);
        for card in a_claim(&session) {
            session.pick(card, 3000.0).unwrap();
        }
        session.hint(4000.0).unwrap();
        let saved = save::decode(&session.save_text(5000.0)).unwrap();
        assert_eq!(saved.elapsed_ms, 5000);
        let restored = Session::resume(saved, 5000.0);
        assert_eq!(restored.game(), session.game());
        assert_eq!(restored.row(), session.row());
    }
}
