use super::*;
use crate::players::level::Level;
use crate::players::sitting::Effect;
use crate::rules::card::is_set;
use crate::rules::variant::{Dealing, Variant};

fn room(people: &[&str], bots: &[Level]) -> RoomGame {
    RoomGame::new(Variant::Memory, 21, people, bots).unwrap()
}

/// Slots of the table whose three cards are no set.
fn miss_slots(room: &RoomGame) -> [usize; 3] {
    let t = room.game().table();
    let k = (2..t.len()).find(|&k| !is_set(t[0], t[1], t[k])).unwrap();
    [0, 1, k]
}

/// Every card the view shows is one everybody has seen turned up: this
/// turn's, a hint's, or the last miss's (read from the log, not the room).
fn assert_shows_only_what_is_up(room: &RoomGame) {
    let view = room.view();
    assert_eq!(view.table.len(), room.game().table().len());
    let last_miss: Vec<Card> = match (room.log().last(), room.sitting().effects(room.game()).last()) {
        (Some((_, mv)), Some(Effect::Penalty)) if room.turned().is_empty() => {
            crate::online::room::claimed(mv).map(|c| c.cards().to_vec()).unwrap_or_default()
        }
        _ => Vec::new(),
    };
    for (slot, shown) in view.table.iter().enumerate() {
        let card = room.game().table()[slot];
        let up =
            room.turned().contains(&card) || room.game().hinted_cards().contains(&card) || last_miss.contains(&card);
        if view.over {
            assert_eq!(*shown, Some(card), "over: every card up");
        } else {
            assert_eq!(*shown, up.then_some(card), "slot {slot}");
        }
    }
}

#[test]
fn cards_are_turned_up_one_at_a_time_in_turns_and_the_view_shows_only_those() {
    let mut room = room(&["Ann", "Ben"], &[]);
    assert!(room.view().table.iter().all(Option::is_none), "dealt face down");
    assert_eq!((room.view().turn, room.view().turn_ends_ms), (Some(Seat(0)), Some(TURN_FLIP_MS)));
    let [a, b, c] = miss_slots(&room);
    let card = room.game().table()[a];
    assert_eq!(room.flip(Seat(0), a, 0, 1_000), Ok(Flipped::Card(card)));
    assert_eq!(room.view().table[a], Some(card));
    assert_eq!(room.view().turn_ends_ms, Some(1_000 + TURN_FLIP_MS), "each card turned gives the turn time again");
    assert_shows_only_what_is_up(&room);
    // Ben may not turn a card on Ann's turn; Ann may not turn one twice.
    let before = room.clone();
    assert_eq!(room.flip(Seat(1), b, 0, 1_100), Err(ClaimError::Refused(Refusal::OthersTurn(Seat(0)))));
    assert_eq!(room.flip(Seat(0), a, 0, 1_100), Err(ClaimError::TurnedUp(a)));
    assert_eq!(room, before, "refused: nothing changed");
    room.flip(Seat(0), b, 0, 1_200).unwrap();
    let third = room.flip(Seat(0), c, 0, 1_300).unwrap();
    assert!(matches!(third, Flipped::Claimed { verdict: Verdict::Wrong(_), .. }), "{third:?}");
    // The miss passes the turn, costs nothing, and stays up until the next card.
    assert_eq!((room.seq(), room.view().turn), (1, Some(Seat(1))));
    assert_eq!(room.standings()[0].penalties, 0);
    assert_eq!(room.view().table.iter().flatten().count(), 3);
    assert_shows_only_what_is_up(&room);
    // Misses cost no cool-down: Ann's turn comes again at once.
    room.flip(Seat(1), c, 1, 1_400).unwrap();
    assert_eq!(room.view().table.iter().flatten().count(), 1, "the miss face down again");
    assert_shows_only_what_is_up(&room);
}

