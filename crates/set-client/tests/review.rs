//! Looking back: analyses checked against hand-worked games and against a
//! plain reference that finds sets by triple loops; the record of games
//! checked against a known sequence of games, merging, its bound, its text
//! round trip, a fixture of its first format, and corrupt texts.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should

use set_client::review::analysis::{Analysis, MISSED_KEPT, median};
use set_client::review::record::{
    Answer, Drill, DrillRun, HISTORY_LIMIT, MODES, Record, RecordError, Streaks, summary_of,
};
use set_core::rules::card::Card;
use set_core::rules::daily::Date;
use set_core::rules::explain::Attribute;
use set_core::rules::game::{Claim, Game, Invalid};
use set_core::rules::variant::Variant;
use set_core::save::{decode, encode};

/// The daily puzzle's place in the record's list of ways.
const DAILY: usize = MODES.len() - 1;

/// The set rule as players state it: each attribute all the same or all different.
fn plain_set(cards: [Card; 3]) -> bool {
    (0..4).all(|i| {
        let [a, b, c] = cards.map(|card| card.digits()[i]);
        (a == b && b == c) || (a != b && b != c && a != c)
    })
}

/// The table's sets by a triple loop, each as sorted ids.
fn plain_sets(table: &[Card]) -> Vec<[u8; 3]> {
    let mut sets = Vec::new();
    for i in 0..table.len() {
        for j in i + 1..table.len() {
            for k in j + 1..table.len() {
                if plain_set([table[i], table[j], table[k]]) {
                    sets.push(sorted([table[i], table[j], table[k]]));
                }
            }
        }
    }
    sets
}

fn sorted(cards: [Card; 3]) -> [u8; 3] {
    let mut ids = cards.map(Card::id);
    ids.sort();
    ids
}

fn ids_of(claim: Claim) -> [u8; 3] {
    let c = claim.cards();
    sorted([c[0], c[1], c[2]])
}

fn date(text: &str) -> Date {
    Date::parse(text).unwrap()
}

/// The daily puzzle of 2026-11-23 worked by hand: a hint at 4 s, sets at
/// 10 s, 25 s and 31 s, a wrong claim at 12 s, looked at 60 s in.
#[test]
fn a_daily_puzzle_in_progress_is_explained_as_worked_by_hand() {
    let mut game = Game::new(Variant::Daily(date("2026-11-23")), 0);
    let table = game.table().to_vec();
    let sets = plain_sets(&table);
    assert_eq!(sets.len(), 6);
    let card = |id: u8| Card::new(i64::from(id)).unwrap();
    let claim_of = |ids: [u8; 3]| Claim::new(&ids.map(card)).unwrap();
    // Three table cards that are not a set, and the attributes they break.
    let n = table.len();
    let wrong = (0..n)
        .flat_map(|i| (i + 1..n).flat_map(move |j| (j + 1..n).map(move |k| [i, j, k])))
        .map(|[i, j, k]| [table[i], table[j], table[k]])
        .find(|&three| !plain_set(three))
        .unwrap();
    game.hint(4_000).unwrap();
    game.claim(claim_of(sets[0]), 10_000).unwrap();
    game.claim(Claim::new(&wrong).unwrap(), 12_000).unwrap();
    game.claim(claim_of(sets[1]), 25_000).unwrap();
    game.claim(claim_of(sets[2]), 31_000).unwrap();

    let analysis = Analysis::of(&game, 60_000).unwrap();
    assert_eq!(analysis.times_ms(), [10_000, 15_000, 6_000]);
    assert_eq!(analysis.median_ms(), Some(10_000));
    assert_eq!((analysis.best_ms(), analysis.worst_ms()), (Some(6_000), Some(15_000)));
    assert_eq!(analysis.pace_ms(), Some(20_000));
    let out: Vec<usize> = analysis.sets.iter().map(|set| set.claims_out).collect();
    assert_eq!(out, [6, 5, 4]);
    let spans: Vec<(u64, u64, usize)> =
        analysis.tables.iter().map(|t| (t.from_ms, t.until_ms, t.claims.len())).collect();
    assert_eq!(spans, [(0, 10_000, 6), (10_000, 25_000, 5), (25_000, 31_000, 4), (31_000, 60_000, 3)]);
    assert!(analysis.tables.iter().all(|t| t.cards == table), "the daily table never changes");
    // The three sets not yet found lay out all along.
    let missed: Vec<([u8; 3], u64, u64, bool)> =
        analysis.missed.iter().map(|m| (ids_of(m.claim), m.from_ms, m.until_ms, m.still_out)).collect();
    let expected: Vec<([u8; 3], u64, u64, bool)> = sets[3..].iter().map(|&s| (s, 0, 60_000, true)).collect();
    assert_eq!(missed, expected);
    assert_eq!(analysis.hints_ms, [4_000]);
    assert_eq!(analysis.wrong.len(), 1);
    let w = &analysis.wrong[0];
    assert_eq!((w.at_ms, w.why), (12_000, Invalid::NotASet));
    // The attributes broken, by the plain rule: two alike and one not.
    let attributes = [Attribute::Colour, Attribute::Shape, Attribute::Fill, Attribute::Number];
    let plain_broken: Vec<Attribute> = (0..4)
        .filter(|&i| {
            let [a, b, c] = wrong.map(|card| card.digits()[i]);
            !((a == b && b == c) || (a != b && b != c && a != c))
        })
        .map(|i| attributes[i])
        .collect();
    assert_eq!(w.broken.iter().map(|b| b.attribute).collect::<Vec<_>>(), plain_broken);
    assert!(!analysis.over);
}

