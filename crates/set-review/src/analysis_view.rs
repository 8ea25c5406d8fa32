//! A game explained, from the end screen (or for the game in progress):
//! the time of each set as bars with the median, best, worst and pace; the
//! claims on the table at each set and how long each table lasted; the sets
//! that lay out longest untaken, each of which shows its table with the set
//! ringed; and the mistakes: hints, and each wrong claim with the attributes
//! it broke.

use crate::Played;
use crate::chart::draw_bars;
use crate::shell::{Event, Shell, escape};
use crate::words::time;
use set_canvas::board::{Drawn, Marks, draw_table, looks};
use set_client::review::analysis::Analysis;
use set_core::rules::explain::{ATTRIBUTES, reasons, sentence};
use set_core::rules::game::Invalid;

pub(crate) fn update(shown: &mut Option<usize>, analysis: &Analysis, event: Event) -> bool {
    match event {
        Event::Click { id, .. } => {
            let Some(index) = id.strip_prefix("review-missed-").and_then(|i| i.parse::<usize>().ok()) else {
                return false;
            };
            if index < analysis.missed.len() {
                *shown = if *shown == Some(index) { None } else { Some(index) };
            }
            true
        }
        _ => false,
    }
}

/// "0:12" for a play time in ms.
fn at(ms: u64) -> String {
    time(Some(ms))
}

fn cards_in_words(deck: set_core::rules::deck::Deck, cards: &[set_core::rules::card::Card]) -> String {
    cards.iter().map(|&card| deck.words(card)).collect::<Vec<_>>().join(", ")
}

