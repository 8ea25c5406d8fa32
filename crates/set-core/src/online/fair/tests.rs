use super::*;
use crate::players::bot;
use crate::players::level::Level;
use crate::rules::card::Card;
use crate::rules::game::{Action, CallOutcome, Game, Move};
use crate::rules::rng::SplitMix64;
use crate::rules::variant::Variant;

fn ids(cards: &[Card]) -> Vec<i64> {
    cards.iter().map(|card| i64::from(card.id())).collect()
}

/// Plays a whole game of `variant`: the seats take sets in turn, each
/// `gap_ms` after the last, except those `at` names, made `fast_ms` after it.
fn play(variant: Variant, seats: u8, gap_ms: u64, fast: &[(u32, u64)]) -> RoomGame {
    let names: Vec<String> = (0..seats).map(|s| format!("P{s}")).collect();
    let mut room = RoomGame::new(variant, 42, &names, &[]).expect("seats");
    let mut at_ms = 0;
    while !room.game().is_over() {
        let claim = room.game().first_claim().expect("a claim while not over");
        let next = room.seq() + 1;
        at_ms += fast.iter().find(|(seq, _)| *seq == next).map_or(gap_ms, |&(_, ms)| ms);
        let by = Seat((next % u32::from(seats)) as u8);
        room.claim(by, &ids(claim.cards()), room.seq(), at_ms).expect("a legal claim");
    }
    room
}

/// The plain reference for [`RoomGame::looked_ms`]: replays every prefix of
/// the moves and finds, for each card, the first table it sat on without a
/// break before the claim.
fn looked_by_replay(room: &RoomGame, seq: u32) -> u64 {
    let game = room.game();
    let moves = game.moves();
    let claim_at = seq as usize - 1;
    let Action::Claim(claim) = moves[claim_at].action else { panic!("a claim") };
    let on_table = |prefix: usize, card: Card| {
        let then = Game::replay(game.variant(), game.seed(), &moves[..prefix]).expect("a replay");
        then.table().contains(&card) || then.previous().is_some_and(|link| link.contains(card))
    };
    let mut newest = 0;
    for &card in claim.cards() {
        let mut first = claim_at;
        while first > 0 && on_table(first - 1, card) {
            first -= 1;
        }
        let arrived = if first == 0 { 0 } else { moves[first - 1].at_ms };
        newest = newest.max(arrived);
    }
    moves[claim_at].at_ms - newest
}

#[test]
fn how_long_a_claims_cards_were_in_play_matches_a_replay_of_every_table() {
    for variant in [Variant::Junior, Variant::Classic, Variant::Chain] {
        let room = play(variant, 2, 1_000, &[(3, 40), (5, 7)]);
        for seq in 1..=room.seq() {
            assert_eq!(room.looked_ms(seq), Some(looked_by_replay(&room, seq)), "{variant:?} event {seq}");
        }
        assert_eq!(room.looked_ms(0), None);
        assert_eq!(room.looked_ms(room.seq() + 1), None);
    }
}

#[test]
fn a_long_game_where_everyone_claims_at_a_persons_pace_counts() {
    let room = play(Variant::Junior, 2, 5_000, &[]);
    assert!(room.last_move().unwrap().1.at_ms >= MIN_RATED_GAME_MS);
    assert_eq!(judge(&room, 2, &Policy::default()), Ok(()));
    assert_eq!(fast_claims(&room, &Policy::default()), []);
}

#[test]
fn a_short_game_does_not_count() {
    let room = play(Variant::Classic, 2, 1_000, &[]);
    let ms = room.last_move().unwrap().1.at_ms;
    assert!(ms < MIN_RATED_GAME_MS);
    let floor_ms = MIN_RATED_GAME_MS;
    assert_eq!(judge(&room, 2, &Policy::default()), Err(Unrated::Short { ms, floor_ms }));
    let shorter = Policy { min_game_ms: ms, ..Policy::default() };
    assert_eq!(judge(&room, 2, &shorter), Ok(()), "as long as the policy's minimum: counts");
}

