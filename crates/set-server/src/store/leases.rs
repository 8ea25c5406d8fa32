//! The nodes' hold on rooms: who owns a room at which epoch, each node's lease, and whether the database answers, in SQL: [`Leases`] for [`SqlStore`].

use super::{Leases, SqlStore, Status, StoreError, StoreResult, Taken};
use futures_util::future::BoxFuture;
use sqlx::Row;

impl Leases for SqlStore {
    fn ping(&self) -> BoxFuture<'_, StoreResult<()>> {
        Box::pin(async move {
            sqlx::query("SELECT 1").fetch_one(&self.health).await?;
            Ok(())
        })
    }

    fn take<'a>(&'a self, room: &'a str, node: &'a str, now: i64, wanted: bool) -> BoxFuture<'a, StoreResult<Taken>> {
        Box::pin(self.writes.take(room, node, now, wanted))
    }

    fn wanted_of<'a>(&'a self, node: &'a str) -> BoxFuture<'a, StoreResult<Vec<(String, u64)>>> {
        Box::pin(async move {
            let rows = sqlx::query("SELECT id, epoch FROM rooms WHERE owner = $1 AND wanted_by <> ''")
                .bind(node)
                .fetch_all(&self.reader)
                .await?;
            rows.iter().map(|row| Ok((row.try_get("id")?, row.try_get::<i64, _>("epoch")? as u64))).collect()
        })
    }

    fn let_go<'a>(&'a self, room: &'a str, node: &'a str, epoch: u64) -> BoxFuture<'a, StoreResult<bool>> {
        Box::pin(async move {
            let done = sqlx::query("UPDATE rooms SET owner = '' WHERE id = $1 AND owner = $2 AND epoch = $3")
                .bind(room)
                .bind(node)
                .bind(epoch as i64)
                .execute(&self.writer)
                .await?;
            Ok(done.rows_affected() == 1)
        })
    }

    fn renew_lease<'a>(&'a self, node: &'a str, until: i64) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            sqlx::query(
                "INSERT INTO nodes (name, lease_until) VALUES ($1, $2)
                 ON CONFLICT (name) DO UPDATE SET lease_until = excluded.lease_until",
            )
            .bind(node)
            .bind(until)
            .execute(&self.writer)
            .await?;
            Ok(())
        })
    }

    fn end_lease<'a>(&'a self, node: &'a str) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            sqlx::query("DELETE FROM nodes WHERE name = $1").bind(node).execute(&self.writer).await?;
            Ok(())
        })
    }

    fn epoch<'a>(&'a self, room: &'a str) -> BoxFuture<'a, StoreResult<Option<u64>>> {
        Box::pin(async move {
            let epoch: Option<i64> = sqlx::query_scalar("SELECT epoch FROM rooms WHERE id = $1")
                .bind(room)
                .fetch_optional(&self.reader)
                .await?;
            Ok(epoch.map(|epoch| epoch as u64))
        })
    }

    fn status<'a>(&'a self, room: &'a str) -> BoxFuture<'a, StoreResult<Option<(Status, u64)>>> {
        Box::pin(async move {
            let Some(row) = sqlx::query("SELECT status, epoch FROM rooms WHERE id = $1")
                .bind(room)
                .fetch_optional(&self.reader)
                .await?
            else {
                return Ok(None);
            };
            let status: String = row.try_get("status")?;
            let status = Status::from_name(&status).ok_or_else(|| StoreError::Corrupt(format!("status {status}")))?;
            Ok(Some((status, row.try_get::<i64, _>("epoch")? as u64)))
        })
    }
}
