//! Every bound a remote client meets, each shown holding by a client that
//! tries to break it, against the real server on 127.0.0.1 with a database
//! file: silent sockets, connections per address and in all, rooms made
//! per address, old rooms deleted (read back with the test's own queries),
//! hosts that are not this server's, the files' permissions, SIGTERM
//! draining the rooms, and an IPv6 client counted by its /64 behind a proxy.

use crate::support::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use sqlx::Row;
use std::os::unix::fs::PermissionsExt;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// How the server ended a WebSocket: its close code (none when it cut the
/// connection), and how many frames came before, read within `within`.
async fn closed_with<S, E>(ws: &mut S, within: Duration) -> (Option<u16>, usize)
where
    S: futures_util::Stream<Item = Result<Message, E>> + Unpin,
{
    let mut frames = 0;
    let read_all = async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => frames += 1,
                None | Some(Err(_)) => return None,
            }
        }
    };
    let code = tokio::time::timeout(within, read_all).await.expect("closed in time");
    (code, frames)
}

/// The database, read with the test's own queries (not the server's store).
async fn database(scratch: &Scratch) -> sqlx::SqlitePool {
    let url = format!("sqlite://{}?mode=ro", scratch.db().display());
    sqlx::SqlitePool::connect(&url).await.unwrap()
}

async fn count(pool: &sqlx::SqlitePool, sql: &'static str) -> i64 {
    sqlx::query(sql).fetch_one(pool).await.unwrap().get::<i64, _>(0)
}

#[tokio::test]
async fn sockets_that_never_say_hello_or_only_ping_are_closed() {
    let scratch = Scratch::new("silent");
    let server = Server::start_with(&scratch, &["--hello-timeout", "1", "--idle-timeout", "2"]);
    // Three sockets that never speak: WebSocket pongs to the server's pings
    // would be their only sign of life, and do not count.
    let started = Instant::now();
    let mut silent = Vec::new();
    for _ in 0..3 {
        silent.push(connect(&server, &server.origin()).await.unwrap());
    }
    for ws in &mut silent {
        assert_eq!(closed_with(ws, WAIT).await.0, Some(4009), "closed for silence");
    }
    assert!(started.elapsed() < Duration::from_secs(5), "closed after the hello timeout, not later");
    // One that says hello, joins no room, and only pings: closed as idle.
    // The server's idle clock starts when it takes the socket: the
    // earliest moment the test can count from is before it connects.
    let since = Instant::now();
    let mut idle = Client::new(&server, None).await;
    let pinging = async {
        loop {
            idle.send(ClientMsg::Ping { c: 1.0, rtt: None }).await;
            tokio::time::sleep(Duration::from_millis(300)).await;
            let next = idle.next().await;
            if next["t"] == "closed" {
                return next;
            }
        }
    };
    let closed = tokio::time::timeout(WAIT, pinging).await.expect("closed in time");
    assert_eq!(closed["code"], 4009, "{closed}");
    assert!(since.elapsed() >= Duration::from_secs(2), "not before the idle timeout");
}

#[tokio::test]
async fn connections_are_capped_per_address_and_in_all() {
    let scratch = Scratch::new("caps");
    // (The total cap counts the same way; one address cannot reach it past
    // its own cap, so limits.rs's unit tests hold it.)
    let server = Server::start_with(&scratch, &["--max-connections-per-address", "3"]);
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(Client::new(&server, None).await);
    }
    let refused = connect(&server, &server.origin()).await.unwrap_err();
    assert!(refused.contains("429"), "the fourth from one address: {refused}");
    // A place given back is taken again.
    drop(open.pop());
    let mut again = None;
    for _ in 0..50 {
        if let Ok(ws) = connect(&server, &server.origin()).await {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(again.is_some(), "a closed connection's place is given back");
    // The players already in are unharmed by the ones refused.
    let mut ann = open.pop().unwrap();
    let room = ann.create("classic", "Ann").await;
    assert_eq!(room.len(), 10);
}

/// The status line of a WebSocket upgrade sent as if through a trusted
/// proxy on 127.0.0.1 for `client` (its `X-Forwarded-For`); the socket kept
/// open (and its connection counted) until dropped.
async fn upgrade_for(server: &Server, client: &str) -> (String, tokio::net::TcpStream) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(&server.addr).await.unwrap();
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {0}\r\nOrigin: http://{0}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nX-Forwarded-For: {client}\r\n\r\n",
        server.addr
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut status = String::new();
    tokio::io::BufReader::new(&mut stream).read_line(&mut status).await.unwrap();
    (status.trim().to_owned(), stream)
}

