//! The lobby through the real server: public rooms appear, fill, start and
//! go, told live in batches; private rooms never show; quick plays pressed at once meet in
//! one room; the lobby's chat keeps its limits; watchers of a room are named
//! to its players; the lobby holds at most its watchers; and a name is one
//! player's among everyone online, until they rename (within a bound) or go.

use crate::support::*;
use serde_json::Value;

fn watch(name: Option<&str>) -> ClientMsg {
    ClientMsg::Lobby { name: name.map(str::to_owned) }
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect()
}

/// The lobby's rooms as a watcher keeps them, by id, from the changes it is told.
type Rooms = std::collections::BTreeMap<String, Value>;

/// Reads the lobby's changes into `rooms` until `done` holds of them
/// (other lobby messages skipped); how many frames of changes that took.
async fn until(eve: &mut Client, rooms: &mut Rooms, done: impl Fn(&Rooms) -> bool) -> usize {
    let mut frames = 0;
    while !done(rooms) {
        let message = eve.next().await;
        if message["t"] != "lobby_changes" {
            assert!(message["t"] == "online" || message["t"] == "lobby_line", "{message}");
            continue;
        }
        frames += 1;
        for gone in message["gone"].as_array().unwrap() {
            rooms.remove(gone.as_str().unwrap());
        }
        for room in message["rooms"].as_array().unwrap() {
            rooms.insert(room["room"].as_str().unwrap().to_owned(), room.clone());
        }
    }
    frames
}

