//! The record and an analysis as plain JavaScript objects (the `stats()`
//! and `analysis()` exports), and export and import as one JSON file:
//! `{ format: "SET statistics", version, exported, stats, record }`, where
//! `stats` is the figures for people and other tools and `record` the
//! record's own text, which is what an import reads back and merges.

use js_sys::{Array, JSON, Object, Reflect};
use set_client::review::analysis::Analysis;
use set_client::review::record::{Drill, MODES, Record, RecordError};
use set_core::rules::card::Card;
use set_core::rules::daily::Date;
use wasm_bindgen::{JsCast, JsValue};

const FORMAT: &str = "SET statistics";
const VERSION: u32 = 1;

fn put(object: &Object, name: &str, value: JsValue) {
    let _ = Reflect::set(object, &name.into(), &value);
}

fn ms(value: Option<u64>) -> JsValue {
    value.map_or(JsValue::NULL, |ms| (ms as f64).into())
}

fn numbers(values: impl IntoIterator<Item = u64>) -> JsValue {
    values.into_iter().map(|n| JsValue::from(n as f64)).collect::<Array>().into()
}

pub(crate) fn ids(cards: &[Card]) -> JsValue {
    cards.iter().map(|card| JsValue::from(card.id())).collect::<Array>().into()
}

/// `{ classic: {...}, junior, chain, ultra, daily: {..., streak, bestStreak},
/// drills: { "third-card": {...}, "how-many": {...} }, history }`.
pub(crate) fn stats_object(record: &Record, today: Date) -> JsValue {
    let all = Object::new();
    for (index, name) in MODES.iter().enumerate() {
        let stats = record.mode_stats(index);
        let mode = Object::new();
        put(&mode, "started", (stats.started as f64).into());
        put(&mode, "finished", (stats.finished as f64).into());
        put(&mode, "setsFound", (stats.sets as f64).into());
        put(&mode, "hints", (stats.hints as f64).into());
        put(&mode, "wrongClaims", (stats.wrong as f64).into());
        put(&mode, "playMs", (stats.play_ms as f64).into());
        put(&mode, "bestMs", ms(stats.best_ms));
        put(&mode, "medianMs", ms(stats.median_ms));
        put(&mode, "lastTenMs", numbers(stats.last_ten_ms.iter().copied()));
        put(&mode, "paceMs", ms(stats.pace_ms()));
        let chart: Array = record
            .chart(index)
            .into_iter()
            .map(|game| {
                let point = Object::new();
                put(&point, "ms", (game.elapsed_ms as f64).into());
                put(&point, "hints", game.hints.into());
                JsValue::from(point)
            })
            .collect();
        put(&mode, "chart", chart.into());
        if *name == "daily" {
            let streaks = record.streaks(today);
            put(&mode, "streak", streaks.current.into());
            put(&mode, "bestStreak", streaks.best.into());
        }
        put(&all, name, mode.into());
    }
    let drills = Object::new();
    for drill in Drill::ALL {
        let stats = record.drill_stats(drill);
        let object = Object::new();
        put(&object, "runs", (stats.runs as u32).into());
        put(&object, "answers", (stats.answers as u32).into());
        put(&object, "correct", (stats.correct as u32).into());
        put(&object, "medianMs", ms(stats.median_ms));
        put(&drills, drill.name(), object.into());
    }
    put(&all, "drills", drills.into());
    put(&all, "history", (record.history().len() as u32).into());
    all.into()
}

