//! The bus of a cluster (three nodes on NATS behind nginx, started by
//! scripts/cluster.sh) against a stranger who reaches it, with raw NATS
//! clients speaking the protocol's text over TCP:
//! - without the cluster's credentials, NATS refuses the client;
//! - with them (a stolen credential), a spoofed `taken` for a room being
//!   played changes nothing (the store's epoch does not agree): no player
//!   is closed, and the next claim is answered; and a chat line of 300 KB
//!   is dropped by every node, whose lobby still opens and does not hold it;
//! - the public door (nginx) does not serve `/metrics` or `/healthz`.
//!
//! Runs where scripts/test.sh gives the tests a Postgres.

use crate::support::cluster::Cluster;
use crate::support::*;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// A raw NATS client: the server's INFO line read, CONNECT sent (with
/// `user` and `pass` if given) and a PING, and the first line of the answer.
async fn nats_connect(url: &str, credentials: Option<(&str, &str)>) -> (BufReader<TcpStream>, String) {
    let addr = url.trim_start_matches("nats://");
    let mut stream = BufReader::new(TcpStream::connect(addr).await.unwrap());
    let mut info = String::new();
    stream.read_line(&mut info).await.unwrap();
    assert!(info.starts_with("INFO "), "{info}");
    let connect = match credentials {
        Some((user, pass)) => format!(r#"CONNECT {{"verbose":false,"user":"{user}","pass":"{pass}"}}"#),
        None => r#"CONNECT {"verbose":false}"#.to_owned(),
    };
    stream.get_mut().write_all(format!("{connect}\r\nPING\r\n").as_bytes()).await.unwrap();
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_line(&mut answer)).await.unwrap().unwrap();
    (stream, answer)
}

/// Publishes `payload` on the lobbies' subject.
async fn publish(stream: &mut BufReader<TcpStream>, payload: &str) {
    let frame = format!("PUB set.lobby {}\r\n{payload}\r\nPING\r\n", payload.len());
    stream.get_mut().write_all(frame.as_bytes()).await.unwrap();
    assert_eq!(answer_to_our_ping(stream).await, "PONG", "published");
}

/// The next line the server sends that is not its own keep-alive PING
/// (which it may send at any moment, and which is answered here).
async fn answer_to_our_ping(stream: &mut BufReader<TcpStream>) -> String {
    loop {
        let mut answer = String::new();
        tokio::time::timeout(Duration::from_secs(5), stream.read_line(&mut answer)).await.unwrap().unwrap();
        if answer.trim() != "PING" {
            return answer.trim().to_owned();
        }
        stream.get_mut().write_all(b"PONG\r\n").await.unwrap();
    }
}

