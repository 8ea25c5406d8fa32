#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
//! How long a bot takes to claim in each way, held to a plain model of a
//! person's search written here, apart from the bot's own model.
//!
//! The reference searcher looks over the cards in play one *unit* at a
//! time, in a random order, each unit costing the work of combining its
//! cards trait by trait:
//! - a set (and MegaSet's): a pair, whose third card it looks for;
//! - a 4Set: a triple, whose fourth card it looks for (twice the combining);
//! - an UltraSet: a pair, whose third it keeps in mind; it sees an UltraSet
//!   when a pair needs the same third as one of the pairs it holds;
//! - a GhostSet: a pair likewise; it sees a GhostSet when a pair's third
//!   makes a set with the thirds of two pairs it holds.
//!
//! In a chain way it looks only at units that hold a card of the previous
//! claim. It holds the last [`WORKING_MEMORY`] pairs (people keep about four
//! things in mind at once: Cowan, Behavioral and Brain Sciences, 2001).
//! A way's *search ratio* is the median cost of its first claim on a table,
//! over the first tables of many games, against the classic way's. The
//! bot's median time to claim, against the classic bot's, must match it:
//! the bot's per-way factor ([`bot::way_factor`]) is tuned to this, and
//! BENCHMARKS.md records the figures the run prints.

use set_core::players::bot;
use set_core::players::level::Level;
use set_core::rules::card::Card;
use set_core::rules::deck::Deck;
use set_core::rules::game::{Claim, Game};
use set_core::rules::rng::SplitMix64;
use set_core::rules::variant::{Variant, WAYS};

/// How many pairs the reference searcher keeps in mind.
const WORKING_MEMORY: usize = 4;
/// Games per way, and tables looked at in each.
const GAMES: u64 = 200;
const TABLES_PER_GAME: usize = 5;
/// Orders of looking tried on each table.
const ORDERS: usize = 16;
/// How far a bot's ratio may stray from the search ratio.
const TOLERANCE: f64 = 0.12;

/// A table as a searcher meets it: the cards in play and the claims.
struct Sight {
    cards: Vec<Card>,
    table: Vec<Card>,
    /// A chain way's previous claim, every later claim's links.
    links: Vec<Card>,
    claims: Vec<Vec<Card>>,
}

fn values(deck: Deck, card: Card) -> Vec<u8> {
    deck.values(card).as_slice().to_vec()
}

/// The card that completes `cards` by the rule's words, trait by trait:
/// for a pair of a ternary deck, the value that makes three all the same or
/// all different; for a triple of a base-4 deck, the value that makes four
/// all the same, all different, or two pairs.
fn completing(deck: Deck, cards: &[Card]) -> Vec<u8> {
    let base = deck.base();
    let per_card: Vec<Vec<u8>> = cards.iter().map(|&card| values(deck, card)).collect();
    (0..deck.traits().len())
        .map(|t| {
            let mut seen: Vec<u8> = per_card.iter().map(|v| v[t]).collect();
            seen.sort_unstable();
            seen.dedup();
            match (cards.len(), seen.len()) {
                // All the same so far: the same again.
                (_, 1) => seen[0],
                // A pair of two values: the third value.
                (2, 2) => (0..base).find(|v| !seen.contains(v)).unwrap(),
                // Three of two values (two alike): the odd one, making two pairs.
                (3, 2) => {
                    let odd =
                        per_card.iter().map(|v| v[t]).find(|&x| per_card.iter().filter(|v| v[t] == x).count() == 1);
                    odd.unwrap()
                }
                // Three all different: the fourth value.
                _ => (0..base).find(|v| !seen.contains(v)).unwrap(),
            }
        })
        .collect()
}

fn is_set(deck: Deck, thirds: [&[u8]; 3]) -> bool {
    (0..deck.traits().len()).all(|t| {
        let (a, b, c) = (thirds[0][t], thirds[1][t], thirds[2][t]);
        (a == b && b == c) || (a != b && b != c && a != c)
    })
}

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort_unstable_by_key(|card| card.id());
    cards
}

/// The reference searcher's mean cost to its first claim on `table`, over
/// [`ORDERS`] orders of looking.
fn search_cost(variant: Variant, table: &Sight, rng: &mut SplitMix64) -> f64 {
    let deck = variant.deck();
    let rule = variant.rule();
    let unit_size = if rule.size() == 4 && deck.base() == 4 { 3 } else { 2 };
    let unit_cost = deck.traits().len() as f64 * (unit_size - 1) as f64 / 4.0;
    let claims: Vec<Vec<Card>> = table.claims.iter().cloned().map(sorted).collect();
    let is_claim = |cards: Vec<Card>| claims.contains(&sorted(cards));
    let n = table.cards.len();
    let mut units: Vec<Vec<Card>> = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if unit_size == 2 {
                units.push(vec![table.cards[a], table.cards[b]]);
            } else {
                for c in b + 1..n {
                    units.push(vec![table.cards[a], table.cards[b], table.cards[c]]);
                }
            }
        }
    }
    // In a chain way, a person who knows the rule looks only at units
    // that hold a card of the previous claim.
    if !table.links.is_empty() {
        units.retain(|unit| unit.iter().any(|card| table.links.contains(card)));
    }
    // Each unit with the card it needs, and, for a set or a 4Set, whether
    // that card lies out and makes a claim: found the moment it is looked at.
    let units: Vec<(Vec<Card>, Vec<u8>, bool)> = units
        .into_iter()
        .map(|unit| {
            let needed = completing(deck, &unit);
            let found = unit_size + 1 == rule.size()
                && table.cards.iter().any(|&card| {
                    values(deck, card) == needed
                        && !unit.contains(&card)
                        && is_claim([unit.clone(), vec![card]].concat())
                });
            (unit, needed, found)
        })
        .collect();
    let mut order: Vec<usize> = (0..units.len()).collect();
    let mut total = 0.0;
    for _ in 0..ORDERS {
        total +=
            first_claim_cost(&units, &mut order, unit_cost, rule.size(), deck, &is_claim, rng).unwrap_or_else(|| {
                panic!("{variant:?}: the reference searcher found nothing among {} claims", claims.len())
            });
    }
    total / ORDERS as f64
}

