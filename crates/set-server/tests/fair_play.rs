//! Fair play against the real server, its rules as they are by default
//! (docs/fair-play.md): the rating farm a review ran (a solver against
//! sockpuppets that sit and never claim, rematching in a loop) moves no
//! rating and lists no one; puppets that claim once to look like players
//! are new identities, worth nothing to the farmer; a set claimed faster
//! than a person marks its player for the operator and unrates the game. The
//! database and `/metrics` are read with the test's own queries.

use crate::support::*;
use serde_json::Value;
use sqlx::Row;

/// One farmed game in `room` (the farmer seated and host, `puppet` a fresh
/// identity): the puppet sits, makes one wrong claim if `claims`, and the
/// farmer solves the rest; the room at the end.
async fn farm_one(server: &Server, farmer: &mut Client, room: &str, claims: bool, game: usize) -> Value {
    let mut puppet = Client::new(server, None).await;
    // Seated once its snapshot comes (the farmer hears of it in a `players` frame).
    puppet.join(room, Some(&format!("Puppet {game}")), 0).await;
    farmer.send(ClientMsg::Start).await;
    let started = farmer.first_room_with(|r| r["status"] == "playing").await;
    assert_eq!(started["rated"], true, "as set up, the room is rated");
    let table = ids(&started["view"]["table"]);
    let mut seq = 0;
    if claims {
        puppet.first_room_with(|r| r["status"] == "playing").await;
        let id = puppet.claim(&a_non_set(&table), 0).await;
        assert_eq!(puppet.result(id).await["verdict"], "wrong");
        seq = 1;
    }
    solve(farmer, table, seq, 130).await
}

async fn farmer_in_a_room(server: &Server) -> (Client, String) {
    farmer_in_a_room_as(server, None).await
}

/// The farmer (a new identity, or the one of `token` on a new connection:
/// each connection makes a few rooms only) makes a rated Junior room and sits in it.
async fn farmer_in_a_room_as(server: &Server, token: Option<&str>) -> (Client, String) {
    let mut farmer = Client::new(server, token).await;
    farmer
        .send(ClientMsg::Create {
            mode: "junior".into(),
            hints: false,
            name: "Farmer".into(),
            public: false,
            bots: vec![],
            dealing: set_core::rules::variant::Dealing::Automatic,
        })
        .await;
    let room = farmer.expect("created").await["room"].as_str().unwrap().to_owned();
    farmer.join(&room, None, 0).await;
    (farmer, room)
}

/// The next room, by rematch, with the farmer in it (alone: a fresh puppet
/// joins). Over a new connection each time, in the finished `room`: a
/// connection makes three rooms at most, and rematches spend that budget.
async fn rematch(server: &Server, farmer: &mut Client, room: &str) -> String {
    *farmer = Client::new(server, Some(&farmer.token)).await;
    farmer.join(room, None, 0).await;
    farmer.send(ClientMsg::Rematch).await;
    let next = farmer.expect("rematch").await["room"].as_str().unwrap().to_owned();
    farmer.join(&next, None, 0).await;
    next
}

fn body(answer: &str) -> Value {
    serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap()
}

/// A counter's value in `/metrics` text (0 if absent).
fn counter(metrics: &str, line_start: &str) -> u64 {
    metrics.lines().find(|l| l.starts_with(line_start)).and_then(|l| l.rsplit(' ').next()?.parse().ok()).unwrap_or(0)
}

async fn read_only(scratch: &Scratch) -> sqlx::SqlitePool {
    sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", scratch.db().display())).await.unwrap()
}

/// Farmed games that are too short to count.
const SHORT_GAMES: u64 = 5;
/// Farmed games that count, each against a fresh puppet.
const COUNTED_GAMES: usize = 12;