/// A whole classic game, every table's sets and the missed sets computed
/// again by a plain reference that knows nothing of the analysis.
#[test]
fn classic_games_match_a_plain_reference() {
    for seed in [1, 7, 42] {
        let mut game = Game::new(Variant::Classic, seed);
        let mut at = 0;
        while let Some(claim) = game.first_claim() {
            at += 1_000 + (at % 7_000);
            game.claim(claim, at).unwrap();
        }
        let play_ms = at + 500;
        let analysis = Analysis::of(&game, play_ms).unwrap();
        assert!(analysis.over);
        assert_eq!(analysis.sets.len(), game.found().len());
        assert_eq!(analysis.times_ms().iter().sum::<u64>(), at);

        // The reference: replay, and watch each set from the table it first lies on.
        let mut replay = Game::new(Variant::Classic, seed);
        let mut out: Vec<([u8; 3], u64)> = plain_sets(replay.table()).into_iter().map(|s| (s, 0)).collect();
        let mut missed: Vec<([u8; 3], u64, u64)> = Vec::new();
        for (index, mv) in game.moves().iter().enumerate() {
            assert_eq!(analysis.sets[index].claims_out, plain_sets(replay.table()).len());
            assert_eq!(analysis.tables[index].cards, replay.table());
            replay.apply(*mv).unwrap();
            let taken = ids_of(game.found()[index]);
            let now = plain_sets(replay.table());
            for &(set, from) in &out {
                if !now.contains(&set) && set != taken {
                    missed.push((set, from, mv.at_ms));
                }
            }
            out.retain(|(set, _)| now.contains(set));
            for set in now {
                if !out.iter().any(|(known, _)| *known == set) {
                    out.push((set, mv.at_ms));
                }
            }
        }
        assert!(out.is_empty(), "a finished classic game has no set left");
        missed.sort_by_key(|&(_, from, until)| (std::cmp::Reverse(until - from), from));
        let longest: Vec<u64> = missed.iter().take(MISSED_KEPT).map(|&(_, from, until)| until - from).collect();
        let got: Vec<u64> = analysis.missed.iter().map(set_client::review::analysis::Missed::lasted_ms).collect();
        assert_eq!(got, longest, "seed {seed}");
        for m in &analysis.missed {
            assert!(missed.contains(&(ids_of(m.claim), m.from_ms, m.until_ms)), "seed {seed}: {m:?}");
            assert_eq!(analysis.tables[m.table].from_ms, m.from_ms);
        }
        assert_eq!(analysis.tables.last().unwrap().until_ms, play_ms);
    }
}

#[test]
fn every_way_to_play_is_analysed_to_its_end() {
    for variant in [Variant::Junior, Variant::Chain, Variant::Ultra] {
        let mut game = Game::new(variant, 5);
        let mut at = 0;
        while let Some(claim) = game.first_claim() {
            at += 2_000;
            game.claim(claim, at).unwrap();
        }
        let analysis = Analysis::of(&game, at).unwrap();
        assert_eq!(analysis.sets.len(), game.found().len(), "{variant:?}");
        assert_eq!(analysis.tables.len(), analysis.sets.len() + 1);
        for set in &analysis.sets {
            assert!(set.claims_out >= 1);
            assert_eq!(set.claims_out, analysis.tables[set.table].claims.len());
            assert!(analysis.tables[set.table].claims.iter().any(|c| c.same_cards(&set.claim)), "{variant:?}");
        }
        assert_eq!(analysis.median_ms(), Some(2_000));
        assert!(analysis.tables.last().unwrap().claims.is_empty());
    }
}

