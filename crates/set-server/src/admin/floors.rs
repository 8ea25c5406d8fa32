//! `set-server admin floors`: each way's game length as this server's own
//! players measure it, against classic's, beside the proportion the rated
//! floor uses now (the expert bot's, or the one `--rated-game-percent`
//! gives), and the flags that would set the floors by people's games.
//! docs/fair-play.md, "Each way's floor", says when to use it.

use crate::rooms::replay::replayed;
use crate::store::{RoomLog, SqlStore};
use set_core::online::fair::floors::{self, RaceSeat, WayPercent};
use set_core::online::fair::{Policy, found_by_seat, game_length_percent};
use set_core::rules::variant::{ONLINE_VARIANTS, Variant};
use std::collections::HashMap;

/// The report: a line a way played online, then the flags.
pub(super) async fn report(store: &SqlStore, races: i64, policy: &Policy) -> Result<String, String> {
    let lengths = measured_lengths(store, races, policy).await?;
    let none = Vec::new();
    let classic = lengths.get(&Variant::Classic).unwrap_or(&none);
    let seconds = |ms: u64| format!("{:.1} s", ms as f64 / 1000.0);
    let mut text =
        String::from("way\traces measured\tmedian\tpercent of classic\tthe bot's\tfloor now\tfloor measured\n");
    let mut flags = Vec::new();
    for way in ONLINE_VARIANTS {
        let mine = lengths.get(&way).unwrap_or(&none);
        let measured = floors::measured_percent(classic, mine);
        let now = set_core::online::fair::min_game_ms(policy, way);
        let by_people = measured.map(|percent| {
            let given = Policy { measured: floors::Measured::of(&[way_percent(way, percent)]), ..*policy };
            set_core::online::fair::min_game_ms(&given, way)
        });
        if way != Variant::Classic
            && let Some(percent) = measured
        {
            flags.push(way_percent(way, percent).to_string());
        }
        text.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            way.name(),
            mine.len(),
            floors::median(mine).map_or_else(|| "-".to_owned(), seconds),
            measured.map_or_else(|| format!("- (fewer than {} races)", floors::MEASURED_GAMES), |p| p.to_string()),
            game_length_percent(way),
            seconds(now),
            by_people.map_or_else(|| "-".to_owned(), seconds),
        ));
    }
    if flags.is_empty() {
        text.push_str("no way has enough races yet: the floors stay the bot's\n");
    } else {
        let flags: Vec<String> = flags.iter().map(|flag| format!("--rated-game-percent {flag}")).collect();
        text.push_str(&format!("flags: {}\n", flags.join(" ")));
    }
    Ok(text)
}

fn way_percent(way: Variant, percent: u64) -> WayPercent {
    WayPercent { way, percent: u16::try_from(percent.clamp(1, u64::from(floors::MAX_PERCENT))).unwrap_or(1) }
}

/// The lengths of the newest `races` finished races that measure their
/// way ([`floors::measures`]), by way; a room whose log does not replay is
/// left out, and said on standard error.
async fn measured_lengths(store: &SqlStore, races: i64, policy: &Policy) -> Result<HashMap<Variant, Vec<u64>>, String> {
    let mut lengths: HashMap<Variant, Vec<u64>> = HashMap::new();
    for race in store.races(races).await.map_err(|err| err.to_string())? {
        let Some(stored) = store.load(&race.room).await.map_err(|err| err.to_string())? else { continue };
        let (game, length_ms) = match replayed(&stored.room, &stored.seats, &stored.moves) {
            Ok(Some(replayed)) => replayed,
            Ok(None) => continue,
            Err(err) => {
                eprintln!("room {}: {err}", race.room);
                continue;
            }
        };
        let found = found_by_seat(&game, race.seats.len());
        let seats: Vec<RaceSeat> =
            race.seats.iter().zip(found).map(|(&experience, found)| RaceSeat { experience, found }).collect();
        if floors::measures(policy, &seats) {
            lengths.entry(stored.room.mode).or_default().push(length_ms);
        }
    }
    Ok(lengths)
}
