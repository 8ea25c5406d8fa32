//! `set-server admin`: the operator's moderation, run on the server's own
//! machine against its database (never through the public port): list
//! players' reports, mute or ban an identity or an address prefix, hide a
//! line of a room's chat, lift a sanction, and read the log every action
//! leaves (kept). A running server takes a new sanction within
//! `moderation::REFRESH`; docs/operating.md, "Moderation", says what each does.

mod floors;

use crate::moderation::Prefix;
use crate::store::{self, SanctionKind, SqlStore};
use clap::{Args, Subcommand};

/// The operator's command.
#[derive(Args, Debug)]
pub(crate) struct Admin {
    /// The server's database (as its `--db`).
    #[arg(long, default_value = "data/set.db", value_name = "FILE|URL")]
    db: store::Database,
    #[command(subcommand)]
    action: Action,
}

#[derive(Subcommand, Debug)]
enum Action {
    /// Lists the players reported, most distinct reporters first, each
    /// with its newest report.
    Reports {
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
    /// Lists the sanctions in force, with their ids.
    Sanctions,
    /// Lists every operator action, oldest first.
    Log,
    /// Mutes a player (by id): they may not chat.
    Mute {
        player: String,
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Bans a player (by id): their sockets close, their name is freed,
    /// their ratings leave the leaderboards.
    Ban {
        player: String,
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Bans an address prefix (`ADDRESS/BITS`, or one address): no socket opens from it.
    BanPrefix {
        prefix: String,
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Lifts a sanction by its id (`sanctions` lists them).
    Lift {
        id: i64,
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Makes a new key to sign players' tokens; the old ones still verify
    /// for 90 days (running servers take it within seconds).
    RotateKey {
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Each way's game length as this server's players measured it (the
    /// newest `--races` finished races among established players), against
    /// classic's, and the `--rated-game-percent` flags that would set the
    /// rated floors by it (docs/fair-play.md).
    Floors {
        #[arg(long, default_value_t = 5000)]
        races: i64,
        /// The server's `--rated-game-seconds`, to say each way's floor by.
        #[arg(long, default_value_t = set_core::online::fair::MIN_RATED_GAME_MS / 1000)]
        rated_game_seconds: u64,
        /// The server's `--rated-game-percent`s, to say each floor now by.
        #[arg(long, value_name = "WAY=PERCENT")]
        rated_game_percent: Vec<set_core::online::fair::floors::WayPercent>,
    },
    /// Hides line `n` of a room's chat (kept, never shown again).
    HideChat {
        room: String,
        n: u32,
        #[arg(long, default_value = "")]
        note: String,
    },
}

/// Runs the operator's command: what it did, or why not.
pub(crate) async fn run(admin: Admin) -> Result<String, String> {
    let store = SqlStore::open(&admin.db, store::Durability::PowerLoss).await.map_err(|err| err.to_string())?;
    let failed = |err: store::StoreError| err.to_string();
    let when = |at: i64| at.to_string();
    match admin.action {
        Action::Reports { limit } => {
            let lines = store.reported(limit).await.map_err(failed)?;
            Ok(table(lines.iter().map(|r| {
                [
                    format!("player {}", r.player),
                    format!("{} {}", r.reporters, if r.reporters == 1 { "reporter" } else { "reporters" }),
                    when(r.at),
                    format!("newest by {}", r.reporter),
                    r.why.clone(),
                ]
            })))
        }
        Action::Sanctions => {
            let lines = store.sanctions().await.map_err(failed)?;
            Ok(table(
                lines.iter().map(|s| {
                    [s.id.to_string(), when(s.at), s.kind.name().to_owned(), s.target.clone(), s.note.clone()]
                }),
            ))
        }
        Action::Log => {
            let lines = store.moderation_log().await.map_err(failed)?;
            Ok(table(
                lines
                    .iter()
                    .map(|l| [l.id.to_string(), when(l.at), l.action.clone(), l.target.clone(), l.note.clone()]),
            ))
        }
        Action::Mute { player, note } => sanction(&store, SanctionKind::Mute, &player, &note).await,
        Action::Ban { player, note } => sanction(&store, SanctionKind::Ban, &player, &note).await,
        Action::BanPrefix { prefix, note } => {
            Prefix::parse(&prefix)?;
            sanction(&store, SanctionKind::BanPrefix, &prefix, &note).await
        }
        Action::Lift { id, note } => {
            if store.lift(id, &note).await.map_err(failed)? {
                Ok(format!("sanction {id} lifted\n"))
            } else {
                Err(format!("no sanction {id} is in force"))
            }
        }
        Action::RotateKey { note } => {
            let id = store.rotate_key(&note).await.map_err(failed)?;
            Ok(format!("key {id} signs from now on\n"))
        }
        Action::Floors { races, rated_game_seconds, rated_game_percent } => {
            let policy = set_core::online::fair::Policy {
                min_game_ms: rated_game_seconds.saturating_mul(1000),
                measured: set_core::online::fair::floors::Measured::of(&rated_game_percent),
                ..set_core::online::fair::Policy::default()
            };
            floors::report(&store, races, &policy).await
        }
        Action::HideChat { room, n, note } => {
            if store.hide_chat(&room, n, &note).await.map_err(failed)? {
                Ok(format!("line {n} of room {room} hidden\n"))
            } else {
                Err(format!("room {room} has no line {n}"))
            }
        }
    }
}

/// Rows of fields as lines of tab-separated text.
fn table<const N: usize>(rows: impl Iterator<Item = [String; N]>) -> String {
    let mut text = String::new();
    for row in rows {
        text.push_str(&row.join("\t"));
        text.push('\n');
    }
    text
}

async fn sanction(store: &SqlStore, kind: SanctionKind, target: &str, note: &str) -> Result<String, String> {
    if kind != SanctionKind::BanPrefix && !crate::ids::is_player_id(target) {
        return Err(format!("{target:?} is no player id (32 hex digits: a profile's address names it)"));
    }
    let id = store.sanction(kind, target, note).await.map_err(|err| err.to_string())?;
    Ok(format!("sanction {id}: {} {target}\n", kind.name()))
}
