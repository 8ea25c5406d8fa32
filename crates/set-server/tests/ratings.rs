//! Ratings through the real server: a rated game (no hints, people only)
//! played to its end writes each player's result and new rating once, in
//! the transaction of the game's last move, so a SIGKILL right after it loses
//! neither; a player who left takes the last place whatever their sets; an
//! unrated room writes nothing. These games are played in seconds, on a
//! server whose fair-play rules are a small server's among friends
//! ([`FRIENDLY`]); tests/fair_play.rs plays against the rules as they are
//! by default. The database is read with the test's own queries.

use crate::support::*;
use serde_json::Value;
use sqlx::Row;

/// Every game of people who all claimed counts, however short or fast;
/// every identity moves others fully; leaderboards list anyone with a game.
const FRIENDLY: [&str; 11] = [
    "--rated-game-seconds",
    "0",
    "--seeing-floor-ms",
    "0",
    "--established-opponents",
    "0",
    "--listed-games",
    "1",
    "--listed-opponents",
    "1",
    "--list-provisional",
];

async fn rated_room(server: &Server, names: &[&str]) -> (Vec<Client>, String) {
    let mut host = Client::new(server, None).await;
    let room = host.make_rated("junior", names[0], false).await;
    let mut clients = vec![host];
    for name in &names[1..] {
        let mut client = Client::new(server, None).await;
        client.join(&room, Some(name), 0).await;
        clients.push(client);
    }
    (clients, room)
}

/// Plays sets as `client` until the game is over or `sets` are found; the
/// last move. A claim every 150 ms, within a connection's 8 a second.
async fn play(client: &mut Client, table: &mut Vec<u8>, seq: &mut u64, sets: usize) -> Value {
    let mut last = Value::Null;
    for _ in 0..sets {
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        last = client.play_a_set(table, *seq).await;
        *seq = last["seq"].as_u64().unwrap();
        *table = ids(&last["view"]["table"]);
        if last["view"]["over"] == true {
            break;
        }
    }
    last
}

