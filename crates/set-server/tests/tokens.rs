//! Tokens against the real server: the operator rotates the signing key
//! (`set-server admin rotate-key`) and a player's old token still says who
//! they are, while the next welcome gives a token of the new key; a player
//! signs out every other browser, whose live socket is closed (4001) at its
//! next frame and whose token is refused from then on, while the browser
//! that asked carries on under a new token.

use crate::support::*;
use std::time::Duration;

#[tokio::test]
async fn a_rotated_key_keeps_old_tokens_and_signs_new_ones() {
    let scratch = Scratch::new("tokens-rotate");
    let server = Server::start(&scratch);
    let ann = Client::new(&server, None).await;
    assert!(ann.token.starts_with("v2.1."), "{}", ann.token);
    assert_eq!(admin(&scratch, &["rotate-key", "--note", "yearly"]), "key 2 signs from now on\n");
    let mut fresh = String::new();
    for _ in 0..40 {
        let back = Client::new(&server, Some(&ann.token)).await;
        assert_eq!(back.player, ann.player, "the old token still says who she is");
        fresh = back.token.clone();
        if fresh.starts_with("v2.2.") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert!(fresh.starts_with("v2.2."), "the new key signs: {fresh}");
    assert_eq!(Client::new(&server, Some(&fresh)).await.player, ann.player);
    assert!(admin(&scratch, &["log"]).contains("\trotate_key\t2\tyearly"));
}

#[tokio::test]
async fn signing_out_every_other_browser_closes_them_and_refuses_their_tokens() {
    let scratch = Scratch::new("tokens-sign-out");
    let server = Server::start(&scratch);
    let mut home = Client::new(&server, None).await;
    // The same player in a second browser (as a transfer code gives it).
    let mut phone = Client::new(&server, Some(&home.token)).await;
    assert_eq!(phone.player, home.player);
    let old = home.token.clone();
    tokio::time::sleep(Duration::from_millis(5)).await;
    phone.send(ClientMsg::SignOutElsewhere).await;
    let welcome = phone.expect("welcome").await;
    assert_eq!(welcome["player"], phone.player.as_str(), "the same player");
    let new = welcome["token"].as_str().unwrap().to_owned();
    assert_ne!(new, old);
    // The other browser's socket is closed at its next frame …
    home.send(ClientMsg::Lobby { name: None }).await;
    let answer = home.first(|m| m["t"] == "closed" || m["t"] == "lobby", "an answer").await;
    assert_eq!(answer["code"], 4001, "{answer}");
    // … and its token is refused from now on, while the new one works.
    let mut ws = connect(&server, &server.origin()).await.unwrap();
    {
        use futures_util::{SinkExt, StreamExt};
        use tokio_tungstenite::tungstenite::Message;
        ws.send(Message::text(ClientMsg::Hello { v: VERSION, token: Some(old) }.to_text())).await.unwrap();
        let frame = ws.next().await.unwrap().unwrap();
        assert!(frame.to_text().unwrap().contains("bad_token"), "{frame:?}");
    }
    let back = Client::new(&server, Some(&new)).await;
    assert_eq!(back.player, phone.player);
    // Still so after a restart: the sign-out is kept.
    drop((phone, back));
    server.kill();
    let server = Server::start(&scratch);
    let mut ws = connect(&server, &server.origin()).await.unwrap();
    {
        use futures_util::{SinkExt, StreamExt};
        use tokio_tungstenite::tungstenite::Message;
        ws.send(Message::text(ClientMsg::Hello { v: VERSION, token: Some(home.token.clone()) }.to_text()))
            .await
            .unwrap();
        let mut refused = false;
        for _ in 0..3 {
            if let Some(Ok(frame)) = ws.next().await {
                refused |= frame.to_text().unwrap_or("").contains("bad_token");
            }
        }
        assert!(refused, "the old token, after a restart");
    }
}