/// `{ setsMs, setsAtMs, claimsOut, setsBy (seats), tables: [{ fromMs, untilMs, claims }],
/// missed: [[ids]], missedMs, wrong: [{ atMs, cards, broken: [attribute] }],
/// hints, playMs, medianMs, bestMs, worstMs, paceMs, over }`.
pub(crate) fn analysis_object(analysis: &Analysis) -> JsValue {
    let object = Object::new();
    put(&object, "setsMs", numbers(analysis.times_ms()));
    put(&object, "setsAtMs", numbers(analysis.sets.iter().map(|set| set.at_ms)));
    put(&object, "claimsOut", numbers(analysis.sets.iter().map(|set| set.claims_out as u64)));
    put(&object, "setsBy", numbers(analysis.sets.iter().map(|set| u64::from(set.by.0))));
    let tables: Array = analysis
        .tables
        .iter()
        .map(|table| {
            let span = Object::new();
            put(&span, "fromMs", (table.from_ms as f64).into());
            put(&span, "untilMs", (table.until_ms as f64).into());
            put(&span, "claims", (table.claims.len() as u32).into());
            put(&span, "table", ids(&table.cards));
            JsValue::from(span)
        })
        .collect();
    put(&object, "tables", tables.into());
    put(&object, "missed", analysis.missed.iter().map(|m| ids(m.claim.cards())).collect::<Array>().into());
    put(&object, "missedMs", numbers(analysis.missed.iter().map(set_client::review::analysis::Missed::lasted_ms)));
    let wrong: Array = analysis
        .wrong
        .iter()
        .map(|wrong| {
            let claim = Object::new();
            put(&claim, "atMs", (wrong.at_ms as f64).into());
            put(&claim, "cards", ids(wrong.claim.cards()));
            let broken: Array = wrong.broken.iter().map(|b| JsValue::from(b.attribute.name())).collect();
            put(&claim, "broken", broken.into());
            JsValue::from(claim)
        })
        .collect();
    put(&object, "wrong", wrong.into());
    put(&object, "hints", (analysis.hints_ms.len() as u32).into());
    put(&object, "playMs", (analysis.play_ms as f64).into());
    put(&object, "medianMs", ms(analysis.median_ms()));
    put(&object, "bestMs", ms(analysis.best_ms()));
    put(&object, "worstMs", ms(analysis.worst_ms()));
    put(&object, "paceMs", ms(analysis.pace_ms()));
    put(&object, "over", analysis.over.into());
    object.into()
}

/// The export file's text.
pub(crate) fn export_text(record: &Record, today: Date) -> String {
    let file = Object::new();
    put(&file, "format", FORMAT.into());
    put(&file, "version", VERSION.into());
    put(&file, "exported", js_sys::Date::new_0().to_iso_string().into());
    put(&file, "stats", stats_object(record, today));
    put(&file, "record", record.encode().into());
    JSON::stringify_with_replacer_and_space(&file, &JsValue::NULL, &2.into())
        .ok()
        .and_then(|text| text.as_string())
        .unwrap_or_default()
}

/// Downloads the export file, named by today's date.
pub(crate) fn download(record: &Record, today: Date) {
    let text = export_text(record, today);
    let parts = Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Ok(link) = document.create_element("a") {
        let _ = link.set_attribute("href", &url);
        let _ = link.set_attribute("download", &format!("set-statistics-{today}.json"));
        link.unchecked_ref::<web_sys::HtmlElement>().click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// The record in an export file's text, or why it is not one.
pub(crate) fn import(text: &str) -> Result<Record, String> {
    let file = JSON::parse(text).map_err(|_| "it is not JSON".to_owned())?;
    let format = Reflect::get(&file, &"format".into()).ok().and_then(|f| f.as_string());
    if format.as_deref() != Some(FORMAT) {
        return Err("it is not a file of SET statistics".to_owned());
    }
    let version = Reflect::get(&file, &"version".into()).unwrap_or_default();
    if version.as_f64() != Some(f64::from(VERSION)) {
        // In JavaScript's words: Rust's float formatting costs the part far
        // more (BENCHMARKS.md, "What stays bent for bytes").
        let shown = JSON::stringify(&version).ok().and_then(|text| text.as_string()).unwrap_or_default();
        return Err(format!("its version {shown} is not one this page reads ({VERSION})"));
    }
    let record = Reflect::get(&file, &"record".into()).ok().and_then(|r| r.as_string()).ok_or("it holds no record")?;
    Record::decode(&record).map_err(|error: RecordError| error.to_string())
}