#[tokio::test]
async fn a_rated_game_writes_its_results_once_with_its_last_move_through_a_kill() {
    let scratch = Scratch::new("ratings");
    let server = Server::start_with(&scratch, &FRIENDLY);
    let (mut clients, room) = rated_room(&server, &["Ann", "Ben", "Cy"]).await;
    clients[0].send(ClientMsg::Start).await;
    let started = clients[0].expect("room").await;
    assert_eq!(started["rated"], true);
    let (mut table, mut seq) = (ids(&started["view"]["table"]), 0);
    // Ben makes one wrong claim (no part in a game by itself: every seat
    // must find a set for a game to count, and he finds one later).
    clients[1].expect("room").await;
    let wrong = clients[1].claim(&a_non_set(&table), 0).await;
    assert_eq!(clients[1].result(wrong).await["verdict"], "wrong");
    seq += 1;
    // Cy finds two sets and leaves; Ben finds one; Ann finds the rest.
    let mut cy = clients.pop().unwrap();
    cy.expect("room").await;
    play(&mut cy, &mut table, &mut seq, 2).await;
    drop(cy);
    // His cool-down after the wrong claim over first.
    tokio::time::sleep(std::time::Duration::from_millis(set_core::players::sitting::WRONG_COOLDOWN_MS)).await;
    play(&mut clients[1], &mut table, &mut seq, 1).await;
    let last = play(&mut clients[0], &mut table, &mut seq, 100).await;
    assert_eq!(last["view"]["over"], true);
    let over = clients[0].first_room_over().await;
    let results: Vec<(u64, u64, i64, i64)> = over["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["seat"].as_u64().unwrap(),
                r["place"].as_u64().unwrap(),
                r["before"].as_i64().unwrap(),
                r["after"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(results.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(), [(0, 1), (1, 2), (2, 3)], "Cy left: last");
    assert!(results.iter().all(|r| r.2 == 1500), "everyone's first game");
    assert!(results[0].3 > 1500 && results[2].3 < 1500, "{results:?}");

    // Killed at once: the results and ratings were kept with the last move.
    server.kill();
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", scratch.db().display())).await.unwrap();
    let rows = sqlx::query("SELECT seat, place, sets, mu_after FROM results WHERE room = ? ORDER BY seat")
        .bind(&room)
        .fetch_all(&pool)
        .await
        .unwrap();
    let stored: Vec<(i64, i64, i64)> = rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect();
    assert_eq!(stored.len(), 3);
    assert_eq!((stored[2].1, stored[2].2), (3, 2), "Cy: two sets, third place");
    let ratings: Vec<(String, i64, i64)> =
        sqlx::query("SELECT player, games, wins FROM ratings WHERE mode = 'junior' ORDER BY wins DESC, player")
            .fetch_all(&pool)
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect();
    let ended_at_ms: i64 =
        sqlx::query("SELECT ended_at_ms FROM rooms WHERE id = ?").bind(&room).fetch_one(&pool).await.unwrap().get(0);
    assert!(ended_at_ms > 0);
    assert_eq!(ratings.len(), 3);
    assert_eq!((ratings[0].0.as_str(), ratings[0].1, ratings[0].2), (clients[0].player.as_str(), 1, 1));
    assert!(ratings.iter().all(|r| r.1 == 1), "one game each, counted once");
    pool.close().await;

    // After the restart the room shows the same results.
    let server = Server::start_with(&scratch, &FRIENDLY);
    let mut back = Client::new(&server, Some(&clients[0].token)).await;
    let snapshot = back.join(&room, None, 0).await;
    assert_eq!(snapshot["results"], over["results"]);

    // The leaderboard and the profiles say the same.
    let body = |answer: String| -> Value { serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap() };
    let board = body(server.get("/api/leaderboard/junior", "").await);
    let order: Vec<&str> = board.as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(order, ["Ann", "Ben", "Cy"]);
    assert_eq!(board[0]["rating"], results[0].3);
    assert_eq!((board[0]["games"].as_u64(), board[0]["provisional"].as_bool()), (Some(1), Some(true)));
    let ann = body(server.get(&format!("/api/players/{}", clients[0].player), "").await);
    assert_eq!((ann["name"].as_str(), ann["games"].as_u64(), ann["wins"].as_u64()), (Some("Ann"), Some(1), Some(1)));
    assert_eq!(ann["ratings"]["junior"], results[0].3);
    assert_eq!(ann["sets"].as_i64(), Some(stored[0].2), "her sets, as the database's results have them");
    assert_eq!(ann["recent"][0]["room"], room.as_str());
    assert_eq!((ann["recent"][0]["place"].as_u64(), ann["recent"][0]["players"].as_u64()), (Some(1), Some(3)));
    // The game's length, start to last set, is the profile's time.
    assert_eq!(ann["recent"][0]["ms"].as_i64(), Some(ended_at_ms));
    assert_eq!(
        ann["times"]["junior"],
        serde_json::json!({ "games": 1, "fastest_win_ms": ended_at_ms, "median_ms": ended_at_ms })
    );
    let ben = body(server.get(&format!("/api/players/{}", clients[1].player), "").await);
    assert_eq!(
        ben["times"]["junior"],
        serde_json::json!({ "games": 1, "fastest_win_ms": null, "median_ms": ended_at_ms })
    );
    for missing in ["/api/players/00000000000000000000000000000000", "/api/players/nobody", "/api/leaderboard/daily"] {
        assert!(server.get(missing, "").await.starts_with("HTTP/1.1 404"), "{missing}");
    }
}

#[tokio::test]
async fn a_room_with_hints_is_not_rated_and_writes_no_result() {
    let scratch = Scratch::new("ratings-unrated");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("junior", "Ann").await;
    let mut ben = Client::new(&server, None).await;
    ben.join(&room, Some("Ben"), 0).await;
    ann.send(ClientMsg::Start).await;
    let started = ann.expect("room").await;
    assert_eq!(started["rated"], false);
    let (mut table, mut seq) = (ids(&started["view"]["table"]), 0);
    play(&mut ann, &mut table, &mut seq, 100).await;
    let over = ann.first_room_over().await;
    assert_eq!(over["results"], serde_json::json!([]));
    drop((ann, ben));
    let (status, _) = server.terminate();
    assert!(status.success());
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", scratch.db().display())).await.unwrap();
    let count: i64 = sqlx::query("SELECT COUNT(*) FROM ratings").fetch_one(&pool).await.unwrap().get(0);
    assert_eq!(count, 0);
}

/// A database that an earlier release wrote (its migrations up to 0006,
/// before ratings counted sets): the server's migration counts each
/// player's sets from the results already kept, and the profile says so.
#[tokio::test]
async fn ratings_kept_before_sets_were_counted_get_them_from_the_results_kept() {
    let scratch = Scratch::new("ratings-sets");
    let earlier = scratch.0.join("migrations-0006");
    std::fs::create_dir_all(&earlier).unwrap();
    let all = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/sqlite");
    for entry in std::fs::read_dir(&all).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if name.as_str() <= "0006_ratings.sql" {
            std::fs::copy(&path, earlier.join(&name)).unwrap();
        }
    }
    std::fs::create_dir_all(scratch.db().parent().unwrap()).unwrap();
    let url = format!("sqlite://{}?mode=rwc", scratch.db().display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::migrate::Migrator::new(earlier.as_path()).await.unwrap().run(&pool).await.unwrap();
    let player = "0123456789abcdef0123456789abcdef";
    // Made a minute ago (a game made in 1970 would be swept away as the
    // server starts), each a game of 60 s.
    let made = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64 - 60_000;
    for (room, sets) in [("aaaaaaaaaa", 4), ("bbbbbbbbbb", 7)] {
        sqlx::query(
            "INSERT INTO rooms (id, mode, hints, seed, salt, commitment, host, status, created_at, ended_at_ms)
             VALUES (?, 'junior', 0, 1, 's', 'c', ?, 'over', ?, 60000)",
        )
        .bind(room)
        .bind(player)
        .bind(made)
        .execute(&pool)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO results (room, seat, player, name, mode, place, sets, mu_before, sigma_before, mu_after, sigma_after)
             VALUES (?, 0, ?, 'Old', 'junior', 1, ?, 25, 8.3, 26, 8)",
        )
        .bind(room)
        .bind(player)
        .bind(sets)
        .execute(&pool)
        .await
        .unwrap();
    }
    sqlx::query("INSERT INTO ratings (player, mode, mu, sigma, games, wins) VALUES (?, 'junior', 26, 8, 2, 2)")
        .bind(player)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let server = Server::start(&scratch);
    let answer = server.get(&format!("/api/players/{player}"), "").await;
    let profile: Value = serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!((profile["games"].as_u64(), profile["sets"].as_u64()), (Some(2), Some(11)), "{profile}");
    assert_eq!(profile["times"]["junior"]["median_ms"], 60000);
}

/// A player connected for most of the game who is away when it ends (a
/// dropped connection at the last set) keeps the place of their sets; one
/// who left early is last (docs/fair-play.md).
#[tokio::test]
async fn a_player_away_for_a_moment_at_the_end_keeps_their_place() {
    let scratch = Scratch::new("ratings-away");
    let server = Server::start_with(&scratch, &FRIENDLY);
    let (mut clients, _room) = rated_room(&server, &["Ann", "Ben"]).await;
    clients[0].send(ClientMsg::Start).await;
    let started = clients[0].expect("room").await;
    let (mut table, mut seq) = (ids(&started["view"]["table"]), 0);
    let mut ben = clients.pop().unwrap();
    let mut ann = clients.pop().unwrap();
    ben.expect("room").await;
    // Ann takes sets, unhurried, until three cards are left in the deck,
    // then drops: she was there for most of the game and took most of its
    // sets. (Not until the deck is out: a deal may end the game on its last
    // refill, with no set left for Ben to claim.)
    loop {
        let moved = play(&mut ann, &mut table, &mut seq, 1).await;
        if moved["view"]["deck_left"].as_u64().unwrap() <= 3 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    }
    drop(ann);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    // Ben takes the rest (his first claims), and the game ends without her.
    let last = play(&mut ben, &mut table, &mut seq, 100).await;
    assert_eq!(last["view"]["over"], true);
    let over = ben.first_room_over().await;
    let places: Vec<(u64, u64)> = over["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["seat"].as_u64().unwrap(), r["place"].as_u64().unwrap()))
        .collect();
    assert_eq!(places, [(0, 1), (1, 2)], "Ann, away at the end, won on her sets: {over}");
}
