//! The check at the end of a load: every room's stored log, read with the
//! load's own queries (not the server's store), replayed through the rules
//! and compared with the last table its clients saw. The database is a
//! SQLite file (read only) or a Postgres URL (a cluster's).

use set_core::online::room::RoomGame;
use set_core::players::sitting::Seat;
use set_core::rules::card::Card;
use set_core::rules::game::{Action, Claim, Move};
use set_core::rules::variant::{Dealing, Variant};
use sqlx::Row;
use std::collections::HashMap;

/// Every room's stored log replayed through the rules, against the last table its clients saw.
/// The tables are read with plain queries of their own, not the server's store and room
/// loading, so that a mistake there cannot hide itself here.
pub(crate) async fn check(db: &str, boards: &HashMap<String, (u32, Vec<u8>)>) -> Result<usize, String> {
    sqlx::any::install_default_drivers();
    // A Postgres URL as it is; a SQLite file, read only.
    let url = if db.starts_with("postgres://") { db.to_owned() } else { format!("sqlite://{db}?mode=ro") };
    let pool = sqlx::AnyPool::connect(&url).await.map_err(|e| format!("{db}: {e}"))?;
    let mut mismatches = 0;
    for (room, (seq, table)) in boards {
        let row = sqlx::query("SELECT mode, seed, dealing FROM rooms WHERE id = $1")
            .bind(room)
            .fetch_one(&pool)
            .await
            .map_err(|e| e.to_string())?;
        let variant = Variant::from_name(&row.get::<String, _>("mode"), None).map_err(|e| e.to_string())?;
        let seed = row.get::<i64, _>("seed") as u64;
        let dealing = Dealing::from_name(&row.get::<String, _>("dealing")).ok_or("a room's dealing")?;
        let names: Vec<String> = sqlx::query("SELECT name FROM seats WHERE room = $1 ORDER BY seat")
            .bind(room)
            .fetch_all(&pool)
            .await
            .map_err(|e| e.to_string())?
            .iter()
            .map(|r| r.get("name"))
            .collect();
        let mut log = Vec::new();
        for r in sqlx::query("SELECT seat, at_ms, kind, cards FROM moves WHERE room = $1 ORDER BY seq")
            .bind(room)
            .fetch_all(&pool)
            .await
            .map_err(|e| e.to_string())?
        {
            let cards: Vec<Card> = r
                .get::<String, _>("cards")
                .split_whitespace()
                .filter_map(|c| variant.deck().card(c.parse().ok()?).ok())
                .collect();
            let action = match r.get::<String, _>("kind").as_str() {
                "hint" => Action::Hint,
                "call" => Action::CallNoSet,
                _ => Action::Claim(Claim::new(&cards).ok_or("a stored claim's size")?),
            };
            log.push((Seat(r.get::<i64, _>("seat") as u8), Move { at_ms: r.get::<i64, _>("at_ms") as u64, action }));
        }
        let replayed =
            RoomGame::restore(variant, seed, dealing, &names, &[], &log).map_err(|e| format!("room {room}: {e}"))?;
        let stored: Vec<u8> = replayed.game().table().iter().map(|c| c.id()).collect();
        if replayed.seq() != *seq || stored != *table {
            eprintln!(
                "set-loadgen: room {room}: the log replays to event {} {:?}, the clients saw {seq} {table:?}",
                replayed.seq(),
                stored
            );
            mismatches += 1;
        }
    }
    Ok(mismatches)
}
