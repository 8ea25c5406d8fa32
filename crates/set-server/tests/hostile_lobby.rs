//! The lobby against a stranger who tries to close it (the review's demo,
//! smaller): public rooms from several addresses, each filled with puppet
//! seats under names of twenty four-byte characters, until the whole lobby
//! is larger than a connection's outbox. Before the lobby's frames were
//! bounded every new watcher was closed (4008) before it had the lobby;
//! now it gets the most useful rooms that fit, within half an outbox, and
//! stays. `--outbox-bytes` is set small so that the flood is small.

use crate::support::*;
use futures_util::StreamExt;

/// A name of twenty four-byte characters (CJK Extension B), unique for `n`.
fn long_name(n: u32) -> String {
    (0..20).map(|i| char::from_u32(0x20000 + n * 20 + i).unwrap()).collect()
}

const OUTBOX: usize = 16 * 1024;
const ADDRESSES: u32 = 3;
const ROOMS_PER_ADDRESS: u32 = 8;

#[tokio::test]
async fn a_lobby_filled_with_long_named_rooms_still_opens_for_a_new_watcher() {
    let scratch = Scratch::new("hostile-lobby");
    // (Past the three public rooms an address may list and the joins it may
    // make at once, as the review's 34 addresses had room to: this test is
    // of the frame's bound.)
    let flags = ["--outbox-bytes", &OUTBOX.to_string(), "--public-rooms-per-address", "100", "--join-burst", "1000"];
    let server = Server::start_with(&scratch, &flags);
    let mut names = 0;
    let mut next_name = || {
        names += 1;
        long_name(names)
    };
    let mut hosts = Vec::new();
    for address in 0..ADDRESSES {
        let from = format!("127.0.1.{}", address + 2);
        for room in 0..ROOMS_PER_ADDRESS {
            // A host connection of its own for each room (a connection makes three at most).
            let mut host = Client::from_address(&server, &from, None).await.unwrap();
            let id = host.make("classic", &next_name(), true).await;
            // Seven puppets sit and leave; their seats stay (the room waits).
            for _ in 0..7 {
                let mut puppet = Client::from_address(&server, &from, None).await.unwrap();
                let seated = puppet.join(&id, Some(&next_name()), 0).await;
                assert!(seated["seat"].is_u64(), "room {room} of {from}: {seated}");
            }
            hosts.push(host);
        }
    }
    let rooms = (ADDRESSES * ROOMS_PER_ADDRESS) as usize;
    // The whole lobby is larger than an outbox.
    let each_room = 8 * (80 + 3) + 150;
    assert!(rooms * each_room > OUTBOX);

    let mut watcher = Client::new(&server, None).await;
    watcher.send(ClientMsg::Lobby { name: None }).await;
    let lobby = watcher.next().await;
    assert_eq!(lobby["t"], "lobby", "the lobby, not a close: {lobby}");
    let shown = lobby["rooms"].as_array().unwrap();
    let frame = serde_json::to_string(&lobby).unwrap().len();
    assert!(frame <= OUTBOX / 2, "a frame of {frame} bytes");
    assert!(!shown.is_empty() && shown.len() < rooms, "{} of {rooms} rooms", shown.len());
    // Each shown room is whole (its eight seats), oldest first.
    assert!(shown.iter().all(|r| r["players"].as_array().unwrap().len() == 8));
    let made: Vec<i64> = shown.iter().map(|r| r["created_at"].as_i64().unwrap()).collect();
    assert!(made.windows(2).all(|w| w[0] <= w[1]), "{made:?}");
    // And the watcher stays: it hears its pong.
    watcher.send(ClientMsg::Ping { c: 7.0, rtt: None }).await;
    let pong = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        loop {
            let frame = watcher.ws.next().await;
            match frame {
                Some(Ok(tokio_tungstenite::tungstenite::Message::Text(text))) if text.contains("\"pong\"") => {
                    return true;
                }
                Some(Ok(tokio_tungstenite::tungstenite::Message::Text(_))) => {}
                _ => return false,
            }
        }
    })
    .await;
    assert_eq!(pong, Ok(true), "the watcher is still connected");
    drop(hosts);
}

/// An address lists at most three public rooms at once (by default); a
/// private room, reached by its link, is still made.
#[tokio::test]
async fn an_address_lists_at_most_three_public_rooms() {
    let scratch = Scratch::new("hostile-lobby-listed");
    let server = Server::start(&scratch);
    let mut hosts = Vec::new();
    for n in 0..3 {
        let mut host = Client::from_address(&server, "127.0.4.4", None).await.unwrap();
        host.make("classic", &format!("Host {n}"), true).await;
        hosts.push(host);
    }
    let mut fourth = Client::from_address(&server, "127.0.4.4", None).await.unwrap();
    fourth
        .send(ClientMsg::Create {
            mode: "classic".into(),
            hints: true,
            name: "Host 3".into(),
            public: true,
            bots: vec![],
            dealing: set_core::rules::variant::Dealing::Automatic,
        })
        .await;
    let refused = fourth.first(|m| m["t"] == "created" || m["t"] == "error", "an answer").await;
    assert_eq!(refused["code"], "throttled", "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("3 public rooms"), "{refused}");
    fourth
        .send(ClientMsg::Create {
            mode: "classic".into(),
            hints: true,
            name: "Host 3".into(),
            public: false,
            bots: vec![],
            dealing: set_core::rules::variant::Dealing::Automatic,
        })
        .await;
    assert_eq!(fourth.first(|m| m["t"] == "created" || m["t"] == "error", "an answer").await["t"], "created");
    // Another address lists its own.
    let mut other = Client::from_address(&server, "127.0.4.5", None).await.unwrap();
    other.make("classic", "Elsewhere", true).await;
    // A room that leaves the lobby (its host gone) frees its place.
    drop(hosts.pop());
    let mut again = Client::from_address(&server, "127.0.4.4", None).await.unwrap();
    let mut listed = false;
    for _ in 0..40 {
        again
            .send(ClientMsg::Create {
                mode: "classic".into(),
                hints: true,
                name: "Host 4".into(),
                public: true,
                bots: vec![],
                dealing: set_core::rules::variant::Dealing::Automatic,
            })
            .await;
        if again.first(|m| m["t"] == "created" || m["t"] == "error", "an answer").await["t"] == "created" {
            listed = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    assert!(listed, "a place freed");
}
