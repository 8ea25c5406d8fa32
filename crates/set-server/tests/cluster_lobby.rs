//! The lobby of a cluster: three nodes on NATS behind nginx, started by
//! scripts/cluster.sh (real processes on loopback, stopped at the end, also
//! on failure), with clients on each node's own address, where a lobby's
//! socket may land. A room made on one node is in the lobby of another;
//! a name held on one is refused on another; lobby chat crosses nodes,
//! and a node started later shows what was said before;
//! quick play on a third node finds the room and sends its player there;
//! a node that takes a room from another makes the other let go of it at
//! once. With NATS stopped, games go on, the lobbies (open on two nodes)
//! say they are out of date and drop the other nodes' rooms; with NATS
//! back, they heal by themselves, and lobby chat crosses nodes again.
//! Runs where scripts/test.sh gives the tests a Postgres.

use crate::support::cluster::Cluster;
use crate::support::*;
use serde_json::Value;
use std::path::Path;
use std::time::Instant;

/// Ann makes a public room without hints (one quick play may find) on
/// `node`, and sits in it there: Ann and the room.
async fn public_room_on(cluster: &Cluster, node: &str) -> (Client, String) {
    let mut ann = cluster.client_on(node).await;
    let room = ann.make_rated("classic", "Ann", true).await;
    (ann, room)
}

/// A lobby watcher on `node`, under `name`.
async fn watching_on(cluster: &Cluster, node: &str, name: Option<&str>) -> (Client, Value) {
    let mut client = cluster.client_on(node).await;
    client.send(ClientMsg::Lobby { name: name.map(str::to_owned) }).await;
    let whole = client.expect("lobby").await;
    (client, whole)
}

fn lists(changes: &Value, room: &str) -> bool {
    changes["t"] == "lobby_changes" && changes["rooms"].as_array().unwrap().iter().any(|r| r["room"] == room)
}

fn drops(changes: &Value, room: &str) -> bool {
    changes["t"] == "lobby_changes" && changes["gone"].as_array().unwrap().iter().any(|r| r == room)
}

/// The next close this client hears: its code.
async fn closed(client: &mut Client) -> Value {
    loop {
        let next = client.next().await;
        if next["t"] == "closed" {
            return next["code"].clone();
        }
    }
}

