//! Why three cards are not a set, as data, and the same in plain words.
//!
//! The data ([`Broken`]: which attribute, the value two cards share and the
//! odd one out) can feed wording, announcements and analysis alike; the
//! words are one line per broken attribute, always in the order colour,
//! shape, fill, number.

use crate::rules::card::Card;
use crate::rules::deck::Deck;
use crate::rules::game::Invalid;
use crate::rules::variant::Variant;

/// The four attributes, in the order reasons are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attribute {
    /// Red, green or purple.
    Colour,
    /// Diamond, squiggle or oval.
    Shape,
    /// Open, striped or solid.
    Fill,
    /// One, two or three shapes.
    Number,
}

/// The attributes, in the order reasons are given.
pub const ATTRIBUTES: [Attribute; 4] = [Attribute::Colour, Attribute::Shape, Attribute::Fill, Attribute::Number];

impl Attribute {
    /// Its name in words and in the API: "colour", "shape", "fill", "number".
    pub fn name(self) -> &'static str {
        ["colour", "shape", "fill", "number"][self as usize]
    }
}

/// An attribute on which two cards agree and the third differs: the one
/// way three values can be neither all the same nor all different.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The attribute neither all the same nor all different.
    pub attribute: Attribute,
    /// The digit (0..=2) two cards share, and the third card's.
    pub two: u8,
    /// The third card's digit.
    pub one: u8,
}

/// The attributes three cards break, in order; empty for a set.
pub fn broken(cards: [Card; 3]) -> Vec<Broken> {
    let digits = cards.map(Card::digits);
    let mut broken = Vec::new();
    for (i, attribute) in ATTRIBUTES.into_iter().enumerate() {
        let [a, b, c] = [digits[0][i], digits[1][i], digits[2][i]];
        let (two, one) = match (a == b, b == c, a == c) {
            (true, false, _) => (a, c),
            (false, true, _) => (b, a),
            (false, false, true) => (a, b),
            _ => continue,
        };
        broken.push(Broken { attribute, two, one });
    }
    broken
}

/// "Two are red and one is purple." and its kind, for one broken attribute.
pub fn sentence(broken: Broken) -> String {
    // Per attribute: the verb for two and for one, then each value's words
    // for two cards and for one.
    const WORDS: [(&str, &str, [[&str; 2]; 3]); 4] = [
        ("are", "is", [["red", "red"], ["green", "green"], ["purple", "purple"]]),
        ("are", "is", [["diamonds", "a diamond"], ["squiggles", "a squiggle"], ["ovals", "an oval"]]),
        ("are", "is", [["open", "open"], ["striped", "striped"], ["solid", "solid"]]),
        (
            "have",
            "has",
            [["one symbol", "one symbol"], ["two symbols", "two symbols"], ["three symbols", "three symbols"]],
        ),
    ];
    let (are, is, values) = WORDS[broken.attribute as usize];
    format!("Two {are} {} and one {is} {}.", values[broken.two as usize][0], values[broken.one as usize][1])
}

/// The reasons three cards are not a set, one line per broken attribute.
pub fn set_reasons(cards: [Card; 3]) -> Vec<String> {
    let mut reasons = Vec::new();
    for broken in broken(cards) {
        reasons.push(sentence(broken));
    }
    reasons
}

/// Why a claim was judged invalid in this way to play, in words: the
/// set rule's reasons, or the way's own, one line per trait that breaks it.
pub fn reasons(variant: Variant, invalid: Invalid, cards: &[Card]) -> Vec<String> {
    let deck = variant.deck();
    match invalid {
        Invalid::NotASet if cards.len() == 3 && matches!(deck, Deck::Classic | Deck::Junior) => {
            set_reasons([cards[0], cards[1], cards[2]])
        }
        Invalid::NotASet | Invalid::NotAFourSet => {
            let lines = trait_lines(deck, cards, |counts| {
                let kinds = counts.iter().filter(|&&n| n > 0).count();
                let two_pairs = counts.iter().all(|&n| n == 0 || n == 2);
                kinds == 1 || kinds == cards.len() || (cards.len() == 4 && two_pairs)
            });
            if lines.is_empty() { vec![format!("These cards are not a {}.", variant.rule().name())] } else { lines }
        }
        Invalid::NotAnUltraSet => {
            vec!["No way of pairing these four cards gives two pairs that need the same third card.".to_owned()]
        }
        Invalid::NotAGhostSet => {
            let mut lines = trait_lines(deck, cards, |counts| {
                counts.iter().enumerate().map(|(value, &n)| value * n).sum::<usize>() % 3 == 0
            });
            lines.push("In a GhostSet, the six values of every trait add up to a multiple of 3 (count red, green, purple as 0, 1, 2).".to_owned());
            lines
        }
        Invalid::ChainLink { previous_cards } => {
            let links = variant.links();
            let noun = if links == 1 { "card" } else { "cards" };
            vec![format!(
                "A chain claim needs exactly {links} {noun} of the previous {}; this one has {previous_cards}.",
                variant.rule().name()
            )]
        }
    }
}

