//! The mix (`--attack mix`): clients that do not play, each growing a
//! resource the server bounds (docs/operating.md, "Limits"):
//! - silent sockets: up to N WebSockets that never say hello, each opened
//!   again as soon as the server closes it (the total cap refuses the rest);
//! - a join flood: connections that join rooms that do not exist at a hundred
//!   times the allowed rate, and come back at once when they are cut off;
//! - a ping fan-out: a seated player pinging with a new round trip each
//!   time, in a room with more watchers than the server lets in;
//! - a reader that stops: a watcher of that room with a small receive
//!   window, asking for the room again and again and reading nothing.

use super::peer::Count;
use crate::socket::{Socket, open};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use set_protocol::{ClientMsg, ErrorCode, ServerMsg};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Connections that flood joins of rooms that do not exist.
const FLOODERS: usize = 4;
/// The flood's pace per connection: a hundred times the frames a second the
/// server lets a connection send. Faster only burns the machine's own CPU
/// (the mix shares its cores with the server and the players it measures):
/// the server reads a cut-off connection's frames no further.
const FLOOD_PACE: Duration = Duration::from_millis(1);
/// Watchers that try to sit in the fan-out room: more than the server's
/// default cap, so that some are refused.
const WATCHERS: usize = 60;
/// The stopped reader's receive window, so that the server's sends back up
/// into its outbox instead of the kernel's buffers.
const SMALL_WINDOW: u32 = 4096;

/// What the mix managed, counted as it went.
#[derive(Default)]
struct Tally {
    silent_opened: Count,
    refused: Count,
    flood_frames: Count,
    flood_cut: Count,
    watchers_seated: Count,
    watchers_refused: Count,
    fanout_frames: Count,
    host_pings: Count,
    reader_joins: Count,
    reader_cut_after_ms: Count,
}

impl Tally {
    /// The report's figures, for the BENCH line and the summary.
    fn report(&self) -> Value {
        let get = Count::get;
        let cut = get(&self.reader_cut_after_ms);
        json!({
            "silent_sockets_opened": get(&self.silent_opened),
            "connections_refused": get(&self.refused),
            "join_flood_frames": get(&self.flood_frames),
            "join_flood_cut_off": get(&self.flood_cut),
            "watchers_seated": get(&self.watchers_seated),
            "watchers_refused": get(&self.watchers_refused),
            "host_pings": get(&self.host_pings),
            "fan_out_frames_received": get(&self.fanout_frames),
            "stopped_reader_joins_sent": get(&self.reader_joins),
            "stopped_reader_cut_off_after_ms": if cut == 0 { Value::Null } else { json!(cut) },
        })
    }
}

async fn say(ws: &mut Socket, message: ClientMsg) -> Result<(), String> {
    ws.send(Message::text(message.to_text())).await.map_err(|e| e.to_string())
}

/// The next frame the server sends, read as the protocol's; None once closed.
async fn next(ws: &mut Socket) -> Option<ServerMsg> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(text)) => return serde_json::from_str(&text).ok(),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

/// Opens a socket, counting a refusal; waits a little after one.
async fn open_or_count(addr: &str, window: Option<u32>, tally: &Tally) -> Option<Socket> {
    if let Ok(ws) = open(addr, None, None, window).await {
        Some(ws)
    } else {
        tally.refused.add(1);
        tokio::time::sleep(Duration::from_millis(100)).await;
        None
    }
}

/// A socket that never speaks, opened again whenever the server closes it.
async fn silent(addr: String, tally: Arc<Tally>) {
    loop {
        let Some(mut ws) = open_or_count(&addr, None, &tally).await else { continue };
        tally.silent_opened.add(1);
        while ws.next().await.is_some_and(|frame| frame.is_ok()) {}
    }
}

/// Joins of rooms that do not exist, as fast as the socket takes them.
async fn flood(addr: String, index: usize, tally: Arc<Tally>) {
    let mut n = 0u64;
    loop {
        let Some(mut ws) = open_or_count(&addr, None, &tally).await else { continue };
        if say(&mut ws, ClientMsg::Hello { v: set_protocol::VERSION, token: None }).await.is_err() {
            continue;
        }
        let (mut tx, mut rx) = ws.split();
        let draining = tokio::spawn(async move { while rx.next().await.is_some_and(|f| f.is_ok()) {} });
        loop {
            n += 1;
            let room = format!("{:010x}", (index as u64) << 36 | n);
            let join = ClientMsg::Join { room, name: None, since: None };
            if tx.send(Message::text(join.to_text())).await.is_err() || draining.is_finished() {
                break;
            }
            tally.flood_frames.add(1);
            tokio::time::sleep(FLOOD_PACE).await;
        }
        draining.abort();
        tally.flood_cut.add(1);
    }
}

