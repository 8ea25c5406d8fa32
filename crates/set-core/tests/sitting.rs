//! Games with other players: seats, calls, time-outs, lockouts, computer
//! opponents and the verdict on claims from several seats, through the
//! session as the page drives it, and through the save.

use set_core::play::bot::Level;
use set_core::play::race::{CALL_MS, Race, SHOW_MS};
use set_core::play::session::Happened;
use set_core::play::sitting::{Kind, Refusal, SeatError, Seats, Verdict, findings, settle, standings};
use set_core::rules::card::{Card, is_set};
use set_core::rules::game::{Action, Game, GameError, Seat};
use set_core::rules::variant::Variant;
use set_core::save::{decode_seated, encode_seated};

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

fn pick_all(session: &mut Race, cards: &[Card], now: f64) -> Happened {
    let mut last = Happened::Nothing;
    for &card in cards {
        last = session.pick(card, now).unwrap();
    }
    last
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
    assert!(Seats::new(&["Ærøskøbing-Åsa-Ölund"], &[]).is_ok());
}

#[test]
fn a_person_calls_before_picking_and_the_cards_are_theirs_until_their_time_runs_out() {
    let mut session = Race::seated(Variant::Classic, 3, people(&["Ann", "Ben"]), 0.0);
    let card = session.game().table()[0];
    let before = session.clone();
    assert_eq!(session.pick(card, 10.0), Err(Refusal::CallFirst));
    assert_eq!(session.hint(10.0), Err(Refusal::CallFirst));
    assert_eq!(session, before, "a refused pick changes nothing");

    assert_eq!(session.call_claim(ANN, 1_000.0), Ok(Happened::Called(ANN)));
    let calling = session.clone();
    assert_eq!(session.call_claim(BEN, 1_500.0), Err(Refusal::NotTheirTurn { calling: ANN }));
    assert_eq!(session.call_claim(Seat(7), 1_500.0), Err(Refusal::NoSuchSeat(Seat(7))));
    assert_eq!(session, calling);
    assert_eq!(session.pick(card, 2_000.0), Ok(Happened::Picked(card)));

    // Nothing happens a moment early; at the deadline the call times out.
    assert_eq!(session.advance(1_000.0 + CALL_MS as f64 - 1.0), vec![]);
    assert_eq!(session.advance(9_000.0), vec![Happened::TimedOut(ANN)]);
    let last = *session.game().moves().last().unwrap();
    assert_eq!((last.by, last.action, last.at_ms), (ANN, Action::TimeOut, 1_000 + CALL_MS));
    assert!(session.selection().is_empty() && session.call().is_none());
    let ann = session.standings()[0];
    assert_eq!((ann.sets, ann.penalties, ann.locked_out, ann.score()), (0, 1, true, -1));
    assert_eq!(session.call_claim(ANN, 9_100.0), Err(Refusal::LockedOut(ANN)));
    assert_eq!(
        session.announcement(&Happened::TimedOut(ANN)).as_deref(),
        Some("Ann: time is up. Minus one point, out until the next set.")
    );

    // Ben finds a set: Ann is back in.
    session.call_claim(BEN, 10_000.0).unwrap();
    let claim = session.game().first_claim().unwrap();
    let found = pick_all(&mut session, claim.cards(), 11_000.0);
    assert!(matches!(found, Happened::Found { by: BEN, .. }), "{found:?}");
    assert!(session.announcement(&found).unwrap().starts_with("Ben: Set!"));
    let [ann, ben] = session.standings()[..] else { panic!("two seats") };
    assert_eq!((ann.locked_out, ben.sets, ben.score()), (false, 1, 1));
    assert_eq!(findings(session.game())[0].by, BEN);
}

