//! Where rooms are kept: the store by role (`roles.rs`: [`RoomLog`],
//! [`Leases`], [`Identities`], [`Moderation`], [`Standings`]; [`Store`] is all
//! five, which the rooms hold), each implemented in SQL ([`SqlStore`]) in a
//! file of its own (`room_log.rs`, `leases.rs`, `identities.rs`,
//! `moderation.rs`, `standings.rs`): a
//! SQLite file in WAL mode by default, or a Postgres database, through
//! sqlx's `Any` driver with one text of each statement for both dialects
//! (`$1` placeholders, which sqlx's SQLite takes too; whole numbers and
//! flags as BIGINT). The schema is the same in both: `migrations/sqlite`
//! and `migrations/postgres` hold each migration in its dialect.
//!
//! A room's log of moves is the truth: a room is rebuilt from its record,
//! its seats and its moves (`crate::rooms`). Each accepted or wrong claim
//! and each hint is appended before anyone is told of it, and the
//! primary key `(room, seq)` keeps one linear log whatever happens. What
//! "appended" promises is [`Durability`]: on the disk (a power cut loses
//! nothing acknowledged), or with the operating system (a crash of the
//! process loses nothing). Every write of the rooms is committed in batches
//! (`writes.rs`), one flush each.

mod identities;
mod leases;
mod measures;
mod moderation;
mod players;
mod roles;
mod room_log;
mod standings;
#[cfg(test)]
mod tests;
mod writes;

use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Executor, Row};
use std::fmt;
use std::path::{Path, PathBuf};
use writes::{Change, Write, Writes};

pub(crate) use roles::{Identities, Leases, Moderation, RoomLog, Standings, Store};

use crate::ratings::Rating;

/// A room's lifecycle: the page's and the server's are one.
pub(crate) use set_core::online::room::Status;
use set_core::players::level::Level;
use set_core::rules::variant::{Dealing, Variant};

/// A room's way to play, from its `mode` column.
fn online_variant(name: &str) -> StoreResult<Variant> {
    Variant::online(name).ok_or_else(|| StoreError::Corrupt(format!("mode {name}")))
}

/// Levels as a room's `bots` column holds them: "hard,easy".
pub(crate) fn levels_text(levels: &[Level]) -> String {
    levels.iter().map(|level| level.name()).collect::<Vec<_>>().join(",")
}

fn levels(text: &str) -> StoreResult<Vec<Level>> {
    text.split(',')
        .filter(|name| !name.is_empty())
        .map(|name| Level::from_name(name).ok_or_else(|| StoreError::Corrupt(format!("a bot of level {name}"))))
        .collect()
}

/// What a room is, fixed when it is created (but its status and ending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRecord {
    pub id: String,
    /// Its way to play (one of `ONLINE_VARIANTS`; stored by name).
    pub mode: Variant,
    pub hints: bool,
    /// When extra cards come: by themselves, or on a "no set" call.
    pub dealing: Dealing,
    /// Listed in the lobby (or reached by its link only).
    pub public: bool,
    /// Its computer opponents, seated after its people at the start.
    pub bots: Vec<Level>,
    /// Secret until the game is over.
    pub seed: u64,
    pub salt: String,
    pub commitment: String,
    /// The player id of who created it and may start it.
    pub host: String,
    pub status: Status,
    /// Unix time, ms.
    pub created_at: i64,
    /// Play time of the move that ended the game.
    pub ended_at_ms: Option<u64>,
    /// The rematch's room, once one is offered.
    pub next_room: Option<String>,
    /// Made by quick play (or a rematch of such a room): it starts by
    /// itself once two or more of its players are here.
    pub quick: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    pub seat: u8,
    pub player: String,
    pub name: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Claim,
    Hint,
    /// A "no set" call: no cards.
    Call,
}

impl MoveKind {
    /// Its name in the `moves` table's `kind` column.
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Claim => "claim",
            MoveKind::Hint => "hint",
            MoveKind::Call => "call",
        }
    }

    /// The kind of a stored name.
    pub fn from_name(name: &str) -> Option<MoveKind> {
        [MoveKind::Claim, MoveKind::Hint, MoveKind::Call].into_iter().find(|kind| kind.name() == name)
    }
}

