//! Fair play against the real server, its rules as they are by default
//! (docs/fair-play.md): the rating farm a review ran (a solver against
//! sockpuppets that sit and never claim, rematching in a loop) moves no
//! rating and lists no one; the review's group-of-eight farm (fresh
//! identities that play among themselves, then lose to a solver seven at a
//! time, at 400 ms and at 1.5 s a set) moves the solver no further than the
//! cap on unvouched points and lists no one; a set claimed faster than a
//! person marks its player for the operator and unrates the game. The
//! database and `/metrics` are read with the test's own queries.

use crate::support::*;
use serde_json::Value;
use sqlx::Row;
use std::time::Duration;

/// One farmed game in `room` (the farmer seated and host, `puppet` a fresh
/// identity): the puppet sits, finds one set if `claims` (at a person's
/// pace), and the farmer solves the rest; the room at the end.
async fn farm_one(server: &Server, farmer: &mut Client, room: &str, claims: bool, game: usize) -> Value {
    let mut puppet = Client::new(server, None).await;
    // Seated once its snapshot comes (the farmer hears of it in a `players` frame).
    puppet.join(room, Some(&format!("Puppet {game}")), 0).await;
    farmer.send(ClientMsg::Start).await;
    let started = farmer.first_room_with(|r| r["status"] == "playing").await;
    assert_eq!(started["rated"], true, "as set up, the room is rated");
    assert!(started["floor_ms"].is_u64(), "and says what a rated game needs: {started}");
    let table = ids(&started["view"]["table"]);
    let (mut table, mut seq) = (table, 0);
    if claims {
        puppet.first_room_with(|r| r["status"] == "playing").await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        let moved = puppet.play_a_set(&table, 0).await;
        seq = moved["seq"].as_u64().unwrap();
        table = ids(&moved["view"]["table"]);
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
    let room = rated_junior_room(&mut farmer, &mut []).await;
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
        // The room says why: too short for Junior's floor (and no floor once over).
        assert_eq!(
            (over["unrated"]["reason"].as_str(), over["unrated"]["floor_ms"].as_u64()),
            (Some("short"), Some(24_000))
        );
        assert!(over["unrated"]["ms"].as_u64().unwrap() < 24_000, "{over}");
        assert!(over.get("floor_ms").is_none(), "{over}");
    }
    let metrics = server.get("/metrics", "").await;
    assert_eq!(counter(&metrics, "set_unrated_games_total{reason=\"short\"}"), SHORT_GAMES, "{metrics}");
    let pool = read_only(&scratch).await;
    let kept: i64 = sqlx::query("SELECT COUNT(*) FROM ratings").fetch_one(&pool).await.unwrap().get(0);
    assert_eq!(kept, 0, "no rating kept for a game that did not count");
    pool.close().await;
}

/// A rated Junior room made by `host` (who sits in it), the `others`
/// seated after it, each named by its id: the room's id.
async fn rated_junior_room(host: &mut Client, others: &mut [Client]) -> String {
    let name = format!("H {}", &host.player[..8]);
    let room = host.make_rated("junior", &name, false).await;
    for other in others.iter_mut() {
        // Names are unique among the players online: each its own.
        let name = format!("P {}", &other.player[..8]);
        other.join(&room, Some(&name), 0).await;
    }
    room
}

/// Starts `host`'s room and plays it to the end, one claim every `pace_ms`
/// after the last was answered: the host takes `host_first` sets, then each
/// of `others` one set (or, if `wrong`, one wrong claim), then the host the
/// rest. The room at the end, as the host is told it.
async fn play_the_group(
    host: &mut Client,
    others: &mut [Client],
    host_first: usize,
    wrong: bool,
    pace_ms: u64,
) -> Value {
    host.send(ClientMsg::Start).await;
    let started = host.first_room_with(|r| r["status"] == "playing").await;
    assert_eq!(started["rated"], true, "as set up, the room is rated");
    for other in others.iter_mut() {
        other.first_room_with(|r| r["status"] == "playing").await;
    }
    let (mut table, mut seq) = (ids(&started["view"]["table"]), 0);
    let pace = Duration::from_millis(pace_ms);
    let take = async |client: &mut Client, table: &mut Vec<u8>, seq: &mut u64| {
        tokio::time::sleep(pace).await;
        let moved = client.play_a_set(table, *seq).await;
        *seq = moved["seq"].as_u64().unwrap();
        *table = ids(&moved["view"]["table"]);
        moved["view"]["over"] == true
    };
    let mut over = false;
    for _ in 0..host_first {
        over = take(host, &mut table, &mut seq).await;
    }
    let seats = others.len();
    for (at, other) in others.iter_mut().enumerate() {
        assert!(!over, "a set left for every seat");
        if wrong {
            tokio::time::sleep(pace).await;
            let id = other.claim(&a_non_set(&table), seq).await;
            assert_eq!(other.result(id).await["verdict"], "wrong");
            seq += 1;
        } else {
            over = take(other, &mut table, &mut seq).await;
            // A deal of the fewest sets ends on the last seat's.
            assert!(!over || at + 1 == seats, "a set left for every seat");
        }
    }
    while !over {
        over = take(host, &mut table, &mut seq).await;
    }
    host.first_room_over().await
}

