//! Games with other players: seats, calls, time-outs, lockouts, computer
//! opponents and the verdict on claims from several seats, through the race
//! as the page drives it, and through the save.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should

use set_client::play::race::{CALL_MS, Race, SHOW_MS, Turn};
use set_client::play::session::Happened;
use set_core::players::level::Level;
use set_core::players::sitting::{Kind, Refusal, Seat, SeatError, Seats, Sitting, Verdict};
use set_core::rules::card::{Card, is_set};
use set_core::rules::game::{Game, GameError};
use set_core::rules::variant::Variant;
use set_core::save::{SeatedError, decode, decode_seated, encode_seated};

const ANN: Seat = Seat(0);
const BEN: Seat = Seat(1);

fn people(names: &[&str]) -> Seats {
    Seats::new(names, &[]).unwrap()
}

/// Three cards on the table that are not a set.
fn not_a_set(game: &Game) -> [Card; 3] {
    let t = game.table();
    let k = (2..t.len()).find(|&k| !is_set(t[0], t[1], t[k])).expect("not every card completes a set");
    [t[0], t[1], t[k]]
}

fn pick_all(race: &mut Race, cards: &[Card], now: f64) -> Turn {
    let mut last = None;
    for &card in cards {
        last = Some(race.pick(card, now).unwrap());
    }
    last.expect("cards to pick")
}

#[test]
fn players_are_checked_and_named() {
    let seats = Seats::new(&["  Ann ", "Ben"], &[Level::Hard, Level::Hard]).unwrap();
    let names: Vec<&str> = seats.players().iter().map(|p| p.name.as_ref()).collect();
    assert_eq!(names, ["Ann", "Ben", "Hard bot", "Hard bot 2"]);
    assert_eq!(seats.players()[3].kind, Kind::Bot(Level::Hard));
    assert!(seats.call_first() && seats.only_person().is_none());
    let with_bots = Seats::new::<&str>(&[], &[Level::Easy]).unwrap();
    assert_eq!(with_bots.players()[0].name, "You");
    assert_eq!(with_bots.only_person(), Some(ANN));
    assert!(!with_bots.call_first());
    assert!(Seats::new(&["Ann"], &[]).unwrap().is_solo(), "one person alone is a game alone");

    let long = "x".repeat(21);
    let refused: [(&[&str], &[Level], SeatError); 6] = [
        (&["A", "B", "C"], &[Level::Easy, Level::Easy], SeatError::TooManyPlayers(5)),
        (&[], &[Level::Easy; 4], SeatError::TooManyPlayers(5)),
        (&["Ann", " "], &[], SeatError::EmptyName),
        (&[&long], &[], SeatError::LongName(format!("{}…", "x".repeat(20)))),
        (&["A\u{7}nn"], &[], SeatError::ControlInName("A\u{fffd}nn".into())),
        (&["Ann", "Ann"], &[], SeatError::RepeatedName("Ann".into())),
    ];
    for (names, bots, error) in refused {
        assert_eq!(Seats::new(names, bots), Err(error.clone()), "{names:?} {bots:?}");
        assert!(!error.to_string().is_empty());
    }
    // Twenty characters of any script is a name.
    assert!(Seats::new(&["Ærøskøbing-Åsa-Ölund", "B"], &[]).is_ok());
}