/// One event of a room's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub seq: u32,
    pub seat: u8,
    pub at_ms: u64,
    pub kind: MoveKind,
    /// Card ids; empty for a hint.
    pub cards: Vec<u8>,
}

/// The seat column of a watcher's line of chat: no seat is negative.
pub(crate) const WATCHER_SEAT: i64 = -1;

/// Who said a line of a room's chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Speaker {
    /// The player of a seat.
    Seat(u8),
    /// Someone watching: their player id, and the name they went by.
    Watcher { player: String, name: String },
}

impl Speaker {
    /// The seat, for a seat's line.
    pub fn seat(&self) -> Option<u8> {
        match self {
            Speaker::Seat(seat) => Some(*seat),
            Speaker::Watcher { .. } => None,
        }
    }
}

/// A line of a room's chat: its number in the room, who, when, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRecord {
    pub n: u32,
    pub by: Speaker,
    pub at_ms: u64,
    pub text: String,
    /// The operator hid it (`set-server admin hide-chat`): kept, never shown.
    pub hidden: bool,
}

/// One seat's result of a rated game: its place and sets, and its
/// player's rating before and after.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRecord {
    pub seat: u8,
    pub player: String,
    pub name: String,
    pub place: u32,
    pub sets: u32,
    pub before: Rating,
    pub after: Rating,
}

pub(crate) use moderation::{ReportRecord, SanctionKind, SanctionRecord};

/// What [`Store::take`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// The room is this node's now, at this epoch.
    Epoch(u64),
    /// Another node owns it and its lease is live: this node did not take it.
    OwnedBy(String),
    /// There is no such room.
    NoRoom,
}

/// How many rated games of a way two players played together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Together {
    /// Ever (as long as the games are kept).
    pub ever: u32,
    /// Since the time asked about.
    pub since: u32,
}

/// A player marked for the operator: a claim of theirs in a room was
/// faster than a person (`set_core::online::fair::fast_claims`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagRecord {
    pub player: String,
    /// The claim's event in the room's log.
    pub seq: u32,
    /// How long its newest card had been in play, in ms.
    pub looked_ms: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StoredRoom {
    pub room: RoomRecord,
    pub seats: Vec<SeatRecord>,
    pub moves: Vec<MoveRecord>,
    /// The last lines of its chat (`crate::chat::KEPT`), oldest first.
    pub chat: Vec<ChatRecord>,
    /// How many lines of its chat, in all, its watchers said.
    pub watcher_lines: u32,
    /// A rated game's results, by seat, once it is over.
    pub results: Vec<ResultRecord>,
}

#[derive(Debug)]
pub enum StoreError {
    Database(sqlx::Error),
    Migrate(sqlx::migrate::MigrateError),
    /// A stored row that is not what this server writes.
    Corrupt(String),
    /// A player's rating changed between its reading and a game's end that
    /// rated from it (another of their games ended first): nothing of the
    /// write was kept, and the room rates again from the rating as it is now.
    StaleRating {
        player: String,
    },
    /// The room's epoch was raised since this node took it: another node
    /// owns it now, and nothing of the write was kept.
    Superseded {
        room: String,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Database(err) => write!(f, "database: {err}"),
            StoreError::Migrate(err) => write!(f, "database migration: {err}"),
            StoreError::Corrupt(what) => write!(f, "database holds {what}"),
            StoreError::StaleRating { player } => write!(f, "player {player}'s rating changed since it was read"),
            StoreError::Superseded { room } => write!(f, "room {room} is another node's now"),
        }
    }
}

impl std::error::Error for StoreError {}

/// Every error the database gives passes here once, wherever it arose
/// (a write, a read, the health check): it is counted for `/metrics`.
impl From<sqlx::Error> for StoreError {
    fn from(err: sqlx::Error) -> StoreError {
        crate::metrics::store_error();
        StoreError::Database(err)
    }
}

pub(crate) type StoreResult<T> = Result<T, StoreError>;

/// When rooms are old enough to delete, as Unix ms: those that never
/// started made before `waiting`; finished ones that ended before
/// `over`; and abandoned ones, played but with no move since before
/// `abandoned` (a game no one finishes is not kept for ever).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expiry {
    pub waiting: i64,
    pub over: i64,
    pub abandoned: i64,
}

/// The most rooms one sweep deletes, so that a backlog never holds the
/// writer for long; the next sweep takes the rest.
const SWEEP_BATCH: i64 = 500;

