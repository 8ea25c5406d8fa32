//! How a computer opponent finds a claim: a model of how people find sets,
//! not a fixed timer (issue 19).
//!
//! Jacob and Hochstein (Perception & Psychophysics, 2008) found that people
//! find sets faster when the table holds more of them, as if each set were
//! searched for on its own and the first search to finish wins (a horse
//! race); that sets whose cards are alike in more attributes are found
//! faster than sets that differ in all four; and that sets using the table's
//! most common attribute values are found faster. So, for a table:
//! - each claim that can be made gets a finding time of its own, drawn from
//!   a log-normal distribution whose median is the level's
//!   ([`SEARCH_MEDIAN_MS`]) times a factor for how many of the claim's
//!   attributes are all different ([`DIFFERENT_FACTOR`]), times
//!   [`COMMON_FACTOR`] for each attribute whose value the claim shares with
//!   the table's most common one;
//! - the bot claims the claim with the earliest time, after a motor delay
//!   ([`MOTOR_MS`]);
//! - the times are drawn again whenever the table changes.
//!
//! Where extra cards wait for a "no set" call, a bot calls when its search
//! has looked long enough and found nothing: after a time drawn like one
//! search's, around [`NO_SET_FACTOR`] times the level's search median (a
//! person sure there is no set has looked over the table more than once).
//!
//! # Ways
//! Each way's claims take longer or shorter to find than a classic set: a
//! 4Set is seen from a triple rather than a pair, an UltraSet from two
//! pairs held in mind that need the same third, a GhostSet from three; a
//! MegaSet's pair has five traits to combine; Junior's table is small. Every
//! search's median is multiplied by its way's factor ([`way_factor`]), tuned
//! so that an expert's median time to claim, against the classic expert's,
//! matches that of a plain model of a person looking over the table unit by
//! unit with four things in mind (`crates/set-core/tests/bot_ways.rs` holds
//! the two together; BENCHMARKS.md, "Bots in each way", has the figures).
//!
//! The constants are tuned so that on dealt 12-card tables a bot's median
//! time to claim is near 25 s, 12 s, 6 s and 3 s for the four levels
//! ([`TARGET_MEDIAN_MS`]; the tests hold the model to them). Randomness
//! comes from a [`SplitMix64`] the caller seeds from the game's seed, so a
//! game with bots is a function of its seed and its moves.

pub mod memory;

use crate::players::level::Level;
use crate::players::seats::{Seat, Seats};
use crate::rules::card::Card;
use crate::rules::deck::Deck;
use crate::rules::game::{Claim, Game};
use crate::rules::rng::SplitMix64;
use crate::rules::variant::Variant;

/// The median time to claim on a typical dealt 12-card table, by level: the
/// figures the model is tuned to (issue 19's starting point).
pub const TARGET_MEDIAN_MS: [f64; 4] = [25_000.0, 12_000.0, 6_000.0, 3_000.0];

/// The median of one search, for a claim with two attributes all different
/// and none shared with the table's most common values, by level. The race
/// between a table's searches makes the time to claim shorter than this.
pub const SEARCH_MEDIAN_MS: [f64; 4] = [39_700.0, 18_600.0, 9_050.0, 4_300.0];

/// A search's median factor by how many of the claim's attributes are all
/// different (1 to 4; three cards alike in all four attributes cannot be).
pub const DIFFERENT_FACTOR: [f64; 5] = [1.0, 0.7, 1.0, 1.35, 1.8];

/// A search's median factor for each attribute whose value all the claim's
/// cards share with the table's most common value of that attribute.
pub const COMMON_FACTOR: f64 = 0.85;

/// The spread of one search's time: the log-normal's sigma.
pub const SIGMA: f64 = 0.5;

/// How much longer than one search a bot looks before it calls "no set".
pub const NO_SET_FACTOR: f64 = 2.0;

/// From the end of a search to the claim: seeing, then picking three cards.
pub const MOTOR_MS: [f64; 4] = [900.0, 700.0, 500.0, 350.0];

/// How many of the claim's traits (of `deck`'s) are all different (for a
/// set: the others are all the same).
pub fn different_attributes(deck: Deck, claim: &Claim) -> usize {
    let cards = claim.cards();
    (0..deck.traits().len())
        .filter(|&i| {
            let values: Vec<u8> = cards.iter().map(|&card| deck.values(card).as_slice()[i]).collect();
            (0..values.len()).all(|a| (a + 1..values.len()).all(|b| values[a] != values[b]))
        })
        .count()
}

