//! The players' identities: the keys that sign their tokens and their sign-outs of other browsers, in SQL: [`Identities`] for [`SqlStore`].

use super::{Identities, SqlStore, StoreError, StoreResult};
use futures_util::future::BoxFuture;
use sqlx::Row;

impl Identities for SqlStore {
    fn signing_keys(&self) -> BoxFuture<'_, StoreResult<Vec<crate::tokens::KeptKey>>> {
        Box::pin(async move {
            let read = || sqlx::query("SELECT id, key, created_at FROM secrets ORDER BY id").fetch_all(&self.writer);
            let mut rows = read().await?;
            if rows.is_empty() {
                let mut key = vec![0u8; 32];
                getrandom::fill(&mut key).map_err(|err| StoreError::Corrupt(format!("no randomness: {err}")))?;
                sqlx::query("INSERT INTO secrets (id, key, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING")
                    .bind(&key)
                    .bind(crate::unix_ms())
                    .execute(&self.writer)
                    .await?;
                rows = read().await?;
            }
            rows.iter()
                .map(|row| {
                    Ok(crate::tokens::KeptKey {
                        id: row.try_get::<i64, _>("id")? as u32,
                        secret: row.try_get("key")?,
                        made_at: row.try_get("created_at")?,
                    })
                })
                .collect()
        })
    }

    fn sign_outs_since(&self, after: i64) -> BoxFuture<'_, StoreResult<Vec<(String, i64)>>> {
        Box::pin(async move {
            let rows = sqlx::query("SELECT player, at FROM sign_outs WHERE at > $1 ORDER BY at")
                .bind(after)
                .fetch_all(&self.reader)
                .await?;
            rows.iter().map(|row| Ok((row.try_get("player")?, row.try_get("at")?))).collect()
        })
    }

    fn sign_out_of<'a>(&'a self, player: &'a str) -> BoxFuture<'a, StoreResult<Option<i64>>> {
        Box::pin(async move {
            Ok(sqlx::query_scalar("SELECT at FROM sign_outs WHERE player = $1")
                .bind(player)
                .fetch_optional(&self.reader)
                .await?)
        })
    }

    fn forget_sign_outs(&self, before: i64) -> BoxFuture<'_, StoreResult<u64>> {
        Box::pin(async move {
            let done = sqlx::query("DELETE FROM sign_outs WHERE at < $1").bind(before).execute(&self.writer).await?;
            Ok(done.rows_affected())
        })
    }

    fn sign_out<'a>(&'a self, player: &'a str, at: i64) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            sqlx::query(
                "INSERT INTO sign_outs (player, at) VALUES ($1, $2) ON CONFLICT (player) DO UPDATE SET at = excluded.at",
            )
            .bind(player)
            .bind(at)
            .execute(&self.writer)
            .await?;
            Ok(())
        })
    }
}