#[test]
fn a_quick_junior_game_counts_under_the_classic_floor_as_a_junior_game_is_shorter() {
    // Nine sets at a second each: under the classic floor, over Junior's.
    let room = play(Variant::Junior, 2, 1_000, &[]);
    let ms = room.last_move().unwrap().1.at_ms;
    assert!(ms < MIN_RATED_GAME_MS);
    assert_eq!(judge(&room, 2, &Policy::default()), Ok(()));
    // Its floor is the policy's in proportion: a stricter policy's is over it.
    let strict = Policy { min_game_ms: 200_000, ..Policy::default() };
    let floor_ms = min_game_ms(&strict, Variant::Junior);
    assert_eq!(floor_ms, 200_000 * game_length_percent(Variant::Junior) / 100);
    assert_eq!(judge(&room, 2, &strict), Err(Unrated::Short { ms, floor_ms }));
    // A way whose games are longer keeps the policy's floor.
    for way in [Variant::Classic, Variant::FourSet, Variant::Ghost, Variant::Shuffle] {
        assert_eq!(min_game_ms(&strict, way), 200_000, "{way:?}");
    }
}

#[test]
fn a_seat_that_never_claims_makes_the_game_not_count() {
    // The farmer takes every set; the puppet sits and never claims.
    let names = ["Farmer", "Puppet"];
    let mut room = RoomGame::new(Variant::Junior, 9, &names, &[]).unwrap();
    let mut at_ms = 0;
    while !room.game().is_over() {
        at_ms += 5_000;
        let claim = room.game().first_claim().unwrap();
        room.claim(Seat(0), &ids(claim.cards()), room.seq(), at_ms).unwrap();
    }
    assert_eq!(found_by_seat(&room, 2), [room.seq(), 0]);
    assert_eq!(judge(&room, 2, &Policy::default()), Err(Unrated::Idle(Seat(1))));
}

#[test]
fn a_wrong_claim_is_no_part_in_a_game_and_one_set_is() {
    // The review's farm: the puppet claims wrong once, the farmer takes
    // every set. Then the same with the puppet taking the first set.
    for puppet_finds in [false, true] {
        let names = ["Farmer", "Puppet"];
        let mut room = RoomGame::new(Variant::Junior, 9, &names, &[]).unwrap();
        let first = room.game().first_claim().unwrap();
        let table: Vec<Card> = room.game().table().to_vec();
        let (x, y) = (table[0], table[1]);
        let z = table[2..].iter().copied().find(|&z| !crate::rules::card::is_set(x, y, z)).unwrap();
        room.claim(Seat(1), &ids(&[x, y, z]), room.seq(), 5_000).unwrap();
        if puppet_finds {
            room.claim(Seat(1), &ids(first.cards()), room.seq(), 10_000).unwrap();
        }
        let mut at_ms = 10_000;
        while !room.game().is_over() {
            at_ms += 5_000;
            let claim = room.game().first_claim().unwrap();
            room.claim(Seat(0), &ids(claim.cards()), room.seq(), at_ms).unwrap();
        }
        let sets = room.seq() - 1 - u32::from(puppet_finds);
        assert_eq!(found_by_seat(&room, 2), [sets, u32::from(puppet_finds)]);
        let judged = judge(&room, 2, &Policy::default());
        assert_eq!(judged, if puppet_finds { Ok(()) } else { Err(Unrated::Idle(Seat(1))) });
    }
}

