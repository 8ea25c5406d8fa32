//! The server as players meet it: real processes, real WebSocket clients,
//! a real database file. Rooms, claims racing, taken and wrong claims,
//! duplicates, resync after a gap, every kind of bad input, limits, and a
//! room that panics while the others play on.

use crate::support::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// Ann creates a classic room, Ben joins, Ann starts: both see the same table.
async fn two_players(server: &Server) -> (Client, Client, String, Value) {
    two_named(server, ["Ann", "Ben"]).await
}

/// Two players under these names (unique among everyone online) in a room of their own, started.
async fn two_named(server: &Server, names: [&str; 2]) -> (Client, Client, String, Value) {
    let mut ann = Client::new(server, None).await;
    let room = ann.create("classic", names[0]).await;
    let mut ben = Client::new(server, None).await;
    let joined = ben.join(&room, Some(names[1]), 0).await;
    assert_eq!((joined["seat"].as_u64(), joined["status"].as_str()), (Some(1), Some("waiting")));
    ann.send(ClientMsg::Start).await;
    let a = ann.expect("room").await;
    let b = ben.expect("room").await;
    assert_eq!(a["status"], "playing");
    assert_eq!(a["view"], b["view"]);
    assert_eq!(a["commitment"], b["commitment"]);
    assert!(a["seed"].is_null() && a["salt"].is_null(), "the seed stays secret while the game is played");
    (ann, ben, room, a)
}