/// One order of looking: the cost until a claim is seen, passing over the
/// units again (in a new order) while none is.
fn first_claim_cost(
    units: &[(Vec<Card>, Vec<u8>, bool)],
    order: &mut [usize],
    unit_cost: f64,
    claim_size: usize,
    deck: Deck,
    is_claim: &dyn Fn(Vec<Card>) -> bool,
    rng: &mut SplitMix64,
) -> Option<f64> {
    let mut cost = 0.0;
    for _pass in 0..100 {
        rng.shuffle(order);
        let mut held: Vec<&(Vec<Card>, Vec<u8>, bool)> = Vec::new();
        for &i in order.iter() {
            let (unit, needed, found_alone) = &units[i];
            cost += unit_cost;
            let disjoint = |other: &[Card]| other.iter().all(|card| !unit.contains(card));
            let found = *found_alone
                || match claim_size {
                    // An UltraSet: a pair held needs the same third.
                    4 => held.iter().any(|(pair, third, _)| {
                        third == needed && disjoint(pair) && is_claim([unit.clone(), pair.clone()].concat())
                    }),
                    // A GhostSet: two pairs held whose thirds make a set with this one's.
                    6 => held.iter().enumerate().any(|(h, (p, tp, _))| {
                        held[h + 1..].iter().any(|(q, tq, _)| {
                            is_set(deck, [needed, tp, tq])
                                && disjoint(p)
                                && disjoint(q)
                                && p.iter().all(|card| !q.contains(card))
                                && is_claim([unit.clone(), p.clone(), q.clone()].concat())
                        })
                    }),
                    _ => false,
                };
            if found {
                return Some(cost);
            }
            held.push(&units[i]);
            if held.len() > WORKING_MEMORY {
                held.remove(0);
            }
        }
    }
    None
}

/// The first few tables of many games of `variant`, each move a claim of
/// the table picked at random, as a person playing would leave them.
fn tables(variant: Variant) -> Vec<Sight> {
    let mut all = Vec::new();
    for seed in 0..GAMES {
        let mut game = Game::new(variant, seed);
        let mut rng = SplitMix64::new(seed);
        for _ in 0..TABLES_PER_GAME {
            let claims: Vec<Claim> = game.claims();
            if game.is_over() || claims.is_empty() {
                break;
            }
            let links = match game.previous() {
                Some(previous) if variant.links() > 0 => previous.cards().to_vec(),
                _ => Vec::new(),
            };
            all.push(Sight {
                cards: [game.table(), &links[..]].concat(),
                table: game.table().to_vec(),
                links,
                claims: claims.iter().map(|c| c.cards().to_vec()).collect(),
            });
            let pick = claims[rng.below(claims.len() as u64) as usize];
            game.claim(pick, 0).unwrap();
        }
    }
    all
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_unstable_by(f64::total_cmp);
    values[(values.len() - 1) / 2]
}

/// The reference's median search cost and the expert bot's median time to
/// claim, on the same tables.
fn measure(variant: Variant) -> (f64, f64, f64) {
    let tables = tables(variant);
    let mut rng = SplitMix64::new(7);
    let costs: Vec<f64> = tables.iter().map(|table| search_cost(variant, table, &mut rng)).collect();
    let times: Vec<f64> = tables
        .iter()
        .map(|table| {
            let claims: Vec<Claim> = table.claims.iter().map(|c| Claim::new(c).unwrap()).collect();
            bot::next_claim(Level::Expert, variant, &claims, &table.table, &mut rng).unwrap().1 as f64
        })
        .collect();
    let claims = median(tables.iter().map(|table| table.claims.len() as f64).collect());
    (median(costs), median(times), claims)
}

#[test]
fn an_expert_bot_takes_as_much_longer_in_each_way_as_a_persons_search_does() {
    let (classic_cost, classic_time, _) = measure(Variant::Classic);
    let mut report = String::from("| way | claims on a table (median) | search ratio | expert bot, median | ratio |\n");
    let mut strays = Vec::new();
    // Memory's cards lie face down: its search is of memory, not of the
    // table (`bot::memory` plays it).
    for variant in WAYS.into_iter().filter(|way| way.played_with_others() && !way.face_down()) {
        let (cost, time, claims) = measure(variant);
        let (search_ratio, bot_ratio) = (cost / classic_cost, time / classic_time);
        report += &format!(
            "| {} | {claims} | {search_ratio:.2} | {:.1} s | {bot_ratio:.2} |\n",
            variant.title(),
            time / 1000.0
        );
        if (bot_ratio / search_ratio - 1.0).abs() > TOLERANCE {
            strays.push(format!("{variant:?}: the bot {bot_ratio:.2}, the search {search_ratio:.2}"));
        }
    }
    println!("{report}");
    assert!(strays.is_empty(), "{strays:#?}\n{report}");
}