#[test]
fn a_wrong_claim_costs_a_point_and_locks_out_until_the_next_set_unless_everyone_is_out() {
    let mut session = Race::seated(Variant::Classic, 4, people(&["Ann", "Ben", "Cy"]), 0.0);
    session.call_claim(ANN, 0.0).unwrap();
    let wrong = not_a_set(session.game());
    let said = pick_all(&mut session, &wrong, 500.0);
    assert!(matches!(said, Happened::Invalid { by: ANN, .. }));
    assert!(session.announcement(&said).unwrap().starts_with("Ann: Not a set."));
    assert!(session.announcement(&said).unwrap().ends_with("Minus one point."));
    assert!(session.standings()[0].locked_out);
    session.call_claim(BEN, 600.0).unwrap();
    pick_all(&mut session, &wrong, 700.0);
    assert!(session.standings()[1].locked_out && !session.standings()[2].locked_out);
    // The last person out: nobody could play on, so everyone is back in.
    session.call_claim(Seat(2), 800.0).unwrap();
    pick_all(&mut session, &wrong, 900.0);
    assert!(session.standings().iter().all(|s| !s.locked_out && s.penalties == 1));
    assert_eq!(session.game().wrong_claims(), 3);
    // Alone, a wrong claim locks nobody out, as solo play always was.
    let mut solo = Race::new(Variant::Classic, 4, 0.0);
    pick_all(&mut solo, &wrong, 0.0);
    assert_eq!(solo.standings()[0].penalties, 1);
    assert!(!solo.standings()[0].locked_out);
}

/// Runs a session by its own clock until the game is over, `step` ms at a
/// time, nobody but the bots playing; returns what happened.
fn let_bots_play(session: &mut Race, start: f64, step: f64) -> Vec<Happened> {
    let (mut now, mut happened) = (start, Vec::new());
    while !session.game().is_over() {
        now += step;
        happened.extend(session.advance(now));
        assert!(now - start < 5_000_000.0, "bots finish a game");
    }
    happened
}

#[test]
fn bots_play_a_whole_game_the_same_way_from_the_same_seed_and_their_scores_add_up() {
    for variant in [Variant::Classic, Variant::Junior, Variant::Chain, Variant::Ultra] {
        let seats = Seats::new::<&str>(&[], &[Level::Expert, Level::Hard]).unwrap();
        let mut first = Race::seated(variant, 17, seats.clone(), 0.0);
        let mut second = Race::seated(variant, 17, seats.clone(), 0.0);
        let happened = let_bots_play(&mut first, 0.0, 250.0);
        // Stepped differently, the same moves at the same play times.
        let_bots_play(&mut second, 0.0, 1_000.0);
        assert_eq!(first.game(), second.game(), "{variant:?}");
        assert!(happened.iter().all(|h| matches!(h, Happened::Found { by: Seat(1 | 2), .. })), "{variant:?}");
        let standings = first.standings();
        assert_eq!(standings.iter().map(|s| s.sets).sum::<u32>() as usize, first.game().found().len());
        assert_eq!(standings[0].sets, 0);
        assert!(standings[1].sets > standings[2].sets, "expert beats hard in {variant:?}: {standings:?}");
        // The save holds who made each move, and replays to the same game.
        let (restored, restored_seats) = decode_seated(&first.save_text(0.0)).unwrap();
        assert_eq!(&restored.game, first.game());
        assert_eq!(restored_seats, seats);
    }
}

#[test]
fn a_bots_claim_shows_before_it_is_made_and_waits_while_the_page_is_hidden() {
    let mut session = Race::seated(Variant::Classic, 8, Seats::new::<&str>(&[], &[Level::Medium]).unwrap(), 0.0);
    let plan = session.bot_plan().unwrap();
    assert_eq!(plan.seat, Seat(1));
    assert!(session.game().claims().contains(&plan.claim));
    let due = plan.due_ms as f64;
    assert_eq!(session.showing(due - SHOW_MS as f64 - 1.0), None);
    assert_eq!(session.showing(due - SHOW_MS as f64), Some(plan));
    // Hidden a moment before it is due: play time stands still, and so does the bot.
    session.set_hidden(true, due - 100.0);
    assert_eq!(session.advance(due + 60_000.0), vec![]);
    session.set_hidden(false, due + 60_000.0);
    assert_eq!(session.advance(due + 60_099.0), vec![]);
    let happened = session.advance(due + 60_100.0);
    assert!(matches!(happened[..], [Happened::Found { by: Seat(1), claim, .. }] if claim == plan.claim));
    assert_eq!(session.game().moves()[0].at_ms, plan.due_ms);
    assert_eq!(session.announcement(&happened[0]).as_deref(), Some("Medium bot: Set! 3 new cards."));
}

#[test]
fn a_persons_picks_still_in_play_stay_picked_after_a_bots_set() {
    let seats = Seats::new::<&str>(&[], &[Level::Expert]).unwrap();
    let mut session = Race::seated(Variant::Classic, 2, seats, 0.0);
    let plan = session.bot_plan().unwrap();
    let table = session.game().table().to_vec();
    let theirs = table.iter().copied().find(|card| plan.claim.contains(*card)).unwrap();
    let mine = table.iter().copied().find(|card| !plan.claim.contains(*card)).unwrap();
    session.pick(mine, 0.0).unwrap();
    session.pick(theirs, 0.0).unwrap();
    session.advance(plan.due_ms as f64);
    assert_eq!(session.selection(), [mine]);
}