#[tokio::test]
async fn a_public_room_appears_fills_starts_and_leaves_the_lobby_live() {
    let scratch = Scratch::new("lobby-live");
    let server = Server::start(&scratch);
    let mut eve = Client::new(&server, None).await;
    eve.send(watch(Some("Eve"))).await;
    let lobby = eve.expect("lobby").await;
    assert_eq!(lobby["rooms"], serde_json::json!([]));
    assert_eq!(names(&lobby["people"]), ["Eve"]);

    // A private room is never listed; a public one is, once its host sits.
    let mut cy = Client::new(&server, None).await;
    cy.create("classic", "Cy").await;
    let mut ann = Client::new(&server, None).await;
    let room = ann.make("junior", "Ann", true).await;
    let mut rooms = Rooms::new();
    until(&mut eve, &mut rooms, |rooms| !rooms.is_empty()).await;
    assert_eq!(rooms.keys().collect::<Vec<_>>(), [&room], "only the public room");
    let listed = &rooms[&room];
    assert_eq!((listed["mode"].as_str(), listed["status"].as_str()), (Some("junior"), Some("waiting")));
    assert_eq!(names(&listed["players"]), ["Ann"]);
    assert_eq!((listed["hints"].as_bool(), listed["rated"].as_bool()), (Some(true), Some(false)), "hints: unrated");

    let mut ben = Client::new(&server, None).await;
    ben.join(&room, Some("Ben"), 0).await;
    until(&mut eve, &mut rooms, |rooms| rooms[&room]["players"].as_array().unwrap().len() == 2).await;
    assert_eq!(names(&rooms[&room]["players"]), ["Ann", "Ben"]);
    ann.send(ClientMsg::Start).await;
    until(&mut eve, &mut rooms, |rooms| rooms[&room]["status"] == "playing").await;

    // Someone watching is counted in the lobby and named to the room.
    let mut dan = Client::new(&server, None).await;
    let watched = dan.join(&room, Some("Dan"), 0).await;
    assert_eq!(watched["seat"], Value::Null);
    assert_eq!(names(&watched["watchers"]), ["Dan"]);
    until(&mut eve, &mut rooms, |rooms| rooms[&room]["watchers"] == 1).await;
    let claim = dan.claim(&[0, 1, 2], 0).await;
    assert_eq!(dan.result(claim).await["code"], "not_seated");
    let mut fay = Client::new(&server, None).await;
    assert_eq!(names(&fay.join(&room, Some("Fay"), 0).await["watchers"]), ["Dan", "Fay"]);
    until(&mut eve, &mut rooms, |rooms| rooms[&room]["watchers"] == 2).await;
    drop((dan, fay));
    until(&mut eve, &mut rooms, |rooms| rooms[&room]["watchers"] == 0).await;

    // Nobody seated is left: the room goes from the lobby.
    drop((ann, ben));
    until(&mut eve, &mut rooms, std::collections::BTreeMap::is_empty).await;

    // A newcomer to the lobby sees what is there now: nothing, and who is online.
    let mut gil = Client::new(&server, None).await;
    gil.send(watch(None)).await;
    let lobby = gil.expect("lobby").await;
    assert_eq!(lobby["rooms"], serde_json::json!([]));
    assert_eq!(lobby["online"], 3, "Eve, Cy and Gil");
    assert_eq!(names(&lobby["people"]), ["Eve"]);
    // The front door's count, over plain HTTP.
    let answer = server.get("/api/online", "").await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with(r#"{"online":3}"#), "{answer}");
}

/// A stranger is given a friendly name at once, unique among everyone
/// online: quick play and making a room without a name seat them under it.
#[tokio::test]
async fn a_stranger_plays_at_once_under_the_name_the_server_gave() {
    let scratch = Scratch::new("lobby-given");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let mut bo = Client::new(&server, None).await;
    let (a, b) = (ann.welcome_name.clone(), bo.welcome_name.clone());
    assert!(!a.is_empty() && !b.is_empty() && a != b, "{a} and {b}");
    // Back on a second tab, the same name.
    let again = Client::new(&server, Some(&ann.token)).await;
    assert_eq!(again.welcome_name, a);
    ann.send(ClientMsg::QuickPlay { mode: "classic".into(), name: String::new() }).await;
    let room = ann.expect("room").await;
    assert_eq!(room["players"][0]["name"], a.as_str());
    bo.send(ClientMsg::QuickPlay { mode: "classic".into(), name: "  ".into() }).await;
    let seated = bo.expect("room").await;
    assert_eq!(
        (seated["room"].clone(), seated["players"][1]["name"].as_str()),
        (room["room"].clone(), Some(b.as_str()))
    );
    // The name given is Ann's: another player cannot take it while she is online.
    let mut cy = Client::new(&server, None).await;
    cy.send(watch(Some(&a))).await;
    let refused = cy.next().await;
    assert_eq!(
        (refused["code"].as_str(), refused["suggestion"].as_str()),
        (Some("bad_name"), Some(format!("{a} 2").as_str()))
    );
}

#[tokio::test]
async fn quick_plays_pressed_at_once_meet_in_one_room() {
    let scratch = Scratch::new("lobby-quick");
    let server = Server::start(&scratch);
    let mut players = Vec::new();
    for _ in 0..6 {
        players.push(Client::new(&server, None).await);
    }
    // All six at once: each quick play waits its turn, and finds the room
    // the first one made.
    let pressed = players.iter_mut().enumerate().map(|(i, player)| async move {
        player.send(ClientMsg::QuickPlay { mode: "classic".into(), name: format!("P{i}") }).await;
        player.expect("room").await
    });
    let rooms = futures_util::future::join_all(pressed).await;
    let first = rooms[0]["room"].as_str().unwrap();
    let mut seats: Vec<u64> = Vec::new();
    for room in &rooms {
        assert_eq!(room["room"], first, "one room for all: {rooms:?}");
        assert_eq!(
            (room["mode"].as_str(), room["hints"].as_bool(), room["public"].as_bool()),
            (Some("classic"), Some(false), Some(true))
        );
        seats.push(room["seat"].as_u64().unwrap());
    }
    seats.sort();
    assert_eq!(seats, [0, 1, 2, 3, 4, 5]);

    // Another way to play is another room; an unknown one is refused and makes none.
    let mut junior = Client::new(&server, None).await;
    junior.send(ClientMsg::QuickPlay { mode: "junior".into(), name: "J".into() }).await;
    assert_ne!(junior.expect("room").await["room"], first);
    let mut odd = Client::new(&server, None).await;
    odd.send(ClientMsg::QuickPlay { mode: "daily".into(), name: "Odd".into() }).await;
    assert_eq!(odd.expect("error").await["code"], "bad_mode");
    let mut eve = Client::new(&server, None).await;
    eve.send(watch(None)).await;
    let lobby = eve.expect("lobby").await;
    let listed: Vec<(&str, usize)> = lobby["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["mode"].as_str().unwrap(), r["players"].as_array().unwrap().len()))
        .collect();
    assert_eq!(listed, [("classic", 6), ("junior", 1)]);
    assert!(lobby["rooms"].as_array().unwrap().iter().all(|r| r["rated"] == true), "quick play's rooms are rated");

    // A started room takes no quick play: the next one makes a new room. Its
    // host is whoever's press made it (seat 0), not the first client in the list.
    let host = rooms.iter().position(|room| room["seat"] == 0).unwrap();
    players[host].send(ClientMsg::Start).await;
    let mut rooms = Rooms::new();
    let first_room = first.to_owned();
    until(&mut eve, &mut rooms, |rooms| rooms.get(&first_room).is_some_and(|r| r["status"] == "playing")).await;
    let mut late = Client::new(&server, None).await;
    late.send(ClientMsg::QuickPlay { mode: "classic".into(), name: "Late".into() }).await;
    let own = late.expect("room").await;
    assert_ne!(own["room"], first);
    assert_eq!(own["seat"], 0);
}

#[tokio::test]
async fn lobby_chat_is_text_within_its_limits() {
    let scratch = Scratch::new("lobby-chat");
    let server = Server::start(&scratch);
    let mut eve = Client::new(&server, None).await;
    eve.send(watch(Some("Eve"))).await;
    eve.expect("lobby").await;
    let mut fay = Client::new(&server, None).await;
    fay.send(watch(Some("Fay"))).await;
    fay.expect("lobby").await;

    let markup = "<script>alert('x')</script> &amp;";
    eve.send(ClientMsg::Chat { text: markup.into() }).await;
    for client in [&mut eve, &mut fay] {
        let line = client.expect("lobby_line").await;
        assert_eq!((line["name"].as_str(), line["text"].as_str()), (Some("Eve"), Some(markup)));
    }
    for bad in ["", "bell\u{7}", &"y".repeat(251)] {
        eve.send(ClientMsg::Chat { text: bad.into() }).await;
        assert_eq!(eve.expect("error").await["code"], "bad_chat", "{bad:?}");
    }
    // A burst of five, then a line a second: the sixth at once is throttled.
    for i in 0..5 {
        fay.send(ClientMsg::Chat { text: format!("hi {i}") }).await;
    }
    fay.send(ClientMsg::Chat { text: "too fast".into() }).await;
    assert_eq!(fay.expect("error").await["code"], "throttled");

    // Someone watching without a name reads but does not speak; nor does
    // someone in neither the lobby nor a room.
    let mut quiet = Client::new(&server, None).await;
    quiet.send(watch(None)).await;
    let lobby = quiet.expect("lobby").await;
    // What was told before it came, then (lines said since the last
    // changes) the rest with the next changes: each line once, in order.
    let mut said: Vec<String> =
        lobby["chat"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap().to_owned()).collect();
    while said.len() < 6 {
        said.push(quiet.expect("lobby_line").await["text"].as_str().unwrap().to_owned());
    }
    assert_eq!(said, [markup, "hi 0", "hi 1", "hi 2", "hi 3", "hi 4"]);
    quiet.send(ClientMsg::Chat { text: "hello".into() }).await;
    assert_eq!(quiet.expect("error").await["code"], "bad_chat");
    let mut outside = Client::new(&server, None).await;
    outside.send(ClientMsg::Chat { text: "hello".into() }).await;
    assert_eq!(outside.expect("error").await["code"], "not_in_room");

    // Joining a room leaves the lobby: its chat goes to the room, and the
    // lobby's no longer reaches it.
    for i in 0..5 {
        assert_eq!(eve.expect("lobby_line").await["text"], format!("hi {i}"));
    }
    let room = eve.make("classic", "Eve", false).await;
    assert!(!room.is_empty());
    // What the lobby told her before she sat down (who is online, say) came
    // before the room's answer: only what comes after counts below.
    eve.forget_held();
    fay.send(ClientMsg::Chat { text: "still there?".into() }).await;
    fay.expect("lobby_line").await;
    eve.send(ClientMsg::Chat { text: "in my room".into() }).await;
    assert_eq!(eve.expect("chat").await["text"], "in my room");
    // (Eve's chat is over its rate by now: the refusal is the marker.)
    eve.send(ClientMsg::Chat { text: String::new() }).await;
    let next = eve.next().await;
    assert_eq!(next["t"], "error", "nothing from the lobby came before: {next}");
}

#[tokio::test]
async fn the_lobby_holds_at_most_its_watchers() {
    let scratch = Scratch::new("lobby-bound");
    let server = Server::start_with(&scratch, &["--max-lobby-watchers", "2"]);
    let mut first = Client::new(&server, None).await;
    first.send(watch(None)).await;
    first.expect("lobby").await;
    let mut second = Client::new(&server, None).await;
    second.send(watch(Some("Two"))).await;
    second.expect("lobby").await;
    let mut third = Client::new(&server, None).await;
    third.send(watch(None)).await;
    let refused = third.expect("error").await;
    assert_eq!(refused["code"], "lobby_full", "{refused}");
    // A name someone in the lobby has is refused too.
    first.send(watch(Some("Two"))).await;
    assert_eq!(first.expect("error").await["code"], "bad_name");

    drop(second);
    let mut tries = 0;
    loop {
        third.send(watch(None)).await;
        let answer = third.next().await;
        if answer["t"] == "lobby" {
            break;
        }
        assert_eq!(answer["code"], "lobby_full");
        tries += 1;
        assert!(tries < 50, "a place in the lobby comes free once a watcher leaves");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let metrics = server.get("/metrics", "").await;
    assert!(metrics.contains(r#"set_limits_hit_total{limit="lobby_watchers"}"#), "{metrics}");
}

/// Names are unique among everyone online, not only at a table or in the
/// lobby: a name another player online goes by (or one too like it) is
/// refused to make a room, to quick play, to sit and to watch the lobby,
/// and nothing changes; a player who gives another name (a rename) frees
/// the old one at once, and one who goes frees theirs.
#[tokio::test]
async fn a_name_is_one_players_among_everyone_online_until_they_rename_or_go() {
    let scratch = Scratch::new("lobby-names");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.make("classic", "Ann", false).await;
    let mut bo = Client::new(&server, None).await;
    let refused = |message: Value| {
        assert_eq!(message["t"], "error", "{message}");
        assert_eq!(message["code"], "bad_name", "{message}");
        assert!(message["message"].as_str().unwrap().contains("looks too much like"), "{message}");
    };
    bo.send(ClientMsg::Create {
        mode: "classic".into(),
        hints: false,
        name: "Ann".into(),
        public: true,
        bots: vec![],
        dealing: set_core::rules::variant::Dealing::Automatic,
    })
    .await;
    let answer = bo.next().await;
    assert!(answer["message"].as_str().unwrap().ends_with("the name of someone online: choose another name"));
    assert_eq!(answer["suggestion"], "Ann 2", "a free name like it, offered");
    refused(answer);
    bo.send(ClientMsg::QuickPlay { mode: "junior".into(), name: "\u{410}nn".into() }).await;
    refused(bo.next().await);
    bo.send(ClientMsg::Join { room: room.clone(), name: Some("ann".into()), since: None }).await;
    // "ann" is another name than "Ann" (not confusable): the room seats it.
    assert_eq!(bo.expect("room").await["seat"], 1);
    let mut cy = Client::new(&server, None).await;
    cy.send(ClientMsg::Join { room: room.clone(), name: Some("Ann".into()), since: None }).await;
    refused(cy.next().await);
    cy.send(watch(Some("Ann"))).await;
    refused(cy.next().await);
    // Nothing changed: one room in the database, two seats.
    let count = |sql: &'static str| {
        let db = scratch.db();
        async move {
            let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", db.display())).await.unwrap();
            let n: i64 = sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap();
            pool.close().await;
            n
        }
    };
    assert_eq!((count("SELECT COUNT(*) FROM rooms").await, count("SELECT COUNT(*) FROM seats").await), (1, 2));

    // Ann renames herself in the lobby: "Ann" is free, "Bea" hers.
    ann.send(watch(Some("Bea"))).await;
    assert_eq!(names(&ann.expect("lobby").await["people"]), ["Bea"]);
    cy.send(watch(Some("Ann"))).await;
    assert_eq!(names(&cy.expect("lobby").await["people"]), ["Ann", "Bea"]);
    let mut di = Client::new(&server, None).await;
    di.send(watch(Some("Bea"))).await;
    refused(di.next().await);
    // Ann goes: "Bea" is free again.
    drop(ann);
    let online = |answer: String| -> u64 {
        let body: Value = serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap();
        body["online"].as_u64().unwrap()
    };
    for tries in 0.. {
        if online(server.get("/api/online", "").await) == 3 {
            break;
        }
        assert!(tries < 100, "Ann never leaves");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    di.send(watch(Some("Bea"))).await;
    assert!(names(&di.expect("lobby").await["people"]).contains(&"Bea"));

    // New names are bounded: five at once, then the sixth is refused and
    // the old one stays; giving the same name again costs nothing.
    let mut eve = Client::new(&server, None).await;
    for at in 1..=5 {
        eve.send(watch(Some(&format!("Eve{at}")))).await;
        assert!(names(&eve.expect("lobby").await["people"]).contains(&format!("Eve{at}").as_str()));
    }
    eve.send(watch(Some("Eve6"))).await;
    let answer = eve.next().await;
    assert_eq!((answer["t"].as_str(), answer["code"].as_str()), (Some("error"), Some("throttled")), "{answer}");
    eve.send(watch(Some("Eve5"))).await;
    let people = eve.expect("lobby").await["people"].clone();
    assert!(names(&people).contains(&"Eve5") && !names(&people).contains(&"Eve6"), "{people}");
    let metrics = server.get("/metrics", "").await;
    assert!(metrics.contains(r#"set_limits_hit_total{limit="renames"} 1"#), "{metrics}");
}

/// A squatter's room, made early and never started, used to catch every
/// quick play of its way (the oldest was always first). Now quick play
/// takes the fullest room, then the newest, and never seats a connection
/// in a room it sat it in before.
#[tokio::test]
async fn quick_play_spreads_over_waiting_rooms_and_never_returns_to_a_squatters() {
    let scratch = Scratch::new("lobby-squatter");
    let server = Server::start(&scratch);
    // Public rooms without hints: those quick play sits in.
    let open_room = |name: &'static str| public_room_from(&server, "127.0.0.1", name);
    let (_squatter, squat) = open_room("Squatter").await;
    // Another host's room, made later, also waiting.
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let (mut host, fresh) = open_room("Host").await;
    // Ann quick plays: the newer room, with as many players.
    let mut ann = Client::new(&server, None).await;
    ann.send(ClientMsg::QuickPlay { mode: "classic".into(), name: "Ann".into() }).await;
    assert_eq!(ann.expect("room").await["room"], fresh.as_str(), "the newest of the emptiest");
    // Ben quick plays: the fullest room now (Host and Ann), not the squatter's.
    let mut ben = Client::new(&server, None).await;
    ben.send(ClientMsg::QuickPlay { mode: "classic".into(), name: "Ben".into() }).await;
    assert_eq!(ben.expect("room").await["room"], fresh.as_str(), "the fullest");
    // Cy is caught by the squatter once (the only other room), goes back to
    // the lobby, and quick plays again: a room of its own, not the squatter's.
    host.send(ClientMsg::Start).await;
    host.first_room_with(|r| r["status"] == "playing").await;
    // The lobby hears of the start after the host does: wait for it, as
    // Cy's quick play would find the room still waiting on a busy machine.
    let (mut eve, mut rooms) = (Client::new(&server, None).await, Rooms::new());
    eve.send(watch(None)).await;
    for room in eve.expect("lobby").await["rooms"].as_array().unwrap() {
        rooms.insert(room["room"].as_str().unwrap().to_owned(), room.clone());
    }
    until(&mut eve, &mut rooms, |rooms| rooms.get(&fresh).is_some_and(|r| r["status"] == "playing")).await;
    let mut cy = Client::new(&server, None).await;
    cy.send(ClientMsg::QuickPlay { mode: "classic".into(), name: "Cy".into() }).await;
    assert_eq!(cy.expect("room").await["room"], squat.as_str());
    cy.send(watch(None)).await;
    cy.expect("lobby").await;
    cy.send(ClientMsg::QuickPlay { mode: "classic".into(), name: "Cy".into() }).await;
    let again = cy.expect("room").await;
    assert_ne!(again["room"], squat.as_str(), "never the squatter's twice");
    assert_eq!(again["seat"], 0, "a room of its own");
}

/// A public classic room without hints, made by a new player from
/// `from` and sat in: the player and the room.
async fn public_room_from(server: &Server, from: &str, name: &str) -> (Client, String) {
    let mut host = Client::from_address(server, from, None).await.unwrap();
    let room = host.make_rated("classic", name, true).await;
    (host, room)
}

/// Round two's squatter, only partly closed: quick play picks the fullest
/// waiting room, which a room of seats whose players left still was. A
/// seat whose player left now counts for nothing.
#[tokio::test]
async fn quick_play_does_not_count_seats_whose_players_left() {
    let scratch = Scratch::new("quick-stale");
    let server = Server::start(&scratch);
    // The squatter's room: its host, and three puppets who sat and left.
    let (_squatter, squatted) = public_room_from(&server, "127.0.3.1", "Sam").await;
    for n in 0..3 {
        let mut puppet = Client::from_address(&server, &format!("127.0.3.{}", n + 2), None).await.unwrap();
        puppet.join(&squatted, Some(&format!("Pup {n}")), 0).await;
    }
    // (Dropped: their sockets closed; their seats stay, the room waits.)
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    // An honest host's room, made after it: one player in it, as in the squatter's.
    let (_ann, honest) = public_room_from(&server, "127.0.4.1", "Ann").await;
    let mut cy = Client::from_address(&server, "127.0.5.1", None).await.unwrap();
    cy.send(ClientMsg::QuickPlay { mode: "classic".into(), name: "Cy".into() }).await;
    let seated = cy.expect("room").await;
    assert_eq!(seated["room"].as_str(), Some(honest.as_str()), "as full as the squatter's now, and newer");
}

/// Quick play starts by itself (issue 56): two people in a quick-play
/// room start a countdown; a third sitting down starts it again, so the
/// game begins a whole count after the last one came, with no host's press.
#[tokio::test]
async fn a_quick_play_room_starts_by_itself_a_count_after_the_last_player_sat_down() {
    let scratch = Scratch::new("quick-start");
    let server = Server::start_with(&scratch, &["--quick-start-seconds", "2"]);
    let mut ann = Client::new(&server, None).await;
    ann.send(ClientMsg::QuickPlay { mode: "junior".into(), name: "Ann".into() }).await;
    let alone = ann.expect("room").await;
    assert!(alone.get("starts_in_ms").is_none(), "one player: no count: {alone}");
    let mut ben = Client::new(&server, None).await;
    ben.send(ClientMsg::QuickPlay { mode: "junior".into(), name: "Ben".into() }).await;
    let seated = ben.expect("room").await;
    assert_eq!(seated["room"], alone["room"]);
    // (The others hear it with who is here, in `players` frames.)
    let first = seated["starts_in_ms"].as_u64().expect("two here: the count runs");
    assert!((1_500..=2_000).contains(&first), "counting from the top: {first} ms");
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    let mut cy = Client::new(&server, None).await;
    cy.send(ClientMsg::QuickPlay { mode: "junior".into(), name: "Cy".into() }).await;
    let sat = std::time::Instant::now();
    let seated = cy.expect("room").await;
    assert_eq!(seated["room"], alone["room"]);
    let again = seated["starts_in_ms"].as_u64().unwrap();
    assert!(again > 1_500, "counted again for Cy: {again} ms");
    let started = ann.first_room_with(|r| r["status"] == "playing").await;
    let waited = sat.elapsed();
    assert!(waited >= std::time::Duration::from_millis(1_800), "a whole count after Cy sat down: {waited:?}");
    assert_eq!(started["players"].as_array().unwrap().len(), 3, "all three play");
    assert!(started.get("starts_in_ms").is_none(), "{started}");
    for client in [&mut ben, &mut cy] {
        client.first_room_with(|r| r["status"] == "playing").await;
    }
}

/// The count stops when fewer than two are left, and a room made by hand
/// waits for its host however many sit down.
#[tokio::test]
async fn a_quick_play_count_stops_below_two_and_a_room_made_by_hand_waits_for_its_host() {
    let scratch = Scratch::new("quick-stop");
    let server = Server::start_with(&scratch, &["--quick-start-seconds", "2"]);
    let mut ann = Client::new(&server, None).await;
    ann.send(ClientMsg::QuickPlay { mode: "classic".into(), name: "Ann".into() }).await;
    let room = ann.expect("room").await["room"].as_str().unwrap().to_owned();
    let mut ben = Client::new(&server, None).await;
    ben.send(ClientMsg::QuickPlay { mode: "classic".into(), name: "Ben".into() }).await;
    assert!(ben.expect("room").await["starts_in_ms"].is_u64());
    drop(ben);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let mut watcher = Client::new(&server, None).await;
    let seen = watcher.join(&room, None, 0).await;
    assert!(seen.get("starts_in_ms").is_none(), "Ben went: the count stops: {seen}");
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let mut later = Client::new(&server, None).await;
    assert_eq!(later.join(&room, None, 0).await["status"], "waiting", "no game started with one here");
    drop(ann);

    let mut host = Client::new(&server, None).await;
    let made = host.make_rated("junior", "Hal", true).await;
    let mut guest = Client::new(&server, None).await;
    let seated = guest.join(&made, Some("Gus"), 0).await;
    assert!(seated.get("starts_in_ms").is_none(), "{seated}");
    tokio::time::sleep(std::time::Duration::from_millis(2_500)).await;
    let mut look = Client::new(&server, None).await;
    assert_eq!(look.join(&made, None, 0).await["status"], "waiting", "made by hand: its host starts it");
}
