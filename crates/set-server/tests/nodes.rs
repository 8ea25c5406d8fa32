//! Two nodes on one Postgres database, as a cluster runs: a player routed
//! by the room to the second node (as the proxy routes it) asks for the
//! room, and the first, which holds it, lets it go once it has held it for
//! its tenure (never because a socket arrived): it closes its sockets with
//! 4003, its players come back through the second with the tokens the first
//! signed, and play on. A socket not routed by the room takes nothing and
//! is told where the room is played. The database is read with the test's
//! own queries: one log, no move twice. A node that lost a room never
//! serves its old copy: asked for it again, it reads it anew. An owner that
//! froze cannot let go, and its room is taken once its lease runs out: it
//! keeps nothing late. Runs where `SET_TEST_POSTGRES` names a server (scripts/test.sh).

use crate::support::*;
use sqlx::Row;

/// Two nodes on one Postgres database, and a game on the first: Ann and
/// Ben seated, started, and one set of Ann's (its move).
struct Game {
    first: Server,
    second: Server,
    ann: Client,
    ben: Client,
    room: String,
    moved: serde_json::Value,
}

async fn one_set_on_the_first(database: &PostgresDatabase, scratch: &Scratch) -> Game {
    let db = std::path::Path::new(&database.url);
    let first = Server::try_start_with(db, &scratch.dist(), &[], &["--node", "first"]).unwrap();
    let second = Server::try_start_with(db, &scratch.dist(), &[], &["--node", "second"]).unwrap();
    let mut ann = Client::new(&first, None).await;
    let room = ann.create("classic", "Ann").await;
    let mut ben = Client::new(&first, None).await;
    ben.join(&room, Some("Ben"), 0).await;
    ann.send(ClientMsg::Start).await;
    let start = ann.expect("room").await;
    let moved = ann.play_a_set(&ids(&start["view"]["table"]), 0).await;
    Game { first, second, ann, ben, room, moved }
}

/// Reads `client`'s frames until its socket is closed: the close code.
async fn closed(client: &mut Client) -> serde_json::Value {
    client.forget_held();
    loop {
        let message = client.next().await;
        if message["t"] == "closed" {
            return message["code"].clone();
        }
    }
}

#[tokio::test]
async fn a_room_asked_for_by_the_node_its_players_are_routed_to_is_let_go_after_its_tenure() {
    let Some(database) = PostgresDatabase::new("nodes").await else { return };
    let scratch = Scratch::new("nodes");
    // Ann and Ben play on the first node.
    let Game { first, second, mut ann, mut ben, room, moved } = one_set_on_the_first(&database, &scratch).await;
    let table = ids(&moved["view"]["table"]);
    assert_eq!(ann.node, "first");
    let pool = sqlx::PgPool::connect(&database.url).await.unwrap();
    let owner = async || -> (String, i64) {
        sqlx::query_as("SELECT owner, epoch FROM rooms WHERE id = $1").bind(&room).fetch_one(&pool).await.unwrap()
    };
    let (_, held) = owner().await;

    // A socket on the second node that does not name the room (a lobby's)
    // takes nothing: it is told where the room is played.
    let mut lobby = Client::new(&second, None).await;
    lobby.send(ClientMsg::Join { room: room.clone(), name: None, since: Some(0) }).await;
    assert_eq!(lobby.expect("found").await["room"], room.as_str());
    assert_eq!(owner().await, ("first".to_owned(), held), "nothing raised");

    // Cy opens the room on the second node by its socket, as the proxy
    // routes it: the second asks, the first lets go once it has held the
    // room for its tenure, and Cy is in, with every move the first kept.
    let asked = std::time::Instant::now();
    let mut cy = Client::through(&second.addr, Some(&room), None).await.unwrap();
    assert_eq!(cy.node, "second");
    let seen = cy.join(&room, None, 0).await;
    assert_eq!((seen["seq"].as_u64(), seen["view"]["table"].clone()), (Some(1), moved["view"]["table"].clone()));
    eprintln!("handed over in {:?}", asked.elapsed());
    assert_eq!(owner().await.0, "second");
    // The first node's players were moved, not refused: 4003, come back.
    assert_eq!(closed(&mut ann).await, 4003);
    assert_eq!(closed(&mut ben).await, 4003);

    // Ben comes back through the second node, with the first node's token.
    let mut ben = Client::through(&second.addr, Some(&room), Some(&ben.token)).await.unwrap();
    let back = ben.join(&room, None, 1).await;
    assert_eq!((back["seat"].as_u64(), back["seq"].as_u64()), (Some(1), Some(1)));
    let again = ben.play_a_set(&table, 1).await;
    assert_eq!(again["seq"], 2);
    assert_eq!(cy.expect_move(2).await["seq"], 2);

    // The database, read with the test's own queries: one log, in order.
    let seqs: Vec<i64> = sqlx::query("SELECT seq FROM moves WHERE room = $1 ORDER BY seq")
        .bind(&room)
        .fetch_all(&pool)
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert_eq!(seqs, [1, 2], "no move twice");

    // Routed by the room to the first node again (a proxy whose nodes
    // changed), a player waits for the second to let go, and is never
    // shown the copy the first held: the room is read from the log as it is now.
    let mut di = Client::through(&first.addr, Some(&room), None).await.unwrap();
    let fresh = di.join(&room, None, 0).await;
    assert_eq!((fresh["seq"].as_u64(), fresh["view"].clone()), (Some(2), again["view"].clone()));
    assert_eq!(owner().await.0, "first");
    assert_eq!(closed(&mut cy).await, 4003);
    assert_eq!(closed(&mut ben).await, 4003);
    pool.close().await;
    drop((di, lobby, cy, ben, ann));
    let _ = (first.terminate(), second.terminate());
    database.remove().await;
}