#[test]
fn a_person_calls_before_picking_and_the_cards_are_theirs_until_their_time_runs_out() {
    let mut race = Race::seated(Variant::Classic, 3, people(&["Ann", "Ben"]), 0.0);
    let card = race.game().table()[0];
    let before = race.clone();
    assert_eq!(race.pick(card, 10.0), Err(Refusal::CallFirst));
    assert_eq!(race.hint(10.0), Err(Refusal::CallFirst));
    assert_eq!(race, before, "a refused pick changes nothing");

    assert_eq!(race.call_claim(ANN, 1_000.0), Ok(Some(Turn::Called(ANN))));
    let calling = race.clone();
    assert_eq!(race.call_claim(BEN, 1_500.0), Err(Refusal::NotTheirTurn { calling: ANN }));
    assert_eq!(race.call_claim(Seat(7), 1_500.0), Err(Refusal::NoSuchSeat(Seat(7))));
    assert_eq!(race, calling);
    assert_eq!(race.pick(card, 2_000.0), Ok(Turn::Move { by: ANN, happened: Happened::Picked(card) }));

    // Nothing happens a moment early; at the deadline the call times out.
    assert_eq!(race.advance(1_000.0 + CALL_MS as f64 - 1.0), vec![]);
    assert_eq!(race.advance(9_000.0), vec![Turn::TimedOut(ANN)]);
    let out = race.sitting().time_outs()[0];
    assert_eq!((out.by, out.at_ms, out.found_before), (ANN, 1_000 + CALL_MS, 0));
    assert!(race.selection().is_empty() && race.call().is_none());
    let ann = race.standings()[0];
    assert_eq!((ann.sets, ann.penalties, ann.locked_out, ann.score()), (0, 1, true, -1));
    assert_eq!(race.call_claim(ANN, 9_100.0), Err(Refusal::LockedOut(ANN)));
    assert_eq!(
        race.announcement(&Turn::TimedOut(ANN)).as_deref(),
        Some("Ann: time is up. Minus one point, out until the next set.")
    );

    // Ben finds a set: Ann is back in.
    race.call_claim(BEN, 10_000.0).unwrap();
    let claim = race.game().first_claim().unwrap();
    let found = pick_all(&mut race, claim.cards(), 11_000.0);
    assert!(matches!(found, Turn::Move { by: BEN, happened: Happened::Found { .. } }), "{found:?}");
    assert!(race.announcement(&found).unwrap().starts_with("Ben: Set!"));
    let [ann, ben] = race.standings()[..] else { panic!("two seats") };
    assert_eq!((ann.locked_out, ben.sets, ben.score()), (false, 1, 1));
    assert_eq!(race.sitting().findings(race.game())[0].by, BEN);
}

#[test]
fn a_wrong_claim_costs_a_point_and_locks_out_until_the_next_set_unless_everyone_is_out() {
    let mut race = Race::seated(Variant::Classic, 4, people(&["Ann", "Ben", "Cy"]), 0.0);
    race.call_claim(ANN, 0.0).unwrap();
    let wrong = not_a_set(race.game());
    let said = pick_all(&mut race, &wrong, 500.0);
    assert!(matches!(said, Turn::Move { by: ANN, happened: Happened::Invalid { .. } }));
    let words = race.announcement(&said).unwrap();
    assert!(words.starts_with("Ann: Not a set.") && words.ends_with("Minus one point."), "{words}");
    assert!(race.standings()[0].locked_out);
    race.call_claim(BEN, 600.0).unwrap();
    pick_all(&mut race, &wrong, 700.0);
    assert!(race.standings()[1].locked_out && !race.standings()[2].locked_out);
    // The last person out: nobody could play on, so everyone is back in.
    race.call_claim(Seat(2), 800.0).unwrap();
    pick_all(&mut race, &wrong, 900.0);
    assert!(race.standings().iter().all(|s| !s.locked_out && s.penalties == 1));
    assert_eq!(race.game().wrong_claims(), 3);
    // Alone, a wrong claim locks nobody out, as solo play always was.
    let mut solo = Race::new(Variant::Classic, 4, 0.0);
    pick_all(&mut solo, &wrong, 0.0);
    assert_eq!(solo.standings()[0].penalties, 1);
    assert!(!solo.standings()[0].locked_out);
}

/// Runs a race by its own clock until the game is over, `step` ms at a
/// time, nobody but the bots playing; returns what happened.
fn let_bots_play(race: &mut Race, start: f64, step: f64) -> Vec<Turn> {
    let (mut now, mut turns) = (start, Vec::new());
    while !race.game().is_over() {
        now += step;
        turns.extend(race.advance(now));
        assert!(now - start < 5_000_000.0, "bots finish a game");
    }
    turns
}

