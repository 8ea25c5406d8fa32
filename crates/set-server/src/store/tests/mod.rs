//! The store's tests, a file a role, run against each database it keeps: a SQLite file
//! always, and Postgres too when `SET_TEST_POSTGRES` names a server's
//! `postgres` database (scripts/test.sh starts one with
//! scripts/postgres.sh and sets `SET_TEST_REQUIRE_POSTGRES`, so that CI
//! runs both or fails). Each test gets a fresh database
//! of its own and removes it at the end.

#![allow(clippy::unwrap_used)]
mod identities;
mod leases;
mod measures;
mod moderation;
mod room_log;
mod standings;

use super::{
    ChatRecord, Database, Durability, Expiry, Identities, Leases, MoveKind, MoveRecord, ResultRecord, RoomLog,
    RoomRecord, SeatRecord, Speaker, SqlStore, Standings, Status, StoreError, Taken,
};

/// A fresh store, and what removes it.
struct Scratch {
    store: SqlStore,
    /// Which database this is, for the tests' messages.
    kind: &'static str,
    gone: Gone,
}

enum Gone {
    Folder(std::path::PathBuf),
    /// A Postgres database, dropped through the server's admin URL.
    Database {
        admin: String,
        name: String,
    },
}

impl Scratch {
    /// The store, saying which it is (shown with a failing test's output).
    fn store(&self) -> &SqlStore {
        eprintln!("against {}", self.kind);
        &self.store
    }

    async fn remove(self) {
        let Scratch { store, gone, .. } = self;
        drop(store);
        match gone {
            Gone::Folder(dir) => {
                let _ = std::fs::remove_dir_all(&dir);
            }
            Gone::Database { admin, name } => {
                let pool = sqlx::AnyPool::connect(&admin).await.unwrap();
                sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")))
                    .execute(&pool)
                    .await
                    .unwrap();
            }
        }
    }
}

/// A fresh store of each kind the tests run against (`name`: the test's).
async fn stores(name: &str) -> Vec<Scratch> {
    sqlx::any::install_default_drivers();
    let dir = std::env::temp_dir().join(format!("set-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sqlite = SqlStore::open(&Database::Sqlite(dir.join("set.db")), Durability::PowerLoss).await.unwrap();
    let mut stores = vec![Scratch { store: sqlite, kind: "sqlite", gone: Gone::Folder(dir) }];
    match std::env::var("SET_TEST_POSTGRES") {
        Ok(admin) => {
            let database = format!("set_{name}_{}", std::process::id()).replace('-', "_");
            let pool = sqlx::AnyPool::connect(&admin).await.unwrap();
            sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)")))
                .execute(&pool)
                .await
                .unwrap();
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {database}"))).execute(&pool).await.unwrap();
            pool.close().await;
            let url = format!("{}/{database}", admin.rsplit_once('/').unwrap().0);
            let store = SqlStore::open(&Database::Postgres(url), Durability::PowerLoss).await.unwrap();
            stores.push(Scratch { store, kind: "postgres", gone: Gone::Database { admin, name: database } });
        }
        Err(std::env::VarError::NotPresent) if std::env::var_os("SET_TEST_REQUIRE_POSTGRES").is_some() => {
            panic!("SET_TEST_POSTGRES is not set, and the store's tests must run against Postgres too")
        }
        Err(_) => eprintln!("SET_TEST_POSTGRES is not set: the store's tests run against SQLite only"),
    }
    stores
}

fn room(id: &str) -> RoomRecord {
    RoomRecord {
        id: id.into(),
        mode: set_core::rules::variant::Variant::Classic,
        hints: true,
        dealing: set_core::rules::variant::Dealing::Automatic,
        public: true,
        bots: Vec::new(),
        seed: 1,
        salt: "s".into(),
        commitment: "c".into(),
        host: "p".into(),
        status: Status::Waiting,
        created_at: 0,
        ended_at_ms: None,
        next_room: None,
        quick: false,
    }
}

fn hint(seq: u32) -> MoveRecord {
    MoveRecord { seq, seat: 0, at_ms: u64::from(seq), kind: MoveKind::Hint, cards: Vec::new() }
}