/// What an acknowledged move survives (`--durability`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Durability {
    /// Each commit is on the disk before it returns (SQLite's
    /// `synchronous=FULL`): a move survives a power cut. The default.
    PowerLoss,
    /// Commits return once written to the operating system (`NORMAL`, in
    /// WAL mode): a move survives the process being killed, but a power
    /// cut may take the last ones. Faster on slow disks (BENCHMARKS.md,
    /// "Online", measures both).
    ProcessCrash,
}

/// Which database the store keeps: `--db` is a SQLite file's path, or a
/// `postgres://` URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Database {
    /// The embedded default: one file, one server.
    Sqlite(PathBuf),
    /// A Postgres database, which several servers can share.
    Postgres(String),
}

impl std::str::FromStr for Database {
    type Err = String;

    fn from_str(text: &str) -> Result<Database, String> {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Ok(Database::Postgres(text.to_owned()))
        } else if text.is_empty() {
            Err("a database: a SQLite file or a postgres:// URL".to_owned())
        } else {
            Ok(Database::Sqlite(PathBuf::from(text)))
        }
    }
}

impl fmt::Display for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            // Without who connects and their password, if the URL holds them.
            Database::Postgres(url) => match (url.split_once("://"), url.rsplit_once('@')) {
                (Some((scheme, _)), Some((_, host))) => write!(f, "{scheme}://…@{host}"),
                _ => write!(f, "{url}"),
            },
        }
    }
}

/// The store: every room's record, seats, log, chat and results, and the
/// players' ratings, in SQL.
pub(crate) struct SqlStore {
    /// One connection writes. In SQLite, which takes one writer at a time,
    /// writers queued in the pool wait their turn in order, where several
    /// connections would meet SQLITE_BUSY and sleep in its busy handler;
    /// in both, the group commit (`writes.rs`) wants one writer.
    writer: AnyPool,
    /// Loading a room and the players' reads go beside the writer (WAL
    /// readers do not block it; Postgres readers never do).
    reader: AnyPool,
    /// `/healthz`'s one connection: a flood of reads never makes a node
    /// look dead to its proxy.
    health: AnyPool,
    /// The rooms' writes, committed in batches (`writes.rs`).
    writes: Writes,
}

/// How many connections read beside the writer.
const READERS: u32 = 2;
/// How long a write or read waits for a Postgres connection before it fails.
const POSTGRES_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Begins a transaction that writes. SQLite's takes the write lock at once
/// (`BEGIN IMMEDIATE`): a deferred one that read first and then met another
/// process's commit (an operator's `admin` command beside the server) would
/// fail with `database is locked` at its first write, with no wait, as
/// SQLite cannot let it write on an old snapshot. Postgres has no such need.
pub(super) async fn begin_write(writer: &AnyPool) -> StoreResult<sqlx::Transaction<'static, sqlx::Any>> {
    if writer.connect_options().database_url.scheme() == "sqlite" {
        Ok(writer.begin_with("BEGIN IMMEDIATE").await?)
    } else {
        Ok(writer.begin().await?)
    }
}

/// A change of `room` by its owner, who took it at `epoch`.
fn room_write(room: &str, epoch: u64, change: Change) -> Write {
    Write::Room { room: room.to_owned(), epoch, change }
}

impl SqlStore {
    /// Opens (creating, and migrating) the database; `durability` says when
    /// a commit returns (in SQLite; Postgres commits are on its disk).
    pub(crate) async fn open(database: &Database, durability: Durability) -> StoreResult<SqlStore> {
        sqlx::any::install_default_drivers();
        match database {
            Database::Sqlite(path) => Self::open_sqlite(path, durability).await,
            Database::Postgres(url) => {
                // A database that does not answer (stopped, or out of reach)
                // makes a write fail soon, so that a claim is answered
                // `unavailable` and the room goes on, rather than wait.
                let pool = || AnyPoolOptions::new().acquire_timeout(POSTGRES_WAIT);
                let writer = pool().max_connections(1).connect(url).await?;
                sqlx::migrate!("migrations/postgres").run(&writer).await.map_err(StoreError::Migrate)?;
                let reader = pool().max_connections(READERS).connect(url).await?;
                let health = pool().max_connections(1).connect(url).await?;
                let writes = Writes::start(writer.clone());
                Ok(SqlStore { writer, reader, health, writes })
            }
        }
    }

