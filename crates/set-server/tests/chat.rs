//! A room's chat through the real server: seated players talk, markup is
//! text, bad lines and floods are refused and change nothing, watchers speak
//! too (their lines marked as a watcher's, under the name the server gave
//! them), and a player who comes back sees the room's recent chat, which
//! the database holds (read with this test's own query).

use crate::support::*;
use sqlx::Row;

fn chat(text: &str) -> ClientMsg {
    ClientMsg::Chat { text: text.to_owned() }
}

#[tokio::test]
async fn players_chat_within_the_limits_and_a_player_who_comes_back_sees_it() {
    let scratch = Scratch::new("chat");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    let mut ben = Client::new(&server, None).await;
    ben.join(&room, Some("Ben"), 0).await;

    let markup = r#"<img src=x onerror="alert(1)"> & gg"#;
    ann.send(chat(&format!("  {markup}  "))).await;
    for client in [&mut ann, &mut ben] {
        let line = client.expect("chat").await;
        assert_eq!(
            (line["name"].as_str(), line["text"].as_str(), line["seat"].as_u64()),
            (Some("Ann"), Some(markup), Some(0))
        );
    }

    // Bad lines: each refused with why, nobody hears anything (and each
    // counts against Ann's rate, as a good one would).
    for (bad, why) in
        [("   ", "empty"), ("two\nlines", "control"), ("zero\u{200b}width", "invisible"), (&*"x".repeat(251), "251")]
    {
        ann.send(chat(bad)).await;
        let refused = ann.expect("error").await;
        assert_eq!(refused["code"], "bad_chat", "{bad:?}");
        assert!(refused["message"].as_str().unwrap().contains(why), "{refused}");
    }
    // A watcher speaks too, marked as one, under the name the server gave.
    let mut eve = Client::new(&server, None).await;
    let given = eve.welcome_name.clone();
    assert_eq!(given.split(' ').count(), 2, "a friendly name: {given}");
    eve.join(&room, None, 0).await;
    eve.send(chat("hello from the stands")).await;
    let eve_player = eve.player.clone();
    for client in [&mut ann, &mut ben, &mut eve] {
        let line = client.expect("chat").await;
        assert_eq!(line["text"], "hello from the stands");
        assert_eq!(
            (line["name"].as_str(), line["watcher"].as_str()),
            (Some(given.as_str()), Some(eve_player.as_str()))
        );
    }

    // A burst of five, then a line a second: the sixth at once is refused.
    for i in 1..=5 {
        ben.send(chat(&format!("line {i}"))).await;
    }
    ben.send(chat("one too many")).await;
    let mut heard = Vec::new();
    while heard.len() < 5 {
        heard.push(ann.expect("chat").await["text"].as_str().unwrap().to_owned());
    }
    assert_eq!(heard, ["line 1", "line 2", "line 3", "line 4", "line 5"]);
    assert_eq!(ben.expect("error").await["code"], "throttled");

    // Ben comes back on a new connection: the room's chat is in the snapshot.
    let mut again = Client::new(&server, Some(&ben.token)).await;
    let snapshot = again.join(&room, None, 0).await;
    let texts: Vec<&str> = snapshot["chat"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(texts, [markup, "hello from the stands", "line 1", "line 2", "line 3", "line 4", "line 5"]);

    // And so after a restart, from the database, which holds exactly those.
    drop((ann, ben, eve, again));
    let (status, _) = server.terminate();
    assert!(status.success());
    let url = format!("sqlite://{}?mode=ro", scratch.db().display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let rows = sqlx::query("SELECT n, seat, text, watcher, watcher_name FROM chat WHERE room = ? ORDER BY n")
        .bind(&room)
        .fetch_all(&pool)
        .await
        .unwrap();
    let stored: Vec<(i64, i64, String)> = rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect();
    assert_eq!(stored.len(), 7);
    assert_eq!(stored[0], (0, 0, markup.to_owned()));
    assert_eq!(stored[1], (1, -1, "hello from the stands".to_owned()), "a watcher's line has no seat");
    let (watcher, name): (Option<String>, Option<String>) = (rows[1].get(3), rows[1].get(4));
    assert_eq!((watcher.as_deref(), name.as_deref()), (Some(eve_player.as_str()), Some(given.as_str())));
    assert_eq!((rows[0].get::<Option<String>, _>(3), stored[6].clone()), (None, (6, 1, "line 5".to_owned())));
    pool.close().await;
    let server = Server::start(&scratch);
    let mut cy = Client::new(&server, None).await;
    let watched = cy.join(&room, None, 0).await;
    assert_eq!(watched["chat"].as_array().unwrap().len(), 7);
    assert_eq!(watched["chat"][0]["name"], "Ann");
    assert_eq!(
        (watched["chat"][1]["name"].as_str(), watched["chat"][1]["watcher"].as_str()),
        (Some(given.as_str()), Some(eve_player.as_str()))
    );
}

/// Round three: a room's 500 lines were shared, and fresh watchers from
/// ten addresses used them in seconds; the players' "gg" was then refused.
/// Now the watchers together say at most their share, and the players
/// keep the rest.
#[tokio::test]
async fn watchers_from_many_addresses_cannot_spend_the_players_chat() {
    let scratch = Scratch::new("chat-watchers");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    let (mut ben, _) = ben_sits_and_ann_starts(&server, &mut ann, &room).await;
    let (mut said, mut refused) = (0, 0);
    for n in 0..45 {
        let from = format!("127.0.1.{}", n + 1);
        let mut eve = Client::from_address(&server, &from, None).await.unwrap();
        eve.join(&room, Some(&format!("Eve {n}")), 0).await;
        for line in 0..5 {
            let text = format!("watcher {n} line {line}");
            eve.send(chat(&text)).await;
            let answer = eve.first(|m| m["t"] == "error" || (m["t"] == "chat" && m["text"] == text), "an answer").await;
            if answer["t"] == "chat" {
                said += 1;
            } else {
                assert_eq!(answer["code"], "bad_chat", "{answer}");
                refused += 1;
            }
        }
    }
    assert_eq!((said, refused), (200, 25), "the watchers' share, then refused");
    ann.send(chat("gg")).await;
    let line = ben.first(|m| m["t"] == "chat" && m["text"] == "gg", "Ann's gg").await;
    assert_eq!(line["seat"], 0);
    // Restored from the database, the room still counts the watchers' lines.
    drop(server.terminate());
    let server = Server::start(&scratch);
    let mut late = Client::from_address(&server, "127.0.2.1", None).await.unwrap();
    late.join(&room, Some("Late"), 0).await;
    late.send(chat("me too")).await;
    assert_eq!(late.expect("error").await["code"], "bad_chat");
}
