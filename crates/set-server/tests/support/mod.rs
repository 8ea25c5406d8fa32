//! The real server as a process (the binary cargo built), on 127.0.0.1:0
//! with a database file in a fresh folder, and WebSocket clients that talk
//! to it as the page does.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
pub(crate) use set_protocol::{ClientMsg, ServerMsg, VERSION};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub(crate) mod cluster;

pub(crate) const WAIT: Duration = Duration::from_secs(10);

/// The load generator's binary (crates/set-loadgen, a crate of its own),
/// beside these tests' own in the target folder: the workspace's `cargo
/// test` builds it, as its own tests run it.
pub(crate) fn loadgen() -> PathBuf {
    let exe = std::env::current_exe().expect("the test knows where it is");
    let folder = exe.parent().and_then(Path::parent).expect("tests run from target/PROFILE/deps");
    let path = folder.join("set-loadgen");
    assert!(
        path.exists(),
        "no {}: build it with `cargo build -p set-loadgen` (cargo test over the workspace does)",
        path.display()
    );
    path
}

/// `name`, made unique to this process and this call: the tests share one
/// binary, so under `cargo test` (threads of one process, where nextest
/// gives each test a process) two tests naming their folder or database
/// alike must still not meet.
pub(crate) fn unique(name: &str) -> String {
    static CALLS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{name}-{}-{call}", std::process::id())
}

/// A scratch folder that is removed when dropped.
pub(crate) struct Scratch(pub PathBuf);

