//! Moderation's tables: players' reports, the operator's sanctions, chat
//! lines hidden, and the log of every operator action (kept). The server
//! reads the sanctions in force (`crate::moderation` keeps them in memory)
//! and writes reports; the operator's command (`set-server admin`) does the
//! rest, each action in one transaction with its line of the log.

use super::writes::Change;
use super::{FlagRecord, Moderation, SqlStore, StoreResult, room_write};
use futures_util::future::BoxFuture;
use sqlx::Row;

/// What a sanction does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SanctionKind {
    /// The identity may not chat.
    Mute,
    /// The identity may not connect: its sockets close, its name is freed,
    /// its ratings leave the leaderboards.
    Ban,
    /// No socket from an address in the prefix (`ADDRESS/BITS`).
    BanPrefix,
}

impl SanctionKind {
    /// Its name in the table and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SanctionKind::Mute => "mute",
            SanctionKind::Ban => "ban",
            SanctionKind::BanPrefix => "ban_prefix",
        }
    }

    fn from_name(name: &str) -> Option<SanctionKind> {
        [SanctionKind::Mute, SanctionKind::Ban, SanctionKind::BanPrefix].into_iter().find(|k| k.name() == name)
    }
}

/// A sanction in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanctionRecord {
    pub id: i64,
    pub kind: SanctionKind,
    /// A player id, or for [`SanctionKind::BanPrefix`] a prefix.
    pub target: String,
    pub note: String,
    pub at: i64,
}

/// A player's report of another.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ReportRecord {
    pub id: i64,
    pub reporter: String,
    pub player: String,
    pub why: String,
    pub at: i64,
}

/// A player reported, for the operator: by how many distinct reporters,
/// and the newest report (when, by whom, why).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub(crate) struct ReportedRecord {
    pub player: String,
    pub reporters: i64,
    pub at: i64,
    pub reporter: String,
    pub why: String,
}

/// One line of the operator's log.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub(crate) struct LogRecord {
    pub id: i64,
    pub action: String,
    pub target: String,
    pub note: String,
    pub at: i64,
}

/// The sanctions in force (not lifted).
pub(super) async fn in_force(reader: &sqlx::AnyPool) -> StoreResult<Vec<SanctionRecord>> {
    let rows = sqlx::query("SELECT id, kind, target, note, at FROM sanctions WHERE lifted_at IS NULL ORDER BY id")
        .fetch_all(reader)
        .await?;
    rows.iter()
        .map(|row| {
            let kind: String = row.try_get("kind")?;
            Ok(SanctionRecord {
                id: row.try_get("id")?,
                kind: SanctionKind::from_name(&kind)
                    .ok_or_else(|| super::StoreError::Corrupt(format!("a sanction of kind {kind}")))?,
                target: row.try_get("target")?,
                note: row.try_get("note")?,
                at: row.try_get("at")?,
            })
        })
        .collect()
}

