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

/// How many sign-outs the database at `scratch` keeps, by the test's own query.
async fn sign_out_rows(scratch: &Scratch) -> i64 {
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", scratch.db().display())).await.unwrap();
    let rows = sqlx::query_scalar("SELECT count(*) FROM sign_outs").fetch_one(&pool).await.unwrap();
    pool.close().await;
    rows
}

/// Round three's sign-out flood: on one socket, a hello without a token
/// (a new identity) and a sign-out, again and again, each sign-out a row
/// kept for good. Now an address has a budget of sign-outs and one of new
/// identities (on a new socket or an open one): past them it is refused,
/// and the table holds what the budget allows.
#[tokio::test]
async fn one_address_cannot_fill_the_sign_outs_nor_make_new_identities_without_bound() {
    let scratch = Scratch::new("sign-out-flood");
    let flags =
        ["--sign-out-burst", "3", "--sign-outs-per-hour", "1", "--identity-burst", "6", "--identities-per-minute", "1"];
    let server = Server::start_with(&scratch, &flags);
    let mut eve = Client::new(&server, None).await;
    let (mut signed_out, mut identities, mut refused) = (0, 1, None);
    for _ in 0..20 {
        eve.send(ClientMsg::SignOutElsewhere).await;
        let answer = eve.first(|m| m["t"] == "welcome" || m["t"] == "error", "a sign-out's answer").await;
        if answer["t"] == "welcome" {
            signed_out += 1;
        } else {
            assert_eq!((&answer["code"], &answer["to"]), (&"throttled".into(), &"sign_out_elsewhere".into()));
        }
        eve.send(ClientMsg::Hello { v: VERSION, token: None }).await;
        let answer = eve.first(|m| m["t"] == "welcome" || m["t"] == "error", "a hello's answer").await;
        if answer["t"] == "error" {
            refused = Some(answer);
            break;
        }
        identities += 1;
    }
    let refused = refused.expect("the address ran out of new identities");
    assert_eq!((&refused["code"], &refused["to"]), (&"throttled".into(), &"hello".into()));
    assert_eq!(eve.first(|m| m["t"] == "closed", "the close").await["code"], 4008);
    assert_eq!((signed_out, identities), (3, 6), "the budgets' bursts");
    assert_eq!(sign_out_rows(&scratch).await, 3, "one row a sign-out the budget allowed");
    // Another address is not this one's budget.
    let other = Client::from_address(&server, "127.0.0.2", None).await.unwrap();
    assert!(!other.player.is_empty());
}

/// The resident memory of process `pid`, in KiB (Linux's /proc).
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// A million sign-outs, as a farm would leave them over three hours
/// (written by SQL): the server reads the store by change and holds only
/// its connected players' sign-outs, asking the rest by key at hello, so
/// its memory stays about that of an empty table's server, a sign-out
/// among the million still refuses its token, and a game plays.
#[tokio::test]
async fn a_million_sign_outs_in_the_table_cost_the_server_no_memory_and_still_count() {
    let scratch = Scratch::new("sign-outs-million");
    let server = Server::start(&scratch);
    let ann = Client::new(&server, None).await;
    let empty_kib = resident_kib(server.child.id());
    drop(server.terminate());
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", scratch.db().display())).await.unwrap();
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
         INSERT INTO sign_outs (player, at) SELECT printf('%032x', i), $1 - 10 * i FROM n",
    )
    .bind(now)
    .execute(&pool)
    .await
    .unwrap();
    // Ann's row among the million: her token, issued before it, is refused.
    sqlx::query("INSERT INTO sign_outs (player, at) VALUES ($1, $2)")
        .bind(&ann.player)
        .bind(now + 1)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    assert_eq!(sign_out_rows(&scratch).await, 1_000_001);

    let server = Server::start(&scratch);
    let (mut solo, _room, table) = Client::alone_in_a_started_room(&server).await;
    let moved = solo.play_a_set(&table, 0).await;
    assert_eq!(moved["seq"], 1);
    let mut ws = connect(&server, &server.origin()).await.unwrap();
    {
        use futures_util::{SinkExt, StreamExt};
        use tokio_tungstenite::tungstenite::Message;
        ws.send(Message::text(ClientMsg::Hello { v: VERSION, token: Some(ann.token.clone()) }.to_text()))
            .await
            .unwrap();
        match ws.next().await {
            Some(Ok(Message::Text(text))) => assert!(text.contains("bad_token"), "{text}"),
            other => panic!("{other:?}"),
        }
    }
    // Past two refreshes of the sign-outs.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let full_kib = resident_kib(server.child.id());
    eprintln!("resident: {empty_kib} KiB over an empty table, {full_kib} KiB over a million sign-outs");
    assert!(full_kib < empty_kib + 40 * 1024, "{full_kib} KiB against {empty_kib} KiB: the table is not held");
}