impl Scratch {
    pub(crate) fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("set-server-{}", unique(name)));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("dist")).unwrap();
        // A page of its own: the server needs an index.html, the tests a few files more.
        std::fs::write(dir.join("dist/index.html"), "<!doctype html><title>SET</title><script>solo()</script>")
            .unwrap();
        std::fs::write(dir.join("dist/online.html"), "<!doctype html><title>SET online</title>").unwrap();
        std::fs::write(dir.join("dist/app-0123456789abcdef.js"), "export {}").unwrap();
        Scratch(dir)
    }

    pub(crate) fn db(&self) -> PathBuf {
        self.0.join("data/set.db")
    }

    pub(crate) fn dist(&self) -> PathBuf {
        self.0.join("dist")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(crate) struct Server {
    pub child: Child,
    pub addr: String,
}

impl Server {
    pub(crate) fn start(scratch: &Scratch) -> Server {
        Server::try_start(&scratch.db(), &scratch.dist(), &[]).expect("the server starts")
    }

    /// Starts the binary with more flags (limits, say).
    pub(crate) fn start_with(scratch: &Scratch, flags: &[&str]) -> Server {
        Server::try_start_with(&scratch.db(), &scratch.dist(), &[], flags).expect("the server starts")
    }

    /// Starts the binary; Err with what it printed if it exits instead.
    pub(crate) fn try_start(db: &Path, dist: &Path, env: &[(&str, &str)]) -> Result<Server, String> {
        Server::try_start_with(db, dist, env, &[])
    }

    pub(crate) fn try_start_with(
        db: &Path,
        dist: &Path,
        env: &[(&str, &str)],
        flags: &[&str],
    ) -> Result<Server, String> {
        let mut command = Command::new(env!("CARGO_BIN_EXE_set-server"));
        command.args(["--addr", "127.0.0.1:0", "--db"]).arg(db).arg("--dist").arg(dist).args(flags);
        command.stdout(Stdio::piped()).stderr(Stdio::piped());
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("the server binary runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let Some(addr) = line.split("http://").nth(1).and_then(|rest| rest.split('/').next()) else {
            let mut err = String::new();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
            let _ = child.wait();
            return Err(err);
        };
        Ok(Server { addr: addr.to_owned(), child })
    }

    pub(crate) fn origin(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// SIGTERM, then the exit status once the process has drained and
    /// ended, and what it printed to stderr.
    pub(crate) fn terminate(mut self) -> (std::process::ExitStatus, String) {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        for _ in 0..200 {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut err = String::new();
                if let Some(stderr) = self.child.stderr.as_mut() {
                    let _ = std::io::Read::read_to_string(stderr, &mut err);
                }
                return (status, err);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the server did not stop within 10 s of SIGTERM");
    }

    /// SIGKILL: no chance to flush or say goodbye.
    pub(crate) fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    pub(crate) fn is_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// One raw HTTP/1.1 request; the whole response as text.
    pub(crate) async fn http(&self, request: &str) -> String {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = TcpStream::connect(&self.addr).await.unwrap();
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        let _ = tokio::time::timeout(WAIT, stream.read_to_end(&mut response)).await;
        String::from_utf8_lossy(&response).into_owned()
    }

    pub(crate) async fn get(&self, path: &str, extra: &str) -> String {
        self.http(&format!("GET {path} HTTP/1.1\r\nHost: {}\r\n{extra}Connection: close\r\n\r\n", self.addr)).await
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub token: String,
    pub player: String,
    /// The node that said welcome (`--node`).
    pub node: String,
    /// The name the welcome said the player goes by online.
    pub welcome_name: String,
    /// How long to wait for the server's next frame ([`WAIT`] unless a
    /// test waits on something slower, a computer opponent's think).
    pub wait: Duration,
    next_id: u32,
    /// Messages read while looking for another, in the order they came.
    held: std::collections::VecDeque<Value>,
    /// The lobby's chat lines of the last `lobby_changes` frame read, each
    /// to be read next as a message of its own (`"t": "lobby_line"`, a
    /// name of the tests', not the wire's): a test waits for a line, not
    /// for the frame that batched it.
    lines: std::collections::VecDeque<Value>,
}

pub(crate) async fn connect(
    server: &Server,
    origin: &str,
) -> Result<WebSocketStream<MaybeTlsStream<TcpStream>>, String> {
    let mut request = format!("ws://{}/ws", server.addr).into_client_request().unwrap();
    request.headers_mut().insert("origin", origin.parse().unwrap());
    tokio_tungstenite::connect_async(request).await.map(|(ws, _)| ws).map_err(|err| err.to_string())
}

impl Client {
    /// Connects and says hello (with a token: as that player again).
    pub(crate) async fn new(server: &Server, token: Option<&str>) -> Client {
        let ws = connect(server, &server.origin()).await.expect("the WebSocket opens");
        Client::hello(ws, token).await
    }

    /// Connects from the loopback address `from` (127.x.y.z: each stands
    /// for another machine, as the server's limits by address see it) and
    /// says hello; Err with why if the socket does not open.
    pub(crate) async fn from_address(server: &Server, from: &str, token: Option<&str>) -> Result<Client, String> {
        let local: std::net::SocketAddr = format!("{from}:0").parse().map_err(|_| "an address")?;
        let socket = tokio::net::TcpSocket::new_v4().map_err(|err| err.to_string())?;
        socket.bind(local).map_err(|err| err.to_string())?;
        let target: std::net::SocketAddr = server.addr.parse().map_err(|_| "the server's address")?;
        let stream = socket.connect(target).await.map_err(|err| err.to_string())?;
        let mut request = format!("ws://{}/ws", server.addr).into_client_request().unwrap();
        request.headers_mut().insert("origin", server.origin().parse().unwrap());
        let (ws, _) = tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream))
            .await
            .map_err(|err| err.to_string())?;
        Ok(Client::hello(ws, token).await)
    }

    /// Connects through a proxy at `addr` as the page does (its socket
    /// naming the room, if any, for the proxy to route by) and says hello;
    /// Err if the socket does not open.
    pub(crate) async fn through(addr: &str, room: Option<&str>, token: Option<&str>) -> Result<Client, String> {
        let query = room.map_or(String::new(), |room| format!("?room={room}"));
        Client::through_query(addr, &query, token).await
    }

    /// Connects through `addr` with the request's `query` as written (a
    /// hostile client's, say) and says hello; Err with why if the socket
    /// does not open (a refusal's status among it).
    pub(crate) async fn through_query(addr: &str, query: &str, token: Option<&str>) -> Result<Client, String> {
        let mut request = format!("ws://{addr}/ws{query}").into_client_request().unwrap();
        request.headers_mut().insert("origin", format!("http://{addr}").parse().unwrap());
        let (ws, _) = tokio_tungstenite::connect_async(request).await.map_err(|err| err.to_string())?;
        Ok(Client::hello(ws, token).await)
    }

    async fn hello(ws: WebSocketStream<MaybeTlsStream<TcpStream>>, token: Option<&str>) -> Client {
        let mut client = Client {
            ws,
            token: String::new(),
            player: String::new(),
            node: String::new(),
            welcome_name: String::new(),
            wait: WAIT,
            next_id: 0,
            held: std::collections::VecDeque::default(),
            lines: std::collections::VecDeque::default(),
        };
        client.send(ClientMsg::Hello { v: VERSION, token: token.map(str::to_owned) }).await;
        let welcome = client.expect("welcome").await;
        client.token = welcome["token"].as_str().unwrap().to_owned();
        client.player = welcome["player"].as_str().unwrap().to_owned();
        client.node = welcome["node"].as_str().unwrap().to_owned();
        client.welcome_name = welcome["name"].as_str().unwrap_or_default().to_owned();
        client
    }

    pub(crate) async fn send(&mut self, message: ClientMsg) {
        self.ws.send(Message::text(message.to_text())).await.unwrap();
    }

    /// A frame as it is, for frames the protocol's types cannot write (a hostile client's).
    pub(crate) async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.unwrap();
    }

    /// The next message of the server's (held ones first), skipping pongs and roster updates.
    pub(crate) async fn next(&mut self) -> Value {
        if let Some(held) = self.held.pop_front() {
            return held;
        }
        self.read().await
    }

    async fn read(&mut self) -> Value {
        if let Some(line) = self.lines.pop_front() {
            return line;
        }
        loop {
            let frame = tokio::time::timeout(self.wait, self.ws.next()).await.expect("the server answers in time");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    // Every frame the server sends must read as the protocol's
                    // own type; the tests then look at its fields as JSON.
                    if let Err(err) = serde_json::from_str::<ServerMsg>(&text) {
                        panic!("the server sent a frame its protocol does not read ({err}): {text}");
                    }
                    let value: Value = serde_json::from_str(&text).unwrap();
                    if std::env::var_os("TRACE").is_some() {
                        eprintln!("<- {value}");
                    }
                    if value["t"] == "lobby_changes" {
                        for line in value["chat"].as_array().into_iter().flatten() {
                            let mut line = line.clone();
                            line["t"] = "lobby_line".into();
                            self.lines.push_back(line);
                        }
                    }
                    if value["t"] != "players" && value["t"] != "pong" {
                        return value;
                    }
                }
                Some(Ok(Message::Close(frame))) => {
                    return json!({ "t": "closed", "code": frame.map(|f| u16::from(f.code)) });
                }
                Some(Ok(_)) => {}
                None | Some(Err(_)) => return json!({ "t": "closed", "code": null }),
            }
        }
    }

    /// The first message that matches, held or new; the others stay held.
    pub(crate) async fn first(&mut self, matches: impl Fn(&Value) -> bool, what: &str) -> Value {
        if let Some(at) = self.held.iter().position(&matches) {
            return self.held.remove(at).unwrap();
        }
        loop {
            let message = self.read().await;
            if matches(&message) {
                return message;
            }
            assert_ne!(message["t"], "closed", "closed while waiting for {what}");
            self.held.push_back(message);
        }
    }

    /// Forgets the messages read while looking for others (those that came
    /// before the last one expected).
    pub(crate) fn forget_held(&mut self) {
        self.held.clear();
    }

    /// The first message of this type.
    pub(crate) async fn expect(&mut self, t: &str) -> Value {
        self.first(|m| m["t"] == t, t).await
    }

    pub(crate) async fn create(&mut self, mode: &str, name: &str) -> String {
        self.make(mode, name, false).await
    }

    /// Makes a room with hints (listed in the lobby if `public`) and sits in it.
    pub(crate) async fn make(&mut self, mode: &str, name: &str, public: bool) -> String {
        self.make_room(mode, name, true, public).await
    }

    /// Makes a room that may be rated (no hints, no computer opponents;
    /// listed in the lobby if `public`) and sits in it.
    pub(crate) async fn make_rated(&mut self, mode: &str, name: &str, public: bool) -> String {
        self.make_room(mode, name, false, public).await
    }

    /// Makes a room, its extra cards dealt by themselves, and sits in it;
    /// a refusal fails the test with the server's reason.
    async fn make_room(&mut self, mode: &str, name: &str, hints: bool, public: bool) -> String {
        self.send(ClientMsg::Create {
            mode: mode.to_owned(),
            hints,
            name: name.to_owned(),
            public,
            bots: vec![],
            dealing: set_core::rules::variant::Dealing::Automatic,
        })
        .await;
        let created = self.first(|m| m["t"] == "created" || m["t"] == "error", "created").await;
        assert_eq!(created["t"], "created", "{created}");
        let room = created["room"].as_str().unwrap().to_owned();
        self.join(&room, None, 0).await;
        room
    }

    /// A new player, alone in a classic room it made and started: the
    /// player, the room, and the table's card ids.
    pub(crate) async fn alone_in_a_started_room(server: &Server) -> (Client, String, Vec<u8>) {
        let mut ann = Client::new(server, None).await;
        let room = ann.create("classic", "Ann").await;
        ann.send(ClientMsg::Start).await;
        let table = ids(&ann.expect("room").await["view"]["table"]);
        (ann, room, table)
    }

    pub(crate) async fn join(&mut self, room: &str, name: Option<&str>, since: u32) -> Value {
        self.send(ClientMsg::Join { room: room.to_owned(), name: name.map(str::to_owned), since: Some(since) }).await;
        self.expect("room").await
    }

    pub(crate) async fn claim(&mut self, cards: &[u8], seen: u64) -> u32 {
        self.next_id += 1;
        self.send(ClientMsg::Claim { id: self.next_id, cards: wide(cards), seen: seen as u32 }).await;
        self.next_id
    }

    /// Calls "no set" on the table after event `seen`; the call's id, for its answer.
    pub(crate) async fn call_no_set(&mut self, seen: u64) -> u32 {
        self.next_id += 1;
        self.send(ClientMsg::CallNoSet { id: self.next_id, seen: seen as u32 }).await;
        self.next_id
    }

    /// The answer to claim `id` (moves broadcast in between are skipped).
    /// The room as it is once the game is over.
    pub(crate) async fn first_room_over(&mut self) -> Value {
        self.first(|m| m["t"] == "room" && m["status"] == "over", "the end").await
    }

    /// The first `room` snapshot that matches.
    pub(crate) async fn first_room_with(&mut self, matches: impl Fn(&Value) -> bool) -> Value {
        self.first(|m| m["t"] == "room" && matches(m), "a room like that").await
    }

    /// The move numbered `seq`.
    pub(crate) async fn expect_move(&mut self, seq: u64) -> Value {
        self.first(|m| m["t"] == "move" && m["seq"] == seq, "a move").await
    }

    /// Claims a set of `table`, which must be accepted; the move it made.
    pub(crate) async fn play_a_set(&mut self, table: &[u8], seen: u64) -> Value {
        let id = self.claim(&a_set(table), seen).await;
        let answer = self.result(id).await;
        assert_eq!(answer["verdict"], "accepted", "{answer}");
        self.expect_move(answer["seq"].as_u64().unwrap()).await
    }

    pub(crate) async fn result(&mut self, id: u32) -> Value {
        self.first(|m| (m["t"] == "result" || m["t"] == "error") && m["id"] == id, "a claim's answer").await
    }
}

