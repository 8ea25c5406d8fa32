//! A waiting room's host through the real server: the host takes a seat
//! away (the seats after it move down, its player watches and may not sit
//! again, and the database holds the seats the room shows); only the host
//! may, and not once the game has started; and when the host leaves, the
//! next player here hosts the room and may start it.

use crate::support::*;
use serde_json::Value;
use sqlx::Row;

fn seated(room: &Value) -> Vec<(u64, &str)> {
    room["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["seat"].as_u64().unwrap(), p["name"].as_str().unwrap()))
        .collect()
}

#[tokio::test]
async fn the_host_removes_a_seat_before_the_start_and_the_seats_after_it_move_down() {
    let scratch = Scratch::new("hosts-remove");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    let mut players = Vec::new();
    for name in ["Ben", "Cy", "Di"] {
        let mut client = Client::new(&server, None).await;
        client.join(&room, Some(name), 0).await;
        players.push(client);
    }
    // Only the host removes, and never their own seat or one that is not there.
    players[0].send(ClientMsg::Remove { seat: 2 }).await;
    assert_eq!(players[0].expect("error").await["code"], "not_host");
    ann.send(ClientMsg::Remove { seat: 0 }).await;
    assert_eq!(ann.expect("error").await["code"], "bad_seat");
    ann.send(ClientMsg::Remove { seat: 9 }).await;
    assert_eq!(ann.expect("error").await["code"], "bad_seat");

    ann.send(ClientMsg::Remove { seat: 1 }).await;
    let after = ann.expect("room").await;
    assert_eq!(seated(&after), [(0, "Ann"), (1, "Cy"), (2, "Di")]);
    let ben = &mut players[0];
    assert_eq!(ben.expect("error").await["code"], "removed");
    assert_eq!(ben.expect("room").await["seat"], Value::Null, "Ben watches");
    assert_eq!(players[1].expect("room").await["seat"], 1, "Cy moved down one");
    assert_eq!(players[2].expect("room").await["seat"], 2);
    // Ben may not sit again, even on a new connection.
    let mut again = Client::new(&server, Some(&players[0].token)).await;
    again.send(ClientMsg::Join { room: room.clone(), name: Some("Ben".into()), since: None }).await;
    assert_eq!(again.expect("error").await["code"], "removed");

    // Started: the seats are fixed.
    ann.send(ClientMsg::Start).await;
    ann.expect("room").await;
    ann.send(ClientMsg::Remove { seat: 1 }).await;
    assert_eq!(ann.expect("error").await["code"], "started");

    // The database holds the seats the room showed, read with this test's own query.
    drop((ann, players, again));
    let (status, _) = server.terminate();
    assert!(status.success());
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", scratch.db().display())).await.unwrap();
    let rows = sqlx::query("SELECT seat, name FROM seats WHERE room = ? ORDER BY seat")
        .bind(&room)
        .fetch_all(&pool)
        .await
        .unwrap();
    let stored: Vec<(i64, String)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    assert_eq!(stored, [(0, "Ann".to_owned()), (1, "Cy".to_owned()), (2, "Di".to_owned())]);
    pool.close().await;
}

#[tokio::test]
async fn when_the_host_leaves_a_waiting_room_the_next_player_here_hosts_it() {
    let scratch = Scratch::new("hosts-leave");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    let mut ben = Client::new(&server, None).await;
    ben.join(&room, Some("Ben"), 0).await;
    let mut cy = Client::new(&server, None).await;
    cy.join(&room, Some("Cy"), 0).await;
    // Ben is away: the room passes him over.
    drop(ben);
    drop(ann);
    // The server may see Ann go before Ben: then Ben hosts for a moment
    // (a frame with host 1) before the room passes to Cy.
    let handed = cy.first_room_with(|room| room["host"] == 2).await;
    assert_eq!(handed["status"], "waiting");
    cy.forget_held();
    // Cy hosts now, and starts it.
    cy.send(ClientMsg::Start).await;
    let started = cy.expect("room").await;
    assert_eq!((started["status"].as_str(), started["host"].as_u64()), (Some("playing"), Some(2)));
}
