//! The Practice entry's drills, played by clicks, taps or keys:
//! - Third card: two cards; pick the one of nine that completes the set.
//! - Fourth card (4Set): three cards of the 256; pick the one of nine that
//!   completes the 4Set.
//! - How many sets?: a table of twelve; say how many sets it holds.
//!
//! Each answer is timed from the round's first draw; a run's answers go to
//! the record when it ends, where the statistics show accuracy and median
//! time. The rounds come from `set_client::review::drills`, dealt from a seed.

use crate::epoch_ms;
use crate::ledger::Ledger;
use crate::shell::{Event, Shell};
use crate::words::{drill_records, time};
use set_canvas::board::{Drawn, Marks, draw_one, draw_table, looks};
use set_client::review::analysis::median;
use set_client::review::drills::{
    CANDIDATES, FourthCardRound, HowManyRound, MORE, ThirdCardRound, fourth_card_rounds, how_many_rounds,
    third_card_rounds,
};
use set_client::review::record::{Answer, Drill, DrillRun, Record};
use set_core::rules::card::Card;
use set_core::rules::deck::Deck;

/// Where the player is in the Practice entry.
pub enum Drilling {
    Choosing,
    ThirdCard(Run<ThirdCardRound>),
    HowMany(Run<HowManyRound>),
    FourthCard(Run<FourthCardRound>),
    /// A run just ended.
    Done {
        drill: Drill,
        answers: Vec<Answer>,
    },
}

pub struct Run<R> {
    rounds: Vec<R>,
    answers: Vec<Answer>,
    /// When the run started (ms since 1970), which names it in the record.
    at: u64,
    /// When the current round was shown (the page's clock, ms).
    shown_at: f64,
    /// What the last answer was, said until the next.
    said: String,
}

fn clock() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

impl<R> Run<R> {
    fn new(rounds: Vec<R>) -> Run<R> {
        Run { rounds, answers: Vec::new(), at: epoch_ms(), shown_at: clock(), said: String::new() }
    }

    fn round(&self) -> Option<&R> {
        self.rounds.get(self.answers.len())
    }

    /// Takes an answer to the current round; `true` when the run is over.
    fn answer(&mut self, correct: bool, right: String) -> bool {
        let now = clock();
        self.answers.push(Answer { correct, ms: (now - self.shown_at).max(0.0) as u64 });
        self.shown_at = now;
        self.said = if correct { "Right.".to_owned() } else { format!("Not that one: {right}.") };
        self.answers.len() == self.rounds.len()
    }
}

pub(crate) fn update(drilling: &mut Drilling, event: Event, ledger: &mut Ledger) -> bool {
    let Event::Click { id, .. } = event else { return false };
    let seed = epoch_ms() ^ (clock() * 1000.0) as u64;
    let number = |prefix: &str| id.strip_prefix(prefix).and_then(|n| n.parse::<usize>().ok());
    let finished = match drilling {
        _ if id == "review-third-card" => {
            *drilling = Drilling::ThirdCard(Run::new(third_card_rounds(seed)));
            return true;
        }
        _ if id == "review-how-many" => {
            *drilling = Drilling::HowMany(Run::new(how_many_rounds(seed)));
            return true;
        }
        _ if id == "review-fourth-card" => {
            *drilling = Drilling::FourthCard(Run::new(fourth_card_rounds(seed)));
            return true;
        }
        _ if id == "review-practice" => {
            *drilling = Drilling::Choosing;
            return true;
        }
        Drilling::ThirdCard(run) => {
            let (Some(pick), Some(round)) = (number("review-pick-"), run.round().copied()) else { return false };
            if pick >= CANDIDATES {
                return false;
            }
            let right = round.candidates[round.answer].to_string();
            run.answer(pick == round.answer, right).then(|| (Drill::ThirdCard, run.answers.clone(), run.at))
        }
        Drilling::FourthCard(run) => {
            let (Some(pick), Some(round)) = (number("review-pick-"), run.round().copied()) else { return false };
            if pick >= CANDIDATES {
                return false;
            }
            let right = Deck::Four.words(round.candidates[round.answer]);
            run.answer(pick == round.answer, right).then(|| (Drill::FourthCard, run.answers.clone(), run.at))
        }
        Drilling::HowMany(run) => {
            let (Some(count), Some(round)) = (number("review-count-"), run.round().copied()) else { return false };
            let right = if round.answer == MORE { "more than six".to_owned() } else { format!("{}", round.answer) };
            run.answer(count == round.answer, right).then(|| (Drill::HowMany, run.answers.clone(), run.at))
        }
        _ => return false,
    };
    if let Some((drill, answers, at)) = finished {
        ledger.add_drill(DrillRun { drill, at, answers: answers.clone() });
        *drilling = Drilling::Done { drill, answers };
    }
    true
}

