//! How a computer opponent plays Memory ([`crate::players::sitting`]'s
//! turns): it knows only what has been turned up, and not all of that.
//!
//! Every try turns three cards up for everyone to see (and a hint keeps
//! its cards up). When a card is turned up, a bot keeps it in mind with its
//! level's chance ([`REMEMBERS`]), and each try after that leaves it there
//! with a chance ([`FADES`]): the older a sight, the likelier it is gone,
//! as a person's memory of a Memory table fades. On its turn it:
//! 1. claims a set among the cards it holds in mind, if it holds one;
//! 2. otherwise turns up a card it does not know, and if a card it knows
//!    makes a set with it with a third it knows, claims those three;
//! 3. otherwise turns up a second unknown card, and if the third card that
//!    completes the two is one it knows, takes it; else a third unknown.
//!
//! It never reads a card it has not seen turned up. It takes
//! [`FLIP_MS`] a card (looking, recalling, turning). Its choices are drawn
//! from the game's seed, its seat and the moves made, so a game with bots
//! is a function of its seed and its moves, as in every other way.

use crate::players::bot::{BotMove, BotPlan, SIGMA};
use crate::players::level::Level;
use crate::players::seats::Seat;
use crate::rules::card::{Card, third_card};
use crate::rules::game::{Action, Claim, Game};
use crate::rules::rng::SplitMix64;

/// The chance a card turned up is kept in mind, by level.
pub const REMEMBERS: [f64; 4] = [0.45, 0.6, 0.75, 0.9];

/// The chance a card kept in mind is still there after each later try, by level.
pub const FADES: [f64; 4] = [0.75, 0.82, 0.88, 0.94];

/// The median time a card takes to turn up on a bot's turn, by level.
pub const FLIP_MS: [f64; 4] = [1_600.0, 1_300.0, 1_000.0, 700.0];

