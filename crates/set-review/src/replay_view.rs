//! A game stepped through move by move, forward and back, by the slider,
//! the buttons and the keys (←/→ one move, PageUp/PageDown five, Home/End),
//! drawn by the page's own renderer. Step 0 is the deal; step k shows the
//! table as it was just before move k, with the move's cards marked (ringed
//! for a set, red for a wrong claim, the hinted cards for a hint); the last
//! step is the table as it stands now or as the game ended. It reads the
//! save and never changes it.

use crate::Played;
use crate::shell::{Event, Shell, escape};
use crate::words::time;
use set_canvas::board::{Drawn, Marks, draw_table, looks};
use set_core::rules::card::Card;
use set_core::rules::game::{Action, CallOutcome, ClaimOutcome, Game, Outcome};

/// What one step shows.
pub(crate) struct Frame {
    pub table: Vec<Card>,
    /// Set-Chain's previous set, shown in a row above the table.
    pub row: Vec<Card>,
    pub marked: Vec<Card>,
    pub kind: Mark,
    pub caption: String,
}

#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Mark {
    None,
    Found,
    Wrong,
    Hint,
}

/// The number of steps: the deal, one per move, and the end.
pub(crate) fn steps(saved: &Played) -> usize {
    saved.game.moves().len() + 2
}

/// The game after its first `moves` moves.
fn after(saved: &Played, moves: usize) -> Game {
    let game = &saved.game;
    let mut replay = game.restarted();
    for &mv in &game.moves()[..moves] {
        // The saved game was rebuilt by these very moves when it was read.
        let _ = replay.apply(mv);
    }
    replay
}

pub(crate) fn frame(saved: &Played, step: usize) -> Frame {
    let moves = saved.game.moves();
    let last = steps(saved) - 1;
    let step = step.min(last);
    let before = after(saved, step.saturating_sub(1).min(moves.len()));
    let row = before.previous().map(|p| p.cards().to_vec()).unwrap_or_default();
    let mut frame =
        Frame { table: before.table().to_vec(), row, marked: Vec::new(), kind: Mark::None, caption: String::new() };
    if step == 0 {
        frame.caption = "The deal.".to_owned();
        return frame;
    }
    if step == last {
        let end = &saved.game;
        frame.table = end.table().to_vec();
        frame.row = end.previous().map(|p| p.cards().to_vec()).unwrap_or_default();
        let state = if end.is_over() { "The end" } else { "Now" };
        frame.caption = format!("{state}: {} sets found, {}.", end.found().len(), time(Some(saved.elapsed_ms)));
        return frame;
    }
    let mv = moves[step - 1];
    let mut next = before.clone();
    let outcome = next.apply(mv);
    let when = time(Some(mv.at_ms));
    // Who made it, when others played too: " by Ann".
    let seats = saved.sitting.seats();
    let by = match saved.sitting.by().get(step - 1).and_then(|&seat| seats.player(seat)) {
        Some(player) if !seats.is_solo() => format!(" by {}", player.name),
        _ => String::new(),
    };
    match (mv.action, outcome) {
        (Action::Hint, _) => {
            frame.marked = next.hinted_cards().to_vec();
            frame.kind = Mark::Hint;
            frame.caption = format!("Move {step}: a hint{by} at {when}.");
        }
        (Action::Claim(claim), Ok(Outcome::Claim(ClaimOutcome::Invalid(_)))) => {
            frame.marked = claim.cards().to_vec();
            frame.kind = Mark::Wrong;
            frame.caption = format!("Move {step}: a wrong claim{by} at {when}.");
        }
        (Action::CallNoSet, Ok(Outcome::Call(CallOutcome::Wrong { missed }))) => {
            // After the game, the claim the call missed is shown.
            frame.marked = missed.cards().to_vec();
            frame.kind = Mark::Wrong;
            let claim = before.variant().rule().with_article();
            frame.caption = format!("Move {step}: \u{201c}no set\u{201d}{by} at {when}, wrongly: {claim} lay out.");
        }
        (Action::CallNoSet, _) => {
            frame.marked = next.table()[before.table().len().min(next.table().len())..].to_vec();
            frame.kind = Mark::Found;
            frame.caption = format!("Move {step}: \u{201c}no set\u{201d}{by} at {when}, rightly: more cards.");
        }
        (Action::Claim(claim), _) => {
            frame.marked = claim.cards().to_vec();
            frame.kind = Mark::Found;
            frame.caption = format!("Move {step}: a set{by} at {when} ({} found).", next.found().len());
        }
    }
    frame
}

