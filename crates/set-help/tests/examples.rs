//! The rules page (www/pages/help-body.html) held to the rules: every
//! example's caption says "A set…", "An UltraSet…", "A GhostSet…" or "Not…" as a plain
//! reference (not the core) judges its cards, its words name its cards,
//! every way the chooser offers has a section headed by its name, and
//! every link within the page lands.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should

use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path)).unwrap()
}

/// The value of `name="…"` or `name=…` in a tag's text.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let at = tag.find(&format!(" {name}="))? + name.len() + 2;
    let rest = &tag[at..];
    Some(match rest.strip_prefix('"') {
        Some(quoted) => quoted[..quoted.find('"')?].to_owned(),
        None => rest[..rest.find([' ', '>']).unwrap_or(rest.len())].to_owned(),
    })
}

/// Each `<tag …>` opening in `html`, as its text up to `>`.
fn tags<'a>(html: &'a str, tag: &str) -> Vec<&'a str> {
    html.match_indices(&format!("<{tag} ")).map(|(at, _)| &html[at..=at + html[at..].find('>').unwrap()]).collect()
}

/// A card's four traits (colour, shape, fill, number), its id's ternary digits.
fn digits(id: u32) -> [u32; 4] {
    [id / 27 % 3, id / 9 % 3, id / 3 % 3, id % 3]
}

fn plain_set(cards: &[u32]) -> bool {
    (0..4).all(|t| {
        let v: Vec<u32> = cards.iter().map(|&c| digits(c)[t]).collect();
        (v[0] == v[1] && v[1] == v[2]) || (v[0] != v[1] && v[1] != v[2] && v[0] != v[2])
    })
}

/// The third card two need, by the plain rule.
fn third(a: u32, b: u32) -> [u32; 4] {
    let (a, b) = (digits(a), digits(b));
    std::array::from_fn(|t| if a[t] == b[t] { a[t] } else { 3 - a[t] - b[t] })
}

fn plain_ultra(c: &[u32]) -> bool {
    let splits = [((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))];
    splits.iter().any(|&((a, b), (x, y))| third(c[a], c[b]) == third(c[x], c[y]))
}

/// A card in the page's words: "2 striped green squiggles".
fn words(id: u32) -> String {
    let [colour, shape, fill, number] = digits(id);
    let shape = ["diamond", "squiggle", "oval"][shape as usize];
    let plural = if number == 0 { "" } else { "s" };
    let colour = ["red", "green", "purple"][colour as usize];
    format!("{} {} {colour} {shape}{plural}", number + 1, ["open", "striped", "solid"][fill as usize])
}

/// A MegaSet card's five traits: its classic id's digits, then the border.
fn mega_digits(id: u32) -> [u32; 5] {
    let [colour, shape, fill, number] = digits(id / 3);
    [colour, shape, fill, number, id % 3]
}

/// A MegaSet card in words: the classic card's, then its border.
fn mega_words(id: u32) -> String {
    format!("{}, {}", words(id / 3), ["borderless", "single-bordered", "double-bordered"][(id % 3) as usize])
}

/// A 4Set card's digits in base 4: colour, shape, fill, number (4Set), or
/// colour, shape, number (4Set Junior).
fn base4(id: u32, len: usize) -> Vec<u32> {
    (0..len).rev().map(|at| id / 4u32.pow(at as u32) % 4).collect()
}

/// A 4Set deck's card in words: "2 checkered orange hourglasses", "1 red diamond".
fn four_words(id: u32, len: usize) -> String {
    let d = base4(id, len);
    let (colour, shape, number) = (d[0], d[1], d[len - 1]);
    let fill =
        if len == 4 { format!("{} ", ["open", "striped", "solid", "checkered"][d[2] as usize]) } else { String::new() };
    let shape = ["diamond", "squiggle", "oval", "hourglass"][shape as usize];
    let plural = match (number, shape) {
        (0, _) => "",
        (_, "hourglass") => "es",
        _ => "s",
    };
    let colour = ["red", "green", "purple", "orange"][colour as usize];
    format!("{} {fill}{colour} {shape}{plural}", number + 1)
}

/// Four values all the same, all different, or two pairs.
fn four_trait(values: &[u32]) -> bool {
    let mut counts = [0; 4];
    for &v in values {
        counts[v as usize] += 1;
    }
    let mut shape: Vec<u32> = counts.into_iter().filter(|&n| n > 0).collect();
    shape.sort_unstable();
    matches!(shape.as_slice(), [4] | [1, 1, 1, 1] | [2, 2])
}

/// A 4Set by its words: four distinct cards, every trait one of the three shapes.
fn plain_four_set(cards: &[u32], len: usize) -> bool {
    let distinct = cards.iter().collect::<std::collections::HashSet<_>>().len() == 4;
    distinct
        && cards.len() == 4
        && (0..len).all(|t| four_trait(&cards.iter().map(|&c| base4(c, len)[t]).collect::<Vec<_>>()))
}

fn previous_of(open: &str) -> Vec<u32> {
    attribute(open, "data-previous").unwrap().split(' ').map(|id| id.parse().unwrap()).collect()
}

