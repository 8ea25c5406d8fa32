//! Budgets a remote client spends however many sockets it opens, against
//! the real server (the review's amplifiers): lobby chat from one identity
//! over several connections says no more than one connection would; a
//! rematch spends the budget of making a room, so rematches cannot make
//! rooms past the limit that creating them meets.

use crate::support::*;
use std::time::Duration;

#[tokio::test]
async fn lobby_chat_from_one_identity_over_many_sockets_is_one_players_worth() {
    let scratch = Scratch::new("amplifier-chat");
    let server = Server::start(&scratch);
    let mut listener = Client::new(&server, None).await;
    listener.send(ClientMsg::Lobby { name: None }).await;
    listener.expect("lobby").await;
    // One identity, six sockets, each watching the lobby, each saying five lines at once.
    let first = Client::new(&server, None).await;
    let token = first.token.clone();
    let mut sockets = vec![first];
    for _ in 1..6 {
        sockets.push(Client::new(&server, Some(&token)).await);
    }
    for socket in &mut sockets {
        socket.send(ClientMsg::Lobby { name: Some("Eve".into()) }).await;
        socket.expect("lobby").await;
    }
    for (s, socket) in sockets.iter_mut().enumerate() {
        for line in 0..5 {
            socket.send(ClientMsg::Chat { text: format!("socket {s} line {line}") }).await;
        }
    }
    // What the listener hears within two seconds: one player's burst (five),
    // and a few more as the bucket refills (a line a second) while a busy
    // machine works through the thirty: never the thirty of six sockets.
    let mut heard = 0;
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        loop {
            if listener.next().await["t"] == "lobby_line" {
                heard += 1;
            }
        }
    })
    .await;
    assert!((5..=9).contains(&heard), "{heard} lines from one identity over six sockets");
    let throttled = sockets[5].first(|m| m["code"] == "throttled", "a refusal").await;
    assert_eq!(throttled["message"], "too much chat: a line a second");
}

#[tokio::test]
async fn rematches_spend_the_budget_of_making_rooms() {
    let scratch = Scratch::new("amplifier-rematch");
    let server = Server::start_with(&scratch, &["--rooms-per-address", "3", "--room-every", "3600"]);
    let mut ann = Client::new(&server, None).await;
    ann.create("junior", "Ann").await;
    let mut rooms = 1;
    loop {
        ann.send(ClientMsg::Start).await;
        let started = ann.first_room_with(|r| r["status"] == "playing").await;
        solve(&mut ann, ids(&started["view"]["table"]), 0, 130).await;
        ann.send(ClientMsg::Rematch).await;
        let answer = ann.first(|m| m["t"] == "rematch" || m["t"] == "error", "the rematch's answer").await;
        if answer["t"] == "error" {
            assert_eq!(answer["code"], "throttled", "{answer}");
            break;
        }
        rooms += 1;
        ann.join(answer["room"].as_str().unwrap(), None, 0).await;
        assert!(rooms <= 3, "a rematch made room {rooms} past the limit of 3");
    }
    assert_eq!(rooms, 3, "two rematches after the room made, then none");
    // And creating meets the same spent budget.
    ann.send(ClientMsg::Create {
        mode: "junior".into(),
        hints: true,
        name: "Ann".into(),
        public: false,
        bots: vec![],
        dealing: set_core::rules::variant::Dealing::Automatic,
    })
    .await;
    assert_eq!(ann.first(|m| m["t"] == "created" || m["t"] == "error", "an answer").await["code"], "throttled");
}

