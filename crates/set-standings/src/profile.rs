//! A player's profile as its own view of online.html (`?player=<id>`): who
//! they are, their rating's history per way to play as a chart (an SVG
//! with a text alternative), each way's games, wins, win rate, sets and
//! game times, and their recent games, rated or not, each with a link to
//! its analysis. A player with no rated game yet has a profile of the games
//! they played: no chart, no empty table.
//! It owns the profile view's elements; `crate::standings` decides when to
//! show it.

use set_client::play::stopwatch::format_clock;
use set_core::rules::variant::Variant;
use set_core::text::counted;
use set_online::dom::{Piece, document, element, fill_list, fill_rows, set_in_items, set_text};
use set_protocol::api::ProfileMsg;

const SVG: &str = "http://www.w3.org/2000/svg";
/// The chart's drawing box, in its own units (it scales to its element).
const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 200.0;
/// Room left of the lines for the ratings' labels, and above and below.
const LEFT: f64 = 44.0;
const PAD: f64 = 12.0;
/// Each way's line colour: told apart in both themes, and named in the legend.
const COLOURS: [&str; 5] = ["#1b6fd1", "#c2410c", "#15803d", "#7e22ce", "#a16207"];

/// A way to play's title from its name in the API ("classic" → "Classic").
fn title(mode: &str) -> String {
    Variant::from_name(mode, None).map_or_else(|_| mode.to_owned(), |v| v.title().to_owned())
}

fn percent(part: u32, whole: u32) -> String {
    if whole == 0 { "–".to_owned() } else { format!("{}%", (f64::from(part) * 100.0 / f64::from(whole)).round()) }
}

/// The profile, drawn into its view.
pub(crate) fn render(profile: &ProfileMsg) {
    set_text("profile-title", &profile.name);
    let played: u32 = profile.played.values().sum();
    let summary = if profile.games == 0 {
        format!("{} played, none rated yet.", counted(played.into(), "game", "games"))
    } else {
        format!(
            "{}, {} won ({}), {}; {} played in all.",
            counted(profile.games.into(), "rated game", "rated games"),
            profile.wins,
            percent(profile.wins, profile.games),
            counted(profile.sets.into(), "set", "sets"),
            counted(played.max(profile.games).into(), "game", "games"),
        )
    };
    set_text("profile-summary", &summary);
    // Only what there is: no chart before a rating, no table of no ways.
    show_in_profile("figure", !profile.history.is_empty());
    show_in_profile("table", !profile.ways.is_empty() || !profile.played.is_empty());
    render_chart(profile);
    render_ways(profile);
    render_recent(profile);
}

/// Shows or hides the profile view's element of this kind (its one chart, its one table).
fn show_in_profile(selector: &str, shown: bool) {
    if let Ok(Some(part)) = document().query_selector(&format!("#profile-view {selector}")) {
        let _ = if shown { part.remove_attribute("hidden") } else { part.set_attribute("hidden", "") };
    }
}

/// No profile to show, and why.
pub(crate) fn render_missing(why: &str) {
    set_text("profile-title", "No profile");
    set_text("profile-summary", why);
    show_in_profile("figure", false);
    show_in_profile("table", false);
    for id in ["profile-games", "profile-legend"] {
        if let Some(list) = element(id) {
            fill_list(&list, &[]);
        }
    }
    if let Some(body) = element("profile-ways-body") {
        fill_rows(&body, &[]);
    }
    if let Some(chart) = element("profile-chart") {
        chart.set_inner_html("");
        let _ = chart.set_attribute("aria-label", "The rating's history: no rated game yet");
    }
}

