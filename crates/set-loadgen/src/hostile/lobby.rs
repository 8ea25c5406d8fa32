//! Attacks on the lobby, each before [`WATCHERS`] watchers of the lobby
//! (from addresses of their own) who count what reaches them, reopen when
//! closed as the page does, and keep the largest frame they were sent:
//! - `lobby-fill`: [`FILLERS`] addresses making public rooms whose host
//!   and a puppet that sits and leaves have names of twenty four-byte
//!   characters (once, one snapshot outgrew the outbox and every new
//!   watcher was closed before it saw the lobby);
//! - `lobby-chat`: one identity over [`CHAT_SOCKETS`] sockets saying lines
//!   as fast as it can (once, the limit was per socket);
//! - `rewatch`: [`REWATCHERS`] players giving a name and another, twice a
//!   second each (once, each sent the whole people list to every watcher).

use super::peer::{Count, Frame, Peer, machine};
use serde_json::{Value, json};
use set_protocol::{ClientMsg, ErrorCode, ServerMsg};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Watchers of the lobby that count what reaches them.
const WATCHERS: usize = 100;
/// Addresses making public rooms, and the sockets each opens.
const FILLERS: usize = 34;
const SOCKETS_PER_FILLER: usize = 10;
/// Sockets of the one identity that chats.
const CHAT_SOCKETS: usize = 20;
/// Players who give names again and again.
const REWATCHERS: usize = 20;
/// The machines each part of an attack comes from (offsets into 127.66.x.y).
const WATCHER_MACHINES: usize = 1000;
const FILLER_MACHINES: usize = 100;
const CHATTER_MACHINE: usize = 200;
const REWATCHER_MACHINES: usize = 300;

/// What the watchers received.
#[derive(Default)]
struct Seen {
    frames: Count,
    bytes: Count,
    largest: Count,
    chat_lines: Count,
    closed_full: Count,
    closed: Count,
}

impl Seen {
    fn report(&self, seconds: f64) -> Value {
        let per_watcher_second = |n: u64| (n as f64 / WATCHERS as f64 / seconds * 10.0).round() / 10.0;
        json!({
            "watchers": WATCHERS,
            "frames_per_watcher_second": per_watcher_second(self.frames.get()),
            "bytes_per_watcher_second": per_watcher_second(self.bytes.get()),
            "largest_frame_bytes": self.largest.get(),
            "chat_lines_per_watcher_second": per_watcher_second(self.chat_lines.get()),
            "watchers_closed_outbox_full": self.closed_full.get(),
            "watchers_closed": self.closed.get(),
        })
    }
}

/// The close code of a connection whose outbox overflowed.
const OUTBOX_FULL: u16 = 4008;

/// A watcher of the lobby, counting into `seen`, reopened when closed.
async fn watcher(addr: String, n: usize, seen: Arc<Seen>) {
    loop {
        let Ok(mut peer) = Peer::hello(&addr, machine(WATCHER_MACHINES + n), None).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        if peer.say(ClientMsg::Lobby { name: None }).await.is_err() {
            continue;
        }
        loop {
            match peer.frame().await {
                Frame::Msg(message, bytes) => {
                    seen.frames.add(1);
                    seen.bytes.add(bytes as u64);
                    seen.largest.max(bytes as u64);
                    if let ServerMsg::LobbyChanges { chat, .. } = message {
                        seen.chat_lines.add(chat.len() as u64);
                    }
                }
                Frame::Closed(code) => {
                    seen.closed.add(1);
                    seen.closed_full.add(u64::from(code == Some(OUTBOX_FULL)));
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    break;
                }
            }
        }
    }
}

/// Watchers in place, then `attackers`, until `deadline`: the watchers'
/// report beside `tally`'s.
async fn before_watchers(
    addr: &str,
    deadline: Instant,
    attackers: Vec<tokio::task::JoinHandle<()>>,
    tally: impl FnOnce() -> Value,
) -> Value {
    let seen = Arc::new(Seen::default());
    let mut tasks: Vec<_> = (0..WATCHERS).map(|n| tokio::spawn(watcher(addr.to_owned(), n, seen.clone()))).collect();
    let started = Instant::now();
    tasks.extend(attackers);
    super::until(deadline, tasks).await;
    json!({ "attack": tally(), "watchers": seen.report(started.elapsed().as_secs_f64()) })
}

/// A name of twenty four-byte characters, unlike every other (`n`'s).
fn long_name(n: usize) -> String {
    (0..20).filter_map(|i| char::from_u32(0x2_0000 + (n * 20 + i) as u32)).collect()
}

/// What the fillers managed.
#[derive(Default)]
struct Filled {
    rooms: Count,
    refused: Count,
}

