//! Memory with others: the seats take turns, as in the card game Memory
//! (Concentration). Every card lies face down and everyone sees what is
//! turned up, so a race to turn cards would reward the fastest hand, not
//! the best memory. Instead the seat whose turn it is turns up three cards:
//! a set is theirs and they go on; anything else is a miss, the cards turn
//! face down again, and the turn passes to the next seat (a call that ran
//! out of time passes it too). A miss is the game's way on, not a guess: it
//! costs no point and locks nobody out.
//!
//! Whose turn it is follows from the moves alone (who made each, and which
//! missed), so a restored or replayed game has the same turn.

use super::{Judged, Sitting};
use crate::players::bot::{BotPlan, memory};
use crate::players::seats::{Kind, Seat};
use crate::rules::game::Game;

impl Sitting {
    /// Whether the seats take turns: a way whose cards lie face down, with
    /// more than one player.
    pub fn in_turns(&self, game: &Game) -> bool {
        game.variant().face_down() && self.seats().players().len() > 1
    }

    /// Whose turn it is, where the seats take turns ([`Sitting::in_turns`]):
    /// the first seat's at the deal, the next seat's after each miss or
    /// time-out. `None` where everyone may claim at once.
    pub fn turn(&self, game: &Game) -> Option<Seat> {
        if !self.in_turns(game) {
            return None;
        }
        let seats = self.seats().players().len();
        // Only how many times it passed matters, not when.
        let passes = self.misses(game) + self.time_outs().len();
        Some(Seat((passes % seats) as u8))
    }

    /// How many of the game's moves were misses (penalised claims or calls),
    /// counted over what was kept, with no list made.
    pub fn misses(&self, game: &Game) -> usize {
        self.judged(game).iter().filter(|judged| matches!(judged, Judged::Penalty { .. })).count()
    }

    /// Whether the game's last move was a miss.
    pub fn last_missed(&self, game: &Game) -> bool {
        matches!(self.judged(game).last(), Some(Judged::Penalty { .. }))
    }

    /// The turn of the bot whose turn it is, begun at play time `since_ms`
    /// ([`memory::plan`]); `None` on a person's turn, where nobody takes
    /// turns, or once over. The race on one screen and the online room both
    /// play their bots' turns by it.
    pub fn bot_turn(&self, game: &Game, since_ms: u64) -> Option<BotPlan> {
        let turn = self.turn(game)?;
        let Kind::Bot(level) = self.seats().player(turn)?.kind else { return None };
        memory::plan(game, turn, level, since_ms)
    }
}

#[cfg(test)]
mod tests {
    use crate::players::level::Level;
    use crate::players::sitting::{Refusal, Seat, Seats, Sitting, Standing, Verdict};
    use crate::rules::card::{Card, third_card};
    use crate::rules::game::Game;
    use crate::rules::variant::Variant;

    /// Three cards of the table that are no set.
    fn a_miss(game: &Game) -> [Card; 3] {
        let table = game.table();
        let (a, b) = (table[0], table[1]);
        let c = table[2..].iter().copied().find(|&c| c != third_card(a, b)).unwrap_or(table[2]);
        [a, b, c]
    }

    #[test]
    fn memory_with_others_passes_the_turn_on_a_miss_keeps_it_on_a_set_and_costs_no_point() {
        let seats = Seats::new(&["Ann", "Ben"], &[Level::Easy]).unwrap();
        let mut game = Game::new(Variant::Memory, 3);
        let mut sitting = Sitting::new(seats);
        assert!(sitting.in_turns(&game));
        assert_eq!(sitting.turn(&game), Some(Seat(0)), "the first seat begins");
        // Ben may not turn cards on Ann's turn: refused, nothing changes.
        let (before_game, before_sitting) = (game.clone(), sitting.clone());
        let miss = a_miss(&game);
        assert_eq!(sitting.settle(&mut game, Seat(1), &miss, 100), Err(Refusal::OthersTurn(Seat(0))));
        assert_eq!((&game, &sitting), (&before_game, &before_sitting));
        // Ann misses: Ben's turn, and nobody loses a point or is locked out.
        assert!(matches!(sitting.settle(&mut game, Seat(0), &miss, 200), Ok(Verdict::Wrong(_))));
        assert_eq!(sitting.turn(&game), Some(Seat(1)));
        assert!(sitting.standings(&game).iter().all(|s| *s == Standing::default()), "{:?}", sitting.standings(&game));
        // Ben finds a set: his, and his turn still.
        let set = game.claims()[0];
        assert!(matches!(sitting.settle(&mut game, Seat(1), set.cards(), 300), Ok(Verdict::Accepted { .. })));
        assert_eq!(sitting.turn(&game), Some(Seat(1)));
        assert_eq!(sitting.standings(&game)[1].sets, 1);
        // Ben misses, then the bot misses: the turn comes round to Ann.
        for (seat, at) in [(1, 400), (2, 500)] {
            let miss = a_miss(&game);
            assert!(matches!(sitting.settle(&mut game, Seat(seat), &miss, at), Ok(Verdict::Wrong(_))));
        }
        assert_eq!(sitting.turn(&game), Some(Seat(0)));
        // A time-out passes the turn too.
        sitting.time_out(&game, Seat(0), 600).unwrap();
        assert_eq!(sitting.turn(&game), Some(Seat(1)));
        assert_eq!(sitting.standings(&game)[0].penalties, 0);
        // The turn is read from the log: a restored sitting has the same.
        let restored =
            Sitting::restore(sitting.seats().clone(), sitting.by().to_vec(), sitting.time_outs().to_vec(), &game)
                .unwrap();
        assert_eq!(restored.turn(&game), Some(Seat(1)));
    }

    #[test]
    fn alone_or_face_up_nobody_takes_turns() {
        let game = Game::new(Variant::Memory, 3);
        assert_eq!(Sitting::solo(&game).turn(&game), None);
        let seats = Seats::new(&["Ann", "Ben"], &[]).unwrap();
        let classic = Game::new(Variant::Classic, 3);
        assert_eq!(Sitting::new(seats).turn(&classic), None);
    }
}