#[tokio::test]
async fn a_room_made_on_one_node_is_in_the_lobby_of_another_and_quick_play_finds_it() {
    let Some(cluster) = Cluster::for_test("lobby-nodes") else { return };
    let (mut dee, whole) = watching_on(&cluster, "node-2", Some("Dee")).await;
    assert_eq!(whole["rooms"], serde_json::json!([]));

    // Ann's room, made on node 1, is listed on node 2.
    let made = Instant::now();
    let (mut ann, room) = public_room_on(&cluster, "node-1").await;
    dee.first(|m| lists(m, &room), "Ann's room in node 2's lobby").await;
    eprintln!("node 2's lobby listed node 1's room {} ms after it was made", made.elapsed().as_millis());

    // On node 3, once it has heard both others (Ann, Dee and Eve online),
    // Ann's name is refused; Eve's own is taken, and Dee is listed.
    let (mut eve, whole) = watching_on(&cluster, "node-3", None).await;
    if whole["online"] != 3 {
        eve.first(|m| m["t"] == "online" && m["online"] == 3, "three online, on three nodes").await;
    }
    let (status, count) = cluster.get(Some("node-3"), "/api/online");
    assert_eq!((status, count.as_str()), (200, r#"{"online":3}"#), "the front door counts every node's players");
    eve.send(ClientMsg::Lobby { name: Some("Ann".into()) }).await;
    let refused = eve.expect("error").await;
    assert_eq!(refused["code"], "bad_name", "{refused}");
    eve.send(ClientMsg::Lobby { name: Some("Eve".into()) }).await;
    let whole = eve.expect("lobby").await;
    assert!(
        whole["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["room"] == room && r["players"] == serde_json::json!(["Ann"]))
    );
    assert!(whole["people"].as_array().unwrap().contains(&"Dee".into()), "{whole}");

    // Lobby chat said on node 2 is heard on node 3.
    dee.send(ClientMsg::Chat { text: "hello from node 2".into() }).await;
    let line = eve.first(|m| m["t"] == "lobby_line", "Dee's line on node 3").await;
    assert_eq!((line["name"].as_str(), line["text"].as_str()), (Some("Dee"), Some("hello from node 2")));

    // A fourth node started now shows the lobby as the others have it: the
    // room, and the chat said before it started (the others' answers to its
    // hello).
    let scratch = Scratch::new("lobby-nodes-4");
    let url = cluster.file("postgres.url");
    let bus = cluster.file("nats.url");
    let credentials = cluster.dir.join("nats.credentials");
    let flags = ["--node", "node-4", "--bus", &bus, "--bus-credentials", credentials.to_str().unwrap()];
    let fourth = Server::try_start_with(Path::new(&url), &scratch.dist(), &[], &flags).unwrap();
    let mut hal = Client::new(&fourth, None).await;
    let mut whole = Value::Null;
    for _ in 0..50 {
        hal.send(ClientMsg::Lobby { name: None }).await;
        whole = hal.expect("lobby").await;
        if whole["rooms"].as_array().unwrap().iter().any(|r| r["room"] == room)
            && !whole["chat"].as_array().unwrap().is_empty()
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(whole["rooms"].as_array().unwrap().iter().any(|r| r["room"] == room), "{whole}");
    let said: Vec<&str> = whole["chat"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(said, ["hello from node 2"]);
    drop(hal);
    fourth.kill();

    // Quick play on node 3 finds Ann's room, and sends Fay to it; she sits
    // there through nginx, as the page does.
    let mut fay = cluster.client_on("node-3").await;
    fay.send(ClientMsg::QuickPlay { mode: "classic".into(), name: "Fay".into() }).await;
    let found = fay.expect("found").await;
    assert_eq!(found["room"], room);
    let mut fay = Client::through(&cluster.addr, Some(&room), Some(&fay.token)).await.unwrap();
    let seated = fay.join(&room, Some("Fay"), 0).await;
    let names: Vec<&str> = seated["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ann", "Fay"]);
    assert_eq!(seated["seat"], 1);

    // Gus opens the room on a node other than its owner's, over a socket
    // routed by the room (as when the proxy's hash points there again after
    // a failover): that node takes it, and the owner lets go of it at once
    // (its players are told to reconnect, 4003), though no one there has
    // written since. (A socket not routed by the room is told `found`:
    // tests/cluster_bus.rs.)
    let owner = fay.node.clone();
    let other = ["node-1", "node-2", "node-3"].into_iter().find(|n| *n != owner).unwrap();
    let mut gus = Client::through(&cluster.node(other), Some(&room), None).await.unwrap();
    let taken = Instant::now();
    gus.join(&room, None, 0).await;
    assert_eq!(closed(&mut fay).await, set_protocol::close::MOVED);
    eprintln!("the room's old node let go of it {} ms after another took it", taken.elapsed().as_millis());
    assert_eq!(closed(&mut ann).await, set_protocol::close::MOVED, "Ann's node 1 let go of it too");
}

#[tokio::test]
async fn while_nats_is_stopped_games_go_on_and_the_lobby_says_it_is_out_of_date_then_heals() {
    let Some(cluster) = Cluster::for_test("lobby-nats") else { return };
    let (mut dee, _) = watching_on(&cluster, "node-2", Some("Dee")).await;
    let (mut ivy, _) = watching_on(&cluster, "node-3", Some("Ivy")).await;
    let (mut ann, room) = public_room_on(&cluster, "node-1").await;
    let mut ben = cluster.client_on("node-1").await;
    ben.join(&room, Some("Ben"), 0).await;
    ann.send(ClientMsg::Start).await;
    let table = ids(&ann.expect("room").await["view"]["table"]);
    dee.first(|m| lists(m, &room), "Ann's room in node 2's lobby").await;
    let health = |node: &str| {
        let (status, body) = cluster.get(Some(node), "/healthz");
        (status, serde_json::from_str::<Value>(&body).unwrap()["bus"].clone())
    };
    assert_eq!(health("node-2"), (200, "up".into()));

    cluster.script("nats-down");
    let stopped = Instant::now();
    for watcher in [&mut dee, &mut ivy] {
        watcher.first(|m| m["t"] == "online" && m["out_of_date"] == true, "the lobby out of date").await;
    }
    assert_eq!(health("node-2"), (200, "down".into()), "a node without its bus still serves");
    dee.first(|m| drops(m, &room), "node 1's room gone from node 2's lobby").await;
    eprintln!("node 1's room left node 2's lobby {} ms after NATS stopped", stopped.elapsed().as_millis());
    // The game goes on.
    let moved = ann.play_a_set(&table, 0).await;
    assert_eq!(moved["seq"], 1);

    cluster.script("nats-up");
    let started = Instant::now();
    for watcher in [&mut dee, &mut ivy] {
        watcher.first(|m| m["t"] == "online" && m["out_of_date"] == false, "the lobby up to date again").await;
    }
    let back = dee.first(|m| lists(m, &room), "node 1's room back in node 2's lobby").await;
    eprintln!("node 2's lobby healed {} ms after NATS started again", started.elapsed().as_millis());
    let listed = back["rooms"].as_array().unwrap().iter().find(|r| r["room"] == room).unwrap().clone();
    assert_eq!(
        (listed["status"].as_str(), listed["players"].clone()),
        (Some("playing"), serde_json::json!(["Ann", "Ben"]))
    );
    assert_eq!(health("node-2"), (200, "up".into()));
    // Lobby chat crosses nodes again.
    dee.send(ClientMsg::Chat { text: "back".into() }).await;
    let line = ivy.first(|m| m["t"] == "lobby_line", "Dee's line on node 3").await;
    assert_eq!(line["text"], "back");
    // And the game still goes on.
    let moved = ben.play_a_set(&ids(&moved["view"]["table"]), 1).await;
    assert_eq!(moved["seq"], 2);
}