/// A line for each trait whose values, counted by value, `keeps` refuses:
/// "Colour: two are red, one is green and one is orange."
fn trait_lines(deck: Deck, cards: &[Card], keeps: impl Fn(&[usize; 4]) -> bool) -> Vec<String> {
    let mut lines = Vec::new();
    for (t, &trait_) in deck.traits().iter().enumerate() {
        let mut counts = [0usize; 4];
        for &card in cards {
            counts[deck.values(card).as_slice()[t] as usize] += 1;
        }
        if keeps(&counts) {
            continue;
        }
        let mut parts = Vec::new();
        for (value, &n) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
            let verb = if n == 1 { "is" } else { "are" };
            parts.push(format!("{} {verb} {}", NUMBER_WORDS[n], trait_.value_name(value as u8)));
        }
        let last = parts.pop().unwrap_or_default();
        let list = if parts.is_empty() { last } else { format!("{} and {last}", parts.join(", ")) };
        lines.push(format!("{}: {list}.", trait_.title()));
    }
    lines
}

const NUMBER_WORDS: [&str; 7] = ["none", "one", "two", "three", "four", "five", "six"];

#[cfg(test)]
mod tests {
    use super::*;

    fn card(digits: [u8; 4]) -> Card {
        Card::new(i64::from(digits[0] * 27 + digits[1] * 9 + digits[2] * 3 + digits[3])).unwrap()
    }

    #[test]
    fn each_broken_attribute_gets_one_line_in_a_fixed_order() {
        // Red, red, purple; oval, oval, diamond; all solid; 1, 2, 3.
        let cards = [card([0, 2, 2, 0]), card([0, 2, 2, 1]), card([2, 0, 2, 2])];
        assert_eq!(set_reasons(cards), vec!["Two are red and one is purple.", "Two are ovals and one is a diamond."]);
        // The odd card first, in the middle or last reads the same.
        let moved = [cards[2], cards[0], cards[1]];
        assert_eq!(set_reasons(moved), set_reasons(cards));
        // Three broken, in order colour, shape, fill; the numbers 3, 2, 2 would be a fourth.
        let cards = [card([1, 1, 0, 2]), card([1, 1, 0, 0]), card([2, 0, 1, 1])];
        assert_eq!(
            set_reasons(cards),
            vec![
                "Two are green and one is purple.",
                "Two are squiggles and one is a diamond.",
                "Two are open and one is striped.",
            ]
        );
    }

    #[test]
    fn a_set_has_no_reasons_and_every_non_set_has_at_least_one() {
        let all: Vec<Card> = Card::all().collect();
        let mut checked = 0;
        for (i, &a) in all.iter().enumerate().step_by(5) {
            for (j, &b) in all.iter().enumerate().skip(i + 1).step_by(3) {
                for &c in all.iter().skip(j + 1) {
                    let reasons = broken([a, b, c]);
                    // The plain rule, digit by digit.
                    let (x, y, z) = (a.digits(), b.digits(), c.digits());
                    let breaks = (0..4)
                        .filter(|&k| {
                            !((x[k] == y[k] && y[k] == z[k]) || (x[k] != y[k] && y[k] != z[k] && x[k] != z[k]))
                        })
                        .count();
                    assert_eq!(reasons.len(), breaks);
                    assert_eq!(reasons.is_empty(), crate::rules::card::is_set(a, b, c));
                    checked += 1;
                }
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    #[test]
    fn variants_give_their_own_reasons() {
        assert_eq!(
            reasons(Variant::Chain, Invalid::ChainLink { previous_cards: 2 }, &[]),
            vec!["A chain claim needs exactly 1 card of the previous set; this one has 2."]
        );
        assert_eq!(
            reasons(Variant::UltraChain, Invalid::ChainLink { previous_cards: 1 }, &[]),
            vec!["A chain claim needs exactly 2 cards of the previous UltraSet; this one has 1."]
        );
        assert!(reasons(Variant::Ultra, Invalid::NotAnUltraSet, &[])[0].starts_with("No way of pairing"));
    }

    #[test]
    fn a_four_set_that_is_not_one_is_told_trait_by_trait() {
        let deck = Deck::Four;
        // Colours 0, 0, 1, 3 (two red, one green, one orange); shapes all 0; fills 0, 1, 2, 3; numbers 0, 0, 1, 1.
        let ids = [0b00_00_00_00, 0b00_00_01_00, 0b01_00_10_01, 0b11_00_11_01];
        let cards: Vec<Card> = ids.iter().map(|&id| deck.card(id).unwrap()).collect();
        assert_eq!(
            reasons(Variant::FourSet, Invalid::NotAFourSet, &cards),
            vec!["Colour: two are red, one is green and one is orange."]
        );
    }

    #[test]
    fn a_mega_set_that_is_not_one_names_its_border() {
        let deck = Deck::Mega;
        // The same classic card (0) with borders 0, 1 and a different classic card with border 1.
        let cards: Vec<Card> = [0, 1, 2 * 3 + 1].iter().map(|&id| deck.card(id).unwrap()).collect();
        let lines = reasons(Variant::Mega, Invalid::NotASet, &cards);
        assert_eq!(
            lines,
            vec!["Number: two are one and one is three.", "Border: one is borderless and two are single-bordered."]
        );
    }

    #[test]
    fn a_ghost_set_that_is_not_one_names_the_traits_that_do_not_add_up() {
        let deck = Deck::Classic;
        let cards: Vec<Card> = [0, 1, 2, 3, 4, 6].iter().map(|&id| deck.card(id).unwrap()).collect();
        assert!(!crate::rules::claim_rule::ClaimRule::GhostSet.holds(deck, &cards));
        let lines = reasons(Variant::Ghost, Invalid::NotAGhostSet, &cards);
        assert_eq!(lines[0], "Fill: three are open, two are striped and one is solid.");
        assert_eq!(lines[1], "Number: three are one, two are two and one is three.");
        assert_eq!(lines.len(), 3);
    }
}