/// Ben sits at `room` (made by `ann`, who sits in it) and Ann starts the
/// game: Ben, and the room as Ann is told it once it is playing (Ben has
/// been told it too).
pub(crate) async fn ben_sits_and_ann_starts(server: &Server, ann: &mut Client, room: &str) -> (Client, Value) {
    let mut ben = Client::new(server, None).await;
    ben.join(room, Some("Ben"), 0).await;
    ann.send(ClientMsg::Start).await;
    let start = ann.first_room_with(|r| r["status"] == "playing").await;
    ben.first_room_with(|r| r["status"] == "playing").await;
    (ben, start)
}

/// Takes sets as `client` from `table` (as of event `seq`), one every
/// `gap_ms` (a connection claims 8 a second at most), until the game is
/// over; the room then.
pub(crate) async fn solve(client: &mut Client, mut table: Vec<u8>, mut seq: u64, gap_ms: u64) -> Value {
    loop {
        tokio::time::sleep(Duration::from_millis(gap_ms)).await;
        let moved = client.play_a_set(&table, seq).await;
        seq = moved["seq"].as_u64().unwrap();
        table = ids(&moved["view"]["table"]);
        if moved["view"]["over"] == true {
            return client.first_room_over().await;
        }
    }
}

/// Runs the operator's command on `scratch`'s database, as a process:
/// `set-server admin --db <db> <args…>`; what it printed, or panics with why.
pub(crate) fn admin(scratch: &Scratch, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_set-server"))
        .arg("admin")
        .arg("--db")
        .arg(scratch.db())
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "admin {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Two players take turns finding a set from `table` (as of event `seq`)
/// until the game is over: the room as it is then, and the last event's number.
pub(crate) async fn play_to_the_end(players: [&mut Client; 2], table: &[u8], seq: u64) -> (Value, u64) {
    let (mut table, mut seq, mut turn) = (table.to_vec(), seq, 0);
    let [first, second] = players;
    loop {
        let player = if turn % 2 == 0 { &mut *first } else { &mut *second };
        turn += 1;
        let moved = player.play_a_set(&table, seq).await;
        seq = moved["seq"].as_u64().unwrap();
        table = ids(&moved["view"]["table"]);
        if moved["view"]["over"] == true {
            return (player.first_room_over().await, seq);
        }
    }
}

/// The card ids of a value's array.
pub(crate) fn ids(value: &Value) -> Vec<u8> {
    value.as_array().unwrap().iter().map(|v| v.as_u64().unwrap() as u8).collect()
}

/// Card ids as a claim carries them.
pub(crate) fn wide(cards: &[u8]) -> Vec<i64> {
    cards.iter().map(|&id| i64::from(id)).collect()
}

/// A set among a table of card ids, found with the core's finder.
pub(crate) fn a_set(table: &[u8]) -> Vec<u8> {
    sets_of(table).into_iter().next().expect("a set on the table")
}

/// Every set among a table of card ids, found with the core's finder.
pub(crate) fn sets_of(table: &[u8]) -> Vec<Vec<u8>> {
    use set_core::rules::card::Card;
    let cards: Vec<Card> = table.iter().map(|&id| Card::new(i64::from(id)).unwrap()).collect();
    let sets = set_core::rules::finder::find_sets(&cards).unwrap();
    sets.iter().map(|s| s.iter().map(|&i| table[i]).collect()).collect()
}

/// Three cards of a table that are not a set.
pub(crate) fn a_non_set(table: &[u8]) -> Vec<u8> {
    use set_core::rules::card::{Card, is_set};
    let card = |id: u8| Card::new(i64::from(id)).unwrap();
    for a in 0..table.len() {
        for b in a + 1..table.len() {
            for c in b + 1..table.len() {
                if !is_set(card(table[a]), card(table[b]), card(table[c])) {
                    return vec![table[a], table[b], table[c]];
                }
            }
        }
    }
    unreachable!()
}

/// A fresh database on the Postgres server `SET_TEST_POSTGRES` names (its
/// `postgres` database's URL; scripts/test.sh starts one); none without it,
/// unless `SET_TEST_REQUIRE_POSTGRES` says the tests must run on Postgres.
pub(crate) struct PostgresDatabase {
    pub url: String,
    admin: String,
    name: String,
}

impl PostgresDatabase {
    pub(crate) async fn new(test: &str) -> Option<PostgresDatabase> {
        let Ok(admin) = std::env::var("SET_TEST_POSTGRES") else {
            assert!(
                std::env::var_os("SET_TEST_REQUIRE_POSTGRES").is_none(),
                "SET_TEST_POSTGRES is not set, and the tests must run on Postgres too"
            );
            eprintln!("SET_TEST_POSTGRES is not set: {test} runs on SQLite only");
            return None;
        };
        sqlx::any::install_default_drivers();
        let name = format!("set_{}", unique(test)).replace('-', "_");
        let pool = sqlx::AnyPool::connect(&admin).await.unwrap();
        for statement in [format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"), format!("CREATE DATABASE {name}")] {
            sqlx::query(sqlx::AssertSqlSafe(statement)).execute(&pool).await.unwrap();
        }
        pool.close().await;
        let url = format!("{}/{name}", admin.rsplit_once('/').unwrap().0);
        Some(PostgresDatabase { url, admin, name })
    }

    pub(crate) async fn remove(self) {
        let pool = sqlx::AnyPool::connect(&self.admin).await.unwrap();
        let drop = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        sqlx::query(sqlx::AssertSqlSafe(drop)).execute(&pool).await.unwrap();
    }
}