/// One filler socket: makes a public room under a long name, sits, has a
/// puppet sit and leave, and again, waiting a second after each refusal.
async fn filler(addr: String, machine_n: usize, socket: usize, filled: Arc<Filled>) {
    let from = machine(FILLER_MACHINES + machine_n);
    let mut made = 0;
    loop {
        let Ok(mut host) = Peer::hello(&addr, from, None).await else {
            filled.refused.add(1);
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        loop {
            made += 1;
            let n = ((machine_n * SOCKETS_PER_FILLER + socket) * 1000 + made) * 2;
            let create = ClientMsg::Create {
                mode: "classic".into(),
                hints: false,
                name: long_name(n),
                public: true,
                bots: Vec::new(),
                dealing: set_core::rules::variant::Dealing::Automatic,
            };
            if host.say(create).await.is_err() {
                break;
            }
            let made = host.answer(|m| match m {
                ServerMsg::Created { room } => Some(room),
                _ => None,
            });
            let Ok(room) = made.await else {
                filled.refused.add(1);
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            };
            let _ = host.say(ClientMsg::Join { room: room.clone(), name: None, since: None }).await;
            if let Ok(mut puppet) = Peer::hello(&addr, from, None).await {
                let _ = puppet.say(ClientMsg::Join { room, name: Some(long_name(n + 1)), since: None }).await;
                let _ = puppet.answer(|m| matches!(m, ServerMsg::Room(_)).then_some(())).await;
            }
            filled.rooms.add(1);
        }
    }
}

/// `lobby-fill`.
pub(super) async fn fill(addr: String, deadline: Instant) -> Result<Value, String> {
    let filled = Arc::new(Filled::default());
    let attackers = (0..FILLERS)
        .flat_map(|m| (0..SOCKETS_PER_FILLER).map(move |s| (m, s)))
        .map(|(m, s)| tokio::spawn(filler(addr.clone(), m, s, filled.clone())))
        .collect();
    let tally = || json!({ "public_rooms_made": filled.rooms.get(), "refused": filled.refused.get() });
    Ok(before_watchers(&addr, deadline, attackers, tally).await)
}

/// `lobby-chat`: one identity, [`CHAT_SOCKETS`] sockets watching the
/// lobby under one name, each saying a line every few milliseconds.
pub(super) async fn chat(addr: String, deadline: Instant) -> Result<Value, String> {
    let first = Peer::hello(&addr, machine(CHATTER_MACHINE), None).await?;
    let token = first.token.clone();
    drop(first);
    let (sent, throttled) = (Arc::new(Count::default()), Arc::new(Count::default()));
    let attackers = (0..CHAT_SOCKETS)
        .map(|s| {
            let (addr, token, sent, throttled) = (addr.clone(), token.clone(), sent.clone(), throttled.clone());
            tokio::spawn(async move {
                let Ok(mut peer) = Peer::hello(&addr, machine(CHATTER_MACHINE), Some(&token)).await else { return };
                if peer.say(ClientMsg::Lobby { name: Some("Chatter".into()) }).await.is_err() {
                    return;
                }
                for line in 1u64.. {
                    if peer.say(ClientMsg::Chat { text: format!("socket {s} line {line}") }).await.is_err() {
                        return;
                    }
                    sent.add(1);
                    // Read what came back without waiting for it.
                    while let Ok(frame) = tokio::time::timeout(Duration::from_millis(5), peer.frame()).await {
                        match frame {
                            Frame::Msg(ServerMsg::Error { code: ErrorCode::Throttled, .. }, _) => throttled.add(1),
                            Frame::Msg(_, _) => {}
                            Frame::Closed(_) => return,
                        }
                    }
                }
            })
        })
        .collect();
    let tally = || json!({ "lines_sent": sent.get(), "lines_throttled": throttled.get() });
    Ok(before_watchers(&addr, deadline, attackers, tally).await)
}

/// `rewatch`: [`REWATCHERS`] players, each giving the lobby one name and
/// then another, twice a second.
pub(super) async fn rewatch(addr: String, deadline: Instant) -> Result<Value, String> {
    let (given, refused) = (Arc::new(Count::default()), Arc::new(Count::default()));
    let attackers = (0..REWATCHERS)
        .map(|r| {
            let (addr, given, refused) = (addr.clone(), given.clone(), refused.clone());
            tokio::spawn(async move {
                let Ok(mut peer) = Peer::hello(&addr, machine(REWATCHER_MACHINES + r), None).await else { return };
                for turn in 0u64.. {
                    let name = format!("Re{r}{}", if turn % 2 == 0 { "a" } else { "b" });
                    if peer.say(ClientMsg::Lobby { name: Some(name) }).await.is_err() {
                        return;
                    }
                    given.add(1);
                    let pause = tokio::time::sleep(Duration::from_millis(500));
                    tokio::pin!(pause);
                    loop {
                        tokio::select! {
                            () = &mut pause => break,
                            frame = peer.frame() => match frame {
                                Frame::Msg(ServerMsg::Error { .. }, _) => refused.add(1),
                                Frame::Msg(_, _) => {}
                                Frame::Closed(_) => return,
                            },
                        }
                    }
                }
            })
        })
        .collect();
    let tally = || json!({ "names_given": given.get(), "refused": refused.get() });
    Ok(before_watchers(&addr, deadline, attackers, tally).await)
}
