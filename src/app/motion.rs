//! What the board does and the page sounds after an input: the table as it
//! lay before it, compared with the table after, makes the motion (a set
//! taken leaves toward its taker, new cards are dealt in from the deck,
//! the end's flourish); the moves made during it make the sounds and
//! vibrations. Both start with the move, never after: the game is already
//! in its new state, and play never waits for the motion.

use super::App;
use super::host::Hosted;
use crate::dom::View;
use set_canvas::board::element_rect;
use set_client::page::layout::Place;
use set_client::page::motion::{Motion, OWN_MARK_MS, Placed, RIVAL_MARK_MS, Taken};
use set_client::page::sound::Cue;
use set_core::players::sitting::Seat;
use set_core::rules::card::Card;
use set_core::rules::variant::Variant;

/// The table as it lay before an input.
pub(super) struct Before {
    placed: Vec<Placed>,
    /// The game's seed and way to play: another game deals in afresh.
    game: (u64, Variant),
    found: usize,
    over: bool,
}

/// What the moves of one input did that the board and the speaker show:
/// the sets taken, by whom, and the cues to sound.
#[derive(Default)]
pub(super) struct Moves {
    pub taken: Vec<(Vec<Card>, Seat)>,
    pub cues: Vec<Cue>,
}

impl<T: Hosted> App<T> {
    /// The cards of the table with their places at rest, in the canvas's CSS pixels.
    fn placed(&self, view: &View) -> Vec<Placed> {
        let board = self.board(view);
        let table = self.play().game().table().iter().enumerate();
        table.filter_map(|(slot, &card)| Some((card, board.rect(Place::Table(slot))?))).collect()
    }

    /// The table before an input, to compare with after it.
    pub(super) fn before(&self) -> Before {
        let game = self.play().game();
        Before {
            placed: self.view.as_ref().map(|view| self.placed(view)).unwrap_or_default(),
            game: (game.seed(), game.variant()),
            found: game.found().len(),
            over: game.is_over(),
        }
    }

    /// Whether cards move now.
    pub(crate) fn animating(&self, now: f64) -> bool {
        self.motion.as_ref().is_some_and(|motion| motion.is_running(now))
            || self.effect.is_some_and(|effect| effect.progress(now) < 1.0)
    }

    /// After an input: sounds and vibrations for the moves made, and the
    /// motion from the table before it to the table now.
    pub(super) fn show_moves(&mut self, before: Before, now: f64) {
        let Moves { taken, mut cues } = std::mem::take(&mut self.moves);
        let game = self.play().game();
        let another_game = (game.seed(), game.variant()) != before.game || game.found().len() < before.found;
        let ended = game.is_over() && !before.over && !another_game;
        if ended {
            cues.push(Cue::End);
        }
        // A new game is there at once, like the first board: only play moves cards.
        let still = another_game
            || self.view.as_ref().is_none_or(|view| self.settings.reduced_motion(view.system_reduces_motion()));
        if let Some(view) = self.view.as_ref().filter(|_| !still) {
            let after = self.placed(view);
            let from = before.placed.as_slice();
            if from != after.as_slice() || !taken.is_empty() {
                let sets: Vec<Taken<'_>> = taken
                    .iter()
                    .map(|(cards, seat)| Taken {
                        cards,
                        seat: seat.0 as usize,
                        mark_ms: if self.table.is_bot(*seat) { RIVAL_MARK_MS } else { OWN_MARK_MS },
                    })
                    .collect();
                let off_board = Motion::off_board(&self.board(view), view.css_width);
                let named = taken.first().and_then(|(_, seat)| self.table.seat_element(*seat));
                let toward = named.and_then(|selector| element_rect(&selector)).unwrap_or(off_board);
                let deck = element_rect("#deck-left").unwrap_or(off_board);
                let (motion, dealt) = Motion::of_move(from, &after, &sets, (toward, deck), ended, now);
                if dealt {
                    cues.push(Cue::Dealt);
                }
                self.motion = motion;
            }
        } else if still {
            self.motion = None;
        }
        self.sound(&cues);
    }

    /// Sounds the cues, and vibrates for those that vibrate, as the settings say.
    fn sound(&self, cues: &[Cue]) {
        let loudness = self.settings.loudness();
        let vibrates = self.view.as_ref().is_some_and(|view| self.settings.vibrates(view.touch_device()));
        for &cue in cues {
            self.speaker.play(cue, loudness, vibrates);
        }
    }
}