/// The rating's history, one line per way, on one scale of ratings; its
/// accessible name says each way's first and last rating and how many games.
fn render_chart(profile: &ProfileMsg) {
    let Some(chart) = element("profile-chart") else { return };
    let all = profile.history.values().flatten().copied();
    let (low, high) = all.fold((i64::MAX, i64::MIN), |(lo, hi), r| (lo.min(r), hi.max(r)));
    let mut said = Vec::new();
    let Ok(svg) = document().create_element_ns(Some(SVG), "svg") else { return };
    let _ = svg.set_attribute("viewBox", &format!("0 0 {WIDTH} {HEIGHT}"));
    let _ = svg.set_attribute("aria-hidden", "true");
    let _ = svg.set_attribute("focusable", "false");
    if low <= high {
        // A flat history still gets a band to sit in.
        let (low, high) = if high - low < 20 { (low - 10, high + 10) } else { (low, high) };
        let y = |rating: i64| PAD + (high - rating) as f64 / (high - low) as f64 * (HEIGHT - 2.0 * PAD);
        for (rating, anchor) in [(high, "hanging"), (low, "auto")] {
            if let Ok(label) = document().create_element_ns(Some(SVG), "text") {
                let at_y = if anchor == "hanging" { PAD - 6.0 } else { HEIGHT - PAD + 6.0 };
                let _ = label.set_attribute("x", "0");
                let _ = label.set_attribute("y", &at_y.to_string());
                let _ = label.set_attribute("dominant-baseline", anchor);
                let _ = label.set_attribute("class", "axis");
                label.set_text_content(Some(&rating.to_string()));
                let _ = svg.append_child(&label);
            }
        }
        for (at, (mode, points)) in profile.history.iter().enumerate() {
            let colour = COLOURS[at % COLOURS.len()];
            let steps = (points.len().max(2) - 1) as f64;
            let xy: Vec<String> = points
                .iter()
                .enumerate()
                .map(|(i, &r)| format!("{:.1},{:.1}", LEFT + i as f64 / steps * (WIDTH - LEFT - PAD), y(r)))
                .collect();
            if let Ok(line) = document().create_element_ns(Some(SVG), "polyline") {
                let _ = line.set_attribute("points", &xy.join(" "));
                let _ = line.set_attribute("fill", "none");
                let _ = line.set_attribute("stroke", colour);
                let _ = line.set_attribute("stroke-width", "3");
                let _ = line.set_attribute("data-mode", mode);
                let _ = svg.append_child(&line);
            }
            let (first, last) = (points.first().copied().unwrap_or(0), points.last().copied().unwrap_or(0));
            let games = counted(points.len().saturating_sub(1) as u64, "game", "games");
            said.push((colour, format!("{}: {first} to {last} over {games}", title(mode))));
        }
    }
    chart.set_inner_html("");
    let _ = chart.append_child(&svg);
    let name = if said.is_empty() {
        "The rating's history: no rated game yet".to_owned()
    } else {
        let lines: Vec<&str> = said.iter().map(|(_, text)| text.as_str()).collect();
        format!("The rating's history. {}.", lines.join("; "))
    };
    let _ = chart.set_attribute("aria-label", &name);
    if let Some(legend) = element("profile-legend") {
        let items: Vec<(&'static str, Vec<Piece>)> = said
            .iter()
            .map(|(_, text)| ("", vec![("span", "swatch", String::new()), ("span", "", text.clone())]))
            .collect();
        fill_list(&legend, &items);
        set_in_items(&legend, ".swatch", "style", said.iter().map(|(colour, _)| format!("background:{colour}")));
    }
}

/// Each way to play on a line of the table: games played (rated or not),
/// rating, rated games, wins, win rate, sets, median game and fastest win;
/// a way played only unrated has its games and dashes.
fn render_ways(profile: &ProfileMsg) {
    let Some(body) = element("profile-ways-body") else { return };
    let clock = |ms: u64| format_clock(ms as f64);
    let mut modes: Vec<&String> = profile.ways.keys().chain(profile.played.keys()).collect();
    modes.sort_unstable();
    modes.dedup();
    let unrated = set_protocol::api::WayMsg { rating: 0, provisional: false, games: 0, wins: 0, sets: 0 };
    let items: Vec<(&'static str, Vec<Piece>)> = modes
        .into_iter()
        .map(|mode| {
            let times = profile.times.get(mode);
            let rated = profile.ways.get(mode);
            let way = rated.unwrap_or(&unrated);
            let rating = match rated {
                Some(way) if way.provisional => format!("{} (provisional)", way.rating),
                Some(way) => way.rating.to_string(),
                None => "–".to_owned(),
            };
            let played = profile.played.get(mode).copied().unwrap_or(0).max(way.games);
            let cells = vec![
                ("th", "", title(mode)),
                ("td", "", played.to_string()),
                ("td", "", rating),
                ("td", "", way.games.to_string()),
                ("td", "", way.wins.to_string()),
                ("td", "", percent(way.wins, way.games)),
                ("td", "", way.sets.to_string()),
                ("td", "", times.map_or("–".to_owned(), |t| clock(t.median_ms))),
                ("td", "", times.and_then(|t| t.fastest_win_ms).map_or("–".to_owned(), clock)),
            ];
            ("", cells)
        })
        .collect();
    if fill_rows(&body, &items) {
        // The way's cell heads its row.
        set_in_items(&body, "th", "scope", items.iter().map(|_| "row".to_owned()));
    }
}

/// The recent games, rated or not, each with a link to its analysis: a
/// rated one with its place and rating change, another said not rated.
fn render_recent(profile: &ProfileMsg) {
    let Some(list) = element("profile-games") else { return };
    let clock = |ms: u64| format_clock(ms as f64);
    let rated_line = |game: &set_protocol::api::RecentGameMsg| {
        let place = if game.place == 1 { "won".to_owned() } else { format!("place {}", game.place) };
        format!(
            "{}: {place} of {}, {} in {}, rating {} → {} ",
            title(&game.mode),
            game.players,
            counted(game.sets.into(), "set", "sets"),
            clock(game.ms),
            game.before,
            game.after
        )
    };
    // The last games, rated or not; a server from before them sends only the rated.
    let rooms: Vec<(String, String)> = if profile.last_games.is_empty() {
        profile.recent.iter().map(|game| (game.room.clone(), rated_line(game))).collect()
    } else {
        profile
            .last_games
            .iter()
            .map(|game| {
                let text = match profile.recent.iter().find(|r| r.room == game.room) {
                    Some(rated) => rated_line(rated),
                    None => format!("{}: {} players, {}, not rated ", title(&game.mode), game.players, clock(game.ms)),
                };
                (game.room.clone(), text)
            })
            .collect()
    };
    let items: Vec<(&'static str, Vec<Piece>)> = rooms
        .iter()
        .map(|(_, text)| ("", vec![("span", "", text.clone()), ("a", "", "Open in the analysis".to_owned())]))
        .collect();
    if fill_list(&list, &items) {
        // Each game's link: the solo page, which fetches the game's save and opens its analysis.
        set_in_items(&list, "a", "href", rooms.iter().map(|(room, _)| format!("./?analyse={room}")));
    }
}