/// Puppets in a farm's pool, and seats of the pool in a game (a Junior
/// deal has six sets at the least: two for the host and one for each of
/// four others is always there to take).
const POOL: usize = 10;
const GROUP: usize = 5;

/// The pool's games among themselves: two halves, then the odd and the
/// even, so that each puppet has met at least six distinct others.
const GROUP_GAMES: [[usize; GROUP]; 4] = [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [1, 3, 5, 7, 9], [0, 2, 4, 6, 8]];

/// The farm a review ran, as a farmer adapts it to the rules: identities
/// made by four addresses play rated games among themselves until each has
/// met six others, every one finding a set so that the games count; then
/// the solver plays them four at a time at `pace_ms` a set, each puppet
/// finding one set. The farmer, the puppets' ids, and the farmed games that counted.
async fn farm_at(
    server: &Server,
    farmer_address: &str,
    puppet_addresses: &[&str],
    pace_ms: u64,
    games: usize,
) -> (Client, Vec<String>, usize) {
    let mut tokens = Vec::new();
    let mut players = Vec::new();
    for n in 0..POOL {
        let puppet = Client::from_address(server, puppet_addresses[n % puppet_addresses.len()], None).await.unwrap();
        tokens.push(puppet.token.clone());
        players.push(puppet.player.clone());
    }
    // A puppet of the pool on a new connection from its own address.
    let puppet = async |n: usize| {
        let again = Client::from_address(server, puppet_addresses[n % puppet_addresses.len()], Some(&tokens[n])).await;
        let again = again.unwrap();
        assert_eq!(again.player, players[n]);
        again
    };
    // The two games of each pair have no puppet in common: played at once.
    let group_game = async |group: [usize; GROUP]| {
        let mut seated = Vec::new();
        for n in group {
            seated.push(puppet(n).await);
        }
        let (host, others) = seated.split_first_mut().unwrap();
        rated_junior_room(host, others).await;
        let over = play_the_group(host, others, 2, false, 500).await;
        assert_eq!(over["results"].as_array().map(Vec::len), Some(GROUP), "the group's game counted: {over}");
    };
    for pair in GROUP_GAMES.chunks(2) {
        tokio::join!(group_game(pair[0]), group_game(pair[1]));
    }
    let mut farmer = Client::from_address(server, farmer_address, None).await.unwrap();
    let mut counted = 0;
    for game in 0..games {
        let mut four = Vec::new();
        for at in 0..GROUP - 1 {
            four.push(puppet((game * (GROUP - 1) + at) % POOL).await);
        }
        farmer = Client::from_address(server, farmer_address, Some(&farmer.token)).await.unwrap();
        rated_junior_room(&mut farmer, &mut four).await;
        let over = play_the_group(&mut farmer, &mut four, 2, false, pace_ms).await;
        let mine = over["results"].as_array().unwrap().iter().find(|r| r["seat"] == 0).cloned();
        match mine {
            Some(mine) => {
                assert_eq!(mine["place"], 1, "the farmer wins: {mine}");
                eprintln!(
                    "farm at {pace_ms} ms a set, game {game}: the farmer {} -> {}",
                    mine["before"], mine["after"]
                );
                counted += 1;
            }
            None => eprintln!("farm at {pace_ms} ms a set, game {game}: not rated"),
        }
    }
    (farmer, players, counted)
}