fn progress(done: usize, of: usize, said: &str) -> String {
    format!(
        r#"<p id="review-round">Round {} of {of}</p><p class="review-said" aria-live="polite">{said}</p>"#,
        done + 1
    )
}

pub(crate) fn render(shell: &Shell, drilling: &Drilling, record: &Record) {
    let looks = looks();
    match drilling {
        Drilling::Choosing => {
            let mut body = String::from("<p>Three drills to sharpen your eye.</p><p class=\"review-actions\">");
            body.push_str(r#"<button id="review-third-card" type="button">Third card</button> <button id="review-how-many" type="button">How many sets?</button> <button id="review-fourth-card" type="button">Fourth card (4Set)</button></p>"#);
            body.push_str("<p>Third card: two cards are shown; pick the card that completes the set. 20 rounds, timed.</p><p>How many sets? A table of twelve is shown; say how many sets it holds. 10 rounds.</p><p>Fourth card: three cards of 4Set's deck are shown; pick the card that completes the 4Set (in every trait the four are all the same, all different, or two pairs). 15 rounds.</p>");
            body.push_str(&records(record));
            shell.write("Practice", &body);
        }
        Drilling::ThirdCard(run) => {
            let Some(round) = run.round() else { return };
            let words = |card: &Card| card.to_string();
            let question = format!(
                "completes the set of <strong>{}</strong> and <strong>{}</strong>",
                words(&round.shown[0]),
                words(&round.shown[1])
            );
            let pick = Pick {
                shown: &round.shown,
                candidates: &round.candidates,
                deck: Deck::Classic,
                question,
                title: "Practice: third card",
            };
            pick.render(shell, progress(run.answers.len(), run.rounds.len(), &run.said));
        }
        Drilling::FourthCard(run) => {
            let Some(round) = run.round() else { return };
            let [a, b, c] = round.shown.map(|card| Deck::Four.words(card));
            let question =
                format!("completes the 4Set of <strong>{a}</strong>, <strong>{b}</strong> and <strong>{c}</strong>");
            let pick = Pick {
                shown: &round.shown,
                candidates: &round.candidates,
                deck: Deck::Four,
                question,
                title: "Practice: fourth card",
            };
            pick.render(shell, progress(run.answers.len(), run.rounds.len(), &run.said));
        }
        Drilling::HowMany(run) => {
            let Some(round) = run.round() else { return };
            let mut body = progress(run.answers.len(), run.rounds.len(), &run.said);
            let words: Vec<String> = round.table.iter().map(ToString::to_string).collect();
            body.push_str(&format!(
                r#"<p>How many sets does this table hold?</p><canvas id="review-table" class="review-board" role="img" aria-label="Twelve cards: {}"></canvas><p class="review-counts">"#,
                words.join(", ")
            ));
            for count in 0..=MORE {
                let label = if count == MORE { "More".to_owned() } else { count.to_string() };
                body.push_str(&format!(r#"<button id="review-count-{count}" type="button">{label}</button> "#));
            }
            body.push_str("</p>");
            shell.write("Practice: how many sets?", &body);
            if let Some((ctx, w, h)) = shell.canvas("review-table") {
                draw_table(&ctx, w, h, Drawn::still(&round.table, &[]), Marks::default(), looks);
            }
        }
        Drilling::Done { drill, answers } => {
            let correct = answers.iter().filter(|a| a.correct).count();
            let times: Vec<u64> = answers.iter().map(|a| a.ms).collect();
            let mut body = format!(
                r#"<p id="review-result">{correct} of {} right, median {} per answer.</p>"#,
                answers.len(),
                time(median(&times))
            );
            body.push_str(
                r#"<p class="review-actions"><button id="review-practice" type="button">Practice again</button></p>"#,
            );
            body.push_str(&records(record));
            shell.write(&format!("{}: done", drill.title()), &body);
        }
    }
}

/// A round that asks for one card of nine: the cards shown, the candidates,
/// the deck they are drawn from, and the question's words.
struct Pick<'a> {
    shown: &'a [Card],
    candidates: &'a [Card; CANDIDATES],
    deck: Deck,
    /// What the card to pick does, after "Which card".
    question: String,
    title: &'static str,
}

impl Pick<'_> {
    fn render(&self, shell: &Shell, mut body: String) {
        let looks = looks();
        body.push_str(&format!(r#"<p>Which card {}?</p><div class="review-pair">"#, self.question));
        for (i, &card) in self.shown.iter().enumerate() {
            let words = self.deck.words(card);
            body.push_str(&format!(
                r#"<canvas id="review-pair-{i}" class="review-card" role="img" aria-label="{words}"></canvas>"#
            ));
        }
        body.push_str(r#"</div><div class="review-candidates">"#);
        for (i, &card) in self.candidates.iter().enumerate() {
            let words = self.deck.words(card);
            body.push_str(&format!(
                r#"<button id="review-pick-{i}" type="button" class="review-pick" aria-label="{words}"><canvas id="review-card-{i}" class="review-card"></canvas></button>"#
            ));
        }
        body.push_str("</div>");
        shell.write(self.title, &body);
        let cards = self.shown.iter().enumerate().map(|(i, &card)| (format!("review-pair-{i}"), card));
        let picks = self.candidates.iter().enumerate().map(|(i, &card)| (format!("review-card-{i}"), card));
        for (id, card) in cards.chain(picks) {
            if let Some((ctx, w, h)) = shell.canvas(&id) {
                draw_one(&ctx, w, h, card, self.deck, looks);
            }
        }
    }
}

/// The drills' records so far.
fn records(record: &Record) -> String {
    format!("<h3>Your records</h3>{}", drill_records(record))
}

/// What the drill shows, for `view_state()`: `drill`, `round`, `rounds`,
/// and the cards (`pair` and `candidates`, or `table`) by id.
pub(crate) fn put_state(drilling: &Drilling, put: &dyn Fn(&str, wasm_bindgen::JsValue)) {
    let ids = |cards: &[Card]| crate::transfer::ids(cards);
    let progress = |drill: Drill, answered: usize, rounds: usize| {
        put("drill", drill.name().into());
        put("round", (answered as u32).into());
        put("rounds", (rounds as u32).into());
    };
    match drilling {
        Drilling::Choosing => put("drill", wasm_bindgen::JsValue::NULL),
        Drilling::ThirdCard(run) => {
            progress(Drill::ThirdCard, run.answers.len(), run.rounds.len());
            if let Some(round) = run.round() {
                put("pair", ids(&round.shown));
                put("candidates", ids(&round.candidates));
            }
        }
        Drilling::FourthCard(run) => {
            progress(Drill::FourthCard, run.answers.len(), run.rounds.len());
            if let Some(round) = run.round() {
                put("triple", ids(&round.shown));
                put("candidates", ids(&round.candidates));
            }
        }
        Drilling::HowMany(run) => {
            progress(Drill::HowMany, run.answers.len(), run.rounds.len());
            if let Some(round) = run.round() {
                put("table", ids(&round.table));
            }
        }
        Drilling::Done { drill, answers } => {
            put("drill", drill.name().into());
            put("done", true.into());
            put("correct", (answers.iter().filter(|a| a.correct).count() as u32).into());
        }
    }
}