    async fn open_sqlite(path: &Path, durability: Durability) -> StoreResult<SqlStore> {
        // sqlx's Any driver takes SQLite's settings from the URL only: the
        // rest are set on each connection as it opens.
        let synchronous = match durability {
            Durability::PowerLoss => "PRAGMA synchronous = FULL",
            Durability::ProcessCrash => "PRAGMA synchronous = NORMAL",
        };
        let writer = AnyPoolOptions::new()
            .max_connections(1)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    conn.execute("PRAGMA journal_mode = WAL").await?;
                    conn.execute(synchronous).await?;
                    conn.execute("PRAGMA busy_timeout = 5000").await?;
                    conn.execute("PRAGMA foreign_keys = ON").await?;
                    Ok(())
                })
            })
            .connect(&format!("sqlite://{}?mode=rwc", path.display()))
            .await?;
        sqlx::migrate!("migrations/sqlite").run(&writer).await.map_err(StoreError::Migrate)?;
        let url = format!("sqlite://{}?mode=ro", path.display());
        let read_only = |connections| {
            AnyPoolOptions::new().max_connections(connections).after_connect(|conn, _| {
                Box::pin(async move {
                    conn.execute("PRAGMA busy_timeout = 5000").await?;
                    Ok(())
                })
            })
        };
        let reader = read_only(READERS).connect(&url).await?;
        let health = read_only(1).connect(&url).await?;
        let writes = Writes::start(writer.clone());
        Ok(SqlStore { writer, reader, health, writes })
    }
}

fn cards_text(cards: &[u8]) -> String {
    cards.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

impl SqlStore {
    async fn delete_rooms(&self, expiry: Expiry, keep: &[String]) -> StoreResult<Vec<String>> {
        // A played room's last move: its start plus the move's play time (a
        // server's downtime is no play time, so this is never later than the
        // move was made).
        let rows = sqlx::query(
            "SELECT id FROM rooms
             WHERE (status = 'waiting' AND created_at < $1)
                OR (status = 'over' AND COALESCE(ended_at, started_at, created_at) < $2)
                OR (status = 'playing' AND COALESCE(started_at, created_at)
                    + COALESCE((SELECT MAX(at_ms) FROM moves WHERE moves.room = rooms.id), 0) < $4)
             LIMIT $3",
        )
        .bind(expiry.waiting)
        .bind(expiry.over)
        .bind(SWEEP_BATCH)
        .bind(expiry.abandoned)
        .fetch_all(&self.writer)
        .await?;
        let mut tx = begin_write(&self.writer).await?;
        let mut deleted = Vec::new();
        for row in rows {
            let id: String = row.try_get("id")?;
            if keep.contains(&id) {
                continue;
            }
            for table in [
                "DELETE FROM moves WHERE room = $1",
                "DELETE FROM seats WHERE room = $1",
                "DELETE FROM chat WHERE room = $1",
                "DELETE FROM results WHERE room = $1",
            ] {
                sqlx::query(table).bind(&id).execute(&mut *tx).await?;
            }
            sqlx::query("DELETE FROM rooms WHERE id = $1").bind(&id).execute(&mut *tx).await?;
            deleted.push(id);
        }
        tx.commit().await?;
        Ok(deleted)
    }
}

async fn insert_seat(tx: &mut sqlx::AnyConnection, room: &str, seat: &SeatRecord) -> StoreResult<()> {
    sqlx::query("INSERT INTO seats (room, seat, player, name) VALUES ($1, $2, $3, $4)")
        .bind(room)
        .bind(i64::from(seat.seat))
        .bind(&seat.player)
        .bind(&seat.name)
        .execute(tx)
        .await?;
    Ok(())
}

async fn insert_move<'c, E>(executor: E, room: &str, mv: &MoveRecord) -> StoreResult<()>
where
    E: Executor<'c, Database = sqlx::Any>,
{
    let kind = mv.kind.name();
    sqlx::query("INSERT INTO moves (room, seq, seat, at_ms, kind, cards) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(room)
        .bind(i64::from(mv.seq))
        .bind(i64::from(mv.seat))
        .bind(mv.at_ms as i64)
        .bind(kind)
        .bind(cards_text(&mv.cards))
        .execute(executor)
        .await?;
    Ok(())
}