#[test]
fn every_example_is_what_its_caption_says_and_its_words_name_its_cards() {
    let html = read("www/pages/help-body.html");
    let figures: Vec<&str> = html.split("<figure ").skip(1).map(|f| &f[..f.find("</figure>").unwrap()]).collect();
    assert!(figures.len() >= 8, "{} examples", figures.len());
    for figure in figures {
        let open = format!(" {}", &figure[..figure.find('>').unwrap()]);
        let (mode, claim) = (attribute(&open, "data-mode").unwrap(), attribute(&open, "data-claim").unwrap());
        let canvas = tags(figure, "canvas")[0];
        let cards: Vec<u32> =
            attribute(canvas, "data-cards").unwrap().split(' ').map(|id| id.parse().unwrap()).collect();
        let judged = match mode.as_str() {
            "classic" => cards.len() == 3 && plain_set(&cards),
            "junior" => cards.len() == 3 && cards.iter().all(|&c| digits(c)[2] == 2) && plain_set(&cards),
            "chain" => {
                let previous: Vec<u32> =
                    attribute(&open, "data-previous").unwrap().split(' ').map(|id| id.parse().unwrap()).collect();
                assert!(plain_set(&previous), "the previous set of a chain example is a set");
                plain_set(&cards) && cards.iter().filter(|c| previous.contains(c)).count() == 1
            }
            "ultra" => cards.len() == 4 && plain_ultra(&cards),
            "ultrachain" => {
                let previous = previous_of(&open);
                assert!(plain_ultra(&previous), "the previous claim of an UltraSet-Chain example is an UltraSet");
                cards.len() == 4 && plain_ultra(&cards) && cards.iter().filter(|c| previous.contains(c)).count() == 2
            }
            "ghost" => cards.len() == 6 && (0..4).all(|t| cards.iter().map(|&c| digits(c)[t]).sum::<u32>() % 3 == 0),
            "mega" => {
                cards.len() == 3
                    && (0..5).all(|t| {
                        let v: Vec<u32> = cards.iter().map(|&c| mega_digits(c)[t]).collect();
                        (v[0] == v[1] && v[1] == v[2]) || (v[0] != v[1] && v[1] != v[2] && v[0] != v[2])
                    })
            }
            "4set" => plain_four_set(&cards, 4),
            "4setjr" => plain_four_set(&cards, 3),
            "4setjrchain" => {
                let previous = previous_of(&open);
                assert!(plain_four_set(&previous, 3), "the previous claim of a 4Set Junior-Chain example is a 4Set");
                plain_four_set(&cards, 3) && cards.iter().filter(|c| previous.contains(c)).count() == 2
            }
            other => panic!("an example of {other}"),
        };
        assert_eq!(judged, claim == "yes", "{mode} example {cards:?} says claim={claim}");
        let caption = &figure[figure.find("<figcaption>").unwrap() + 12..];
        assert_eq!(caption.starts_with("Not"), !judged, "{caption}");
        let named: Vec<String> = cards
            .iter()
            .map(|&c| match mode.as_str() {
                "mega" => mega_words(c),
                "4set" => four_words(c, 4),
                "4setjr" | "4setjrchain" => four_words(c, 3),
                _ => words(c),
            })
            .collect();
        assert_eq!(attribute(canvas, "aria-label").unwrap(), named.join(", "), "{cards:?}");
        let deck = set_help::example_deck(Some(&mode)).unwrap();
        let text = cards.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        let drawn = set_help::example_cards(&text, deck).unwrap();
        assert_eq!(drawn.iter().map(|&c| deck.words(c)).collect::<Vec<_>>(), named, "the part draws the cards named");
    }
    let classic = set_help::example_deck(None).unwrap();
    assert_eq!(set_help::example_cards("1 81", classic), None, "81 is no card");
    assert_eq!(
        set_help::example_cards("1 81", set_help::example_deck(Some("mega")).unwrap()).map(|c| c.len()),
        Some(2)
    );
    assert_eq!(set_help::example_deck(Some("5set")), None);
}

#[test]
fn every_way_the_chooser_offers_has_a_section_and_every_link_in_the_page_lands() {
    let help = read("www/pages/help-body.html");
    let index = read("index.html");
    let chooser = &index[index.find("<select id=\"mode\"").unwrap()..];
    let chooser = &chooser[..chooser.find("</select>").unwrap()];
    let ways: Vec<&str> =
        chooser.split("</option>").filter_map(|o| Some(&o[o.rfind('>')? + 1..])).filter(|w| !w.is_empty()).collect();
    assert_eq!(ways.len(), 17, "{ways:?}");
    for way in ways {
        assert!(help.contains(&format!(">{way}</h3>")), "a section headed {way}");
    }
    for link in help.match_indices("href=#").map(|(at, _)| &help[at + 6..]) {
        let id = &link[..link.find(['>', ' ']).unwrap()];
        assert!(help.contains(&format!(" id={id}>")) || help.contains(&format!(" id={id} ")), "#{id} lands");
    }
}