/// Waits until every thread of process `pid` is stopped: a SIGSTOP is
/// sent at once, but a busy machine may let a thread run on for a moment
/// (and answer a claim that was meant to wait).
async fn stopped(pid: &str) {
    let all_stopped = || {
        let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).unwrap();
        tasks.flatten().all(|task| {
            let stat = std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
            let state = stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().next());
            state == Some("T") || state == Some("t")
        })
    };
    for _ in 0..500 {
        if all_stopped() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("process {pid} did not stop");
}

/// The owner is frozen (SIGSTOP) while a player's claim waits for it and
/// another node takes the room once its lease runs out, and plays on; resumed (SIGCONT), it finds
/// its epoch raised: the waiting claim is refused, never accepted, the
/// node lets go of the room and closes its sockets with 4003, and the
/// database holds one log, the other node's moves after the first's.
#[tokio::test]
async fn a_frozen_owner_resumed_after_another_node_took_its_room_keeps_nothing_late() {
    let Some(database) = PostgresDatabase::new("frozen").await else { return };
    let scratch = Scratch::new("frozen");
    let Game { first, second, ann, mut ben, room, moved } = one_set_on_the_first(&database, &scratch).await;
    let table = ids(&moved["view"]["table"]);

    // The first node freezes with Ben's claim on its way to it.
    let pid = first.child.id().to_string();
    assert!(std::process::Command::new("kill").args(["-STOP", &pid]).status().unwrap().success());
    stopped(&pid).await;
    let late = ben.claim(&a_set(&table), 1).await;
    // Meanwhile Ann goes on through the second node: the frozen owner
    // cannot let go, and the second takes the room once its lease ran out.
    let mut ann = Client::through(&second.addr, Some(&room), Some(&ann.token)).await.unwrap();
    let here = ann.join(&room, None, 1).await;
    assert_eq!(here["seq"], 1);
    let on = ann.play_a_set(&table, 1).await;
    assert_eq!(on["seq"], 2);

    // Resumed, the first node may append nothing more.
    assert!(std::process::Command::new("kill").args(["-CONT", &pid]).status().unwrap().success());
    let mut answers = Vec::new();
    loop {
        let message = ben.next().await;
        if message["t"] == "closed" {
            assert_eq!(message["code"], 4003);
            break;
        }
        answers.push(message);
    }
    assert!(
        !answers.iter().any(|m| m["id"] == late && m["verdict"] == "accepted"),
        "the frozen node's late claim is never shown as accepted: {answers:?}"
    );
    let pool = sqlx::PgPool::connect(&database.url).await.unwrap();
    let log: Vec<(i64, i64)> = sqlx::query_as("SELECT seq, seat FROM moves WHERE room = $1 ORDER BY seq")
        .bind(&room)
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(log, [(1, 0), (2, 0)], "one log: Ann's set on the first node, then hers on the second");
    pool.close().await;
    drop((ann, ben));
    let _ = (first.terminate(), second.terminate());
    database.remove().await;
}

/// Round three: the cluster's Postgres trusted every local user, who could
/// read the token-signing key and every room's seed. Now it asks for its
/// password (scripts/postgres.sh): a client without it, or with another,
/// is refused; with it (the file the tests were given), let in.
#[tokio::test]
async fn a_connection_to_postgres_without_its_password_is_refused() {
    let Ok(url) = std::env::var("SET_TEST_POSTGRES") else {
        assert!(std::env::var_os("SET_TEST_REQUIRE_POSTGRES").is_none(), "SET_TEST_POSTGRES is not set");
        return;
    };
    let wrong = url.replacen("postgres://postgres@", "postgres://postgres:not-the-password@", 1);
    assert_ne!(wrong, url);
    let refused = sqlx::PgPool::connect(&wrong).await.err().map(|err| err.to_string()).unwrap_or_default();
    assert!(refused.contains("password authentication failed"), "{refused:?}");
    // Without the password file: psql, never asking, is refused.
    let psql = std::process::Command::new("psql")
        .env_remove("PGPASSFILE")
        .env_remove("PGPASSWORD")
        .env("HOME", "/nonexistent")
        .args(["-w", "-qtAc", "SELECT 1", &url])
        .output()
        .unwrap();
    assert!(!psql.status.success(), "{}", String::from_utf8_lossy(&psql.stdout));
    assert!(String::from_utf8_lossy(&psql.stderr).contains("password"), "{}", String::from_utf8_lossy(&psql.stderr));
    // With it, in.
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    let one: i32 = sqlx::query_scalar("SELECT 1").fetch_one(&pool).await.unwrap();
    assert_eq!(one, 1);
    pool.close().await;
}
