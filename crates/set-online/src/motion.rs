//! The room's board in motion and its sounds, as on the other pages
//! (`set_client::page::motion`, `set_client::page::sound`): after every
//! event, the table now is compared with the table last drawn; the sets
//! the room's log gained since are marked in their taker's colour (a
//! rival's long enough to be seen, also when several frames came at once)
//! and fly to the taker's name, and new cards come from the deck (in
//! Memory only the sets fly: its cards turn over where they lie). Taps
//! and claims go to the table the page holds, never to what is drawn.

use set_canvas::board::{element_rect, looks};
use set_client::online::OnlinePage;
use set_client::page::layout::{Board, Place};
use set_client::page::motion::{Motion, OWN_MARK_MS, Placed, RIVAL_MARK_MS, Taken};
use set_client::page::sound::Cue;
use set_core::online::room::Status;
use set_core::rules::card::Card;
use set_sound::Speaker;

/// What moves and sounds on the room's page, beside the model.
#[derive(Default)]
pub(crate) struct Feel {
    /// The cards moving now.
    pub(crate) motion: Option<Motion>,
    /// The table as last drawn at rest, and its room, status and log length.
    drawn: Vec<Placed>,
    room: String,
    over: bool,
    logged: usize,
    pub(crate) speaker: Speaker,
    /// An animation frame is asked for.
    pub(crate) frame_pending: bool,
    /// The settings' looks as the motion started: a frame does not read storage.
    pub(crate) looks: Option<set_canvas::board::Looks>,
    /// The moving cards' layers.
    pub(crate) sprites: set_canvas::sprites::Sprites,
    /// A fingerprint of what the board's canvas shows (view/board.rs): it is
    /// drawn again only when that changes.
    pub(crate) shown: std::cell::Cell<u64>,
}

impl Feel {
    /// Whether cards move at `now`.
    pub(crate) fn animating(&self, now: f64) -> bool {
        self.motion.as_ref().is_some_and(|motion| motion.is_running(now))
    }
}

/// After an event at `now`: the motion from the table last drawn to the
/// page's table, on `board`, and the sounds of what happened. Returns
/// whether frames are needed.
pub(crate) fn follow(feel: &mut Feel, page: &OnlinePage, board: Option<(Board, f64)>, now: f64) -> bool {
    let remote = &page.room.remote;
    let table: &[Option<Card>] = if remote.status == Status::Waiting { &[] } else { &remote.view.table };
    // A card face down (Memory) is none the page knows: it does not move.
    let placed: Vec<Placed> = board
        .map(|(board, _)| {
            let up = table.iter().enumerate().filter_map(|(slot, &card)| Some((slot, card?)));
            up.filter_map(|(slot, card)| Some((card, board.rect(Place::Table(slot))?))).collect()
        })
        .unwrap_or_default();
    let sets = page.room.log.sets();
    let same_room = feel.room == remote.room;
    let new_sets = if same_room { sets.get(feel.logged..).unwrap_or_default() } else { &[] };
    let over = remote.status == Status::Over;
    let looks = looks();
    feel.looks = Some(looks);
    let settings = looks.settings();
    let mut cues = Vec::new();
    for set in new_sets {
        cues.push(if remote.seat == Some(set.seat) { Cue::OwnSet } else { Cue::RivalSet });
    }
    if same_room && over && !feel.over {
        cues.push(Cue::End);
    }
    let taken: Vec<(Vec<Card>, u8)> = new_sets
        .iter()
        .map(|set| (set.cards.iter().map(|&id| set_core::rules::deck::card_of_any_deck(id)).collect(), set.seat))
        .collect();
    let still = settings.reduced_motion(system_reduces_motion());
    // Memory's cards turn over where they lie: a card turned up is not one
    // dealt, nor a miss turned down one taken. Only a set taken moves: it
    // flies to its taker from where it lay, and the cards dealt in its place
    // come face down, unknown to the page. Not at the end, which turns every
    // card up at once (they would seem dealt).
    let moved = placed != feel.drawn && (!remote.face_down() || !taken.is_empty() && !over);
    // A table that was empty (a room joined, a game started) is there at once: only play moves cards.
    let dealt_afresh = !same_room || feel.drawn.is_empty();
    if let Some((board, width)) = board.filter(|_| moved && !still && !dealt_afresh) {
        let from: &[Placed] = &feel.drawn;
        let sets: Vec<Taken<'_>> = taken
            .iter()
            .map(|(cards, seat)| Taken {
                cards,
                seat: usize::from(*seat),
                mark_ms: if remote.seat == Some(*seat) { OWN_MARK_MS } else { RIVAL_MARK_MS },
            })
            .collect();
        let off_board = Motion::off_board(&board, width);
        let toward = taken
            .first()
            .and_then(|(_, seat)| element_rect(&format!("#roster > li:nth-child({})", seat + 1)))
            .unwrap_or(off_board);
        let deck = element_rect("#deck-left").unwrap_or(off_board);
        let ended = same_room && over && !feel.over;
        let (motion, dealt) = Motion::of_move(from, &placed, &sets, (toward, deck), ended, now);
        if dealt {
            cues.push(Cue::Dealt);
        }
        feel.motion = motion;
    } else if still || dealt_afresh {
        feel.motion = None;
    }
    if board.is_some() {
        feel.drawn = placed;
    }
    feel.room.clone_from(&remote.room);
    feel.over = over;
    feel.logged = sets.len();
    let vibrates = settings.vibrates(coarse_pointer());
    for cue in cues {
        feel.speaker.play(cue, settings.loudness(), vibrates);
    }
    feel.animating(now)
}

fn media(query: &str) -> bool {
    web_sys::window().and_then(|w| w.match_media(query).ok().flatten()).is_some_and(|q| q.matches())
}

fn system_reduces_motion() -> bool {
    media("(prefers-reduced-motion: reduce)")
}

fn coarse_pointer() -> bool {
    media("(pointer: coarse)")
}
