//! What the part's views share: a time as the views write it, the ways to
//! play by name, and the drills' records (shown by the statistics and by
//! Practice). Below every view, so that no view imports another for them.

use set_client::play::stopwatch::format_clock;
use set_client::review::record::{Drill, Record};

/// The ways to play as the chooser names them, in the record's order.
/// A time as m:ss.t (tenths: a quick set takes well under a second), or a
/// dash where there is none yet.
pub(crate) fn time(ms: Option<u64>) -> String {
    ms.map_or_else(|| "–".to_owned(), |ms| format!("{}.{}", format_clock(ms as f64), ms % 1000 / 100))
}

/// Each drill's runs, accuracy and median time, as a list.
pub(crate) fn drill_records(record: &Record) -> String {
    let mut text = String::from("<dl class=\"review-figures\">");
    for drill in Drill::ALL {
        let name = drill.title();
        let stats = record.drill_stats(drill);
        let accuracy = (stats.correct * 100).checked_div(stats.answers).map_or("–".to_owned(), |p| format!("{p}%"));
        text.push_str(&format!(
            r#"<dt>{name}</dt><dd id="review-drill-{}">{} runs, {accuracy} right, median {}</dd>"#,
            drill.name(),
            stats.runs,
            time(stats.median_ms)
        ));
    }
    text.push_str("</dl>");
    text
}