#[test]
fn a_set_claimed_before_a_person_can_see_its_newest_card_is_marked_and_unrates() {
    // Event 4 comes 120 ms after event 3: if its set holds a card event 3
    // dealt, no person made it; a set of cards on the table for longer is fine.
    let room = play(Variant::Classic, 2, 5_000, &[(4, 120)]);
    let looked = room.looked_ms(4).unwrap();
    let fast = fast_claims(&room, &Policy::default());
    if looked < SEEING_FLOOR_MS {
        assert_eq!(fast, [FastClaim { seat: Seat(0), seq: 4, looked_ms: looked }]);
        assert_eq!(judge(&room, 2, &Policy::default()), Err(Unrated::TooFast(fast[0])));
    } else {
        assert_eq!(fast, []);
    }
    // The first set of a game, 150 ms after the deal, is always too fast.
    let room = play(Variant::Classic, 2, 5_000, &[(1, 150)]);
    assert_eq!(fast_claims(&room, &Policy::default()), [FastClaim { seat: Seat(1), seq: 1, looked_ms: 150 }]);
    let blind = Policy { seeing_floor_ms: 0, ..Policy::default() };
    assert_eq!(fast_claims(&room, &blind), [], "a floor of 0 marks nothing");
}

#[test]
fn the_expert_bot_is_never_under_the_seeing_floor() {
    // The floor is below the fastest player the bots model: ten thousand
    // draws of the expert's claims on dealt tables.
    let mut fastest = u64::MAX;
    for seed in 0..10_000u64 {
        let game = Game::new(Variant::Classic, seed);
        let mut rng = SplitMix64::new(seed);
        let (_, ms) = bot::next_claim(Level::Expert, game.variant(), &game.claims(), game.table(), &mut rng).unwrap();
        fastest = fastest.min(ms);
    }
    assert!(fastest >= SEEING_FLOOR_MS, "the expert bot claimed in {fastest} ms");
}

#[test]
fn a_seat_connected_half_the_game_stayed() {
    assert!(stayed(30_000, 60_000));
    assert!(stayed(59_000, 60_000), "away for a moment at the end");
    assert!(!stayed(29_999, 60_000));
    assert!(stayed(0, 0));
}

#[test]
fn only_the_established_vouch_and_time_establishes_the_first() {
    let policy = Policy::default();
    let fresh = Experience::default();
    assert_eq!(established(&policy, &fresh), 0.0);
    let vouched = |vouched| Experience { vouched, games: vouched, days: 1 };
    assert!((established(&policy, &vouched(2)) - 0.4).abs() < 1e-12);
    assert_eq!(established(&policy, &vouched(ESTABLISHED_OPPONENTS)), 1.0);
    assert_eq!(established(&policy, &vouched(ESTABLISHED_OPPONENTS * 10)), 1.0);
    // A farm's identity that played hundreds of games among its own, all in a day or two: nothing.
    assert_eq!(established(&policy, &Experience { vouched: 0, games: 500, days: ESTABLISHED_DAYS - 1 }), 0.0);
    // Games enough on days enough: established with no one's word.
    assert_eq!(established(&policy, &Experience { vouched: 0, games: ESTABLISHED_GAMES, days: ESTABLISHED_DAYS }), 1.0);
    assert_eq!(
        established(&policy, &Experience { vouched: 0, games: ESTABLISHED_GAMES - 1, days: 30 }),
        0.0,
        "days without the games"
    );
    let trusting = Policy { established_opponents: 0, ..policy };
    assert_eq!(established(&trusting, &fresh), 1.0, "a server that trusts new identities");
}

#[test]
fn a_fresh_opponent_weighs_in_the_unvouched_part_and_the_same_pair_counts_less_each_game_of_a_day() {
    let policy = Policy::default();
    let fresh = Experience::default();
    let sure = Experience { vouched: ESTABLISHED_OPPONENTS, ..fresh };
    assert_eq!(weight(&policy, &fresh, 0), Weight { vouched: 0.0, unvouched: 1.0 }, "a new identity");
    assert_eq!(weight(&policy, &sure, 0), Weight { vouched: 1.0, unvouched: 0.0 });
    let half = weight(&policy, &Experience { vouched: 2, ..fresh }, 0);
    assert!((half.vouched - 0.4).abs() < 1e-12 && (half.unvouched - 0.6).abs() < 1e-12, "{half:?}");
    let pair: Vec<f64> = (0..5).map(|n| weight(&policy, &sure, n).vouched).collect();
    assert_eq!(pair, [1.0, 0.5, 1.0 / 3.0, 0.0, 0.0]);
    assert_eq!(
        weight(&policy, &fresh, PAIR_GAMES_PER_DAY),
        Weight::default(),
        "never a fourth game of a pair in a day"
    );
}

