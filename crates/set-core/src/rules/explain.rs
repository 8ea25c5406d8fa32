//! Why three cards are not a set, as data, and the same in plain words.
//!
//! The data ([`Broken`]: which attribute, the value two cards share and the
//! odd one out) can feed wording, announcements and analysis alike; the
//! words are one line per broken attribute, always in the order colour,
//! shape, fill, number.

use crate::rules::card::Card;
use crate::rules::game::Invalid;

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

/// Why a claim was judged invalid, in words: the set rule's reasons, or the
/// variant's own.
pub fn reasons(invalid: Invalid, cards: &[Card]) -> Vec<String> {
    match invalid {
        Invalid::NotASet if cards.len() == 3 => set_reasons([cards[0], cards[1], cards[2]]),
        Invalid::NotASet => vec!["These cards are not a set.".to_owned()],
        Invalid::NotAnUltraSet => {
            vec!["No way of pairing these four cards gives two pairs that need the same third card.".to_owned()]
        }
        Invalid::ChainLink { previous_cards } => {
            vec![format!("A chain claim needs exactly one card of the previous set; this one has {previous_cards}.")]
        }
    }
}

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
            reasons(Invalid::ChainLink { previous_cards: 2 }, &[]),
            vec!["A chain claim needs exactly one card of the previous set; this one has 2."]
        );
        assert!(reasons(Invalid::NotAnUltraSet, &[])[0].starts_with("No way of pairing"));
    }
}