#[test]
fn the_median_is_always_one_of_the_times() {
    assert_eq!(median(&[]), None);
    assert_eq!(median(&[5]), Some(5));
    assert_eq!(median(&[9, 1, 5, 3]), Some(3));
    assert_eq!(median(&[9, 1, 5]), Some(5));
}

/// A finished game's save, played by first claims with a hint first when asked.
fn finished(variant: Variant, seed: u64, elapsed_ms: u64, hint: bool) -> String {
    let mut game = Game::new(variant, seed);
    if hint {
        game.hint(100).unwrap();
    }
    let mut at = 1_000;
    while let Some(claim) = game.first_claim() {
        game.claim(claim, at).unwrap();
        at += 1_000;
    }
    encode(&game, elapsed_ms)
}

#[test]
fn statistics_follow_a_known_sequence_of_games() {
    let mut record = Record::default();
    let games = [(1, 300_000, false), (2, 200_000, true), (3, 400_000, false)];
    let mut sets = 0;
    for (i, &(seed, elapsed, hint)) in games.iter().enumerate() {
        record.start(Variant::Classic);
        let save = finished(Variant::Classic, seed, elapsed, hint);
        sets += decode(&save).unwrap().game.found().len() as u64;
        assert_eq!(record.finish(&save, 1_000 + i as u64), Ok(true));
        assert_eq!(record.finish(&save, 9_999), Ok(false), "the same game is kept once");
    }
    record.start(Variant::Classic);
    record.start(Variant::Junior);
    let classic = record.mode_stats(0);
    assert_eq!((classic.started, classic.finished, classic.sets), (4, 3, sets));
    assert_eq!((classic.hints, classic.wrong), (1, 0));
    assert_eq!(classic.best_ms, Some(200_000));
    assert_eq!(classic.median_ms, Some(300_000));
    assert_eq!(classic.last_ten_ms, [300_000, 200_000, 400_000]);
    assert_eq!(classic.pace_ms(), Some(900_000 / sets));
    let clean: Vec<bool> = record.chart(0).iter().map(|s| s.clean()).collect();
    assert_eq!(clean, [true, false, true]);
    let junior = record.mode_stats(1);
    assert_eq!((junior.started, junior.finished, junior.best_ms), (1, 0, None));

    // An unfinished game is refused and changes nothing.
    let before = record.clone();
    let unfinished = encode(&Game::new(Variant::Classic, 9), 1_000);
    assert_eq!(record.finish(&unfinished, 5), Err(RecordError::NotFinished));
    assert!(matches!(record.finish("garbage", 5), Err(RecordError::Unreadable(_))));
    assert_eq!(record, before);
}

#[test]
fn daily_streaks_count_consecutive_days() {
    let mut record = Record::default();
    for day in ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-24"] {
        record.finish(&finished(Variant::Daily(date(day)), 0, 60_000, false), 1).unwrap();
    }
    assert_eq!(record.streaks(date("2026-11-24")), Streaks { current: 1, best: 3 });
    assert_eq!(record.streaks(date("2026-11-25")), Streaks { current: 1, best: 3 });
    assert_eq!(record.streaks(date("2026-11-26")), Streaks { current: 0, best: 3 });
    record.finish(&finished(Variant::Daily(date("2026-11-23")), 0, 50_000, false), 2).unwrap();
    assert_eq!(record.streaks(date("2026-11-24")), Streaks { current: 5, best: 5 });
    assert_eq!(record.mode_stats(DAILY).finished, 5);
    assert_eq!(record.mode_stats(DAILY).best_ms, Some(50_000));
}