/// An IPv6 machine holds a whole /64: its addresses count as one.
#[tokio::test]
async fn an_ipv6_client_is_counted_by_its_64() {
    let scratch = Scratch::new("limits-64");
    let server = Server::start_with(&scratch, &["--trusted-proxy", "127.0.0.1", "--max-connections-per-address", "2"]);
    let mut open = Vec::new();
    for host in ["2001:db8:7:7::1", "2001:db8:7:7::2"] {
        let (status, socket) = upgrade_for(&server, host).await;
        assert!(status.starts_with("HTTP/1.1 101"), "{host}: {status}");
        open.push(socket);
    }
    let (third, _) = upgrade_for(&server, "2001:db8:7:7:ffff:ffff:ffff:ffff").await;
    assert!(third.starts_with("HTTP/1.1 429"), "a third address of the same /64: {third}");
    let (other, _) = upgrade_for(&server, "2001:db8:7:8::1").await;
    assert!(other.starts_with("HTTP/1.1 101"), "another /64: {other}");
    drop(open);
}

/// Round three's pool: a hundred /64s of one /56 at 20 sockets each took
/// all 2,000 places, and honest clients were refused for as long as the
/// pings went on. Now the last places are kept for addresses that hold
/// none, and a /48 is capped whole.
#[tokio::test]
async fn addresses_at_their_cap_leave_places_for_newcomers_and_a_48_is_capped_whole() {
    let scratch = Scratch::new("limits-pool");
    let flags = [
        "--trusted-proxy",
        "127.0.0.1",
        "--max-connections",
        "12",
        "--max-connections-per-address",
        "3",
        "--connections-kept-for-new-addresses",
        "3",
        "--max-connections-per-network",
        "100",
    ];
    let server = Server::start_with(&scratch, &flags);
    let mut open = Vec::new();
    // The farm: /64s of one site, each to its cap, as many as will go.
    let mut farm_refused = 0;
    for n in 0..6 {
        for _ in 0..3 {
            let (status, socket) = upgrade_for(&server, &format!("2001:db8:1:{n:x}::1")).await;
            if status.starts_with("HTTP/1.1 101") {
                open.push(socket);
            } else {
                assert!(status.starts_with("HTTP/1.1 503"), "{status}");
                farm_refused += 1;
            }
        }
    }
    assert_eq!((open.len(), farm_refused), (9 + 3, 6), "the farm's fresh /64s took the kept places, one each");
    // Then a newcomer is refused only because all 12 are taken.
    let (status, _) = upgrade_for(&server, "203.0.113.5").await;
    assert!(status.starts_with("HTTP/1.1 503"), "{status}");
    drop(open.drain(9..));
    // With three places free and the farm holding nine, two newcomers get in.
    for client in ["203.0.113.5", "198.51.100.7"] {
        let mut admitted = false;
        for _ in 0..50 {
            let (status, socket) = upgrade_for(&server, client).await;
            if status.starts_with("HTTP/1.1 101") {
                open.push(socket);
                admitted = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(admitted, "{client}: a place kept for an address holding none");
    }
    let (status, _) = upgrade_for(&server, "2001:db8:1:0::1").await;
    assert!(status.starts_with("HTTP/1.1 503"), "the farm's /64s are past the shared places: {status}");
    drop(open);

    // A site's /48 is capped whole, however many /64s it holds.
    let scratch = Scratch::new("limits-48");
    let flags = ["--trusted-proxy", "127.0.0.1", "--max-connections-per-network", "4"];
    let server = Server::start_with(&scratch, &flags);
    let mut open = Vec::new();
    for n in 0..4 {
        let (status, socket) = upgrade_for(&server, &format!("2001:db8:2:{n:x}::1")).await;
        assert!(status.starts_with("HTTP/1.1 101"), "{status}");
        open.push(socket);
    }
    let (status, _) = upgrade_for(&server, "2001:db8:2:ff::1").await;
    assert!(status.starts_with("HTTP/1.1 429"), "a fifth /64 of the /48: {status}");
    let (status, _) = upgrade_for(&server, "2001:db8:3::1").await;
    assert!(status.starts_with("HTTP/1.1 101"), "another /48: {status}");
    drop(open);
}

#[tokio::test]
async fn a_room_flood_from_one_address_is_stopped() {
    let scratch = Scratch::new("flood");
    let server = Server::start_with(&scratch, &["--rooms-per-address", "4", "--room-every", "3600"]);
    let mut made = 0;
    let mut refused = None;
    // Each connection may make 3; the address 4 in all, whatever connection asks.
    'flood: for _ in 0..4 {
        let mut client = Client::new(&server, None).await;
        for _ in 0..3 {
            client
                .send(ClientMsg::Create {
                    mode: "classic".into(),
                    hints: true,
                    name: "Ann".into(),
                    public: false,
                    bots: vec![],
                    dealing: set_core::rules::variant::Dealing::Automatic,
                })
                .await;
            let answer = client.next().await;
            if answer["t"] == "created" {
                made += 1;
            } else {
                refused = Some(answer);
                break 'flood;
            }
        }
    }
    assert_eq!(made, 4);
    let refused = refused.unwrap();
    assert_eq!(refused["code"], "throttled", "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("your address"), "{refused}");
    let db = database(&scratch).await;
    assert_eq!(count(&db, "SELECT COUNT(*) FROM rooms").await, 4, "no room past the limit was stored");
}

#[tokio::test]
async fn rooms_that_never_start_and_old_and_abandoned_games_are_deleted_but_not_live_ones() {
    let scratch = Scratch::new("expiry");
    // A first run makes the schema; a finished game from long ago is then
    // written in with the test's own SQL.
    Server::start(&scratch).kill();
    {
        let url = format!("sqlite://{}", scratch.db().display());
        let db = sqlx::SqlitePool::connect(&url).await.unwrap();
        for sql in [
            "INSERT INTO rooms (id, mode, hints, seed, salt, commitment, host, status, created_at, started_at, ended_at_ms, ended_at)
             VALUES ('oldgame234', 'classic', 1, 5, 's', 'c', 'p', 'over', 1000, 1000, 60000, 61000)",
            "INSERT INTO seats (room, seat, player, name) VALUES ('oldgame234', 0, 'p', 'Ann')",
            "INSERT INTO moves (room, seq, seat, at_ms, kind, cards) VALUES ('oldgame234', 1, 0, 100, 'hint', '')",
            // A game left half-way long ago: abandoned (its last move 2 s in).
            "INSERT INTO rooms (id, mode, hints, seed, salt, commitment, host, status, created_at, started_at)
             VALUES ('leftgame23', 'classic', 1, 5, 's', 'c', 'p', 'playing', 1000, 1000)",
            "INSERT INTO seats (room, seat, player, name) VALUES ('leftgame23', 0, 'p', 'Ann')",
            "INSERT INTO moves (room, seq, seat, at_ms, kind, cards) VALUES ('leftgame23', 1, 0, 2000, 'hint', '')",
            "INSERT INTO chat (room, n, seat, at_ms, text) VALUES ('leftgame23', 0, 0, 2100, 'brb')",
        ] {
            sqlx::query(sql).execute(&db).await.unwrap();
        }
        db.close().await;
    }
    let server =
        Server::start_with(&scratch, &["--waiting-room-minutes", "0", "--keep-days", "1", "--sweep-every", "1"]);
    // Two waiting rooms: one left at once, one with its host still in it.
    let mut left = Client::new(&server, None).await;
    left.create("classic", "Ann").await;
    drop(left);
    let mut staying = Client::new(&server, None).await;
    let kept = staying.create("classic", "Ben").await;
    let db = database(&scratch).await;
    let deadline = Instant::now() + WAIT;
    loop {
        let rooms: Vec<String> =
            sqlx::query("SELECT id FROM rooms").fetch_all(&db).await.unwrap().iter().map(|r| r.get("id")).collect();
        if rooms == [kept.clone()] {
            break;
        }
        assert!(Instant::now() < deadline, "rooms left: {rooms:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(count(&db, "SELECT COUNT(*) FROM seats WHERE room <> (SELECT id FROM rooms)").await, 0);
    assert_eq!(count(&db, "SELECT COUNT(*) FROM moves").await, 0, "the old games' logs went with them");
    assert_eq!(count(&db, "SELECT COUNT(*) FROM chat").await, 0, "and the abandoned one's chat");
    // The live room plays on.
    staying.send(ClientMsg::Start).await;
    assert_eq!(staying.expect("room").await["status"], "playing");
}

#[tokio::test]
async fn a_host_that_is_not_this_servers_is_refused() {
    let scratch = Scratch::new("hosts");
    let server = Server::start_with(&scratch, &["--origin", "https://set.example.org"]);
    let ours = server.get("/", "").await;
    assert!(ours.starts_with("HTTP/1.1 200"), "{ours}");
    let named = server.http("GET / HTTP/1.1\r\nHost: set.example.org\r\nConnection: close\r\n\r\n").await;
    assert!(named.starts_with("HTTP/1.1 200"), "an --origin's host: {named}");
    // A page at another name that resolves here (DNS rebinding) gets nothing.
    let rebound = server.http("GET / HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n").await;
    assert!(rebound.starts_with("HTTP/1.1 421"), "{rebound}");
    let upgrade = server
        .http(
            "GET /ws HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\nConnection: Upgrade\r\n\
             Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        )
        .await;
    assert!(upgrade.starts_with("HTTP/1.1 421"), "{upgrade}");
}

#[tokio::test]
async fn the_database_is_readable_by_its_owner_only() {
    let scratch = Scratch::new("private");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    ann.create("classic", "Ann").await;
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(scratch.db().parent().unwrap()), 0o700, "the folder it made");
    assert_eq!(mode(&scratch.db()), 0o600);
    let wal = std::path::PathBuf::from(format!("{}-wal", scratch.db().display()));
    assert_eq!(mode(&wal), 0o600, "SQLite's write-ahead log, as the database");
}

#[tokio::test]
async fn sigterm_closes_the_sockets_to_reconnect_and_loses_nothing() {
    let scratch = Scratch::new("drain");
    let server = Server::start(&scratch);
    let (mut ann, room, table) = Client::alone_in_a_started_room(&server).await;
    let id = ann.claim(&a_set(&table), 0).await;
    assert_eq!(ann.result(id).await["verdict"], "accepted");
    let token = ann.token.clone();
    let (status, said) = server.terminate();
    assert!(status.success(), "a clean exit: {status}\n{said}");
    let closed = ann.expect("closed").await;
    assert_eq!(closed, json!({ "t": "closed", "code": 1012 }), "told to reconnect");
    // Back up on the same file: the room and its move are there.
    let server = Server::start(&scratch);
    let mut back = Client::new(&server, Some(&token)).await;
    let snapshot = back.join(&room, None, 0).await;
    assert_eq!((snapshot["seat"].as_u64(), snapshot["seq"].as_u64()), (Some(0), Some(1)), "{snapshot}");
}

#[tokio::test]
async fn a_reader_that_stops_is_closed_and_the_room_plays_on() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let scratch = Scratch::new("stalled");
    let server = Server::start_with(&scratch, &["--send-timeout", "1"]);
    let (mut ann, room, table) = Client::alone_in_a_started_room(&server).await;
    // A watcher with a small receive window that asks for the room again
    // and again, and never reads what it is sent.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(server.addr.parse().unwrap()).await.unwrap();
    let mut request = format!("ws://{}/ws", server.addr).into_client_request().unwrap();
    request.headers_mut().insert("origin", server.origin().parse().unwrap());
    let (mut stalled, _) = tokio_tungstenite::client_async(request, stream).await.unwrap();
    stalled.send(Message::text(ClientMsg::Hello { v: VERSION, token: None }.to_text())).await.unwrap();
    let join = ClientMsg::Join { room: room.clone(), name: None, since: Some(0) }.to_text();
    let started = Instant::now();
    let mut sent = 0;
    while sent < 20_000 && stalled.send(Message::text(join.clone())).await.is_ok() {
        sent += 1;
    }
    // What it was sent before it fell behind, then the end.
    let (ended, frames) = closed_with(&mut stalled, Duration::from_secs(20)).await;
    assert!(frames < 2 * sent, "cut off before it was sent all it asked for: {frames} frames for {sent} joins");
    assert!(ended.is_none() || ended == Some(4008), "closed as too slow, or cut off: {ended:?}");
    // The room plays on for Ann, who was in it all along.
    let id = ann.claim(&a_set(&table), 0).await;
    assert_eq!(ann.result(id).await["verdict"], "accepted", "{sent} joins sent in {:?}", started.elapsed());
}

#[tokio::test]
async fn a_flood_of_joins_and_pings_is_cut_off_and_the_other_rooms_play_on() {
    let scratch = Scratch::new("join-flood");
    let server = Server::start(&scratch);
    let (mut ann, room, table) = Client::alone_in_a_started_room(&server).await;
    // Joins of Ann's room (each one valid, each a snapshot to send) with
    // pings between, faster than the frame credit refills: past the burst
    // of 30 (its hello among them), each join is refused as throttled.
    let mut flood = Client::new(&server, None).await;
    let join = ClientMsg::Join { room: room.clone(), name: None, since: Some(0) }.to_text();
    let ping = ClientMsg::Ping { c: 1.0, rtt: None }.to_text();
    for _ in 0..45 {
        flood.ws.send(Message::text(join.clone())).await.unwrap();
        flood.ws.send(Message::text(ping.clone())).await.unwrap();
    }
    let (mut snapshots, mut throttled) = (0, 0);
    while snapshots + throttled < 45 {
        let message = flood.next().await;
        match (message["t"].as_str(), message["code"].as_str()) {
            (Some("error"), Some("throttled")) => throttled += 1,
            (Some("room"), _) => snapshots += 1,
            (Some("closed"), _) => panic!("closed before its strikes: {snapshots} joins, {throttled} refused"),
            _ => {}
        }
    }
    assert!((29..=35).contains(&snapshots), "the burst, and what refilled meanwhile: {snapshots}");
    assert_eq!(snapshots + throttled, 45, "each join answered once");
    // More of the same: the refusals, as strikes, close the connection (its
    // close frame may be lost to the reset of a socket closed with frames
    // still unread).
    for _ in 0..40 {
        if flood.ws.send(Message::text(join.clone())).await.is_err() {
            break;
        }
    }
    let closed = flood.expect("closed").await;
    assert!(closed["code"] == 4008 || closed["code"].is_null(), "{closed}");
    // Ann's room was never held up.
    let id = ann.claim(&a_set(&table), 0).await;
    assert_eq!(ann.result(id).await["verdict"], "accepted");
}

#[tokio::test]
async fn watchers_are_capped_per_room_and_downloads_per_address() {
    let scratch = Scratch::new("watchers");
    let server = Server::start_with(&scratch, &["--max-watchers", "2", "--exports-per-minute", "3"]);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    let mut watchers = Vec::new();
    for _ in 0..2 {
        let mut watcher = Client::new(&server, None).await;
        let snapshot = watcher.join(&room, None, 0).await;
        assert!(snapshot["seat"].is_null(), "watching, not seated");
        watchers.push(watcher);
    }
    let mut third = Client::new(&server, None).await;
    third.send(ClientMsg::Join { room: room.clone(), name: None, since: Some(0) }).await;
    let refused = third.expect("error").await;
    assert_eq!(refused["code"], "room_full", "{refused}");
    // A player still sits down.
    let mut ben = Client::new(&server, None).await;
    assert_eq!(ben.join(&room, Some("Ben"), 0).await["seat"], 1);
    // Downloads: three a minute from one address, then 429.
    let mut statuses = Vec::new();
    for _ in 0..4 {
        let response = server.get(&format!("/api/games/{room}"), "").await;
        statuses.push(response.split(' ').nth(1).unwrap_or("none").to_owned());
    }
    assert_eq!(statuses, ["409", "409", "409", "429"], "the game is not over yet, then too many");
}

/// A client cut off for its frames used to come straight back, hundreds of
/// times a second from one address, each an upgrade and a hello (the
/// hostile bench's joins of a finished room): an address opens
/// `--connection-burst` WebSockets, then `--connections-per-second`.
#[tokio::test]
async fn an_address_opens_websockets_at_a_bounded_rate() {
    let scratch = Scratch::new("connection-rate");
    let server = Server::start_with(&scratch, &["--connection-burst", "4", "--connections-per-second", "1"]);
    let mut open = Vec::new();
    for _ in 0..4 {
        open.push(Client::new(&server, None).await);
    }
    drop(open);
    // Closed, they still counted: the fifth within the second is refused.
    let refused = connect(&server, &server.origin()).await.unwrap_err();
    assert!(refused.contains("429"), "the fifth WebSocket within a second: {refused}");
    let metrics = server.get("/metrics", "").await;
    assert!(metrics.contains("set_limits_hit_total{limit=\"connection_rate\"} 1"), "{metrics}");
    // A second later, one more.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    Client::new(&server, None).await;
}

/// A crowd of requests, each on a connection of its own, answered 429 one
/// by one, took a core (the bench's `reads` attack): an address opens
/// `--tcp-connection-burst` connections, then `--tcp-connections-per-second`,
/// and the next is closed as it is accepted, with no answer; another
/// address is served meanwhile.
#[tokio::test]
async fn an_address_opening_connections_too_fast_is_closed_at_accept() {
    let scratch = Scratch::new("tcp-rate");
    let server = Server::start_with(&scratch, &["--tcp-connection-burst", "5", "--tcp-connections-per-second", "1"]);
    // (Server::start waited for the server on a connection of its own: one of the five.)
    // (A connection closed at accept may refuse the request's write too.)
    let health = || async {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = tokio::net::TcpStream::connect(&server.addr).await.unwrap();
        let request = format!("GET /healthz HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", server.addr);
        let mut answer = Vec::new();
        if stream.write_all(request.as_bytes()).await.is_ok() {
            let _ = stream.read_to_end(&mut answer).await;
        }
        String::from_utf8_lossy(&answer).into_owned()
    };
    let mut answers = Vec::new();
    for _ in 0..6 {
        answers.push(health().await);
    }
    let served = answers.iter().filter(|a| a.starts_with("HTTP/1.1 200")).count();
    assert!((3..=5).contains(&served), "{answers:?}");
    assert!(answers.last().is_some_and(String::is_empty), "the last closed unanswered: {answers:?}");
    // Another machine is served meanwhile.
    let mut other = Client::from_address(&server, "127.0.4.1", None).await.unwrap();
    other.send(ClientMsg::Ping { c: 1.0, rtt: None }).await;
    // A second later, one more from the first address.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let metrics = server.get("/metrics", "").await;
    assert!(metrics.starts_with("HTTP/1.1 200"), "{metrics}");
    assert!(metrics.contains("set_limits_hit_total{limit=\"tcp_connections\"}"), "{metrics}");
}

/// A socket's own credits (`ws::budget`) are flags too, each met here by a
/// client that spends it, set to refill never within the test: claims
/// (their refusal echoes the claim's id), pings (dropped unanswered), rooms
/// made, new names, transfer codes asked for and tried. Each refusal is
/// counted under its own name in `/metrics`, and the socket goes on.
#[tokio::test]
async fn a_sockets_own_credits_are_its_flags_and_each_refuses_once_spent() {
    let scratch = Scratch::new("socket-credits");
    let server = Server::start_with(
        &scratch,
        &[
            "--claim-burst=2",
            "--claims-per-second=0",
            "--ping-burst=2",
            "--pings-per-second=0",
            "--rooms-per-connection=1",
            "--connection-room-every=3600",
            "--rename-burst=1",
            "--rename-every=3600",
            "--transfer-codes-per-connection=1",
            "--transfer-tries-per-connection=1",
        ],
    );
    // Claims: two answered by the room, the third refused by the socket.
    let (mut ann, _room, table) = Client::alone_in_a_started_room(&server).await;
    let answered: Vec<u32> = [ann.claim(&a_non_set(&table), 0).await, ann.claim(&a_non_set(&table), 0).await].into();
    let third = ann.claim(&a_set(&table), 0).await;
    for id in answered {
        assert_ne!(ann.result(id).await["code"], "throttled");
    }
    let refused = ann.result(third).await;
    assert_eq!((refused["t"].as_str(), refused["code"].as_str()), (Some("error"), Some("throttled")), "{refused}");
    // Pings: five sent, two answered. Then a hint, which shares the
    // claims' credit: refused, and its answer says the pings were read.
    for _ in 0..5 {
        ann.send(ClientMsg::Ping { c: 1.0, rtt: None }).await;
    }
    ann.send(ClientMsg::Hint { id: 99 }).await;
    assert_eq!(ann.result(99).await["code"], "throttled");
    // Rooms: Ann's one is made; a second from a new socket is refused after its first.
    let mut cy = Client::new(&server, None).await;
    cy.create("classic", "Cy").await;
    cy.send(ClientMsg::Create {
        mode: "classic".into(),
        hints: false,
        name: "Cy".into(),
        public: false,
        bots: vec![],
        dealing: set_core::rules::variant::Dealing::Automatic,
    })
    .await;
    let refused = cy.expect("error").await;
    assert_eq!(
        (refused["code"].as_str(), refused["message"].as_str()),
        (Some("throttled"), Some("too many rooms made: wait a minute"))
    );
    // Names: one new name, then the next new one is refused.
    let mut di = Client::new(&server, None).await;
    di.send(ClientMsg::Lobby { name: Some("Di".into()) }).await;
    di.expect("lobby").await;
    di.send(ClientMsg::Lobby { name: Some("Dee".into()) }).await;
    assert_eq!(di.expect("error").await["code"], "throttled");
    // Transfer codes: one asked for, one tried.
    let mut ed = Client::new(&server, None).await;
    ed.send(ClientMsg::TransferCode).await;
    ed.expect("transfer_code").await;
    ed.send(ClientMsg::TransferCode).await;
    assert_eq!(ed.expect("error").await["code"], "throttled");
    ed.send(ClientMsg::Redeem { code: "not-a-code".into() }).await;
    assert_eq!(ed.expect("error").await["code"], "bad_code");
    ed.send(ClientMsg::Redeem { code: "not-a-code".into() }).await;
    assert_eq!(ed.expect("error").await["code"], "throttled");
    // Each socket goes on.
    ed.send(ClientMsg::Lobby { name: None }).await;
    ed.expect("lobby").await;
    let id = ann.claim(&a_set(&table), 0).await;
    assert_eq!(ann.result(id).await["code"], "throttled", "Ann's credit is spent, and her socket open");
    let metrics = server.get("/metrics", "").await;
    for (limit, hits) in [
        ("claims", 3),
        ("pings", 3),
        ("rooms_per_connection", 1),
        ("renames", 1),
        ("transfer_codes", 1),
        ("transfer_guesses", 1),
    ] {
        assert!(metrics.contains(&format!("set_limits_hit_total{{limit=\"{limit}\"}} {hits}")), "{limit}: {metrics}");
    }
}
