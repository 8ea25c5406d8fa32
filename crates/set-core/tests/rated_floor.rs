#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
//! The table of how long each way's game takes (`fair::game_length_percent`),
//! from which a rated game's floor in that way is drawn, held to a
//! measurement: the expert bot playing alone to the end of many games of
//! each online way (Memory by its memory, turning cards up), its median
//! game's play time against classic's.
//! BENCHMARKS.md ("Rated games' floor in each way") has the figures.

use set_core::online::fair;
use set_core::players::bot;
use set_core::players::level::Level;
use set_core::players::seats::Seats;
use set_core::rules::game::Game;
use set_core::rules::variant::{ONLINE_VARIANTS, Variant};

/// Games of each way.
const GAMES: u64 = 60;
/// How far the table may stray from the measurement, as a ratio.
const TOLERANCE: f64 = 0.15;

/// The median play time, in ms, of a lone expert bot's games of `variant`.
fn median_game_ms(variant: Variant) -> f64 {
    let seats = Seats::new::<&str>(&[], &[Level::Expert]).unwrap();
    let mut lengths: Vec<u64> = (0..GAMES)
        .map(|seed| {
            let mut game = Game::new(variant, seed);
            let mut since = 0;
            // Memory is played by memory: the bot turns cards up, missing as it goes.
            let next = |game: &Game, since| {
                if variant.face_down() {
                    bot::memory::plan(game, set_core::players::seats::Seat(0), Level::Expert, since)
                } else {
                    bot::plan(game, &seats, since)
                }
            };
            while let Some(plan) = next(&game, since) {
                game.claim(plan.claim().unwrap(), plan.due_ms).unwrap();
                since = plan.due_ms;
            }
            assert!(game.is_over(), "{variant:?} seed {seed}: the bot stopped before the end");
            since
        })
        .collect();
    lengths.sort_unstable();
    lengths[lengths.len() / 2] as f64
}

#[test]
fn each_ways_game_length_is_measured_against_classics() {
    let classic = median_game_ms(Variant::Classic);
    assert_eq!(fair::game_length_percent(Variant::Classic), 100);
    let mut report = String::from("| way | expert alone, median game | percent of classic | table | rated floor |\n");
    let mut strays = Vec::new();
    for way in ONLINE_VARIANTS {
        let ms = median_game_ms(way);
        let measured = 100.0 * ms / classic;
        let table = fair::game_length_percent(way) as f64;
        let floor = fair::min_game_ms(&fair::Policy::default(), way);
        report += &format!(
            "| {} | {:.1} s | {measured:.0} | {table:.0} | {:.1} s |\n",
            way.title(),
            ms / 1000.0,
            floor as f64 / 1000.0
        );
        if (table / measured - 1.0).abs() > TOLERANCE {
            strays.push(format!("{way:?}: measured {measured:.0}%, the table says {table:.0}%"));
        }
    }
    eprintln!("{report}");
    assert!(strays.is_empty(), "{strays:#?}\n{report}");
}