/// A draw in [0, 1) fixed by the game's seed and what it is about.
fn chance(seed: u64, about: u64) -> f64 {
    (SplitMix64::new(seed ^ SplitMix64::new(about).next_u64()).next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Whether `card` is in the set of card ids `ids` (Memory deals the 81
/// classic cards: an id past 127 is in none).
fn holds(ids: u128, card: Card) -> bool {
    card.id() < 128 && ids >> card.id() & 1 == 1
}

/// The ids of the cards on the table the bot at `seat` knows, as a set of
/// bits: those it kept in mind of every claim's cards still on the table
/// (a miss's), and the hinted ones (face up).
fn known_ids(game: &Game, seat: Seat, level: Level) -> u128 {
    let table = game.table();
    // Every claim turned its cards up; a set's are gone, a miss's still out.
    let tries = game.moves().iter().filter_map(|mv| match &mv.action {
        Action::Claim(claim) => Some(claim),
        _ => None,
    });
    let count = tries.clone().count();
    let level = level as usize;
    let mut known = 0u128;
    for (i, tried) in tries.enumerate() {
        let keeps = REMEMBERS[level] * FADES[level].powi((count - 1 - i) as i32);
        for &card in tried.cards() {
            let about = u64::from(seat.0) << 48 | (i as u64) << 16 | u64::from(card.id());
            if card.id() < 128 && table.contains(&card) && chance(game.seed(), about) < keeps {
                known |= 1 << card.id();
            }
        }
    }
    for &card in game.hinted_cards().iter().filter(|card| card.id() < 128) {
        known |= 1 << card.id();
    }
    known
}

/// The cards on the table the bot at `seat` knows, in slot order.
pub fn known(game: &Game, seat: Seat, level: Level) -> Vec<Card> {
    let known = known_ids(game, seat, level);
    game.table().iter().copied().filter(|&card| holds(known, card)).collect()
}

/// The three cards a bot turns up on its turn, as the module says.
pub fn choose(game: &Game, seat: Seat, level: Level) -> Option<[Card; 3]> {
    let table = game.table();
    let known = known_ids(game, seat, level);
    // The third card of a set with `a` and a known card, both known.
    let completes = |a: Card| {
        table.iter().copied().filter(|&b| b != a && holds(known, b)).find_map(|b| {
            let c = third_card(a, b);
            (c != a && c != b && holds(known, c)).then_some([a, b, c])
        })
    };
    // 1. A set among the cards it knows.
    if let Some(set) = table.iter().copied().filter(|&a| holds(known, a)).find_map(completes) {
        return Some(set);
    }
    let mut rng =
        SplitMix64::new(game.seed() ^ SplitMix64::new(u64::from(seat.0) << 32 | game.moves().len() as u64).next_u64());
    // A card it does not know, but none of `up` (any not up, once it knows every card).
    let mut turn_up = |up: u128| {
        let unknown = table.iter().filter(|&&card| !holds(known | up, card)).count();
        let skip = if unknown > 0 { known | up } else { up };
        let pool = table.iter().filter(|&&card| !holds(skip, card)).count() as u64;
        (pool > 0)
            .then(|| rng.below(pool) as usize)
            .and_then(|k| table.iter().copied().filter(|&card| !holds(skip, card)).nth(k))
    };
    let bit = |card: Card| 1u128 << card.id().min(127);
    // 2. A card turned up, and a set of it with two it knows.
    let a = turn_up(0)?;
    if let Some(set) = completes(a) {
        return Some(set);
    }
    // 3. A second, and the third that completes them if it knows it.
    let b = turn_up(bit(a))?;
    let c = third_card(a, b);
    if holds(known, c) && c != a && c != b {
        return Some([a, b, c]);
    }
    Some([a, b, turn_up(bit(a) | bit(b))?])
}

/// The bot at `seat`'s turn, begun at play time `since_ms`: the three cards
/// it turns up and when the third is up. `None` once the game is over.
pub fn plan(game: &Game, seat: Seat, level: Level, since_ms: u64) -> Option<BotPlan> {
    if game.is_over() {
        return None;
    }
    let cards = choose(game, seat, level)?;
    let claim = Claim::new(&cards)?;
    let mut rng = SplitMix64::new(game.seed() ^ (u64::from(seat.0) << 40 | game.moves().len() as u64));
    // Turning cards varies less than searching a table: half the spread.
    let took = 3.0 * FLIP_MS[level as usize] * (SIGMA * 0.5 * super::standard_normal(&mut rng)).exp();
    Some(BotPlan { seat, what: BotMove::Claim(claim), due_ms: since_ms + took.round().max(1.0) as u64 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::seats::Seats;
    use crate::players::sitting::{Sitting, Verdict};
    use crate::rules::variant::Variant;

    /// A game of Memory between these bots to its end, each taking its
    /// turn: the misses each seat made, and the sets each found.
    fn play(levels: &[Level], seed: u64) -> (Vec<u32>, Vec<u32>) {
        let seats = Seats::new::<&str>(&[], levels).unwrap();
        // Seat 0 is the person a table always has: here it plays as the first bot does.
        let level_of = |seat: Seat| levels[(seat.0 as usize).saturating_sub(1)];
        let mut game = Game::new(Variant::Memory, seed);
        let mut sitting = Sitting::new(seats);
        let n = sitting.seats().players().len();
        let (mut misses, mut sets) = (vec![0; n], vec![0; n]);
        let mut since = 0;
        for _ in 0..5_000 {
            let Some(turn) = sitting.turn(&game) else { unreachable!("Memory with others is in turns") };
            let Some(plan) = plan(&game, turn, level_of(turn), since) else { break };
            assert!(plan.due_ms > since);
            let claim = plan.claim().unwrap();
            match sitting.settle(&mut game, turn, claim.cards(), plan.due_ms).unwrap() {
                Verdict::Accepted { .. } => sets[turn.0 as usize] += 1,
                Verdict::Wrong(_) => misses[turn.0 as usize] += 1,
                other => panic!("{other:?}"),
            }
            since = plan.due_ms;
        }
        assert!(game.is_over(), "seed {seed}: the game ends");
        assert_eq!(sets.iter().sum::<u32>() as usize, game.found().len(), "seed {seed}: every set was a turn's");
        (misses, sets)
    }

    #[test]
    fn bots_play_memory_in_turns_to_its_end_and_a_better_memory_misses_less() {
        // Three at a table of one level: the game takes fewer tries with a better memory.
        let (mut easy, mut expert) = (0, 0);
        for seed in 0..20 {
            easy += play(&[Level::Easy; 2], seed).0.iter().sum::<u32>();
            expert += play(&[Level::Expert; 2], seed).0.iter().sum::<u32>();
        }
        eprintln!("misses in 20 games: easy {easy}, expert {expert}");
        assert!(
            f64::from(expert) < 0.75 * f64::from(easy),
            "an expert misses less often than an easy bot: {expert} against {easy}"
        );
    }

    #[test]
    fn at_the_deal_a_bot_knows_nothing_and_finds_a_set_no_oftener_than_by_chance() {
        // On a table nobody has seen, the first try is three cards at random:
        // a bot that read face-down cards would find a set every time.
        let (mut found, mut possible, tries) = (0, 0.0, 400);
        for seed in 0..tries {
            let game = Game::new(Variant::Memory, seed);
            assert!(known(&game, Seat(1), Level::Expert).is_empty());
            let cards = choose(&game, Seat(1), Level::Expert).unwrap();
            found += usize::from(game.claims().iter().any(|claim| cards.iter().all(|&c| claim.contains(c))));
            let n = game.table().len() as f64;
            possible += game.claims().len() as f64 / (n * (n - 1.0) * (n - 2.0) / 6.0);
        }
        let expected = possible;
        eprintln!("first tries: {found} sets of {tries}; chance {expected:.1}");
        assert!(
            (found as f64) < 3.0 * expected + 5.0,
            "{found} sets in {tries} first tries; chance gives {expected:.1}"
        );
    }

    #[test]
    fn a_bot_claims_a_set_it_holds_in_mind() {
        // Misses turn the table up bit by bit; once the bot holds a whole
        // set in mind, its turn claims a set (and only cards it knows).
        let mut game = Game::new(Variant::Memory, 5);
        let mut rng = SplitMix64::new(9);
        for miss in 0..300u64 {
            let knows = known(&game, Seat(1), Level::Expert);
            let held = knows
                .iter()
                .enumerate()
                .any(|(i, &a)| knows[i + 1..].iter().any(|&b| knows.contains(&third_card(a, b))));
            if held {
                let cards = choose(&game, Seat(1), Level::Expert).unwrap();
                assert!(cards.iter().all(|c| knows.contains(c)), "{cards:?} of {knows:?}");
                assert!(game.claims().iter().any(|claim| cards.iter().all(|&c| claim.contains(c))));
                return;
            }
            let table = game.table().to_vec();
            let mut pick = table.clone();
            rng.shuffle(&mut pick);
            let [a, b] = [pick[0], pick[1]];
            let Some(&c) = pick[2..].iter().find(|&&c| c != third_card(a, b)) else { continue };
            game.claim(Claim::new(&[a, b, c]).unwrap(), miss * 100).unwrap();
        }
        panic!("300 misses and the expert never held a set in mind");
    }
}
