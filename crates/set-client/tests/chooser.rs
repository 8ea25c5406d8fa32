//! The pages' lists of ways, written in their HTML, held to the core's
//! lists: the solo page's chooser (index.html's `<select id="mode">`)
//! offers every way, in the core's order, each by its name and title, then
//! the daily puzzle (race.html's build is the same: every way is played with
//! others, `Variant::played_with_others`); the lobby's quick play, its make-a-room
//! choice and its leaderboard's offer the ways an online room plays.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should

use set_core::rules::variant::{ONLINE_VARIANTS, Variant, WAYS};

#[test]
fn the_chooser_offers_every_way_by_name_and_title() {
    let index = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../index.html")).unwrap();
    let chooser = &index[index.find("<select id=\"mode\"").unwrap()..];
    let chooser = &chooser[..chooser.find("</select>").unwrap()];
    let offered: Vec<(String, String)> = chooser
        .split("<option value=\"")
        .skip(1)
        .map(|option| {
            let (value, rest) = option.split_once("\">").unwrap();
            (value.to_owned(), rest[..rest.find("</option>").unwrap()].to_owned())
        })
        .collect();
    let mut expected: Vec<(String, String)> =
        WAYS.into_iter().map(|way| (way.name().to_owned(), way.title().to_owned())).collect();
    let daily = Variant::from_name("daily", Some(set_core::rules::daily::Date::parse("2026-11-27").unwrap())).unwrap();
    expected.push((daily.name().to_owned(), daily.title().to_owned()));
    assert_eq!(offered, expected);
}

/// The `(value, text)` of each `<option>` of the select `id` in `html`
/// (quoted or not, as the page's minified HTML writes it).
fn options(html: &str, id: &str) -> Vec<(String, String)> {
    let select = &html[html.find(&format!("<select id={id}")).unwrap()..];
    let select = &select[..select.find("</select>").unwrap()];
    select
        .split("<option value=")
        .skip(1)
        .map(|option| {
            let (value, rest) = option.split_once('>').unwrap();
            (value.trim_matches('"').to_owned(), rest[..rest.find("</option>").unwrap()].to_owned())
        })
        .collect()
}

#[test]
fn the_lobby_offers_every_online_way_by_name_and_title() {
    let lobby =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/pages/online-body.html")).unwrap();
    let expected: Vec<(String, String)> =
        ONLINE_VARIANTS.iter().map(|way| (way.name().to_owned(), way.title().to_owned())).collect();
    assert_eq!(options(&lobby, "create-mode"), expected, "make a room");
    assert_eq!(options(&lobby, "board-mode"), expected, "the leaderboard");
    let quick: Vec<(String, String)> = lobby
        .split("<button id=quick-")
        .skip(1)
        .map(|button| {
            let (name, rest) = button.split_once(' ').unwrap();
            let text = &rest[rest.find('>').unwrap() + 1..rest.find("</button>").unwrap()];
            (name.to_owned(), text.to_owned())
        })
        .collect();
    assert_eq!(quick, expected, "quick play");
}