#[test]
fn a_reload_mid_game_carries_on_exactly_bots_included() {
    let seats = Seats::new(&["Ann"], &[Level::Hard, Level::Easy]).unwrap();
    let mut straight = Race::seated(Variant::Classic, 31, seats.clone(), 0.0);
    let_bots_play(&mut straight, 0.0, 500.0);
    let mut reloaded = Race::seated(Variant::Classic, 31, seats, 0.0);
    let mut now = 0.0;
    while reloaded.game().found().len() < 5 {
        now += 500.0;
        reloaded.advance(now);
    }
    // Saved, and restored by another page much later: play time goes on where it was.
    let (saved, seats) = decode_seated(&reloaded.save_text(now)).unwrap();
    let mut restored = Race::resume(saved, seats, 1e9);
    let_bots_play(&mut restored, 1e9 + (now % 500.0), 500.0);
    assert_eq!(restored.game(), straight.game());
}

#[test]
fn a_claim_whose_card_was_taken_first_is_taken_not_wrong_and_changes_nothing() {
    let seats = people(&["Ann", "Ben"]);
    let mut game = Game::new(Variant::Classic, 12);
    let claims = game.claims();
    let first = claims[0];
    // Ben's claim shares a card with Ann's, and both looked at the same table.
    let stale = claims.iter().find(|c| c.cards().iter().any(|&x| first.contains(x)) && **c != first);
    let verdict = settle(&seats, &mut game, ANN, first.cards(), 100).unwrap();
    assert!(matches!(verdict, Verdict::Accepted { .. }));
    let before = game.clone();
    if let Some(stale) = stale {
        let verdict = settle(&seats, &mut game, BEN, stale.cards(), 120).unwrap();
        assert!(matches!(verdict, Verdict::Taken { by: ANN, .. }), "{verdict:?}");
        assert_eq!(game, before);
        assert_eq!(standings(&seats, &game)[1].penalties, 0);
    }
    // The very same claim again: taken.
    assert!(matches!(settle(&seats, &mut game, BEN, first.cards(), 130), Ok(Verdict::Taken { by: ANN, .. })));
    // A card that never was in play is an error, not "taken".
    let unseen = game.deck()[0];
    let t = game.table().to_vec();
    assert_eq!(
        settle(&seats, &mut game, BEN, &[unseen, t[0], t[1]], 140),
        Err(Refusal::Rules(GameError::NotInPlay { card: unseen }))
    );
    assert_eq!(game, before);
}

#[test]
fn a_game_with_players_saves_as_format_3_and_a_game_alone_as_format_2() {
    let seats = Seats::new(&["Ann", "Ben"], &[Level::Expert]).unwrap();
    let mut session = Race::seated(Variant::Ultra, 5, seats.clone(), 0.0);
    session.call_claim(BEN, 0.0).unwrap();
    session.advance(CALL_MS as f64);
    let text = session.save_text(6_000.0);
    assert!(
        text.starts_with("SET save 3\nmode ultra\nseat-0 human Ann\nseat-1 human Ben\nseat-2 bot expert\n"),
        "{text}"
    );
    assert!(text.contains("5000:t@1"), "{text}");
    let (saved, read) = decode_seated(&text).unwrap();
    assert_eq!((&saved.game, &read), (session.game(), &seats));
    assert_eq!(encode_seated(&saved.game, &read, saved.elapsed_ms), text);
    let solo = Race::new(Variant::Ultra, 5, 0.0).save_text(0.0);
    assert!(solo.starts_with("SET save 2\n"));
    // Seats that do not hold together are refused with a reason.
    for (bad, why) in [
        (text.replace("seat-1 human Ben\n", ""), "seat"),
        (text.replace("seat-2 bot expert", "seat-2 bot godlike"), "godlike"),
        (text.replace("5000:t@1", "5000:t@3"), "@3"),
        (text.replace("SET save 3", "SET save 2"), "seat-0"),
    ] {
        let error = decode_seated(&bad).unwrap_err().to_string();
        assert!(error.contains(why), "{error}");
    }
}
