//! The solo page's chooser (index.html's `<select id="mode">`) offers the
//! ways the pages play, in the core's order, each by its name and title,
//! then the daily puzzle: the page's HTML and the core's list of ways are
//! two sides held together here.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should

use set_client::page::options::played_here;
use set_core::rules::variant::{Variant, WAYS};

#[test]
fn the_chooser_offers_every_way_the_pages_play_by_name_and_title() {
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
    let mut expected: Vec<(String, String)> = WAYS
        .into_iter()
        .filter(|&way| played_here(way))
        .map(|way| (way.name().to_owned(), way.title().to_owned()))
        .collect();
    let daily = Variant::from_name("daily", Some(set_core::rules::daily::Date::parse("2026-11-27").unwrap())).unwrap();
    expected.push((daily.name().to_owned(), daily.title().to_owned()));
    assert_eq!(offered, expected);
}