#[test]
fn bots_play_a_whole_game_the_same_way_from_the_same_seed_and_their_scores_add_up() {
    for variant in [Variant::Classic, Variant::Junior, Variant::Chain, Variant::Ultra] {
        let seats = Seats::new::<&str>(&[], &[Level::Expert, Level::Hard]).unwrap();
        let mut first = Race::seated(variant, 17, seats.clone(), 0.0);
        let mut second = Race::seated(variant, 17, seats.clone(), 0.0);
        let turns = let_bots_play(&mut first, 0.0, 250.0);
        // Stepped differently, the same moves at the same play times.
        let_bots_play(&mut second, 0.0, 1_000.0);
        assert_eq!(first.game(), second.game(), "{variant:?}");
        assert_eq!(first.sitting(), second.sitting(), "{variant:?}");
        let found_by_bots =
            |turn: &Turn| matches!(turn, Turn::Move { by: Seat(1 | 2), happened: Happened::Found { .. } });
        assert!(turns.iter().all(found_by_bots), "{variant:?}");
        let standings = first.standings();
        assert_eq!(standings.iter().map(|s| s.sets).sum::<u32>() as usize, first.game().found().len());
        assert_eq!(standings[0].sets, 0);
        assert!(standings[1].sets > standings[2].sets, "expert beats hard in {variant:?}: {standings:?}");
        // The save holds who made each move, and replays to the same game.
        let (restored, sitting) = decode_seated(&first.save_text(0.0)).unwrap();
        assert_eq!(&restored.game, first.game());
        assert_eq!(&sitting, first.sitting());
    }
}

#[test]
fn a_bots_claim_shows_before_it_is_made_and_waits_while_the_page_is_hidden() {
    let mut race = Race::seated(Variant::Classic, 8, Seats::new::<&str>(&[], &[Level::Medium]).unwrap(), 0.0);
    let plan = race.bot_plan().unwrap();
    assert_eq!(plan.seat, Seat(1));
    assert!(race.game().claims().contains(&plan.claim().unwrap()));
    let due = plan.due_ms as f64;
    assert_eq!(race.showing(due - SHOW_MS as f64 - 1.0), None);
    assert_eq!(race.showing(due - SHOW_MS as f64), Some(plan));
    // Hidden a moment before it is due: play time stands still, and so does the bot.
    race.set_hidden(true, due - 100.0);
    assert_eq!(race.advance(due + 60_000.0), vec![]);
    race.set_hidden(false, due + 60_000.0);
    assert_eq!(race.advance(due + 60_099.0), vec![]);
    let turns = race.advance(due + 60_100.0);
    assert!(
        matches!(turns[..], [Turn::Move { by: Seat(1), happened: Happened::Found { claim, .. } }] if Some(claim) == plan.claim())
    );
    assert_eq!(race.game().moves()[0].at_ms, plan.due_ms);
    assert_eq!(race.announcement(&turns[0]).as_deref(), Some("Medium bot: Set! 3 new cards."));
}

#[test]
fn a_persons_picks_still_in_play_stay_picked_after_a_bots_set() {
    let seats = Seats::new::<&str>(&[], &[Level::Expert]).unwrap();
    let mut race = Race::seated(Variant::Classic, 2, seats, 0.0);
    let plan = race.bot_plan().unwrap();
    let table = race.game().table().to_vec();
    let theirs = table.iter().copied().find(|card| plan.claim().unwrap().contains(*card)).unwrap();
    let mine = table.iter().copied().find(|card| !plan.claim().unwrap().contains(*card)).unwrap();
    race.pick(mine, 0.0).unwrap();
    race.pick(theirs, 0.0).unwrap();
    race.advance(plan.due_ms as f64);
    assert_eq!(race.selection(), [mine]);
}