#[test]
fn drills_keep_accuracy_and_median_time() {
    let mut record = Record::default();
    let answers = |list: &[(bool, u64)]| list.iter().map(|&(correct, ms)| Answer { correct, ms }).collect();
    record.add_drill(DrillRun { drill: Drill::ThirdCard, at: 10, answers: answers(&[(true, 900), (false, 2_000)]) });
    record.add_drill(DrillRun { drill: Drill::ThirdCard, at: 20, answers: answers(&[(true, 1_500)]) });
    record.add_drill(DrillRun { drill: Drill::HowMany, at: 30, answers: answers(&[(true, 4_000)]) });
    record.add_drill(DrillRun { drill: Drill::HowMany, at: 30, answers: answers(&[(false, 1)]) });
    let third = record.drill_stats(Drill::ThirdCard);
    assert_eq!((third.runs, third.answers, third.correct, third.median_ms), (2, 3, 2, Some(1_500)));
    let how_many = record.drill_stats(Drill::HowMany);
    assert_eq!((how_many.runs, how_many.correct), (1, 1), "a run is kept once");
}

/// A record with something in every kind of line.
fn a_full_record() -> Record {
    let mut record = Record::default();
    for (seed, variant) in [(1, Variant::Classic), (2, Variant::Junior), (3, Variant::Chain), (4, Variant::Ultra)] {
        record.start(variant);
        record.finish(&finished(variant, seed, 100_000 + seed * 1_000, seed == 2), seed).unwrap();
    }
    record.finish(&finished(Variant::Daily(date("2026-11-23")), 0, 70_000, false), 9).unwrap();
    record.add_drill(DrillRun { drill: Drill::HowMany, at: 7, answers: vec![Answer { correct: true, ms: 3_000 }] });
    record
}

#[test]
fn the_record_round_trips_through_its_text_exactly() {
    let record = a_full_record();
    let text = record.encode();
    let back = Record::decode(&text).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.encode(), text);
    assert_eq!(Record::decode(&Record::default().encode()), Ok(Record::default()));
}

#[test]
fn records_merge_without_counting_a_game_twice() {
    let a_game = |seed| finished(Variant::Classic, seed, 100_000 * seed, false);
    let mut here = Record::default();
    let mut there = Record::default();
    here.start(Variant::Classic);
    here.finish(&a_game(1), 10).unwrap();
    here.finish(&a_game(2), 20).unwrap();
    there.finish(&a_game(2), 20).unwrap();
    there.finish(&a_game(3), 15).unwrap();
    for _ in 0..3 {
        there.start(Variant::Classic);
    }
    let mut merged = here.clone();
    merged.merge(&there);
    let at: Vec<u64> = merged.history().iter().map(|game| game.at).collect();
    assert_eq!(at, [10, 15, 20], "each game once, in the order they finished");
    assert_eq!(merged.mode_stats(0).started, 3);
    let again = merged.clone();
    merged.merge(&there);
    merged.merge(&here);
    assert_eq!(merged, again, "merging what is already there changes nothing");
}

#[test]
fn the_history_is_bounded_and_the_dropped_games_still_count() {
    let mut record = Record::default();
    let first = date("2020-01-01").days();
    let extra = 3;
    for i in 0..(HISTORY_LIMIT + extra) as u64 {
        let day = Date::from_days(first + i).unwrap();
        // The three oldest are the fastest: the best time survives their drop.
        let elapsed = if i < extra as u64 { 1_000 + i } else { 60_000 };
        record.finish(&finished(Variant::Daily(day), 0, elapsed, false), i).unwrap();
    }
    assert_eq!(record.history().len(), HISTORY_LIMIT);
    assert_eq!(record.history()[0].at, extra as u64, "the oldest were dropped first");
    let daily = record.mode_stats(DAILY);
    assert_eq!(daily.finished, (HISTORY_LIMIT + extra) as u64);
    assert_eq!(daily.sets, 6 * (HISTORY_LIMIT + extra) as u64);
    assert_eq!(daily.best_ms, Some(1_000));
    assert_eq!(daily.median_ms, Some(60_000), "the median is over the games kept");
    assert_eq!(record.streaks(Date::from_days(first + HISTORY_LIMIT as u64 + 2).unwrap()).best, 503);
    // The folded figures survive the text.
    assert_eq!(Record::decode(&record.encode()).unwrap(), record);
}