pub(crate) fn update(step: &mut usize, saved: &Played, event: Event) -> bool {
    let last = steps(saved) - 1;
    let wanted = match event {
        Event::Key(key) => match key.as_str() {
            "ArrowLeft" => step.saturating_sub(1),
            "ArrowRight" => *step + 1,
            "PageUp" => step.saturating_sub(5),
            "PageDown" => *step + 5,
            "Home" => 0,
            "End" => last,
            _ => return false,
        },
        Event::Click { id, .. } if id == "review-prev" => step.saturating_sub(1),
        Event::Click { id, .. } if id == "review-next" => *step + 1,
        Event::Input { id, value } if id == "review-step" => value.parse().unwrap_or(*step),
        _ => return false,
    };
    *step = wanted.min(last);
    true
}

pub(crate) fn render(shell: &Shell, saved: &Played, step: usize, fresh: bool) {
    let last = steps(saved) - 1;
    let frame = frame(saved, step);
    let deck = saved.game.variant().deck();
    let table_words = frame.table.iter().map(|&card| deck.words(card)).collect::<Vec<_>>().join(", ");
    // While the replay is open, only what changes is written: the slider
    // stays the same element, so a drag goes on and the focus stays.
    if let (false, Some(slider), Some(caption), Some(canvas)) =
        (fresh, shell.element("review-step"), shell.element("review-caption"), shell.element("review-board"))
    {
        let _ = js_sys::Reflect::set(&slider, &"value".into(), &step.to_string().into());
        let _ = slider.set_attribute("aria-label", &format!("Step {step} of {last}"));
        caption.set_text_content(Some(&frame.caption));
        let _ = canvas.set_attribute("aria-label", &format!("The table at this step: {table_words}"));
    } else {
        write(shell, &frame, &table_words, step, last);
    }
    draw(shell, &frame, deck);
}

fn write(shell: &Shell, frame: &Frame, table_words: &str, step: usize, last: usize) {
    let body = format!(
        r#"<p id="review-caption" aria-live="polite">{}</p>
<canvas id="review-board" class="review-board" role="img" aria-label="The table at this step: {}"></canvas>
<p class="review-steps"><button id="review-prev" type="button" aria-label="Back one move">←</button>
<input id="review-step" type="range" min="0" max="{last}" value="{step}" aria-label="Step {step} of {last}">
<button id="review-next" type="button" aria-label="Forward one move">→</button></p>
<p class="review-note">←/→ step, PageUp/PageDown five, Home/End the deal and the end.</p>"#,
        escape(&frame.caption),
        table_words,
    );
    shell.write("Replay", &body);
}

fn draw(shell: &Shell, frame: &Frame, deck: set_core::rules::deck::Deck) {
    if let Some((ctx, w, h)) = shell.canvas("review-board") {
        let marks = match frame.kind {
            Mark::Found => Marks { outlined: &frame.marked, ..Marks::default() },
            Mark::Wrong => Marks { wrong: &frame.marked, ..Marks::default() },
            Mark::Hint => Marks { hinted: &frame.marked, ..Marks::default() },
            Mark::None => Marks::default(),
        };
        draw_table(&ctx, w, h, Drawn::still(&frame.table, &frame.row).of(deck), marks, looks());
    }
}
