//! The statistics across games: per way to play, the games started and
//! finished, sets found, the best, median and last ten finish times, the
//! pace, hints and wrong claims per game; a chart of the last finish times
//! with games that used hints set apart; the daily puzzle's streaks; the
//! drills' records; and export and import.

use crate::chart::{BAR, draw_bars};
use crate::shell::{Event, Shell, escape};
use crate::today;
use crate::words::{drill_records, time};
use set_client::review::record::{CHART_GAMES, HISTORY_LIMIT, MODES, Record};
use set_core::rules::variant::WAYS;

pub(crate) fn update(mode: &mut usize, event: Event) -> bool {
    match event {
        Event::Input { id, value } if id == "review-mode" => {
            if let Some(index) = MODES.iter().position(|&name| name == value) {
                *mode = index;
            }
            true
        }
        _ => false,
    }
}

/// The title of the way to play at this place in [`MODES`].
fn mode_title(index: usize) -> &'static str {
    WAYS.get(index).map_or("Daily puzzle", |way| way.title())
}

/// A count per game with one decimal, or a dash.
fn per_game(total: u64, games: u64) -> String {
    if games == 0 {
        return "–".to_owned();
    }
    let tenths = (total * 10 + games / 2) / games;
    format!("{}.{}", tenths / 10, tenths % 10)
}

pub(crate) fn render(shell: &Shell, record: &Record, mode: usize, notice: Option<String>) {
    let stats = record.mode_stats(mode);
    let mut options = String::new();
    for (i, name) in MODES.iter().enumerate() {
        let chosen = if i == mode { " selected" } else { "" };
        options.push_str(&format!(r#"<option value="{name}"{chosen}>{}</option>"#, mode_title(i)));
    }
    let last_ten: Vec<String> = stats.last_ten_ms.iter().map(|&ms| time(Some(ms))).collect();
    let mut body = format!(
        r#"<label for="review-mode">Way to play</label> <select id="review-mode">{options}</select>
<dl class="review-figures">
<dt>Games started</dt><dd id="review-started">{}</dd>
<dt>Games finished</dt><dd id="review-finished">{}</dd>
<dt>Sets found</dt><dd id="review-sets">{}</dd>
<dt>Best time</dt><dd id="review-best">{}</dd>
<dt>Median time</dt><dd id="review-median">{}</dd>
<dt>Pace (time per set)</dt><dd id="review-pace">{}</dd>
<dt>Hints per game</dt><dd id="review-hints">{}</dd>
<dt>Wrong claims per game</dt><dd id="review-wrong">{}</dd>
</dl>
<p>Last ten finish times: <span id="review-last-ten">{}</span></p>"#,
        stats.started,
        stats.finished,
        stats.sets,
        time(stats.best_ms),
        time(stats.median_ms),
        time(stats.pace_ms()),
        per_game(stats.hints, stats.finished),
        per_game(stats.wrong, stats.finished),
        if last_ten.is_empty() { "none yet".to_owned() } else { last_ten.join(", ") },
    );
    let chart = record.chart(mode);
    if !chart.is_empty() {
        body.push_str(&format!(
            r#"<h3>Finish times, last {CHART_GAMES} games</h3><canvas id="review-chart" class="review-chart" role="img" aria-label="Finish times of the last {} games, oldest first"></canvas>
<p class="review-legend"><span style="color:{}">■</span> without hints <span style="color:{}">■</span> with hints; the dashed line is the median</p>"#,
            chart.len(),
            BAR[0],
            BAR[1]
        ));
    }
    if MODES[mode] == "daily" {
        let streaks = record.streaks(today());
        body.push_str(&format!(
            r#"<p>Daily streak: <span id="review-streak">{}</span> days; best <span id="review-best-streak">{}</span>.</p>"#,
            streaks.current, streaks.best
        ));
    }
    body.push_str("<h3>Practice</h3>");
    body.push_str(&drill_records(record));
    body.push_str(&format!(
        r#"<p class="review-note">The last {HISTORY_LIMIT} finished games are kept, each as its save, for analysis and replay; older ones still count in the figures above.</p>
<p class="review-actions"><button id="review-export" type="button">Export</button> <label class="review-import">Import statistics or open a saved game <input id="review-import" type="file" accept="application/json,.json,text/plain,.txt"></label></p>"#
    ));
    if let Some(notice) = notice {
        body.insert_str(0, &format!(r#"<p class="review-warn" id="review-notice">{}</p>"#, escape(&notice)));
    }
    shell.write("Statistics", &body);
    if let Some((ctx, w, h)) = shell.canvas("review-chart") {
        let times: Vec<u64> = chart.iter().map(|game| game.elapsed_ms).collect();
        draw_bars(&ctx, w, h, &times, |i| !chart[i].clean(), stats.median_ms, false);
    }
}