/// A room keeps at most `MAX_ROOM_LINES` (500) lines of chat in the
/// database, however fast the limits let lines through.
#[tokio::test]
async fn a_rooms_stored_chat_is_capped() {
    let scratch = Scratch::new("amplifier-room-chat");
    let fast = ["--chat-burst", "10000", "--chat-per-second", "10000", "--frame-burst", "10000"];
    let server = Server::start_with(&scratch, &[&fast[..], &["--frames-per-second", "10000"]].concat());
    let (mut ann, room, _) = Client::alone_in_a_started_room(&server).await;
    for line in 0..501 {
        ann.send(ClientMsg::Chat { text: format!("line {line}") }).await;
    }
    let refused = ann.first(|m| m["t"] == "error", "the 501st line refused").await;
    assert_eq!(refused["code"], "bad_chat", "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("500 lines"), "{refused}");
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", scratch.db().display())).await.unwrap();
    let kept: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM chat WHERE room = ?").bind(&room).fetch_one(&pool).await.unwrap();
    assert_eq!(kept, 500);
    pool.close().await;
}

/// 128 leaderboard requests at once over 100,000 ratings (the review's)
/// used to hold every reader connection: joins waited seconds and
/// `/healthz` answered 503. Now one query serves them (cached, one at a
/// time), an address past `--api-reads-per-minute` is told 429, and
/// `/healthz` has a connection of its own.
#[tokio::test]
async fn a_crowd_of_leaderboard_reads_leaves_health_and_joins_alone() {
    let scratch = Scratch::new("amplifier-reads");
    Server::start(&scratch).kill();
    {
        let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", scratch.db().display())).await.unwrap();
        let mut tx = pool.begin().await.unwrap();
        for n in 0..100_000u32 {
            sqlx::query(
                "INSERT INTO ratings (player, mode, mu, sigma, games, wins, sets, opponents, played_at)
                 VALUES (?, 'classic', ?, 3.0, 20, 10, 100, 9, ?)",
            )
            .bind(format!("{n:032x}"))
            .bind(20.0 + f64::from(n % 1000) / 100.0)
            .bind(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64)
            .execute(&mut *tx)
            .await
            .unwrap();
        }
        tx.commit().await.unwrap();
        pool.close().await;
    }
    let server = Server::start(&scratch);
    let crowd: Vec<_> = (0..128)
        .map(|_| {
            let addr = server.addr.clone();
            tokio::spawn(async move {
                let request =
                    format!("GET /api/leaderboard/classic HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
                let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
                tokio::io::AsyncWriteExt::write_all(&mut stream, request.as_bytes()).await.unwrap();
                let mut answer = Vec::new();
                let _ = tokio::io::AsyncReadExt::read_to_end(&mut stream, &mut answer).await;
                String::from_utf8_lossy(&answer).split(' ').nth(1).unwrap_or("").to_owned()
            })
        })
        .collect();
    // While they are read: the node is healthy, and a player makes and joins a room.
    let health = server.get("/healthz", "").await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    assert_eq!(room.len(), 10);
    let mut statuses = Vec::new();
    for request in crowd {
        statuses.push(request.await.unwrap());
    }
    let served = statuses.iter().filter(|s| *s == "200").count();
    let refused = statuses.iter().filter(|s| *s == "429").count();
    assert_eq!(served + refused, 128, "{statuses:?}");
    assert_eq!(served, 120, "an address's minute of reads, then 429");
    let metrics = server.get("/metrics", "").await;
    assert!(metrics.contains("set_limits_hit_total{limit=\"api_reads\"} 8"), "{metrics}");
}

/// Joins of a finished room (profiles list them) used to take it, an epoch
/// written each (the review made 220 a second from one address). A
/// finished game never changes: it is read as it is, and not taken.
#[tokio::test]
async fn joins_of_a_finished_room_write_nothing() {
    let scratch = Scratch::new("amplifier-finished");
    let server = Server::start_with(&scratch, &["--rooms-per-address", "100"]);
    let (mut ann, room, table) = Client::alone_in_a_started_room(&server).await;
    solve(&mut ann, table, 0, 130).await;
    drop(ann);
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", scratch.db().display())).await.unwrap();
    let epoch = || async {
        sqlx::query_scalar::<_, i64>("SELECT epoch FROM rooms WHERE id = ?").bind(&room).fetch_one(&pool).await.unwrap()
    };
    let before = epoch().await;
    // (The server unloads a finished room nobody is in whenever another loads.)
    for n in 0..30 {
        let mut watcher = Client::new(&server, None).await;
        let seen = watcher.join(&room, None, 0).await;
        assert_eq!(seen["status"], "over", "watcher {n}");
        drop(watcher);
        tokio::time::sleep(Duration::from_millis(20)).await;
        let mut other = Client::new(&server, None).await;
        other.create("classic", "Cy").await;
    }
    assert_eq!(epoch().await, before, "no join of the finished room wrote its epoch");
    pool.close().await;
}

/// Every join is sent the room whole, and a finished room's is a whole
/// game: the hostile bench's joins of one finished room from one address
/// took a core and more (BENCHMARKS.md, "Beside each attack"). An address
/// joins `--join-burst` rooms at once, then `--joins-per-second`, over all
/// its connections.
#[tokio::test]
async fn joins_from_one_address_are_bounded_over_all_its_connections() {
    let scratch = Scratch::new("amplifier-joins");
    let server = Server::start_with(&scratch, &["--join-burst", "6", "--joins-per-second", "1"]);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    // Ann's own join took one; five more over three other connections, then refused.
    let mut others =
        [Client::new(&server, None).await, Client::new(&server, None).await, Client::new(&server, None).await];
    let mut answered = 1;
    let mut refused = 0;
    for n in 0..9 {
        let other = &mut others[n % 3];
        other.send(ClientMsg::Join { room: room.clone(), name: None, since: None }).await;
        let answer = other.first(|m| m["t"] == "room" || m["t"] == "error", "a join's answer").await;
        if answer["t"] == "room" {
            answered += 1;
        } else {
            assert_eq!(answer["code"], "throttled", "{answer}");
            assert_eq!(answer["message"], "too many rooms joined: wait a moment");
            refused += 1;
        }
    }
    // (A second of refill may let one more through on a slow machine.)
    assert!((6..=7).contains(&answered), "{answered} joins answered");
    assert_eq!(answered + refused, 10);
    let metrics = server.get("/metrics", "").await;
    assert!(metrics.contains(&format!("set_limits_hit_total{{limit=\"joins\"}} {refused}")), "{metrics}");
}