#[test]
fn a_leaderboard_lists_settled_active_ratings_with_enough_games_and_opponents() {
    let policy = Policy::default();
    let by_default = |standing: &Standing, now| listed(&policy, standing, now);
    let now = 100 * DAY_MS;
    let ok = Standing { settled: true, games: LISTED_GAMES, opponents: LISTED_OPPONENTS, played_at_ms: now - DAY_MS };
    assert!(by_default(&ok, now));
    assert!(!by_default(&Standing { settled: false, ..ok }, now));
    assert!(!by_default(&Standing { games: LISTED_GAMES - 1, ..ok }, now));
    assert!(!by_default(&Standing { opponents: LISTED_OPPONENTS - 1, ..ok }, now));
    assert!(!by_default(&Standing { played_at_ms: now - LISTED_ACTIVE_MS - 1, ..ok }, now));
    assert!(by_default(&Standing { played_at_ms: now - LISTED_ACTIVE_MS, ..ok }, now));
    let open = Policy { listed_games: 1, listed_opponents: 1, ..policy };
    let one = Standing { games: 1, opponents: 1, ..ok };
    assert!(listed(&open, &one, now) && !by_default(&one, now));
    let provisional = Standing { settled: false, ..one };
    assert!(!listed(&open, &provisional, now));
    assert!(listed(&Policy { list_provisional: true, ..open }, &provisional, now));
}

#[test]
fn a_hint_has_no_looking_time() {
    let mut room = RoomGame::new(Variant::Classic, 3, &["Ann", "Ben"], &[]).unwrap();
    room.hint(Seat(0), 500).unwrap();
    assert_eq!(room.game().moves()[0], Move { at_ms: 500, action: Action::Hint });
    assert_eq!(room.looked_ms(1), None);
}

/// A room of `Variant::Classic` dealt when called, played (a set every 5 s)
/// until a table without a set, the first seed from `from` that reaches one
/// before the game ends: the room and when its last set was taken.
fn at_a_table_without_a_set(from: u64) -> (RoomGame, u64) {
    for seed in from.. {
        let game = Game::dealt(Variant::Classic, seed, crate::rules::variant::Dealing::WhenCalled);
        let mut room = RoomGame::dealt(game, &["P0", "P1"], &[]).expect("seats");
        let mut at_ms = 0;
        while let Some(claim) = room.game().first_claim() {
            at_ms += 5_000;
            room.claim(Seat(0), &ids(claim.cards()), room.seq(), at_ms).expect("a legal claim");
        }
        if !room.game().is_over() && at_ms > 0 {
            return (room, at_ms);
        }
    }
    unreachable!("some seed reaches a table without a set")
}

#[test]
fn a_right_call_of_no_set_made_before_a_person_can_look_is_marked() {
    let (mut room, last_set_ms) = at_a_table_without_a_set(0);
    let (mut slow, _) = at_a_table_without_a_set(0);
    // The plain reference: the table changed with the last set, so the
    // caller looked for as long as since it.
    let fast_at = last_set_ms + 120;
    assert!(matches!(room.call_no_set(Seat(1), room.seq(), fast_at), Ok(CallOutcome::Right { .. })));
    let seq = room.seq();
    assert_eq!(room.looked_at_table_ms(seq), Some(120));
    assert_eq!(fast_claims(&room, &Policy::default()), [FastClaim { seat: Seat(1), seq, looked_ms: 120 }]);
    // A call after a person's look is not.
    assert!(matches!(slow.call_no_set(Seat(1), slow.seq(), last_set_ms + 4_000), Ok(CallOutcome::Right { .. })));
    assert_eq!(slow.looked_at_table_ms(slow.seq()), Some(4_000));
    assert_eq!(fast_claims(&slow, &Policy::default()), []);
}