/// Keeps a report unless its reporter made `most` since `since` (Unix
/// ms): whether it was kept.
pub(super) async fn report(writer: &sqlx::AnyPool, report: &ReportRecord, since: i64, most: u32) -> StoreResult<bool> {
    let mut tx = super::begin_write(writer).await?;
    let made: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM reports WHERE reporter = $1 AND at >= $2")
        .bind(&report.reporter)
        .bind(since)
        .fetch_one(&mut *tx)
        .await?;
    if made >= i64::from(most) {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO reports (reporter, player, why, at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (reporter, player) DO UPDATE SET why = excluded.why, at = excluded.at",
    )
    .bind(&report.reporter)
    .bind(&report.player)
    .bind(&report.why)
    .bind(report.at)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// The operator's side: run by `set-server admin`, on the server's machine.
impl SqlStore {
    /// The players reported, most distinct reporters first, then the most
    /// lately reported (at most `limit`), each with its newest report.
    pub(crate) async fn reported(&self, limit: i64) -> StoreResult<Vec<ReportedRecord>> {
        let statement = "SELECT r.player, t.reporters, r.at, r.reporter, r.why
             FROM (SELECT player, COUNT(*) AS reporters, MAX(id) AS newest FROM reports GROUP BY player) t
             JOIN reports r ON r.id = t.newest
             ORDER BY t.reporters DESC, r.at DESC, r.id DESC LIMIT $1";
        Ok(sqlx::query_as(statement).bind(limit).fetch_all(&self.reader).await?)
    }

    /// The sanctions in force.
    pub(crate) async fn sanctions(&self) -> StoreResult<Vec<SanctionRecord>> {
        in_force(&self.reader).await
    }

    /// The operator's log, oldest first.
    pub(crate) async fn moderation_log(&self) -> StoreResult<Vec<LogRecord>> {
        let statement = "SELECT id, action, target, note, at FROM moderation_log ORDER BY id";
        Ok(sqlx::query_as(statement).fetch_all(&self.reader).await?)
    }

    /// Puts a sanction in force, logged; its id.
    pub(crate) async fn sanction(&self, kind: SanctionKind, target: &str, note: &str) -> StoreResult<i64> {
        let at = crate::unix_ms();
        let mut tx = super::begin_write(&self.writer).await?;
        let id: i64 =
            sqlx::query_scalar("INSERT INTO sanctions (kind, target, note, at) VALUES ($1, $2, $3, $4) RETURNING id")
                .bind(kind.name())
                .bind(target)
                .bind(note)
                .bind(at)
                .fetch_one(&mut *tx)
                .await?;
        log(&mut tx, kind.name(), target, note, at).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Lifts sanction `id`, logged; false if no such sanction is in force.
    pub(crate) async fn lift(&self, id: i64, note: &str) -> StoreResult<bool> {
        let at = crate::unix_ms();
        let mut tx = super::begin_write(&self.writer).await?;
        let lifted = sqlx::query("UPDATE sanctions SET lifted_at = $1 WHERE id = $2 AND lifted_at IS NULL")
            .bind(at)
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if lifted == 1 {
            log(&mut tx, "lift", &id.to_string(), note, at).await?;
        }
        tx.commit().await?;
        Ok(lifted == 1)
    }

    /// Makes a new signing key, the newest (it signs from the next refresh
    /// on; the others verify for `tokens::KEY_OVERLAP_MS`), logged; its id.
    pub(crate) async fn rotate_key(&self, note: &str) -> StoreResult<i64> {
        let at = crate::unix_ms();
        let mut key = vec![0u8; 32];
        getrandom::fill(&mut key).map_err(|err| super::StoreError::Corrupt(format!("no randomness: {err}")))?;
        let mut tx = super::begin_write(&self.writer).await?;
        let id: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM secrets").fetch_one(&mut *tx).await?;
        sqlx::query("INSERT INTO secrets (id, key, created_at) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(&key)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        log(&mut tx, "rotate_key", &id.to_string(), note, at).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Hides line `n` of `room`'s chat, logged; false if there is no such line.
    pub(crate) async fn hide_chat(&self, room: &str, n: u32, note: &str) -> StoreResult<bool> {
        let at = crate::unix_ms();
        let mut tx = super::begin_write(&self.writer).await?;
        let hidden = sqlx::query("UPDATE chat SET hidden = 1 WHERE room = $1 AND n = $2")
            .bind(room)
            .bind(i64::from(n))
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if hidden == 1 {
            log(&mut tx, "hide_chat", &format!("{room} {n}"), note, at).await?;
        }
        tx.commit().await?;
        Ok(hidden == 1)
    }
}

async fn log(tx: &mut sqlx::AnyConnection, action: &str, target: &str, note: &str, at: i64) -> StoreResult<()> {
    sqlx::query("INSERT INTO moderation_log (action, target, note, at) VALUES ($1, $2, $3, $4)")
        .bind(action)
        .bind(target)
        .bind(note)
        .bind(at)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Moderation in SQL: the functions above, and the flags a room writes at its epoch.
impl Moderation for SqlStore {
    fn sanctions_in_force(&self) -> BoxFuture<'_, StoreResult<Vec<SanctionRecord>>> {
        Box::pin(in_force(&self.reader))
    }

    fn report<'a>(&'a self, report: &'a ReportRecord, since: i64, most: u32) -> BoxFuture<'a, StoreResult<bool>> {
        Box::pin(self::report(&self.writer, report, since, most))
    }

    fn forget_reports(&self, before: i64) -> BoxFuture<'_, StoreResult<u64>> {
        Box::pin(async move {
            let done = sqlx::query("DELETE FROM reports WHERE at < $1").bind(before).execute(&self.writer).await?;
            Ok(done.rows_affected())
        })
    }

    fn flag<'a>(&'a self, room: &'a str, epoch: u64, flags: &'a [FlagRecord]) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(self.writes.write(room_write(room, epoch, Change::Flags(flags.to_vec()))))
    }
}