#[test]
fn the_first_formats_fixture_still_reads() {
    let text = include_str!("fixtures/stats-v1.txt");
    let record = Record::decode(text).unwrap();
    assert_eq!(record.encode(), text, "the fixture is this format's text, byte for byte");
    let names: Vec<(&str, u64, u64)> = MODES
        .iter()
        .enumerate()
        .map(|(i, &name)| (name, record.mode_stats(i).started, record.mode_stats(i).finished))
        .collect();
    let played: Vec<_> = names.into_iter().filter(|&(_, started, _)| started > 0).collect();
    assert_eq!(played, [("classic", 2, 2), ("junior", 1, 1), ("chain", 1, 1), ("ultra", 1, 1), ("daily", 1, 1)]);
    assert_eq!(record.mode_stats(0).best_ms, Some(5_000));
    assert_eq!(record.drill_stats(Drill::HowMany).answers, 1);
}

#[test]
fn corrupt_or_newer_records_are_told_apart() {
    let good = a_full_record().encode();
    assert_eq!(Record::decode("SET stats 2\nwhatever\n"), Err(RecordError::Newer { major: 2 }));
    assert_eq!(Record::decode("hello"), Err(RecordError::NotARecord));
    assert!(matches!(Record::decode("SET stats x\n"), Err(RecordError::UnknownVersion(_))));
    assert!(matches!(Record::decode("SET stats 0\n"), Err(RecordError::UnknownVersion(_))));
    // The save's version reader: a sign is not a digit (it once read "+5" as 5).
    assert_eq!(Record::decode("SET stats +1\n"), Err(RecordError::UnknownVersion("+1".into())));
    let bad_line = |text: &str| matches!(Record::decode(text), Err(RecordError::BadLine { .. }));
    assert!(bad_line(&format!("{good}surprise 1\n")));
    assert!(bad_line("SET stats 1\nstarted chess 1\n"));
    assert!(bad_line("SET stats 1\nstarted classic -1\n"));
    assert!(bad_line("SET stats 1\nstarted classic 1\nstarted classic 2\n"));
    assert!(bad_line("SET stats 1\ndaily 2026-02-30\n"));
    assert!(bad_line("SET stats 1\ndrill third-card 5 2:100\n"));
    assert!(bad_line("SET stats 1\nretired classic 1 2 3\n"));
    // A newer minor's unknown lines are skipped.
    let newer_minor = good.replacen("SET stats 1", "SET stats 1.4", 1) + "surprise 1\n";
    assert_eq!(Record::decode(&newer_minor).unwrap(), a_full_record());
    // A game whose save was edited is caught, and so is one cut short.
    let game_line = good.lines().find(|line| line.starts_with("game ")).unwrap();
    let edited = good.replace(game_line, &game_line.replace("hints-used 0", "hints-used 5"));
    assert!(matches!(Record::decode(&edited), Err(RecordError::BadGame { .. })));
    let cut = good.replace(game_line, &game_line[..game_line.len() - 20]);
    assert!(matches!(Record::decode(&cut), Err(RecordError::BadGame { .. })));
    assert!(summary_of(&finished(Variant::Classic, 1, 5, false)).is_ok());
}

mod drills {
    use super::plain_set;
    use set_client::review::drills::{
        CANDIDATES, HOW_MANY_ROUNDS, MORE, THIRD_CARD_ROUNDS, how_many_rounds, third_card_rounds,
    };

    #[test]
    fn each_third_card_round_has_exactly_one_card_that_completes_the_set() {
        for seed in 0..50 {
            let rounds = third_card_rounds(seed);
            assert_eq!(rounds.len(), THIRD_CARD_ROUNDS);
            assert_eq!(rounds, third_card_rounds(seed), "a run is a function of its seed");
            for round in rounds {
                let [a, b] = round.shown;
                assert_ne!(a, b);
                let completing: Vec<usize> =
                    (0..CANDIDATES).filter(|&i| plain_set([a, b, round.candidates[i]])).collect();
                assert_eq!(completing, [round.answer]);
                for (i, card) in round.candidates.iter().enumerate() {
                    assert!(!round.shown.contains(card));
                    assert!(!round.candidates[..i].contains(card), "candidates are distinct");
                }
            }
        }
    }

    /// The 4Set rule from its words: in every trait the four values are all
    /// the same, all different, or two pairs.
    fn plain_four_set(cards: [set_core::rules::card::Card; 4]) -> bool {
        use set_core::rules::deck::Deck;
        let values = cards.map(|card| Deck::Four.values(card).as_slice().to_vec());
        (0..4).all(|t| {
            let mut counts = [0; 4];
            for card in &values {
                counts[usize::from(card[t])] += 1;
            }
            let mut shape: Vec<i32> = counts.into_iter().filter(|&n| n > 0).collect();
            shape.sort_unstable();
            matches!(shape[..], [4] | [1, 1, 1, 1] | [2, 2])
        })
    }