#[test]
fn a_reload_mid_game_carries_on_exactly_bots_included() {
    let seats = Seats::new(&["Ann", "Ben"], &[Level::Hard, Level::Easy]).unwrap();
    let mut straight = Race::seated(Variant::Classic, 31, seats.clone(), 0.0);
    // A call that runs out, then the bots.
    straight.call_claim(BEN, 100.0).unwrap();
    let_bots_play(&mut straight, 0.0, 500.0);
    let mut reloaded = Race::seated(Variant::Classic, 31, seats, 0.0);
    reloaded.call_claim(BEN, 100.0).unwrap();
    let mut now = 0.0;
    while reloaded.game().found().len() < 5 {
        now += 500.0;
        reloaded.advance(now);
    }
    // Saved, and restored by another page much later: play time goes on where it was.
    let (saved, sitting) = decode_seated(&reloaded.save_text(now)).unwrap();
    let mut restored = Race::resume(saved, sitting, 1e9);
    let_bots_play(&mut restored, 1e9 + (now % 500.0), 500.0);
    assert_eq!(restored.game(), straight.game());
    assert_eq!(restored.sitting(), straight.sitting());
}

#[test]
fn a_claim_whose_card_was_taken_first_is_taken_not_wrong_and_changes_nothing() {
    let mut sitting = Sitting::new(people(&["Ann", "Ben"]));
    let mut game = Game::new(Variant::Classic, 12);
    let claims = game.claims();
    let first = claims[0];
    // Ben's claim shares a card with Ann's, and both looked at the same table.
    let stale = claims.iter().find(|c| c.cards().iter().any(|&x| first.contains(x)) && **c != first);
    let verdict = sitting.settle(&mut game, ANN, first.cards(), 100).unwrap();
    assert!(matches!(verdict, Verdict::Accepted { .. }));
    let before = (game.clone(), sitting.clone());
    if let Some(stale) = stale {
        let verdict = sitting.settle(&mut game, BEN, stale.cards(), 120).unwrap();
        assert!(matches!(verdict, Verdict::Taken { by: ANN, .. }), "{verdict:?}");
        assert_eq!((game.clone(), sitting.clone()), before);
        assert_eq!(sitting.standings(&game)[1].penalties, 0);
    }
    // The very same claim again: taken.
    assert!(matches!(sitting.settle(&mut game, BEN, first.cards(), 130), Ok(Verdict::Taken { by: ANN, .. })));
    // A card that never was in play is an error, not "taken".
    let unseen = game.deck()[0];
    let t = game.table().to_vec();
    assert_eq!(
        sitting.settle(&mut game, BEN, &[unseen, t[0], t[1]], 140),
        Err(Refusal::Rules(GameError::NotInPlay { card: unseen }))
    );
    assert_eq!((game, sitting), before);
}

#[test]
fn a_game_with_players_saves_as_format_3_and_a_game_alone_as_format_2() {
    let seats = Seats::new(&["Ann", "Ben"], &[Level::Expert]).unwrap();
    let mut race = Race::seated(Variant::Ultra, 5, seats.clone(), 0.0);
    race.call_claim(BEN, 0.0).unwrap();
    race.advance(CALL_MS as f64);
    race.call_claim(ANN, 5_500.0).unwrap();
    race.hint(5_600.0).unwrap();
    // The expert finds an UltraSet at its way's pace, before play time 20 s.
    race.advance(20_000.0);
    let text = race.save_text(20_000.0);
    assert!(
        text.starts_with(
            "SET save 3\nmode ultra\nseat-0 human Ann\nseat-1 human Ben\nseat-2 bot expert\nby 0 2\ntime-outs 0:5000@1 0:10500@0\n"
        ),
        "{text}"
    );
    let (saved, sitting) = decode_seated(&text).unwrap();
    assert_eq!((&saved.game, &sitting), (race.game(), race.sitting()));
    assert_eq!(encode_seated(&saved.game, &sitting, saved.elapsed_ms), text);
    // A page that plays alone keeps it as a newer version's.
    assert!(decode(&text).unwrap_err().to_string().contains("newer version"));
    let solo = Race::new(Variant::Ultra, 5, 0.0).save_text(0.0);
    assert!(solo.starts_with("SET save 2\n"));
    // A sitting that does not hold together is refused with a reason.
    for (bad, why) in [
        (text.replace("seat-1 human Ben\n", ""), "seat-1"),
        (text.replace("seat-2 bot expert", "seat-2 bot godlike"), "godlike"),
        (text.replace("by 0 2\n", "by 0 2 1\n"), "3 moves"),
        (text.replace("by 0 2\n", "by 0 3\n"), "player 3"),
        (text.replace("0:5000@1", "0:5000"), "0:5000"),
        (text.replace("by 0 2\n", ""), "by"),
        (text.replace("SET save 3", "SET save 6"), "newer version"),
    ] {
        let error = decode_seated(&bad).unwrap_err();
        assert!(error.to_string().contains(why), "{error}");
    }
    assert!(matches!(decode_seated("SET save 3\nmode classic\n"), Err(SeatedError::Save(_))));
}

