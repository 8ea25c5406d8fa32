//! The drills of the Practice entry, as rounds dealt from a seed:
//! - **Third card**: two cards and nine candidates, exactly one of which
//!   completes the set; [`THIRD_CARD_ROUNDS`] rounds.
//! - **Fourth card** (4Set): three cards of the 256 and nine candidates,
//!   exactly one of which completes the 4Set (in every trait the four are
//!   all the same, all different, or two pairs); [`FOURTH_CARD_ROUNDS`] rounds.
//! - **How many sets?**: a table of twelve cards; the answer is its number
//!   of sets, 0 to 6 or "more" ([`MORE`]); [`HOW_MANY_ROUNDS`] rounds.
//!
//! The rounds are a function of the seed alone, so a run can be replayed
//! and tested; the page gives the seed and the times.

use set_core::rules::card::{Card, DECK, third_card};
use set_core::rules::claim_rule::four_set_fourth_id;
use set_core::rules::deck::Deck;
use set_core::rules::finder::count_sets;
use set_core::rules::rng::SplitMix64;

/// Rounds of a "third card" run.
pub const THIRD_CARD_ROUNDS: usize = 20;
/// Rounds of a "fourth card" run.
pub const FOURTH_CARD_ROUNDS: usize = 15;
/// Rounds of a "how many" run.
pub const HOW_MANY_ROUNDS: usize = 10;
/// Cards to choose from in a "third card" round.
pub const CANDIDATES: usize = 9;
/// Cards on a "how many" table.
pub const HOW_MANY_CARDS: usize = 12;
/// The "how many" answer that stands for more than six sets.
pub const MORE: usize = 7;

/// `N` cards shown, and nine candidates of which exactly one completes
/// the claim they begin: the third card's round and the fourth card's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PickRound<const N: usize> {
    /// The cards shown.
    pub shown: [Card; N],
    /// The cards to choose from.
    pub candidates: [Card; CANDIDATES],
    /// The index of the card that completes the claim.
    pub answer: usize,
}

/// Two cards, and the candidate that completes the set.
pub type ThirdCardRound = PickRound<2>;

/// Three 4Set cards, and the candidate that completes the 4Set.
pub type FourthCardRound = PickRound<3>;

/// A table and how many sets it holds ([`MORE`] for more than six).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HowManyRound {
    /// The table shown.
    pub table: [Card; HOW_MANY_CARDS],
    /// How many sets it holds.
    pub answer: usize,
}

/// Nine candidates for a round whose shown cards lead `shuffled`: `answer`
/// and the first eight cards after them that are not it, shuffled; and
/// where the answer lies among them.
fn candidates(rng: &mut SplitMix64, shuffled: &[Card], shown: usize, answer: Card) -> ([Card; CANDIDATES], usize) {
    let mut candidates = [answer; CANDIDATES];
    let others = shuffled[shown..].iter().filter(|&&card| card != answer).take(CANDIDATES - 1);
    for (slot, &card) in candidates[1..].iter_mut().zip(others) {
        *slot = card;
    }
    rng.shuffle(&mut candidates);
    let at = candidates.iter().position(|&card| card == answer).unwrap_or(0);
    (candidates, at)
}

/// The rounds of a third-card run.
pub fn third_card_rounds(seed: u64) -> Vec<ThirdCardRound> {
    let mut rng = SplitMix64::new(seed);
    (0..THIRD_CARD_ROUNDS)
        .map(|_| {
            let mut deck = DECK;
            rng.shuffle(&mut deck);
            let pair = [deck[0], deck[1]];
            let (candidates, answer) = candidates(&mut rng, &deck, 2, third_card(pair[0], pair[1]));
            ThirdCardRound { shown: pair, candidates, answer }
        })
        .collect()
}

/// The rounds of a fourth-card run, from the 4Set deck: any three distinct
/// cards have exactly one fourth (`claim_rule::four_set_fourth_id`).
pub fn fourth_card_rounds(seed: u64) -> Vec<FourthCardRound> {
    let mut rng = SplitMix64::new(seed);
    let deck: Vec<Card> = Deck::Four.cards().collect();
    (0..FOURTH_CARD_ROUNDS)
        .filter_map(|_| {
            let mut deck = deck.clone();
            rng.shuffle(&mut deck);
            let triple = [deck[0], deck[1], deck[2]];
            let fourth = Deck::Four.card(i64::from(four_set_fourth_id(triple))).ok()?;
            let (candidates, answer) = candidates(&mut rng, &deck, 3, fourth);
            Some(FourthCardRound { shown: triple, candidates, answer })
        })
        .collect()
}

/// The rounds of a how-many run: tables with every answer from 0 to "more"
/// about equally likely, so that guessing the usual count does not pay.
pub fn how_many_rounds(seed: u64) -> Vec<HowManyRound> {
    let mut rng = SplitMix64::new(seed);
    (0..HOW_MANY_ROUNDS)
        .map(|_| {
            let wanted = rng.below(MORE as u64 + 1) as usize;
            // Deal tables until one has the wanted count; some counts are
            // rare, so after a while any table will do.
            let mut round = None;
            for _ in 0..2_000 {
                let mut deck = DECK;
                rng.shuffle(&mut deck);
                let mut table = [deck[0]; HOW_MANY_CARDS];
                table.copy_from_slice(&deck[..HOW_MANY_CARDS]);
                let answer = count_sets(&table).unwrap_or(0).min(MORE);
                round = Some(HowManyRound { table, answer });
                if answer == wanted {
                    break;
                }
            }
            round.unwrap_or(HowManyRound { table: [DECK[0]; HOW_MANY_CARDS], answer: 0 })
        })
        .collect()
}
