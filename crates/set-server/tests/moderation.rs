//! Moderation through the real server and the operator's own command
//! (`set-server admin`, a real process on the server's database): a player
//! reports another (a few a day); the operator lists the reports, mutes the
//! player (their chat is refused within seconds), bans them (their socket
//! closes, 4010, and their token is refused at hello), lifts the ban, bans
//! an address prefix (no socket opens from it), hides a line of a room's
//! chat (a player coming back no longer sees it), and reads every action
//! back from the log, which the test also reads with its own query.
#![allow(clippy::unwrap_used)]

mod support;

use futures_util::{SinkExt, StreamExt};
use sqlx::Row;
use std::time::Duration;
use support::*;
use tokio_tungstenite::tungstenite::Message;

/// Tries are a quarter second apart: a sanction takes hold within a refresh (2 s).
const TRIES: usize = 40;
const APART: Duration = Duration::from_millis(250);

/// The frames a bare hello with `token` is answered with, up to the close's code.
async fn hello_answers(server: &Server, token: &str) -> Vec<String> {
    let mut ws = connect(server, &server.origin()).await.unwrap();
    ws.send(Message::text(ClientMsg::Hello { v: VERSION, token: Some(token.to_owned()) }.to_text())).await.unwrap();
    let mut answers = Vec::new();
    while let Ok(Some(Ok(frame))) = tokio::time::timeout(Duration::from_secs(2), ws.next()).await {
        match frame {
            Message::Text(text) => answers.push(text.to_string()),
            Message::Close(close) => {
                answers.push(close.map(|c| u16::from(c.code).to_string()).unwrap_or_default());
                break;
            }
            _ => {}
        }
        if answers.last().is_some_and(|a| a.contains("\"welcome\"")) {
            break;
        }
    }
    answers
}

#[tokio::test]
async fn an_operator_mutes_bans_lifts_and_hides_from_the_command_line_and_every_action_is_logged() {
    let scratch = Scratch::new("moderation");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    let mut eve = Client::new(&server, None).await;
    eve.join(&room, Some("Eve"), 0).await;
    eve.send(ClientMsg::Chat { text: "something rude".into() }).await;
    assert_eq!(ann.expect("chat").await["text"], "something rude");

    // Ann reports Eve: kept; ten a day at most.
    for n in 0..10 {
        ann.send(ClientMsg::Report { player: eve.player.clone(), why: format!("rude, {n}") }).await;
    }
    ann.send(ClientMsg::Report { player: eve.player.clone(), why: "once more".into() }).await;
    let refused = ann.first(|m| m["t"] == "error", "the eleventh report refused").await;
    assert_eq!(refused["code"], "throttled", "{refused}");
    let reports = admin(&scratch, &["reports"]);
    assert_eq!(reports.lines().count(), 10, "{reports}");
    assert!(reports.lines().all(|l| l.contains(&format!("player {}", eve.player))), "{reports}");

    // Muted: Eve's chat is refused within a refresh.
    admin(&scratch, &["mute", &eve.player, "--note", "rude in room chat"]);
    let mut muted = false;
    for _ in 0..TRIES {
        eve.send(ClientMsg::Chat { text: "again".into() }).await;
        let answer = eve.first(|m| m["t"] == "error" || m["t"] == "chat", "an answer").await;
        if answer["code"] == "muted" {
            muted = true;
            break;
        }
        tokio::time::sleep(APART).await;
    }
    assert!(muted, "muted within a refresh");
    admin(&scratch, &["hide-chat", &room, "0", "--note", "rude"]);

    // Banned: Mal's socket closes, and their token is refused at hello.
    let mut mal = Client::new(&server, None).await;
    mal.send(ClientMsg::Lobby { name: Some("Mal".into()) }).await;
    mal.expect("lobby").await;
    let ban = admin(&scratch, &["ban", &mal.player, "--note", "spam"]);
    let id = ban.split(':').next().unwrap().trim_start_matches("sanction ").to_owned();
    let mut closed = None;
    for _ in 0..TRIES {
        mal.send(ClientMsg::Chat { text: "still here?".into() }).await;
        let answer =
            mal.first(|m| m["t"] == "closed" || m["t"] == "error" || m["t"] == "lobby_line", "an answer").await;
        if answer["t"] == "closed" {
            closed = Some(answer);
            break;
        }
        tokio::time::sleep(APART).await;
    }
    assert_eq!(closed.map(|c| c["code"].clone()), Some(serde_json::json!(4010)), "closed as banned");
    let answers = hello_answers(&server, &mal.token).await;
    assert!(answers.first().is_some_and(|a| a.contains("\"banned\"")), "{answers:?}");
    assert_eq!(answers.last().map(String::as_str), Some("4010"), "{answers:?}");
    // Lifted: welcome again.
    admin(&scratch, &["lift", &id]);
    let mut welcomed = false;
    for _ in 0..TRIES {
        if hello_answers(&server, &mal.token).await.iter().any(|a| a.contains("\"welcome\"")) {
            welcomed = true;
            break;
        }
        tokio::time::sleep(APART).await;
    }
    assert!(welcomed, "welcome again once lifted");

    // A prefix: no socket from 127.0.9.0/24, others as before.
    admin(&scratch, &["ban-prefix", "127.0.9.0/24", "--note", "a farm"]);
    let mut refused = false;
    for _ in 0..TRIES {
        if let Err(why) = Client::from_address(&server, "127.0.9.7", None).await {
            assert!(why.contains("403"), "{why}");
            refused = true;
            break;
        }
        tokio::time::sleep(APART).await;
    }
    assert!(refused, "the prefix is refused");
    assert!(Client::from_address(&server, "127.0.8.7", None).await.is_ok());

    // After a restart the room reads its chat again: the hidden line is not shown.
    drop((ann, eve, mal));
    server.kill();
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let seen = ann.join(&room, None, 0).await;
    assert!(seen["chat"].as_array().unwrap().iter().all(|l| l["text"] != "something rude"), "{seen}");

    // The log holds every action, in order, read with the test's own query too.
    let log = admin(&scratch, &["log"]);
    let actions: Vec<&str> = log.lines().map(|l| l.split('\t').nth(2).unwrap()).collect();
    assert_eq!(actions, ["mute", "hide_chat", "ban", "lift", "ban_prefix"], "{log}");
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", scratch.db().display())).await.unwrap();
    let kept: i64 = sqlx::query("SELECT COUNT(*) FROM moderation_log").fetch_one(&pool).await.unwrap().get(0);
    assert_eq!(kept, 5);
    let hidden: i64 = sqlx::query("SELECT hidden FROM chat WHERE room = ? AND n = 0")
        .bind(&room)
        .fetch_one(&pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(hidden, 1, "kept, hidden");
    pool.close().await;
}