#[tokio::test]
async fn the_bus_refuses_strangers_and_its_nodes_believe_nothing_out_of_bounds() {
    let Some(cluster) = Cluster::for_test("cluster-bus") else { return };
    let url = cluster.file("nats.url");
    let (_, answer) = nats_connect(&url, None).await;
    assert!(answer.contains("Authorization Violation"), "a client without credentials: {answer}");
    let wrong = nats_connect(&url, Some(("set", "guessed"))).await.1;
    assert!(wrong.contains("Authorization Violation"), "a wrong password: {wrong}");
    let credentials = cluster.file("nats.credentials");
    let (user, pass) = credentials.split_once(':').unwrap();
    let (mut raw, answer) = nats_connect(&url, Some((user, pass))).await;
    assert_eq!(answer.trim(), "PONG", "the cluster's own credentials");

    // Two players in a room, through nginx, the game started.
    let mut ann = Client::through(&cluster.addr, None, None).await.unwrap();
    let room = ann.create("classic", "Ann").await;
    let mut ben = Client::through(&cluster.addr, Some(&room), None).await.unwrap();
    ben.join(&room, Some("Ben"), 0).await;
    let mut ann = Client::through(&cluster.addr, Some(&room), Some(&ann.token)).await.unwrap();
    ann.join(&room, None, 0).await;
    ann.send(ClientMsg::Start).await;
    let table = ids(&ann.first_room_with(|r| r["status"] == "playing").await["view"]["table"]);

    // A spoofed `taken` at a far epoch, as if from another node.
    let taken = format!(r#"{{"node":"node-9","msg":{{"kind":"taken","room":"{room}","epoch":999}}}}"#);
    publish(&mut raw, &taken).await;
    // One chat line of 300 KB, from a well-formed player.
    let text = "x".repeat(300 * 1024);
    let chat = format!(
        r#"{{"node":"node-9","msg":{{"kind":"chat","line":{{"player":"0123456789abcdef0123456789abcdef","name":"Eve","text":"{text}","at":1}}}}}}"#
    );
    publish(&mut raw, &chat).await;
    tokio::time::sleep(Duration::from_millis(500)).await;

    // Nobody was closed: Ann's claim is answered, and Ben hears the move.
    let moved = ann.play_a_set(&table, 0).await;
    assert_eq!(moved["seq"], 1);
    assert_eq!(ben.expect_move(1).await["seq"], 1);
    // Every node's lobby opens, without the line.
    for node in ["node-1", "node-2", "node-3"] {
        let mut watcher = cluster.client_on(node).await;
        watcher.send(ClientMsg::Lobby { name: None }).await;
        let lobby = watcher.next().await;
        assert_eq!(lobby["t"], "lobby", "{node}: {}", lobby.to_string().get(..200).unwrap_or_default());
        assert!(lobby["chat"].as_array().unwrap().iter().all(|line| line["name"] != "Eve"), "{node}");
    }
    // Counted once node-1 has read it off the bus: a busy machine may take a while.
    let dropped_on_node_1 = || {
        let (_, metrics) = cluster.get(Some("node-1"), "/metrics");
        metrics
            .lines()
            .find(|l| l.starts_with("set_bus_frames_total{fate=\"dropped\"}"))
            .and_then(|l| l.rsplit(' ').next()?.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let mut dropped = dropped_on_node_1();
    for _ in 0..50 {
        if dropped >= 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        dropped = dropped_on_node_1();
    }
    assert!(dropped >= 1, "the line was dropped and counted: {dropped}");
    // The public door does not serve the operator's pages.
    for path in ["/metrics", "/healthz"] {
        assert_eq!(cluster.get(None, path).0, 403, "{path} through nginx");
        assert_eq!(cluster.get(Some("node-2"), path).0, 200, "{path} on a node's own address");
    }
}

/// The review's bounce: a lobby socket that lands on another node sends
/// `join` for a room played elsewhere. That node used to take the room, so
/// that its owner closed the players (4003), who came back and took it
/// back. Now a node takes a live owner's room only for a socket routed by
/// the room; the others are told where it is (`found`). Round three's
/// bounce went through nginx itself (`/ws?ROOM=<another>&room=<theirs>`:
/// nginx hashed by one, the node read the other): such sockets are refused
/// by nginx (400). For 20 s, joins from the two other nodes and those
/// sockets close no player and leave no claim unanswered.
#[tokio::test]
async fn joins_through_other_nodes_for_twenty_seconds_close_no_player() {
    let Some(cluster) = Cluster::for_test("cluster-bounce") else { return };
    let mut host = Client::through(&cluster.addr, None, None).await.unwrap();
    let room = host.create("classic", "Ann").await;
    // Ann plays over a socket routed by the room, as the page does.
    let mut ann = Client::through(&cluster.addr, Some(&room), Some(&host.token)).await.unwrap();
    drop(host);
    ann.join(&room, None, 0).await;
    let mut ben = Client::through(&cluster.addr, Some(&room), None).await.unwrap();
    ben.join(&room, Some("Ben"), 0).await;
    ann.send(ClientMsg::Start).await;
    let started = ann.first_room_with(|r| r["status"] == "playing").await;
    let owner = ann.node.clone();
    assert_eq!(ben.node, owner, "routed by the room: one node");

    let attack = Duration::from_secs(20);
    let attackers: Vec<_> = ["node-1", "node-2", "node-3"]
        .into_iter()
        .filter(|node| *node != owner)
        .map(|node| {
            let (addr, room) = (cluster.node(node), room.clone());
            tokio::spawn(async move {
                let mut eve = Client::through(&addr, None, None).await.unwrap();
                let (started, mut found) = (std::time::Instant::now(), 0);
                while started.elapsed() < attack {
                    eve.send(ClientMsg::Join { room: room.clone(), name: None, since: Some(0) }).await;
                    let answer =
                        eve.first(|m| m["t"] == "found" || m["t"] == "room" || m["t"] == "error", "an answer").await;
                    // (A finished game is read anywhere, and taken nowhere.)
                    let finished = answer["t"] == "room" && answer["status"] == "over";
                    assert!(answer["t"] == "found" || finished, "told where the room is, not given it: {answer}");
                    found += 1;
                    // Within a connection's frames a second.
                    tokio::time::sleep(Duration::from_millis(120)).await;
                }
                found
            })
        })
        .collect();

    // And through nginx, the bounce of round three: a socket naming two
    // rooms, or its room in another case, which nginx and the node would
    // read as two rooms; each is refused before it reaches a node.
    let through_nginx = {
        let (addr, room) = (cluster.addr.clone(), room.clone());
        tokio::spawn(async move {
            let (started, mut refused) = (std::time::Instant::now(), 0);
            let others = ["mnpqrstvwx", "0123456789", "abcdefghjk", "zyxwvtsrqp"];
            while started.elapsed() < attack {
                let other = others[refused % others.len()];
                for query in [format!("?ROOM={other}&room={room}"), format!("?room={other}&room={room}")] {
                    let answer = Client::through_query(&addr, &query, None).await.err();
                    assert!(answer.as_deref().is_some_and(|why| why.contains("400")), "{query}: {answer:?}");
                    refused += 1;
                }
                tokio::time::sleep(Duration::from_millis(120)).await;
            }
            refused
        })
    };

    // Meanwhile Ann plays: every claim answered, on the one node.
    let (mut table, mut seq, mut claims) = (ids(&started["view"]["table"]), 0, 0);
    let started = std::time::Instant::now();
    while started.elapsed() < attack {
        // Slow enough that the game outlasts the attack (27 sets at most).
        tokio::time::sleep(Duration::from_millis(900)).await;
        let moved = ann.play_a_set(&table, seq).await;
        claims += 1;
        seq = moved["seq"].as_u64().unwrap();
        table = ids(&moved["view"]["table"]);
        if moved["view"]["over"] == true {
            break;
        }
    }
    for attacker in attackers {
        assert!(attacker.await.unwrap() > 10, "the attacker kept trying");
    }
    assert!(through_nginx.await.unwrap() > 20, "the attacker through nginx kept trying");
    // nginx itself refuses them (its own page), as the node behind it would.
    for query in [format!("?ROOM=mnpqrstvwx&room={room}"), format!("?room={room}&room={room}")] {
        let (status, page) = cluster.get(None, &format!("/ws{query}"));
        assert_eq!(status, 400, "{query}");
        assert!(page.contains("nginx"), "refused by nginx, not by a node: {page}");
    }
    // Ben heard every one of Ann's sets and was never closed.
    for n in 1..=seq {
        assert_eq!(ben.expect_move(n).await["seq"], n);
    }
    assert!(claims >= 10, "{claims} claims");
    let (_, health) = cluster.get(Some(&owner), "/healthz");
    assert!(health.contains(&format!("\"node\":\"{owner}\"")), "{health}");
}