#[test]
fn a_person_may_not_claim_by_id_and_bad_flips_change_nothing() {
    let mut room = room(&["Ann", "Ben"], &[]);
    let before = room.clone();
    let set: Vec<i64> = room.game().first_claim().unwrap().cards().iter().map(|c| i64::from(c.id())).collect();
    assert_eq!(room.claim(Seat(0), &set, 0, 100), Err(ClaimError::TurnCardsUp));
    assert_eq!(room.flip(Seat(0), 21, 0, 100), Err(ClaimError::NoSuchSlot(21)));
    assert_eq!(room.flip(Seat(0), 0, 1, 100), Err(ClaimError::FutureSeen { seen: 1, seq: 0 }));
    assert_eq!(room.flip(Seat(5), 0, 0, 100), Err(ClaimError::Refused(Refusal::NoSuchSeat(Seat(5)))));
    assert_eq!(room, before);
    let mut classic = RoomGame::new(Variant::Classic, 21, &["Ann", "Ben"], &[]).unwrap();
    assert_eq!(classic.flip(Seat(0), 0, 0, 100), Err(ClaimError::NotFaceDown));
    assert!(classic.view().table.iter().all(Option::is_some), "face up");
    assert_eq!((classic.view().turn, classic.view().turn_ends_ms), (None, None));
}

#[test]
fn a_flip_from_a_table_that_changed_is_refused() {
    let mut room = room(&["Ann", "Ben"], &[]);
    // Ann's three make a set: the table changes (the set is taken, cards come).
    let set = room.game().first_claim().unwrap();
    let slots: Vec<usize> =
        set.cards().iter().map(|card| room.game().table().iter().position(|c| c == card).unwrap()).collect();
    for &slot in &slots[..2] {
        room.flip(Seat(0), slot, 0, 500).unwrap();
    }
    let made = room.flip(Seat(0), slots[2], 0, 600).unwrap();
    assert!(matches!(made, Flipped::Claimed { verdict: Verdict::Accepted { .. }, .. }), "{made:?}");
    assert_eq!(room.view().turn, Some(Seat(0)), "a set keeps the turn");
    let before = room.clone();
    assert_eq!(room.flip(Seat(0), 0, 0, 700), Err(ClaimError::TableChanged { seq: 1 }));
    assert_eq!(room, before);
    assert!(room.flip(Seat(0), 0, 1, 700).is_ok());
}

#[test]
fn a_turn_that_runs_out_turns_up_a_miss_and_the_log_rebuilds_the_same_turn() {
    let mut room = room(&["Ann", "Ben", "Cy"], &[]);
    room.flip(Seat(0), 4, 0, 2_000).unwrap();
    let ends = room.turn_ends_ms().unwrap();
    let before = room.clone();
    assert_eq!(room.time_out_turn(ends - 1), None);
    assert_eq!(room, before, "not yet: nothing changed");
    let (by, verdict) = room.time_out_turn(ends).unwrap();
    assert_eq!(by, Seat(0));
    assert!(matches!(verdict, Verdict::Wrong(_)), "{verdict:?}");
    let (_, mv) = room.last_move().unwrap();
    let cards = crate::online::room::claimed(&mv).unwrap();
    assert!(cards.contains(room.game().table()[4]), "the card Ann turned is one of the three");
    assert_eq!(room.view().turn, Some(Seat(1)));
    assert_shows_only_what_is_up(&room);
    let rebuilt =
        RoomGame::restore(Variant::Memory, 21, Dealing::Automatic, &["Ann", "Ben", "Cy"], &[], &room.log()).unwrap();
    assert_eq!(rebuilt, room);
    assert_eq!(rebuilt.view(), room.view());
}

/// A person who never plays and two bots: the person's turns run out, the
/// bots play theirs from what was turned up; the game ends, no view ever
/// showed a card face down, and the log rebuilds it.
#[test]
fn bots_and_an_absent_person_play_memory_to_its_end() {
    let bots = [Level::Expert, Level::Easy];
    let mut room = room(&["Ann"], &bots);
    let mut steps = 0;
    while !room.is_over() {
        steps += 1;
        assert!(steps < 3_000, "the game ends");
        if let Some(plan) = room.bot_plan() {
            assert_eq!(Some(plan.seat), room.turn(), "only the bot whose turn it is plays");
            let ids: Vec<i64> = plan.claim().unwrap().cards().iter().map(|c| i64::from(c.id())).collect();
            room.claim(plan.seat, &ids, room.seq(), plan.due_ms).unwrap();
        } else {
            assert_eq!(room.turn(), Some(Seat(0)), "no plan: the person's turn");
            let ends = room.turn_ends_ms().unwrap();
            room.time_out_turn(ends).unwrap();
        }
        assert_shows_only_what_is_up(&room);
    }
    assert!(room.game().is_over(), "every set taken");
    let sets: u32 = room.standings().iter().map(|s| s.sets).sum();
    assert_eq!(sets as usize, room.game().found().len());
    assert!(room.standings()[1].sets > 0, "the expert bot found sets");
    let rebuilt = RoomGame::restore(Variant::Memory, 21, Dealing::Automatic, &["Ann"], &bots, &room.log()).unwrap();
    assert_eq!(rebuilt, room);
}