#[test]
fn online_rooms_seat_eight_named_people_and_no_invisible_names() {
    let eight: Vec<String> = (1..=8).map(|i| format!("Player {i}")).collect();
    assert_eq!(Seats::online(&eight).unwrap().players().len(), 8);
    let nine: Vec<String> = (1..=9).map(|i| format!("Player {i}")).collect();
    assert_eq!(Seats::online(&nine), Err(SeatError::TooManyPlayers(9)));
    // One person online is still a named seat, not a game alone.
    let one = Seats::online(&["Ann"]).unwrap();
    assert!(!one.is_solo() && one.players()[0].name == "Ann");
    for sneaky in ["Ann\u{200b}", "\u{202e}nnA", "A\u{2066}nn", "\u{feff}Ann", "\u{3164}", "A\u{00ad}nn"] {
        assert!(matches!(Seats::online(&[sneaky]), Err(SeatError::InvisibleInName(_))), "{sneaky:?}");
        assert!(matches!(Seats::new(&[sneaky, "Ben"], &[]), Err(SeatError::InvisibleInName(_))), "{sneaky:?}");
    }
    assert_eq!(Seats::online(&["Ann", " Ann "]), Err(SeatError::RepeatedName("Ann".into())));
    assert!(Seats::online(&["Zoë", "李"]).is_ok());
}

/// Memory with others on one screen: turns, as the page plays them.
mod memory_in_turns {
    use super::*;
    use set_core::players::bot::memory;

    /// Plays the person's turn as an expert's memory would.
    fn persons_turn(race: &mut Race, now: f64) -> Vec<Turn> {
        let turn = race.sitting().turn(race.game()).unwrap();
        let cards = memory::choose(race.game(), turn, Level::Expert).unwrap();
        cards.iter().map(|&card| race.pick(card, now).unwrap()).collect()
    }

