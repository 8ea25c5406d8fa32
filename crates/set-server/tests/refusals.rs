//! Every refusal names the kind of request it answers (protocol 5's
//! `error` `to`), whichever part of the server refuses it: the socket as
//! it reads a frame, an endpoint of the socket (identity, lobby, room), or
//! the room itself; a frame that did not read as a request names none.

use crate::support::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

/// The refusal's `to` (`None` when absent) and its `id`.
fn named(refusal: &Value) -> (Option<&str>, Option<u64>) {
    assert_eq!(refusal["t"], "error", "{refusal}");
    (refusal.get("to").map(|to| to.as_str().unwrap_or_else(|| panic!("{refusal}"))), refusal["id"].as_u64())
}

#[tokio::test]
async fn each_refusal_names_the_request_it_answers_and_a_frame_that_did_not_read_names_none() {
    let scratch = Scratch::new("refusals");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;

    // Read by the socket: not JSON, and a type no client sends.
    ann.send_text("{not json").await;
    assert_eq!(named(&ann.expect("error").await), (None, None));
    ann.send_text(r#"{"t":"dance","id":4}"#).await;
    assert_eq!(named(&ann.expect("error").await), (None, Some(4)));
    // A known type with bad fields is that type's refusal.
    ann.send_text(r#"{"t":"claim","id":5,"cards":"three"}"#).await;
    assert_eq!(named(&ann.expect("error").await), (Some("claim"), Some(5)));

    // The endpoints: identity, the lobby, the room's door, and a room's
    // message with no room to go to.
    ann.send(ClientMsg::Redeem { code: "0000000000".into() }).await;
    assert_eq!(named(&ann.expect("error").await), (Some("redeem"), None));
    ann.send(ClientMsg::QuickPlay { mode: "no-such-way".into(), name: "Ann".into() }).await;
    assert_eq!(named(&ann.expect("error").await), (Some("quick_play"), None));
    ann.send(ClientMsg::Join { room: "zzzzzzzzzz".into(), name: None, since: None }).await;
    assert_eq!(named(&ann.expect("error").await), (Some("join"), None));
    let id = ann.claim(&[0, 1, 2], 0).await;
    assert_eq!(named(&ann.expect("error").await), (Some("claim"), Some(u64::from(id))));

    // The room itself: Ben's start (he is not the host), and a claim of
    // cards that are not on the table.
    let room = ann.create("classic", "Ann").await;
    let mut ben = Client::new(&server, None).await;
    ben.join(&room, Some("Ben"), 0).await;
    ben.send(ClientMsg::Start).await;
    assert_eq!(named(&ben.expect("error").await), (Some("start"), None));
    ann.send(ClientMsg::Start).await;
    let table = ids(&ann.first_room_with(|m| m["status"] == "playing").await["view"]["table"]);
    let off_table: Vec<u8> = (0..81).filter(|card| !table.contains(card)).take(3).collect();
    let id = ann.claim(&off_table, 0).await;
    assert_eq!(named(&ann.result(id).await), (Some("claim"), Some(u64::from(id))));
}

#[tokio::test]
async fn a_page_of_another_protocol_version_older_or_newer_is_told_to_reload_and_closed() {
    let scratch = Scratch::new("versions");
    let server = Server::start(&scratch);
    for v in [VERSION - 1, VERSION + 1] {
        let mut ws = connect(&server, &server.origin()).await.unwrap();
        ws.send(Message::text(ClientMsg::Hello { v, token: None }.to_text())).await.unwrap();
        let refusal: Value = match ws.next().await {
            Some(Ok(Message::Text(t))) => serde_json::from_str(&t).unwrap(),
            other => panic!("version {v}: {other:?}"),
        };
        assert_eq!(refusal["code"], "version", "version {v}");
        assert_eq!(named(&refusal), (Some("hello"), None), "version {v}");
        match ws.next().await {
            Some(Ok(Message::Close(Some(frame)))) => {
                assert_eq!(u16::from(frame.code), set_protocol::close::VERSION, "version {v}");
            }
            other => panic!("version {v}: expected a close with 4002, got {other:?}"),
        }
    }
    // The server goes on serving pages of its own version.
    let ann = Client::new(&server, None).await;
    assert!(!ann.token.is_empty());
}

#[tokio::test]
async fn a_socket_whose_room_could_be_read_two_ways_is_refused_before_the_upgrade() {
    let scratch = Scratch::new("routes");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    let other = "mnpqrstvwx";
    for query in [
        format!("?ROOM={other}&room={room}"),
        format!("?room={room}&Room={other}"),
        format!("?room={other}&room={room}"),
        format!("?r%6Fom={other}&room={room}"),
        "?room=not-a-room".to_owned(),
    ] {
        let refused = Client::through_query(&server.addr, &query, None).await.err();
        assert!(refused.as_deref().is_some_and(|why| why.contains("400")), "{query}: {refused:?}");
    }
    // The page's own socket opens and joins.
    let mut ben = Client::through(&server.addr, Some(&room), None).await.unwrap();
    assert_eq!(ben.join(&room, Some("Ben"), 0).await["seat"], 1);
}
