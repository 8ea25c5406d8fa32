//! Moderation through the real server and the operator's own command
//! (`set-server admin`, a real process on the server's database): a player
//! reports another (a few a day); the operator lists the reports, mutes the
//! player (their chat is refused within seconds), bans them (their socket
//! closes, 4010, and their token is refused at hello), lifts the ban, bans
//! an address prefix (no socket opens from it), hides a line of a room's
//! chat (a player coming back no longer sees it), and reads every action
//! back from the log, which the test also reads with its own query.

use crate::support::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use sqlx::Row;
use std::time::Duration;
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

    // Ann reports Eve: kept once (again, its reason replaced); an
    // address's ten at once at most.
    for n in 0..10 {
        ann.send(ClientMsg::Report { player: eve.player.clone(), why: format!("rude, {n}") }).await;
    }
    ann.send(ClientMsg::Report { player: eve.player.clone(), why: "once more".into() }).await;
    let refused = ann.first(|m| m["t"] == "error", "the eleventh report refused").await;
    assert_eq!(refused["code"], "throttled", "{refused}");
    let reports = admin(&scratch, &["reports"]);
    assert_eq!(reports.lines().count(), 1, "{reports}");
    let line: Vec<&str> = reports.trim_end().split('\t').collect();
    assert_eq!((line[0], line[1], line[4]), (format!("player {}", eve.player).as_str(), "1 reporter", "rude, 9"));

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
    // (Closed within a refresh, though Mal says nothing.)
    let closed = mal.first(|m| m["t"] == "closed", "the ban's close").await;
    assert_eq!(closed["code"], 4010, "closed as banned: {closed}");
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

/// A ban takes hold at once, not at the banned player's next frame: its
/// sockets close within a refresh though it says nothing, and its seats in
/// waiting rooms go, a room it hosted handed to the next player, so that no
/// game starts with a banned identity in it and its public rooms stop
/// holding seats.
#[tokio::test]
async fn a_ban_closes_the_players_sockets_at_once_and_takes_its_seats_away() {
    let scratch = Scratch::new("moderation-ban-at-once");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let anns = ann.make("classic", "Ann", true).await;
    let mut mal_host = Client::new(&server, None).await;
    let mals = mal_host.make("classic", "Mal", true).await;
    let mut mal_seated = Client::new(&server, Some(&mal_host.token)).await;
    mal_seated.join(&anns, Some("Mal"), 0).await;
    let mut bea_with_mal = Client::new(&server, None).await;
    bea_with_mal.join(&mals, Some("Bea"), 0).await;
    ann.forget_held();
    bea_with_mal.forget_held();

    admin(&scratch, &["ban", &mal_host.player, "--note", "spam"]);
    // Mal says nothing: both sockets are closed as banned all the same.
    for mal in [&mut mal_host, &mut mal_seated] {
        let closed = mal.first(|m| m["t"] == "closed", "the ban's close").await;
        assert_eq!(closed["code"], 4010, "{closed}");
    }
    // Ann's room: Mal's seat went.
    let anns_now = ann.first_room_with(|r| r["players"].as_array().unwrap().len() == 1).await;
    assert_eq!(anns_now["players"][0]["name"], "Ann");
    // Mal's room: Bea hosts it, alone.
    let mals_now = bea_with_mal.first_room_with(|r| r["players"].as_array().unwrap().len() == 1).await;
    assert_eq!(mals_now["players"][0]["name"], "Bea");
    assert_eq!(mals_now["host"], 0, "{mals_now}");
    assert_eq!(mals_now["seat"], 0, "Bea sits in seat 0 now");
    // And Bea may start it.
    bea_with_mal.send(ClientMsg::Start).await;
    bea_with_mal.first_room_with(|r| r["status"] == "playing").await;
}

/// Everything `client` was sent until its requests so far were answered
/// (a join of no room, answered after them): the refusals among them.
async fn answered(client: &mut Client) -> Vec<Value> {
    client.send(ClientMsg::Join { room: "0000000000".into(), name: None, since: None }).await;
    let mut refusals = Vec::new();
    loop {
        let message = client.first(|m| m["t"] == "error", "a refusal").await;
        if message["to"] == "join" {
            return refusals;
        }
        refusals.push(message);
    }
}

/// Round three's report flood: a fresh identity filed its ten reports,
/// then another did, 166 kept a second from one address, and an honest
/// report fell out of `admin reports` within a second. Now an address has
/// a budget of reports, a report is kept once per reporter and player, and
/// the operator's list ranks the reported by distinct reporters.
#[tokio::test]
async fn a_report_flood_from_one_address_is_bounded_and_buries_no_honest_report() {
    let scratch = Scratch::new("report-flood");
    let server = Server::start(&scratch);
    // Three players, each from a machine of their own, report the cheat.
    let cheat = Client::from_address(&server, "127.0.0.9", None).await.unwrap();
    for from in ["127.0.0.4", "127.0.0.5", "127.0.0.6"] {
        let mut honest = Client::from_address(&server, from, None).await.unwrap();
        honest.send(ClientMsg::Report { player: cheat.player.clone(), why: "too fast".into() }).await;
        answered(&mut honest).await;
    }
    // The farm: fresh identities from one address, each reporting made-up players.
    let (mut kept, mut refused) = (0, 0);
    for _ in 0..5 {
        let mut eve = Client::from_address(&server, "127.0.0.3", None).await.unwrap();
        for n in 0..10 {
            let player = format!("{:032x}", (kept + refused) * 10 + n + 1);
            eve.send(ClientMsg::Report { player, why: "spam".into() }).await;
        }
        let refusals = answered(&mut eve).await;
        assert!(refusals.iter().all(|r| r["code"] == "throttled" && r["to"] == "report"), "{refusals:?}");
        refused += refusals.len();
        kept += 10 - refusals.len();
    }
    assert_eq!((kept, refused), (10, 40), "the address's burst, then refused");
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", scratch.db().display())).await.unwrap();
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM reports").fetch_one(&pool).await.unwrap();
    pool.close().await;
    assert_eq!(rows, 3 + 10);
    let reports = admin(&scratch, &["reports", "--limit", "3"]);
    let first: Vec<&str> = reports.lines().next().unwrap().split('\t').collect();
    assert_eq!((first[0], first[1]), (format!("player {}", cheat.player).as_str(), "3 reporters"), "{reports}");
}