    #[test]
    fn the_person_and_the_bot_take_turns_a_miss_stays_up_and_nobody_plays_out_of_turn() {
        let seats = Seats::new::<&str>(&[], &[Level::Hard]).unwrap();
        let mut race = Race::seated(Variant::Memory, 4, seats, 0.0);
        assert_eq!(race.sitting().turn(race.game()), Some(ANN));
        assert_eq!(race.bot_plan(), None, "the bot waits for its turn");
        // A card turned up stays up: picking it again does nothing.
        let miss = not_a_set(race.game());
        assert_eq!(race.pick(miss[0], 10.0), Ok(Turn::Move { by: ANN, happened: Happened::Picked(miss[0]) }));
        assert_eq!(race.pick(miss[0], 20.0), Ok(Turn::Move { by: ANN, happened: Happened::Nothing }));
        let turn = pick_all(&mut race, &miss[1..], 100.0);
        assert!(matches!(turn, Turn::Move { by: ANN, happened: Happened::Invalid { .. } }));
        assert!(miss.iter().all(|&card| race.is_face_up(card)), "the miss stays up to be remembered");
        assert_eq!(race.standings()[0].penalties, 0, "a miss costs no point");
        // The bot's turn: the person may not pick, and nothing changes.
        assert_eq!(race.sitting().turn(race.game()), Some(Seat(1)));
        let before = race.clone();
        let other = race.game().table().iter().copied().find(|c| !miss.contains(c)).unwrap();
        assert_eq!(race.pick(other, 200.0), Err(Refusal::OthersTurn(Seat(1))));
        assert_eq!(race.hint(200.0), Err(Refusal::OthersTurn(Seat(1))));
        assert_eq!(race, before);
        assert_eq!(race.refusal_words(&Refusal::OthersTurn(Seat(1))).as_deref(), Some("It is Hard bot\u{2019}s turn."));
        // Its three cards show face up before it takes them or turns them down.
        let plan = race.bot_plan().unwrap();
        assert_eq!((plan.seat, plan.due_ms > 100), (Seat(1), true), "{plan:?}");
        assert_eq!(race.showing(plan.due_ms as f64 - SHOW_MS as f64), Some(plan));
        let turns = race.advance(plan.due_ms as f64);
        let [Turn::Move { by: Seat(1), happened }] = turns[..] else { panic!("{turns:?}") };
        match happened {
            Happened::Found { .. } => {
                assert_eq!(race.sitting().turn(race.game()), Some(Seat(1)), "a set keeps the turn");
            }
            Happened::Invalid { claim, .. } => {
                assert_eq!(race.sitting().turn(race.game()), Some(ANN));
                assert!(claim.cards().iter().all(|&card| race.is_face_up(card)), "the bot's miss stays up");
                // The person's first pick turns it down again.
                let next = race.game().table().iter().copied().find(|&c| !claim.contains(c)).unwrap();
                race.pick(next, plan.due_ms as f64 + 10.0).unwrap();
                assert!(claim.cards().iter().all(|&card| !race.is_face_up(card)));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn people_on_one_screen_pick_in_turn_without_calling() {
        let mut race = Race::seated(Variant::Memory, 6, people(&["Ann", "Ben"]), 0.0);
        assert_eq!(race.call_claim(BEN, 0.0), Err(Refusal::OthersTurn(ANN)));
        assert_eq!(race.call_claim(ANN, 0.0), Ok(None), "the turn's cards are Ann's without a call");
        assert_eq!(race.call(), None);
        let miss = not_a_set(race.game());
        pick_all(&mut race, &miss, 50.0);
        assert_eq!(race.sitting().turn(race.game()), Some(BEN));
        let turns = persons_turn(&mut race, 80.0);
        assert!(turns.iter().all(|turn| matches!(turn, Turn::Move { by: BEN, .. })), "{turns:?}");
    }

    #[test]
    fn a_game_in_turns_plays_to_its_end_and_a_reload_carries_on_in_the_same_turn() {
        let seats = Seats::new::<&str>(&[], &[Level::Expert, Level::Easy]).unwrap();
        let mut race = Race::seated(Variant::Memory, 12, seats, 0.0);
        let mut now = 0.0;
        let mut reloaded = false;
        for _ in 0..10_000 {
            if race.game().is_over() {
                break;
            }
            now += 500.0;
            if race.sitting().turn(race.game()) == Some(ANN) {
                persons_turn(&mut race, now);
            } else {
                race.advance(now);
            }
            if !reloaded && race.game().found().len() == 4 {
                // Saved and restored: the same turn, the same bots' plans.
                let (saved, sitting) = decode_seated(&race.save_text(now)).unwrap();
                let restored = Race::resume(saved, sitting, now);
                assert_eq!(restored.sitting().turn(restored.game()), race.sitting().turn(race.game()));
                assert_eq!(restored.bot_plan(), race.bot_plan());
                reloaded = true;
            }
        }
        assert!(race.game().is_over() && reloaded);
        let standings = race.standings();
        assert_eq!(standings.iter().map(|s| s.sets).sum::<u32>() as usize, race.game().found().len());
        assert!(standings.iter().all(|s| s.penalties == 0 && !s.locked_out));
    }
}