/// A watcher of `room`, reading everything it is sent.
async fn watcher(addr: String, room: String, tally: Arc<Tally>) {
    loop {
        let Some(mut ws) = open_or_count(&addr, None, &tally).await else { continue };
        let hello = say(&mut ws, ClientMsg::Hello { v: set_protocol::VERSION, token: None }).await;
        let join = say(&mut ws, ClientMsg::Join { room: room.clone(), name: None, since: None }).await;
        if hello.is_err() || join.is_err() {
            continue;
        }
        while let Some(message) = next(&mut ws).await {
            match message {
                ServerMsg::Room(_) => {
                    tally.watchers_seated.add(1);
                }
                ServerMsg::Error { code: ErrorCode::RoomFull, .. } => {
                    tally.watchers_refused.add(1);
                    // Refused: stay away, as a page would after being told.
                    std::future::pending::<()>().await;
                }
                _ => {
                    tally.fanout_frames.add(1);
                }
            }
        }
    }
}

/// The fan-out room's host: seated, pinging with a new round trip each
/// time; answers its own frames' reads so that it is no slow reader.
async fn host(ws: Socket, tally: Arc<Tally>) {
    let (mut tx, mut rx) = ws.split();
    let draining = tokio::spawn(async move { while rx.next().await.is_some_and(|f| f.is_ok()) {} });
    let mut rtt = 0u32;
    while !draining.is_finished() {
        rtt = (rtt + 1) % 1000;
        let ping = ClientMsg::Ping { c: f64::from(rtt), rtt: Some(rtt) };
        if tx.send(Message::text(ping.to_text())).await.is_err() {
            break;
        }
        tally.host_pings.add(1);
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

/// A watcher whose window is small and who never reads, asking for the room.
async fn stopped_reader(addr: String, room: String, tally: Arc<Tally>) {
    let started = Instant::now();
    let Some(mut ws) = open_or_count(&addr, Some(SMALL_WINDOW), &tally).await else { return };
    if say(&mut ws, ClientMsg::Hello { v: set_protocol::VERSION, token: None }).await.is_err() {
        return;
    }
    loop {
        let join = ClientMsg::Join { room: room.clone(), name: None, since: Some(0) };
        if say(&mut ws, join).await.is_err() {
            let ms = started.elapsed().as_millis().max(1) as u64;
            tally.reader_cut_after_ms.max(ms);
            return;
        }
        tally.reader_joins.add(1);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A seated host in a room of its own, to fan out from.
async fn fan_out_room(addr: &str) -> Result<(Socket, String), String> {
    let mut ws = open(addr, None, None, None).await?;
    say(&mut ws, ClientMsg::Hello { v: set_protocol::VERSION, token: None }).await?;
    say(
        &mut ws,
        ClientMsg::Create {
            mode: "classic".into(),
            hints: false,
            name: "Host".into(),
            public: false,
            bots: vec![],
            dealing: set_core::rules::variant::Dealing::Automatic,
        },
    )
    .await?;
    loop {
        match next(&mut ws).await.ok_or("closed before the room was made")? {
            ServerMsg::Created { room } => {
                say(&mut ws, ClientMsg::Join { room: room.clone(), name: None, since: None }).await?;
                return Ok((ws, room));
            }
            ServerMsg::Error { message, .. } => return Err(message),
            _ => {}
        }
    }
}

/// The whole mix, from now to `deadline`: every task it spawned ends
/// there, and so does every socket.
pub(crate) async fn run(addr: String, silent_sockets: usize, deadline: Instant) -> Result<Value, String> {
    let tally = Arc::new(Tally::default());
    let mut tasks = Vec::new();
    let (host_socket, room) = fan_out_room(&addr).await?;
    tasks.push(tokio::spawn(host(host_socket, tally.clone())));
    for _ in 0..WATCHERS {
        tasks.push(tokio::spawn(watcher(addr.clone(), room.clone(), tally.clone())));
    }
    tasks.push(tokio::spawn(stopped_reader(addr.clone(), room, tally.clone())));
    for index in 0..FLOODERS {
        tasks.push(tokio::spawn(flood(addr.clone(), index, tally.clone())));
    }
    for _ in 0..silent_sockets {
        tasks.push(tokio::spawn(silent(addr.clone(), tally.clone())));
    }
    super::until(deadline, tasks).await;
    Ok(tally.report())
}