/// The review's group-of-eight farm, at a quick solver's pace and at a
/// person's, on the rules as they are by default: the puppets' own games
/// count, yet vouch for none of them, so the farmer's wins over them move
/// its rating by no more than `fair::UNVOUCHED_POINTS`, settle nothing and
/// list no one. And the review's first step, seven puppets claiming wrong
/// once each, makes a game that does not count at all.
#[tokio::test]
async fn a_group_of_fresh_identities_farmed_at_400_ms_and_at_a_persons_pace_moves_no_rating_past_the_cap() {
    let scratch = Scratch::new("fair-group-farm");
    let server = Server::start(&scratch);
    let mut eight: Vec<Client> = Vec::new();
    for n in 0..8 {
        eight.push(Client::from_address(&server, &format!("127.0.3.{}", n % 4 + 1), None).await.unwrap());
    }
    let (host, others) = eight.split_first_mut().unwrap();
    rated_junior_room(host, others).await;
    let over = play_the_group(host, others, 0, true, 400).await;
    assert_eq!((over["rated"].as_bool(), over["results"].as_array().map(Vec::len)), (Some(false), Some(0)));
    assert_eq!(over["unrated"], serde_json::json!({ "reason": "idle", "seat": 1 }), "the first seat that found no set");
    let metrics = server.get("/metrics", "").await;
    assert_eq!(counter(&metrics, "set_unrated_games_total{reason=\"idle\"}"), 1, "{metrics}");
    drop(eight);

    let cap = i64::from(set_core::online::fair::UNVOUCHED_POINTS);
    let ((quick, quick_puppets, quick_counted), (person, person_puppets, person_counted)) = tokio::join!(
        farm_at(&server, "127.0.1.1", &["127.0.1.2", "127.0.1.3", "127.0.1.4", "127.0.1.5"], 400, 4),
        farm_at(&server, "127.0.2.1", &["127.0.2.2", "127.0.2.3", "127.0.2.4", "127.0.2.5"], 1_500, 2),
    );
    // At a person's pace every game counts; at 400 ms a game may be under
    // Junior's floor, and the cap must hold either way.
    assert_eq!(person_counted, 2, "every game at a person's pace counted");
    let pool = read_only(&scratch).await;
    for (farmer, counted) in [(&quick, quick_counted), (&person, person_counted)] {
        let row = sqlx::query("SELECT mu, sigma, games, vouched FROM ratings WHERE player = ? AND mode = 'junior'")
            .bind(&farmer.player)
            .fetch_optional(&pool)
            .await
            .unwrap();
        let (mu, sigma, played, vouched): (f64, f64, i64, i64) =
            row.map_or((25.0, 25.0 / 3.0, 0, 0), |r| (r.get(0), r.get(1), r.get(2), r.get(3)));
        let shown = (mu * 60.0).round() as i64;
        assert!(shown <= 1500 + cap, "the farmer moved to {shown}");
        assert_eq!((played, vouched), (counted as i64, 0), "the farmed games that counted; no puppet vouched");
        assert!(sigma > 5.0, "still provisional: {sigma}");
    }
    for puppet in quick_puppets.iter().chain(&person_puppets) {
        let (mu, vouched): (f64, i64) =
            sqlx::query("SELECT mu, vouched FROM ratings WHERE player = ? AND mode = 'junior'")
                .bind(puppet)
                .fetch_one(&pool)
                .await
                .map(|r| (r.get(0), r.get(1)))
                .unwrap();
        let shown = (mu * 60.0).round() as i64;
        assert!((shown - 1500).abs() <= cap && vouched == 0, "a puppet at {shown}, vouched by {vouched}");
    }
    pool.close().await;
    let board = body(&server.get("/api/leaderboard/junior", "").await);
    assert_eq!(board, serde_json::json!([]), "neither a farmer nor a puppet is listed");
}

/// Two people new to the site play a rated Junior game on the rules as
/// they are by default: it counts, and it moves both ratings, the winner
/// up and the loser down, each within the cap on unvouched points
/// (issue 56's first complaint: "1500 → 1500" for both).
#[tokio::test]
async fn two_newcomers_first_rated_game_moves_both_ratings_within_the_cap() {
    let scratch = Scratch::new("fair-newcomers");
    let server = Server::start(&scratch);
    let mut ann = Client::from_address(&server, "127.0.4.1", None).await.unwrap();
    let mut ben = [Client::from_address(&server, "127.0.4.2", None).await.unwrap()];
    rated_junior_room(&mut ann, &mut ben).await;
    let over = play_the_group(&mut ann, &mut ben, 2, false, 500).await;
    let results = over["results"].as_array().unwrap_or_else(|| panic!("{over}"));
    let after = |seat: u64| {
        let result = results.iter().find(|r| r["seat"] == seat).unwrap_or_else(|| panic!("{over}"));
        (result["place"].as_u64().unwrap(), result["before"].as_i64().unwrap(), result["after"].as_i64().unwrap())
    };
    let cap = i64::from(set_core::online::fair::UNVOUCHED_POINTS);
    let (ann_place, ann_before, ann_after) = after(0);
    let (ben_place, ben_before, ben_after) = after(1);
    assert_eq!((ann_place, ben_place, ann_before, ben_before), (1, 2, 1500, 1500), "{over}");
    assert!(ann_after > 1500 && ann_after <= 1500 + cap, "the winner moved up: {ann_after}");
    assert!(ben_after < 1500 && ben_after >= 1500 - cap, "the loser moved down: {ben_after}");
}

#[tokio::test]
async fn a_set_faster_than_a_person_unrates_the_game_and_marks_its_player() {
    let scratch = Scratch::new("fair-fast");
    // Any length of game counts here, so that only the claims' speed decides.
    let server = Server::start_with(&scratch, &["--rated-game-seconds", "0"]);
    let (mut farmer, room) = farmer_in_a_room(&server).await;
    // The puppet finds a set; the farmer then claims each set 130 ms after
    // the table changed, its newest card dealt a moment before.
    let over = farm_one(&server, &mut farmer, &room, true, 0).await;
    assert_eq!((over["rated"].as_bool(), over["results"].as_array().map(Vec::len)), (Some(false), Some(0)));
    assert_eq!((over["unrated"]["reason"].as_str(), over["unrated"]["seat"].as_u64()), (Some("too_fast"), Some(0)));
    assert!(over["unrated"]["looked_ms"].as_u64().unwrap() < 300, "{over}");
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