#[tokio::test]
async fn a_farm_of_sockpuppets_moves_no_rating_and_lists_no_one() {
    let scratch = Scratch::new("fair-farm");
    // As the review ran it: puppets that never claim, games of a second or
    // two. A Junior game's floor is the classic one's in proportion
    // (`fair::min_game_ms`): with the classic floor at 300 s, Junior's is
    // 24 s, far over a farmed game on the busiest machine.
    let server = Server::start_with(&scratch, &["--rated-game-seconds", "300"]);
    let (mut farmer, mut room) = farmer_in_a_room(&server).await;
    for game in 0..SHORT_GAMES {
        if game > 0 {
            room = rematch(&server, &mut farmer, &room).await;
        }
        let over = farm_one(&server, &mut farmer, &room, false, game as usize).await;
        assert_eq!((over["rated"].as_bool(), over["results"].as_array().map(Vec::len)), (Some(false), Some(0)));
    }
    let metrics = server.get("/metrics", "").await;
    assert_eq!(counter(&metrics, "set_unrated_games_total{reason=\"short\"}"), SHORT_GAMES, "{metrics}");
    let pool = read_only(&scratch).await;
    let kept: i64 = sqlx::query("SELECT COUNT(*) FROM ratings").fetch_one(&pool).await.unwrap().get(0);
    assert_eq!(kept, 0, "no rating kept for a game that did not count");
    pool.close().await;
    drop(farmer);
    server.kill();

    // The time rules off, to see the identity rules hold alone: every game
    // counts, each against a fresh puppet that claims once to take part.
    let server = Server::start_with(
        &scratch,
        &["--rated-game-seconds", "0", "--seeing-floor-ms", "0", "--rooms-per-address", "100"],
    );
    let (mut farmer, mut room) = farmer_in_a_room(&server).await;
    for game in 0..COUNTED_GAMES {
        if game > 0 {
            // A room of its own each time: a rematch would seat the last puppet again.
            (farmer, room) = farmer_in_a_room_as(&server, Some(&farmer.token)).await;
        }
        let over = farm_one(&server, &mut farmer, &room, true, game).await;
        assert_eq!(over["rated"], true, "game {game} counted");
        let mine = over["results"].as_array().unwrap().iter().find(|r| r["seat"] == 0).unwrap().clone();
        assert_eq!((mine["place"].as_u64(), mine["after"].as_i64()), (Some(1), Some(1500)), "game {game}: {mine}");
    }
    let pool = read_only(&scratch).await;
    let (mu, games, opponents): (f64, i64, i64) =
        sqlx::query("SELECT mu, games, opponents FROM ratings WHERE player = ? AND mode = 'junior'")
            .bind(&farmer.player)
            .fetch_one(&pool)
            .await
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .unwrap();
    assert!((mu * 60.0 - 1500.0).abs() < 100.0, "the farmer moved to {}", mu * 60.0);
    assert_eq!((games, opponents), (COUNTED_GAMES as i64, COUNTED_GAMES as i64));
    let puppets: i64 = sqlx::query("SELECT COUNT(*) FROM ratings WHERE player <> ?")
        .bind(&farmer.player)
        .fetch_one(&pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(puppets, COUNTED_GAMES as i64);
    pool.close().await;
    let board = body(&server.get("/api/leaderboard/junior", "").await);
    assert_eq!(board, serde_json::json!([]), "neither the farmer nor a puppet is listed");
}

#[tokio::test]
async fn a_set_faster_than_a_person_unrates_the_game_and_marks_its_player() {
    let scratch = Scratch::new("fair-fast");
    // Any length of game counts here, so that only the claims' speed decides.
    let server = Server::start_with(&scratch, &["--rated-game-seconds", "0"]);
    let (mut farmer, room) = farmer_in_a_room(&server).await;
    // The puppet claims once; the farmer then claims each set 130 ms after
    // the table changed, its newest card dealt a moment before.
    let over = farm_one(&server, &mut farmer, &room, true, 0).await;
    assert_eq!((over["rated"].as_bool(), over["results"].as_array().map(Vec::len)), (Some(false), Some(0)));
    let metrics = server.get("/metrics", "").await;
    assert_eq!(counter(&metrics, "set_unrated_games_total{reason=\"too_fast\"}"), 1, "{metrics}");
    let flagged = counter(&metrics, "set_fair_play_flags_total");
    assert!(flagged >= 1, "{metrics}");
    let pool = read_only(&scratch).await;
    let flags: Vec<(String, String, i64, i64)> =
        sqlx::query("SELECT player, room, seq, looked_ms FROM flags ORDER BY seq")
            .fetch_all(&pool)
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
            .collect();
    assert_eq!(flags.len() as u64, flagged);
    assert!(flags.iter().all(|f| f.0 == farmer.player && f.1 == room), "only the farmer, in this room: {flags:?}");
    assert!(flags.iter().all(|f| f.3 < 300), "{flags:?}");
    // The flagged events are the farmer's sets in the log, made that soon after a card came.
    for (_, _, seq, _) in &flags {
        let (seat, kind): (i64, String) = sqlx::query("SELECT seat, kind FROM moves WHERE room = ? AND seq = ?")
            .bind(&room)
            .bind(seq)
            .fetch_one(&pool)
            .await
            .map(|r| (r.get(0), r.get(1)))
            .unwrap();
        assert_eq!((seat, kind.as_str()), (0, "claim"));
    }
    let rated: i64 = sqlx::query("SELECT COUNT(*) FROM results").fetch_one(&pool).await.unwrap().get(0);
    assert_eq!(rated, 0);
    pool.close().await;
}
