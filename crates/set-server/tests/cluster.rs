//! Three nodes on a Postgres of their own behind nginx, started by
//! scripts/cluster.sh as an operator would start them (real processes, on
//! loopback, stopped at the end, also on failure), and what players see
//! when a part fails. Two players in a room through nginx; the node that
//! owns the room is killed with SIGKILL, or stopped with SIGTERM for an
//! upgrade; both reconnect through nginx, reach another node, which takes
//! the room and replays it from Postgres: the board and scores are as they
//! were, and the game is played to its end. The stored log (read with the
//! test's own query) has every move once, and the finished game downloads
//! and replays. Postgres stopped and started mid-game. (The bus's failures
//! are tests/cluster_lobby.rs'.)
//! Runs where `SET_TEST_POSTGRES` says the tests have Postgres
//! (scripts/test.sh); nginx comes with scripts/setup.sh.

use crate::support::cluster::Cluster;
use crate::support::*;
use serde_json::Value;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// Ann makes a room from the lobby's socket; both players then open the
/// room's, as the page does, and nginx sends them to one node; Ann starts
/// it. The players, the room and its start.
async fn started_through(cluster: &Cluster, mode: &str) -> (Client, Client, String, Value) {
    let mut lobby = Client::through(&cluster.addr, None, None).await.unwrap();
    let room = lobby.create(mode, "Ann").await;
    let token = lobby.token.clone();
    drop(lobby);
    let mut ann = Client::through(&cluster.addr, Some(&room), Some(&token)).await.unwrap();
    ann.join(&room, None, 0).await;
    let mut ben = Client::through(&cluster.addr, Some(&room), None).await.unwrap();
    ben.join(&room, Some("Ben"), 0).await;
    assert_eq!(ann.node, ben.node, "one room, one node");
    ann.send(ClientMsg::Start).await;
    let start = ann.expect("room").await;
    (ann, ben, room, start)
}