/// How many traits of the claim have, on all its cards, the table's most
/// common value of that trait (ties: any of the most common).
pub fn common_attributes(deck: Deck, claim: &Claim, table: &[Card]) -> usize {
    (0..deck.traits().len())
        .filter(|&i| {
            // A value of any deck is below 4.
            let mut counts = [0usize; 4];
            let value = |card: Card| usize::from(deck.values(card).as_slice()[i]).min(3);
            for &card in table {
                counts[value(card)] += 1;
            }
            let most = counts.iter().copied().max().unwrap_or(0);
            claim.cards().iter().all(|&card| counts[value(card)] == most)
        })
        .count()
}

/// How much longer one search for a claim of `variant` takes than one for
/// a classic set: tuned so that a bot's median time to claim in each way,
/// against the classic bot's, is a person's search's (see [the module's
/// Ways](self#ways)). Each way's is a column of `rules::way_numbers`.
pub fn way_factor(variant: Variant) -> f64 {
    crate::rules::way_numbers::numbers(variant).search_factor
}

/// The median of one search for `claim` on `table` in `variant`, at `level`.
pub fn search_median_ms(level: Level, variant: Variant, claim: &Claim, table: &[Card]) -> f64 {
    let deck = variant.deck();
    let different = different_attributes(deck, claim).min(4);
    SEARCH_MEDIAN_MS[level as usize]
        * way_factor(variant)
        * DIFFERENT_FACTOR[different]
        * COMMON_FACTOR.powi(common_attributes(deck, claim, table) as i32)
}

/// One draw from a standard normal distribution: the sum of twelve uniform
/// numbers less six (Irwin–Hall), which needs no logarithm or cosine and
/// stays within six sigmas, as reaction times do.
fn standard_normal(rng: &mut SplitMix64) -> f64 {
    let mut sum = 0.0;
    for _ in 0..12 {
        sum += (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    }
    sum - 6.0
}

/// One search's time, drawn: log-normal around `median_ms`.
pub fn draw_search_ms(median_ms: f64, rng: &mut SplitMix64) -> f64 {
    median_ms * (SIGMA * standard_normal(rng)).exp()
}

/// What a bot will claim on a table, and how long after the table appeared:
/// the horse race of one search per claim, then the motor delay. `None`
/// when no claim can be made.
pub fn next_claim(
    level: Level,
    variant: Variant,
    claims: &[Claim],
    table: &[Card],
    rng: &mut SplitMix64,
) -> Option<(Claim, u64)> {
    let mut best: Option<(Claim, f64)> = None;
    for &claim in claims {
        let time = draw_search_ms(search_median_ms(level, variant, &claim, table), rng);
        if best.is_none_or(|(_, earliest)| time < earliest) {
            best = Some((claim, time));
        }
    }
    best.map(|(claim, time)| (claim, (time + MOTOR_MS[level as usize]).round() as u64))
}

/// When a bot sure there is no claim calls "no set", drawn: see the module documentation.
pub fn no_set_call_ms(level: Level, variant: Variant, rng: &mut SplitMix64) -> u64 {
    let looked = draw_search_ms(SEARCH_MEDIAN_MS[level as usize] * way_factor(variant) * NO_SET_FACTOR, rng);
    (looked + MOTOR_MS[level as usize]).round() as u64
}

/// What a computer opponent does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotMove {
    /// It claims these cards.
    Claim(Claim),
    /// It calls "no set".
    CallNoSet,
}

/// What a computer opponent will do, and at what play time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotPlan {
    /// The computer opponent's seat.
    pub seat: Seat,
    /// What it will do.
    pub what: BotMove,
    /// Play time, in ms, at which it does it.
    pub due_ms: u64,
}

impl BotPlan {
    /// The claim it will make, if it claims.
    pub fn claim(&self) -> Option<Claim> {
        match self.what {
            BotMove::Claim(claim) => Some(claim),
            BotMove::CallNoSet => None,
        }
    }
}