#[tokio::test]
async fn the_first_claim_wins_the_second_is_taken_and_never_wrong() {
    let scratch = Scratch::new("race");
    let server = Server::start(&scratch);
    let (mut ann, mut ben, _room, start) = two_players(&server).await;
    let set = a_set(&ids(&start["view"]["table"]));
    let a = ann.claim(&set, 0).await;
    let b = ben.claim(&set, 0).await;
    // The two claims race on separate connections; whichever the room hears
    // first wins, and the other is taken by the winner, never wrong.
    let from_ann = ann.result(a).await;
    let from_ben = ben.result(b).await;
    let (won, lost, winner) =
        if from_ann["verdict"] == "accepted" { (from_ann, from_ben, 0) } else { (from_ben, from_ann, 1) };
    assert_eq!((won["verdict"].as_str(), won["seq"].as_u64()), (Some("accepted"), Some(1)), "{won}");
    assert_eq!(lost["verdict"], "taken", "{lost}");
    assert_eq!(lost["by"], winner, "taken by the winner");
    assert!(set.contains(&(lost["card"].as_u64().unwrap() as u8)));
    // Both saw the move; the scores: the winner 1, the other 0 and no wrong claim.
    let moved = ben.expect("move").await;
    assert_eq!(ann.expect("move").await, moved, "both hear the same move");
    assert_eq!(
        (moved["seq"].as_u64(), moved["kind"].as_str(), moved["by"].as_u64()),
        (Some(1), Some("set"), Some(winner))
    );
    let scores: Vec<(u64, u64)> = moved["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["score"].as_u64().unwrap(), p["wrong"].as_u64().unwrap()))
        .collect();
    let expected = if winner == 0 { [(1, 0), (0, 0)] } else { [(0, 0), (1, 0)] };
    assert_eq!(scores, expected);
    // The same claim sent again gets its first answer, and changes nothing.
    let (again, id) = if winner == 0 { (&mut ann, a) } else { (&mut ben, b) };
    again.send(ClientMsg::Claim { id, cards: wide(&set), seen: 0 }).await;
    assert_eq!(again.result(id).await, won);
}

#[tokio::test]
async fn a_disjoint_claim_survives_another_players_set_and_wrong_claims_say_why() {
    let scratch = Scratch::new("disjoint");
    let server = Server::start(&scratch);
    let (mut ann, mut ben, _room, start) = two_players(&server).await;
    // Ann plays sets until the table holds two sets with no card in common.
    let (mut table, mut seq) = (ids(&start["view"]["table"]), 0u64);
    let (first, disjoint) = loop {
        let sets = sets_of(&table);
        let pair = sets
            .iter()
            .find_map(|a| sets.iter().find(|b| !b.iter().any(|c| a.contains(c))).map(|b| (a.clone(), b.clone())));
        if let Some(pair) = pair {
            break pair;
        }
        assert!(seq < 10, "ten tables without two disjoint sets");
        let moved = ann.play_a_set(&table, seq).await;
        seq = moved["seq"].as_u64().unwrap();
        table = ids(&moved["view"]["table"]);
        ben.expect_move(seq).await;
    };
    // Both claim on the same view: whichever the room hears second was made
    // a view too early, and its cards are all still on the table.
    let a = ann.claim(&first, seq).await;
    let b = ben.claim(&disjoint, seq).await;
    assert_eq!(ann.result(a).await["verdict"], "accepted");
    assert_eq!(ben.result(b).await["verdict"], "accepted");
    seq += 2;
    ann.expect_move(seq).await;
    let table = ids(&ben.expect_move(seq).await["view"]["table"]);
    let wrong = a_non_set(&table);
    let w = ben.claim(&wrong, seq).await;
    let answer = ben.result(w).await;
    assert_eq!(answer["verdict"], "wrong");
    assert!(answer["why"].as_str().unwrap().len() > 10, "the reason, in words: {answer}");
    // Then a short cooldown: a claim at once is refused, not counted.
    let again = ben.claim(&a_set(&table), seq + 1).await;
    assert_eq!(ben.result(again).await["code"], "cooling_down");
}

#[tokio::test]
async fn a_player_who_drops_out_resyncs_with_what_they_missed() {
    let scratch = Scratch::new("resync");
    let server = Server::start(&scratch);
    let (mut ann, ben, room, start) = two_players(&server).await;
    let token = ben.token.clone();
    drop(ben);
    let mut table = ids(&start["view"]["table"]);
    let mut heard = Vec::new();
    for seen in 0..2 {
        let id = ann.claim(&a_set(&table), seen).await;
        assert_eq!(ann.result(id).await["verdict"], "accepted");
        let moved = ann.expect("move").await;
        table = ids(&moved["view"]["table"]);
        heard.push(["seq", "by", "kind", "cards", "at_ms"].map(|field| moved[field].clone()));
    }
    let mut ben = Client::new(&server, Some(&token)).await;
    let back = ben.join(&room, None, 0).await;
    assert_eq!(back["seat"], 1, "the same player, by their token");
    assert_eq!(back["seq"], 2);
    assert_eq!(ids(&back["view"]["table"]), table);
    let missed: Vec<u64> = back["moves"].as_array().unwrap().iter().map(|m| m["seq"].as_u64().unwrap()).collect();
    assert_eq!(missed, [1, 2]);
    let replayed: Vec<_> = back["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| ["seq", "by", "kind", "cards", "at_ms"].map(|field| m[field].clone()))
        .collect();
    assert_eq!(replayed, heard, "the moves missed, read back from the log, are the moves the others heard");
    let later = Client::new(&server, Some(&token)).await.join(&room, None, 1).await;
    assert_eq!(later["moves"].as_array().unwrap().len(), 1, "only what came after `since`");
}

#[tokio::test]
async fn a_verdict_is_only_ever_given_to_the_claim_it_judged() {
    let scratch = Scratch::new("stale");
    let server = Server::start(&scratch);
    let (mut ann, _ben, room, start) = two_players(&server).await;
    let table = ids(&start["view"]["table"]);
    let first = ann.claim(&a_set(&table), 0).await;
    assert_eq!(first, 1);
    assert_eq!(ann.result(first).await["verdict"], "accepted");
    let table = ids(&ann.expect_move(1).await["view"]["table"]);

    // Ann reloads: a new connection with her token, whose claims are
    // numbered from 1 again. A non-set under the id of her accepted claim
    // is judged, and is wrong.
    let token = ann.token.clone();
    drop(ann);
    let mut ann = Client::new(&server, Some(&token)).await;
    ann.join(&room, None, 1).await;
    let non_set = a_non_set(&table);
    let reused = ann.claim(&non_set, 1).await;
    assert_eq!(reused, first, "the reloaded page numbers its claims from 1 again");
    let answer = ann.result(reused).await;
    assert_eq!(answer["verdict"], "wrong", "{answer}");
    let moved = ann.expect_move(2).await;
    assert_eq!((moved["kind"].as_str(), moved["by"].as_u64()), (Some("wrong"), Some(0)));

    // Two tabs of Ann's, each numbering from 1, claim at once: a set in one,
    // two of its cards with another in the other. Each gets its own verdict.
    let table = ids(&moved["view"]["table"]);
    let mut tab = Client::new(&server, Some(&token)).await;
    tab.join(&room, None, 2).await;
    let mut tab_two = Client::new(&server, Some(&token)).await;
    tab_two.join(&room, None, 2).await;
    let set = a_set(&table);
    let overlapping = table.iter().copied().find(|c| !set.contains(c)).map(|c| vec![set[0], set[1], c]).unwrap();
    // Ann's cooldown from the wrong claim passes first.
    tokio::time::sleep(std::time::Duration::from_millis(1600)).await;
    let one = tab.claim(&set, 2).await;
    let two = tab_two.claim(&overlapping, 2).await;
    assert_eq!(one, two, "both tabs use the same id");
    let (from_one, from_two) = (tab.result(one).await, tab_two.result(two).await);
    // Whichever the room hears first decides; under the old cache keyed by
    // (seat, id) the second would have been given the first one's answer.
    let said = |answer: &Value| answer["verdict"].as_str().or(answer["code"].as_str()).unwrap().to_owned();
    let verdicts = (said(&from_one), said(&from_two));
    let expected = [("accepted", "taken"), ("cooling_down", "wrong")].map(|(a, b)| (a.to_owned(), b.to_owned()));
    assert!(expected.contains(&verdicts), "each claim judged on its own cards: {from_one} {from_two}");
    assert_ne!(from_one, from_two, "two claims, two verdicts");
}

/// A room as Ann's fresh connection sees it, without the connection flags
/// and the game's clock (which runs on its own, whatever anyone sends).
async fn snapshot(server: &Server, token: &str, room: &str) -> Value {
    let mut look = Client::new(server, Some(token)).await;
    let mut seen = look.join(room, None, 0).await;
    assert!(seen["elapsed_ms"].is_u64(), "a room being played has a clock: {seen}");
    seen.as_object_mut().unwrap().remove("elapsed_ms");
    for player in seen["players"].as_array_mut().unwrap() {
        player.as_object_mut().unwrap().remove("connected");
        player.as_object_mut().unwrap().remove("rtt");
    }
    seen
}

#[tokio::test]
async fn bad_input_gets_a_clear_error_and_changes_nothing() {
    let scratch = Scratch::new("bad");
    let server = Server::start(&scratch);
    let (mut ann, _ben, room, start) = two_players(&server).await;
    let before = snapshot(&server, &ann.token, &room).await;
    let table = ids(&start["view"]["table"]);
    let set = a_set(&table);
    let hidden = (0..81u8).find(|id| !table.contains(id)).unwrap();
    let claims: [(Value, &str, &str); 7] = [
        (json!([set[0], set[1], hidden]), "bad_claim", "not on the table"),
        (json!([set[0], set[1], set[0]]), "bad_claim", "more than once"),
        (json!([set[0], set[1]]), "bad_claim", "not 2"),
        (json!([set[0], set[1], set[2], table[3]]), "bad_claim", "not 4"),
        (json!([set[0], set[1], 81]), "bad_claim", "81 is not the id of a card of this way's deck"),
        (json!([set[0], set[1], "x"]), "bad_message", "claim"),
        (json!("abc"), "bad_message", "claim"),
    ];
    for (i, (cards, code, says)) in claims.iter().enumerate() {
        ann.send_text(&json!({ "t": "claim", "id": 100 + i, "cards": cards, "seen": 0 }).to_string()).await;
        let error = ann.expect("error").await;
        assert_eq!(error["code"], *code, "{cards}: {error}");
        assert!(error["message"].as_str().unwrap().contains(says), "{cards}: {error}");
    }
    ann.send(ClientMsg::Claim { id: 9, cards: wide(&set), seen: 5 }).await;
    let error = ann.expect("error").await;
    assert!(error["message"].as_str().unwrap().contains("event 5 has not happened"), "{error}");
    for (text, code) in [
        (r#"{"t":"teleport"}"#, "unknown_type"),
        (r#"{"t":"claim","#, "bad_json"),
        ("[1,2,3]", "unknown_type"),
        (r#"{"t":"claim","id":1}"#, "bad_message"),
    ] {
        ann.send_text(text).await;
        assert_eq!(ann.expect("error").await["code"], code, "{text}");
    }
    let long = format!(r#"{{"t":"ping","c":1,"pad":"{}"}}"#, "x".repeat(3000));
    ann.send_text(&long).await;
    let error = ann.expect("error").await;
    assert_eq!(error["code"], "too_big");
    assert!(error["message"].as_str().unwrap().contains("at most 2048"));
    // The room is as it was, and the connection still plays.
    assert_eq!(snapshot(&server, &ann.token, &room).await, before);
    let ok = ann.claim(&set, 0).await;
    assert_eq!(ann.result(ok).await["verdict"], "accepted");
    // Frames past the hard limit end that connection only.
    let mut flood = Client::new(&server, None).await;
    flood.send_text(&"x".repeat(20_000)).await;
    assert_eq!(flood.next().await["t"], "closed");
    let alive = Client::new(&server, None).await;
    assert!(!alive.player.is_empty());
}

#[tokio::test]
async fn tokens_origins_and_the_order_of_messages_are_checked() {
    let scratch = Scratch::new("identity");
    let server = Server::start(&scratch);
    let ann = Client::new(&server, None).await;
    // A tampered token: refused and closed with 4001.
    let mut forged = ann.token.clone();
    let last = forged.pop().unwrap();
    forged.push(if last == '0' { '1' } else { '0' });
    let mut ws = connect(&server, &server.origin()).await.unwrap();
    ws.send(Message::text(ClientMsg::Hello { v: VERSION, token: Some(forged.clone()) }.to_text())).await.unwrap();
    let error: Value = match ws.next().await {
        Some(Ok(Message::Text(t))) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(error["code"], "bad_token");
    match ws.next().await {
        Some(Ok(Message::Close(Some(frame)))) => assert_eq!(u16::from(frame.code), 4001),
        other => panic!("expected a close with 4001, got {other:?}"),
    }
    // Another site's page cannot open a WebSocket here, nor can a page with no Origin.
    let foreign = connect(&server, "https://evil.example").await;
    assert!(foreign.unwrap_err().contains("403"));
    // Before hello, nothing but hello and ping.
    let mut early = connect(&server, &server.origin()).await.unwrap();
    early
        .send(Message::text(
            ClientMsg::Create {
                mode: "classic".into(),
                hints: false,
                name: "Eve".into(),
                public: false,
                bots: vec![],
                dealing: set_core::rules::variant::Dealing::Automatic,
            }
            .to_text(),
        ))
        .await
        .unwrap();
    let reply: Value = match early.next().await {
        Some(Ok(Message::Text(t))) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(reply["code"], "hello_first");
    // Another protocol version is asked to reload.
    early.send(Message::text(ClientMsg::Hello { v: VERSION + 1, token: None }.to_text())).await.unwrap();
    let reply: Value = match early.next().await {
        Some(Ok(Message::Text(t))) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(reply["code"], "version");
    // Names: invisible characters and repeats are refused.
    let mut eve = Client::new(&server, None).await;
    eve.send(ClientMsg::Create {
        mode: "classic".into(),
        hints: false,
        name: "E\u{200b}ve".into(),
        public: false,
        bots: vec![],
        dealing: set_core::rules::variant::Dealing::Automatic,
    })
    .await;
    assert_eq!(eve.expect("error").await["code"], "bad_name");
    let room = eve.create("junior", "Eve").await;
    let mut twin = Client::new(&server, None).await;
    twin.send(ClientMsg::Join { room: room.clone(), name: Some(" Eve ".into()), since: None }).await;
    assert_eq!(twin.expect("error").await["code"], "bad_name");
    twin.send(ClientMsg::Join { room: "0000000000".into(), name: None, since: None }).await;
    assert_eq!(twin.expect("error").await["code"], "no_room");
    // Only the host starts.
    let joined = twin.join(&room, Some("Tom"), 0).await;
    assert_eq!(joined["seat"], 1);
    twin.send(ClientMsg::Start).await;
    assert_eq!(twin.expect("error").await["code"], "not_host");
}

#[tokio::test]
async fn claims_and_rooms_are_rate_limited_per_connection() {
    let scratch = Scratch::new("limits");
    let server = Server::start(&scratch);
    let (mut ann, _ben, _room, start) = two_players(&server).await;
    let table = ids(&start["view"]["table"]);
    let hidden = (0..81u8).find(|id| !table.contains(id)).unwrap();
    for i in 0..12 {
        ann.send(ClientMsg::Claim { id: 500 + i, cards: wide(&[table[0], table[1], hidden]), seen: 0 }).await;
    }
    let mut codes = Vec::new();
    for _ in 0..12 {
        codes.push(ann.expect("error").await["code"].as_str().unwrap().to_owned());
    }
    assert!(codes.iter().filter(|c| *c == "throttled").count() >= 3, "{codes:?}");
    let mut maker = Client::new(&server, None).await;
    for i in 0..4 {
        maker
            .send(ClientMsg::Create {
                mode: "classic".into(),
                hints: false,
                name: "Max".into(),
                public: false,
                bots: vec![],
                dealing: set_core::rules::variant::Dealing::Automatic,
            })
            .await;
        let reply = maker.next().await;
        assert_eq!(reply["t"], if i < 3 { "created" } else { "error" }, "{reply}");
    }
}

#[tokio::test]
async fn a_room_that_panics_reloads_from_its_log_and_the_others_play_on() {
    let scratch = Scratch::new("panic");
    let server = Server::try_start(&scratch.db(), &scratch.dist(), &[("SET_SERVER_TEST_HOOKS", "1")]).unwrap();
    let (mut ann, mut ben, room, start) = two_players(&server).await;
    let (mut cy, mut di, _other, other_start) = two_named(&server, ["Cy", "Di"]).await;
    let id = ann.claim(&a_set(&ids(&start["view"]["table"])), 0).await;
    assert_eq!(ann.result(id).await["verdict"], "accepted");
    let before = ann.expect("move").await;
    // The debug build's hook: this claim makes the room's task panic.
    ann.send(ClientMsg::Claim { id: 77, cards: vec![-99, -99, -99], seen: 1 }).await;
    let closed = ben.next().await;
    let closed = if closed["t"] == "move" { ben.next().await } else { closed };
    assert_eq!(closed, json!({ "t": "closed", "code": 4011 }));
    // The other room never noticed.
    let id = cy.claim(&a_set(&ids(&other_start["view"]["table"])), 0).await;
    assert_eq!(cy.result(id).await["verdict"], "accepted");
    assert_eq!(di.expect("move").await["seq"], 1);
    // Ben comes back: the room is rebuilt from its log as it was.
    let mut ben = Client::new(&server, Some(&ben.token)).await;
    let back = ben.join(&room, None, 0).await;
    assert_eq!(back["view"], before["view"]);
    assert_eq!(back["players"][0]["score"], 1);
}

#[tokio::test]
async fn names_are_taken_in_nfc_and_look_alikes_and_invisible_ones_refused() {
    let scratch = Scratch::new("names");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    let refused = [
        ("\u{410}nn", "looks too much like \"Ann\""), // Cyrillic А
        ("Ann\u{E0101}", "invisible character (U+E0101)"),
        ("B\u{200B}en", "invisible character (U+200B)"),
        ("\u{202E}neB", "text-direction control (U+202E)"),
    ];
    for (name, why) in refused {
        let mut other = Client::new(&server, None).await;
        other.send(ClientMsg::Join { room: room.clone(), name: Some(name.to_string()), since: Some(0) }).await;
        let answer = other.expect("error").await;
        assert_eq!(answer["code"], "bad_name", "{name:?}: {answer}");
        assert!(answer["message"].as_str().unwrap().contains(why), "{name:?}: {answer}");
    }
    // Å typed as A and a combining ring is seated as the one character.
    let mut asa = Client::new(&server, None).await;
    let seated = asa.join(&room, Some("A\u{30A}sa"), 0).await;
    assert_eq!(seated["players"][1]["name"], "\u{C5}sa", "{seated}");
    // The database holds the name as it was seated (the test's own query).
    let db = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", scratch.db().display())).await.unwrap();
    let names: Vec<String> = sqlx::query_scalar("SELECT name FROM seats WHERE room = ? ORDER BY seat")
        .bind(&room)
        .fetch_all(&db)
        .await
        .unwrap();
    assert_eq!(names, ["Ann", "\u{C5}sa"], "nothing refused was seated");
}
