#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
#![cfg(not(target_arch = "wasm32"))]
//! Property tests of an online room: several players claim from views that
//! lag the room's by a random number of events, in a random order. Whatever
//! the interleaving, no card is claimed twice, the scores add up to the sets
//! found, a taken claim is never counted wrong, a valid claim whose cards are
//! all still in play is accepted, and the stored log rebuilds the room.
//! The reference for "is a set" is the plain attribute check below, not the
//! core's lookup.

use proptest::collection::vec;
use proptest::prelude::*;
use set_core::online::room::{ClaimError, EventKind, RoomGame};
use set_core::players::sitting::{Refusal, Seat, Verdict, WRONG_COOLDOWN_MS};
use set_core::rules::card::Card;
use set_core::rules::game::Game;
use set_core::rules::variant::{Dealing, Variant};

/// All the same or all different, attribute by attribute, on the ternary digits.
fn reference_is_set(cards: &[Card]) -> bool {
    (0..4).all(|digit| {
        let d: Vec<u8> = cards.iter().map(|card| (card.id() / 3u8.pow(digit)) % 3).collect();
        (d[0] == d[1] && d[1] == d[2]) || (d[0] != d[1] && d[1] != d[2] && d[0] != d[2])
    })
}

/// One player's try: who, how many events behind the room their view is,
/// which set of that view (or a wrong triple), and the think time.
#[derive(Clone, Debug)]
struct Try {
    seat: u8,
    lag: u8,
    pick: usize,
    wrong: bool,
    think_ms: u16,
}

fn a_try() -> impl Strategy<Value = Try> {
    (0u8..5, 0u8..4, any::<usize>(), prop::bool::weighted(0.15), 0u16..3000)
        .prop_map(|(seat, lag, pick, wrong, think_ms)| Try { seat, lag, pick, wrong, think_ms })
}

/// The sets on a table, by brute force.
fn sets_of(table: &[Card]) -> Vec<[Card; 3]> {
    let mut sets = Vec::new();
    for a in 0..table.len() {
        for b in a + 1..table.len() {
            for c in b + 1..table.len() {
                if reference_is_set(&[table[a], table[b], table[c]]) {
                    sets.push([table[a], table[b], table[c]]);
                }
            }
        }
    }
    sets
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn claims_racing_with_lag_are_settled_fairly(seed in 0u64..1_000_000, players in 2usize..6, tries in vec(a_try(), 1..120)) {
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let mut room = RoomGame::new(Variant::Classic, seed, &names, &[]).unwrap();
        // Every view the room has shown, by event number.
        let mut views: Vec<Game> = vec![room.game().clone()];
        let (mut now, mut wrong_verdicts, mut claimed_cards) = (0u64, vec![0u32; players], Vec::<Card>::new());
        for t in tries {
            if room.game().is_over() { break; }
            let seat = Seat(t.seat % players as u8);
            let seen = room.seq().saturating_sub(u32::from(t.lag));
            let view = &views[seen as usize];
            let sets = sets_of(view.table());
            let cards: Vec<Card> = if t.wrong || sets.is_empty() {
                let table = view.table();
                let (a, b) = (t.pick % table.len(), (t.pick / 7 + 1) % table.len());
                let third = table.iter().copied().find(|&c| c != table[a] && c != table[b] && !reference_is_set(&[table[a], table[b], c]));
                match (a != b, third) { (true, Some(c)) => vec![table[a], table[b], c], _ => continue }
            } else {
                sets[t.pick % sets.len()].to_vec()
            };
            now += u64::from(t.think_ms);
            let all_in_play = cards.iter().all(|&card| room.game().in_play(card));
            let before = room.clone();
            let ids: Vec<i64> = cards.iter().map(|c| i64::from(c.id())).collect();
            match room.claim(seat, &ids, seen, now) {
                Ok(Verdict::Accepted { claim, .. }) => {
                    prop_assert!(reference_is_set(claim.cards()));
                    for &card in claim.cards() {
                        prop_assert!(!claimed_cards.contains(&card), "card {} claimed twice", card.id());
                        claimed_cards.push(card);
                    }
                    views.push(room.game().clone());
                }
                Ok(Verdict::Wrong(_)) => {
                    prop_assert!(all_in_play && !reference_is_set(&cards));
                    wrong_verdicts[seat.0 as usize] += 1;
                    views.push(room.game().clone());
                }
                Ok(Verdict::Taken { by, card }) => {
                    prop_assert!(!all_in_play && !room.game().in_play(card));
                    prop_assert!(claimed_cards.contains(&card) && (by.0 as usize) < players);
                    prop_assert_eq!(&room, &before, "a taken claim changes nothing");
                }
                Ok(other) => prop_assert!(false, "no daily puzzle here: {:?}", other),
                Err(ClaimError::Refused(Refusal::CoolingDown { seat: s, until_ms })) => {
                    prop_assert!(s == seat && until_ms > now && until_ms <= now + WRONG_COOLDOWN_MS);
                    prop_assert_eq!(&room, &before);
                    continue;
                }
                Err(err) => prop_assert!(false, "a claim from a view the room showed is never refused: {}", err),
            }
            // A valid claim whose cards are all still in play, however old
            // its view, is accepted (unless its seat is cooling down, above).
            if all_in_play && reference_is_set(&cards) {
                prop_assert_eq!(room.game().found().len(), before.game().found().len() + 1);
                prop_assert_eq!(room.last_move().map(|(by, _)| by), Some(seat));
            }
        }
        let standings = room.standings();
        let sets: u32 = standings.iter().map(|s| s.sets).sum();
        prop_assert_eq!(sets as usize, room.game().found().len(), "the scores add up to the sets found");
        for (seat, standing) in standings.iter().enumerate() {
            prop_assert_eq!(standing.penalties, wrong_verdicts[seat], "only wrong verdicts count as wrong");
        }
        // What the sitting kept of each move as it was made is what a replay
        // of the game says, and the events read from it agree with the game.
        prop_assert_eq!(room.sitting().outcomes(room.game()), room.sitting().replayed_outcomes(room.game()));
        let events = room.events(0);
        prop_assert_eq!(events.len() as u32, room.seq());
        prop_assert_eq!(events.iter().filter(|e| e.kind == EventKind::Set).count(), room.game().found().len());
        let wrong = events.iter().filter(|e| e.kind == EventKind::Wrong).count() as u32;
        prop_assert_eq!(wrong, wrong_verdicts.iter().sum::<u32>());
        prop_assert_eq!(room.events(3), events.into_iter().skip(2).collect::<Vec<_>>(), "the events from 3 on");
        let rebuilt = RoomGame::restore(Variant::Classic, seed, Dealing::Automatic, &names, &[], &room.log()).unwrap();
        prop_assert_eq!(rebuilt, room);
    }
}