/// Two people who only let their turns run out: the game ends after the
/// most misses, its log within a save's bound, and nothing more is taken.
#[test]
fn misses_are_bounded_and_then_the_game_is_over() {
    let mut room = room(&["Ann", "Ben"], &[]);
    let mut at = 0;
    while let Some(ends) = room.turn_ends_ms() {
        at = ends;
        room.time_out_turn(at).unwrap();
    }
    assert!(room.is_over() && !room.game().is_over());
    assert_eq!(room.seq() as usize, MAX_TURN_MISSES);
    assert!(room.log().len() < crate::save::MAX_ACTIONS);
    assert!(room.view().over && room.view().table.iter().all(Option::is_some), "over: every card shown");
    assert_eq!((room.turn(), room.bot_plan()), (None, None));
    let before = room.clone();
    assert_eq!(room.flip(Seat(0), 0, room.seq(), at), Err(ClaimError::Refused(Refusal::Rules(GameError::GameOver))));
    assert_eq!(room.hint(Seat(0), at), Err(ClaimError::Refused(Refusal::Rules(GameError::GameOver))));
    assert_eq!(room, before);
}

#[test]
fn choices_are_listed_in_order_and_stop_when_asked() {
    let mut seen = Vec::new();
    for_each_choice(4, 2, &mut |picks| {
        seen.push(picks.to_vec());
        true
    });
    assert_eq!(seen, [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
    let mut count = 0;
    for_each_choice(21, 3, &mut |_| {
        count += 1;
        count < 5
    });
    assert_eq!(count, 5);
}

/// The third card of a set with `a` and `b`, by its id's four ternary
/// digits (the plain rule: each all alike or all different).
fn completing(a: Card, b: Card) -> u8 {
    let (mut x, mut y, mut third, mut place) = (a.id(), b.id(), 0, 1);
    for _ in 0..4 {
        third += (6 - x % 3 - y % 3) % 3 * place;
        (x, y, place) = (x / 3, y / 3, place * 3);
    }
    third
}

/// Round three: a timed-out turn took the first face-down cards in slot
/// order that made no claim, so a card it skipped was the one completing
/// a set with those up, which everyone could then name. Now the rest is
/// drawn among the cards that make no claim: when the room passes over the
/// first face-down slot, that slot holds the completing card no more often
/// than any other.
#[test]
fn a_timed_out_turn_skipping_a_card_tells_no_one_it_completes_the_set() {
    let (mut skipped_first, mut first_completes, mut chosen_slots) = (0, 0, std::collections::BTreeSet::new());
    for seed in 0..400 {
        let mut room = RoomGame::new(Variant::Memory, seed, &["Ann", "Ben"], &[]).unwrap();
        room.flip(Seat(0), 0, 0, 1_000).unwrap();
        room.flip(Seat(0), 1, 0, 2_000).unwrap();
        let table = room.game().table().to_vec();
        let ends = room.turn_ends_ms().unwrap();
        let (_, verdict) = room.time_out_turn(ends).unwrap();
        assert!(matches!(verdict, Verdict::Wrong(_)), "a miss: {verdict:?}");
        let (_, mv) = room.last_move().unwrap();
        let third = crate::online::room::claimed(&mv).unwrap().cards()[2];
        let slot = table.iter().position(|&card| card == third).unwrap();
        assert_ne!(third.id(), completing(table[0], table[1]), "never the completing card");
        chosen_slots.insert(slot);
        if slot != 2 {
            skipped_first += 1;
            first_completes += usize::from(table[2].id() == completing(table[0], table[1]));
        }
    }
    assert!(chosen_slots.len() > 5, "drawn over the table: {chosen_slots:?}");
    // Slot order: every time slot 2 was passed over, it completed the set.
    assert!(skipped_first > 100, "{skipped_first}");
    assert!(first_completes * 4 < skipped_first, "{first_completes} of {skipped_first}: the skip tells");
}