/// The first move any of `seats`' bots will make on `game`'s table, which
/// appeared at play time `since_ms`: a claim (each bot's horse race), or,
/// on a table waiting for a "no set" call, the call. Drawn from the game's
/// seed, the bot's seat and the number of sets found and right calls, so
/// that a game with bots is a function of its seed and its moves. `None`
/// without bots, or once the game is over. The race on one screen and the
/// online room both play their bots by it.
pub fn plan(game: &Game, seats: &Seats, since_ms: u64) -> Option<BotPlan> {
    if game.is_over() || seats.bots().next().is_none() {
        return None;
    }
    let claims = game.claims();
    let table_number = game.found().len() as u64 + (u64::from(game.right_calls()) << 20);
    let calls = game.awaits_call();
    let mut best: Option<BotPlan> = None;
    for (seat, level) in seats.bots() {
        let mut rng = SplitMix64::new(game.seed() ^ SplitMix64::new(u64::from(seat.0) << 32 | table_number).next_u64());
        let (what, after) = if calls {
            (BotMove::CallNoSet, no_set_call_ms(level, game.variant(), &mut rng))
        } else {
            let Some((claim, after)) = next_claim(level, game.variant(), &claims, game.table(), &mut rng) else {
                continue;
            };
            (BotMove::Claim(claim), after)
        };
        if best.is_none_or(|plan| since_ms + after < plan.due_ms) {
            best = Some(BotPlan { seat, what, due_ms: since_ms + after });
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::Game;
    use crate::rules::variant::WAYS;

    #[test]
    fn a_bot_plays_every_way_to_its_end_claiming_what_the_game_takes() {
        // The bots read a card's values in its way's deck: a MegaSet or 4Set
        // id is no classic card (before, such an id ran off a table of three).
        for way in WAYS {
            let seats = Seats::new(&["Ann"], &[Level::Expert]).unwrap();
            let mut game = Game::new(way, 11);
            let mut since = 0;
            for step in 0.. {
                let Some(plan) = plan(&game, &seats, since) else { break };
                assert!(plan.due_ms > since, "{way:?}: a claim takes time");
                let claim = plan.claim().expect("a game that deals by itself is never called");
                assert!(game.claims().contains(&claim), "{way:?}: the bot claims a claim of the table");
                game.claim(claim, plan.due_ms).unwrap();
                since = plan.due_ms;
                assert!(step < 400, "{way:?}: the game does not end");
            }
            assert!(game.is_over(), "{way:?}: the bot stopped before the end");
        }
    }

    #[test]
    fn a_bot_calls_no_set_when_none_lies_out_and_only_then_and_plays_a_called_game_to_its_end() {
        use crate::rules::game::{CallOutcome, ClaimOutcome};
        use crate::rules::variant::Dealing;
        let seats = Seats::new(&["Ann"], &[Level::Hard]).unwrap();
        let mut calls = Vec::new();
        for seed in 0..30 {
            let mut game = Game::dealt(Variant::Classic, seed, Dealing::WhenCalled);
            let mut since = 0;
            while let Some(plan) = plan(&game, &seats, since) {
                assert!(plan.due_ms > since);
                assert_eq!(
                    plan.what == BotMove::CallNoSet,
                    game.awaits_call(),
                    "seed {seed}: it calls when, and only when, none lies out"
                );
                match plan.what {
                    BotMove::Claim(claim) => {
                        assert!(matches!(game.claim(claim, plan.due_ms), Ok(ClaimOutcome::Found { .. })));
                    }
                    BotMove::CallNoSet => {
                        assert!(matches!(game.call_no_set(plan.due_ms), Ok(CallOutcome::Right { .. })));
                        calls.push(plan.due_ms - since);
                    }
                }
                since = plan.due_ms;
            }
            assert!(game.is_over(), "seed {seed}");
        }
        assert!(calls.len() > 10, "{} calls", calls.len());
        // It looks longer before calling than a typical search takes.
        let looked = median(&calls).unwrap() as f64;
        assert!(looked > SEARCH_MEDIAN_MS[Level::Hard as usize], "{looked} ms");
    }

    /// The lower middle of many values (the product's `median` sorts the
    /// few it is given by insertion; these are tens of thousands).
    fn median(values: &[u64]) -> Option<u64> {
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        sorted.get(sorted.len().checked_sub(1)? / 2).copied()
    }

    fn claim(ids: [u8; 3]) -> Claim {
        Claim::new(&ids.map(|id| Card::new(i64::from(id)).unwrap())).unwrap()
    }

    #[test]
    fn a_search_draws_around_its_median_for_every_level_and_difference() {
        let table: Vec<Card> = Card::all().take(12).collect();
        // Sets differing in 1, 2, 3 and 4 attributes (ids as base-3 digits).
        let sets = [[0, 1, 2], [0, 4, 8], [0, 13, 26], [0, 40, 80]];
        for level in Level::ALL {
            for (set, different) in sets.iter().zip(1..) {
                let claim = claim(*set);
                assert_eq!(different_attributes(Deck::Classic, &claim), different);
                let expected = search_median_ms(level, Variant::Classic, &claim, &table);
                let mut rng = SplitMix64::new(level as u64 * 10 + different as u64);
                let draws: Vec<u64> = (0..20_000).map(|_| draw_search_ms(expected, &mut rng) as u64).collect();
                let drawn = median(&draws).unwrap() as f64;
                assert!(
                    (drawn / expected - 1.0).abs() < 0.03,
                    "{level:?}, {different} different: {drawn} against {expected}"
                );
            }
            // More attributes all different: slower, at every level.
            let medians: Vec<f64> =
                sets.iter().map(|&set| search_median_ms(level, Variant::Classic, &claim(set), &[])).collect();
            assert!(medians.windows(2).skip(1).all(|pair| pair[0] < pair[1]), "{medians:?}");
        }
    }

    #[test]
    fn sets_of_the_tables_most_common_values_are_found_sooner() {
        // A table of twelve red cards: a red set shares its colour with the most common.
        let reds: Vec<Card> = Card::all().take(12).collect();
        let red_set = claim([0, 1, 2]);
        assert!(common_attributes(Deck::Classic, &red_set, &reds) >= 1);
        let elsewhere: Vec<Card> = Card::all().skip(27).take(12).collect();
        assert!(
            search_median_ms(Level::Hard, Variant::Classic, &red_set, &reds)
                < search_median_ms(Level::Hard, Variant::Classic, &red_set, &elsewhere)
        );
    }

    /// Dealt 12-card tables and the claims on each (dealt once: the slow part).
    fn dealt_tables(count: u64) -> Vec<(Vec<Claim>, Vec<Card>)> {
        (0..count)
            .map(|seed| {
                let game = Game::new(Variant::Classic, seed);
                (game.claims(), game.table().to_vec())
            })
            .collect()
    }

    /// The bot's time to claim on each table: the median, and each table's
    /// number of claims with its time.
    fn time_to_claim(level: Level, tables: &[(Vec<Claim>, Vec<Card>)]) -> (f64, Vec<(usize, u64)>) {
        let mut rng = SplitMix64::new(99);
        let by_sets: Vec<(usize, u64)> = tables
            .iter()
            .map(|(claims, table)| {
                (claims.len(), next_claim(level, Variant::Classic, claims, table, &mut rng).unwrap().1)
            })
            .collect();
        let times: Vec<u64> = by_sets.iter().map(|&(_, at)| at).collect();
        (median(&times).unwrap() as f64, by_sets)
    }

    #[test]
    fn each_levels_median_time_to_claim_is_near_its_target() {
        let tables = dealt_tables(1_500);
        for level in Level::ALL {
            let (drawn, _) = time_to_claim(level, &tables);
            let target = TARGET_MEDIAN_MS[level as usize];
            assert!((drawn / target - 1.0).abs() < 0.08, "{level:?}: median {drawn} ms against {target}");
        }
    }

    #[test]
    fn more_sets_on_the_table_make_a_bot_claim_sooner() {
        // Each table's claims drawn many times over: the horse race alone decides.
        let tables = dealt_tables(600);
        let repeated: Vec<(Vec<Claim>, Vec<Card>)> = tables.iter().cycle().take(6_000).cloned().collect();
        let (_, by_sets) = time_to_claim(Level::Medium, &repeated);
        let median_with = |sets: std::ops::RangeInclusive<usize>| {
            let times: Vec<u64> = by_sets.iter().filter(|(n, _)| sets.contains(n)).map(|&(_, at)| at).collect();
            assert!(times.len() > 100, "{sets:?}: {} tables", times.len());
            median(&times).unwrap()
        };
        let (one, few, many) = (median_with(1..=1), median_with(2..=3), median_with(4..=20));
        assert!(one > few && few > many, "one set {one} ms, 2–3 sets {few} ms, 4 or more {many} ms");
    }

    #[test]
    fn the_same_seed_draws_the_same_claims() {
        let game = Game::new(Variant::Classic, 5);
        let draw =
            |seed| next_claim(Level::Hard, Variant::Classic, &game.claims(), game.table(), &mut SplitMix64::new(seed));
        assert_eq!(draw(7), draw(7));
        assert_eq!(next_claim(Level::Easy, Variant::Classic, &[], game.table(), &mut SplitMix64::new(1)), None);
        for level in Level::ALL {
            assert_eq!(Level::from_name(level.name()), Some(level));
        }
        assert_eq!(Level::from_name("godlike"), None);
    }
}