    #[test]
    fn each_fourth_card_round_has_exactly_one_card_that_completes_the_four_set() {
        use set_client::review::drills::{FOURTH_CARD_ROUNDS, fourth_card_rounds};
        use set_core::rules::deck::Deck;
        for seed in 0..50 {
            let rounds = fourth_card_rounds(seed);
            assert_eq!(rounds.len(), FOURTH_CARD_ROUNDS);
            assert_eq!(rounds, fourth_card_rounds(seed), "a run is a function of its seed");
            for round in rounds {
                let [a, b, c] = round.shown;
                assert!(a != b && b != c && a != c);
                assert!(round.shown.iter().chain(&round.candidates).all(|&card| Deck::Four.contains(card)));
                let completing: Vec<usize> =
                    (0..CANDIDATES).filter(|&i| plain_four_set([a, b, c, round.candidates[i]])).collect();
                assert_eq!(completing, [round.answer]);
                for (i, card) in round.candidates.iter().enumerate() {
                    assert!(!round.shown.contains(card));
                    assert!(!round.candidates[..i].contains(card), "candidates are distinct");
                }
            }
        }
    }

    #[test]
    fn how_many_answers_are_counted_by_the_plain_rule_and_spread_out() {
        let mut seen = [0; MORE + 1];
        for seed in 0..30 {
            let rounds = how_many_rounds(seed);
            assert_eq!(rounds.len(), HOW_MANY_ROUNDS);
            for round in rounds {
                let t = round.table;
                let mut count = 0;
                for i in 0..t.len() {
                    for j in i + 1..t.len() {
                        for k in j + 1..t.len() {
                            count += usize::from(plain_set([t[i], t[j], t[k]]));
                            assert_ne!(t[i], t[j]);
                        }
                    }
                }
                assert_eq!(round.answer, count.min(MORE));
                seen[round.answer] += 1;
            }
        }
        // 300 rounds: every answer from none to "more" comes up.
        assert!(seen.iter().all(|&n| n >= 10), "{seen:?}");
    }
}

#[test]
fn the_pages_inbox_is_taken_in_whole_or_not_at_all() {
    let one = finished(Variant::Classic, 1, 90_000, false);
    let two = finished(Variant::Ultra, 2, 80_000, true);
    let inbox = format!("started classic\nfinished 100\n{one}started ultra\nstarted ultra\nfinished 200\n{two}");
    let mut record = Record::default();
    assert_eq!(record.take_inbox(&inbox), Ok(5));
    assert_eq!((record.mode_stats(0).started, record.mode_stats(0).finished), (1, 1));
    assert_eq!((record.mode_stats(3).started, record.mode_stats(3).finished, record.mode_stats(3).hints), (2, 1, 1));
    assert_eq!(record.history().iter().map(|g| g.at).collect::<Vec<_>>(), [100, 200]);
    // Taken twice (a tab that could not clear it): no game counted twice.
    let before = record.clone();
    record.take_inbox(&format!("finished 100\n{one}")).unwrap();
    assert_eq!(record, before);
    // An entry that cannot be read: an error naming its line, and nothing taken.
    let cut = &two[..two.len() / 2];
    let bad = format!("started junior\nfinished 300\n{cut}\nstarted classic\n");
    assert!(matches!(record.take_inbox(&bad), Err(RecordError::BadLine { line: 2, .. })));
    assert!(matches!(record.take_inbox("started chess\n"), Err(RecordError::BadLine { line: 1, .. })));
    assert!(matches!(record.take_inbox("hello\n"), Err(RecordError::BadLine { line: 1, .. })));
    assert_eq!(record, before);
    assert_eq!(record.take_inbox(""), Ok(0));
}

#[test]
fn the_analysis_says_who_found_each_set() {
    let (saved, sitting) =
        set_core::save::decode_seated(include_str!("../../set-core/tests/fixtures/save-v3.txt")).unwrap();
    let analysis = Analysis::of_seated(&saved.game, sitting.by(), saved.elapsed_ms).unwrap();
    let by: Vec<u8> = analysis.sets.iter().map(|set| set.by.0).collect();
    assert_eq!(by, [2, 2, 0], "the hard bot twice, then Ann");
}