pub(crate) fn render(shell: &Shell, saved: &Played, analysis: &Analysis, shown: Option<usize>) {
    let game = &saved.game;
    let state = if analysis.over { "finished" } else { "in progress" };
    let mut body = format!(
        r#"<p>{} · {state} · play time <span id="review-play-time">{}</span></p>
<dl class="review-figures">
<dt>Sets</dt><dd id="review-sets">{}</dd>
<dt>Median time per set</dt><dd id="review-median">{}</dd>
<dt>Best</dt><dd id="review-best">{}</dd>
<dt>Worst</dt><dd id="review-worst">{}</dd>
<dt>Pace (play time ÷ sets)</dt><dd id="review-pace">{}</dd>
</dl>"#,
        game.variant().title(),
        at(analysis.play_ms),
        analysis.sets.len(),
        time(analysis.median_ms()),
        time(analysis.best_ms()),
        time(analysis.worst_ms()),
        time(analysis.pace_ms()),
    );
    if !analysis.sets.is_empty() {
        body.push_str(&format!(
            r#"<h3>Time per set</h3><canvas id="review-bars" class="review-chart" role="img" aria-label="Time per set, in claim order: {}"></canvas>"#,
            analysis.times_ms().iter().map(|&ms| at(ms)).collect::<Vec<_>>().join(", ")
        ));
        // Who found each set, when others played too.
        let seats = saved.sitting.seats();
        let (by_head, by) = if seats.is_solo() { ("", None) } else { ("<th>By</th>", Some(seats)) };
        body.push_str(&format!(r#"<h3>Sets on the table</h3><table class="review-table" id="review-tables"><thead><tr><th>Set</th>{by_head}<th>At</th><th>Took</th><th title="Claims that could be made">Out</th><th title="How long that table lasted">Lasted</th></tr></thead><tbody>"#));
        for (i, set) in analysis.sets.iter().enumerate() {
            let table = &analysis.tables[set.table];
            let who = by.and_then(|seats| seats.player(set.by)).map(|p| format!("<td>{}</td>", escape(&p.name)));
            body.push_str(&format!(
                "<tr><td>{}</td>{}<td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                i + 1,
                who.unwrap_or_default(),
                at(set.at_ms),
                at(set.took_ms),
                set.claims_out,
                at(table.until_ms - table.from_ms)
            ));
        }
        body.push_str("</tbody></table>");
    }
    body.push_str("<h3>Missed sets</h3>");
    if analysis.missed.is_empty() {
        body.push_str("<p>None: every claim that lay out was taken.</p>");
    } else {
        body.push_str(r#"<p>The ones that lay out longest without being taken; pick one to see its table.</p><ul class="review-missed">"#);
        for (i, missed) in analysis.missed.iter().enumerate() {
            let still = if missed.still_out { ", still out" } else { "" };
            body.push_str(&format!(
                r#"<li><button id="review-missed-{i}" type="button" aria-pressed="{}">{} from {} for {}{still}</button></li>"#,
                shown == Some(i),
                cards_in_words(game.variant().deck(), missed.claim.cards()),
                at(missed.from_ms),
                at(missed.lasted_ms()),
            ));
        }
        body.push_str("</ul>");
        if shown.is_some() {
            body.push_str(r#"<canvas id="review-missed-table" class="review-board" role="img" aria-label="The table the set lay on, the set ringed"></canvas>"#);
        }
    }
    body.push_str(&format!(
        r#"<h3>Mistakes</h3><p>Hints used: <span id="review-hints">{}</span>. Wrong claims: <span id="review-wrong">{}</span>.</p>"#,
        analysis.hints_ms.len(),
        analysis.wrong.len()
    ));
    if !analysis.wrong_calls.is_empty() {
        let claim = game.variant().rule().with_article();
        body.push_str(&format!(
            r#"<p>Wrong “no set” calls: <span id="review-wrong-calls">{}</span>.</p><ul class="review-wrong">"#,
            analysis.wrong_calls.len()
        ));
        for call in &analysis.wrong_calls {
            body.push_str(&format!(
                "<li>{}: {claim} lay out — {}</li>",
                at(call.at_ms),
                cards_in_words(game.variant().deck(), call.missed.cards())
            ));
        }
        body.push_str("</ul>");
    }
    if !analysis.wrong.is_empty() {
        body.push_str(r#"<ul class="review-wrong">"#);
        let mut broke = [0usize; 4];
        for wrong in &analysis.wrong {
            let why = match wrong.why {
                Invalid::NotASet if !wrong.broken.is_empty() => {
                    wrong.broken.iter().map(|&b| sentence(b)).collect::<Vec<_>>().join(" ")
                }
                Invalid::NotAnUltraSet => "No two pairs need the same third card.".to_owned(),
                other => reasons(game.variant(), other, wrong.claim.cards()).join(" "),
            };
            for broken in &wrong.broken {
                broke[broken.attribute as usize] += 1;
            }
            body.push_str(&format!(
                "<li>{}: {} — {why}</li>",
                at(wrong.at_ms),
                cards_in_words(game.variant().deck(), wrong.claim.cards())
            ));
        }
        body.push_str("</ul>");
        if let Some(most) = ATTRIBUTES.iter().max_by_key(|&&a| broke[a as usize]).filter(|&&a| broke[a as usize] > 0) {
            body.push_str(&format!("<p>Your wrong claims broke {} most often.</p>", most.name()));
        }
    }
    shell.write("Analysis", &body);
    let looks = looks();
    if let Some((ctx, w, h)) = shell.canvas("review-bars") {
        draw_bars(&ctx, w, h, &analysis.times_ms(), |_| false, analysis.median_ms(), false);
    }
    if let (Some(index), Some((ctx, w, h))) = (shown, shell.canvas("review-missed-table")) {
        let missed = &analysis.missed[index];
        let table = &analysis.tables[missed.table];
        let row = table.previous.map(|p| p.cards().to_vec()).unwrap_or_default();
        draw_table(
            &ctx,
            w,
            h,
            Drawn::still(&table.cards, &row).of(game.variant().deck()),
            Marks { outlined: missed.claim.cards(), ..Marks::default() },
            looks,
        );
    }
}