/// Reconnects through nginx until a node answers, and rejoins the room.
async fn back(cluster: &Cluster, room: &str, token: &str, since: u32) -> (Client, Value) {
    for _ in 0..100 {
        if let Ok(mut client) = Client::through(&cluster.addr, Some(room), Some(token)).await {
            let snapshot = client.join(room, None, since).await;
            return (client, snapshot);
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no node answered through nginx for 5 s");
}

#[tokio::test]
async fn the_node_owning_a_room_is_killed_and_its_players_finish_the_game_on_another() {
    let Some(cluster) = Cluster::for_test("cluster-kill") else { return };
    the_owner_goes(&cluster, "KILL").await;
}

#[tokio::test]
async fn the_node_owning_a_room_is_stopped_for_an_upgrade_and_its_players_finish_the_game_on_another() {
    let Some(cluster) = Cluster::for_test("cluster-term") else { return };
    the_owner_goes(&cluster, "TERM").await;
}

/// The owner of a room in play is sent `signal` after two sets; its
/// players move and finish the game on another node, and nothing is lost.
async fn the_owner_goes(cluster: &Cluster, signal: &str) {
    let (mut ann, mut ben, room, start) = started_through(cluster, "junior").await;
    let (mut table, mut seq) = (ids(&start["view"]["table"]), 0);
    for turn in 0..2 {
        let player = if turn == 0 { &mut ann } else { &mut ben };
        let moved = player.play_a_set(&table, seq).await;
        seq = moved["seq"].as_u64().unwrap();
        table = ids(&moved["view"]["table"]);
    }
    let before = ann.join(&room, None, 0).await;

    // The owner, as the database says, goes.
    let url = cluster.file("postgres.url");
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    let owner: String =
        sqlx::query_scalar("SELECT owner FROM rooms WHERE id = $1").bind(&room).fetch_one(&pool).await.unwrap();
    assert_eq!(owner, ann.node);
    let gone = Instant::now();
    cluster.signal(&owner, signal);
    ann.forget_held();
    let closed = loop {
        let next = ann.next().await;
        if next["t"] == "closed" {
            break next;
        }
    };
    if signal == "TERM" {
        assert_eq!(closed["code"], set_protocol::close::RESTARTING, "a drain says so: {closed}");
    }

    // Both come back through nginx, to another node, as they were.
    let (ann_token, ben_token) = (ann.token.clone(), ben.token.clone());
    drop((ann, ben));
    let (mut ann, after) = back(cluster, &room, &ann_token, 0).await;
    eprintln!("SIG{signal}: the players were without their room for {} ms", gone.elapsed().as_millis());
    let (mut ben, _) = back(cluster, &room, &ben_token, seq as u32).await;
    assert_ne!(ann.node, owner);
    assert_eq!(ann.node, ben.node);
    for field in ["view", "seq", "status", "commitment", "moves"] {
        assert_eq!(after[field], before[field], "{field} after the owner's death");
    }
    let scores = |v: &Value| v["players"].as_array().unwrap().iter().map(|p| p["score"].clone()).collect::<Vec<_>>();
    assert_eq!(scores(&after), [1, 1]);

    // Played to its end on the new node.
    let (end, seq) = play_to_the_end([&mut ann, &mut ben], &table, seq).await;
    assert_eq!(end["status"], "over");
    let seqs: Vec<i64> = sqlx::query_scalar("SELECT seq FROM moves WHERE room = $1 ORDER BY seq")
        .bind(&room)
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(seqs, (1..=seq as i64).collect::<Vec<_>>(), "every move once, in order");
    pool.close().await;
    let (status, save) = cluster.get(None, &format!("/api/games/{room}"));
    assert_eq!(status, 200);
    let (saved, _) = set_core::save::decode_seated(&save).expect("the finished game downloads as a save");
    assert!(saved.game.is_over());
    assert_eq!(saved.game.moves().len() as u64, seq, "the stored log replays to the end");
}

/// Postgres stops in the middle of a game: a claim is answered
/// `unavailable` and changes nothing, and the node's health says its
/// database is down; once Postgres is back, the same claim is accepted and
/// play goes on, with one log in the database.
#[tokio::test]
async fn while_postgres_is_stopped_claims_are_unavailable_and_play_resumes_when_it_is_back() {
    let Some(cluster) = Cluster::for_test("cluster-postgres") else { return };
    let (mut ann, mut ben, room, start) = started_through(&cluster, "classic").await;
    let moved = ann.play_a_set(&ids(&start["view"]["table"]), 0).await;
    let table = ids(&moved["view"]["table"]);

    let url = cluster.file("postgres.url");
    let port = url.rsplit_once(':').unwrap().1.split('/').next().unwrap().to_owned();
    let postgres = |command: &str| {
        let mut run = Command::new("bash");
        run.arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/postgres.sh"));
        run.arg(command).arg(cluster.dir.join("postgres"));
        if command == "start" {
            run.arg(&port);
        }
        assert!(run.output().unwrap().status.success(), "postgres.sh {command}");
    };
    postgres("stop");
    let id = ben.claim(&a_set(&table), 1).await;
    let answer = ben.result(id).await;
    assert_eq!((answer["t"].as_str(), answer["code"].as_str()), (Some("error"), Some("unavailable")), "{answer}");
    let (status, health) = cluster.get(Some(&ben.node), "/healthz");
    assert_eq!(status, 503, "the node's health says its database is down: {health}");

    postgres("start");
    let mut accepted = None;
    for _ in 0..50 {
        let id = ben.claim(&a_set(&table), 1).await;
        let answer = ben.result(id).await;
        if answer["verdict"] == "accepted" {
            accepted = Some(answer);
            break;
        }
        assert_eq!(answer["code"], "unavailable", "{answer}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let accepted = accepted.expect("the claim is accepted once Postgres is back");
    assert_eq!(accepted["seq"], 2, "nothing was kept while Postgres was down");
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    let seqs: Vec<i64> = sqlx::query_scalar("SELECT seq FROM moves WHERE room = $1 ORDER BY seq")
        .bind(&room)
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(seqs, [1, 2]);
    pool.close().await;
}

/// A short load through nginx, with the node that has most of its rooms
/// (as the database says) killed halfway: set-loadgen's players come back through nginx and play
/// on, and it fails on any error, lost result or stored log (read from
/// Postgres with its own queries) that does not replay to the board its
/// clients saw. The full load is scripts/bench.sh's.
#[tokio::test]
async fn a_short_load_through_nginx_with_a_node_killed_halfway_loses_nothing() {
    let Some(cluster) = Cluster::for_test("cluster-load") else { return };
    let load = Command::new(loadgen())
        .args(["--addr", &cluster.addr, "--rooms", "6", "--per-room", "3", "--seconds", "6", "--seed", "5"])
        .args(["--reconnect", "1", "--db", &cluster.file("postgres.url")])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    let pool = sqlx::PgPool::connect(&cluster.file("postgres.url")).await.unwrap();
    let busiest: String = sqlx::query_scalar(
        "SELECT owner FROM rooms WHERE status = 'playing' GROUP BY owner ORDER BY count(*) DESC, owner LIMIT 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    pool.close().await;
    cluster.signal(&busiest, "KILL");
    let output = load.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "set-loadgen failed:\n{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    let bench: Value = stdout
        .lines()
        .find_map(|line| line.strip_prefix("BENCH "))
        .map_or_else(|| panic!("no BENCH line in:\n{stdout}"), |json| serde_json::from_str(json).unwrap());
    assert_eq!(
        (bench["errors"].as_u64(), bench["lost"].as_u64(), bench["mismatches"].as_u64()),
        (Some(0), Some(0), Some(0))
    );
    assert!(bench["rooms_checked"].as_u64().unwrap() >= 6, "every room's log was replayed: {bench}");
    assert!(bench["accepted"].as_u64().unwrap() > 0, "sets were found: {bench}");
    assert!(bench["without_room"].as_u64().unwrap() >= 3, "a room's players came back through nginx: {bench}");
    eprintln!("players came back {} times after {busiest} was killed", bench["without_room"]);
}
